"""A seat's "(idle)" (the turn clock's bot has moved for its player turn after turn) tells of the
seat now: the seat boxes and the top line say it, but not what lasts, the log's deals and wins
and a hand's results ("Hand 1 over: Ana (idle) wins" stayed after she came back); and a move the
clock's bot makes for a player reads "(bot)", before her seat is idle and after alike (guide)."""
from __future__ import annotations

from typing import Any

from net.server import TableConfig
from tui.screens.results import ResultsScreen
from tui.widgets.seats import SeatBox

from .helpers import current, log_entries, make_app, seated_and_dealt, someone_elses_table, wait_for


async def test_an_idle_seat_is_named_plainly_in_the_log_and_results() -> None:
    # a one-second clock, then the idle one's short one: neither Ana (a client that never moves)
    # nor Hal (this app, left alone) moves, and the clock's bot plays both seats
    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=4, turn_time=1)
    async with someone_elses_table(config, away_clock=0.2) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Hal"
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session: Any = app.session
            await wait_for(pilot, lambda: session.lobby["seats"][0].get("idle") is True, timeout=30)
            await wait_for(pilot, lambda: any(str(box.border_title) == "Ana (idle)"
                                              for box in screen.query(SeatBox)), timeout=10)
            # the box as it comes (on the clock, Hal's turn beneath it gives the table back at once)
            found: list[ResultsScreen] = []

            def first_box() -> bool:
                box = current(app, ResultsScreen)
                if box is not None and not found:
                    found.append(box)
                return bool(found)

            await wait_for(pilot, first_box, timeout=60)
            results = found[0]
            assert "Ana" in results.names and not any("(idle)" in name for name in results.names), results.names
            assert "(idle)" not in results.title_text(), results.title_text()
            lines = log_entries(screen)
            assert any(line.startswith("Hand 1 over") for line in lines), lines
            assert not [line for line in lines if "(idle)" in line], lines
            # her moves, made by the clock's bot before her seat went idle and after
            assert len([line for line in lines if line.startswith("Ana (bot) plays")]) >= 3, lines
            await app.action_quit()
