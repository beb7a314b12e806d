"""The SSH front door with a small terminal program as the child (issue: SSH, "How it must
work" and "Security"): pty bridging, environment allowlist, resize, exit status, clean-up,
refusals and authentication. The full-app sessions are in test_ssh_app.py."""
from __future__ import annotations

import asyncio
import logging
import os
import re
import time

import asyncssh
import pytest

from net.ssh_server import FULL_FROM_YOU_MESSAGE, LOCKED_MESSAGE, REFUSALS_HELD, SSHConfig, friendly_password, player_name

from .conftest import connect


async def read_until(proc, pattern: bytes, timeout: float = 10.0) -> bytes:
    buf = b""
    deadline = time.monotonic() + timeout
    while not re.search(pattern, buf):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"did not see {pattern!r} in {buf!r}")
        try:
            chunk = await asyncio.wait_for(proc.stdout.read(4096), left)
        except asyncio.TimeoutError:
            continue
        if not chunk:
            raise AssertionError(f"stream ended before {pattern!r}: {buf!r}")
        buf += chunk
    return buf


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie counts as gone: it has exited
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def wait_gone(pid: int, timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        await asyncio.sleep(0.05)
    return not alive(pid)


async def test_session_runs_child_on_raw_controlling_pty(echo_server):
    server = await echo_server()
    async with connect(server, username="ana") as conn:
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None,
                                         env={"COLORTERM": "truecolor", "PYTHONPATH": "/evil",
                                              "LD_PRELOAD": "/evil.so", "COLUMNS": "5", "LINES": "5"})
        out = await read_until(proc, rb"env .*LANG=\S+")
        # TERM comes from the pty request, size from it too
        assert b"hello ana term=xterm-256color size=100x30 ctty=True echo=False" in out
        # the client's PYTHONPATH never: the child's is where the host's own code is
        from net.ssh_pty import APP_ROOT

        shown = f"COLUMNS=- LINES=- PYTHONPATH={APP_ROOT} LD_PRELOAD=- COLORTERM=truecolor LANG=C.UTF-8"
        assert shown.encode() in out
        proc.stdin.write(b"\x03")  # Ctrl+C is just a byte on a raw pty
        await read_until(proc, rb"keys 03")
        proc.change_terminal_size(120, 40)
        await read_until(proc, rb"resized 120x40")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), 5)
        assert proc.exit_status == 0


async def test_child_exit_status_is_the_session_status(echo_server):
    server = await echo_server()
    async with connect(server) as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(proc, rb"hello")
        proc.stdin.write(b"x")
        await asyncio.wait_for(proc.wait_closed(), 5)
        assert proc.exit_status == 3


async def test_dropped_connection_ends_child_and_its_group(echo_server):
    server = await echo_server()
    conn = await connect(server)
    proc = await conn.create_process(term_type="xterm", encoding=None)
    await read_until(proc, rb"hello")
    proc.stdin.write(b"s")
    out = await read_until(proc, rb"grandchild \d+")
    grandchild = int(re.search(rb"grandchild (\d+)", out).group(1))
    (session,) = server.registry.sessions
    child_pid = session.child.pid
    assert alive(child_pid) and alive(grandchild)
    # drop the TCP connection without a goodbye
    conn._transport.abort()
    assert await wait_gone(child_pid), "child still running 2 s after the drop"
    assert await wait_gone(grandchild), "grandchild still running 2 s after the drop"
    await asyncio.sleep(0.1)
    assert not server.registry.sessions


async def test_server_close_ends_every_child(echo_server):
    server = await echo_server()
    conns, pids = [], []
    for name in ("a", "b"):
        conn = await connect(server, username=name)
        proc = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(proc, rb"hello")
        conns.append(conn)
    pids = [s.child.pid for s in server.registry.sessions]
    assert len(pids) == 2
    await server.close()
    for pid in pids:
        assert await wait_gone(pid)
    for conn in conns:
        conn.close()


async def test_session_without_pty_gets_one_line_and_status_1(echo_server):
    server = await echo_server()
    async with connect(server) as conn:
        proc = await conn.create_process(encoding=None)  # no term_type: no pty request
        out = await asyncio.wait_for(proc.stdout.read(), 5)
        await proc.wait_closed()
        assert out.count(b"\n") == 1 and b"terminal" in out
        assert proc.exit_status == 1


