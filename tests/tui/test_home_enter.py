"""What Enter does on home, and a home that keeps up with the other windows: a finished solo
match is offered ("See the results"), but Enter starts a new game rather than open a match
with nothing left to play (or a hosted table's lobby); a window come back to reads the saves again, so that a solo save
another window took or let go is offered, or not, as it now is."""
from __future__ import annotations

import os

import pytest
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


async def _home(app: object, pilot: object, entries: int) -> HomeScreen:
    """Home, once it offers ``entries`` saved tables."""
    return await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)  # type: ignore[attr-defined]
                          and len(app.screen.query(".resume")) == entries and app.screen)  # type: ignore[attr-defined]


@pytest.mark.parametrize("saved, label", [
    ((None, "finished"), "See the results: Ninety-Eight (solo, finished)"),
    # saved before its first deal: Enter would have opened its port again
    ((7098, "lobby"), "Resume Ninety-Eight (hosted, lobby, port 7098)")])
async def test_enter_on_home_starts_a_new_game_with_no_match_in_play(saved: tuple[int | None, str],
                                                                     label: str) -> None:
    """A finished solo match's results, or a hosted table saved in its lobby, have no match to
    go back to: they stay first in the menu, a press of Up away; Enter opens the picker for a
    new solo game."""
    port, status = saved
    write_save(solo_save_path() if port is None else save_path(port), {"config": {"game": "ninety-eight"},
                                                                       "status": status})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await _home(app, pilot, 1)
        assert _labels(home) == [label]
        assert home.focused is home.query_one("#solo", Button)
        await pilot.press("up")
        assert home.focused is home.query_one("#resume-0", Button)  # a press away
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


@pytest.mark.parametrize("solo, hosted, in_play", [("finished", "playing", 1), ("playing", "lobby", 0)])
async def test_enter_on_home_resumes_a_table_left_in_play(solo: str, hosted: str, in_play: int) -> None:
    """A table left in play is still what Enter resumes, whatever stands beside it with no
    match in play (a finished solo match above it, a hosted lobby below)."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": solo})
    write_save(save_path(7098), {"config": {"game": "crazy-eights"}, "status": hosted})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await _home(app, pilot, 2)
        words = {"finished": ("See the results: ", ", finished"), "playing": ("Resume ", ""), "lobby": ("Resume ", ", lobby")}
        assert _labels(home) == [f"{words[solo][0]}Ninety-Eight (solo{words[solo][1]})",
                                 f"{words[hosted][0]}Crazy Eights (hosted{words[hosted][1]}, port 7098)"]
        assert home.focused is home.query_one(f"#resume-{in_play}", Button)


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
