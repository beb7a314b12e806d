"""``dealmein host --headless`` as a real process on 127.0.0.1: serves, prints, stops cleanly."""
from __future__ import annotations

import argparse
import asyncio
import re
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from net.client import ConnectError, TableClient
from net.paths import data_dir
from net.server import Server, TableConfig

from .table_helpers import next_update, wait_until

#: the checkout these tests belong to: ``-m tui`` runs its code, not another installed copy's
ROOT = Path(__file__).resolve().parents[2]


async def start_host(*extra: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    return await run_dealmein("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--no-mdns", *extra)


async def run_dealmein(*args: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    """``dealmein ARGS`` started, and its banner read up to the line that asks for Ctrl+C."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    lines: list[str] = []
    assert proc.stdout is not None
    while not lines or not lines[-1].startswith("Press Ctrl+C"):
        line = await asyncio.wait_for(proc.stdout.readline(), 20)
        if not line:
            break
        lines.append(line.decode().strip())
    return proc, lines


async def sits_first(port: int) -> None:
    """A player joins the table on ``port`` and sits in its first seat: the table serves."""
    c = await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False, timeout=5.0)
    assert c.seat == 0
    await c.close()


async def interrupted(proc: asyncio.subprocess.Process) -> bytes:
    """Ctrl+C to a host started with ``run_dealmein``: what it said on standard error."""
    proc.send_signal(signal.SIGINT)
    _, err = await asyncio.wait_for(proc.communicate(), 20)
    return err


async def test_a_headless_host_takes_its_password_from_a_file(tmp_path: Path) -> None:
    """``--password-file``: the file's first line is the table's password, kept off the command
    line (every user's process list shows it); the host's own terminal prints it as it does
    for ``--password``, a player needs it to join, and nowhere in the process's arguments is it."""
    path = tmp_path / "pw"
    path.write_text("correct horse\r\n")
    proc, lines = await start_host("--password-file", str(path))
    try:
        text = "\n".join(lines)
        assert "Table password: correct horse" in text
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        assert b"correct horse" not in Path(f"/proc/{proc.pid}/cmdline").read_bytes()
        with pytest.raises(ConnectError) as refused:
            await TableClient.connect("127.0.0.1", port, name="Eve", password="wrong", reconnect=False)
        assert refused.value.code == "bad_password"
        c = await TableClient.connect("127.0.0.1", port, name="Ana", password="correct horse", reconnect=False)
        assert c.seat is not None
        await c.close()
    finally:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.communicate(), 10)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
async def test_headless_host_serves_and_closes_on_signal(sig: signal.Signals) -> None:
    proc, lines = await start_host("--game", "ninety-nine", "--seats", "3", "--bots", "2",
                                   "--bot-level", "easy", "--password", "pw", "--option", "chips=4",
                                   "--option", "draw=manual", "--turn-time", "30")
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        assert f"Players join with: dealmein join 127.0.0.1:{port}" in text
        assert "Table password: pw" in text
        assert "Options: --option chips=4 --option draw=manual" in text
        assert "Turn clock: 30 s a move, then a bot finishes the turn (--turn-time 30)" in text
        key = re.search(r"Host key \(.*\): (\S+)", text).group(1)  # type: ignore[union-attr]
        # the banner says how that key is used, and how the table comes back: each as it runs
        assert f"that player joins with: dealmein join 127.0.0.1:{port} --host-key {key}" in text
        assert re.fullmatch(r"[0-9a-f]{32}", key), key  # never a "-" first, which reads as a flag
        assert f"(dealmein host --headless --resume --port {port} --bind 127.0.0.1 --no-mdns brings it back)" in text
        assert "3 seats, 2 bots" in text
        c = await TableClient.connect("127.0.0.1", port, name="Ana", password="pw", host_key=key,
                                      reconnect=False)
        assert c.seat == 0 and c.is_host
        seats = c.lobby["seats"]  # type: ignore[index]
        assert [s["bot"] for s in seats] == [None, "easy", "easy"]
        assert c.lobby["game"] == "ninety-nine" and c.lobby["turn_time"] == 30  # type: ignore[index]
        await c.start()
        await wait_until(lambda: c.view is not None, what="the match on the headless host")
        assert c.view["options"]["chips"] == 4 and c.view["options"]["draw"] == "manual"  # --option
        proc.send_signal(sig)
        bye = await next_update(c, "bye")
        assert "closed" in bye["reason"]
        out, err = await asyncio.wait_for(proc.communicate(), 10)
        assert proc.returncode == 0, err.decode()
        assert "Table closed." in out.decode()
        await c.close()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_ctrl_c_says_whom_it_cut_off_and_how_to_resume() -> None:
    """Ctrl+C on a headless host with a player at the table and a seat held for one who
    dropped: the terminal says the table is closing, whom that disconnects and whose seat was
    only held, where the match was saved and the command that brings it back (and that command
    does); the player's app is told goodbye and stops rather than retrying; exit status 0, as
    for every clean stop."""
    proc, lines = await start_host("--seats", "2", "--bot-delay", "0", "--grace", "300")
    clients: list[TableClient] = []
    again = None
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        key = re.search(r"Host key \(.*\): (\S+)", text).group(1)  # type: ignore[union-attr]
        # Ana's client retries after a drop, as the app's does: only a goodbye stops it
        ana = await TableClient.connect("127.0.0.1", port, name="Ana", host_key=key, timeout=5.0)
        clients.append(ana)
        bo = await TableClient.connect("127.0.0.1", port, name="Bo", reconnect=False, timeout=5.0)
        clients.append(bo)
        await bo.ready()
        await wait_until(lambda: all(s["ready"] for s in (ana.lobby or {})["seats"][1:]), what="Bo ready")
        await ana.start()
        await wait_until(lambda: ana.view is not None, what="the match")
        bo.drop_connection()  # no goodbye: his seat is held for him
        await wait_until(lambda: not (ana.lobby or {})["seats"][1]["connected"], what="Bo's seat held")

        proc.send_signal(signal.SIGINT)
        seen: list[dict[str, Any]] = []

        async def read_to_the_end() -> None:
            async for u in ana.updates():
                seen.append(u)
        await asyncio.wait_for(read_to_the_end(), 10)  # ends only once the client gives up
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 0, err.decode()
        said = out.decode().splitlines()
        assert said[0] == ("Closing the table (Ctrl+C): 2 players were seated; disconnecting 1 (Ana in seat 1); "
                           "1 had dropped, seat held (Bo in seat 2).")
        save = data_dir() / "saves" / f"table-{port}.save"
        resume = f"dealmein host --headless --resume --port {port} --bind 127.0.0.1 --no-mdns --grace 300 --bot-delay 0"
        # the seconds the command's --grace gives (it said 120 by default, whatever the flag)
        assert said[1] == (f"Saved to {save} (match in play, hand 1): {resume} brings it back, holding each "
                           f"player's seat for 300 seconds while they join again.")
        assert said[2:] == ["Table closed."]
        assert save.exists()
        assert [u for u in seen if u["type"] == "bye"] == [{"type": "bye", "reason": "the host closed the table"}]
        assert seen[-1] == {"type": "connection", "state": "closed", "reason": "the host closed the table"}
        assert not any(u["type"] == "connection" and u["state"] == "reconnecting" for u in seen)

        # what it said is so: the command brings the match back, and Ana's seat with it
        again, lines = await run_dealmein(*resume.split()[1:])  # the command as said
        assert f'Resumed "Deal Me In table" from {save} (match in play, hand 1)' in lines
        back = await TableClient.connect("127.0.0.1", port, name="Ana", token=ana.token, reconnect=False,
                                         timeout=5.0)
        clients.append(back)
        assert back.seat == 0
        await wait_until(lambda: back.view is not None, what="the match, resumed")
    finally:
        for c in clients:
            await c.close()
        for p in (proc, again):
            if p is not None and p.returncode is None:
                p.kill()
                await p.wait()


async def test_headless_host_refuses_bad_arguments() -> None:
    proc, lines = await start_host("--bots", "9")
    out, err = await asyncio.wait_for(proc.communicate(), 10)
    assert proc.returncode == 2 and "--bots" in err.decode()
    proc, lines = await start_host("--preset", "nonsense")
    out, err = await asyncio.wait_for(proc.communicate(), 10)
    assert proc.returncode == 2 and "nonsense" in err.decode()


async def test_a_headless_host_outlives_the_reader_of_its_banner() -> None:
    """``dealmein host --headless | head -1``: once the reader of standard output has gone,
    the table still serves, says goodbye to its players and exits 0 without a traceback."""
    import os

    read, write = os.pipe()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--no-mdns",
        stdout=write, stderr=asyncio.subprocess.PIPE)
    os.close(write)
    try:
        banner = b""
        loop = asyncio.get_running_loop()
        while b"Address: 127.0.0.1:" not in banner or not banner.endswith(b"\n"):  # bounded by the wait
            chunk = await asyncio.wait_for(loop.run_in_executor(None, os.read, read, 4096), 20)
            assert chunk, banner
            banner += chunk
        port = int(re.search(rb"Address: 127\.0\.0\.1:(\d+)", banner).group(1))  # type: ignore[union-attr]
        os.close(read)  # the reader goes away
        read = -1
        c = await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False)
        assert c.seat == 0
        proc.send_signal(signal.SIGTERM)  # "Table closed." now goes to a closed pipe
        bye = await next_update(c, "bye")
        assert "closed" in bye["reason"]
        _, err = await asyncio.wait_for(proc.communicate(), 10)
        assert proc.returncode == 0, err.decode()
        assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
        await c.close()
    finally:
        if read != -1:
            os.close(read)
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_the_address_line_names_a_wildcard_bind_in_words() -> None:
    """docs/discovery.md: the banner never shows 0.0.0.0 as an address."""
    from net.host_cli import address_line

    assert address_line("0.0.0.0", 7098) == "Address: every IPv4 interface, port 7098"
    assert address_line("::", 7098) == "Address: every interface, port 7098"
    assert address_line("127.0.0.1", 7098) == "Address: 127.0.0.1:7098"
    assert address_line("::1", 7098) == "Address: [::1]:7098"


