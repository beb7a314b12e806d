"""At 60x18, the smallest size the app supports, the table keeps the pile's and the stock's
counts, Your record its streak columns, and home's key bar every key home offers; at 80x24
each shows what it did."""
from __future__ import annotations

from typing import Any

import pytest

from tui.record import Played, add
from tui.screens.home import HomeScreen
from tui.screens.record import RecordScreen
from tui.widgets.hand import HandView
from tui.widgets.keyfooter import KeyFooter

from .helpers import current, make_app, open_table, wait_for


def rows(app: Any) -> list[str]:
    """The screen's rows as drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def board_rows(screen: Any) -> list[str]:
    """The rows the pile and the stock stand in, as drawn, from the board's left edge."""
    board = screen.query_one("#cards").region
    return [row[board.x:board.right] for row in rows(screen.app)[board.y:board.bottom]]


@pytest.mark.parametrize("size, card_rows", [((60, 18), 4), ((80, 24), 5)], ids=["60x18", "80x24"])
async def test_the_pile_and_stock_counts_show_under_their_cards(size: tuple[int, int], card_rows: int) -> None:
    """crazy-eights: whether the stock can still be drawn from is in sight. At 60x18 the board
    has five rows: the pile and the stock are drawn a row lower, their counts under them,
    and the turn line, the hint line (what Enter plays) and the hand keep their rows."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 3, 0, seed=4)
        view = link.view()
        counts = f"pile {len(view['pile'])} stock {view['stock_count']}"
        await wait_for(pilot, lambda: counts in board_rows(screen)[card_rows])
        drawn = board_rows(screen)
        assert drawn[0].lstrip().startswith("┌───┐  ┌───┐") and drawn[card_rows - 1].lstrip().startswith("└───┘")
        assert "your turn" in rows(app)[0]
        hint = screen.query_one("#hint")
        assert any(keys in rows(app)[hint.region.y] for keys in ("Enter plays ", "Space draws")), rows(app)
        hand = screen.query_one(HandView).region
        assert hand.bottom <= screen.query_one(KeyFooter).region.y and hand.height == 6


async def test_the_counts_come_and_go_with_the_rows_as_the_terminal_is_resized() -> None:
    """From 80x24 down to 60x18 the board is drawn again low, its counts kept (they were cut
    off with the card's last row); back up, its cards are whole again. A click on the low
    stock still draws."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 3, 0, seed=4)
        counts = f"stock {link.view()['stock_count']}"
        await wait_for(pilot, lambda: counts in board_rows(screen)[5])
        await pilot.resize_terminal(60, 18)
        await wait_for(pilot, lambda: len(board_rows(screen)) == 5 and counts in board_rows(screen)[4])
        await pilot.click("#cards", offset=(8, 1))  # the stock, seven cells in
        await wait_for(pilot, lambda: link.sent == ["draw"])
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: len(board_rows(screen)) == 6 and board_rows(screen)[4].lstrip().startswith("└"))


def _record() -> None:
    for won, game, preset, day in [(True, "ninety-eight", "standard", "2026-11-27"),
                                   (True, "ninety-eight", "standard", "2026-11-28"),
                                   (False, "ninety-eight", "reverse-fours", "2026-11-28"),
                                   (True, "crazy-eights", "standard", "2026-11-29")]:
        add(Played(game, preset, won, ("normal",), day, custom=preset == "reverse-fours"))


def _games_rows(screen: Any) -> list[str]:
    """The games table as drawn, scrolled out of sight or not."""
    from textual.geometry import Region

    games = screen.query_one("#record-games")
    return [strip.text.rstrip() for strip in games.render_lines(Region(0, 0, games.size.width, games.size.height))]


@pytest.mark.parametrize("size, best", [((60, 18), "best"), ((80, 24), "best run")], ids=["60x18", "80x24"])
async def test_your_record_keeps_its_streak_columns(size: tuple[int, int], best: str) -> None:
    """The current streak and the longest winning run of each game and variant: at 60x18 one
    blank between the columns, "best" for "best run", and a long variant's name over two
    lines, rather than left out; at 80x24 as they were."""
    _record()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("y")
        screen = await wait_for(pilot, lambda: current(app, RecordScreen))
        heads = ["played", "won", "win", "%", "streak", *best.split()]
        await wait_for(pilot, lambda: any(row.split()[1:] == heads for row in _games_rows(screen)), timeout=3)
        table = [row.split() for row in _games_rows(screen)]
        assert ["Ninety-Eight", "3", "2", "67%", "lost", "1", "2"] in table, table
        assert ["standard", "2", "2", "100%", "won", "2", "2"] in table, table
        assert ["Crazy", "Eights", "1", "1", "100%", "won", "1", "1"] in table, table
        assert not any("…" in row for row in _games_rows(screen))
        inside = screen.query_one("#record-games").content_region.width
        assert max(len(row) for row in _games_rows(screen)) <= inside


@pytest.mark.parametrize("size, words", [
    ((60, 18), ["Solo", "Host", "Join", "Record", "Setup", "Rules", "Quit", "Help"]),
    ((80, 24), ["Play solo", "Host", "Join", "Record", "Settings", "Rules", "Quit", "Help"]),
], ids=["60x18", "80x24"])
async def test_homes_key_bar_names_every_key_home_offers(size: tuple[int, int], words: list[str]) -> None:
    """Y (Your record) and every other key of home on its bar, whole, Help last: at 60x18 two
    of them named shorter; the key still opens what it did."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: current(app, HomeScreen))
        bar = " ".join(f"{k} {w}" for k, w in zip("phjysrq", words)) + f" f1 {words[-1]}"
        await wait_for(pilot, lambda: rows(app)[-1].strip() == bar)
        await pilot.press("y")
        await wait_for(pilot, lambda: current(app, RecordScreen))
