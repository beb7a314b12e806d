"""Options in words, for the picker, the lobby and the rules page: names as words, values as
on/off, the engine's complaints in the form's terms, and why an option does nothing."""
from __future__ import annotations

import re
from typing import Any

from core import GAMES
from core.options import Option, value_text

from .plain import clean


def option_label(name: str) -> str:
    """``hand size`` for the option ``hand_size``: the engine's names, as words."""
    return name.replace("_", " ")


def problem_text(problem: str) -> str:
    """The engine's complaint about an option ("option 'lives': expected 1..99, got ''") in
    the words of the form: "lives: 1..99" for an empty field, "hand size: 1..10, not x"."""
    m = re.match(r"option '([\w-]+)': (.*)$", problem)
    if not m:
        return problem
    name, said = m.groups()
    wanted = re.match(r"expected (.+), got (.*)$", said)
    if not wanted:
        return f"{option_label(name)}: {said}"
    got = wanted.group(2).strip("'\"")
    return f"{option_label(name)}: {wanted.group(1)}" + (f", not {got}" if got else "")


def idle_reason(option: Option, resolved: dict[str, Any]) -> str:
    """Why an option changes nothing here: "no effect: only with scoring stakes"."""
    wanted = [f"{option_label(k)} {value_text(v)}" for k, v in option.only_when if resolved.get(k) != v]
    if wanted:
        return "no effect: only with " + " and ".join(wanted)
    crossed = [f"{option_label(k)} {value_text(v)}" for k, v in option.not_when if resolved.get(k) == v]
    return "no effect with " + " or ".join(crossed)


def clock_label(seconds: int) -> str:
    """A turn clock in words: ``off``, ``45 s``, ``2 min``."""
    if not seconds:
        return "off"
    return f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"


def options_line(lobby: dict[str, Any]) -> str | None:
    """The options the table sets over its preset that change the game ("Options: limit 50,
    lives 5"), so a player sees the variant before it is dealt; None when there are none."""
    overrides = lobby.get("options") or {}
    if not isinstance(overrides, dict):
        return None
    return changed_options(lobby.get("game"), lobby.get("preset"), len(lobby.get("seats") or []), overrides)


def advert_options_line(game: str, preset: str, seats: int, pairs: tuple[tuple[str, str], ...]) -> str | None:
    """``options_line`` for a table found on the LAN, whose advert carries the options as text."""
    info = GAMES.get(game)
    if info is None:
        return None
    try:  # read back as the engine reads option words; a name it does not know stays for resolve to refuse
        overrides = {k: info.options[k].coerce(v) if k in info.options else v for k, v in pairs}
    except ValueError:
        return None
    return changed_options(game, preset, seats, overrides)


def changed_options(game: Any, preset: Any, seats: int, overrides: dict[str, Any]) -> str | None:
    """What ``options_line`` says, or None for no options or ones the game does not take."""
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None or not overrides:
        return None
    try:
        resolved = info.resolve(max(seats, info.min_players), preset, overrides)
    except (ValueError, TypeError):
        return None
    shown = [f"{option_label(k)} {value_text(resolved[k])}" for k in overrides if k in resolved and info.applies(k, resolved)]
    return clean("Options: " + ", ".join(shown), 200) if shown else None
