"""The app in a real terminal (tmux on a private socket): what the terminal shows, not the
widgets' model. A log line that grows in place (a run of draws) must be repainted there; and
Ctrl+S pressed as soon as the picker shows starts the game it opened on (a stale highlight
of the games list once switched the form, and crashed the app)."""
from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.screens.table import TURN_GUARD

pytestmark = pytest.mark.skipif(not shutil.which("tmux"), reason="needs tmux on this machine")

ROOT = Path(__file__).resolve().parents[2]


def tmux(sock: str, *args: str) -> str:
    return subprocess.run(["tmux", "-S", sock, *args], capture_output=True, text=True, timeout=10).stdout


async def wait_pane(sock: str, ok, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(sock, "capture-pane", "-p", "-t", "t")
        if ok(screen):
            return screen
        await asyncio.sleep(0.1)
    raise AssertionError(f"the terminal never showed it; it showed:\n{screen}")


async def test_a_run_of_draws_is_repainted_as_one_growing_line(tmp_path: Path) -> None:
    sock = str(tmp_path / "tmux.sock")  # a socket of its own, which pytest clears with the rest of tmp_path
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": str(tmp_path),
           "PYTHONPATH": str(ROOT), "DEALMEIN_CONFIG_DIR": str(tmp_path / "config"),
           "DEALMEIN_DATA_DIR": str(tmp_path / "data"), "DEALMEIN_THEMES_DIR": str(tmp_path / "themes")}
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text('default_game = "crazy-eights"\n', encoding="utf-8")
    cmd = f"{sys.executable} -m tui --no-mdns --seed 11"
    subprocess.run(["tmux", "-S", sock, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", cmd],
                   check=True, timeout=10, env=env)
    try:
        await wait_pane(sock, lambda s: "Play solo" in s)
        tmux(sock, "send-keys", "-t", "t", "p")
        await wait_pane(sock, lambda s: "Crazy Eights, 4 seats" in s and "Start" in s)  # the default game
        tmux(sock, "send-keys", "-t", "t", "C-s")
        await wait_pane(sock, lambda s: "Crazy Eights · hand 1" in s and "your turn" in s)
        await asyncio.sleep(TURN_GUARD)  # a key pressed as the turn shows waits (tui.screens.table)
        for n in (1, 2, 3):
            tmux(sock, "send-keys", "-t", "t", "Space")
            # the one "You draw" line lists n cards: n - 1 commas
            await wait_pane(sock, lambda s, n=n: [ln.count(",") for ln in s.splitlines() if "You draw" in ln] == [n - 1])
    finally:
        subprocess.run(["tmux", "-S", sock, "kill-server"], capture_output=True, timeout=10)
