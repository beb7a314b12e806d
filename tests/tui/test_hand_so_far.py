"""A guest whose connection drops mid-hand, or who quits and comes back, reads in the table's
log what was played meanwhile (docs/protocol.md, ``view`` ``earlier``): the moves the stand-in
bot made in their seat among them, not "earlier plays are not shown"."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from net.server import Server, TableConfig
from tests.net.table_helpers import FAST, ana_and_bo_dealt, join, moves_by, play_first_until
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, wait_for


@asynccontextmanager
async def _bo_dealt(config: TableConfig, **server: Any) -> AsyncIterator[tuple[Any, Any, Any, Any, TableScreen]]:
    """Bo (a real app) at a two-seat table of ``config`` on a host on 127.0.0.1 (the net tests'
    short times, ``server`` overriding them) with Ana (the test's client), dealt: (host, pilot,
    table, Ana, Bo's table screen); all closed at the end."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, **server})  # type: ignore[arg-type]
    await srv.start()
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = srv.create_table(config)
            ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await pilot.press("r")
            await wait_for(pilot, lambda: table.seats[1].ready)
            await ana.start()
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            await wait_for(pilot, lambda: app.session.view and app.session.view["version"] == table.match.version)
            yield srv, pilot, table, ana, screen
            await ana.close()
            await app.leave_table()
    finally:
        await srv.close()


@asynccontextmanager
async def _bo_dropped(config: TableConfig, takeover: float) -> AsyncIterator[tuple[Any, Any, Any, Any, TableScreen]]:
    """``_bo_dealt``, Bo's connection then dropped, and the host full a while so that he stays
    away till the test lets him back (``_let_back``); a stand-in moves for him after
    ``takeover`` seconds."""
    async with _bo_dealt(config, takeover=takeover, grace=60.0) as (srv, pilot, table, ana, screen):
        srv.max_connections = len(srv.connections) - 1
        pilot.app.session.client.drop_connection()
        await wait_for(pilot, lambda: table.seats[1].conn is None)
        yield srv, pilot, table, ana, screen


#: a seed whose first round costs Bo's seat chips (the test checks it does)
SEED_99 = 4


async def _let_back(srv: Server, pilot: Any, table: Any) -> None:
    """Bo's app gets back in (the host has room again) and holds the latest view."""
    app = pilot.app
    srv.max_connections = 1000
    await wait_for(pilot, lambda: app.session.client.connected
                   and app.session.view["version"] == table.match.version, timeout=15)


async def test_back_from_a_dropped_connection_the_log_tells_what_was_played_meanwhile() -> None:
    async with _bo_dropped(TableConfig(name="evening", game="crazy-eights", seats=2, seed=3), 0.1) as (
            srv, pilot, table, ana, screen):
        left_at = table.match.version
        await play_first_until(table, ana, 0, lambda: moves_by(table, 1, left_at) >= 1 and table.match.current_seat == 0)
        assert moves_by(table, 1, left_at) >= 1
        before = len(log_entries(screen))
        await _let_back(srv, pilot, table)
        away = "While you were away (a bot played for you):"  # the stand-in moved for Bo
        await wait_for(pilot, lambda: away in log_entries(screen)[before:])
        told = log_entries(screen)[before:]
        after = told[told.index(away) + 1:]
        # the stand-in's moves in his seat, said to be the bot's (the host marks them ``bot``)
        assert any(line.startswith("A bot for you ") for line in after), told
        assert not any(line.startswith("You play") for line in after), told  # (the deal is drawn as "You draw")
        assert "earlier plays are not shown" not in " ".join(told)


async def test_a_guest_who_comes_back_in_a_new_app_reads_the_hand_so_far() -> None:
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "takeover": 0.1, "grace": 60.0})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name="evening", game="crazy-eights", seats=2, seed=3))
        token = bo.token
        bo.drop_connection()
        # a few moves each, the stand-in playing Bo's
        await play_first_until(table, ana, 0, lambda: table.match.version >= 4)
        assert table.match.version >= 4 and not table.match.is_over
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            from tui.seatkeys import remember
            remember(f"127.0.0.1:{srv.port}", table.id, token)  # as Bo's app kept it when it quit
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            await wait_for(pilot, lambda: app.session.seat == 1)
            lines = log_entries(screen)
            assert "earlier plays are not shown" not in " ".join(lines), lines
            # the hand from its deal, in the order it was played
            assert any("deal" in line.lower() for line in lines[:3]), lines
            # the moves the stand-in made in his seat read as the bot's, not as his own
            assert any(line.startswith(("A bot for you plays", "A bot for you draws")) for line in lines), lines
            assert not any(line.startswith("You play") for line in lines), lines
            await app.leave_table()
        await ana.close()
    finally:
        await srv.close()


