"""The ``terminal`` theme chosen in Settings, at start (docs/themes.md): from the first frame the
app sends the terminal's own colour numbers and leaves its background alone, never exact
24-bit colours (it did: the theme set before the first frame left Textual's conversion of ANSI
colours to exact ones on, so only a theme switched to while running followed the terminal).
``dealmein`` runs for real on a pseudo-terminal that says it takes 24-bit colour."""
from __future__ import annotations

import re

import pytest

from tests.tui.test_early_interrupt import Program
from tui.settings import settings_path

TRUECOLOUR = re.compile(rb"\x1b\[[0-9;]*[34]8;2;")


@pytest.fixture(autouse=True)
def _truecolour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")


def _home_screen(theme: str) -> bytes:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'theme = "{theme}"\n')
    program = Program([])
    try:
        program.read_until(b"Play solo")
        program.read_for(0.5)  # the first frames drawn whole
        shown = program.out
        program.type(b"q")
        ended = program.end()
    finally:
        program.close()
    assert ended.status == 0, ended.lines
    return shown


def test_the_terminal_theme_sends_the_terminals_own_colours_from_the_start() -> None:
    shown = _home_screen("terminal")
    assert not TRUECOLOUR.search(shown), TRUECOLOUR.search(shown)
    assert b"\x1b[49m" in shown or b";49m" in shown  # the terminal's own background


def test_a_theme_of_exact_colours_still_sends_them() -> None:
    """The other side of the same start: casino's felt goes out as the exact colour it is."""
    assert TRUECOLOUR.search(_home_screen("casino"))
