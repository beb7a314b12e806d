"""Events returned by ``Match.apply``: what happened, with hidden parts kept apart."""
from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened. ``data`` is public; ``secret`` is added only for ``seat``.

    The host sends ``for_seat(s)`` to each seat, so an event never carries a hidden card to
    anyone but its owner.
    """

    __slots__ = ("kind", "seat", "data", "secret")

    def __init__(self, kind: str, seat: int | None = None,
                 data: dict[str, Any] | None = None, secret: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.data = data or {}
        self.secret = secret

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """This event as plain values, as the given seat (``None``: a spectator) may see it."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        out.update(self.data)
        if self.secret is not None and seat is not None and seat == self.seat:
            out.update(self.secret)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden parts included: for logs and replays, never for the wire."""
        out = self.for_seat(self.seat)
        return out

    def __repr__(self) -> str:
        extra = f" secret={self.secret}" if self.secret else ""
        return f"Event({self.kind!r}, seat={self.seat}, {self.data}{extra})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.seat, self.data, self.secret) == (
            other.kind, other.seat, other.data, other.secret)
