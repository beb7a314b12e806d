"""Getting away from a table: Escape leaves a match in play once the player confirms (a solo
match stays saved to resume), goes back to the lobby from a finished one; the host of a finished
match can rematch from the table; quitting while others play at this app's table asks first.
Also the key bar: only the keys the game at the table offers."""
from __future__ import annotations

import asyncio
import time

from textual.widgets import Button, Input, Select

from core import GAMES
from net.client import TableClient
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import HandView

from .helpers import (current, host_two_seats, key_bar, make_app, open_table, play_with_keys, seated_and_dealt, show_match,
                      wait_for)


async def solo_table(app, pilot, preset: str = "standard") -> TableScreen:
    """A two-seat solo Ninety-Eight table, dealt."""
    await pilot.press("p")
    picker = await wait_for(pilot, lambda: current(app, PickerScreen))
    await pilot.press("enter", *["down"] * list(GAMES["ninety-eight"].presets).index(preset))
    picker.query_one("#seats", Select).focus()
    await pilot.press("enter", "up", "up", "enter")
    await pilot.pause()
    assert picker.seats == 2
    await pilot.press("ctrl+s")
    table = await wait_for(pilot, lambda: current(app, TableScreen))
    await wait_for(pilot, lambda: table.view is not None and app.session is not None)
    return table


async def test_escape_asks_before_leaving_a_solo_match_which_stays_saved() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await solo_table(app, pilot)
        session, server = app.session, app.session.server
        await pilot.press("escape")
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert "saved" in str(ask.query_one("#confirm-detail").render())
        await pilot.press("enter")  # the safe answer has the focus: stay
        await wait_for(pilot, lambda: app.screen is table)
        assert app.session is session and not table.view["is_over"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        home = await wait_for(pilot, lambda: current(app, HomeScreen))
        await wait_for(pilot, lambda: app.session is None and server._server is None)
        # the match left is there to resume
        await wait_for(pilot, lambda: home.query(".resume"))
        await pilot.click(f"#{home.query(Button).filter('.resume').first().id}")
        again = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: again.view is not None)
        assert again.view["hand"] == table.view["hand"]


async def test_escape_from_the_chat_line_or_log_goes_back_to_the_hand_without_asking() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        await pilot.press("slash")
        await wait_for(pilot, lambda: screen.focused is screen.query_one("#chat"))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView))
        screen.query_one("#log").focus()
        await pilot.pause()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView))
        assert app.screen is screen


async def test_a_finished_match_offers_rematch_and_the_lobby_from_the_table() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await solo_table(app, pilot, preset="single-hand")
        await play_with_keys(app, pilot, timeout=90)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over
                              and app.screen.keys_act())
        await pilot.press("escape")  # close the results: the finished table stays
        await wait_for(pilot, lambda: app.screen is table)
        assert "r" in table.active_bindings and "escape" in table.active_bindings
        await pilot.press("r")  # the host rematches from the table
        await wait_for(pilot, lambda: not table.view["is_over"])
        assert "r" not in table.active_bindings  # Rematch only once a match is over
        await wait_for(pilot, lambda: "Leave" in key_bar(table) and "Lobby" not in key_bar(table))
        # and once over again, Escape goes back to the lobby, no question asked
        await play_with_keys(app, pilot, timeout=90)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over
                              and app.screen.keys_act())
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        # the key bar names where Esc goes now: the lobby, not away from the table
        await wait_for(pilot, lambda: "Lobby" in key_bar(table))
        assert "Leave" not in key_bar(table)
        await pilot.press("escape")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        assert lobby.link is app.session
        await pilot.pause()  # a solo table's lobby has no chat line: bots only, as at its table
        assert not lobby.query_one("#chat").display and "Chat" not in key_bar(lobby)
        await pilot.press("slash")
        assert lobby.focused is not lobby.query_one("#chat")


async def test_quitting_while_others_play_at_this_apps_table_asks_first() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        session, server = app.session, app.session.server
        assert session.others_seated() == 0
        guest = await TableClient.connect("127.0.0.1", server.port, name="Bob")
        try:
            await wait_for(pilot, lambda: session.others_seated() == 1)
            assert "the other player" in session.leave_note()
            # the table is saved: closing it is not the end of it, and the question says how it comes back
            await wait_for(pilot, lambda: session.saved)
            assert session.leave_note().endswith(" until you open it again (Resume on the home screen: it is "
                                                 "saved, seats and all)."), session.leave_note()
            assert session.closing_note() == ("You host this table: it closes for the other player at it until you "
                                              "open it again (Resume on the home screen: it is saved, seats and all).")
            await pilot.press("escape")  # leaving the lobby closes the table for Bob: asked first
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert "the other player" in str(ask.query_one("#confirm-detail").render())
            await pilot.press("q")  # another question is open: Q waits for its answer
            await pilot.pause()
            assert app.screen is ask and app.is_running and server._server is not None
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.session is session and server._server is not None
            await pilot.press("q")
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert "the other player" in str(ask.query_one("#confirm-detail").render())
            await pilot.press("escape")  # stay
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.session is session and app.is_running
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            deadline = time.monotonic() + 30  # bounded: the host closes, then the app exits
            while server._server is not None and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            assert server._server is None
        finally:
            await guest.close()


