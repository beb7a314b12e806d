"""Who came and who went between two lobbies (``tui.comings``), and the host's lobby saying so
in its chat over a real socket: a player sits down, drops, comes back and leaves."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

import pytest

from net.client import TableClient
from tui.comings import comings_and_goings as changes
from tui.screens.lobby import LobbyScreen

from .helpers import current, host_two_seats, join_lobby, make_app, someone_elses_table, wait_for


def seats(*held: Any) -> list[dict[str, Any]]:
    """A lobby's seats: None open, "Bo" a connected player, ("Bo", False) away, ("bot", level)
    a bot, ("Bo", "normal") a bot standing in for Bo."""
    out = []
    for i, h in enumerate(held):
        s: dict[str, Any] = {"seat": i, "name": None, "bot": None, "connected": False}
        if isinstance(h, str):
            s.update(name=h, connected=True)
        elif h is not None and h[0] == "bot":
            s.update(name=f"{h[1].capitalize()} bot", bot=h[1], connected=True)
        elif h is not None and isinstance(h[1], str):
            s.update(name=h[0], bot=h[1], connected=True)
        elif h is not None:
            s.update(name=h[0], connected=h[1])
        out.append(s)
    return out


def comings_and_goings(before: list[dict[str, Any]], after: list[dict[str, Any]], own: set[int | None]) -> list[str]:
    """What the changes say."""
    return [c.text for c in changes(before, after, own)]


def test_a_player_sits_down_moves_and_leaves() -> None:
    assert comings_and_goings(seats("Ana", None, None), seats("Ana", "Bo", None), {0}) == ["Bo sits down in seat 2."]
    assert comings_and_goings(seats("Ana", "Bo", None), seats("Ana", None, "Bo"), {0}) == ["Bo moves to seat 3."]
    assert comings_and_goings(seats("Ana", None, "Bo"), seats("Ana", None, None), {0}) == ["Bo leaves the table."]
    both = comings_and_goings(seats("Ana", "Bo", None), seats("Ana", None, "Cy"), {0})
    assert both == ["Cy sits down in seat 3.", "Bo leaves the table."]
    assert [c.kind for c in changes(seats("Ana", "Bo", None), seats("Ana", None, "Cy"), {0})] == ["sits", "leaves"]


def test_a_player_who_says_they_are_ready_is_told_where_the_start_waits_for_it() -> None:
    """The seat list's "ready" shows only to one who looks: a player's ready, or their taking it
    back, is a line too, where the start waits for the players (``readiness``); never of this
    app's own seat or the host's, who starts the match."""
    def ready(lobby: list[dict[str, Any]], *which: int) -> list[dict[str, Any]]:
        return [{**s, "ready": s["seat"] in which} for s in lobby]

    before, after = ready(seats("Ana", "Bo", "Cy"), 0), ready(seats("Ana", "Bo", "Cy"), 0, 1)
    assert [c.text for c in changes(before, after, {0}, readiness="ready")] == ["Bo is ready."]
    assert [c.kind for c in changes(before, after, {0}, readiness="ready")] == ["ready"]
    assert [c.text for c in changes(after, before, {0}, readiness="ready")] == ["Bo is no longer ready."]
    assert changes(before, after, {0}) == []  # a match in play: a ready there is nothing to wait for
    assert changes(before, after, {1}, readiness="ready") == []  # the app's own
    hosted = [{**s, "host": s["seat"] == 1} for s in after]
    assert changes(before, hosted, {0}, readiness="ready") == []


def test_a_rematch_request_taken_back_and_made_again_is_told_after_the_tables_first_line() -> None:
    """After a match whose host starts the rematch, a guest's ready asks for one: the table says
    the first ask itself ("Bo (seat 2) would like a rematch."), so the app says only a request
    taken back, and one made again after that; in the lobby before a match, a ready is a ready;
    as the match starts, nothing."""
    from tui.comingstold import ComingsTold
    from tui.watchwait import WatcherWait

    told = ComingsTold(WatcherWait(lambda _seconds: None))

    def lobby(status: str, *ready: int) -> dict[str, Any]:
        return {"status": status, "start": "host",
                "seats": [{**s, "ready": s["seat"] in ready, "host": s["seat"] == 0} for s in seats("Ana", "Bo", "Cy")]}

    def said(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        return [c.text for c in told.changes(before, after, 2)]

    assert said(lobby("finished"), lobby("finished", 1)) == []  # the table's own line says it
    assert said(lobby("finished", 1), lobby("finished")) == ["Bo no longer asks for a rematch."]
    assert said(lobby("finished"), lobby("finished", 1)) == ["Bo asks for a rematch again."]
    assert said(lobby("finished", 1), lobby("playing")) == []  # the rematch starts
    assert said(lobby("lobby"), lobby("lobby", 1)) == ["Bo is ready."]
    assert [c.kind for c in changes(lobby("finished", 1)["seats"], lobby("finished")["seats"], {2},
                                    readiness="rematch")] == ["unasks"]


def test_a_player_with_another_players_name_is_named_as_the_seat_list_names_them() -> None:
    """Two players called Hana read "Hana" and "Hana 2" in the seat list: the lines say which
    one came, dropped or went, never the bare name that would read as the other."""
    assert comings_and_goings(seats("Hana", None, None), seats("Hana", None, "Hana"), {0}) \
        == ["Hana 2 sits down in seat 3."]
    assert comings_and_goings(seats("Hana", None, "Hana"), seats("Hana", None, ("Hana", False)), {0}) \
        == ["Hana 2 is away: their seat is kept for a while."]
    assert comings_and_goings(seats("Hana", None, "Hana"), seats("Hana", "Hana", None), {0}) == ["Hana 2 moves to seat 2."]
    assert comings_and_goings(seats("Hana", None, "Hana"), seats("Hana", None, None), {0}) == ["Hana 2 leaves the table."]
    assert comings_and_goings(seats(None, "Hana", "Hana"), seats(None, None, None), set()) \
        == ["Hana leaves the table.", "Hana 2 leaves the table."]


def test_a_player_the_host_sent_away_from_the_lobby_is_said_to_be_sent_away() -> None:
    """docs/protocol.md, a seat's ``sent_away``: the others read that the host sent Bo away,
    not that Bo left; a seat open for another reason, or naming someone else, reads as leaving."""
    kicked = seats("Ana", None, None)
    kicked[1]["sent_away"] = "Bo"
    assert comings_and_goings(seats("Ana", "Bo", None), kicked, {0}) == ["Bo was sent away by the host."]
    assert [c.kind for c in changes(seats("Ana", "Bo", None), kicked, {0})] == ["leaves"]
    other = seats("Ana", None, None)
    other[1]["sent_away"] = "Cy"
    assert comings_and_goings(seats("Ana", "Bo", None), other, {0}) == ["Bo leaves the table."]
    # two players called Hana: the one sent away is named as the seat list named them
    twice = seats("Hana", None, None)
    twice[2]["sent_away"] = "Hana"
    assert comings_and_goings(seats("Hana", None, "Hana"), twice, {0}) == ["Hana 2 was sent away by the host."]


def test_a_player_drops_comes_back_or_gives_the_seat_to_a_bot() -> None:
    assert comings_and_goings(seats("Ana", "Bo"), seats("Ana", ("Bo", False)), {0}) \
        == ["Bo is away: their seat is kept for a while."]
    assert comings_and_goings(seats("Ana", ("Bo", False)), seats("Ana", "Bo"), {0}) == ["Bo is back."]
    # Bo chose Leave in the match: the host's stand-in plays at once (docs/protocol.md, standin)
    left = seats("Ana", ("Bo", False))
    left[1]["standin"] = True
    assert comings_and_goings(seats("Ana", "Bo"), left, {0}) \
        == ["Bo leaves the match: a bot plays their seat, which is kept for a while should they come back."]
    assert comings_and_goings(seats("Ana", ("Bo", False)), seats("Ana", ("Bo", "normal")), {0}) \
        == ["Bo did not come back: a bot plays their seat for the rest of the match."]
    assert comings_and_goings(seats("Ana", "Bo"), seats("Ana", ("Bo", "normal")), {0}) \
        == ["Bo was sent away by the host: a bot plays their seat for the rest of the match."]
    # the lobby's grace says how long the seat is kept; a host that sends none: "a while"
    assert [c.text for c in changes(seats("Ana", "Bo"), seats("Ana", ("Bo", False)), {0}, grace=90)] \
        == ["Bo is away: their seat is kept for 90 seconds."]
    assert [c.text for c in changes(seats("Ana", "Bo"), seats("Ana", ("Bo", False)), {0}, grace=60)] \
        == ["Bo is away: their seat is kept for 1 minute."]
    kinds = [[c.kind for c in changes(a, b, {0})] for a, b in [
        (seats("Ana", "Bo"), seats("Ana", ("Bo", False))), (seats("Ana", ("Bo", False)), seats("Ana", "Bo")),
        (seats("Ana", ("Bo", False)), seats("Ana", ("Bo", "normal"))), (seats("Ana", "Bo", None), seats("Ana", None, "Bo"))]]
    assert kinds == [["away"], ["back"], ["bot"], ["moves"]]


def test_what_the_app_knows_already_says_nothing() -> None:
    # its own seat, before and after it moved
    assert comings_and_goings(seats("Ana", None), seats(None, "Ana"), {0, 1}) == []
    assert comings_and_goings(seats("Ana", "Bo"), seats("Ana", ("Bo", False)), {1}) == []
    # bots the host seats or takes away
    assert comings_and_goings(seats("Ana", None), seats("Ana", ("bot", "normal")), {0}) == []
    assert comings_and_goings(seats("Ana", ("bot", "hard")), seats("Ana", None), {0}) == []
    # the first lobby, and a table whose seats were added (a new game)
    assert comings_and_goings([], seats("Ana", "Bo"), {0}) == []
    assert comings_and_goings(seats("Ana", "Bo"), seats("Ana", "Bo", None), {0}) == []
    # a spectator (no seat) hears of everyone
    assert comings_and_goings(seats("Ana", None), seats("Ana", "Bo"), {None}) == ["Bo sits down in seat 2."]


def test_watchers_who_come_go_sit_down_or_get_up_are_told() -> None:
    """The lobby's ``watchers`` before and after: one watching more or less says so; a watcher
    who takes a seat only sits down, and a player who gets up to watch does not leave."""
    def said(before: list[dict[str, Any]], after: list[dict[str, Any]], was: list[str], now: list[str]) -> list[str]:
        return [c.text for c in changes(before, after, {0}, (was, now))]

    two = seats("Ana", "Bo")
    assert said(two, two, [], ["Cy"]) == ["Cy starts watching."]
    assert said(two, two, ["Cy", "Di"], ["Di"]) == ["Cy stops watching."]
    assert said(two, two, ["Cy"], ["Cy"]) == []
    assert said(seats("Ana", None), two, ["Bo"], []) == ["Bo sits down in seat 2."]
    assert said(two, seats("Ana", None), [], ["Bo"]) == ["Bo gets up to watch."]
    assert said(two, seats("Ana", None), [], []) == ["Bo leaves the table."]
    # one watcher called Bo and a player called Bo who leaves: the other Bo still watches
    assert said(two, seats("Ana", None), ["Bo"], ["Bo"]) == ["Bo leaves the table."]
    assert [c.kind for c in changes(two, seats("Ana", None), {0}, ([], ["Bo", "Cy"]))] == ["stands", "watches"]
    assert [c.kind for c in changes(two, two, {0}, (["Cy"], []))] == ["unwatches"]
    [line] = said(two, two, [], ["C\x1b[2Jy"])  # a watcher's name is cleaned as a player's is
    assert "\x1b" not in line and line.endswith(" starts watching.")


def test_a_watcher_named_as_a_seat_is_said_as_the_lobby_names_them() -> None:
    """A watcher called Ana where Ana sits reads "Ana 2" in the lobby's line: the chat says
    "Ana 2 starts watching.", not a line that reads as the seated Ana's."""
    def said(before: list[dict[str, Any]], after: list[dict[str, Any]], was: list[str], now: list[str]) -> list[str]:
        return [c.text for c in changes(before, after, {None}, (was, now))]

    two = seats("Ana", "Bo")
    assert said(two, two, [], ["Ana"]) == ["Ana 2 starts watching."]
    assert said(two, two, ["Ana", "Cy"], ["Cy"]) == ["Ana 2 stops watching."]
    assert said(two, two, ["Bo"], ["Bo", "Bo"]) == ["Bo 3 starts watching."]  # the latest of two
    assert said(seats("Ana", None), seats("Ana", None), ["Bo"], []) == ["Bo stops watching."]
    # the names as each lobby had them: Bo sat as Ana 2 left, and Ana 2 was named so then
    assert said(seats("Ana", None), two, ["Ana"], []) == ["Bo sits down in seat 2.", "Ana 2 stops watching."]
    # a watcher whose name begins with the word "you" is quoted, as a seated one is: "You
    # starts watching" read as this player, and a watcher "You" beside a seated "You" read alike
    assert said(two, two, [], ["You"]) == ["“You” starts watching."]
    assert said(seats("You", "Bo"), seats("You", "Bo"), [], ["you two"]) == ["“you two” starts watching."]
    assert said(seats("You", "Bo"), seats("You", "Bo"), [], ["You"]) == ["“You” 2 starts watching."]
    assert said(seats("Ana", None), seats("Ana", "You"), [], []) == ["“You” sits down in seat 2."]
    # a player whose seat a bot took for the rest of the match, back to watch: the same Bo, not
    # another ("Bo 2 starts watching."), the seat reading "Bo (bot)"
    kept = seats("Ana", ("Bo", "normal"))
    assert said(kept, kept, [], ["Bo"]) == ["Bo is back, watching: a bot plays their seat."]
    assert said(kept, kept, ["Bo"], []) == ["Bo stops watching."]
    assert said(seats("Ana", ("bot", "normal")), seats("Ana", ("bot", "normal")), [], ["Normal bot"]) == \
        ["Normal bot 2 starts watching."]  # a bot's own name is no player's


