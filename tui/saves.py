"""The saved tables the home screen offers to resume. Kept apart from the session module so
that the first frame does not wait for the server code to import."""
from __future__ import annotations

import re
from pathlib import Path

from net.savefile import read_save, save_path, saves_dir


def solo_save_path() -> Path:
    """A solo table listens on a fresh port each time, so its save has a fixed name."""
    return saves_dir() / "solo.save"


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


def saved_tables(host_port: int) -> tuple[list[tuple[str, Path, bool]], list[str]]:
    """The tables this app can resume, as (label, save file, solo?), and the problems with
    saves that cannot be read (those are moved aside, to be reported once)."""
    found: list[tuple[str, Path, bool]] = []
    problems: list[str] = []
    paths = [(solo_save_path(), True)] + [(p, False) for p in _hosted(host_port)]
    for path, solo in paths:
        if not path.is_file():
            continue
        if not solo and sum(1 for _l, _p, s in found if not s) >= HOSTED_SHOWN:
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
        if port is not None and port != host_port:
            what += f", port {port}"
        found.append((f"Resume {game_name(config.get('game'))} ({what})", path, solo))
    return found, problems


def game_name(game: object) -> str:
    """``Crazy Eights`` for ``crazy-eights``; an id no game has, as it is."""
    from core import GAMES

    info = GAMES.get(game) if isinstance(game, str) else None
    return info.name if info is not None else str(game or "?")


def solo_saved() -> str | None:
    """The game of the solo match saved to resume, if there is one: a new solo table replaces it."""
    path = solo_save_path()
    if not path.is_file():
        return None
    state = read_save(path).state
    if state is None or state.get("status") == "finished":  # a finished match is no loss to replace
        return None
    return game_name((state.get("config") or {}).get("game"))
