"""A guest in the app at a table whose host plays from another terminal, at a match's end: R
asks the host for a rematch (the table says so once); the host starts a rematch while the guest still reads the last match's results (the new match must
reach the guest's table, not leave the guest in the lobby with the match waiting on their
turn); the match ends while the guest's connection is down (its end is still told and counted)."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.widgets import Button, Label

from net.server import Server, TableConfig
from tests.net.table_helpers import FAST, RandomPlayer, join
from tui.screens.results import RESULTS_GRACE, ResultsScreen
from tui.screens.table import RESUME_GUARD, TableScreen

from .helpers import current, key_bar, log_entries, make_app, notices, play_with_keys, wait_for


async def _dealt(app: Any, pilot: Any, srv: Server) -> tuple[Any, Any]:
    """Ana (the host key, another terminal) and Bo (this app, ready) at a short match, dealt."""
    table = srv.create_table(TableConfig(name="evening", game="ninety-eight", preset="single-hand",
                                         seats=2, seed=5))
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    app.settings.name = "Bo"
    app.join_address(f"127.0.0.1:{srv.port}")
    await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
    await pilot.press("r")  # ready
    await wait_for(pilot, lambda: table.seats[1].ready)
    await ana.start()
    return table, ana


async def _finished_match(app: Any, pilot: Any, srv: Server) -> tuple[Any, Any, RandomPlayer]:
    """Ana and Bo play one short match to its end."""
    table, ana = await _dealt(app, pilot, srv)
    player = RandomPlayer(ana, 1)
    await play_with_keys(app, pilot, timeout=60)
    assert isinstance(app.screen, ResultsScreen) and app.screen.match_over
    return table, ana, player


@asynccontextmanager
async def _after_a_match() -> AsyncIterator[tuple[Any, Any, Any, Any, ResultsScreen]]:
    """Bo (this app) after a short match with Ana, its results up: (app, pilot, table, Ana's
    client, the results); everything closed at the end."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table, ana, player = await _finished_match(app, pilot, srv)
            results = app.screen
            assert isinstance(results, ResultsScreen)
            await pilot.pause()
            assert str(results.query_one("#rematch", Button).label) == "Ask for a rematch"
            yield app, pilot, table, ana, results
            await player.stop()
            await ana.close()
            await app.leave_table()
    finally:
        await srv.close()


