"""A player steps away from a match in play (``away``, docs/protocol.md): a ``normal`` bot
plays their seat at once, the lobby and the chat say so, and saying they are back, or a move of
their own, gives them the seat again. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
import logging

import pytest
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from net.server import Server, TableConfig

from .table_helpers import FAST, chat_lines, collect, dealt, join, seated_table, wait_until


@asynccontextmanager
async def dealt_with_pausing_bots(config: TableConfig) -> AsyncIterator[tuple[Any, list[Any]]]:
    """Two players dealt a match of ``config`` at a host whose bots pause 1 s before they play
    (``bot_delay``): time for a player to move in that pause. (table, clients); closed after."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "bot_delay": 1.0})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, clients = await seated_table(srv, config, 2)
        try:
            await dealt(table, clients[0])
            yield table, clients
        finally:
            for c in clients:
                await c.close()
    finally:
        await srv.close()


async def test_a_bot_plays_at_once_for_a_player_who_steps_away_until_they_are_back(server: Server) -> None:
    table, clients = await seated_table(server, TableConfig(name="Brb", seats=2, seed=5), 2)  # no turn clock
    got: list[list[dict[str, Any]]] = [[], []]
    watches = [asyncio.get_running_loop().create_task(collect(c, g)) for c, g in zip(clients, got)]
    try:
        m = await dealt(table, clients[0])
        away = m.current_seat
        other = 1 - away
        version = m.version
        await clients[away].away(True)
        # no clock at this table: without the bot, the table would wait for good
        await wait_until(lambda: m.version > version, timeout=3, what="the bot's move for them")
        await wait_until(lambda: (clients[other].lobby or {})["seats"][away].get("stepped_away") is True,
                         what="the lobby marking the seat")
        await wait_until(lambda: f"P{away} is away: a bot plays for them until they are back." in chat_lines(got[other]),
                         what="the others told")
        assert "You are away: a bot plays your seat until you are back." in chat_lines(got[away])
        assert table.hand.told(None)[-1].get("bot") is True  # read back as the bot's move
        # their later turns are played too, as soon as they come
        for _ in range(3):
            await wait_until(lambda: m.current_seat == other or m.is_over, timeout=3, what="the other's turn")
            if m.is_over:
                break
            mine = m.version
            await wait_until(lambda: clients[other].view["version"] == mine, what="the other's view")
            await clients[other].act(clients[other].view["legal"][0], mine)
            # their move, then at once the bot's for the seat stepped away (unless a card skipped it)
            await wait_until(lambda: m.current_seat == other and m.version > mine or m.is_over,
                             timeout=3, what="the bot's next move for them")
        # each app is told which moves were the bot's (docs/protocol.md, ``view``'s ``bot``), so
        # that the player's own log reads "A bot for you plays", not "You play"
        for g in got:
            moved = [(u.get("bot"), e["seat"]) for u in g if u["type"] == "view"
                     for e in u["events"] if e.get("kind") in ("play", "draw", "pass")]
            assert (True, away) in moved and (None, other) in moved, moved
            assert all((bot is True) == (seat == away) for bot, seat in moved), moved
        if m.is_over:
            return
        await clients[away].away(False)
        await wait_until(lambda: (clients[other].lobby or {})["seats"][away].get("stepped_away") is False,
                         what="the lobby: back")
        await wait_until(lambda: f"P{away} is back." in chat_lines(got[other]), what="the others told")
        await wait_until(lambda: m.current_seat == away or m.current_seat == other, what="a turn")
        if m.current_seat == other:
            mine = m.version
            await wait_until(lambda: clients[other].view["version"] == mine, what="the other's view")
            await clients[other].act(clients[other].view["legal"][0], mine)
            await wait_until(lambda: m.version > mine, what="the other's move")
        if not m.is_over and m.current_seat == away:
            held = m.version
            await asyncio.sleep(1.0)
            assert m.version == held, "their turn is theirs again: no bot moves"
    finally:
        for w in watches:
            w.cancel()
        for c in clients:
            await c.close()