def test_a_watchers_going_is_told_only_where_their_coming_was() -> None:
    """Watchers' lines are few a minute (``WATCH_LINES``): those past it were dropped one by
    one, so players read that Yul came (not that he left) and that Zed left (never that he came).
    A coming past the limit is not told, nor then its going; a going whose coming was told (or
    who watched when this app came) always is."""
    from tui.comingstold import WATCH_LINES, ComingsTold
    from tui.watchwait import WatcherWait

    told = ComingsTold(WatcherWait(lambda _seconds: None))
    two = seats("Ana", "Bo")

    def lobby(*watching: str) -> dict[str, Any]:
        return {"seats": two, "watchers": list(watching), "spectators": len(watching)}

    def said(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        return [c.text for c in told.changes(before, after, 0)]

    names = [f"W{i}" for i in range(WATCH_LINES + 2)]
    assert said(lobby("Old"), lobby("Old", *names)) == [f"{n} starts watching." for n in names[:WATCH_LINES]]
    assert said(lobby("Old", *names), lobby()) == ["Old stops watching.", *(f"{n} stops watching." for n in names[:WATCH_LINES])]


def test_names_are_cleaned_of_control_characters() -> None:
    lines = comings_and_goings(seats("Ana", None), seats("Ana", "B\x1b[2Jo"), {0})
    assert len(lines) == 1 and "\x1b" not in lines[0]


def _chat(lobby: Any) -> list[str]:
    return [line.text for line in lobby.query_one("#chat-log").lines]


async def _bob_sits_down(app: Any, pilot: Any) -> tuple[Any, TableClient]:
    """The app hosts two seats; Bob connects and the lobby's chat says he sat down."""
    await host_two_seats(app, pilot)
    lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
    bob = await TableClient.connect("127.0.0.1", app.session.server.port, name="Bob", reconnect=False)
    await wait_for(pilot, lambda: any("Table: Bob sits down in seat 2." in line for line in _chat(lobby)))
    return lobby, bob


@pytest.mark.parametrize("bell", [True, False], ids=["bell", "no-bell"])
async def test_the_hosts_lobby_chat_says_who_came_and_went(bell: bool) -> None:
    """And the host hears a player sit down (the turn bell's setting): once, not for the rest."""
    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    app.settings.bell = bell
    rung: list[int] = []
    app.bell = lambda: rung.append(1)  # the real bell writes to a terminal, which a test has not
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, bob = await _bob_sits_down(app, pilot)
        port = app.session.server.port
        log = lambda: _chat(lobby)  # noqa: E731
        try:
            assert rung == ([1] if bell else [])
            token = bob.token
            bob.drop_connection()  # dropped, no goodbye (and no reconnecting): the seat waits for him
            await wait_for(pilot, lambda: any("Bob is away" in line for line in log()))
            assert app.session.server.grace == 120  # the lobby tells how long (its "grace")
            assert "Table: Bob is away: their seat is kept for 2 minutes." in "".join(log())  # wrapped in two
            bob = await TableClient.connect("127.0.0.1", port, name="Bob", token=token, reconnect=False)
            await wait_for(pilot, lambda: any("Table: Bob is back." in line for line in log()))
            await bob.close()  # a goodbye in the lobby frees the seat
            await wait_for(pilot, lambda: any("Table: Bob leaves the table." in line for line in log()))
            assert not any("Ana" in line for line in log())  # the host's own seat says nothing
            assert rung == ([1] if bell else [])  # going away, coming back and leaving ring nothing
        finally:
            await bob.close()
        await app.action_quit()


async def test_the_host_reads_in_the_lobby_chat_that_a_player_is_ready() -> None:
    """A host who reads the screen as text learns from the chat, not only the seat list, that a
    player said they are ready (the start waits for it), or took it back."""
    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, bob = await _bob_sits_down(app, pilot)
        try:
            await bob.ready(True)
            await wait_for(pilot, lambda: app.session.lobby["seats"][1]["ready"])
            await wait_for(pilot, lambda: any("Table: Bob is ready." in line for line in _chat(lobby)))
            await bob.ready(False)
            await wait_for(pilot, lambda: ("Table", "Bob is no longer ready.", True) in app.session.chat_log)
            await wait_for(pilot, lambda: "Table: Bob is no longer ready." in " ".join(_chat(lobby)))
            assert [text for _, text, _ in app.session.chat_log if "ready" in text] == \
                ["Bob is ready.", "Bob is no longer ready."]
        finally:
            await bob.close()
        await app.action_quit()


async def test_who_drops_and_comes_back_in_a_match_is_kept_for_the_lobbys_chat() -> None:
    """README ("the lobby's chat says who sits down, drops out, comes back and leaves"): in a
    match the table's log says it once, and the lobby's chat has it when the player gets back
    there (it had only what came while the lobby was shown)."""
    from tui.screens.table import TableScreen

    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, bob = await _bob_sits_down(app, pilot)
        session = app.session
        port = session.server.port
        chat = lambda: _chat(lobby)  # noqa: E731
        try:
            await bob.ready(True)
            await wait_for(pilot, lambda: session.lobby["seats"][1]["ready"])
            await session.call("start")
            table = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.query("#log")
                                   and app.screen)
            said = lambda: [line.text for line in table.query_one("#log").lines]  # noqa: E731
            token = bob.token
            bob.drop_connection()
            await wait_for(pilot, lambda: any("Bob is away" in line for line in said()))
            bob = await TableClient.connect("127.0.0.1", port, name="Bob", token=token, reconnect=False)
            await wait_for(pilot, lambda: any("Bob is back." in line for line in said()))
            assert sum("Bob is away" in line for line in said()) == 1  # told once at the table
            assert any("Table: Bob is away" in line for line in chat())  # and kept for the lobby
            assert any("Table: Bob is back." in line for line in chat())
            assert ("Table", "Bob is back.", True) in session.chat_log
        finally:
            await bob.close()
        await app.action_quit()


