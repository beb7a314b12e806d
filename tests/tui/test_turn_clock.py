"""The turn clock in the app: the host sets it in the picker (or ``--turn-time``), the lobby
says it, the table counts down the player to move, a host that does not move in time sees a
bot move for it and keeps its seat, and a player out of time turn after turn counts the short
clock."""
from __future__ import annotations

import argparse
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from textual.widgets import Select

from tui.cli import build_parser
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, wait_for


async def test_the_host_sets_the_clock_and_the_table_counts_down() -> None:
    # a seeded deal in which Ana leads: unseeded, the bot led a King now and then, Ana was out
    # of the first hand at once and its results covered the table before the test looked
    app = make_app(bind="127.0.0.1", port=0, seed=2)
    app.settings.name = "Ana"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        clock = picker.query_one("#turn-clock", Select)
        assert clock.value == 0 and picker.choice().turn_time == 0
        clock.value = 30
        await pilot.pause()
        assert picker.choice().turn_time == 30
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        session = app.session
        assert session.table.config.turn_time == 30
        await wait_for(pilot, lambda: "Turn clock: 30 s a move" in str(lobby.query_one("#lobby-info").render()))

        # the lobby's Game… picker shows the clock the table has and changes it
        await pilot.press("g")
        again = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen is not picker
                               and app.screen)
        clock = await wait_for(pilot, lambda: again.query("#turn-clock") and again.query_one("#turn-clock", Select))
        assert clock.value == 30
        clock.value = 120
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: (session.lobby or {}).get("turn_time") == 120)
        await wait_for(pilot, lambda: "Turn clock: 2 min a move" in str(lobby.query_one("#lobby-info").render()))

        # a four-second clock from the lobby's own control (long enough that a busy machine's
        # late look still falls inside Ana's turn), a bot in the other seat, and the deal
        await session.client.configure(seats=2, turn_time=4)
        await wait_for(pilot, lambda: (session.lobby or {}).get("turn_time") == 4 and len(session.lobby["seats"]) == 2)
        await session.client.add_bot(1, "normal")
        await wait_for(pilot, lambda: session.lobby["seats"][1]["bot"] == "normal")
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: table.view and table.view["current_seat"] == 0, timeout=10)
        version = table.view["version"]
        top = lambda: str(table.query_one("#topbar").render())  # noqa: E731
        # the countdown shows on the top bar (read as it is drawn: a busy machine may draw late)
        await wait_for(pilot, lambda: top().endswith(tuple(f"your turn · {n} s" for n in range(1, 5))), timeout=5)
        assert table.view["version"] == version
        # T says it in words too, with the seconds the top line shows
        told = len(table.said)
        await pilot.press("t")
        said = await wait_for(pilot, lambda: len(table.said) > told and table.said[-1])
        # (a machine slow enough for the bot's move to come first hears whose turn it is then)
        assert said.split(";")[0] in [f"It is your turn, {n} s left on the clock" for n in range(0, 5)] or \
            not said.startswith("It is your turn"), said
        await wait_for(pilot, lambda: top().endswith("· 1 s") or table.view["version"] != version, timeout=6)
        # Ana does not move: the bot's move for her comes, she is told, and her seat stays hers
        await wait_for(pilot, lambda: table.view["version"] != version, timeout=8)
        log = table.query_one("#log")
        await wait_for(pilot, lambda: any("You ran out of time: a bot moved for you." in line.text for line in log.lines))
        assert session.lobby["seats"][0]["name"] == "Ana" and session.lobby["seats"][0]["bot"] is None
        await app.action_quit()


