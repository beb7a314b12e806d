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
