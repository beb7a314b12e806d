"""The host's log of a table (a headless host's terminal): who sits down, watches, drops, comes
back, leaves or is sent away, when a match starts and who won it. Real server and clients on
127.0.0.1; the lines are read from the ``dealmein.net`` logger."""
from __future__ import annotations

import asyncio
import logging

import pytest

from net.server import Server, TableConfig

from .table_helpers import FAST, join, seated_table, wait_until


def notes(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "dealmein.net" and r.getMessage().startswith("table ")]


async def test_the_log_says_who_came_and_went_and_who_won(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="dealmein.net")
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 3.0, "start_delay": 0.0})  # type: ignore[arg-type]
    await srv.start()
    clients = []
    try:
        table = srv.create_table(TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=4,
                                             options={"chips": 1}))
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
        bo = await join(srv, "Bo\x1b[2J", table=table.id, reconnect=False)
        cy = await join(srv, "Cy", table=table.id, spectator=True, reconnect=False)
        clients += [ana, bo, cy]
        await cy.close()
        await wait_until(lambda: "table Ana's table: Cy stops watching" in notes(caplog), what="Cy's going")
        token = bo.token
        bo.drop_connection()  # no goodbye: the seat waits
        await wait_until(lambda: table.seats[1].conn is None, what="the drop")
        bo = await join(srv, "Bo", table=table.id, token=token, reconnect=False)
        clients.append(bo)
        await bo.ready(True)
        await ana.start()
        await wait_until(lambda: table.status == "playing", what="the start")
        await ana.close()  # a goodbye in a match: a bot plays the seat at once
        await bo.close()
        await wait_until(lambda: table.status == "finished", timeout=20, what="the bots to finish it")
        await wait_until(lambda: any("did not come back" in n for n in notes(caplog)), timeout=15, what="the grace")
        said = notes(caplog)
        over = [n for n in said if "the match is over" in n]
        assert over in (["table Ana's table: the match is over: Ana (seat 1) won"],
                        ["table Ana's table: the match is over: Bo[2J (seat 2) won"]), said
        for line in [
            "table Ana's table: Ana sits down in seat 1",
            "table Ana's table: Bo[2J sits down in seat 2",  # the name as the server cleaned it
            "table Ana's table: Cy watches",
            "table Ana's table: Cy stops watching",
            "table Ana's table: Bo[2J drops from seat 2: the seat is kept 3 s",
            "table Ana's table: Bo[2J is back in seat 2",
            "table Ana's table: the match starts: Ninety-Nine (standard), 1 Ana, 2 Bo[2J",
            "table Ana's table: Ana leaves seat 1: a bot plays it, the seat is kept 3 s",
        ]:
            assert line in said, (line, said)
        assert said.index("table Ana's table: the match starts: Ninety-Nine (standard), 1 Ana, 2 Bo[2J") \
            < said.index(over[0])
        assert not any("\x1b" in n for n in said)
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_a_win_by_a_seat_a_bot_kept_for_a_player_gone_is_the_bots(caplog: pytest.LogCaptureFixture) -> None:
    """A player away past the grace has a bot keep the seat for the rest of the match: the
    seat's win is not told as that player's ("Ana (seat 1) won"), who is no longer there."""
    caplog.set_level(logging.INFO, logger="dealmein.net")
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 0.2, "bot_delay": 0.05, "start_delay": 0.0})  # type: ignore[arg-type]
    await srv.start()
    clients = []
    try:
        table = srv.create_table(TableConfig(name="T", game="ninety-nine", seats=2, seed=4, options={"chips": 3}))
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
        bo = await join(srv, "Bo", table=table.id, reconnect=False)
        clients += [ana, bo]
        await bo.ready(True)
        await ana.start()
        await wait_until(lambda: table.status == "playing", what="the start")
        await ana.close()
        await bo.close()
        await wait_until(lambda: all(s.keeper for s in table.seats), timeout=10, what="the grace to pass")
        assert table.status == "playing"  # the bots are still at it: the seats' players are gone
        await wait_until(lambda: table.status == "finished", timeout=60, what="the bots to finish it")
        said = notes(caplog)
        over = [n for n in said if "the match is over" in n]
        assert over in (["table T: the match is over: a bot for Ana (seat 1) won"],
                        ["table T: the match is over: a bot for Bo (seat 2) won"]), said
        assert "table T: Ana did not come back: a bot keeps seat 1 for the rest of the match" in said
        assert said.index("table T: Ana did not come back: a bot keeps seat 1 for the rest of the match") \
            < said.index(over[0])
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_the_log_says_whom_the_host_sent_away(caplog: pytest.LogCaptureFixture, server: Server) -> None:
    caplog.set_level(logging.INFO, logger="dealmein.net")
    table = server.create_table(TableConfig(name="T", game="ninety-eight", seats=3))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
    bo = await join(server, "Bo", table=table.id, reconnect=False)
    try:
        await ana.kick(1)
        await wait_until(lambda: "table T: the host sends Bo away from seat 2" in notes(caplog), what="the kick")
        await wait_until(lambda: table.seats[1].token is None, what="the seat to open")
        await wait_until(lambda: not bo.connected, what="Bo's connection to close")
        await asyncio.sleep(0.2)
        assert [n for n in notes(caplog) if "Bo" in n] == ["table T: Bo sits down in seat 2",
                                                           "table T: the host sends Bo away from seat 2"]
    finally:
        await bo.close()
        await ana.close()