async def test_a_player_who_moves_is_not_told_they_left() -> None:
    """The first lobby comes while the app joins, before its session holds the connection: the
    seat it was welcomed to counts as its own all the same, so moving from it says nothing to
    the mover (it said "Bea leaves the table." when no other lobby had come in between)."""
    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, join

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1))
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    await asyncio.sleep(3 * srv.lobby_every)  # the table is idle: no paced lobby is on its way
    app = make_app()
    app.settings.name = "Bea"
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            assert app.session.seat == 1
            await pilot.press("down", "down", "t")
            await wait_for(pilot, lambda: app.session.seat == 2 and table.seats[2].name == "Bea")
            await wait_for(pilot, lambda: app.session.lobby["seats"][2]["name"] == "Bea")
            await pilot.pause()
            log = [line.text for line in lobby.query_one("#chat-log").lines]
            assert not any("Bea" in line for line in log), log
            await app.leave_table()
    finally:
        await ana.close()
        await srv.close()


@asynccontextmanager
async def _bea_joins(port: int, last: str) -> AsyncIterator[tuple[Any, Any, Callable[[], list[str]]]]:
    """The app joins the table on ``port`` as Bea, its lobby's chat read once it shows
    ``last``: (app, pilot, the chat's lines now); Bea leaves at the end."""
    app = make_app()
    app.settings.name = "Bea"
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await join_lobby(app, pilot, port, "#chat-log")
        chat = lambda: [line.text for line in lobby.query_one("#chat-log").lines]  # noqa: E731
        await wait_for(pilot, lambda: any(last in line for line in chat()))
        yield app, pilot, chat
        await app.leave_table()


