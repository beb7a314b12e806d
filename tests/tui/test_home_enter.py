"""What Enter does on home, and a home that keeps up with the other windows: a finished solo
match is offered ("See the results"), but Enter starts a new game rather than open a match
with nothing left to play (or a hosted table's lobby); a window come back to reads the saves again, so that a solo save
another window took or let go is offered, or not, as it now is."""
from __future__ import annotations

import os

from textual import events
from textual.widgets import Button

from net.paths import try_lock
from net.savefile import save_path, write_save
from tui.saves import solo_save_path
from tui.screens.home import HomeScreen
from tui.screens.picker import PickerScreen

from .helpers import current, make_app, wait_for


def _labels(home: HomeScreen) -> list[str]:
    return [str(b.label) for b in home.query(".resume").results(Button)]


async def test_enter_on_home_starts_a_new_game_when_the_solo_match_is_finished() -> None:
    """The finished match's results stay first in the menu, a press of Up away; Enter opens
    the picker for a new solo game."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "finished"})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume")
                              and app.screen)
        assert _labels(home) == ["See the results: Ninety-Eight (solo, finished)"]
        assert home.focused is home.query_one("#solo", Button)
        await pilot.press("up")
        assert home.focused is home.query_one("#resume-0", Button)  # the results, a press away
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_enter_on_home_resumes_a_table_left_in_play_after_a_finished_solo_match() -> None:
    """A hosted table left in play is still what Enter resumes, below the finished solo one."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "finished"})
    write_save(save_path(7098), {"config": {"game": "crazy-eights"}, "status": "playing"})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                              and len(app.screen.query(".resume")) == 2 and app.screen)
        assert _labels(home) == ["See the results: Ninety-Eight (solo, finished)",
                                 "Resume Crazy Eights (hosted, port 7098)"]
        assert home.focused is home.query_one("#resume-1", Button)


async def test_enter_on_home_starts_a_new_game_over_a_hosted_table_saved_in_its_lobby() -> None:
    """A hosted table saved before its first deal has no match to go back to: like a finished
    one, it is a press of Up away (Enter would have opened its port again), and Enter is Play
    solo; a table left in play is still what Enter resumes, whatever lobby stands above it."""
    write_save(save_path(7098), {"config": {"game": "crazy-eights"}, "status": "lobby"})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume")
                              and app.screen)
        assert _labels(home) == ["Resume Crazy Eights (hosted, lobby, port 7098)"]
        assert home.focused is home.query_one("#solo", Button)
        await pilot.press("up")
        assert home.focused is home.query_one("#resume-0", Button)
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                              and len(app.screen.query(".resume")) == 2 and app.screen)
        assert _labels(home) == ["Resume Ninety-Eight (solo)", "Resume Crazy Eights (hosted, lobby, port 7098)"]
        assert home.focused is home.query_one("#resume-0", Button)


async def _back_to_the_window(app: object, pilot: object) -> None:
    """The terminal says the window lost the focus, then has it again."""
    app.post_message(events.AppBlur())  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    app.post_message(events.AppFocus())  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_home_reads_the_saves_again_when_its_window_has_the_focus_again() -> None:
    """Another window holds the solo save (its lock): home does not offer it. That window lets
    it go, and this one, come back to, offers it under Enter; taken again, it goes, and Enter
    is Play solo. A window come back to with nothing changed keeps its focus where it was."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    other = try_lock(solo_save_path())  # the other window's hold on it: a real lock on the file
    assert other is not None
    try:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            home = await wait_for(pilot, lambda: current(app, HomeScreen))
            await pilot.pause()
            assert _labels(home) == []
            await pilot.press("down")  # on Host a table
            await _back_to_the_window(app, pilot)
            assert _labels(home) == [] and home.focused is home.query_one("#host", Button)

            os.close(other)  # that window is closed
            other = None
            await _back_to_the_window(app, pilot)
            await wait_for(pilot, lambda: _labels(home) == ["Resume Ninety-Eight (solo)"])
            await wait_for(pilot, lambda: home.focused is home.query_one("#resume-0", Button))

            other = try_lock(solo_save_path())  # another window takes it again
            assert other is not None
            await _back_to_the_window(app, pilot)
            await wait_for(pilot, lambda: _labels(home) == [])
            await wait_for(pilot, lambda: home.focused is home.query_one("#solo", Button))
    finally:
        if other is not None:
            os.close(other)


async def test_back_from_a_table_enter_resumes_as_at_a_fresh_start() -> None:
    """A new solo match started from Play solo (Down from Resume, Enter, yes) and left: home's
    focus is back on Resume, where Enter plays the match on, not on Play solo, where Enter
    would ask to replace it. Up stops at the first entry: it does not come round to Quit."""
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.table import TableScreen

    from .helpers import start_solo

    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: current(app, HomeScreen) and app.screen.query(".resume") and app.screen)
        assert home.focused is home.query_one("#resume-0", Button)
        await pilot.press("up")
        assert home.focused is home.query_one("#resume-0", Button)  # not Quit
        await pilot.press("down")
        assert home.focused is home.query_one("#solo", Button)
        await start_solo(app, pilot)
        await wait_for(pilot, lambda: current(app, TableScreen))
        app.back_home()
        await wait_for(pilot, lambda: current(app, HomeScreen) and app.session is None)
        await wait_for(pilot, lambda: home.focused is not None and home.focused.id == "resume-0")
        await pilot.press("enter")
        await wait_for(pilot, lambda: current(app, TableScreen))
        assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
        await app.leave_table()


async def test_back_from_settings_the_focus_stays_where_it_was() -> None:
    """Settings opened from its menu entry and closed: the focus is on Settings again."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: current(app, HomeScreen) and app.screen.query(".resume") and app.screen)
        home.query_one("#settings", Button).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: not current(app, HomeScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: current(app, HomeScreen))
        await pilot.pause()
        assert home.focused is home.query_one("#settings", Button)
