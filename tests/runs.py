"""The command line run as a user runs it: a real ``dealmein`` process, bounded in time."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def run_to_end(*args: str, timeout: float = 60) -> tuple[int, str, str]:
    """``dealmein ARGS``, expected to end by itself within ``timeout`` seconds: its status,
    output and errors (killed, and the test failed, if it does not)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", *args, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()
