"""A question over the table shows its own key bar, not the table's: under "Leave this match?"
Escape stays (the table's bar said "esc Leave"), under a choice it cancels, under a hand's
results it continues; Q quits under either, as at the table; Rematch and Back to lobby are offered only when the match is over."""
from __future__ import annotations

from core import new_match
from tui.screens.choice import ChoiceScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, key_bar, make_app, show_match, start_solo, stacked, wait_for


async def test_the_leave_question_names_its_own_keys() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: "Leave" in key_bar(table))  # the bar follows the hand's focus at its next refresh
        await pilot.press("escape")
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        await pilot.pause()
        assert key_bar(ask) == ["Leave", "Stay"]  # Y as the yes button reads, and Esc as the no
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


async def test_a_choice_names_its_own_keys() -> None:
    """ninety-eight 2: at 0 an ace is 1 or 11; the prompt's bar offers Cancel and Quit, not the
    table's keys."""
    app = make_app()
    deck = stacked(["AS", "2C", "3C", "4C", "TD", "6C", "7C", "8C"])
    async with app.run_test(size=(80, 24)) as pilot:
        await show_match(app, pilot, new_match("ninety-eight", 4, deck=deck, dealer=0), seat=1)
        await pilot.press("1", "enter")
        prompt = await wait_for(pilot, lambda: current(app, ChoiceScreen))
        await pilot.pause()
        assert key_bar(prompt) == ["Cancel", "Quit"]


async def test_q_quits_from_a_choice_as_from_the_table() -> None:
    """Q under the ace's 1-or-11 prompt quits (it did nothing: a modal screen leaves out the
    app's keys)."""
    app = make_app()
    deck = stacked(["AS", "2C", "3C", "4C", "TD", "6C", "7C", "8C"])
    async with app.run_test(size=(80, 24)) as pilot:
        await show_match(app, pilot, new_match("ninety-eight", 4, deck=deck, dealer=0), seat=1)
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: current(app, ChoiceScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_results_offer_rematch_only_at_the_end_of_a_match() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await show_match(app, pilot, new_match("ninety-eight", 2, seed=1))
        view = link.view()
        for match_over, keys in ((False, ["Continue", "Quit"]), (True, ["Continue", "Rematch", "Back to lobby", "Quit"])):
            results = ResultsScreen(link, view, screen.names, [0, 5], match_over)
            await app.push_screen(results)
            await pilot.pause()
            assert key_bar(results) == keys
            results.dismiss(None)
            await pilot.pause()


async def test_q_quits_from_a_hands_results_as_from_the_table() -> None:
    """Textual leaves the app's keys out of a modal screen's: Q under a hand's results did
    nothing. It quits there as it does at the table."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await show_match(app, pilot, new_match("ninety-eight", 2, seed=1))
        await app.push_screen(ResultsScreen(link, link.view(), screen.names, [0, 5], False))
        await pilot.pause()
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_help_the_rules_the_theme_and_the_card_style_work_over_a_question() -> None:
    """F1 to F4 work everywhere, questions included (Textual leaves the app's keys out of a
    modal screen's): over "Leave this match?" F1 opens Help, F2 then the rules in its place,
    and Escape comes back to the question, still asked; F3 and F4 (which did nothing there)
    switch the theme and the card style under it."""
    from tui.screens.help import HelpScreen
    from tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("escape")
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is ask)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is ask)
        theme, style = app.theme, app.settings.card_style
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.theme != theme)
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.settings.card_style != style)
        assert app.screen is ask  # still asked
        await pilot.press("escape")  # Stay
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))

