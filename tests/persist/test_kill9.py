"""Kill -9 and resume (issue: Nothing lost, "Tests: Kill -9 in CI"): a real host process with
four real clients is killed with SIGKILL mid-match and restarted with ``--resume``; the
clients reconnect by themselves, see exactly what they saw before, and the match finishes."""
from __future__ import annotations

import asyncio
import random
import re
import signal
import sys
from pathlib import Path
from typing import Any

import msgpack

from net.client import TableClient
from net.matchlog import replay
from net.paths import data_dir
from net.savefile import read_save, save_path

from ..net.table_helpers import free_port, wait_until

HOST_ARGS = ("--headless", "--bind", "127.0.0.1", "--no-mdns", "--bot-delay", "0",
             "--grace", "90", "--takeover", "60")


async def start_host(port: int, *extra: str) -> tuple[asyncio.subprocess.Process, str, str]:
    """The host process, its printed lines and its standard error so far."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", *HOST_ARGS, "--port", str(port), *extra,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    lines: list[str] = []
    assert proc.stdout is not None
    while not lines or not lines[-1].startswith("Press Ctrl+C"):
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        if not line:
            _, err = await proc.communicate()
            raise AssertionError(f"host exited: {err.decode()}")
        lines.append(line.decode().rstrip())
    return proc, "\n".join(lines), ""


def played(path: Path) -> None:
    """Mark the table saved at ``path`` as one a match was played at: a lobby never played is
    not kept as ``.previous`` (``net.savefile.keep_previous``)."""
    raw = msgpack.unpackb(path.read_bytes())
    raw["state"]["status"] = "playing"
    path.write_bytes(msgpack.packb(raw))


async def stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.kill()
        await proc.wait()


async def settled(clients: list[TableClient]) -> int:
    """Wait until every client holds the same, latest view; its version."""
    await wait_until(lambda: all(c.view is not None for c in clients), 15, "views")
    await wait_until(lambda: len({c.view["version"] for c in clients}) == 1, 15,  # type: ignore[index]
                     "every client at the same version")
    return clients[0].view["version"]  # type: ignore[index]


async def play(clients: list[TableClient], rng: random.Random, steps: int) -> int:
    """Play up to ``steps`` random legal moves, one at a time, each seen by every client."""
    done = 0
    for _ in range(steps):
        version = await settled(clients)
        if clients[0].view["is_over"]:  # type: ignore[index]
            break
        movers = [c for c in clients if c.view["legal"]]  # type: ignore[index]
        assert movers, "a match in play with nobody to move"
        mover = rng.choice(movers)
        await mover.act(rng.choice(mover.view["legal"]), version)  # type: ignore[index]
        await wait_until(lambda: all(c.view["version"] > version for c in clients), 15,  # type: ignore[index]
                         "the move reaching every client")
        done += 1
    return done


async def test_kill9_then_resume_continues_the_same_match() -> None:
    port = free_port()
    rng = random.Random(98)
    proc, text, _ = await start_host(port, "--resume", "--name", "Kill table")
    clients: list[TableClient] = []
    try:
        assert "No saved table for port" in text
        key = re.search(r"Host key \(.*\): (\S+)", text).group(1)  # type: ignore[union-attr]
        for i in range(4):
            clients.append(await TableClient.connect("127.0.0.1", port, name=f"P{i}", timeout=5.0,
                                                     host_key=key if i == 0 else None,
                                                     reconnect_for=60.0))
        for c in clients[1:]:
            await c.ready(True)
        await wait_until(lambda: all(s["ready"] for s in clients[0].lobby["seats"][1:]), 10, "ready")  # type: ignore[index]
        await clients[0].start()
        assert await play(clients, rng, 25) == 25
        await settled(clients)
        before = [c.view for c in clients]
        lobby_before = clients[0].lobby
        table_id = clients[0].table
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        assert proc.returncode == -signal.SIGKILL
        saved = read_save(save_path(port))
        assert saved.state is not None and saved.state["status"] == "playing"
        assert save_path(port).stat().st_mode & 0o777 == 0o600

        proc, text, _ = await start_host(port, "--resume")
        assert 'Resumed "Kill table"' in text
        assert f"Host key (lets one player run the lobby): {key}" in text
        # the apps reconnect by themselves (with their tokens) and get a fresh view
        await wait_until(lambda: all(c.connected and c.view is not v for c, v in zip(clients, before)),
                         30, "every client reconnected with a new view")
        after = [c.view for c in clients]
        for b, a in zip(before, after):
            assert a == b  # same hands, total, chips and scores, same version: nothing lost
        assert [c.seat for c in clients] == [0, 1, 2, 3]
        assert clients[0].table == table_id and clients[0].is_host
        lobby = clients[0].lobby
        assert lobby["name"] == lobby_before["name"] == "Kill table"  # type: ignore[index]
        assert [s["name"] for s in lobby["seats"]] == ["P0", "P1", "P2", "P3"]  # type: ignore[index]

        await play(clients, rng, 3000)
        assert all(c.view["is_over"] for c in clients)  # type: ignore[index]
        winners = clients[0].view["winners"]  # type: ignore[index]
        assert winners
        # the match log spans the kill and still replays to the same end
        logs = sorted((data_dir() / "logs").glob("*.jsonl"))
        assert len(logs) == 1
        result = replay(logs[0])
        assert result.ok, result.error
        assert result.match is not None and result.match.winners == winners
    finally:
        for c in clients:
            await c.close()
        await stop(proc)


async def test_corrupt_save_is_reported_moved_aside_and_a_new_table_starts() -> None:
    port = free_port()
    path = save_path(port)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x93not a save at all")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", *HOST_ARGS, "--port", str(port), "--resume",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        out = b""
        while b"Press Ctrl+C" not in out:
            line = await asyncio.wait_for(proc.stdout.readline(), 30)
            assert line, "the host exited"
            out += line
        err = await asyncio.wait_for(proc.stderr.readline(), 10)
        assert path.name.encode() in err and b"moved aside" in err and b"starting a new table" in err
        moved = list(path.parent.glob(path.name + ".corrupt-*"))
        assert len(moved) == 1 and moved[0].read_bytes() == b"\x93not a save at all"
        c = await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False, timeout=5.0)
        assert c.seat == 0
        await c.close()
    finally:
        await stop(proc)


async def test_a_save_that_cannot_be_read_stops_the_resume_and_is_left() -> None:
    """``--resume`` where the save is there but cannot be read (a folder in its place, or its
    permissions): a new table would take its port's save and its players' seats, so the host
    says why and exits 1, the save left as it is."""
    port = free_port()
    path = save_path(port)
    path.mkdir(parents=True)
    try:
        assert await refused_resume(port) == (f"dealmein host: {path.name} could not be read (Is a directory); it is "
                                              "left as it is: mend it (its permissions, say) or move it away, and try again")
        assert path.is_dir() and not list(path.parent.glob(path.name + ".corrupt-*"))
    finally:
        path.rmdir()


async def refused_resume(port: int) -> str:
    """``host --resume`` on ``port`` run to its end: it exits 1 without hosting; what it said."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", *HOST_ARGS, "--port", str(port), "--resume",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        await stop(proc)
    assert proc.returncode == 1 and b"Hosting" not in out, (out, err)
    return err.decode().strip()


