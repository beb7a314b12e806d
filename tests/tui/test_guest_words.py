"""Where the Keys screen says a moved key is kept, and what the app says of a bad theme file,
for each kind of app: a local player's names the settings file and the theme file to mend; an SSH
guest's (made as ``net.ssh_host`` makes it: its own settings folder under the host's data
folder, the session flag, joined to the host's table) says the host keeps the move for the
login name, and nothing of the host's theme files; and while the settings file cannot be read,
neither claims a move is kept."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from net.server import Server, TableConfig
from net.ssh_host import player_dir
from tui.screens.keys import KeysScreen
from tui.screens.lobby import LobbyScreen

from .helpers import make_app, user_themes, wait_for
from .test_keys_screen import move

GUEST_KEPT = ("This table's host keeps each move at once for the name you logged in with: yours again "
              "whenever you log in with it.")


def how(screen: KeysScreen) -> str:
    return str(screen.query_one("#keys-how").content)


async def guest_app(monkeypatch, server: Server, name: str = "bea"):
    """An app as the SSH host starts one for ``name``: the environment it sets, the join it asks."""
    monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
    monkeypatch.setenv("DEALMEIN_CONFIG_DIR", str(player_dir(name)))
    args = argparse.Namespace(command="join", address=f"127.0.0.1:{server.port}", name=name, password=None,
                              host_key=None, no_mdns=True)
    return make_app(args=args)


async def lounge() -> Server:
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    server.create_table(TableConfig(name="Lounge", seats=3))
    return server


@pytest.mark.parametrize("unreadable", [False, True], ids=["kept", "file-unreadable"])
async def test_a_guests_keys_screen_says_the_host_keeps_its_moves(monkeypatch, unreadable: bool) -> None:
    kept = player_dir("bea") / "settings.toml"
    if unreadable:
        kept.parent.mkdir(parents=True)
        kept.write_text("theme = \n", encoding="utf-8")
    server = await lounge()
    try:
        app = await guest_app(monkeypatch, server)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            app.action_keys()
            screen = await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.query("#keys-list")
                                     and app.screen)
            said = how(screen)
            assert "settings.toml" not in said and str(kept.parent) not in said
            if unreadable:
                assert "Moves work at once but are not kept: your settings file on this host could not be read." \
                    in said, said
                assert "keeps each move" not in said
            else:
                assert GUEST_KEPT in said, said
            assert await move(pilot, screen, "app.card_style", "f7") == "Card style: F7."
            assert how(screen) == said  # as true after a move
        assert load_keymap(kept) == (None if unreadable else {"app.card_style": "f7"})
    finally:
        await server.close()


def load_keymap(path: Path) -> dict[str, str] | None:
    from tui.settings import load_settings

    settings, problem = load_settings(path)
    return None if problem else settings.keymap


async def test_your_own_keys_screen_names_your_settings_file(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_keys()
        screen = await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.query("#keys-list")
                                     and app.screen)
        assert how(screen).endswith("Each move is saved in settings.toml at once.")
        path.write_text("[[[", encoding="utf-8")  # spoiled while the app is open
        assert await move(pilot, screen, "app.card_style", "f7") == "Card style: F7."
        assert how(screen).endswith("Moves work at once but are not kept: settings.toml could not be read.")
        assert app.keymap["app.card_style"] == "f7"


BAD_THEME = {"host-only.toml": 'name = "broken"\nprimary = "not a colour"\n'}


async def test_a_guest_hears_nothing_of_the_hosts_bad_theme_file(monkeypatch, tmp_path: Path) -> None:
    """The host's good themes are offered to the guest as to the host; a bad one is not named."""
    user_themes(tmp_path, monkeypatch, {**BAD_THEME, "club.toml": 'name = "club"\nprimary = "#884422"\n'})
    server = await lounge()
    try:
        app = await guest_app(monkeypatch, server)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "club" in app.available_themes)
            await pilot.pause(0.2)
            said = "\n".join(n.message for n in app._notifications)
            assert "host-only" not in said and "theme file" not in said and str(tmp_path) not in said, said
    finally:
        await server.close()


async def test_you_are_told_of_your_own_bad_theme_file_by_name(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    user_themes(tmp_path, monkeypatch, BAD_THEME)
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        notes = await wait_for(pilot, lambda: [n.message for n in app._notifications if n.title == "Themes"])
        assert f"theme file is left out:\n{tmp_path / 'themes' / 'host-only.toml'}: " in notes[0]  # its whole path


async def left_when_taken(app: Any, pilot: Any, server: Server, name: str) -> list[str]:
    """What the app said of leaving the table once another connection came in with its seat's
    token (another window, another login of its name), as the host replaces it."""
    from net.client import TableClient

    from .helpers import said_from_now

    said = said_from_now(app)
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session.client.token)
    client = app.session.client
    other = await TableClient.connect("127.0.0.1", server.port, name=name, token=client.token, table=client.table)
    try:
        await wait_for(pilot, lambda: any(s.startswith("Left the table") for s in said))
        return [s for s in said if s.startswith("Left the table")]
    finally:
        await other.close()


async def test_a_guest_whose_seat_another_login_of_its_name_took_is_told_who_and_the_way_back(monkeypatch) -> None:
    """Two SSH logins as one name from one address take one seat from each other: the one
    bounced was told only "this seat was taken over by a newer connection", for a moment."""
    server = await lounge()
    try:
        app = await guest_app(monkeypatch, server)
        async with app.run_test(size=(100, 30)) as pilot:
            assert await left_when_taken(app, pilot, server, "bea") == [
                "Left the table: someone logged in as bea from your address took your seat (another window of "
                "yours?). Back to the table takes it back; a second player logs in under a name of their own."]
    finally:
        await server.close()


async def test_a_player_whose_seat_another_window_took_is_told_so(monkeypatch) -> None:
    from .helpers import join_lobby

    monkeypatch.delenv("DEALMEIN_SSH_SESSION", raising=False)
    server = await lounge()
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await join_lobby(app, pilot, server.port)
            assert await left_when_taken(app, pilot, server, "Ana") == [
                "Left the table: you sat down at this table from another window or app, which took your seat. "
                "Close that one, or join again here to take it back."]
    finally:
        await server.close()
