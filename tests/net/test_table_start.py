"""Who starts a match: at a table without a playing host (``dealmein host --headless``, or a host
who only watches) the match starts by itself once every seat is filled and every seated player
is ready, after a short countdown the table announces; rematches the same way. A host who sits
at the table starts it as before. Seats count from 1 in every message people read."""
from __future__ import annotations

import asyncio
import re
import sys
from typing import Any

from net.client import TableClient
from net.server import Server, TableConfig
from net.tablechat import SYSTEM_NAME

from .table_helpers import RandomPlayer, collect, join, next_update, wait_until


def table_lines(c: TableClient, got: list[dict[str, Any]]) -> list[str]:
    return [u["text"] for u in got if u["type"] == "chat" and u.get("system") and u["name"] == SYSTEM_NAME]


async def test_two_players_at_a_table_without_host_start_it_by_being_ready(server: Server) -> None:
    server.start_delay = 0.3
    table = server.create_table(TableConfig(name="Headless", seats=3, seed=5))
    table.add_bot(2, "easy")
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    assert (ana.seat, bo.seat) == (0, 1)
    got: dict[str, list[dict[str, Any]]] = {"ana": [], "bo": []}
    tasks = [asyncio.ensure_future(collect(ana, got["ana"])), asyncio.ensure_future(collect(bo, got["bo"]))]
    try:
        # the lobby says what starts the match, and the table says it to each player who joins
        lob = bo.lobby
        assert lob is not None and lob["start"] == "ready"
        assert "starts by itself" in lob["start_note"] and "ready" in lob["start_note"]
        await wait_until(lambda: any("starts by itself" in t for t in table_lines(ana, got["ana"])),
                         what="the rule told to Ana")
        await ana.ready(True)
        await asyncio.sleep(0.6)  # longer than the countdown: Bo is not ready, nothing starts
        assert table.status == "lobby" and table.match is None
        await bo.ready(True)
        await wait_until(lambda: table.status == "playing", 5.0, "the match to start by itself")
        await wait_until(lambda: ana.view is not None and bo.view is not None, what="both players' views")
        for who in ("ana", "bo"):
            assert any(re.search(r"Everyone is ready: the match starts", t) for t in table_lines(ana, got[who]))
        assert ana.lobby["status"] == "playing" and ana.lobby["start_note"] == ""  # type: ignore[index]
    finally:
        for t in tasks:
            t.cancel()
        await ana.close()
        await bo.close()


async def test_the_countdown_is_called_off_when_a_player_is_no_longer_ready(server: Server) -> None:
    """Each of the countdown's lines comes after the lobby that caused it: the players' apps say
    who got ready (or not) from the lobby, and the line sent first read "Everyone is ready" ahead
    of "Bo is ready" in every window but Bo's."""
    server.start_delay = 1.0
    table = server.create_table(TableConfig(seats=2, seed=5))
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    got: list[dict[str, Any]] = []
    task = asyncio.ensure_future(collect(ana, got))
    try:
        await ana.ready(True)
        await wait_until(lambda: table.seats[0].ready, what="Ana ready")
        await bo.ready(True)
        await wait_until(lambda: any("starts in 1 second." in t for t in table_lines(ana, got)), what="the countdown")
        assert "about to start" in ana.lobby["start_note"]  # type: ignore[index]
        bo_ready = _first(got, lambda u: u["type"] == "lobby" and u["lobby"]["seats"][1]["ready"])
        told = _first(got, lambda u: u["type"] == "chat" and "starts in 1 second." in u["text"])
        assert bo_ready < told
        await bo.ready(False)
        await wait_until(lambda: any("called off" in t and "Bo (seat 2) is not ready" in t
                                     for t in table_lines(ana, got)), what="the countdown called off")
        bo_not = _first(got, lambda u: u["type"] == "lobby" and not u["lobby"]["seats"][1]["ready"], after=told)
        assert bo_not < _first(got, lambda u: u["type"] == "chat" and "called off" in u["text"])
        await asyncio.sleep(1.3)
        assert table.status == "lobby" and table.match is None
        await bo.ready(True)
        await wait_until(lambda: table.status == "playing", 5.0, "the match to start after all")
    finally:
        task.cancel()
        await ana.close()
        await bo.close()


