"""A data folder where nothing can be saved (read-only, full): solo play goes on, the player is
told once that the table cannot be resumed, and leaving says so instead of promising a Resume."""
from __future__ import annotations

import time
from pathlib import Path

from net.paths import data_dir
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, said_from_now, wait_for

SOLO = TableChoice(game="ninety-eight", preset="standard", options={}, seats=3, bots={1: "easy", 2: "easy"})
#: the tables' seed: one deal for every run, so that a failure plays again the same; its first
#: hand outlasts the five plays of the first test here
SEED = 5


def _no_saves_folder() -> Path:
    """A file where the saves folder should be: no save can be written (tests run as root,
    whom a read-only folder would not stop)."""
    blocked = data_dir() / "saves"
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where the saves folder should be: no save can be written")
    return blocked


async def _ask_to_leave(app, pilot) -> str:
    """Escape at the table: what the question to leave says (a hand's results that come up
    meanwhile are put away with Enter)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if isinstance(app.screen, ConfirmScreen):
            return app.screen.detail
        if isinstance(app.screen, ResultsScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, TableScreen):
            await pilot.press("escape")
        await pilot.pause(0.05)
    raise AssertionError(f"no question to leave: {app.screen_stack}")


async def test_a_solo_table_that_cannot_be_saved_says_so_once_and_leaving_tells_the_truth() -> None:
    blocked = _no_saves_folder()
    app = make_app(seed=SEED)  # a first hand that outlasts the five plays here
    async with app.run_test(size=(100, 30)) as pilot:
        said = said_from_now(app)
        await app.start_table(SOLO, solo=True)
        session = app.session
        saver = session.table.saver
        for _ in range(4):  # play goes on, every save failing
            await wait_for(pilot, lambda: session.view and session.view["current_seat"] == session.seat)
            failures = saver.failures
            await session.act(session.view["legal"][0])
            await wait_for(pilot, lambda: saver.failures > failures)
        told = [s for s in said if "cannot be resumed" in s]
        assert told == [f"solo.save could not be written ({blocked} is a file where a folder should be). "
                        "Play goes on, but this table cannot be resumed later."]
        assert await _ask_to_leave(app, pilot) == "It could not be saved: leaving ends it."
        await pilot.press("n")

        blocked.unlink()  # room again: the next save is written, and leaving says it is saved
        await wait_for(pilot, lambda: session.view["current_seat"] == session.seat)
        saves = saver.saves
        await session.act(session.view["legal"][0])
        await wait_for(pilot, lambda: saver.saves > saves)
        assert [s for s in said if "saved again" in s] == ["This table is saved again: it can be resumed later."]
        assert await _ask_to_leave(app, pilot) == \
            "It is saved: Resume on the home screen picks it up where it stopped."
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))


async def test_leaving_an_unsaved_solo_match_offers_nothing_to_resume() -> None:
    _no_saves_folder()
    app = make_app(seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(SOLO, solo=True)
        saver = app.session.table.saver
        await wait_for(pilot, lambda: saver.problem)
        assert await _ask_to_leave(app, pilot) == "It could not be saved: leaving ends it."
        await pilot.press("y")
        home = await wait_for(pilot, lambda: current(app, HomeScreen))
        await wait_for(pilot, lambda: app.session is None)
        assert not home.query(".resume")


async def test_opening_another_table_over_an_unsaved_solo_match_asks_first() -> None:
    _no_saves_folder()
    app = make_app(seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(SOLO, solo=True)
        await wait_for(pilot, lambda: app.session.table.saver.problem and isinstance(app.screen, TableScreen))
        opened: list[bool] = []
        app.away_from_table("Join another table?", lambda: opened.append(True))  # as the palette's Join does
        screen = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert screen.detail == "It could not be saved: leaving ends it." and not opened
        await pilot.press("n")
        await app.leave_table()


async def test_quitting_over_an_unsaved_solo_match_asks_first() -> None:
    """Q loses an unsaved solo match as Escape would: it asks first (it quit at once), and
    answering no plays on."""
    _no_saves_folder()
    app = make_app(seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(SOLO, solo=True)
        await wait_for(pilot, lambda: app.session.table.saver.problem and isinstance(app.screen, TableScreen))
        await pilot.press("q")
        screen = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert screen.detail == "It could not be saved: leaving ends it." and app.is_running
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.is_running and app.session is not None
        await app.leave_table()


async def test_a_match_log_that_cannot_be_written_is_said_once() -> None:
    """A data folder whose logs folder cannot be made (a full or read-only disk costs the logs
    too): only the host's own log said so, and the match could not be replayed without a word."""
    from net.paths import logs_dir

    blocked = logs_dir()
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where the logs folder should be")
    app = make_app(seed=SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        said = said_from_now(app)
        await app.start_table(SOLO, solo=True)
        session = app.session
        await wait_for(pilot, lambda: session.view and session.view["current_seat"] == session.seat)
        told = [s for s in said if "cannot be replayed" in s]
        assert len(told) == 1 and told[0].startswith("The match log ") and "could not be written" in told[0], said
        assert told[0].endswith("Play goes on, but this match cannot be replayed (V, dealmein replay).")
        assert not any("cannot be resumed" in s for s in said)  # its save is written
        await app.leave_table()
