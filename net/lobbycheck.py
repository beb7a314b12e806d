"""What a table's lobby may hold (``Table.lobby``), checked by a client before it keeps one:
a broken or hostile host's lobby ends the connection with a reason instead of failing the
screens that list its seats. Keys it does not know pass (a newer host may send more)."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

MAX_SEATS = 64
TEXT = 200

_TEXTS = ("table", "name", "game", "preset", "status", "start", "start_note", "match")
_SEAT_FLAGS = ("ready", "connected", "standin", "host", "idle", "stepped_away", "reading")


def _text(value: Any, limit: int = TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _count(value: Any, limit: int) -> bool:
    return whole_number(value) and 0 <= value <= limit


def _seat_problem(i: int, seat: Any) -> str | None:
    if not isinstance(seat, dict):
        return f"seats[{i}]: expected a map"
    number = seat.get("seat")
    if not _count(number, MAX_SEATS) or number != i:  # the screens number the seats by it
        return f"seats[{i}].seat: expected {i}"
    for key in ("name", "bot", "sent_away"):
        if seat.get(key) is not None and not _text(seat[key]):
            return f"seats[{i}].{key}: expected a short text or nothing"
    for key in _SEAT_FLAGS:
        if key in seat and not isinstance(seat[key], bool):
            return f"seats[{i}].{key}: expected true or false"
    if "wins" in seat and not _count(seat["wins"], 10 ** 9):
        return f"seats[{i}].wins: expected a count"
    return None


def lobby_problem(lobby: Any) -> str | None:
    """What is wrong with ``lobby`` ("seats[1].name: expected a short text or nothing"), or None."""
    if not isinstance(lobby, dict):
        return "a lobby is a map"
    for key in _TEXTS:
        if key in lobby and not _text(lobby[key], 2000 if key == "start_note" else TEXT):
            return f"{key}: expected a text"
    if "password" in lobby and not isinstance(lobby["password"], bool):
        return "password: expected true or false"
    if "spectators" in lobby and not _count(lobby["spectators"], 10 ** 6):
        return "spectators: expected a count"
    watchers = lobby.get("watchers", [])
    if not isinstance(watchers, list) or len(watchers) > 100 or not all(_text(w) for w in watchers):
        return "watchers: expected a list of names"
    for key in ("turn_time", "grace", "hand_break"):
        if key in lobby and not _count(lobby[key], 10 ** 6):
            return f"{key}: expected a number of seconds"
    if "setup" in lobby and not _count(lobby["setup"], 2 ** 53):
        return "setup: expected a count"
    options = lobby.get("options", {})
    if not isinstance(options, dict) or len(options) > 100 or not all(
            _text(k) and (v is None or isinstance(v, bool) or (isinstance(v, int) and abs(v) <= 10 ** 9)
                          or _text(v)) for k, v in options.items()):
        return "options: expected a map of plain values"
    seats = lobby.get("seats", [])
    if not isinstance(seats, list) or len(seats) > MAX_SEATS:
        return f"seats: expected a list of at most {MAX_SEATS}"
    for i, seat in enumerate(seats):
        problem = _seat_problem(i, seat)
        if problem:
            return problem
    return None