async def test_quitting_a_seat_in_play_at_someone_elses_table_asks_first() -> None:
    """A player at another host's table who presses Q in a match in play is asked first, as
    Escape asks: a bot plays the seat at once (a goodbye is no drop to wait out). Stay keeps the
    seat; Quit leaves it to the bot, held for the player's return, and the terminal, given
    back, says how to sit back down."""
    from net.server import Server, TableConfig

    srv = Server(host="127.0.0.1", port=0, bot_delay=0, grace=90)
    await srv.start()
    table = srv.create_table(TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=7))
    ana = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id, host_key=table.host_key,
                                    reconnect=False)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            session = app.session
            view = session.view
            out = [dict(s) for s in view["status"]]
            out[1]["out"] = True  # as a seat with no lives left in a match still going would read
            session.view = {**view, "status": out}
            assert session.quit_note() == "" and session.away_note() == ""  # nothing left to play: no question, no bot
            session.view = view
            await pilot.press("q")
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            detail = str(ask.query_one("#confirm-detail").render())
            # how long the seat is kept comes from the host (the lobby's grace)
            assert "The host keeps your seat for 90 seconds, a bot playing it meanwhile: join the table again" in detail
            await pilot.press("escape")  # stay
            await wait_for(pilot, lambda: app.screen is screen)
            assert app.is_running and table.seats[1].conn is not None and not table.seats[1].standin
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            await wait_for(pilot, lambda: table.seats[1].conn is None, timeout=10)
        assert table.seats[1].standin and table.seats[1].name  # the bot plays it, held for the player
        # the terminal, given back, says how to sit back down; doing so does
        join = f"dealmein join 127.0.0.1:{srv.port}"
        assert app.exit_note == (f"The host keeps your seat for 90 seconds, a bot playing it meanwhile: {join} sits you "
                                 "back down (or Join in Deal Me In, where the table is listed).")
        again = make_app()
        async with again.run_test(size=(80, 24)) as pilot:
            # the Join screen's list of tables joined lately says which one holds the seat, and
            # its address is in the address field: Enter sits the player back down
            from tui.screens.join import JoinScreen

            again.push_screen(JoinScreen())
            join_screen = await wait_for(pilot, lambda: current(again, JoinScreen))
            recent = await wait_for(pilot, lambda: join_screen.query_one("#recent"))
            assert "you left a seat here" in str(recent.get_option_at_index(0).prompt)
            address = join_screen.query_one("#address", Input)
            await wait_for(pilot, lambda: join_screen.focused is address and address.value == join.split()[-1])
            await pilot.press("enter")
            await wait_for(pilot, lambda: current(again, TableScreen) and again.session.seat == 1, timeout=10)
            assert table.seats[1].conn is not None and not table.seats[1].standin
    finally:
        await ana.close()
        await srv.close()


