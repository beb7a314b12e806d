"""The chat line of the lobby and the table: a line is taken and the field cleared as its Enter
comes, in the order the keys were typed.

Textual's ``Input`` submits through a binding the app runs once the Enter has gone up to it,
while the field takes the keys typed after it in its own time: a line typed straight after
Enter was taken into the one before it, or wiped with it, "one", Enter, "two", Enter sent
"onetwo" twice, and an Enter that then found the field empty took the focus back to the hand,
where the rest of the words pressed the table's keys."""
from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Input


class ChatLine(Input):
    class Sent(Message):
        """Enter was pressed with ``text`` in the line, which is cleared; an empty ``text``
        leaves the line."""

        def __init__(self, line: "ChatLine", text: str) -> None:
            super().__init__()
            self.line, self.text = line, text

        @property
        def control(self) -> "ChatLine":
            return self.line

    async def _on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()  # (nor the app's binding, which would submit it again)
        text = self.value
        self.value = ""
        self.post_message(self.Sent(self, text))
