"""What a table's autosave holds, and how a table is rebuilt from it.

The save is the table's whole state: lobby (name, game, preset, options, seats with names,
bots and readiness, who watches), the seat tokens players reconnect with, the host key, the
password, the match snapshot and seed, and where its log is. Everything read back is checked: a save that
parses but holds nonsense is refused with the field named (``ValueError``), never half-loaded.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from core import Match
from core.keyed_random import seed_from_text

from .bots import LEVELS
from .matchlog import MatchLog, hand_so_far
from .protocol import NAME_LEN, clean_name
from .savefile import LoadResult, aside_text, move_aside, read_save
from .seat import Seat
from .table import MATCH_ID, Table
from .tableconfig import SSH_AUTH_MODES, SSHDoor, TableConfig
from .watchers import WATCHERS_LISTED

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("dealmein.net")

STATUSES = ("lobby", "playing", "finished")


def table_state(t: Table) -> dict[str, Any]:
    c = t.config
    log_offset = None
    if t.log is not None and t.log_path is not None:
        try:  # the log is flushed after every record: its size is where the saved state ends
            log_offset = t.log_path.stat().st_size
        except OSError:
            log_offset = None
    return {
        "table": t.id, "host_key": t.host_key, "host_token": t.host_token,
        # whose seat ``host_token`` is: the app's that hosts the table, or (a headless host) the
        # seat of a player who holds the table's key; an app resuming the table sits in the former only
        "host_in_app": t.server.host_in_app,
        "config": {"name": c.name, "game": c.game, "preset": c.preset, "options": dict(c.options),
                   "seats": c.seats, "password": c.password, "seed": _seed_out(c.seed), "turn_time": c.turn_time,
                   "ssh_password": c.ssh_password, "ssh_door": _door_out(c.ssh_door)},
        "status": t.status, "actions": t.actions,
        "seats": [{"name": s.name, "bot": s.bot, "ready": s.ready, "token": s.token,
                   "standin": s.standin, "wins": s.wins, "played": s.played, "keeper": s.keeper,
                   "gone": s.gone, "stepped_away": s.stepped_away, "missed": s.missed}
                  for s in t.seats],
        "watchers": t.watcher_names(),
        "match": _saved_match(t), "match_seed": _seed_out(t.match_seed), "match_id": t.match_id,
        "log_path": str(t.log_path) if t.log_path is not None else None, "log_offset": log_offset,
        # the address it listened on: an app's Resume listens there again (a table kept to
        # 127.0.0.1 is not opened to the network by a resume)
        "bind": t.server.host,
    }


def _fits(m: Match, config: TableConfig) -> bool:
    """A match of the table's game and seat count: the only kind a save holds, and a restore
    takes (one rule for both, so a save never holds what its restore refuses)."""
    return m.game == config.game and m.players == config.seats


def _saved_match(t: Table) -> bytes | None:
    """The match to save with the table: none once the lobby has moved on to another game or
    seat count (the finished match still shows to who joins)."""
    return t.snapshot() if t.match is not None and _fits(t.match, t.config) else None


def _field(d: Any, key: str, types: tuple[type, ...], nullable: bool = False, where: str = "save") -> Any:
    if not isinstance(d, dict):
        raise ValueError(f"{where} is not a map")
    if key not in d:
        raise ValueError(f"{where}: missing {key!r}")
    v = d[key]
    if v is None and nullable:
        return None
    if isinstance(v, bool) and bool not in types or not isinstance(v, types):
        raise ValueError(f"{where}: {key!r} has the wrong type ({type(v).__name__})")
    return v


#: the whole numbers msgpack holds; a seed outside them is saved as its decimal digits
_PACKED_INTS = range(-(1 << 63), 1 << 64)


def _seed_out(seed: int | None) -> int | str | None:
    """A seed as the save holds it: a fresh match seed (256 bits) is past msgpack's integers."""
    return seed if seed is None or seed in _PACKED_INTS else str(seed)


def _seed_in(d: Any, key: str, where: str) -> int | None:
    v = _field(d, key, (int, str), True, where)
    if isinstance(v, str):
        try:
            return seed_from_text(v)
        except ValueError:
            raise ValueError(f"{where}: {key!r} is not a whole number") from None
    return cast(int | None, v)


def _door_out(door: SSHDoor | None) -> dict[str, Any] | None:
    return None if door is None else {"port": door.port, "auth": door.auth, "keys": door.keys}


