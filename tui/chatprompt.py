"""The chat line's prompt, and what it says of a line it could not send, shared by the lobby
and the table: the prompt names the key that reaches the line, as the keymap has it, since the
line itself only takes the focus through that key."""
from __future__ import annotations

from typing import Any, Callable

from net.protocol import CHAT_LEN

from .plain import clean
from .widgets.seats import fit

#: a chat line Enter could not send (the connection is down): it is held, with any others typed
#: meanwhile, each to go in turn once the table is back
NOT_SENT = "Not sent yet: not connected to the table. It goes as soon as the table is back."


def chat_prompt(key: str, width: int) -> str:
    """The longest wording that ``width`` cells hold (the whole one before layout, ``width`` 0)."""
    forms = [f"chat: {key} to type, Enter to send, Esc to stop", f"chat: {key} to type, Enter to send",
             f"{key} to chat, Enter to send", f"{key} to chat"]
    return fit(forms, width) if width else forms[0]


def reprompt(screen: Any, binding_id: str) -> None:
    """Fit ``screen``'s chat line (``#chat``) to its width and to the key the keymap gives
    ``binding_id`` now: after a resize, or back from the keys screen."""
    from textual.widgets import Input

    for chat in screen.query("#chat").results(Input):
        chat.placeholder = chat_prompt(screen.app.keys_for(binding_id, "slash"), chat.content_size.width)


def send_line(screen: Any, text: str, back: Callable[[], None]) -> None:
    """The line Enter took from ``screen``'s chat line (``ChatLine.Sent``), sent to its table:
    held to go once the connection is back where it is down (``NOT_SENT``); an empty line goes
    ``back`` (to the hand, or the seats); nothing once the table is left (home says why)."""
    link = screen.link
    if getattr(link, "left", False):  # the table closed as it was sent
        return
    line = clean(text, CHAT_LEN)
    if not line:
        back()
        return
    if not getattr(link, "can_send", True):  # held, in order, to go once the table is back
        getattr(link, "hold_chat", lambda _line: None)(line)
        screen.notify(NOT_SENT, severity="warning")
        return
    screen.run_worker(link.chat(line), group="chat")
