"""Watchers back after a host stopped dead and was resumed: no app at the table, the host's own
included, says they left and came again; one really gone is said to have gone a short while
after the players are back. And a chat line said at once from a seat just taken is not shown
as the line of whoever the last lobby sat there."""
from __future__ import annotations

import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import pytest

from net.client import TableClient
from net.savefile import read_save, save_path
from net.server import Server, TableConfig
from tests.net.table_helpers import FAST, join
from tui.app import DealMeInApp
from tui.screens.lobby import LobbyScreen

from .helpers import host_two_seats, join_lobby, make_app, someone_elses_table, wait_for
from .test_comings import stop_dead_and_resume


def _said(session: Any) -> list[str]:
    """What the table itself said in the session's chat."""
    return [text for name, text, _system in session.chat_log if name == "Table"]


def _seated(session: Any, seat: int, name: str) -> bool:
    seats = (session.lobby or {}).get("seats") or []
    return seat < len(seats) and seats[seat].get("name") == name and seats[seat].get("connected") is True


async def test_the_hosts_own_app_resumed_from_its_save_says_nothing_of_the_watchers_back() -> None:
    """The host's app stops dead with Bob seated and Cy watching; a fresh app resumes the table
    from its save, and Bob's and Cy's apps come back by themselves. The host's chat said "Cy
    starts watching." as if Cy were new (the save held no watchers, and every other app kept
    quiet); someone who comes to watch for the first time is still told."""
    async with _closing_all(bind="127.0.0.1", port=0) as (app, clients, _servers):
        app.settings.name = "Ana"
        async with app.run_test(size=(100, 30)) as pilot:
            await host_two_seats(app, pilot)
            session = app.session
            srv, table, port = session.server, session.table, session.server.port
            for name, watching in (("Bob", False), ("Cy", True)):  # their apps reconnect by themselves
                clients.append(await TableClient.connect("127.0.0.1", port, name=name, spectator=watching,
                                                         timeout=5.0))
            await wait_for(pilot, lambda: "Cy starts watching." in _said(session))

            def saved() -> Any:
                state = read_save(save_path(port), keep=True).state
                return state is not None and state.get("watchers") == ["Cy"] and state["seats"][1]["name"] == "Bob"

            await wait_for(pilot, saved)
            table.close()  # stopped dead: no goodbye, no save more
            srv._server.close()
            for conn in list(srv.connections):
                conn.transport.abort()
            await wait_for(pilot, lambda: all(not c.connected for c in clients))
        fresh = make_app(bind="127.0.0.1", port=0)
        fresh.settings.name = "Ana"
        async with fresh.run_test(size=(100, 30)) as pilot:
            fresh.resume_table(save_path(port), solo=False)
            lobby = await wait_for(pilot, lambda: isinstance(fresh.screen, LobbyScreen) and fresh.screen)
            session = fresh.session
            assert session.server.port == port
            await wait_for(pilot, lambda: _seated(session, 1, "Bob") and (session.lobby or {}).get("watchers") == ["Cy"])
            await wait_for(pilot, lambda: "Watching: Cy" in str(lobby.query_one("#lobby-info").render()))
            di = await TableClient.connect("127.0.0.1", port, name="Di", spectator=True, reconnect=False)
            clients.append(di)
            await wait_for(pilot, lambda: "Di starts watching." in _said(session))
            assert not any("Cy" in line for line in _said(session)), _said(session)
            await fresh.leave_table()


@asynccontextmanager
async def _closing_all(**app: Any) -> AsyncIterator[tuple[DealMeInApp, list[TableClient], list[Server]]]:
    """An app (``make_app(**app)``, not yet running) and the lists a test puts the clients and
    hosts it opens beside it in: every one of them closed at the end, whatever happened."""
    clients: list[TableClient] = []
    servers: list[Server] = []
    try:
        yield make_app(**app), clients, servers
    finally:
        for client in clients:
            await client.close()
        for server in servers:
            await server.close()


