"""How a headless host ends: it never claims a save it did not make, Ctrl+C during its start-up
stops it in one line, and the command it gives to resume brings the table back running as it ran.

Saves are made to fail for real: a folder where the save's temporary file goes (the write
fails, the save before it stays whole), a file where the saves folder should be (nothing can be
written: tests run as root, whom a read-only folder would not stop), or a lease held on the
temporary file (opening it to write waits until the lease is let go, as a hung disk would)."""
from __future__ import annotations

import asyncio
import fcntl
import os
import re
import shlex
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Callable, TypeVar

from net.client import TableClient
from net.host_cli import RUN_OPTIONS, SSH_OPTIONS, STOPPED_EARLY, Signals, resume_command, saved_text
from net.paths import data_dir
from net.savefile import read_save, save_path
from net.server import Server, TableConfig
from net.tablestate import restore_saved
from tui.cli import HOST_STOPPED_EARLY, build_parser

from .table_helpers import free_port
from .test_net_host_cli import ROOT, run_dealmein, start_host

T = TypeVar("T")


def temp_file(path: Path, pid: int) -> Path:
    """Where process ``pid`` writes the next save of ``path`` before it renames it into place."""
    return path.with_name(f".{path.name}.{pid}.tmp")


async def wait_for_file(path: Path, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} was never written"
        await asyncio.sleep(0.01)


# ---------------------------------------------------------------- a save that was not made

async def test_a_last_save_that_fails_is_not_called_saved_and_the_last_good_one_is_named() -> None:
    """The table is saved at start; then its saves fail. Ctrl+C no longer says "Saved to": it
    says the last state was not saved and why, names the last good save with the command that
    brings it back (to the state it holds, from before Ana sat down), and exits with status 1."""
    proc, lines = await start_host("--seats", "2")
    ana = None
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        save = save_path(port)
        await wait_for_file(save)  # the table's first save, written whole
        temp_file(save, proc.pid).mkdir()  # every later save fails to open its temporary file
        ana = await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False, timeout=5.0)
        assert ana.seat == 0  # told only once the save that holds her seat was tried

        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        said = out.decode().splitlines()
        assert proc.returncode == 1, err.decode()
        assert said[0] == "Closing the table (Ctrl+C): 1 player was seated; disconnecting 1 (Ana in seat 1)."
        resume = f"dealmein host --headless --resume --port {port} --bind 127.0.0.1 --no-mdns"
        assert re.fullmatch(
            re.escape(f"The table's last state was not saved: {save.name} could not be written (Is a directory). "
                      "Its last good save (written at ") + r"\d\d:\d\d:\d\d" +
            re.escape(f") is {save}: {resume} brings the table back as it was then."), said[1]), said[1]
        assert said[2:] == ["Table closed."]
        assert not any(line.startswith("Saved to") for line in said)
        state = read_save(save).state  # what that command brings back: the table before Ana came
        assert state is not None and state["status"] == "lobby"
        assert all(s["token"] is None for s in state["seats"])
    finally:
        if ana is not None:
            await ana.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_table_that_was_never_saved_offers_no_command_to_bring_it_back() -> None:
    blocked = data_dir() / "saves"
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where the saves folder should be: no save can be written")
    proc, lines = await start_host("--seats", "2")
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 1, err.decode()
        assert out.decode().splitlines() == [
            "Closing the table (Ctrl+C): no player was seated.",
            f"The table's last state was not saved: table-{port}.save could not be written ({blocked} is a file "
            "where a folder should be). No save of this table was written, so it cannot be brought back.",
            "Table closed."]
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_last_save_still_being_written_at_close_is_not_called_saved_nor_lands_later(
        tmp_path: Path) -> None:
    """The last save hangs opening its temporary file (a lease on it is held, as a network
    file system holds a file another machine has open): the host waits ``save_wait`` for it,
    says it was not saved and names the save before it. Let go afterwards, the write goes on
    to the end, and still does not replace that save: what the host said stays true."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    srv.save_wait = 0.5
    await srv.start()
    path = tmp_path / "t.save"
    temp = temp_file(path, os.getpid())
    table = srv.create_table(TableConfig(name="t", seats=2, seed=1), save_path=path)
    saver = table.saver
    assert saver is not None
    await asyncio.wait_for(table.flush(), 10)
    assert saver.saves == 1
    temp.write_bytes(b"")
    quiet = signal.signal(signal.SIGIO, signal.SIG_IGN)  # the lease's holder is told of each open
    lease = os.open(temp, os.O_RDONLY)
    try:
        fcntl.fcntl(lease, fcntl.F_SETLEASE, fcntl.F_RDLCK)
        table.add_bot(1, "easy")  # a change: its save waits to open the temporary file
        started = time.monotonic()
        outcome = (await srv.close())[table.id]
        assert 0.5 <= time.monotonic() - started < 5
        assert outcome.problem == "the save to t.save did not finish within 0.5 s"
        assert outcome.kept and outcome.saved_at is not None
        said = saved_text(table, outcome, "CMD")
        assert said is not None and said.startswith(
            "The table's last state was not saved: the save to t.save did not finish within 0.5 s. "
            "Its last good save (written at ")
        assert said.endswith(f") is {path}: CMD brings the table back as it was then.")
        assert saver.pending  # still being written
    finally:
        fcntl.fcntl(lease, fcntl.F_SETLEASE, fcntl.F_UNLCK)  # the write goes on
        os.close(lease)
        signal.signal(signal.SIGIO, quiet)
    await asyncio.wait_for(saver.flush(), 10)  # to its end, written, fsynced, not renamed
    assert not temp.exists()
    assert saver.saves == 1 and saver.failures == 0
    state = read_save(path).state  # the save the host named: the one before the bot sat down
    assert state is not None and [s["bot"] for s in state["seats"]] == [None, None]


#: a host whose last save hangs for good (its temporary file is a FIFO nobody reads) closes
HUNG_SAVE = """
import asyncio, os, sys
from pathlib import Path
from net.server import Server, TableConfig
async def main():
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    srv.save_wait = 0.5
    await srv.start()
    path = Path(sys.argv[1]) / "t.save"
    table = srv.create_table(TableConfig(name="t", seats=2, seed=1), save_path=path)
    await table.flush()
    os.mkfifo(path.with_name(f".{path.name}.{os.getpid()}.tmp"))
    table.add_bot(1, "easy")
    print((await srv.close())[table.id].problem, flush=True)
