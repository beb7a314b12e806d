"""The pile and the stock, side by side in the middle of the table. A click on the stock asks
for a draw, as a click on a card in the hand chooses it: mouse players need no key for either."""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from ..cardface import SMALL, CardSize

#: columns between the pile and the stock
GAP = 2
#: where the stock starts in the board's drawing, with cards of the small size
STOCK_X = SMALL.width + GAP


def board_art(pile: list[Text], stock: list[Text]) -> Text:
    """The pile's drawing and the stock's side by side, the stock a card's width and ``GAP``
    columns in: where ``BoardCards`` looks for a click on it."""
    out = Text(no_wrap=True)
    for r, (left, right) in enumerate(zip(pile, stock)):
        if r:
            out.append("\n")
        out.append_text(left)
        out.append(" " * GAP)
        out.append_text(right)
    return out


def board_caption(pile: int, stock: int, width: int) -> str:
    """The line under the cards: each count starts under its own card's left edge (pushed one
    column further only when a long pile count would run into the stock's)."""
    left = f"pile {pile}"
    return f"{left:<{max(width + GAP, len(left) + 1)}}stock {stock}"


class BoardCards(Static):
    """Shows ``board_art`` (with the table screen's line under it); ``card_size`` is the size
    its cards are drawn at, for where a click finds the stock."""

    card_size: CardSize = SMALL

    class StockClicked(Message):
        """The player clicked the stock."""

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        card = self.card_size
        stock_x = card.width + GAP
        if at is not None and stock_x <= at.x < stock_x + card.width and 0 <= at.y < card.height:
            event.stop()
            if event.chain == 1:  # a double-click draws once: its second click is no second draw
                self.post_message(self.StockClicked())