async def test_a_table_of_bots_alone_says_the_host_key_starts_it() -> None:
    """``--bots 4 --seats 4``: a watcher was told the match starts by itself once everyone is
    ready, and it never did (no player to be ready); now the banner, the lobby and the chat say
    that whoever joined with the host key starts it, and that player, only watching, does."""
    proc, lines = await start_host("--seats", "4", "--bots", "4", "--bot-delay", "0")
    watcher = None
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        key = re.search(r"Host key \(.*\): (\S+)", text).group(1)  # type: ignore[union-attr]
        note = "Every seat is a bot, so nothing starts by itself: whoever joined with the host key starts the match."
        assert note in lines
        watcher = await TableClient.connect("127.0.0.1", port, name="Cy", reconnect=False)
        assert watcher.seat is None
        assert watcher.lobby["start"] == "host" and watcher.lobby["start_note"] == note  # type: ignore[index]
        said = await next_update(watcher, "chat", pred=lambda u: bool(u.get("system")))
        assert said["text"] == note and "ready" not in said["text"]
        await watcher.close()
        watcher = await TableClient.connect("127.0.0.1", port, name="Ana", host_key=key, reconnect=False)
        assert watcher.seat is None and watcher.is_host
        await watcher.start()
        await wait_until(lambda: watcher is not None and (watcher.lobby or {}).get("status") != "lobby",
                         what="the match the key's holder started")
    finally:
        if watcher is not None:
            await watcher.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_the_resume_command_brings_the_table_back_as_it_was_served() -> None:
    """The address it listened on and its SSH door, which a resume without ``--ssh`` does not
    open (its SSH guests could not get back in)."""
    from net.host_cli import resume_command

    plain = argparse.Namespace(bind="0.0.0.0", ssh=None, ssh_auth="password", ssh_keys=None)
    assert resume_command(7098, plain) == "dealmein host --headless --resume --port 7098"
    ssh = argparse.Namespace(bind="127.0.0.1", ssh=0, ssh_auth="keys", ssh_keys=Path("/k/authorized keys"),
                             host_no_mdns=True)
    assert resume_command(7098, ssh, 2222) == ("dealmein host --headless --resume --port 7098 --bind 127.0.0.1 "
                                               "--no-mdns --ssh 2222 --ssh-auth keys --ssh-keys '/k/authorized keys'")
    relative = argparse.Namespace(bind="0.0.0.0", ssh=0, ssh_auth="keys", ssh_keys=Path("keys"), no_mdns=False)
    assert resume_command(7098, relative, 2222).endswith(f"--ssh-keys {Path('keys').resolve()}")
    # a table advertised on some interfaces only (``--interface``, given before ``host`` or
    # after it) is advertised on them again
    from tui.cmdline import build_parser

    for argv in (["--interface", "127.0.0.1", "host", "--headless"], ["host", "--headless", "--interface", "127.0.0.1"]):
        args = build_parser().parse_args(argv)
        assert resume_command(7098, args) == "dealmein host --headless --resume --port 7098 --interface 127.0.0.1", argv