def _door_in(d: dict[str, Any] | None) -> SSHDoor | None:
    """The saved SSH front door, checked as the rest of the save is."""
    if d is None:
        return None
    where = "config: ssh_door"
    port, auth = _field(d, "port", (int,), where=where), _field(d, "auth", (str,), where=where)
    if not 1 <= port <= 65535:
        raise ValueError(f"{where}: port {port}")
    if auth not in SSH_AUTH_MODES:
        raise ValueError(f"{where}: unknown login {auth[:20]!r}")
    keys = _field(d, "keys", (str,), True, where)
    if auth == "keys" and not keys:
        raise ValueError(f"{where}: a keys login without its authorized_keys file")
    return SSHDoor(port, auth, keys)


def _added(d: Any, key: str, types: tuple[type, ...], default: Any, where: str, nullable: bool = False) -> Any:
    """A field saves gained later: checked like the others when present, ``default`` in an
    older save that has none."""
    return _field(d, key, types, nullable, where) if isinstance(d, dict) and key in d else default


def restore_table(server: "Server", state: dict[str, Any]) -> Table:
    """A table rebuilt from ``state``, not yet registered or running; ``ValueError`` names what
    is wrong with the save."""
    cfg = _field(state, "config", (dict,))
    config = TableConfig(
        name=_field(cfg, "name", (str,), where="config"), game=_field(cfg, "game", (str,), where="config"),
        preset=_field(cfg, "preset", (str,), where="config"),
        options=_field(cfg, "options", (dict,), where="config"),
        seats=_field(cfg, "seats", (int,), where="config"),
        password=_field(cfg, "password", (str,), True, where="config"),
        seed=_seed_in(cfg, "seed", "config"),
        turn_time=_added(cfg, "turn_time", (int,), 0, "config"),
        ssh_password=_added(cfg, "ssh_password", (str,), None, "config", nullable=True),
        ssh_door=_door_in(_added(cfg, "ssh_door", (dict,), None, "config", nullable=True)))
    if not 1 <= config.seats <= 16:
        raise ValueError(f"config: {config.seats} seats")
    table = Table(server, config)  # checks the game, preset and options
    table.id = _field(state, "table", (str,))
    table.host_key = _field(state, "host_key", (str,))
    table.host_token = _field(state, "host_token", (str,), True)
    status = _field(state, "status", (str,))
    if status not in STATUSES:
        raise ValueError(f"save: unknown status {status[:20]!r}")
    table.status = status
    table.actions = _field(state, "actions", (int,))
    seats = _field(state, "seats", (list,))
    if len(seats) != config.seats:
        raise ValueError(f"save: {len(seats)} seats saved for a table of {config.seats}")
    for i, raw in enumerate(seats):
        where = f"seat {i}"
        seat = Seat(i)
        name = _field(raw, "name", (str,), True, where)
        seat.name = None if name is None else clean_name(name, NAME_LEN) or "Player"
        seat.bot = _field(raw, "bot", (str,), True, where)
        if seat.bot is not None and seat.bot not in LEVELS:
            raise ValueError(f"{where}: unknown bot level {seat.bot[:20]!r}")
        seat.ready = _field(raw, "ready", (bool,), where=where)
        seat.token = _field(raw, "token", (str,), True, where)
        seat.standin = _field(raw, "standin", (bool,), where=where)
        seat.wins = _added(raw, "wins", (int,), 0, where)
        seat.played = _added(raw, "played", (bool,), True, where)  # older saves: as it was seated
        seat.keeper = _added(raw, "keeper", (bool,), False, where)
        seat.gone = _added(raw, "gone", (str,), None, where, nullable=True)
        # a player away from the match in play (``away``), or out of time turn after turn, is
        # so after a resume too: their seat's bot, or their short clock, goes on
        seat.stepped_away = _added(raw, "stepped_away", (bool,), False, where) and status == "playing" \
            and seat.token is not None
        seat.missed = _added(raw, "missed", (int,), 0, where) if status == "playing" else 0
        if seat.wins < 0 or seat.missed < 0:
            raise ValueError(f"{where}: {seat.wins} wins, {seat.missed} turns missed")
        table.seats[i] = seat
    table.watchers_saved = _watchers_in(state)
    snap = _field(state, "match", (bytes,), True)
    if snap is not None:
        try:
            m = Match.restore(snap)  # checks the state holds together, views and a move included
        except ValueError as e:
            raise ValueError(f"save: its match cannot be restored ({e})") from None
        if not _fits(m, config):
            raise ValueError(f"save: the match is {m.game} for {m.players}, the table {config.game} for {config.seats}")
        table.match = m
    elif status != "lobby":
        raise ValueError(f"save: status {status} without a match")
    table.match_seed = _seed_in(state, "match_seed", "save")
    match_id = _added(state, "match_id", (str,), None, "save", nullable=True)
    if match_id is not None and not MATCH_ID.fullmatch(match_id):
        raise ValueError("save: 'match_id' is not a match's name (16 hex digits)")
    table.match_id = match_id
    log_path = _field(state, "log_path", (str,), True)
    table.log_path = _log_in_folder(server, log_path)
    offset = _field(state, "log_offset", (int,), True)
    if status == "playing" and table.log_path is not None and offset is not None:
        table.log, table.log_problem = _reopen_log(table.log_path, offset)
        if table.log is not None and table.match is not None:  # the hand so far, for those who come back
            table.hand = hand_so_far(table.log_path, table.match.version) or table.hand
    elif status == "finished" and table.log_path is not None and table.match is not None:
        # the match's last hand, for its results seen again (the log is whole: nothing to reopen)
        table.hand = hand_so_far(table.log_path, table.match.version) or table.hand
    return table


