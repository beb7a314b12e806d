"""Notices that say a table was left (the host closed it or sent the player away, the
connection was given up on) speak of that table: once another table opens they are past, and
go, rather than stand over the new table for the rest of their time."""
from __future__ import annotations

from typing import Any

from textual.app import App

from .notices import take_down
from .plain import printable


class LeftNotices:
    """The notices an app said of the tables it left, until another table opens."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._said: dict[str, set[str]] = {}  # title -> texts, as the app shows them

    def say(self, message: str, *, title: str = "", severity: Any = "warning", timeout: float | None = None) -> None:
        """Say that a table was left."""
        self._app.notify(message, title=title, severity=severity, timeout=timeout)
        self._said.setdefault(printable(title), set()).add(printable(message))

    def past(self) -> None:
        """Another table opens, or the Join screen (which holds the way back: the address of a
        table where a seat was left, ready for Enter): take down those still up (or waiting,
        ``tui.heldnotices``), rather than leave them over its fields for their minute."""
        said, self._said = self._said, {}
        for title, messages in said.items():
            take_down(self._app, messages, title=title)
