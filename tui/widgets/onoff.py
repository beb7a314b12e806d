"""A switch that says its state in words beside its knob: the knob's place and colour alone
say nothing on a monochrome screen (NO_COLOR) or to a screen reader."""
from __future__ import annotations

from rich.console import ConsoleRenderable
from rich.table import Table
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widgets import Switch

#: the knob's cells (Textual's own switch), a blank, and the longer word
KNOB = 4
WIDTH = KNOB + 1 + len("off")


class OnOffSwitch(Switch):
    """Textual's ``Switch``, followed by "on" or "off"."""

    def render(self) -> RenderResult:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=KNOB, no_wrap=True)
        grid.add_column(no_wrap=True)
        knob = super().render()  # Textual's scroll bar render
        if not isinstance(knob, ConsoleRenderable):
            return knob  # not what this Textual draws a switch with: the knob alone
        grid.add_row(knob, Text("on" if self.value else "off"))
        return grid

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return WIDTH