async def test_a_seated_host_starts_and_nothing_starts_by_itself(server: Server) -> None:
    server.start_delay = 0.0
    table = server.create_table(TableConfig(seats=2, seed=5))
    host = await join(server, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    assert host.lobby["start"] == "host" and host.lobby["start_note"] == "The host starts the match."  # type: ignore[index]
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="Bo ready")
    await asyncio.sleep(0.3)
    assert table.status == "lobby", "a table whose host sits at it waits for the host"
    await host.start()
    await wait_until(lambda: table.status == "playing", what="the host's start")
    await host.close()
    await bo.close()


async def test_a_guest_asks_the_playing_host_for_a_rematch_by_being_ready(server: Server) -> None:
    """Protocol, Starting a match: the host starts each rematch, needing no guest ready; a guest's
    ``ready`` after the match asks for one, and the table says so once, naming the seat as the
    lobby does."""
    server.start_delay = 0.0
    table = server.create_table(TableConfig(game="ninety-nine", preset="quick", options={"chips": 2},
                                            seats=3, seed=4))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    bo2 = await join(server, "Bo", table=table.id)
    cy = await join(server, "Cy", table=table.id, spectator=True)  # hears what the table says
    got: list[dict[str, Any]] = []
    watch = asyncio.create_task(collect(cy, got))
    players = [RandomPlayer(ana, 1), RandomPlayer(bo, 2), RandomPlayer(bo2, 3)]
    try:
        await bo2.ready(True)  # before the match, ready asks nothing
        await bo.ready(True)
        await wait_until(lambda: table.seats[1].ready and table.seats[2].ready, what="both ready")
        await ana.start()
        await wait_until(lambda: table.status == "finished", 30.0, "the match to end")
        await asyncio.sleep(0.1)
        assert not any("rematch" in line for line in table_lines(cy, got))
        await bo2.ready(True)
        await wait_until(lambda: "Bo 2 (seat 3) would like a rematch." in table_lines(cy, got),
                         what="the ask")
        assert table.status == "finished", "the ask starts nothing: the host does"
        await bo2.ready(False)
        await bo2.ready(True)  # taken back and given again: told once
        await ana.ready(True)  # the host's own ready asks no one
        await bo.ready(True)
        await wait_until(lambda: "Bo (seat 2) would like a rematch." in table_lines(cy, got), what="Bo's ask")
        await asyncio.sleep(0.2)
        asks = [line for line in table_lines(cy, got) if "rematch" in line]
        assert asks == ["Bo 2 (seat 3) would like a rematch.", "Bo (seat 2) would like a rematch."]
        first = table.match
        await ana.rematch()
        await wait_until(lambda: table.match is not first, what="the host's rematch")
    finally:
        watch.cancel()
        for p in players:
            await p.stop()
        for c in (ana, bo, bo2, cy):
            await c.close()


async def test_a_table_of_bots_alone_never_starts_by_itself(server: Server) -> None:
    server.start_delay = 0.0
    table = server.create_table(TableConfig(seats=2, seed=5))
    table.add_bot(0, "easy")
    table.add_bot(1, "easy")
    watcher = await join(server, "Cy", table=table.id, spectator=True)
    await asyncio.sleep(0.3)
    assert table.status == "lobby"
    # so the lobby says who starts it, and after the match, who starts the rematch
    lobby = watcher.lobby or {}
    assert lobby["start"] == "host" and "host key starts the match" in lobby["start_note"]
    keeper = await join(server, "Ana", table=table.id, host_key=table.host_key, spectator=True)
    await keeper.start()
    await wait_until(lambda: table.status == "finished", 20.0, "the bots' match to end")
    await wait_until(lambda: "host key starts the rematch" in watcher.lobby["start_note"],  # type: ignore[index]
                     what="the rematch note")
    await keeper.close()
    await watcher.close()


