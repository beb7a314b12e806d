"""Hostile input over real sockets: each bad peer is refused or closed, alone, while a second
table's match plays on unaffected."""
from __future__ import annotations

import asyncio
import socket
import struct
import time
from typing import Any, AsyncIterator

import msgpack
import pytest

from net.protocol import (MAX_FRAME, PROTOCOL_VERSION, SERVER_MESSAGES, FrameReader, check,
                          decode_body, encode)
from net.server import Server, TableConfig

from .table_helpers import FAST, RandomPlayer, join, raise_fd_limit, wait_until


class Background:
    """A second table playing match after match (two clients, two bots) during a test."""

    def __init__(self, srv: Server) -> None:
        self.srv = srv

    async def start(self) -> "Background":
        srv = self.srv
        self.table = t = srv.create_table(TableConfig(name="bystanders", seats=4, seed=1))
        self.host = await join(srv, "Ana", table=t.id, host_key=t.host_key)
        self.bo = await join(srv, "Bo", table=t.id)
        await self.host.add_bot(2, "easy")
        await self.host.add_bot(3, "normal")
        await self.bo.ready(True)
        await wait_until(lambda: t.seats[1].ready and t.seats[3].bot == "normal", what="bystanders ready")
        self.players = [RandomPlayer(self.host, 1, pause=0.002), RandomPlayer(self.bo, 2, pause=0.002)]
        await self.host.start()
        self.task = asyncio.get_running_loop().create_task(self._rematches())
        await wait_until(lambda: t.actions > 0, what="bystanders playing")
        return self

    async def _rematches(self) -> None:
        for _ in range(1000):  # cancelled at ``stop``, long before
            await wait_until(lambda: self.table.status == "finished", timeout=60)
            await self.host.rematch()
            await wait_until(lambda: self.table.status == "playing", timeout=5)

    async def check_unaffected(self, since: int) -> None:
        """Still connected, no refusals, and still playing: more actions than ``since``."""
        await wait_until(lambda: self.table.actions > since + 20, what="bystanders' match moving on")
        assert self.host.connected and self.bo.connected
        assert [p.errors for p in self.players] == [[], []]

    async def stop(self) -> None:
        self.task.cancel()
        for p in self.players:
            await p.stop()
        await self.host.close()
        await self.bo.close()


@pytest.fixture
async def arena() -> AsyncIterator[tuple[Server, Background]]:
    srv = Server(**FAST)  # type: ignore[arg-type]
    await srv.start()
    bg = await Background(srv).start()
    try:
        yield srv, bg
    finally:
        await bg.stop()
        await srv.close()


HELLO = encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": "Mal", "spectator": True})


def read_into(r: asyncio.StreamReader, got: list[dict[str, Any]]) -> "asyncio.Task[None]":
    """A task that keeps every message the host sends in ``got`` until it closes."""
    reader = FrameReader()

    async def read_all() -> None:
        for _ in range(100_000):  # a host that never closes: the test's own timeout cancels this
            data = await asyncio.wait_for(r.read(65536), 30)
            if not data:
                return
            got.extend(check(decode_body(b), SERVER_MESSAGES) for b in reader.feed(data))

    return asyncio.get_running_loop().create_task(read_all())


async def probe(srv: Server, payload: bytes | list[bytes], hello: bool = False,
                gap: float = 0.0, timeout: float = 5.0) -> tuple[list[dict[str, Any]], float]:
    """Send ``payload`` (chunks ``gap`` seconds apart); every message the host sent until it
    closed the connection, and how long that took."""
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    got: list[dict[str, Any]] = []
    t0 = time.monotonic()
    reading = read_into(r, got)
    if hello:
        w.write(HELLO)
    chunks = [payload] if isinstance(payload, bytes) else payload
    try:
        for chunk in chunks:
            w.write(chunk)
            await w.drain()
            if gap:
                await asyncio.sleep(gap)
    except ConnectionError:
        pass  # closed on us while still sending: what these tests expect
    await asyncio.wait_for(reading, timeout)
    w.close()
    return got, time.monotonic() - t0


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def codes(got: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in got if m["type"] == "error"]


