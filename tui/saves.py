"""The saved tables the home screen offers to resume. Kept apart from the session module so
that the first frame does not wait for the server code to import."""
from __future__ import annotations

from pathlib import Path

from net.savefile import read_save, save_path, saves_dir


def solo_save_path() -> Path:
    """A solo table listens on a fresh port each time, so its save has a fixed name."""
    return saves_dir() / "solo.save"


def saved_tables(host_port: int) -> tuple[list[tuple[str, Path, bool]], list[str]]:
    """The tables this app can resume, as (label, save file, solo?), and the problems with
    saves that cannot be read (those are moved aside, to be reported once)."""
    found = []
    problems = []
    for path, solo in ((solo_save_path(), True), (save_path(host_port), False)):
        if not path.is_file():
            continue
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
