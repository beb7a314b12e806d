"""Forgetting a saved table on home: Del on a Resume entry asks first ("Keep it" is Escape's
answer and leaves the save), then deletes the save and the results kept beside it, and the
menu offers it no more. Del is on the key bar only where a Resume entry has the focus."""
from __future__ import annotations

from textual.widgets import Button

from net.savefile import save_path, write_save
from tui.saves import results_path, solo_save_path
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen

from .helpers import current, key_bar, make_app, notices, wait_for


def _labels(home: HomeScreen) -> list[str]:
    return [str(b.label) for b in home.query(".resume").results(Button)]


async def test_del_on_a_resume_entry_forgets_that_saved_table_once_asked() -> None:
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "finished"})
    results_path(solo_save_path()).write_text("{}", encoding="utf-8")
    hosted = save_path(7098)
    write_save(hosted, {"config": {"game": "crazy-eights"}, "status": "lobby"})
    app = make_app(port=7098)
    async with app.run_test(size=(100, 30)) as pilot:
        home = await wait_for(pilot, lambda: current(app, HomeScreen) and len(app.screen.query(".resume")) == 2
                              and app.screen)
        assert _labels(home) == ["See the results: Ninety-Eight (solo, finished)",
                                 "Resume Crazy Eights (hosted, lobby, port 7098)"]
        await pilot.press("up")  # (Enter is Play solo: neither has a match in play)
        assert home.focused is home.query_one("#resume-1", Button)
        await wait_for(pilot, lambda: "Forget" in key_bar(home))

        await pilot.press("delete")  # asked first; Escape keeps it
        question = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert question.question == "Forget the saved Crazy Eights (hosted, lobby, port 7098)?"
        assert "players cannot come back" in question.detail
        await pilot.press("escape")
        await wait_for(pilot, lambda: current(app, HomeScreen))
        await pilot.pause()
        assert hosted.is_file() and len(_labels(home)) == 2
        assert home.focused is home.query_one("#resume-1", Button)  # kept: the focus stays on it

        await pilot.press("delete")
        await wait_for(pilot, lambda: current(app, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: _labels(home) == ["See the results: Ninety-Eight (solo, finished)"])
        assert not hosted.exists()
        assert "Forgotten: Crazy Eights (hosted, lobby, port 7098)." in notices(app)
        # the entry left in its place has the focus (never Quit, which a stray Enter would press)
        await wait_for(pilot, lambda: home.focused is home.query_one("#resume-0", Button))

        # on the solo match's entry: its save and its kept results go
        await pilot.press("delete")
        question = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert question.question == "Forget the saved Ninety-Eight (solo, finished)?"
        # a finished match has nothing to play on: what goes is its results
        assert question.detail == "Its save is deleted: its results cannot be seen again (your record keeps the match)."
        await pilot.press("y")
        await wait_for(pilot, lambda: _labels(home) == [])
        assert not solo_save_path().exists() and not results_path(solo_save_path()).exists()

        # with no Resume entry left, the focus is on Play solo, where Del is not on the key bar
        # and does nothing
        await wait_for(pilot, lambda: home.focused is home.query_one("#solo", Button))
        assert "Forget" not in key_bar(home)
        await pilot.press("delete")
        await pilot.pause()
        assert current(app, HomeScreen) is home



async def test_at_80_columns_the_key_bar_keeps_every_key_beside_forget() -> None:
    """Del's key joins the bar on a Resume entry, where the focus starts: at 80 columns it
    left Record out for want of room."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: current(app, HomeScreen) and len(app.screen.query(".resume")) == 1
                              and app.screen)
        assert home.focused is home.query_one("#resume-0", Button)
        await wait_for(pilot, lambda: "Forget" in key_bar(home))
        assert key_bar(home) == ["Play solo", "Host", "Join", "Record", "Settings", "Rules", "Forget", "Quit", "Help"]


def test_help_says_the_whole_of_what_del_forgets() -> None:
    """The key bar's "Forget" is short for room; Help's Home keys say what it forgets, and where."""
    from tui.screens.help import key_rows

    rows = dict((does, key) for key, does in key_rows(list(HomeScreen.BINDINGS)))
    assert rows["Forget the saved table (on a Resume entry)"] == "Del"
    assert "Forget" not in rows
