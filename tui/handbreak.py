"""The hand break as the app has it (docs/protocol.md, "Hand break"): after a hand's end the
host's bots wait for the players to read its results. This app says ``seen`` once its player
has closed the box; the others' apps say in the log whom the bots wait for, so that a table
that does not move meanwhile does not seem stuck."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number
from net.seatnames import and_list

from .plain import clean
from .seatnames import listed_seat

#: the most a solo table's bots wait for its player to read a hand's results: the player is the
#: only one there to wait for, and the bots must not play the next hand behind the box; bounded
#: all the same, so that nothing at the table waits for ever
SOLO_HAND_BREAK = 600.0


def reading(lobby: dict[str, Any] | None, me: Any) -> list[int]:
    """The seats other than ``me`` whose players the bots wait for, as ``lobby`` marks them."""
    seats = (lobby or {}).get("seats") or []
    return [i for i in range(len(seats)) if i != me and (listed_seat(lobby, i) or {}).get("reading") is True]


def bot_plays(lobby: dict[str, Any], seat: Any) -> bool:
    """``seat`` is played by a bot: its own, a stand-in's, or one for a player stepped away."""
    listed = listed_seat(lobby, seat) or {}
    return bool(listed.get("bot")) or listed.get("standin") is True or listed.get("stepped_away") is True


def waits_on_others(lobby: dict[str, Any] | None, me: Any) -> bool:
    """The bots wait for players other than ``me`` to read a hand's results, and not for ``me``:
    this app's player has read them (or was never waited for), and the table stands still."""
    return bool(reading(lobby, me)) and (listed_seat(lobby, me) or {}).get("reading") is not True


def waiting_line(before: dict[str, Any] | None, lobby: dict[str, Any], names: list[str], me: Any,
                 to_move: Any) -> str | None:
    """The log's line as the bots come to wait on other players only to read a hand's results
    ("The bots wait for Bo to read the results, 15 s at most."): said as this app's player is
    done with their own, which is when the table standing still would seem stuck (said as the
    break began, it named a player who read quickly, and not this one, whom the bots then
    waited for). None when no such wait starts with ``lobby`` (one already told, none), or when
    it holds nothing up: the seat ``to_move`` is a player's, whose turn it simply is."""
    if not waits_on_others(lobby, me) or waits_on_others(before, me) or lobby.get("status") != "playing" \
            or not bot_plays(lobby, to_move):
        return None
    who = and_list([clean(names[i], 24) if i < len(names) and names[i] else f"seat {i + 1}"
                    for i in reading(lobby, me)])
    most = lobby.get("hand_break")
    return f"The bots wait for {who} to read the results" + (f", {most} s at most." if whole_number(most) else ".")
