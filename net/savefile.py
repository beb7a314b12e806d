"""Autosaved tables: the whole state of a hosted table, written atomically after every action.

A save that is damaged is reported by name and moved aside (never silently deleted), so the
host can start fresh and still hand the file to someone who can look at it; one that cannot be
read at all (its permissions, a folder in its place), or that a newer version wrote, is left
where it is, to be mended or resumed by that version.
"""
from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import msgpack

from .paths import TooLarge, atomic_write, data_dir, read_file

FORMAT = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(port: int) -> Path:
    """One save per port: ``--resume`` brings back the table that was on that port."""
    return saves_dir() / f"table-{port}.save"


def saved_bind(state: dict[str, Any] | None) -> str | None:
    """The address a hosted table's save says it listened on (an IP address), or None for a
    save without one (an older one) or with something else there."""
    bind = (state or {}).get("bind")
    if not isinstance(bind, str) or len(bind) > 64:
        return None
    try:
        return str(ipaddress.ip_address(bind))
    except ValueError:
        return None


def write_save(path: Path, state: dict[str, Any], before_replace: Callable[[], None] | None = None) -> None:
    """``before_replace``: see ``atomic_write`` (a host that gave up waiting stops the save there)."""
    data = msgpack.packb({"format": FORMAT, "saved": time.time(), "state": state}, use_bin_type=True)
    atomic_write(path, data, before_replace=before_replace)


@dataclass
class LoadResult:
    state: dict[str, Any] | None
    problem: str | None = None
    moved_to: Path | None = None
    #: the file is there but could not be read at all: it is left where it is
    unreadable: bool = False


#: why a save's bytes are no save: cut short, written over, or another file in its place
DAMAGED = "damaged: its bytes are not a whole save"
#: what becomes of a save that could not be read at all (as opposed to one read and found damaged)
LEFT_UNREAD = "it is left as it is: mend it (its permissions, say) or move it away, and try again"
#: a save a newer Deal Me In wrote: sound, only not this version's to read
NEWER = "was saved by a newer Deal Me In"
LEFT_NEWER = "it is left as it is, for that version to resume (or move it away to start afresh here)"


def read_save(path: Path, keep: bool = False) -> LoadResult:
    """The saved state, or the problem and where the unreadable file was moved. With ``keep``
    the file stays where it is, for a caller that moves it aside only once it is sure to
    replace it (a host whose port may yet turn out to be taken)."""
    if not path.exists():
        return LoadResult(None, f"no saved table at {path}")
    try:
        raw: bytes | None = read_file(path, MAX_SAVE_BYTES)
    except TooLarge:
        raw = None
    except OSError as e:  # its permissions, a folder or a FIFO in its place: nothing says it is damaged
        return LoadResult(None, f"{path.name} could not be read ({e.strerror or e}); {LEFT_UNREAD}", unreadable=True)
    state, why, newer = (None, f"more than {MAX_SAVE_BYTES} bytes is too large for a save", False) \
        if raw is None else _unpacked(raw)
    if state is not None:
        return LoadResult(state)
    if newer:  # not damaged: the version that wrote it resumes it
        return LoadResult(None, f"{path.name} {why}; {LEFT_NEWER}", unreadable=True)
    if keep:  # said, and left where it is
        return LoadResult(None, f"{path.name} could not be read ({why})")
    aside = move_aside(path)
    return LoadResult(None, f"{path.name} could not be read ({why}); {aside_text(aside)}", aside)


def _unpacked(raw: bytes) -> tuple[dict[str, Any] | None, str, bool]:
    """The state ``raw`` saves, or None and why it is no save; and whether a newer version wrote
    it (sound, not damaged). Whatever msgpack finds wrong is said as ``DAMAGED``: its own words
    ("unpack(b) received extra data.", "code must be 0~127", "Unpack failed: incomplete input")
    say nothing to a player."""
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=True)
    except (ValueError, TypeError, msgpack.UnpackException):  # (ExtraData and the like are ValueErrors)
        return None, DAMAGED, False
    if isinstance(data, dict) and isinstance(data.get("format"), int) and not isinstance(data["format"], bool) \
            and data["format"] > FORMAT and isinstance(data.get("saved"), (int, float)):
        return None, f"{NEWER} (save format {data['format']}; this one reads format {FORMAT})", True
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("state"), dict):
        return None, "not a Deal Me In save", False
    return data["state"], "", False


def move_aside(path: Path) -> Path | None:
    """Keep an unusable save beside, under a new name; ``None`` if even that fails."""
    aside = path.with_name(f"{path.name}.corrupt-{int(time.time())}")
    try:
        path.replace(aside)
    except OSError:
        return None
    return aside


def aside_text(aside: Path | None) -> str:
    return f"moved aside to {aside}" if aside is not None else "it could not be moved aside"


def never_played(state: dict[str, Any]) -> bool:
    """A saved lobby no match was ever played at: nothing in it to keep."""
    seats = state.get("seats")
    return state.get("status") == "lobby" and state.get("match") is None and isinstance(seats, list) \
        and not any(isinstance(s, dict) and (s.get("wins") or s.get("played")) for s in seats)


def keep_previous(path: Path) -> tuple[Path | None, str | None, bool]:
    """A new table is about to be saved at ``path``, where a table is saved already: the old
    save is kept beside it as ``.previous`` (one file: a newer one replaces it). A lobby never
    played is not kept (it would only push out a played table kept before it); a save that
    cannot be read is kept all the same (it may hold one). Where it was kept, or why it could
    not be (``(None, None)``: nothing to keep); and whether a table could be read from it."""
    if not path.exists():
        return None, None, False
    state = read_save(path, keep=True).state
    table = state is not None
    if state is not None and never_played(state):
        return None, None, table
    previous = path.with_name(path.name + ".previous")
    try:
        path.replace(previous)
    except OSError as e:
        return None, str(e.strerror or e), table
    return previous, None, table
