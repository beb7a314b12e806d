"""A table's settings, the limits on them and how a host's change to them is read, apart from
the table so that the apps that set up a table check a setting (the turn clock) by the same
rule the host does."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import GAMES
from core.whole import whole_number

#: longest table name; a longer one is cut
TABLE_NAME_LEN = 40
#: how an SSH front door lets players in (``net.ssh_server.SSHConfig.auth``)
SSH_AUTH_MODES = ("open", "password", "keys")


@dataclass(frozen=True)
class SSHDoor:
    """Where a table's SSH front door listened and how it let players in, saved with the table:
    its guests, told that their seats are kept, come back by the same door when the table is
    resumed, in the app as at a headless host."""

    port: int
    auth: str = "password"
    #: the ``authorized_keys`` file of the ``keys`` login, as a path from any folder
    keys: str | None = None


@dataclass
class TableConfig:
    name: str = "table"
    game: str = "ninety-eight"
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 4
    password: str | None = None
    seed: int | None = None
    #: seconds a player at the table has for each move before a bot finishes the turn for them; 0: no clock
    turn_time: int = 0
    #: the SSH login's password where one was made up for it, saved with the table so that its
    #: guests log in again with the same one when it is resumed
    ssh_password: str | None = None
    #: the SSH front door the table was last served with; None: none
    ssh_door: SSHDoor | None = None


#: the turn clock's range in seconds (``TableConfig.turn_time``; 0 turns it off)
TURN_TIME_RANGE = (1, 3600)


def turn_time_problem(value: object) -> str | None:
    """What is wrong with a turn clock setting, or None."""
    low, high = TURN_TIME_RANGE
    if not whole_number(value) or not (value == 0 or low <= value <= high):
        return f"the turn clock is 0 (off) or {low} to {high} seconds, not {str(value)[:20]}"
    return None


def settle(c: TableConfig) -> None:
    """Check a new table's ``c`` and keep its options as the engine reads them (" 50" is 50) and
    its name cleaned; ``ValueError`` names the culprit."""
    info = GAMES.get(c.game)
    if info is None:
        raise ValueError(f"game {c.game!r}: the games are {', '.join(GAMES)}")
    resolved = info.resolve(c.seats, c.preset, c.options)  # ValueError names the culprit
    c.options = {k: resolved[k] for k in c.options}
    problem = turn_time_problem(c.turn_time)
    if problem is not None:
        raise ValueError(problem)
    # here, not at the top: the command line checks its flags with this module before the host
    # takes Ctrl+C in hand, and the protocol brings msgpack with it
    from .protocol import clean_name

    c.name = clean_name(c.name, TABLE_NAME_LEN) or "Deal Me In table"


def reconfigure(c: TableConfig, seats_now: int, msg: dict[str, Any]) -> None:
    """Change ``c`` as a host's ``configure`` asks: a field left out (None) keeps what the table
    has (``seats_now`` seats), and any value sent is checked, 0 and "" too. ``ValueError``
    says what is wrong, with nothing changed."""
    game = c.game if msg.get("game") is None else msg["game"]
    changed_game = game != c.game
    preset = msg.get("preset")
    if preset is None:
        preset = "standard" if changed_game else c.preset
    options = msg.get("options")
    if options is None:
        options = {} if changed_game or msg.get("preset") is not None else dict(c.options)
    seats = seats_now if msg.get("seats") is None else msg["seats"]
    info = GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game[:40]!r}: the games are {', '.join(GAMES)}")
    if preset not in info.presets:
        raise ValueError(f"unknown preset {preset[:40]!r}: {info.name} has {', '.join(info.presets)}")
    resolved = info.resolve(seats, preset, options)  # ValueError names the culprit
    turn_time = msg.get("turn_time")
    problem = None if turn_time is None else turn_time_problem(turn_time)
    if problem is not None:
        raise ValueError(problem)
    # kept as the engine reads them: what the lobby shows every player stays small and checked
    c.game, c.preset, c.options, c.seats = game, preset, {k: resolved[k] for k in options}, seats
    if turn_time is not None:
        c.turn_time = turn_time