async def test_a_command_is_answered_with_one_line_and_never_run(echo_server, tmp_path):
    server = await echo_server()
    marker = tmp_path / "ran"
    async with connect(server) as conn:
        for term in (None, "xterm"):  # `ssh host cmd` and `ssh -t host cmd`
            proc = await conn.create_process(f"touch {marker}", term_type=term, encoding=None)
            out = await asyncio.wait_for(proc.stdout.read(), 5)
            await proc.wait_closed()
            assert out.count(b"\n") == 1 and b"runs no commands" in out
            assert proc.exit_status == 1
    assert not marker.exists()
    assert not server.registry.sessions or all(s.child is None for s in server.registry.sessions)


async def test_subsystems_are_refused(echo_server):
    server = await echo_server()
    async with connect(server) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="sftp")
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await conn.start_sftp_client()


async def test_forwarding_is_refused(echo_server):
    server = await echo_server()
    async with connect(server) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/tmp/x.sock")
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.start_unix_server(asyncssh.SSHUNIXSession, "/tmp/dealmein-test.sock")


async def test_agent_and_x11_forwarding_refused(echo_server):
    server = await echo_server()
    async with connect(server, agent_forwarding=True) as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None,
                                         x11_forwarding="ignore_failure", x11_display="127.0.0.1:0")
        out = await read_until(proc, rb"env .*LANG")
        (session,) = server.registry.sessions
        assert session.chan.get_agent_path() is None
        assert session.chan.get_x11_display() is None
        assert b"SSH_AUTH_SOCK" not in out and b"DISPLAY" not in out
        proc.stdin.write(b"q")
        await proc.wait_closed()


async def test_wrong_password_is_rejected_and_rate_limited(echo_server):
    server = await echo_server(max_failures=3)
    for _ in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, password="wrong"):
                pass
    # locked out now, even with the right password, and told why
    with pytest.raises(asyncssh.DisconnectError) as refused:
        async with connect(server, password="sesame"):
            pass
    # (the seconds until the address may try again: the window, less what has gone by)
    assert re.fullmatch(LOCKED_MESSAGE.replace("{:g}", "(\\d+)").replace(".", "\\."),
                        refused.value.reason) and 50 <= int(re.findall(r"\d+", refused.value.reason)[0]) <= 60
    assert refused.value.code == asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE


async def test_the_right_password_after_the_lock_on_the_same_connection_is_told_why(echo_server):
    """Wrong passwords on one connection lock its address; the right one typed next, on that
    connection, read a bare "Permission denied": it is told why, as a new connection is."""
    server = await echo_server(max_failures=2)
    tries = iter(["wrong", "wrong", "sesame"])

    class Typist(asyncssh.SSHClient):
        def password_auth_requested(self) -> str | None:
            return next(tries, None)

    with pytest.raises(asyncssh.DisconnectError) as refused:
        async with asyncssh.connect("127.0.0.1", server.port, username="ana", known_hosts=None, client_keys=None,
                                    agent_path=None, client_factory=Typist, preferred_auth="password"):
            pass
    assert refused.value.reason.startswith("Deal Me In: too many wrong passwords from your address; try again in ")
    assert next(tries, None) is None, "the right password was tried"


async def test_an_empty_password_is_refused_and_not_counted(echo_server, caplog):
    """The stock client sends an empty password for Ctrl+D or a bare Enter at its prompt: a login
    given up, refused, logged as no password, and no try counted against the address."""
    server = await echo_server(max_failures=2)
    caplog.set_level(logging.INFO, logger="dealmein.ssh")
    for _ in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, password=""):
                pass
    assert not server.locked_out("127.0.0.1")
    assert "no password given for 'ana'" in caplog.text and "wrong password" not in caplog.text
    async with connect(server, password="sesame"):
        pass


async def test_the_password_is_asked_by_one_method_only(echo_server):
    """Keyboard-interactive is not offered beside the password method: the stock client asked
    for the password by both, so one session's mistypings counted twice towards the lock-out."""
    server = await echo_server(max_failures=3)
    for _ in range(3):  # wrong passwords by keyboard-interactive: refused, never tried, not counted
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, password="wrong", preferred_auth="keyboard-interactive"):
                pass
    assert not server.locked_out("127.0.0.1")
    async with connect(server, password="sesame", preferred_auth="password"):
        pass


async def test_unknown_key_is_rejected(echo_server, tmp_path):
    known = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(known.export_public_key())
    server = await echo_server(auth="keys", password=None, authorized_keys=str(keys))
    with pytest.raises(asyncssh.PermissionDenied):
        async with asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None,
                                    client_keys=[stranger], agent_path=None, password=None):
            pass
    async with asyncssh.connect("127.0.0.1", server.port, username="kim", known_hosts=None,
                                client_keys=[known], agent_path=None) as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(proc, rb"hello kim")
        proc.stdin.write(b"q")
        await proc.wait_closed()


