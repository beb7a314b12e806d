"""The turn clock (``TableConfig.turn_time``): a player at the table who does not move in time
has a bot finish that turn, the seat stays theirs, and a player who moves in time is never
moved for. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from net.seatnames import numbered
from net.server import Server, TableConfig
from net.tableconfig import TURN_TIME_RANGE, turn_time_problem
from net.tablestate import restore_table, table_state

from .table_helpers import FAST, RandomPlayer, chat_lines, collect, dealt, join, seated_table, wait_until

OUT_OF_TIME = "ran out of time: a bot moved for them"


async def test_a_player_who_does_not_move_is_moved_for_and_keeps_the_seat(server: Server) -> None:
    # 2 s: the check that nobody moves early keeps a second of slack on a busy machine
    table, (ana, bo) = await seated_table(server, TableConfig(name="Clock", seats=2, seed=5, turn_time=2), 2)
    assert ana.lobby["turn_time"] == 2
    got: list[list[dict[str, Any]]] = [[], []]
    watches = [asyncio.get_running_loop().create_task(collect(c, g)) for c, g in zip((ana, bo), got)]
    try:
        m = await dealt(table, ana)
        first, version = m.current_seat, m.version
        await asyncio.sleep(0.8)
        assert (m.current_seat, m.version) == (first, version), "nobody moves before the clock runs out"
        await wait_until(lambda: m.version > version, timeout=5, what="the clock's move")
        # the other player reads the seat's name; the player moved for reads that it was them
        name = f"P{first}"
        await wait_until(lambda: f"{name} {OUT_OF_TIME}." in chat_lines(got[1 - first]), what="the table saying so")
        await wait_until(lambda: "You ran out of time: a bot moved for you." in chat_lines(got[first]),
                         what="the player told")
        assert not any(OUT_OF_TIME in line for line in chat_lines(got[first]))
        # nobody moves: each move comes on the clock, and the seats stay the players'
        await wait_until(lambda: m.version >= version + 3 or m.is_over, timeout=14, what="more moves on the clock")
        assert [s["bot"] for s in table.lobby()["seats"]] == [None, None]
        # the hand so far marks each as a bot's move made for its player (one back in a new app reads so)
        if not m.is_over:
            assert [move.get("bot") for move in table.hand.told(None) if move["version"] > version]
            assert all(move.get("bot") is True for move in table.hand.told(None) if move["version"] > version)
        assert ana.connected and bo.connected and table.seats[0].conn is not None
    finally:
        for w in watches:
            w.cancel()
        for c in (ana, bo):
            await c.close()


async def test_out_of_time_a_bot_finishes_the_turn_not_one_move_a_clock(server: Server) -> None:
    """docs/protocol.md, "Turn clock": a Crazy Eights player out of time who has no card to play
    (seed 3: the first to move must draw, rules 3.4) has the draws and the play that ends the
    turn made at once, not one move each time the clock runs out again; one line says so."""
    table, (ana, bo) = await seated_table(
        server, TableConfig(name="Draws", game="crazy-eights", seats=2, seed=3, turn_time=2), 2)
    got: list[dict[str, Any]] = []
    watch = asyncio.get_running_loop().create_task(collect(ana, got))
    try:
        m = await dealt(table, ana)
        first, version = m.current_seat, m.version
        assert [str(a) for a in m.legal_actions(first)] == ["draw"]
        hand = m.hand_number
        await wait_until(lambda: m.version > version, timeout=5, what="the clock's first move")
        # the turn passes well within the next clock (2 s), however many cards it takes
        await wait_until(lambda: m.current_seat != first or m.hand_number != hand or m.is_over,
                         timeout=1.5, what="the turn finished at once")
        assert m.version - version >= 2, "a draw and then the play"
        told = [move for move in table.hand.told(None) if move["version"] > version]
        assert told and all(move.get("bot") is True for move in told)
        name = f"P{first}"
        await wait_until(lambda: f"{name} {OUT_OF_TIME}." in chat_lines(got) or first == 0, what="the line")
        assert sum(OUT_OF_TIME in line or "You ran out of time" in line for line in chat_lines(got)) == 1
        assert [s["bot"] for s in table.lobby()["seats"]] == [None, None]
    finally:
        watch.cancel()
        for c in (ana, bo):
            await c.close()


async def test_a_move_of_their_own_ends_the_bots_turn_for_them() -> None:
    """The bot finishing a turn paces its moves as the bots do (``bot_delay``, 1 s here): the
    player back in that pause moves for themselves, and the bot makes no more of that turn."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "bot_delay": 1.0})  # type: ignore[arg-type]
    await srv.start()
    table, clients = await seated_table(
        srv, TableConfig(name="Back", game="crazy-eights", seats=2, seed=3, turn_time=3), 2)
    try:
        m = await dealt(table, clients[0])
        first, version = m.current_seat, m.version
        mover = clients[first]
        await wait_until(lambda: m.version > version, timeout=6, what="the clock's draw")
        assert m.current_seat == first, "seed 3: the card drawn first does not play"
        drawn = m.version
        await wait_until(lambda: mover.view is not None and mover.view["version"] == drawn, what="the view")
        await mover.act(mover.view["legal"][0], drawn)
        await wait_until(lambda: m.version > drawn, what="their own move")
        theirs = m.version
        await asyncio.sleep(1.6)  # past the bot's pause, short of a new clock (3 s)
        assert m.version == theirs
        assert table.hand.told(None)[-1].get("bot") is None
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_out_of_time_the_bot_also_makes_the_manual_draw(server: Server) -> None:
    """Ninety-Nine with the manual draw (rules 5.1): the bot that plays for a player out of time
    also draws for them, as ``normal`` always does, before the next seat plays; they do not play
    on a card short for having stepped away."""
    table, (ana, bo) = await seated_table(
        server, TableConfig(name="Chips", game="ninety-nine", preset="manual-draw", seats=2, seed=4,
                            turn_time=2), 2)
    try:
        m = await dealt(table, ana)
        first, version = m.current_seat, m.version
        held = len(m.hand(first))
        await wait_until(lambda: m.version > version, timeout=5, what="the clock's play")
        await wait_until(lambda: len(m.hand(first)) == held or m.hand_number != 1 or m.is_over,
                         timeout=1.5, what="the draw made for them")
        assert m.version == version + 2 and m.current_seat != first
        assert not m.legal_actions(first)
    finally:
        for c in (ana, bo):
            await c.close()