async def test_back_after_a_hand_ended_meanwhile_the_log_tells_how_it_ended() -> None:
    """The hand Bo dropped in ended while he was away and the next was dealt: his log tells how
    it ended (who lost it), then the new hand, not only the new hand's moves."""
    async with _bo_dropped(TableConfig(name="evening", game="ninety-eight", seats=2, seed=5), 0.05) as (
            srv, pilot, table, ana, screen):
        await play_first_until(table, ana, 0, lambda: table.match.hand_number >= 2, moves=600)
        assert table.match.hand_number >= 2 and not table.match.is_over
        before = len(log_entries(screen))
        lives_then = pilot.app.session.view["status"][1]["lives"]  # as Bo's app held it
        await _let_back(srv, pilot, table)
        await wait_for(pilot, lambda: any(line.startswith("While you were away") for line in log_entries(screen)[before:]))
        told = log_entries(screen)[before:]
        hand = table.match.hand_number
        # what the hand did to Bo's own lives, which only his seat's box showed
        lives_now = table.match.view(1)["status"][1]["lives"]
        standing = [line for line in told if line.startswith("You: ")]
        def lives(n: int) -> str:
            return f"{n} {'life' if n == 1 else 'lives'}"
        assert standing == ([f"You: {lives(lives_now)} ({lives(lives_then)} when you went)."]
                            if lives_now != lives_then else []), (lives_then, lives_now, told)
        assert any(line.startswith(f"Hand {hand - 1} over") for line in told), told
        assert any(line.endswith(f"deals hand {hand}") for line in told), told
        # the host sends the hand in play: the plays of the one that ended before its end are not
        # in this log, and it says so (a stall across two hands' ends read as if nothing was missed)
        gone = [line for line in told if "ended while you were away" in line]
        assert len(gone) == 1 and gone[0].startswith("Hand") and gone[0].endswith("plays are shown."), told


async def test_back_after_a_round_that_cost_chips_the_log_says_what_you_have() -> None:
    """Ninety-Nine: the round Bo dropped in ended while a stand-in played for him, and cost him
    chips (4.1) in plays the host no longer sends: the log says what he has now against then."""
    async with _bo_dropped(TableConfig(name="evening", game="ninety-nine", seats=2, seed=SEED_99), 0.05) as (
            srv, pilot, table, ana, screen):
        await play_first_until(table, ana, 0, lambda: table.match.hand_number >= 2, moves=600)
        assert table.match.hand_number >= 2 and not table.match.is_over
        before = len(log_entries(screen))
        chips_then = pilot.app.session.view["status"][1]["chips"]
        await _let_back(srv, pilot, table)
        await wait_for(pilot, lambda: any("ended while you were away" in line for line in log_entries(screen)[before:]))
        chips_now = table.match.view(1)["status"][1]["chips"]
        assert chips_now < chips_then  # (the seed's round cost Bo chips)
        told = log_entries(screen)[before:]
        gone = next(i for i, line in enumerate(told) if "ended while you were away" in line)
        assert told[gone + 1] == f"You: {chips_now} chips ({chips_then} chips when you went).", told


