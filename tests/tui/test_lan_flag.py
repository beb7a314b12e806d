"""``--no-mdns``, given before or after ``host``, means the same to the app as to the headless
host: one function answers both (``net.lanflags.advertised``)."""
from __future__ import annotations

import pytest

import net.host_cli
import tui.app
from net.lanflags import advertised
from tui.cli import build_parser

from .helpers import make_app

LINES = {
    "": True,
    "--no-mdns": False,
    "host": True,
    "host --no-mdns": False,
    "--no-mdns host": False,
    "host --headless --no-mdns": False,
    "solo": True,
    "--no-mdns solo": False,
    "join 127.0.0.1:7098": True,
    "--no-mdns join 127.0.0.1:7098": False,
}


def test_the_app_and_the_headless_host_ask_the_same_function() -> None:
    assert tui.app.advertised is net.host_cli.advertised is advertised


@pytest.mark.parametrize("line", list(LINES))
def test_each_command_line_advertises_as_it_says(line: str) -> None:
    args = build_parser().parse_args(line.split())
    assert advertised(args) is LINES[line]
    app = tui.app.DealMeInApp(args)
    assert app.mdns is LINES[line]
    assert ("--no-mdns" in net.host_cli.resume_command(7098, args).split()) is not LINES[line]


def test_no_command_line_advertises_and_a_test_can_say_otherwise() -> None:
    assert advertised(None) is True and tui.app.DealMeInApp().mdns is True
    assert make_app(mdns=False).mdns is False
