"""Repeated seat names told apart by number, the one way the host's log and every app name
them, so that the "Normal bot 2" a log line names is the one the lobby shows; and which bot
names are the host's own (a level, numbered apart)."""
from __future__ import annotations

import unicodedata
from typing import Any


def numbered(names: list[str], shown: list[str] | None = None) -> list[str]:
    """Repeated names numbered from their second seat on (``Normal bot``, ``Normal bot 2``,
    ...): bots of one level share a name, and so may two players. A number already taken by
    another seat's name is skipped, so that no two seats read alike. An empty name (an open
    seat) stays empty. ``shown``: names already on screen before these (the seat list's, for
    the watchers after it), which these carry on from: a watcher called Bo at a table where Bo
    sits reads "Bo 2"."""
    before = [name for name in shown or [] if name]
    taken = set(names) | set(before)
    seen: dict[str, int] = {name: 1 for name in before}
    out: list[str] = []
    for name in names:
        if not name:
            out.append(name)
            continue
        n = seen.get(name, 0) + 1
        if n > 1:
            while f"{name} {n}" in taken:
                n += 1
            taken.add(f"{name} {n}")
        seen[name] = n
        out.append(name if n == 1 else f"{name} {n}")
    return out


def seats_named(seats: list[int], shown: list[str]) -> str:
    """``seats`` as the host's log and ``dealmein replay`` name them, by their ``shown`` names
    (``numbered``): "Ana (seat 1) and seat 3" (a seat with no name by its number alone); "" for none."""
    def one(seat: int) -> str:
        name = shown[seat] if seat < len(shown) else ""
        return f"{name} (seat {seat + 1})" if name else f"seat {seat + 1}"

    return and_list([one(seat) for seat in seats])


def and_list(words: list[str]) -> str:
    """"a", "a and b", "a, b and c": names in a sentence, as the host's lines and the apps say them."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def bot_name(level: str, number: int = 1) -> str:
    """The name the host gives a bot of ``level``: "Normal bot", then "Normal bot 2"."""
    base = f"{level.capitalize()} bot"
    return base if number == 1 else f"{base} {number}"


def number_after(name: str, base: str) -> str | None:
    """The number ``numbered`` gave ``name`` after ``base`` ("2" of "Normal bot 2"), "" for
    ``base`` itself, None for a name not ``base`` numbered."""
    if name == base:
        return ""
    rest = name[len(base) + 1:]
    return rest if name.startswith(base + " ") and rest.isdigit() else None


#: the bots' levels (``core.bots.base.LEVELS``), named here so that reading a settings file's
#: name does not load the engine before the app's first frame
BOT_LEVELS = ("easy", "normal", "hard")


def bot_like(name: str) -> bool:
    """Whether a player's name reads as a name the host gives its bots ("Normal bot 2", in any
    case): kept for them, or a player could pass for a bot (and the bot be numbered past them,
    "Normal bot 2 2"), and a narrow screen's "Bot 2" name a person."""
    folded = " ".join(unicodedata.normalize("NFKC", name).casefold().split())  # "Ｎormal bot ２" too
    return any(number_after(folded, bot_name(level).casefold()) is not None for level in BOT_LEVELS)


def bot_name_refused(name: str) -> str:
    """Why a player may not take ``name`` (``bot_like``), for people."""
    return f"{name!r} reads as a bot's name, which the tables keep for their bots: choose another name"


def bots_own_name(seat: dict[str, Any]) -> bool:
    """A bot's seat named as the host names its bots (``bot_name``); a bot playing on for a
    player who left keeps that player's name."""
    name = str(seat.get("name") or "").lower()
    return bool(seat.get("bot")) and number_after(name, bot_name(str(seat.get("bot"))).lower()) is not None
