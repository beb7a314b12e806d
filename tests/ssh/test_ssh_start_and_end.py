"""A headless table over SSH, from the first match to the end of the session.

- Two SSH players at a table with no host at it say they are ready, and the match starts by
  itself (nobody there holds the host key, so nobody could press Start).
- A session the server ends (the host closing, the idle timeout) ends as a player's own quit
  does: the app is asked to quit and puts the terminal back (alternate screen left, mouse
  reports off, cursor shown), a goodbye line follows on the normal screen, and the channel ends
  with an exit status. An app that will not quit is killed within a bounded time, and the
  server puts the terminal back for it.

Real parts throughout: a real asyncssh client with a pty, the app in a child process (forked by
the zygote, or spawned), a real table server on 127.0.0.1."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path

import asyncssh
import pyte
import pytest

from net.server import Server, TableConfig
from net.ssh_host import make_ssh_server
from net.ssh_pty import TERMINAL_RESET
from net.ssh_server import CLOSED_MESSAGE, SSHConfig, SSHTableServer, idle_message

from ..net.table_helpers import wait_until
from .conftest import connect
from .test_ssh_bridge import read_until, wait_gone

pytestmark = pytest.mark.timeout(180)

STUBBORN_CHILD = str(Path(__file__).with_name("stubborn_child.py"))
STARTING_CHILD = str(Path(__file__).with_name("starting_child.py"))
ALT_ON, ALT_OFF = b"\x1b[?1049h", b"\x1b[?1049l"
MOUSE_OFF, CURSOR_ON = b"\x1b[?1000l", b"\x1b[?25h"


class RawTerminal:
    """One SSH session: every byte it was sent, and the screen they draw."""

    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess) -> None:
        self.conn, self.proc = conn, proc
        self.raw = bytearray()
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.ended = False

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def pump(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.ended and (left := deadline - time.monotonic()) > 0:
            try:
                data = await asyncio.wait_for(self.proc.stdout.read(65536), left)
            except asyncio.TimeoutError:
                return
            if not data:
                self.ended = True
                return
            self.raw += data
            self.stream.feed(data)

    async def wait_for(self, text: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            if time.monotonic() > deadline or self.ended:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{self.text()}")
            await self.pump(0.2)

    async def until_closed(self, timeout: float) -> None:
        """Read everything up to the end of the session's output, then its exit status."""
        deadline = time.monotonic() + timeout
        while not self.ended:
            if time.monotonic() > deadline:
                raise AssertionError(f"the session did not end in {timeout} s; the last bytes: {bytes(self.raw[-300:])!r}")
            await self.pump(0.5)
        await asyncio.wait_for(self.proc.wait_closed(), 5)


