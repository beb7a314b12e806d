"""A question the player is answering stays on top: a hand that ends while "Leave this match?"
is up does not cover it with its results, so that the next key answers the question the
player read. The results show once the player stays; leaving shows them not at all. So for
any screen over the table (Help, the join screen a question's answer opens): a hand's results
show on the table, once it is back on top. A real host on 127.0.0.1, another player at it (Ana)
who ends the hand, and the app in the other seat."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, NamedTuple

from core import Match
from net.client import TableClient
from net.server import TableConfig
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, seated_and_dealt, someone_elses_table, wait_for


ENDS_A_HAND = ("hand_over", "round_over", "match_over")


def _ending_play(match: Match, seat: int, kinds: tuple[str, ...] = ENDS_A_HAND) -> str | None:
    """A play open to ``seat`` now that ends the hand (or what ``kinds`` names), tried on a
    copy of the match."""
    for action in match.legal_actions(seat):
        trial = Match.restore(match.snapshot())
        if any(e.kind in kinds for e in trial.apply(action, seat)):
            return str(action)
    return None


async def _until_ana_can_end_the_hand(pilot: Any, table: Any, ana: TableClient, session: Any,
                                      kinds: tuple[str, ...] = ENDS_A_HAND) -> str:
    """Both seats play their first legal action until Ana is to act and has a play that ends
    the hand (or what ``kinds`` names): that play (this seed reaches one within a few dozen
    plays)."""
    for _ in range(200):
        match = table.match
        seat = match.current_seat
        if seat == 0:
            ending = _ending_play(match, 0, kinds)
            if ending is not None:
                await wait_for(pilot, lambda: session.view["current_seat"] == 0 and ana.view["current_seat"] == 0)
                return ending
            await wait_for(pilot, lambda: ana.view is not None and ana.view["current_seat"] == 0)
            before = ana.view["version"]
            await ana.act(str(match.legal_actions(0)[0]))
        else:
            await wait_for(pilot, lambda: session.view["current_seat"] == 1 and session.view["legal"])
            before = session.view["version"]
            await session.act(session.view["legal"][0])
        await wait_for(pilot, lambda: ana.view["version"] > before and session.view["version"] > before)
    raise AssertionError("no play of Ana's ended a hand within 200 plays")


class AtTheEnd(NamedTuple):
    """The app at Ana's table, Ana to play and holding ``ending``, a play that ends the hand
    (or the match) dealt as ``hand``."""
    app: Any
    pilot: Any
    screen: Any
    session: Any
    ana: TableClient
    ending: str
    hand: int

    async def end_it(self) -> None:
        """Ana plays ``ending``; back once the app has the view that follows."""
        await self.ana.act(self.ending)
        view = lambda: self.session.view  # noqa: E731
        await wait_for(self.pilot, lambda: view()["hand_number"] > self.hand or view()["is_over"])

    async def end_it_under(self, key: str, kind: type) -> Any:
        """``key`` opens a screen of ``kind`` over the table, then Ana ends the hand: that
        screen, still on top a moment later, with no results over it or under it."""
        app = self.app
        await self.pilot.press(key)
        over = await wait_for(self.pilot, lambda: current(app, kind))
        await self.end_it()
        await self.pilot.pause(0.2)
        assert app.screen is over and not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        return over


@asynccontextmanager
async def _ana_about_to_end(preset: str = "standard", kinds: tuple[str, ...] = ENDS_A_HAND) -> AsyncIterator[AtTheEnd]:
    config = TableConfig(name="Ana's table", game="ninety-eight", preset=preset, seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session, kinds)
            yield AtTheEnd(app, pilot, screen, session, ana, ending, session.view["hand_number"])


async def test_a_hand_that_ends_under_the_leave_question_shows_its_results_once_the_player_stays() -> None:
    async with _ana_about_to_end() as at:
        app, pilot = at.app, at.pilot
        await at.end_it_under("escape", ConfirmScreen)  # the question is still on top, to be answered
        await pilot.press("escape")  # stay
        results = await wait_for(pilot, lambda: current(app, ResultsScreen))
        assert app.screen_stack[-2] is at.screen and not results.match_over
        assert (results.event or {}).get("kind") in ("hand_over", "round_over")
        await wait_for(pilot, results.keys_act)
        await pilot.press("enter")  # continue
        await wait_for(pilot, lambda: app.screen is at.screen)


async def test_leaving_under_a_hand_that_ended_meanwhile_goes_home_with_no_results() -> None:
    async with _ana_about_to_end() as at:
        app, pilot = at.app, at.pilot
        await at.end_it_under("escape", ConfirmScreen)
        await pilot.press("y")  # leave
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
        await pilot.pause(0.2)
        assert isinstance(app.screen, HomeScreen)
        assert not any(isinstance(s, (ResultsScreen, TableScreen)) for s in app.screen_stack)


async def test_results_held_under_a_question_wait_for_the_screen_its_answer_opens() -> None:
    """"Join another table?" answered yes opens the join screen over the table: the results of
    the hand that ended under the question do not come over it, and show once the player
    closes it and is back at the table."""
    from tui.screens.join import JoinScreen

    async with _ana_about_to_end() as at:
        app, pilot = at.app, at.pilot
        app.away_from_table("Join another table?", app.open_join)  # as the palette's Join a table
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await at.end_it()
        await pilot.press("y")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        await pilot.pause(0.2)
        assert app.screen is join and not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        await pilot.press("escape")
        results = await wait_for(pilot, lambda: current(app, ResultsScreen))
        assert app.screen_stack[-2] is at.screen and (results.event or {}).get("kind") in ("hand_over", "round_over")


async def test_a_hand_that_ends_while_help_is_open_shows_its_results_once_help_closes() -> None:
    """The results wait for the table to be back on top, as under a question: F1 opened
    during the others' turn, the hand ends, Help stays; Escape, then the results."""
    from tui.screens.help import HelpScreen

    async with _ana_about_to_end() as at:
        app, pilot = at.app, at.pilot
        await at.end_it_under("f1", HelpScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.screen_stack[-2] is at.screen


async def test_a_match_that_ends_under_the_leave_question_says_so_and_keeps_the_key() -> None:
    """What "Leave this match?" says of leaving no longer holds once the match ends under it:
    it says the match is over, and stays, so that the key pressed for it answers it rather
    than landing on the results (Enter there would ask for a rematch); staying shows them."""
    async with _ana_about_to_end(preset="single-hand", kinds=("match_over",)) as at:
        app, pilot = at.app, at.pilot
        ask = await at.end_it_under("escape", ConfirmScreen)
        assert str(ask.query_one("#confirm-detail").render()) == "The match is over."
        await pilot.press("enter")  # Stay, the question's own first answer
        results = await wait_for(pilot, lambda: current(app, ResultsScreen))
        assert results.match_over and app.screen_stack[-2] is at.screen
        assert app.session is at.session  # Enter went to the question, not to the results' first button


async def test_a_new_match_over_results_never_shown_says_so() -> None:
    """The match ends while Help is up, and the host deals the next one before Help closes:
    the old match's results have had their time, and the player is told a new match began."""
    from tui.screens.help import HelpScreen

    from .helpers import notices

    async with _ana_about_to_end(preset="single-hand", kinds=("match_over",)) as at:
        app, pilot = at.app, at.pilot
        await at.end_it_under("f1", HelpScreen)
        await at.ana.rematch()
        await wait_for(pilot, lambda: not at.session.view["is_over"])
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is at.screen)
        await pilot.pause(0.2)
        assert not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        assert "A new match has started." in notices(app)
