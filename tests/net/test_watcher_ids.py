"""Each watcher's number at its table (protocol: the lobby's ``watcher_ids``, a watcher's chat
line's ``watcher``): two watchers of one name get numbers apart, the lobby lists them with the
first come first, a line says whose it is, and a number is not given twice while the table
lives. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
from typing import Any

from net.client import TableClient
from net.server import Server, TableConfig
from net.watchers import WATCHERS_LISTED

from .table_helpers import host_sending, join, next_update, wait_until


def _listed(c: TableClient, count: int) -> bool:
    return c.lobby is not None and c.lobby["spectators"] == count


async def two_anas(server: Server) -> tuple[Any, TableClient, TableClient, TableClient]:
    """A table Bo hosts from a seat, and two watchers called Ana, both in Bo's lobby."""
    table = server.create_table(TableConfig(seats=3))
    bo = await join(server, "Bo", host_key=table.host_key, table=table.id)
    first = await join(server, "Ana", table=table.id, spectator=True)
    second = await join(server, "Ana", table=table.id, spectator=True)
    await wait_until(lambda: _listed(bo, 2), what="two watchers in Bo's lobby")
    return table, bo, first, second


async def test_two_watchers_of_one_name_are_numbered_apart_in_the_lobby_and_the_chat(server: Server) -> None:
    _table, bo, first, second = await two_anas(server)
    assert bo.lobby is not None
    assert bo.lobby["watchers"] == ["Ana", "Ana"]
    ids = bo.lobby["watcher_ids"]
    assert len(ids) == 2 and len(set(ids)) == 2 and all(isinstance(i, int) for i in ids)
    assert ids == sorted(ids)  # of one name, the first come first: "Ana" before "Ana 2"
    for c, text in ((first, "from the first"), (second, "from the second")):
        await c.chat(text)
    heard = [await next_update(bo, "chat", pred=lambda u: u["text"] == t) for t in ("from the first", "from the second")]
    assert [(u["name"], u["seat"], u["watcher"]) for u in heard] == [("Ana", None, ids[0]), ("Ana", None, ids[1])]
    await bo.chat("from the seat")
    said = await next_update(first, "chat", pred=lambda u: u["text"] == "from the seat")
    assert said["seat"] == 0 and "watcher" not in said  # a player's line goes by its seat
    for c in (bo, first, second):
        await c.close()


async def test_a_number_is_not_given_again_and_the_first_come_stays_first(server: Server) -> None:
    table, bo, first, second = await two_anas(server)
    assert bo.lobby is not None
    ids = list(bo.lobby["watcher_ids"])
    await first.close()
    await wait_until(lambda: _listed(bo, 1), what="the first Ana gone")
    third = await join(server, "Ana", table=table.id, spectator=True)
    await wait_until(lambda: _listed(bo, 2), what="a third Ana")
    now = bo.lobby["watcher_ids"]
    assert now[0] == ids[1]  # the second Ana, here before the third, is listed first now
    assert now[1] not in ids and now[1] > max(ids)
    await third.chat("hello")
    line = await next_update(bo, "chat", pred=lambda u: u["text"] == "hello")
    assert line["watcher"] == now[1]
    for c in (bo, second, third):
        await c.close()


async def test_the_ids_are_cut_with_the_names(server: Server) -> None:
    table = server.create_table(TableConfig(seats=2))
    bo = await join(server, "Bo", host_key=table.host_key, table=table.id)
    crowd = [await join(server, "Ana", table=table.id, spectator=True) for _ in range(WATCHERS_LISTED + 1)]
    try:
        await wait_until(lambda: _listed(bo, WATCHERS_LISTED + 1), what="every watcher counted")
        assert bo.lobby is not None
        lobby: dict[str, Any] = bo.lobby
        assert len(lobby["watchers"]) == len(lobby["watcher_ids"]) == WATCHERS_LISTED
        assert len(set(lobby["watcher_ids"])) == WATCHERS_LISTED
        await crowd[-1].chat("the last one")  # not listed: its line still has its number
        line = await next_update(bo, "chat", pred=lambda u: u["text"] == "the last one")
        assert isinstance(line["watcher"], int) and line["watcher"] not in lobby["watcher_ids"]
    finally:
        for c in (bo, *crowd):
            await c.close()


