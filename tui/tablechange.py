"""The line that tells the players in a lobby that the host changed the table's game, variant,
options, seat count or turn clock: the lobby's header and seat list change without a word,
and a player who had said they were ready should know what they are now ready for."""
from __future__ import annotations

from typing import Any

from core import GAMES
from core.whole import whole_number

from .optiontext import clock_label, options_line
from .plain import clean

#: what a host's ``configure`` may change, as the lobby carries it
SETUP = ("game", "preset", "options", "turn_time")


def table_change(before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """"The host sets up Crazy Eights (jokers), 3 seats; options: target 50; turn
    clock 30 s." between two lobbies of one table, or None where its setup is the same (or
    ``before`` is no earlier lobby of it)."""
    if not before or before.get("table") != after.get("table"):
        return None
    seats_before, seats_after = len(before.get("seats") or []), len(after.get("seats") or [])
    if seats_before == seats_after and all(before.get(k) == after.get(k) for k in SETUP):
        return None
    game = after.get("game")
    info = GAMES.get(game) if isinstance(game, str) else None
    name = info.name if info is not None else clean(str(game), 40)
    text = f"The host sets up {name} ({clean(str(after.get('preset')), 30)}), {seats_after} seats"
    options = options_line(after)
    if options:  # mid-sentence: "; options: target 50"
        text += f"; {options[0].lower()}{options[1:]}"
    clock, was = after.get("turn_time"), before.get("turn_time")
    if whole_number(clock) and clock > 0:
        text += f"; turn clock {clock_label(clock)} a move"
    elif whole_number(was) and was > 0:  # taken off: said, or nothing tells it
        text += "; no turn clock"
    if game != before.get("game") and _won_any(before):
        text += "; the matches won start again from 0"  # the host's table counts them per game
    return text + "."


def _won_any(lobby: dict[str, Any]) -> bool:
    return any(isinstance(s, dict) and isinstance(s.get("wins"), int) and s["wins"] > 0
               for s in lobby.get("seats") or [])
