"""The host's lobby controls over a real table: bots added, made harder and removed, the game
changed through the variant picker, and the match started."""
from __future__ import annotations

from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.table import TableScreen

from .helpers import (current, host_two_seats, join_lobby, make_app, notices, said_from_now, someone_elses_table, start_solo,
                      wait_for)


async def host_lobby(app, pilot) -> LobbyScreen:
    """H, then Ctrl+S in the picker: the lobby of a table this app hosts, as the picker opens."""
    await pilot.press("h")
    await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    await pilot.press("ctrl+s")
    return await wait_for(pilot, lambda: current(app, LobbyScreen))


async def test_host_controls() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_lobby(app, pilot)
        session = app.session
        seats = lambda: session.lobby["seats"]  # noqa: E731
        await pilot.press("down", "b")
        await wait_for(pilot, lambda: seats()[1]["bot"] == "normal")
        await pilot.press("b")
        await wait_for(pilot, lambda: seats()[1]["bot"] == "hard")
        await pilot.press("x")
        await wait_for(pilot, lambda: seats()[1]["bot"] is None and seats()[1]["name"] is None)
        await pilot.press("b")
        await wait_for(pilot, lambda: seats()[1]["bot"] == "normal")
        await pilot.press("home", "b")  # the host's own seat takes no bot: the next open seat does
        await wait_for(pilot, lambda: seats()[2]["bot"] == "normal")
        assert seats()[0]["bot"] is None and seats()[1]["bot"] == "normal" and seats()[3]["bot"] is None
        # X where there is no one to remove says so, rather than nothing
        await pilot.press("home", "x")
        await wait_for(pilot, lambda: "That is your own seat: Esc leaves the table." in notices(app))
        await pilot.press("end", "x")
        await wait_for(pilot, lambda: "Seat 4 is open: there is no one in it to remove." in notices(app))
        assert seats()[0]["name"] and seats()[3]["name"] is None
        await pilot.press("home")

        await pilot.press("g")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        assert picker.mode == "configure" and picker.game == "ninety-eight"
        # the seats keep their players and bots: the picker does not offer them, it says where
        assert not picker.query("#bots Select")
        assert "B in the lobby" in str(picker.query_one("#bots .description").render())
        assert str(picker.query_one("#bots .you").render()) == "sit in seat 1"  # where this player sits
        await pilot.press("down", "enter", "down", "down")  # Ninety-Nine, preset quick
        await pilot.pause()
        assert (picker.game, picker.preset) == ("ninety-nine", "quick")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: session.lobby["game"] == "ninety-nine" and session.lobby["preset"] == "quick")
        assert seats()[1]["bot"] == "normal"  # bots stay through a change of game

        await pilot.press("down", "down", "b", "down", "b")
        await wait_for(pilot, lambda: all(s["name"] for s in seats()))
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        assert table.view["game"] == "ninety-nine" and table.view["options"]["chips"] == 3
        await app.action_quit()


async def test_a_narrow_terminal_puts_the_chat_under_the_seats() -> None:
    """Below 80 columns the seats and the chat no longer share the width: the chat goes
    underneath, wide enough to read and type in."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(60, 20)) as pilot:
        lobby = await host_lobby(app, pilot)
        await pilot.pause()
        seats, chat = lobby.query_one("#seats").region, lobby.query_one("#chat").region
        assert chat.y > seats.bottom and chat.width >= 50
        assert lobby.query_one("#start").region.right <= 60
        await app.action_quit()


async def test_only_a_host_with_players_to_invite_copies_an_invite() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        session = app.session
        await pilot.press("c")
        await pilot.pause()
        invite = f"Come and play Ninety-Eight at {app.player_name}'s table: dealmein join {session.join_at[0]}"
        assert app.clipboard == invite  # no password, no SSH: one line
        assert any(invite in n for n in notices(app))
        # the friend who joins has no invite to give: the table is not theirs
        guest = make_app()
        async with guest.run_test(size=(100, 30)) as guest_pilot:
            guest.join_address(f"127.0.0.1:{session.server.port}")
            their = await wait_for(guest_pilot, lambda: isinstance(guest.screen, LobbyScreen) and guest.screen)
            assert their.check_action("invite", ()) is False
            await guest_pilot.press("c")
            await guest_pilot.pause()
            assert guest.clipboard == ""
        assert lobby.check_action("invite", ()) is True
        # the invite is the lobby's notice: the game picker over the lobby takes it down
        await pilot.press("g")
        await wait_for(pilot, lambda: not isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: not any(invite in n for n in notices(app)), timeout=2)  # not its 12 s
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
    solo = make_app()
    async with solo.run_test(size=(100, 30)) as pilot:
        await start_solo(solo, pilot)
        solo.session.show_lobby()
        await pilot.pause()
        assert solo.session.invite() == ""


async def test_b_on_a_players_seat_fills_the_next_open_seat_round_the_table() -> None:
    """From the host's own seat, B, B, B fills every open seat with a `normal` bot, going round
    the table from the seat highlighted; once none is open, B there says so and changes nothing."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await host_lobby(app, pilot)
        session = app.session
        seats = lambda: session.lobby["seats"]  # noqa: E731
        assert [s["seat"] for s in seats()] == [0, 1, 2, 3] and lobby._selected_seat() == 0
        await pilot.press("down", "down", "b")  # seat 3 first, by hand
        await wait_for(pilot, lambda: seats()[2]["bot"] == "normal")
        await pilot.press("home", "b")
        await wait_for(pilot, lambda: seats()[1]["bot"] == "normal")
        await pilot.press("b")
        await wait_for(pilot, lambda: seats()[3]["bot"] == "normal")
        assert [s["bot"] for s in seats()] == [None, "normal", "normal", "normal"]
        said = said_from_now(app)
        await pilot.press("b")
        await wait_for(pilot, lambda: any("Every seat is taken" in n for n in said))
        await pilot.pause()
        assert [s["bot"] for s in seats()] == [None, "normal", "normal", "normal"]
        await app.action_quit()


