"""Your record: every match you finished in a seat, kept in ``record.json`` in the data folder,
and what it adds up to per game and variant, against bots and against players.

A file this app cannot read (not JSON, a shape it does not know, a newer version, too large) is
named in one problem and left exactly as it is: nothing is recorded over it until it is mended
or removed, so a record is never lost to a bad read.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from net.paths import data_dir, locked
from net.protocol import NAME_LEN
from net.seatnames import bots_own_name

from . import jsonfile
from .plain import clean

FILE_NAME = "record.json"
VERSION = 1
#: the oldest matches are dropped beyond this many (about 150 bytes each)
MOST_MATCHES = 10_000
MOST_BYTES = 4 * 1024 * 1024
#: what sat in each other seat: a bot's level, or a player
OPPONENTS = ("easy", "normal", "hard", "player")
_TEXT_MOST = 40


def record_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class Played:
    """One match finished in a seat."""

    game: str
    preset: str
    won: bool
    #: every other seat, in seat order: a bot's level or ``"player"``
    opponents: tuple[str, ...]
    #: the local date the match ended, ``YYYY-MM-DD``
    day: str
    #: options were set over the preset
    custom: bool = False
    #: the other players by name, each with whether they won too (partners, or a shared win)
    players: tuple[tuple[str, bool], ...] = ()
    #: which match this was (``match_identity``), so that it is counted once; "" when not known
    match: str = ""

    @property
    def against_bots(self) -> bool:
        return "player" not in self.opponents

    @property
    def hardest_bot(self) -> str | None:
        """The strongest bot level at the table, for a match against bots only."""
        if not self.against_bots:
            return None
        return max(self.opponents, key=OPPONENTS.index, default=None)

    @property
    def variant(self) -> str:
        """The preset, marked when options were set over it."""
        return f"{self.preset} (own options)" if self.custom else self.preset

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "preset": self.preset, "won": self.won,
                "opponents": list(self.opponents), "day": self.day, "custom": self.custom,
                "players": [[name, won] for name, won in self.players], **({"match": self.match} if self.match else {})}

    @classmethod
    def from_json(cls, data: Any) -> "Played":
        """``ValueError`` naming the first field that is not as written."""
        if not isinstance(data, dict):
            raise ValueError("expected a table of fields")
        for key in ("game", "preset", "day"):
            value = data.get(key)
            if not isinstance(value, str) or not value or len(value) > _TEXT_MOST:
                raise ValueError(f"{key}: expected a short text")
        try:
            datetime.date.fromisoformat(data["day"])
        except ValueError:
            raise ValueError("day: expected a date, YYYY-MM-DD") from None
        for key in ("won", "custom"):
            if not isinstance(data.get(key, False), bool):
                raise ValueError(f"{key}: expected true or false")
        match = data.get("match", "")  # matches recorded before it have none
        if not isinstance(match, str) or len(match) > _TEXT_MOST:
            raise ValueError("match: expected a short text")
        opponents = data.get("opponents")
        if not isinstance(opponents, list) or not 1 <= len(opponents) <= 16 \
                or any(o not in OPPONENTS for o in opponents):
            raise ValueError(f"opponents: expected a list of {', '.join(OPPONENTS)}")
        players = data.get("players", [])
        if not isinstance(players, list) or len(players) > 16 or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and 0 < len(p[0]) <= NAME_LEN
                and isinstance(p[1], bool) for p in players):
            raise ValueError("players: expected a list of [name, won]")
        # names came from other players: shown as text, never as a terminal's control sequences
        return cls(data["game"], data["preset"], data["won"], tuple(opponents), data["day"],
                   data.get("custom", False), tuple((clean(name, NAME_LEN) or "?", won) for name, won in players),
                   match)


def match_identity(view: dict[str, Any], lobby: dict[str, Any] | None, seat: int) -> str:
    """One finished match in one seat, told apart from every other: its table's id, the seat
    and the match's own name in the lobby (the same in the view that ended it and in one sent
    after a resume or a rejoin), so that a match seen over twice is counted once and two that
    ended alike are both counted. From a host of an older version, which names no match, a
    digest of how it ended as every seat sees it stands in for the name. The seat keeps apart
    two seats sharing a data folder (one player hosting and joining)."""
    name = (lobby or {}).get("match")
    ended = [(lobby or {}).get("table"), seat, view.get("game")]
    if isinstance(name, str) and name:
        ended.append(name)
    else:
        ended += [view.get(k) for k in ("version", "hand_number", "winners", "pile", "hand_counts", "status", "total")]
    digest = hashlib.sha256(json.dumps(ended, sort_keys=True, default=str).encode()).hexdigest()
    return f"{str(ended[0] or '')[:16]}-{digest[:16]}"


def played_from(view: dict[str, Any], lobby: dict[str, Any] | None, seat: int | None,
                today: datetime.date | None = None) -> Played | None:
    """The match a finished ``view`` shows, as it counts for ``seat``; None for a spectator, a
    match not over, or a table whose lobby does not say who sat where."""
    seats = (lobby or {}).get("seats")
    if seat is None or not view.get("is_over") or not isinstance(seats, list) or seat >= len(seats):
        return None
    game, preset = view.get("game"), (lobby or {}).get("preset")
    if not isinstance(game, str) or not isinstance(preset, str):
        return None
    winners = view.get("winners") or []
    opponents, players = [], []
    for s in seats:
        if not isinstance(s, dict) or s.get("seat") == seat:
            continue
        bot = s.get("bot")
        # a bot that took over a player's seat when they left keeps their name: a player's match
        own_name = not s.get("name") or bots_own_name(s)
        if bot in OPPONENTS[:3] and own_name:
            opponents.append(bot)
            continue
        opponents.append("player")
        name = clean(str(s.get("name") or ""), NAME_LEN)
        if name:
            players.append((name, s.get("seat") in winners))
    if not opponents:
        return None
    return Played(game, preset, seat in winners, tuple(opponents), (today or datetime.date.today()).isoformat(),
                  bool((lobby or {}).get("options")), tuple(players), match_identity(view, lobby, seat))


#: what becomes of a record this app cannot read, and what the player may do about it
LEFT = f"{jsonfile.LEFT}: mend it, or move it away to start a new record"


def load(path: Path | None = None) -> tuple[list[Played], str | None]:
    """The matches recorded, oldest first, and a problem (None when the file reads well; no
    file is an empty record)."""
    path = path or record_path()
    try:
        data = jsonfile.read(path, MOST_BYTES, VERSION, "a record", left=LEFT)
        return ([], None) if data is None else \
            (jsonfile.each(path, data, "matches", Played.from_json, "match", left=LEFT), None)
    except jsonfile.Unreadable as e:
        return [], str(e)


def _write(path: Path, matches: Iterable[Played]) -> str | None:
    return jsonfile.write(path, {"version": VERSION, "matches": _fitted([m.to_json() for m in matches])},
                          compact=True)


def _fitted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The newest ``rows`` that the file holds within ``MOST_BYTES``, which is all ``load``
    reads: a match at a table of long names takes over a kilobyte (a name not in ASCII is
    written \\uXXXX), so fewer than ``MOST_MATCHES`` of them may fit, and a file past it would
    stop the record for good."""
    sizes = [len(json.dumps(row, separators=(",", ":"))) + 1 for row in rows]  # (ASCII: a byte a character)
    room, first = MOST_BYTES - 64, 0  # the rest of the file: its version, brackets and end of line
    total = sum(sizes)
    while total > room and first < len(rows):
        total -= sizes[first]
        first += 1
    return rows[first:]


