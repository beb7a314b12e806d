"""The heartbeat (docs/protocol.md, ``hello``'s ``heartbeat``): a player whose app froze or whose
machine left the network said nothing and was sent nothing while the table waited for their
turn, so the connection stayed up, the seat "connected", and a table with no turn clock waited
for good (ten minutes, in a soak, until the frozen process was killed). A client that promises
a heartbeat sends a frame at least that often; the host takes one silent for three of them for
gone, as a drop (the grace, then a bot), and the client takes a host silent as long for gone
(it reconnects)."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import time

import pytest

from net.client import ConnectError, TableClient
from net.server import Server, TableConfig
from tests.net.links import Link
from tests.net.table_helpers import FAST, join, wait_until
from tests.ssh.test_ssh_start_and_end import _banner, _stop


async def test_a_frozen_app_is_taken_for_gone_and_a_bot_plays_its_turn() -> None:
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 20.0, "takeover": 1.0})  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    table.add_bot(1, "easy")
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, heartbeat=1, reconnect=False)
    try:
        await ana.start()
        await wait_until(lambda: table.status == "playing", what="the match")
        await wait_until(lambda: table.match.current_seat == 0, what="Ana's turn")
        version = table.match.version
        assert ana._beat_task is not None
        ana._beat_task.cancel()  # the app freezes: nothing more comes from it
        frozen = time.monotonic()
        await asyncio.sleep(2.0)
        assert table.seats[0].conn is not None, "within three beats it is still here"
        await wait_until(lambda: table.seats[0].conn is None, 5.0, "the silent connection closed")
        assert 2.9 <= time.monotonic() - frozen <= 5.0
        assert table.seats[0].token is not None, "its seat is held, as a dropped player's is"
        await wait_until(lambda: table.match.version > version, 5.0, "a bot playing the turn")
    finally:
        await ana.close()
        await srv.close()


async def test_a_host_stopped_for_a_while_reads_what_came_meanwhile_before_it_judges() -> None:
    """A host stopped for a while (its laptop's lid shut, SIGSTOP) ran, as it started again,
    every timer that fell due meanwhile before it read its sockets: it closed a player's
    connection as "nothing heard" with their pings waiting unread, and its turn clock played for
    a player whose move was waiting too, which it then refused as stale. A judging timer run
    late waits for those reads first (``net.stalls``). A real headless host, stopped for 5 s."""
    from tests.net.test_net_host_cli import start_host

    proc, lines = await start_host("--seats", "2", "--bots", "1", "--bot-level", "easy", "--turn-time", "2",
                                   "--bot-delay", "0")
    c = None
    try:
        text = "\n".join(lines)
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", text).group(1))  # type: ignore[union-attr]
        key = re.search(r"Host key \(.*\): (\S+)", text).group(1)  # type: ignore[union-attr]
        updates: list[dict] = []
        c = await TableClient.connect("127.0.0.1", port, name="Ana", host_key=key, reconnect=False, heartbeat=1,
                                      on_update=updates.append)  # silent for 3 s: gone
        assert c._beat_task is not None
        c._beat_task.cancel()  # it pings as this test says: on through the host's stop
        await c.start()
        await wait_until(lambda: c.view is not None and c.view["current_seat"] == c.seat and c.view["legal"],
                         timeout=10, what="Ana's turn")
        view = c.view
        proc.send_signal(signal.SIGSTOP)
        try:
            await asyncio.sleep(0.3)
            await c.act(view["legal"][0], version=view["version"])  # her move, in its time
            for _ in range(10):  # her app goes on pinging, past three beats and the turn's 2 s
                c._write({"type": "ping", "n": 1})
                await asyncio.sleep(0.5)
        finally:
            proc.send_signal(signal.SIGCONT)
        await wait_until(lambda: c.view["version"] > view["version"], timeout=5, what="the move taken")
        await asyncio.sleep(1.0)
        assert c.connected, [u for u in updates if u.get("type") in ("error", "connection", "bye")]
        assert not [u for u in updates if u.get("type") == "error"], "neither timed out nor refused as stale"
        assert not [u for u in updates if u.get("type") == "chat" and "ran out of time" in str(u.get("text"))]
    finally:
        if c is not None:
            await c.close()
        proc.send_signal(signal.SIGCONT)
        proc.kill()
        await proc.wait()


async def test_an_app_that_beats_stays_at_a_quiet_table(server: Server) -> None:
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    ana = await join(server, "Ana", table=table.id, heartbeat=1, reconnect=False)
    updates: list[dict] = []
    ana._on_update = updates.append
    try:
        await asyncio.sleep(4.5)  # nothing happens at the table for longer than three beats
        assert table.seats[0].conn is not None and ana.connected
        assert not any(u.get("type") == "connection" for u in updates)
        assert ana.rtt is not None and 0 <= ana.rtt < 1  # the beats' pings were answered
    finally:
        await ana.close()


async def test_the_heartbeats_measure_the_round_trip_over_a_slow_link(server: Server) -> None:
    """Behind a link that holds every chunk 0.2 s each way (a proxy on 127.0.0.1), the pings
    of the heartbeat find a round trip of at least 0.4 s: what the app counts off the turn
    clock it shows (``ShownClock``)."""
    delay = 0.2
    link = Link(server.port, delay=delay)
    await link.start()
    port = link.listening
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    ana = await TableClient.connect("127.0.0.1", port, name="Ana", table=table.id, reconnect=False, heartbeat=1)
    try:
        await wait_until(lambda: ana.rtt is not None, 10, "a heartbeat answered")
        assert ana.rtt is not None and 2 * delay <= ana.rtt < 2 * delay + 1.0, ana.rtt
    finally:
        await ana.close()
        await link.close()


async def test_the_latest_round_trip_is_one_connections_own(server: Server) -> None:
    """``last_rtt`` is the latest ping's round trip on the connection up now: the app's top line
    says "slow link" from it, and one measured on a connection that dropped says nothing of the
    next (it read "slow link" for seconds after coming back on a quick one)."""
    link = Link(server.port, delay=0.2)
    await link.start()
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    ana = await TableClient.connect("127.0.0.1", link.listening, name="Ana", table=table.id, reconnect_for=10.0)
    try:
        await ana.ping(timeout=5)
        assert ana.last_rtt is not None and ana.last_rtt >= 0.4
        ana.drop_connection()
        await wait_until(lambda: not ana.connected, 5, "the drop")
        assert ana.last_rtt is None
        await wait_until(lambda: ana.connected, 10, "back")
        assert ana.last_rtt is None  # until a ping on this connection is answered
    finally:
        await ana.close()
        await link.close()


@pytest.mark.parametrize("beat", [0, 61, -3])
async def test_a_heartbeat_out_of_range_is_refused_at_the_handshake(server: Server, beat: int) -> None:
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    with pytest.raises(ConnectError, match="heartbeat: expected seconds from 1 to 60"):
        await join(server, "Bo", table=table.id, heartbeat=beat, reconnect=False)
    assert table.seats[0].conn is None and table.seats[1].conn is None


async def test_a_client_takes_a_frozen_host_for_gone_and_comes_back_once_it_thaws() -> None:
    """A real headless host, stopped (SIGSTOP) as a machine that left the network stops: the
    client heard nothing and went on waiting; now it drops the connection after three beats and
    reconnects, back at its seat once the host answers again."""
    proc, text = await _banner("--port", "0", "--seats", "2")
    updates: list[dict] = []
    bo = None
    try:  # (the host stopped whatever becomes of the client)
        got = re.search(r"127\.0\.0\.1:(\d+)", text)
        assert got is not None, text
        bo = await TableClient.connect("127.0.0.1", int(got.group(1)), name="Bo", heartbeat=1, reconnect_for=30.0,
                                       on_update=updates.append, timeout=2.0)
        seat = bo.seat
        os.killpg(proc.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        try:
            await wait_until(lambda: any(u.get("state") == "reconnecting" for u in updates), 8.0, "the drop")
            assert 2.5 <= time.monotonic() - stopped <= 8.0
        finally:
            os.killpg(proc.pid, signal.SIGCONT)
        await wait_until(lambda: any(u.get("state") == "connected" for u in updates), 15.0, "the way back")
        assert bo.connected and bo.seat == seat
    finally:
        if bo is not None:
            await bo.close()
        await _stop(proc)

