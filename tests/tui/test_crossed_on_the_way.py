"""What a player does as the table changes under them, the two crossing on the way: a chat line
sent just as the host closes the table (the player is home, told the table closed; "Not sent:
not connected to the table. The line stays here to send once it is back" then spoke of a line no
longer on the screen and of a table that will not be back), and a lobby key pressed as the host
deals. Real host on 127.0.0.1, a real app."""
from __future__ import annotations

from tui.screens.home import HomeScreen
from tui.widgets.chatline import ChatLine

from .helpers import current, join_lobby, make_app, notices, wait_for
from .test_left_notices import hosted


async def test_a_line_sent_as_the_host_closes_the_table_is_not_said_unsent() -> None:
    srv, ana = await hosted("Ana's table")
    app = make_app()
    app.settings.name = "Cal"
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            session = app.session
            line = lobby.query_one("#chat", ChatLine)
            await srv.close()
            said = "Left the table: the host closed the table."
            await wait_for(pilot, lambda: current(app, HomeScreen) and any(n.startswith(said) for n in notices(app)))
            # the Enter that came with the close, through the lobby and through the session
            lobby._chat(ChatLine.Sent(line, "bye?"))
            await session.chat("bye?")
            await pilot.pause(0.2)
            assert not [n for n in notices(app) if n.startswith("Not sent")], notices(app)
            assert any(n.startswith(said) for n in notices(app))
    finally:
        await ana.close()
        await srv.close()


async def test_keys_typed_for_the_table_as_the_host_closes_it_are_not_homes() -> None:
    """Cal is typing in the chat ("quit playing?") as the host closes the table: the keys that
    reach home after it are not home's (Q quit the app, P opened the picker, Enter pressed the
    focused button). After ``HOME_GUARD`` home's keys work."""
    import asyncio

    from tui.screens.home import HOME_GUARD
    from tui.screens.picker import PickerScreen

    srv, ana = await hosted("Ana's table")
    app = make_app(home_guard=HOME_GUARD)
    app.settings.name = "Cal"
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            lobby.query_one("#chat", ChatLine).focus()
            await pilot.pause()
            await srv.close()
            home = await wait_for(pilot, lambda: current(app, HomeScreen))
            await pilot.press(*"quit playing?", "enter")
            await pilot.pause(0.2)
            assert app.is_running and app.screen is home, app.screen_stack
            await asyncio.sleep(HOME_GUARD)
            await pilot.press("p")  # home's own key again
            await wait_for(pilot, lambda: current(app, PickerScreen))
    finally:
        await ana.close()
        await srv.close()


async def test_a_lobby_key_that_crosses_the_start_says_the_match_had_started() -> None:
    """R pressed as the host dealt: "That can only be done in the lobby, not during a match",
    an error, read as a refusal of something wrong; it says the match had started."""
    from net.server import TableConfig
    from tui.session import MATCH_STARTED

    from .helpers import seated_and_dealt, someone_elses_table

    app = make_app()
    app.settings.name = "Bo"
    config = TableConfig(name="Ana's table", game="crazy-eights", seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await seated_and_dealt(app, pilot, srv.port, table, ana)
            await app.session.call("ready", False)  # as it crossed the start
            await wait_for(pilot, lambda: MATCH_STARTED in notices(app))
            assert not any("only be done in the lobby" in n for n in notices(app))
            await app.leave_table()


async def test_r_pressed_over_a_setup_the_host_has_changed_is_refused_not_taken() -> None:
    """R answered the lobby on the screen; the host had set the table up anew meanwhile (a slow
    link: the new lobby still on its way). The ready names the setup seen, the table refuses
    it, and the player reads why, in a warning: not ready for a setup they never saw."""
    from net.server import TableConfig

    from .helpers import someone_elses_table

    app = make_app()
    app.settings.name = "Bo"
    config = TableConfig(name="Ana's table", game="crazy-eights", seats=2, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await join_lobby(app, pilot, srv.port)
            session = app.session
            await wait_for(pilot, lambda: session.seat == 1)
            seen = dict(session.lobby)
            await ana.configure(preset="specials")
            await wait_for(pilot, lambda: session.lobby.get("setup") == seen["setup"] + 1)
            session.lobby = seen  # as the app held it while the new one was on its way
            await pilot.press("r")
            said = "The host set the table up anew as that came: look at it, and say ready again."
            await wait_for(pilot, lambda: said in notices(app))
            assert not table.seats[1].ready
            await app.leave_table()