def add(played: Played, path: Path | None = None) -> tuple[list[Played], str | None]:
    """Record one match: the matches now recorded, or the problem that kept it from being
    recorded. The file is read again just before the write, under its lock, so a match another
    app recorded meanwhile is kept, and a match already recorded is not counted again."""
    path = path or record_path()
    with locked(path):
        matches, problem = load(path)
        if problem:
            return [], problem
        if played.match and any(m.match == played.match for m in matches):
            return matches, None
        matches = (matches + [played])[-MOST_MATCHES:]
        problem = _write(path, matches)
    return ([], problem) if problem else (matches, None)


def clear(path: Path | None = None) -> str | None:
    """Forget every match; the problem if the file could not be removed."""
    path = path or record_path()
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"{path.name}: could not be removed ({e.strerror or e})"
    return None


@dataclass
class Tally:
    """What some matches add up to."""

    played: int = 0
    won: int = 0
    #: the run the latest matches make: +3 for three won in a row, -2 for two lost
    streak: int = 0
    best: int = 0  # the longest run of matches won
    last: str = ""  # the day of the latest
    _run: int = field(default=0, repr=False)

    def add(self, m: Played) -> None:
        self.played += 1
        self.won += m.won
        self.streak = (max(self.streak, 0) + 1) if m.won else (min(self.streak, 0) - 1)
        self._run = self._run + 1 if m.won else 0
        self.best = max(self.best, self._run)
        self.last = max(self.last, m.day)

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def streak_text(self) -> str:
        if not self.streak:
            return ""
        return f"won {self.streak}" if self.streak > 0 else f"lost {-self.streak}"


def tally(matches: Iterable[Played]) -> Tally:
    total = Tally()
    for m in matches:
        total.add(m)
    return total


def by_company(matches: Iterable[Played]) -> tuple[Tally, Tally]:
    """The matches against bots only, and those with other players."""
    bots, people = Tally(), Tally()
    for m in matches:
        (bots if m.against_bots else people).add(m)
    return bots, people


def by_bot_level(matches: Iterable[Played]) -> dict[str, Tally]:
    """The matches against bots only, by the strongest level at the table, weakest first; only
    the levels played against."""
    levels: dict[str, Tally] = {level: Tally() for level in OPPONENTS[:3]}
    for m in matches:
        if m.hardest_bot is not None:
            levels[m.hardest_bot].add(m)
    return {level: t for level, t in levels.items() if t.played}


def by_variant(matches: Iterable[Played]) -> dict[str, tuple[Tally, dict[str, Tally]]]:
    """Per game (in the order first played), its tally and one per variant (a preset, apart
    from the same preset with options set over it)."""
    games: dict[str, tuple[Tally, dict[str, Tally]]] = {}
    for m in matches:
        whole, presets = games.setdefault(m.game, (Tally(), {}))
        whole.add(m)
        presets.setdefault(m.variant, Tally()).add(m)
    return games



@dataclass
class Together:
    """The matches played with one other player (by name)."""

    played: int = 0
    you_won: int = 0
    they_won: int = 0


def by_player(matches: Iterable[Played]) -> dict[str, Together]:
    """Per other player's name, the matches played with them, most first."""
    players: dict[str, Together] = {}
    for m in matches:
        # two players of one name at a table ("Ana" and "Ana 2") are one name here: the match
        # counts once for it, won by them if either won
        named: dict[str, bool] = {}
        for name, won in m.players:
            named[name] = named.get(name, False) or won
        for name, won in named.items():
            t = players.setdefault(name, Together())
            t.played += 1
            t.you_won += m.won
            t.they_won += won
    return dict(sorted(players.items(), key=lambda kv: (-kv[1].played, kv[0].lower())))
