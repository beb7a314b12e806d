"""A table served over SSH keeps its SSH door in its save: the app's Resume opens the same door
again, a headless host's table's too (its port and its login: open, keys), so that its SSH
players, told their seats are kept, find their way back. A headless table resumed from the app
came back without SSH (its open or keys login saved nothing), or on another port than its
guests knew. Where the door's port is taken now, another is opened, and said."""
from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from textual.widgets import Button

from net.savefile import read_save, save_path
from tests.net.table_helpers import free_port
from tests.ssh.test_ssh_start_and_end import _banner, _stop
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen

from .helpers import current, make_app, said_from_now, wait_for

KEY = asyncssh.generate_private_key("ssh-ed25519")


async def _headless_table(*ssh_flags: str) -> int:
    """A two-seat table served by ``dealmein host --headless`` with ``ssh_flags``, then stopped
    as its operator stops it (SIGTERM): its save stays. Its table port."""
    port = free_port()
    proc, _text = await _banner("--port", str(port), "--seats", "2", *ssh_flags)
    await _stop(proc)
    return port


async def _resumed(app: Any, pilot: Any, port: int) -> Any:
    """Resume on home for the table saved on ``port``, as a player picks it: its SSH server."""
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
    button = next(b for b in app.screen.query(".resume").results(Button) if f"port {port})" in str(b.label))
    app.screen.set_focus(button)
    await pilot.press("enter")
    await wait_for(pilot, lambda: current(app, LobbyScreen))
    return await wait_for(pilot, lambda: app.session is not None and app.session.ssh, timeout=15)


def _info(app: Any) -> str:
    return str(app.screen.query_one("#lobby-info").render())


async def test_a_headless_tables_open_ssh_door_opens_again_on_its_port() -> None:
    ssh_port = free_port()
    port = await _headless_table("--ssh", str(ssh_port), "--ssh-auth", "open")
    door = read_save(save_path(port)).state["config"]["ssh_door"]
    assert door == {"port": ssh_port, "auth": "open", "keys": None}
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(110, 34)) as pilot:
        ssh = await _resumed(app, pilot, port)
        assert (ssh.port, ssh.config.auth) == (ssh_port, "open")
        await wait_for(pilot, lambda: f"ssh -p {ssh_port} NAME@127.0.0.1 (anyone may log in)" in _info(app))
        assert "SSH password" not in _info(app)
        # the invite says how a friend comes in: no password to give (it said "password: None")
        await pilot.press("c")
        await pilot.pause()
        assert app.clipboard.splitlines()[-1] == (f"Nothing installed? ssh -p {ssh_port} YOURNAME@127.0.0.1 "
                                                  f"(host key {ssh.fingerprint})")
        async with asyncssh.connect("127.0.0.1", ssh_port, username="bea", password=None, known_hosts=None,
                                    client_keys=None, agent_path=None):
            pass
        await app.leave_table()
    assert read_save(save_path(port)).state["config"]["ssh_door"] == door  # kept for the next resume


async def test_a_headless_tables_keys_door_opens_again_with_the_same_keys(tmp_path: Path) -> None:
    keys = tmp_path / "authorized_keys"
    keys.write_text(KEY.export_public_key("openssh").decode())
    ssh_port = free_port()
    port = await _headless_table("--ssh", str(ssh_port), "--ssh-auth", "keys", "--ssh-keys", str(keys))
    assert read_save(save_path(port)).state["config"]["ssh_door"] == {"port": ssh_port, "auth": "keys",
                                                                      "keys": str(keys.resolve())}
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(110, 34)) as pilot:
        ssh = await _resumed(app, pilot, port)
        assert (ssh.port, ssh.config.auth) == (ssh_port, "keys")
        await wait_for(pilot, lambda: "(with a key its authorized_keys file lets in)" in _info(app))
        async with asyncssh.connect("127.0.0.1", ssh_port, username="bea", client_keys=[KEY], password=None,
                                    known_hosts=None, agent_path=None):
            pass
        with pytest.raises(asyncssh.PermissionDenied):  # another key is not let in
            await asyncssh.connect("127.0.0.1", ssh_port, username="bea", password=None, known_hosts=None,
                                   client_keys=[asyncssh.generate_private_key("ssh-ed25519")], agent_path=None)
        await app.leave_table()


