"""The log's line that opens a rematch: the table's log runs on from one match into the next,
and without a line between them the last match's end ("...the last team with lives left.")
read straight into the new one's cut, so a player scrolling back could not tell them apart."""
from __future__ import annotations

from typing import Any

from core import GAMES
from core.whole import whole_number

from .plain import clean, counted


def starts_match(before: dict[str, Any] | None, view: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    """``view`` (with ``events``) begins another match at a table that showed one (``before``):
    the last one over and this one in play, or its first deal's cut told (the rules README:
    every match cuts for its first dealer; cut again on a tie, which the first cut leads)."""
    if before is None:
        return False
    if before.get("is_over") and not view.get("is_over"):
        return True
    return bool(events) and events[0].get("kind") == "cut"


def match_heading(view: dict[str, Any], lobby: dict[str, Any] | None) -> str:
    """"New match: Ninety-Eight (teams), 4 seats": the game and variant as the lobby's title
    names them (the variant where the lobby is of the same game), and the seats dealt."""
    game = view.get("game")
    info = GAMES.get(game) if isinstance(game, str) else None
    name = info.name if info is not None else clean(str(game or "?"), 30)
    preset = (lobby or {}).get("preset")
    if isinstance(preset, str) and preset and (lobby or {}).get("game") == game:
        name += f" ({clean(preset, 30)})"
    seats = view.get("players")
    if whole_number(seats) and seats > 0:
        return f"New match: {name}, {counted(seats, 'seat')}"
    return f"New match: {name}"
