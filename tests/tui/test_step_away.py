"""Stepping away in the app (A, docs/guide.md): at a table with other players, A has a bot play
your seat, the line above the hand says so and how to come back, the others read your seat
"(away)", and A again gives it back. A solo table has no such key: its bots wait for you."""
from __future__ import annotations

from net.server import TableConfig
from tui.screens.table import TableScreen

from .helpers import current, key_bar, log_entries, make_app, seated_and_dealt, someone_elses_table, wait_for


async def test_a_steps_away_and_back() -> None:
    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=1)  # no turn clock
    async with someone_elses_table(config) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            m = table.match
            await wait_for(pilot, lambda: screen.view is not None and screen.view["version"] == m.version)
            hint = lambda: str(screen.query_one("#hint").render())  # noqa: E731
            await pilot.press("a")
            await wait_for(pilot, lambda: table.seats[1].stepped_away)
            await wait_for(pilot, lambda: hint() == "You are away: a bot plays your seat. A takes it back.")
            assert ana.lobby is not None
            await wait_for(pilot, lambda: ana.lobby["seats"][1]["stepped_away"] is True)
            # quitting now keeps the seat to the match's end (docs/protocol.md), and the question says so
            await wait_for(pilot, lambda: (app.session.lobby or {})["seats"][1].get("stepped_away") is True)
            assert "You stepped away, so the host keeps your seat until this match ends" in app.session.quit_note()
            # Ana plays when it is her turn; Bo's turns are the bot's, at once
            for _ in range(3):
                if m.current_seat == 0:
                    version = m.version
                    await wait_for(pilot, lambda: ana.view is not None and ana.view["version"] == version)
                    await ana.act(ana.view["legal"][0], version)
                await wait_for(pilot, lambda: m.current_seat == 0 or m.is_over, timeout=5)
            moves = [move for move in table.hand.told(None) if move.get("bot")]
            assert moves, "the bot played Bo's seat"
            # Bo's log says the bot made them, as it would on coming back (the hand so far)
            await wait_for(pilot, lambda: any(line.startswith("A bot for you ") for line in log_entries(screen)))
            assert not any(line.startswith("You play") for line in log_entries(screen)), log_entries(screen)
            assert not any(line.startswith("Away for a while?") for line in log_entries(screen))  # away already
            await pilot.press("a")
            await wait_for(pilot, lambda: not table.seats[1].stepped_away)
            await wait_for(pilot, lambda: not hint().startswith("You are away"))
            await app.leave_table()


async def test_a_solo_table_has_no_stepping_away() -> None:
    """Its bots wait for you: A says so, and does nothing."""
    from tui.screens.picker import PickerScreen

    from .helpers import said_from_now

    # a seeded deal in which the player has a turn: unseeded, the bots' Kings put them out of the
    # first hand now and then before it came, and its results covered the table
    app = make_app(seed=2)
    heard = said_from_now(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await wait_for(pilot, lambda: current(app, PickerScreen))
        await pilot.press("ctrl+s")
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: screen.view is not None)
        assert screen.check_action("step_away", ()) is False
        await pilot.press("a")
        await wait_for(pilot, lambda: "No stepping away at a solo table: its bots wait for you, and Q saves the match."
                       in heard)
        assert not str(screen.query_one("#hint").render()).startswith("You are away")
        await app.leave_table()


async def test_a_at_a_host_without_stepping_away_says_why_it_does_nothing() -> None:
    """docs/protocol.md (``lobby``'s ``stepped_away``): an app offers stepping away only where
    the lobby lists it (an older host ends the connection of an app that sends ``away``); A
    there says why nothing happens, and sends nothing."""
    from .helpers import open_table, said_from_now

    app = make_app()
    heard = said_from_now(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 2, seat=1)
        link.lobby = {"seats": [{"seat": i, "name": f"P{i}", "bot": None, "connected": True} for i in range(2)]}
        assert screen.check_action("step_away", ()) is False
        await pilot.press("a")
        await wait_for(pilot, lambda: any("without stepping away" in line for line in heard))
        assert link.sent == []


