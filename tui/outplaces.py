"""The place each seat went out of a match in (Ninety-Eight 4.3, 6.1 and 6.3, Ninety-Nine 4.1): the
results box said "out" of every loser, listed in seat order, so a player out second of four read
the same as one out first. A seat that goes out takes the place after those still in then; two
out on one move share it. Read from each seat's status (``out_at``: the move it went out on),
so that an app that joined or came back mid-match places those out before; from a host of an
older version, which says none, known only of the seats this app saw go out."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .plays import single_hand


class OutPlaces:
    """The places of the seats out of the match in play (or just over), as this app saw them go."""

    def __init__(self) -> None:
        #: seat -> place (2 for the last out before a single winner)
        self.places: dict[int, int] = {}

    def read(self, before: dict[str, Any] | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """``events`` led from ``before`` to ``view``."""
        if view.get("teams"):  # a team game ranks pairs
            self.places = {}
            return
        if before is None or before.get("is_over") or _hand(before) > _hand(view):
            self.places = {}  # a match new to this app, or a rematch
        # ninety-eight 6.1: a match of one hand, which a seat eliminated from it is out of
        single = single_hand(view)
        told = None if single else told_places(view)
        if told is not None:
            self.places = told
            return
        gone = _seats(events, ("out", "eliminated") if single else ("out",))
        if not gone:
            return
        still = sum(1 for s in view.get("status") or [] if isinstance(s, dict) and not s.get("out")
                    and not (single and s.get("in_hand") is False))
        for seat in gone:
            self.places.setdefault(seat, still + 1)

    def read_hand(self, moves: list[list[dict[str, Any]]], view: dict[str, Any]) -> None:
        """A single-hand match (ninety-eight 6.1) read back whole, ``moves`` from its deal on
        (the hand so far a resumed or rejoined table is sent): its places as the app that
        watched it go saw them, not none."""
        if not single_hand(view) or view.get("teams"):
            return
        left = len(view.get("status") or [])
        places: dict[int, int] = {}
        for events in moves:
            gone = _seats(events, ("eliminated",))
            for seat in gone:
                places.setdefault(seat, left - len(gone) + 1)
            left -= len(gone)
        self.places = places


def told_places(view: dict[str, Any]) -> dict[int, int] | None:
    """The places of the seats out of the match as their status tells them (``out_at``, the
    match's version after the move that put each out): after the seats still in and those out
    later, a place shared by those out on one move. None where a seat out has none (a host of
    an older version)."""
    status = [s if isinstance(s, dict) else {} for s in view.get("status") or []]
    outs: dict[int, int] = {}
    for seat, s in enumerate(status):
        at = s.get("out_at")
        if s.get("out") is True:
            if not whole_number(at):
                return None
            outs[seat] = at
    still = sum(1 for s in status if s.get("out") is not True)
    return {seat: 1 + still + sum(1 for other in outs.values() if other > at) for seat, at in outs.items()}


def _seats(events: list[dict[str, Any]], kinds: tuple[str, ...]) -> list[int]:
    """The seats that ``events`` of ``kinds`` name, in order."""
    return [int(e["seat"]) for e in events if e.get("kind") in kinds and whole_number(e.get("seat"))]


def _hand(view: dict[str, Any]) -> int:
    number = view.get("hand_number")
    return number if whole_number(number) else 0


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(last, 'th')}"