asyncio.run(main())
"""


async def test_a_host_whose_last_save_hangs_for_good_still_exits(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HUNG_SAVE, str(tmp_path), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 15)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == 0, err.decode()
    assert out.decode() == "the save to t.save did not finish within 0.5 s\n"


async def test_a_resumed_table_whose_saves_fail_names_the_save_it_resumed_from(tmp_path: Path) -> None:
    path = tmp_path / "t.save"
    first = Server(host="127.0.0.1", port=0, bot_delay=0)
    await first.start()
    table = first.create_table(TableConfig(name="t", seats=3, seed=1), save_path=path)
    table.add_bot(2, "easy")
    assert (await first.close())[table.id].problem is None

    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    back, problem = restore_saved(srv, path, keep=True)
    assert back is not None and problem is None
    await srv.start()
    temp_file(path, os.getpid()).mkdir()  # no save of it can be written from now on
    try:
        back.resume()
        back.add_bot(1, "easy")
        outcome = (await srv.close())[back.id]
        assert outcome.problem == "t.save could not be written (Is a directory)"
        assert saved_text(back, outcome, "CMD") == (
            "The table's last state was not saved: t.save could not be written (Is a directory). "
            f"Its last good save (the one it was resumed from) is {path}: CMD brings the table back as it was then.")
        state = read_save(path).state
        assert state is not None and [s["bot"] for s in state["seats"]] == [None, None, "easy"]
    finally:
        await srv.close()


# ---------------------------------------------------------------- Ctrl+C during start-up

def zygotes(pid: int) -> list[int]:
    """The SSH app processes (``net.ssh_zygote``) process ``pid`` has started."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue  # gone meanwhile
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"net.ssh_zygote" in command:
            found.append(int(entry))
    return found


def said_lines(err: bytes) -> list[str]:
    """Standard error without the host's log lines (each begins with its date)."""
    return [line for line in err.decode().splitlines() if not re.match(r"\d{4}-\d\d-\d\d ", line)]


