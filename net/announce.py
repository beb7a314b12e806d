"""Standard output whose reader may go away: ``dealmein games | head -1``, or a headless host
whose banner was read by a pipe that has since closed."""
from __future__ import annotations

import contextlib
import io
import os
import sys
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
            except (BrokenPipeError, ValueError, OSError) as e:
                self.gone = True
                silence(self.stream)
                if isinstance(e, OSError) and not isinstance(e, BrokenPipeError):
                    # not a reader gone but a write that failed (a full disk): what it said, the
                    # host key too, is lost, and nothing would say so
                    with contextlib.suppress(OSError, ValueError, AttributeError):
                        print(f"dealmein host: its output could not be written ({e.strerror or e}): the table "
                              "serves on, and what it says from now on is lost", file=sys.stderr, flush=True)
        return len(text)
