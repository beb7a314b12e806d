"""A rematch at the same table: its log runs on from the last match, and a line marks where the
new match starts ("New match: Ninety-Eight (single-hand), 2 seats"), between the last match's
end and the new one's cut for its first deal, so a player scrolling back tells the matches
apart; a first match's log starts with its cut, as before. Played for real: a solo table, and a
guest at a table whose host plays from another terminal."""
from __future__ import annotations

from typing import Any

import pytest

from tests.net.table_helpers import RandomPlayer
from tui.matchheading import match_heading, starts_match
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, play_with_keys, wait_for
from .test_rematch_guest import _dealt_here

HEADING = "New match: Ninety-Eight (single-hand), 2 seats"
CUT = "The cut for the first deal"


def _marked_once(log: list[str]) -> None:
    """The log holds two matches with the heading once, right after the first one's end and
    right before the second one's cut; the first match's log starts with its own cut."""
    assert log.count(HEADING) == 1, log
    at = log.index(HEADING)
    assert any(line.startswith("Match over:") for line in log[:at]), log
    assert log[at + 1].startswith(CUT), log
    assert sum(line.startswith(CUT) for line in log[:at]) == 1 and not any(
        line.startswith("New match") for line in log[:at]), log


async def _rematch_dealt(app: Any, pilot: Any, table: TableScreen, rematch: Any) -> list[str]:
    """The match over (its results up), ``rematch`` starts the next one: the log once the new
    match is dealt at the same table."""
    await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over)
    first = [line for line in log_entries(table)]
    assert not any(line.startswith("New match") for line in first)
    await rematch()
    await wait_for(pilot, lambda: table.view is not None and not table.view["is_over"])
    assert current(app, TableScreen) is table or table in app.screen_stack
    return log_entries(table)


@pytest.mark.parametrize("solo", [True, False])
async def test_the_hosts_rematch_is_marked_in_the_log(solo: bool) -> None:
    """The app's own table, solo or hosted for others (a bot in the other seat, on 127.0.0.1):
    R on the match's results deals the rematch at the same table."""
    app = make_app(seed=11, bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                          bots={1: "normal"}), solo=solo)
        if not solo:  # a hosted table's lobby: the host starts the match
            await wait_for(pilot, lambda: current(app, LobbyScreen))
            await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        assert app.session.solo == solo
        await play_with_keys(app, pilot, timeout=90)
        results = app.screen
        assert isinstance(results, ResultsScreen)

        async def rematch() -> None:
            await wait_for(pilot, results.keys_act)
            await pilot.press("r")

        _marked_once(await _rematch_dealt(app, pilot, table, rematch))
        await app.leave_table()


async def test_a_guests_log_marks_the_hosts_rematch() -> None:
    """Bo (this app) at Ana's table: Ana (another terminal, the host key) starts the rematch
    while Bo reads the results; Bo's log marks it, the lobby's variant named."""
    async with _dealt_here() as (app, pilot, table, ana):
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        player = RandomPlayer(ana, 1)
        await play_with_keys(app, pilot, timeout=60)
        first = table.match
        log = await _rematch_dealt(app, pilot, screen, ana.rematch)
        assert table.match is not first
        _marked_once(log)
        await player.stop()


def test_what_starts_a_match_and_how_the_line_names_it() -> None:
    """A match over then one in play, or a first deal's cut, after a match shown; never the
    first match a table shows. The variant is the lobby's, where the lobby is of that game."""
    over, playing = {"game": "ninety-eight", "is_over": True}, {"game": "ninety-eight", "is_over": False}
    assert starts_match(over, playing, [])
    assert starts_match(playing, playing, [{"kind": "cut"}, {"kind": "deal"}])  # one missed while away
    assert not starts_match(None, playing, [{"kind": "cut"}])  # the table's first match
    assert not starts_match(playing, playing, [{"kind": "play"}]) and not starts_match(over, over, [])
    view = {"game": "ninety-eight", "players": 4}
    assert match_heading(view, {"game": "ninety-eight", "preset": "teams"}) == "New match: Ninety-Eight (teams), 4 seats"
    assert match_heading(view, {"game": "crazy-eights", "preset": "countdown"}) == "New match: Ninety-Eight, 4 seats"
    assert match_heading(view, None) == "New match: Ninety-Eight, 4 seats"