@pytest.fixture
async def headless(tmp_path):
    """A table server with a table of three and one bot, an SSH front door (open login, its
    sessions forked by the app zygote), and nobody holding the host key."""
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0, start_delay=0.5)
    await server.start()
    table = server.create_table(TableConfig(name="Lounge", seats=3, seed=3))
    table.add_bot(2, "easy")
    servers: list[SSHTableServer] = []
    terminals: list[RawTerminal] = []

    async def front_door(**config) -> SSHTableServer:
        ssh = make_ssh_server(SSHConfig(host="127.0.0.1", port=0, auth="open", host_key_path=tmp_path / "key",
                                        **config), f"127.0.0.1:{server.port}", None)
        await ssh.start()
        servers.append(ssh)
        return ssh

    async def open_terminal(ssh: SSHTableServer, name: str) -> RawTerminal:
        conn = await asyncssh.connect("127.0.0.1", ssh.port, username=name, password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        term = RawTerminal(conn, proc)
        terminals.append(term)
        return term

    yield server, table, front_door, open_terminal
    for term in terminals:
        term.conn.close()
    for ssh in servers:
        await ssh.close()
    await server.close()


def assert_put_back_by_the_app(raw: bytes, goodbye: bytes) -> None:
    """The app's own exit put the terminal back, and the goodbye came after, on the normal
    screen."""
    assert ALT_ON in raw, "the app never drew"
    last_off = raw.rfind(ALT_OFF)
    assert last_off > raw.rfind(ALT_ON), "the alternate screen was left on"
    tail = raw[raw.rfind(ALT_ON):]
    assert MOUSE_OFF in tail, "mouse reports were left on"
    assert CURSOR_ON in tail, "the cursor was left hidden"
    assert raw.rfind(goodbye) > last_off, "the goodbye was written inside the alternate screen"
    assert TERMINAL_RESET not in raw, "the server had to put the terminal back: the app did not"


async def test_two_ssh_players_start_a_headless_match_by_being_ready(headless):
    server, table, front_door, open_terminal = headless
    ssh = await front_door()
    ana = await open_terminal(ssh, "ana")
    await ana.wait_for("ana (you)")
    bob = await open_terminal(ssh, "bob")
    await bob.wait_for("bob (you)")
    # the table says in the lobby's chat what starts the match
    await ana.wait_for("starts by itself")
    ana.proc.stdin.write(b"r")
    await wait_until(lambda: table.seats[0].ready, 20, "ana ready")
    await asyncio.sleep(0.8)  # longer than the countdown: bob is not ready yet
    assert table.status == "lobby"
    bob.proc.stdin.write(b"r")
    await wait_until(lambda: table.status == "playing", 15, "the match to start by itself")
    assert table.match is not None and [s.name for s in table.seats][:2] == ["ana", "bob"]
    await bob.wait_for("hand 1")
    await ana.wait_for("hand 1")


async def test_closing_the_server_lets_the_app_put_the_terminal_back(headless):
    server, table, front_door, open_terminal = headless
    ssh = await front_door()
    term = await open_terminal(ssh, "ana")
    await term.wait_for("ana (you)")
    (session,) = ssh.registry.sessions
    pid = session.child.pid
    started = time.monotonic()
    closing = asyncio.ensure_future(ssh.close())
    await term.until_closed(15)
    await asyncio.wait_for(closing, 15)
    took = time.monotonic() - started
    print(f"the app quit and the server closed in {took:.2f} s")
    assert took < ssh.config.quit_grace + ssh.config.kill_grace + 2
    assert_put_back_by_the_app(bytes(term.raw), CLOSED_MESSAGE)
    assert term.proc.exit_status == 0
    assert await wait_gone(pid)
    # the app left its table as a player who quits does: the seat is free again
    await wait_until(lambda: table.seats[0].name is None, 5, "ana's seat to be freed")


async def test_an_idle_session_ends_with_the_terminal_put_back(headless):
    """Spawned without a zygote this time: the same graceful end."""
    server, table, front_door, open_terminal = headless
    ssh = await front_door(zygote=False)
    assert ssh.zygote is None
    term = await open_terminal(ssh, "ana")
    await term.wait_for("ana (you)")
    ssh.config.idle_timeout = 0.5  # the watch looks again within 5 s
    await term.until_closed(20)
    assert_put_back_by_the_app(bytes(term.raw), idle_message(None))
    assert term.proc.exit_status == 0
    assert not ssh.registry.sessions


async def test_an_idle_guest_is_told_how_long_a_seat_in_play_is_kept(headless, tmp_path):
    """The table's seat grace, which the app is told, is said in the idle goodbye: a guest whose
    seat in a match in play a bot now plays learns how long it waits and how to take it back."""
    server, table, _front_door, open_terminal = headless
    ssh = make_ssh_server(SSHConfig(host="127.0.0.1", port=0, auth="open", host_key_path=tmp_path / "key", zygote=False),
                          f"127.0.0.1:{server.port}", None, grace=120)
    await ssh.start()
    try:
        term = await open_terminal(ssh, "ana")
        await term.wait_for("ana (you)")
        ssh.config.idle_timeout = 0.5  # the watch looks again within 5 s
        await term.until_closed(20)
        goodbye = idle_message(120)
        assert goodbye == (b"Idle for too long: goodbye. A seat you had in a match in play is kept for you for 2 "
                           b"minutes: log in again with the same name from this machine to take it back.\r\n")
        assert_put_back_by_the_app(bytes(term.raw), goodbye)
        assert term.proc.exit_status == 0
    finally:
        await ssh.close()
    assert idle_message(0) == b"Idle for too long: goodbye.\r\n"  # --grace 0: no seat is kept


async def _server_closed_over(child: str, ready: bytes, host_key, quit_grace: float) -> tuple[bytes, bytes, int | None,
                                                                                          float, int]:
    """A session of ``child`` (once it says ``ready``), then its server closed under it: what
    the session was sent before and after, its exit status, how long the close took, and the
    child's pid."""
    cfg = SSHConfig(host="127.0.0.1", port=0, auth="password", password="sesame", quit_grace=quit_grace, kill_grace=0.5)
    server = SSHTableServer(cfg, command=lambda name: [sys.executable, child], host_key=host_key)
    await server.start()
    try:
        async with connect(server) as conn:
            proc = await conn.create_process(term_type="xterm", encoding=None)
            out = await read_until(proc, ready)
            (session,) = server.registry.sessions
            pid = session.child.pid
            started = time.monotonic()
            await server.close()
            took = time.monotonic() - started
            rest = b""
            while chunk := await asyncio.wait_for(proc.stdout.read(65536), 5):
                rest += chunk
            await asyncio.wait_for(proc.wait_closed(), 5)
            return out, rest, proc.exit_status, took, pid
    finally:
        await server.close()


async def test_an_app_that_will_not_quit_is_killed_and_the_terminal_put_back(echo_server, host_key):
    """SIGTERM is only a request: an app that ignores it (and SIGHUP) is killed once the
    grace times are over, and the server puts the terminal back for it."""
    out, rest, status, took, pid = await _server_closed_over(STUBBORN_CHILD, rb"stubborn ready", host_key, 0.5)
    assert b"got TERM" in rest, "the app was not asked to quit first"
    assert rest.index(TERMINAL_RESET) > rest.index(b"got TERM")
    assert rest.endswith(CLOSED_MESSAGE) and ALT_ON in out
    assert status == 1
    assert 0.4 < took < 5.0
    assert await wait_gone(pid)


async def test_an_app_still_starting_when_the_server_closes_ends_as_asked_with_status_0(host_key):
    """A guest who logged in as the host closed: the app, still starting, ends of the SIGTERM
    that asks it to quit (it keeps the default until it has the terminal). That is the end
    asked for, not a kill: the goodbye, status 0, and no terminal put back that was never taken."""
    out, rest, status, took, pid = await _server_closed_over(STARTING_CHILD, rb"starting", host_key, 5)
    assert rest.endswith(CLOSED_MESSAGE) and TERMINAL_RESET not in out + rest, out + rest
    assert status == 0
    assert took < 3.0  # not the quit grace waited out
    assert await wait_gone(pid)


async def _stop(proc: asyncio.subprocess.Process) -> None:
    """The headless host asked to close (SIGTERM), and killed if it will not."""
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.communicate(), 15)
        except asyncio.TimeoutError:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()