async def test_escape_in_the_chat_goes_back_to_the_seats_and_the_table_stays() -> None:
    """Escape from the chat line, a line half typed, returns to the seats with the line kept
    (Help says so); only a second Escape leaves the lobby (as at the table, where Escape from
    the chat goes back to the hand)."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await host_lobby(app, pilot)
        await pilot.press("slash", *"half a thought")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is lobby and app.session is not None
        assert lobby.focused is lobby.query_one("#seats")
        assert lobby.query_one("#chat").value == "half a thought"
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        assert dict(help_screen.sections["Lobby"])["Esc in the chat line"].startswith("Back to the seats")
        assert "stay for the next" in dict(help_screen.sections["Lobby"])["Enter in the chat line"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
        await pilot.press("escape")  # nobody else at the table: the host leaves without a question
        await wait_for(pilot, lambda: not isinstance(app.screen, LobbyScreen))


async def test_a_chat_line_as_long_as_the_host_takes_is_sent_and_shown_whole() -> None:
    """net.protocol.CHAT_LEN (300): a line typed that long reaches the host whole, and one as
    long from another player shows whole in the lobby's chat; the app used to cut both to 200."""
    from net.client import TableClient
    from net.protocol import CHAT_LEN
    from tests.net.table_helpers import next_update

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        guest = await TableClient.connect("127.0.0.1", app.session.server.port, name="Bob")
        try:
            mine = "a" * (CHAT_LEN - 10) + " the end."
            await pilot.press("slash")
            lobby.query_one("#chat").value = mine
            await pilot.press("enter")
            said = await next_update(guest, "chat", timeout=5, pred=lambda u: u["name"] != "Table")
            assert said["text"] == mine
            theirs = "b" * (CHAT_LEN - 12) + " and so on."
            await guest.chat(theirs)
            log = lobby.query_one("#chat-log")
            await wait_for(pilot, lambda: any(e.plain == f"Bob: {theirs}" for e in log.entries))
        finally:
            await guest.close()
            await app.leave_table()


