"""A child process on its own pseudo-terminal, bridged to an SSH channel.

The child is a session leader with the pty as its controlling terminal, so a window-change
request becomes SIGWINCH; the pty is raw before the child starts, so nothing is echoed and an
early Ctrl+C is just a byte; ending the session ends the child's whole process group.

Ending it has two ways: ``terminate`` (the SSH connection is gone: SIGHUP, then SIGKILL) and
``stop`` (the server ends a session whose player is still watching: SIGTERM first, which the app
answers by quitting the way a player's own quit does, restoring the terminal; only an app that has
not gone within a bounded time is hung up on and killed).
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import termios
import tty
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ssh_zygote import Zygote

READ_CHUNK = 65536
#: client-sent environment variables a child may see (anything else is dropped)
CLIENT_ENV_ALLOWED = ("COLORTERM",)
#: what puts a terminal back as it was after a full-screen app that could not do it itself (it
#: was killed), as Textual's own exit does: mouse reports off (every mode), bracketed paste,
#: focus and resize reports off, the keyboard protocol the app pushed popped, no colours, lines
#: wrapping, the cursor shown, the alternate screen left
TERMINAL_RESET = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l"
                  b"\x1b[?2004l\x1b[?1004l\x1b[?2048l\x1b[<u\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l")


#: the folder holding the app's packages (``core``, ``net``, ``tui``, ``themes``): a checkout or
#: site-packages, wherever the running host's own code came from
APP_ROOT = str(Path(__file__).resolve().parent.parent)


def child_environment(term: str | None, client_env: Mapping[str, str],
                      extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The child's whole environment, built from an allowlist: never COLUMNS/LINES, never
    PYTHONPATH or LD_* from the client. Its ``PYTHONPATH`` is where the host's own code is
    (``APP_ROOT``), which the child, started with ``-P``, imports rather than any folder's."""
    env = {
        "PYTHONPATH": APP_ROOT,
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": _clean_term(term),
        "PYTHONUNBUFFERED": "1",
    }
    for key in CLIENT_ENV_ALLOWED:
        value = client_env.get(key)
        if value and len(value) <= 32 and value.isprintable():
            env[key] = value
    env.update(extra or {})
    return env


def _clean_term(term: str | None) -> str:
    if term and len(term) <= 64 and all(ch.isalnum() or ch in "-._+" for ch in term):
        return term
    return "xterm-256color"


