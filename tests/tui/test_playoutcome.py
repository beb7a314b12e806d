"""Ninety-Nine's choice between a card's two values says what each costs or wins in chips
(rules 3.3): the player choosing an ace's +11 at 30 reads that it passes 33 and costs a chip."""
from __future__ import annotations

import pytest
from textual.widgets import Label

from tui.playoutcome import chip_outcome
from tui.screens.choice import ChoiceScreen

from .helpers import make_app, wait_for


@pytest.mark.parametrize("total, action, said", [
    (30, "AS+11", "passes 33: you lose 1 chip"),                      # 3.3 passing
    (60, "AS+11", "passes 66: you lose 1 chip"),
    (30, "AS+1", ""),                                                 # 31: nothing happens
    (22, "AS+11", "lands on 33: the others lose 1 chip each"),        # 3.3 landing
    (56, "TD+10", "lands on 66: the others lose 1 chip each"),
    (88, "AS+11", "99: you win the round, and the others lose 2 chips each"),  # 3.3 99
    (97, "TD+10", "goes over 99: you lose 2 chips and the round ends"),       # 3.3 over 99
    (97, "TD-10", ""),                                                # coming down costs nothing
    (43, "TD-10", ""),                                                # down onto 33: no landing (o < t)
    (5, "TD-10", ""),                                                 # 2.1: to 0
])
def test_each_value_says_what_it_does_to_the_chips(total: int, action: str, said: str) -> None:
    assert chip_outcome("ninety-nine", total, action) == said


def test_other_games_and_plain_cards_say_nothing() -> None:
    assert chip_outcome("ninety-eight", 30, "AS+11") == ""  # Ninety-Eight has no chips for it
    assert chip_outcome("ninety-nine", 30, "8S") == ""
    assert chip_outcome("ninety-nine", None, "AS+11") == ""


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_choice_shows_what_each_value_costs_on_screen(size: tuple[int, int]) -> None:
    """Under the buttons, whole on screen (wrapped in a narrow terminal, not cut off)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = ChoiceScreen("Play A♠ how? The total is 97.", ["AS+1", "AS+11"], total=97, game="ninety-nine")
        await app.push_screen(screen)
        outcomes = await wait_for(pilot, lambda: screen.query_one("#outcomes", Label))
        await pilot.pause()
        assert str(outcomes.render()) == "2: goes over 99: you lose 2 chips and the round ends."
        box = screen.query_one("#choice").region
        assert box.x >= 0 and box.right <= size[0]
        shown = " ".join(strip.text.strip(" █") for strip in screen._compositor.render_strips())
        assert "you lose 2 chips" in shown and "the round ends." in shown, shown
        await pilot.press("escape")
