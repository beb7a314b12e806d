"""The tables this app joined lately, so that a table the LAN does not show (another subnet, a
network without multicast, a VPN) is one key away the next evening instead of an address to
type again.

Kept in the data folder (``recent.json``), newest first, at most ``KEEP``, one per address. A
file the app cannot read is named in one problem and left exactly as it is (nothing is written
over it) until it is mended or removed.
"""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, NamedTuple

from net.addresses import same_place
from net.paths import data_dir, locked

from . import jsonfile

FILE_NAME = "recent.json"
VERSION = 1
KEEP = 8
MOST_BYTES = 64 * 1024
_TEXT_MOST = 80


class Recent(NamedTuple):
    """A table joined: its address as typed (``HOST:PORT``), its name and game then, the day,
    and whether it had a password (never the password itself), so that choosing it again asks
    for one first."""

    address: str
    name: str
    game: str
    day: str
    password: bool = False

    def to_json(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_json(cls, data: Any) -> "Recent":
        if not isinstance(data, dict):
            raise ValueError("expected a table of fields")
        texts = ("address", "name", "game", "day")
        for key in texts:
            value = data.get(key)
            if not isinstance(value, str) or len(value) > _TEXT_MOST or (key == "address" and not value):
                raise ValueError(f"{key}: expected a short text")
        password = data.get("password", False)  # lists written before the flag have none
        if not isinstance(password, bool):
            raise ValueError("password: expected true or false")
        return cls(data["address"], data["name"], data["game"], data["day"], password)


def recent_path() -> Path:
    return data_dir() / FILE_NAME


def load(path: Path | None = None) -> tuple[list[Recent], str | None]:
    """The tables joined lately, newest first, and a problem (None when the file reads well;
    no file is an empty list)."""
    path = path or recent_path()
    try:
        data = jsonfile.read(path, MOST_BYTES, VERSION, "a list of tables")
        return ([], None) if data is None else (jsonfile.each(path, data, "tables", Recent.from_json, "table"), None)
    except jsonfile.Unreadable as e:
        return [], str(e)


def note(address: str, name: str, game: str, path: Path | None = None,
         today: datetime.date | None = None, password: bool = False) -> str | None:
    """Put the table at ``address`` first; the problem if the list could not be kept."""
    path = path or recent_path()
    entry = Recent(address[:_TEXT_MOST], name[:_TEXT_MOST], game[:_TEXT_MOST],
                   (today or datetime.date.today()).isoformat(), password)
    with locked(path):  # another app's table noted meanwhile is kept
        tables, problem = load(path)
        if problem:
            return problem
        here = same_place(entry.address)  # one entry a table, however its address was written
        tables = [entry, *(t for t in tables if same_place(t.address) != here)][:KEEP]
        return jsonfile.write(path, {"version": VERSION, "tables": [t.to_json() for t in tables]})