def set_window_size(fd: int, cols: int, rows: int) -> None:
    cols = max(1, min(int(cols), 1000))
    rows = max(1, min(int(rows), 1000))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _take_controlling_tty() -> None:  # runs in the child between fork and exec
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyChild:
    """One child process on a fresh pty; ``on_output`` gets its bytes, ``write`` feeds it.

    The child is spawned directly from ``argv``, or forked by ``zygote`` running ``app_args``.
    """

    def __init__(self, argv: Sequence[str], env: Mapping[str, str], cols: int, rows: int,
                 on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                 zygote: "Zygote | None" = None, app_args: Sequence[str] = ()) -> None:
        self._argv = list(argv)
        self._zygote = zygote
        self._app_args = list(app_args)
        self._env = dict(env)
        self._size = (cols, rows)
        self._on_output = on_output
        self._on_exit = on_exit
        self.master = -1
        self.pid: int | None = None
        self._exited: asyncio.Future[int] | None = None
        #: set once the child is reaped, its last output read and ``on_exit`` called
        self._finished: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending = bytearray()
        self._reading = False
        self._closed = False
        self._loop = asyncio.get_running_loop()

    async def start(self) -> None:
        master, slave = os.openpty()
        try:
            tty.setraw(slave)
            # input raw, but output as a terminal writes it: a line the app prints once its
            # screen is given back (the note on quitting) ends with CR LF, for the guest's ssh
            # client leaves all output processing to this side
            attrs = termios.tcgetattr(slave)
            attrs[1] |= termios.OPOST | termios.ONLCR
            termios.tcsetattr(slave, termios.TCSANOW, attrs)
            set_window_size(slave, *self._size)
            if self._zygote is not None and self._zygote.alive:
                self.pid, self._exited = await self._zygote.spawn(self._app_args, self._env, slave)
            else:
                proc = await asyncio.create_subprocess_exec(
                    *self._argv, stdin=slave, stdout=slave, stderr=slave, env=self._env,
                    start_new_session=True, preexec_fn=_take_controlling_tty, close_fds=True)
                self.pid = proc.pid
                self._exited = asyncio.ensure_future(proc.wait())
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.resume_output()
        asyncio.ensure_future(self._watch())

    @property
    def running(self) -> bool:
        return self._exited is not None and not self._exited.done()

    async def _watch(self) -> None:
        assert self._exited is not None and self.pid is not None
        code = await asyncio.shield(self._exited)
        _kill_group(self.pid)  # whatever the child left behind in its group goes too
        self._drain_output()  # its last words: the bytes that put the terminal back
        self._close_master()
        try:
            self._on_exit(code)
        finally:
            if not self._finished.done():
                self._finished.set_result(code)

    def _drain_output(self) -> None:
        while self.master >= 0:
            try:
                data = os.read(self.master, READ_CHUNK)
            except (BlockingIOError, OSError):
                return
            if not data:
                return
            self._on_output(data)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child closed its side
            self.pause_output()
            return
        if data:
            self._on_output(data)
        else:
            self.pause_output()

    def pause_output(self) -> None:
        """Back-pressure: stop reading the child while the channel's buffer is full."""
        if self._reading and self.master >= 0:
            self._loop.remove_reader(self.master)
        self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master >= 0:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def write(self, data: bytes) -> None:
        if self.master < 0:
            return
        if self._pending:
            self._pending += data
            return
        try:
            n = os.write(self.master, data)
        except BlockingIOError:
            n = 0
        except OSError:
            return
        if n < len(data):
            self._pending += data[n:]
            self._loop.add_writer(self.master, self._flush)

    def _flush(self) -> None:
        try:
            n = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            n = len(self._pending)
        del self._pending[:n]
        if not self._pending:
            self._loop.remove_writer(self.master)

    def resize(self, cols: int, rows: int) -> None:
        if self.master >= 0:
            set_window_size(self.master, cols, rows)

    def _close_master(self) -> None:
        if self.master >= 0:
            self.pause_output()
            if self._pending:
                self._loop.remove_writer(self.master)
            os.close(self.master)
            self.master = -1

    async def terminate(self, grace: float = 1.0) -> int | None:
        """End the child's whole process group: SIGHUP, then SIGKILL after ``grace``; reap it.
        Its exit code (negative: the signal that ended it), ``None`` if it never started."""
        if self.pid is None or self._exited is None:
            self._close_master()
            return None
        if self._exited.done():
            _kill_group(self.pid)
            return await self._wrapped_up()
        for sig, wait in ((signal.SIGHUP, grace), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:
                pass
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), wait)
                break
            except asyncio.TimeoutError:
                continue
        return await self._wrapped_up()

    async def stop(self, grace: float = 3.0, kill_grace: float = 1.0) -> int | None:
        """Ask the child to quit (SIGTERM to its process group: the app quits as if its player
        had, and restores the terminal) and wait up to ``grace`` seconds; a child still there
        is then ended by ``terminate``. Returns as ``terminate`` does, once the child's last
        output has been passed on."""
        if self.pid is None or self._exited is None:
            self._close_master()
            return None
        if not self._exited.done():
            try:
                os.killpg(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), grace)
            except asyncio.TimeoutError:
                return await self.terminate(kill_grace)
        return await self._wrapped_up()

    async def _wrapped_up(self) -> int | None:
        """Once reaped: wait (briefly) for ``_watch`` to pass on the last output and report."""
        try:
            return await asyncio.wait_for(asyncio.shield(self._finished), 2.0)
        except asyncio.TimeoutError:
            self._close_master()
            assert self._exited is not None
            return self._exited.result() if self._exited.done() else None