async def test_a_save_a_newer_version_wrote_stops_the_resume_and_is_left() -> None:
    """``--resume`` on a save a newer Deal Me In wrote: it was moved aside as corrupt and a new
    table opened, where the newer version could no longer resume it. The host says whose save it
    is and exits 1, the save left as it is."""
    port = free_port()
    path = save_path(port)
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = msgpack.packb({"format": 2, "saved": 1796629063.5, "state": {"name": "Ana's table"}})
    path.write_bytes(newer)
    assert await refused_resume(port) == (f"dealmein host: {path.name} was saved by a newer Deal Me In (save format 2; "
                                          "this one reads format 1); it is left as it is, for that version to resume "
                                          "(or move it away to start afresh here)")
    assert path.read_bytes() == newer and not list(path.parent.glob(path.name + ".corrupt-*"))


async def test_save_that_parses_but_holds_nonsense_is_moved_aside() -> None:
    """A well-formed file whose fields are wrong (a bad snapshot) is refused as a whole."""
    port = free_port()
    proc, text, _ = await start_host(port, "--resume", "--bots", "3")
    path = save_path(port)
    await wait_until(lambda: read_save(path).state is not None, 10, "the lobby saved")
    await stop(proc)  # killed: the lobby save stays
    raw = msgpack.unpackb(path.read_bytes())
    raw["state"]["status"] = "playing"
    raw["state"]["match"] = b"{\"game\": \"ninety-eight\"}"
    path.write_bytes(msgpack.packb(raw))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", *HOST_ARGS, "--port", str(port), "--resume",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        assert proc.stderr is not None
        err = await asyncio.wait_for(proc.stderr.readline(), 30)
        assert b"cannot be restored" in err and b"snapshot" in err and path.name.encode() in err
        assert len(list(path.parent.glob(path.name + ".corrupt-*"))) == 1
        await wait_until(lambda: read_save(path).state is not None, 10, "a new save")
        state: dict[str, Any] = read_save(path).state  # type: ignore[assignment]
        assert state["status"] == "lobby" and state["match"] is None
    finally:
        await stop(proc)


async def test_a_new_table_keeps_the_previous_save_beside() -> None:
    """Hosting afresh (no --resume) on a port with a saved table does not overwrite it; a lobby
    never played is not kept in its turn: a second plain restart (--resume forgotten twice
    after a crash) replaced the played table kept as ``.previous`` with the first one's empty
    lobby."""
    port = free_port()
    path = save_path(port)
    proc, _, _ = await start_host(port)
    try:
        await wait_until(lambda: read_save(path).state is not None, 10, "the first save")
        first = read_save(path).state["table"]  # type: ignore[index]
    finally:
        await stop(proc)
    played(path)
    previous = path.with_name(path.name + ".previous")
    for start in range(2):
        proc, text, _ = await start_host(port)
        try:
            assert ("was kept as" in text) == (start == 0), text
            assert read_save(previous).state["table"] == first  # type: ignore[index]
            await wait_until(lambda: read_save(path).state is not None, 10, "the new save")
            assert read_save(path).state["table"] != first  # type: ignore[index]
        finally:
            await stop(proc)