async def _banner(*args: str, under: tuple[str, ...] = ()) -> tuple[asyncio.subprocess.Process, str]:
    """``dealmein host --headless ARGS`` started in a session of its own (``under`` a command
    such as ``nohup``), and its banner. A hangup ends it, as a terminal starts a program, even
    where the tests themselves run under ``nohup`` (which the host would keep, as it does for
    its operator's)."""
    proc = await asyncio.create_subprocess_exec(
        *under, sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--no-mdns", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL))
    assert proc.stdout is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith("Press Ctrl+C"):
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        assert line, "the host ended before serving"
        lines.append(line.decode().strip())
    return proc, "\n".join(lines)


@pytest.mark.parametrize("how", ["ctrl-c", "ctrl-c-twice", "sigterm", "sighup"])
async def test_a_headless_host_stopped_ends_its_ssh_sessions_cleanly(how):
    """``dealmein host --headless --ssh`` as a real process, stopped as its operator would: Ctrl+C
    in its terminal (SIGINT to its whole process group), Ctrl+C pressed again while it closes,
    SIGTERM to it, or its terminal closed (SIGHUP). The SSH player's app quits by itself and
    puts the terminal back, then the goodbye and exit status 0."""
    proc, text = await _banner("--port", "0", "--seats", "2", "--ssh", "0", "--ssh-auth", "open")
    conn = None
    try:
        told = re.search(r"SSH: ssh -p (\d+) NAME@(\S+)", text)
        assert told is not None, text
        port, where = int(told.group(1)), told.group(2)
        assert where == "127.0.0.1", "the address it is bound to"
        conn = await asyncssh.connect(where, port, username="ana", password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        term = RawTerminal(conn, await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                                           encoding=None))
        await term.wait_for("ana (you)")
        await term.wait_for("starts by itself")  # a headless table says what starts its match
        if how.startswith("ctrl-c"):
            os.killpg(proc.pid, signal.SIGINT)
            if how == "ctrl-c-twice":
                await asyncio.sleep(0.1)  # the table is closing: its goodbyes under way
                os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGHUP if how == "sighup" else signal.SIGTERM)
        await term.until_closed(15)
        assert_put_back_by_the_app(bytes(term.raw), CLOSED_MESSAGE)
        # (what the app wrote once it gave the terminal back: an error's traceback, if any)
        assert term.proc.exit_status == 0, bytes(term.raw)[bytes(term.raw).rfind(ALT_OFF):].decode(errors="replace")
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 0, err.decode()
        assert "Table closed." in out.decode()
        # the resume it gives opens the same SSH door, where its guests come back in
        table_port = re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1)  # type: ignore[union-attr]
        resume = f"--port {table_port} --bind 127.0.0.1 --no-mdns --ssh {port} --ssh-auth open brings it back"
        assert resume in text and resume in out.decode(), (text, out.decode())
        assert "[conn=" not in err.decode()  # the SSH library's per-login chatter stays out of the host's log
    finally:
        if conn is not None:
            conn.close()
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()