async def test_turn_time_fills_the_hosts_picker() -> None:
    args = build_parser().parse_args(["host", "--turn-time", "45"])
    assert isinstance(args, argparse.Namespace) and args.turn_time == 45
    app = make_app(args=args, bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        clock = await wait_for(pilot, lambda: picker.query("#turn-clock") and picker.query_one("#turn-clock", Select))
        await wait_for(pilot, lambda: clock.value == 45)
        assert picker.choice().turn_time == 45
        assert [label for label, _ in clock._options] == ["off", "15 s", "30 s", "45 s", "1 min", "2 min", "5 min"]


async def test_a_solo_table_has_no_clock() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        assert not picker.query("#turn-clock") and picker.choice().turn_time == 0


async def test_after_its_own_reconnect_the_app_counts_what_the_host_has_left_of_the_turn() -> None:
    """docs/protocol.md, Turn clock: a player who drops and comes back within the same turn has
    what was left of its clock (it ran on meanwhile), not a new one. The app whose own
    connection dropped mid-turn counts from the view's ``clock``, as the host does."""
    import time

    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, RandomPlayer, join

    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 30.0, "takeover": 30.0})  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1, turn_time=20))  # long enough that a loaded machine cannot run it out
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    app = make_app()
    app.settings.name = "Bo"
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await pilot.press("r")
            await wait_for(pilot, lambda: table.seats[1].ready)
            player = RandomPlayer(ana, 1)
            dealt = time.monotonic()  # no clock of this match started before this
            await ana.start()
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            await wait_for(pilot, lambda: table.match.current_seat == 1 and screen.view["current_seat"] == 1)
            top = lambda: str(screen.query_one("#topbar").render())  # noqa: E731
            await wait_for(pilot, lambda: top().endswith(("· 20 s", "· 19 s")), timeout=3)
            # it counts down (read as it is drawn, once a second: a busy machine may draw late)
            shown = lambda: int(top().rsplit("· ", 1)[1].removesuffix(" s"))  # noqa: E731
            left = await wait_for(pilot, lambda: shown() <= 17 and shown(), timeout=8)  # not stopped
            assert time.monotonic() - dealt >= 20 - left  # nor ahead of the time gone
            version = table.match.version
            app.session.client.drop_connection()
            await wait_for(pilot, lambda: table.seats[1].conn is None, timeout=5)
            back = time.monotonic()
            await wait_for(pilot, lambda: table.seats[1].conn is not None and app.session.client.connected)
            # the app's count is the host's, within the second it shows, and no new clock
            await wait_for(pilot, lambda: abs(shown() - (table._clock.left() or 0)) <= 1.5, timeout=2)
            assert shown() <= left and table.match.version == version and time.monotonic() - back < 5
            await player.stop()
            await app.leave_table()
    finally:
        await ana.close()
        await srv.close()


async def test_the_others_count_what_the_host_has_left_when_the_player_to_move_comes_back() -> None:
    """docs/protocol.md, the lobby's seat ``clock``: Ana drops on her turn and is back five
    seconds later; her clock ran on meanwhile (about 15 s of 20 left). Bo's app, which showed
    the wait for her meanwhile, learnt of her turn again from the lobby and counted a whole new
    clock from her return (20 s): it counts what the lobby says the host has left. (So does
    the short clock of an idle player back at a resumed host, which it counted as the whole.)"""
    import time

    from net.server import TableConfig
    from tests.net.table_helpers import join

    from .helpers import seated_and_dealt, someone_elses_table

    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=2, turn_time=20)
    async with someone_elses_table(config, grace=30.0, takeover=30.0) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            await wait_for(pilot, lambda: screen.view is not None and screen.view["current_seat"] == 0)
            assert table.match.current_seat == 0
            top = lambda: str(screen.query_one("#topbar").render())  # noqa: E731
            await wait_for(pilot, lambda: "Ana's turn · " in top() and top().endswith(" s"), timeout=3)
            token, ana.reconnect = ana.token, False
            ana._wire.transport.abort()  # type: ignore[union-attr]
            await wait_for(pilot, lambda: table.seats[0].conn is None, timeout=5)
            gone = time.monotonic()
            await wait_for(pilot, lambda: "bot in" in top() or "a bot plays" in top(), timeout=3)  # the wait shown
            await pilot.pause(5.0)
            back = await join(srv, "Ana", token=token, table=table.id)
            try:
                assert table.seats[0].conn is not None and table.match.current_seat == 0
                host_left = table._clock.left()
                assert host_left is not None and host_left <= 20 - (time.monotonic() - gone) + 0.5
                await wait_for(pilot, lambda: "Ana's turn · " in top() and "bot" not in top(), timeout=3)
                shown = lambda: int(top().rsplit("· ", 1)[1].removesuffix(" s"))  # noqa: E731
                await wait_for(pilot, lambda: abs(shown() - (table._clock.left() or 0)) <= 1.5, timeout=2)
                assert shown() <= 16, top()
                await app.leave_table()
            finally:
                await back.close()


