"""The hand break (docs/protocol.md, "Hand break"): after a hand's end, with the match going on,
the bots wait to play the next hand until every player at the table whose app says ``seen``
(announced in its ``hello``) has read the results, or until ``Server.hand_break`` has passed. A
client that did not announce it is not waited for; nor is a player who drops, steps away or
leaves. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from net.client import TableClient
from net.server import Server, TableConfig

from .table_helpers import FAST, collect, join, wait_until

#: a Ninety-Eight match of many hands: a hand ends well before the match does
CONFIG = dict(name="Break", game="ninety-eight", seed=4, options={"lives": 9})


def first_mover(table: Any) -> int | None:
    """The seat that moves first in the hand in play: the one that made its first move after the
    deal, or, none made yet, the seat to move."""
    moves = table.hand._moves
    if len(moves) > 1:
        return next(e.seat for e in moves[1][1])
    return table.match.current_seat


async def to_a_hand_end(table: Any, players: dict[int, TableClient], readers: list[TableClient],
                        most: int = 3000) -> int:
    """The ``players`` (seat: client) play their first legal move on each of their turns until a
    hand ends with the match going on and a bot to move first in the hand dealt; at a hand end
    where a player moves first, every client of ``readers`` says it has read the results and play
    goes on. The hand dealt. Bounded in looks (5 ms apart)."""
    m = table.match
    hand = m.hand_number
    for _ in range(most):
        assert not m.is_over, "the match ended before a hand did with a bot to move first"
        if m.hand_number > hand:
            hand = m.hand_number
            first = first_mover(table)
            if first is not None and first not in players:
                return hand
            for c in readers:
                await c.seen(hand)
        seat = m.current_seat
        c = players.get(seat) if seat is not None else None
        if c is not None and c.view is not None and c.view["version"] == m.version and c.view["legal"]:
            await c.act(c.view["legal"][0], m.version)
        await asyncio.sleep(0.005)
    raise AssertionError("no hand ended with a bot to move first")


@asynccontextmanager
async def at_table(seats: int, announce: list[bool], hand_break: float = 10.0, config: dict[str, Any] = CONFIG,
                   **server: Any) -> AsyncIterator[tuple[Server, Any, list[TableClient]]]:
    """A table of ``seats``: a player in each of the first seats (the first holds the host key),
    ``announce`` saying whose client tells the host when its player has read a hand's results,
    and a ``normal`` bot in each seat after; its match dealt (``server``: the server's times
    beside ``FAST``). (server, table, clients); closed after."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "hand_break": hand_break, **server})  # type: ignore[arg-type]
    await srv.start()
    clients: list[TableClient] = []
    try:
        table = srv.create_table(TableConfig(seats=seats, **config))  # type: ignore[arg-type]
        for i, says in enumerate(announce):
            clients.append(await join(srv, f"P{i}", table=table.id, reconnect=False, hand_break=says,
                                      host_key=table.host_key if i == 0 else None))
        for seat in range(len(announce), seats):
            await clients[0].add_bot(seat, "normal")
        for c in clients[1:]:
            await c.ready(True)
        await wait_until(lambda: all(s.ready for s in table.seats[1:]), what="everyone ready")
        await clients[0].start()
        await wait_until(lambda: table.status == "playing" and all(c.view is not None for c in clients),
                         what="the deal")
        yield srv, table, clients
    finally:
        for c in clients:
            await c.close()
        await srv.close()


def reading(c: TableClient) -> list[bool]:
    """Each seat's ``reading`` in the latest lobby ``c`` holds."""
    return [s.get("reading") for s in (c.lobby or {})["seats"]]


