"""The pieces the hard bot's search is built from: the cheap copy of a sample, the Ninety-Eight
judgement at the first elimination and the Crazy Eights value of a hand's scores."""
from __future__ import annotations

import random

import pytest

from core import GAMES
from core.bots.crazy_eights import _scores_value
from core.bots.ninety_eight import STRATEGY as NINETY_EIGHT
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
    one out, else my share of the sides left (1 when only mine is left: the hand is won);
    nothing before it."""
    rng = random.Random(9)
    judged = 0
    for m, seat in many_positions("ninety-eight", preset, seats, 60, seed=3):
        view = m.view(seat)
        mine = next((set(g) for g in view["teams"] or [] if seat in g), {seat})
        sides = len({m.unit_of[s] for s in range(m.players) if m.in_hand[s]})  # type: ignore[attr-defined]
        c = search_clone(m, 5)
        ctx: dict = {}
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
            else:
                assert value == (1.0 if sides - 1 <= 1 else 1.0 / (sides - 1))
            judged += 1
            break
    assert judged >= 50
