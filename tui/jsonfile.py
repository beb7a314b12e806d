"""The app's own small JSON files in the data folder (your record, the tables joined lately, the
picker's last choices): read with a size limit and a version. A file that cannot be read is
named in one problem and left exactly as it is, so a bad read never costs what the file held."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, TypeVar

from net.jsonwhere import json_where
from net.paths import TooLarge, atomic_write, in_the_way, read_file

T = TypeVar("T")
LEFT = "it is left as it is"


class Unreadable(ValueError):
    """A file the app does not read, and why, as the player is told it."""


def _size(most: int) -> str:
    return f"{most // (1024 * 1024)} MiB" if most >= 1024 * 1024 else f"{most // 1024} KiB"


def read(path: Path, most_bytes: int, version: int, what: str, left: str = LEFT) -> dict[str, Any] | None:
    """The file's table of fields (its version checked), None when there is no file;
    ``Unreadable`` naming the file and what is wrong with it, and ``left``: what becomes of it."""
    name = path.name
    try:
        raw = read_file(path, most_bytes)
    except TooLarge:
        raise Unreadable(f"{name}: larger than {_size(most_bytes)}; {left}") from None
    except FileNotFoundError:
        return None
    except OSError as e:
        place = in_the_way(path)
        if place is not None:  # (the OS says only "Not a directory")
            raise Unreadable(f"{name}: could not be read: {place} is a file where a folder should be; "
                             "move it away for this app to keep its files there") from None
        raise Unreadable(f"{name}: could not be read ({e.strerror or e})") from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise Unreadable(f"{name}: not {what} ({json_where(e, line=True)}); {left}") from None
    except RecursionError:  # brackets nested deeper than the parser goes
        raise Unreadable(f"{name}: not {what} (nested too deep); {left}") from None
    if not isinstance(data, dict):
        raise Unreadable(f"{name}: not {what} (not a table of fields); {left}")
    if data.get("version") != version:
        raise Unreadable(f"{name}: version {str(data.get('version'))[:20]}, not one this app reads; {left}")
    return data


def each(path: Path, data: dict[str, Any], key: str, parse: Callable[[Any], T], label: str,
         left: str = LEFT) -> list[T]:
    """Every entry of the list under ``key`` parsed; ``Unreadable`` naming the first that does
    not parse ("record.json: match 3: won: expected true or false")."""
    entries = data.get(key)
    if not isinstance(entries, list):
        raise Unreadable(f"{path.name}: {key}: expected a list; {left}")
    parsed = []
    for i, entry in enumerate(entries, 1):
        try:
            parsed.append(parse(entry))
        except ValueError as e:
            raise Unreadable(f"{path.name}: {label} {i}: {e}; {left}") from None
    return parsed


def write(path: Path, body: dict[str, Any], compact: bool = False) -> str | None:
    """Write the file whole (a crash leaves the old one or the new one); the problem if it
    could not be written."""
    text = json.dumps(body, separators=(",", ":")) if compact else json.dumps(body, indent=1)
    try:
        atomic_write(path, (text + "\n").encode())
    except OSError as e:
        return f"{path.name}: could not be written ({e.strerror or e})"
    return None

