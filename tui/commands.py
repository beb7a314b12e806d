"""What each ``dealmein`` command runs; every import is lazy so that headless commands never
load Textual."""
from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from .cli import interrupted

    if args.command == "tables":
        from net.discovery_cli import run_tables

        return run_tables(args, interrupted)
    if args.command == "host" and args.headless:
        from net.host_cli import run_headless

        return run_headless(args, interrupted)
    from tui.running import run_app

    return run_app(args, interrupted=interrupted)
