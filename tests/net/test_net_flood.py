"""Floods that are each within the per-connection limits but, from many connections or one after
another, would bury the players at a table in frames until the host dropped them as slow readers."""
from __future__ import annotations

import asyncio
import time
from typing import Any

from net.client import TableClient
from net.protocol import PROTOCOL_VERSION, FrameReader, decode_body, encode
from net.server import Server, TableConfig
from net.tablechat import WATCHER_CHAT_BURST, WATCHER_CHAT_RATE

from .table_helpers import join, wait_until

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


async def test_chat_amid_the_churn_brings_no_more_lobbies_than_its_lines(server: Server) -> None:
    """A chat line brings the lobby held back ahead of it (docs/protocol.md, Limits): with a
    peer joining and leaving over and over and a player talking all the while, the others get
    at most one lobby a ``lobby_every`` and one per line, never one per change."""
    # Bo's lines come as fast as the churn allows: on a quick machine faster than the
    # per-connection message limit (tested on its own), which would drop some of them
    server.rate, server.burst = 10_000.0, 10_000
    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    counts, task = counting(ana)
    start = time.monotonic()
    lines = 0
    for n in range(CYCLES):
        await churn_once(server, table.id)
        if n % 2 == 0:
            await bo.chat(f"line {n}")
            lines += 1
    took = time.monotonic() - start
    await wait_until(lambda: counts.get("chat", 0) >= lines, what="every line heard")  # (and the table's own)
    await wait_until(lambda: ana.lobby is not None and ana.lobby["spectators"] == 0, what="the latest lobby")
    await asyncio.sleep(server.lobby_every * 2)  # a lobby still held back would have gone by now
    lobbies = counts.get("lobby", 0)
    assert lobbies <= 2 + took / server.lobby_every + lines, (lobbies, took, lines)
    assert lobbies < 2 * CYCLES  # (one per join and one per leave)
    assert ana.connected and ana.lobby == table.lobby()
    task.cancel()
    await ana.close()
    await bo.close()


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


WATCHERS = 31  # one address's connections, each chatting within its own rate
LINES = 20  # chat lines each sends at once (within a connection's burst)


def read_into(r: asyncio.StreamReader, got: list[dict[str, Any]]) -> "asyncio.Task[None]":
    """A task that keeps every message the host sends in ``got`` until it closes."""
    reader = FrameReader()

    async def read_all() -> None:
        while data := await r.read(65536):
            got.extend(decode_body(b) for b in reader.feed(data))
    return asyncio.get_running_loop().create_task(read_all())


async def test_many_watchers_at_one_address_cannot_flood_the_players_chat(server: Server) -> None:
    """Watchers at one address share a few chat lines a second however many connections they
    hold: the rest are refused with ``rate`` to their sender alone, the seated players stay
    connected and hear few of them, and a seated player's own chat is not held back."""
    from net.budget import Budget

    # loopback's chat counted as any other address's (it counts connections apart), its
    # connections let in as loopback's are
    server.spared = lambda address: False
    server.per_address, server.connects = 0, Budget(rate=1000.0, burst=1000)
    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    heard: list[str] = []
    errors: list[dict[str, Any]] = []

    async def listen() -> None:
        async for u in ana.updates():
            if u["type"] == "chat" and not u.get("system"):
                heard.append(u["name"])
            elif u["type"] == "error":
                errors.append(u)
    task = asyncio.get_running_loop().create_task(listen())
    watchers: list[tuple[asyncio.StreamWriter, list[dict[str, Any]], "asyncio.Task[None]"]] = []
    start = time.monotonic()
    try:
        for i in range(WATCHERS):
            r, w = await asyncio.open_connection("127.0.0.1", server.port)
            got: list[dict[str, Any]] = []
            watchers.append((w, got, read_into(r, got)))
            w.write(hello(table.id, f"m{i}") + encode({"type": "chat", "text": "spam " * 50}) * LINES)
        for _ in range(LINES):
            await bo.chat("a word from a seat")

        def refused() -> int:
            return sum(1 for _, got, _ in watchers for m in got if m["type"] == "error" and m["code"] == "rate")
        def from_watchers() -> int:
            return len(heard) - heard.count("Bo")
        await wait_until(lambda: refused() + from_watchers() == WATCHERS * LINES and heard.count("Bo") == LINES,
                         what="every line heard or refused")
        took = time.monotonic() - start
        assert from_watchers() <= WATCHER_CHAT_BURST + took * WATCHER_CHAT_RATE + 1, (from_watchers(), took)
        assert errors == [] and ana.connected and bo.connected
        assert all(not t.done() for _, _, t in watchers), "refused, not closed"
    finally:
        for w, _, t in watchers:
            w.close()
            t.cancel()
        task.cancel()
        await ana.close()
        await bo.close()


