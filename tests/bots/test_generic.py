"""The fallback strategy (``core.bots.generic``), which keeps every level working for a game
that has no strategy of its own yet: run here on the three games as if they had none. Each of
its levels answers with one of the legal moves, its search values a hand by whether the seat
wins it and so plays a Crazy Eights last card that can go out (rules 5.1: the first to play
their last card goes out, and the hand ends), and four of its searches play a match to its end."""
from __future__ import annotations

import random

import pytest

from core import GAMES, new_match
from core.bots.base import parse_legal
from core.bots.generic import GenericStrategy
from core.bots.search import search

from .helpers import many_positions

GENERIC = GenericStrategy()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_level_answers_with_a_legal_move(game: str) -> None:
    rng = random.Random(3)
    asked = 0
    for m, seat in many_positions(game, "standard", 4, 80, seed=3):
        legal = parse_legal([str(a) for a in m.legal_actions(seat)])
        if len(legal) < 2:
            continue
        view = m.view(seat)
        for chosen in (GENERIC.easy(view, legal, rng), GENERIC.normal(view, legal, rng),
                       search(GENERIC, view, legal, rng, iterations=4)):
            assert 0 <= chosen < len(legal)
        asked += 1
    assert asked >= 20


def test_its_search_plays_the_last_card_that_wins_the_hand() -> None:
    """Rules 5.1: a seat that plays its last card goes out and the hand is theirs; the generic
    search, which knows nothing of Crazy Eights but who won a hand, prefers that play to a draw."""
    rng = random.Random(7)
    found = 0
    for m, seat in many_positions("crazy-eights", "standard", 4, 6000, seed=40):
        if seat != m.current_seat or len(m.hand(seat)) != 1:
            continue
        legal = parse_legal([str(a) for a in m.legal_actions(seat)])
        plays = [i for i, a in enumerate(legal) if str(a) != "draw"]
        if not plays or len(legal) == len(plays):
            continue
        chosen = search(GENERIC, m.view(seat), legal, rng, iterations=24)
        assert chosen in plays, (m.hand(seat), [str(a) for a in legal], str(legal[chosen]))
        after = m.clone()
        events = after.apply(legal[chosen], seat)
        assert GENERIC.watch(events, seat, after.view(seat), {}) == 1.0
        found += 1
        if found == 12:
            break
    assert found == 12


@pytest.mark.parametrize("game", sorted(GAMES))
def test_four_generic_searches_finish_a_match(game: str) -> None:
    m = new_match(game, 4, seed=11)
    rng = random.Random(11)
    for _ in range(3000):
        if m.is_over:
            break
        for s in range(m.players):  # an optional move out of turn (the manual draw) first
            if s != m.current_seat and m.legal_actions(s):
                m.apply(m.legal_actions(s)[0], s)
        seat = m.current_seat
        if seat is None:
            break
        legal = parse_legal([str(a) for a in m.legal_actions(seat)])
        i = 0 if len(legal) == 1 else search(GENERIC, m.view(seat), legal, rng, iterations=2)
        m.apply(legal[i], seat)
    assert m.is_over and m.winners
