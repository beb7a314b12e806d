"""What the host sends after each action, built cheaply: the engine's ``views`` for every seat
at once, views sent as changes to the last one (``delta``), and reads into the shared receive
buffer. Each must be exactly what the plain way gives."""
from __future__ import annotations

import asyncio
import random
import struct
from typing import Any

import msgpack
import pytest

from core import GAMES, new_match
from net.client import TableClient
from net.protocol import MAX_FRAME, FrameReader, ProtocolError, decode_body, encode
from net.server import Server, TableConfig
from net.viewframes import view_frame

from .table_helpers import host_sending, join, seated_table, until_goodbye, wait_until

CASES = [(g, p) for g in sorted(GAMES) for p in sorted(GAMES[g].presets)]


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal key for key, in the same order, down to the bytes on the wire (0 is not False)."""
    return a == b and list(a) == list(b) and msgpack.packb(a) == msgpack.packb(b)


@pytest.mark.parametrize("game,preset", CASES)
def test_views_equal_each_seats_own_view(game: str, preset: str) -> None:
    """``Match.views`` builds what the seats share once; each view is still ``view(seat)``."""
    m = new_match(game, 4, preset, {}, seed=3)
    rng = random.Random(1)
    seats: list[int | None] = [None, 0, 1, 2, 3]
    checked = 0
    while True:
        views = m.views(seats + [2])  # a seat asked twice gets one view
        assert list(views) == seats
        for s in seats:
            assert same(views[s], m.view(s))
            checked += 1
        if m.is_over or checked > 2000:
            break
        moves = [(s, a) for s in range(4) for a in m.legal_actions(s)]
        s, a = rng.choice(moves)
        m.apply(a, s)
    assert checked > 50


def test_views_refuse_a_seat_that_does_not_exist() -> None:
    from core.errors import IllegalAction

    m = new_match("ninety-eight", 4, seed=1)
    with pytest.raises(IllegalAction):
        m.views([0, 4])


def test_view_frame_sends_only_what_changed() -> None:
    base = {"version": 1, "hand": ["AS"], "total": 0, "pile": [], "flag": False}
    view = {"version": 2, "hand": ["AS"], "total": False, "pile": ["2H"], "flag": False}
    msg = decode_body(view_frame(view, base, [{"kind": "play", "seat": 0}])[4:])
    # 0 == False in Python, but the client must end up with False: a type change is a change
    assert msg == {"type": "delta", "changes": {"version": 2, "total": False, "pile": ["2H"]},
                   "events": [{"kind": "play", "seat": 0}]}
    assert decode_body(view_frame(view, None, [])[4:]) == {"type": "view", "view": view, "events": []}


def test_view_frame_marks_a_bots_move_for_a_player() -> None:
    """docs/protocol.md, ``view``: ``bot`` on the frame of a move a bot made for a player, in a
    ``delta`` as in a whole ``view``, and on no other."""
    base = {"version": 1, "total": 0}
    view = {"version": 2, "total": 9}
    events = [{"kind": "play", "seat": 1}]
    assert decode_body(view_frame(view, base, events, bot=True)[4:]) == {
        "type": "delta", "changes": view, "events": events, "bot": True}
    assert decode_body(view_frame(view, None, events, bot=True)[4:])["bot"] is True
    assert "bot" not in decode_body(view_frame(view, base, events)[4:])
    assert "bot" not in decode_body(view_frame(view, None, events)[4:])


def test_view_frame_sends_a_whole_view_when_the_keys_differ() -> None:
    """A new game's views have other keys: no changes against the old game's view."""
    view = {"version": 0, "a": 1, "b": 2}
    for base in ({"version": 5, "a": 1}, {"version": 5, "a": 1, "c": 2}, {"version": 5, "a": 1, "b": 2, "c": 3}):
        msg = decode_body(view_frame(view, base, [])[4:])
        assert msg["type"] == "view" and msg["view"] == view


@pytest.fixture
async def fast_server() -> Any:
    """No rate limit to speak of: the test below acts as fast as the views come back."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.0, rate=100_000.0, burst=100_000,
                 match_logs=False)
    await srv.start()
    try:
        yield srv
    finally:
        await srv.close()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_view_of_every_seat_arrives_whole(fast_server: Server, game: str) -> None:
    """Four seats and a spectator taking changes, and a spectator taking whole views: at every
    version of a match (its first 300 actions at most) each has exactly ``Match.view`` of its
    seat."""
    server = fast_server
    table, clients = await seated_table(server, TableConfig(name="d", game=game, seats=4, seed=7),
                                        humans=4)
    full = await join(server, "Full", table=table.id, spectator=True, deltas=False)
    spectator = await join(server, "Eye", table=table.id, spectator=True)
    frames: dict[str, list[str]] = {"Full": [], "Eye": []}
    for name, c in (("Full", full), ("Eye", spectator)):
        _count_kinds(c, frames[name])
    watchers = clients + [full, spectator]
    await clients[0].start()
    rng = random.Random(2)
    versions = 0
    while True:
        await wait_until(lambda: table.match is not None, what="the match")
        m = table.match
        assert m is not None
        await wait_until(lambda: all(c.view is not None and c.view["version"] == m.version
                                     for c in watchers), what=f"every view of version {m.version}")
        for c in watchers:
            assert c.view is not None and same(c.view, m.view(c.seat)), (c.name, m.version)
        versions += 1
        if m.is_over or versions > 300:
            break
        s, action = rng.choice([(s, a) for s in range(4) for a in m.legal_actions(s)])
        version = m.version
        await clients[s].act(str(action), version)
        await wait_until(lambda: m.version > version, what=f"{action} applied")
    assert versions == m.version + 1 > 10
    assert all(c.connected for c in watchers)
    assert set(frames["Full"]) == {"view"}
    assert frames["Eye"][0] == "view" and set(frames["Eye"][1:]) == {"delta"}
    for c in watchers:
        await c.close()


