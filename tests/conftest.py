"""Shared test settings."""
import gc
import logging
import os
import signal

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest

#: The suite makes thousands of short-lived Textual apps, each allocating freely, in processes that
#: hold pytest's, Hypothesis's and the app's modules besides: at Python's default thresholds
#: (700, 10, 10) a full collection, which walks every object alive, came every few seconds and
#: took a quarter of the suite's CPU. Collecting the young every 10,000 allocations, not 700,
#: finds the same garbage in far fewer passes; nothing under test depends on when it is found.
gc.set_threshold(10_000, 20, 20)


def pytest_configure(config: pytest.Config) -> None:
    """Programs the tests start begin as a shell starts a command in the foreground, Ctrl+C at
    its default, even when the suite itself was started in the background (where the shell
    ignores Ctrl+C for it, and every child inherits that): tests that type Ctrl+C count on it.
    Runs in each worker too."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the suite's default, at most ``--maxprocesses``): one worker more than the
    machine has cores. Many tests spend much of their time waiting on sockets, child processes
    and terminals, and the one more keeps the cores busy (on 2 cores, a fifth off the run)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path_factory, monkeypatch):
    """Every test gets its own config, data and themes folders: never the real user's."""
    base = tmp_path_factory.mktemp("home")
    # a terminal of 24-bit colour for every app a test makes, whatever runs the tests: one of 16
    # colours (TERM=xterm alone) draws the cards in other inks (``tui.theming.palette_for``)
    monkeypatch.setenv("COLORTERM", "truecolor")
    for var, sub in (("DEALMEIN_CONFIG_DIR", "config"), ("DEALMEIN_DATA_DIR", "data"),
                     ("DEALMEIN_THEMES_DIR", "themes")):
        monkeypatch.setenv(var, str(base / sub))


class _ErrorRecords(logging.Handler):
    """The records of ERROR and above that reach a logger, kept to be read."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def _no_screen_errors():
    """An exception while the app handles a host's update is logged and swallowed, so that the
    connection's reader lives on (``tui.session``): a test it happens in fails, rather than
    passing over a screen that broke."""
    handler = _ErrorRecords()
    logger = logging.getLogger("dealmein.tui")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.records:
        pytest.fail("the app logged an error: " + "; ".join(
            f"{r.getMessage()}: {r.exc_info[1]!r}" if r.exc_info else r.getMessage() for r in handler.records))
