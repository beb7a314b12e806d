"""A player reading Help or the rules in the lobby as the host starts the match: the table opens
beneath them, and Escape closes them onto it. The table opened over them and took that Escape
(a player was asked to leave the match; a watcher, never asked, left the table). Real host on
127.0.0.1, a real app."""
from __future__ import annotations

import pytest

from net.server import TableConfig
from tui.screens.help import HelpScreen
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, someone_elses_table, wait_for


@pytest.mark.parametrize("key, reader", [("f1", HelpScreen), ("f2", RulesScreen)])
async def test_the_table_opens_beneath_what_the_player_reads(key: str, reader: type) -> None:
    app = make_app()
    config = TableConfig(name="Ana's table", game="crazy-eights", seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(100, 30)) as pilot:
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await app.session.client.ready(True)
            await wait_for(pilot, lambda: table.seats[1].ready)
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, reader))
            await ana.start()
            await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
            await pilot.pause(0.3)
            assert isinstance(app.screen, reader)
            assert isinstance(app.screen_stack[-2], TableScreen)
            await pilot.press("escape")
            await wait_for(pilot, lambda: current(app, TableScreen))
            await pilot.pause(0.3)
            assert isinstance(app.screen, TableScreen), "no question to leave, nothing over the table"
            assert table.seats[1].conn is not None
