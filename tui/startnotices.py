"""The notices about the player's own files said as the app starts (settings.toml, its default
game, the theme files) come one after another: each is fitted to the whole screen, and two at
once ran off it, the older one hidden behind the newer until it timed out unseen. Each waits
until the one before it is gone (its time up, or dismissed)."""
from __future__ import annotations

import time
from typing import Any

from textual.app import App
from textual.notifications import SeverityLevel

#: seconds between looks at whether the notice up has gone
LOOK_EVERY = 0.5
#: seconds past a notice's own time after which the next is said all the same (one held behind a
#: question is not up, nor gone, until the question is answered)
SLACK = 1.0


class InTurn:
    """An app's start notices: ``say`` shows one at once, or once those said before are gone."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._waiting: list[tuple[str, dict[str, Any]]] = []
        self._up: tuple[str, str] | None = None  # (title, message) of the one said last
        self._seen = False  # it has been seen up
        self._until = 0.0  # when the next is said whatever becomes of it (``time.monotonic``)
        self._timeout = 0.0  # its own time
        self._looking = False

    def say(self, message: str, *, title: str, severity: SeverityLevel = "warning", timeout: float = 10,
            markup: bool = True) -> None:
        self._waiting.append((message, {"title": title, "severity": severity, "timeout": timeout,
                                        "markup": markup}))
        self._next()

    def _showing(self) -> bool:
        """The one said last is up, or waits behind a question (``tui.heldnotices``) to be."""
        if self._up is None:
            return False
        title, message = self._up
        held = getattr(self._app, "held_notices", None)
        if held is not None and any(n.title == title and n.message == message for n in held.waiting):
            self._until = time.monotonic() + self._timeout + SLACK  # its whole time once the question goes
            return True
        return any(n.title == title and n.message == message for n in self._app._notifications)

    def _next(self) -> None:
        self._looking = False
        if not self._waiting:
            return
        if self._up is not None and time.monotonic() < self._until:
            showing = self._showing()
            self._seen = self._seen or showing
            if not self._seen or showing:  # not up yet, or up still
                self._look_again()
                return
        message, kw = self._waiting.pop(0)
        self._up, self._seen, self._timeout = (kw["title"], message), False, kw["timeout"]
        self._until = time.monotonic() + self._timeout + SLACK
        self._app.notify(message, **kw)
        if self._waiting:
            self._look_again()

    def _look_again(self) -> None:
        if not self._looking:
            self._looking = True
            self._app.set_timer(LOOK_EVERY, self._next)
