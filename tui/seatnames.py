"""How a table's seats are named on screen: the lobby, the table and a replay agree, so that
the "Normal bot 3" of the lobby is the one that plays at the table."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len

from core.bots.base import LEVELS
from core.whole import whole_number
from net.seatnames import bot_name, bots_own_name, number_after, numbered

from .eventtext import other_name
from .plain import clean
from .seatmarks import AWAY_MARK, BOT_MARK, IDLE_MARK, WATCHING_MARK, YOU_MARK, seat_mark


def lobby_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat of a lobby as the seat list names it: its player's or bot's name, numbered
    where repeated, quoted where it begins with the word "you" (``other_name``); "" for an
    open seat."""
    return numbered([other_name(clean(str(s.get("name") or ("bot" if s.get("bot") else "")), 24)) for s in seats])


def watcher_names(watchers: Iterable[Any], seats: list[dict[str, Any]]) -> list[str]:
    """Each watcher as the lobby and the chat name them: numbered on from the seat list's
    names as a seat is (``numbered``), so that a watcher called Bo is not taken for the Bo who
    sits there; "" for a watcher without a name. A name beginning with the word "you" is
    quoted (``other_name``), as a seat's is."""
    # a seat a bot plays on in for a player who left keeps their name: that player back to
    # watch is no other of that name ("Bo 2"), the seat reading "Bo (bot)"
    kept = [s for s in seats if not is_standin(s)]
    return numbered([other_name(clean(str(w), 24)) if w else "" for w in watchers], lobby_names(kept))


def is_standin(seat: Any) -> bool:
    """A seat a bot plays for good for a player who left it, under their name."""
    return isinstance(seat, dict) and bool(seat.get("bot")) and bool(seat.get("name")) and not bots_own_name(seat)


#: cells for the watchers' names in the lobby's line (about one row of its pane): the rest are
#: counted, so that a crowd of watchers cannot push the lobby's buttons off the screen
WATCHERS_ROOM = 40


def listed_seat(lobby: dict[str, Any] | None, seat: Any) -> dict[str, Any] | None:
    """Seat ``seat`` as ``lobby`` lists it; None for no seat (a watcher) or one it does not list."""
    seats = (lobby or {}).get("seats") or []
    if whole_number(seat) and 0 <= seat < len(seats) and isinstance(seats[seat], dict):
        return seats[seat]
    return None


def watching_count(lobby: dict[str, Any]) -> int:
    """How many watch the table (the lobby's ``spectators``; 0 for what is not a count)."""
    count = lobby.get("spectators")
    return count if whole_number(count) and count > 0 else 0


def listed_watchers(lobby: dict[str, Any]) -> list[Any]:
    """The watchers the lobby names, as many as it counts (a longer list is not believed past
    its count: the lobby's line, the chat and the comings and goings all read this one)."""
    watchers = lobby.get("watchers")
    return watchers[:watching_count(lobby)] if isinstance(watchers, list) else []


def listed_watcher(lobby: dict[str, Any], number: Any, name: str) -> str:
    """The watcher whose number at the table (``watcher`` on its chat line) is ``number``,
    named as the lobby's line names it ("Ana 2"); "" when the lobby does not list it (a host
    of an older version, a watcher past the ones listed, or one who has left or come since)
    or lists another name for it, or its ``watcher_ids`` are not one number per watcher."""
    watchers, at = listed_watchers(lobby), _listed_at(lobby, number)
    if at is None or watchers[at] != name:
        return ""
    return watcher_names(watchers, lobby.get("seats") or [])[at]


def _listed_at(lobby: dict[str, Any], number: Any) -> int | None:
    """Where the watcher whose number at the table is ``number`` stands in the lobby's
    watchers; None where the lobby does not list it, or its ``watcher_ids`` are not one
    number per watcher (a host of an older version sends none)."""
    watchers, ids = listed_watchers(lobby), lobby.get("watcher_ids")
    if not whole_number(number) or not isinstance(ids, list) or len(ids) != len(lobby.get("watchers") or []):
        return None
    if not all(whole_number(i) for i in ids) or ids.count(number) != 1:
        return None
    at = ids.index(number)
    return at if at < len(watchers) else None


def watchers_line(lobby: dict[str, Any], own: int | None = None) -> str:
    """Who watches the table, for the lobby: "Watching: Bea, Cy", "and 3 more" past the names
    that fit ``WATCHERS_ROOM`` or that the lobby gives (a host of an older version gives only
    the count); "" when nobody does. Watchers are named as ``watcher_names`` names them.
    ``own``: this app's number at the table (the welcome's) when it watches: that watcher
    reads "Ana 2 (you)", named whatever the room, so that of two watchers called Ana the app
    tells which is its own."""
    count = watching_count(lobby)
    if not count:
        return ""
    mine = _listed_at(lobby, own)
    shown = watcher_names(listed_watchers(lobby), lobby.get("seats") or [])
    if mine is not None and not shown[mine]:
        mine = None  # a watcher without a name is not listed by name
    if mine is not None:
        shown[mine] += YOU_MARK
    names: list[str] = []
    others: list[str] = []  # the room left beside one's own name is theirs
    room = WATCHERS_ROOM - (cell_len(shown[mine]) + 2 if mine is not None else 0)
    for at, name in enumerate(shown):
        if at == mine:
            names.append(name)
        elif name and (not names or cell_len(", ".join([*others, name])) <= room):
            names.append(name)
            others.append(name)
    if not names:
        return f"{count} watching"
    more = count - len(names)
    return "Watching: " + ", ".join(names) + (f" and {more} more" if more > 0 else "")


