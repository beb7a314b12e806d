"""Hosting with SSH on: the host's lobby shows the SSH address, the host-key fingerprint and
the passwords, and the SSH server really answers with that key and that password."""
from __future__ import annotations

import asyncssh
from textual.widgets import Input, Switch

from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen

from .helpers import make_app, wait_for


async def test_host_with_ssh_shows_how_to_come_in() -> None:
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen)
        picker.query_one("#table-password", Input).focus()
        await pilot.press(*"sesame")
        picker.query_one("#ssh", Switch).focus()
        await pilot.press("space")
        await pilot.pause()
        choice = picker.choice()
        assert choice.ssh and choice.password == "sesame"
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        session = app.session
        ssh = await wait_for(pilot, lambda: session.ssh)
        info = str(lobby.query_one("#lobby-info").render())
        assert f"ssh -p {ssh.port} NAME@127.0.0.1" in info
        assert ssh.fingerprint in info and ssh.config.password in info
        assert "Table password: sesame" in info
        assert session.lobby["password"] is True
        # C copies an invite with both ways in, each with its password
        await pilot.press("c")
        await pilot.pause()
        assert app.clipboard.splitlines() == [
            f"Come and play Ninety-Eight at {app.player_name}'s table: dealmein join {session.join_at[0]} "
            "(password: sesame)",
            f"Nothing installed? ssh -p {ssh.port} YOURNAME@127.0.0.1 (password: {ssh.config.password}; "
            f"host key {ssh.fingerprint})"]

        async with asyncssh.connect("127.0.0.1", ssh.port, username="bob", password=ssh.config.password,
                                    known_hosts=None) as conn:
            key = conn.get_server_host_key()
            assert key.get_fingerprint("sha256") == ssh.fingerprint
        await app.action_quit()
        assert session.ssh is None
