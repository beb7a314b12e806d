"""Play over real sockets: stale and illegal actions, reconnects, bot takeover, handshake refusals."""
from __future__ import annotations

import asyncio
import time
from typing import Any, AsyncIterator

import pytest

from net.client import ConnectError, TableClient
from net.protocol import PROTOCOL_VERSION, SERVER_MESSAGES, FrameReader, check, decode_body, encode
from net.server import Server, TableConfig

from .table_helpers import FAST, RandomPlayer, join, next_update, wait_until


async def two_seat_match(srv: Server, **config: Any) -> tuple[Any, TableClient, TableClient]:
    table = srv.create_table(TableConfig(seats=2, seed=3, **config))
    host = await join(srv, "Ana", host_key=table.host_key, table=table.id)
    bo = await join(srv, "Bo", table=table.id)
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="Bo ready")
    await host.start()
    await wait_until(lambda: host.view is not None and bo.view is not None, what="first views")
    return table, host, bo


def to_act(table: Any, *clients: TableClient) -> tuple[TableClient, TableClient]:
    cur = table.match.current_seat
    me = next(c for c in clients if c.seat == cur)
    other = next(c for c in clients if c.seat != cur)
    return me, other


async def test_stale_action_is_refused(server: Server) -> None:
    table, host, bo = await two_seat_match(server)
    me, other = to_act(table, host, bo)
    before = table.match.snapshot()
    await me.act(me.view["legal"][0], version=me.view["version"] + 5)
    err = await next_update(me, "error")
    assert err["code"] == "stale" and table.match.snapshot() == before
    v0 = me.view["version"]
    await me.act(me.view["legal"][0])
    await wait_until(lambda: other.view["version"] == v0 + 1, what="the play reaching the other seat")
    # the other seat now answers the old view: refused, nothing applied
    after = table.match.snapshot()
    await other.act(other.view["legal"][0] if other.view["legal"] else "draw", version=v0)
    assert (await next_update(other, "error"))["code"] == "stale"
    assert table.match.snapshot() == after and table.match.version == v0 + 1
    await host.close()
    await bo.close()


async def test_illegal_action_is_refused_with_state_unchanged(server: Server) -> None:
    table, host, bo = await two_seat_match(server)
    me, other = to_act(table, host, bo)
    before = table.match.snapshot()
    views_before = (me.view, other.view)
    not_mine = next(c for c in table.match.hand(other.seat) if c not in me.view["hand"])
    for action in (not_mine, "draw", "ZZ", "K" * 200):
        await me.act(action)
        err = await next_update(me, "error")
        assert err["code"] == "illegal", action
    await other.act(other.view["legal"][0] if other.view["legal"] else "7S")  # not its turn
    assert (await next_update(other, "error"))["code"] == "illegal"
    await asyncio.sleep(0.05)
    assert table.match.snapshot() == before
    assert (me.view, other.view) == views_before, "no view was sent for a refused action"
    await host.close()
    await bo.close()


async def test_spectator_cannot_act(server: Server) -> None:
    table, host, bo = await two_seat_match(server)
    eye = await join(server, "Eye", table=table.id, spectator=True)
    await wait_until(lambda: eye.view is not None, what="spectator view")
    assert eye.view["hand"] == [] and eye.view["seat"] is None
    await eye.act("AS")
    assert (await next_update(eye, "error"))["code"] == "not_seated"
    for c in (host, bo, eye):
        await c.close()


async def test_disconnect_and_automatic_reconnect_restores_the_same_hand(server: Server) -> None:
    table, host, bo = await two_seat_match(server)
    hand, seat, token, version = bo.view["hand"], bo.seat, bo.token, bo.view["version"]
    assert hand == table.match.hand(1)
    # after a quiet spell: the drop's lobby goes at once, not merged with the comeback's
    await asyncio.sleep(server.lobby_every * 2)
    bo._wire.transport.abort()  # type: ignore[union-attr]  # the link drops without a goodbye
    assert (await next_update(bo, "connection"))["state"] == "reconnecting"
    # the host is told that Bo is away, and the seat stays Bo's
    await next_update(host, "lobby", pred=lambda u: u["lobby"]["seats"][1]["name"] == "Bo"
                      and not u["lobby"]["seats"][1]["connected"])
    assert (await next_update(bo, "connection"))["state"] == "connected"
    view = await next_update(bo, "view")
    assert (bo.seat, bo.token) == (seat, token)
    assert view["view"]["hand"] == hand and view["view"]["version"] == version
    await wait_until(lambda: host.lobby["seats"][1]["connected"], what="Bo back in the lobby")
    me, _ = to_act(table, host, bo)
    await me.act(me.view["legal"][0])
    await wait_until(lambda: table.match.version == version + 1, what="play after reconnect")
    await host.close()
    await bo.close()


