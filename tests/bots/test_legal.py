"""Bots always answer with one of the legal actions they were given (issue: "always legal
across thousands of random positions of every game and preset")."""
from __future__ import annotations

import random

import pytest

from core.bots import choose

from .helpers import many_positions, tables

TABLES = tables()
PER_TABLE = 150


@pytest.mark.parametrize("game,preset,seats", TABLES)
def test_easy_and_normal_always_legal(game: str, preset: str, seats: int) -> None:
    rng = random.Random(11)
    checked = 0
    for m, seat in many_positions(game, preset, seats, PER_TABLE, seed=1):
        legal = [str(a) for a in m.legal_actions(seat)]
        view = m.view(seat)
        for level in ("easy", "normal"):
            got = choose(level, view, legal, rng)
            assert got in legal, (level, view, got)
        checked += 1
    assert checked == PER_TABLE


def test_thousands_of_positions_overall() -> None:
    """The sweep above covers thousands of positions: every table the engine accepts."""
    assert len(TABLES) * PER_TABLE >= 5000
    assert {g for g, _, _ in TABLES} == {"ninety-eight", "ninety-nine", "crazy-eights"}


@pytest.mark.parametrize("game,preset,seats", [t for t in TABLES if t[2] in (2, 4)])
def test_hard_always_legal(game: str, preset: str, seats: int) -> None:
    """Fewer positions, and a tiny search, to keep the suite fast; every game and preset."""
    rng = random.Random(5)
    checked = 0
    for i, (m, seat) in enumerate(many_positions(game, preset, seats, 60, seed=3)):
        if i % 6:
            continue
        legal = [str(a) for a in m.legal_actions(seat)]
        got = choose("hard", m.view(seat), legal, rng, iterations=2)
        assert got in legal
        checked += 1
    assert checked == 10
