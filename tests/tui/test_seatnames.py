"""Seats named alike are numbered the same way in the lobby, at the table and in a replay."""
from __future__ import annotations

from tui.screens.lobby import LobbyScreen
from tui.screens.replay import seat_names
from tui.screens.table import TableScreen
from tui.seatnames import as_sentence, numbered, speaker, watchers_line
from tui.widgets.seats import SeatBox

from .test_lobby import host_lobby
from .helpers import make_app, wait_for


def test_repeats_are_numbered_from_the_second_seat() -> None:
    assert numbered(["Ana", "Normal bot", "Normal bot", "Hard bot", "Normal bot"]) == \
        ["Ana", "Normal bot", "Normal bot 2", "Hard bot", "Normal bot 3"]


def test_a_number_another_seat_holds_is_skipped() -> None:
    """A player who calls themself "Normal bot 2" keeps that name; the bot after it reads 3."""
    assert numbered(["Normal bot", "Normal bot", "Normal bot 2"]) == ["Normal bot", "Normal bot 3", "Normal bot 2"]
    assert len(set(numbered(["Bo", "Bo 2", "Bo", "Bo", "Bo 3"]))) == 5


def test_open_seats_stay_empty_and_unique_names_stay_as_they_are() -> None:
    assert numbered(["", "Bo", "", "Cy"]) == ["", "Bo", "", "Cy"]
    assert numbered([]) == []


def test_a_replay_numbers_the_logged_names() -> None:
    """A match log keeps each seat's name as the table had it: three "Normal bot"s."""
    header = {"names": ["Ana", "Normal bot", "Normal bot", "Normal bot"]}
    assert seat_names(header, 4) == ["Ana", "Normal bot", "Normal bot 2", "Normal bot 3"]


async def test_the_lobby_and_the_table_name_the_bots_alike() -> None:
    """Three bots of one level at a hosted table: the lobby lists "Normal bot 2" and "Normal
    bot 3", and the table's seat boxes use the same names. The host's own seat is "You" there,
    as at a solo table, so that its log reads "You play"."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_lobby(app, pilot)
        session = app.session
        for seat in (1, 2, 3):  # B from the host's own seat: the next open seat each time
            await pilot.press("b")
            await wait_for(pilot, lambda: session.lobby["seats"][seat]["bot"] == "normal")
        assert all(s["bot"] == "normal" for s in session.lobby["seats"][1:])
        await pilot.pause()
        rows = [str(lobby.query_one("#seats").get_option_at_index(i).prompt) for i in range(4)]
        # the name says the level: no "bot: normal" after it
        assert rows[1:] == ["2. Normal bot", "3. Normal bot 2", "4. Normal bot 3"], rows
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("ctrl+s")
        # the table (a hand that ends by itself, the host out with no card to play, puts its
        # results over it at once)
        table = await wait_for(pilot, lambda: next((s for s in app.screen_stack if isinstance(s, TableScreen)), None))
        assert table.names == ["You", "Normal bot", "Normal bot 2", "Normal bot 3"]
        await wait_for(pilot, lambda: [str(box.border_title) for box in table.query(SeatBox)] == table.names[1:])
        await app.action_quit()


class _KeptSeatLobby:
    """A lobby in a match where a bot plays the seat of Bo, who did not come back."""
    is_host = False
    seat = 0
    address = None
    password = None
    chat_log: list = []
    solo = False
    lobby = {"table": "t", "name": "t", "game": "ninety-eight", "preset": "standard", "options": {},
             "status": "playing", "password": False, "spectators": 0,
             "seats": [{"seat": 0, "name": "Ana", "bot": None, "ready": True, "connected": True, "host": False},
                       {"seat": 1, "name": "Bo", "bot": "normal", "ready": True, "connected": True, "host": False},
                       {"seat": 2, "name": "Hard bot", "bot": "hard", "ready": True, "connected": True, "host": False},
                       {"seat": 3, "name": "Richard", "bot": "hard", "ready": True, "connected": True, "host": False}]}


async def test_a_bot_in_a_players_seat_is_said_to_be_one() -> None:
    """A bot playing on in the seat of a player who did not come back keeps that player's
    name: the lobby says it is a bot, and which; a bot named for its level needs no more."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = LobbyScreen(_KeptSeatLobby())
        await app.push_screen(lobby)
        await pilot.pause()
        rows = [str(lobby.query_one("#seats").get_option_at_index(i).prompt) for i in range(4)]
        assert rows[1:] == ["2. Bo  bot: normal", "3. Hard bot", "4. Richard  bot: hard"], rows  # "hard" in a name