def test_why_a_does_nothing() -> None:
    """A player out of the match (ninety-eight 5: out of lives) has no turns to step away from;
    one whose host lists ``stepped_away`` gets no reason (A steps away)."""
    from tui.otherkeys import why_no_step_away

    seat = {"seat": 0, "name": "Bo", "stepped_away": False}
    view = {"seat": 0, "status": [{"lives": 0, "out": True}]}
    assert "out of this match" in (why_no_step_away(view, seat) or "")
    playing = {"seat": 0, "status": [{"lives": 2, "out": False}]}
    assert why_no_step_away(playing, seat) is None
    assert "older Deal Me In" in (why_no_step_away(playing, {"seat": 0, "name": "Bo"}) or "")
    # put out of the match while away (the bot lost their last life): A still brings them back
    assert why_no_step_away(view, dict(seat, stepped_away=True)) is None


async def test_one_put_out_of_the_match_while_away_comes_back_with_a() -> None:
    """ninety-nine 1.2: the bot playing Bo's seat lost its last chip while Bo was away; the
    match went on for the others. A said there was nothing to step away from, and "(away)"
    stayed on every screen to the end; A brings Bo back."""
    import random

    from core.bots import choose

    config = TableConfig(name="t", game="ninety-nine", seats=3, seed=1, options={"chips": 1})
    async with someone_elses_table(config) as (srv, table, ana):
        await ana.add_bot(2, "normal")
        await wait_for_bot(table)
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            m = table.match
            await pilot.press("a")
            await wait_for(pilot, lambda: table.seats[1].stepped_away)
            for _ in range(400):  # Ana plays as the normal bot would, until Bo's seat is out
                if m.is_over or m.status(1).get("out"):
                    break
                if m.current_seat == 0 and ana.view is not None and ana.view["version"] == m.version:
                    await ana.act(choose("normal", ana.view, ana.view["legal"], random.Random(m.version)), m.version)
                await pilot.pause(0.02)
            # (the seed was chosen so that Bo's seat goes out while the others play on)
            assert not m.is_over, [m.status(s) for s in range(3)]
            await wait_for(pilot, lambda: (screen.view or {}).get("status", [{}, {}])[1].get("out") is True)
            assert table.seats[1].stepped_away
            await pilot.press("a")
            await wait_for(pilot, lambda: not table.seats[1].stepped_away)
            await wait_for(pilot, lambda: not (app.session.lobby or {})["seats"][1].get("stepped_away"))
            await app.leave_table()


async def wait_for_bot(table) -> None:
    import asyncio

    for _ in range(200):
        if table.seats[2].bot is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no bot in seat 3")


async def test_the_key_bar_names_away_where_it_has_room_for_it() -> None:
    """README (keys): A is a key of the table, so its bar names it at a table with others
    (it was left off at any width); where the bar has no room, Away goes first (A still
    works, and Help lists it) and Leave and Help stay: Crazy Eights at 60 columns, with Draw and
    Play+last card! on the bar too. While the player is away, the key reads Back."""
    config = TableConfig(name="t", game="crazy-eights", seats=2, seed=1)
    async with someone_elses_table(config) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            await wait_for(pilot, lambda: "Away" in key_bar(screen))
            assert {"Leave", "Help"} <= set(key_bar(screen)), key_bar(screen)
            await pilot.resize_terminal(60, 18)
            await wait_for(pilot, lambda: "Away" not in key_bar(screen))
            assert {"Leave", "Help"} <= set(key_bar(screen)), key_bar(screen)
            await pilot.press("a")  # off the bar, it works all the same
            await wait_for(pilot, lambda: table.seats[1].stepped_away)
            await pilot.resize_terminal(100, 30)  # while away, the bar says A brings you back
            await wait_for(pilot, lambda: "Back" in key_bar(screen) and "Away" not in key_bar(screen))
            await pilot.press("a")
            await wait_for(pilot, lambda: not table.seats[1].stepped_away)
            await wait_for(pilot, lambda: "Away" in key_bar(screen) and "Back" not in key_bar(screen))
            await app.leave_table()
