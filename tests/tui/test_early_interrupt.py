"""Ctrl+C before a command has taken it in hand (its code loading, the command line being read,
the settings loading, the app starting, or once the app has exited) leaves quietly: no
traceback, status 130 and one line (a headless host's own line), or, once the app had exited,
the app's own status. ``dealmein`` runs for real on a pseudo-terminal, started as the installed
``dealmein`` script starts it, from this checkout.

Two kinds of moment: a Ctrl+C the process sends itself at a named step (a hook the test puts in
before the program starts), which lands there every time; and Ctrl+C typed on the terminal a
set time after the program's first line runs, as a user would."""
from __future__ import annotations

import compileall
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from tui.cli import HOST_STOPPED_EARLY
from tui.cmdline import STOPPED

ROOT = Path(__file__).resolve().parents[2]

#: as the installed ``dealmein`` script runs the program (``pyproject.toml``'s entry point),
#: after ``HOOK`` and a byte on ``MARK`` that says the program's own code starts now
PROGRAM = """\
import os, re, sys
{hook}
os.write({mark}, b"."); os.close({mark})
from tui.cli import main
sys.exit(main())
"""

#: a Ctrl+C the process sends itself: the handler in place then answers it
CTRL_C = "os.kill(os.getpid(), __import__('signal').SIGINT)"


#: Ctrl+C landing where Python cannot raise it: in a weakref callback, as each import's module
#: lock has (where one typed as the code loads may land). Python drops the KeyboardInterrupt
#: (printing it as an exception ignored) and the program goes on as if none had come.
DROPPED = "_dropped_ctrl_c()"

DROPPING = f"""
import weakref
def _dropped_ctrl_c():
    class _Lock: pass
    lock = _Lock()
    ref = weakref.ref(lock, lambda r: {CTRL_C})
    del lock  # its callback runs here
"""


def first_import_of(module: str, ctrl_c: str = CTRL_C) -> str:
    """Ctrl+C as ``module`` starts to load."""
    return f"""{DROPPING if ctrl_c == DROPPED else ""}
class _CtrlC:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(_CtrlC)
            {ctrl_c}
        return None
sys.meta_path.insert(0, _CtrlC)
"""


def before_call(module: str, owner: str, name: str, ctrl_c: str = CTRL_C) -> str:
    """Ctrl+C as ``module.owner.name`` is called (``owner`` "": a function of the module)."""
    target = f"_m.{owner}" if owner else "_m"
    return f"""{DROPPING if ctrl_c == DROPPED else ""}
import importlib
_m = importlib.import_module({module!r})
_real = getattr({target}, {name!r})
def _ctrl_c_first(*a, **k):
    {ctrl_c}
    return _real(*a, **k)
setattr({target}, {name!r}, _ctrl_c_first)
"""


STRIP = re.compile(rb"\x1b\[[0-9;?<>=$]*[a-zA-Z~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r")


@dataclass
class Ended:
    status: int
    raw: bytes
    #: the terminal is back in line mode, echoing: nothing left it raw
    cooked: bool

    @property
    def lines(self) -> list[str]:
        """What was said, the terminal's control sequences and its echo of Ctrl+C taken out."""
        text = STRIP.sub(b"", self.raw).replace(b"^C", b"").decode(errors="replace")
        return [line for line in text.split("\n") if line.strip()]


