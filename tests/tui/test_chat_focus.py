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


async def _ana_to_play(pilot, session, ana) -> None:
    """Plays on (the app's first legal card) until it is Ana's turn, seen by both."""
    for _ in range(20):
        if session.view["current_seat"] == 0 and ana.view and ana.view["current_seat"] == 0:
            return
        if session.view["current_seat"] == 1 and session.view["legal"]:
            version = session.view["version"]
            await session.act(session.view["legal"][0])
            await wait_for(pilot, lambda: session.view["version"] > version)
        else:
            await pilot.pause(0.05)
    raise AssertionError("never Ana's turn")


async def test_the_players_turn_takes_the_focus_from_an_empty_chat_line_only() -> None:
    """The turn comes while the chat line has the focus: with nothing typed there the hand
    takes it back, so the keys pressed for the move reach the cards; a line half typed keeps it."""
    from net.server import TableConfig

    from .helpers import seated_and_dealt, someone_elses_table

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=5)) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            await wait_for(pilot, lambda: screen.query("#chat"))
            chat = screen.query_one("#chat", Input)
            for typed, keeps in (("", False), ("hm", True)):
                await _ana_to_play(pilot, session, ana)
                await pilot.press("slash", *typed)
                assert screen.focused is chat
                await ana.act(ana.view["legal"][0])
                await wait_for(pilot, lambda: session.view["current_seat"] == 1)
                await pilot.pause()
                assert (screen.focused is chat) is keeps and chat.value == typed
                if keeps:
                    await pilot.press("escape")
            await app.leave_table()


async def test_the_lobby_gives_the_seats_the_focus_back_from_an_empty_chat_line() -> None:
    """Back on the lobby (from a match, from Help) with the chat line empty and focused, the
    seats take the focus: R then says ready rather than typing "r". A line half typed keeps it."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        chat = lobby.query_one("#chat", Input)
        for typed, keeps in (("", False), ("hm", True)):
            await pilot.press("slash", *typed, "f1")
            await wait_for(pilot, lambda: app.screen is not lobby)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is lobby)
            await pilot.pause()
            assert (lobby.focused is chat) is keeps and chat.value == typed
        await app.leave_table()