async def test_a_client_passes_on_bad_numbers_from_a_host_rather_than_hang_up() -> None:
    """The fields are the app's to weigh (it treats a bad one as absent): a host sending them
    wrong is not a reason for the connection to end."""
    frames: list[dict[str, Any]] = [
        {"type": "lobby", "lobby": {"table": "t", "spectators": 1, "watchers": ["Ana"], "watcher_ids": ["x", True]}},
        {"type": "chat", "name": "Ana", "seat": None, "text": "one", "watcher": True},
        {"type": "chat", "name": "Ana", "seat": None, "text": "two", "watcher": "2"},
    ]
    srv, port, _ = await host_sending(frames)
    c = await TableClient.connect("127.0.0.1", port, name="A", timeout=5, reconnect=False)
    try:
        await next_update(c, "chat", pred=lambda u: u["text"] == "two")
        assert c.connected
        assert c.lobby is not None and c.lobby["watcher_ids"] == ["x", True]
    finally:
        await c.close()
        srv.close()
        await srv.wait_closed()


async def test_a_watchers_first_line_comes_after_the_lobby_that_numbers_it(server: Server) -> None:
    """The lobby goes out at most once a ``lobby_every``; a line from a watcher who came within
    it brings the lobby held back first, so the line's number is one the players' lobby lists
    (a watcher's first line used to read "Ana (watching)" where the lobby then said "Ana 2")."""
    server.lobby_every = 3.0  # long enough that nothing below waits out the interval by chance
    table = server.create_table(TableConfig(seats=3))
    bo = await join(server, "Bo", host_key=table.host_key, table=table.id)
    first = await join(server, "Ana", table=table.id, spectator=True)
    await wait_until(lambda: _listed(bo, 1), what="the first Ana in Bo's lobby")
    second = await join(server, "Ana", table=table.id, spectator=True)  # within the interval: held back
    assert bo.lobby is not None and bo.lobby["spectators"] == 1
    await second.chat("just came")
    seen: list[dict[str, Any]] = []

    async def to_the_line() -> None:
        async for u in bo.updates():
            seen.append(u)
            if u["type"] == "chat" and u.get("text") == "just came":
                return
    await asyncio.wait_for(to_the_line(), 5.0)
    lobbies = [u["lobby"] for u in seen if u["type"] == "lobby"]
    assert lobbies and lobbies[-1]["spectators"] == 2
    assert seen[-1]["watcher"] == lobbies[-1]["watcher_ids"][1]  # the lobby Bo holds names the line
    for c in (bo, first, second):
        await c.close()


async def test_two_zoes_typed_two_ways_are_one_name_at_the_table(server: Server) -> None:
    """"Zoë" from one keyboard (one letter) and from another (e, then a combining diaeresis)
    looked alike in every list and line, and the table, comparing the letters, numbered neither:
    the host makes them one name, so the second reads "Zoë 2" as a second Ana does."""
    from net.seatnames import numbered

    table = server.create_table(TableConfig(seats=3))
    one = await join(server, "Zo\u00eb", host_key=table.host_key, table=table.id)
    two = await join(server, "Zoe\u0308", table=table.id)
    await wait_until(lambda: one.lobby is not None and sum(bool(s.get("name")) for s in one.lobby["seats"]) == 2,
                     what="both Zoës seated")
    assert one.lobby is not None
    names = [s["name"] for s in one.lobby["seats"] if s.get("name")]
    assert names == ["Zo\u00eb", "Zo\u00eb"] and numbered(names) == ["Zo\u00eb", "Zo\u00eb 2"]
    for c in (one, two):
        await c.close()


async def test_the_welcome_gives_each_connection_its_number(server: Server) -> None:
    """A watcher finds itself among the lobby's watchers by the number its welcome gives
    (protocol ``welcome`` ``number``): of two watchers called Ana, each has its own, and a
    seated player has one too, outside the watchers' list."""
    _table, bo, first, second = await two_anas(server)
    assert bo.lobby is not None
    ids = bo.lobby["watcher_ids"]
    assert [first.number, second.number] == ids
    assert isinstance(bo.number, int) and bo.number not in ids
    for c in (bo, first, second):
        await c.close()