async def test_a_keys_door_whose_file_is_gone_says_so_and_the_table_plays_on(tmp_path: Path) -> None:
    """The authorized_keys file is read again, never kept: one gone since leaves the door shut,
    said, and the table open to the LAN as before; its save keeps the door for a later resume."""
    keys = tmp_path / "authorized_keys"
    keys.write_text(KEY.export_public_key("openssh").decode())
    port = await _headless_table("--ssh", str(free_port()), "--ssh-auth", "keys", "--ssh-keys", str(keys))
    keys.unlink()
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    async with app.run_test(size=(110, 34)) as pilot:
        said = said_from_now(app)
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
        app.screen.set_focus(app.screen.query_one("#resume-0"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: current(app, LobbyScreen) and app.session.lobby is not None)
        await wait_for(pilot, lambda: said)
        assert said == [f"SSH not started: cannot read {keys}: No such file or directory"]
        assert app.session.ssh is None and "SSH" not in _info(app)
        await app.leave_table()
    assert read_save(save_path(port)).state["config"]["ssh_door"]["auth"] == "keys"


async def test_a_door_whose_port_is_taken_opens_on_another_and_says_so() -> None:
    ssh_port = free_port()
    port = await _headless_table("--ssh", str(ssh_port), "--ssh-auth", "open")
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", ssh_port))
        taken.listen()
        app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
        async with app.run_test(size=(110, 34)) as pilot:
            said = said_from_now(app)
            ssh = await _resumed(app, pilot, port)
            assert ssh.port != ssh_port and ssh.config.auth == "open"
            assert said == [f"SSH is on port {ssh.port} now: port {ssh_port}, where its players came in before, "
                            "is in use. The lobby gives the new way in."]
            await wait_for(pilot, lambda: f"ssh -p {ssh.port} NAME@127.0.0.1" in _info(app))
            # the door the guests now know is the one kept for the next resume
            await wait_for(pilot, lambda: read_save(save_path(port)).state["config"]["ssh_door"]["port"] == ssh.port)
            await app.leave_table()


async def test_the_lobby_names_no_ssh_door_until_it_listens_and_one_closed_while_starting_is_let_go() -> None:
    """A lobby drawn while the SSH server was still starting (a resume's lobby frames come
    meanwhile) asked it for a port it did not have yet, and the app ended with a traceback; the
    door is named once it listens. A table closed meanwhile leaves no server or app process."""
    from net.server import Server, TableConfig
    from tui.doors import Doors

    from .test_ssh_host import _zygotes

    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    app = make_app(bind="127.0.0.1", port=0, ssh_port=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = server.create_table(TableConfig(name="Lounge", seats=2))
            doors = Doors(app)
            starting = asyncio.get_running_loop().create_task(doors.serve_ssh("127.0.0.1", server, table, None))
            await asyncio.sleep(0)  # as far as its start, which waits on the app process it forks
            assert doors.ssh is None and doors.ssh_lines == [] and doors.ssh_invite() is None
            await starting
            assert doors.ssh is not None and doors.ssh_lines[0] == f"SSH: ssh -p {doors.ssh.port} NAME@127.0.0.1"
            await doors.close_ssh()
            # closed while it starts: once started it is closed, its port and app process let go
            closing = asyncio.get_running_loop().create_task(doors.serve_ssh("127.0.0.1", server, table, None))
            await asyncio.sleep(0)
            await doors.close_ssh()
            await closing
            assert doors.ssh is None
            await wait_for(pilot, lambda: _zygotes() == [], timeout=10)
    finally:
        await server.close()
