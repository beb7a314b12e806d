"""Each seat's lives, chips and penalty points won or lost in the hand in play, read from its
events as they come (ninety-eight 6.1 and 6.3, ninety-nine 3.3 and 5.3, crazy-eights 4.2): a
hand's box says what the hand cost or won each seat ("-1 life", "+2 chips", a penalties column),
so a player who did not follow the log reads why their standing moved; in Countdown each seat's
count before and after the hand (crazy-eights 6.2, ``count_words``)."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .eventtext import ENDINGS, counts_of


#: the events that start the next hand once one has ended: its antes, or its deal
_NEXT_HAND = ("ante", "deal")


class HandChange:
    def __init__(self) -> None:
        self._lives: dict[int, int] = {}
        self._chips: dict[int, int] = {}
        #: each seat's penalty points this hand (crazy-eights 4.2), or as a kept box said them
        self.points: dict[int, int] = {}
        self._ended = False  # a hand ended: what is paid after its end is still its own
        self._pot: tuple[int, list[int]] | None = None  # the pot taken at the match's end, and by whom
        #: the total at which each seat went out of the hand (ninety-eight 4.3): why it paid
        self._out_at: dict[int, int] = {}

    def see(self, event: dict[str, Any]) -> None:
        """Count ``event``. A hand is settled after its end (ninety-eight 6.3: those out pay the
        winner), so the count starts again only with the next hand's antes or deal, which are
        that hand's."""
        kind, seat = event.get("kind"), event.get("seat")
        if kind in ENDINGS:
            self._ended = True
            return
        if self._ended and kind in _NEXT_HAND:
            self._lives, self._chips, self.points, self._out_at, self._ended = {}, {}, {}, {}, False
        if kind == "eliminated" and whole_number(seat) and whole_number(event.get("total")):
            self._out_at[seat] = event["total"]
        elif kind == "penalty" and whole_number(seat) and "lives" in event:
            self._lives[seat] = self._lives.get(seat, 0) - 1
        elif kind == "penalty" and whole_number(seat) and whole_number(event.get("points")):
            self.points[seat] = self.points.get(seat, 0) + event["points"]
        elif kind == "ante" and whole_number(seat) and whole_number(event.get("chips")):
            self._add(seat, -event["chips"])
        elif kind == "chips" and whole_number(seat):
            if whole_number(event.get("to")) and whole_number(event.get("chips")):
                self._add(seat, -event["chips"])
                self._add(event["to"], event["chips"])
            elif whole_number(event.get("delta")):
                self._add(seat, event["delta"])
        elif kind == "pot" and whole_number(event.get("pot")) and isinstance(event.get("to"), list) \
                and event["to"] and all(whole_number(s) for s in event["to"]):
            # 6.3: the match's end, most chips taking the pot (a tie splits it, the chips left
            # over going to the first of them after the dealer)
            self._pot = (event["pot"], list(event["to"]))

    def penalties(self, seats: int) -> list[int]:
        """Each of ``seats`` seats' penalty points this hand."""
        return [self.points.get(seat, 0) for seat in range(seats)]

    def _add(self, seat: int, chips: int) -> None:
        self._chips[seat] = self._chips.get(seat, 0) + chips

    def _take_pot(self, seats: int, dealer: Any) -> None:
        """The pot seen taken, shared out as ``_settle_stakes`` shares it (``dealer``: the
        view's, from whom the first seat after takes the chips left over)."""
        if self._pot is None:
            return
        pot, to = self._pot
        self._pot = None
        share, left = divmod(pot, len(to))
        for seat in to:
            self._add(seat, share)
        start = dealer if whole_number(dealer) else -1
        first = min(to, key=lambda s: (s - start - 1) % max(seats, 1))
        self._add(first, left)

    def words(self, seats: int, teams: Any = None, after: list[dict[str, Any]] | None = None,
              dealer: Any = None) -> list[str]:
        """What the hand did to each of ``seats`` seats: "-1 life", "+2 chips", "" for nothing,
        and the total a seat went out at ("-1 life, out at 96"),
        with ``after`` (the events that came after its end in the same move) up to the next
        hand's start: its settling. With ``teams`` (the view's pairs, ninety-eight 7.2)
        partners share their lives and chips, so each partner's row says the pair's change (the
        events name one of them)."""
        if after:
            ahead = HandChange()
            ahead._lives, ahead._chips, ahead._out_at = dict(self._lives), dict(self._chips), dict(self._out_at)
            for event in after:
                if event.get("kind") in _NEXT_HAND or event.get("kind") in ENDINGS:
                    break
                ahead.see(event)
            return ahead.words(seats, teams, dealer=dealer)
        self._take_pot(seats, dealer)
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
            if seat in self._out_at:  # the reason, where the log told it lines before
                parts.append(f"out at {self._out_at[seat]}")
            out.append(", ".join(parts))
        return out


def count_words(event: dict[str, Any]) -> list[str]:
    """What a Countdown hand (crazy-eights 6.2-6.3) did to each seat's count, as its box says it:
    "5 → 4" for the seat that went out, "stays at 7" for the others, "out on 1" for the seat
    that won the match by going out on 1; empty for a hand nobody went out of (3.6: the title
    says so) or an end that tells no counts (``eventtext.with_causes`` adds those before)."""
    before, after = counts_of(event.get("counts_before")), counts_of(event.get("counts"))
    winners = [seat for seat in event.get("winners") or [] if whole_number(seat)]
    if before is None or after is None or len(before) != len(after) or not winners:
        return []
    return [f"{was} → {now}" if was != now else f"out on {now}" if seat in winners else f"stays at {now}"
            for seat, (was, now) in enumerate(zip(before, after))]
