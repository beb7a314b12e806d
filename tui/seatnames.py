"""How a table's seats are named on screen: the lobby, the table and a replay agree, so that
the "Normal bot 3" of the lobby is the one that plays at the table."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len

from net.seatnames import numbered

from .plain import clean


def lobby_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat of a lobby as the seat list names it: its player's or bot's name, numbered
    where repeated; "" for an open seat."""
    return numbered([clean(str(s.get("name") or ("bot" if s.get("bot") else "")), 24) for s in seats])


def watcher_names(watchers: Iterable[Any], seats: list[dict[str, Any]]) -> list[str]:
    """Each watcher as the lobby and the chat name them: numbered on from the seat list's
    names as a seat is (``numbered``), so that a watcher called Bo is not taken for the Bo who
    sits there; "" for a watcher without a name."""
    return numbered([clean(str(w), 24) if w else "" for w in watchers], lobby_names(seats))


#: cells for the watchers' names in the lobby's line (about one row of its pane): the rest are
#: counted, so that a crowd of watchers cannot push the lobby's buttons off the screen
WATCHERS_ROOM = 40


def watching_count(lobby: dict[str, Any]) -> int:
    """How many watch the table (the lobby's ``spectators``; 0 for what is not a count)."""
    count = lobby.get("spectators")
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 0


def watchers_line(lobby: dict[str, Any]) -> str:
    """Who watches the table, for the lobby: "Watching: Bea, Cy", "and 3 more" past the names
    that fit ``WATCHERS_ROOM`` or that the lobby gives (a host of an older version gives only
    the count); "" when nobody does. Watchers are named as ``watcher_names`` names them."""
    count = watching_count(lobby)
    if not count:
        return ""
    names: list[str] = []
    for name in watcher_names((lobby.get("watchers") or [])[:count], lobby.get("seats") or []):
        if name and (not names or cell_len(", ".join([*names, name])) <= WATCHERS_ROOM):
            names.append(name)
    if not names:
        return f"{count} watching"
    more = count - len(names)
    return "Watching: " + ", ".join(names) + (f" and {more} more" if more > 0 else "")