async def test_open_mode_needs_no_password(echo_server):
    server = await echo_server(auth="open", password=None)
    async with connect(server, username="bo", password=None) as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(proc, rb"hello bo")
        proc.stdin.write(b"q")
        await proc.wait_closed()
        assert proc.exit_status == 0


async def test_session_caps_per_address(echo_server):
    server = await echo_server(max_per_address=2)
    a = await connect(server)
    b = await connect(server)
    with pytest.raises(asyncssh.DisconnectError) as refused:
        c = await connect(server)
        c.close()
    assert refused.value.reason.startswith(FULL_FROM_YOU_MESSAGE.format(2))
    assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    a.close()
    b.close()


async def test_refused_connections_held_to_say_why_are_few(echo_server):
    """A refused connection is held through the key exchange to be told why, but an address
    holds few such (``REFUSALS_HELD``): a peer opening connection after connection and never
    logging in is closed at once past them, not held until the login timeout."""
    server = await echo_server(max_per_address=2)
    socks = []
    try:
        for _ in range(12):  # bounded: a version line, then silence
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"SSH-2.0-idle\r\n")
            socks.append((reader, writer))
        await asyncio.sleep(0.5)
        assert len(server.registry.connections) == 2 + REFUSALS_HELD
        closed = 0
        for reader, _writer in socks:
            try:  # the server's version line may come first, then the end of the stream
                closed += await asyncio.wait_for(reader.read(1 << 16), 1.0) == b"" or \
                    await asyncio.wait_for(reader.read(1 << 16), 1.0) == b""
            except ConnectionError:  # or a reset
                closed += 1
            except asyncio.TimeoutError:  # held open
                pass
        assert closed == 12 - 2 - REFUSALS_HELD
    finally:
        for _reader, writer in socks:
            writer.close()


async def test_idle_session_is_dropped(echo_server):
    server = await echo_server(idle_timeout=0.5)
    async with connect(server) as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None)
        out = await read_until(proc, rb"Idle for too long", timeout=10)
        assert b"hello" in out
        await asyncio.wait_for(proc.wait_closed(), 5)
    assert not server.registry.sessions


def test_config_and_names():
    assert SSHConfig(auth="password").password  # a password is made when none is given
    assert re.fullmatch(r"[a-z]+-[a-z]+-\d\d", friendly_password())
    assert player_name("ana\x1b[2J\x07") == "ana[2J"
    assert player_name("") == "guest"
    # a name that would show nothing (blank letters, combining marks alone) is "guest" too: the
    # tables seated it as "Player" while the guest's own app showed it blank
    for blank in ("\u3164", "\u2800\u2800", "\u0301", "\u115f \u1160"):
        assert player_name(blank) == "guest", repr(blank)
    assert player_name("Zoe\u0301") == "Zoe\u0301"  # a mark on a letter shows
    assert len(player_name("x" * 100)) == 24
    with pytest.raises(ValueError):
        SSHConfig(auth="anything")
    with pytest.raises(ValueError):
        SSHConfig(auth="keys")


def test_host_key_is_made_once_with_mode_0600(tmp_path):
    from net.ssh_keys import fingerprint, load_or_create_host_key

    path = tmp_path / "data" / "ssh_host_ed25519_key"
    first = load_or_create_host_key(path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    again = load_or_create_host_key(path)
    assert fingerprint(first) == fingerprint(again)
    assert fingerprint(first).startswith("SHA256:")


async def test_sessions_are_capped_per_address_on_one_connection_too(echo_server):
    """One login opening session after session on its connection gets as many as the cap per
    address, no more: it cannot take every session the host serves."""
    server = await echo_server(max_per_address=2)
    async with connect(server) as conn:
        procs = []
        for _ in range(2):
            proc = await conn.create_process(term_type="xterm", encoding=None)
            await read_until(proc, rb"hello")
            procs.append(proc)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", encoding=None)
        assert len(server.registry.sessions) == 2
        for proc in procs:
            proc.stdin.write(b"q")
            await proc.wait_closed()


def test_look_alike_names_keep_settings_apart():
    from net.ssh_host import player_dir

    pairs = [("a b", "a_b"), ("Zoë", "Zoé"), ("名前", "日本")]
    for one, other in pairs:
        assert player_dir(one) != player_dir(other)
    assert player_dir("ana").name == "ana"  # a plain name keeps the folder it always had
    assert player_dir("Zoë") == player_dir("Zoë")  # and every name the same one each visit
