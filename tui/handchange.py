"""Each seat's lives and chips won or lost in the hand in play, read from its events as they come
(ninety-eight 6.1 and 6.3, ninety-nine 3.3 and 5.3): a hand's box says what the hand cost or won
each seat ("-1 life", "+2 chips"), so a player who did not follow the log reads why their
standing moved."""
from __future__ import annotations

from typing import Any

from .eventtext import ENDINGS
from .seatnames import whole_number


class HandChange:
    def __init__(self) -> None:
        self._lives: dict[int, int] = {}
        self._chips: dict[int, int] = {}

    def see(self, event: dict[str, Any]) -> None:
        """Count ``event``; a hand's end starts the count again (the next hand's antes, which
        come with it, are the next hand's)."""
        kind, seat = event.get("kind"), event.get("seat")
        if kind in ENDINGS:
            self._lives, self._chips = {}, {}
        elif kind == "penalty" and whole_number(seat) and "lives" in event:
            self._lives[seat] = self._lives.get(seat, 0) - 1
        elif kind == "ante" and whole_number(seat) and whole_number(event.get("chips")):
            self._add(seat, -event["chips"])
        elif kind == "chips" and whole_number(seat):
            if whole_number(event.get("to")) and whole_number(event.get("chips")):
                self._add(seat, -event["chips"])
                self._add(event["to"], event["chips"])
            elif whole_number(event.get("delta")):
                self._add(seat, event["delta"])

    def _add(self, seat: int, chips: int) -> None:
        self._chips[seat] = self._chips.get(seat, 0) + chips

    def words(self, seats: int, teams: Any = None) -> list[str]:
        """What the hand so far did to each of ``seats`` seats: "-1 life", "+2 chips", "" for
        nothing. With ``teams`` (the view's pairs, ninety-eight 7.2) partners share their lives
        and chips, so each partner's row says the pair's change (the events name one of them)."""
        team_of = {seat: tuple(team) for team in teams or [] if isinstance(team, list)
                   for seat in team if whole_number(seat)}
        out = []
        for seat in range(seats):
            parts = []
            members = team_of.get(seat, (seat,))
            lives = sum(self._lives.get(s, 0) for s in members)
            chips = sum(self._chips.get(s, 0) for s in members)
            if lives:
                parts.append(f"{lives:+d} {'life' if abs(lives) == 1 else 'lives'}")
            if chips:
                parts.append(f"{chips:+d} {'chip' if abs(chips) == 1 else 'chips'}")
            out.append(", ".join(parts))
        return out
