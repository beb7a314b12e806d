"""The app needs a terminal to draw on and read keys from. Started without one (a job in the
background, ``ssh HOST dealmein`` without ``-t``, a pipe), it used to wait on an input that had
ended, spinning a core, drawing for no one; now it says so in one line, status 1, and the
commands that need no terminal run as ever. Each case runs the real ``dealmein`` command line."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tui.commands import NO_TERMINAL


def dealmein(tmp_path: Path, *args: str, env: dict[str, str] | None = None,
             **streams: Any) -> subprocess.CompletedProcess[str]:
    """``dealmein ARGS`` in private folders, ``env`` over the usual environment, its output and
    errors kept where ``streams`` does not send them; bounded: an app that opens anyway is a
    failure."""
    full = dict(os.environ, DEALMEIN_CONFIG_DIR=str(tmp_path / "config"), DEALMEIN_DATA_DIR=str(tmp_path / "data"),
                DEALMEIN_THEMES_DIR=str(tmp_path / "themes"), **(env or {}))
    streams.setdefault("stdout", subprocess.PIPE)
    streams.setdefault("stderr", subprocess.PIPE)
    try:
        return subprocess.run([sys.executable, "-m", "tui", *args], text=True, env=full, timeout=30, **streams)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"dealmein {' '.join(args)} opened the app ({env or 'no terminal'}): "
                             f"{(e.stdout or b'')[-200:]!r}") from None


@pytest.mark.parametrize("args", [["--no-mdns"], ["--no-mdns", "solo", "--game", "crazy-eights"],
                                  ["join", "127.0.0.1:9"], ["host", "--no-mdns", "--bind", "127.0.0.1"]],
                         ids=["home", "solo", "join", "host"])
def test_the_app_without_a_terminal_says_so_in_one_line(tmp_path: Path, args: list[str]) -> None:
    run = dealmein(tmp_path, *args, stdin=subprocess.DEVNULL)
    assert run.returncode == 1, (run.returncode, run.stderr)
    assert run.stdout == ""  # not a byte of the app's drawing
    assert run.stderr == NO_TERMINAL.format(what="input") + "\n"
    assert not (tmp_path / "data" / "saves").exists(), "no table was opened"


def test_input_from_a_terminal_is_not_enough_where_the_output_goes_elsewhere(tmp_path: Path) -> None:
    """``dealmein | less``: the keys would come, the drawing would not reach the player."""
    master, slave = os.openpty()
    try:
        run = dealmein(tmp_path, "--no-mdns", stdin=slave)
    finally:
        os.close(slave)
        os.close(master)
    assert run.returncode == 1, (run.returncode, run.stderr)
    assert run.stderr == NO_TERMINAL.format(what="output") + "\n"


def test_the_commands_that_need_no_terminal_run_without_one(tmp_path: Path) -> None:
    for args in (["games"], ["themes"], ["record"]):
        run = dealmein(tmp_path, *args, stdin=subprocess.DEVNULL)
        assert run.returncode == 0, (args, run.stderr)
        assert "needs a terminal" not in run.stderr and run.stdout, args


def _on_a_terminal(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``dealmein --no-mdns`` with its input and output on a real terminal (a pty) and ``env``
    over the usual environment; what it says to standard error is kept."""
    master, slave = os.openpty()
    try:
        return dealmein(tmp_path, "--no-mdns", env=env, stdin=slave, stdout=slave)
    finally:
        os.close(slave)
        os.close(master)


def test_a_terminal_that_says_it_draws_nothing_is_told_why_in_one_line(tmp_path: Path) -> None:
    """TERM=dumb (an editor's shell) was sent the whole screen in 24-bit colour."""
    from tui.terminalcheck import DUMB

    run = _on_a_terminal(tmp_path, TERM="dumb")
    assert (run.returncode, run.stderr) == (1, DUMB + "\n")
    assert not (tmp_path / "data" / "saves").exists()


def test_a_locale_that_is_not_utf8_is_told_why_in_one_line(tmp_path: Path) -> None:
    """Its output not UTF-8 (a Latin-1 locale; here Python is told so directly), every suit and
    box line was drawn as an escape six columns wide, and the screen fell apart unexplained."""
    from tui.terminalcheck import NOT_UTF8

    run = _on_a_terminal(tmp_path, TERM="xterm-256color", PYTHONIOENCODING="latin-1")
    assert (run.returncode, run.stderr) == (1, NOT_UTF8.format(encoding="iso8859-1", fix="PYTHONIOENCODING=utf-8") + "\n")


@pytest.mark.parametrize("environ, fix", [
    ({"LANG": "en_GB.ISO-8859-1"}, "LANG=C.UTF-8"), ({}, "LANG=C.UTF-8"),
    ({"LC_ALL": "en_US.ISO-8859-1", "LANG": "C.UTF-8"}, "LC_ALL=C.UTF-8"),
    ({"LC_CTYPE": "POSIX", "LANG": "C.UTF-8"}, "LC_CTYPE=C.UTF-8"),
    ({"PYTHONIOENCODING": "latin-1", "LANG": "C.UTF-8"}, "PYTHONIOENCODING=utf-8"),
])
def test_a_locale_not_utf8_is_told_the_variable_that_sets_it(environ: dict[str, str], fix: str) -> None:
    """LANG=C.UTF-8, the one fix told, changes nothing while LC_ALL (or LC_CTYPE, or Python's
    own PYTHONIOENCODING) says otherwise: the fix names the variable that rules."""
    import io

    from tui.terminalcheck import cannot_draw

    said = cannot_draw({"TERM": "xterm", **environ}, io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert said is not None and f"e.g. {fix} dealmein (" in said, said


@pytest.mark.parametrize("environ, encoding, says", [
    ({"TERM": "xterm-256color"}, "utf-8", None), ({"TERM": "linux"}, "UTF8", None), ({}, "utf_8", None),
    ({"TERM": "dumb"}, "utf-8", "TERM=dumb"), ({"TERM": "xterm"}, "ISO-8859-1", "writes iso8859-1, not UTF-8"),
    ({"TERM": "xterm"}, "ascii", "writes ascii, not UTF-8"), ({"TERM": "vt100"}, None, None),
])
def test_which_terminals_can_show_the_app(environ: dict[str, str], encoding: str | None, says: str | None) -> None:
    """Any TERM but dumb draws (unset, vt100 and the console in 16 colours); any spelling of UTF-8 does."""
    import io

    from tui.terminalcheck import cannot_draw

    screen = io.TextIOWrapper(io.BytesIO(), encoding=encoding) if encoding else None
    said = cannot_draw(environ, screen)
    assert (said is None) == (says is None) and (says is None or says in said), said