async def test_players_who_move_in_time_are_never_moved_for(server: Server) -> None:
    table, clients = await seated_table(server, TableConfig(name="Brisk", game="crazy-eights", seats=3, seed=8,
                                                            preset="draw-one", turn_time=1), 2, {2: "easy"})
    got: list[dict[str, Any]] = []
    watch = asyncio.get_running_loop().create_task(collect(clients[1], got))
    players = [RandomPlayer(c, i, pause=0.05) for i, c in enumerate(clients)]
    try:
        await clients[0].start()
        await wait_until(lambda: table.actions >= 20 or table.status == "finished", timeout=30, what="20 moves")
        assert not [line for line in chat_lines(got) if OUT_OF_TIME in line]
        assert [p.errors for p in players] == [[], []]
    finally:
        watch.cancel()
        for p in players:
            await p.stop()
        for c in clients:
            await c.close()


async def test_without_a_clock_the_table_waits(server: Server) -> None:
    table, (ana, bo) = await seated_table(server, TableConfig(name="Patient", seats=2, seed=5), 2)
    await dealt(table, ana)
    version = table.match.version
    await asyncio.sleep(1.5)
    assert table.match.version == version
    for c in (ana, bo):
        await c.close()


@pytest.mark.parametrize("value", [-1, TURN_TIME_RANGE[1] + 1, True, 2.5, "60"])
def test_a_turn_clock_out_of_range_is_refused(value: Any) -> None:
    assert turn_time_problem(value) is not None
    with pytest.raises(ValueError, match="turn clock"):
        Server().create_table(TableConfig(turn_time=value))  # type: ignore[arg-type]


