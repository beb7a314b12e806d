"""SVG snapshots of the home, picker, lobby and table screens at 80x24 and 120x40, fixed seed.
Regenerate with ``pytest tests/tui/test_snapshots.py --snapshot-update`` and look at them."""
from __future__ import annotations

from typing import Any

import pytest

from tui.screens.lobby import LobbyScreen

from .helpers import make_app, open_snapshot_table

SIZES = [(80, 24), (120, 40)]


class RecordedLobby:
    """A lobby as the host sends it, for a screen that renders lobby dicts."""

    seat = 0
    is_host = True
    server = "this app's"  # it serves the table itself (``TableSession.server``), as a host's app does
    address = "0.0.0.0:7098"
    join_at = ["192.168.1.20:7098"]
    password = "swordfish"
    chat_log = [("Bea", "evening all"), ("Ana", "deal me in!")]

    def __init__(self) -> None:
        seats = [
            {"seat": 0, "name": "Ana", "bot": None, "ready": True, "connected": True, "host": True},
            {"seat": 1, "name": "Bea", "bot": None, "ready": False, "connected": True, "host": False},
            {"seat": 2, "name": "Normal bot", "bot": "normal", "ready": True, "connected": True, "host": False},
            {"seat": 3, "name": None, "bot": None, "ready": False, "connected": False, "host": False},
        ]
        self.lobby = {"table": "t1", "name": "Ana's table", "game": "ninety-eight", "preset": "standard",
                      "options": {}, "seats": seats, "status": "lobby", "password": True, "spectators": 0}

    async def call(self, *args: Any, **kwargs: Any) -> None:
        pass

    async def chat(self, text: str) -> None:
        pass


def _app():
    app = make_app()
    app.settings.name = "Ana"
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home(snap_compare, size) -> None:
    assert snap_compare(_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_picker(snap_compare, size) -> None:
    assert snap_compare(_app(), press=["p", "_"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby(snap_compare, size) -> None:
    async def open_lobby(pilot) -> None:
        await pilot.app.push_screen(LobbyScreen(RecordedLobby()))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=size, run_before=open_lobby)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table(snap_compare, size) -> None:
    assert snap_compare(_app(), terminal_size=size, run_before=open_snapshot_table)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_record(snap_compare, size, tmp_path, monkeypatch) -> None:
    from tui.record import Played, add

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEALMEIN_DATA_DIR", "data")  # the screen names its file: the same in every run
    for game, preset, won, opponents, day in [
        ("ninety-eight", "standard", True, ("normal", "normal", "normal"), "2026-11-27"),
        ("ninety-eight", "standard", False, ("hard", "normal", "easy"), "2026-11-28"),
        ("ninety-eight", "fast", True, ("easy",), "2026-11-28"),
        ("ninety-nine", "standard", True, ("player", "player", "normal"), "2026-11-29"),
        ("crazy-eights", "standard", False, ("hard", "hard", "hard"), "2026-11-29"),
        ("crazy-eights", "standard", True, ("hard", "hard", "hard"), "2026-11-30"),
    ]:
        players = tuple((name, False) for name, kind in zip(("Bea", "Cy"), opponents) if kind == "player")
        add(Played(game, preset, won, opponents, day, players=players))
    assert snap_compare(_app(), press=["y", "_"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_keys(snap_compare, size, tmp_path) -> None:
    """The Keys screen with Draw moved to D, as the file's [keymap] left it."""
    from tui.settings import Settings, save_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(name="Ana", keymap={"table.draw": "d"}), path)

    async def open_keys(pilot) -> None:
        pilot.app.action_keys()
        await pilot.pause()

    assert snap_compare(make_app(config_path=path), terminal_size=size, run_before=open_keys)


def test_solo_table(snap_compare) -> None:
    """A solo table (the snapshot table's match, you and three bots): Hint on the key bar, and
    the log down to the hint line, with no chat line to type in."""
    from core import new_match

    from .helpers import show_link
    from .matchlink import MatchLink

    async def open_solo(pilot) -> None:
        link = MatchLink(new_match("ninety-eight", 4, seed=7), 0, ["You", "Normal bot", "Normal bot 2", "Normal bot 3"])
        link.solo = True  # type: ignore[attr-defined]
        await show_link(pilot.app, pilot, link)
        await pilot.press("2")

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=open_solo)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings(snap_compare, size, tmp_path, monkeypatch) -> None:
    """Settings: one column of fields, in the middle of a wide screen."""
    from pathlib import Path

    from tui.settings import Settings, save_settings

    monkeypatch.chdir(tmp_path)  # the screen names its file: the same in every run
    path = Path("settings.toml")
    save_settings(Settings(name="Ana"), path)

    async def open_settings(pilot) -> None:
        pilot.app.action_settings()
        await pilot.pause()

    assert snap_compare(make_app(config_path=path), terminal_size=size, run_before=open_settings)


def test_line_above_the_hand_says_what_a_card_does(snap_compare) -> None:
    """A solo Ninety-Nine table, J♥ selected at 5: the line above the hand says the total it
    makes and that it skips the next player (ninety-nine 2)."""
    from core import new_match

    from .helpers import show_link
    from .matchlink import MatchLink

    async def open_solo(pilot) -> None:
        link = MatchLink(new_match("ninety-nine", 4, seed=10), 0, ["You", "Normal bot", "Normal bot 2", "Normal bot 3"])
        link.solo = True  # type: ignore[attr-defined]
        await show_link(pilot.app, pilot, link)
        hand = pilot.app.screen.query_one("HandView")
        assert "JH" in hand.cards
        await pilot.press(str(hand.cards.index("JH") + 1))

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=open_solo)


def test_wild_card_question(snap_compare) -> None:
    """Crazy Eights: 8♣ played asks which suit to name, opening on the suit the hand keeps most
    of, the hand's suits counted under the choices (3.3)."""
    from .helpers import open_table, stacked

    deck = stacked(["8C", "2D", "KH", "3D", "4S", "4D", "5S", "5D", "6S", "6D", "7S", "7D", "9S", "9D", "QH"])

    async def ask(pilot) -> None:
        await open_table(pilot.app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0, options={"last_card": "off"})
        await pilot.press("1", "enter")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=ask)
