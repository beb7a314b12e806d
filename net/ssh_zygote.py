"""A pre-imported app process that forks one child per SSH session.

Importing Textual and the app takes most of a session's start; a zygote pays it once, and its
forked children share those pages, so each session starts sooner and costs less memory. The
SSH server sends the zygote a pty slave (over a SOCK_SEQPACKET pair, with SCM_RIGHTS) with the
argv and environment; the zygote forks, and the child becomes a session leader with that pty
as its controlling terminal, exactly as a directly spawned child would. The zygote reports each
child's pid and, when it reaps it, its exit status.

Before serving, ``preload`` does what every session would otherwise do for itself (a session's
memory is mostly what it writes: the objects it makes and the shared ones it touches). Run as
``python -OO -m net.ssh_zygote FD``; it is single-threaded, so forking it is safe.

Every session, forked here or (without a zygote) spawned as ``python -m net.ssh_zygote
--session ARGS``, runs the app through ``run_session``: SIGTERM asks the app to quit, as its
player's own quit would, so that it puts the terminal back before it goes (the SSH server sends
it when it ends a session its player still sees: the host closing, the idle timeout).
"""
from __future__ import annotations

import asyncio
import fcntl
import json
import os
import select
import signal
import socket
import sys
import termios
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

MAX_MESSAGE = 64 * 1024
#: ``-OO``: the zygote (and so every session) loads the code without its docstrings, a good part
#: of what the imported modules hold in memory; nothing the app runs reads a docstring or relies
#: on an ``assert``. ``-P``: nothing from the folder the host was started in (``-m`` puts it first
#: on the module path, where a ``net.py`` or a ``core`` package would run in the app's place);
#: the app's own code is found where the host's was (``ssh_pty.APP_ROOT``, on ``PYTHONPATH``)
ZYGOTE_FLAGS = ("-OO", "-P")


# --------------------------------------------------------------------------- the zygote side
def _child(request: dict[str, Any], slave: int, control: socket.socket) -> None:
    """In the forked child: take the pty, the environment, then run the app's command line."""
    code = 1
    try:
        control.close()
        for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        os.environ.clear()
        os.environ.update(request["env"])
        code = run_session(list(request["argv"]))
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def run_session(argv: Sequence[str]) -> int:
    """Run the app's command line for one SSH session; its exit code.

    A session's app (``join``) runs with SIGTERM asking it to quit (``tui.running.run_app``):
    Textual then leaves the alternate screen, turns mouse reports off and shows the cursor, and
    the app leaves its table (``on_unmount``), as when its player quits. Any other command line
    runs as ``dealmein`` would run it."""
    from tui.cli import build_parser, main

    args = build_parser().parse_args(list(argv))
    if getattr(args, "command", None) != "join":
        return main(list(argv)) or 0
    from tui.running import run_app

    return run_app(args, on_sigterm="exit")


#: Modules a session imports as it starts besides the app's own ``tui`` modules, which
#: ``preload`` imports too (tests/ssh/test_zygote_preload.py checks that nothing else is imported)
SESSION_IMPORTS = (
    "themes.no_color", "textual.drivers.linux_driver", "textual._xterm_parser",
    "textual._keyboard_protocol", "textual.drivers.headless_driver", "textual.layouts.factory",
    "textual.pilot", "tty", "pwd",
)


def app_modules() -> list[str]:
    """Every module of the app's ``tui`` package (screens and widgets included), to preload."""
    import pkgutil

    import tui

    return sorted(m.name for m in pkgutil.walk_packages(tui.__path__, "tui.")
                  if not m.name.endswith(".__main__"))


def preload() -> None:
    """Do once, before forking, what every session would otherwise do for itself.

    A forked child shares the zygote's pages only until it writes to them, and CPython writes to
    every object it touches (reference counts), so what costs a session memory is the objects it
    creates and the shared pages it touches: work done here once is neither. Here: import every
    module a session may use, build the command line parser (and parse a session's kind of
    command line with it), read the app version from the package metadata, read the shipped
    themes and load Rich's character-width table; then collect and freeze. Nothing here starts
    a thread or an event loop, so forking afterwards is safe."""
    import gc
    import importlib

    for name in (*SESSION_IMPORTS, *app_modules()):
        importlib.import_module(name)
    from net.client import app_version
    from rich.cells import cell_len
    from themes.loader import load_shipped_themes
    from tui.cli import build_parser

    build_parser().parse_args(["join", "127.0.0.1:7098", "--name", "warm"])  # its regexes, cached
    app_version()  # the parser reads it only for --version; every session's hello sends it
    load_shipped_themes()
    cell_len("\u2660 \u4e00")  # the table lookup loads the width table once
    gc.collect()
    gc.freeze()  # keep the collector from touching (and so copying) the shared objects