async def test_the_bots_wait_until_the_player_has_read_the_results() -> None:
    async with at_table(2, [True]) as (srv, table, (ana,)):
        assert ana.lobby is not None and ana.lobby["hand_break"] == 10
        hand = await to_a_hand_end(table, {0: ana}, [ana])
        m = table.match
        version = m.version
        await wait_until(lambda: reading(ana) == [True, False], what="the lobby saying whom the bots wait for")
        await asyncio.sleep(0.5)  # the bot plays at once (bot_delay 0) where it does not wait
        assert m.version == version and m.current_seat == 1, "the bot waited"
        await ana.seen(hand - 1)  # the results of an earlier hand: no answer to this wait
        await asyncio.sleep(0.3)
        assert m.version == version and reading(ana) == [True, False]
        said = time.monotonic()
        await ana.seen(hand)
        await wait_until(lambda: m.version > version, timeout=2, what="the bot's move once the results are read")
        assert time.monotonic() - said < 1.5
        await wait_until(lambda: reading(ana) == [False, False], what="the wait over in the lobby")
        await ana.seen(hand)  # said again, after the wait: nothing happens, no error
        assert await ana.ping() < 2 and ana.connected


async def test_the_bots_go_on_after_the_break_when_the_results_are_never_read() -> None:
    async with at_table(2, [True], hand_break=0.8) as (srv, table, (ana,)):
        await to_a_hand_end(table, {0: ana}, [ana])
        ended = time.monotonic()
        m = table.match
        version = m.version
        await wait_until(lambda: m.version > version, timeout=4, what="the bot's move after the break")
        took = time.monotonic() - ended
        assert 0.6 <= took < 3, took
        await wait_until(lambda: reading(ana) == [False, False], what="the wait over in the lobby")


async def test_a_client_that_did_not_announce_the_break_is_not_waited_for() -> None:
    """Bo's client never says ``seen`` (an older app, a test's client): the bots wait for Ana
    alone, and go on as soon as she has read the results. A player's own move is never held."""
    async with at_table(3, [True, False]) as (srv, table, (ana, bo)):
        hand = await to_a_hand_end(table, {0: ana, 1: bo}, [ana])
        m = table.match
        await wait_until(lambda: reading(bo) == [True, False, False], what="the lobby naming Ana alone")
        version = m.version
        await asyncio.sleep(0.3)
        assert m.version == version
        await ana.seen(hand)
        await wait_until(lambda: m.version > version, timeout=2, what="the bot's move without a word from Bo")


async def test_no_wait_where_no_player_says_seen() -> None:
    async with at_table(2, [False]) as (srv, table, (bo,)):
        assert bo.lobby is not None and "hand_break" in bo.lobby  # the host has the break
        await to_a_hand_end(table, {0: bo}, [])
        await wait_until(lambda: len(table.hand._moves) > 1, timeout=1, what="the bot's first move at once")
        assert not table.bots_held() and reading(bo) == [False, False]


@pytest.mark.parametrize("how", ["drops", "steps away", "leaves"])
async def test_a_player_who_drops_steps_away_or_leaves_no_longer_holds_the_bots_up(how: str) -> None:
    async with at_table(3, [True, True]) as (srv, table, (ana, bo)):
        hand = await to_a_hand_end(table, {0: ana, 1: bo}, [ana, bo])
        m = table.match
        await wait_until(lambda: reading(ana) == [True, True, False], what="the wait for both")
        await ana.seen(hand)
        await wait_until(lambda: reading(ana) == [False, True, False], what="the wait for Bo alone")
        version = m.version
        await asyncio.sleep(0.3)
        assert m.version == version, "the bot waits for Bo"
        if how == "drops":
            bo.drop_connection()
        elif how == "steps away":
            await bo.away(True)
        else:
            await bo.close()
        await wait_until(lambda: m.version > version, timeout=2, what="the bot's move without Bo")
        await wait_until(lambda: reading(ana) == [False, False, False], what="the wait over in the lobby")


