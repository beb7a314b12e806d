"""Where the host keeps its files: under platformdirs' data directory, or ``DEALMEIN_DATA_DIR``."""
from __future__ import annotations

import errno
import fcntl
import logging
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs

from .environ import DATA_DIR_ENV

log = logging.getLogger("dealmein.net")

#: how long ``locked`` waits for another process's read-modify-write (each takes milliseconds)
LOCK_WAIT = 5.0


def data_dir() -> Path:
    """``DEALMEIN_DATA_DIR`` when set (tests, portable installs), else the platform's place."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("dealmein"))


def logs_dir() -> Path:
    """The match logs of the tables hosted here: one file per match, for ``dealmein replay``."""
    return data_dir() / "logs"


def in_the_way(path: Path) -> Path | None:
    """The file standing where one of ``path``'s folders should be (a data folder that is a
    file), so that nothing under it can be read or made; None where there is none."""
    for place in path.parents:
        if place.exists():
            return None if place.is_dir() else place
    return None


class TooLarge(Exception):
    """A file holds more than its reader takes."""


def read_file(path: Path, most: int) -> bytes:
    """The bytes of the file at ``path``, read only where it is a regular file of at most
    ``most`` bytes (``TooLarge`` else): a FIFO in its place would hold the reader up until
    something writes to it, and a device such as /dev/zero would never end. Each is an
    ``OSError`` saying so, as a folder there is one."""
    # (a FIFO opens without a writer; the file object closes the descriptor, whatever is raised)
    with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        data = f.read(most + 1)
    if len(data) > most:
        raise TooLarge(path)
    return data


def atomic_write(path: Path, data: bytes, mode: int = 0o600,
                 before_replace: Callable[[], None] | None = None) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half.

    A temporary file beside it, fsync, rename, then fsync of the folder so the rename is kept.
    ``before_replace`` runs just before the rename; what it raises stops the write, the old
    file kept and the temporary one removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    _sweep(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OSError, OverflowError):  # (a number no process can have)
        return False
    return True


def _sweep(path: Path) -> None:
    """Remove the temporary files that writes of ``path`` killed midway left beside it
    (``.NAME.PID.tmp`` of a process that is gone): they would pile up, one per kill."""
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        pid = name[len(prefix):-len(".tmp")] if name.startswith(prefix) and name.endswith(".tmp") else ""
        if pid.isascii() and pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid)):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass


def lock_path(path: Path) -> Path:
    """The lock file beside ``path`` (``.NAME.lock``): kept, so every process locks the same one."""
    return path.with_name(f".{path.name}.lock")


def try_lock(path: Path, wait: float = 0.0) -> int | None:
    """An open descriptor holding the exclusive lock beside ``path`` (closing it, or the
    process ending, lets go); None while another holds it past ``wait`` seconds. ``OSError``
    when the lock file cannot be made (a read-only or missing folder)."""
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                return None
            time.sleep(0.005)
        except BaseException:
            os.close(fd)
            raise


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock across a read-modify-write, so that two apps changing the file at
    once each keep the other's change. Where no lock can be had (a read-only folder, a holder
    stuck past ``LOCK_WAIT``) it goes on unlocked: a write that then fails says so itself."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = try_lock(path, LOCK_WAIT)
    except OSError as e:
        log.debug("no lock for %s: %s", path, e)
        fd = None
    else:
        if fd is None:
            log.warning("%s is still locked after %.0f s; writing it anyway", path, LOCK_WAIT)
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)
