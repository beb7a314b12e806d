"""The LAN list when the highlighted table goes (tui/screens/join.py): the highlight falls on
another row, and an Enter meant for the table that went, pressed just as it went, must not take
the player into a table they did not pick. The list is filled as the browser fills it; every
address is on 127.0.0.1."""
from __future__ import annotations

from textual.widgets import OptionList, Static

from net.discovery import FoundTable, TableAdvert
from tests.net.table_helpers import free_port
from tui.screens.join import JoinScreen

from .helpers import current, make_app, wait_for


def listed(name: str, port: int) -> FoundTable:
    advert = TableAdvert(name=name, game="ninety-eight", preset="standard", seats_taken=1, seats_total=4)
    return FoundTable(f"{name}._dealmein._tcp.local.", name, advert, True, "", ("127.0.0.1",), port, True,
                      "127.0.0.1")


async def test_enter_on_the_row_a_gone_table_left_says_so_once_then_goes_in() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        port = free_port()  # nothing listens there: a join that goes is refused, and says where
        alpha, bravo = listed("Alpha", port), listed("Bravo", port)
        join.found = {alpha.service: alpha, bravo.service: bravo}
        join._refresh_list()
        tables = join.query_one("#tables", OptionList)
        tables.focus()
        tables.highlighted = tables.get_option_index(bravo.service)
        await pilot.pause()
        error = join.query_one("#join-error", Static)

        del join.found[bravo.service]  # Bravo goes: the highlight falls on Alpha's row
        join._refresh_list()
        assert tables.highlighted == tables.get_option_index(alpha.service)
        await pilot.press("enter")
        await pilot.pause()
        assert current(app, JoinScreen) is join and app.session is None
        assert str(error.render()) == ("Bravo has gone from the list: the highlight is on Alpha now. "
                                       "Enter again to go in there.")

        await pilot.press("enter")  # the player has read it: Alpha is their pick now
        await wait_for(pilot, lambda: f"127.0.0.1:{port}" in str(error.render()))
        assert "has gone" not in str(error.render())


async def test_a_highlight_the_player_moves_is_their_pick() -> None:
    """Moved with the keys after the table went, the highlight's table is joined at once."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        port = free_port()
        tables_found = [listed(name, port) for name in ("Alpha", "Bravo", "Charlie")]
        join.found = {t.service: t for t in tables_found}
        join._refresh_list()
        tables = join.query_one("#tables", OptionList)
        tables.focus()
        tables.highlighted = 2  # Charlie
        await pilot.pause()
        del join.found[tables_found[2].service]
        join._refresh_list()
        await pilot.press("up", "enter")  # from Bravo's row to Alpha's, and in
        error = join.query_one("#join-error", Static)
        await wait_for(pilot, lambda: f"127.0.0.1:{port}" in str(error.render()))
        assert "has gone" not in str(error.render())