async def test_another_table_from_the_palette_asks_first_while_others_play_at_this_one() -> None:
    """New game, Host a table and Join a table open a table that replaces this one: the host of
    a table with another player at it is asked first, as for Quit; Stay keeps the table open."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        session, server = app.session, app.session.server
        guest = await TableClient.connect("127.0.0.1", server.port, name="Bob")
        try:
            await wait_for(pilot, lambda: session.others_seated() == 1)
            for title, question in (("Play solo", "Open a new table?"), ("Host a table", "Open a new table?"),
                                    ("Join a table", "Join another table?")):
                command = next(c for c in app.get_system_commands(app.screen) if c.title == title)
                command.callback()
                ask = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen.query("#confirm-question")
                                     and app.screen)
                assert str(ask.query_one("#confirm-question").render()) == question
                assert "it closes for the other player" in str(ask.query_one("#confirm-detail").render())
                await pilot.press("escape")  # stay
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
                assert app.session is session and server._server is not None and guest.connected
            command = next(c for c in app.get_system_commands(app.screen) if c.title == "Host a table")
            command.callback()
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
            assert app.session is session and guest.connected  # nothing left until the new table opens
        finally:
            await guest.close()
            await app.leave_table()


async def test_the_hosts_questions_count_the_watchers_the_table_cuts_off_too() -> None:
    """Quit, Escape in the lobby and the palette's Host a table tell the host who the table
    closes for, its watchers too (they read "for the other player at it" with one watching);
    with only watchers left, Escape asks too (it closed the table without a word). The host's
    own app, watching, is not one of them."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await host_two_seats(app, pilot)
        session, server = app.session, app.session.server

        async def asked(ask_it) -> str:
            """The question ``ask_it`` opens, its detail, answered Stay."""
            ask_it()
            ask = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                                 and app.screen.query("#confirm-detail") and app.screen)
            detail = str(ask.query_one("#confirm-detail").render())
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is lobby)
            return detail

        def host_a_table() -> None:
            next(c for c in app.get_system_commands(app.screen) if c.title == "Host a table").callback()

        ways = (lambda: app.run_worker(app.action_quit()), lambda: lobby.action_leave(), host_a_table)
        bob = await TableClient.connect("127.0.0.1", server.port, name="Bob")
        cy = await TableClient.connect("127.0.0.1", server.port, name="Cy")  # the table is full: Cy watches
        try:
            await wait_for(pilot, lambda: (session.lobby or {}).get("spectators") == 1 and session.others_seated() == 1)
            for way in ways:
                assert "it closes for the other player and 1 watcher at it" in await asked(way)
            await bob.close()
            await wait_for(pilot, lambda: session.others_seated() == 0)
            for way in ways:
                assert "it closes for the watcher at it" in await asked(way)
            await app.session.call("stand")  # the host's own app watches now: still one other
            await wait_for(pilot, lambda: session.seat is None and (session.lobby or {}).get("spectators") == 2)
            assert "it closes for the watcher at it" in await asked(lambda: lobby.action_leave())
            await cy.close()
            await wait_for(pilot, lambda: (session.lobby or {}).get("spectators") == 1)
            assert session.others_phrase() == "" and session.quit_note() == ""
        finally:
            await bob.close()
            await cy.close()
            await app.leave_table()


async def test_question_mark_opens_help() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))


async def test_the_key_bar_shows_only_the_keys_the_game_offers() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        ne, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        keys = ne.active_bindings
        assert "space" not in keys and "l" not in keys and "p" not in keys  # no draw, no announcement
        assert "escape" in keys and "c" in keys
        app.pop_screen()
        ce, link = await open_table(app, pilot, "crazy-eights", 4, seat=0, seed=7)
        keys = ce.active_bindings
        assert "space" in keys and "l" in keys
        shown = [b.description for _key, (_n, b, _e, _t) in keys.items() if b.show]
        assert "Quit" not in shown and "Rules" not in shown  # still keys, off the bar: Esc and F1 are on it
        assert len("  ".join(shown)) < 60  # the game's keys fit an 80-column bar beside the palette's
        _node, _binding, enabled, _tip = keys["space"]
        assert enabled == ("draw" in ce.view["legal"])  # dimmed while drawing is not allowed
        app.pop_screen()
        nn, _ = await open_table(app, pilot, "ninety-nine", 4, seat=0, seed=7, preset="manual-draw")
        # ninety-nine 5.1: its turn is a card to play, the draw comes after it (the bar shows Draw
        # then: tests/tui/test_draw_on_bar.py)
        assert nn.view["current_seat"] == 0 and "space" not in nn.active_bindings and "l" not in nn.active_bindings
        await pilot.press("f2")  # Rules, off the bar, still answers
        await wait_for(pilot, lambda: type(app.screen).__name__ == "RulesScreen")


async def test_log_lines_wrap_inside_the_log_panel() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        log = screen.query_one("#log")
        screen.log_line("Normal bot 3 cannot play at 98 and is out of the hand: two lives left now")
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert 0 < width < 60
        assert log.lines and max(strip.cell_length for strip in log.lines) <= width
        assert any("two lives left now" in strip.text for strip in log.lines)


async def test_the_limit_of_the_total_is_shown() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        await pilot.pause()
        limit = screen.query_one("#limit")
        lines = [line.strip() for line in str(limit.render()).splitlines()]
        assert "limit 98" in lines
        assert limit.content_region.width >= len("limit 98") and limit.content_region.height >= len(lines)


async def test_a_new_bot_pause_applies_to_the_table_this_app_hosts() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await solo_table(app, pilot)
        server = app.session.server
        assert server.bot_delay == 0
        app.update_settings(bot_pause=0.25)
        assert server.bot_delay == 0.25 and app.bot_delay == 0.25