async def test_an_app_that_comes_in_mid_turn_counts_what_is_left_of_the_clock() -> None:
    """docs/protocol.md, ``view``'s ``clock``: a view sent on its own as an app joins carries
    the seconds left on the turn; the watcher who comes in four seconds into a twenty-second
    turn counts from about sixteen, as the players do, not from twenty."""
    import asyncio

    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, join

    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 30.0, "takeover": 30.0})  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1, turn_time=20))
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(srv, "Bo", table=table.id)
    app = make_app()
    app.settings.name = "Cy"
    try:
        await bo.ready(True)
        await asyncio.sleep(0.1)
        await ana.start()
        for _ in range(100):  # bounded: the deal comes at once
            if table.status == "playing":
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(4)  # nobody moves: four seconds of the turn's twenty go by
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            top = lambda: str(screen.query_one("#topbar").render())  # noqa: E731
            await wait_for(pilot, lambda: top().endswith(" s"), timeout=5)
            shown = int(top().rsplit("· ", 1)[1].split()[0])
            assert shown <= 16, top()
            assert shown >= 10, top()  # the clock the host runs, not none
            await app.leave_table()
    finally:
        await ana.close()
        await bo.close()
        await srv.close()


async def test_a_hands_box_over_a_turn_of_this_players_on_the_clock_says_so_and_gives_the_table_back() -> None:
    """Review: a hand's box stood over the next hand, dealt already, while this player's turn
    clock ran out beneath it and a bot moved for them. The box says how long is left on the
    clock, and gives the table back with ``TURN_LEFT`` seconds to go."""
    from tui.screens.picker import TableChoice
    from tui.screens.results import TURN_LEFT, ResultsScreen
    from tui.screens.table import TableScreen

    from .helpers import current, make_app, play_with_keys, wait_for

    app = make_app(bind="127.0.0.1", port=0, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={"lives": 2}, seats=2,
                                          bots={1: "easy"}, turn_time=TURN_LEFT + 4), solo=False)
        await wait_for(pilot, lambda: app.session is not None and app.session.lobby is not None)
        await app.session.call("start")
        await play_with_keys(app, pilot, timeout=60, stop=lambda: isinstance(app.screen, ResultsScreen)
                             and not app.screen.match_over)
        box = app.screen
        assert isinstance(box, ResultsScreen) and not box.match_over
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        label = box.query_one("#your-turn")
        mine = lambda: table.view["current_seat"] == table.view["seat"] and not table.view["is_over"]  # noqa: E731
        await wait_for(pilot, mine, timeout=10)  # the bot moves first, or this player opens the hand
        await wait_for(pilot, lambda: label.display and "s on the clock." in str(label.render()))
        assert str(label.render()).startswith("Your turn in the next hand: ")
        await wait_for(pilot, lambda: current(app, ResultsScreen) is None, timeout=10)
        left = table.clock_left()
        assert app.screen is table and mine() and left is not None and 0 < left <= TURN_LEFT
        await app.leave_table()


async def test_a_player_out_of_time_turn_after_turn_sees_the_short_clock() -> None:
    """docs/protocol.md, "Turn clock": after two turns in a row on the clock, the player's clock
    is the host's short one (``away_clock``, 1.5 s against 4 s here) until they move: the app
    counts that from the frame's ``clock``, not the table's whole clock, and its log says why."""
    from net.server import TableConfig
    from tests.net.table_helpers import RandomPlayer

    from .helpers import seated_and_dealt, someone_elses_table

    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=1, turn_time=4)
    async with someone_elses_table(config, away_clock=1.5) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            player = RandomPlayer(ana, 1)
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            seat = table.seats[1]
            await wait_for(pilot, lambda: seat.missed == 2, timeout=14)
            log = screen.query_one("#log")
            said = lambda: " ".join(" ".join(line.text.split()) for line in log.lines)  # noqa: E731  (lines wrap)
            await wait_for(pilot, lambda: "That is 2 turns in a row: you have 1.5 s a move until you make one yourself."
                           in said())
            m = table.match
            await wait_for(pilot, lambda: m.is_over or m.current_seat == 1 and screen.view["version"] == m.version,
                           timeout=5)
            if not m.is_over:
                top = lambda: str(screen.query_one("#topbar").render())  # noqa: E731
                assert top().endswith(("your turn · 2 s", "your turn · 1 s", "your turn · 0 s")), top()
            await player.stop()
            await app.leave_table()


