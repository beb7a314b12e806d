"""A failure the app tells the player of and carries on from (a table that cannot be opened,
joined or advertised) is logged with its traceback where it is of no kind the network, a file
or a host's refusal gives: a bug, which the tests' error check then fails on
(tests/conftest.py), rather than one passed off to the player as a refusal."""
from __future__ import annotations

import logging

import pytest

from net.client import ConnectError
from net.protocol import ProtocolError
from tui.unexpected import note_unexpected


@pytest.mark.parametrize("error", [ConnectionRefusedError(111, "refused"), TimeoutError(), ValueError("no such preset"),
                                   OverflowError("bind(): port must be 0-65535."),
                                   ConnectError("bad_password", "wrong password"), ProtocolError("bad_frame", "x")])
def test_a_failure_from_outside_the_app_is_only_told(error: BaseException, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="dealmein.tui"):
        note_unexpected(error, "joining 127.0.0.1:7098")
    assert caplog.records == []


@pytest.mark.parametrize("error", [AttributeError("'NoneType' object has no attribute 'seat'"), KeyError("seats"),
                                   TypeError("unhashable")])
def test_a_bug_is_logged_with_its_traceback(error: BaseException, caplog: pytest.LogCaptureFixture) -> None:
    try:
        raise error
    except Exception as e:
        with caplog.at_level(logging.ERROR, logger="dealmein.tui"):
            note_unexpected(e, "joining 127.0.0.1:7098")
    [record] = caplog.records
    assert record.levelno == logging.ERROR and record.exc_info is not None and record.exc_info[1] is error
    assert record.getMessage() == f"joining 127.0.0.1:7098: unexpected {type(error).__name__}"
    caplog.clear()
    for handler in logging.getLogger("dealmein.tui").handlers:  # the suite's own check (tests/conftest.py)
        if hasattr(handler, "records"):
            handler.records.clear()  # type: ignore[attr-defined]
