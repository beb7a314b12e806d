"""The table between matches, and its front door, over real sockets on 127.0.0.1: a newcomer
in a seat whose player left sees the finished match as a watcher (never that player's last
hand); a lobby moved on to another game saves and restores; option values are kept as the
engine reads them; wrong passwords stop being tried after a few; a player's way back through
a host that is full for a moment does not end for good; a player back after the grace ran
out is told a bot keeps the seat until the match ends."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

from net.client import ConnectError
from net.lockout import Lockout
from net.server import Server, TableConfig
from net.tablestate import restore_saved

from .table_helpers import FAST, RandomPlayer, dealt, join, next_update, wait_until


async def _play_out(table, *clients) -> None:
    players = [RandomPlayer(c, i) for i, c in enumerate(clients)]
    await wait_until(lambda: table.status == "finished", timeout=30, what="the match over")
    for p in players:
        await p.stop()


async def test_a_newcomer_in_a_departed_players_seat_sees_the_finished_match_as_a_watcher(server: Server) -> None:
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=7,
                                            options={"scoring": "single"}))
    host = await join(server, "Host", table=table.id, host_key=table.host_key, spectator=True)
    bo = await join(server, "Bo", table=table.id)
    cy = await join(server, "Cy", table=table.id)
    for c in (bo, cy):
        await c.ready(True)
    await wait_until(lambda: all(s.ready for s in table.seats), what="both ready")
    await host.start()
    await _play_out(table, bo, cy)
    holder = next(i for i in range(2) if table.match.view(i)["hand"])  # the winner keeps its cards
    leaver, stayer = ((bo, cy) if holder == 0 else (cy, bo))
    assert leaver.seat == holder
    await leaver.close()
    await wait_until(lambda: table.seats[holder].empty, what="the seat open")
    eve = await join(server, "Eve", table=table.id)
    try:
        assert eve.seat == holder
        await wait_until(lambda: eve.view is not None, what="Eve's view")
        assert eve.view["is_over"] and eve.view["seat"] is None  # type: ignore[index]
        assert not eve.view.get("hand")  # type: ignore[union-attr]
        # who played the match and drops, back with its token, still sees its seat's last view
        seat = stayer.seat
        stayer.drop_connection()
        await next_update(stayer, "connection", timeout=10, pred=lambda u: u["state"] == "connected")
        view = (await next_update(stayer, "view"))["view"]  # the one sent on its way back
        assert view["seat"] == seat and view["hand"] == table.match.view(seat)["hand"]
    finally:
        for c in (eve, stayer, host):
            await c.close()


async def test_a_lobby_moved_on_to_another_game_saves_and_restores(tmp_path: Path) -> None:
    """After a Ninety-Eight match the host picks Crazy Eights for three: the save no longer
    pairs the finished match with a table it was not played at, so it restores, in the lobby."""
    save = tmp_path / "table.save"
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=3,
                                             options={"scoring": "single"}), save_path=save)
        host = await join(srv, "Ana", table=table.id, host_key=table.host_key)
        await host.add_bot(1, "easy")
        await wait_until(lambda: table.seats[1].bot is not None, what="the bot")
        await host.start()
        await _play_out(table, host)
        await host.configure(game="crazy-eights", seats=3)
        await wait_until(lambda: table.config.game == "crazy-eights" and len(table.seats) == 3, what="the new setup")
        await table.flush()
        await host.close()
    finally:
        await srv.close()
    again = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await again.start()
    try:
        restored, problem = restore_saved(again, save, keep=True)
        assert problem is None and restored is not None
        assert (restored.status, restored.config.game, len(restored.seats)) == ("lobby", "crazy-eights", 3)
        assert restored.match is None
    finally:
        await again.close()


async def test_option_values_are_kept_as_the_engine_reads_them(server: Server) -> None:
    """A value the engine takes with blanks around it (" 50 ") is kept as 50: what every
    player's lobby shows stays small and passes the apps' checks."""
    table = server.create_table(TableConfig(name="t", seats=2, options={"limit": " 60 "}))
    assert table.config.options == {"limit": 60}
    host = await join(server, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    try:
        await host.configure(options={"limit": " " * 300 + "50", "teams": " OFF "})
        await wait_until(lambda: table.config.options.get("limit") == 50, what="the new options")
        assert table.config.options == {"limit": 50, "teams": "off"}
        await wait_until(lambda: (bo.lobby or {}).get("options") == {"limit": 50, "teams": "off"},
                         what="Bo's lobby")
        assert bo.connected and host.connected  # nobody was cut off by the lobby
    finally:
        await bo.close()
        await host.close()


def test_the_lockout_counts_wrong_passwords_by_address() -> None:
    lock = Lockout(most=3, window=60.0, addresses=2)
    for _ in range(2):
        lock.failed("10.0.0.1")
    assert not lock.locked("10.0.0.1")
    lock.failed("10.0.0.1")
    assert lock.locked("10.0.0.1") and not lock.locked("10.0.0.2")
    lock.failed("10.0.0.2")
    lock.failed("10.0.0.3")  # a third address: the one remembered longest goes
    assert not lock.locked("10.0.0.1")
    quick = Lockout(most=1, window=0.05)
    quick.failed("a")
    assert quick.locked("a")
    time.sleep(0.06)
    assert not quick.locked("a")  # its failure is older than the window


async def test_wrong_passwords_stop_being_tried_after_a_few(server: Server) -> None:
    """After three wrong passwords in the window even the right one is refused (``locked``,
    saying why); once the window has passed it gets in."""
    server.lockout = Lockout(most=3, window=1.0)
    table = server.create_table(TableConfig(name="t", seats=2, password="sesame"))
    for guess in ("open", "please", "sesam"):
        try:
            await join(server, "Mallory", table=table.id, password=guess, reconnect=False)
        except ConnectError as e:
            assert e.code == "bad_password"
        else:
            raise AssertionError("a wrong password got in")
    try:
        await join(server, "Ana", table=table.id, password="sesame", reconnect=False)
    except ConnectError as e:
        assert e.code == "locked" and "too many wrong passwords" in e.message
    else:
        raise AssertionError("the address was not locked out")
    assert not any(s.name for s in table.seats)  # nobody sat down
    await asyncio.sleep(1.05)
    ana = await join(server, "Ana", table=table.id, password="sesame", reconnect=False)
    try:
        assert ana.seat == 0
    finally:
        await ana.close()


async def test_a_player_comes_back_through_a_host_full_for_a_moment() -> None:
    """Bo's link drops while idle connections fill the host; they are shed at the handshake
    deadline, and Bo's client, which keeps trying, gets its seat back instead of giving up."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "max_connections": 4, "handshake_timeout": 0.5})  # type: ignore[arg-type]
    await srv.start()
    idle: list[asyncio.StreamWriter] = []
    try:
        table = srv.create_table(TableConfig(name="t", seats=2))
        host = await join(srv, "Ana", table=table.id, host_key=table.host_key)
        bo = await join(srv, "Bo", table=table.id, reconnect_for=20)
        for _ in range(2):
            idle.append((await asyncio.open_connection("127.0.0.1", srv.port))[1])
        await wait_until(lambda: len(srv.connections) == 4, what="a full host")
        bo.drop_connection()
        await wait_until(lambda: len(srv.connections) == 3, what="Bo's connection gone")
        idle.append((await asyncio.open_connection("127.0.0.1", srv.port))[1])  # takes Bo's place
        await next_update(bo, "connection", timeout=10, pred=lambda u: u["state"] == "connected")
        assert bo.connected and bo.seat == 1 and table.seats[1].conn is not None
        await bo.close()
        await host.close()
    finally:
        for w in idle:
            w.close()
        await srv.close()