async def test_the_host_sets_the_clock_in_the_lobby_and_a_save_keeps_it(server: Server) -> None:
    table, (ana,) = await seated_table(server, TableConfig(name="Set", seats=2), 1)
    got: list[dict[str, Any]] = []
    watch = asyncio.get_running_loop().create_task(collect(ana, got))
    try:
        await ana.configure(turn_time=TURN_TIME_RANGE[1] + 1)
        await wait_until(lambda: any(u["type"] == "error" and u["code"] == "bad_config" for u in got),
                         what="the refusal")
        assert table.config.turn_time == 0
        await ana.configure(turn_time=45)
        await wait_until(lambda: (ana.lobby or {}).get("turn_time") == 45, what="the lobby")
        assert table.config.game == "ninety-eight" and table.config.preset == "standard"
        back = restore_table(server, table_state(table))
        assert back.config.turn_time == 45
        old = table_state(table)
        del old["config"]["turn_time"]  # a save from before the clock: none
        assert restore_table(server, old).config.turn_time == 0
    finally:
        watch.cancel()
        await ana.close()


async def test_a_clock_that_runs_out_while_the_last_clock_move_is_still_worked_out_still_moves(
        server: Server) -> None:
    """The bots think in the event loop's thread pool. With the pool busy, the move for one
    player who ran out of time waits there; that player moves meanwhile, and the next one's
    clock runs out too. That second clock must still move for its player once the pool frees:
    it used to be dropped, and the table waited on that player for good."""
    import os
    import time

    table, (ana, bo) = await seated_table(server, TableConfig(name="Clock", seats=2, seed=5, turn_time=1), 2)
    loop = asyncio.get_running_loop()
    try:
        m = await dealt(table, ana)
        first, version = m.current_seat, m.version
        mover = ana if ana.seat == first else bo
        workers = min(32, (os.cpu_count() or 1) + 4)  # the default executor's size (ThreadPoolExecutor)
        busy = [loop.run_in_executor(None, time.sleep, 2.5) for _ in range(workers)]  # each worker, 2.5 s
        await wait_until(lambda: table._clock.task is not None, timeout=3, what="the first clock running out")
        await wait_until(lambda: mover.view is not None and mover.view["version"] == version, what="the view")
        await mover.act(mover.view["legal"][0], version)  # moves itself while the bot's move waits
        await wait_until(lambda: m.version > version, what="the player's own move")
        second, after = m.current_seat, m.version
        assert second != first
        await asyncio.gather(*busy)
        await wait_until(lambda: m.version > after or m.is_over, timeout=5, what="the second clock's move")
        assert (m.current_seat, m.version) != (second, after)
    finally:
        for c in (ana, bo):
            await c.close()


async def test_the_line_names_the_seat_as_the_table_does_where_two_players_share_a_name(server: Server) -> None:
    """Two players called Ana read "Ana" and "Ana 2" everywhere at the table: the clock's line
    names the one it moved for the same way, so the other can tell who it was."""
    table = server.create_table(TableConfig(name="Twins", seats=2, seed=5, turn_time=1))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    twin = await join(server, "Ana", table=table.id)
    got: list[list[dict[str, Any]]] = [[], []]
    watches = [asyncio.get_running_loop().create_task(collect(c, g)) for c, g in zip((ana, twin), got)]
    try:
        await twin.ready(True)
        await wait_until(lambda: table.lobby()["seats"][1]["ready"], what="the twin ready")
        await dealt(table, ana)
        shown = numbered([s["name"] for s in table.lobby()["seats"]])
        assert shown == ["Ana", "Ana 2"]
        # nobody moves: the clock moves for each in turn, the second seat within two turns
        await wait_until(lambda: f"Ana 2 {OUT_OF_TIME}." in chat_lines(got[0]), timeout=8,
                         what="the first Ana told of the second, by the seat's name")
        assert f"Ana {OUT_OF_TIME}." not in chat_lines(got[0])
    finally:
        for w in watches:
            w.cancel()
        for c in (ana, twin):
            await c.close()