async def interrupted(args: list[str], ready: Callable[[int], T], what: str) -> tuple[int, bytes, bytes, T]:
    """A headless host on 127.0.0.1 (``args`` added, no advert) sent Ctrl+C as soon as
    ``ready(pid)`` is true (``what`` says what never came, in 20 s): its status, its output and
    errors, and what ``ready`` saw."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--no-mdns", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        deadline = time.monotonic() + 20
        while not (seen := ready(proc.pid)):
            assert proc.returncode is None and time.monotonic() < deadline, what
            await asyncio.sleep(0.001)
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out, err, seen


async def test_ctrl_c_while_the_ssh_door_opens_stops_before_the_table_opens() -> None:
    """Ctrl+C the moment the host starts its SSH door (its app process appears), before the
    table is open: one line, status 130, the app process ended, the port let go, and the save
    of the port left as it was (not moved aside, nothing written). A Ctrl+C that lands once the
    table is open closes it as usual instead; the test tries again, a bounded number of times
    (about three in four land too late on a busy machine, so forty tries miss once in 10^5)."""
    saves = data_dir() / "saves"
    for attempt in range(40):
        port = free_port()
        saves.mkdir(parents=True, exist_ok=True)
        for old in saves.iterdir():
            old.unlink()
        save_path(port).write_bytes(b"the table saved for this port before")
        status, out, err, apps = await interrupted(
            ["--port", str(port), "--ssh", "0"], zygotes, "no SSH app process started")
        assert b"Traceback" not in err, err.decode()
        if status == 0 and out.decode().endswith("Table closed.\n"):
            continue  # the table had opened: closed as usual; try again
        assert status == 130, (out.decode(), err.decode())
        assert said_lines(err) == [STOPPED_EARLY] and out == b""
        assert sorted(p.name for p in saves.iterdir()) == [save_path(port).name]
        assert save_path(port).read_bytes() == b"the table saved for this port before"
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{app}").exists() for app in apps):
            assert time.monotonic() < deadline, "the SSH app process outlived the host"
            await asyncio.sleep(0.01)
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))  # free again
        return
    raise AssertionError("every Ctrl+C landed after the table had opened")


async def test_ctrl_c_while_the_host_loads_stops_before_the_table_opens() -> None:
    """Ctrl+C while the host's code is still loading (its message library is in memory, the
    network code not yet): no handler of the host is in place, and it still stops in one line."""
    status, out, err, _loaded = await interrupted(
        ["--port", "0"], lambda pid: b"msgpack" in Path(f"/proc/{pid}/maps").read_bytes(),
        "the host never loaded msgpack")
    assert status == 130 and out == b""
    assert err.decode().splitlines() == [STOPPED_EARLY]
    assert not (data_dir() / "saves").exists()


async def test_ctrl_c_while_the_table_is_being_advertised_closes_it_at_once() -> None:
    """The table is open (listening, saved) and its LAN advert is being made, which takes a
    couple of seconds: Ctrl+C withdraws the advert being made and closes the table as usual,
    saying it was saved, without waiting for the advert or showing a traceback."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--port", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stdout is not None
        banner: list[str] = []
        while not banner or not banner[-1].startswith("Match logs:"):  # the line before the advert
            line = await asyncio.wait_for(proc.stdout.readline(), 20)
            assert line, banner
            banner.append(line.decode().rstrip("\n"))
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 15)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == 0 and b"Traceback" not in err, err.decode()
    port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", "\n".join(banner)).group(1))  # type: ignore[union-attr]
    resume = f"dealmein host --headless --resume --port {port} --bind 127.0.0.1"
    assert out.decode().splitlines() == [
        "Closing the table (Ctrl+C): no player was seated.",
        f"Saved to {save_path(port)} (lobby): {resume} brings it back.",
        "Table closed."]


async def test_a_signal_between_two_start_up_steps_stops_the_next_before_it_starts() -> None:
    """Ctrl+C handled after the table opened but before its advert is made: no advert is made
    (nor said to be), the host goes straight on to close the table."""
    signals = Signals(asyncio.Event())
    signals.install()
    try:
        os.kill(os.getpid(), signal.SIGINT)
        deadline = time.monotonic() + 5
        while signals.first is None:
            assert time.monotonic() < deadline, "the signal was never handled"
            await asyncio.sleep(0.01)
        ran: list[str] = []

        async def advert() -> str:
            ran.append("advert")
            return "advertised"

        assert await signals.until_stopped(advert()) is None
        assert ran == [] and signals.step is None and signals.by == "Ctrl+C"
    finally:
        signals.remove()


def test_the_command_line_and_the_host_say_the_same_line() -> None:
    assert HOST_STOPPED_EARLY == STOPPED_EARLY


# ---------------------------------------------------------------- the resume command

#: ``host`` options the table's save keeps: a resume brings them back without being told
KEPT_BY_THE_SAVE = {"name", "game", "preset", "option", "seats", "seed", "bots", "bot_level", "password",
                    "turn_time"}
