"""A headless host's table resumed from the app's home: its host key's seat was a player's (who
ran the lobby with ``join --host-key``), and the app, resuming with that seat's token, sat in it
with that player's cards; the player coming back took the seat over, the app went home and the
table closed on everyone. The app now hosts the table from no one's seat, and the player comes
back to theirs."""
from __future__ import annotations

import re

from textual.widgets import Button

from net.client import TableClient
from net.savefile import read_save, save_path
from tests.net.table_helpers import free_port, wait_until
from tests.ssh.test_ssh_start_and_end import _banner, _stop
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen

from .helpers import current, make_app, wait_for


async def test_the_app_resumes_a_headless_table_from_no_players_seat_and_the_player_comes_back() -> None:
    port = free_port()
    proc, banner = await _banner("--port", str(port), "--seats", "2", "--bots", "1")
    gus: TableClient | None = None
    try:
        key = re.search(r"Host key \(lets one player run the lobby\): (\S+)", banner)
        assert key is not None, banner
        gus = await TableClient.connect("127.0.0.1", port, name="Gus", host_key=key.group(1), reconnect=False)
        await gus.start()  # the key's holder starts the match: Gus and the bot
        await wait_until(lambda: (read_save(save_path(port)).state or {}).get("status") == "playing", 15,
                         "the match dealt and saved")
        token = gus.token
        assert token and read_save(save_path(port)).state["host_token"] == token
    finally:
        if gus is not None:
            await gus.close()
        await _stop(proc)
    saved = read_save(save_path(port)).state
    assert saved["host_in_app"] is False and saved["seats"][0]["name"] == "Gus"
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
        button = next(b for b in app.screen.query(".resume").results(Button) if f"port {port})" in str(b.label))
        app.screen.set_focus(button)
        await pilot.press("enter")
        await wait_for(pilot, lambda: current(app, LobbyScreen) or app.session and app.session.view)
        session = app.session
        table = session.table
        await wait_for(pilot, lambda: session.lobby is not None)
        assert session.seat is None  # watching its table: Gus's seat and cards are Gus's
        assert table.seats[0].token == token and table.seats[0].name == "Gus"
        back = await TableClient.connect("127.0.0.1", port, name="Gus", token=token, reconnect=False)
        try:
            assert back.seat == 0  # back in his seat, the match his to play on
            await pilot.pause(0.5)
            assert app.session is session and session.server is not None and table.seats[0].conn is not None
            assert not isinstance(app.screen, HomeScreen)  # the table stays open: no one sent home
        finally:
            await back.close()
        await app.leave_table()
    # the app's own save now: a resume from it takes no player's seat either
    again = read_save(save_path(port)).state
    assert again["host_in_app"] is True and again["host_token"] != token

