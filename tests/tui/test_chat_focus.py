"""The chat line keeps the focus after a line is sent: what is typed next is the next line,
never the screen's keys (at the table a digit picks a card and Enter plays it; in the lobby B
adds a bot). Enter on an empty line, or Escape, goes back to the hand or the seats."""
from __future__ import annotations

from textual.widgets import Input

from tui.widgets.hand import HandView

from .helpers import host_two_seats, make_app, open_table, wait_for


async def test_the_table_chat_line_keeps_the_focus_for_the_next_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        chat = screen.query_one("#chat", Input)
        order, version = screen.hand_order, link.view()["version"]
        await pilot.press("slash", *"one sec", "enter")
        await wait_for(pilot, lambda: link.chats == ["one sec"])
        assert screen.focused is chat
        await pilot.press("o", "k", "1", "enter")  # would change the hand's order, pick and play a card
        await wait_for(pilot, lambda: link.chats == ["one sec", "ok1"])
        assert screen.hand_order == order and link.view()["version"] == version and not link.sent
        assert screen.focused is chat
        await pilot.press("enter")  # an empty line: back to the cards
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView))
        assert link.chats == ["one sec", "ok1"]
        await pilot.press("slash", *"hi", "escape")  # Escape leaves the line as typed
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView))
        assert chat.value == "hi" and link.chats == ["one sec", "ok1"]


async def test_the_lobby_chat_line_keeps_the_focus_for_the_next_line() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        session = app.session
        chat = lobby.query_one("#chat", Input)
        await pilot.press("slash", *"hello all", "enter")
        await wait_for(pilot, lambda: any(text == "hello all" for _, text, _ in session.chat_log))
        assert lobby.focused is chat
        await pilot.press(*"bye", "enter")  # B would add a bot to the open seat
        await wait_for(pilot, lambda: any(text == "bye" for _, text, _ in session.chat_log))
        assert session.lobby["seats"][1]["bot"] is None and lobby.focused is chat
        await pilot.press("enter")
        await wait_for(pilot, lambda: lobby.focused is lobby.query_one("#seats"))
        await app.leave_table()
