"""An SSH guest's app runs as the host's user on the host's data folder: it plays at the table
its session was opened on and offers nothing else (no solo, hosting, joining elsewhere, or the
host's saved tables), and its home screen leads back to that table."""
from __future__ import annotations

import argparse

from textual.widgets import Button

from net.server import Server, TableConfig
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.recent import recent_path
from tui.saves import solo_save_path

from .helpers import make_app, start_solo, wait_for


async def _host_leaves_a_solo_save() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_solo(app, pilot)
        app.back_home()
        await wait_for(pilot, lambda: app.session is None)


async def test_an_ssh_guest_is_offered_its_table_and_nothing_of_the_hosts(monkeypatch) -> None:
    await _host_leaves_a_solo_save()
    saved = solo_save_path().read_bytes()
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Lounge", seats=3))
        monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
        address = f"127.0.0.1:{server.port}"
        args = argparse.Namespace(command="join", address=address, name="ana", password=None, host_key=None,
                                  no_mdns=True)
        app = make_app(args=args)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert not recent_path().exists()  # the host's data folder keeps no guest's recent tables
            app.back_home()
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            home = app.screen
            ids = {b.id for b in home.query(Button)}
            assert ids == {"back", "settings", "rules", "quit"}, ids  # no saves, solo, host or join
            titles = {c.title for c in app.get_system_commands(home)}
            assert "Back to the table" in titles
            assert not titles & {"New game", "Host a table", "Join a table", "Your record"}
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen.sections
            assert dict(keys["Home"]).get("B") == "Back to the table"
            assert not {"P", "H", "J", "Y"} & set(dict(keys["Home"]))
            assert "Your record" not in keys
            assert "host" not in dict(keys["Everywhere"])["Ctrl+P"]
            await pilot.press("escape")
            await pilot.pause()
            for key in ("p", "h", "j", "y"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is home
            # asked another way (a stale palette entry, say): refused, and why
            app.open_picker("solo")
            app.open_picker("host")
            app.open_join()
            app.resume_table(solo_save_path(), True)
            app.join_address("127.0.0.1:9")
            app.action_record()  # the host's data folder holds no record of a guest's
            await pilot.pause()
            assert app.screen is home and app.session is None
            said = [n.message for n in app._notifications]
            assert len([m for m in said if "Over SSH you play at this host's table only" in m]) == 6, said
            assert solo_save_path().read_bytes() == saved
            await pilot.press("b")  # back to the table it came from
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            assert app.session.address == address
    finally:
        await server.close()


async def test_an_app_on_your_own_machine_offers_everything(monkeypatch) -> None:
    monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        ids = {b.id for b in app.screen.query(Button)}
        assert {"solo", "host", "join"} <= ids and "back" not in ids
        await pilot.press("f1")
        await pilot.pause()
        home_keys = dict(app.screen.sections["Home"])
        assert home_keys["P"] == "Play solo" and "B" not in home_keys
        await pilot.press("escape", "p")
        await pilot.pause()
        assert not isinstance(app.screen, HomeScreen)
