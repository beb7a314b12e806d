"""Option schemas, presets and validation: one implementation for every game.

A user interface builds its variant picker from these descriptions alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .cards import full_deck
from .errors import quoted
from .whole import whole_number

OptionValue = int | str | bool


@dataclass(frozen=True)
class Option:
    """One option. ``kind`` is ``int`` (a range, plus any ``specials`` words such as
    ``auto``), ``choice`` (one of ``choices``) or ``bool`` (written on/off)."""

    name: str
    kind: str
    default: OptionValue
    description: str
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()
    #: the option does something only while every named option has that value
    only_when: tuple[tuple[str, OptionValue], ...] = ()
    #: the option does nothing while any named option has that value
    not_when: tuple[tuple[str, OptionValue], ...] = ()

    def applies(self, resolved: dict[str, Any]) -> bool:
        """Does this option change the game under the other ``resolved`` options? A front end
        can grey out or leave out the ones that do not."""
        return (all(resolved.get(k) == v for k, v in self.only_when)
                and not any(resolved.get(k) == v for k, v in self.not_when))

    def coerce(self, value: Any) -> OptionValue:
        """The option's value from a Python value or its text; ``ValueError`` naming it."""
        name = self.name
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("on", "true", "yes"):
                return True
            if isinstance(value, str) and value.strip().lower() in ("off", "false", "no"):
                return False
            raise ValueError(f"option {name!r}: expected on or off, got {quoted(value)}")
        if self.kind == "choice":
            if isinstance(value, str) and value.strip().lower() in self.choices:
                return value.strip().lower()
            raise ValueError(f"option {name!r}: expected one of {', '.join(self.choices)}, got {quoted(value)}")
        # int with optional special words
        if isinstance(value, str):
            word = value.strip().lower()
            if word in self.specials:
                return word
            try:
                value = int(word)
            except ValueError:
                raise ValueError(f"option {name!r}: expected {self.describe_range()}, got {quoted(value)}") from None
        if not whole_number(value):
            raise ValueError(f"option {name!r}: expected {self.describe_range()}, got {quoted(value)}")
        assert self.min is not None and self.max is not None
        if not self.min <= value <= self.max:
            raise ValueError(f"option {name!r}: {value} is out of range ({self.describe_range()})")
        return value

    def describe_range(self) -> str:
        if self.kind == "bool":
            return "on or off"
        if self.kind == "choice":
            return " or ".join(self.choices)
        words = [*self.specials, f"{self.min}..{self.max}"]
        return " or ".join(words)

    def to_dict(self) -> dict[str, Any]:
        """Plain description for a picker or the wire."""
        d: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                             "description": self.description}
        if self.kind == "int":
            d.update(min=self.min, max=self.max, specials=list(self.specials))
        if self.kind == "choice":
            d["choices"] = list(self.choices)
        if self.only_when:
            d["only_when"] = dict(self.only_when)
        if self.not_when:
            d["not_when"] = dict(self.not_when)
        return d


def value_text(value: OptionValue) -> str:
    """An option's value as text that ``Option.coerce`` reads back: on/off for a switch. The
    forms, pages, ``--option`` words and the LAN advert all write values so."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    options: dict[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True)
class GameInfo:
    """What a front end needs to offer a game, with no game-specific code."""

    id: str
    name: str
    min_players: int
    max_players: int
    summary: str
    options: dict[str, Option]
    presets: dict[str, Preset]
    factory: Callable[..., Any] = field(repr=False, compare=False)
    #: cross-option check: (players, resolved options) -> error text or None
    check: Callable[[int, dict[str, OptionValue]], str | None] = field(
        default=lambda players, options: None, repr=False, compare=False)
    #: the partnerships: (players, resolved options) -> each team's seats, or None for none
    team_seats: Callable[[int, dict[str, OptionValue]], list[list[int]] | None] = field(
        default=lambda players, options: None, repr=False, compare=False)
    #: the cards the largest deal takes, a starter included: (players, resolved options) -> count
    #: (rules README, "Not enough cards"); None where any table the options allow is dealt
    deal_size: Callable[[int, dict[str, OptionValue]], int] | None = field(default=None, repr=False, compare=False)
    #: what the game's rules call one deal of the cards, for people: "hand", or Ninety-Nine's "round"
    deal_word: str = "hand"

    def resolve(self, players: int, preset: str | None = None,
                options: dict[str, Any] | None = None) -> dict[str, OptionValue]:
        """Defaults, then the preset, then ``options``; ``ValueError`` naming the culprit."""
        if not whole_number(players):
            raise ValueError(f"players must be a whole number, got {quoted(players)}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"players: {self.name} takes {self.min_players} to {self.max_players} seats, not {players}")
        name = preset or "standard"
        if name not in self.presets:
            raise ValueError(f"preset {quoted(name)}: {self.name} has {', '.join(self.presets)}")
        resolved: dict[str, OptionValue] = {k: o.default for k, o in self.options.items()}
        resolved.update(self.presets[name].options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise ValueError(f"option {quoted(key)}: {self.name} has no such option")
            resolved[key] = self.options[key].coerce(value)
        problem = self.check(players, resolved) or self.deal_problem(players, resolved)
        if problem:
            raise ValueError(problem)
        return resolved

    def deal_problem(self, players: int, resolved: dict[str, OptionValue]) -> str | None:
        """A deal the decks cannot make, said as the options are resolved, before a table is set
        up for it (and by a ``Match`` made from options given whole). Two decks hold every deal
        the options allow, so one deck is the culprit."""
        if self.deal_size is None:
            return None
        needed = self.deal_size(players, resolved)
        decks = deck_count(players, resolved.get("decks", "auto"))
        held = len(full_deck(decks, bool(resolved.get("jokers", False))))
        if needed <= held:
            return None
        culprit = "option 'decks': " if "decks" in self.options else ""
        decks_hold = "1 deck holds" if decks == 1 else f"{decks} decks hold"
        return f"{culprit}not enough cards: the deal needs {needed}, {decks_hold} {held}"

    def teams(self, players: int, preset: str | None = None,
              options: dict[str, Any] | None = None) -> list[list[int]] | None:
        """Who partners whom at a table of ``players`` seats, before a match is dealt (a lobby
        shows it): each team's seats, as ``view["teams"]`` gives them in play; None without
        teams. ``ValueError`` as ``resolve``."""
        return self.team_seats(players, self.resolve(players, preset, options))

    def applies(self, name: str, resolved: dict[str, OptionValue]) -> bool:
        """Does option ``name`` change the game under the ``resolved`` options?"""
        return self.options[name].applies(resolved)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "summary": self.summary,
            "min_players": self.min_players, "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options.values()],
            "presets": [{"name": p.name, "description": p.description,
                         "options": dict(p.options)} for p in self.presets.values()],
        }


def decks_option(description: str = "decks shuffled together: auto is two with 6 or more seats") -> Option:
    return Option("decks", "int", "auto", description, min=1, max=2, specials=("auto",))


def deck_count(players: int, decks: OptionValue) -> int:
    """Rules common to all games: ``auto`` means two decks with 6 or more seats."""
    if decks == "auto":
        return 2 if players >= 6 else 1
    return int(decks)
