"""What the picker last chose for each game, solo and hosting apart, so that it opens on the
variant, options, seats and bots you played last time instead of the defaults.

Kept in the data folder (``picker.json``). A table's password and its SSH switch are never kept:
the next table opens without either unless they are set again. A file the app cannot read is
named in one problem and left exactly as it is (nothing is kept over it) until it is mended or
removed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core import GAMES
from core.bots import LEVELS
from net.paths import data_dir, locked
from net.tableconfig import turn_time_problem

from . import jsonfile

FILE_NAME = "picker.json"
VERSION = 1
MODES = ("solo", "host")
MOST_BYTES = 64 * 1024


@dataclass(frozen=True)
class Pick:
    """One game's last choice: its variant, options over it, seats, bots and turn clock."""

    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 4
    bots: dict[int, str] = field(default_factory=dict)  # seat -> level; other seats open (hosting)
    turn_time: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": dict(self.options), "seats": self.seats,
                "bots": {str(seat): level for seat, level in sorted(self.bots.items())},
                "turn_time": self.turn_time}

    @classmethod
    def from_json(cls, game: str, data: Any) -> "Pick":
        """``ValueError`` naming what does not fit the game as the engine knows it now."""
        info = GAMES.get(game)
        if info is None:
            raise ValueError("no such game")
        if not isinstance(data, dict):
            raise ValueError("expected a table of fields")
        preset, options, seats = data.get("preset"), data.get("options", {}), data.get("seats")
        if not isinstance(preset, str) or not isinstance(options, dict) or isinstance(seats, bool) \
                or not isinstance(seats, int):
            raise ValueError("expected a preset, options and a number of seats")
        info.resolve(seats, preset, options)  # ValueError names the preset, option or seats
        bots = data.get("bots", {})
        if not isinstance(bots, dict):
            raise ValueError("bots: expected seats and levels")
        levels: dict[int, str] = {}
        for seat, level in bots.items():
            if not (isinstance(seat, str) and seat.isdigit() and 1 <= int(seat) < seats) or level not in LEVELS:
                raise ValueError(f"bots: seat {str(seat)[:8]} as {str(level)[:12]}: expected a seat after yours "
                                 f"and one of {', '.join(LEVELS)}")
            levels[int(seat)] = level
        turn_time = data.get("turn_time", 0)
        problem = turn_time_problem(turn_time)
        if problem:
            raise ValueError(problem)
        return cls(preset, dict(options), seats, levels, turn_time)


Picks = dict[str, dict[str, Pick]]  # mode -> game -> its last choice


def picks_path() -> Path:
    return data_dir() / FILE_NAME


def load(path: Path | None = None) -> tuple[Picks, str | None]:
    """Every mode's last choices and a problem (None when the file reads well; no file is no
    choice yet)."""
    path = path or picks_path()
    try:
        data = jsonfile.read(path, MOST_BYTES, VERSION, "the picker's choices")
    except jsonfile.Unreadable as e:
        return {}, str(e)
    picks: Picks = {}
    for mode in MODES:
        games = (data or {}).get(mode, {})
        if not isinstance(games, dict):
            return {}, f"{path.name}: {mode}: expected a table of games; {jsonfile.LEFT}"
        for game, entry in games.items():
            try:
                picks.setdefault(mode, {})[game] = Pick.from_json(game, entry)
            except ValueError as e:
                return {}, f"{path.name}: {mode} {str(game)[:20]}: {e}; {jsonfile.LEFT}"
    return picks, None


def remember(mode: str, game: str, pick: Pick, path: Path | None = None) -> str | None:
    """Keep ``pick`` as ``game``'s last choice in ``mode``; the problem if it was not kept."""
    path = path or picks_path()
    with locked(path):  # another app's choice for another game kept meanwhile is kept
        picks, problem = load(path)
        if problem:
            return problem
        picks.setdefault(mode, {})[game] = pick
        return jsonfile.write(path, {"version": VERSION, **{m: {g: p.to_json() for g, p in games.items()}
                                                             for m, games in picks.items()}})
