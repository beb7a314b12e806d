"""A write killed midway leaves its temporary file (``.NAME.PID.tmp``) beside the file; the
next write removes those whose process is gone, and never one a running process writes."""
from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from net.paths import atomic_write


def _dead_pid() -> int:
    """The id of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_the_next_write_removes_what_a_killed_write_left_and_keeps_a_live_ones(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    dead = tmp_path / f".settings.toml.{_dead_pid()}.tmp"
    dead.write_text("half a file")
    other = tmp_path / f".other.toml.{_dead_pid()}.tmp"  # another file's: left to that file's writes
    other.write_text("half another")
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = tmp_path / f".settings.toml.{sleeper.pid}.tmp"  # a write under way in another app
        live.write_text("being written")
        atomic_write(path, b"name = 'Al'\n")
        assert path.read_bytes() == b"name = 'Al'\n"
        assert not dead.exists() and live.exists() and other.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


WRITER = """
import itertools
from tui.settings import Settings, save_settings
for i in itertools.count():
    save_settings(Settings(name=f"P{i % 1000}", keymap={f"k{j}": "d" for j in range(50)}))
"""


def test_writes_killed_again_and_again_leave_no_pile_of_temporary_files() -> None:
    from tui.settings import load_settings, settings_path

    rng = random.Random(1)
    for _ in range(12):
        writer = subprocess.Popen([sys.executable, "-c", WRITER])
        time.sleep(rng.uniform(0.3, 0.7))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    settings, problem = load_settings()
    assert problem is None
    left = [p.name for p in settings_path().parent.iterdir() if p.name.endswith(".tmp")]
    assert len(left) <= 1, left  # at most the last kill's: each writer swept the ones before it


def test_a_temporary_name_that_no_process_could_have_written_does_not_stop_a_write(tmp_path: Path) -> None:
    """A number too large for a process id, or digits that are not ASCII, are left alone (they
    made every write of the file raise, which ended the app on its next settings change)."""
    strays = [tmp_path / ".x.json.99999999999999999999.tmp", tmp_path / ".x.json.\u00b2.tmp"]
    for stray in strays:
        stray.write_text("")
    atomic_write(tmp_path / "x.json", b"{}")
    assert (tmp_path / "x.json").read_bytes() == b"{}"
