"""The table password, asked where a join needs it: a table the LAN or the recent list marks
as having one, chosen with none typed, or a join its host refused for it (``dealmein join
HOST``, a wrong one). The player types it here and goes on, instead of starting over from the
Join screen. Dismissed with the password, or None on Escape."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from ..widgets.keyfooter import KeyFooter
from . import Question, popped


class PasswordScreen(Question["str | None"]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, address: str, wrong: bool, name: str = "") -> None:
        super().__init__()
        self.address = address
        #: the table's name where the app knows it (found on the LAN, joined lately): an address
        #: alone did not say which of a club's tables this was
        self.table_name = name
        #: a password was given and refused (else none was given)
        self.wrong = wrong

    def compose(self) -> ComposeResult:
        with Vertical(id="password-box"):
            what = (f"{self.table_name}, the table at {self.address}," if self.table_name
                    else f"The table at {self.address}")
            yield Label(f"{what} has a password.", id="password-what", markup=False)
            yield Label("That password was wrong: try again." if self.wrong else "Type it to join.",
                        id="password-detail")
            yield Input(placeholder="table password", password=True, id="password-input")
            with Horizontal(id="password-buttons"):
                yield Button("Join", id="join", variant="primary")
                yield Button("Cancel", id="cancel")
        yield KeyFooter(show_command_palette=False)  # its own keys, not those of the screen beneath

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one("#password-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self._answer()
        else:
            self.dismiss(None)

    def _answer(self) -> None:
        given = self.query_one("#password-input", Input).value
        if given:
            self.dismiss(given)
        else:
            self.query_one("#password-detail", Label).update("Type the password, or Esc to go back.")

    def action_cancel(self) -> None:
        self.dismiss(None)
