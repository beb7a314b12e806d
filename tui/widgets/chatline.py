"""The chat line of the lobby and the table: a line is taken and the field cleared as its Enter
comes, in the order the keys were typed.

Textual's ``Input`` submits through a binding the app runs once the Enter has gone up to it,
while the field takes the keys typed after it in its own time: a line typed straight after
Enter was taken into the one before it, or wiped with it, "one", Enter, "two", Enter sent
"onetwo" twice, and an Enter that then found the field empty took the focus back to the hand,
where the rest of the words pressed the table's keys."""
from __future__ import annotations

from typing import Callable

from textual import events
from textual.message import Message
from textual.widgets import Input


class ChatLine(Input):
    """``can_send`` says whether a line can reach the table now: one that cannot stays in the
    field, to send once it can (``Sent`` with ``sent`` False)."""

    class Sent(Message):
        """Enter was pressed with ``text`` in the line: sent (cleared from the field), or kept
        there as it could not go (``sent`` False); an empty ``text`` leaves the line."""

        def __init__(self, line: "ChatLine", text: str, sent: bool) -> None:
            super().__init__()
            self.line, self.text, self.sent = line, text, sent

        @property
        def control(self) -> "ChatLine":
            return self.line

    def __init__(self, *args: object, can_send: Callable[[], bool] = lambda: True, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.can_send = can_send

    async def _on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()  # (nor the app's binding, which would submit it again)
        text = self.value
        sent = not text.strip() or self.can_send()
        if sent:
            self.value = ""
        self.post_message(self.Sent(self, text, sent))
