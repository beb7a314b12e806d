"""Floods that are each within the per-connection limits but, from many connections or one after
another, would bury the players at a table in frames until the host dropped them as slow readers."""
from __future__ import annotations

import asyncio
import time
from typing import Any

from net.client import TableClient
from net.protocol import PROTOCOL_VERSION, FrameReader, decode_body, encode
from net.server import Server, TableConfig

from .table_helpers import join, server, wait_until  # noqa: F401 (a fixture)

CYCLES = 200  # joins and leaves of the churning peer


def hello(table: str, name: str = "Zed") -> bytes:
    return encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": name,
                   "table": table, "spectator": True})


def counting(c: TableClient) -> tuple[dict[str, int], "asyncio.Task[None]"]:
    """A task that counts the updates ``c`` gets, by type (``error`` by code too)."""
    counts: dict[str, int] = {}

    async def count() -> None:
        async for u in c.updates():
            counts[u["type"]] = counts.get(u["type"], 0) + 1
            if u["type"] == "error":
                counts["error " + u["code"]] = counts.get("error " + u["code"], 0) + 1
    return counts, asyncio.get_running_loop().create_task(count())


async def churn_once(srv: Server, table: str) -> None:
    """Connect, say hello as a spectator and bye, and wait for the host to close."""
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    w.write(hello(table) + encode({"type": "bye"}))
    try:
        while await asyncio.wait_for(r.read(65536), 5):
            pass
    finally:
        w.close()


async def test_a_peer_joining_and_leaving_over_and_over_sends_the_players_few_lobbies(server: Server) -> None:
    """Each join and each leave changes the lobby; the players get at most one lobby a
    ``lobby_every`` seconds, the latest, rather than one per change, and stay connected."""
    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id)
    counts, task = counting(ana)
    start = time.monotonic()
    for _ in range(CYCLES):
        await churn_once(server, table.id)
    took = time.monotonic() - start
    await wait_until(lambda: ana.lobby is not None and ana.lobby["spectators"] == 0
                     and table.lobby()["spectators"] == 0, what="the latest lobby, no one watching")
    await asyncio.sleep(server.lobby_every * 2)  # a lobby still held back would have gone by now
    lobbies = counts.get("lobby", 0)
    assert lobbies <= 2 + took / server.lobby_every, (lobbies, took)
    assert lobbies < CYCLES  # (one per join and one per leave: 2 * CYCLES)
    assert ana.connected and ana.lobby == table.lobby()
    task.cancel()
    await ana.close()


async def test_changes_within_the_interval_go_out_as_one_lobby_but_not_to_the_actor(server: Server) -> None:
    """Changes made within ``lobby_every`` of the last lobby reach the other players as one
    lobby, the latest; the player whose action it was gets it straight after its welcome, and
    a match's start goes out before its first view."""
    server.lobby_every = 3.0  # long enough that nothing below waits out the interval by chance
    table = server.create_table(TableConfig(name="t", seats=2))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    seen: list[tuple[str, Any]] = []

    async def keep() -> None:
        async for u in ana.updates():
            seen.append((u["type"], u["lobby"]["status"] if u["type"] == "lobby" else None))
    task = asyncio.get_running_loop().create_task(keep())
    bo = await join(server, "Bo", table=table.id)
    assert bo.lobby is not None and bo.lobby["seats"][1]["name"] == "Bo"
    await bo.ready(True)
    await wait_until(lambda: bo.lobby is not None and bo.lobby["seats"][1]["ready"], what="Bo's own ready")
    assert ana.lobby is not None and ana.lobby["seats"][1]["name"] is None, "held back for Ana"
    await wait_until(lambda: ana.lobby is not None and ana.lobby["seats"][1]["ready"], what="Ana told of both")
    assert [t for t, _ in seen] == ["welcome", "lobby", "lobby"]  # her own join's, then one for both
    await bo.ready(False)
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="Bo ready again")
    await ana.start()  # within the interval again: the match's lobby goes at once all the same
    await wait_until(lambda: any(t == "view" for t, _ in seen), what="the match's first view")
    assert ("lobby", "playing") in seen[:seen.index(("view", None))]
    task.cancel()
    await ana.close()
    await bo.close()
