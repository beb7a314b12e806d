"""Two Deal Me In windows on one data folder, each playing solo: there is one solo save, and the
window that took it first keeps it. The other is told plainly that its solo match is not kept,
never writes over the first one's, and its home does not offer the first one's match to resume
while that window plays it. A real app in another process, a real one here, real files."""
from __future__ import annotations

import asyncio
import sys

from textual.widgets import Button

from net.savefile import read_save
from tui.saves import solo_save_path
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice
from tui.screens.table import TableScreen

from .helpers import current, make_app, said_from_now, wait_for

#: the first window: a solo Crazy Eights table, left open (at most a minute)
FIRST = """
import asyncio
from tui.app import DealMeInApp
from tui.screens.picker import TableChoice

async def main():
    app = DealMeInApp(bot_delay=0.5, mdns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="crazy-eights", preset="standard", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        await pilot.pause(60)
asyncio.run(main())
"""


#: the second window's table seed: from a secret one, a hand could end within its three plays,
#: putting the results over the table while the test waited for a turn
SEED = 5


async def _end(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.kill()
        await proc.wait()


def _saved_game() -> str | None:
    state = read_save(solo_save_path(), keep=True).state if solo_save_path().is_file() else None
    return state["config"]["game"] if state else None


async def test_a_second_window_playing_solo_is_told_and_leaves_the_first_ones_save_alone() -> None:
    first = await asyncio.create_subprocess_exec(sys.executable, "-c", FIRST)
    try:
        for _ in range(3000):  # at most half a minute
            if _saved_game() == "crazy-eights" or first.returncode is not None:
                break
            await asyncio.sleep(0.01)
        assert _saved_game() == "crazy-eights"

        app = make_app(seed=SEED)  # a deal whose first hand outlasts this window's three plays
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert not app.screen.query(".resume")  # the first window's match is not this one's to resume
            said = said_from_now(app)
            await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={}, seats=3,
                                              bots={1: "easy", 2: "easy"}), solo=True)
            session = app.session
            assert said == ["Another Deal Me In window holds the solo save: this solo match is not kept, "
                            "and leaving or quitting ends it."]
            for _ in range(3):  # this window plays on; the save stays the first window's
                await wait_for(pilot, lambda: session.view and session.view["current_seat"] == session.seat
                               and session.view["legal"])
                version = session.view["version"]
                await session.act(session.view["legal"][0])
                await wait_for(pilot, lambda: session.view["version"] > version)
            assert _saved_game() == "crazy-eights"
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("escape")
            confirm = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert confirm.detail == "Another Deal Me In window holds the solo save: leaving ends this match."
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            assert not app.screen.query(".resume")

            await _end(first)  # the first window is gone: its match is there to resume
            await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={}, seats=3,
                                              bots={1: "easy", 2: "easy"}), solo=True)
            await wait_for(pilot, lambda: app.session.view is not None)
            await app.leave_table()
            assert _saved_game() == "ninety-eight"  # this window has the solo save now

        fresh = make_app()
        async with fresh.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert [str(b.label) for b in fresh.screen.query(".resume").results(Button)] == \
                ["Resume Ninety-Eight (solo)"]
    finally:
        await _end(first)


async def test_resuming_the_solo_match_another_window_plays_is_refused() -> None:
    first = await asyncio.create_subprocess_exec(sys.executable, "-c", FIRST)
    try:
        for _ in range(3000):
            if _saved_game() == "crazy-eights" or first.returncode is not None:
                break
            await asyncio.sleep(0.01)
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)
            app.resume_table(solo_save_path(), solo=True)  # as a Resume offered before it was taken
            await wait_for(pilot, lambda: said)
            assert said == ["Could not resume the table: Another Deal Me In window holds the solo save "
                            "and plays its match"]
            assert app.session is None and _saved_game() == "crazy-eights"
    finally:
        await _end(first)
