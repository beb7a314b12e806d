"""An SSH guest's app runs as the host's user on the host's data folder: it plays at the table
its session was opened on and offers nothing else (no solo, hosting, joining elsewhere, or the
host's saved tables), and its home screen leads back to that table."""
from __future__ import annotations

import argparse

import pytest
from textual.widgets import Button

from net.server import Server, TableConfig
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.recent import recent_path
from tui.saves import solo_save_path

from .helpers import current, make_app, open_settings, start_solo, wait_for


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
            assert not titles & {"Play solo", "Host a table", "Join a table", "Your record"}
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen.sections
            assert dict(keys["Home"]).get("B") == "Back to the table"
            assert not {"P", "H", "J", "Y", "Del"} & set(dict(keys["Home"]))  # no saved table to forget
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
        assert home_keys["Del"] == "Forget the saved table (on a Resume entry)"
        await pilot.press("escape", "p")
        await pilot.pause()
        assert not isinstance(app.screen, HomeScreen)


def _shown(screen) -> str:
    """The words on ``screen``: its labels and lines, and what its text fields hold."""
    from textual.widgets import Input, Static

    return "\n".join([str(w.content) for w in screen.query(Static)] + [w.value for w in screen.query(Input)])


async def test_a_guests_settings_show_its_login_name_and_none_of_the_hosts_folders(monkeypatch) -> None:
    """An SSH guest plays under the name it logged in with, on the host's machine: Settings shows
    that name, not the host's (its Unix user), and lets no other be typed, since none would be
    used; it says whose the settings are but not where the host keeps them; and it offers
    nothing that only a table the app hosts, or its picker, would use (bot pause, default game)."""
    from textual.widgets import Input

    from tui.screens.settings import SettingsScreen
    from tui.settings import Settings, load_settings, save_settings, settings_path

    path = settings_path()  # the guest's own file under the host's data folder, as SSH sets it
    save_settings(Settings(name="root", theme="paper"), path)
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        table = server.create_table(TableConfig(name="Lounge", seats=3))
        monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
        args = argparse.Namespace(command="join", address=f"127.0.0.1:{server.port}", name="bea", password=None,
                                  host_key=None, no_mdns=True)
        app = make_app(args=args)
        async with app.run_test(size=(100, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            commands = {c.title: c.help for c in app.get_system_commands(app.screen)}
            assert "name" not in commands["Settings"].lower() and "bots" not in commands["Settings"].lower()
            app.action_settings()
            settings = await wait_for(pilot, lambda: current(app, SettingsScreen))
            await pilot.pause()
            name = settings.query_one("#name", Input)
            assert name.value == "bea" and name.disabled and not name.has_focus
            shown = _shown(settings)
            assert "root" not in shown
            assert str(path.parent) not in shown and "settings.toml" not in shown
            assert "the one you logged in with" in shown
            assert settings.query_one("#name-why").region.width <= 70  # held to the form's width
            assert "[keymap]" not in shown and "Move keys (below) moves them" in shown  # no file to edit
            assert "Kept by this table's host for bea" in shown
            assert settings.query_one("#saved-in").region.width <= 70
            assert not settings.query("#bot_pause") and not settings.query("#default_game")
            assert "Bot pause" not in shown and "Default game" not in shown
            await pilot.press(*"zed", "escape")  # the name field takes nothing
            await pilot.pause()
            assert not isinstance(app.screen, SettingsScreen)
            assert table.seats[0].name == "bea"
        assert load_settings(path)[0].name == "root"  # nor is a name saved for this login
    finally:
        await server.close()


async def test_your_own_settings_show_your_name_and_where_they_are_kept(monkeypatch, tmp_path) -> None:
    from textual.widgets import Input

    from tui.settings import Settings, save_settings

    monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    path = tmp_path / "settings.toml"
    save_settings(Settings(name="Ana"), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 40)) as pilot:
        settings = await open_settings(app, pilot)
        name = settings.query_one("#name", Input)
        assert name.value == "Ana" and not name.disabled
        assert f"Saved in {path}" in _shown(settings)
        assert settings.query("#bot_pause") and settings.query("#default_game")


async def test_a_guest_leaving_a_match_is_told_the_way_back_over_ssh(monkeypatch) -> None:
    """Escape in a match in play asks first; over SSH the way back is not to "join the table
    again" (a guest joins nothing) but B on the home screen, or logging in again under the same
    name, within the time the host keeps the seat; and B does sit the guest back down."""
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.table import TableScreen

    # bots slow enough that the match, a bot playing for ana while she is away, is still on when she comes back
    server = Server(host="127.0.0.1", port=0, bot_delay=0.5, grace=45, start_delay=0.1)
    await server.start()
    try:
        table = server.create_table(TableConfig(name="Lounge", seats=2, seed=2))  # ana leads: never out before she looks
        table.add_bot(1, "easy")
        monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
        monkeypatch.setenv("DEALMEIN_SEAT_GRACE", "45")
        monkeypatch.setenv("DEALMEIN_SEAT_TOKEN", "ana-" + "t" * 24)  # as the SSH host gives each login name
        args = argparse.Namespace(command="join", address=f"127.0.0.1:{server.port}", name="ana", password=None,
                                  host_key=None, no_mdns=True)
        app = make_app(args=args)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("escape")
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert ask.question == "Leave this match?"
            assert "join the table again" not in ask.detail
            assert "keeps your seat for 45 seconds" in ask.detail
            assert "B on the home screen (Back to the table)" in ask.detail and "logging in again as ana" in ask.detail
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            await wait_for(pilot, lambda: table.seats[0].conn is None)
            assert table.seats[0].name == "ana" and table.status == "playing"
            await pilot.press("b")
            await wait_for(pilot, lambda: table.seats[0].conn is not None
                           and any(isinstance(s, TableScreen) for s in app.screen_stack))  # a hand's results may be up
            assert app.session.client.seat == 0 and table.seats[0].name == "ana"
    finally:
        await server.close()


BAD_VALUES = ('name = ""\ntheme = 5\nbot_pause = 99\ndefault_game = "poker"\n'
              '[keymap]\n"table.nothing" = "d"\n')


@pytest.mark.parametrize("held, starts, ends", [
    (BAD_VALUES, "Your settings file on this host: theme: expected a short text; using the defaults for those\n"
                 "Your settings file on this host: keymap: \"table.nothing\" is not the id of a key (the README lists them); ",
     "those actions keep the keys they ship with"),
    ("theme = \n", "Your settings file on this host is not valid TOML (",
     "); using the defaults; changes you make here are not kept until the host mends or removes it"),
], ids=["bad-values", "not-toml"])
async def test_a_guest_is_told_of_its_settings_file_without_the_hosts_path(monkeypatch, held: str, starts: str,
                                                                           ends: str) -> None:
    """An SSH guest's settings file is in the host's data folder: a problem with it is said
    without that path (the notices named it), in terms of what can be done (the host mends a
    file the guest cannot), and not at all for settings a guest neither sees nor uses (its
    name, the bot pause, the default game)."""
    from tui.screens.settings import SettingsScreen
    from tui.settings import settings_path

    from .helpers import said_from_now

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(held, encoding="utf-8")
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Lounge", seats=3))
        monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
        args = argparse.Namespace(command="join", address=f"127.0.0.1:{server.port}", name="bea", password=None,
                                  host_key=None, no_mdns=True)
        app = make_app(args=args)
        async with app.run_test(size=(100, 40), notifications=True) as pilot:
            given = said_from_now(app)
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.pause(0.3)  # the default game is checked after the first frame
            said = [n.message for n in app._notifications if n.title == "Settings"]
            assert len(said) == 1 and said[0].startswith(starts) and said[0].endswith(ends), said
            app.update_settings(card_style="ascii")  # as Settings or F4 changes it
            await pilot.pause()
            unsaved = [n.message for n in app._notifications if n.title == "Settings file"]
            assert unsaved == ([] if held == BAD_VALUES else [
                "Your settings file on this host could not be read, so this change is used but not kept: "
                "the host can mend or remove it"])
            app.action_settings()
            settings = await wait_for(pilot, lambda: current(app, SettingsScreen))
            await pilot.pause()
            foot = str(settings.query_one("#saved-in").content)
            assert foot.startswith("Kept by this table's host for bea" if held == BAD_VALUES else
                                   "Your settings file on this host is not written: it is not valid TOML."), foot
            everything = "\n".join(said + unsaved + given + [foot])
            assert str(path.parent) not in everything and "settings.toml" not in everything
            assert "bot_pause" not in everything and "default_game" not in everything and "name:" not in everything
        if held != BAD_VALUES:
            assert path.read_text(encoding="utf-8") == held  # left for the host to mend
    finally:
        await server.close()