def serve(control: socket.socket) -> None:
    """The zygote's loop: fork on request, report pids and exits; end when the server goes."""
    preload()
    while True:
        while True:  # reap every child that ended
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            if not _tell(control, {"exit": pid, "code": os.waitstatus_to_exitcode(status)}):
                return
        ready, _, _ = select.select([control], [], [], 0.1)
        if not ready:
            continue
        try:
            msg, fds, _, _ = socket.recv_fds(control, MAX_MESSAGE, 1)
        except OSError:
            return
        if not msg:
            return  # the server is gone; its sessions' process groups are its to end
        request = json.loads(msg)
        if not fds:
            continue
        pid = os.fork()
        if pid == 0:
            _child(request, fds[0], control)
        os.close(fds[0])
        if not _tell(control, {"started": request["id"], "pid": pid}):
            return


def _tell(control: socket.socket, message: dict[str, Any]) -> bool:
    """Send ``message`` to the server; False once the server is gone (its table closed as a
    session started): the zygote then ends quietly, its sessions' process groups the server's
    to end, rather than print a broken pipe's traceback on the host's terminal."""
    try:
        control.send(json.dumps(message).encode())
    except OSError:
        return False
    return True


# --------------------------------------------------------------------------- the server side
class Zygote:
    """The SSH server's handle on its zygote process."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = dict(env)
        self._sock: socket.socket | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self._starts: dict[int, asyncio.Future[int]] = {}
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._next_id = 0

    async def start(self) -> None:
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            # a session of its own: Ctrl+C in the host's terminal (SIGINT to the host's process
            # group) must not kill the zygote, whose end would count every app as gone and kill
            # them before they could be asked to quit; it ends when the server's socket closes
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, *ZYGOTE_FLAGS, "-m", "net.ssh_zygote", str(theirs.fileno()),
                pass_fds=[theirs.fileno()], start_new_session=True,
                env=self._env, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL)
        finally:
            theirs.close()
        mine.setblocking(False)
        self._sock = mine
        asyncio.get_running_loop().add_reader(mine.fileno(), self._readable)

    @property
    def alive(self) -> bool:
        return self._sock is not None and self.proc is not None and self.proc.returncode is None

    def _readable(self) -> None:
        assert self._sock is not None
        try:
            msg = self._sock.recv(MAX_MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            msg = b""
        if not msg:
            self._lost()
            return
        data = json.loads(msg)
        if "started" in data:
            fut = self._starts.pop(data["started"], None)
            if fut is not None and not fut.done():
                fut.set_result(data["pid"])
        elif "exit" in data:
            fut = self._exits.setdefault(data["exit"], asyncio.get_running_loop().create_future())
            if not fut.done():
                fut.set_result(data["code"])

    def _lost(self) -> None:
        """The zygote died: every pending start fails and every child counts as ended."""
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        for start in self._starts.values():
            if not start.done():
                start.set_exception(ConnectionError("the app zygote ended"))
        for exit_ in self._exits.values():
            if not exit_.done():
                exit_.set_result(-1)
        self._starts.clear()

    async def spawn(self, argv: Sequence[str], env: Mapping[str, str], slave: int,
                    timeout: float = 10.0) -> tuple[int, asyncio.Future[int]]:
        """Fork a child on ``slave``; its pid, and a future of its exit status."""
        if not self.alive:
            raise ConnectionError("the app zygote is not running")
        assert self._sock is not None
        loop = asyncio.get_running_loop()
        self._next_id += 1
        rid = self._next_id
        started = self._starts[rid] = loop.create_future()
        payload = json.dumps({"id": rid, "argv": list(argv), "env": dict(env)}).encode()
        socket.send_fds(self._sock, [payload], [slave])
        pid = await asyncio.wait_for(started, timeout)
        exited = self._exits.setdefault(pid, loop.create_future())
        exited.add_done_callback(lambda _f: self._exits.pop(pid, None))
        return pid, exited

    async def close(self) -> None:
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        if self.proc is not None and self.proc.returncode is None:
            try:
                await asyncio.wait_for(self.proc.wait(), 3.0)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--session"]:  # one session's app, spawned without a zygote
        sys.exit(run_session(sys.argv[2:]))
    serve(socket.socket(fileno=int(sys.argv[1])))