async def test_a_view_sent_on_joining_mid_turn_says_what_is_left_of_the_clock(server: Server) -> None:
    """docs/protocol.md, ``view``: a connection that joins in mid-turn is sent the view with
    ``clock``, the seconds left on the clock of the seat to move; the views every connection is
    sent as a move is made carry none (the clock starts afresh with them)."""
    table, (ana, bo) = await seated_table(server, TableConfig(name="t", seats=2, seed=1, turn_time=30), 2)
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="Bo ready")
    await ana.start()
    await wait_until(lambda: table.status == "playing", what="the deal")
    await asyncio.sleep(0.5)
    cy = await join(server, "Cy", table=table.id, spectator=True)
    try:
        frame = await asyncio.wait_for(_next_view(cy), 5)
        assert isinstance(frame.get("clock"), (int, float)) and 25 < frame["clock"] < 30, frame.get("clock")
        mover = ana if table.match.current_seat == 0 else bo
        view = mover.view or {}
        await mover.act(view["legal"][0], view["version"])
        moved = await asyncio.wait_for(_next_view(cy), 5)
        assert "clock" not in moved
    finally:
        for c in (ana, bo, cy):
            await c.close()


async def _next_view(c: Any) -> dict[str, Any]:
    async for u in c.updates():
        if u["type"] == "view":
            return u
    raise AssertionError("no view")


@asynccontextmanager
async def _dealt_with_bo_to_drop(turn_time: int) -> AsyncIterator[tuple[Any, Any, Any]]:
    """A host keeping away seats a minute (grace, takeover), a two-seat table with a clock of
    ``turn_time``: Ana (played at random) and Bo (who does not move, and will not reconnect),
    dealt. (table, Ana, Bo); all closed at the end."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.0, grace=60.0, takeover=60.0,  # type: ignore[arg-type]
                 handshake_timeout=1.0, frame_timeout=1.0)
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", seats=2, seed=1, turn_time=turn_time))
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
        bo = await join(srv, "Bo", table=table.id, reconnect=False)
        player = RandomPlayer(ana, 1)
        try:
            await bo.ready(True)
            await wait_until(lambda: table.seats[1].ready, what="Bo ready")
            await ana.start()
            await wait_until(lambda: table.status == "playing", what="the deal")
            yield table, ana, bo
        finally:
            await player.stop()
            await ana.close()
    finally:
        await srv.close()


async def test_a_player_who_drops_holds_the_table_up_no_longer_than_the_clock() -> None:
    """docs/protocol.md, Reconnecting: an away seat's turn waits ``takeover`` seconds, but no
    longer than ``turn_time`` where the table has a clock; a stand-in bot then plays it, and the
    seat stays the player's (grace) for their return."""
    async with _dealt_with_bo_to_drop(1) as (table, ana, bo):
        bo.drop_connection()
        await wait_until(lambda: table.seats[1].conn is None, what="Bo away")
        before = table.match.version
        # Bo's turns are played by a stand-in within a second or two, not after a minute
        await wait_until(lambda: table.seats[1].standin, 5.0, "the stand-in")
        await wait_until(lambda: table.match.version > before + 1, 5.0, "play going on")
        assert table.seats[1].token is not None and table.seats[1].name == "Bo"  # still his seat


async def test_a_player_who_drops_late_in_a_turn_has_only_what_was_left_of_it() -> None:
    """A drop three seconds into a four-second turn: the stand-in moves when the turn's clock
    would have run out, about a second later, not a whole clock after the drop."""
    import time

    async with _dealt_with_bo_to_drop(4) as (table, ana, bo):
        await wait_until(lambda: table.match.current_seat == 1, 5.0, "Bo's turn")
        version = table.match.version
        await asyncio.sleep(3.0)
        assert table.match.version == version  # Bo has not moved: his clock runs on
        bo.drop_connection()
        dropped = time.monotonic()
        await wait_until(lambda: table.match.version != version, 5.0, "the move for Bo")
        assert time.monotonic() - dropped < 2.5, "a whole clock was waited after the drop"


