"""Bots that fill empty seats: ``easy``, ``normal`` and ``hard``, for every game.

A bot acts only on what a player at that seat may know: ``choose`` takes the seat's view (the
plain dict of ``Match.view(seat)``) and its legal action strings, never the ``Match``.

    from core.bots import choose
    action = choose("normal", m.view(seat), [str(a) for a in m.legal_actions(seat)], rng)

``hard`` searches for ``budget`` seconds (default 0.3), or for exactly ``iterations`` sampled
deals when that is given, which makes it repeatable for a given ``rng`` state.
"""
from __future__ import annotations

import importlib
import random

from ..actions import DRAW
from .base import LEVELS, Bot, Strategy, View, parse_legal
from .generic import GenericStrategy
from .search import DEFAULT_BUDGET, search

#: game id -> module holding that game's ``STRATEGY``
_MODULES = {
    "ninety-eight": "core.bots.ninety_eight",
    "ninety-nine": "core.bots.ninety_nine",
    "crazy-eights": "core.bots.crazy_eights",
}
_STRATEGIES: dict[str, Strategy] = {}

#: how often an ``easy`` bot lets an optional draw go by (Ninety-Nine's manual draw)
EASY_FORGETS_DRAW = 0.2


def strategy_for(game: str) -> Strategy:
    """The game's strategy; a game without one gets random play and a generic search."""
    s = _STRATEGIES.get(game)
    if s is None:
        mod = _MODULES.get(game)
        s = importlib.import_module(mod).STRATEGY if mod else GenericStrategy()
        _STRATEGIES[game] = s
    return s


def _forced(view: View, legal: list[str]) -> str | None:
    """The one legal action, where there is one; None where there is a choice. Refuses a view
    that is not a seat's (a bot or a hint reads only what that seat may know) and no actions."""
    if not legal:
        raise ValueError("no legal action to choose from")
    if not isinstance(view.get("seat"), int):
        raise ValueError("a bot needs the view of its own seat, not a spectator's")
    return legal[0] if len(legal) == 1 else None


def choose(level: str, view: View, legal: list[str], rng: random.Random,
           budget: float | None = None, iterations: int | None = None) -> str:
    """One of ``legal``, chosen by a bot of ``level`` for the seat ``view`` belongs to."""
    if level not in LEVELS:
        raise ValueError(f"bot level {level!r}: the levels are {', '.join(LEVELS)}")
    forced = _forced(view, legal)
    if forced is not None:
        return forced
    strategy = strategy_for(view["game"])
    actions = parse_legal(legal)
    if level == "easy":
        i = strategy.easy(view, actions, rng)
    elif level == "normal":
        i = strategy.normal(view, actions, rng)
    else:
        i = search(strategy, view, actions, rng, budget=budget, iterations=iterations)
    return legal[i]


def advise(view: View, legal: list[str]) -> str:
    """The move the hint line offers the seat ``view`` belongs to: ``normal``'s, less the
    variation that only keeps a table of bots from going round for ever (Crazy Eights with
    the stock gone); the same for one position every time."""
    forced = _forced(view, legal)
    if forced is not None:
        return forced
    strategy = strategy_for(view["game"])
    return legal[strategy.advise(view, parse_legal(legal), random.Random(view.get("version")))]


def takes_chance(level: str, view: View, legal: list[str], rng: random.Random) -> bool:
    """Whether a bot that is *not* the seat to play takes the optional action it holds now
    (Ninety-Nine's manual draw, section 5): ``normal`` and ``hard`` always do, ``easy``
    forgets now and then. A server asks this before calling ``choose`` for such a seat."""
    if level not in LEVELS:
        raise ValueError(f"bot level {level!r}: the levels are {', '.join(LEVELS)}")
    if not legal:
        return False
    if level == "easy" and all(s == DRAW for s in legal):
        return rng.random() >= EASY_FORGETS_DRAW
    return True


class SeatBot:
    """A bot with its own seeded random source: ``make_bot(level, seed).choose(view, legal)``."""

    def __init__(self, level: str, seed: int | None = None, budget: float | None = None,
                 iterations: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: the levels are {', '.join(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations

    def choose(self, view: View, legal: list[str]) -> str:
        return choose(self.level, view, legal, self.rng, budget=self.budget, iterations=self.iterations)

    def takes_chance(self, view: View, legal: list[str]) -> bool:
        return takes_chance(self.level, view, legal, self.rng)


def make_bot(level: str, seed: int | None = None, budget: float | None = None,
             iterations: int | None = None) -> SeatBot:
    return SeatBot(level, seed, budget, iterations)


__all__ = ["choose", "takes_chance", "make_bot", "SeatBot", "Bot", "LEVELS", "DEFAULT_BUDGET",
           "strategy_for"]