async def test_a_player_idle_on_the_turn_clock_no_longer_holds_the_bots_up() -> None:
    """docs/protocol.md, "Hand break": a player out of time turn after turn (idle: the clock's
    bot plays for them) is gone from the table as far as the game goes, yet every hand's break
    waited its whole length for their app to say they had read the results (an idle seat cost
    the table 15 s a hand). The bots wait for the players who are playing only."""
    config = {**CONFIG, "turn_time": 1}
    async with at_table(3, [True, True], config=config, away_clock=0.3) as (srv, table, (ana, bo)):
        await wait_until(lambda: table.seats[1].missed >= 2 or table.match.is_over, timeout=10,
                         what="Bo out of time twice: idle")  # Ana's turns: the clock's too meanwhile
        assert (bo.lobby or {})["seats"][1].get("idle") is True or table.seats[1].missed >= 2
        hand = await to_a_hand_end(table, {0: ana}, [ana])
        m = table.match
        assert table.seats[1].missed >= 2  # Bo still idle: he never moved
        await wait_until(lambda: reading(ana) == [True, False, False], what="the wait for Ana alone")
        version = m.version
        await ana.seen(hand)
        await wait_until(lambda: m.version > version, timeout=2, what="the bot's move without a word from Bo")


@pytest.mark.parametrize("frame", [{"type": "seen"}, {"type": "seen", "hand": "3"}, {"type": "seen", "hand": True},
                                   {"type": "seen", "hand": None}])
async def test_a_bad_seen_closes_only_its_connection(frame: dict[str, Any]) -> None:
    async with at_table(3, [True, True]) as (srv, table, (ana, bo)):
        got: list[dict[str, Any]] = []
        watch = asyncio.get_running_loop().create_task(collect(bo, got))
        try:
            await bo.send(frame)
            await wait_until(lambda: any(u["type"] == "connection" and u["state"] == "closed" for u in got),
                             what="Bo's connection closed")
            assert [u["code"] for u in got if u["type"] == "error"] == ["bad_field"]
        finally:
            watch.cancel()
        assert ana.connected and await ana.ping() < 2
        await wait_until(lambda: table.seats[1].conn is None, what="Bo gone from his seat")
        assert table.status == "playing"


async def test_a_seen_out_of_place_changes_nothing() -> None:
    """In the lobby, from a watcher, in mid-hand: ignored, with no error; the connection stays."""
    async with at_table(2, [True]) as (srv, table, (ana,)):
        got: list[dict[str, Any]] = []
        watch = asyncio.get_running_loop().create_task(collect(ana, got))
        cy = await join(srv, "Cy", table=table.id, spectator=True, hand_break=True)
        try:
            await ana.seen(table.match.hand_number)  # in mid-hand, no break
            await cy.seen(table.match.hand_number)
            assert await ana.ping() < 2 and await cy.ping() < 2
            assert ana.connected and cy.connected and not table.bots_held()
            assert not [u for u in got if u["type"] == "error"]
        finally:
            watch.cancel()
            await cy.close()


@pytest.mark.parametrize("seed", [4, 5])
async def test_a_player_out_of_the_match_is_not_waited_for(seed: int) -> None:
    """ninety-nine 4.1: a player who has lost their last chip is out, the rounds after it going
    on without them; the bots wait for those still in to read a round's results, not for them
    (they held everyone up for the whole break, round after round)."""
    config = dict(CONFIG, game="ninety-nine", seed=seed, options={"chips": 3})
    async with at_table(3, [True, True], config=config) as (srv, table, clients):
        m = table.match
        hand = m.hand_number
        for _ in range(4000):  # bounded: 5 ms a look
            assert not m.is_over, "the match ended before a round with one player out and one in"
            if m.hand_number > hand:
                hand = m.hand_number
                out = [m.status(i)["out"] for i in (0, 1)]
                if out.count(True) == 1:
                    gone, still = out.index(True), out.index(False)
                    await wait_until(lambda: reading(clients[0])[still] is True, what="the wait for the one in")
                    assert reading(clients[0])[gone] is False and reading(clients[1])[gone] is False
                    return
                for c in clients:
                    await c.seen(hand)
            seat = m.current_seat
            c = clients[seat] if seat in (0, 1) else None
            if c is not None and c.view is not None and c.view["version"] == m.version and c.view["legal"]:
                await c.act(c.view["legal"][0], m.version)
            await asyncio.sleep(0.005)
        raise AssertionError("no round ended with one player out")