#: the takeover wait of ``quick_takeover``: one the test measures, short enough to watch it end
TAKEOVER = 1.0


@pytest.fixture
async def quick_takeover() -> AsyncIterator[Server]:
    srv = Server(**{**FAST, "takeover": TAKEOVER, "grace": 10.0})  # type: ignore[arg-type]
    await srv.start()
    yield srv
    await srv.close()


async def test_bot_takes_over_after_the_wait_and_hands_back(quick_takeover: Server) -> None:
    srv = quick_takeover
    table = srv.create_table(TableConfig(seats=2, seed=8, options={"lives": 9}))
    host = await join(srv, "Ana", host_key=table.host_key)
    bo = await join(srv, "Bo", reconnect=False)
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="ready")
    token = bo.token
    ana = RandomPlayer(host, seed=1, pause=0.01)
    await host.start()
    await wait_until(lambda: bo.view is not None, what="Bo's first view")
    dropped = time.monotonic()  # the takeover wait starts once the host sees the drop: after this
    bo._wire.transport.abort()  # type: ignore[union-attr]  # Bo's link drops
    m = table.match
    await wait_until(lambda: m.current_seat == 1, what="Bo's turn", timeout=5)
    v = m.version
    # only seat 1 can act at version v, so a new version is the stand-in's play
    await wait_until(lambda: m.version > v, what="the stand-in bot's play", timeout=6)
    # the table waits for Bo: nothing is played for seat 1 before the wait is over
    assert time.monotonic() - dropped >= TAKEOVER, "the table waits before a bot plays"
    assert table.seats[1].standin and table.seats[1].bot is None, "a stand-in, not a new bot"
    back = await join(srv, "Bo", token=token)
    assert back.seat == 1
    await wait_until(lambda: back.view is not None, what="view after return")
    assert back.view["hand"] == m.hand(1)
    assert not table.seats[1].standin, "handed back"
    if m.is_over:  # pragma: no cover - lives 9 keeps the match going long enough
        pytest.fail("the match ended before the hand-back could be checked")
    await wait_until(lambda: m.current_seat == 1, what="Bo's turn again", timeout=5)
    v = m.version
    await asyncio.sleep(1.3)  # longer than the takeover wait: no bot plays for a present player
    assert m.version == v
    await back.act(back.view["legal"][0])
    await wait_until(lambda: m.version == v + 1, what="Bo's own play")
    await ana.stop()
    await host.close()
    await back.close()


async def test_grace_over_frees_lobby_seat_and_gives_playing_seat_to_a_bot() -> None:
    # 1 s of grace: a busy machine's look at the held seat still falls inside it
    srv = Server(**{**FAST, "grace": 1.0, "takeover": 5.0})  # type: ignore[arg-type]
    await srv.start()
    try:
        lobby = srv.create_table(TableConfig(seats=2))
        host = await join(srv, "Ana", host_key=lobby.host_key, table=lobby.id)
        bo = await join(srv, "Bo", table=lobby.id, reconnect=False)
        bo._wire.transport.abort()  # type: ignore[union-attr]
        await asyncio.sleep(0.05)
        assert lobby.seats[1].name == "Bo", "held during the grace period"
        await wait_until(lambda: lobby.seats[1].empty, what="seat freed after grace")
        await host.close()

        table, host, bo = await two_seat_match(srv)
        token = bo.token
        bo.reconnect = False  # this app does not come back by itself
        bo._wire.transport.abort()  # type: ignore[union-attr]
        await wait_until(lambda: table.seats[1].bot == "normal", what="bot after grace")
        late = await join(srv, "Bo", token=token, table=table.id)
        assert late.seat is None, "the seat is no longer held"
        await host.close()
        await late.close()
    finally:
        await srv.close()