#: ``host`` options the resume command gives again, when they were not at their defaults
SAID_AGAIN = {"port", "bind", "host_no_mdns", "host_lan_interface", "ssh", "ssh_auth", "ssh_keys",
              "ssh_max_sessions", "ssh_idle", "grace", "takeover", "bot_delay"}


def host_options() -> set[str]:
    """The ``host`` options as the parsed command line names them (``--seed`` after the command
    is read as ``seed_after``, and parsed as ``seed`` with one given before it)."""
    host = build_parser().commands["host"]  # type: ignore[attr-defined]
    return {"seed" if a.dest == "seed_after" else a.dest for a in host._actions if a.dest != "help"}


def test_every_host_option_is_kept_by_the_save_or_said_again() -> None:
    """A new ``host`` option that changes how the table runs is one of the two, or this fails."""
    assert host_options() == KEPT_BY_THE_SAVE | SAID_AGAIN | {"headless", "resume"}
    defaults = build_parser().parse_args(["host", "--headless"])
    assert {dest: getattr(defaults, dest) for dest, _, _ in (*RUN_OPTIONS, *SSH_OPTIONS)} == \
        {dest: default for dest, _, default in (*RUN_OPTIONS, *SSH_OPTIONS)}


def parse(command: str) -> object:
    words = shlex.split(command)
    assert words[0] == "dealmein"
    return build_parser().parse_args(words[1:])


def test_the_resume_command_parsed_back_runs_the_table_as_it_ran(tmp_path: Path) -> None:
    keys = tmp_path / "authorized keys"
    keys.write_text("")
    args = build_parser().parse_args([
        "host", "--headless", "--port", "7100", "--bind", "127.0.0.1", "--no-mdns", "--ssh", "0",
        "--ssh-auth", "keys", "--ssh-keys", str(keys), "--ssh-max-sessions", "3", "--ssh-idle", "90.5",
        "--grace", "30", "--takeover", "0", "--bot-delay", "0.25"])
    command = resume_command(7100, args, 2222)
    back = parse(command)
    assert getattr(back, "resume") is True and getattr(back, "headless") is True
    assert getattr(back, "ssh") == 2222  # the port it had, not 0: the guests come back to it
    for dest in SAID_AGAIN - {"ssh"}:
        assert getattr(back, dest) == getattr(args, dest), (dest, command)
    assert "--bot-delay 0.25" in command and "--grace 30 " in command and "--ssh-idle 90.5" in command


def test_the_resume_command_gives_only_what_differs_from_the_defaults() -> None:
    plain = build_parser().parse_args(["host", "--headless", "--grace", "120", "--bot-delay", "0.6"])
    assert resume_command(7098, plain) == "dealmein host --headless --resume --port 7098"
    # the SSH door's options come with the door: a resume without SSH has no use for them
    no_door = build_parser().parse_args(["host", "--headless", "--ssh-idle", "60", "--takeover", "5"])
    assert resume_command(7098, no_door) == "dealmein host --headless --resume --port 7098 --takeover 5"
    back = parse(resume_command(7098, no_door))
    for dest, _, default in RUN_OPTIONS:
        assert getattr(back, dest) == getattr(no_door, dest)
    # the top-level --no-mdns comes back as the host's own
    top = build_parser().parse_args(["--no-mdns", "host", "--headless", "--bot-delay", "1e-3"])
    command = resume_command(7098, top)
    assert command == "dealmein host --headless --resume --port 7098 --no-mdns --bot-delay 0.001"
    assert getattr(parse(command), "host_no_mdns") is True and getattr(parse(command), "bot_delay") == 0.001


async def test_the_printed_command_brings_the_table_back_with_its_timings() -> None:
    """End to end: the command the host prints, run as printed, serves with the same grace,
    takeover and bot delay (the resumed host prints the same command again)."""
    proc, lines = await start_host("--seats", "2", "--grace", "9", "--takeover", "7", "--bot-delay", "0")
    again = None
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        resume = (f"dealmein host --headless --resume --port {port} --bind 127.0.0.1 --no-mdns "
                  "--grace 9 --takeover 7 --bot-delay 0")
        assert f"Autosave: {save_path(port)} ({resume} brings it back)" in lines
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 0, err.decode()
        assert f": {resume} brings it back." in out.decode()
        again, lines = await run_dealmein(*shlex.split(resume)[1:])
        assert f"Autosave: {save_path(port)} ({resume} brings it back)" in lines
    finally:
        for p in (proc, again):
            if p is not None and p.returncode is None:
                p.kill()
                await p.wait()