async def test_a_move_of_their_own_brings_them_back() -> None:
    """The bot pauses before it plays (``bot_delay``, 1 s here): the player who stepped away
    plays in that pause, and the seat is theirs again, the move read as theirs."""
    got: list[dict[str, Any]] = []
    async with dealt_with_pausing_bots(TableConfig(name="Back", seats=2, seed=5)) as (table, clients):
        m = table.match
        away = m.current_seat
        c = clients[away]
        watch = asyncio.get_running_loop().create_task(collect(clients[1 - away], got))
        await c.away(True)
        await wait_until(lambda: table.seats[away].stepped_away, what="the seat stepped away")
        version = m.version
        await wait_until(lambda: c.view is not None and c.view["version"] == version, what="the view")
        await c.act(c.view["legal"][0], version)
        await wait_until(lambda: m.version > version, what="their own move")
        assert not table.seats[away].stepped_away and table.lobby()["seats"][away]["stepped_away"] is False
        assert table.hand.told(None)[-1].get("bot") is None  # theirs, not the bot's
        await wait_until(lambda: f"P{away} is back." in chat_lines(got), what="the others told")
        watch.cancel()


async def test_stepping_away_takes_a_seat_and_a_match_in_play(server: Server) -> None:
    table, (ana, bo) = await seated_table(server, TableConfig(name="Lobby", seats=2, seed=5), 2)
    cy = await join(server, "Cy", table=table.id, spectator=True)
    got: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    watches = [asyncio.get_running_loop().create_task(collect(ana, got)),
               asyncio.get_running_loop().create_task(collect(cy, watched))]
    try:
        await ana.away(True)  # in the lobby: no match to step away from
        await wait_until(lambda: any(u["type"] == "error" and u["code"] == "not_playing" for u in got),
                         what="the refusal")
        assert not table.seats[0].stepped_away and ana.connected
        await dealt(table, ana)
        await cy.away(True)  # watching: no seat to leave to a bot
        await wait_until(lambda: any(u["type"] == "error" and u["code"] == "not_seated" for u in watched),
                         what="the watcher's refusal")
        assert not any(s.stepped_away for s in table.seats) and cy.connected
    finally:
        for w in watches:
            w.cancel()
        for c in (ana, bo, cy):
            await c.close()


async def test_an_illegal_move_is_refused_but_brings_them_back_and_their_clock_runs() -> None:
    """Bad input changes nothing in the match: the move is refused and the match is as it was;
    but the player is plainly back, so the bot stops and their turn clock (3 s here) runs."""
    got: list[dict[str, Any]] = []
    async with dealt_with_pausing_bots(TableConfig(name="Oops", seats=2, seed=5, turn_time=3)) as (table, clients):
        m = table.match
        away = m.current_seat
        c = clients[away]
        watch = asyncio.get_running_loop().create_task(collect(c, got))
        await c.away(True)
        await wait_until(lambda: table.seats[away].stepped_away, what="the seat stepped away")
        assert table._clock.key is None  # a bot plays the seat: no clock
        version, snapshot = m.version, m.snapshot()
        await c.act("not-a-move", version)
        await wait_until(lambda: any(u["type"] == "error" and u["code"] == "illegal" for u in got), what="the refusal")
        assert m.version == version and m.snapshot() == snapshot
        assert not table.seats[away].stepped_away
        assert table._clock.key == (away, version)
        await asyncio.sleep(1.3)  # past the bot's pause: it no longer plays the seat
        assert m.version == version
        watch.cancel()