async def test_a_short_narrow_terminal_keeps_the_hosts_buttons_in_sight() -> None:
    """60x18, seven seats: the chat under the seats and the seat list give up rows, so the
    host's buttons stay on the screen and clear of the chat (the chat used to cover them)."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(60, 18)) as pilot:
        lobby = await host_lobby(app, pilot)
        await app.session.client.configure(seats=7)
        await wait_for(pilot, lambda: len(app.session.lobby["seats"]) == 7)
        await pilot.pause()
        start, chat = lobby.query_one("#start").region, lobby.query_one("#lobby-chat").region
        assert start.height == 1 and start.bottom <= chat.y and chat.bottom <= 17
        seats = lobby.query_one("#seats").region
        assert seats.height >= 4 and seats.bottom <= start.y
        await app.leave_table()


async def test_a_watcher_cannot_pass_for_the_player_in_a_seat_in_the_chat() -> None:
    """The host lets anyone take any name: a watcher who calls themself Bob, like the player in
    seat 2, reads "Bob 2 (watching)", as the lobby lists that watcher; the seated Bob reads as
    his seat is named."""
    from net.client import TableClient

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        port = app.session.server.port
        bob = await TableClient.connect("127.0.0.1", port, name="Bob")
        fake = await TableClient.connect("127.0.0.1", port, name="Bob", spectator=True)
        try:
            await wait_for(pilot, lambda: any(s.get("name") == "Bob" for s in app.session.lobby["seats"])
                           and app.session.lobby.get("watchers") == ["Bob"])
            await fake.chat("I am Bob in seat 2: start without me")
            await bob.chat("no I am not")
            log = lobby.query_one("#chat-log")
            lines = lambda: [e.plain for e in log.entries if "Table" not in e.plain]  # noqa: E731
            await wait_for(pilot, lambda: len(lines()) == 2)
            assert lines() == ["Bob 2 (watching): I am Bob in seat 2: start without me", "Bob: no I am not"]
        finally:
            await fake.close()
            await bob.close()
            await app.leave_table()


async def test_the_chat_kept_for_the_lobby_is_as_long_as_its_widget_keeps() -> None:
    """A long run of chat lines (a flood) keeps only the latest ``CHAT_LINES`` in the session's
    ``chat_log``, as the lobby's chat widget does, so memory does not grow with the flood."""
    from net.client import TableClient
    from tui.widgets.tablelog import CHAT_LINES

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        session = app.session
        server = session.server
        server.rate = server.burst = 100_000  # this test's player may chat faster than any person
        guest = await TableClient.connect("127.0.0.1", server.port, name="Bob")
        lines = [f"line {i}" for i in range(CHAT_LINES + 50)]
        try:
            for line in lines:
                await guest.chat(line)
            await wait_for(pilot, lambda: session.chat_log and session.chat_log[-1][1] == lines[-1])
            assert [text for _, text, _ in session.chat_log] == lines[-CHAT_LINES:]
            log = lobby.query_one("#chat-log")
            await wait_for(pilot, lambda: log.entries and log.entries[-1].plain == f"Bob: {lines[-1]}")
        finally:
            await guest.close()
            await app.leave_table()