async def test_a_rematch_starts_once_everyone_is_ready_again(server: Server) -> None:
    server.start_delay = 0.0
    # a short Ninety-Nine (2 chips each) so that two random players finish in a moment
    table = server.create_table(TableConfig(game="ninety-nine", preset="quick", options={"chips": 2},
                                            seats=2, seed=4))
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    players = [RandomPlayer(ana, 1), RandomPlayer(bo, 2)]
    try:
        await ana.ready(True)
        await bo.ready(True)
        await wait_until(lambda: table.match is not None, what="the first match")
        first = table.match
        await wait_until(lambda: table.status == "finished", 30.0, "the first match to end")
        assert not table.seats[0].ready and not table.seats[1].ready
        await wait_until(lambda: ana.lobby["status"] == "finished", what="the finished lobby")  # type: ignore[index]
        assert "rematch starts by itself" in ana.lobby["start_note"]  # type: ignore[index]
        await ana.ready(True)
        await asyncio.sleep(0.2)
        assert table.match is first and table.status == "finished"
        await bo.ready(True)
        await wait_until(lambda: table.match is not first and table.status in ("playing", "finished"),
                         what="the rematch")
        assert table.match is not None and table.match.options["chips"] == 2
    finally:
        for p in players:
            await p.stop()
        await ana.close()
        await bo.close()