@asynccontextmanager
async def _bo_must_draw(turn_time: int, bot_delay: float) -> AsyncIterator[tuple[Any, Any, Any, TableScreen]]:
    """Bo (this app) dealt into seat 1 of a two-seat Crazy Eights table of another player's with
    a ``turn_time`` clock, the bots at ``bot_delay`` (seed 3: Bo moves first, must draw, and the
    first card drawn does not play): (app, pilot, the host's table, Bo's table screen)."""
    from net.server import TableConfig

    from .helpers import seated_and_dealt, someone_elses_table

    config = TableConfig(name="t", game="crazy-eights", seats=2, seed=3, turn_time=turn_time)
    async with someone_elses_table(config, bot_delay=bot_delay) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            m = table.match
            assert m.current_seat == 1 and [str(a) for a in m.legal_actions(1)] == ["draw"]
            yield app, pilot, table, screen


async def test_while_the_bot_finishes_a_turn_for_this_player_no_clock_shows_and_the_log_says_whose_draws() -> None:
    """docs/guide.md (turn clock): out of time in Crazy Eights with no card to play (seed 3:
    Bo, first to move, must draw, and the first card drawn does not play), a bot draws for Bo,
    at the bots' pace (1 s here). Meanwhile the top line shows no clock (the host runs none:
    it showed the whole clock again after each draw), and Bo's log reads the draws as the
    bot's, in one line ("A bot for you draws ..."), not as Bo's own."""
    async with _bo_must_draw(turn_time=2, bot_delay=1.0) as (app, pilot, table, screen):
        m = table.match
        version = m.version
        await wait_for(pilot, lambda: m.version > version, timeout=6)
        assert m.current_seat == 1, "the card drawn first does not play: the bot goes on"
        drawn = m.version
        await wait_for(pilot, lambda: screen.view is not None and screen.view["version"] == drawn)
        top = str(screen.query_one("#topbar").render())
        assert top.endswith("your turn"), top
        await wait_for(pilot, lambda: m.current_seat != 1 or m.is_over, timeout=12)
        # the way to leave the table a while without holding it up, said once the turn the
        # bot finished is over (on a loaded machine the app reads that a moment after the host)
        tip = "Away for a while? A steps away: a bot plays your seat until you are back."
        await wait_for(pilot, lambda: tip in log_entries(screen), timeout=5)
        entries = log_entries(screen)
        bots = [line for line in entries if line.startswith("A bot for you draws")]
        assert len(bots) == 1 and not any(line.startswith("You draw") for line in entries), entries
        assert entries.count(tip) == 1 and entries.index(tip) > entries.index(bots[0]), entries
        await app.leave_table()


async def test_a_player_back_while_the_bot_is_in_the_middle_of_their_turn_sees_the_clock() -> None:
    """Bo steps away on his turn (seed 3: he must draw, and the first card does not play); the
    bot standing in draws for him, and before it goes on he is back (A again). The rest of the
    turn is his, and the host's clock runs for it (docs/protocol.md, "Turn clock"): his top
    line showed none (the bot's draw had hidden the clock for the whole turn) until a bot moved
    for him, out of time, a minute later."""
    async with _bo_must_draw(turn_time=60, bot_delay=3.0) as (app, pilot, table, screen):
        m = table.match
        top = lambda: str(screen.query_one("#topbar").render())  # noqa: E731
        await wait_for(pilot, lambda: top().endswith(" s"))
        version = m.version
        await pilot.press("a")
        await wait_for(pilot, lambda: table.seats[1].stepped_away)
        await wait_for(pilot, lambda: m.version > version, timeout=8)  # the bot's draw
        assert m.current_seat == 1
        await pilot.press("a")
        await wait_for(pilot, lambda: not table.seats[1].stepped_away, timeout=2)
        assert m.current_seat == 1, "the bot went on before Bo was back (a loaded machine)"
        await wait_for(pilot, lambda: top().endswith(" s"), timeout=5)
        assert 50 <= int(top().rsplit("· ", 1)[1].split()[0]) <= 60, top()
        await app.leave_table()