def test_a_line_from_a_seat_a_bot_now_plays_is_its_players() -> None:
    """Bots do not chat: a kept line from the seat a bot took over when its player did not come
    back was said by that player, and reads their name (numbered like the seat), not "(bot)";
    a line from a player away now reads their name alone: the log keeps it after they are back."""
    lobby = {"seats": [{"seat": 0, "name": "Ana", "bot": None, "connected": True},
                       {"seat": 1, "name": "Ana", "bot": "normal", "connected": True},
                       {"seat": 2, "name": "Bo", "bot": None, "connected": False}]}
    line = {"name": "Ana", "seat": 1, "text": "hello there", "earlier": True}
    assert speaker(lobby, line) == "Ana 2"
    assert speaker(lobby, {"name": "Bo", "seat": 2, "text": "brb", "earlier": True}) == "Bo"
    assert speaker(lobby, {"name": "Ana", "seat": 0, "text": "hi"}) == "Ana"


def test_the_lobby_names_its_watchers_and_counts_the_rest() -> None:
    assert watchers_line({"spectators": 0, "watchers": []}) == ""
    assert watchers_line({"spectators": 2, "watchers": ["Bea", "Cy"]}) == "Watching: Bea, Cy"
    assert watchers_line({"spectators": 23, "watchers": ["Bea", "Cy"]}) == "Watching: Bea, Cy and 21 more"
    assert watchers_line({"spectators": 3}) == "3 watching"  # a host that gives only the count
    assert watchers_line({"spectators": 1, "watchers": ["B\x1b[2Jea"]}).count("\x1b") == 0


def test_a_crowd_of_watchers_takes_one_line() -> None:
    """Twenty watchers with long names: as many names as fit one row of the lobby's pane, the
    rest counted (the line grew to fill the pane and pushed its buttons off an 80x24 screen)."""
    names = [f"Watcher{i:02}-longname-xyzw" for i in range(20)]
    line = watchers_line({"spectators": 20, "watchers": names})
    assert line == f"Watching: {names[0]} and 19 more"
    short = [f"W{i}" for i in range(20)]
    line = watchers_line({"spectators": 20, "watchers": short})
    shown = line.removeprefix("Watching: ").split(" and ")[0].split(", ")
    assert shown == short[:len(shown)] and len(", ".join(shown)) <= 40 < len(", ".join(short[:len(shown) + 1]))
    assert line.endswith(f" and {20 - len(shown)} more")


def test_wide_watchers_names_are_measured_in_cells() -> None:
    """Names in wide letters take two cells each: they are counted so, not by their length."""
    wide = ["漢字漢字漢字" + str(i) for i in range(5)]  # 13 cells each
    line = watchers_line({"spectators": 5, "watchers": wide})
    assert line == f"Watching: {wide[0]}, {wide[1]} and 3 more"