async def _ana_logs_in(banner: str, password: str) -> asyncssh.SSHClientConnection:
    """ana logs in with ``password`` at the SSH port the host's ``banner`` told, and sees her seat."""
    ssh_port = int(re.search(r"SSH: ssh -p (\d+) NAME@", banner).group(1))  # type: ignore[union-attr]
    conn = await asyncssh.connect("127.0.0.1", ssh_port, username="ana", password=password,
                                  known_hosts=None, client_keys=None, agent_path=None)
    try:
        term = RawTerminal(conn, await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                                           encoding=None))
        await term.wait_for("ana (you)")
    except BaseException:
        conn.close()
        raise
    return conn


async def test_a_table_resumed_with_ssh_prints_the_password_its_guests_log_in_with():
    """A table hosted without a password, closed, then brought back with ``--resume --ssh``:
    the SSH login needs a password the host makes up, and the banner now says it (it used to
    print none, so nobody could log in); a guest logs in with it."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc, text = await _banner("--port", str(port), "--seats", "2")
    proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(proc.communicate(), 15)
    proc, text = await _banner("--port", str(port), "--resume", "--ssh", "0")
    conn = None
    try:
        assert "Table password" not in text  # the table itself still has none: its players come back as they were
        password = re.search(r"SSH password: (\S+)", text)
        assert password is not None, text
        conn = await _ana_logs_in(text, password.group(1))
    finally:
        if conn is not None:
            conn.close()
        await _stop(proc)


async def test_ssh_without_a_table_password_keeps_the_table_open_on_the_lan():
    """``dealmein host --headless --ssh`` without ``--password``: SSH logins get a made-up
    password (printed), and the table itself stays open to ``dealmein join`` on the LAN, as in
    the app. The made-up password used to become the table's too, locking out LAN players."""
    from net.client import TableClient

    proc, text = await _banner("--port", "0", "--seats", "2", "--ssh", "0")
    try:
        assert "Table password" not in text
        assert re.search(r"SSH password: [a-z]+-[a-z]+-\d\d", text), text
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        guest = await TableClient.connect("127.0.0.1", port, name="Bo", reconnect=False)
        try:
            assert guest.seat is not None
        finally:
            await guest.close()
    finally:
        await _stop(proc)