def plain_seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's name, two players called Ana read apart, without the bot or away marker."""
    return numbered([other_name(str(s.get("name") or f"Seat {i + 1}")) for i, s in enumerate(seats)])


def seat_names(lobby: dict[str, Any]) -> list[str]:
    """Each seat's name as the table shows it, yours too: two players called Ana read apart
    ("Ana", "Ana 2"), a seat a bot plays for its player, whose player is away, or whose player
    has let the turn clock move for them turn after turn (idle) says so."""
    seats = lobby.get("seats") or []
    names = plain_seat_names(seats)
    for i, s in enumerate(seats):  # a player's seat that a bot plays, or whose player is gone
        # the name is left whole: the seat box cuts it to its room, never the mark after it
        if s.get("bot") and not bots_own_name(s):
            names[i] = f"{names[i]}{BOT_MARK}"
        elif s.get("name") and not s.get("bot"):
            away = s.get("connected") is False or s.get("stepped_away") is True
            mark = AWAY_MARK if away else IDLE_MARK if s.get("idle") is True else ""
            if mark:
                names[i] = f"{names[i]}{mark}"
    return names


def as_sentence(words: str, lobby: dict[str, Any] | None) -> str:
    """The host's words (which begin lower-case: "seat 1 is empty: ...") as a sentence, its
    first letter a capital, unless they begin with a seated player's name as it was given
    ("carol (seat 3) is not ready")."""
    names = [str(s.get("name") or "") for s in (lobby or {}).get("seats") or [] if isinstance(s, dict)]
    if any(name and words.startswith(name) for name in names):
        return words
    return words[:1].upper() + words[1:]


#: who says the table's own lines in the chat (a player joining, the game changed)
TABLE_SPEAKER = "Table"


def speaker(lobby: dict[str, Any], chat: dict[str, Any]) -> str:
    """A player's chat line goes by the seat it came from, named as the table names that
    seat (two players called Ana read apart), and a watcher's reads "(watching)": the host
    lets anyone take any name, and a watcher must not pass for the player in a seat; nor
    must the one who sits there now for whoever said a line the table kept from before,
    nor the one the latest ``lobby`` seats there for who has just sat down (a host of an older
    version paces its lobbies, and a line said at once came before the lobby that seats its
    speaker; this one sends the lobby held back first). A watcher the latest lobby lists by
    its number (``watcher``) is named as the lobby names it, so two watchers called Ana read
    apart there too ("Ana 2 (watching)"). A line from a seat a bot now plays for its player
    was that player's: it reads their name, not "(bot)"; nor "(away)" for one away now. The
    name is left whole: ``eventtext.chat_name`` cuts it to fit, never the mark after it."""
    name, seat = str(chat.get("name") or "?"), chat.get("seat")
    seats = lobby.get("seats") or []
    if not whole_number(seat) or seat < 0:
        listed = listed_watcher(lobby, chat.get("watcher"), name)
        return f"{listed or name}{WATCHING_MARK}"
    if seat < len(seats) and (seats[seat] or {}).get("name") == name:
        # bots do not chat: the player a bot now stands in for said it; and a line kept in the
        # log names who said it, not whether they were away as it came (a line said before they
        # dropped, read by a watcher who joins later, would keep "(away)" for good)
        shown = plain_seat_names(seats)[seat]
        # a player who took the table's own name does not pass for the table's lines
        return f"{shown}{seat_mark(seat)}" if shown.casefold() == TABLE_SPEAKER.casefold() else shown
    if chat.get("earlier") is True:  # said before someone else sat there, or before the table lost that seat
        return f"{name}{seat_mark(seat, earlier=True)}"
    return f"{name}{seat_mark(seat)}"  # seated there by a lobby still on its way


def _bot_of(name: str) -> tuple[str, str] | None:
    """(name of its level, number) of a name as the host names its bots ("Normal bot 2":
    "Normal bot", "2"; "Normal bot": "Normal bot", ""), else None."""
    for base in map(bot_name, LEVELS):
        number = number_after(name, base)
        if number is not None:
            return base, number
    return None


def short_bot_names(names: list[str], width: int) -> list[str]:
    """Names for a row of narrow seat boxes: where every bot in it is of one level and one
    bot's name is too long for ``width``, every bot reads "Bot", "Bot 2"... (eight seats at 80
    columns read "Normal…", "Norma…2": the level, the same word on each, left little room for
    what tells them apart), the first too, though "Normal bot" fits: the row reads in one
    style, "Bot2" where "Bot 2" does not fit. Bots of different levels, or a short name another
    seat has already, keep the names as they are (``cut_apart`` cuts them then)."""
    bots = [_bot_of(name) for name in names]
    if len({bot[0] for bot in bots if bot is not None}) != 1:
        return names
    if all(bot is None or cell_len(name) <= width for name, bot in zip(names, bots)):
        return names
    # where "Bot 2" is a cell too long ("Bo…2" at 60 columns), "Bot2"
    spaced = all(bot is None or cell_len(f"Bot {bot[1]}".rstrip()) <= width for bot in bots)
    gap = " " if spaced else ""
    short = [f"Bot{gap}{bot[1]}".rstrip() if bot is not None else name for name, bot in zip(names, bots)]
    return short if len(set(short)) == len(set(names)) else names
