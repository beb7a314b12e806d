"""The seats' names once a match is over (docs/protocol.md, ``lobby``): "(away)" tells of a
seat while the match is in play, so the results, the tally, the log's last lines and the seat
boxes name its player without it once the host has ended the match (and reset ``stepped_away``);
and the seat boxes follow the lobby after the match, a seat the host opened included, while
the results keep the names the match ended with."""
from __future__ import annotations

from typing import Any

from net.server import TableConfig
from tests.net.table_helpers import join
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen
from tui.widgets.seats import SeatBox

from .helpers import current, log_entries, make_app, someone_elses_table, wait_for


def _boxes(screen: TableScreen) -> list[str]:
    """The names on the table's seat boxes, left to right."""
    return [str(box.border_title or "") for box in screen.query(SeatBox)]


def _shown(results: ResultsScreen) -> str:
    """Every line of the results box as drawn."""
    return "\n".join(strip.text for strip in results._compositor.render_strips())


async def _hal_joins_and_all_start(app: Any, pilot: Any, srv: Any, table: Any, ana: Any, other: str,
                                   **kw: Any) -> tuple[Any, TableScreen]:
    """Hal (this app) sits in seat 2, ``other`` (a client) in seat 3, both ready, and Ana deals."""
    app.settings.name = "Hal"
    app.join_address(f"127.0.0.1:{srv.port}")
    await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
    third = await join(srv, other, table=table.id, **kw)
    await third.ready(True)
    await app.session.client.ready(True)
    await wait_for(pilot, lambda: table.seats[1].ready and table.seats[2].ready)
    await ana.start()
    return third, await wait_for(pilot, lambda: current(app, TableScreen))


async def _hal_steps_away(pilot: Any, table: Any) -> None:
    """Hal presses A: a bot plays his seat."""
    await pilot.press("a")
    await wait_for(pilot, lambda: table.seats[1].stepped_away)


async def _results(app: Any, pilot: Any) -> ResultsScreen:
    """The bots play every seat to the match's end: its results, once the lobby says it is over."""
    results: ResultsScreen = await wait_for(
        pilot, lambda: (screen := current(app, ResultsScreen)) is not None and screen.match_over and screen,
        timeout=60)
    await wait_for(pilot, lambda: app.session.lobby["status"] == "finished")
    await pilot.pause()
    return results


async def test_the_away_mark_goes_with_the_match() -> None:
    """Ana is away all match and Dee steps away late: at the match's end Hal's results, their
    tally and his seat boxes name them "Ana" and "Dee", not "Ana (away)" (the winner read
    "Dee (away) wins!", and the boxes kept the mark though the lobby had dropped it)."""
    config = TableConfig(name="t", game="ninety-eight", preset="single-hand", seats=3, seed=5)
    async with someone_elses_table(config) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            dee, screen = await _hal_joins_and_all_start(app, pilot, srv, table, ana, "Dee")
            try:
                await _hal_steps_away(pilot, table)
                await ana.away(True)
                await wait_for(pilot, lambda: _boxes(screen) == ["Dee", "Ana (away)"])
                await dee.away(True)  # the bots play every seat to the end now
                results = await _results(app, pilot)
                assert results.names == ["Ana", "You", "Dee"]
                assert "(away)" not in results.title_text()
                await wait_for(pilot, lambda: "Matches won at this table:" in _shown(results))
                assert "(away)" not in _shown(results), _shown(results)
                lines = log_entries(screen)
                end = next(i for i, line in enumerate(lines) if line.startswith("Match over:"))
                assert not [line for line in lines[end:] if "(away)" in line], lines[end:]
                await wait_for(pilot, lambda: _boxes(screen) == ["Dee", "Ana"])
            finally:
                await dee.close()
                await app.leave_table()


async def test_the_seat_boxes_show_the_seat_the_host_opened() -> None:
    """Eve drops and is not back within the grace: a bot keeps her seat to the match's end, and
    the host opens it then. Hal's results still name the seat as the match ended ("Eve (bot)"),
    but his seat box shows it open, as the lobby does (it kept "Eve (bot)")."""
    config = TableConfig(name="t", game="ninety-eight", preset="single-hand", seats=3, seed=5)
    async with someone_elses_table(config, grace=0.05, takeover=0.05) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            eve, screen = await _hal_joins_and_all_start(app, pilot, srv, table, ana, "Eve", reconnect=False)
            try:
                await _hal_steps_away(pilot, table)
                eve.drop_connection()
                await wait_for(pilot, lambda: table.seats[2].keeper)
                await wait_for(pilot, lambda: _boxes(screen) == ["Eve (bot)", "Ana"])
                await ana.away(True)
                results = await _results(app, pilot)
                assert not app.session.lobby["seats"][2].get("name")  # open
                assert results.names[2] == "Eve (bot)"
                await wait_for(pilot, lambda: _boxes(screen) == ["Seat 3", "Ana"])
            finally:
                await eve.close()
                await app.leave_table()
