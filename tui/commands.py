"""What each ``dealmein`` command runs; every import is lazy so that headless commands never
load Textual."""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

#: said, with status 1, by a command that opens the app where it has no terminal to draw on:
#: the app would wait on an input that has ended (a job in the background, ``ssh HOST dealmein``
#: without ``-t``, a pipe), drawing for no one
NO_TERMINAL = ("dealmein: the app needs a terminal, and standard {what} is not one here (over ssh: "
               "ssh -t HOST dealmein); dealmein games, themes, record, tables, replay FILE and "
               "host --headless run without one.")


def _not_a_terminal() -> str | None:
    """Which of standard input and output is not a terminal, or None where both are."""
    def tty(stream: TextIO | None) -> bool:
        try:
            return stream is not None and stream.isatty()
        except (OSError, ValueError):  # closed, or detached
            return False

    if not tty(sys.stdin):
        return "input"
    if not tty(sys.stdout):
        return "output"
    return None


def run(args: argparse.Namespace) -> int:
    from .cli import interrupted

    if args.command == "tables":
        from net.discovery_cli import run_tables

        return run_tables(args, interrupted)
    if args.command == "host" and args.headless:
        from net.host_cli import run_headless

        return run_headless(args, interrupted)
    missing = _not_a_terminal()
    if missing is not None:
        print(NO_TERMINAL.format(what=missing), file=sys.stderr)
        return 1
    from tui.running import run_app

    return run_app(args, interrupted=interrupted)
