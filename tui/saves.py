"""The saved tables the home screen offers to resume. Kept apart from the session module so
that the first frame does not wait for the server code to import."""
from __future__ import annotations

import errno
import os
import re
import socket
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard

from net.paths import try_lock
from net.savefile import read_save, save_path, saved_bind, saves_dir

from . import jsonfile
from .plain import clean, cut


def solo_save_path() -> Path:
    """A solo table listens on a fresh port each time, so its save has a fixed name."""
    return saves_dir() / "solo.save"


#: the lock on the solo save this app holds while a solo table of its own uses it, and how many do
_solo_lock: int | None = None
_solo_users = 0


def claim_solo_save() -> bool:
    """Take the solo save for a solo table of this app: False while another Deal Me In window
    holds it (its match would be lost to this one's). Held until ``release_solo_save``, or
    the process ends, however it ends. A folder where no lock can be made cannot hold a save
    either: the table's autosave says so itself."""
    global _solo_lock, _solo_users
    if _solo_lock is None:
        try:
            solo_save_path().parent.mkdir(parents=True, exist_ok=True)
            _solo_lock = try_lock(solo_save_path())
        except OSError:
            pass
        else:
            if _solo_lock is None:
                return False
    _solo_users += 1
    return True


def release_solo_save() -> None:
    """A solo table of this app is closed: the last one lets the solo save go."""
    global _solo_lock, _solo_users
    _solo_users = max(0, _solo_users - 1)
    if _solo_users == 0 and _solo_lock is not None:
        os.close(_solo_lock)
        _solo_lock = None


def solo_save_elsewhere() -> bool:
    """Another Deal Me In window plays a solo match on the solo save now."""
    if _solo_lock is not None:
        return False
    try:
        fd = try_lock(solo_save_path())
    except OSError:  # no folder yet, or none to lock in: no window holds it
        return False
    if fd is None:
        return True
    os.close(fd)
    return False


#: the cells of a hosted table's name its Resume entry shows at most (the entry reads whole at 80 columns)
NAME_SHOWN = 20
#: hosted tables offered at most, the usual port's first, then the newest: the home screen's
#: menu stays in sight
HOSTED_SHOWN = 3


def save_port(path: Path) -> int | None:
    """The port a hosted table's save was made on (``table-PORT.save``): its players' apps come
    back to that port."""
    m = re.fullmatch(r"table-(\d{1,5})\.save", path.name)
    return int(m.group(1)) if m and 0 < int(m.group(1)) < 65536 else None


def _hosted(host_port: int) -> list[Path]:
    """The saves of tables this app hosted: on its usual port, and on another one when that was
    taken (a second table on this machine)."""
    usual = save_path(host_port)
    try:
        others = [p for p in saves_dir().glob("table-*.save") if p != usual and save_port(p) and p.is_file()]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        others = []
    return ([usual] if usual.is_file() else []) + others


class SavedTable(NamedTuple):
    """A table home offers to resume. ``label`` says what going in does: "Resume" a table, or
    see a ``finished`` solo match's results (there is nothing left to play on). A hosted one
    comes back on its ``port`` and ``bind`` (None: the app's own), where its players return."""

    label: str
    path: Path
    solo: bool
    finished: bool
    port: int | None = None
    bind: str | None = None
    #: no match in play to go back to: its match is over (a hosted table's too, which opens
    #: again for a rematch), or a hosted table was saved in its lobby, never dealt
    over: bool = False


def saved_tables(host_port: int) -> tuple[list[SavedTable], list[str]]:
    """The tables this app can resume, and the problems with saves that cannot be read (those
    are moved aside, to be reported once)."""
    found: list[SavedTable] = []
    problems: list[str] = []
    # the solo match another window plays is its own, not one to resume here
    mine = [] if solo_save_elsewhere() else [(solo_save_path(), True)]
    paths = mine + [(p, False) for p in _hosted(host_port)]
    for path, solo in paths:
        if not path.exists():  # a folder in its place is said, as a file that cannot be read is
            continue
        if not solo and sum(1 for table in found if not table.solo) >= HOSTED_SHOWN:
            break
        loaded = read_save(path)
        state = loaded.state
        if state is None:
            problems.append(str(loaded.problem))
            continue
        config = state.get("config")
        config = config if isinstance(config, dict) else {}  # a bad one is told when it is resumed
        kind = "solo" if solo else "hosted"
        status = state.get("status")
        what = kind if status == "playing" else f"{kind}, {status if status in ('lobby', 'finished') else '?'}"
        port = None if solo else save_port(path)
        if port is not None:  # every hosted one: a headless host's saves are offered here too
            what += f", port {port}"
        # a finished solo match has nothing to play on: going in shows its results, with a
        # rematch there (a hosted one opens its table again for its players to come back to)
        finished = solo and status == "finished"
        does = "See the results:" if finished else "Resume"
        # a hosted table by its name too: a club's tables on four ports read apart by name, not
        # by port (a solo table's is the player's own)
        name = "" if solo else cut(clean(str(config.get("name") or "")), NAME_SHOWN)
        named = f"{name}, " if name else ""
        found.append(SavedTable(f"{does} {named}{game_name(config.get('game'))} ({what})", path, solo, finished,
                                port, None if solo else saved_bind(state), status in ("finished", "lobby")))
    return found, problems


