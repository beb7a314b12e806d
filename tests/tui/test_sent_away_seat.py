"""A player the host sends away holds no seat there: the app keeps no token for that table, and
the Join screen lists it as a table joined lately, not as one where a seat was left (nor opens
with its address to sit back down). Real host on 127.0.0.1, a real app."""
from __future__ import annotations

import json

import pytest
from textual.widgets import Input, OptionList

from net.server import TableConfig
from tui.screens.home import HomeScreen
from tui.screens.join import JoinScreen
from tui.seatkeys import left_at, seats_path

from .helpers import current, join_lobby, make_app, seated_and_dealt, someone_elses_table, wait_for


def kept_seats() -> list[dict[str, object]]:
    return json.loads(seats_path().read_text()) if seats_path().exists() else []


@pytest.mark.parametrize("when", ["lobby", "match"])
async def test_a_player_sent_away_keeps_no_seat_there(when: str) -> None:
    config = TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=7)
    async with someone_elses_table(config) as (srv, table, ana):
        address = f"127.0.0.1:{srv.port}"
        app = make_app()
        app.settings.name = "Cal"
        async with app.run_test(size=(100, 30)) as pilot:
            if when == "lobby":
                await join_lobby(app, pilot, srv.port)
            else:
                await seated_and_dealt(app, pilot, srv.port, table, ana)
            seat = app.session.seat
            assert seat == 1
            await wait_for(pilot, lambda: [e["address"] for e in kept_seats()] == [address])  # held while seated
            await ana.kick(seat)
            await wait_for(pilot, lambda: app.session is None and current(app, HomeScreen))
            await pilot.pause(0.2)  # the close has run: a seat it kept would be written by now
            assert kept_seats() == [] and not left_at(address)
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            await pilot.pause()
            line = str(join.query_one("#recent", OptionList).get_option_at_index(0).prompt)
            assert address in line and "Ana's table" in line and "left a seat" not in line, line
            assert join.query_one("#address", Input).value == ""
