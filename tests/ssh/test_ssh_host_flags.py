"""``dealmein host --headless --ssh``: mistakes in its SSH flags are refused before anything
starts (one line, status 2), and a port it cannot have at start is one line with status 1,
never a traceback, with nothing left open. Real host processes, or the host's own ``serve`` in
this process, on 127.0.0.1 sockets."""
from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import re
import signal
import socket
import sys
from pathlib import Path

import asyncssh
import pytest

from net.paths import data_dir
from net.savefile import save_path
from net.server import Server
from tui.cmdline import build_parser

from ..net.test_net_host_cli import ROOT
from ..persist.test_kill9 import free_port
from ..persist.test_save_rotation import busy_port
from ..runs import run_to_end

HOST = ("host", "--headless", "--bind", "127.0.0.1", "--no-mdns")


def nothing_started() -> None:
    """No save, no SSH host key: the data folder is as a host that never ran leaves it."""
    folder = data_dir()
    assert not (folder / "saves").exists() or not any((folder / "saves").iterdir())
    assert not (folder / "ssh_host_ed25519_key").exists()


async def test_the_same_port_for_the_table_and_ssh_is_refused_before_anything_starts() -> None:
    """Both on one port used to bind the table's, open SSH on it, then fail with a traceback."""
    port = str(free_port())
    code, out, err = await run_to_end(*HOST, "--port", port, "--ssh", port)
    assert code == 2, err
    assert err == (f"dealmein host: error: argument --ssh: port {port} is the table's --port too; "
                   f"SSH needs a port of its own (--ssh 0 takes any free one)\n")
    assert out == ""
    nothing_started()


KEY = asyncssh.generate_private_key("ssh-ed25519")
PUBLIC = KEY.export_public_key().decode().strip()


@pytest.mark.parametrize(("holds", "says"), [
    (b"", "holds no valid SSH public key: an authorized_keys file holds one public key a line"),
    (b"# nobody yet\n\n", "holds no valid SSH public key"),
    (b"hello world\nssh-ed25519 AAAA not-a-key\n", "holds no valid SSH public key"),
    (b"\xff\xfe\x00\x01 binary", "is not a text file (byte 0 is not UTF-8)"),
    (f'from="10.0.0.1 {PUBLIC}\n'.encode(), "cannot be used as an authorized_keys file: Unbalanced quote in options"),
], ids=["empty", "comments only", "garbage", "binary", "unbalanced quote"])
async def test_an_authorized_keys_file_without_a_usable_key_is_refused_up_front(
        tmp_path: Path, holds: bytes, says: str) -> None:
    """It used to be read only as SSH opened, the host then blaming its port ("cannot serve SSH
    on port 0: No valid entries found", status 1)."""
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(holds)
    code, out, err = await run_to_end(*HOST, "--port", "0", "--ssh", "0", "--ssh-auth", "keys",
                                        "--ssh-keys", str(keys))
    assert code == 2, err
    assert err.startswith(f"dealmein host: error: argument --ssh-keys: {keys} ") and says in err, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert out == ""
    nothing_started()


async def test_a_keys_file_with_one_good_key_among_bad_lines_lets_that_key_in(tmp_path: Path) -> None:
    """The keys read up front are those the SSH door takes: the good key logs in, another not.
    The lines that are no key were passed over without a word (a friend's key pasted with a
    line break in it only ever read "Permission denied"): the host warns of them."""
    keys = tmp_path / "authorized_keys"
    keys.write_text(f"# the host's friends\nnot a key at all\n\n{PUBLIC} ana@laptop\n{PUBLIC[:40]}\n")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", *HOST, "--port", "0", "--ssh", "0", "--ssh-auth", "keys",
        "--ssh-keys", str(keys), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            line = await asyncio.wait_for(proc.stdout.readline(), 30)
            assert line, "\n".join(lines)
            lines.append(line.decode().rstrip())
        found = re.search(r"SSH: ssh -p (\d+) NAME@127\.0\.0\.1  \(keys login\)", "\n".join(lines))
        assert found, lines
        port = int(found.group(1))
        async with asyncssh.connect("127.0.0.1", port, username="ana", client_keys=[KEY], known_hosts=None,
                                    agent_path=None, password=None) as conn:
            assert conn.get_extra_info("username") == "ana"
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", port, username="bo", known_hosts=None, agent_path=None,
                                   client_keys=[asyncssh.generate_private_key("ssh-ed25519")], password=None)
        proc.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 0, err.decode()
        assert err.decode().startswith(f"dealmein host: warning: lines 2, 5 of {keys} are not SSH public keys "
                                       "this host can read; they let nobody in\n"), err.decode()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