def test_a_watcher_named_as_a_seat_is_numbered_on_from_the_seats() -> None:
    """A watcher called Bo at a table where Bo sits reads "Bo 2", as a second seat called Bo
    would ("Watching: Bo" could be either); two watchers of one name read apart too."""
    seated = [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bo"}, {"seat": 2, "name": "Bo"}]
    assert watchers_line({"spectators": 1, "watchers": ["Bo"], "seats": seated[:2]}) == "Watching: Bo 2"
    assert watchers_line({"spectators": 2, "watchers": ["Bo", "Cy"], "seats": seated}) == "Watching: Bo 3, Cy"
    assert watchers_line({"spectators": 2, "watchers": ["Cy", "Cy"], "seats": seated}) == "Watching: Cy, Cy 2"
    assert numbered(["Bo", "Bo 2", ""], ["Bo", "Bo 3"]) == ["Bo 4", "Bo 2", ""]  # no number twice


async def test_the_lobby_tells_a_watcher_from_the_player_of_the_same_name() -> None:
    """Someone watches under the name of the player in seat 1: the lobby's line names them
    "Ana 2", so the seat list's Ana is the one who plays, and so does the chat as they come
    and go."""
    from net.server import TableConfig
    from tests.net.table_helpers import join

    from .helpers import join_lobby, someone_elses_table

    async with someone_elses_table(TableConfig(name="Ana's table", seats=2)) as (srv, table, _ana):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            watcher = await join(srv, "Ana", table=table.id, spectator=True, reconnect=False)
            try:
                info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
                await wait_for(pilot, lambda: "Watching: " in info())
                assert "Watching: Ana 2" in info()
                assert str(lobby.query_one("#seats").get_option_at_index(0).prompt).startswith("1. Ana ")
                said = lambda: [t for n, t, _s in app.session.chat_log if n == "Table"]  # noqa: E731
                await wait_for(pilot, lambda: any("starts watching" in line for line in said()))
                assert "Ana 2 starts watching." in said()  # as the lobby names them
            finally:
                await watcher.close()
            await wait_for(pilot, lambda: any("stops watching" in line for line in said()))
            assert "Ana 2 stops watching." in said()
            await app.leave_table()


def test_a_seat_as_the_lobby_lists_it() -> None:
    """The table and the session read this player's seat from the lobby alike: none for a
    watcher, a seat the lobby does not list, or one that is not a seat's map."""
    from tui.seatnames import listed_seat

    lobby = {"seats": [{"seat": 0, "name": "Ana"}, None, {"seat": 2, "name": "Cy", "stepped_away": True}]}
    assert listed_seat(lobby, 2) == {"seat": 2, "name": "Cy", "stepped_away": True}
    assert listed_seat(lobby, 0)["name"] == "Ana"  # type: ignore[index]
    for seat in (None, 1, 3, -1, True, "0"):
        assert listed_seat(lobby, seat) is None, seat
    assert listed_seat(None, 0) is None and listed_seat({}, 0) is None


def test_the_hosts_words_begin_a_sentence_but_a_name_stays_as_given() -> None:
    lobby = {"seats": [{"seat": 0, "name": "Al"}, {"seat": 1, "name": "carol"}, {"seat": 2, "name": None}]}
    assert as_sentence("carol (seat 2) is not ready", lobby) == "carol (seat 2) is not ready"
    assert as_sentence("seat 3 is empty: add a bot or wait for a player", lobby) == \
        "Seat 3 is empty: add a bot or wait for a player"
    assert as_sentence("", None) == "" and as_sentence("x", {"seats": "bad"}) == "X"


def test_the_app_watching_reads_its_own_name_marked() -> None:
    """Of two watchers called Ana, the lobby marks the one whose number at the table is the
    app's own (its welcome's), "Ana 2 (you)"; it is named even where the room is taken by
    others; a number the ids do not hold one time, or ids that are not one per name, mark
    nothing."""
    lobby = {"spectators": 2, "watchers": ["Ana", "Ana"], "watcher_ids": [4, 7]}
    assert watchers_line(lobby, 7) == "Watching: Ana, Ana 2 (you)"
    assert watchers_line(lobby, 4) == "Watching: Ana (you), Ana 2"
    assert watchers_line(lobby, 5) == watchers_line(lobby) == "Watching: Ana, Ana 2"
    assert watchers_line({**lobby, "watcher_ids": [7, 7]}, 7) == "Watching: Ana, Ana 2"
    assert watchers_line({**lobby, "watcher_ids": [4]}, 4) == "Watching: Ana, Ana 2"
    assert watchers_line({**lobby, "watcher_ids": [4, True]}, 4) == "Watching: Ana, Ana 2"
    crowd = [f"Watcher{i:02}" for i in range(20)]
    last = watchers_line({"spectators": 25, "watchers": crowd, "watcher_ids": list(range(1, 21))}, 20)
    assert last.startswith("Watching: Watcher00, ") and "Watcher19 (you) and " in last
    named = last.removeprefix("Watching: ").split(" and ")[0].split(", ")
    assert 25 - len(named) == int(last.rsplit(" and ", 1)[1].split()[0])  # the rest are counted
    assert len(", ".join(n for n in named if "(you)" not in n)) <= 40 - len("Watcher19 (you)") - 2


async def test_an_app_watching_finds_itself_among_watchers_of_its_name() -> None:
    """The table is full, and someone called Cy watches it already: the app, called Cy too,
    joins as a watcher, and its lobby reads "Watching: Cy, Cy 2 (you)" (the first come first),
    so that it knows which of the two Cys the chat's "Cy 2 (watching)" is."""
    from net.server import TableConfig
    from tests.net.table_helpers import join

    from .helpers import join_lobby, someone_elses_table

    async with someone_elses_table(TableConfig(name="Ana's table", seats=2)) as (srv, table, _ana):
        bo = await join(srv, "Bo", table=table.id, reconnect=False)
        other = await join(srv, "Cy", table=table.id, spectator=True, reconnect=False)
        app = make_app()
        app.settings.name = "Cy"
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                lobby = await join_lobby(app, pilot, srv.port)
                info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
                await wait_for(pilot, lambda: "Watching: " in info() and "(you)" in info())
                assert app.session.seat is None
                assert "Watching: Cy, Cy 2 (you)" in info()
                await app.leave_table()
        finally:
            await other.close()
            await bo.close()