async def test_a_resumed_table_keeps_who_stepped_away_and_who_was_idle() -> None:
    """A table's save (``net.tablestate``) keeps a player stepped away, and one out of time turn
    after turn (the short clock, docs/protocol.md "Turn clock"): after a crash and a resume the
    bot plays the first one's seat at once, without waiting for them to come back, and the
    second, back at the table, still has the short clock. An older save has neither."""
    from net.client import TableClient
    from net.table import AWAY_AFTER
    from net.tablestate import table_state

    async with dealt_with_pausing_bots(TableConfig(name="Crash", seats=2, seed=5, turn_time=30)) as (table, clients):
        m = table.match
        away = m.current_seat
        other = 1 - away
        await clients[away].away(True)
        await wait_until(lambda: table.seats[away].stepped_away, what="the seat stepped away")
        assert m.current_seat == away  # saved in the bot's 1 s pause: its move is still to come
        table.seats[other].missed = AWAY_AFTER  # as two turns in a row on the clock leave it
        state = table_state(table)
        token = clients[other].token
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        older = {**state, "seats": [{k: v for k, v in s.items() if k not in ("stepped_away", "missed")}
                                    for s in state["seats"]]}
        from net.tablestate import restore_table

        again = restore_table(srv, older)
        assert not any(s.stepped_away or s.missed for s in again.seats)
        restored = srv.restore_table(state)
        m2 = restored.match
        assert m2 is not None and restored.seats[away].stepped_away
        version = m2.version
        restored.resume()
        await wait_until(lambda: m2.version > version, timeout=3, what="the bot's move for the player stepped away")
        back = await TableClient.connect("127.0.0.1", srv.port, name="P", table=restored.id, token=token)
        try:
            assert back.seat == other
            assert m2.current_seat == other  # seed 5: the bot's move for them leaves the turn to the other
            await wait_until(lambda: restored._clock_limit() == srv.away_clock < 30, what="the short clock")
        finally:
            await back.close()
    finally:
        await srv.close()


@asynccontextmanager
async def stepped_away_at_a_short_grace(name: str) -> AsyncIterator[tuple[Any, Any, Any, Any]]:
    """A host holding a gone player's seat 0.3 s (``grace``), a two-seat match in play there,
    and Bo in it, stepped away: (the host, the table, Ana's client, Bo's); closed after."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 0.3, "takeover": 0.3})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, (ana, bo) = await seated_table(srv, TableConfig(name=name, seats=2, seed=5), 2)
        try:
            await dealt(table, ana)
            await bo.away(True)
            await wait_until(lambda: table.seats[bo.seat].stepped_away, what="Bo away")
            yield srv, table, ana, bo
        finally:
            await ana.close()
            await bo.close()
    finally:
        await srv.close()


async def test_a_player_stepped_away_keeps_the_seat_however_long_the_connection_is_down() -> None:
    """docs/protocol.md, "Stepping away": a player away whose connection drops (a laptop shut)
    keeps the seat past the grace (0.3 s here), the bot playing on, and joining again sits them
    back down; once the match is over the lobby's grace runs, and frees the seat of one still
    gone."""
    from net.client import TableClient

    async with stepped_away_at_a_short_grace("Nap") as (srv, table, ana, bo):
        seat, token = table.seats[bo.seat], bo.token
        bo.reconnect = False
        bo.drop_connection()
        await wait_until(lambda: seat.conn is None, what="the drop")
        await asyncio.sleep(0.8)  # well past the grace
        assert seat.token == token and not seat.keeper and seat.stepped_away
        back = await TableClient.connect("127.0.0.1", srv.port, name="P1", table=table.id, token=token)
        assert back.seat == seat.index and seat.conn is not None and seat.stepped_away
        back.reconnect = False
        back.drop_connection()
        await wait_until(lambda: seat.conn is None, what="the second drop")
        await ana.away(True)  # two bots play it out
        await wait_until(lambda: table.status == "finished", timeout=20, what="the match's end")
        assert seat.token == token  # still theirs as the match ends, then the lobby's grace
        await wait_until(lambda: seat.token is None, timeout=3, what="the seat freed")
        assert table.seats[ana.seat].token == ana.token
        await back.close()


async def test_a_player_away_who_quits_keeps_the_seat_to_the_end_of_the_match_too() -> None:
    """An app that says goodbye (Q, or an SSH session cut off, whose app is hung up on and
    quits): a player who stepped away keeps the seat past the grace all the same, the bot
    playing it, until the match ends."""
    from net.client import TableClient

    async with stepped_away_at_a_short_grace("Bye") as (srv, table, ana, bo):
        seat, token = table.seats[bo.seat], bo.token
        await bo.close()  # says goodbye
        await wait_until(lambda: seat.conn is None, what="Bo gone")
        await asyncio.sleep(0.8)  # well past the grace
        assert seat.token == token and not seat.keeper and seat.stepped_away
        back = await TableClient.connect("127.0.0.1", srv.port, name="P1", table=table.id, token=token)
        assert back.seat == seat.index
        await back.close()


async def test_the_bot_of_a_player_stepped_away_is_not_said_to_take_over_when_they_drop(
        caplog: pytest.LogCaptureFixture) -> None:
    """A player who stepped away, then dropped: the host's log said "a bot plays seat 2 until
    Bo returns" once the takeover's wait ran, of the bot that had played for them all along."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 30.0, "takeover": 0.2, "bot_delay": 0.6})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, (ana, bo) = await seated_table(srv, TableConfig(name="Nap", seats=2, seed=5), 2)
        try:
            await dealt(table, ana)
            await bo.away(True)
            await wait_until(lambda: table.seats[bo.seat].stepped_away, what="Bo away")
            seat = table.seats[bo.seat]
            bo.reconnect = False
            with caplog.at_level(logging.INFO, logger="dealmein.net"):
                bo.drop_connection()
                await wait_until(lambda: seat.conn is None, what="the drop")
                for _ in range(40):  # Ana plays her turns; the bot, slower than the takeover's wait, Bo's
                    m = table.match
                    if m is None or m.is_over:
                        break
                    if m.current_seat == ana.seat and ana.view and ana.view.get("version") == m.version:
                        await ana.act(ana.view["legal"][0])
                    await asyncio.sleep(0.1)
            notes = [r.getMessage() for r in caplog.records]
            assert any("drops from seat" in n for n in notes), notes
            assert not [n for n in notes if "returns" in n], notes
        finally:
            await ana.close()
            await bo.close()
    finally:
        await srv.close()