async def test_a_seat_kept_by_a_bot_for_a_departed_player_opens_when_the_match_ends(tmp_path: Path) -> None:
    """docs/protocol.md: a player who does not come back within the grace, or who is kicked, has
    the seat kept by a normal bot for the rest of the match; then it opens for a newcomer. It
    used to stay a bot for good, so no one could sit there, and a table every player had left
    was all bots with no way to start again. A save made meanwhile keeps what the seat is."""
    save = tmp_path / "table.save"
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 0.2, "bot_delay": 0.02})  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=3, seed=4), save_path=save)
        host = await join(srv, "Ana", table=table.id, host_key=table.host_key)
        bo = await join(srv, "Bo", table=table.id)
        cy = await join(srv, "Cy", table=table.id)
        for c in (bo, cy):
            await c.ready(True)
        await wait_until(lambda: all(s.ready for s in table.seats[1:]), what="both ready")
        players = [RandomPlayer(host, 0)]
        await dealt(table, host)
        await host.kick(2)  # Cy is sent away
        await wait_until(lambda: table.seats[2].bot == "normal", what="Cy's seat kept by a bot")
        await bo.close()  # and Bo is gone for good: the grace runs out in play
        await wait_until(lambda: table.seats[1].bot == "normal", what="Bo's seat kept by a bot")
        assert table.status == "playing"
        assert [table.seats[i].name for i in (1, 2)] == ["Bo", "Cy"]
        await table.flush()
        again, why = restore_saved(Server(host="127.0.0.1", port=0), save, keep=True)
        assert again is not None, why
        assert [s.keeper for s in again.seats] == [False, True, True]
        assert again.seats[1].gone == table.seats[1].gone is not None  # Bo is told, after a restart too
        await wait_until(lambda: table.status == "finished", timeout=30, what="the match over")
        for p in players:
            await p.stop()
        await wait_until(lambda: table.seats[1].empty and table.seats[2].empty, what="both seats open")
        eve = await join(srv, "Eve", table=table.id)
        try:
            assert eve.seat == 1
            await wait_until(lambda: [s.get("name") for s in (host.lobby or {})["seats"]][1] == "Eve",
                             what="the host told of Eve")
        finally:
            await eve.close()
        await host.close()
    finally:
        await srv.close()