def test_a_saved_ssh_door_is_opened_again_by_its_port_and_login() -> None:
    """What a table resumed without SSH says opens its door again: an open door's players were
    asked for a password they never had when told ``--ssh`` alone."""
    from net.host_cli import door_flags
    from net.tableconfig import SSHDoor

    assert door_flags(SSHDoor(7711, "password")) == "--ssh 7711"
    assert door_flags(SSHDoor(7711, "open")) == "--ssh 7711 --ssh-auth open"
    assert door_flags(SSHDoor(2222, "keys", "/k/authorized keys")) == \
        "--ssh 2222 --ssh-auth keys --ssh-keys '/k/authorized keys'"


async def test_a_table_nobody_sat_at_is_saved_without_seats_to_hold(tmp_path: Path) -> None:
    from net.host_cli import saved_text

    srv = Server(host="127.0.0.1", port=0)
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    srv.autosave(table, tmp_path / "t.save")
    saved = (await srv.close())[table.id]
    assert saved_text(table, saved, "CMD") == f"Saved to {tmp_path / 't.save'} (lobby): CMD brings it back."


async def test_a_headless_host_on_the_loopback_says_once_that_it_is_advertised_and_where_ssh_listens() -> None:
    """With mDNS on (bound to 127.0.0.1, so its adverts stay on the loopback), the banner says
    where the table is advertised, and the running log does not say it again beside it; nor
    does it say again where SSH listens and its key's fingerprint (before the banner, it did)."""
    proc, lines = await run_dealmein("host", "--headless", "--bind", "127.0.0.1", "--port", "0",
                                     "--ssh", "0", "--ssh-auth", "open")
    try:
        advertised = [line for line in lines if line.startswith("Advertised on the LAN as ")]
        assert len(advertised) == 1 and "_dealmein._tcp.local." in advertised[0], lines
        fingerprint = next(line for line in lines if line.startswith("SSH host key fingerprint: "))
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = await asyncio.wait_for(proc.communicate(), 10)
    assert proc.returncode == 0
    assert "advertising" not in err.decode(), err.decode()
    assert "ssh listening" not in err.decode() and fingerprint.split()[-1] not in err.decode(), err.decode()