def port_taken(bind: str, port: int) -> bool:
    """Something listens on ``port`` at ``bind`` now, so a table resumed there cannot: tried as
    the table binds it (a port another socket only just let go of is free)."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio binds it: IPv6 only, beside an IPv4 table
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind((bind, port))
    except OSError as e:
        return e.errno == errno.EADDRINUSE
    return False


def in_use_text(bind: str, port: int) -> str:
    """Why a saved table is not resumed while its port is in use, most likely by that table
    still running (a headless host shares the saves), and how to sit at it instead."""
    from net.addresses import host_port
    from net.server import local_host

    return (f"Could not resume the table: port {port} is in use, most likely by this table still running. "
            f"Join it instead (Join a table, or dealmein join {host_port(local_host(bind), port)}), or stop "
            "what holds the port and resume it again. Its save is kept.")


def forget_saved(path: Path) -> str | None:
    """Delete a saved table and the results kept beside it, so that home offers it no more;
    the problem if the save could not be deleted (a results file left behind is harmless: it
    is read only beside its save)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        return f"{path.name} could not be deleted: {e.strerror or e}"
    try:
        results_path(path).unlink(missing_ok=True)
    except OSError:
        pass
    return None


def game_name(game: object) -> str:
    """``Crazy Eights`` for ``crazy-eights``; an id no game has, as it is."""
    from core import GAMES

    info = GAMES.get(game) if isinstance(game, str) else None
    return info.name if info is not None else str(game or "?")


def solo_saved() -> str | None:
    """The game of the solo match saved to resume, if there is one: a new solo table replaces it."""
    path = solo_save_path()
    if not path.is_file() or solo_save_elsewhere():  # a new solo table here does not replace that one
        return None
    state = read_save(path).state
    if state is None or state.get("status") in ("finished", "lobby"):  # a finished match, or a table
        return None  # not dealt yet (its choices only), is no loss to replace
    return game_name((state.get("config") or {}).get("game"))


class KeptResults(NamedTuple):
    """What a finished match's results box showed that its view does not hold: the last hand's
    points left in hand (they come with its ``hand_over`` event, which a resume does not see;
    None for a game without them) and the running total over that hand, and whether that
    followed the hand from its deal; the seats' names as the box gave them (the lobby may
    have changed since), the hand's penalties (crazy-eights 4.2), and in Countdown each
    seat's count before and after the last hand (crazy-eights 6.2-6.3: the box's "this hand"
    column, ``tui.handchange.count_words``), None where not kept."""

    points: list[int] | None
    totals: list[int]
    whole: bool
    names: list[str] | None = None
    penalties: list[int] | None = None
    counts: tuple[list[int], list[int]] | None = None


#: the kept results' format, and the most their file may hold. Fields added since version 1
#: (``names``, ``penalties``, ``counts``) are optional: a file written before them reads without
#: them, and one written with them still reads in an app from before them (it skips them), so
#: they leave the version as it is
RESULTS_VERSION = 1
RESULTS_MOST_BYTES = 64 * 1024
#: a Countdown count (crazy-eights 6.1: from 8 down to 1)
COUNTS = range(1, 9)


def results_path(save: Path) -> Path:
    """Beside the table's save, under its name (``solo.results``): one per save, the latest
    finished match's."""
    return save.with_suffix(".results")


def keep_results(save: Path, match: str, kept: KeptResults) -> str | None:
    """Keep what the results box of ``match`` (``tui.record.match_identity``) showed, for when
    the table saved at ``save`` is resumed with that match over; the problem if it could not be
    written."""
    body: dict[str, Any] = {"version": RESULTS_VERSION, "match": match, "points": kept.points,
                            "totals": kept.totals, "whole": kept.whole, "names": kept.names,
                            "penalties": kept.penalties}
    if kept.counts is not None:
        body["counts"] = {"before": kept.counts[0], "after": kept.counts[1]}
    return jsonfile.write(results_path(save), body, compact=True)


def kept_results(save: Path, match: str) -> tuple[KeptResults | None, str | None]:
    """What the results box of ``match`` showed when it ended, kept beside ``save``, and a
    problem (None when the file reads well). Nothing is kept for that match when there is no
    file (a save from before these were kept, the app stopped before it kept them), another
    match's, or one that cannot be read: the box then shows what the view holds, and a file
    that cannot be read is named in the problem and left as it is."""
    path = results_path(save)
    try:
        data = jsonfile.read(path, RESULTS_MOST_BYTES, RESULTS_VERSION, "a match's results")
    except jsonfile.Unreadable as e:
        return None, str(e)
    if data is None or data.get("match") != match:
        return None, None
    points, totals, whole = data.get("points"), data.get("totals"), data.get("whole")
    if not (points is None or _numbers(points)) or not _numbers(totals) or not isinstance(whole, bool):
        return None, f"{path.name}: not a match's results; {jsonfile.LEFT}"
    names = data.get("names")  # none in a file from before they were kept
    if not (isinstance(names, list) and names and all(isinstance(n, str) and 0 < len(n) <= 60 for n in names)):
        names = None
    penalties = data.get("penalties")
    return KeptResults(points, totals, whole, names, penalties if _numbers(penalties) else None,
                       _counts(data.get("counts"), names)), None


def _counts(value: object, names: list[str] | None) -> tuple[list[int], list[int]] | None:
    """Countdown's counts before and after the last hand as kept (``{"before": [...], "after":
    [...]}``), or None: none kept (another game, a file from before they were), or not counts
    (not Countdown's 1 to 8, one list longer than the other, or than the seats named), which
    the box then goes without."""
    if not isinstance(value, dict):
        return None
    before, after = value.get("before"), value.get("after")
    if not (_numbers(before) and _numbers(after)) or not before or len(before) != len(after) \
            or names is not None and len(names) != len(before) or not all(n in COUNTS for n in before + after):
        return None
    return before, after


def _numbers(value: object) -> TypeGuard[list[int]]:
    """A list of whole numbers (not true or false, which JSON keeps apart and Python does not)."""
    # written out, not ``core.whole``: the home screen reads the saves before its first frame,
    # which loads no game (tests/tui/test_startup.py)
    return isinstance(value, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
