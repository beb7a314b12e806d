"""Names as a table shows them, each seat's and each chat line's speaker, so that no one passes for another."""
from __future__ import annotations

from typing import Any

from .eventtext import other_name
from .plain import cut
from .seatnames import listed_watcher, numbered


def seat_names(lobby: dict[str, Any]) -> list[str]:
    """Each seat's name as the table shows it, yours too: two players called Ana read apart
    ("Ana", "Ana 2"), a seat a bot plays for its player or whose player is away says so."""
    seats = lobby.get("seats") or []
    names = numbered([other_name(str(s.get("name") or f"Seat {i + 1}")) for i, s in enumerate(seats)])
    for i, s in enumerate(seats):  # a player's seat that a bot plays, or whose player is gone
        # the marker must survive the seat box's cut of long names (16 cells)
        if s.get("bot") and not str(s.get("name") or "").lower().endswith("bot"):
            names[i] = f"{cut(names[i], 10)} (bot)"
        elif s.get("name") and not s.get("bot") and s.get("connected") is False:
            names[i] = f"{cut(names[i], 9)} (away)"
    return names


def speaker(lobby: dict[str, Any], chat: dict[str, Any]) -> str:
    """A player's chat line goes by the seat it came from, named as the table names that
    seat (two players called Ana read apart), and a watcher's reads "(watching)": the host
    lets anyone take any name, and a watcher must not pass for the player in a seat; nor
    must the one who sits there now for whoever said a line the table kept from before,
    nor the one the latest ``lobby`` seats there for who has just sat down (a host of an older
    version paces its lobbies, and a line said at once came before the lobby that seats its
    speaker; this one sends the lobby held back first). A watcher the latest lobby lists by
    its number (``watcher``) is named as the lobby names it, so two watchers called Ana read
    apart there too ("Ana 2 (watching)")."""
    name, seat = str(chat.get("name") or "?"), chat.get("seat")
    seats = lobby.get("seats") or []
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        listed = listed_watcher(lobby, chat.get("watcher"), name)
        return f"{cut(listed or name, 20)} (watching)"
    if seat < len(seats) and (seats[seat] or {}).get("name") == name:
        return seat_names(lobby)[seat]
    if chat.get("earlier") is True:  # said before someone else sat there, or before the table lost that seat
        return f"{cut(name, 20)} (was in seat {seat + 1})"
    return f"{cut(name, 20)} (seat {seat + 1})"  # seated there by a lobby still on its way
