"""What the seat list adds to the name of a seat a bot plays for its player, whose player is
away, or whose player has let the turn clock move for them, and how a sentence about that
seat's turn carries it."""
from __future__ import annotations

import re

BOT_MARK = " (bot)"
AWAY_MARK = " (away)"
#: a player still connected whose turns the turn clock's bot has been making (the lobby's ``idle``)
IDLE_MARK = " (idle)"
#: the lobby's mark of the app's own seat, and of its own name among the watchers
YOU_MARK = " (you)"

#: what a chat line's speaker carries after the name (``seatnames.speaker``): a watcher's line,
#: or one from a seat the lobby does not (yet, or any more) seat its speaker in; a name is cut
#: to fit before it, never the mark, or a watcher with a long name would pass for a player
WATCHING_MARK = " (watching)"
_SPEAKER_MARK = re.compile(r" \((?:watching|seat \d+|was in seat \d+)\)\Z")


def seat_mark(seat: int, earlier: bool = False) -> str:
    """" (seat 2)" after a chat line's speaker, or " (was in seat 2)" for a line said
    ``earlier``, before someone else sat there (``seat`` counts from 0)."""
    return f" (was in seat {seat + 1})" if earlier else f" (seat {seat + 1})"


def speaker_mark(name: str) -> str:
    """The mark a chat line's speaker ends with (``WATCHING_MARK``, a ``seat_mark``), or "":
    what the chat keeps whole when the name before it is cut."""
    found = _SPEAKER_MARK.search(name)
    return found.group() if found else ""


def mark_of(name: str) -> str:
    """The bot, away or idle marker ``name`` ends with, or "": what a seat box keeps whole
    when it cuts the name before it."""
    return next((mark for mark in (BOT_MARK, AWAY_MARK, IDLE_MARK) if name.endswith(mark)), "")


def marked(name: str) -> bool:
    """``name`` says already that a bot plays the seat, or that its player is away or idle."""
    return bool(mark_of(name))


def turn_of(name: str) -> str:
    """"Ana's turn"; of a seat marked as a bot's or away, "Cy's turn (away)", not
    "Cy (away)'s turn"."""
    mark = mark_of(name)
    return f"{unmarked(name)}'s turn{mark}"


def unmarked(name: str) -> str:
    """``name`` without its marker: what a seat was called when it made a move
    told later (the hand so far, read back on coming in), whatever it is now."""
    return name[:len(name) - len(mark_of(name))]
