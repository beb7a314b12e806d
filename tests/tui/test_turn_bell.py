"""The turn bell (``Settings.bell``): the terminal's bell when your turn comes at a table with
other players, once more when ten seconds are left on your turn clock (not on a clock that
started with little more), and never against bots alone or with the setting off."""
from __future__ import annotations

from typing import Any

import pytest

from core import new_match
from tui.screens.table import TableScreen

from .helpers import make_app, show_link, wait_for
from .matchlink import MatchLink


def lobby(other_is_bot: bool = False, turn_time: int = 0) -> dict[str, Any]:
    return {"turn_time": turn_time,
            "seats": [{"seat": 0, "name": "P0", "bot": None, "connected": True},
                      {"seat": 1, "name": "P1", "bot": "normal" if other_is_bot else None, "connected": True}]}


async def open_table(app: Any, pilot: Any, solo: bool, table: dict[str, Any]) -> tuple[TableScreen, MatchLink]:
    link = MatchLink(new_match("ninety-eight", 2, seed=3), 0)
    link.solo, link.lobby = solo, table  # type: ignore[attr-defined]
    return await show_link(app, pilot, link), link


def counting(app: Any) -> list[int]:
    rung: list[int] = []
    app.bell = lambda: rung.append(1)  # the real bell writes to a terminal, which a test has not
    return rung


@pytest.mark.parametrize(("solo", "bot", "on", "rings"), [
    (False, False, True, True),
    (True, False, True, False),   # a solo table
    (False, True, True, False),   # the only other seat is a bot
    (False, False, False, False),  # the setting off
])
async def test_the_bell_rings_when_the_turn_comes_to_you(solo: bool, bot: bool, on: bool, rings: bool) -> None:
    app = make_app()
    app.settings.bell = on
    rung = counting(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, solo, lobby(other_is_bot=bot))
        assert screen.view["current_seat"] == 0
        assert len(rung) == (1 if rings else 0)
        screen._render_view()  # drawn again (a theme, a new hand order): still the same turn
        assert len(rung) == (1 if rings else 0)
        # as a host sends them: the view after your play (the other seat's turn), then yours again
        link.match.apply(link.view()["legal"][0], 0)
        screen.show(link.view(), [])
        assert screen.view["current_seat"] == 1 and len(rung) == (1 if rings else 0)
        events = link.others_play()
        screen.show(link.view(), events)
        await pilot.pause()
        assert screen.view["current_seat"] == 0 and len(rung) == (2 if rings else 0)


async def test_the_bell_rings_once_with_ten_seconds_left() -> None:
    app = make_app()
    rung = counting(app)
    async with app.run_test(size=(100, 30)) as pilot:
        # 13 s: the second ring is 3 s off, so a busy machine's slow start does not bring both at once
        screen, link = await open_table(app, pilot, False, lobby(turn_time=13))
        assert len(rung) == 1 and screen.clock_left() > 10
        await wait_for(pilot, lambda: len(rung) == 2, timeout=8)
        assert screen.clock_left() is not None and screen.clock_left() <= 10
        await pilot.pause(1.5)
        assert len(rung) == 2


async def test_a_ten_second_clock_rings_once_as_the_turn_comes() -> None:
    """The short clock (10 s) of a player out of time turn after turn, or a table's clock as
    short: its ten seconds left are the turn's coming, and the bell rings for it once."""
    app = make_app()
    rung = counting(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, False, lobby(turn_time=10))
        assert len(rung) == 1 and screen.clock_left() is not None
        await pilot.pause(2.5)  # past ten seconds left, and a second of the app's clock ticks
        assert len(rung) == 1 and screen.clock_left() <= 9