async def test_the_hand_so_far_names_the_seats_as_they_played_not_as_they_are_now() -> None:
    """Bo comes back in a new app while Ana's connection is down: Ana's moves of the hand so
    far were hers, made at the table, and read "Ana plays", not "Ana (away) plays" (the mark
    her seat has now); her seat in the boxes is still marked away."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "takeover": 60.0, "grace": 60.0})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name="evening", game="crazy-eights", seats=2, seed=3))
        ana.reconnect = False  # her connection stays down: her seat reads "(away)"
        token = bo.token
        for _ in range(20):  # each plays its first legal move until Ana has moved and Bo is to play
            if moves_by(table, 0, 0) >= 1 and table.match.current_seat == 1:
                break
            await play_first_until(table, ana, 0, lambda: table.match.current_seat == 1, moves=20)
            await play_first_until(table, bo, 1, lambda: table.match.current_seat == 0 or moves_by(table, 0, 0) >= 1,
                                   moves=20)
        assert moves_by(table, 0, 0) >= 1 and table.match.current_seat == 1
        bo.drop_connection()
        ana.drop_connection()
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            from tui.seatkeys import remember
            remember(f"127.0.0.1:{srv.port}", table.id, token)
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            await wait_for(pilot, lambda: app.session.seat == 1 and "Ana (away)" in app.session.names)
            lines = log_entries(screen)
            assert any(line.startswith("Ana plays") for line in lines), lines
            assert not any("(away)" in line for line in lines), lines
            await app.leave_table()
        await ana.close()
    finally:
        await srv.close()


def test_a_bots_move_for_another_seat_reads_as_the_bots() -> None:
    """``earlier`` marks a move a stand-in (or the turn clock) made for a player ``bot``: for
    this seat it reads "A bot for you plays"; for another seat "Gus (bot) plays", as the log
    said it as it happened, not "Gus plays" as if Gus had made it."""
    from tui.eventtext import describe
    from tui.session import hand_so_far

    raw = [{"version": 3, "bot": True, "events": [{"kind": "play", "seat": 1, "card": "7C"}]},
           {"version": 4, "bot": True, "events": [{"kind": "play", "seat": 0, "card": "9C"}]},
           {"version": 5, "events": [{"kind": "play", "seat": 1, "card": "9H"}]}]
    moves = hand_so_far(raw, 0)
    names = ["You", "Gus"]
    lines = [describe(e, names, game="crazy-eights") for _, events in moves for e in events]
    assert lines == ["Gus (bot) plays 7♣", "A bot for you plays 9♣", "Gus plays 9♥"], lines
    watching = [describe(e, ["Ana", "Gus"], game="crazy-eights") for _, events in hand_so_far(raw, None)
                for e in events]
    assert watching == ["Gus (bot) plays 7♣", "Ana (bot) plays 9♣", "Gus plays 9♥"], watching


def test_the_hands_that_ended_meanwhile_are_counted_in_the_games_own_word() -> None:
    from tui.session import _hands_gone

    assert _hands_gone({"hand_number": 1}, {"game": "ninety-eight", "hand_number": 3}) == \
        "Hands 1 to 2 ended while you were away: not all of their plays are shown."
    assert _hands_gone({"hand_number": 4}, {"game": "ninety-nine", "hand_number": 5}) == \
        "Round 4 ended while you were away: not all of its plays are shown."
    assert _hands_gone({"hand_number": 2}, {"game": "ninety-eight", "hand_number": 2}) == ""
    assert _hands_gone({"hand_number": 5}, {"game": "ninety-eight", "hand_number": 1}) == ""  # a new match
    assert _hands_gone(None, {"game": "ninety-eight", "hand_number": 2}) == ""


async def test_a_hand_that_ends_in_play_is_not_said_to_have_ended_while_away() -> None:
    """Bo never drops (a bot plays his seat while he stands away, as A does): the move that ends a
    hand deals the next, and his log said "Hand 1 ended while you were away: its last plays are
    not shown." above the very plays it said were not shown. Only a view after a drop says it."""
    async with _bo_dealt(TableConfig(name="evening", game="ninety-eight", seats=2, seed=5)) as (
            srv, pilot, table, ana, screen):
        app = pilot.app
        await app.session.step_away(True)
        await wait_for(pilot, lambda: table.seats[1].stepped_away)
        await play_first_until(table, ana, 0, lambda: table.match.hand_number >= 2, moves=600)
        assert table.match.hand_number >= 2
        await wait_for(pilot, lambda: app.session.view["hand_number"] >= 2)
        await pilot.pause()
        lines = log_entries(screen)
        assert any(line.startswith("Hand 1 over") for line in lines), lines
        assert not any("while you were away" in line for line in lines), lines


