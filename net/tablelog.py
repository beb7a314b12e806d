"""Where a hosted table writes each match's log (``net/matchlog.py``), kept to the host's user,
and a failing disk costing the log, never the match being played."""
from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from core import Match

from .client import app_version
from .matchlog import MatchLog
from .tableconfig import TableConfig

log = logging.getLogger("dealmein.net")


#: told why a match's log could not be written (its file and the system's reason)
Failed = Callable[[str], None]


def _failed(path: Path, e: OSError) -> str:
    return f"the match log {path.name} could not be written ({e.strerror or e})"


def open_log(folder: Path, table_id: str, config: TableConfig, m: Match, seed: int,
             names: list[str], failed: Failed | None = None) -> tuple[MatchLog, Path] | tuple[None, None]:
    """The log of a match starting with ``seed`` and the seats' ``names``, and its path; Nones
    when it cannot be written (the host's log says why, and ``failed`` is told). A file made
    but not written (a full disk) goes: it was left empty, one a match, and read as no log."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{config.game}-{table_id}-{seed & (1 << 64) - 1:016x}.jsonl"  # its log holds the whole seed
    made = False
    try:
        # with its seed a log reveals every hand: only the host's user may read it
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600))
        made = True
        return MatchLog(path, app_version=app_version(), game=config.game, players=len(names),
                        preset=config.preset, options=dict(m.options), seed=seed, names=names), path
    except OSError as e:  # a full or read-only disk costs the log, not the match
        log.error("table %s: cannot write the match log %s: %s", table_id, path, e)
        if made:
            try:
                path.unlink()
            except OSError:
                pass
        if failed is not None:
            failed(_failed(path, e))
        return None, None


def log_action(lg: MatchLog, table_id: str, seat: int, action: str, m: Match,
               snapshot: bytes | None, for_player: bool = False, failed: Failed | None = None) -> MatchLog | None:
    """``lg`` with the action written, or None (closed) once it cannot be written."""
    try:
        lg.action(seat, action, m, snapshot, for_player)
    except OSError as e:
        log.error("table %s: match log %s stopped: %s", table_id, lg.path, e)
        _close(lg)
        if failed is not None:
            failed(_failed(lg.path, e))
        return None
    return lg


def finish_log(lg: MatchLog, table_id: str, m: Match, failed: Failed | None = None) -> None:
    """Write the match's end to ``lg`` and close it."""
    try:
        lg.finish(m)
    except OSError as e:
        log.error("table %s: match log %s: %s", table_id, lg.path, e)
        if failed is not None:
            failed(_failed(lg.path, e))
    _close(lg)


def _close(lg: MatchLog) -> None:
    """Close ``lg`` whatever the disk says: closing writes out what a failed write left
    buffered, and fails as it did (that failure is told already); the file is closed all the same."""
    try:
        lg.close()
    except OSError as e:
        log.debug("match log %s: closed with the write left undone: %s", lg.path, e)
