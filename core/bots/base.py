"""What every bot and every per-game strategy provides, and the shared helpers they use.

A bot sees only a seat's ``view`` (the plain dict of ``Match.view(seat)``) and the legal action
strings; it never receives the ``Match``. Strategies work on parsed ``Action`` tuples and
return an index into the legal list, so whatever they pick is one of the strings given.
"""
from __future__ import annotations

import random
from collections import Counter
from abc import ABC, abstractmethod
from typing import Any, Protocol

from ..actions import Action
from ..cards import full_deck, parse_card
from ..events import Event
from ..match import Match
from ..options import deck_count
from ..sampling import Fits

View = dict[str, Any]
LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """A player for one seat: the class-based face of ``core.bots.choose``."""

    level: str

    def choose(self, view: View, legal: list[str]) -> str: ...


#: moves a rollout may take before it is cut off and valued by ``Strategy.cutoff``
MAX_ROLLOUT_STEPS = 300
#: chance of leaving the rule-based choice for a move that is in truth no better
SWITCH_ALPHA = 0.3


class Strategy(ABC):
    """The game-specific knowledge of the bots, one subclass per game module.

    The class attributes and the methods after ``cutoff`` tune the hard bot's search
    (``core.bots.search``): a strategy keeps their defaults unless its own were measured to
    play better (``docs/bots-history.md``)."""

    #: rollout moves before ``cutoff`` values the position: shorter where a heuristic judges it well
    depth: int = MAX_ROLLOUT_STEPS
    #: deals per decision at most, even with budget left, where more were measured to play
    #: worse (None: as many as the budget buys)
    max_deals: int | None = None
    #: standard errors behind the leader at which a candidate stops being played out
    #: (``core.bots.search.race``; None: every candidate is played out on every deal)
    race_z: float | None = None
    #: chance of leaving the rule-based choice for a move that is in truth no better
    switch_alpha: float = SWITCH_ALPHA

    @abstractmethod
    def easy(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """A random pick, kept away from blunders only where the game makes that trivial."""

    @abstractmethod
    def normal(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """The rule-based player, from the strategy notes of the rules page."""

    @abstractmethod
    def candidates(self, view: View, legal: list[Action]) -> list[int]:
        """The moves worth searching (drops moves that are never better, such as a wrong
        announcement)."""

    @abstractmethod
    def rollout(self, m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """A fast move for ``seat`` in a sampled match, during a rollout."""

    @abstractmethod
    def watch(self, events: list[Event], seat: int, view: View, ctx: dict[str, Any]) -> float | None:
        """Follow a rollout through the events of each move; once it has gone far enough to be
        judged (the hand or round is over, or ``seat`` is knocked out), return how good it went
        for ``seat``, from about 0 (bad) to 1 (good). ``ctx`` is a scratch dict per rollout;
        its ``"match"`` is the match the rollout plays on, for judging the position reached."""

    @abstractmethod
    def cutoff(self, m: Match, seat: int, view: View, ctx: dict[str, Any]) -> float:
        """The value of a rollout stopped by its length cap before ``watch`` judged it."""

    def advise(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """The move the hint line offers a player: the rule-based player's, less anything it
        does only to keep a table of bots from going round for ever."""
        return self.normal(view, legal, rng)

    def prior(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """The move the search keeps unless it finds a clearly better one: the rule-based
        player's, unless a stronger rule set was measured for the search to start from."""
        return self.normal(view, legal, rng)

    def fits(self, view: View) -> Fits | None:
        """Per seat, how well a hand dealt to it fits its plays seen, for the search's deals
        to lean on (``core.sampling.determinize``); None deals every unseen card evenly."""
        return None

    def pending(self, m: Match) -> tuple[int, Action] | None:
        """A move a seat other than the one to play owes at once in a rollout (a seat and
        its action), or None."""
        return None


def parse_legal(legal: list[str]) -> list[Action]:
    return [Action.parse(s) for s in legal]


def unseen(view: View) -> Counter[int]:
    """Cards the seat cannot see: the deck minus its hand and the visible pile."""
    opts = view["options"]
    deck = full_deck(deck_count(view["players"], opts.get("decks", "auto")), bool(opts.get("jokers", False)))
    left = Counter(deck)
    left.subtract(parse_card(c) for c in view["hand"])
    left.subtract(parse_card(c) for c in view["pile"])
    return +left  # drops zero and negative counts


def hand_codes(view: View) -> list[int]:
    return [parse_card(c) for c in view["hand"]]


def next_seat(view: View, seat: int, direction: int | None = None) -> int:
    """The next seat in the hand after ``seat``, as the view shows it."""
    n = view["players"]
    d = view["direction"] if direction is None else direction
    status = view["status"]
    s = seat
    for _ in range(n):
        s = (s + d) % n
        if status[s]["in_hand"]:
            return s
    return seat


def in_hand_count(view: View) -> int:
    return sum(1 for s in view["status"] if s["in_hand"])


def argmax(scores: list[float], rng: random.Random) -> int:
    """Index of the best score, ties broken at random (so seeded bots stay repeatable)."""
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s >= best - 1e-12]
    return tied[0] if len(tied) == 1 else rng.choice(tied)