async def test_a_player_who_joins_sees_what_was_said_before_under_a_heading_and_each_line_once() -> None:
    """The table sends the chat it kept to a player who joins: the lobby shows it under "Said at
    this table earlier:", a line from a seat someone else sits in now by its speaker's name, not
    the seat's (here the joiner's own), and a drop and a comeback show only what was said
    meanwhile."""
    from net.server import TableConfig
    from tests.net.table_helpers import join

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        cy = await join(srv, "Cy", table=table.id)
        await cy.chat("not me, bye")  # said from seat 2, which Bea takes once Cy has gone
        await cy.close()
        await ana.chat("anyone for a game?")
        await ana.chat("I deal at eight")
        async with _bea_joins(srv.port, "I deal at eight") as (app, pilot, chat):
            assert app.session.seat == 1
            said = [line for line in chat() if ":" in line and "Bea" not in line]
            assert said == ["Table: Said at this table earlier:", "Cy (was in seat 2): not me, bye",
                            "Ana: anyone for a game?", "Ana: I deal at eight"]
            session = app.session
            held = table.seats[1].conn
            session.client._wire.transport.abort()  # the link drops without a goodbye
            # the host has seen the drop: the seat away, or, on a loaded machine, back already on
            # the app's new connection (a look for "away" alone could miss so short a while)
            await wait_for(pilot, lambda: table.seats[1].conn is not held)
            await ana.chat("see you there")
            await wait_for(pilot, lambda: session.client.connected and any("see you there" in line for line in chat()))
            await pilot.pause()
            said = [line for line in chat() if ":" in line and "Bea" not in line]
            before = ["Table: Said at this table earlier:", "Cy (was in seat 2): not me, bye",
                      "Ana: anyone for a game?", "Ana: I deal at eight"]
            # Ana's line came while Bea was away (kept for her comeback, under the heading), or,
            # on a loaded machine, once her app was back (said to her as it was said): once either way
            assert said in (before + ["Table: Said at this table earlier:", "Ana: see you there"],
                            before + ["Ana: see you there"]), said

