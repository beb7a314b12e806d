"""The pile and the stock, side by side in the middle of the table. A click on the stock asks
for a draw, as a click on a card in the hand chooses it: mouse players need no key for either."""
from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

from ..cardface import CARD_HEIGHT, CARD_WIDTH

#: columns between the pile and the stock
GAP = 2
#: where the stock starts in the board's drawing
STOCK_X = CARD_WIDTH + GAP


class BoardCards(Static):
    """Draws what the table screen gives it (the pile, then the stock ``GAP`` columns over)."""

    class StockClicked(Message):
        """The player clicked the stock."""

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is not None and STOCK_X <= at.x < STOCK_X + CARD_WIDTH and 0 <= at.y < CARD_HEIGHT:
            event.stop()
            self.post_message(self.StockClicked())