async def test_messages_count_seats_from_one(server: Server) -> None:
    """The wire keeps 0-based seat indexes; the words people read count from 1."""
    table = server.create_table(TableConfig(seats=4))
    host = await join(server, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    cy = await join(server, "Cy", table=table.id)
    assert bo.seat == 1 and bo.lobby["seats"][1]["seat"] == 1  # type: ignore[index]
    await host.start()  # an open seat is what the start waits for first, as the lobby says
    assert (await next_update(host, "error"))["message"] == "seat 4 is empty: add a bot or wait for a player"
    await host.add_bot(3, "easy")
    await wait_until(lambda: table.seats[3].bot is not None, what="the bot")
    await host.start()  # every player not ready, by name, as the lobby lists them
    assert (await next_update(host, "error"))["message"] == "Bo (seat 2) and Cy (seat 3) are not ready"
    await cy.close()
    await wait_until(lambda: table.seats[2].empty, what="Cy gone")
    await host.add_bot(2, "easy")
    await wait_until(lambda: table.seats[2].bot is not None, what="the second bot")
    await host.start()
    assert (await next_update(host, "error"))["message"] == "Bo (seat 2) is not ready"
    await bo.sit(0)
    assert (await next_update(bo, "error"))["message"] == "seat 1 is taken"
    await host.add_bot(1, "easy")
    assert (await next_update(host, "error"))["message"] == "seat 2 is taken by a player"
    await host.remove_bot(1)
    assert (await next_update(host, "error"))["message"] == "seat 2 has no bot"
    await host.sit(7)
    assert (await next_update(host, "error"))["message"] == "there is no seat 8: seats are 1 to 4"
    await host.close()
    await bo.close()


async def test_headless_host_process_starts_the_match_when_both_players_are_ready() -> None:
    """``dealmein host --headless`` as a real process: two players sit and say they are ready,
    and the match starts by itself (the default countdown of a few seconds)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "host", "--headless", "--bind", "127.0.0.1", "--port", "0",
        "--no-mdns", "--game", "ninety-eight", "--seats", "3", "--bots", "1", "--bot-delay", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    clients: list[TableClient] = []
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            line = await asyncio.wait_for(proc.stdout.readline(), 20)
            assert line, "the host ended before serving"
            lines.append(line.decode().strip())
        port = int(re.search(r"Address: 127\.0\.0\.1:(\d+)", "\n".join(lines)).group(1))  # type: ignore[union-attr]
        for name in ("Ana", "Bo"):
            clients.append(await TableClient.connect("127.0.0.1", port, name=name, reconnect=False, timeout=5.0))
        ana, bo = clients
        assert (ana.seat, bo.seat, ana.is_host) == (0, 1, False)
        assert ana.lobby["start"] == "ready"  # type: ignore[index]
        await ana.ready(True)
        await bo.ready(True)
        await wait_until(lambda: ana.view is not None and bo.view is not None, 15.0,
                         "the match to start by itself on the headless host")
        assert ana.lobby["status"] == "playing"  # type: ignore[index]
    finally:
        for c in clients:
            await c.close()
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()


async def test_the_note_of_a_table_that_starts_by_itself_says_what_it_waits_for(server: Server) -> None:
    """docs/protocol.md, the lobby's ``start_note``: at a table whose host does not play, the
    players cannot add a bot, so "once every seat is filled" alone left them guessing which
    seat, or whom, the start waits for; the note names them, and changes as they come."""
    table = server.create_table(TableConfig(name="Headless", seats=4, seed=5))
    table.add_bot(3, "easy")
    rule = "The match starts by itself once every seat is filled and every player is ready"
    ana = await join(server, "Ana", table=table.id)
    try:
        assert ana.lobby["start_note"] == f"{rule}: seats 2 and 3 wait for players."  # type: ignore[index]
        bo = await join(server, "Bo", table=table.id)
        try:
            await wait_until(lambda: ana.lobby["start_note"] == f"{rule}: seat 3 waits for a player.",  # type: ignore[index]
                             what="one seat open")
            cy = await join(server, "Cy", table=table.id)
            try:
                await ana.ready(True)
                await wait_until(lambda: cy.lobby["start_note"]  # type: ignore[index]
                                 == f"{rule}: Bo (seat 2) and Cy (seat 3) are not ready.", what="two not ready")
            finally:
                await cy.close()
        finally:
            await bo.close()
    finally:
        await ana.close()


async def test_the_players_are_told_when_the_host_key_holder_sits_down_or_gets_up(server: Server) -> None:
    """The chat told Bo as he came that the match starts by itself; once the host key's holder
    sits down that no longer holds (the host starts it), and the chat said nothing of it, its
    old line left standing under the lobby's right one. The holder, who sat down, is not told."""
    table = server.create_table(TableConfig(seats=3, seed=5))
    bo = await join(server, "Bo", table=table.id)
    got: dict[str, list[dict[str, Any]]] = {"bo": [], "ana": []}
    tasks = [asyncio.ensure_future(collect(bo, got["bo"]))]
    try:
        await wait_until(lambda: any("starts by itself" in t for t in table_lines(bo, got["bo"])), what="the rule")
        ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
        tasks.append(asyncio.ensure_future(collect(ana, got["ana"])))
        assert ana.seat is not None and table.playing_host()
        await wait_until(lambda: "The host starts the match." in table_lines(bo, got["bo"]), what="the host sits")
        await ana.stand()
        await wait_until(lambda: not table.playing_host(), what="Ana watches")
        await wait_until(lambda: sum("starts by itself" in t for t in table_lines(bo, got["bo"])) == 2,
                         what="the rule told again")
        await ana.sit(1)
        await wait_until(lambda: table_lines(bo, got["bo"]).count("The host starts the match.") == 2,
                         what="the host sits again")
        await bo.chat("ping")  # every line before it has come in to Ana too
        await wait_until(lambda: any(u["type"] == "chat" and u.get("text") == "ping" for u in got["ana"]),
                         what="Bo's line at Ana")
        assert not any("host starts" in t or "starts by itself" in t for t in table_lines(ana, got["ana"]))
        await ana.close()
    finally:
        for t in tasks:
            t.cancel()
        await bo.close()


def _first(got: list[dict[str, Any]], found: Any, after: int = -1) -> int:
    """The index of the first update in ``got`` past ``after`` that ``found`` holds true of."""
    return next(i for i, u in enumerate(got) if i > after and found(u))


async def test_a_countdown_called_off_for_an_open_seat_asks_no_one_to_add_a_bot(server: Server) -> None:
    """At a table that starts by itself nobody there can add a bot: a player who leaves in the
    countdown is waited for, said as the lobby's note says it."""
    server.start_delay = 5.0
    table = server.create_table(TableConfig(seats=3, seed=5))
    table.add_bot(2, "easy")
    ana = await join(server, "Ana", table=table.id)
    bo = await join(server, "Bo", table=table.id)
    got: list[dict[str, Any]] = []
    task = asyncio.ensure_future(collect(ana, got))
    try:
        for player in (ana, bo):
            await player.ready(True)
        await wait_until(lambda: any("starts in 5 seconds." in t for t in table_lines(ana, got)), what="the countdown")
        await bo.close()
        await wait_until(lambda: any("called off" in t for t in table_lines(ana, got)), what="called off")
        assert [t for t in table_lines(ana, got) if "called off" in t] == ["Start called off: seat 2 waits for a player."]
        assert table.status == "lobby"
    finally:
        task.cancel()
        await ana.close()
