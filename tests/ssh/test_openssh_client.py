"""The stock OpenSSH client against our server (issue: SSH, "Tests"): ``ssh -tt`` under tmux on
a private socket, so a real terminal sits on the client side too."""
from __future__ import annotations

import asyncio
import shutil
import subprocess
import time

import pytest

pytestmark = pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")),
                                reason="needs the OpenSSH client and tmux on this machine")


def tmux(sock: str, *args: str) -> str:
    return subprocess.run(["tmux", "-S", sock, *args], capture_output=True, text=True, timeout=10).stdout


async def wait_pane(sock: str, text: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(sock, "capture-pane", "-p", "-t", "t")
        if text in screen:
            return screen
        await asyncio.sleep(0.1)
    raise AssertionError(f"{text!r} never showed; screen was:\n{screen}")


async def test_openssh_client_gets_a_session(echo_server, tmp_path):
    server = await echo_server(auth="open", password=None)
    sock = str(tmp_path / "tmux.sock")  # a socket of its own, which pytest clears with the rest of tmp_path
    cmd = (f"ssh -tt -p {server.port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
           f"-o LogLevel=ERROR -o PubkeyAuthentication=no -F /dev/null zoe@127.0.0.1")
    subprocess.run(["tmux", "-S", sock, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "90", "-y", "25", cmd],
                   check=True, timeout=10, env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
                                                "HOME": str(tmp_path)})
    try:
        screen = await wait_pane(sock, "hello zoe")
        assert "size=90x25" in screen and "ctty=True" in screen
        tmux(sock, "send-keys", "-t", "t", "a")
        await wait_pane(sock, "keys 61")
        tmux(sock, "resize-window", "-t", "t", "-x", "100", "-y", "30")
        await wait_pane(sock, "resized 100x30")
        tmux(sock, "send-keys", "-t", "t", "q")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and server.registry.sessions:
            await asyncio.sleep(0.1)
        assert not server.registry.sessions
    finally:
        subprocess.run(["tmux", "-S", sock, "kill-server"], capture_output=True, timeout=10)


async def test_openssh_client_asking_for_a_command_reads_why_nothing_ran(echo_server, tmp_path):
    server = await echo_server(auth="open", password=None)
    marker = tmp_path / "ran"
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes", "-F", "/dev/null",
        "zoe@127.0.0.1", f"touch {marker}", stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    out, err = await asyncio.wait_for(proc.communicate(), 15)
    assert proc.returncode == 1, (out, err)
    assert b"runs no commands" in out and b"Session request failed" not in err
    assert not marker.exists()


async def test_openssh_client_refused_for_wrong_passwords_reads_why(echo_server, tmp_path):
    """An address locked out after wrong passwords is told so by the stock client, in words
    (closed before the key exchange, it printed only "banner exchange: invalid format")."""
    server = await echo_server(max_failures=1)
    server.record_failure("127.0.0.1")
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes", "-F", "/dev/null",
        "zoe@127.0.0.1", stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    out, err = await asyncio.wait_for(proc.communicate(), 15)
    assert proc.returncode == 255, (out, err)
    assert b"too many wrong passwords from your address" in err and b"banner exchange" not in err, err


async def test_a_connection_that_opens_no_session_is_closed_and_told_why(echo_server, tmp_path):
    """``ssh -N`` (or a client's master connection left behind) logs in and opens no session: it
    held a place in its address's cap for good, and four of them kept that address's guests out.
    It is closed once ``session_wait`` passes, the client told why."""
    server = await echo_server(auth="open", password=None, session_wait=1.0, max_per_address=1)
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-N", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes", "-F", "/dev/null", "zoe@127.0.0.1",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    started = time.monotonic()
    out, err = await asyncio.wait_for(proc.communicate(), 15)
    assert time.monotonic() - started < 8
    assert b"opened no session in 1 s" in err, err
    assert server.registry.per_address["127.0.0.1"] == 0  # its place in the cap is free again


async def test_a_frozen_client_is_dropped_after_its_keepalives_go_unanswered(echo_server, tmp_path):
    """A guest whose machine froze or left the network (here its ssh client stopped with
    SIGSTOP, outside tmux, which would start it again): the app it runs on the host answers the
    table, so only the SSH connection can tell, and it took about two minutes (keepalives every
    30 s). Three unanswered ones now end it."""
    import os
    import signal

    server = await echo_server(auth="open", password=None, keepalive=1.0)
    proc = subprocess.Popen(
        ["ssh", "-tt", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no", "-F", "/dev/null", "zoe@127.0.0.1"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TERM": "xterm-256color"})
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not server.registry.sessions:
            await asyncio.sleep(0.1)
        assert server.registry.sessions
        os.kill(proc.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        deadline = stopped + 15
        while time.monotonic() < deadline and server.registry.sessions:
            await asyncio.sleep(0.1)
        assert not server.registry.sessions, "the frozen client's session still held"
        assert time.monotonic() - stopped >= 2  # not before three keepalives went unanswered
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.kill()
        proc.wait(10)


@pytest.mark.parametrize("name", ["\U0001f0cfAce", "\u0645\u062d\u0645\u062f Ali", "\uff21\uff22\uff23"],
                         ids=["emoji", "both directions", "full width"])
async def test_a_login_name_of_any_script_logs_in_as_typed(echo_server, tmp_path, name):
    """asyncssh read login names through SASLprep, made for passwords: the stock client's guest
    "🃏Ace" was disconnected with "Unassigned character: '\\360\\237\\203\\217'", "محمد Ali" with
    "Both RandALCat and LCat characters present", and "ＡＢＣ" sat down as "ABC", where joining by
    address keeps it. Each logs in and is greeted by the name typed."""
    server = await echo_server(auth="open", password=None)
    sock = str(tmp_path / "tmux.sock")
    cmd = (f"ssh -tt -p {server.port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
           f"-o LogLevel=ERROR -o PubkeyAuthentication=no -F /dev/null -l '{name}' 127.0.0.1")
    subprocess.run(["tmux", "-S", sock, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "90", "-y", "25", cmd],
                   check=True, timeout=10, env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": str(tmp_path),
                                                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    try:
        await wait_pane(sock, f"hello {name} ")
    finally:
        subprocess.run(["tmux", "-S", sock, "kill-server"], capture_output=True, timeout=10)
