"""What the app does before its first frame: the home screen and nothing else. Every other screen,
the card drawings, the engine and the network code load when they are first needed, and still
open; ``dealmein``'s command line parses without the engine, the network code or Textual."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from textual.screen import Screen

from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.join import JoinScreen
from tui.screens.picker import PickerScreen
from tui.screens.rules import RulesScreen
from tui.screens.record import RecordScreen
from tui.screens.settings import SettingsScreen

from .helpers import make_app, wait_for

ROOT = Path(__file__).resolve().parents[2]

#: Loaded only once the player goes somewhere (or a table opens), never for the first frame.
NOT_AT_START = (
    "tui.screens.picker", "tui.screens.table", "tui.screens.lobby", "tui.screens.join",
    "tui.screens.results", "tui.screens.rules", "tui.screens.help", "tui.screens.settings",
    "tui.screens.replay", "tui.screens.choice", "tui.screens.record", "tui.record", "tui.recent", "tui.session", "tui.cardface", "tui.widgets.hand",
    "core", "net.client", "net.server", "net.discovery",
)

FIRST_FRAME = """
import sys
from textual.css.stylesheet import Stylesheet
from textual.widgets import Footer
from tui.app import DealMeInApp

reparsed = []
reparse = Stylesheet.reparse
Stylesheet.reparse = lambda self: (reparsed.append(1), reparse(self))[1]

class Probe(DealMeInApp):
    def on_mount(self):
        self.call_after_refresh(self._check)

    def _check(self):
        if not any(len(footer.children) for footer in self.screen.query(Footer)):
            self.call_after_refresh(self._check)  # the footer's keys are part of the home screen
            return
        print(type(self.screen).__name__, self.theme, len(reparsed))
        print(" ".join(sorted(sys.modules)))
        self.exit(0)

Probe(mdns=False).run(headless=True, size=(80, 24))
"""


def run_child(code: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DEALMEIN_CONFIG_DIR=str(tmp_path / "config"),
               DEALMEIN_DATA_DIR=str(tmp_path / "data"), DEALMEIN_THEMES_DIR=str(tmp_path / "themes"))
    env.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=60)


def test_first_frame_is_the_home_screen_and_loads_nothing_else(tmp_path: Path) -> None:
    out = run_child(FIRST_FRAME, tmp_path)
    assert out.returncode == 0, out.stderr
    shown, modules = out.stdout.splitlines()[:2]
    # the saved theme is in force from the start and home's stylesheet is read with the app's, so
    # no rule is parsed twice on the way to the first frame
    assert shown == "HomeScreen casino 0"
    loaded = set(modules.split())
    assert "tui.screens.home" in loaded
    assert sorted(loaded & set(NOT_AT_START)) == []


async def test_every_screen_from_home_opens_with_its_stylesheet(tmp_path: Path) -> None:
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        opened: list[type[Screen]] = []
        for key, kind in (("s", SettingsScreen), ("r", RulesScreen), ("f1", HelpScreen), ("j", JoinScreen),
                          ("y", RecordScreen), ("p", PickerScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
            screen = app.screen
            for path in screen.css_path:  # each screen's own .tcss, read as it first opens
                assert app.stylesheet.has_source(str(path))
            opened.append(type(screen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert opened == [SettingsScreen, RulesScreen, HelpScreen, JoinScreen, RecordScreen, PickerScreen]
        assert len(app.screen_stack) == 2  # home on Textual's default screen, as before


PARSE = """
import sys
from tui.cli import build_parser
args = build_parser().parse_args(sys.argv[1:])
print(vars(args))
print(" ".join(sorted(m for m in ("core", "net", "net.client", "textual", "tui.app") if m in sys.modules)))
"""


def test_command_line_parses_without_engine_network_or_textual(tmp_path: Path) -> None:
    out = run_child(PARSE, tmp_path)
    assert out.returncode == 0, out.stderr
    parsed, loaded = out.stdout.splitlines()
    assert parsed == "{'no_mdns': False, 'lan_interface': None, 'seed': None, 'command': None}"
    assert loaded == ""


def test_a_seed_reaches_the_tables_the_app_hosts_before_or_after_host() -> None:
    from net.host_cli import table_config
    from tui.app import DealMeInApp
    from tui.cli import build_parser

    parse = build_parser().parse_args
    assert DealMeInApp(parse(["--seed", "9"]), mdns=False).seed == 9
    assert DealMeInApp(parse(["--seed", "9", "host"]), mdns=False).seed == 9  # host keeps it
    assert DealMeInApp(parse(["host", "--seed", "7"]), mdns=False).seed == 7
    assert DealMeInApp(parse([]), mdns=False).seed is None  # a secret seed per match
    assert table_config(parse(["host", "--seed", "7"])).seed == 7
    assert table_config(parse(["host"])).seed is None


def test_command_line_still_checks_games_and_tells_its_version(tmp_path: Path) -> None:
    from core import GAMES
    from net.client import app_version

    out = run_child(PARSE, tmp_path, "host", "--game", "crazy-eights", "--bots", "2")
    assert out.returncode == 0, out.stderr
    assert "'game': 'crazy-eights'" in out.stdout and "'bots': 2" in out.stdout
    bad = run_child(PARSE, tmp_path, "host", "--game", "snap")
    assert bad.returncode == 2
    assert "invalid choice: 'snap'" in bad.stderr
    assert all(repr(game) in bad.stderr for game in GAMES)
    usage = run_child(PARSE, tmp_path, "host", "--help")
    assert "--game {" + ",".join(sorted(GAMES)) + "}" in usage.stdout
    version = run_child(PARSE, tmp_path, "--version")
    assert version.returncode == 0
    assert version.stdout == f"dealmein {app_version()}\n"
