"""While the table waits for an away player's turn (the takeover clock, docs/protocol.md
"Reconnecting, grace and takeover"), the lobby tells everyone at the table the seconds left
before a bot plays for them (the seat's ``takeover``), counted as the lobby is sent; it is null
again once the bot takes over or the player is back. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from net.client import TableClient
from net.server import Server, TableConfig
from net.tablestate import table_state

from .table_helpers import FAST, ana_and_bo_dealt, collect, join, wait_until

#: the takeover wait of these tests: long enough to see it counted down, short enough to end
TAKEOVER = 2.0


def waits(got: list[dict[str, Any]], seat: int) -> list[Any]:
    """The ``takeover`` of ``seat`` in each lobby among the updates ``got``, in order."""
    return [u["lobby"]["seats"][seat].get("takeover") for u in got if u["type"] == "lobby"]


def others_quiet(lobby: dict[str, Any], seat: int) -> bool:
    """Only ``seat`` is said to be waited for: nothing is told of another seat's timing."""
    return all(s.get("takeover") is None for s in lobby["seats"] if s["seat"] != seat)


@asynccontextmanager
async def ana_and_bo(takeover: float = TAKEOVER, turn_time: int = 0,
                     bot_delay: float = 0.0) -> AsyncIterator[tuple[Server, Any, TableClient, TableClient]]:
    """A two-seat match in play, its turn Bo's (seat 1): Ana holds the host key and plays her
    turns before his; Bo does not reconnect by himself. (server, table, Ana, Bo); closed after."""
    srv = Server(host="127.0.0.1", port=0,  # type: ignore[arg-type]
                 **{**FAST, "takeover": takeover, "grace": 30.0, "bot_delay": bot_delay})
    await srv.start()
    try:
        table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name="Wait", seats=2, seed=8, options={"lives": 9},
                                                                  turn_time=turn_time))
        try:
            await wait_until(lambda: ana.view is not None, what="Ana's deal")
            m = table.match
            for _ in range(20):  # bounded: Ana plays until it is Bo's turn
                if m.current_seat == 1:
                    break
                v = m.version
                await wait_until(lambda: ana.view is not None and ana.view["version"] == v, what="Ana's view")
                await ana.act(ana.view["legal"][0], v)
                await wait_until(lambda: m.version > v, what="her move")
            assert m.current_seat == 1 and not m.is_over
            yield srv, table, ana, bo
        finally:
            await ana.close()
            await bo.close()
    finally:
        await srv.close()


async def test_the_others_are_told_how_long_until_a_bot_plays_for_a_dropped_player() -> None:
    async with ana_and_bo() as (srv, table, ana, bo):
        got: list[dict[str, Any]] = []
        watch = asyncio.get_running_loop().create_task(collect(ana, got))
        try:
            m = table.match
            version = m.version
            before = time.monotonic()
            bo.drop_connection()
            # the lobby that says Bo dropped says how long the table waits for his turn
            await wait_until(lambda: any(w is not None for w in waits(got, 1)), what="the wait told")
            told = next(w for w in waits(got, 1) if w is not None)
            lobby = next(u["lobby"] for u in got if u["type"] == "lobby" and u["lobby"]["seats"][1].get("takeover"))
            assert lobby["seats"][1]["connected"] is False and lobby["seats"][1]["standin"] is False
            assert others_quiet(lobby, 1)
            assert isinstance(told, float) and TAKEOVER - 0.5 <= told <= TAKEOVER, told
            assert round(told, 1) == told  # to 0.1 s, as ``clock``
            # a lobby sent later in the wait (a watcher comes) says less is left, as time went by
            await asyncio.sleep(0.6)
            cy = await join(srv, "Cy", table=table.id, spectator=True)
            try:
                assert cy.lobby is not None
                later = cy.lobby["seats"][1]["takeover"]
                gone = time.monotonic() - before
                assert isinstance(later, float) and later < told, (later, told)
                assert abs(later - (TAKEOVER - gone)) < 0.5, (later, gone)
                # the bot takes over: the next lobby waits for no one, and the bot plays Bo's turn
                await wait_until(lambda: waits(got, 1)[-1] is None, timeout=TAKEOVER + 2, what="the wait over")
                assert time.monotonic() - before >= TAKEOVER - 0.1
                assert ana.lobby is not None and ana.lobby["seats"][1]["standin"] is True
                await wait_until(lambda: m.version > version, what="the stand-in's play")
                await wait_until(lambda: cy.lobby["seats"][1]["takeover"] is None, what="the watcher told too")
            finally:
                await cy.close()
        finally:
            watch.cancel()


