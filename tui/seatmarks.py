"""What the seat list adds to the name of a seat a bot plays for its player, or whose player
is away, and how a sentence about that seat's turn carries it."""
from __future__ import annotations

BOT_MARK = " (bot)"
AWAY_MARK = " (away)"


def turn_of(name: str) -> str:
    """"Ana's turn"; of a seat marked as a bot's or away, "Cy's turn (away)", not
    "Cy (away)'s turn"."""
    for mark in (BOT_MARK, AWAY_MARK):
        if name.endswith(mark):
            return f"{name[:-len(mark)]}'s turn{mark}"
    return f"{name}'s turn"


def unmarked(name: str) -> str:
    """``name`` without the bot or away marker: what a seat was called when it made a move
    told later (the hand so far, read back on coming in), whatever it is now."""
    for mark in (BOT_MARK, AWAY_MARK):
        if name.endswith(mark):
            return name[:-len(mark)]
    return name