HOSTILE = {
    "garbage": (b"\x00\x00\x00\x06\xc1\xc1\xff\x00\x12\x99", False, "bad_frame"),
    "http request": (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", False, "too_large"),
    "oversized length": (b"\xff\xff\xff\xff" + b"x" * 100, False, "too_large"),
    "one byte over the cap": (struct.pack(">I", MAX_FRAME + 1) + b"\x80", False, "too_large"),
    "100 MB declared string": (frame(b"\x81\xa4type\xdb" + struct.pack(">I", 100 * 2**20) + b"abc"),
                               False, "bad_frame"),
    "100 MB declared frame": (struct.pack(">I", 100 * 2**20) + b"\x81", False, "too_large"),
    "deep nesting": (frame(b"\x91" * 60000 + b"\xc0"), False, "bad_frame"),
    "deep nesting in a field": (frame(b"\x82\xa4type\xa4chat\xa4text" + b"\x81\xa1a" * 20000 + b"\xc0"),
                                True, "bad_frame"),
    "not a map": (frame(msgpack.packb([1, 2, 3])), False, "bad_frame"),
    "ext type": (frame(msgpack.packb({"type": msgpack.ExtType(5, b"zz")})), False, "bad_frame"),
    "unknown type": (frame(msgpack.packb({"type": "launch"})), True, "unknown_type"),
    "wrong field type": (frame(msgpack.packb({"type": "act", "action": 7, "version": 0})), True,
                         "bad_field"),
    "bool for an int": (frame(msgpack.packb({"type": "sit", "seat": True})), True, "bad_field"),
    "action before hello": (frame(msgpack.packb({"type": "act", "action": "AS", "version": 0})),
                            False, "handshake"),
    "second hello": (encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": "x"}),
                     True, "handshake"),
    "non-string map key": (frame(b"\x81\x01\x02"), False, "bad_frame"),
    "trailing bytes": (frame(msgpack.packb({"type": "ping"}) + b"\x00"), True, "bad_frame"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
async def test_hostile_frame_closes_only_that_connection(arena: tuple[Server, Background],
                                                         name: str) -> None:
    srv, bg = arena
    payload, hello, code = HOSTILE[name]
    since = bg.table.actions
    before = len(srv.connections)
    got, took = await probe(srv, payload, hello=hello)
    assert got[0]["type"] == "challenge"
    assert codes(got) == [code], got  # the frame's own code: closed for it, not by a timeout
    await wait_until(lambda: len(srv.connections) == before, what="the connection forgotten")
    await bg.check_unaffected(since)


async def test_slow_trickle_before_hello_hits_the_handshake_deadline(arena: tuple[Server, Background]) -> None:
    srv, bg = arena
    since = bg.table.actions
    hello = encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": "Slow"})
    got, took = await probe(srv, [hello[i:i + 1] for i in range(len(hello))], gap=0.1)
    assert codes(got) == ["timeout"] and 0.9 < took < 3.0
    await bg.check_unaffected(since)


async def test_slow_trickle_of_one_frame_hits_the_frame_deadline(arena: tuple[Server, Background]) -> None:
    srv, bg = arena
    since = bg.table.actions
    chat = encode({"type": "chat", "text": "x" * 200})
    got, took = await probe(srv, [chat[i:i + 2] for i in range(0, len(chat), 2)], hello=True, gap=0.05)
    assert "timeout" in codes(got) and took < 3.0
    assert not any(m["type"] == "chat" for m in got)
    await bg.check_unaffected(since)


async def test_the_frame_deadline_runs_from_each_frame(arena: tuple[Server, Background]) -> None:
    """Reads that each finish one frame and begin the next, well within the deadline apiece,
    keep the connection however long they go on: the deadline is for a frame, not for the
    stretch in which some frame is always unfinished."""
    srv, bg = arena
    # a deadline with room for a busy machine's stall between two sends (at 1 s, a stall of
    # 0.6 s under load made a late frame of an on-time one); the sends still span 2.25 of them
    srv.frame_timeout = 2.0
    since = bg.table.actions
    pings = b"".join(encode({"type": "ping", "n": n}) for n in range(9))
    size = len(encode({"type": "ping", "n": 0}))
    # chunk k ends 3 bytes into ping k: every read completes a ping and leaves the next begun
    cuts = [0] + [k * size + 3 for k in range(8)] + [len(pings)]
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    got: list[dict[str, Any]] = []
    reading = read_into(r, got)
    w.write(HELLO)
    try:
        for a, b in zip(cuts, cuts[1:]):
            w.write(pings[a:b])
            await w.drain()
            await asyncio.sleep(srv.frame_timeout * 0.25)  # 2.25 frame deadlines in all
        await wait_until(lambda: sum(m["type"] == "pong" for m in got) == 9, what="every ping answered")
        assert codes(got) == [] and not reading.done(), "still open, nothing refused"
    finally:
        w.close()
        reading.cancel()
    await bg.check_unaffected(since)


async def test_flood_is_rate_limited_then_closed(arena: tuple[Server, Background]) -> None:
    srv, bg = arena
    since = bg.table.actions
    pings = encode({"type": "ping", "n": 1}) * 500
    got, took = await probe(srv, pings, hello=True)
    pongs = sum(1 for m in got if m["type"] == "pong")
    assert codes(got) == ["rate", "rate"], "warned once, then closed"
    assert srv.burst - 5 <= pongs <= srv.burst + 5, "about one burst answered"
    await bg.check_unaffected(since)


async def paced(srv: Server, per_second: float, count: int, pause_after: int = 0,
                pause: float = 0.0) -> tuple[list[dict[str, Any]], bool]:
    """Send ``count`` pings at ``per_second``, kept to the clock (a late send is caught up, so
    a slow machine does not lower the rate), with one ``pause`` after ``pause_after`` of them;
    every message the host sent, and whether it closed the connection."""
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    got: list[dict[str, Any]] = []
    w.write(HELLO)
    ping = encode({"type": "ping", "n": 1})
    loop = asyncio.get_running_loop()
    reading = read_into(r, got)
    start = loop.time()
    try:
        for i in range(count):
            due = start + i / per_second + (pause if pause_after and i >= pause_after else 0.0)
            await asyncio.sleep(max(0.0, due - loop.time()))
            if reading.done():
                break
            w.write(ping)
            await w.drain()
    except ConnectionError:
        pass
    closed = reading.done()
    if not closed:
        await asyncio.sleep(0.3)  # the answers to the last pings
        closed = reading.done()
    w.close()
    reading.cancel()
    return got, closed


async def test_a_flood_paced_just_over_the_rate_is_closed() -> None:
    """A flood a quarter over the rate gets a token now and then; the refusals still add up
    (they start again only once the bucket is full) and close it after one warning."""
    srv = Server(host="127.0.0.1", port=0, rate=20.0, burst=5)
    await srv.start()
    srv.create_table(TableConfig(name="watched", seats=4, seed=1))
    try:
        got, closed = await asyncio.wait_for(paced(srv, per_second=25.0, count=250), 20)
    finally:
        await srv.close()
    assert closed, "a sustained flood is closed"
    assert codes(got) == ["rate", "rate"], "warned once, then closed"


async def test_a_burst_then_a_rest_starts_afresh() -> None:
    """Two bursts over the limit with a rest between (long enough to fill the bucket) are two
    warnings, and the connection stays open."""
    srv = Server(host="127.0.0.1", port=0, rate=20.0, burst=5)
    await srv.start()
    srv.create_table(TableConfig(name="watched", seats=4, seed=1))
    try:
        got, closed = await asyncio.wait_for(
            paced(srv, per_second=1000.0, count=16, pause_after=8, pause=0.6), 20)
    finally:
        await srv.close()
    assert not closed
    assert codes(got) == ["rate", "rate"], "one warning per burst"
    pongs = sum(1 for m in got if m["type"] == "pong")
    assert 9 <= pongs <= 11, "a full bucket each time (the hello took one token of the first)"


async def test_a_thousand_connections_at_once(arena: tuple[Server, Background]) -> None:
    """1,000 sockets open at once on a host allowing 600: the rest are told it is full; the
    ones let in never say hello and are closed at the handshake deadline."""
    srv, bg = arena
    raise_fd_limit(4096)
    srv.max_connections = 600
    since = bg.table.actions
    before = len(srv.connections)

    async def one() -> list[str]:
        try:
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
        except OSError as e:  # a refused connect is a refusal too
            return [f"oserror {e.errno}"]
        reader = FrameReader()
        got: list[str] = []
        try:
            while True:
                data = await asyncio.wait_for(r.read(4096), 5)
                if not data:
                    break
                got += [m.get("code", m["type"]) for m in map(decode_body, reader.feed(data))]
        finally:
            w.close()
        return got

    results = await asyncio.wait_for(asyncio.gather(*(one() for _ in range(1000))), 20)
    full = sum(1 for r in results if r == ["full"])
    timed_out = sum(1 for r in results if r == ["challenge", "timeout"])
    assert full + timed_out == 1000, sorted({tuple(r) for r in results})
    assert full >= 1000 - (600 - before) and timed_out >= 1
    await wait_until(lambda: len(srv.connections) == before, what="all 1,000 gone")
    await bg.check_unaffected(since)
    late = await join(srv, "Late", spectator=True)  # the host takes new players again
    assert late.seat is None
    await late.close()


async def test_one_address_cannot_fill_the_host(arena: tuple[Server, Background]) -> None:
    """An address past its cap of connections is told so and closed; the rest of the network
    (here, the table already playing) does not notice, and a closed connection frees its place.
    Loopback is spared by default, so this test counts it as any other address."""
    srv, bg = arena
    srv.per_address, srv.spared = 8, lambda address: False
    since = bg.table.actions
    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def first(r: asyncio.StreamReader) -> dict[str, Any]:
        data = await asyncio.wait_for(r.read(4096), 5)
        return decode_body(next(iter(FrameReader().feed(data))))

    try:
        for _ in range(8):
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
            opened.append((r, w))
            assert (await first(r))["type"] == "challenge"
        r, w = await asyncio.open_connection("127.0.0.1", srv.port)
        refused = await first(r)
        w.close()
        assert refused["type"] == "error" and refused["code"] == "full"
        assert "too many connections from your address (8)" in refused["message"]
        assert srv.by_address == {"127.0.0.1": 8}
        await bg.check_unaffected(since)
        opened.pop()[1].close()
        await wait_until(lambda: srv.by_address == {"127.0.0.1": 7}, what="a place freed")
        r, w = await asyncio.open_connection("127.0.0.1", srv.port)
        opened.append((r, w))
        assert (await first(r))["type"] == "challenge"
    finally:
        for _, w in opened:
            w.close()
    await wait_until(lambda: srv.by_address == {}, what="every place freed")


def test_loopback_is_spared_the_cap_by_default() -> None:
    """SSH guests reach the table from 127.0.0.1, as do this machine's players: no cap for them."""
    from net.server import _spared
    assert _spared("127.0.0.1") and _spared("127.0.0.2") and _spared("::1")
    assert not _spared("192.168.1.5") and not _spared("fe80::1") and not _spared("?")


async def test_a_peer_that_never_reads_is_dropped(arena: tuple[Server, Background],
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Output piling up for a peer that does not read is capped; only that peer is dropped."""
    srv, bg = arena
    srv.max_unread, srv.sndbuf = 32 * 1024, 16 * 1024
    since = bg.table.actions
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", srv.port))
    r, w = await asyncio.open_connection(sock=sock)
    w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": "Deaf",
                    "table": bg.table.id, "spectator": True}))
    await wait_until(lambda: any(c.name == "Deaf" for c in srv.connections), what="Deaf joined")
    deaf = next(c for c in srv.connections if c.name == "Deaf")
    line = encode({"type": "chat", "text": "y" * 300})
    for _ in range(100):  # each line comes back to Deaf too, and Deaf never reads
        if deaf.closed:
            break
        w.write(line * 5)
        await asyncio.sleep(0.02)
    await wait_until(lambda: deaf.closed and deaf not in srv.connections, what="Deaf dropped")
    assert "not reading its frames" in caplog.text
    await bg.check_unaffected(since)
    w.close()


async def test_bad_frame_with_more_bytes_behind_it_still_gets_its_error(arena: tuple[Server, Background]) -> None:
    """The host closes on a bad frame while megabytes the peer sent after it wait unread: the
    error frame still arrives, then a clean end of stream, not a reset that loses it."""
    srv, bg = arena
    since = bg.table.actions
    bad = HOSTILE["garbage"][0]
    tail = [b"\x00" * 65536] * 64  # 4 MiB after the bad frame
    got, took = await probe(srv, [bad + tail[0], *tail[1:]])
    assert codes(got) == ["bad_frame"]
    assert took < 0.9 + srv.linger
    await wait_until(lambda: not srv.lingering, what="the lingering close finished")
    await bg.check_unaffected(since)


async def test_a_peer_that_never_stops_sending_is_cut_after_the_linger(arena: tuple[Server, Background]) -> None:
    """After its error the host reads and drops what a peer still sends, but not for ever."""
    srv, bg = arena
    since = bg.table.actions
    chunks = [HOSTILE["garbage"][0]] + [b"\x00" * 4096] * 400  # 10 ms apart: about 4 s of it
    got, took = await probe(srv, chunks, gap=0.01)
    assert took < srv.linger + 2.0, "cut at the end of the linger, not when the peer stopped"
    await wait_until(lambda: not srv.lingering, what="the lingering close finished")
    await bg.check_unaffected(since)


async def test_closing_a_connection_its_peer_already_reset_is_quiet(arena: tuple[Server, Background]) -> None:
    """A peer that says bye and resets the connection at once: the host may read the bye after
    the reset has arrived, and its close must not fail on a socket that is no longer
    connected (shutting the write side down raises there). The reset is made to land first by
    holding the host's reads until it has."""
    srv, bg = arena
    since = bg.table.actions
    quiet = srv.create_table(TableConfig(name="quiet", seats=2))  # nothing is sent to its peers
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "t", "name": "Mal",
                    "spectator": True, "table": quiet.id}))
    await w.drain()
    await wait_until(lambda: any(p.name == "Mal" and p.table is not None for p in srv.connections),
                     what="the peer admitted")
    peer = next(p for p in srv.connections if p.name == "Mal")
    assert peer.transport is not None
    peer.transport.pause_reading()
    w.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    w.transport.abort()  # a reset, not a clean end of stream
    await asyncio.sleep(0.05)
    peer.close()  # as its bye, read just now, asks
    assert peer.closed and peer not in srv.connections and peer not in srv.lingering
    await bg.check_unaffected(since)
