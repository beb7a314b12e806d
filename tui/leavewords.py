"""Words for what leaving a table costs: who else is there to lose it, and how long a gone player's seat is kept."""
from __future__ import annotations

from typing import Any

from net.keptfor import keeps_no_seat, kept_for

from .plain import counted
from .seatnames import watching_count

__all__ = ["NO_SEAT_KEPT", "keeps_no_seat", "kept_for", "lobby_grace", "others_phrase", "others_seated",
           "others_watching", "seat_kept", "seat_kept_away"]


def others_seated(lobby: dict[str, Any], me: int | None) -> int:
    """Other players connected in the lobby's seats than the one in seat ``me``."""
    return sum(1 for s in lobby.get("seats") or []
               if s.get("name") and not s.get("bot") and s.get("connected") and s.get("seat") != me)


def others_watching(lobby: dict[str, Any], mine: int) -> int:
    """The lobby's watchers but ``mine``, this app's own connection when it watches."""
    return max(0, watching_count(lobby) - mine)


def others_phrase(players: int, watchers: int) -> str:
    """Who else is at a table, players and watchers: "the other player", "the 3 other
    players", "the watcher", "the 2 watchers", "the other player and 1 watcher"...; "" with none."""
    seated = "" if not players else f"the {players} other players" if players > 1 else "the other player"
    if not watchers:
        return seated
    if seated:
        return f"{seated} and {counted(watchers, 'watcher')}"
    return f"the {watchers} watchers" if watchers > 1 else "the watcher"


def lobby_grace(lobby: dict[str, Any] | None) -> int | None:
    """The seconds the lobby says its table keeps a gone player's seat (checked on arrival by
    ``net.lobbycheck``); None from a host of an older version, which sends none."""
    grace = (lobby or {}).get("grace")
    return grace if isinstance(grace, int) else None


#: what leaving costs at a table that keeps no seat (``--grace 0``): no way back to it is said
NO_SEAT_KEPT = "The host keeps no seat for a player who leaves: a bot plays yours for the rest of this match."


def seat_kept(grace: float | None) -> str:
    """How long the host keeps this player's seat once it is gone, a bot playing it."""
    return f"The host keeps your seat {kept_for(grace)}, a bot playing it meanwhile"


def seat_kept_away() -> str:
    """How long the host keeps the seat of a player who stepped away (docs/protocol.md,
    "Stepping away"): to the match's end, however long they are gone."""
    return "You stepped away, so the host keeps your seat until this match ends, a bot playing it meanwhile"
