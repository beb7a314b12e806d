"""``dealmein join HOST:PORT --host-key-file FILE``: the host key a headless host printed, read
from a file's first line, since a key given with ``--host-key`` shows in every user's process
list and lets whoever reads it run the lobby."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from net.server import Server, TableConfig
from tui.cli import build_parser
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen

from .helpers import current, make_app, wait_for


@pytest.fixture
async def headless() -> AsyncIterator[tuple[Server, Any]]:
    """A server on 127.0.0.1 with one table of three seats and nobody at it: the server and the table."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    try:
        yield srv, srv.create_table(TableConfig(name="Headless", game="ninety-eight", seats=3))
    finally:
        await srv.close()


def joining_with(srv: Server, path: Path, *more: str) -> Any:
    """The app as ``dealmein join 127.0.0.1:PORT ... --host-key-file PATH`` opens it."""
    args = build_parser().parse_args(["join", f"127.0.0.1:{srv.port}", *more, "--host-key-file", str(path)])
    args.no_mdns = True
    return args


async def test_the_key_from_a_file_runs_the_lobby(tmp_path: Path, headless: tuple[Server, Any]) -> None:
    srv, table = headless
    path = tmp_path / "key"
    path.write_text(f"{table.host_key}\r\nnot this line\n")  # a line ending from any system
    args = joining_with(srv, path, "--name", "Ana")
    assert args.host_key == table.host_key
    app = make_app(args=args)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: current(app, LobbyScreen) and app.session is not None)
        assert app.session.is_host and app.session.seat == 0
        await app.session.call("add_bot", 1, "easy")  # only the key's holder may fill a seat
        await wait_for(pilot, lambda: app.session.lobby["seats"][1]["bot"] == "easy")
        await app.action_quit()


async def test_a_wrong_key_in_the_file_leaves_the_app_home_with_the_reason(tmp_path: Path,
                                                                          headless: tuple[Server, Any]) -> None:
    srv, table = headless
    path = tmp_path / "key"
    path.write_text("not-the-key\n")
    app = make_app(args=joining_with(srv, path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None
                       and any("host key" in n.message for n in app._notifications))
        assert not table.seats[0].name
        await app.action_quit()


async def test_the_key_holder_watching_a_table_of_bots_reads_that_they_start_it(
        tmp_path: Path, headless: tuple[Server, Any]) -> None:
    """Every seat a bot: nothing starts by itself, and the lobby told the key's holder, watching,
    that "whoever joined with the host key" starts it; it tells them it is they, and the key."""
    srv, table = headless
    for seat in range(3):
        table.add_bot(seat, "easy")
    path = tmp_path / "key"
    path.write_text(table.host_key)
    app = make_app(args=joining_with(srv, path, "--name", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen) if app.session is not None else None)
        assert app.session.is_host and app.session.seat is None
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        await wait_for(pilot, lambda: "You hold the host key: you start the match with Ctrl+S." in info())
        assert "whoever joined" not in info()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: table.status in ("playing", "finished"))
        await app.action_quit()