async def test_a_kept_line_from_a_seat_the_table_no_longer_has_is_named_by_its_speaker() -> None:
    """A line kept from seat 4 of a table the host has since made a table of three is the
    player's, said from a seat that has gone: "Dee (was in seat 4)", not a watcher's."""
    from net.server import TableConfig
    from tests.net.table_helpers import join, wait_until

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        await ana.add_bot(1)
        await ana.add_bot(2)
        dee = await join(srv, "Dee", table=table.id)
        assert dee.seat == 3
        await dee.chat("I have to go")
        await dee.close()
        await wait_until(lambda: table.seats[3].token is None, what="Dee gone")
        await ana.configure(seats=3)
        await wait_until(lambda: len(table.seats) == 3, what="three seats")
        await ana.remove_bot(2)
        await wait_until(lambda: table.seats[2].bot is None, what="a seat open")
        async with _bea_joins(srv.port, "I have to go") as (app, pilot, chat):
            assert [line for line in chat() if "I have to go" in line] == ["Dee (was in seat 4): I have to go"]


async def test_the_lobby_names_its_watchers_and_says_who_came_to_watch() -> None:
    """A watcher is named in the lobby ("Watching: Bob") and its chat says Bob came to watch,
    sat down, got up to watch again and went; the app's own watching says nothing."""
    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        log = lambda: _chat(lobby)  # noqa: E731
        bob = await TableClient.connect("127.0.0.1", app.session.server.port, name="Bob", spectator=True,
                                        reconnect=False)
        try:
            await wait_for(pilot, lambda: "Table: Bob starts watching." in log())
            await wait_for(pilot, lambda: "Watching: Bob" in info())
            await bob.sit(1)
            await wait_for(pilot, lambda: "Table: Bob sits down in seat 2." in log())
            await wait_for(pilot, lambda: "Watching" not in info())
            await bob.stand()
            await wait_for(pilot, lambda: "Table: Bob gets up to watch." in log())
            await bob.close()
            await wait_for(pilot, lambda: "Table: Bob stops watching." in log())
            assert not any("leaves the table" in line for line in log())  # he never left while he watched
            assert sum("stops watching" in line for line in log()) == 1  # not when he sat down
            await app.session.call("stand")  # the host gets up to watch its own table, then sits again
            await wait_for(pilot, lambda: "Watching: Ana" in info())
            await app.session.call("sit", seat=0)
            await wait_for(pilot, lambda: app.session.seat == 0 and "Watching" not in info())
            await pilot.pause(0.3)
            assert not any("Ana" in line for line in log())
        finally:
            await bob.close()
        await app.action_quit()