async def test_a_new_solo_match_asks_before_replacing_the_saved_one() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await solo_table(app, pilot)
        app.back_home()
        home = await wait_for(pilot, lambda: current(app, HomeScreen))
        await wait_for(pilot, lambda: app.session is None and home.query(".resume"))
        assert str(home.query(".resume").first(Button).label) == "Resume Ninety-Eight (solo)"
        await pilot.press("p")
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert "Ninety-Eight" in str(ask.query_one("#confirm-detail").render())
        await pilot.press("n")  # keep it
        await wait_for(pilot, lambda: app.screen is home)
        assert home.query(".resume")
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_a_seat_out_of_the_hand_is_told_it_is_watching() -> None:
    """Ninety-Eight 4.3: a seat that cannot play is out of the hand; the others play it out."""
    from core import new_match

    for seed in range(200):  # bounded: find a deal where seat 0 drops out while the hand goes on
        m = new_match("ninety-eight", 3, seed=seed)
        for _ in range(300):
            cur = m.current_seat
            if cur is None:
                break
            m.apply(m.legal_actions(cur)[0], cur)
            st = m.view(0)["status"][0]
            if not st["in_hand"] and not st["out"] and m.current_seat not in (None, 0):
                break
        st = m.view(0)["status"][0]
        if not st["in_hand"] and not st["out"] and m.current_seat not in (None, 0):
            break
    else:
        raise AssertionError("no deal in 200 left seat 0 watching")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await show_match(app, pilot, m)
        assert "out of this hand" in str(screen.query_one("#hint").render())


async def test_the_question_wraps_its_detail_at_80_columns() -> None:
    app = make_app()
    detail = "You host this table: it closes, and the match ends for the 3 other players at it."
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.push_screen(ConfirmScreen("Leave this match?", detail, yes="Leave"))
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        await pilot.pause()
        label = ask.query_one("#confirm-detail")
        # wrapped onto enough lines for all of it, inside the screen, not cut at the box's edge
        assert label.region.right <= 80 and label.region.height * label.region.width >= len(detail)
        assert label.region.height >= 2


async def test_pass_takes_draws_place_on_the_key_bar_once_drawing_is_done() -> None:
    """crazy-eights draw-one: after the one draw, a seat that still cannot play passes."""
    from core import new_match

    for seed in range(400):  # bounded: a deal where seat 0 draws one card and still cannot play
        m = new_match("crazy-eights", 3, preset="draw-one", seed=seed)
        if m.current_seat == 0 and [str(a) for a in m.legal_actions(0)] == ["draw"]:
            m.apply("draw", 0)
            if [str(a) for a in m.legal_actions(0)] == ["pass"]:
                break
    else:
        raise AssertionError("no such deal in 400")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await show_match(app, pilot, m)
        keys = screen.active_bindings
        assert "p" in keys and "space" not in keys


async def test_a_finished_solo_match_is_replaced_without_a_question_and_rules_forget_the_table() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await solo_table(app, pilot, preset="single-hand")
        assert app.rules_table is not None
        await play_with_keys(app, pilot, timeout=90)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over)
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
        assert app.rules_table is None  # Rules from home: the game's page, not the table left
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))  # nothing lost: no question


async def test_leaving_a_table_before_the_join_hands_the_session_over_closes_it() -> None:
    """A table in play can open before the join returns its session to the app (the view comes
    with the welcome). A player who leaves in that moment is gone: the session the join then
    hands over is closed, not kept, and the host sees the seat empty."""
    from net.server import Server, TableConfig
    from tui.session import TableSession

    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    table = srv.create_table(TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=3))
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            # what join_table does, up to the hand-over: the join has shown its lobby
            session = await TableSession.join(app, f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.link is session)
            assert app.session is None and table.seats[0].conn is not None
            await pilot.press("escape")  # a guest leaves the lobby without a question
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert session.left
            await app.hand_over(session)
            assert app.session is None
            await wait_for(pilot, lambda: table.seats[0].conn is None and table.seats[0].name is None)
            await pilot.pause(0.3)
            assert isinstance(app.screen, HomeScreen)  # nothing opens again
    finally:
        await srv.close()


async def test_a_table_left_closes_to_its_end_though_the_wait_is_stopped() -> None:
    """Leaving a hosted table and then being stopped (a join given up with Escape, the app
    quitting) stops the wait, not the close: the table stops serving and nothing is left
    listening with no way back to it."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        server = app.session.server
        port = server.port
        leaving = asyncio.create_task(app.leave_table())
        await asyncio.sleep(0)  # under way: saying goodbye to its own seat
        leaving.cancel()
        await asyncio.gather(leaving, return_exceptions=True)
        assert leaving.cancelled() and app.session is None
        deadline = time.monotonic() + 30  # bounded: the close goes on by itself
        while server._server is not None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert server._server is None
        try:
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            pass  # refused: nothing listens
        else:
            writer.close()
            raise AssertionError("the table left still listens")