async def test_a_rematch_closes_the_last_matchs_results_and_deals_at_the_table() -> None:
    async with _after_a_match() as (app, pilot, table, ana, results):
        # the results cover the table's log: a line said meanwhile shows on them too
        said = results.query_one("#said", Label)
        assert not said.display
        await ana.chat("well played")
        await wait_for(pilot, lambda: said.display and str(said.render()) == "Ana: well played")
        for n in range(3):  # the latest three lines are in sight, the oldest goes
            await ana.chat(f"line {n}")
        await wait_for(pilot, lambda: str(said.render()) == "Ana: line 0\nAna: line 1\nAna: line 2")
        await ana.rematch()
        await wait_for(pilot, lambda: table.status == "playing")
        await wait_for(pilot, lambda: not app.session.view.get("is_over"))
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert results not in app.screen_stack
        await wait_for(pilot, lambda: "A new match has started." in notices(app))
        assert app.screen.view["version"] == app.session.view["version"]
        # "Back to lobby" asked for now (a key on its way as the results closed) keeps the
        # table in play: the lobby has no way back to it
        app.session.back_to_lobby()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_a_guests_r_asks_the_playing_host_for_a_rematch_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host starts every rematch; Bo's R asks Ana for one: his ready, which the table tells
    everyone once (pressed again, the app says he has asked already, once the first notice has
    gone: not a second one stacked on it). Ana's rematch deals. The results and the finished
    table beneath them name R "Ask for a rematch", and the table "Rematch asked" once he has."""
    import tui.session

    # long enough that the first notice still stands at the second R on a busy machine (at 2 s
    # it had gone by then, once in a run beside other work), short enough to wait out after
    monkeypatch.setattr(tui.session, "ASKED_SECONDS", 4.0)
    async with _after_a_match() as (app, pilot, table, ana, results):
        assert "Ask for a rematch" in key_bar(results) and "Back to lobby" in key_bar(results)
        await asyncio.sleep(RESULTS_GRACE)
        await pilot.press("r")
        await wait_for(pilot, lambda: table.seats[1].ready)
        assert table.status == "finished", "the ask starts nothing by itself"
        await wait_for(pilot, lambda: "You asked for a rematch: the host starts it." in notices(app))
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        log = screen.query_one("#log")
        # the table tells Bo as himself (it said "Bo (seat 2) would like a rematch." to him too),
        # the others by his seat (tests/net/test_table_start.py)
        await wait_for(pilot, lambda: any(e.plain == "Table: You asked for a rematch: the host starts it."
                                          for e in log.entries))
        # the finished table's key bar names R for a guest (not the host's "Rematch"), and now
        # that he has asked, says so: not "Ask for a rematch" still
        await wait_for(pilot, lambda: "Rematch asked" in key_bar(screen))
        assert "Ask for a rematch" not in key_bar(screen) and "Rematch" not in key_bar(screen)
        await asyncio.sleep(RESUME_GUARD)
        asked = [n for n in notices(app) if "asked for a rematch" in n]
        await pilot.press("r")  # asked already, and the notice says so still: none stacked on it
        await pilot.pause(0.3)
        assert [n for n in notices(app) if "asked for a rematch" in n] == asked == \
            ["You asked for a rematch: the host starts it."]
        await wait_for(pilot, lambda: not any("asked for a rematch" in n for n in notices(app)), timeout=10)
        await pilot.press("r")  # its notice gone: said again, and nothing sent again
        await wait_for(pilot, lambda: "You have asked for a rematch: the host starts it." in notices(app))
        assert sum("asked for a rematch" in e.plain for e in log.entries) == 1
        first = table.match
        await ana.rematch()
        await wait_for(pilot, lambda: table.match is not first and table.status == "playing")
        await wait_for(pilot, lambda: not app.session.view.get("is_over") and not screen.view.get("is_over"))
        # the rematch asked for is dealt: "You have asked for a rematch" no longer stands over it
        await wait_for(pilot, lambda: not any("asked for a rematch" in n for n in notices(app)), timeout=1)


async def test_a_match_that_ends_while_the_guests_connection_is_down_is_told_and_counted() -> None:
    """The match ends while a guest's app is reconnecting (its seat played by the stand-in
    bot): the view it gets on its way back brings no events, yet the app says the match is
    over, shows its results and counts it in the record, as if it had seen the end."""
    from tui.record import load

    srv = Server(host="127.0.0.1", port=0, **{**FAST, "takeover": 0.05})  # type: ignore[arg-type]
    await srv.start()
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table, ana = await _dealt(app, pilot, srv)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.session.view is not None)
            assert not app.session.view["is_over"]
            srv.max_connections = len(srv.connections) - 1  # Bo's way back finds the host full a while
            app.session.client.drop_connection()
            player = RandomPlayer(ana, 1)
            await wait_for(pilot, lambda: table.status == "finished", timeout=30)
            srv.max_connections = 1000
            await wait_for(pilot, lambda: app.session.client.connected and app.session.view["is_over"], timeout=15)
            results = await wait_for(pilot, lambda: current(app, ResultsScreen))
            assert results.match_over
            log = app.screen_stack[-2].query_one("#log")
            await wait_for(pilot, lambda: any(e.plain.startswith("Match over:") for e in log.entries))
            matches, problem = load()
            assert problem is None and len(matches) == 1 and matches[0].game == "ninety-eight"
            await player.stop()
            await ana.close()
            await app.leave_table()
    finally:
        await srv.close()


async def test_the_lobby_after_a_match_says_the_hosts_rematch_waits_for_no_one() -> None:
    """Back in the lobby after the match (B on the results), Bo reads that the host starts the
    rematch and that R asks for one (the host's rematch needs no one ready), not that the host
    waits for him; asked, it says so. The Ready button and R on the key bar read "Ask for a
    rematch", then "Cancel request", which takes the request back."""
    from tui.screens.lobby import LobbyScreen

    async with _after_a_match() as (app, pilot, table, ana, results):
        await asyncio.sleep(RESULTS_GRACE)
        await pilot.press("b")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        await wait_for(pilot, lambda: "The host starts the rematch: R asks for one." in info())
        assert "once you are ready" not in info()
        # the button and the key bar say what R does here, as the results did: ask, not "Ready"
        button = lobby.query_one("#ready", Button)
        assert str(button.label) == "Ask for a rematch"
        await wait_for(pilot, lambda: "Ask for a rematch" in key_bar(lobby))
        assert "Ready" not in key_bar(lobby)
        await pilot.press("r")
        await wait_for(pilot, lambda: "You asked for a rematch: the host starts it." in info())
        assert table.seats[1].ready and table.status == "finished"
        await wait_for(pilot, lambda: str(button.label) == "Cancel request" and "Cancel request" in key_bar(lobby))
        assert "Not ready" not in key_bar(lobby)
        await pilot.press("r")  # taken back
        await wait_for(pilot, lambda: not table.seats[1].ready)
        await wait_for(pilot, lambda: str(button.label) == "Ask for a rematch")


async def test_a_table_set_up_anew_after_the_match_takes_the_guest_to_its_lobby() -> None:
    """The host changes the game while Bo reads the results: they close, with the finished
    table under them, and Bo is in the lobby, whose chat says what changed; R there says he is
    ready for the new table (no "rematch" left to ask for)."""
    from tui.screens.lobby import LobbyScreen

    async with _after_a_match() as (app, pilot, table, ana, results):
        await ana.configure(game="crazy-eights", seats=2)
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        assert results not in app.screen_stack
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert "A new match has started." not in notices(app)
        await wait_for(pilot, lambda: any("Crazy Eights" in text for _, text, _ in app.session.chat_log))
        info = lambda: str(lobby.query_one("#lobby-info").render())  # noqa: E731
        await wait_for(pilot, lambda: "The host starts the match once you are ready: press R." in info())


async def test_a_rematch_asked_for_is_cleared_with_a_new_setup_and_said_so() -> None:
    """Bo asked for a rematch; the host sets the table up anew instead: the ask is cleared with
    every ready, and the chat says so ("you are no longer ready"), where it went without a word
    and "You asked for a rematch: the host starts it." stood over a lobby asking for R."""
    from tui.screens.lobby import LobbyScreen

    async with _after_a_match() as (app, pilot, table, ana, results):
        await asyncio.sleep(RESULTS_GRACE)
        await pilot.press("r")
        await wait_for(pilot, lambda: table.seats[1].ready and "You asked for a rematch: the host starts it." in notices(app))
        await ana.configure(preset="jumping-jacks")
        await wait_for(pilot, lambda: current(app, LobbyScreen))
        said = "Table: The host set the table up anew: you are no longer ready."
        await wait_for(pilot, lambda: any(f"{who}: {text}" == said for who, text, _ in app.session.chat_log))
        assert not any("asked for a rematch" in n for n in notices(app)), notices(app)
        assert not table.seats[1].ready


async def test_a_player_a_bot_stood_in_for_keeps_their_name_on_the_finished_table() -> None:
    """Cy drops mid-match and does not come back: a bot plays Cy's seat to the end, and the host
    opens the seat as the match ends (net/table.py, the seat's keeper). Bo's results and the
    finished table's names for the match still name that seat as it ended ("Cy (bot)"), not
    "Seat 3", though the lobby (and the seat boxes with it) now show it open."""
    srv = Server(host="127.0.0.1", port=0, **{**FAST, "grace": 0.05, "takeover": 0.05})  # type: ignore[arg-type]
    await srv.start()
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = srv.create_table(TableConfig(name="evening", game="ninety-eight", preset="single-hand",
                                                 seats=3, seed=5))
            ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            cy = await join(srv, "Cy", table=table.id, reconnect=False)
            await cy.ready(True)
            await pilot.press("r")
            await wait_for(pilot, lambda: table.seats[1].ready and table.seats[2].ready)
            await ana.start()
            await wait_for(pilot, lambda: table.status == "playing")
            cy.drop_connection()
            await wait_for(pilot, lambda: table.seats[2].keeper)  # a bot plays Cy's seat for good
            player = RandomPlayer(ana, 1)
            await play_with_keys(app, pilot, timeout=60)
            results = app.screen
            assert isinstance(results, ResultsScreen) and results.match_over
            await wait_for(pilot, lambda: not app.session.lobby["seats"][2].get("name"))  # opened
            await pilot.pause()
            assert results.names[2] == "Cy (bot)"  # as the seat list named it as the match ended
            screen = app.screen_stack[-2]
            assert isinstance(screen, TableScreen) and screen.names[2] == "Cy (bot)"
            await player.stop()
            await ana.close()
            await app.leave_table()
    finally:
        await srv.close()


async def test_a_guest_back_in_mid_match_reads_the_whole_ask_on_the_lobbys_button() -> None:
    """A guest whose app came back into its seat in mid-match (its lobby composed beneath the
    table, never shown): after the match, the lobby's button read "Ask for a" (its width that
    of "Ready"), until the terminal was resized."""
    from tests.net.table_helpers import ana_and_bo_dealt
    from tui.screens.lobby import LobbyScreen
    from tui.seatkeys import remember

    srv = Server(host="127.0.0.1", port=0, **{**FAST, "takeover": 0.1, "grace": 60.0})  # type: ignore[arg-type]
    await srv.start()
    try:
        table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name="evening", game="ninety-eight",
                                                                 preset="single-hand", seats=2, seed=3))
        token = bo.token
        bo.drop_connection()
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            remember(f"127.0.0.1:{srv.port}", table.id, token)  # as Bo's app kept it when it quit
            app.settings.name = "Bo"
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: current(app, TableScreen) and app.session.seat == 1)
            player = RandomPlayer(ana, 1)
            await play_with_keys(app, pilot, timeout=60)
            await asyncio.sleep(RESULTS_GRACE)
            await pilot.press("b")  # back to the lobby from the results
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            button = lobby.query_one("#ready", Button)
            await wait_for(pilot, lambda: str(button.label) == "Ask for a rematch")
            await wait_for(pilot, lambda: button.content_region.width >= len("Ask for a rematch"))
            await player.stop()
            await app.leave_table()
        await ana.close()
    finally:
        await srv.close()


