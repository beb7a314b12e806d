"""Ninety-Nine's line above the hand over an ace or a ten (two values, rules 2) says what each
value does to the chips (rules 3.3), as the choice Enter opens does, in fewer words where the
line is narrow, and drops them before the totals: at 32 an ace's 1 lands on 33 (the others pay)
and its 11 passes 33 (the player pays)."""
from __future__ import annotations

import pytest

from core import new_match
from tui.hintline import hint_text
from tui.playoutcome import chip_outcome, chip_words

from .helpers import make_app, show_match, stacked

LABELS = {"enter": "Enter", "space": "Space", "l": "L", "p": "P"}


def keys(binding: str, default: str) -> str:
    return LABELS[default]


def line(total: int, card: str, width: int) -> str:
    """The line over ``card`` at ``total``, the hand an ace, a ten and a jack, in ``width`` cells."""
    view = {**new_match("ninety-nine", 3, seed=4).view(0), "total": total, "current_seat": 0}
    view["hand"] = ["AS", "TD", "JD"]
    view["legal"] = ["AS+1", "AS+11", "TD+10", "TD-10", "JD"]
    return hint_text(view, card, view["hand"], [], "two-colour", keys, lambda: width).plain


@pytest.mark.parametrize("total, action, words", [
    (32, "AS+1", ["lands on 33: the others lose 1 chip each", "the others lose 1 chip each",
                  "others lose 1 chip", "others lose 1"]),                                  # 3.3 landing
    (32, "AS+11", ["passes 33: you lose 1 chip", "you lose 1 chip", "you lose 1 chip", "you lose 1"]),  # passing
    (88, "AS+11", ["99: you win the round, and the others lose 2 chips each",
                   "you win the round, the others lose 2 chips each", "you win, others lose 2 chips",
                   "you win, others lose 2"]),                                              # 3.3 99
    (97, "TD+10", ["goes over 99: you lose 2 chips and the round ends", "you lose 2 chips, round over",
                   "you lose 2 chips, round over", "you lose 2, round over"]),              # over 99
    (53, "2C", ["passes 66 and goes over 99: you lose 3 chips and the round ends",          # the sheet's example
                "you lose 3 chips, round over", "you lose 3 chips, round over", "you lose 3, round over"]),
    (32, "TD-10", []), (43, "TD-10", []),                                                   # coming down costs nothing
])
def test_each_outcome_is_said_at_four_lengths_the_first_the_choices_own(total: int, action: str,
                                                                        words: list[str]) -> None:
    assert chip_words("ninety-nine", total, action) == words
    assert chip_outcome("ninety-nine", total, action) == (words[0] if words else "")


def test_a_seat_pays_what_it_has_and_the_words_say_so() -> None:
    """ninety-nine 4.1: a seat that cannot pay pays what it has. Holding 1 chip at 91, K♦ to 101
    said "you lose 2 chips" (the engine takes the 1 left); 99 takes all another seat holds."""
    assert chip_words("ninety-nine", 97, "TD+10", (1, 5)) == [
        "goes over 99: you lose your last chip and the round ends", "you lose your last chip, round over",
        "you lose your last chip, round over", "you lose 1, round over"]
    assert chip_words("ninety-nine", 53, "2C", (2, 5))[0] == \
        "passes 66 and goes over 99: you lose your last 2 chips and the round ends"
    assert chip_words("ninety-nine", 97, "TD+10", (2, 5))[0] == "goes over 99: you lose 2 chips and the round ends"
    assert chip_words("ninety-nine", 88, "AS+11", (5, 1))[:2] == [
        "99: you win the round, and the others lose 2 chips each (or all they have)",
        "you win the round, the others lose 2 chips each (or all they have)"]
    assert chip_words("ninety-nine", 88, "AS+11", (5, 2))[0] == "99: you win the round, and the others lose 2 chips each"


def test_the_line_above_the_hand_reads_the_chips_from_the_view() -> None:
    view = {**new_match("ninety-nine", 3, seed=4).view(0), "total": 91, "current_seat": 0}
    view["status"] = [{**s, "chips": 1 if i == 0 else s["chips"]} for i, s in enumerate(view["status"])]
    view["hand"], view["legal"] = ["KD", "TD", "JD"], ["KD", "TD+10", "TD-10", "JD"]
    text = hint_text(view, "KD", view["hand"], [], "two-colour", keys, lambda: 120).plain
    assert text == "Enter plays K♦ to 101 (goes over 99: you lose your last chip and the round ends)", text


