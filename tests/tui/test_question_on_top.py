"""A question the player is answering stays on top: a hand that ends while "Leave this match?"
is up does not cover it with its results, so that the next key answers the question the
player read. The results show once the player stays; leaving shows them not at all. So for
any screen over the table (Help, the join screen a question's answer opens): a hand's results
show on the table, once it is back on top. A real host on 127.0.0.1, another player at it (Ana)
who ends the hand, and the app in the other seat."""
from __future__ import annotations

from typing import Any

from core import Match
from net.client import TableClient
from net.server import Server, TableConfig
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import make_app, seated_and_dealt, wait_for


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


async def _hand_about_to_end(srv: Server, preset: str = "standard") -> tuple[Any, TableClient]:
    table = srv.create_table(TableConfig(name="Ana's table", game="ninety-eight", preset=preset, seats=2, seed=3))
    ana = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id, host_key=table.host_key,
                                    reconnect=False)
    return table, ana


async def test_a_hand_that_ends_under_the_leave_question_shows_its_results_once_the_player_stays() -> None:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table, ana = await _hand_about_to_end(srv)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session)
            hand = session.view["hand_number"]
            await pilot.press("escape")
            ask = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen)
            await ana.act(ending)
            await wait_for(pilot, lambda: session.view["hand_number"] > hand or session.view["is_over"])
            await pilot.pause(0.2)
            assert app.screen is ask  # the question is still the one on top, still to be answered
            assert not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
            await pilot.press("escape")  # stay
            results = await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen)
            assert app.screen_stack[-2] is screen and not results.match_over
            assert (results.event or {}).get("kind") in ("hand_over", "round_over")
            await pilot.press("enter")  # continue
            await wait_for(pilot, lambda: app.screen is screen)
    finally:
        await ana.close()
        await srv.close()


async def test_leaving_under_a_hand_that_ended_meanwhile_goes_home_with_no_results() -> None:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table, ana = await _hand_about_to_end(srv)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session)
            hand = session.view["hand_number"]
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await ana.act(ending)
            await wait_for(pilot, lambda: session.view["hand_number"] > hand or session.view["is_over"])
            await pilot.press("y")  # leave
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            await pilot.pause(0.2)
            assert isinstance(app.screen, HomeScreen)
            assert not any(isinstance(s, (ResultsScreen, TableScreen)) for s in app.screen_stack)
    finally:
        await ana.close()
        await srv.close()


async def test_results_held_under_a_question_wait_for_the_screen_its_answer_opens() -> None:
    """"Join another table?" answered yes opens the join screen over the table: the results of
    the hand that ended under the question do not come over it, and show once the player
    closes it and is back at the table."""
    from tui.screens.join import JoinScreen

    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table, ana = await _hand_about_to_end(srv)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session)
            hand = session.view["hand_number"]
            app.away_from_table("Join another table?", app.open_join)  # as the palette's Join a table
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await ana.act(ending)
            await wait_for(pilot, lambda: session.view["hand_number"] > hand or session.view["is_over"])
            await pilot.press("y")
            join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen)
            await pilot.pause(0.2)
            assert app.screen is join and not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
            await pilot.press("escape")
            results = await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen)
            assert app.screen_stack[-2] is screen and (results.event or {}).get("kind") in ("hand_over", "round_over")
    finally:
        await ana.close()
        await srv.close()


async def test_a_hand_that_ends_while_help_is_open_shows_its_results_once_help_closes() -> None:
    """The results wait for the table to be back on top, as under a question: F1 opened
    during the others' turn, the hand ends, Help stays; Escape, then the results."""
    from tui.screens.help import HelpScreen

    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table, ana = await _hand_about_to_end(srv)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session)
            hand = session.view["hand_number"]
            await pilot.press("f1")
            help_screen = await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen)
            await ana.act(ending)
            await wait_for(pilot, lambda: session.view["hand_number"] > hand or session.view["is_over"])
            await pilot.pause(0.2)
            assert app.screen is help_screen
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            assert app.screen_stack[-2] is screen
    finally:
        await ana.close()
        await srv.close()


async def test_a_match_that_ends_under_the_leave_question_takes_the_question_away() -> None:
    """"Leave this match?" loses its point when the match ends under it (and what it says of
    leaving with it): it goes by itself, and the match's results show on the table."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table, ana = await _hand_about_to_end(srv, preset="single-hand")
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            ending = await _until_ana_can_end_the_hand(pilot, table, ana, session, kinds=("match_over",))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await ana.act(ending)
            results = await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen)
            assert results.match_over and app.screen_stack[-2] is screen
            assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
            assert app.session is session  # the question went unanswered: the player is still there
    finally:
        await ana.close()
        await srv.close()
