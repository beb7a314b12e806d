"""A fallback strategy for a game without its own: random play, and a search that values a
rollout by whether the seat wins the hand it is in. It keeps every level working for a new
game before anyone writes that game's strategy."""
from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..events import Event
from ..match import Match
from .base import Strategy, View


class GenericStrategy(Strategy):
    game = ""

    def easy(self, view: View, legal: list[Action], rng: random.Random) -> int:
        return rng.randrange(len(legal))

    def normal(self, view: View, legal: list[Action], rng: random.Random) -> int:
        return rng.randrange(len(legal))

    def candidates(self, view: View, legal: list[Action]) -> list[int]:
        return list(range(len(legal)))

    def rollout(self, m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def watch(self, events: list[Event], seat: int, view: View, ctx: dict[str, Any]) -> float | None:
        for e in events:
            if e.kind in ("hand_over", "round_over", "match_over"):
                winners = e.data.get("winners")
                if winners is None:
                    winners = [] if e.seat is None else [e.seat]
                return 1.0 if seat in winners else 0.0
        return None

    def cutoff(self, m: Match, seat: int, view: View, ctx: dict[str, Any]) -> float:
        return 0.5