# ------------------------------------------------ ports that cannot be had, in this process

def children() -> set[int]:
    """This process's child processes (an SSH app zygote is one)."""
    pid = os.getpid()
    return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def host_args(*words: str) -> argparse.Namespace:
    return build_parser().parse_args([*HOST, *words])


async def hosted(args: argparse.Namespace, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The headless host's ``serve``, which must end by itself: its status, output and errors."""
    from net.host_cli import serve

    out = io.StringIO()
    code = await asyncio.wait_for(serve(args, out, asyncio.Event()), 60)
    return code, out.getvalue(), capsys.readouterr().err


def refused(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


async def test_a_table_port_taken_between_binding_and_listening_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    """The table's port is bound first and listened on once SSH is up too: another program
    that starts listening on it meanwhile (as SSH on the same port did) made ``serve`` fail with
    a traceback. Now one line, status 1; the SSH door it had opened is closed, its app process
    ended, and nothing is saved."""
    rival = socket.socket()
    rival.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    rival.bind(("127.0.0.1", 0))  # bound, not listening yet: the host can bind the port too
    port = rival.getsockname()[1]
    real_serve = Server.serve

    async def rival_first(server: Server) -> None:
        rival.listen()
        await real_serve(server)

    monkeypatch.setattr(Server, "serve", rival_first)
    caplog.set_level(logging.DEBUG, logger="dealmein.ssh")
    before = children()
    try:
        code, out, err = await hosted(host_args("--port", str(port), "--ssh", "0"), capsys)
    finally:
        rival.close()
    assert code == 1, err
    assert err == (f"dealmein host: cannot listen on 127.0.0.1:{port}: the port is in use (another table on this "
                   "machine?): --port N picks another, --port 0 any free one\n")
    assert "Hosting" not in out
    said = re.search(r"ssh listening on 127\.0\.0\.1:(\d+)", caplog.text)
    assert said, caplog.text  # SSH was up when the table's port failed
    assert refused(int(said.group(1)))
    assert children() <= before  # the app zygote SSH started has ended
    assert not save_path(port).exists()


async def test_an_ssh_port_in_use_is_one_line_and_lets_the_table_port_go(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The table's port bound, SSH's taken by another program: one line naming the SSH port,
    status 1; the table's port is free again, no app process is left, nothing is saved."""
    port = free_port()
    with busy_port() as busy:
        ssh = busy.getsockname()[1]
        before = children()
        code, out, err = await hosted(host_args("--port", str(port), "--ssh", str(ssh)), capsys)
        assert code == 1, err
        assert err == (f"dealmein host: cannot serve SSH on port {ssh}: the port is in use (another table on this "
                       "machine?): --ssh N picks another, --ssh 0 any free one\n")
        assert children() <= before
    assert "Hosting" not in out and not save_path(port).exists()
    with socket.socket() as again:  # the table's port was let go
        again.bind(("127.0.0.1", port))
        again.listen()


async def test_a_table_port_in_use_is_one_line_and_opens_no_ssh(capsys: pytest.CaptureFixture[str]) -> None:
    """The table's port taken: one line naming it, status 1, and SSH is never opened (its port
    is free, no app process started)."""
    ssh = free_port()
    with busy_port() as busy:
        port = busy.getsockname()[1]
        before = children()
        code, out, err = await hosted(host_args("--port", str(port), "--ssh", str(ssh)), capsys)
        assert code == 1, err
        assert err == (f"dealmein host: cannot listen on 127.0.0.1:{port}: the port is in use (another table on this "
                       "machine?): --port N picks another, --port 0 any free one\n")
        assert children() <= before
    assert "Hosting" not in out and not save_path(port).exists()
    assert refused(ssh)


async def test_a_resume_whose_port_is_in_use_says_to_free_it_not_to_pick_another(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--resume`` brings the table back on its own port, where its players return: another
    port (which ``--port N picks another`` would suggest) has no save of it and starts a new
    table. The line says to free the port instead. With no table saved there, ``--resume`` makes
    a new one, and the line said "the saved table comes back on that port" after "No saved
    table for port N: starting a new table.": another port does for it."""
    from net.savefile import write_save
    from net.server import Server, TableConfig
    from net.tablestate import table_state

    with busy_port() as busy:
        port = busy.getsockname()[1]
        code, out, err = await hosted(host_args("--port", str(port), "--resume"), capsys)
        assert code == 1, err
        assert "No saved table for port" in out
        assert err.endswith(f"dealmein host: cannot listen on 127.0.0.1:{port}: the port is in use (another table "
                            "on this machine?), and no table is saved for it: --port N picks another\n")
        srv = Server(host="127.0.0.1", port=0)
        table = srv.create_table(TableConfig(name="T", seats=2, seed=2))
        write_save(save_path(port), table_state(table))
        table.close()
        code, out, err = await hosted(host_args("--port", str(port), "--resume"), capsys)
    assert code == 1, err
    assert err.endswith(f"dealmein host: cannot listen on 127.0.0.1:{port}: the port is in use (another table on "
                        "this machine?): the saved table comes back on that port, where its players return: stop "
                        "what holds it and run this command again\n")
    assert "picks another" not in err and "Hosting" not in out
    assert save_path(port).exists(), "the save is left as it is"


async def test_a_data_folder_that_cannot_hold_the_ssh_host_key_is_said_so_not_blamed_on_the_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder's place taken by a file: the table runs unsaved (said), but SSH needs
    its host key kept there; the host said "cannot serve SSH on port 0: [Errno 17] File exists"."""
    taken = tmp_path / "data"
    taken.write_text("not a folder")
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(taken))
    code, out, err = await run_to_end(*HOST, "--port", "0", "--ssh", "0")
    assert code == 1, err
    line = [ln for ln in err.splitlines() if ln.startswith("dealmein host: cannot serve SSH")]
    assert line == [f"dealmein host: cannot serve SSH: its host key cannot be kept in {taken}/ssh_host_ed25519_key: "
                    f"{taken} is a file, not a folder"], err
    assert "Errno" not in err and "port 0" not in err, err


async def test_the_banner_says_the_ssh_login_takes_the_tables_password() -> None:
    """``--password`` with ``--ssh``: the banner gave "(password login)" and the table's password
    apart, never saying the one is the other (the app's invite says it)."""
    from .test_ssh_start_and_end import _banner, _stop

    proc, text = await _banner("--port", "0", "--seats", "2", "--ssh", "0", "--password", "swordfish")
    try:
        assert re.search(r"SSH: ssh -p \d+ NAME@127\.0\.0\.1  \(password login: the table's password\)", text), text
        assert "SSH password:" not in text
    finally:
        await _stop(proc)
    proc, text = await _banner("--port", "0", "--seats", "2", "--ssh", "0")
    try:  # a table without one: the SSH login has one made up, on its own line
        assert re.search(r"SSH: ssh -p \d+ NAME@127\.0\.0\.1  \(password login\)\n", text), text
        assert re.search(r"SSH password: [a-z]+-[a-z]+-\d+", text), text
    finally:
        await _stop(proc)


def test_one_line_that_is_no_key_is_warned_of_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from net.host_cli import check_ssh_flags

    keys = tmp_path / "authorized_keys"
    keys.write_text(f"{PUBLIC}\nssh-ed25519 AAAA truncated@paste\n# ssh-ed25519 an old key, put away\n")
    assert check_ssh_flags(host_args("--port", "0", "--ssh", "0", "--ssh-auth", "keys", "--ssh-keys", str(keys)))
    assert capsys.readouterr().err == (f"dealmein host: warning: line 2 of {keys} is not an SSH public key "
                                       "this host can read; it lets nobody in\n")
    keys.write_text(f"{PUBLIC}\n")
    assert check_ssh_flags(host_args("--port", "0", "--ssh", "0", "--ssh-auth", "keys", "--ssh-keys", str(keys)))
    assert capsys.readouterr().err == ""
