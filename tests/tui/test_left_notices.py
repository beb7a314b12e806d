"""A notice that says a table was left (the host closed it, or sent the player away) is about
that table: once the player sits at a table again it goes, rather than stand over the new one
for the rest of its time. Real hosts on 127.0.0.1, a real app."""
from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from net.client import TableClient
from net.server import Server, TableConfig
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen

from .helpers import current, join_lobby, make_app, notices, wait_for


async def hosted(name: str) -> tuple[Server, TableClient]:
    """A real host with one two-seat table, its host-key holder in seat 0."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table = srv.create_table(TableConfig(name=name, game="ninety-nine", seats=2, seed=7))
    host = await TableClient.connect("127.0.0.1", srv.port, name=name.split("'")[0], table=table.id,
                                     host_key=table.host_key, reconnect=False)
    return srv, host


@pytest.mark.parametrize("how", ["closed", "sent away"])
async def test_a_notice_of_a_table_left_goes_once_another_opens(how: str) -> None:
    first, ana = await hosted("Ana's table")
    second, bo = await hosted("Bo's table")
    app = make_app()
    app.settings.name = "Cal"
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await join_lobby(app, pilot, first.port)
            if how == "closed":
                await first.close()
                said = "Left the table: the host closed the table."
            else:
                await ana.kick(1)
                said = "The host removed you from the table"
            await wait_for(pilot, lambda: current(app, HomeScreen) and said in notices(app))
            lobby = await join_lobby(app, pilot, second.port)
            await pilot.pause(0.2)
            assert said not in notices(app), notices(app)
            assert isinstance(lobby, LobbyScreen) and app.screen is lobby
            assert not [t for t in lobby.query(Toast) if said in str(t.render())]
    finally:
        for client in (ana, bo):
            await client.close()
        for srv in (first, second):
            await srv.close()


async def test_a_notice_of_a_table_left_goes_once_the_join_screen_opens() -> None:
    """The notice of a table left (up for a minute where it gives the way back) stood over the
    Join screen's address, password and Connect; that screen holds the way back itself."""
    from tui.screens.join import JoinScreen

    first, ana = await hosted("Ana's table")
    app = make_app()
    app.settings.name = "Cal"
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await join_lobby(app, pilot, first.port)
            await first.close()
            said = "Left the table: the host closed the table."
            await wait_for(pilot, lambda: current(app, HomeScreen) and any(n.startswith(said) for n in notices(app)))
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            await pilot.pause(0.2)
            assert not [n for n in notices(app) if n.startswith(said)], notices(app)
            assert not [t for t in join.query(Toast) if said in str(t.render())]
    finally:
        await ana.close()
        await first.close()
