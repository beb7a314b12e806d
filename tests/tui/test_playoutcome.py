"""Ninety-Nine's choice between a card's two values says what each costs or wins in chips
(rules 3.3): the player choosing an ace's +11 at 30 reads that it passes 33 and costs a chip."""
from __future__ import annotations

import pytest

from tui.playoutcome import chip_outcome
from tui.screens.choice import ChoiceScreen

from .helpers import choice_shown, make_app


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


@pytest.mark.parametrize("total, action, said", [
    (60, "JD", "passes 66: you lose 1 chip"),                          # a J adds 10
    (20, "8S", ""),                                                   # 28: nothing happens
    (25, "8S", "lands on 33: the others lose 1 chip each"),
    (30, "2C", "passes 33: you lose 1 chip"),                         # 2.2: 30 doubles to 60
    (60, "2C", ""),                                                   # 2.2: 60 halves to 30, coming down
    (98, "9H", ""),                                                   # a 9 adds nothing
    (95, "4S", "99: you win the round, and the others lose 2 chips each"),
    (96, "KS", "goes over 99: you lose 2 chips and the round ends"),
    (30, "AS", ""), (30, "TD", ""),                                   # two values: the choice says
])
def test_a_card_of_one_value_says_what_it_does_to_the_chips(total: int, action: str, said: str) -> None:
    assert chip_outcome("ninety-nine", total, action) == said


def test_other_games_say_nothing() -> None:
    assert chip_outcome("ninety-eight", 30, "AS+11") == ""  # Ninety-Eight has no chips for it
    assert chip_outcome("ninety-eight", 60, "JD") == ""
    assert chip_outcome("ninety-nine", None, "AS+11") == ""


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_choice_shows_what_each_value_costs_on_screen(size: tuple[int, int]) -> None:
    """Under the buttons, whole on screen (wrapped in a narrow terminal, not cut off)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = ChoiceScreen("Play A♠ how? The total is 97.", ["AS+1", "AS+11"], total=97, game="ninety-nine")
        under, shown = await choice_shown(app, pilot, screen, size[0])
        assert under == "2: goes over 99: you lose 2 chips and the round ends."
        assert "you lose 2 chips" in shown and "the round ends." in shown, shown
        await pilot.press("escape")


def test_the_total_after_a_play_is_the_engines() -> None:
    """``total_after`` (what the line above the hand reckons with) against the engine itself,
    every legal play of every position of 40 seeded Ninety-Nine matches (presets and two decks)."""
    import random

    from core import new_match
    from tui.playoutcome import total_after

    checked = 0
    for seed in range(40):
        m = new_match("ninety-nine", 2 + seed % 5, "standard", options={"decks": 2} if seed % 4 == 0 else {},
                      seed=seed)
        rng = random.Random(seed)
        for _ in range(400):  # bounded: a match's moves
            if m.is_over:
                break
            seat = m.current_seat
            total = m.view(seat)["total"]
            for action in map(str, m.legal_actions(seat)):
                if action == "draw":
                    continue
                assert total_after(total, action) == trial_total(m, action, seat), (seed, total, action)
                checked += 1
            m.apply(str(rng.choice(m.legal_actions(seat))), seat)
    assert checked > 5000


def trial_total(m, action: str, seat: int) -> int:
    """The total the engine's play event gives for ``action``."""
    trial = m.clone()
    events = trial.apply(action, seat)
    return next(e.data["total"] for e in events if e.kind == "play")


def test_the_total_a_play_makes_is_the_engines_in_both_adding_games() -> None:
    """``play_total`` (the "to 70" of the line above the hand) against the engine's play event,
    every legal play of every position of 60 seeded matches: Ninety-Eight over every preset
    and the options that change what a card adds (ninety-eight 2, 7), Ninety-Nine over two
    decks too."""
    import random

    from core import GAMES, new_match
    from tui.playoutcome import play_total

    presets = list(GAMES["ninety-eight"].presets)
    checked = 0
    for seed in range(60):
        if seed >= 40:
            m = new_match("ninety-nine", 2 + seed % 5, "standard", options={"decks": 2} if seed % 2 else {}, seed=seed)
        else:
            preset = presets[seed % len(presets)]
            options = {"threes": "skip", "fours": "reverse", "jacks": "skip", "limit": 60} if seed % 2 else {}
            m = new_match("ninety-eight", 4 if preset == "teams" or seed % 4 == 0 else 2 + seed % 5, preset,
                          options=options, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):  # bounded: a match's moves
            if m.is_over:
                break
            seat = m.current_seat
            view = m.view(seat)
            for action in map(str, m.legal_actions(seat)):
                if action == "draw":
                    continue
                assert play_total(view, action) == trial_total(m, action, seat), (seed, view["total"], action)
                checked += 1
            m.apply(str(rng.choice(m.legal_actions(seat))), seat)
    assert checked > 5000
