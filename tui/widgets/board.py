"""The pile and the stock, side by side in the middle of the table. A click on the stock asks
for a draw, as a click on a card in the hand chooses it: mouse players need no key for either."""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from ..cardface import CARD_HEIGHT, CARD_WIDTH

#: columns between the pile and the stock
GAP = 2
#: where the stock starts in the board's drawing
STOCK_X = CARD_WIDTH + GAP


def board_art(pile: list[Text], stock: list[Text]) -> Text:
    """The pile's drawing and the stock's side by side, the stock ``STOCK_X`` columns in: where
    ``BoardCards`` looks for a click on it."""
    out = Text(no_wrap=True)
    for r in range(CARD_HEIGHT):
        if r:
            out.append("\n")
        out.append_text(pile[r])
        out.append(" " * GAP)
        out.append_text(stock[r])
    return out


class BoardCards(Static):
    """Shows ``board_art`` (with the table screen's line under it)."""

    class StockClicked(Message):
        """The player clicked the stock."""

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is not None and STOCK_X <= at.x < STOCK_X + CARD_WIDTH and 0 <= at.y < CARD_HEIGHT:
            event.stop()
            self.post_message(self.StockClicked())