async def test_the_next_matchs_log_opens_with_what_was_said_in_the_lobby_since_the_last() -> None:
    """A line said over the results is in the finished table's log already; back in the lobby,
    Ana's "one more?" is what the rematch's log opens with, under a line saying where it was
    said, and the earlier line is not told again."""
    from tui.screens.lobby import LobbyScreen

    async with _after_a_match() as (app, pilot, table, ana, results):
        await ana.chat("well played")
        await wait_for(pilot, lambda: any(text == "well played" for _, text, _ in app.session.chat_log))
        await asyncio.sleep(RESULTS_GRACE)
        await pilot.press("b")
        await wait_for(pilot, lambda: current(app, LobbyScreen))
        await ana.chat("one more?")
        await wait_for(pilot, lambda: any(text == "one more?" for _, text, _ in app.session.chat_log))
        await ana.rematch()
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: not screen.view.get("is_over"))
        lines = log_entries(screen)
        said = lines.index("Said in the lobby:")
        assert lines[said + 1] == "Ana: one more?"
        assert not any("well played" in line for line in lines)


async def test_a_rematch_dealt_before_the_last_matchs_box_shows_leaves_it_down() -> None:
    """The match's end and the rematch's deal reach the app together (a host that deals the
    rematch at once, a seat a bot plays meanwhile): the box of the match just over was put up
    after the new match's view, over the new match, and offered "Ask for a rematch" there (R
    then said both that the request went and that it can only be made in the lobby). A box
    whose match is already past is not put up: the log says how it ended."""
    import random

    from core import new_match

    async with _dealt_here() as (app, pilot, _table, _ana):
        session = app.session
        done, rng = new_match("ninety-eight", 2, preset="single-hand", seed=5), random.Random(5)
        last: list[Any] = []
        for _ in range(500):  # bounded: a single hand of two
            if done.is_over:
                break
            last = done.apply(rng.choice(done.legal_actions()))
        assert done.is_over and any(e.kind == "match_over" for e in last)
        again = new_match("ninety-eight", 2, preset="single-hand", seed=6)
        # as the host sends them, one after the other, before the app has drawn anything
        session._on_update({"type": "view", "view": done.view(1), "events": [e.for_seat(1) for e in last]})
        session._on_update({"type": "view", "view": again.view(1),
                            "events": [e.for_seat(1) for e in again.start_events]})
        await pilot.pause(0.3)
        assert not any(isinstance(s, ResultsScreen) and s.match_over for s in app.screen_stack), app.screen_stack
        assert isinstance(app.screen, TableScreen)
        assert any(line.startswith("Match over: ") for line in log_entries(app.screen))


@asynccontextmanager
async def _dealt_here() -> AsyncIterator[tuple[Any, Any, Any, Any]]:
    """Bo (this app) at Ana's short match, dealt, its table shown: (app, pilot, the table, Ana's
    client); everything closed at the end."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table, ana = await _dealt(app, pilot, srv)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            yield app, pilot, table, ana
            await ana.close()
            await app.leave_table()
    finally:
        await srv.close()
