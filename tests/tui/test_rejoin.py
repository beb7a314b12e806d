"""A host that quits cleanly and resumes its table later: a player whose app was told goodbye
joins the same address again and sits back down at its own seat, with its own hand
(``tui.seatkeys``). Real server, real sockets on 127.0.0.1, a real app."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from pathlib import Path

import pytest

from net.client import TableClient
from net.server import Server, TableConfig
from net.table import Table
from net.tablestate import restore_saved
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen
from tui.seatkeys import Kept, claim, remember, seats_path

from ..net.table_helpers import wait_until
from .helpers import current, make_app, notices, seated_and_dealt, wait_for


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
            screen = await seated_and_dealt(app, pilot, port, table, ana)
            hand = list(screen.view["hand"])
            assert hand

            # the host quits cleanly: the app is told goodbye and goes home
            await srv.close()
            await ana.close()
            await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))
            kept = json.loads(seats_path().read_text()) if seats_path().exists() else []
            assert [(e["address"], e["table"]) for e in kept] == ([(f"127.0.0.1:{port}", table.id)] if remember else [])
            if remember:  # as an app that joined by another spelling of the address kept it
                seats_path().write_text(json.dumps([{**e, "address": f"LocalHost.:{port}"} for e in kept]))

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
                back = await wait_for(pilot, lambda: current(app, TableScreen))
                assert app.session.seat == 1
                assert back.view["seat"] == 1 and back.view["hand"] == hand
                assert resumed.seats[1].conn is not None and not resumed.seats[1].standin
                # claimed, and kept again as held by this app while it sits there (one app per seat)
                assert [(e["token"], e.get("holder")) for e in json.loads(seats_path().read_text())] \
                    == [(resumed.seats[1].token, os.getpid())]
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
        assert [n.message for n in app._notifications if n.message.startswith("Could not join") and address in n.message]
    kept = json.loads(seats_path().read_text())
    assert [(e["address"], e["table"], e["token"]) for e in kept] == [(address, "t9", "tok-9")]
    assert claim(address, "t9") == Kept("t9", "tok-9")


async def hosted_by_ana(seats: int) -> tuple[Server, Table, TableClient]:
    """A real server on 127.0.0.1 with Ana's Ninety-Nine table, Ana connected as its host."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table = srv.create_table(TableConfig(name="Ana's table", game="ninety-nine", seats=seats, seed=7))
    ana = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id, host_key=table.host_key,
                                    reconnect=False)
    return srv, table, ana


#: an app in a process of its own: joins the address, takes its seat, says it is ready and
#: waits to be killed (at most a minute)
CRASHING_APP = """
import asyncio, sys
sys.path.insert(0, sys.argv[2])
from tui.app import DealMeInApp

async def main(address):
    app = DealMeInApp(bot_delay=0, mdns=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.join_address(address)
        for _ in range(2000):
            if app.session is not None and app.session.seat is not None:
                break
            await pilot.pause(0.01)
        await app.session.client.ready(True)
        print("seated", app.session.seat, flush=True)
        await asyncio.sleep(60)

asyncio.run(main(sys.argv[1]))
"""


async def test_an_app_killed_at_the_table_gets_its_seat_back_when_started_again(tmp_path) -> None:
    """An app that ends without closing (here: SIGKILL mid-match) writes nothing as it dies, so
    the seat is kept from the moment it sits down, held by its process (``seatkeys.hold``); the
    next app to join that address sits back down at that seat, with its hand."""
    srv, table, ana = await hosted_by_ana(2)
    address = f"127.0.0.1:{srv.port}"
    root = str(Path(__file__).resolve().parents[2])
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", CRASHING_APP, address, root,
                                                 stdout=asyncio.subprocess.PIPE)
    app = make_app()
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), 60)
        assert line.decode().split() == ["seated", "1"]
        kept = json.loads(seats_path().read_text())
        assert [(e["address"], e["table"], e["token"], e["holder"]) for e in kept] \
            == [(address, table.id, table.seats[1].token, child.pid)]
        assert claim(address, table.id) is None  # that app still sits there: nobody else takes it
        watcher = make_app()  # another app of this player's joins meanwhile: it watches, and is told why
        async with watcher.run_test(size=(80, 24)) as pilot:
            watcher.join_address(address)
            await wait_for(pilot, lambda: watcher.session is not None and watcher.session.lobby is not None)
            assert watcher.session.seat is None
            held = (f"Your seat at this table is held by another Deal Me In that is still running (process "
                    f"{child.pid}): you watch here until it leaves the table.")
            await wait_for(pilot, lambda: held in notices(watcher))  # told as the welcome is read: a moment on
            await watcher.leave_table()
        await ana.start()
        await wait_until(lambda: table.match is not None, 10, "the match")
        hand = table.match.hand(1)

        child.kill()  # no goodbye, no closing: the process is gone
        await asyncio.wait_for(child.wait(), 10)
        await wait_until(lambda: table.seats[1].conn is None, 10, "the seat left by the dead app")

        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(address)
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            back = await wait_for(pilot, lambda: current(app, TableScreen))
            assert back.view["seat"] == 1 and back.view["hand"] == hand
            assert table.seats[1].conn is not None
            await app.leave_table()
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
        await ana.close()
        await srv.close()


