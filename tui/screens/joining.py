"""The wait while a join reaches its host: a host that does not answer takes up to the
client's timeouts (ten seconds to connect, ten more for the handshake), and a screen that
showed nothing meanwhile would look as if the key had been missed. Escape stops trying."""
from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, LoadingIndicator

from ..widgets.keyfooter import KeyFooter
from . import Withdrawable


class JoiningScreen(Withdrawable[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    # Q quits here as on every other screen (Help lists it under Everywhere): a modal screen
    # leaves out the app's own keys
    BINDINGS = [Binding("escape", "stop", "Stop joining"), Binding("q", "app.quit", "Quit", id="app.quit")]

    def __init__(self, address: str, task: asyncio.Task[object] | None) -> None:
        super().__init__()
        self.address = address
        #: the join to cancel on Escape
        self.join_task = task
        #: the player stopped the join (Escape), as against the app closing
        self.stopped = False

    def compose(self) -> ComposeResult:
        with Vertical(id="joining"):
            yield Label(f"Joining {self.address}…", id="joining-what", markup=False)
            yield LoadingIndicator()
            yield Label("Esc stops trying.", id="joining-keys")
        yield KeyFooter(show_command_palette=False)  # its own keys, not those of the screen beneath

    def action_stop(self) -> None:
        if self.join_task is not None and not self.join_task.done():
            self.stopped = True
            self.join_task.cancel()
        elif self.app.screen is self:  # the join is over already: nothing is left to wait for
            self.dismiss(None)
