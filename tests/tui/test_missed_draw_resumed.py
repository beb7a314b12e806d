"""Ninety-Nine's manual draw (rules 5.1-5.2: after your play you may draw until the next seat
plays; forget it and you play on a card short): the log's line for a chance gone by untaken is
part of the log "as you saw it" that Resume shows again (docs/guide.md), read back from the
hand so far, where no view between the moves tells that the draw was there to take. Played for
real: a solo table (a host on 127.0.0.1 in the app's process), the keys, its save."""
from __future__ import annotations

from typing import Any

from core import new_match
from net.savefile import read_save
from tui.drawchance import MISSED_DRAW
from tui.saves import solo_save_path
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice
from tui.screens.table import TableScreen

from .helpers import log_entries, make_app, play_with_keys, show_link, wait_for
from .matchlink import MatchLink


def _a_bot_missed_a_draw(log: list[str]) -> bool:
    """A bot's play followed at once by the next seat's: the bot let its chance to draw go."""
    return any(line.startswith("Easy bot") and " plays " in line and after.startswith(("Easy bot", "You play"))
               and " draws " not in after and " play" in after
               for line, after in zip(log, log[1:]))


def _saved(session: Any) -> bool:
    """The save holds every move the table has made."""
    state = read_save(solo_save_path()).state
    return state is not None and state["actions"] == session.table.actions


async def test_a_draw_missed_is_in_the_resumed_log_as_it_was_said_live() -> None:
    """5.2: the player plays without drawing and the next seat plays: the log says the chance
    is gone, once. Resumed, the log holds that line once, where it was said, the hand a card
    short as it was, and every other line as it read live: an easy bot's draw missed (the deal
    has one), which the log does not tell live, is not told on resuming either."""
    app = make_app(seed=15)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-nine", preset="manual-draw", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        session = app.session
        await wait_for(pilot, lambda: session.view is not None)
        me = session.view["seat"]
        # a card played, and Space left alone: the chance is open until the next seat plays
        await play_with_keys(app, pilot, stop=lambda: session.view["drawer"] == me)
        dealt = session.view["hand_number"]
        table = app.screen
        assert isinstance(table, TableScreen)
        await wait_for(pilot, lambda: MISSED_DRAW in log_entries(table))
        # the player's turn again, no seat's chance to draw left open (nothing moves till the
        # player plays), and all of it saved
        await wait_for(pilot, lambda: session.view["current_seat"] == me and session.view["drawer"] is None
                       and _saved(session))
        assert session.view["hand_number"] == dealt, "the round went on to the player's next turn"
        seen = log_entries(table)
        assert seen.count(MISSED_DRAW) == 1
        assert _a_bot_missed_a_draw(seen), seen
        hand = list(session.view["hand"])
        assert len(hand) == 2  # three dealt, one played, none drawn
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)

    fresh = make_app()
    async with fresh.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(fresh.screen, HomeScreen) and fresh.screen.query(".resume"))
        await pilot.press("enter")  # Resume
        again = await wait_for(pilot, lambda: isinstance(fresh.screen, TableScreen) and fresh.screen.view
                               and fresh.screen)
        told = log_entries(again)
        assert again.view["hand"] == hand
        assert told.count(MISSED_DRAW) == 1, told
        assert told == seen, (told, seen)  # the round as it was told live, line for line
        await fresh.leave_table()


async def test_moves_told_together_say_a_missed_draw_once_where_the_next_seat_played() -> None:
    """5.1-5.2 with no view between the moves (what was played while the connection was down
    comes so): the player's play and the next seats' come in one update; the line follows the
    next seat's play, once. Where drawing is automatic (3.2) there is no chance to miss."""
    for preset, said in (("manual-draw", 1), ("standard", 0)):
        app = make_app()
        link = MatchLink(new_match("ninety-nine", 3, preset=preset, seed=0), seat=0, names=["Ana", "Bo", "Cy"])
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await show_link(app, pilot, link)  # the seats before Ana play first
            assert screen.view["current_seat"] == 0
            await link.act(str(link.match.legal_actions(0)[0]))  # the others answer in the same update
            await pilot.pause()
            told = log_entries(screen)
            assert told.count(MISSED_DRAW) == said, (preset, told)
            if said:
                mine = max(i for i, line in enumerate(told) if line.startswith("Ana plays"))
                # the next seat's play (a jack's skip may come between), then the line
                ended = next(i for i in range(mine + 1, len(told)) if told[i].startswith(("Bo plays", "Cy plays")))
                assert told[ended + 1] == MISSED_DRAW, told