def _count_kinds(c: TableClient, kinds: list[str]) -> None:
    """Record the type of every view frame ``c`` receives, as sent (before it becomes a view)."""
    handle = c._on_message

    def spy(msg: dict[str, Any]) -> None:
        if msg["type"] in ("view", "delta"):
            kinds.append(msg["type"])
        handle(msg)

    c._on_message = spy  # type: ignore[method-assign]


async def test_a_reconnected_client_gets_a_whole_view_then_changes(server: Server) -> None:
    """The host's new connection has sent nothing yet: its first view is whole, whatever the
    client held before."""
    table, clients = await seated_table(server, TableConfig(name="r", seats=4, seed=3), humans=4)
    await clients[0].start()
    await wait_until(lambda: all(c.view is not None for c in clients), what="views")
    m = table.match
    assert m is not None

    async def step() -> None:
        s, version = m.current_seat, m.version
        assert s is not None
        await clients[s].act(str(m.legal_actions(s)[0]), version)
        await wait_until(lambda: all(c.view is not None and c.view["version"] == version + 1
                                     for c in clients), what=f"the views of version {version + 1}")

    for _ in range(3):
        await step()
    c = clients[1]
    kinds: list[str] = []
    _count_kinds(c, kinds)
    old = c.view
    c.drop_connection()
    await wait_until(lambda: c.connected and c.view is not old, what="the view after reconnecting")
    assert same(c.view, m.view(1)) and m.version == 3  # type: ignore[arg-type]
    await step()
    assert same(c.view, m.view(1))  # type: ignore[arg-type]
    assert kinds == ["view", "delta"]
    for c in clients:
        await c.close()