async def test_names_past_the_watchers_a_lobby_counts_are_not_said_to_come() -> None:
    """A lobby naming more watchers than its ``spectators`` count (a host gone wrong) is read
    as its "Watching:" line reads it: only the counted names come or go."""
    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        session = app.session
        base = {k: v for k, v in session.lobby.items() if k != "watcher_ids"}
        session._on_update({"type": "lobby", "lobby": {**base, "spectators": 1, "watchers": ["Cy", "Dee"]}})
        await wait_for(pilot, lambda: "Table: Cy starts watching." in _chat(lobby))
        assert "Watching: Cy" in str(lobby.query_one("#lobby-info").render())
        session._on_update({"type": "lobby", "lobby": {**base, "spectators": 1, "watchers": ["Cy", "Eve"]}})
        session._on_update({"type": "lobby", "lobby": {**base, "spectators": 0, "watchers": ["Eve"]}})
        await wait_for(pilot, lambda: "Table: Cy stops watching." in _chat(lobby))
        assert not any(name in line for line in _chat(lobby) for name in ("Dee", "Eve"))
        await app.action_quit()


async def test_watchers_coming_and_going_are_told_a_few_times_a_minute_at_most() -> None:
    """Anyone can connect as a watcher, under any name, again and again: the chat says so
    ``WATCH_LINES`` times a minute at most, and the lobby's "Watching:" line says the rest."""
    from tui.comingstold import WATCH_LINES

    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(100, 30)) as pilot:
        await host_two_seats(app, pilot)
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        port = app.session.server.port
        watchers = []
        try:
            for i in range(WATCH_LINES + 2):
                watchers.append(await TableClient.connect("127.0.0.1", port, name=f"W{i}", spectator=True,
                                                          reconnect=False))
                await wait_for(pilot, lambda: (app.session.lobby or {}).get("spectators") == i + 1)
            everyone = "Watching: " + ", ".join(f"W{i}" for i in range(WATCH_LINES + 2))
            await wait_for(pilot, lambda: everyone in str(lobby.query_one("#lobby-info").render()))
            await pilot.pause(0.3)
            said = [line for line in _chat(lobby) if "starts watching" in line]
            assert said == [f"Table: W{i} starts watching." for i in range(WATCH_LINES)]
        finally:
            for w in watchers:
                await w.close()
        await app.action_quit()


