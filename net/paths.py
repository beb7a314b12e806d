"""Where the host keeps its files: under platformdirs' data directory, or ``DEALMEIN_DATA_DIR``."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .environ import DATA_DIR_ENV


def data_dir() -> Path:
    """``DEALMEIN_DATA_DIR`` when set (tests, portable installs), else the platform's place."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("dealmein"))


def atomic_write(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half.

    A temporary file beside it, fsync, rename, then fsync of the folder so the rename is kept.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
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
