"""A wild card's choice of suit says what the hand keeps of each suit (crazy-eights 3.3: the
player names the suit to follow, and one the hand still holds is one it can follow itself)."""
from __future__ import annotations

import pytest

from tui.keptsuits import kept_suits
from tui.plays import parse_play
from tui.screens.choice import ChoiceScreen

from tests.bots.helpers import positions

from .helpers import choice_shown, make_app


def test_counts_each_suit_left_in_the_order_offered() -> None:
    """3.3: the eight played is not counted; the order is the buttons' (S H D C)."""
    hand = ["3S", "JC", "AC", "5S", "8H"]
    assert kept_suits(hand, "8H", ["8"], "SHDC") == "Your hand keeps ♠ 2 · ♥ 0 · ♦ 0 · ♣ 2."
    assert kept_suits(hand, "8H", ["8"], "CDHS") == "Your hand keeps ♣ 2 · ♦ 0 · ♥ 0 · ♠ 2."


def test_wild_cards_are_told_apart_from_the_suits() -> None:
    """3.3 and the jokers option: another eight, or a joker, follows any suit, so it counts in
    none; one is named, more are counted."""
    assert kept_suits(["8D", "2C", "8H"], "8H", ["8"], "SHDC") == "Your hand keeps ♠ 0 · ♥ 0 · ♦ 0 · ♣ 1, and 8♦ (wild)."
    assert (kept_suits(["8D", "JK", "8H", "2C"], "8H", ["JK", "8"], "SHDC", "ascii")
            == "Your hand keeps S 0 · H 0 · D 0 · C 1, and 2 wild cards (8D, Joker).")


def test_countdown_counts_by_the_seats_own_wild_rank() -> None:
    """6.1: in Countdown the seat's count is its wild rank, and an eight is an ordinary card."""
    assert kept_suits(["5S", "8S", "5H", "2D"], "5S", ["5"], "SHDC") == "Your hand keeps ♠ 1 · ♥ 0 · ♦ 1 · ♣ 0, and 5♥ (wild)."


def test_two_decks_keep_the_twin_of_the_card_played() -> None:
    """Two decks hold each card twice: playing one leaves the other in hand."""
    assert kept_suits(["8S", "8S", "KD"], "8S", ["8"], "SHDC") == "Your hand keeps ♠ 0 · ♥ 0 · ♦ 1 · ♣ 0, and 8♠ (wild)."


def test_nothing_is_said_of_an_empty_hand() -> None:
    assert kept_suits(["8S"], "8S", ["8"], "SHDC") == ""


def test_the_counts_are_those_of_the_hand_the_engine_leaves() -> None:
    """Over 60 seeded Crazy Eights matches (every preset), at each wild play offered: the
    counts said are those of the hand the engine leaves once that play is made."""
    from tui.cardface import rank_of, suit_of

    checked = 0
    presets = ["standard", "countdown", "jokers"]
    for seed in range(60):
        for m, seat in positions("crazy-eights", presets[seed % 3], 2 + seed % 4, seed, 300):
            view = m.view(seat)
            wilds = [a for a in map(str, m.legal_actions(seat)) if (p := parse_play(a)) and p[2] is not None]
            for action in wilds[:1]:
                card = parse_play(action)[0]  # type: ignore[index]
                said = kept_suits(view["hand"], card, view["wild"], "SHDC")
                after = m.clone()
                after.apply(action, seat)
                left = after.view(seat)["hand"]
                if not left:
                    continue
                plain = [c for c in left if rank_of(c) not in view["wild"]]
                for suit, glyph in zip("SHDC", "♠♥♦♣"):
                    assert f"{glyph} {sum(1 for c in plain if suit_of(c) == suit)}" in said, (said, left)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("size", [(80, 24), (60, 18)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_counts_show_whole_under_the_suits(size: tuple[int, int]) -> None:
    """Under the four suits, whole on screen in the smallest terminal the table takes."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        note = kept_suits(["8C", "KH", "4S", "5S", "JK"], "8C", ["JK", "8"], "SHDC")
        screen = ChoiceScreen("8♣ is wild: name the suit to follow.", ["8C=S", "8C=H", "8C=D", "8C=C"],
                              game="crazy-eights", note=note)
        under, shown = await choice_shown(app, pilot, screen, size[0])
        assert under == note
        assert "♠ 2 · ♥ 1" in shown and "Joker (wild)." in shown, shown
        await pilot.press("escape")


def test_the_suit_kept_most_is_the_first_of_those_tied() -> None:
    from tui.keptsuits import most_kept

    assert most_kept(["8C", "KH", "4D", "5D", "7S"], "8C", ["8"], "SHDC") == 2  # ♦ 2
    assert most_kept(["8C", "KH", "4D", "7S"], "8C", ["8"], "SHDC") == 0       # one each: the first
    assert most_kept(["8C", "8D", "KH"], "8C", ["8"], "SHDC") == 1             # the other eight is no diamond