async def test_a_watching_key_holders_rematch_waits_for_everyone_ready(server: Server) -> None:
    """docs/protocol.md, Starting a match: without a playing host a rematch starts once every
    seated player is ready again; a host key holder who only watches is refused (`not_ready`)
    until then, as its `start` is. It used to start the rematch at once."""
    server.start_delay = 0.2
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=7,
                                            options={"scoring": "single"}))
    host = await join(server, "Host", table=table.id, host_key=table.host_key, spectator=True)
    bo = await join(server, "Bo", table=table.id)
    cy = await join(server, "Cy", table=table.id)
    try:
        for c in (bo, cy):
            await c.ready(True)
        await wait_until(lambda: table.status == "playing", timeout=10, what="the match, started by itself")
        await _play_out(table, bo, cy)
        await host.rematch()
        refused = await next_update(host, "error", timeout=5)
        assert refused["code"] == "not_ready" and "not ready" in refused["message"]
        assert table.status == "finished"
        await bo.ready(True)
        await host.rematch()
        assert (await next_update(host, "error", timeout=5))["code"] == "not_ready"
        await cy.ready(True)
        await wait_until(lambda: table.status == "playing", timeout=10, what="the rematch")
    finally:
        for c in (host, bo, cy):
            await c.close()


async def test_a_second_connection_with_the_host_key_leaves_the_seated_host_the_host(server: Server) -> None:
    """The lobby marks the seat of the host (`host`); a watcher who also presents the host key
    (the host's own second terminal) used to take that mark, and the token a resume gives back
    to the host, from the seated host."""
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=7))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    try:
        await wait_until(lambda: (ana.lobby or {}).get("seats", [{}])[0].get("host") is True, what="Ana the host")
        token = table.host_token
        watcher = await join(server, "Ana too", table=table.id, host_key=table.host_key, spectator=True)
        try:
            await next_update(ana, "lobby", timeout=5, pred=lambda u: u["lobby"]["spectators"] == 1)
            assert ana.lobby["seats"][0]["host"] is True and table.host_token == token  # type: ignore[index]
        finally:
            await watcher.close()
    finally:
        await ana.close()