async def test_the_log_numbers_bots_of_one_level_as_the_lobby_does(caplog: pytest.LogCaptureFixture,
                                                                     server: Server) -> None:
    """Two normal bots: the log's "Normal bot" and "Normal bot 2" are the lobby's, not two alike."""
    caplog.set_level(logging.INFO, logger="dealmein.net")
    table, clients = await seated_table(server, TableConfig(name="T", game="ninety-eight", seats=3, seed=4),
                                        humans=1, bots={1: "normal", 2: "normal"})
    try:
        await clients[0].start()
        await wait_until(lambda: any("the match starts" in n for n in notes(caplog)), what="the start")
        assert "table T: the match starts: Ninety-Eight (standard), 1 P0, 2 Normal bot, 3 Normal bot 2" \
            in notes(caplog), notes(caplog)
    finally:
        for c in clients:
            await c.close()


async def test_the_log_says_who_takes_a_seat_from_watching_and_who_stands_up(caplog: pytest.LogCaptureFixture,
                                                                              server: Server) -> None:
    """A watcher who sits down in an open seat (``sit``), moves to another, and stands up again
    (``stand``): the host's log said none of it, and went from "seat 1 is open" to a match
    with them in it."""
    caplog.set_level(logging.INFO, logger="dealmein.net")
    table = server.create_table(TableConfig(name="T", game="ninety-eight", seats=3))
    bea = await join(server, "Bea", table=table.id, spectator=True, reconnect=False)
    try:
        await bea.sit(1)
        await wait_until(lambda: "table T: Bea sits down in seat 2" in notes(caplog), what="the sit")
        await bea.sit(2)
        await wait_until(lambda: "table T: Bea moves from seat 2 to seat 3" in notes(caplog), what="the move")
        await bea.stand()
        await wait_until(lambda: "table T: Bea stands up from seat 3 and watches" in notes(caplog), what="the stand")
    finally:
        await bea.close()


async def test_the_lobby_tells_a_player_who_left_the_match_from_one_who_dropped(server: Server) -> None:
    """docs/protocol.md, ``lobby`` ``standin``: a player who leaves a match in play (``bye``) has
    a bot play at once, and the lobby says so (one who drops is waited for, ``takeover``, and
    is not yet a stand-in): the apps tell the two apart ("leaves the match", "is away")."""
    table, (ana, bo, cy) = await seated_table(server, TableConfig(name="T", game="ninety-eight", seats=3, seed=4), 3)
    try:
        await bo.ready(True)
        await cy.ready(True)
        await wait_until(lambda: table.seats[1].ready and table.seats[2].ready, what="ready")
        await ana.start()
        await wait_until(lambda: table.status == "playing", what="the start")
        seat = lambda i: (ana.lobby or {}).get("seats", [{}] * 3)[i]  # noqa: E731
        assert seat(1).get("standin") is False
        await bo.close()  # a goodbye
        await wait_until(lambda: seat(1).get("connected") is False and seat(1).get("standin") is True,
                         what="Bo's seat played by a stand-in")
        assert seat(2).get("standin") is False  # still here
    finally:
        for c in (ana, bo, cy):
            await c.close()


def test_seats_are_named_in_a_sentence() -> None:
    """``dealmein replay`` and the host's log name several winners as a sentence does: "A (seat
    1), B (seat 2) and seat 3", not "A (seat 1) and B (seat 2) and seat 3"."""
    from net.seatnames import seats_named

    assert seats_named([0, 1, 2], ["Tess", "Easy bot", ""]) == "Tess (seat 1), Easy bot (seat 2) and seat 3"
    assert seats_named([1], ["Tess", "Easy bot"]) == "Easy bot (seat 2)"
    assert seats_named([], ["Tess"]) == ""


async def test_the_log_says_what_the_host_does_with_the_bots(caplog: pytest.LogCaptureFixture) -> None:
    """A headless host's terminal read who the host sent away, not the bots it added, changed
    or took away, though they change who plays."""
    caplog.set_level(logging.INFO, logger="dealmein.net")
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=3))
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
        try:
            await ana.add_bot(1, "normal")
            await ana.add_bot(1, "hard")
            await ana.add_bot(1, "hard")  # the same level again: nothing changes, nothing said
            await ana.remove_bot(1)
            await ana.add_bot(2, "easy")  # the last, so all before it are done once it is there
            await wait_until(lambda: table.seats[2].bot == "easy", what="the last bot")
            said = [n for n in notes(caplog) if "bot" in n]
            assert said == ["table t: the host puts a bot in seat 2 (normal)",
                            "table t: the host makes the bot in seat 2 hard",
                            "table t: the host takes the bot from seat 2",
                            "table t: the host puts a bot in seat 3 (easy)"], said
        finally:
            await ana.close()
    finally:
        await srv.close()