async def test_b_b_b_pressed_at_once_fills_the_table() -> None:
    """The host's own change comes back at once, however the table paces its lobbies for the
    others (net.server.LOBBY_EVERY): each B reads the bots the ones before it put down (the
    second B found the first bot's seat still open and made that bot harder instead)."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_lobby(app, pilot)
        await pilot.press("b", "b", "b")
        await wait_for(pilot, lambda: all(s.get("bot") for s in app.session.lobby["seats"][1:]))
        assert [s.get("bot") for s in app.session.lobby["seats"][1:]] == ["normal"] * 3
        await app.leave_table()


async def test_a_teams_lobby_marks_the_players_partner_and_the_other_teams() -> None:
    """ninety-eight 7.2: at a table set up for teams the lobby shows, before anything is dealt,
    whose partner each seat is: ``partner`` on the seat opposite the player's (open or not), the
    other pairs by their team's letter, as the table's seat boxes mark them in play, and the
    player's own seat by its team's letter, so that "team A" is known to be the others."""
    from net.server import TableConfig

    config = TableConfig(name="Pairs", game="ninety-eight", preset="teams", seats=4, seed=1)
    async with someone_elses_table(config) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bea"
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            seats = lobby.query_one("#seats")
            await wait_for(pilot, lambda: app.session.seat == 1 and seats.option_count == 4)
            lines = [str(seats.get_option_at_index(i).prompt) for i in range(4)]
            assert lines[0].startswith("1. Ana  team A") and lines[2] == "3. open seat  team A"
            assert lines[1].startswith("2. Bea (you)  team B") and "partner" not in lines[1]  # the player's own letter
            assert lines[3] == "4. open seat  partner"
            await app.leave_table()

async def test_the_ready_button_reads_in_full_once_the_player_is_ready() -> None:
    """At 80x24 the guest's button says "Not ready" whole once ready (it kept the width of
    "Ready" and read "Not")."""
    from textual.widgets import Button

    from net.server import TableConfig

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port, "#ready")
            ready = lobby.query_one("#ready", Button)
            await pilot.press("r")
            await wait_for(pilot, lambda: str(ready.label) == "Not ready" and table.seats[1].ready)
            await pilot.pause()
            row = next(line.text for line in app.screen._compositor.render_strips() if "Leave" in line.text
                       and "esc" not in line.text)
            assert "Not ready" in row, row
            await app.leave_table()


async def test_the_host_in_a_seat_is_told_which_key_starts_the_match_and_a_guest_who_starts_it() -> None:
    """The table's note says "The host starts the match." to everyone; the host seated there
    reads what that means for them: the key that starts it, and while a seat is open, that it
    needs filling first (net/matchstart.py: an empty seat refuses the start)."""
    from net.server import TableConfig

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_lobby(app, pilot)
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        await wait_for(pilot, lambda: "You start the match with Ctrl+S once every seat is filled (B adds a bot)."
                       in info())
        assert "The host starts the match." not in info()
        await pilot.press("b", "b", "b")
        await wait_for(pilot, lambda: "You start the match with Ctrl+S." in info())
        await app.leave_table()

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port, "#ready")
            info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
            await wait_for(pilot, lambda: "The host starts the match once you are ready: press R." in info())
            assert "You start" not in info()
            await pilot.press("r")
            await wait_for(pilot, lambda: "The host starts the match." in info() and table.seats[1].ready)
            assert "once you are ready" not in info()
            await app.leave_table()


async def test_the_host_reads_whom_the_start_waits_for_and_a_player_that_it_waits_for_them() -> None:
    """net/matchstart.py: the host's start is refused while a seated player is not ready. The
    host reads who it waits for, by name, until they are ready; a player who is not ready
    reads that the host waits for them, and the key that says so. The refusal's notice goes
    once the match deals. A name is as its player gave it ("cy", not "Cy" for the sentence's sake)."""
    from net.client import TableClient

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_lobby(app, pilot)
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        port = app.session.server.port
        bea = await TableClient.connect("127.0.0.1", port, name="Bea")
        cy = await TableClient.connect("127.0.0.1", port, name="cy")
        try:
            seated = lambda: [s.get("name") or s.get("bot") for s in app.session.lobby["seats"]]  # noqa: E731
            await wait_for(pilot, lambda: seated()[1:3] == ["Bea", "cy"])
            await pilot.press("b")  # the last seat a bot: every seat filled
            await wait_for(pilot, lambda: all(seated()))
            await wait_for(pilot, lambda: "once every player is ready (waiting for Bea and cy)." in info())
            await bea.ready()
            await wait_for(pilot, lambda: "once every player is ready (waiting for cy)." in info())
            await pilot.press("ctrl+s")  # refused: the table stays in its lobby
            await wait_for(pilot, lambda: "cy (seat 3) is not ready" in notices(app))
            assert app.session.lobby["status"] == "lobby"
            await cy.ready()
            await wait_for(pilot, lambda: "You start the match with Ctrl+S." in info())
            assert "waiting" not in info()
            # the refusal is past once the match deals: it does not stand over the table
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: app.session.lobby["status"] == "playing")
            await wait_for(pilot, lambda: "cy (seat 3) is not ready" not in notices(app), timeout=2)
        finally:
            await bea.close()
            await cy.close()
        await app.leave_table()


async def test_a_wide_lobby_keeps_its_seats_a_rows_width_and_gives_the_chat_the_rest() -> None:
    """From the table's wide width the seat list stops stretching (at 160 columns it took 88,
    most of them blank) and the chat, whose lines are the long ones, takes what is left; below
    it the two share the width as before."""
    from tui.screens import WIDE

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(160, 30)) as pilot:
        lobby = await host_lobby(app, pilot)
        await wait_for(pilot, lambda: lobby.has_class("-wide") and lobby.query_one("#lobby-chat").region.width)
        left, chat = lobby.query_one("#lobby-left").region, lobby.query_one("#lobby-chat").region
        assert left.width == 64 and chat.x == left.right and chat.right == 160
        await pilot.resize_terminal(WIDE - 1, 30)
        await wait_for(pilot, lambda: not lobby.has_class("-wide"))
        await pilot.pause()
        left, chat = lobby.query_one("#lobby-left").region, lobby.query_one("#lobby-chat").region
        assert left.width + chat.width == WIDE - 1 and left.width > chat.width  # 11:9
        await app.action_quit()


