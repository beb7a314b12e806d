"""``saved_tables`` says itself which save is a finished solo match (going in shows its results,
nothing is left to play), and a finished hosted table opens again for its players, a table to
resume like any other. Home marks each whose match is over: Enter does not start on it."""
from __future__ import annotations

from textual.widgets import Button

from net.savefile import save_path, write_save
from tui.saves import saved_tables, solo_save_path
from tui.screens.home import HomeScreen

from .helpers import make_app, wait_for


def test_only_a_finished_solo_match_is_finished() -> None:
    write_save(save_path(7098), {"config": {"game": "crazy-eights"}, "status": "finished"})
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "playing"})
    found, problems = saved_tables(7098)
    assert not problems
    assert [(t.label, t.solo, t.finished) for t in found] == [
        ("Resume Ninety-Eight (solo)", True, False),
        ("Resume Crazy Eights (hosted, finished, port 7098)", False, False)]
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "finished"})
    found, _problems = saved_tables(7098)
    assert [(t.label, t.finished) for t in found] == [
        ("See the results: Ninety-Eight (solo, finished)", True),
        ("Resume Crazy Eights (hosted, finished, port 7098)", False)]


async def test_home_starts_on_no_entry_whose_match_is_over() -> None:
    """A hosted table whose match ended opens again for a rematch: Enter from habit, after a
    finished solo match, went to it (a port opened, or "port in use"); Enter starts a new game,
    and the table stays a press away."""
    write_save(solo_save_path(), {"config": {"game": "ninety-eight"}, "status": "finished"})
    write_save(save_path(7098), {"config": {"game": "crazy-eights"}, "status": "finished"})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                              and len(app.screen.query(".resume")) == 2 and app.screen)
        marked = [(str(b.label), b.has_class("over")) for b in home.query(".resume").results(Button)]
        assert marked == [("See the results: Ninety-Eight (solo, finished)", True),
                          ("Resume Crazy Eights (hosted, finished, port 7098)", True)]
        assert home.focused is home.query_one("#solo", Button)
        await pilot.press("up")
        assert home.focused is home.query_one("#resume-1", Button)


def test_only_a_solo_match_in_play_is_one_a_new_solo_match_asks_before_replacing() -> None:
    """A solo table left in its lobby (nothing dealt: its choices only) is no saved match: a new
    solo table replaces it without asking "Your saved ... match is replaced"; a match in play
    does ask."""
    from tui.saves import solo_saved

    write_save(solo_save_path(), {"config": {"game": "crazy-eights"}, "status": "lobby"})
    assert solo_saved() is None
    write_save(solo_save_path(), {"config": {"game": "crazy-eights"}, "status": "playing"})
    assert solo_saved() == "Crazy Eights"