async def stop_dead_and_resume(pilot: Any, session: Any, srv: Any, srv2: Any, table: Any) -> Any:
    """The host ``srv`` stops dead (no goodbye, no lobby more) once ``session`` is at its
    ``table``, and ``srv2`` on the same port brings the table back from its state: the resumed
    table, with the apps still to come back by themselves."""
    from net.tablestate import table_state

    state = table_state(table)
    table.close()
    assert srv._server is not None
    srv._server.close()
    for conn in list(srv.connections):
        assert conn.transport is not None
        conn.transport.abort()
    await wait_for(pilot, lambda: not session.client.connected)
    resumed = srv2.restore_table(state)
    await srv2.start()
    resumed.resume()
    return resumed


async def test_a_watcher_back_after_the_host_is_resumed_says_nothing() -> None:
    """A host that stopped dead and is resumed from its save: the apps at its table come back
    by themselves, one by one. A watcher who was there before and is back after says nothing
    (the chat read "Bo stops watching." and then "Bo starts watching.", as if Bo had gone and
    come again); someone who comes to watch for the first time is still told."""
    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, join

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    port = srv.port
    table = srv.create_table(TableConfig(name="Ana's table", seats=3))
    srv2 = Server(host="127.0.0.1", port=port, **FAST)  # type: ignore[arg-type]
    others: list[TableClient] = [await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)]
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await join_lobby(app, pilot, port)
            session = app.session
            said = lambda: [text for name, text, _system in session.chat_log if name == "Table"]  # noqa: E731
            others.append(await join(srv, "Bo", table=table.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: "Bo starts watching." in said())
            resumed = await stop_dead_and_resume(pilot, session, srv, srv2, table)
            # this app is back first, where Bo is not yet; then Bo's app comes back
            await wait_for(pilot, lambda: session.client.connected and resumed.seats[1].conn is not None
                           and session.lobby["spectators"] == 0)
            others.append(await join(srv2, "Bo", table=table.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: "Watching: Bo" in str(lobby.query_one("#lobby-info").render()))
            others.append(await join(srv2, "Cy", table=table.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: "Cy starts watching." in said())
            assert [line for line in said() if "Bo" in line] == ["Bo starts watching."]  # once, as Bo came
            await app.leave_table()
    finally:
        for client in others:
            await client.close()
        await srv.close()
        await srv2.close()


async def test_a_watcher_who_leaves_while_this_app_is_away_is_told() -> None:
    """Only this app's connection drops, and Bo stops watching meanwhile: once it is back to a
    table where every player it left is still seated, Bo's absence is no return on the way, and
    the chat says Bo went (it stayed at "Bo starts watching.", as if Bo still watched)."""
    from net.server import TableConfig
    from tests.net.table_helpers import join

    async with someone_elses_table(TableConfig(name="Ana's table", seats=3)) as (srv, table, _ana):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await join_lobby(app, pilot, srv.port)
            session = app.session
            said = lambda: [text for name, text, _system in session.chat_log if name == "Table"]  # noqa: E731
            bo = await join(srv, "Bo", table=table.id, spectator=True, reconnect=False)
            await wait_for(pilot, lambda: "Bo starts watching." in said())
            mine = [conn for conn in srv.connections if conn.name == app.player_name]
            assert len(mine) == 1
            assert mine[0].transport is not None
            mine[0].transport.abort()
            # Bo goes while this app is away: its first try to come back is 50 ms on, and on a loaded
            # machine it could be back before a look at it found it gone
            await bo.close()
            await wait_for(pilot, lambda: session.client.connected and any(
                conn.name == app.player_name and conn is not mine[0] for conn in srv.connections))
            await wait_for(pilot, lambda: "Bo stops watching." in said())  # not two minutes on
            assert "Watching" not in str(lobby.query_one("#lobby-info").render())
            assert [line for line in said() if "Bo" in line] == ["Bo starts watching.", "Bo stops watching."]
            await app.leave_table()


async def test_a_watcher_not_back_when_this_app_gives_up_waiting_is_told() -> None:
    """The host stopped dead and was resumed, and of the players and watchers it had, none but
    this app comes back: Bo is waited for as long as this app would try to reconnect, then
    said to have gone, with no lobby more to prompt it."""
    import time

    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, join

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    port = srv.port
    table = srv.create_table(TableConfig(name="Ana's table", seats=3))
    srv2 = Server(host="127.0.0.1", port=port, **FAST)  # type: ignore[arg-type]
    others: list[TableClient] = [await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)]
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await join_lobby(app, pilot, port)
            session = app.session
            said = lambda: [text for name, text, _system in session.chat_log if name == "Table"]  # noqa: E731
            others.append(await join(srv, "Bo", table=table.id, spectator=True, reconnect=False))
            await wait_for(pilot, lambda: "Bo starts watching." in said())
            session.client.reconnect_for = 3.0  # the wait, as short as a test needs
            dropped = time.monotonic()
            await stop_dead_and_resume(pilot, session, srv, srv2, table)
            await wait_for(pilot, lambda: session.client.connected and session.lobby["spectators"] == 0)
            await wait_for(pilot, lambda: "Bo stops watching." in said(), timeout=10)
            assert time.monotonic() - dropped >= 3.0  # held until the wait was over
            assert [line for line in said() if "Bo" in line] == ["Bo starts watching.", "Bo stops watching."]
            await app.leave_table()
    finally:
        for client in others:
            await client.close()
        await srv.close()
        await srv2.close()


async def test_a_change_of_game_by_the_host_is_told_in_the_lobby_chat() -> None:
    """The host changes the game, then the options and the turn clock, then the seats: each
    change is one line in the others' lobby chat saying what the table is now; a lobby that
    changes nothing of the setup (a player readying) says nothing of it."""
    from net.server import TableConfig

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        await ana.chat("a change of plan")
        async with _bea_joins(srv.port, "a change of plan") as (app, pilot, chat):
            # the session's chat as kept (the panel wraps long lines), and the panel shows it
            told = lambda: [text for name, text, _ in app.session.chat_log if "The host sets up" in text]  # noqa: E731
            assert told() == []
            await ana.configure(game="crazy-eights", preset="jokers")
            await wait_for(pilot, lambda: len(told()) == 1)
            assert told() == ["The host sets up Crazy Eights (jokers), 4 seats."]
            await wait_for(pilot, lambda: any("The host sets up" in line for line in chat()))
            await ana.configure(options={"target": 50}, turn_time=30)
            await wait_for(pilot, lambda: len(told()) == 2)
            assert told()[-1] == ("The host sets up Crazy Eights (jokers), 4 seats; "
                                  "options: target 50; turn clock 30 s a move.")
            await ana.configure(seats=3)
            await wait_for(pilot, lambda: len(told()) == 3)
            assert told()[-1].startswith("The host sets up Crazy Eights (jokers), 3 seats;")
            await app.session.client.ready(True)
            await wait_for(pilot, lambda: table.seats[1].ready)
            await wait_for(pilot, lambda: app.session.lobby["seats"][1].get("ready"))
            await pilot.pause()
            assert len(told()) == 3


def test_a_table_change_is_said_only_between_two_lobbies_of_one_table_whose_setup_differs() -> None:
    from tui.tablechange import table_change

    lobby = {"table": "t1", "game": "ninety-nine", "preset": "standard", "options": {}, "turn_time": 0,
             "seats": seats("Ana", None, None)}
    assert table_change({}, lobby) is None  # the first lobby: nothing changed
    assert table_change(lobby, {**lobby, "seats": seats("Ana", "Bo", None)}) is None  # someone sat down
    assert table_change(lobby, {**lobby, "table": "t2", "game": "crazy-eights"}) is None  # another table
    assert table_change(lobby, {**lobby, "preset": "quick"}) == "The host sets up Ninety-Nine (quick), 3 seats."
    assert table_change(lobby, {**lobby, "seats": seats("Ana", None)}) == \
        "The host sets up Ninety-Nine (standard), 2 seats."
    # the matches won are counted per game (net.table): a new game starts them again, and says so
    won = {**lobby, "seats": [{**s, "wins": 2 * (i == 0)} for i, s in enumerate(lobby["seats"])]}
    assert table_change(won, {**lobby, "preset": "quick"}) == "The host sets up Ninety-Nine (quick), 3 seats."
    assert table_change(won, {**lobby, "game": "crazy-eights"}) == \
        "The host sets up Crazy Eights (standard), 3 seats; the matches won start again from 0."
    assert table_change(lobby, {**lobby, "game": "crazy-eights"}) == \
        "The host sets up Crazy Eights (standard), 3 seats."
    # a turn clock taken off is said: without it, the line told nothing of what changed
    clocked = {**lobby, "turn_time": 15}
    assert table_change(lobby, clocked) == \
        "The host sets up Ninety-Nine (standard), 3 seats; turn clock 15 s a move."
    assert table_change(clocked, lobby) == "The host sets up Ninety-Nine (standard), 3 seats; no turn clock."
    odd = table_change(lobby, {**lobby, "game": "\x1b[2Jpoker", "preset": "x\x07"})
    assert odd is not None and "\x1b" not in odd and "\x07" not in odd


async def test_the_others_read_that_the_host_sent_a_player_away() -> None:
    """A guest the host sends away from the lobby: the other players' chat says so, not that the
    guest left of their own accord (docs/protocol.md, a seat's ``sent_away``)."""
    from net.server import TableConfig
    from tests.net.table_helpers import join, wait_until

    async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
        cy = await join(srv, "Cy", table=table.id)
        await cy.chat("hello all")
        try:
            async with _bea_joins(srv.port, "hello all") as (app, pilot, chat):
                await ana.kick(cy.seat)  # type: ignore[arg-type]
                await wait_until(lambda: table.seats[1].empty, what="Cy's seat freed")
                await wait_for(pilot, lambda: any("Cy was sent away by the host." in line for line in chat()))
                assert not any("Cy leaves the table" in line for line in chat())
        finally:
            await cy.close()