async def test_after_a_match_the_hosts_lobby_does_not_wait_for_ready_players() -> None:
    """net/table.py: the host's rematch needs no one ready (a guest's ready only asks for one):
    back in the lobby after a match, the host reads that Ctrl+S starts the rematch, not that it
    waits for Bea, and Ctrl+S starts it while Bea is not ready."""
    from net.client import TableClient
    from tests.net.table_helpers import RandomPlayer

    from .helpers import play_with_keys

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        await app.session.call("configure", preset="single-hand")
        await wait_for(pilot, lambda: app.session.lobby["preset"] == "single-hand")
        bea = await TableClient.connect("127.0.0.1", app.session.server.port, name="Bea")
        player = RandomPlayer(bea, 3)
        try:
            await bea.ready()
            await wait_for(pilot, lambda: app.session.lobby["seats"][1].get("ready"))
            await pilot.press("ctrl+s")
            await play_with_keys(app, pilot, timeout=60)
            await pilot.press("b")  # back to the lobby from the results
            await wait_for(pilot, lambda: app.screen is lobby)
            info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
            await wait_for(pilot, lambda: "You start the rematch with Ctrl+S." in info())
            assert "waiting" not in info() and not app.session.lobby["seats"][1].get("ready")
            # Bea's seat says nothing of readiness, which the rematch does not wait for; her
            # ready is a request for it
            bea_line = lambda: str(lobby.query_one("#seats").get_option_at_index(1).prompt)  # noqa: E731
            assert "ready" not in bea_line()
            await bea.ready()
            await wait_for(pilot, lambda: "asks for a rematch" in bea_line())
            table, first = app.session.table, app.session.table.match
            await pilot.press("ctrl+s")
            # the rematch is dealt (a single hand can be over at once: a King from Bea, and no
            # card of the host's keeps the total within the limit)
            await wait_for(pilot, lambda: table.match is not first and table.status in ("playing", "finished"))
        finally:
            await player.stop()
            await bea.close()
        await app.leave_table()


async def test_the_wins_stand_in_a_column_of_their_own() -> None:
    """After a match each seat's wins stand in one column, after the longest row that has any,
    whatever the length of the names and marks before them."""
    from tui.session import TableSession

    from .test_compose_races import lobby as lobby_of

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        session = TableSession(app)
        lobby = lobby_of(wins=1)
        lobby["seats"][1]["wins"] = 12
        lobby["seats"].append({"seat": 2, "name": "Normal bot 2", "bot": "normal", "connected": True, "ready": True,
                               "host": False, "wins": 0})
        session.lobby = lobby
        screen = LobbyScreen(session)
        app.push_screen(screen)
        await wait_for(pilot, lambda: current(app, LobbyScreen))
        seats = screen.query_one("#seats")
        await wait_for(pilot, lambda: seats.option_count == 3)
        lines = [str(seats.get_option_at_index(i).prompt) for i in range(3)]
        assert lines[0].startswith("1. Ana") and lines[0].endswith(" 1 win"), lines
        assert lines[1].startswith("2. Normal bot") and lines[1].endswith(" 12 wins"), lines
        assert "win" not in lines[2]  # none yet: no column entry
        assert lines[0].index(" 1 win") == lines[1].index(" 12 wins"), lines


async def test_a_seated_guest_gets_up_to_watch_with_w_and_sits_again_with_t() -> None:
    """guide, "Wins, chat and comings and goings": a player may get up to watch. The app had no
    way to (Escape leaves the table; joining again sits you back down): W in the lobby does,
    and T takes the seat again."""
    from net.server import TableConfig

    from .helpers import key_bar

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=3, seed=1)) as (srv, table, ana):
        app = make_app()
        app.settings.name = "Bea"
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            await wait_for(pilot, lambda: app.session.seat == 1 and "Watch" in key_bar(lobby))
            await pilot.press("w")
            await wait_for(pilot, lambda: app.session.seat is None and table.seats[1].name is None)
            assert table.lobby()["watchers"] == ["Bea"] and app.screen is lobby
            await wait_for(pilot, lambda: "Watch" not in key_bar(lobby) and "Take seat" in key_bar(lobby))
            lobby.query_one("#seats").focus()
            await pilot.press("down")  # from Ana's seat to the open one
            await pilot.press("t")
            await wait_for(pilot, lambda: app.session.seat == 1 and table.seats[1].name == "Bea")
            await app.action_quit()


async def test_a_start_refused_in_the_lobby_is_not_left_over_home() -> None:
    """"Seat 2 is empty: add a bot or wait for a player", said as a start is refused, stood over
    the home screen after the host left the lobby: it is of that table's lobby only."""
    from tui.screens.home import HomeScreen

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await host_lobby(app, pilot)
        await wait_for(pilot, lambda: app.session.lobby is not None and lobby.query("#seats"))
        await pilot.pause(0.2)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any("is empty: add a bot or wait for a player" in n for n in notices(app)))
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
        await pilot.pause(0.2)
        assert not [n for n in notices(app) if "is empty" in n], notices(app)