class Program:
    """``dealmein ARGS`` on a pseudo-terminal of its own (its controlling terminal, so that
    Ctrl+C typed there is SIGINT to it while it reads lines, and a key once the app has it)."""

    def __init__(self, args: list[str], hook: str = "") -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        mark_r, mark_w = os.pipe()
        env = dict(os.environ, TERM="xterm-256color", PYTHONPYCACHEPREFIX=str(PYCACHE))
        code = PROGRAM.format(hook=hook, mark=mark_w)
        with warnings.catch_warnings():
            # Python 3.12 on warns of fork() in a process with threads: the child here only execs
            warnings.filterwarnings("ignore", message=r"This process .* is multi-threaded", category=DeprecationWarning)
            self.pid = os.fork()
        if self.pid == 0:  # the child: nothing but exec
            try:
                os.close(self.master)
                os.close(mark_r)
                # as a terminal starts a program: a hangup ends it (the tests may run under nohup)
                signal.signal(signal.SIGHUP, signal.SIG_DFL)
                os.login_tty(self.slave)
                os.set_inheritable(mark_w, True)
                os.chdir(ROOT)
                os.execve(sys.executable, [sys.executable, "-c", code, *args], env)
            finally:
                os._exit(127)
        os.close(mark_w)
        self.out = b""
        self.status: int | None = None
        try:
            ready, _, _ = select.select([mark_r], [], [], 30)
            assert ready and os.read(mark_r, 1) == b".", "the program never started"
        finally:
            os.close(mark_r)

    def read_for(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if ready and not self._read():
                return

    def _read(self) -> bool:
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the child's side is closed: it has ended
            return False
        self.out += chunk
        return bool(chunk)

    def read_until(self, what: bytes, seconds: float = 30) -> None:
        """Read until ``what`` is on the screen (or, for a control sequence, sent to it)."""
        deadline = time.monotonic() + seconds
        while what not in self.out and what not in STRIP.sub(b"", self.out):
            assert time.monotonic() < deadline, f"{what!r} never came: {self.out[-400:]!r}"
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready and not self._read():
                raise AssertionError(f"ended before {what!r}: {self.out[-400:]!r}")

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def end(self, seconds: float = 30) -> Ended:
        deadline = time.monotonic() + seconds
        try:
            while self.status is None:
                assert time.monotonic() < deadline, f"did not end: {self.out[-400:]!r}"
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if ready:
                    self._read()
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    self.status = os.waitstatus_to_exitcode(status)
            self.read_for(0.05)  # what is still on its way
            lflag = termios.tcgetattr(self.slave)[3]
            return Ended(self.status, self.out, bool(lflag & termios.ICANON and lflag & termios.ECHO))
        finally:
            self.close()

    def hang_up(self) -> None:
        """Close the terminal's other end, as its window closing does: the program's terminal
        hangs up (SIGHUP, and EIO on it from then on)."""
        os.close(self.master)
        self.master = -1

    def ended_within(self, seconds: float) -> int:
        """The program's exit status once it has ended by itself, its terminal hung up (nothing
        read from it); fails if it runs on past ``seconds``."""
        deadline = time.monotonic() + seconds
        while self.status is None:
            assert time.monotonic() < deadline, "did not end"
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
            time.sleep(0.05)
        return self.status

    def close(self) -> None:
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.status = -signal.SIGKILL
        for fd in (self.master, self.slave):
            if fd < 0:
                continue
            try:
                os.close(fd)
            except OSError:
                pass


#: the checkout's compiled files, as an installed program has them (the tests' own setting writes
#: none): Python reads the first lines of ``tui.cli`` at once, not after compiling them
PYCACHE = Path("/nonexistent")


@pytest.fixture(scope="module", autouse=True)
def _compiled(tmp_path_factory: pytest.TempPathFactory) -> None:
    global PYCACHE
    PYCACHE = tmp_path_factory.mktemp("pycache")
    old = sys.pycache_prefix
    sys.pycache_prefix = str(PYCACHE)
    try:
        for package in ("tui", "core", "net", "themes"):
            assert compileall.compile_dir(ROOT / package, quiet=1)
    finally:
        sys.pycache_prefix = old


def assert_quiet(ended: Ended, line: str = STOPPED) -> None:
    said = "\n".join(ended.lines)
    assert "Traceback" not in said and "Error" not in said, said
    assert ended.status == 130, said
    assert ended.lines == [line]
    assert ended.cooked


#: each step of ``dealmein`` (the app) before it has the terminal, with a Ctrl+C landing in it
APP_STEPS = {
    "loading the command line": first_import_of("tui.cmdline"),
    "reading the command line": before_call("argparse", "ArgumentParser", "parse_known_args"),
    "loading the app": first_import_of("textual.app"),
    "loading the settings": before_call("tui.settings", "", "load_settings"),
    "building the app": first_import_of("tui.theming"),
    "starting the event loop": before_call("textual.app", "App", "run_async"),
}


@pytest.mark.parametrize("step", list(APP_STEPS))
def test_ctrl_c_while_the_app_starts(step: str) -> None:
    assert_quiet(Program([], APP_STEPS[step]).end())


def test_ctrl_c_as_the_app_takes_the_terminal() -> None:
    """The last moment before the app takes the terminal: the app stops there, and gives the
    terminal back as it found it."""
    ended = Program([], before_call("textual.drivers.linux_driver", "LinuxDriver", "start_application_mode")).end()
    said = "\n".join(ended.lines)
    assert "Traceback" not in said and ended.cooked
    assert ended.status == 130 and ended.lines == [STOPPED], said


HOST = ["host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--no-mdns"]

#: each step of a headless host before its own Ctrl+C handling (``net.host_cli.Signals``)
HOST_STEPS = {
    "loading the command line": first_import_of("tui.cmdline"),
    "reading the command line": before_call("argparse", "ArgumentParser", "parse_known_args"),
    "checking the table": first_import_of("core"),
    "loading the host": first_import_of("net.host_cli"),
}


@pytest.mark.parametrize("step", list(HOST_STEPS))
def test_ctrl_c_while_a_headless_host_starts(step: str) -> None:
    assert_quiet(Program(HOST, HOST_STEPS[step]).end(), HOST_STOPPED_EARLY)


#: ``dealmein tables`` browsing the loopback interface alone, for longer than a test waits
TABLES = ["tables", "--wait", "60", "--interface", "127.0.0.1"]

#: moments where a Ctrl+C Python drops (``DROPPED``) may land, for the app, a headless host and
#: ``dealmein tables``
DROPPED_STEPS = {
    "the app loading": ([], first_import_of("textual.app", DROPPED), STOPPED),
    "the app's settings loading": ([], before_call("tui.settings", "", "load_settings", DROPPED), STOPPED),
    "the app taking the terminal": ([], before_call("textual.drivers.linux_driver", "LinuxDriver",
                                                    "start_application_mode", DROPPED), STOPPED),
    "the host loading": (HOST, first_import_of("net.host_cli", DROPPED), HOST_STOPPED_EARLY),
    "the host's event loop starting": (HOST, before_call("asyncio.runners", "Runner", "run", DROPPED),
                                       HOST_STOPPED_EARLY),
    "the tables browse loading": (TABLES, first_import_of("net.discovery", DROPPED), STOPPED),
}


@pytest.mark.parametrize("step", list(DROPPED_STEPS))
def test_a_ctrl_c_python_dropped_still_stops_the_start(step: str) -> None:
    """The Ctrl+C is noted as it comes, and the command asks for one as it takes Ctrl+C in
    hand: it stops as at any other Ctrl+C of its start, saying nothing of the one dropped.
    A headless host went on to open its table and wait there, its Ctrl+C spent; the app opened."""
    args, hook, line = DROPPED_STEPS[step]
    assert_quiet(Program(args, hook).end(15), line)


def test_ctrl_c_inside_source_text_python_runs_still_ends_with_status_130(tmp_path: Path) -> None:
    """Run as ``python -m``, a program whose Ctrl+C lands inside source text Python runs (an
    ``exec``, as dataclasses build their methods as the code loads) says its line and ends with
    status 130, not killed by SIGINT at its very end (CPython marks such a KeyboardInterrupt as
    never handled, even once answered)."""
    hook = first_import_of("net.host_cli", f"exec({CTRL_C!r})")
    (tmp_path / "hooked.py").write_text(f"import os, sys\n{hook}\nfrom tui.cli import main\nsys.exit(main())\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run([sys.executable, "-m", "hooked", *HOST], cwd=ROOT, env=env, capture_output=True,
                          timeout=60)
    assert done.stderr.decode().splitlines() == [HOST_STOPPED_EARLY]
    assert done.returncode == 130


def test_started_with_ctrl_c_ignored_a_ctrl_c_as_it_loads_is_ignored() -> None:
    """A job a shell started in the background has Ctrl+C ignored: one that lands as the code
    loads is ignored too (it stopped the host), and the host opens its table."""
    ignored = "__import__('signal').signal(__import__('signal').SIGINT, __import__('signal').SIG_IGN)\n"
    program = Program(HOST, ignored + first_import_of("tui.cmdline"))
    try:
        program.read_until(b"Press Ctrl+C to close the table.")
        os.kill(program.pid, signal.SIGTERM)
        ended = program.end()
    finally:
        program.close()
    assert ended.status == 0 and ended.lines[-1] == "Table closed.", ended.lines


def test_ctrl_c_typed_while_tables_browses() -> None:
    """``dealmein tables`` in the middle of its browse: the same one line and 130 as at any
    moment of its start, not a silent stop; at once, not after its ``--wait``."""
    program = Program(TABLES)
    try:
        program.read_for(3)  # its code loaded (well under a second here): browsing
        program.type(b"\x03")
        assert_quiet(program.end(10))
    finally:
        program.close()


@pytest.mark.parametrize("args", [[], ["solo", "--seats", "3"], HOST], ids=["app", "solo", "host"])
def test_ctrl_c_typed_as_soon_as_it_starts(args: list[str]) -> None:
    """Ctrl+C typed a few milliseconds after the program's first line: as the code loads. On a
    loaded machine one may land before a line of the program's own has run (in the lines that
    stand for the installed script, or while Python still reads ``tui.cli`` in; its traceback
    names no file of the program): that try says nothing of the program, and is made again, a
    few times at most."""
    for after in (0.003, 0.01, 0.03):
        for _ in range(5):  # bounded
            program = Program(args)
            program.read_for(after)
            program.type(b"\x03")
            ended = program.end()
            if not before_the_program(ended):
                break
        assert_quiet(ended, HOST_STOPPED_EARLY if "host" in args else STOPPED)


def before_the_program(ended: Ended) -> bool:
    """A Ctrl+C that stopped Python before a line of the program had run: as it read the
    program's first module in, or in the lines before (``PROGRAM``'s own, which stand for the
    installed script's): Python's own traceback, through those and its import machinery alone."""
    said = "\n".join(ended.lines)
    frames = re.findall(r'File "([^"]*)"', said)
    return said.startswith("Traceback") and said.rstrip().endswith("KeyboardInterrupt") \
        and str(ROOT) not in said and bool(frames) \
        and all(f == "<string>" or f.startswith("<frozen importlib") for f in frames)


def test_ctrl_c_typed_at_any_moment_of_the_start() -> None:
    """Typed later and later: before the app has the terminal, one line and 130; once it has
    it, Ctrl+C is the app's quit key (status 0). Never a traceback, and the terminal is given
    back whole."""
    outcomes = []
    for after in (0.06, 0.12, 0.25, 0.5, 1.0):
        program = Program([])
        program.read_for(after)
        program.type(b"\x03")
        ended = program.end()
        said = "\n".join(ended.lines)
        assert "Traceback" not in said and ended.cooked, said
        if ended.status == 130:
            assert ended.lines == [STOPPED]
        else:
            assert ended.status == 0 and b"\x1b[?1049h" in ended.raw, said  # the app had opened
        outcomes.append(ended.status)
    assert outcomes == sorted(outcomes, reverse=True)  # once the app is open, it stays the quit key


#: moments once the app has exited (Q on the home screen), with a Ctrl+C landing in each
AFTER_STEPS = {
    "the event loop shutting down": before_call("asyncio.runners", "Runner", "close"),
    "the interpreter ending": f"import atexit; atexit.register(lambda: {CTRL_C})",
}


@pytest.mark.parametrize("step", list(AFTER_STEPS))
def test_ctrl_c_once_the_app_has_exited(step: str) -> None:
    program = Program([], AFTER_STEPS[step])
    program.read_until(b"Play solo")
    program.type(b"q")
    ended = program.end()
    said = "\n".join(ended.lines)
    assert "Traceback" not in said and "Exception ignored" not in said, said
    assert ended.status == 0 and ended.cooked


def test_ctrl_c_typed_as_the_app_exits() -> None:
    """Ctrl+C typed over and over as the app gives the terminal back: nothing but a quiet end."""
    program = Program([])
    program.read_until(b"Play solo")
    program.type(b"q")
    program.read_until(b"\x1b[?1049l")  # the terminal given back
    for _ in range(20):
        try:
            program.type(b"\x03")
        except OSError:
            break  # ended
        time.sleep(0.005)
    ended = program.end()
    said = "\n".join(ended.lines)
    assert "Traceback" not in said and "Exception ignored" not in said, said
    assert ended.status == 0 and ended.cooked  # as the app exited
    after = Ended(ended.status, ended.raw.rpartition(b"\x1b[?1049l")[2], ended.cooked)
    assert after.lines == []  # nothing said once the terminal was given back


#: a solo Ninety-Eight match of two seats whose deal (seed 1) gives the player a turn in its
#: first hand: dealt at random, the bot's first card could leave the player no play, the hand
#: then ending at once, its results over the table the test waits on
DEALT = ["--no-mdns", "solo", "--game", "ninety-eight", "--seats", "2", "--seed", "1"]


def killed_in_a_match(hook: str = "") -> tuple[Ended, float]:
    """A solo match dealt (Ctrl+S), then ``kill`` (SIGTERM): how the program ended, and the
    seconds it took to after the kill."""
    program = Program(DEALT, hook=hook)
    try:
        program.read_until(b"Start")
        program.type(b"\x13")  # Ctrl+S deals
        program.read_until(b"Enter plays")
        os.kill(program.pid, signal.SIGTERM)
        started = time.monotonic()
        ended = program.end()
    finally:
        program.close()
    return ended, time.monotonic() - started


def test_sigterm_quits_as_q_does_and_gives_the_terminal_back() -> None:
    """``kill`` (SIGTERM) while a solo match is in play: the app quits as Q does, status 0, the
    terminal back in line mode and off the app's screen, and the match said to be saved (it
    ended with status 143 on the app's screen, the mouse still captured)."""
    ended, _took = killed_in_a_match()
    said = "\n".join(ended.lines)
    assert ended.status == 0, said
    assert ended.cooked and ended.raw.rfind(b"\x1b[?1049l") > ended.raw.rfind(b"\x1b[?1049h")  # the screen left
    after = STRIP.sub(b"", ended.raw[ended.raw.rfind(b"\x1b[?1049l"):]).decode(errors="replace").split()
    assert " ".join(after) == "Your Ninety-Eight match is saved: run dealmein and choose Resume to play on."


@pytest.mark.parametrize("how", ["kill", "closed"])
def test_a_hangup_quits_as_q_does(how: str) -> None:
    """SIGHUP (the terminal window closed, or ``kill -HUP``) while a solo match is in play: the
    app quits as Q does, status 0, its tables left (a host's players told, its SSH guests'
    sessions ended as at a quit); it ended at once, status -1, on a terminal left on the app's
    screen. ``closed`` hangs the terminal up for real: its other end is closed."""
    from tui.saves import solo_save_path

    program = Program(DEALT)
    try:
        program.read_until(b"Start")
        program.type(b"\x13")  # Ctrl+S deals
        program.read_until(b"Enter plays")
        if how == "kill":
            os.kill(program.pid, signal.SIGHUP)
            ended = program.end()
            assert ended.status == 0 and ended.cooked, ended.lines
            assert ended.raw.rfind(b"\x1b[?1049l") > ended.raw.rfind(b"\x1b[?1049h")  # the screen left
        else:
            program.hang_up()
            assert program.ended_within(10) == 0  # before HANGUP_GRACE ends it regardless
    finally:
        program.close()
    assert solo_save_path().is_file()  # the match kept to resume


def test_a_host_whose_terminal_closes_tells_its_players_goodbye() -> None:
    """The host's terminal window closed: the app leaves its table as at a quit, so a player
    there is told the host closed it (``bye``) and its app stops trying to come back; it was
    cut off as by a crash, and an SSH guest's session ended with its terminal on the app's
    screen."""
    import asyncio
    import socket

    from net.client import TableClient

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    program = Program(["--no-mdns", "host", "--bind", "127.0.0.1", "--port", str(port), "--seats", "2"])
    try:
        program.read_until(b"Open table")
        program.type(b"\x13")  # Ctrl+S opens the table
        program.read_until(b"Players join at")

        async def hung_up_on() -> str:
            ana = await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False, timeout=5.0)
            try:
                program.hang_up()  # the window closes: the terminal hangs up
                for _ in range(200):  # at most ten seconds
                    if ana._last_error is not None:
                        break
                    await asyncio.sleep(0.05)
                return str(ana._last_error)
            finally:
                await ana.close()

        said = asyncio.run(hung_up_on())
        assert said.startswith("('bye'"), said
        assert program.ended_within(10) == 0
    finally:
        program.close()


