"""``dealmein host --ssh PORT`` in the app (``host --help``; docs/guide.md, "dealmein host"):
the picker opens with its SSH switch on, and the table's SSH door listens on that port; a
port taken has another free one instead, and the notice says so. The app refused the flag,
and its SSH switch always tried port 2222 first, with no way to choose another."""
from __future__ import annotations

import socket
from typing import Any

from textual.widgets import Switch

from tests.net.table_helpers import free_port
from tui.cli import build_parser
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen

from .helpers import current, make_app, said_from_now, wait_for


def _app(*flags: str) -> Any:
    args = build_parser().parse_args(["host", "--bind", "127.0.0.1", "--port", "0", *flags])
    return make_app(args=args)


async def _hosted(app: Any, pilot: Any) -> tuple[bool, Any]:
    """The picker as the command line opened it, then Ctrl+S: the SSH server once it listens."""
    picker = await wait_for(pilot, lambda: current(app, PickerScreen) and app.screen.query("#ssh") and app.screen)
    switched_on = picker.query_one("#ssh", Switch).value
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: current(app, LobbyScreen))
    ssh = await wait_for(pilot, lambda: app.session is not None and app.session.ssh, timeout=15)
    return switched_on, ssh


async def test_host_ssh_port_switches_ssh_on_at_that_port() -> None:
    port = free_port()
    app = _app("--ssh", str(port))
    async with app.run_test(size=(100, 30)) as pilot:
        switched_on, ssh = await _hosted(app, pilot)
        assert switched_on and ssh.port == port
        info = str(app.screen.query_one("#lobby-info").render())
        assert f"ssh -p {port} NAME@127.0.0.1" in info
        await app.leave_table()


async def test_a_taken_ssh_port_gives_another_and_says_so() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = _app("--ssh", str(port))
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)
            _on, ssh = await _hosted(app, pilot)
            assert ssh.port != port
            await wait_for(pilot, lambda: any(f"SSH is on port {ssh.port}: port {port} (--ssh) is in use" in text
                                              for text in said))
            await app.leave_table()


async def test_without_ssh_the_switch_starts_off() -> None:
    app = _app()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await wait_for(pilot, lambda: current(app, PickerScreen) and app.screen.query("#ssh") and app.screen)
        assert picker.query_one("#ssh", Switch).value is False
        assert app.ssh_port == 2222 and not app.ssh_port_chosen