async def test_wrong_password_refused_and_password_never_sent(server: Server) -> None:
    table = server.create_table(TableConfig(password="s3cret"))
    for pw in ("nope", None, ""):
        with pytest.raises(ConnectError) as e:
            await join(server, "Eve", password=pw)
        assert e.value.code == "bad_password"
    # the password itself in the hello, in clear, is no proof
    r, w = await asyncio.open_connection("127.0.0.1", server.port)
    reader = FrameReader()
    w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "x", "name": "Eve",
                    "password": "s3cret"}))
    got: list[dict[str, Any]] = []
    for _ in range(100):  # a challenge and an error, then the close
        data = await asyncio.wait_for(r.read(4096), 5)
        if not data:
            break
        got += [check(decode_body(b), SERVER_MESSAGES) for b in reader.feed(data)]
    assert [m["type"] for m in got] == ["challenge", "error"] and got[1]["code"] == "bad_password"
    w.close()
    ok = await join(server, "Ana", password="s3cret")
    assert ok.seat == 0 and ok.lobby["password"] is True
    await ok.close()
    await wait_until(lambda: not table.conns and table.seats[0].empty, what="a clean goodbye frees the seat")


async def test_version_mismatch_names_both_versions(server: Server) -> None:
    server.create_table(TableConfig())
    with pytest.raises(ConnectError) as e:
        await join(server, "Old", version=PROTOCOL_VERSION + 1)
    assert e.value.code == "version"
    assert f"version {PROTOCOL_VERSION}," in e.value.message
    assert f"version {PROTOCOL_VERSION + 1}" in e.value.message
    assert len(server.connections) == 0


async def test_goodbye_mid_match_hands_the_seat_to_a_bot_at_once(server: Server) -> None:
    """A player who says goodbye is not waited for (the takeover wait here is 5 s)."""
    table, host, bo = await two_seat_match(server, options={"lives": 9})
    token = bo.token
    ana = RandomPlayer(host, seed=4)
    await bo.close()
    await wait_until(lambda: table.seats[1].standin, what="stand-in", timeout=2.5)
    await wait_until(lambda: table.match.version >= 6 or table.match.is_over,
                     what="play going on without Bo", timeout=2.5)
    assert table.seats[1].token == token, "the seat is still held for Bo's return"
    await ana.stop()
    await host.close()


async def test_a_token_the_client_brings_becomes_its_own_and_brings_its_seat_back(server: Server) -> None:
    """A client may keep its own token (an SSH guest's app does): a well-formed token that holds
    no seat becomes the connection's, its seat carries it, and after a drop a new connection with
    it sits back in that seat. One too short or with other characters is not taken: the host's
    own token is given instead."""
    table = server.create_table(TableConfig(seats=3, seed=5))
    mine = "k" * 10 + "Q-_9" * 5 + "xy"  # 32 URL-safe characters
    ana = await join(server, "Ana", token=mine, reconnect=False)
    assert ana.token == mine and table.seats[0].token == mine
    for bad in ("short", "s" * 21, "x" * 30 + " !", "y" * 65):
        other = await join(server, "Bad", token=bad, reconnect=False)
        assert other.token != bad and len(other.token) == 22
        assert all(s.token != bad for s in table.seats)
        await other.close()
    ana._wire.transport.abort()  # type: ignore[union-attr]  # the link drops without a goodbye
    await wait_until(lambda: table.seats[0].away, what="Ana away")
    back = await join(server, "Ana", token=mine)
    assert back.seat == 0 and back.token == mine
    assert sum(1 for s in table.seats if s.token is not None) == 1
    await back.close()


async def test_a_port_nothing_listens_on_is_said_in_words() -> None:
    """`dealmein join` to a port with no table: the reason a player reads names the cause and
    what to check, not the socket's errno and tuple."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free again once closed: nothing listens there
    with pytest.raises(ConnectError) as e:
        await TableClient.connect("127.0.0.1", port, name="Ana", reconnect=False, timeout=5)
    assert e.value.code == "unreachable"
    assert e.value.message == (f"cannot reach 127.0.0.1:{port}: nothing answers on that port (connection "
                               "refused): is the table open, and is that its port?")
