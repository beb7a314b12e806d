"""The results of a hand go up over the table: the table's own passing notices (why a key did
nothing, a hint, an answer to C, S or T) are about the table a moment ago and come down with
it, where they stood over the results' standings; any other notice (a lost connection, a save
that failed) stays."""
from __future__ import annotations

from typing import Any

from textual.widgets._toast import Toast

from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, notices, play_with_keys, start_solo, wait_for


async def test_the_tables_passing_notices_come_down_as_its_results_go_up() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        table.warn("Wait: it is Normal bot's turn.")
        table.say("The total is 12")
        app.notify("Connection lost: reconnecting...", severity="warning")
        await wait_for(pilot, lambda: len(notices(app)) == 3)
        event = {"kind": "hand_over", "seat": 0, "winners": [0], "hand": 1}
        session._results.show("hand_over", event)
        await wait_for(pilot, lambda: current(app, ResultsScreen))
        assert notices(app) == ["Connection lost: reconnecting..."]
        # once the results close, the same key pressed again is told again, not taken for a
        # warning still up
        app.screen.dismiss(None)
        await wait_for(pilot, lambda: app.screen is table)
        table.warn("Wait: it is Normal bot's turn.")
        await wait_for(pilot, lambda: "Wait: it is Normal bot's turn." in notices(app))
        await app.action_quit()


async def test_why_a_key_did_nothing_comes_down_once_a_key_plays() -> None:
    """A warning that a key did nothing (pressed before the turn came), or a hint, is past once
    the player plays: it no longer stands over the log for the rest of its time; other notices
    stay."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        mine = lambda: (session.view or {}).get("current_seat") == (session.view or {}).get("seat")  # noqa: E731
        await wait_for(pilot, mine)
        version = session.view["version"]
        table.warn("Wait: it is Normal bot's turn.")
        table.say("Hint: play it")  # a hint on the card about to be played is past once it is
        app.notify("Connection lost: reconnecting...", severity="warning")
        await wait_for(pilot, lambda: len(notices(app)) == 3)
        await play_with_keys(app, pilot, timeout=20, stop=lambda: (session.view or {}).get("version", 0) > version)
        assert (session.view or {}).get("version", 0) > version, "a key played"
        await wait_for(pilot, lambda: notices(app) == ["Connection lost: reconnecting..."], timeout=2)
        await app.action_quit()


def _drawn(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_a_notice_over_the_results_is_drawn_once_and_goes_when_dismissed() -> None:
    """The table under the results keeps its notices out of sight: laid out for the table's
    rows, its copy of a notice stood apart from the one over the results (drawn twice), in
    scraps past the box's edge, and stayed once the player dismissed the one on top."""
    app = make_app()
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        session = await start_solo(app, pilot)
        await wait_for(pilot, lambda: current(app, TableScreen))
        said = "Ann, Bob and Carol have all left the table."
        app.notify(said, timeout=60)
        await wait_for(pilot, lambda: said in _drawn(app))
        event = {"kind": "hand_over", "seat": 0, "winners": [0], "hand": 1}
        session._results.show("hand_over", event)
        results = await wait_for(pilot, lambda: current(app, ResultsScreen))
        await wait_for(pilot, lambda: results.query(Toast) and all(t.region for t in results.query(Toast)))
        await pilot.pause(0.2)
        assert _drawn(app).count(said) == 1
        for toast in results.query(Toast):
            await pilot.click(toast)  # a click dismisses a notice
        await wait_for(pilot, lambda: not results.query(Toast))
        await pilot.pause(0.2)
        assert "have all left" not in _drawn(app)
        await app.action_quit()