async def test_the_wait_ends_when_the_player_is_back() -> None:
    async with ana_and_bo(takeover=3.0) as (srv, table, ana, bo):
        got: list[dict[str, Any]] = []
        watch = asyncio.get_running_loop().create_task(collect(ana, got))
        try:
            version = table.match.version
            token = bo.token
            bo.drop_connection()
            await wait_until(lambda: any(w is not None for w in waits(got, 1)), what="the wait told")
            back = await join(srv, "Bo", table=table.id, token=token, reconnect=False)
            try:
                assert back.seat == 1
                await wait_until(lambda: ana.lobby["seats"][1]["connected"] is True, what="Bo back")
                assert ana.lobby["seats"][1]["takeover"] is None
                assert waits(got, 1)[-1] is None
                await asyncio.sleep(3.3)  # past the wait: no bot played, none is waited for
                assert table.match.version == version and not table.seats[1].standin
                assert ana.lobby["seats"][1]["takeover"] is None
            finally:
                await back.close()
        finally:
            watch.cancel()


async def test_the_wait_is_no_longer_than_what_was_left_of_the_turn_clock() -> None:
    """A table with a 3 s turn clock and a 30 s takeover: Bo dropping a second into his turn
    holds it up about two seconds more, and the lobby says so, not 30 s."""
    async with ana_and_bo(takeover=30.0, turn_time=3) as (srv, table, ana, bo):
        await asyncio.sleep(1.0)
        bo.drop_connection()
        await wait_until(lambda: ana.lobby["seats"][1].get("takeover") is not None, what="the wait told")
        told = ana.lobby["seats"][1]["takeover"]
        assert 0 < told <= 2.1, told
        await wait_until(lambda: ana.lobby["seats"][1]["takeover"] is None, timeout=4, what="the wait over")


async def test_after_a_resume_the_others_are_told_how_long_the_table_waits_for_one_not_back() -> None:
    """A host stops in Bo's turn and resumes its table: Ana, back, is told how long the table
    waits for Bo, who is not back yet, before a bot plays for him."""
    async with ana_and_bo(bot_delay=0.0) as (srv, table, ana, bo):
        state = table_state(table)
        token = ana.token
        version = table.match.version
    again = Server(host="127.0.0.1", port=0, **{**FAST, "takeover": TAKEOVER, "grace": 30.0})  # type: ignore[arg-type]
    await again.start()
    try:
        restored = again.restore_table(state)
        restored.resume()
        resumed = time.monotonic()
        back = await TableClient.connect("127.0.0.1", again.port, name="Ana", table=restored.id, token=token,
                                         timeout=5.0)
        try:
            assert back.seat == 0 and back.lobby is not None
            told = back.lobby["seats"][1]["takeover"]
            assert isinstance(told, float) and 0 < told <= TAKEOVER, told
            assert told <= TAKEOVER - (time.monotonic() - resumed) + 0.2
            assert back.lobby["seats"][1]["connected"] is False and others_quiet(back.lobby, 1)
            await wait_until(lambda: back.lobby["seats"][1]["takeover"] is None, timeout=TAKEOVER + 2,
                             what="the wait over")
            await wait_until(lambda: restored.match.version > version, what="the stand-in's play")
        finally:
            await back.close()
    finally:
        await again.close()