def test_under_nohup_a_hangup_is_left_ignored() -> None:
    """Started with SIGHUP ignored (``nohup``), the app does not take it back: a hangup leaves
    it running, as ``nohup`` asks."""
    program = Program(["--no-mdns", "solo", "--game", "ninety-eight", "--seats", "2"],
                      hook="__import__('signal').signal(__import__('signal').SIGHUP, __import__('signal').SIG_IGN)")
    try:
        program.read_until(b"Start")
        os.kill(program.pid, signal.SIGHUP)
        program.read_for(1.0)
        assert os.waitpid(program.pid, os.WNOHANG) == (0, 0)  # still running
        os.kill(program.pid, signal.SIGTERM)
        assert program.end().status == 0
    finally:
        program.close()


#: the app's leaving of its table held up for good, and the deadline after a kill made short
HELD_UP = """
import asyncio
import tui.running
tui.running.QUIT_GRACE = 2.0
from tui.app import DealMeInApp
_leave = DealMeInApp.leave_table
async def _held(self):
    if self._quitting:
        await asyncio.Event().wait()
    return await _leave(self)
DealMeInApp.leave_table = _held
"""


def test_an_app_held_up_after_a_kill_ends_within_the_grace_and_gives_the_terminal_back() -> None:
    """An app that went on drawing a flood of resizes ignored SIGTERM for good (a ``kill -9``
    ended it): whatever holds its close up, it ends ``QUIT_GRACE`` seconds after the kill,
    status 1, the terminal back in line mode and off the app's screen, and a line saying so."""
    ended, took = killed_in_a_match(HELD_UP)
    assert ended.status == 1 and 1.5 < took < 10, (ended.status, took)
    assert ended.cooked and ended.raw.rfind(b"\x1b[?1049l") > ended.raw.rfind(b"\x1b[?1049h")
    assert "dealmein: it did not close within 2 s of being stopped, and was ended" in ended.lines[-1]
