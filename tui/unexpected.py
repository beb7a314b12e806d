"""Failures the app tells the player of and carries on from, told apart from its own bugs."""
from __future__ import annotations

import logging

log = logging.getLogger("dealmein.tui")


def expected_failures() -> tuple[type[BaseException], ...]:
    """What opening, joining or advertising a table fails with for reasons outside the app:
    the network, a file, the host's refusal, a setting out of range (a port past 65535 is an
    ``OverflowError`` from the socket) (read as the first such failure comes: the start-up
    imports neither module)."""
    from net.client import ConnectError
    from net.protocol import ProtocolError

    return OSError, ValueError, OverflowError, ConnectError, ProtocolError


def note_unexpected(error: BaseException, doing: str) -> None:
    """The player is told of ``error`` all the same; one of no expected kind is a bug, logged
    with its traceback (where a test fails on it) rather than passed off as a refusal."""
    if not isinstance(error, expected_failures()):
        log.error("%s: unexpected %s", doing, type(error).__name__, exc_info=error)
