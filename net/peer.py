"""What a table needs of a connection, and the refusal it sends one: the table's side of the
wire, kept apart so that the table's parts (seats, bots, chat) share it without the table."""
from __future__ import annotations

from typing import Any, Protocol


class Peer(Protocol):
    """What a table needs of a connection."""

    seat: int | None
    name: str
    address: str  # the peer's host
    chat_from: str  # what its chat as a watcher is counted by: its host, or its connection on loopback
    token: str
    is_host: bool
    deltas: bool  # it takes views as changes to the last one it was sent
    view_sent: dict[str, Any] | None  # that last view
    hand_break: bool  # its app says when its player has read a hand's results (``seen``)

    def send(self, message: dict[str, Any]) -> None: ...
    def send_frame(self, frame: bytes) -> None: ...
    def error(self, code: str, message: str) -> None: ...
    def close(self, code: str | None = None, message: str = "", abort: bool = False) -> None: ...


class Refused(Exception):
    """A message refused for a reason the sender is told; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
