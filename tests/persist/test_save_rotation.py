"""A host that fails to start leaves the saves of its port as they were (review: a failed start
rotated the saves, and two of them replaced the saved table and its ``.previous`` with empty
tables). Real ``dealmein host --headless`` processes on 127.0.0.1; the SSH port is made busy by
a real listening socket."""
from __future__ import annotations

import asyncio
import socket
import sys

from net.savefile import read_save, save_path

from ..net.table_helpers import wait_until
from ..runs import run_to_end
from .test_kill9 import HOST_ARGS, free_port, played, start_host, stop


async def saved_host(port: int, *extra: str) -> None:
    """Host a table on ``port`` until its save is on disk, then stop it."""
    proc, _, _ = await start_host(port, *extra)
    try:
        await wait_until(lambda: read_save(save_path(port)).state is not None, 10, "the table saved")
    finally:
        await stop(proc)


async def failed_start(*args: str) -> tuple[int, str, str]:
    return await run_to_end("host", *HOST_ARGS, *args)


def busy_port() -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s


async def test_failed_starts_leave_the_save_and_previous_untouched() -> None:
    port = free_port()
    path = save_path(port)
    previous = path.with_name(path.name + ".previous")
    await saved_host(port, "--bots", "3", "--name", "Older")
    played(path)
    await saved_host(port, "--bots", "2", "--name", "Kept")  # the first goes to .previous
    saved, kept_before = path.read_bytes(), previous.read_bytes()
    table = read_save(path).state["table"]  # type: ignore[index]
    with busy_port() as blocker:
        ssh = str(blocker.getsockname()[1])
        for _ in range(2):
            code, out, err = await failed_start("--port", str(port), "--ssh", ssh, "--bots", "1")
            assert code == 1, err
            assert path.read_bytes() == saved and previous.read_bytes() == kept_before
            assert f"cannot serve SSH on port {ssh}" in err and "Traceback" not in err
            assert "kept as" not in out and "Hosting" not in out
        # a failed --resume does not touch them either
        code, out, err = await failed_start("--port", str(port), "--ssh", ssh, "--resume")
        assert code == 1, err
        assert path.read_bytes() == saved and previous.read_bytes() == kept_before
    with socket.socket() as blocker:  # nor does a busy table port
        blocker.bind(("127.0.0.1", port))
        blocker.listen()
        code, out, err = await failed_start("--port", str(port))
        assert code == 1 and "cannot listen on" in err, err
        assert path.read_bytes() == saved and previous.read_bytes() == kept_before
    assert not list(path.parent.glob(path.name + ".corrupt-*"))
    proc, text, _ = await start_host(port, "--resume")  # and the saved table is the one resumed
    try:
        assert 'Resumed "Kept"' in text and "2 bots" in text
        assert read_save(path).state["table"] == table  # type: ignore[index]
    finally:
        await stop(proc)



async def test_a_failed_resume_leaves_an_unreadable_save_where_it_was() -> None:
    """Nothing lost: a --resume that cannot start (its port taken) reports the unreadable save
    and leaves it in place, so the next try finds it as it was; a start that succeeds moves it
    aside (never deletes it) and starts a new table."""
    port = free_port()
    path = save_path(port)
    path.parent.mkdir(parents=True, exist_ok=True)
    garbled = b"\x93not a save at all"
    path.write_bytes(garbled)
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", port))
        blocker.listen()
        code, out, err = await failed_start("--port", str(port), "--resume")
        assert code == 1 and "cannot listen on" in err, err
        assert f"{path.name} could not be read" in err and "left as it is" in err, err
    assert path.read_bytes() == garbled
    assert not list(path.parent.glob(path.name + ".corrupt-*"))
    proc, text, err = await start_host(port, "--resume")
    try:
        assert "Hosting" in text and "Resumed" not in text
        moved = list(path.parent.glob(path.name + ".corrupt-*"))
        assert len(moved) == 1 and moved[0].read_bytes() == garbled
    finally:
        await stop(proc)


async def test_no_player_gets_in_while_a_start_that_fails_is_under_way() -> None:
    """The table port is held but refuses connections until every part of the host is up: with
    the SSH port taken, a client knocking all through the start never gets in (so no player
    sits down at a table that then closes under them)."""
    port = free_port()
    with busy_port() as blocker:
        ssh = str(blocker.getsockname()[1])
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "host", *HOST_ARGS, "--port", str(port), "--ssh", ssh,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        got_in = knocks = 0
        try:
            deadline = asyncio.get_running_loop().time() + 60
            while proc.returncode is None and asyncio.get_running_loop().time() < deadline:
                knocks += 1
                try:
                    _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1.0)
                except (OSError, asyncio.TimeoutError):
                    pass
                else:
                    got_in += 1
                    writer.close()
                await asyncio.sleep(0.01)
            _, err = await asyncio.wait_for(proc.communicate(), 30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert proc.returncode == 1 and f"cannot serve SSH on port {ssh}".encode() in err, err
    assert knocks > 5 and got_in == 0, (knocks, got_in)
