"""Ctrl+C (SIGINT) while the app runs, as ``run_app`` answers it, for each way the process may
have found it: answered as it was until the app starts to leave (asked to exit, or closing
after an error), ignored from then on. Each case is a process of its own, sent real signals."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """\
import signal, sys
signal.signal(signal.SIGINT, {found})
from tui.app import DealMeInApp
from tui.running import _answer_interrupts
from tui.cli import build_parser

app = DealMeInApp(build_parser().parse_args([]))
before = _answer_interrupts(app)
print("replaced:", before is not None, flush=True)
{steps}
"""

#: Ctrl+C landing in the process, and what became of it
CTRL_C = """\
try:
    signal.raise_signal(signal.SIGINT)
    print("{label}: ignored", flush=True)
except KeyboardInterrupt:
    print("{label}: interrupted", flush=True)
"""


def run(found: str, *steps: str) -> subprocess.CompletedProcess[str]:
    code = PROGRAM.format(found=found, steps="\n".join(steps))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ), capture_output=True,
                          text=True, timeout=60)


def ctrl_c(label: str) -> str:
    return CTRL_C.format(label=label)


def test_a_keyboard_interrupt_until_the_app_leaves_then_nothing() -> None:
    done = run("signal.default_int_handler", ctrl_c("running"), "app._exit = True", ctrl_c("exiting"),
               "app._exit = False; app._closing = True", ctrl_c("closing after an error"),
               "signal.signal(signal.SIGINT, before)", ctrl_c("put back"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["replaced: True", "running: interrupted", "exiting: ignored",
                                        "closing after an error: ignored", "put back: interrupted"]


def test_where_sigint_had_its_default_the_process_ends_of_it_until_the_app_leaves() -> None:
    """An SSH session's app, forked by the zygote, which gives SIGINT its default."""
    leaving = run("signal.SIG_DFL", "app._exit = True", ctrl_c("exiting"), "app._exit = False", ctrl_c("running"))
    assert leaving.returncode == -signal.SIGINT, leaving.stderr
    assert leaving.stdout.splitlines() == ["replaced: True", "exiting: ignored"]
    assert "Traceback" not in leaving.stderr


def test_where_sigint_was_ignored_it_stays_so() -> None:
    done = run("signal.SIG_IGN", ctrl_c("running"), "app._exit = True", ctrl_c("exiting"),
               "assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["replaced: False", "running: ignored", "exiting: ignored"]
