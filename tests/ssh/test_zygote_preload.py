"""What the SSH app zygote does once so that each session need not (issue: SSH, "Figures": memory
per session): import every module a session imports, build the command line parser, read the app
version and the shipped themes; and leave nothing running when it forks. Also: an SSH session
opens straight on the table's lobby (no home screen drawn first), and home comes when it is left."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from net.server import Server, TableConfig
from net.ssh_pty import PtyChild, child_environment
from net.ssh_zygote import ZYGOTE_FLAGS
from tests.net.table_helpers import free_port
from themes import loader
from tui.app import DealMeInApp
from tui.cli import build_parser
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen

pytestmark = pytest.mark.timeout(120)

PROBE = str(Path(__file__).with_name("preload_probe.py"))

PRELOAD_STATE = """
import asyncio, gc, json, sys, threading
from net.client import app_version
from net.ssh_zygote import SESSION_IMPORTS, app_modules, preload
from themes.loader import SHIPPED_DIR, _shipped_reads
from tui.cli import build_parser

preload()
try:
    asyncio.get_running_loop()
    running = True
except RuntimeError:
    running = False
print(json.dumps({
    "threads": threading.active_count(), "running_loop": running, "frozen": gc.get_freeze_count(),
    "optimize": sys.flags.optimize, "docstring": build_parser.__wrapped__.__doc__,
    "missing": sorted(m for m in (*SESSION_IMPORTS, *app_modules()) if m not in sys.modules),
    "app_modules": app_modules(),
    "parsers": build_parser.cache_info().currsize, "versions": app_version.cache_info().currsize,
    "themes_read": sorted(p.name for p, complete in _shipped_reads if complete),
    "shipped": sorted(p.name for p in SHIPPED_DIR.glob("*.toml")),
}))
"""


def test_preload_imports_builds_and_reads_once_and_leaves_nothing_running(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, *ZYGOTE_FLAGS, "-c", PRELOAD_STATE], capture_output=True, text=True,
                         timeout=90, cwd=tmp_path, env=child_environment(None, {}))
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout.splitlines()[-1])
    assert state["threads"] == 1 and not state["running_loop"]  # safe to fork
    assert state["frozen"] > 10_000  # the collector leaves the shared objects alone
    assert state["optimize"] == 2 and state["docstring"] is None  # docstrings are not loaded
    assert state["missing"] == []
    for module in ("tui.screens.home", "tui.screens.lobby", "tui.screens.table", "tui.screens.results",
                   "tui.widgets.hand", "tui.session", "tui.cardface"):
        assert module in state["app_modules"]
    assert "tui.__main__" not in state["app_modules"]  # importing it would run the app
    assert state["parsers"] == 1 and state["versions"] == 1
    assert state["themes_read"] == state["shipped"] and len(state["shipped"]) >= 6


async def test_a_session_imports_nothing_the_zygote_did_not_before_its_lobby(tmp_path: Path) -> None:
    """The app as a forked session runs it: the real terminal driver on a pty, joined to a real
    table; whatever it imports on the way to the lobby would be a private copy in every session."""
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await server.start()
    server.create_table(TableConfig(name="Lounge", seats=4))
    out = tmp_path / "modules.json"
    env = child_environment("xterm-256color", {}, {"DEALMEIN_CONFIG_DIR": str(tmp_path / "config"),
                                                   "DEALMEIN_DATA_DIR": str(tmp_path / "data"),
                                                   "DEALMEIN_SSH_SESSION": "1"})  # as net.ssh_host sets
    shown = bytearray()
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    child = PtyChild([sys.executable, *ZYGOTE_FLAGS, PROBE, f"127.0.0.1:{server.port}", str(out)], env, 80, 24,
                     on_output=shown.extend, on_exit=lambda code: exited.done() or exited.set_result(code))
    try:
        await child.start()
        code = await asyncio.wait_for(exited, 90)
    finally:
        await child.terminate(0.5)
        await server.close()
    assert code == 0, bytes(shown[-3000:]).decode(errors="replace")
    assert json.loads(out.read_text()) == []


def test_shipped_theme_files_are_read_once_and_again_when_changed(tmp_path: Path, monkeypatch) -> None:
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    theme_file = shipped / "casino.toml"
    theme_file.write_text((loader.SHIPPED_DIR / "casino.toml").read_text())
    monkeypatch.setattr(loader, "SHIPPED_DIR", shipped)
    monkeypatch.setattr(loader, "_shipped_reads", {})
    first = loader.load_theme_file(theme_file, complete=True)
    assert loader.load_theme_file(theme_file, complete=True) is first  # read once
    assert loader.load_theme_file(theme_file) is not first  # asked for differently: read again
    theme_file.write_text(theme_file.read_text().replace('name = "casino"', 'name = "casino-2"'))
    changed = loader.load_theme_file(theme_file, complete=True)
    assert changed is not first and changed.name == "casino-2"
    user = tmp_path / "user"
    user.mkdir()
    (user / "casino.toml").write_text(theme_file.read_text())
    assert loader.load_theme_file(user / "casino.toml") is not loader.load_theme_file(user / "casino.toml")


async def wait_until(pilot, pred, what: str, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not pred():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


@pytest.mark.parametrize("ssh", [True, False], ids=["ssh-session", "local-join"])
async def test_an_ssh_session_opens_on_the_lobby_and_leaving_it_goes_home(tmp_path: Path, monkeypatch,
                                                                         ssh: bool) -> None:
    """Issue: SSH, "the TUI opens straight into that host's lobby"; a local ``join`` keeps home
    under the lobby as before."""
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "data"))
    if ssh:
        monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
    else:
        monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await server.start()
    server.create_table(TableConfig(name="Lounge", seats=4))
    args = build_parser().parse_args(["join", f"127.0.0.1:{server.port}", "--name", "ana"])
    app = DealMeInApp(args, config_path=tmp_path / "settings.toml", mdns=False, bot_delay=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert any(isinstance(s, HomeScreen) for s in app.screen_stack) is not ssh  # no home drawn first
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None, "home")
            assert len(app.screen_stack) == 2  # home on Textual's default screen, as a plain start has it
    finally:
        await server.close()


async def test_an_ssh_session_whose_join_fails_shows_home_with_the_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
    args = build_parser().parse_args(["join", f"127.0.0.1:{free_port()}", "--name", "ana"])
    app = DealMeInApp(args, config_path=tmp_path / "settings.toml", mdns=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        assert len(app.screen_stack) == 2 and app.session is None
        await wait_until(pilot, lambda: any("Could not join" in str(n.message) for n in app._notifications),
                         "the error")