async def test_a_headless_host_stopped_keeps_its_ssh_guests_seats_for_the_resume():
    """Stopping the host closes the table before its SSH front door: the last save keeps each
    guest in their seat, so ``--resume`` seats them again when they log in. (The front door
    closed first made each guest's app quit cleanly, which gave up the seat: a bot took it in a
    match, and in the lobby it was open.)"""
    import socket

    from net.savefile import read_save, save_path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc, text = await _banner("--port", str(port), "--seats", "2", "--ssh", "0", "--ssh-auth", "open")
    conn = None
    try:
        ssh_port = int(re.search(r"SSH: ssh -p (\d+) NAME@", text).group(1))  # type: ignore[union-attr]
        conn = await asyncssh.connect("127.0.0.1", ssh_port, username="ana", password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        term = RawTerminal(conn, await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                                           encoding=None))
        await term.wait_for("ana (you)")
        await wait_until(lambda: (read_save(save_path(port)).state or {}).get("seats", [{}])[0].get("name") == "ana",
                         10, "ana's seat saved")
        os.killpg(proc.pid, signal.SIGINT)
        await term.until_closed(15)
        await asyncio.wait_for(proc.communicate(), 15)
        seat = read_save(save_path(port)).state["seats"][0]
        assert seat["name"] == "ana" and seat["token"] and not seat["standin"] and seat["bot"] is None
    finally:
        if conn is not None:
            conn.close()
        await _stop(proc)


async def test_a_resumed_table_keeps_the_ssh_password_its_guests_had():
    """The SSH login's made-up password is saved with the table: ``--resume --ssh`` prints the
    same one, and a guest logs in with it (a new one each time locked the guests out, and
    their tries with the old one counted towards the address's lockout)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc, text = await _banner("--port", str(port), "--seats", "2", "--ssh", "0")
    first = re.search(r"SSH password: (\S+)", text)
    assert first is not None, text
    await _stop(proc)
    proc, text = await _banner("--port", str(port), "--resume", "--ssh", "0")
    conn = None
    try:
        again = re.search(r"SSH password: (\S+)", text)
        assert again is not None and again.group(1) == first.group(1), text
        conn = await _ana_logs_in(text, first.group(1))
    finally:
        if conn is not None:
            conn.close()
        await _stop(proc)


def _words(screen: str) -> str:
    """The screen's words in one line, whatever box they are wrapped in."""
    return " ".join(re.sub(r"[^\w:()'.,-]+", " ", screen).split())


async def test_a_guest_who_quits_mid_match_is_asked_first_and_told_how_to_sit_back_down():
    """Q (or Ctrl+C) in a match in play ended a guest's SSH session at once, as at the lobby.
    Now it asks, as Escape does, and says what is true over SSH: the host keeps the seat for its
    grace period (``--grace``), and logging in again with the same name sits the guest back
    down; Stay keeps the session, Quit ends it (the terminal given back says it again), and
    logging in again brings the seat back."""
    # Seed 7: Ana leads hand 1, so it waits on her. Dealt at random, the bot led now and then and
    # its first card could leave her nothing to play: the hand ended and its results took the Q.
    proc, text = await _banner("--port", "0", "--seats", "2", "--bots", "1", "--grace", "45",
                               "--ssh", "0", "--ssh-auth", "open", "--seed", "7")
    conns: list[asyncssh.SSHClientConnection] = []

    async def log_in() -> RawTerminal:
        conn = await asyncssh.connect("127.0.0.1", ssh_port, username="ana", password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        conns.append(conn)
        return RawTerminal(conn, await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                                           encoding=None))

    try:
        ssh_port = int(re.search(r"SSH: ssh -p (\d+) NAME@", text).group(1))  # type: ignore[union-attr]
        term = await log_in()
        await term.wait_for("ana (you)")
        term.proc.stdin.write(b"r")  # ready: with the bot, the match starts by itself
        await term.wait_for("hand 1")
        for quit_key in (b"q", b"\x03"):
            term.proc.stdin.write(quit_key)
            await term.wait_for("Quit Deal Me In?")
            await term.pump(0.5)
            said = _words(term.text())
            assert "ends your SSH session" in said, term.text()
            assert "keeps your seat for 45 seconds" in said and "log in again as ana" in said, term.text()
            term.proc.stdin.write(b"n")  # Stay
            await term.pump(1.0)
            assert not term.ended and "Quit Deal Me In?" not in term.text()
        term.proc.stdin.write(b"q")
        await term.wait_for("Quit Deal Me In?")
        term.proc.stdin.write(b"y")  # Quit
        await term.until_closed(15)
        assert term.proc.exit_status == 0
        # and says it again on the terminal given back, where it stays once the session ends
        said = b"The host keeps your seat for 45 seconds, a bot playing it meanwhile: log in again as ana " \
               b"from the same address to sit back down."
        assert said in term.raw.rpartition(ALT_OFF)[2], bytes(term.raw[-400:])
        # as a line: the client's raw terminal moves to the next line's start only on CR LF
        assert said + b"\r\n" in term.raw.rpartition(ALT_OFF)[2], bytes(term.raw[-400:])
        again = await log_in()
        await again.wait_for("deals hand 1")  # back in the seat, mid-match, not watching
        assert "watching" not in again.text().lower()
    finally:
        for conn in conns:
            conn.close()
        await _stop(proc)


