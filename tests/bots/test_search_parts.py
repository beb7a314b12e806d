"""The pieces the hard bot's search is built from: the cheap copy of a sample, the Ninety-Eight
judgement at the first elimination and the Crazy Eights value of a hand's scores."""
from __future__ import annotations

import random

import pytest

from core import GAMES
from core.bots.crazy_eights import _scores_value
from core.bots.ninety_eight import HAND_CHANCE, hand_chance
from core.bots.ninety_eight import STRATEGY as NINETY_EIGHT
from core.cards import CARD_STR
from core.sampling import determinize, search_clone

from .helpers import many_positions


@pytest.mark.parametrize("game", list(GAMES))
def test_search_clone_is_an_independent_equal_copy(game: str) -> None:
    """The copy shows every seat the same view and the same legal actions, and playing on it
    leaves the sample untouched; the same seed replays the same shuffles."""
    rng = random.Random(4)
    for m, seat in many_positions(game, "standard", 4, 15, seed=6):
        d = determinize(m.view(seat), rng)
        before = [d.view(s) for s in range(d.players)]
        c = search_clone(d, 11)
        assert [c.view(s) for s in range(c.players)] == before
        assert [str(a) for a in c.legal_actions(seat)] == [str(a) for a in d.legal_actions(seat)]
        runs = []
        for _ in range(2):
            c = search_clone(d, 11)
            moves = []
            for _ in range(40):
                cur = c.current
                if cur is None or c.is_over:
                    break
                a = c.legal_actions(cur)[0]
                moves.append(str(a))
                c.apply(a, cur)
            runs.append((moves, [c.view(s) for s in range(c.players)]))
        assert runs[0] == runs[1]
        assert [d.view(s) for s in range(d.players)] == before


def test_scores_value_follows_crazy_eights_5_3() -> None:
    """crazy-eights 5.3: the lowest score wins, so a lower score is worth more, and once a seat
    reaches the target the value is the match result itself."""
    assert _scores_value([10, 30, 30, 30], 0, 100) > _scores_value([20, 30, 30, 30], 0, 100) > 0.5
    assert _scores_value([40, 30, 30, 30], 0, 100) < 0.5
    assert _scores_value([90, 100, 95, 99], 0, 100) == 1.0
    assert _scores_value([96, 100, 95, 99], 0, 100) == 0.0
    assert _scores_value([95, 100, 95, 99], 0, 100) == 0.5



@pytest.mark.parametrize("preset,seats", [("standard", 4), ("standard", 3), ("teams", 4), ("teams", 6)])
def test_ninety_eight_search_judges_at_the_first_elimination(preset: str, seats: int) -> None:
    """ninety-eight 5.1-5.3: an elimination starts the total again from 0 and the hand goes on
    among the sides left. The search judges a line there: 0 if my side (my team, 7.2) is the
    one out, else my side's chance of winning the rest of the hand from the sides left and
    the escapes (Kings and tens, 2 and 4.4) it holds then (1 when only mine is left: the hand
    is won); nothing before it."""
    rng = random.Random(9)
    judged = 0
    for m, seat in many_positions("ninety-eight", preset, seats, 60, seed=3):
        view = m.view(seat)
        mine = next((set(g) for g in view["teams"] or [] if seat in g), {seat})
        sides = len({m.unit_of[s] for s in range(m.players) if m.in_hand[s]})  # type: ignore[attr-defined]
        c = search_clone(m, 5)
        ctx: dict = {"match": c}
        for _ in range(400):
            cur = c.current
            if cur is None or c.is_over:
                break
            events = c.apply(rng.choice(c.legal_actions(cur)), cur)
            value = NINETY_EIGHT.watch(events, seat, view, ctx)
            out = [e.seat for e in events if e.kind == "eliminated"]
            if not out:
                assert value is None
                continue
            if mine & set(out):
                assert value == 0.0
            elif sides - 1 <= 1:
                assert value == 1.0
            else:
                escapes = [CARD_STR[x][0] for s in mine if c.in_hand[s] for x in c.hands[s]]
                n = sum(1 for r in escapes if r in "KT")
                assert value == hand_chance(sides - 1, n)
            judged += 1
            break
    assert judged >= 50


def test_ninety_eight_hand_chance_rises_with_escapes() -> None:
    """ninety-eight 4.4 and rules 8: a King or a ten is the way out near the limit, so a side
    holding more of them is likelier to win the rest of the hand, with any number of sides
    left; with more sides each has less."""
    for sides in range(2, 8):
        row = [hand_chance(sides, e) for e in range(4)]
        assert row[0] < row[1] < row[2] == row[3]
        assert all(0.0 < x < 1.0 for x in row)
    for e in range(3):
        assert hand_chance(2, e) > hand_chance(3, e) > hand_chance(4, e) > hand_chance(7, e)
    assert sorted(HAND_CHANCE) == [2, 3]
