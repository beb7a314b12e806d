"""Each match finished in a seat counts in your record exactly once: one that ended just before
the app died is counted, with its results shown, when its table is resumed; one counted as it
ended is not counted again when it is seen over again."""
from __future__ import annotations

import asyncio
import sys

from textual.widgets import Button

from net.savefile import read_save
from tui.record import Played, add, load, match_identity, played_from
from tui.saves import solo_save_path
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen

from .helpers import current, make_app, play_with_keys, wait_for

#: a real app in its own process playing a short solo match as fast as it can
PLAYER = """
import asyncio
from tui.app import DealMeInApp
from tui.screens.picker import TableChoice

async def main():
    app = DealMeInApp(bot_delay=0, mdns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                          bots={1: "easy"}), solo=True)
        for _ in range(2000):
            v = app.session.view
            if v and v.get("legal") and not v.get("is_over"):
                await app.session.act(v["legal"][0])
            await pilot.pause(0.01)
asyncio.run(main())
"""


def _finished() -> bool:
    state = read_save(solo_save_path()).state if solo_save_path().is_file() else None
    return state is not None and state.get("status") == "finished"


async def _resume_from_home(app, pilot) -> ResultsScreen:
    """Home's first entry, pressed: the results of the match that is over. It says so, with
    nothing left to play on (Enter lands on Play solo; the results are one Up above)."""
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
    button = app.screen.query_one("#resume-0", Button)
    assert str(button.label) == "See the results: Ninety-Eight (solo, finished)"
    await pilot.press("up")
    await wait_for(pilot, lambda: app.screen.focused is button)
    await pilot.press("enter")
    return await wait_for(pilot, lambda: current(app, ResultsScreen))


async def test_a_match_finished_just_before_the_app_was_killed_is_counted_once_when_resumed() -> None:
    player = await asyncio.create_subprocess_exec(sys.executable, "-c", PLAYER)
    try:
        for _ in range(6000):  # at most a minute
            if _finished() or player.returncode is not None:
                break
            await asyncio.sleep(0.01)
        assert _finished(), "the solo match did not finish"
    finally:
        player.kill()  # the moment its end is saved: the app may not have counted it yet
        await player.wait()
    counted_before = len(load()[0])

    for _ in range(2):  # resumed twice: shown each time, counted once
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            results = await _resume_from_home(app, pilot)
            assert results.match_over
            matches = load()[0]
            assert len(matches) == 1 and matches[0].match
            assert app.session.record_line.startswith("Your record at Ninety-Eight: ")
            await app.leave_table()
    assert counted_before in (0, 1)


async def test_a_match_counted_as_it_ended_is_not_counted_again_on_resume() -> None:
    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                          bots={1: "easy"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        await wait_for(pilot, _finished)
        assert len(load()[0]) == 1
        app.back_home()
        await wait_for(pilot, lambda: app.session is None)
        results = await _resume_from_home(app, pilot)
        assert len(load()[0]) == 1
        # a rematch from there, as the entry's results offer it
        assert results.match_over and results.query_one("#rematch", Button).display
        await wait_for(pilot, results.keys_act)
        await pilot.press("r")
        await wait_for(pilot, lambda: app.session.view is not None and not app.session.view.get("is_over"))
        await app.leave_table()


def test_a_match_already_recorded_is_not_added_again(tmp_path) -> None:
    lobby = {"table": "ab12cd34", "preset": "standard", "options": {},
             "seats": [{"seat": 0, "name": "Al", "bot": None}, {"seat": 1, "name": "Easy bot", "bot": "easy"}]}
    view = {"game": "ninety-eight", "is_over": True, "winners": [0], "version": 40, "pile": ["9H"]}
    path = tmp_path / "record.json"
    first = played_from(view, lobby, 0)
    assert first is not None and first.match == match_identity(view, lobby, 0)
    add(first, path)
    assert len(add(played_from(dict(view), dict(lobby), 0), path)[0]) == 1  # the same match seen again
    other = played_from(dict(view, version=41), lobby, 0)  # another match at the table
    assert len(add(other, path)[0]) == 2
    # the same match in another seat (one player hosting and joining, one data folder): counted
    assert len(add(played_from(view, lobby, 1), path)[0]) == 3
    old = Played("ninety-eight", "standard", True, ("easy",), "2026-11-29")  # recorded before matches had ids
    assert len(add(old, path)[0]) == 4 and len(add(old, path)[0]) == 5



def test_two_matches_that_ended_alike_are_each_counted_where_the_table_names_them(tmp_path) -> None:
    """A short match can end as another did at its table (the same winner, moves and empty
    hands): the lobby's name for each match keeps them apart; the same name seen again is the
    same match."""
    lobby = {"table": "ab12cd34", "preset": "single-hand", "options": {}, "match": "00000000000000a1",
             "seats": [{"seat": 0, "name": "Al", "bot": None}, {"seat": 1, "name": "Easy bot", "bot": "easy"}]}
    view = {"game": "ninety-eight", "is_over": True, "winners": [0], "version": 5, "pile": [], "hand_number": 1,
            "hand_counts": [0, 0], "total": 0}
    path = tmp_path / "record.json"
    assert len(add(played_from(view, lobby, 0), path)[0]) == 1
    assert len(add(played_from(dict(view), dict(lobby), 0), path)[0]) == 1  # seen again: the same match
    again = dict(lobby, match="00000000000000b2")  # the rematch, ended alike
    assert match_identity(view, again, 0) != match_identity(view, lobby, 0)
    assert len(add(played_from(view, again, 0), path)[0]) == 2
