"""Protocol fuzzing against a live server on 127.0.0.1 (issue: Nothing lost, "Protocol
fuzzing"): random bytes, random msgpack values, well-formed frames with random field types and
values, in random orders. The server never crashes or logs an unhandled error, every change to
a match is a legal action (its log replays to the very same state), and a second table playing
alongside finishes its match."""
from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import select
import socket
import struct
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import GAMES
from net.matchlog import replay, state_digest
from net.savefile import read_save
from net.protocol import CLIENT_MESSAGES, PROTOCOL_VERSION, FrameReader, decode_body
from net.server import Server, Table, TableConfig

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                       HealthCheck.function_scoped_fixture])


class LiveServer:
    """A server on its own event loop thread, so that plain blocking sockets can poke it."""

    def __init__(self, logs: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.errors: list[str] = []
        self.loop.set_exception_handler(lambda loop, ctx: self.errors.append(str(ctx.get("message"))))
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        # long grace and takeover: seat 0 of the fuzzed table stays the fuzzers' to play
        self.server = Server(host="127.0.0.1", port=0, bot_delay=0.01, grace=600.0, takeover=600.0,
                             handshake_timeout=1.0, frame_timeout=0.5, rate=2000.0, burst=200)
        self.server.logs_dir = logs
        self.call(self.server.start())

    def call(self, coro: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def run(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` on the server's loop (the tables are only touched there)."""
        fut: Future[Any] = Future()

        def go() -> None:
            try:
                fut.set_result(fn())
            except BaseException as e:  # handed back to the test
                fut.set_exception(e)
        self.loop.call_soon_threadsafe(go)
        return fut.result(10)

    def close(self) -> None:
        self.call(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class ErrorLog(logging.Handler):
    """Collects records of unhandled errors (those logged with a traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(self.format(record))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Table, Table, ErrorLog, str]]:
    handler = ErrorLog()
    logging.getLogger("dealmein.net").addHandler(handler)
    srv = LiveServer(tmp_path_factory.mktemp("logs"))
    save = tmp_path_factory.mktemp("saves") / "fuzzed.save"  # the autosave is fuzzed too
    fuzzed = srv.run(lambda: srv.server.create_table(TableConfig(name="fuzzed", seats=4), save_path=save))
    bystander = srv.run(lambda: srv.server.create_table(TableConfig(name="bystander", game="crazy-eights",
                                                                    seats=4)))

    async def start(table: Table, bots: range, spectator: bool) -> str:
        """Bots in ``bots``, the match started by a host who then leaves; its token."""
        from net.client import TableClient
        host = await TableClient.connect("127.0.0.1", srv.server.port, name="Host", table=table.id,
                                         host_key=table.host_key, spectator=spectator)
        for seat in bots:
            await host.add_bot(seat, "easy")
        await asyncio.sleep(0.1)
        await host.start()
        await asyncio.sleep(0.1)
        token = host.token
        await host.close()
        return token  # type: ignore[return-value]
    srv.call(start(bystander, range(4), True))
    # the fuzzed table plays too: seat 0 is a player's, whose token the fuzzers sometimes present
    seat0 = srv.call(start(fuzzed, range(1, 4), False))
    assert srv.run(lambda: (bystander.status, fuzzed.status)) == ("playing", "playing")
    try:
        yield srv, fuzzed, bystander, handler, seat0
    finally:
        srv.close()
        logging.getLogger("dealmein.net").removeHandler(handler)


# ---------------------------------------------------------------------------- a blocking client
def frame(obj: Any) -> bytes:
    body = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


class Poke:
    """One raw connection: reads what the host sends without ever blocking for long."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=2.0)
        self.reader = FrameReader()
        self.messages: list[Any] = []
        self.closed = False
        self.view: dict[str, Any] | None = None

    def drain(self, wait: float = 0.01) -> bool:
        """Read what has arrived; ``False`` once nothing more is waiting (or closed)."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.sock], [], [], wait)
        if not ready:
            return False
        try:
            data = self.sock.recv(65536)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        for body in self.reader.feed(data):
            msg = decode_body(body)
            self.messages.append(msg)
            if isinstance(msg, dict) and msg.get("type") == "view":
                self.view = msg["view"]
        return True

    def until(self, pred: Callable[[], bool], timeout: float = 2.0) -> None:
        end = time.monotonic() + timeout
        while not pred() and not self.closed and time.monotonic() < end:
            self.drain()

    def challenged(self) -> None:
        self.until(lambda: bool(self.messages))

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            self.sock.sendall(data)
        except OSError:
            self.closed = True

    def finish(self) -> None:
        """Ping and wait for the answer (or the close): everything sent has been handled. A
        server that does neither (it hangs on what it was sent) fails the example."""
        self.send(frame({"type": "ping", "n": 7}))
        answered = lambda: any(isinstance(m, dict) and m.get("type") == "pong" for m in self.messages)  # noqa: E731
        self.until(answered, timeout=10.0)
        self.sock.close()
        assert self.closed or answered(), "the server neither answered a ping nor closed the connection"


def healthy(live: tuple[LiveServer, Table, Table, ErrorLog, str]) -> None:
    """The server still answers a newcomer, and nothing went unhandled."""
    srv, _, _, handler, _ = live
    assert srv.thread.is_alive()
    p = Poke(srv.server.port)
    p.challenged()
    assert p.messages and p.messages[0]["type"] == "challenge"
    p.sock.close()
    assert not handler.records, handler.records[0]
    assert not srv.errors, srv.errors[0]


# ---------------------------------------------------------------------------- strategies
INT64 = st.integers(-(2 ** 63), 2 ** 64 - 1)
scalars = (st.none() | st.booleans() | INT64 | st.floats(allow_nan=True) | st.text(max_size=40)
           | st.binary(max_size=100))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(st.text(max_size=8) | st.integers(-5, 5), inner, max_size=6),
                      max_leaves=25)
GAME_IDS = sorted(GAMES) + ["chess", ""]
PRESETS = sorted({p for g in GAMES.values() for p in g.presets}) + ["nope"]
OPTION_NAMES = sorted({o for g in GAMES.values() for o in g.options}) + ["bogus"]
option_values = st.booleans() | st.integers(-3, 120) | st.sampled_from(["on", "off", "x", ""])
ACTIONS = ["draw", "pass", "play 5H", "play 8S", "play JD", "9C", "take", "", "q" * 300]


def typed(name: str) -> st.SearchStrategy[Any]:
    """Values of the field's own type, biased to ones that mean something to the table."""
    small = st.integers(-3, 10) | INT64
    return {
        "seat": small, "seats": st.integers(0, 12) | INT64, "version": st.integers(-1, 400) | INT64,
        "n": small, "ready": st.booleans(), "spectator": st.booleans(),
        "level": st.sampled_from(["easy", "normal", "hard", "god"]) | st.text(max_size=10),
        "game": st.sampled_from(GAME_IDS) | st.text(max_size=10),
        "preset": st.sampled_from(PRESETS) | st.text(max_size=10),
        "options": st.dictionaries(st.sampled_from(OPTION_NAMES), option_values, max_size=4),
        "action": st.sampled_from(ACTIONS) | st.text(max_size=20),
        "text": st.text(max_size=400), "name": st.text(max_size=60), "app": st.text(max_size=10),
        "table": st.none() | st.text(max_size=10), "token": st.none() | st.text(max_size=30),
        "proof": st.binary(max_size=40), "host_key": st.none() | st.text(max_size=30),
    }.get(name, values)


@st.composite
def message(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(CLIENT_MESSAGES) + ["nonsense"]))
    msg: dict[str, Any] = {"type": kind}
    for name in CLIENT_MESSAGES.get(kind, {}):
        how = draw(st.integers(0, 9))
        if how == 0:
            continue  # left out
        msg[name] = draw(values) if how == 1 else draw(typed(name))
    if draw(st.integers(0, 7)) == 0:
        msg[draw(st.text(max_size=6))] = draw(values)  # a field no message has
    return msg


# ---------------------------------------------------------------------------- the fuzz tests
@settings(FUZZ, max_examples=600)
@given(data=st.binary(max_size=3000), after_challenge=st.booleans())
def test_random_bytes(live: Any, data: bytes, after_challenge: bool) -> None:
    p = Poke(live[0].server.port)
    if after_challenge:
        p.challenged()
    p.send(data)
    p.finish()
    assert not live[3].records, live[3].records[0]  # nothing the server logged as an error


@settings(FUZZ, max_examples=600)
@given(objs=st.lists(values, min_size=1, max_size=4), hello_first=st.booleans())
def test_random_msgpack_values(live: Any, objs: list[Any], hello_first: bool) -> None:
    srv, fuzzed = live[0], live[1]
    p = Poke(srv.server.port)
    p.challenged()
    if hello_first:
        p.send(frame({"type": "hello", "version": PROTOCOL_VERSION, "app": "fuzz", "name": "F",
                      "table": fuzzed.id}))
    for obj in objs:
        try:
            p.send(frame(obj))
        except (OverflowError, ValueError, TypeError):  # not packable: nothing to send
            pass
    p.finish()
    assert not live[3].records, live[3].records[0]  # nothing the server logged as an error


@settings(FUZZ, max_examples=500)
@given(msgs=st.lists(message(), max_size=16), hello=st.integers(0, 9), host=st.booleans(),
       seated=st.booleans(), play=st.integers(0, 2 ** 32))
def test_well_formed_frames_with_random_fields_in_random_orders(live: Any, msgs: list[dict[str, Any]],
                                                                hello: int, host: bool, seated: bool,
                                                                play: int) -> None:
    srv, fuzzed, seat0 = live[0], live[1], live[4]
    rng = random.Random(play)
    p = Poke(srv.server.port)
    p.challenged()
    if hello:  # mostly past the handshake, so the table itself sees the junk
        p.send(frame({"type": "hello", "version": PROTOCOL_VERSION, "app": "fuzz", "name": f"F{hello}",
                      "table": fuzzed.id, "host_key": fuzzed.host_key if host else None,
                      "token": seat0 if seated else None}))
    for msg in msgs:
        for _ in range(1000):  # what came meanwhile (a view to act on), read before the next frame
            if not p.drain(0):
                break
        if msg["type"] == "act" and p.view and p.view.get("legal") and rng.random() < 0.7:
            msg = {"type": "act", "action": rng.choice(p.view["legal"]), "version": p.view["version"]}
        try:
            p.send(frame(msg))
        except (OverflowError, ValueError, TypeError):
            pass
    p.finish()
    assert not live[3].records, live[3].records[0]  # nothing the server logged as an error


async def saved_at_rest(table: Table) -> tuple[str, dict[str, Any] | None]:
    """The match's digest and its autosave's state, read together while the match stands still.

    The fuzzed table's bots may still be playing: a digest read after the flush, in a later turn
    of the loop, could belong to a later move than the save.
    """
    assert table.saver is not None
    for _ in range(200):
        before = state_digest(table.match)
        await table.flush()
        if state_digest(table.match) == before:
            return before, read_save(table.saver.path).state  # no await between: same state
        await asyncio.sleep(0.05)
    raise AssertionError("the fuzzed table's match never stood still for a save")


def test_after_fuzzing_matches_are_intact_and_the_other_table_finished(live: Any) -> None:
    """Runs last in this file: the outcome of all the fuzzing above."""
    srv, fuzzed, bystander, _, _ = live
    healthy(live)
    end = time.monotonic() + 30
    while srv.run(lambda: bystander.status) != "finished":
        assert time.monotonic() < end, "the bystander table never finished its match"
        time.sleep(0.1)
    for table in (fuzzed, bystander):
        if srv.run(lambda: table.match) is None:
            continue
        path, digest, actions = srv.run(lambda: (table.log_path, state_digest(table.match), table.actions))
        result = replay(path)
        assert result.ok, result.error
        assert result.match is not None and state_digest(result.match) == digest
    # every earlier match the fuzzers started on the fuzzed table replays too
    for log in sorted(srv.server.logs_dir.glob("*.jsonl")):  # type: ignore[union-attr]
        result = replay(log)
        assert result.ok, f"{log.name}: {result.error}"
    seats = srv.run(lambda: [(s.index, s.conn.seat if s.conn else s.index) for s in fuzzed.seats])
    assert all(i == j for i, j in seats)
    # and its autosave holds the very same match, unless a fuzzer holding the host key has
    # since moved the lobby on to another game or seat count: a save holds no match of another
    # table's shape (net/tablestate.py), and the lobby moves on only once the match is over
    digest, state = srv.call(saved_at_rest(fuzzed))
    assert fuzzed.saver is not None and fuzzed.saver.failures == 0
    assert state is not None
    fits, status = srv.run(lambda: ((fuzzed.match.game, fuzzed.match.players)  # type: ignore[union-attr]
                                    == (fuzzed.config.game, fuzzed.config.seats), fuzzed.status))
    if fits:
        assert state["match"] is not None and hashlib.sha256(state["match"]).hexdigest()[:16] == digest
    else:
        assert state["match"] is None and status != "playing"
    matches = len([p for p in srv.server.logs_dir.glob("*.jsonl") if fuzzed.id in p.name])  # type: ignore[union-attr]
    print(f"fuzzed table: {matches} matches, {fuzzed.actions} actions applied")
