"""Lines typed straight after one another into the chat, as a terminal hands a burst of typing
to the app: each Enter sends the words typed before it, once, in order, and the chat line keeps
the focus. Textual's own submit read the field after later keys had gone into it ("one", Enter,
"two", Enter, "three", Enter sent "onetwothree" three times), or cleared them, and an Enter
that found the line empty took the focus to the hand or seats, where the rest pressed their
keys. Real host on 127.0.0.1, a real app, in the lobby and at the table."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from net.server import TableConfig
from tui.widgets.chatline import ChatLine

from .helpers import join_lobby, make_app, seated_and_dealt, someone_elses_table, wait_for
from .test_typed_ahead import burst

LINES = ["one", "two", "three"]


def typed(*lines: str) -> list[tuple[str, str | None]]:
    """The keys of ``lines``, each followed by Enter."""
    keys: list[tuple[str, str | None]] = []
    for line in lines:
        keys += [(char, char) for char in line] + [("enter", None)]
    return keys


async def heard(ana: Any, got: list[str]) -> None:
    async for update in ana.updates():
        if update["type"] == "chat" and not update.get("system"):
            got.append(update["text"])


@pytest.mark.parametrize("where", ["lobby", "table"])
async def test_lines_typed_in_a_burst_go_one_each_in_order(where: str) -> None:
    app = make_app()
    config = TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(100, 30)) as pilot:
            app.settings.name = "Bo"
            if where == "lobby":
                screen = await join_lobby(app, pilot, srv.port)
            else:
                screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            got: list[str] = []
            listening = asyncio.ensure_future(heard(ana, got))
            try:
                await pilot.press("slash")
                line = screen.query_one("#chat", ChatLine)
                await wait_for(pilot, lambda: app.focused is line)
                burst(app, *typed(*LINES))
                await wait_for(pilot, lambda: len(got) >= len(LINES), timeout=10)
                await pilot.pause(0.3)
                assert got == LINES
                assert app.focused is line and line.value == ""
            finally:
                listening.cancel()


async def test_lines_typed_while_the_connection_is_down_go_one_each_once_it_is_back() -> None:
    """Kept in the chat line, a line Enter could not send had the next ones typed run on into it
    ("l1l2l3"), and went only when the player pressed Enter again: each is held, in order, and
    goes as the connection comes back."""
    from tui.chatprompt import NOT_SENT

    from .helpers import notices

    app = make_app()
    config = TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            app.settings.name = "Bo"
            screen = await join_lobby(app, pilot, srv.port)
            got: list[str] = []
            listening = asyncio.ensure_future(heard(ana, got))
            try:
                srv.max_connections = len(srv.connections) - 1  # the way back finds the host full a while
                app.session.client.drop_connection()
                await wait_for(pilot, lambda: not app.session.can_send)
                await pilot.press("slash")
                line = screen.query_one("#chat", ChatLine)
                await wait_for(pilot, lambda: app.focused is line)
                burst(app, *typed("l1", "l2", "l3"))
                await wait_for(pilot, lambda: len(app.session.client.held_chat) == 3)
                assert line.value == "" and NOT_SENT in notices(app)
                srv.max_connections = 1000
                await wait_for(pilot, lambda: got == ["l1", "l2", "l3"], timeout=15)
                assert not app.session.client.held_chat
            finally:
                listening.cancel()