async def test_a_player_who_drops_and_comes_back_in_the_same_turn_has_what_was_left_of_it() -> None:
    """docs/protocol.md, Turn clock: Bo drops two seconds into a six-second turn and is back a
    second later; his clock ran on meanwhile, so the view he is sent says about three seconds
    are left, and the bot moves for him about then, not a whole new clock after his return."""
    import time

    async with _dealt_with_bo_to_drop(6) as (table, ana, bo):
        await wait_until(lambda: table.match.current_seat == 1, 5.0, "Bo's turn")
        version = table.match.version
        await asyncio.sleep(2.0)
        token = bo.token
        bo.drop_connection()
        await wait_until(lambda: table.seats[1].conn is None, what="Bo away")
        await asyncio.sleep(1.0)
        assert table.match.version == version and not table.seats[1].standin
        back = await join(table.server, "Bo", table=table.id, token=token, reconnect=False)
        returned = time.monotonic()
        try:
            assert table.seats[1].conn is not None and table.match.version == version
            frame = await asyncio.wait_for(_next_view(back), 5)
            assert isinstance(frame.get("clock"), (int, float)) and 1.5 < frame["clock"] < 3.5, frame.get("clock")
            await wait_until(lambda: table.match.version != version, 6.0, "the move for Bo")
            waited = time.monotonic() - returned
            assert 1.0 < waited < 4.5, f"moved for {waited:.1f} s after his return"
        finally:
            await back.close()


def test_by_default_a_bot_stands_in_well_before_the_seat_is_given_up() -> None:
    """docs/protocol.md, Reconnecting: with the defaults (the app's tables, and ``dealmein host``
    given neither flag) an away player's turn is played by a stand-in while the seat is still
    held. Both were 120 s: with no turn clock the grace ran out with the turn, and the player
    lost the seat for the match before any stand-in played."""
    from tui.cmdline import build_parser

    srv = Server(host="127.0.0.1", port=0)
    assert srv.takeover <= srv.grace / 2
    args = build_parser().parse_args(["host", "--headless"])
    assert (args.takeover, args.grace) == (srv.takeover, srv.grace)


