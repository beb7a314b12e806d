"""The handshake as a host answers it (docs/protocol.md, Handshake): a hello's optional
fields given as nil, another protocol version, a solo table's host that lets in only its own
app, and a refused join as the host's log tells it. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
import re

import pytest

from net.client import ConnectError
from net.server import Server, TableConfig
from tests.net.table_helpers import FAST, join, wait_until


async def test_a_hello_whose_optional_fields_are_nil_is_one_that_leaves_them_out(server: Server) -> None:
    """docs/protocol.md, Handshake: a client whose language writes an unset field as nil sent
    ``spectator: nil`` (or ``deltas``, ``hand_break``, ``heartbeat``), and the host closed the
    connection ("field 'spectator' has the wrong type"), where a nil ``table`` or ``token`` was
    taken as none. Each is taken as left out: the player is seated, sent whole views, not
    waited for, and not watched for silence; so is a ping's ``n``."""
    from net.protocol import PROTOCOL_VERSION, FrameReader, decode_body, encode

    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    r, w = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "0.1.0", "name": "Nil", "table": None,
                        "token": None, "proof": None, "host_key": None, "spectator": None, "deltas": None,
                        "hand_break": None, "heartbeat": None}))
        frames, got = FrameReader(), []
        while not any(m["type"] in ("welcome", "error") for m in got):
            data = await asyncio.wait_for(r.read(65536), 5)
            assert data, got
            got += [decode_body(b) for b in frames.feed(data)]
        welcome = next(m for m in got if m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0, welcome
        await wait_until(lambda: table.seats[0].conn is not None, what="Nil seated")
        conn = table.seats[0].conn
        assert not conn.deltas and not conn.hand_break and conn.silent_for is None
        # a ping's ``n`` given as nil is one left out: answered with ``pong`` n 0, not closed
        w.write(encode({"type": "ping", "n": None}))
        for _ in range(20):
            if any(m["type"] in ("pong", "error") for m in got):
                break
            data = await asyncio.wait_for(r.read(65536), 5)
            assert data, got
            got += [decode_body(b) for b in frames.feed(data)]
        assert [m for m in got if m["type"] in ("pong", "error")] == [{"type": "pong", "n": 0}]
    finally:
        w.close()


async def _refused_as(server: Server, app: str) -> dict:
    """The ``error`` a host sends a hello of the next protocol version from ``app``."""
    from net.protocol import PROTOCOL_VERSION, FrameReader, decode_body, encode

    r, w = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        w.write(encode({"type": "hello", "version": PROTOCOL_VERSION + 1, "app": app, "name": "Fut"}))
        frames, got = FrameReader(), []
        while not any(m["type"] == "error" for m in got):
            data = await asyncio.wait_for(r.read(65536), 5)
            assert data, got
            got += [decode_body(b) for b in frames.feed(data)]
        return next(m for m in got if m["type"] == "error")
    finally:
        w.close()


async def test_a_hello_of_another_protocol_version_is_told_both_versions_and_its_app(server: Server) -> None:
    """docs/protocol.md, Handshake: the error names both versions and the app as it named
    itself; another client's name was put after "dealmein" ("your app (dealmein mybot 1.0)")."""
    from net.protocol import PROTOCOL_VERSION

    server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    said = f"protocol version mismatch: this host speaks version {PROTOCOL_VERSION}, your app{{}} speaks " \
           f"version {PROTOCOL_VERSION + 1}"
    assert await _refused_as(server, "0.2.0") == {"type": "error", "code": "version",
                                                  "message": said.format(" (dealmein 0.2.0)")}
    assert (await _refused_as(server, "mybot 1.0"))["message"] == said.format(" (mybot 1.0)")
    assert (await _refused_as(server, "\x1b[2J"))["message"] == said.format(" ([2J)")
    assert (await _refused_as(server, ""))["message"] == said.format("")


async def test_a_solo_tables_host_lets_in_only_the_app_with_its_host_key() -> None:
    """A solo table's server (127.0.0.1, no password) let any user of the machine watch the
    match and chat into it, the player with no chat to answer and no way to send them away. It
    refuses every connection without the table's host key, as a watcher and as a player."""
    srv = Server(host="127.0.0.1", port=0, private=True, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="solo", game="ninety-eight", seats=2, seed=1))
        me = await join(srv, "Me", table=table.id, host_key=table.host_key, reconnect=False)
        for spectator in (True, False):
            with pytest.raises(ConnectError, match="this is a solo table: no one else can play or watch at it"):
                await join(srv, "Spy", table=table.id, spectator=spectator, reconnect=False)
        assert table.lobby()["spectators"] == 0 and [s.name for s in table.seats] == ["Me", None]
        await me.close()
    finally:
        await srv.close()


async def test_a_refused_join_is_logged_with_the_name_it_gave(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    """The host's log read "127.0.0.1:45462: this table has a password; closing it" of each player
    asked for the password, and of each wrong one: whose it was went unsaid, and "closing it" read
    as the table closing."""
    import logging

    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1, password="sesame"))
    caplog.set_level(logging.INFO, logger="dealmein.net")
    for password in (None, "guess"):
        with pytest.raises(ConnectError):
            await join(server, "Gus", table=table.id, password=password, reconnect=False)
    said = [r.getMessage() for r in caplog.records if "closing the connection" in r.getMessage()]
    assert len(said) == 2 and all(re.fullmatch(r"127\.0\.0\.1:\d+ \(Gus\): .*; closing the connection", s) for s in said)
    assert said[0].endswith("(Gus): this table has a password; closing the connection")
    assert said[1].endswith("(Gus): wrong table password; closing the connection")


async def test_nothing_the_player_says_goes_on_a_connection_not_yet_welcomed() -> None:
    """A client reconnecting writes its hello on each new connection, which the host may yet
    refuse (full, a password changed): a move or a chat line written there meanwhile was lost
    without a word. Before the welcome only the handshake goes: the rest is refused at once,
    for the app to say it was not sent. A real socket on 127.0.0.1 that accepts and says nothing."""
    from net.client import TableClient

    got = bytearray()

    async def silent(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        for _ in range(100):
            data = await r.read(4096)
            if not data:
                break
            got.extend(data)
        w.close()

    srv = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    c = TableClient("127.0.0.1", port, "Ana", reconnect=False, timeout=5)
    opening = asyncio.get_running_loop().create_task(c._open())
    try:
        await wait_until(lambda: c._wire is not None, what="the connection made")
        assert not c.connected
        with pytest.raises(ConnectionError):
            await c.chat("hello seven")
        with pytest.raises(ConnectionError):
            await c.act("KH", version=0)
        await asyncio.sleep(0.2)
        assert b"hello seven" not in got and b"KH" not in got
    finally:
        opening.cancel()
        await asyncio.gather(opening, return_exceptions=True)
        srv.close()
        await srv.wait_closed()
