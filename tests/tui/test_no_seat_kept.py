"""A table that keeps no seat for a player who leaves (``dealmein host --headless --grace 0``;
docs/guide.md: "--grace 0 holds no seat, and waits for none"): leaving said "The host keeps your
seat for 0 seconds ...: log in again ... to sit back down", and the others read "which is kept
for 0 seconds should they come back"; back, the player only watched."""
from __future__ import annotations

from net.server import TableConfig
from tests.net.table_helpers import join
from tui.leavewords import NO_SEAT_KEPT
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, someone_elses_table, wait_for


async def test_leaving_a_table_that_keeps_no_seat_promises_no_way_back() -> None:
    config = TableConfig(name="t", game="ninety-eight", seats=3, seed=3)
    async with someone_elses_table(config, grace=0.0) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bo"
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            cy = await join(srv, "Cy", table=table.id)
            assert cy.seat == 2
            await app.session.client.ready(True)
            await cy.ready(True)
            await wait_for(pilot, lambda: table.seats[1].ready and table.seats[2].ready)
            await ana.start()
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            await wait_for(pilot, lambda: (app.session.lobby or {}).get("status") == "playing")
            assert app.session.lobby["grace"] == 0
            assert app.session.leave_note() == NO_SEAT_KEPT
            assert app.session.away_note() == NO_SEAT_KEPT
            await cy.close()  # Cy says goodbye in the match
            # (the lobby that tells of it and the one that gives the seat to a bot may come as one)
            await wait_for(pilot, lambda: any(line in log_entries(screen) for line in (
                "Cy leaves the match: a bot plays their seat for the rest of it.",
                "Cy is gone: a bot plays their seat for the rest of the match.")))
            assert not any("kept for 0" in line or "sent away" in line for line in log_entries(screen))
            await app.leave_table()