async def test_on_loopback_one_chatty_watcher_leaves_the_others_their_chat(server: Server) -> None:
    """Every SSH guest comes from 127.0.0.1: there a watcher's chat is counted by its connection,
    so one who spends the budget is refused alone (told it is them), and another still speaks."""
    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id)
    heard: list[str] = []

    async def listen() -> None:
        async for u in ana.updates():
            if u["type"] == "chat" and not u.get("system"):
                heard.append(u["name"])
    task = asyncio.get_running_loop().create_task(listen())
    r, w = await asyncio.open_connection("127.0.0.1", server.port)
    got: list[dict[str, Any]] = []
    reading = read_into(r, got)
    quiet = await join(server, "Quiet", table=table.id, spectator=True)
    try:
        w.write(hello(table.id, "Loud") + encode({"type": "chat", "text": "spam"}) * (WATCHER_CHAT_BURST + 10))
        refusals = lambda: [m for m in got if m["type"] == "error" and m["code"] == "rate"]  # noqa: E731
        await wait_until(lambda: len(refusals()) >= 5, what="the loud watcher refused")
        assert "from you as a watcher" in refusals()[0]["message"]
        await quiet.chat("a word from the quiet one")
        await wait_until(lambda: "Quiet" in heard, what="the quiet watcher heard")
        assert heard.count("Loud") <= WATCHER_CHAT_BURST + 5 and ana.connected
    finally:
        w.close()
        reading.cancel()
        task.cancel()
        await quiet.close()
        await ana.close()


def test_a_budget_counts_each_address_apart_and_remembers_a_bounded_few() -> None:
    """One address spent out leaves another's budget whole; past ``keys`` addresses the one used
    longest ago is forgotten (its budget starts afresh), so a flood of addresses costs bounded memory."""
    from net.budget import Budget

    b = Budget(rate=0.0, burst=2, keys=2)
    assert [b.take("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert b.take("10.0.0.2")
    assert b.take("10.0.0.3") and len(b._left) == 2  # 10.0.0.1 forgotten
    assert b.take("10.0.0.1")


async def test_an_address_that_connects_over_and_over_is_slowed_to_the_connection_rate(server: Server) -> None:
    """Past a burst of ``PER_ADDRESS``, an address gets ``CONNECT_RATE`` new connections a
    second, the rest refused with ``rate`` before their hello; a player already seated stays.
    Loopback is spared by default (SSH guests), so this test counts it as any other address."""
    from net.server import CONNECT_RATE, PER_ADDRESS

    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id)
    server.spared = lambda address: False
    tries, refused = PER_ADDRESS + 30, 0
    start = time.monotonic()
    for _ in range(tries):
        r, w = await asyncio.open_connection("127.0.0.1", server.port)
        w.write(hello(table.id) + encode({"type": "bye"}))
        got: list[dict[str, Any]] = []
        await asyncio.wait_for(read_into(r, got), 5)
        w.close()
        refused += any(m["type"] == "error" and m["code"] == "rate" for m in got)
    took = time.monotonic() - start
    assert tries - refused <= PER_ADDRESS + took * CONNECT_RATE + 1, (tries - refused, took)
    assert refused > 0 and ana.connected
    await ana.close()


async def test_loopback_is_spared_the_connection_rate_by_default(server: Server) -> None:
    """SSH guests all come from 127.0.0.1: none of them is turned away for the others' connections."""
    from net.server import PER_ADDRESS

    table = server.create_table(TableConfig(name="t", seats=4))
    for _ in range(PER_ADDRESS + 30):
        await churn_once(server, table.id)
    ana = await join(server, "Ana", table=table.id)
    assert ana.connected
    await ana.close()


async def test_the_watchers_together_say_a_line_a_second_while_a_match_is_played(server: Server) -> None:
    """Each watcher within their own rate, eight on as many machines sent 24 lines a second into
    the log the players read their moves in: while a match is in play the watchers together say
    a line a second (bursts of a few), the rest refused to their senders; a player's own chat is
    not held back, nor the watchers' in the lobby."""
    from net.tablechat import PLAY_WATCHERS_BURST, PLAY_WATCHERS_RATE

    table = server.create_table(TableConfig(name="t", seats=2, seed=3))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    await ana.add_bot(1, "easy")
    watchers = [await join(server, f"W{i}", table=table.id, spectator=True) for i in range(3)]
    heard: list[str] = []
    refusals: list[str] = []

    async def listen(c: TableClient, into: list[str], errors: list[str]) -> None:
        async for u in c.updates():
            if u["type"] == "chat" and not u.get("system"):
                into.append(u["name"])
            elif u["type"] == "error" and u["code"] == "rate":
                errors.append(u["message"])
    tasks = [asyncio.get_running_loop().create_task(listen(ana, heard, []))]
    tasks += [asyncio.get_running_loop().create_task(listen(w, [], refusals)) for w in watchers]
    try:
        await ana.start()
        await wait_until(lambda: table.status == "playing", what="the match")
        start = time.monotonic()
        for _ in range(5):
            for w in watchers:
                await w.chat("look at that")
        await ana.chat("a word from a seat")
        await wait_until(lambda: len(heard) - heard.count("Ana") + len(refusals) == 15 and "Ana" in heard,
                         what="every watcher's line heard or refused")
        took = time.monotonic() - start
        said = len(heard) - heard.count("Ana")
        assert PLAY_WATCHERS_BURST <= said <= PLAY_WATCHERS_BURST + took * PLAY_WATCHERS_RATE + 1, (said, took)
        assert refusals and "while the match is played" in refusals[0]
        assert all(w.connected for w in watchers) and ana.connected
    finally:
        for t in tasks:
            t.cancel()
        for c in (ana, *watchers):
            await c.close()
