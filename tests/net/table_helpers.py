"""Shared pieces for the table server tests: a server with tiny times, random players, waits."""
from __future__ import annotations

import asyncio
import random
import resource
import socket
import struct
import time
from typing import Any, Callable

from net.client import TableClient
from net.protocol import decode_body, encode
from net.server import Server, TableConfig

#: short times so that grace, takeover and deadlines happen within a test
#: (machine-speed random players act far faster than people: a higher sustained rate)
FAST = dict(bot_delay=0.0, grace=5.0, takeover=5.0, handshake_timeout=1.0, frame_timeout=1.0,
            rate=500.0, burst=60)


def free_port() -> int:
    """A port on 127.0.0.1 free a moment ago: for a host started as its own process, whose save
    (one a port) the test reads back."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def join(srv: Server, name: str, **kw: Any) -> TableClient:
    return await TableClient.connect("127.0.0.1", srv.port, name=name, timeout=5.0, **kw)


async def wait_until(pred: Callable[[], bool], timeout: float = 5.0, what: str = "condition") -> None:
    """Poll ``pred`` until it holds; fail the test naming ``what`` if it never does."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


def bots_table(srv: Server, config: TableConfig, dealt: bool = True) -> Any:
    """A table of ``config`` on ``srv`` with an easy bot in every seat, its match dealt and the
    table closed (``dealt``), as a save would find it: for the tests of what a save keeps."""
    table = srv.create_table(config)
    for seat in range(config.seats):
        table.add_bot(seat, "easy")
    if dealt:
        table._start_match()
        table.close()
    return table


async def dealt(table: Any, host: TableClient) -> Any:
    """``host`` (who holds the host key) starts ``table``'s match: the match, once in play."""
    await host.start()
    await wait_until(lambda: table.status == "playing", what="the match")
    return table.match


async def collect(c: TableClient, into: list[dict[str, Any]]) -> None:
    """Keep every update ``c`` receives in ``into`` (run as a task; cancel it when done)."""
    async for u in c.updates():
        into.append(u)


def chat_lines(got: list[dict[str, Any]]) -> list[str]:
    """The texts of the chat lines among the updates ``got``."""
    return [u["text"] for u in got if u["type"] == "chat"]


async def next_update(c: TableClient, kind: str, timeout: float = 5.0,
                      pred: Callable[[dict[str, Any]], bool] = lambda u: True) -> dict[str, Any]:
    """The next update of type ``kind`` that satisfies ``pred`` (others are skipped)."""
    async def find() -> dict[str, Any]:
        async for u in c.updates():
            if u["type"] == kind and pred(u):
                return u
        raise AssertionError(f"stream ended before a {kind} update")
    return await asyncio.wait_for(find(), timeout)


class RandomPlayer:
    """Plays a uniformly random legal action whenever its latest view offers one.

    Every view and error it receives is kept; ``stale`` refusals are expected when another seat
    (a bot, or a manual draw) moved first, and a fresh view always follows them.

    It keeps under the host's message rate (``most`` a second, below FAST's 500): a Crazy Eights
    player drawing card after card answers each view within a millisecond, and the host drops
    what comes faster, telling only the first drop of a flood. Should a ``rate`` error come all
    the same, no view follows it: the player tries the latest view again a moment later and
    counts the drop in ``dropped``.
    """

    def __init__(self, client: TableClient, seed: int, pause: float = 0.0, most: float = 400.0) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.pause = pause
        self.gap = 1.0 / most
        self._last = 0.0
        self.views: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.dropped = 0
        self.finished = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        c = self.client
        async for u in c.updates():
            if u["type"] == "error" and u["code"] == "rate":
                self.dropped += 1
                await asyncio.sleep(0.05)  # the bucket refills; then the latest view again
                v = c.view
                if v is not None and v["legal"] and not v["is_over"]:
                    await self._act(v)
                continue
            if u["type"] == "error" and u["code"] != "stale":
                self.errors.append(u)
            if u["type"] != "view":
                continue
            v = u["view"]
            self.views.append(v)
            if v["is_over"]:
                self.finished.set()
                continue
            self.finished.clear()
            await self._act(v)

    async def _act(self, v: dict[str, Any]) -> None:
        """A random legal move on ``v`` while it is still the latest view."""
        c = self.client
        if not v["legal"] or v is not c.view:
            return
        wait = max(self.pause, self._last + self.gap - time.monotonic())
        if wait > 0:
            await asyncio.sleep(wait)
            if c.view is not v:
                return
        self._last = time.monotonic()
        try:
            await c.act(self.rng.choice(v["legal"]), v["version"])
        except ConnectionError:
            pass  # reconnecting: the next view after reconnecting is answered

    async def stop(self) -> None:
        self.task.cancel()
        try:
            await self.task
        except asyncio.CancelledError:
            pass


