"""A screen pushed is the app's screen a moment before its widgets are there: updates that reach
it in that moment (a table's chat or lobby, a join that fails, a card style switched, the
connection back) must neither crash the app nor be lost or shown twice. Each test makes the
moment happen: in the same tick as the push, or while the screen's children are being mounted."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, Callable

from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static

from core import new_match
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import ASCII_LOGO, HomeScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen
from tui.session import TableSession
from tui.widgets.tablelog import TableLog
from tui.widgets.topbar import TopBar

from .helpers import make_app, wait_for
from .matchlink import MatchLink
from .test_replay_screen import write_log

#: event-loop turns a screen's children take at most to mount, waited through step by step
TURNS = 2000


def lobby(wins: int = 0, turn_time: int = 0) -> dict[str, Any]:
    seats = [{"seat": 0, "name": "Ana", "bot": None, "connected": True, "ready": False, "host": True, "wins": wins},
             {"seat": 1, "name": "Normal bot", "bot": "normal", "connected": True, "ready": True, "host": False,
              "wins": 0}]
    return {"name": "Ana's table", "game": "ninety-eight", "preset": "standard", "options": {},
            "status": "waiting", "seats": seats, "watchers": [], "turn_time": turn_time}


async def mid_compose(screen: Screen[Any], composing: Callable[[], bool]) -> None:
    """Step the event loop until ``composing`` says the screen is part way through being
    composed (its widgets made, some of them in the DOM, its ``on_mount`` still to run)."""
    for _ in range(TURNS):
        if screen.is_mounted:
            break
        if composing():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{screen!r} was never seen part way through its compose")


async def test_a_chat_line_said_as_the_lobby_is_composed_shows_once() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        session = TableSession(app)
        session.lobby = lobby()
        screen = LobbyScreen(session)
        app.push_screen(screen)
        # the chat log is in the DOM, and the lobby has not drawn the session's chat yet
        await mid_compose(screen, lambda: bool(screen.query("#chat-log")))
        session._on_update({"type": "chat", "system": True, "name": "Table", "text": "Bo sits down"})
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        lines = [entry.plain for entry in screen.query_one("#chat-log", TableLog).entries]
        assert sum("Bo sits down" in line for line in lines) == 1, lines


async def test_the_match_won_counts_in_results_composed_as_its_lobby_comes() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        session = TableSession(app)
        session.lobby = lobby(wins=0)
        view = {**MatchLink(new_match("ninety-eight", 2, seed=3), 0).view(), "is_over": True, "winners": [0]}
        screen = ResultsScreen(session, view, ["You", "Normal bot"], [0, 10], match_over=True)
        app.push_screen(screen)
        # the tally line is made (from the lobby before the win) but not yet in the DOM
        await mid_compose(screen, lambda: bool(screen.query("#results")) and not screen.query("#tally"))
        session._on_update({"type": "lobby", "lobby": lobby(wins=1)})
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        tally = screen.query_one("#tally", Label)
        assert tally.display and "You: 1" in str(tally.render()), str(tally.render())


async def test_a_question_restated_as_it_is_composed_says_the_new_detail() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = ConfirmScreen("Leave this match?", "A bot plays your seat.", yes="Leave", purpose="leave")
        app.push_screen(screen)
        await mid_compose(screen, lambda: bool(screen.query("#confirm-detail")))
        screen.restate("The match is over.")
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        labels = screen.query("#confirm-detail").results(Label)
        assert [str(label.render()) for label in labels] == ["The match is over."]


async def test_a_join_that_fails_as_the_join_screen_opens_says_why_there() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_join()
        screen = app.screen
        assert isinstance(screen, JoinScreen) and not screen.is_mounted
        app.joins.failed(None, "Could not join 127.0.0.1:9: wrong password", fault="password")  # same tick
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        assert "wrong password" in str(screen.query_one("#join-error", Static).render())
        assert screen.focused is screen.query_one("#password", Input)


async def test_a_card_style_switched_or_a_key_pressed_as_a_replay_opens(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    write_log(path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(path)
        app.push_screen(screen)
        app.set_card_style("ascii")  # same tick: nothing of the screen is there yet
        screen.action_step(1)
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        head = str(screen.query_one("#replay-head", Static).render())
        assert "step 1 of 12" in head, head
        hands = str(screen.query_one("#replay-hands", Static).render())
        assert not any(suit in hands for suit in "♠♥♦♣"), hands  # drawn in the style switched to


async def test_the_connection_back_as_the_table_opens_restarts_its_clock() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        link = MatchLink(new_match("ninety-eight", 2, seed=3), 0)
        seats = lobby(turn_time=30)
        seats["seats"][1].update(name="Bo", bot=None)  # a player's turn: its clock runs
        link.lobby = seats  # type: ignore[attr-defined]
        screen = TableScreen(link, app.card_style, app.palette)
        screen.show(link.view(), [])
        app.push_screen(screen)
        screen.restart_clock()  # same tick
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        bar = str(screen.query_one(TopBar).render())
        assert re.search(r"turn · \d+ s$", bar), bar


async def test_a_card_style_switched_as_settings_are_composed_shows_in_them() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        before = app.card_style
        screen = SettingsScreen()
        app.push_screen(screen)
        # the fields are made, with the style before, and not yet in the DOM
        await mid_compose(screen, lambda: bool(screen.query("#settings")) and not screen.query("#card_style"))
        app.set_card_style("ascii" if before != "ascii" else "two-colour")
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        assert screen.query_one("#card_style", Select).value == app.card_style != before


async def test_a_card_style_switched_as_home_is_composed_draws_its_logo() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = HomeScreen()
        app.push_screen(screen)
        await mid_compose(screen, lambda: bool(screen.query("#home")) and not screen.query("#logo"))
        app.set_card_style("ascii")
        await wait_for(pilot, lambda: screen.is_mounted)
        await pilot.pause()
        assert str(screen.query_one("#logo", Static).render()) == str(Static(ASCII_LOGO).render())
