"""A yes-or-no question before something that cannot be undone from the screen it leaves:
leaving a match in play, quitting while others play at this app's table. Dismissed with
``True`` for the first answer, ``False`` for the other or Escape."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from ..widgets.keyfooter import KeyFooter
from . import Question, popped


class ConfirmScreen(Question[bool]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: notices wait until it is answered, not cover it (``tui.heldnotices``)
    holds_notices = True
    BINDINGS = [
        Binding("y", "answer(True)", show=False),  # shown, named as this question's ``yes`` button
        Binding("escape", "answer(False)", "Stay"),  # named on the key bar as this question's ``no`` button
        Binding("n", "answer(False)", show=False),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, question: str, detail: str, yes: str, no: str = "Stay", purpose: str = "") -> None:
        super().__init__()
        #: what the question is for ("quit": asked again, Q quits; "leave": the table's "Leave
        #: this match?", restated when the match ends under it; any other: Q waits for the answer)
        self.purpose = purpose
        self.question = question
        self.detail = detail
        self.yes = yes
        self.no = no
        # Esc gives the ``no`` button's answer: the key bar names it as that button reads ("Keep
        # it"), through this question's own Escape binding (its bindings are its own copy)
        keys = self._bindings.key_to_bindings
        keys["escape"] = [replace(b, description=no) for b in keys["escape"]]
        # and Y, its ``yes``, shown beside it: the bar named no key for the other answer
        keys["y"] = [replace(b, description=yes, show=True) for b in keys["y"]]
        #: its widgets are all there: a detail restated sooner is shown by ``on_mount``
        self._drawn = False

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self.question, id="confirm-question", markup=False)
            if self.detail:
                yield Label(self.detail, id="confirm-detail", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(self.no, id="no", variant="primary")
                yield Button(self.yes, id="yes", variant="error")
        yield KeyFooter(show_command_palette=False)  # its own keys, not those of the screen beneath

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        self.query_one("#no", Button).focus()  # the safe answer is the one Enter gives
        self._show_detail()  # restated while the screen was being composed, after its label was made

    def restate(self, detail: str) -> None:
        """What the question says of its answer has changed while it is up (the match it asks
        about has ended): the new detail, in place of the old (by ``on_mount``, on a question
        still being composed)."""
        self.detail = detail
        if self._drawn and not popped(self):
            self._show_detail()

    def _show_detail(self) -> None:
        labels = self.query("#confirm-detail")
        if labels:
            label = labels.first(Label)
            if str(label.content) != self.detail:
                label.update(self.detail)
        elif self.detail:  # asked with no detail: the line goes under the question
            self.query_one("#confirm").mount(Label(self.detail, id="confirm-detail", markup=False),
                                            after=self.query_one("#confirm-question"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