async def test_a_player_back_after_the_grace_is_told_a_bot_keeps_the_seat_until_the_match_ends() -> None:
    """docs/protocol.md, Reconnecting: a player whose connection dropped and who comes back
    after the grace ran out watches, and the table tells them alone why and until when; once
    the match is over they sit down again. They used to sit as a watcher with no word."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 0.3})  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=7,
                                             options={"scoring": "single"}))
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
        bo = await join(srv, "Bo", table=table.id, reconnect=False)  # an app that is gone a while
        await bo.ready(True)
        await wait_until(lambda: table.seats[1].ready, what="Bo ready")
        await ana.start()
        await wait_until(lambda: bo.view is not None, what="Bo's first view")
        token = bo.token
        bo.drop_connection()
        await wait_until(lambda: table.seats[1].bot == "normal", what="the grace over")
        back = await join(srv, "Bo", table=table.id, token=token)
        said = await next_update(back, "chat", pred=lambda u: u.get("system") is True)
        assert back.seat is None and said["text"] == (
            "You were away longer than 0.3 s: a bot plays your seat (seat 2) for the rest of this match; "
            "you can sit down again when it ends.")
        await _play_out(table, ana)
        await wait_until(lambda: table.seats[1].empty, what="the seat open")
        await back.sit(1)
        await wait_until(lambda: back.seat == 1, what="Bo seated again")
        await ana.close()
        await back.close()
    finally:
        await srv.close()


async def test_a_join_with_no_password_is_asked_for_one_and_is_no_guess(server: Server) -> None:
    """docs/security.md: a join with no proof (an app's first try, before it asks its player)
    is refused saying the table has a password, and is not counted as a wrong one: after more
    of them than the lockout allows, the right password still gets in."""
    server.lockout = Lockout(most=2, window=60.0)
    table = server.create_table(TableConfig(name="t", seats=2, password="sesame"))
    for _ in range(3):
        try:
            await join(server, "Ana", table=table.id, reconnect=False)
        except ConnectError as e:
            assert (e.code, e.message) == ("bad_password", "this table has a password")
        else:
            raise AssertionError("no password got in")
    ana = await join(server, "Ana", table=table.id, password="sesame", reconnect=False)
    try:
        assert ana.seat == 0
    finally:
        await ana.close()
    try:  # a wrong one still says so, and counts
        await join(server, "Mallory", table=table.id, password="open", reconnect=False)
    except ConnectError as e:
        assert (e.code, e.message) == ("bad_password", "wrong table password")
    else:
        raise AssertionError("a wrong password got in")


async def test_one_who_comes_back_to_a_lobby_set_up_anew_gets_the_lobby_not_the_match_before(server: Server) -> None:
    """After a match the host sets the table up anew (2 seats of 3): the table is back in its
    lobby. A player who dropped and came back got the finished match's view all the same, and
    their app showed that match over again, its seats named "Seat 3"; now the lobby alone."""
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=3, seed=5,
                                            options={"scoring": "single"}))
    host = await join(server, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    await host.add_bot(2, "easy")
    await bo.ready(True)
    await wait_until(lambda: table.seats[2].bot is not None and table.seats[1].ready, what="a full table")
    await host.start()
    await _play_out(table, host, bo)
    await host.configure(seats=2)
    await wait_until(lambda: table.status == "lobby" and len(table.seats) == 2, what="the new setup")
    token = bo.token
    await bo.close()
    await wait_until(lambda: table.seats[1].conn is None, what="Bo gone")
    back = await join(server, "Bo", table=table.id, token=token)
    try:
        update = await next_update(back, "lobby")
        assert update["lobby"]["status"] == "lobby" and back.seat == 1
        await asyncio.sleep(0.3)  # what else comes on joining has come by now
        assert back.view is None
    finally:
        await back.close()
        await host.close()