async def seated_table(srv: Server, config: TableConfig, humans: int,
                       bots: dict[int, str] | None = None) -> tuple[Any, list[TableClient]]:
    """A table with ``humans`` clients in seats 0.. (client 0 hosts) and bots; not started."""
    table = srv.create_table(config)
    clients = [await join(srv, f"P{i}", table=table.id, host_key=table.host_key if i == 0 else None)
               for i in range(humans)]
    for seat, level in (bots or {}).items():
        await clients[0].add_bot(seat, level)
    for c in clients[1:]:
        await c.ready(True)
    want = humans + len(bots or {})
    await wait_until(lambda: sum(1 for s in table.lobby()["seats"] if s["ready"]) >= want - 1,
                     what="seats ready")
    return table, clients


def raise_fd_limit(wanted: int) -> None:
    """Raise the soft open-file limit to ``wanted`` (within the hard limit) for many sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))


async def host_sending(frames: list[dict[str, Any]],
                       lobby: dict[str, Any] | None = None, pause: float = 0.02) -> tuple[Any, int, asyncio.Event]:
    """A fake host on 127.0.0.1 that welcomes one client with ``lobby`` (a bare one by
    default), sends ``frames`` (``pause`` seconds apart; 0: with the welcome, read together)
    and waits for the client to hang up (``hung_up``); the second connection, if any, is
    counted in ``again``."""
    hung_up = asyncio.Event()
    connections = []

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(1)
        writer.write(encode({"type": "challenge", "version": 1, "nonce": b"n" * 16}))
        (size,) = struct.unpack(">I", await reader.readexactly(4))
        decode_body(await reader.readexactly(size))
        writer.write(encode({"type": "welcome", "table": "t", "seat": 0, "token": "x" * 22, "host": False}))
        writer.write(encode({"type": "lobby", "lobby": {"table": "t"} if lobby is None else lobby}))
        for frame in frames:
            if pause:
                await asyncio.sleep(pause)
            writer.write(encode(frame))
        await reader.read()  # until the client closes
        hung_up.set()
        writer.close()

    srv = await asyncio.start_server(host, "127.0.0.1", 0)
    srv.connections = connections  # type: ignore[attr-defined]
    return srv, srv.sockets[0].getsockname()[1], hung_up


async def until_goodbye(port: int, hung_up: asyncio.Event) -> tuple[TableClient, list[dict[str, Any]]]:
    """Connect to a ``host_sending`` host (reconnecting as players do) and collect every update
    until the client closes the connection and the host has seen it go."""
    c = await TableClient.connect("127.0.0.1", port, name="A", timeout=5)
    updates: list[dict[str, Any]] = []

    async def collect() -> None:
        async for u in c.updates():
            updates.append(u)

    await asyncio.wait_for(collect(), 5)
    await asyncio.wait_for(hung_up.wait(), 5)
    return c, updates


def moves_by(table: Any, seat: int, since: int) -> int:
    """The moves ``seat`` made in the hand in play after the match's version ``since`` (its
    own, or a stand-in bot's for it), from the hand the table keeps (``net.handsofar``)."""
    return sum(1 for version, events in table.hand._moves if version > since
               for e in events if e.seat == seat and e.kind in ("play", "draw", "pass"))


async def play_first_until(table: Any, client: TableClient, seat: int, done: Callable[[], bool],
                           moves: int = 100) -> None:
    """``client`` plays its first legal move on each of ``seat``'s turns until ``done`` or the
    match ends; bounded in moves (a look every 50 ms)."""
    for _ in range(moves):
        if done() or table.match.is_over:
            return
        view = client.view
        if table.match.current_seat == seat and view and view["version"] == table.match.version:
            await client.act(view["legal"][0], view["version"])
        await asyncio.sleep(0.05)


async def ana_and_bo_dealt(srv: Server, config: TableConfig) -> tuple[Any, TableClient, TableClient]:
    """A two-seat table of ``config``: Ana (the host key) and Bo (who does not reconnect by
    himself), dealt. (table, Ana, Bo)."""
    table = srv.create_table(config)
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(srv, "Bo", table=table.id, reconnect=False)
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="Bo ready")
    await ana.start()
    await wait_until(lambda: table.status == "playing" and bo.view is not None, what="the deal")
    return table, ana, bo