async def test_a_host_whose_save_cannot_be_written_says_so_as_it_opens() -> None:
    """The first save is written as the table opens: where it cannot be (a read-only data
    folder, a file where its folder should be), the banner says the table runs unsaved, not
    where its save is; the table still serves."""
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "saves").write_text("a file where the saves folder should be")
    proc, lines = await start_host("--bots", "1", "--seats", "2")
    try:
        port = int(re.search(r"127\.0\.0\.1:(\d+)", "\n".join(lines)).group(1))  # type: ignore[union-attr]
        autosave = [line for line in lines if line.startswith("Autosave:")]
        assert autosave == [f"Autosave: none, table-{port}.save could not be written ({data_dir() / 'saves'} is a "
                            "file where a folder should be): the table runs unsaved, and cannot be brought back "
                            f"after a crash or Ctrl+C until {data_dir() / 'saves'} can be written to"]
        await sits_first(port)
    finally:
        err = await interrupted(proc)
    assert b"warning: table-" in err and b"the table runs unsaved" in err


def test_the_host_keys_join_line_runs_as_printed_whatever_the_key() -> None:
    """A key of an older save began with "-" (``--host-key -N6X...``): argparse took it for a
    flag and the printed line failed; the line reads back through the app's own parser."""
    import shlex

    from net.host_cli import host_key_join
    from tui.cmdline import build_parser

    for key in ("-N6XxNwOEhi-L42oJmi29A", "0f3a" * 8, "--help"):
        line = host_key_join("127.0.0.1:7098", key)
        args = build_parser().parse_args(shlex.split(line)[1:])
        assert (args.command, args.address, args.host_key) == ("join", "127.0.0.1:7098", key), line


