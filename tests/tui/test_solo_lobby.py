"""A solo table's lobby with a seat open (a bot taken away with X): no player will come to sit
in it, so the lobby says a bot goes there first, and Ctrl+S says so rather than sending a start
the host refuses with "add a bot or wait for a player"."""
from __future__ import annotations

from tui.screens.lobby import LobbyScreen
from tui.screens.picker import TableChoice

from .helpers import make_app, notices, play_with_keys, wait_for


async def test_a_solo_lobby_with_an_open_seat_asks_for_a_bot_before_it_deals() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        await pilot.press("b")  # from the results, back to the lobby
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        session = app.session
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        await wait_for(pilot, lambda: "A solo table: only you and the bots. Ctrl+S deals." in info())
        await session.call("remove_bot", 2)  # as X on the bot's seat does
        await wait_for(pilot, lambda: "Seat 3 is open: B puts a bot in it, then Ctrl+S deals." in info())
        version = session.view["version"]
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Seat 3 is open: B puts a bot in it, then Ctrl+S deals." in notices(app))
        await pilot.pause(0.2)
        assert session.lobby["status"] != "playing" and session.view["version"] == version
        assert not [n for n in notices(app) if "wait for a player" in n]
        await session.call("add_bot", 2, "easy")  # as B does
        await wait_for(pilot, lambda: "A solo table: only you and the bots. Ctrl+S deals." in info())
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: session.lobby["status"] == "playing")
        await app.leave_table()


async def test_the_keys_of_a_table_with_others_say_why_they_do_nothing_at_a_solo_one() -> None:
    """/, C, R and T (chat, invite, ready, take seat) are not on a solo lobby's key bar; pressed
    anyway, each says that only the player and the bots play there, and changes nothing."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        await pilot.press("b")
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        before = dict(app.session.lobby)
        said = "Only you and the bots play a solo table"
        for key in ("slash", "c", "r", "t"):
            app.clear_notifications()
            await pilot.press(key)
            await wait_for(pilot, lambda: any(said in n for n in notices(app)))
            assert app.screen is lobby and lobby.focused is lobby.query_one("#seats")
        assert app.session.lobby == before
        app.clear_notifications()
        await pilot.press("x")  # a key of the solo table's own says nothing of the kind
        await pilot.pause(0.2)
        assert not any(said in n for n in notices(app))
        await app.leave_table()
