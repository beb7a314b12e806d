"""What the seat list adds to the name of a seat a bot plays for its player, or whose player
is away, and how a sentence about that seat's turn carries it."""
from __future__ import annotations

BOT_MARK = " (bot)"
AWAY_MARK = " (away)"


def _mark_of(name: str) -> str:
    """The bot or away marker ``name`` ends with, or ""."""
    return next((mark for mark in (BOT_MARK, AWAY_MARK) if name.endswith(mark)), "")


def turn_of(name: str) -> str:
    """"Ana's turn"; of a seat marked as a bot's or away, "Cy's turn (away)", not
    "Cy (away)'s turn"."""
    mark = _mark_of(name)
    return f"{unmarked(name)}'s turn{mark}"


def unmarked(name: str) -> str:
    """``name`` without the bot or away marker: what a seat was called when it made a move
    told later (the hand so far, read back on coming in), whatever it is now."""
    return name[:len(name) - len(_mark_of(name))]
