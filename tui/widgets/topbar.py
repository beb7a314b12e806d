"""The line above the seats: the game's moment on the left (game, hand, direction, whose turn,
the turn clock) and, on the right while the room allows it, the table's variant, so that a
player deep in a match can still see which rules are in play."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget


class TopBar(Widget):
    DEFAULT_CSS = "TopBar { height: 1; width: 1fr; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._left = Text()
        self._right = ""

    def show(self, left: Text, right: str = "") -> None:
        """Draw ``left`` and the variant ``right``; nothing is repainted when neither changed."""
        if left == self._left and right == self._right:
            return
        self._left, self._right = left, right
        self.refresh()

    def render(self) -> Text:
        """The variant goes first when the line is short of room: the turn and the clock stay."""
        text = self._left.copy()
        text.no_wrap = True
        room = self.size.width - text.cell_len
        need = cell_len(self._right) + 1  # a blank after it, at the edge
        if self._right and room >= need + 3:  # and at least three blanks between the two
            text.append(" " * (room - need))
            text.append(self._right, style="italic")
            text.append(" ")
        return text
