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
        config = state.get("config") or {}
        what = f"{config.get('game', '?')}, {state.get('status', '?')}"
        found.append((f"Resume {'solo' if solo else 'hosted'} table ({what})", path, solo))
    return found, problems
