"""A hand's lives and chips, as its box says them (``tui.handchange``), checked against the
engine: over seeded random matches the changes the boxes said add up, seat by seat, to what the
seats' standings moved by (ninety-eight 6.1, 6.3; ninety-nine 3.3, 5.3)."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from core import Match, new_match
from tui.eventtext import ENDINGS
from tui.handchange import HandChange

Event = dict[str, Any]


def hand_ends(m: Match, seed: int) -> Iterator[tuple[list[Event], list[Event], dict[str, Any], list[str]]]:
    """``m`` played at random (seeded), its events read as the app reads them, a move's up to a
    hand's end: at each end, the hand's events, those after its end in the same move (its
    settling, the next hand's antes and deal), the view then, and what its box says."""
    change = HandChange()
    for e in (x.to_dict() for x in m.start_events):
        change.see(e)
    rng = random.Random(seed)
    hand: list[Event] = []
    for _ in range(3000):  # bounded: a match's moves
        if m.is_over:
            return
        seat = m.current_seat
        events = [e.to_dict() for e in m.apply(str(rng.choice(m.legal_actions(seat))), seat)]
        ending = next((i for i, e in enumerate(events) if e["kind"] in ENDINGS), None)
        for e in events[:ending]:
            change.see(e)
            hand.append(e)
        if ending is not None:
            view = m.view(None)
            after = events[ending + 1:]
            yield hand, after, view, change.words(m.players, view.get("teams"), after, view.get("dealer"))
            hand = []
            for e in events[ending:]:
                change.see(e)


def _number(words: str, unit: str) -> int:
    found = re.search(rf"([+-]\d+) {unit}", words)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("game, preset", [("ninety-eight", "standard"), ("ninety-eight", "stakes"),
                                          ("ninety-eight", "teams"), ("ninety-nine", "standard"),
                                          ("ninety-nine", "quick")])
def test_each_box_says_what_its_hand_moved_the_standings_by(game: str, preset: str) -> None:
    """Hand by hand: what a box says (the hand's events, with its settling after its end in the
    same move) is what the seats' lives or chips moved by from the last box's to this one's, the
    next hand's antes (which come with it) left to the next hand; the pot a match's end shares
    out is the last box's, a tie's chips left over with the first tied seat after the dealer."""
    boxes = 0
    for seed in range(60):
        players = 4 if preset == "teams" else 2 + seed % 4
        options = {"scoring": "stakes"} if preset == "teams" and seed % 2 else {}
        m = new_match(game, players, preset, options=options, seed=seed)
        stakes = m.options.get("scoring") == "stakes" or game == "ninety-nine"
        key = "chips" if stakes else "lives"
        start = m.options.get(key, 0)
        last = [start] * players  # lives or chips as the last box left them
        for _, after, view, said in hand_ends(m, seed):
            later_antes = [0] * players
            for e in after:
                if e["kind"] == "ante":
                    for s in next((t for t in view.get("teams") or [] if e["seat"] in t), [e["seat"]]):
                        later_antes[s] += e["chips"]
            now = []
            for s, status in enumerate(view["status"]):
                value = status.get(key, start - status.get("penalties", 0)) + later_antes[s]
                now.append(value)
                number = _number(said[s], "li(?:fe|ves)" if key == "lives" else "chips?")
                moved = value - last[s]
                # the pot a match's end shares out (6.3) too: the box adds up to the standings
                assert moved == number, (seed, s, after, said, last, now)
            last = now
            boxes += 1
    assert boxes > 100


def test_the_words_of_a_hand() -> None:
    change = HandChange()
    for e in ({"kind": "penalty", "seat": 1, "lives": 2}, {"kind": "chips", "seat": 0, "delta": -3, "left": 6},
              {"kind": "chips", "seat": 2, "to": 0, "chips": 1, "left": 4}, {"kind": "ante", "seat": 2, "chips": 1}):
        change.see(e)
    assert change.words(4) == ["-2 chips", "-1 life", "-2 chips", ""]
    change.see({"kind": "hand_over", "seat": 0})
    change.see({"kind": "chips", "seat": 3, "to": 0, "chips": 1, "left": 2})  # settled after its end
    assert change.words(4) == ["-1 chip", "-1 life", "-2 chips", "-1 chip"]
    change.see({"kind": "ante", "seat": 2, "chips": 1})  # the next hand starts with its antes
    assert change.words(4) == ["", "", "-1 chip", ""]


def test_partners_rows_say_the_pairs_change() -> None:
    """ninety-eight 7.2: partners share lives and chips; the events name one of them, and both
    rows say the pair's change."""
    change = HandChange()
    change.see({"kind": "penalty", "seat": 1, "lives": 2})
    change.see({"kind": "chips", "seat": 0, "to": 3, "chips": 1, "left": 4})
    assert change.words(4, [[0, 2], [1, 3]]) == ["-1 chip", "-1 life, +1 chip", "-1 chip", "-1 life, +1 chip"]
    assert change.words(4) == ["-1 chip", "-1 life", "", "+1 chip"]


def test_penalty_points_are_the_hands_until_the_next_deal() -> None:
    """crazy-eights 4.2: a wrong or missing "last card!" adds points, counted for the hand's box
    (its penalties column) and started again with the next hand's deal."""
    change = HandChange()
    change.see({"kind": "penalty", "seat": 1, "reason": "no announcement", "points": 10})
    change.see({"kind": "penalty", "seat": 1, "reason": "wrong announcement", "points": 10})
    change.see({"kind": "penalty", "seat": 0, "reason": "no announcement", "draw": 2})  # cards, no points
    assert change.penalties(3) == [0, 20, 0] and change.words(3) == ["", "", ""]
    change.see({"kind": "hand_over", "seat": 2})
    assert change.penalties(3) == [0, 20, 0]
    change.see({"kind": "deal", "seat": 0})
    assert change.penalties(3) == [0, 0, 0]


@pytest.mark.parametrize("preset", ["standard", "stakes", "teams"])
def test_a_seat_out_of_a_ninety_eight_hand_reads_the_total_it_went_out_at(preset: str) -> None:
    """ninety-eight 4.3: a seat with no legal play is out of the hand. Its box said "-1 life"
    and no more, the reason only in the log, lines before: it says the total it went out at,
    for each seat that went out, and for no other."""
    boxes = 0
    for seed in range(30):
        m = new_match("ninety-eight", 4 if preset == "teams" else 2 + seed % 4, preset, seed=seed)
        for hand, _, _, said in hand_ends(m, seed):
            out_at = {e["seat"]: e["total"] for e in hand if e["kind"] == "eliminated"}
            assert [re.findall(r"out at (\d+)", words) for words in said] == \
                [[str(out_at[s])] if s in out_at else [] for s in range(m.players)], (said, out_at)
            boxes += 1
    assert boxes > 50