async def test_back_at_a_host_that_sends_no_hand_so_far_the_log_says_so(monkeypatch: Any) -> None:
    """A host of an older version sends no ``earlier``: back from a drop, the moves made
    meanwhile were left out of Bo's log without a word. It says the host does not tell them."""
    import net.table
    from net.viewframes import view_frame
    from tui.session import OLDER_HOST_MISSED

    def older(view: Any, base: Any, events: Any, clock: Any = None, earlier: Any = None, **kw: Any) -> bytes:
        return view_frame(view, base, events, clock, **kw)  # as a host before ``earlier`` was

    monkeypatch.setattr(net.table, "view_frame", older)
    async with _bo_dropped(TableConfig(name="evening", game="crazy-eights", seats=2, seed=3), 0.1) as (
            srv, pilot, table, ana, screen):
        left_at = table.match.version
        await play_first_until(table, ana, 0, lambda: moves_by(table, 1, left_at) >= 1 and table.match.current_seat == 0)
        before = len(log_entries(screen))
        await _let_back(srv, pilot, table)
        await pilot.pause()
        told = log_entries(screen)[before:]
        assert told.count(OLDER_HOST_MISSED) == 1, told


def test_back_after_hands_ended_the_log_says_what_they_did_to_your_own_standing() -> None:
    """A round of Ninety-Nine that ended while the player was away cost them chips (4.1) that
    no line told, the plays that cost them gone with the round: the log says where they stand."""
    from tui.awaystanding import own_standing_since

    def view(seat: int | None, *status: dict[str, Any], game: str = "ninety-nine") -> dict[str, Any]:
        return {"game": game, "seat": seat, "status": list(status)}

    nn = {"in_hand": True, "out": False}
    assert own_standing_since(view(1, {**nn, "chips": 9}, {**nn, "chips": 9}),
                              view(1, {**nn, "chips": 9}, {**nn, "in_hand": False, "chips": 7})) == \
        "You: 7 chips (9 chips when you went)."
    assert own_standing_since(view(0, {**nn, "chips": 1}), view(0, {**nn, "chips": 0, "out": True})) == \
        "You: out (1 chip when you went)."
    ce = {"in_hand": True, "out": False}
    assert own_standing_since(view(0, {**ce, "score": 12}, game="crazy-eights"),
                              view(0, {**ce, "score": 34}, game="crazy-eights")) == "You: 34 pts (12 pts when you went)."
    # unchanged, a watcher, another seat or another game: nothing to say
    assert own_standing_since(view(0, {**nn, "chips": 9}), view(0, {**nn, "in_hand": False, "chips": 9})) == ""
    assert own_standing_since(view(None, {**nn, "chips": 9}), view(None, {**nn, "chips": 7})) == ""
    assert own_standing_since(view(1, {**nn, "chips": 9}, {**nn, "chips": 9}), view(0, {**nn, "chips": 7})) == ""
    assert own_standing_since(None, view(0, {**nn, "chips": 7})) == ""


def test_the_away_heading_says_a_bot_played_for_you_only_where_one_did() -> None:
    """A move of the player's own that reached the table as the connection went (``for_you``
    absent) read under "While you were away (a bot played for you):"."""
    from tui.session import away_heading

    own = [{"kind": "play", "seat": 1, "card": "3D"}, {"kind": "draw", "seat": 0, "count": 4}]
    assert away_heading(own) == "While you were away:"
    assert away_heading([*own, {"kind": "play", "seat": 1, "card": "4H", "for_you": True}]) == \
        "While you were away (a bot played for you):"