async def test_changes_before_any_view_are_a_bad_frame() -> None:
    """A host that sends changes to a view the client never had is broken: the client drops
    the connection rather than invent a view."""
    got_bye = asyncio.Event()

    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(encode({"type": "challenge", "version": 1, "nonce": b"n" * 16}))
        (size,) = struct.unpack(">I", await reader.readexactly(4))
        hello = decode_body(await reader.readexactly(size))
        assert hello["deltas"] is True
        writer.write(encode({"type": "welcome", "table": "t", "seat": 0, "token": "x", "host": False}))
        writer.write(encode({"type": "lobby", "lobby": {"table": "t"}}))
        await asyncio.sleep(0.05)
        writer.write(encode({"type": "delta", "changes": {"version": 3}, "events": []}))
        await reader.read()  # until the client closes
        got_bye.set()
        writer.close()

    srv = await asyncio.start_server(host, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    try:
        c = await TableClient.connect("127.0.0.1", port, name="A", reconnect=False, timeout=5)
        updates = []

        async def collect() -> None:
            async for u in c.updates():
                updates.append(u)

        await asyncio.wait_for(collect(), 5)
        await asyncio.wait_for(got_bye.wait(), 5)
        assert c.view is None
        assert [u["type"] for u in updates][-1] == "connection" and updates[-1]["state"] == "closed"
        assert not any(u["type"] == "view" for u in updates)
    finally:
        srv.close()
        await srv.wait_closed()


@pytest.mark.parametrize("garble", ["view", "delta", "event"])
async def test_a_view_the_app_cannot_show_ends_the_connection_with_the_reason(garble: str) -> None:
    """A host whose view has a card that is not a card (or whose changes make one) is told
    goodbye: the client hangs up naming what was wrong, keeps the last good view, does not
    come back for more, and no screen is handed the bad view."""
    good = new_match("ninety-eight", 2, seed=4).view(0)
    bad = {**good, "version": good["version"] + 1, "hand": ["ZZ", *good["hand"][1:]]}
    frames: list[dict[str, Any]] = [{"type": "view", "view": good, "events": []}]
    if garble == "view":
        frames.append({"type": "view", "view": bad, "events": []})
    elif garble == "delta":
        frames.append({"type": "delta", "changes": {"version": bad["version"], "hand": bad["hand"]}, "events": []})
    else:  # a good view whose events name a card that is not one
        frames.append({"type": "view", "view": {**good, "version": bad["version"]},
                       "events": [{"kind": "play", "seat": 1, "card": "ZZ"}]})
    srv, port, hung_up = await host_sending(frames)
    try:
        c, updates = await until_goodbye(port, hung_up)
        assert c.view == good  # the bad one was never taken
        assert [u["view"] for u in updates if u["type"] == "view"] == [good]
        last = updates[-1]
        assert last["type"] == "connection" and last["state"] == "closed"
        assert "cannot show" in last["reason"]
        assert ("events[0].card: expected a card" if garble == "event" else "hand[0]: expected a card") in last["reason"]
        await asyncio.sleep(0.3)
        assert srv.connections == [1]  # no reconnecting to the same view
    finally:
        srv.close()
        await srv.wait_closed()


# ---------------------------------------------------------------------------- the shared buffer
def _read(reader: FrameReader, data: bytes) -> list[Any]:
    """What a buffered protocol does: the transport reads into the buffer, then ``received``."""
    buf = reader.buffer()
    buf[:len(data)] = data
    return [decode_body(b) for b in reader.received(len(data))]


def test_frames_split_across_reads_into_the_shared_buffer() -> None:
    """Two connections read in turn into one buffer: each keeps its own unfinished frame."""
    a_msgs = [{"type": "chat", "text": "a" * n} for n in (0, 5, 3000, 70)]
    b_msgs = [{"type": "chat", "text": "b" * n} for n in (1, 2000, 9)]
    a_stream = b"".join(encode(m) for m in a_msgs)
    b_stream = b"".join(encode(m) for m in b_msgs)
    for step in (1, 5, 333, 4096):
        ra, rb = FrameReader(), FrameReader()
        out_a: list[Any] = []
        out_b: list[Any] = []
        for i in range(0, max(len(a_stream), len(b_stream)), step):
            if a_stream[i:i + step]:
                out_a += _read(ra, a_stream[i:i + step])
            if b_stream[i:i + step]:
                out_b += _read(rb, b_stream[i:i + step])
        assert out_a == a_msgs and out_b == b_msgs
        assert ra.pending == rb.pending == 0


def test_the_shared_buffer_refuses_an_oversized_frame_before_its_body() -> None:
    reader = FrameReader()
    with pytest.raises(ProtocolError) as e:
        _read(reader, struct.pack(">I", MAX_FRAME + 1) + b"x" * 10)
    assert e.value.code == "too_large"
    assert len(FrameReader.buffer()) >= MAX_FRAME + 4  # one read can hold a whole frame


async def test_frames_of_one_turn_go_out_in_one_write_in_order(server: Server) -> None:
    """What the host sends while handling one read is written once, at the end of that turn of
    the event loop, in order; a close still sends what was queued before it."""
    table = server.create_table(TableConfig(name="w", seats=4))
    r, w = await asyncio.open_connection("127.0.0.1", server.port)

    async def read() -> dict[str, Any]:
        (size,) = struct.unpack(">I", await asyncio.wait_for(r.readexactly(4), 5))
        return decode_body(await r.readexactly(size))

    assert (await read())["type"] == "challenge"
    w.write(encode({"type": "hello", "version": 1, "app": "t", "name": "W", "table": table.id}))
    # a table without a host at it also says in the chat what starts its match
    assert [(await read())["type"] for _ in range(3)] == ["welcome", "lobby", "chat"]
    conn = next(c for c in server.connections if c.name == "W")
    assert conn.transport is not None
    writes: list[int] = []
    real_write = conn.transport.write

    def counting_write(data: bytes) -> None:
        writes.append(len(data))
        real_write(data)

    conn.transport.write = counting_write  # type: ignore[method-assign]
    w.write(b"".join(encode({"type": "ping", "n": n}) for n in range(5)))
    assert [(await read())["n"] for _ in range(5)] == [0, 1, 2, 3, 4]
    assert len(writes) == 1
    # a second hello is a protocol error: the error is queued, then the connection closed
    w.write(encode({"type": "ping", "n": 9}) + encode({"type": "hello", "version": 1, "app": "t",
                                                       "name": "W"}))
    assert await read() == {"type": "pong", "n": 9}
    err = await read()
    assert err["type"] == "error" and err["code"] == "handshake"
    assert await asyncio.wait_for(r.read(), 5) == b""  # closed
    w.close()