def test_other_games_have_no_chips_to_say() -> None:
    assert chip_words("ninety-eight", 32, "AS+1") == [] and chip_words("ninety-nine", None, "AS+1") == []


def test_an_ace_at_32_says_what_each_value_costs_shorter_as_the_line_narrows() -> None:
    """The tester's case: "Enter plays A♠ to 33 or 43" said nothing of the chips."""
    assert line(32, "AS", 120) == ("Enter plays A♠ to 33 (lands on 33: the others lose 1 chip each) "
                                   "or 43 (passes 33: you lose 1 chip)")
    assert line(32, "AS", 78) == "Enter plays A♠ to 33 (the others lose 1 chip each) or 43 (you lose 1 chip)"
    assert line(32, "AS", 68) == "Enter plays A♠ to 33 (others lose 1 chip) or 43 (you lose 1 chip)"
    assert line(32, "AS", 58) == "Enter plays A♠ to 33 (others lose 1) or 43 (you lose 1)"
    assert line(32, "AS", 43) == "Enter plays A♠ to 33 or 43"  # the chips go before the totals
    assert line(32, "AS", 20) == "Enter plays A♠"  # and the totals before what Enter does


def test_only_the_value_that_costs_or_wins_says_so() -> None:
    """3.3: a ten's -10 never costs anything; an ace's 1 at 60 makes 61, nothing happens."""
    assert line(32, "TD", 80) == "Enter plays 10♦ to 42 (passes 33: you lose 1 chip) or 22"
    # the value that does something first: "to 61 or 71 (passes 66: ...)", heard, seemed to say it of both
    assert line(60, "AS", 80) == "Enter plays A♠ to 71 (passes 66: you lose 1 chip) or 61"
    assert line(88, "AS", 80) == "Enter plays A♠ to 99 (you win the round, the others lose 2 chips each) or 89"
    assert line(60, "AS", 28) == "Enter plays A♠ to 61 or 71"  # without the chips, in the order of the values
    assert line(97, "TD", 58) == "Enter plays 10♦ to 107 (you lose 2, round over) or 87"
    assert line(22, "TD", 80) == "Enter plays 10♦ to 32 or 12"  # neither value does anything to the chips


def test_a_card_of_one_value_says_its_chips_shorter_too() -> None:
    """3.3 and 2 (a J skips): the chips before the skip, shorter before they go."""
    assert line(32, "JD", 120) == "Enter plays J♦ to 42 (passes 33: you lose 1 chip), and Seat 2 misses a turn"
    assert line(32, "JD", 50) == "Enter plays J♦ to 42 (passes 33: you lose 1 chip)"
    assert line(32, "JD", 40) == "Enter plays J♦ to 42 (you lose 1 chip)"
    assert line(32, "JD", 30) == "Enter plays J♦ to 42"


@pytest.mark.parametrize("size, said", [
    ((100, 30), "Enter plays A♠ to 33 (lands on 33: the others lose 1 chip each) or 43 (passes 33: you lose 1 chip)"),
    ((80, 24), "Enter plays A♠ to 33 (the others lose 1 chip each) or 43 (you lose 1 chip)"),
    ((60, 20), "Enter plays A♠ to 33 (others lose 1) or 43 (you lose 1)"),
], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else "")
async def test_the_table_shows_each_values_chips_at_its_width(size: tuple[int, int], said: str) -> None:
    """A real table at total 32 (K, K, 5, 7 played), the ace selected: the line as wide as the
    terminal gives it."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        match = new_match("ninety-nine", 2, deck=stacked(["KS", "KH", "5S", "7H", "AS", "3C"]), dealer=1)
        for action in ("KS", "KH", "5S", "7H"):
            match.apply(action)
        screen, _link = await show_match(app, pilot, match, 0)
        assert screen.view["total"] == 32 and "AS" in screen.view["hand"]
        hand = screen.query_one("#hand")
        hand.cursor = list(hand.cards).index("AS")
        await pilot.pause()
        assert str(screen.query_one("#hint").render()) == said