async def test_stepping_away_and_back_over_and_over_is_told_a_few_times_only(server: Server) -> None:
    """A player (or a script) toggling ``away`` within the message rate had every toggle told
    to everyone as a line from the table ("Bea is away: ...", "Bea is back.", 247 of them in
    10 s). The steps away are told at most ``MOST`` times a minute, each with its step back, so
    the last line said is still so; the lobby marks every step."""
    from net.awaylines import MOST

    table, clients = await seated_table(server, TableConfig(name="Brb", seats=2, seed=5), 2)
    got: list[dict[str, Any]] = []
    watch = asyncio.get_running_loop().create_task(collect(clients[1], got))
    try:
        await dealt(table, clients[0])
        for i in range(12):  # within the message rate: 12 toggles, 0.05 s apart
            await clients[0].away(i % 2 == 0)
            await asyncio.sleep(0.05)
        await wait_until(lambda: (clients[1].lobby or {})["seats"][0].get("stepped_away") is False,
                         what="the lobby: back")
        await asyncio.sleep(0.3)  # any line still to come
        lines = [line for line in chat_lines(got) if line.startswith("P0 ")]
        assert lines == ["P0 is away: a bot plays for them until they are back.", "P0 is back."] * MOST, lines
    finally:
        watch.cancel()


def test_steps_away_are_told_again_once_the_window_is_out_and_each_back_with_its_away() -> None:
    from net.awaylines import MOST, WINDOW, AwayLines

    now = [100.0]
    lines = AwayLines(clock=lambda: now[0])
    assert not lines.tell(0, False)  # back from an away never told: nothing to take back
    told = [lines.tell(0, i % 2 == 0) for i in range(4 * MOST)]
    assert told == [True, True] * MOST + [False, False] * MOST
    assert lines.tell(1, True)  # another seat's are its own
    now[0] += WINDOW
    assert lines.tell(0, True) and lines.tell(0, False)
