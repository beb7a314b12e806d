"""The chat a table keeps (protocol: ``chat``'s ``n`` and ``earlier``, ``welcome``'s ``chat``):
a player who joins, or comes back after a drop, is sent what the players said before, their
latest ``CHAT_HISTORY`` lines in order and marked ``earlier``; an app that was there already
passes no line on twice; a table resumed from its save numbers its chat afresh, and so does a
table whose last player has left, which forgets what it kept. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
from typing import Any

from net.client import TableClient
from net.server import Server, TableConfig
from net.tablechat import CHAT_HISTORY
from net.tablestate import table_state

from .table_helpers import FAST, join, next_update, wait_until


async def _chats_until(c: TableClient, last: str, timeout: float = 5.0) -> list[dict[str, Any]]:
    """The players' chat lines ``c`` passes on (not the table's own), up to and with the one
    saying ``last``."""
    async def collect() -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        async for u in c.updates():
            if u["type"] == "chat" and not u.get("system"):
                lines.append(u)
                if u["text"] == last:
                    return lines
        raise AssertionError(f"stream ended before {last!r}")
    return await asyncio.wait_for(collect(), timeout)


async def test_a_player_who_joins_later_is_sent_the_latest_lines_in_order(server: Server) -> None:
    table = server.create_table(TableConfig(seats=3))
    ana = await join(server, "Ana", host_key=table.host_key, table=table.id)
    said = [f"line {i}" for i in range(CHAT_HISTORY + 5)]
    for text in said:
        await ana.chat(text)
    await _chats_until(ana, said[-1])
    bo = await join(server, "Bo", table=table.id)
    earlier = await _chats_until(bo, said[-1])
    assert [u["text"] for u in earlier] == said[-CHAT_HISTORY:]  # the latest, oldest first
    assert all(u["earlier"] is True and u["name"] == "Ana" and u["seat"] == 0 for u in earlier)
    await ana.chat("now")
    now = await next_update(bo, "chat")
    assert now["text"] == "now" and "earlier" not in now
    for c in (ana, bo):
        await c.close()


async def test_an_app_back_after_a_drop_passes_each_line_on_once(server: Server) -> None:
    table = server.create_table(TableConfig(seats=3))
    ana = await join(server, "Ana", host_key=table.host_key, table=table.id)
    bo = await join(server, "Bo", table=table.id)
    await ana.chat("before")
    assert [u["text"] for u in await _chats_until(bo, "before")] == ["before"]
    bo._wire.transport.abort()  # type: ignore[union-attr]  # the link drops without a goodbye
    await wait_until(lambda: table.seats[1].away, what="Bo away")
    await ana.chat("while you were away")
    await wait_until(lambda: bo.connected, what="Bo back")
    await ana.chat("after")
    lines = await _chats_until(bo, "after")
    assert [(u["text"], u.get("earlier", False)) for u in lines] == [("while you were away", True), ("after", False)]
    for c in (ana, bo):
        await c.close()


async def test_a_table_resumed_from_its_save_numbers_its_chat_afresh() -> None:
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(seats=3))
    ana = await join(srv, "Ana", host_key=table.host_key, table=table.id)
    bo = await join(srv, "Bo", table=table.id)
    srv2 = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    try:
        for text in ("one", "two", "three"):
            await ana.chat(text)
        await _chats_until(bo, "three")
        t2 = srv2.restore_table(table_state(table))
        assert t2.id == table.id and t2.chat_epoch != table.chat_epoch
        await srv2.start()
        t2.resume()
        ana.reconnect = False
        bo.port = srv2.port  # the host is back, as after a restart on the same port
        bo._wire.transport.abort()  # type: ignore[union-attr]  # as a host that stopped dead
        await wait_until(lambda: bo.connected and bo._wire is not None and t2.seats[1].conn is not None, timeout=10,
                         what="Bo at the resumed table")
        await bo.chat("again")  # the resumed table's first line: number 1 again
        assert [u["text"] for u in await _chats_until(bo, "again")] == ["again"]
    finally:
        for c in (ana, bo):
            await c.close()
        await srv.close()
        await srv2.close()


async def test_the_watchers_lines_and_a_kicked_players_are_not_kept(server: Server) -> None:
    """The players' lines are kept: a watcher's are not (the watchers at one address could
    otherwise push every player's line out), and a player the host kicks takes theirs along."""
    table = server.create_table(TableConfig(seats=3))
    ana = await join(server, "Ana", host_key=table.host_key, table=table.id)
    cy = await join(server, "Cy", table=table.id)
    eye = await join(server, "Eye", table=table.id, spectator=True)
    watched = []
    for who, text in ((ana, "welcome all"), (cy, "something rude"), (eye, "just watching"), (ana, "that will do")):
        await who.chat(text)  # each heard before the next is said: three connections, one order
        watched += await _chats_until(ana, text)
    assert [u.get("n") for u in watched] == [1, 2, None, 3]  # the watcher's line is not numbered
    await ana.kick(cy.seat)  # type: ignore[arg-type]
    await wait_until(lambda: table.seats[1].token is None, what="Cy sent away")
    bo = await join(server, "Bo", table=table.id)
    assert [u["text"] for u in await _chats_until(bo, "that will do")] == ["welcome all", "that will do"]
    for c in (ana, cy, eye, bo):
        await c.close()


async def _ana_and_bo_talk(srv: Server, hers: str, his: str) -> tuple[Any, TableClient, TableClient]:
    """A three-seat table where Ana (the host key's holder) and Bo sit and say a line each."""
    table = srv.create_table(TableConfig(seats=3))
    ana = await join(srv, "Ana", host_key=table.host_key, table=table.id)
    bo = await join(srv, "Bo", table=table.id)
    await ana.chat(hers)
    await bo.chat(his)
    await _chats_until(ana, his)
    return table, ana, bo


async def _said_afresh(srv: Server, table_id: str, name: str = "Cy") -> TableClient:
    """A newcomer who sits down and speaks: what the table kept would come before its own line."""
    c = await join(srv, name, table=table_id)
    assert c.seat is not None
    await c.chat("hi")
    lines = await _chats_until(c, "hi")
    assert [(u["text"], u["n"]) for u in lines] == [("hi", 1)]  # nothing earlier; counted afresh
    return c


async def test_once_every_player_has_left_a_newcomer_is_sent_nothing_earlier(server: Server) -> None:
    table, ana, bo = await _ana_and_bo_talk(server, "who is in for a late one", "not me")
    epoch = table.chat_epoch
    for c in (ana, bo):
        await c.close()
    await wait_until(lambda: all(s.token is None for s in table.seats), what="both seats open")
    assert table.chat_epoch != epoch
    cy = await _said_afresh(server, table.id)
    await cy.close()


async def test_a_watcher_who_stays_learns_the_new_numbering(server: Server) -> None:
    """Lines numbered afresh would read to a watcher's app as ones it has passed on already:
    it is told the new numbering, and passes the next group's lines on."""
    table = server.create_table(TableConfig(seats=3))
    eye = await join(server, "Eye", table=table.id, spectator=True)
    first = await next_update(eye, "welcome")
    ana = await join(server, "Ana", table=table.id)
    for text in ("one", "two"):
        await ana.chat(text)
    assert [u["n"] for u in await _chats_until(eye, "two")] == [1, 2]
    await ana.close()
    told = await next_update(eye, "welcome")
    assert told["seat"] is None and told["chat"] == table.chat_epoch != first["chat"]
    cy = await _said_afresh(server, table.id)
    assert [(u["text"], u["n"]) for u in await _chats_until(eye, "hi")] == [("hi", 1)]
    for c in (eye, cy):
        await c.close()


async def test_the_lines_are_kept_while_one_player_stays(server: Server) -> None:
    """One of two players leaves: the other heard it all and is still there, so a newcomer is
    sent the lines; once the last one goes too, the next newcomer is not."""
    table, ana, bo = await _ana_and_bo_talk(server, "good game", "off to bed")
    await bo.close()
    await wait_until(lambda: table.seats[1].token is None, what="Bo gone")
    cy = await join(server, "Cy", table=table.id)
    assert [u["text"] for u in await _chats_until(cy, "off to bed")] == ["good game", "off to bed"]
    for c in (ana, cy):
        await c.close()
    await wait_until(lambda: all(s.token is None for s in table.seats), what="every seat open")
    di = await _said_afresh(server, table.id, "Di")
    await di.close()


async def test_a_seat_held_for_a_dropped_player_keeps_the_lines_until_its_grace_ends() -> None:
    """The last one at the table left while Bo's link was down: the seat held for Bo keeps what
    was said meanwhile for Bo's return. Once Bo stays away past the grace period, it goes."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 2.0})  # type: ignore[arg-type]
    await srv.start()
    clients: list[TableClient] = []
    try:
        table = srv.create_table(TableConfig(seats=3))
        ana = await join(srv, "Ana", host_key=table.host_key, table=table.id)
        bo = await join(srv, "Bo", table=table.id)
        clients += [ana, bo]
        await ana.chat("before")
        await _chats_until(bo, "before")
        token = bo.token
        bo.reconnect = False  # it comes back below as the app would after a restart, with its token
        bo._wire.transport.abort()  # type: ignore[union-attr]  # the link drops without a goodbye
        await wait_until(lambda: table.seats[1].away, what="Bo away")
        await ana.chat("while you were away")
        await _chats_until(ana, "while you were away")
        await ana.close()
        await wait_until(lambda: table.seats[0].token is None, what="Ana gone")
        back = await join(srv, "Bo", table=table.id, token=token)
        clients.append(back)
        assert back.seat == 1
        lines = await _chats_until(back, "while you were away")
        assert [(u["text"], u["earlier"]) for u in lines] == [("before", True), ("while you were away", True)]
        back.reconnect = False
        back._wire.transport.abort()  # type: ignore[union-attr]  # and drops again, for good
        await wait_until(lambda: table.seats[1].token is None, timeout=10, what="Bo's grace over")
        clients.append(await _said_afresh(srv, table.id))
    finally:
        for c in clients:
            await c.close()
        await srv.close()
