"""Old match logs go as new ones come: a table left dealing to bots all day writes some 14 MB
of them. The newest ``KEEP`` stay, and any a save still names (a match to resume, a results box
to replay), whatever its age."""
from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from .savefile import read_save, saves_dir

log = logging.getLogger("dealmein.net")

#: the match logs kept: about 11 MB of them, months of evenings
KEEP = 1000
#: the name ``net.tablelog.open_log`` gives a log (its stamp first: names sort oldest first);
#: nothing else in the folder is touched
LOG_NAME = re.compile(r"\d{8}-\d{6}-[a-z0-9-]+-[0-9a-f]{16}\.jsonl")


def prune_logs(folder: Path, keep: int | None = None) -> list[Path]:
    """Remove the oldest logs in ``folder`` beyond the newest ``keep`` (``KEEP``), except
    those a save names; the logs removed. A log that cannot be removed is left for next time."""
    keep = KEEP if keep is None else keep
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries if LOG_NAME.fullmatch(e.name) and e.is_file(follow_symlinks=False))
    except OSError:
        return []
    if len(names) <= keep:
        return []
    needed = named_by_saves(folder)
    gone: list[Path] = []
    for name in names[:len(names) - keep]:
        path = folder / name
        if path.resolve() in needed:
            continue
        try:
            path.unlink()
        except OSError as e:
            log.warning("cannot remove the old match log %s: %s", path, e)
            continue
        gone.append(path)
    return gone


def named_by_saves(folder: Path | None = None) -> set[Path]:
    """The logs the saved tables name, resolved: the hosted tables', the solo match's
    (``solo.save``, whose results replay from its log) and any kept ``.previous`` (a table that
    can be brought back); a save that cannot be read names none. With the logs ``folder``, each
    by its name in it too: a data folder moved whole keeps its saves' logs by name
    (``net.tablestate`` continues them there)."""
    named: set[Path] = set()
    try:
        saves = [p for p in saves_dir().iterdir() if p.name.endswith((".save", ".save.previous")) and p.is_file()]
    except OSError:
        return named
    for save in saves:
        state = read_save(save, keep=True).state
        log_path = state.get("log_path") if state is not None else None
        if isinstance(log_path, str):
            named.add(Path(log_path).resolve())
            if folder is not None and Path(log_path).name:
                named.add((folder / Path(log_path).name).resolve())
    return named
