"""Whatever a host sends that the client's checks let through (``core.viewcheck``,
``net.lobbycheck``), the table and lobby screens draw without failing: odd values, missing
keys, another seat count or seat from one view to the next."""
from __future__ import annotations

import asyncio
import copy
import random
from typing import Any

import pytest
from textual.widgets import Button

from core import GAMES, new_match
from core.viewcheck import events_problem, view_problem
from net.lobbycheck import lobby_problem
from tui.screens.lobby import LobbyScreen
from tui.screens.results import tally_text

from .helpers import make_app, open_table

ODD: list[Any] = [None, 0, 1, 2, 7, -1, 10 ** 6, "x", "", "S", "8", "KS", "JK", [], {}, [1, "a"], {"a": 1}, True,
                  False, 3.5, ["KS"], [None], [0], [[]], ["S"], [{}], [{"how": "named", "suit": "H"}]]
TRIES = 2000


def _odd(value: dict[str, Any], rng: random.Random, nested: str | None = None) -> dict[str, Any]:
    """``value`` with one to three entries changed (the whole entry, or one item inside it)."""
    value = copy.deepcopy(value)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(value))
        inner = value[key]
        if isinstance(inner, list) and inner and rng.random() < 0.5:
            i = rng.randrange(len(inner))
            if isinstance(inner[i], dict) and inner[i] and rng.random() < 0.7:
                inner[i][rng.choice(list(inner[i]))] = rng.choice(ODD)
            else:
                inner[i] = rng.choice(ODD)
        elif isinstance(inner, dict) and inner and rng.random() < 0.5:
            inner[rng.choice(list(inner))] = rng.choice(ODD)
        elif rng.random() < 0.1:
            del value[key]
        else:
            value[key] = rng.choice(ODD)
    return value


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_table_draws_any_view_the_client_lets_through(game: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, game, 4, seat=1, seed=5)
        base, other = link.view(), link.match.view(None)
        rng = random.Random(game)
        shown = 0
        for _ in range(TRIES):
            view = _odd(rng.choice([base, other]), rng)
            if view_problem(view) is not None:
                continue
            screen.show(view, [])
            await pilot.pause(0)
            shown += 1
        assert shown > TRIES // 20  # the odd but acceptable views were really drawn
        screen.show(base, [])
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_table_log_tells_any_events_the_client_lets_through(game: str) -> None:
    match, rng = new_match(game, 3, seed=3), random.Random(1)
    played: list[dict[str, Any]] = []
    for _ in range(80):
        if match.is_over:
            break
        played += [e.for_seat(1) for e in match.apply(rng.choice(match.legal_actions()))]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, game, 3, seat=1, seed=5)
        view = link.view()
        told = 0
        for _ in range(TRIES):
            batch = [_odd(rng.choice(played), rng) for _ in range(rng.randint(1, 3))]
            if events_problem(batch, 3) is not None:
                continue
            screen.show(view, batch)
            await pilot.pause(0)
            told += 1
        assert told > TRIES // 50  # the odd but acceptable events were really told
        assert app.is_running


class _Link:
    is_host = False
    seat = 1
    address = None
    password = None
    chat_log: list[Any] = []
    solo = False

    def __init__(self, lobby: dict[str, Any]) -> None:
        self.lobby = lobby


#: a lobby as a host sends it, the app in seat 1
LOBBY: dict[str, Any] = {
    "table": "t", "name": "Den", "game": "ninety-eight", "preset": "standard", "options": {"limit": 50},
    "status": "lobby", "password": False, "start": "ready", "start_note": "x", "spectators": 0, "turn_time": 30,
    "seats": [{"seat": 0, "name": "Ana", "bot": None, "ready": True, "connected": True, "host": True, "wins": 2},
              {"seat": 1, "name": "Bo", "bot": None, "ready": False, "connected": True, "host": False},
              {"seat": 2, "name": None, "bot": "hard", "ready": False, "connected": False, "host": False}]}


async def test_the_lobby_draws_any_lobby_the_client_lets_through() -> None:
    good = LOBBY
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = _Link(good)
        screen = LobbyScreen(link)
        await app.push_screen(screen)
        await pilot.pause()
        rng = random.Random(2)
        shown = 0
        for _ in range(TRIES * 2):
            link.lobby = _odd(good, rng)
            if lobby_problem(link.lobby) is not None:
                continue
            screen.refresh_lobby()
            assert isinstance(tally_text(link.lobby), str)  # the results' tally, from the same lobby
            await pilot.pause(0)
            shown += 1
        assert shown > TRIES // 10
        assert app.is_running


async def test_a_lobby_that_comes_while_its_screen_is_still_composing_is_drawn_once_it_is() -> None:
    """The session draws every lobby update on the lobby screens it has pushed, and one can come
    before a screen has all its widgets (the seats there, the Ready button not yet): it waits
    for the screen's own first drawing rather than failing on the missing button."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LobbyScreen(_Link(LOBBY))
        app.push_screen(screen)
        for _ in range(500):  # an update at every step of the screen's mounting, bounded
            screen.refresh_lobby()
            if screen.is_mounted:
                break
            await asyncio.sleep(0)
        await pilot.pause()
        assert screen.is_mounted and app.screen is screen
        assert str(screen.query_one("#ready", Button).label) == "Ready"  # Bo, seat 1, not ready


def test_what_changed_between_any_two_lobbies_the_client_lets_through_is_said_without_failing() -> None:
    """The lines a lobby's chat gets from one lobby to the next (who came and went, the table's
    new setup) come from the host's words: any pair the client's check lets through gives text."""
    from tui.comings import comings_and_goings
    from tui.tablechange import table_change

    rng = random.Random(3)
    said = 0
    for _ in range(TRIES * 2):
        after = _odd(LOBBY, rng)
        before = LOBBY if rng.random() < 0.5 else _odd(LOBBY, rng)
        if rng.random() < 0.5:  # the odd lobby first as often as last
            before, after = after, before
        if lobby_problem(before) is not None or lobby_problem(after) is not None:
            continue
        line = table_change(before, after)
        assert line is None or (isinstance(line, str) and line.endswith(".") and "\x1b" not in line)
        for change in comings_and_goings(before.get("seats") or [], after.get("seats") or [], {0}):
            assert isinstance(change.text, str)
        said += 1
    assert said > TRIES // 10