async def test_the_seat_held_follows_the_player_from_seat_to_seat_and_goes_when_it_stands() -> None:
    """The seat kept for a crash is the one the app sits in now: moving seats keeps the new one
    instead, standing up forgets it, and leaving the table as a spectator leaves nothing."""
    srv, table, ana = await hosted_by_ana(3)
    address = f"127.0.0.1:{srv.port}"
    app = make_app()

    def held() -> list[tuple[int | None, str]]:
        kept = json.loads(seats_path().read_text()) if seats_path().exists() else []
        return [(e.get("holder"), e["token"]) for e in kept if e["address"] == address]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(address)
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await wait_for(pilot, lambda: held() == [(os.getpid(), table.seats[1].token)])
            await app.session.client.sit(2)
            await wait_for(pilot, lambda: app.session.seat == 2)
            await wait_for(pilot, lambda: held() == [(os.getpid(), table.seats[2].token)])
            await app.session.client.stand()
            await wait_for(pilot, lambda: app.session.seat is None)
            await wait_for(pilot, lambda: held() == [])
            await app.leave_table()
            assert held() == []
    finally:
        await ana.close()
        await srv.close()


@pytest.mark.parametrize("key_again", [True, False], ids=["key-given-again", "key-kept"])
async def test_the_host_key_holder_gets_its_seat_back_when_the_table_resumes(tmp_path, key_again: bool) -> None:
    """A player who runs a headless table with its host key (``dealmein join --host-key``) sits
    at it like any other: its seat comes back after the host restarts with ``--resume``, and
    with it the lobby, whether the key is given again or not (it was kept with the seat)."""
    save = tmp_path / "table.save"
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    port = srv.port
    table = srv.create_table(TableConfig(name="Headless", game="ninety-nine", seats=2, seed=7))
    srv.autosave(table, save)
    app = make_app()
    srv2: Server | None = None
    bob = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{port}", host_key=table.host_key)
            await wait_for(pilot, lambda: app.session is not None and app.session.seat is not None
                           and app.session.is_host)
            mine = app.session.seat
            bob = await TableClient.connect("127.0.0.1", port, name="Bob", table=table.id, reconnect=False)
            await bob.ready(True)
            await wait_for(pilot, lambda: all(s.ready or s.conn is None or s.conn.is_host for s in table.seats))
            await app.session.client.start()
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            hand = list(screen.view["hand"])

            await srv.close()
            await bob.close()
            await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))

            srv2 = Server(host="127.0.0.1", port=port, bot_delay=0)
            resumed, problem = restore_saved(srv2, save)
            assert resumed is not None, problem
            await srv2.start()
            resumed.resume()
            kept = json.loads(seats_path().read_text())
            assert [(e["table"], e.get("host_key")) for e in kept] == [(table.id, table.host_key)]
            app.join_address(f"127.0.0.1:{port}", host_key=table.host_key if key_again else None)
            # the table may open before the join hands the app its session: a match in play
            # sends its view as the player sits down, while the join is still returning
            back = await wait_for(pilot, lambda: app.session is not None and isinstance(app.screen, TableScreen)
                                  and app.screen)
            assert app.session.seat == mine and app.session.is_host
            assert back.view["seat"] == mine and back.view["hand"] == hand
            await app.leave_table()
    finally:
        if srv2 is not None:
            await srv2.close()
        await srv.close()


async def test_a_host_key_kept_for_a_table_no_longer_there_does_not_stop_a_join() -> None:
    """A seat kept with a host key at an address where another table runs now (that host
    started afresh): the key is refused there, and the player joins as anyone would, not
    turned away by a key they did not give."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="New", game="ninety-eight", seats=2))
        remember(f"127.0.0.1:{srv.port}", None, "old-token", host_key="not-this-tables-key")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat is not None)
            assert not app.session.is_host and app.session.client.table == table.id
            # the kept seat was claimed, once: the file holds the seat the app sits in now
            kept = json.loads(seats_path().read_text())
            assert [(e["token"], e.get("host_key")) for e in kept] == [(app.session.client.token, None)]
            await app.leave_table()
    finally:
        await srv.close()


async def test_a_seats_file_that_cannot_be_read_is_said_at_a_join_and_left_as_it_is() -> None:
    """``seats.json`` that is not a list of seats may hold seats kept at other tables: a join
    says so once, claims nothing from it and writes nothing over it (it was counted empty and
    replaced)."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    srv.create_table(TableConfig(name="Ana's table", seats=2))
    junk = b'[{"address": "10.0.0.5:7098", "table": "abcd", "token": "IMPORTANT", "ti'
    seats_path().parent.mkdir(parents=True, exist_ok=True)
    seats_path().write_bytes(junk)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 0)
            said = [n.message for n in app._notifications if n.title == "Seats kept"]
            assert len(said) == 1 and said[0].startswith("seats.json: not a list of seats (")
            await app.leave_table()
            app.join_address(f"127.0.0.1:{srv.port}")  # said once a run
            await wait_for(pilot, lambda: app.session is not None and app.session.seat is not None)
            assert len([n for n in app._notifications if n.title == "Seats kept"]) <= 1
            await app.leave_table()
        assert seats_path().read_bytes() == junk
    finally:
        await srv.close()
