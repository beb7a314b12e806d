"""The line above the seats: the game's moment on the left (game, hand, direction, whose turn,
the turn clock, or how long the table still waits for an away player before a bot plays for
them) and, on the right while the room allows it, the table's variant, so that a player deep in
a match can still see which rules are in play."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget


def seconds_text(left: int) -> str:
    """``23 s``, or ``1:05`` from a minute up: the turn clock and the wait for an away player."""
    return f"{left // 60}:{left % 60:02d}" if left >= 60 else f"{left} s"


def wait_forms(left: int) -> list[str]:
    """What follows an away player's turn ("Bo's turn (away)") while the table waits for them,
    longest first: a narrow line takes the longest that fits."""
    when = f"in {seconds_text(left)}" if left > 0 else "now"
    return [f" · a bot plays for them {when}", f" · a bot plays {when}", f" · bot {when}"]


class TopBar(Widget):
    DEFAULT_CSS = "TopBar { height: 1; width: 1fr; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._left = Text()
        self._right = ""
        self._wait: int | None = None

    def show(self, left: Text, right: str = "", wait: int | None = None) -> None:
        """Draw ``left``, the variant ``right`` and, on an away player's turn, the seconds
        ``wait`` until a bot plays for them; nothing is repainted when none of them changed."""
        if left == self._left and right == self._right and wait == self._wait:
            return
        self._left, self._right, self._wait = left, right, wait
        self.refresh()

    def render(self) -> Text:
        """The variant goes first when the line is short of room: the turn and the clock stay,
        and the wait for an away player in the longest wording that fits."""
        text = self._left.copy()
        text.no_wrap = True
        if self._wait is not None:
            forms = wait_forms(self._wait)
            room = self.size.width - text.cell_len
            text.append(next((f for f in forms if cell_len(f) <= room), forms[-1]),
                        style="bold" if self._wait <= 10 else "")
        room = self.size.width - text.cell_len
        need = cell_len(self._right) + 1  # a blank after it, at the edge
        if self._right and room >= need + 3:  # and at least three blanks between the two
            text.append(" " * (room - need))
            text.append(self._right, style="italic")
            text.append(" ")
        return text