async def saved_then_resumed(first: list[str], again: list[str]) -> str:
    """A headless host started with ``first`` (its port one of its own), closed with Ctrl+C,
    then ``--resume``d on that port with ``again``: the resumed banner, the host closed after."""
    from tests.net.table_helpers import free_port

    port = str(free_port())
    proc, lines = await run_dealmein("host", "--headless", "--port", port, "--no-mdns", *first)
    try:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.communicate(), 15)
        proc, lines = await run_dealmein("host", "--headless", "--resume", "--port", port, "--no-mdns", *again)
        return "\n".join(lines)
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(proc.communicate(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def test_a_resume_without_bind_keeps_the_address_the_table_was_kept_to() -> None:
    """``--resume --port P``, the README's form: a table kept to 127.0.0.1 came back on every
    interface, without a word, though its save says where it listened (the app's Resume keeps
    it). The save's address holds unless --bind says another."""
    banner = await saved_then_resumed(["--bind", "127.0.0.1"], [])
    assert re.search(r"^Address: 127\.0\.0\.1:\d+$", banner, re.M), banner


async def test_a_resumed_banner_names_no_flag_that_resume_refuses() -> None:
    """The banner gives a new table's options, clock and seed as the flags that set them, to use
    again; a resumed table's read "(--turn-time 20)", which ``--resume`` refuses (the save holds
    them)."""
    first = ["--bind", "127.0.0.1", "--game", "ninety-nine", "--option", "chips=4", "--turn-time", "20",
             "--seed", "7"]
    banner = await saved_then_resumed(first, [])
    assert "Options: chips=4" in banner and "Turn clock: 20 s a move, then a bot finishes the turn" in banner, banner
    assert "Dealt from seed 7: anyone who knows it can work out the hands" in banner
    assert "--option" not in banner and "--turn-time" not in banner and "(--seed" not in banner


async def test_a_resume_serving_ssh_again_keeps_the_doors_login(tmp_path: Path) -> None:
    """``--resume --port P --ssh Q`` of a table whose door took keys: it came back a password
    login with a new password, without a word. The saved login and authorized_keys file hold
    unless --ssh-auth says another."""
    from tests.ssh.test_ssh_host_flags import PUBLIC

    keys = tmp_path / "authorized_keys"
    keys.write_text(f"{PUBLIC}\n")
    banner = await saved_then_resumed(["--bind", "127.0.0.1", "--ssh", "0", "--ssh-auth", "keys", "--ssh-keys", str(keys)],
                                      ["--ssh", "0"])
    assert "(keys login)" in banner and "password" not in banner.lower(), banner


async def test_a_file_in_the_place_of_a_save_is_kept_and_not_called_a_saved_table() -> None:
    """A new table on a port whose save holds no table (bytes of something else): the file is
    kept beside, as a played table's save is, and said as what it is, where the banner said
    "The table saved for this port was kept as ..." of a table there never was."""
    from net.savefile import save_path

    from .table_helpers import free_port

    port = free_port()
    path = save_path(port)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00not a save\xff" * 8)
    proc, lines = await run_dealmein("host", "--headless", "--bind", "127.0.0.1", "--port", str(port), "--no-mdns")
    try:
        kept = path.with_name(path.name + ".previous")
        assert f"The file in the place of this port's save, which holds no table this version reads, was kept as " \
               f"{kept}." in lines, lines
        assert not any("The table saved for this port" in line for line in lines)
        assert kept.read_bytes() == b"\x00not a save\xff" * 8
    finally:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.communicate(), 20)


@pytest.mark.parametrize("given, kept", [("x" * 60, "x" * 40), ("", "Deal Me In table"), ("Ana's table", None)])
async def test_a_name_the_table_does_not_keep_as_given_is_said(given: str, kept: str | None) -> None:
    """``--name`` of 60 letters was cut to 40, and an empty one became "Deal Me In table",
    without a word, where a player's name cut is said."""
    proc, lines = await start_host("--name", given)
    try:
        text = "\n".join(lines)
        assert f'Hosting "{kept or given}"' in text, text
        assert ("The name given is not the table's" in text) == (kept is not None), text
    finally:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.communicate(), 20)


async def test_a_headless_host_whose_output_cannot_be_written_says_so_and_serves_on() -> None:
    """``dealmein host --headless > /dev/full``: the banner, the host key in it, was lost without
    a word; standard error says so once, and the table serves on."""
    from .table_helpers import free_port

    port = free_port()
    with open("/dev/full", "w") as full:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--port", str(port),
            "--no-mdns", stdout=full, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stderr is not None
        line = await asyncio.wait_for(proc.stderr.readline(), 20)
        assert line.decode().strip() == ("dealmein host: its output could not be written (No space left on "
                                         "device): the table serves on, and what it says from now on is lost")
        await sits_first(port)
    finally:
        err = await interrupted(proc)
    assert b"Traceback" not in err, err.decode()
