"""A host that quits cleanly and resumes its table later: a player whose app was told goodbye
joins the same address again and sits back down at its own seat, with its own hand
(``tui.seatkeys``). Real server, real sockets on 127.0.0.1, a real app."""
from __future__ import annotations

import json
import socket

import pytest

from net.client import TableClient
from net.server import Server, TableConfig
from net.tablestate import restore_saved
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen
from tui.seatkeys import Kept, claim, remember, seats_path

from .helpers import make_app, wait_for


@pytest.mark.parametrize("remember", [True, False], ids=["remembered", "not-remembered"])
async def test_a_seat_left_when_the_host_quit_comes_back_when_it_resumes(tmp_path, remember: bool) -> None:
    save = tmp_path / "table.save"
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    port = srv.port
    table = srv.create_table(TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=7))
    srv.autosave(table, save)
    ana = await TableClient.connect("127.0.0.1", port, name="Ana", table=table.id, host_key=table.host_key,
                                    reconnect=False)
    app = make_app()
    app.remember_seats = remember  # as in an SSH session when False
    srv2: Server | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await app.session.client.ready(True)
            await wait_for(pilot, lambda: table.seats[1].ready)
            await ana.start()
            screen = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen)
            hand = list(screen.view["hand"])
            assert hand

            # the host quits cleanly: the app is told goodbye and goes home
            await srv.close()
            await ana.close()
            await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))
            kept = json.loads(seats_path().read_text()) if seats_path().exists() else []
            assert [(e["address"], e["table"]) for e in kept] == ([(f"127.0.0.1:{port}", table.id)] if remember else [])

            # the host resumes the table on the same port; the player joins the address again
            srv2 = Server(host="127.0.0.1", port=port, bot_delay=0)
            resumed, problem = restore_saved(srv2, save)
            assert resumed is not None, problem
            await srv2.start()
            resumed.resume()
            app.join_address(f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.client is not None
                           and app.session.client.lobby is not None)
            if remember:
                back = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen)
                assert app.session.seat == 1
                assert back.view["seat"] == 1 and back.view["hand"] == hand
                assert resumed.seats[1].conn is not None and not resumed.seats[1].standin
                assert json.loads(seats_path().read_text()) == []  # claimed: one app per seat
            else:
                assert app.session.seat is None  # a newcomer: the seat waits for a token that never comes
                assert resumed.seats[1].conn is None
            await app.leave_table()
    finally:
        if srv2 is not None:
            await srv2.close()
        await srv.close()


async def test_a_join_that_fails_keeps_the_seat_under_its_own_table(tmp_path) -> None:
    """Joining by address takes out the newest seat left there; when the host is not back yet
    the join fails and the seat is kept again, still under the table it was left at, so a
    later join naming that table finds it."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    address = f"127.0.0.1:{probe.getsockname()[1]}"
    probe.close()  # nothing listens there now: the join is refused
    remember(address, "t9", "tok-9")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.join_table(address)
        await pilot.pause()
        assert app.session is None
        assert [n.message for n in app._notifications if n.message.startswith(f"Could not join {address}")]
    kept = json.loads(seats_path().read_text())
    assert [(e["address"], e["table"], e["token"]) for e in kept] == [(address, "t9", "tok-9")]
    assert claim(address, "t9") == Kept("t9", "tok-9")
