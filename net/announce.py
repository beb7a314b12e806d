"""Standard output whose reader may go away: ``dealmein games | head -1``, or a headless host
whose banner was read by a pipe that has since closed."""
from __future__ import annotations

import io
import os
from typing import Protocol, TextIO


def silence(stream: TextIO) -> None:
    """Nothing reads ``stream`` any more: point it at the null device, so that later writes and
    Python's own flush at exit go nowhere instead of raising ``BrokenPipeError``."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


class Out(Protocol):
    """Where a host prints what it has to say: a stream, or ``Announcements`` over one."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class Announcements(io.TextIOBase):
    """Standard output that a reader going away cannot stop: the table keeps serving, and
    closes cleanly, when whatever read its banner (``| head``, a log pipe) has gone."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self.stream.write(text)
                self.stream.flush()  # a banner is read as it comes, not at exit
            except (BrokenPipeError, ValueError, OSError):
                self.gone = True
                silence(self.stream)
        return len(text)