async def test_out_of_time_turn_after_turn_the_clock_is_short_until_they_move() -> None:
    """docs/protocol.md, "Turn clock": a player whose clock ran out on two turns in a row
    (``AWAY_AFTER``) has the short clock (``away_clock``, 1 s here against the table's 3 s), the
    frame of that turn saying so (``clock``) so that the app counts it; everyone reads it once;
    a move of their own gives them the whole clock again from their next turn."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "away_clock": 1.0})  # type: ignore[arg-type]
    await srv.start()
    table, (ana,) = await seated_table(srv, TableConfig(name="Away", seats=2, seed=5, turn_time=3), 1, {1: "easy"})
    got: list[dict[str, Any]] = []
    watch = asyncio.get_running_loop().create_task(collect(ana, got))
    try:
        m = await dealt(table, ana)
        seat = table.seats[0]

        async def her_turn() -> tuple[int, float]:
            await wait_until(lambda: m.current_seat == 0 or m.is_over, timeout=8, what="Ana's turn")
            assert not m.is_over
            return m.version, asyncio.get_running_loop().time()

        for missed in (1, 2):  # the whole clock, twice
            version, since = await her_turn()
            await wait_until(lambda: m.version > version, timeout=6, what="the clock's move")
            took = asyncio.get_running_loop().time() - since
            assert 2.5 < took < 4.5 and seat.missed == missed
        await wait_until(lambda: any("2 turns in a row: you have 1 s a move until you make one yourself" in x
                                     for x in chat_lines(got)), what="the line saying so")
        # the lobby marks her seat idle, for every app to show
        await wait_until(lambda: (ana.lobby or {})["seats"][0].get("idle") is True, what="the lobby marking her idle")
        version, since = await her_turn()
        await wait_until(lambda: m.version > version, timeout=3, what="the short clock's move")
        assert asyncio.get_running_loop().time() - since < 2.0
        frames = [u for u in got if u["type"] == "view" and u["view"]["version"] == version]
        assert frames and frames[-1].get("clock") == 1.0
        assert sum("turns in a row" in x for x in chat_lines(got)) == 1, "said once"
        # her own move: the whole clock from her next turn, and no ``clock`` in its frame
        version, _ = await her_turn()
        await wait_until(lambda: ana.view is not None and ana.view["version"] == version, what="her view")
        await ana.act(ana.view["legal"][0], version)
        await wait_until(lambda: m.version > version, what="her own move")
        assert seat.missed == 0
        await wait_until(lambda: (ana.lobby or {})["seats"][0].get("idle") is False, what="the lobby: idle no more")
        # that lobby comes before the view of her move, which reads as hers, not an idle seat's
        back = next(i for i, u in enumerate(got) if u["type"] == "lobby" and u["lobby"]["seats"][0]["idle"] is False
                    and i > next(j for j, v in enumerate(got) if v["type"] == "lobby" and v["lobby"]["seats"][0]["idle"]))
        moved = next(i for i, u in enumerate(got) if u["type"] == "view" and u["view"]["version"] == version + 1)
        assert back < moved
        version, since = await her_turn()
        await asyncio.sleep(2.0)
        assert m.version == version, "the whole clock again"
        frames = [u for u in got if u["type"] == "view" and u["view"]["version"] == version]
        assert frames and "clock" not in frames[-1]
    finally:
        watch.cancel()
        await ana.close()
        await srv.close()


async def test_the_others_are_told_of_an_idle_players_turns_until_the_seat_is_marked_idle() -> None:
    """docs/protocol.md, "Turn clock": each turn the clock takes was a line to everyone, so a
    player gone for a while crowded the chat with them; the others read of the turns up to the
    one that makes the seat idle (the lobby marks it from then on), the player of every one."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "away_clock": 0.5})  # type: ignore[arg-type]
    await srv.start()
    table, (ana,) = await seated_table(srv, TableConfig(name="Away", seats=2, seed=5, turn_time=1), 1, {1: "easy"})
    bo = await join(srv, "Bo", table=table.id, spectator=True)
    hers: list[dict[str, Any]] = []
    his: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    watches = [loop.create_task(collect(ana, hers)), loop.create_task(collect(bo, his))]
    try:
        m = await dealt(table, ana)
        seat = table.seats[0]
        await wait_until(lambda: seat.missed >= 4 or m.is_over, timeout=20, what="four turns out of time")
        assert not m.is_over
        await wait_until(lambda: sum("ran out of time" in x for x in chat_lines(hers)) >= 4, what="her lines")
        await asyncio.sleep(0.3)  # anything more on its way to Bo
        told = [x for x in chat_lines(his) if "ran out of time" in x]
        assert told == ["P0 ran out of time: a bot moved for them.",
                        "P0 ran out of time: a bot moved for them. That is 2 turns in a row: "
                        "they have 0.5 s a move until they make one."], told
        assert (bo.lobby or {})["seats"][0].get("idle") is True  # what tells the others from then on
    finally:
        for w in watches:
            w.cancel()
        await ana.close()
        await bo.close()
        await srv.close()


async def test_a_player_idle_at_the_matchs_end_is_idle_no_more() -> None:
    """docs/protocol.md, "Turn clock": the lobby marks a seat ``idle`` while the clock takes its
    player's turns; with the match over there are no turns to take, and the seat read "(idle)"
    in every lobby and seat box until the next match began."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "away_clock": 0.1})  # type: ignore[arg-type]
    await srv.start()
    table, (ana,) = await seated_table(srv, TableConfig(name="Away", game="ninety-eight", seats=2, seed=5,
                                                        turn_time=1, options={"scoring": "single"}), 1, {1: "easy"})
    try:
        m = await dealt(table, ana)
        await wait_until(lambda: (ana.lobby or {})["seats"][0].get("idle") is True, timeout=8, what="Ana idle")
        await wait_until(lambda: m.is_over, timeout=30, what="the match's end, the clock moving for her")
        await wait_until(lambda: (ana.lobby or {}).get("status") == "finished", what="the lobby after it")
        assert ana.lobby["seats"][0]["idle"] is False and table.seats[0].missed == 0  # type: ignore[index]
    finally:
        await ana.close()
        await srv.close()