async def _resumed_table(app: Any, pilot: Any, watcher: str) -> tuple[Any, Server, Server, Any, TableClient, float]:
    """A host with Ana seated (she holds the host key) and ``watcher`` watching; the app joins
    it, the host stops dead and is resumed on the same port, and Ana's app comes back: (the
    session, the first host, the second, the resumed table, Ana's client now, the clock's time
    as she set out to come back: the app cannot have seen her back before it)."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="Ana's table", seats=3))
    srv2 = Server(host="127.0.0.1", port=srv.port, **FAST)  # type: ignore[arg-type]
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
    await join_lobby(app, pilot, srv.port)
    session = app.session
    w = await join(srv, watcher, table=table.id, spectator=True, reconnect=False)
    await wait_for(pilot, lambda: f"{watcher} starts watching." in _said(session))
    resumed = await stop_dead_and_resume(pilot, session, srv, srv2, table)
    await w.close()
    await ana.close()
    setting_out = time.monotonic()
    ana = await join(srv2, "Ana", table=table.id, host_key=table.host_key, token=ana.token, reconnect=False)
    await wait_for(pilot, lambda: session.client.connected and _seated(session, 0, "Ana"))
    return session, srv, srv2, resumed, ana, setting_out


async def test_a_watcher_back_a_moment_after_the_players_says_nothing() -> None:
    """The host is resumed and the seated players' apps are back before the watcher's: the
    chat said "Bo stops watching." as the players were back, and "Bo starts watching." when
    Bo's app came a moment later."""
    async with _closing_all() as (app, others, srvs):
        async with app.run_test(size=(80, 24)) as pilot:
            session, srv, srv2, resumed, ana, _ = await _resumed_table(app, pilot, "Bo")
            srvs += [srv, srv2]
            others.append(ana)
            await pilot.pause(1.0)  # a moment, and lobbies, with every player back and Bo not
            others.append(await join(srv2, "Bo", table=resumed.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: (session.lobby or {}).get("watchers") == ["Bo"])
            others.append(await join(srv2, "Cy", table=resumed.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: "Cy starts watching." in _said(session))
            assert [line for line in _said(session) if "Bo" in line] == ["Bo starts watching."]
            await app.leave_table()


async def test_a_watcher_not_back_a_while_after_the_players_is_said_to_have_gone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait for the watchers after a resume is bounded by the players' return: once they are
    back, a watcher whose app has not come ``WATCHERS_BACK_WITHIN`` later has gone, and is said
    to, long before this app would give up reconnecting."""
    import tui.watchwait

    monkeypatch.setattr(tui.watchwait, "WATCHERS_BACK_WITHIN", 2.0)
    async with _closing_all() as (app, others, srvs):
        async with app.run_test(size=(80, 24)) as pilot:
            session, srv, srv2, _resumed, ana, setting_out = await _resumed_table(app, pilot, "Bo")
            srvs += [srv, srv2]
            others.append(ana)
            assert session.client.reconnect_for >= 60  # the reconnect window is not what ends it
            await wait_for(pilot, lambda: "Bo stops watching." in _said(session), timeout=10)
            assert time.monotonic() - setting_out >= 2.0  # held for the lag from when Ana was back
            assert [line for line in _said(session) if "Bo" in line] == ["Bo starts watching.", "Bo stops watching."]
            await app.leave_table()


async def test_a_line_said_from_a_seat_just_taken_is_not_shown_as_its_last_players() -> None:
    """Cy leaves seat 3 and a watcher who also calls herself Ana sits there and talks at once,
    while the host paces its lobbies: the line brings the lobby that seats her before it, and
    reads as the lobby names her ("Ana 2"), never "Cy: ...". A host of an older version sent
    the line first: the app then names it by the seat it came from ("Ana (seat 3)"). The seated
    Ana's and a watcher's lines read as before."""
    async with someone_elses_table(TableConfig(name="Ana's table", seats=3)) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await join_lobby(app, pilot, srv.port)
            session = app.session
            cy = await join(srv, "Cy", table=table.id)
            other_ana = await join(srv, "Ana", table=table.id, spectator=True)
            try:
                await wait_for(pilot, lambda: _seated(session, 2, "Cy") and session.lobby.get("watchers") == ["Ana"])
                srv.lobby_every = 60.0  # the next lobby is a minute away but for what the chat brings
                held = dict(session.lobby)  # the lobby that still seats Cy
                await cy.close()
                await other_ana.sit(2)
                await wait_for(pilot, lambda: table.seats[2].name == "Ana" and other_ana.seat == 2)
                await other_ana.chat("hello from seat 3")
                await ana.chat("hello from seat 1")
                await wait_for(pilot, lambda: any(text == "hello from seat 1" for _n, text, _s in session.chat_log))
                assert _seated(session, 2, "Ana")  # the lobby came with the line
                lines = [(name, text) for name, text, system in session.chat_log if not system]
                assert lines == [("Ana 2", "hello from seat 3"), ("Ana", "hello from seat 1")]
                await other_ana.stand()
                await wait_for(pilot, lambda: other_ana.seat is None)
                await other_ana.chat("watching again")
                # named as the lobby that came with the line lists her: "Watching: Ana 2"
                await wait_for(pilot, lambda: ("Ana 2 (watching)", "watching again", False) in session.chat_log)
                # an older host: the line from the seat just taken comes before its lobby
                session._on_update({"type": "lobby", "lobby": held})
                session._on_update({"type": "chat", "name": "Ana", "seat": 2, "text": "ahead of the lobby"})
                assert ("Ana (seat 3)", "ahead of the lobby", False) in session.chat_log
                await app.leave_table()
            finally:
                await other_ana.close()
                await cy.close()