def _watchers_in(state: dict[str, Any]) -> list[str]:
    """Who watched as the table was saved (none in an older save), named as the host names a
    connection (``clean_name``)."""
    names = _added(state, "watchers", (list,), [], "save")
    if len(names) > WATCHERS_LISTED:
        raise ValueError(f"save: {len(names)} watchers, at most {WATCHERS_LISTED} are kept")
    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"save: 'watchers' holds a {type(name).__name__}, not a name")
    return [clean_name(name, NAME_LEN) or "Player" for name in names]


def _log_in_folder(server: "Server", saved: str | None) -> Path | None:
    """The saved match log's path, if it is a log in this host's logs folder: the save names
    the file to cut back and write on, and a save edited to name another file must not
    cost that file its contents. Where the data folder was moved (copied to another home, or
    ``DEALMEIN_DATA_DIR`` set to where it went), the save names the log where it was: the log
    of that name in this host's folder is the one."""
    folder = server.logs_dir
    if not saved or folder is None:
        return None
    path = Path(saved)
    if _inside(path, folder):
        return path
    here = folder / path.name
    if path.name and _inside(here, folder) and here.is_file():
        log.info("save: the match log %s is continued as %s (the data folder moved)", saved[:200], here)
        return here
    log.warning("save: the match log %s is not in %s: not continued", saved[:200], folder)
    return None


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` names a match log in ``folder`` (not a link to one elsewhere)."""
    try:
        return path.parent.resolve() == folder.resolve() and path.suffix == ".jsonl" and not path.is_symlink()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links
        return False


def _reopen_log(path: Path, offset: int) -> tuple[MatchLog | None, str | None]:
    """Continue the match's log from the saved state: records written after the last save
    (moves no one was told about) are cut off, so the log and the resumed match agree. None
    and why where it cannot be continued (the rest of the match then goes unlogged)."""
    try:
        size = path.stat().st_size
        if size < offset:
            problem = "it is shorter than the saved table expects: cut or changed since"
        else:
            os.truncate(path, offset)
            return MatchLog.reopen(path), None
    except OSError as e:
        problem = str(e.strerror or e)
    log.error("match log %s cannot be continued: %s", path, problem)
    return None, problem


def restore_saved(server: "Server", path: Path, keep: bool = False) -> tuple[Table | None, str | None]:
    """The table saved at ``path``, restored into ``server``; or ``None`` and why. A save that
    cannot be read or restored is moved aside, never deleted; with ``keep``, not even moved
    (``read_save``)."""
    return restore_loaded(server, read_save(path, keep), path, keep)


def restore_loaded(server: "Server", loaded: LoadResult, path: Path,
                   keep: bool = False) -> tuple[Table | None, str | None]:
    """``restore_saved`` of the save at ``path`` as ``read_save`` has read it already (a caller
    that looks at it first need not read it twice)."""
    if loaded.state is None:
        return None, loaded.problem
    try:
        return server.restore_table(loaded.state, path), None
    except ValueError as e:
        problem = f"{path.name} cannot be restored ({e})"
        return None, problem if keep else f"{problem}; {aside_text(move_aside(path))}"