@pytest.mark.parametrize("then", [(), ("--ssh", "0", "--ssh-auth", "open")], ids=["no-ssh", "open-ssh"])
async def test_a_resume_without_password_ssh_forgets_the_saved_ssh_password(then):
    """The save keeps the SSH password of a run that served password logins; a resume without
    SSH, or with another login, forgets it, so the app's own resume of that table does not
    open SSH again with a password its host moved away from."""
    import socket

    from net.savefile import read_save, save_path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc, made_up_text = await _banner("--port", str(port), "--seats", "2", "--ssh", "0")
    made_up = re.search(r"SSH password: (\S+)", made_up_text)
    await _stop(proc)
    assert made_up is not None and read_save(save_path(port)).state["config"]["ssh_password"] == made_up.group(1)
    proc, text = await _banner("--port", str(port), "--resume", *then)
    try:
        await wait_until(lambda: read_save(save_path(port)).state["config"]["ssh_password"] is None, 10,
                         "the SSH password forgotten")
        # the door kept is the one this run serves: none without SSH (said, with the way to open
        # it again), its open login with one
        first_door = re.search(r"SSH: ssh -p (\d+) ", made_up_text)
        assert first_door is not None
        said = (f"SSH: not served this time; the table had it on port {first_door.group(1)} "
                f"(--ssh {first_door.group(1)} serves it there again)")
        assert (said in text) == (not then), text
        ssh_port = re.search(r"SSH: ssh -p (\d+) ", text)
        door = read_save(save_path(port)).state["config"]["ssh_door"]
        assert door == (ssh_port and {"port": int(ssh_port.group(1)), "auth": "open", "keys": None}), text
    finally:
        await _stop(proc)


async def test_a_headless_host_under_nohup_outlives_its_terminal() -> None:
    """``nohup dealmein host --headless ...``: the host put its own SIGHUP handler in place of the
    ignore nohup had set, so logging out closed the table and sent every player home. Started
    with SIGHUP ignored, it keeps serving through one; SIGTERM still closes it."""
    from net.protocol import FrameReader, decode_body

    proc, text = await _banner("--port", "0", under=("nohup",))
    try:
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        proc.send_signal(signal.SIGHUP)
        await asyncio.sleep(1.0)
        assert proc.returncode is None
        r, w = await asyncio.open_connection("127.0.0.1", port)  # still serving: its challenge comes
        try:
            data = await asyncio.wait_for(r.read(4096), 5)
            assert decode_body(FrameReader().feed(data)[0])["type"] == "challenge"
        finally:
            w.close()
        await _stop(proc)
        assert proc.returncode == 0
    finally:
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
