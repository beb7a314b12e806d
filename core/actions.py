"""The action notation of the engine contract: parse strings, print canonical strings."""
from __future__ import annotations

import re
from typing import NamedTuple

from .cards import CARD_STR, SUITS, parse_card
from .errors import IllegalAction

PLAY, DRAW, PASS = "play", "draw", "pass"

_PLAY_RE = re.compile(r"^(JK|10|[A2-9TJQK])([SHDC]?)([+-]\d{1,3})?(?:=([SHDC]))?(!?)$")


class Action(NamedTuple):
    """One move. A tuple so that legality checks are fast set look-ups.

    ``value`` is the chosen value of an ace or ten (``None`` when the card has no choice),
    ``suit`` the suit index named with a wild card (-1 for none), ``announce`` the "last card!".
    """

    kind: str
    card: int = -1
    value: int | None = None
    suit: int = -1
    announce: bool = False

    def __str__(self) -> str:
        if self.kind != PLAY:
            return self.kind
        s = CARD_STR[self.card]
        if self.value is not None:
            s += f"{self.value:+d}"
        if self.suit >= 0:
            s += "=" + SUITS[self.suit]
        if self.announce:
            s += "!"
        return s

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the notation, case-insensitively and with ``10`` for ``T``."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a string, not {type(text).__name__}")
        t = text.strip().upper()
        if t in ("DRAW", "PASS"):
            return cls(t.lower())
        m = _PLAY_RE.match(t)
        if not m or len(t) > 16:
            raise IllegalAction(f"not an action: {text[:40]!r}")
        rank, suit, value, named, bang = m.groups()
        if rank == "JK":
            if suit:
                raise IllegalAction(f"not an action: {text[:40]!r}")
            card = parse_card("JK")
        else:
            if not suit:
                raise IllegalAction(f"a card needs its suit: {text[:40]!r}")
            card = parse_card(rank + suit)
        return cls(
            PLAY,
            card,
            int(value) if value is not None else None,
            SUITS.index(named) if named else -1,
            bool(bang),
        )


def as_action(action: "Action | str") -> Action:
    if isinstance(action, Action):
        return action
    return Action.parse(action)
