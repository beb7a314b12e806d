"""Hosting with SSH on: the host's lobby shows the SSH address, the host-key fingerprint and
the passwords, and the SSH server really answers with that key and that password."""
from __future__ import annotations

from typing import Any

import asyncssh
import pytest
from textual.widgets import Input, Switch

from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen

from .helpers import current, make_app, wait_for


async def test_host_with_ssh_shows_how_to_come_in() -> None:
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        picker.query_one("#table-password", Input).focus()
        await pilot.press(*"sesame")
        picker.query_one("#ssh", Switch).focus()
        await pilot.press("space")
        await pilot.pause()
        choice = picker.choice()
        assert choice.ssh and choice.password == "sesame"
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        session = app.session
        ssh = await wait_for(pilot, lambda: session.ssh)
        info = str(lobby.query_one("#lobby-info").render())
        assert f"ssh -p {ssh.port} NAME@127.0.0.1" in info
        # the table's password is the login's too (docs/security.md), as at a headless host: no
        # second, made-up one (the table's did not let a guest in)
        assert ssh.fingerprint in info and ssh.config.password == "sesame" and "SSH password" not in info
        assert "Table password: sesame" in info
        # each guest's app is told how long the table keeps its seat, to say before it leaves a match
        assert ssh.extra_env("bob")["DEALMEIN_SEAT_GRACE"] == f"{session.server.grace:g}"
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


async def _host_with_ssh(app: Any, pilot: Any) -> None:
    """H, the SSH switch on, Ctrl+S: the table opens with SSH, as a host does it."""
    await pilot.press("h")
    picker = await wait_for(pilot, lambda: current(app, PickerScreen))
    picker.query_one("#ssh", Switch).focus()
    await pilot.press("space", "ctrl+s")


def _zygotes() -> list[int]:
    """This process's children that run the SSH app zygote."""
    import os
    from pathlib import Path

    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (proc / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == os.getpid() and b"net.ssh_zygote" in cmdline:
            found.append(int(proc.name))
    return found


async def test_ssh_on_a_taken_port_opens_on_a_free_one_and_leaves_no_extra_app_zygote() -> None:
    """SSH's usual port already taken (another table's SSH on this machine): the table's SSH
    opens on a free port instead, as the table's own port does, and the lobby names that one;
    the app zygote the first try started goes with it (one was left for each such try until
    the app quit)."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        app = make_app(bind="127.0.0.1", port=0, ssh_port=busy)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            assert _zygotes() == []
            await _host_with_ssh(app, pilot)
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            session = await wait_for(pilot, lambda: app.session)
            ssh = await wait_for(pilot, lambda: session.ssh)
            assert ssh.port not in (busy, 0)
            await wait_for(pilot, lambda: f"ssh -p {ssh.port} NAME@127.0.0.1" in str(lobby.query_one("#lobby-info").render()))
            assert not any(n.message.startswith("SSH not started") for n in app._notifications)
            async with asyncssh.connect("127.0.0.1", ssh.port, username="bob", password=ssh.config.password,
                                        known_hosts=None) as conn:
                assert conn.get_server_host_key().get_fingerprint("sha256") == ssh.fingerprint
            await wait_for(pilot, lambda: len(_zygotes()) == 1, timeout=10)
            await app.leave_table()
            await wait_for(pilot, lambda: _zygotes() == [], timeout=10)


async def test_leaving_a_hosted_table_keeps_its_ssh_guests_seats_in_its_save() -> None:
    """The app closes its table before its SSH front door, so the last save keeps an SSH guest
    in their seat for the resume (the front door closed first made the guest's app quit
    cleanly, which gave the seat up)."""
    from net.savefile import read_save, save_path

    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _host_with_ssh(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        session = app.session
        ssh = await wait_for(pilot, lambda: session.ssh)
        table, port = session.table, session.server.port
        async with asyncssh.connect("127.0.0.1", ssh.port, username="bea", password=ssh.config.password,
                                    known_hosts=None, client_keys=None, agent_path=None) as conn:
            proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            await wait_for(pilot, lambda: any(s.name == "bea" and s.conn is not None for s in table.seats), timeout=30)
            seat = next(s.index for s in table.seats if s.name == "bea")
            await app.leave_table()
            saved = read_save(save_path(port)).state["seats"][seat]
            assert saved["name"] == "bea" and saved["token"] and not saved["standin"] and saved["bot"] is None
            proc.close()


@pytest.mark.parametrize("own", [None, "sesame"], ids=["made-up", "table-password"])
async def test_a_table_hosted_with_ssh_comes_back_with_it_and_the_same_password(own: str | None) -> None:
    """Resumed from home, a table that had SSH guests opens its SSH front door again, with the
    password they logged in with (it came back without SSH: its guests had no way back; a
    table with a password of its own, which is its guests' login, still came back without)."""
    from tui.screens.home import HomeScreen

    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        if own:
            picker.query_one("#table-password", Input).focus()
            await pilot.press(*own)
        picker.query_one("#ssh", Switch).focus()
        await pilot.press("space", "ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        ssh = await wait_for(pilot, lambda: app.session.ssh)
        password = ssh.config.password
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume")
                       and app.session is None)
        app.screen.set_focus(app.screen.query_one("#resume-0"))
        await pilot.press("enter")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        again = await wait_for(pilot, lambda: app.session is not None and app.session.ssh)
        assert again.config.password == password == (own or password)
        info = str(lobby.query_one("#lobby-info").render())
        assert (f"SSH password: {password}" in info) == (own is None)  # the table's own has its line
        async with asyncssh.connect("127.0.0.1", again.port, username="bea", password=password,
                                    known_hosts=None, client_keys=None, agent_path=None):
            pass
        await app.leave_table()
