"""Bots act on the seat's view alone.

What is checked, precisely: (1) the view a bot is handed holds no card of another seat's hand
(one-deck tables, where every card is unique); (2) with the same seed, a bot decides the same on
two matches that differ only in the hidden cards (another deal of everything the seat cannot
see, giving the identical view), so the hidden cards cannot sway it; (3) the bot leaves the view
it was given unchanged; (4) it still plays when the view is stripped to the keys a player's
screen needs, without the ``legal`` and ``cut`` keys."""
from __future__ import annotations

import copy
import json
import random

import pytest

from core import new_match
from core.bots import choose
from core.sampling import determinize

from .helpers import many_positions

GAMES = [("ninety-eight", "standard"), ("ninety-eight", "teams"), ("ninety-nine", "standard"),
         ("ninety-nine", "manual-draw"), ("crazy-eights", "standard"), ("crazy-eights", "specials"),
         ("crazy-eights", "countdown")]
LEVELS = [("easy", None), ("normal", None), ("hard", 3)]


def _legal(m, seat):  # type: ignore[no-untyped-def]
    return [str(a) for a in m.legal_actions(seat)]


@pytest.mark.parametrize("game,preset", GAMES)
def test_view_has_no_other_hand(game: str, preset: str) -> None:
    for m, seat in many_positions(game, preset, 4, 60, seed=4):
        text = json.dumps(m.view(seat))
        for other in range(4):
            if other != seat:
                for card in m.hand(other):
                    assert f'"{card}"' not in text


@pytest.mark.parametrize("game,preset", GAMES)
@pytest.mark.parametrize("level,iterations", LEVELS)
def test_hidden_cards_do_not_sway_the_bot(game: str, preset: str, level: str, iterations: int | None) -> None:
    sample_rng = random.Random(3)
    for i, (m, seat) in enumerate(many_positions(game, preset, 4, 40, seed=6)):
        if level == "hard" and i % 5:
            continue
        view = m.view(seat)
        other = determinize(view, sample_rng)  # the same view, other hidden cards
        assert other.view(seat) == view
        assert [other.hand(s) for s in range(4) if s != seat] != [m.hand(s) for s in range(4) if s != seat] \
            or sum(view["hand_counts"]) == len(view["hand"])
        a = choose(level, view, _legal(m, seat), random.Random(i), iterations=iterations)
        b = choose(level, other.view(seat), _legal(other, seat), random.Random(i), iterations=iterations)
        assert a == b


@pytest.mark.parametrize("level,iterations", LEVELS)
def test_bot_leaves_the_view_alone(level: str, iterations: int | None) -> None:
    for game, preset in GAMES:
        for m, seat in many_positions(game, preset, 4, 10, seed=1):
            view = m.view(seat)
            before = copy.deepcopy(view)
            choose(level, view, _legal(m, seat), random.Random(0), iterations=iterations)
            assert view == before


@pytest.mark.parametrize("level,iterations", LEVELS)
def test_plays_from_a_trimmed_view(level: str, iterations: int | None) -> None:
    rng = random.Random(2)
    for game, preset in GAMES:
        for m, seat in many_positions(game, preset, 4, 15, seed=8):
            view = m.view(seat)
            del view["legal"], view["cut"]
            legal = _legal(m, seat)
            assert choose(level, view, legal, rng, iterations=iterations) in legal


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_spectator_view_is_refused(level: str) -> None:
    """A bot plays for a seat: a spectator's view (no seat, no hand) is a clear error."""
    m = new_match("ninety-eight", 3, seed=1)
    with pytest.raises(ValueError, match="seat"):
        choose(level, m.view(None), _legal(m, m.current_seat), random.Random(0), iterations=1)
