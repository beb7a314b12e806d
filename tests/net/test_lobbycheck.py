"""``net.lobbycheck``: the lobbies a table writes pass in every state; a garbled one is named
and refused, never raised on; a host that sends one is told goodbye with the reason."""
from __future__ import annotations

import asyncio
import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from net.lobbycheck import lobby_problem
from net.server import Server, TableConfig

from .table_helpers import dealt, host_sending, seated_table, until_goodbye

JUNK: list[Any] = [None, 7, -1, "x", "", [], {}, [1, "a"], {"a": 1}, {1: 2}, True, 3.5, [None], [{}],
                   [{"seat": "x"}], "y" * 5000]


async def test_every_lobby_a_table_writes_passes(server: Server) -> None:
    table, clients = await seated_table(server, TableConfig(name="Den", seats=3, seed=2,
                                                            options={"limit": 50}, turn_time=30), 2, {2: "easy"})
    seen = [table.lobby()]
    await dealt(table, clients[0])
    seen.append(table.lobby())
    for lobby in [*seen, *(c.lobby for c in clients)]:
        assert lobby_problem(lobby) is None, (lobby_problem(lobby), lobby)
    for c in clients:
        await c.close()


def test_a_garbled_lobby_is_named_and_refused() -> None:
    good = {"table": "t", "name": "Den", "game": "ninety-eight", "preset": "standard", "options": {"limit": 50},
            "status": "lobby", "password": False, "spectators": 1, "watchers": ["Bo"], "start": "ready",
            "start_note": "",
            "turn_time": 60, "grace": 120, "seats": [{"seat": 0, "name": "Ana", "bot": None, "ready": True, "connected": True, "host": True,
                                        "wins": 2},
                      {"seat": 1, "name": None, "bot": "easy", "ready": True, "connected": True, "host": False}]}
    assert lobby_problem(good) is None

    @settings(max_examples=500, deadline=None, database=None)
    @given(st.sampled_from(sorted(good)), st.sampled_from(JUNK), st.booleans(),
           st.sampled_from(["seat", "name", "bot", "ready", "connected", "host", "wins", "sent_away", "idle",
                            "stepped_away"]))
    def run(key: str, junk: Any, in_a_seat: bool, seat_key: str) -> None:
        lobby = copy.deepcopy(good)
        if in_a_seat:
            lobby["seats"][1][seat_key] = junk
            key = "seats"
        else:
            lobby[key] = junk
        problem = lobby_problem(lobby)  # never raises
        if problem is not None:
            assert problem.startswith(key), problem

    run()
    assert lobby_problem({**good, "seats": [{"seat": 1}]}) == "seats[0].seat: expected 0"
    assert lobby_problem({**good, "seats": [{"name": "no number"}]}) == "seats[0].seat: expected 0"
    assert lobby_problem({**good, "from_a_newer_host": [1, {"x": None}]}) is None
    sent_away = copy.deepcopy(good)
    sent_away["seats"][1].update(bot=None, sent_away="Cy")
    assert lobby_problem(sent_away) is None
    sent_away["seats"][1]["sent_away"] = ["Cy"]
    assert lobby_problem(sent_away) == "seats[1].sent_away: expected a short text or nothing"
    assert lobby_problem("lobby") == "a lobby is a map"
    assert lobby_problem({**good, "turn_time": -5}) == "turn_time: expected a number of seconds"
    assert lobby_problem({**good, "grace": "2 minutes"}) == "grace: expected a number of seconds"
    assert lobby_problem({**good, "seats": [{**good["seats"][0], "wins": "2"}]}) == "seats[0].wins: expected a count"
    assert lobby_problem({**good, "seats": [{**good["seats"][0], "idle": True}]}) is None
    assert lobby_problem({**good, "seats": [{**good["seats"][0], "idle": "yes"}]}) == "seats[0].idle: expected true or false"
    assert lobby_problem({**good, "watchers": ["Bo", 3]}) == "watchers: expected a list of names"
    assert lobby_problem({**good, "watchers": ["Bo"] * 101}) == "watchers: expected a list of names"


async def test_a_host_sending_a_garbled_lobby_is_told_goodbye() -> None:
    srv, port, hung_up = await host_sending([{"type": "lobby", "lobby": {"table": "t", "seats": [{"seat": "one"}]}}])
    try:
        c, updates = await until_goodbye(port, hung_up)
        assert c.lobby == {"table": "t"}  # the welcome's lobby, kept
        assert updates[-1]["state"] == "closed" and "lobby this app cannot show" in updates[-1]["reason"]
        assert "seats[0].seat: expected 0" in updates[-1]["reason"]
        await asyncio.sleep(0.3)
        assert srv.connections == [1]
    finally:
        srv.close()
        await srv.wait_closed()
