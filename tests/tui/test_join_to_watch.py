"""Joining to watch: ``dealmein join --watch`` and the Join screen's Watch box come in without
a seat while one is open (a join sat the player down, and a host's start before W got them up
dealt them in); T in the lobby sits down later, and a watcher with a seat kept at the table
gets it back. Real host on 127.0.0.1, a real app."""
from __future__ import annotations

from textual.widgets import Checkbox, Input

from net.server import TableConfig
from tui.cli import build_parser
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen

from .helpers import make_app, someone_elses_table, wait_for

CONFIG = TableConfig(name="Ana's table", game="crazy-eights", seats=3, seed=3)


async def test_join_watch_comes_in_watching_and_t_sits_down() -> None:
    async with someone_elses_table(CONFIG) as (srv, table, ana):
        args = build_parser().parse_args(["join", f"127.0.0.1:{srv.port}", "--watch", "--name", "Bo"])
        app = make_app(args=args)
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
            await wait_for(pilot, lambda: app.session is not None and app.session.client is not None)
            await pilot.pause(0.3)
            assert app.session.seat is None and table.seats[1].empty and table.seats[2].empty
            assert any(c.name == "Bo" and c.seat is None for c in table.conns)
            lobby.query_one("#seats").highlighted = 1
            await pilot.press("t")
            await wait_for(pilot, lambda: app.session.seat == 1 and table.seats[1].name == "Bo")
            await app.leave_table()


async def test_the_join_screens_watch_box_comes_in_watching() -> None:
    async with someone_elses_table(CONFIG) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Cy"
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("j")
            join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen)
            box = join.query_one("#watch", Checkbox)
            assert box.value is False  # a join sits down, as it always has, unless asked
            box.value = True
            join.query_one("#address", Input).value = f"127.0.0.1:{srv.port}"
            join.query_one("#address", Input).focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: any(c.name == "Cy" for c in table.conns))
            await pilot.pause(0.3)
            assert app.session.seat is None and all(s.empty for s in table.seats[1:])
            await app.leave_table()
