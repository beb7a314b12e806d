"""The order the player's own hand is shown in: as dealt, by suit or by rank. O at the table
goes to the next order and saves it; Settings and the palette offer it too. Only the drawing
changes: the card selected stays selected and a card is played by what it is."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from tui.handorder import HAND_ORDERS, next_order, ordered
from tui.settings import load_settings
from tui.widgets.hand import HandView

from .helpers import make_app, open_table, stacked

HAND = ["QH", "3S", "JK", "TD", "3C", "AH", "8S"]


def test_orders() -> None:
    assert ordered(HAND, "dealt") == HAND and ordered(HAND, "dealt") is not HAND
    # suits alternate in colour (spades, hearts, clubs, diamonds), aces low, jokers last
    assert ordered(HAND, "suit") == ["3S", "8S", "AH", "QH", "3C", "TD", "JK"]
    assert ordered(HAND, "rank") == ["AH", "3S", "3C", "8S", "TD", "QH", "JK"]
    assert [next_order(o) for o in HAND_ORDERS] == ["suit", "rank", "dealt"]
    assert next_order("nonsense") == "dealt"


# two seats, dealer 0, seven cards each (auto): seat 1 gets the even places, the starter is deck[14]
DECK = stacked(["QH", "2C", "3S", "3D", "TD", "4D", "5H", "4S", "AH", "5D", "8S", "6D", "KH", "7D", "9H"])


async def test_o_reorders_the_hand_keeps_the_selection_and_plays_the_same_card(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=DECK, dealer=0)
        hand = screen.query_one(HandView)
        assert hand.cards == ["QH", "3S", "TD", "5H", "AH", "8S", "KH"]  # as dealt
        await pilot.press("4")  # 5♥
        await pilot.press("o")
        await pilot.pause()
        assert hand.cards == ["3S", "8S", "AH", "5H", "QH", "KH", "TD"]
        assert hand.selected == "5H"
        assert load_settings(path)[0].hand_order == "suit"
        await pilot.press("o")
        await pilot.pause()
        assert hand.cards == ["AH", "3S", "5H", "8S", "TD", "QH", "KH"] and hand.selected == "5H"
        await pilot.press("enter")
        await pilot.pause()
        assert link.sent == ["5H"]  # the card selected, wherever it sits
        await pilot.press("o")
        await pilot.pause()
        assert load_settings(path)[0].hand_order == "dealt"
        assert hand.cards == ["QH", "3S", "TD", "AH", "8S", "KH"]  # as dealt again, less the 5♥


async def test_settings_choice_reorders_an_open_table(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=DECK, dealer=0)
        app.action_settings()
        await pilot.pause()
        app.screen.query_one("#hand_order", Select).value = "rank"
        await pilot.pause()
        assert load_settings(path)[0].hand_order == "rank"
        assert screen.query_one(HandView).cards == ["AH", "3S", "5H", "8S", "TD", "QH", "KH"]
