"""A hand's lives and chips, as its box says them (``tui.handchange``), checked against the
engine: over seeded random matches the changes the boxes said add up, seat by seat, to what the
seats' standings moved by (ninety-eight 6.1, 6.3; ninety-nine 3.3, 5.3)."""
from __future__ import annotations

import random
import re

import pytest

from core import new_match
from tui.eventtext import ENDINGS
from tui.handchange import HandChange


def _number(words: str, unit: str) -> int:
    found = re.search(rf"([+-]\d+) {unit}", words)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("game, preset", [("ninety-eight", "standard"), ("ninety-eight", "stakes"),
                                          ("ninety-nine", "standard"), ("ninety-nine", "quick")])
def test_what_the_boxes_say_adds_up_to_the_standings(game: str, preset: str) -> None:
    boxes = told = 0
    for seed in range(60):
        players = 2 + seed % 4
        m = new_match(game, players, preset, seed=seed)
        start = {"lives": m.options.get("lives", 0), "chips": m.options.get("chips", 0)}
        said = {"life": [0] * players, "chip": [0] * players}
        pot: dict[str, object] = {}
        change = HandChange()

        def see(events: list) -> None:
            nonlocal boxes
            for e in (x.to_dict() for x in events):
                if e["kind"] in ENDINGS:
                    for seat, words in enumerate(change.words(players)):
                        said["life"][seat] += _number(words, "li(?:fe|ves)")
                        said["chip"][seat] += _number(words, "chips?")
                    boxes += 1
                if e["kind"] == "pot":
                    pot.update(e)
                change.see(e)

        see(m.start_events)
        rng = random.Random(seed)
        for _ in range(3000):  # bounded: a match's moves
            if m.is_over:
                break
            seat = m.current_seat
            see(m.apply(str(rng.choice(m.legal_actions(seat))), seat))
        assert m.is_over
        told += sum(map(abs, said["life"])) + sum(map(abs, said["chip"]))
        status = m.view(None)["status"]
        for seat in range(players):
            if preset == "stakes" or game == "ninety-nine":
                moved = status[seat]["chips"] - start["chips"]
                share = 0
                if pot and seat in pot["to"]:  # the pot the match's end shared (the why line says so)
                    share = moved - said["chip"][seat]
                    assert pot["pot"] // len(pot["to"]) <= share <= pot["pot"], (seed, seat)
                assert moved == said["chip"][seat] + share, (seed, seat, moved, said)
            else:
                lives = status[seat].get("lives", start["lives"] - status[seat].get("penalties", 0))
                assert lives - start["lives"] == said["life"][seat], (seed, seat, status[seat], said)
    assert boxes > 100 and told > 100  # the boxes said something, and it added up


def test_the_words_of_a_hand() -> None:
    change = HandChange()
    for e in ({"kind": "penalty", "seat": 1, "lives": 2}, {"kind": "chips", "seat": 0, "delta": -3, "left": 6},
              {"kind": "chips", "seat": 2, "to": 0, "chips": 1, "left": 4}, {"kind": "ante", "seat": 2, "chips": 1}):
        change.see(e)
    assert change.words(4) == ["-2 chips", "-1 life", "-2 chips", ""]
    change.see({"kind": "hand_over", "seat": 0})
    assert change.words(4) == ["", "", "", ""]  # the next hand starts afresh


def test_partners_rows_say_the_pairs_change() -> None:
    """ninety-eight 7.2: partners share lives and chips; the events name one of them, and both
    rows say the pair's change."""
    change = HandChange()
    change.see({"kind": "penalty", "seat": 1, "lives": 2})
    change.see({"kind": "chips", "seat": 0, "to": 3, "chips": 1, "left": 4})
    assert change.words(4, [[0, 2], [1, 3]]) == ["-1 chip", "-1 life, +1 chip", "-1 chip", "-1 life, +1 chip"]
    assert change.words(4) == ["-1 chip", "-1 life", "", "+1 chip"]
