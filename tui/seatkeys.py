"""The seats this app left at other hosts' tables, so that joining again sits it back down.

A host that quits cleanly and later resumes its table holds every player's seat for them,
but only a player who presents the seat's token gets it back; an app that was told goodbye
does not retry by itself. So when a session ends with a seat, its token is kept here under
the host's address and table, and the next join to that address presents it (and takes it
out: one app at a time claims a seat). A host that does not know the token ignores it. A player
the host sent away holds no seat there, and nothing is kept for it (``TableSession.sent_away``).

An app that ends without closing (a crash, a terminal killed) cannot write anything then, so a
seat is kept from the moment the app sits in it, marked as held by the app's process: no other
app claims a seat while the process holding it lives, and any app may once it has gone. (Where
a process cannot be checked, on Windows, a seat is kept only when the session ends.)

A seat at a headless host's table whose lobby the app ran with the table's host key (``join
--host-key``) keeps that key beside its token: joining again, the app runs the lobby again. A
key the host no longer knows (another table there now) does not stop the join: it is made
without it.

Kept in the data folder (``seats.json``, private to the user), at most ``KEEP`` entries, the
newest first. A file that cannot be read is left exactly as it is (it may hold seats kept at
other tables): no seat is claimed from it or kept in it until it is mended or removed, and
``problem`` says so for the app to tell once.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path
from typing import Any, NamedTuple

from net.addresses import same_place
from net.paths import alive, atomic_write, data_dir, locked

log = logging.getLogger("dealmein.tui")

#: seats remembered at most (the oldest are forgotten first)
KEEP = 32
#: seats older than this many days are forgotten
MAX_AGE_DAYS = 30


class Kept(NamedTuple):
    """A seat left at a host: its table (None when not known), its token, and the table's host
    key where the app held it (a headless host's lobby, run by one player: ``join --host-key``)."""

    table: str | None
    token: str
    host_key: str | None = None


def seats_path() -> Path:
    return data_dir() / "seats.json"


#: what follows from a file that cannot be read, as the player is told it
UNREAD = ("it is left as it is, and seats you leave at tables are not kept in it (nor found in it "
          "when you join) until it is mended or removed")


class Unread(Exception):
    """The file is there but is not a list of seats: it is not written over."""


def problem(path: Path | None = None) -> str | None:
    """What is wrong with the file, for the app to say once; None when it reads (or is not
    there)."""
    try:
        _load(path or seats_path())
    except Unread as e:
        return str(e)
    return None


def _readable(path: Path) -> list[dict[str, Any]] | None:
    """The seats kept; None for a file that cannot be read, which nothing then claims from or
    writes over (``problem`` says why, for the app to tell)."""
    try:
        return _load(path)
    except Unread as unread:
        log.info("%s", unread)
        return None


def _load(path: Path) -> list[dict[str, Any]]:
    """The seats kept; ``Unread`` when the file is there and cannot be read as them."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except OSError as e:
        raise Unread(f"{path.name}: could not be read ({e.strerror or e}); {UNREAD}") from None
    except RecursionError:  # nested past the parser's depth
        raise Unread(f"{path.name}: not a list of seats (nested too deep); {UNREAD}") from None
    except ValueError as e:
        raise Unread(f"{path.name}: not a list of seats ({e}); {UNREAD}") from None
    if not isinstance(data, list):
        raise Unread(f"{path.name}: not a list of seats; {UNREAD}")
    oldest = time.time() - MAX_AGE_DAYS * 86400
    entries = [e for e in data if isinstance(e, dict) and isinstance(e.get("address"), str)
               and isinstance(e.get("token"), str) and isinstance(e.get("table"), (str, type(None)))
               and isinstance(e.get("time"), (int, float)) and e["time"] >= oldest
               and isinstance(e.get("host_key"), (str, type(None)))
               and (e.get("holder") is None or (type(e["holder"]) is int and e["holder"] > 0))]
    for entry in entries:  # kept under another spelling of the address by an older app
        entry["address"] = _kept_place(entry["address"])
    return entries


def _kept_place(address: str) -> str:
    """An entry's address as ``net.addresses.address_key`` spells it. Apps before that kept
    ``HOST:PORT`` with an IPv6 host bare (``::1:7098``): the part after the last colon is the
    port there (a key never leaves an IPv6 address bare)."""
    if not address.startswith("[") and address.count(":") > 1:
        host, _, port = address.rpartition(":")
        address = f"[{host}]:{port}"
    return same_place(address)


def _save(path: Path, entries: list[dict[str, Any]]) -> None:
    try:
        atomic_write(path, json.dumps(entries[:KEEP], indent=1).encode())
    except OSError as e:  # a read-only data folder loses the memory, not the game
        log.warning("%s could not be written: %s", path, e)


#: whether another process can be checked for being alive here (``os.kill`` with signal 0)
CAN_HOLD = os.name == "posix"


def _held_elsewhere(e: dict[str, Any]) -> bool:
    """Whether another app that still runs sits in this entry's seat."""
    holder = e.get("holder")
    return holder is not None and holder != os.getpid() and alive(holder)


def _keep(address: str, table: str | None, token: str, holder: int | None, path: Path | None,
          host_key: str | None = None) -> None:
    """One seat per table is kept (the latest), besides those other running apps sit in."""
    path = path or seats_path()
    address = same_place(address)
    entry: dict[str, Any] = {"address": address, "table": table, "token": token, "time": time.time()}
    if holder is not None:
        entry["holder"] = holder
    if host_key is not None:  # as private as the token beside it (the file is the user's alone)
        entry["host_key"] = host_key
    with locked(path):  # another app's seat kept meanwhile is kept
        entries = _readable(path)
        if entries is None:
            return
        _save(path, [entry, *(e for e in entries if (e["address"], e["table"]) != (address, table) or _held_elsewhere(e))])


def remember(address: str, table: str | None, token: str, path: Path | None = None,
             host_key: str | None = None) -> None:
    """Keep the token of a seat left at ``address`` (and ``table``, when known), and the
    table's host key where the app held it: joining again, it runs the lobby again."""
    _keep(address, table, token, None, path, host_key)


def hold(address: str, table: str | None, token: str, path: Path | None = None,
         host_key: str | None = None) -> None:
    """Keep the token of the seat this app sits in now at ``address``, held by this process:
    should the app end without closing, the next app to join there gets the seat back."""
    if CAN_HOLD:
        _keep(address, table, token, os.getpid(), path, host_key)


def release(address: str, table: str | None, token: str, path: Path | None = None) -> None:
    """Forget a seat this process held (it stood up, or was given another seat)."""
    path = path or seats_path()
    address = same_place(address)
    with locked(path):
        entries = _readable(path)
        if entries is None:
            return
        rest = [e for e in entries if not ((e["address"], e["table"], e["token"]) == (address, table, token)
                                           and e.get("holder") == os.getpid())]
        if len(rest) != len(entries):
            _save(path, rest)


def _kept_at(entry: dict[str, Any], address: str, table: str | None) -> bool:
    """``entry`` is a seat kept at ``address`` (the same place, ``same_place``), at ``table`` if
    one is named (an entry kept before its table was known matches any)."""
    return entry["address"] == address and (table is None or entry["table"] in (None, table))


def claim(address: str, table: str | None = None, path: Path | None = None) -> Kept | None:
    """The newest seat left at ``address`` (at ``table`` if one is named), taken out of the
    file; None when there is none. A seat held by another app that still runs is not taken.
    A join that fails puts it back with ``remember``, under the table it was kept for."""
    path = path or seats_path()
    address = same_place(address)
    with locked(path):  # two apps never claim the same seat
        entries = _readable(path) or []  # one that cannot be read: nothing to claim from it
        for i, e in enumerate(entries):
            if _kept_at(e, address, table) and not _held_elsewhere(e):
                del entries[i]
                _save(path, entries)
                return Kept(e["table"], str(e["token"]), e.get("host_key"))
    return None


def held_elsewhere(address: str, table: str | None = None, path: Path | None = None) -> int | None:
    """The process of another running app that sits in a seat kept at ``address`` (at
    ``table`` if one is named), or None: this app's join there cannot take that seat."""
    address = same_place(address)
    for e in _readable(path or seats_path()) or []:
        if _kept_at(e, address, table) and _held_elsewhere(e):
            return int(e["holder"])
    return None


def left_at(address: str, path: Path | None = None) -> bool:
    """Whether a seat left at ``address`` is kept here for the next join to claim (not one
    another running app sits in): the list of tables joined lately says so."""
    address = same_place(address)
    return any(e["address"] == address and not _held_elsewhere(e) for e in _readable(path or seats_path()) or [])
