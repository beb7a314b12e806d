"""A check box that is empty until ticked: Textual's draws its X faintly when it is not ticked
(1.2:1 to 1.6:1 in the shipped themes), which a screen read as text, NO_COLOR or a poor screen
reads as ticked."""
from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button
