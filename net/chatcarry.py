"""A player's chat lines that a drop could lose: those sent on a connection that went before the
table said them back, and those typed while it was down. A client sends them once it is back, in
the order typed, leaving out the ones the table is found to have said already."""
from __future__ import annotations

from collections import deque

#: chat lines carried over a drop, at most (the oldest let go first)
HELD_CHAT = 20


class ChatCarry:
    """What ``TableClient`` keeps of its own chat lines between a drop and the way back.

    A line sent is in doubt until the table says it back: the connection can be dead for a while
    before either end notices (a heartbeat's silence), and what went on it then is lost. Back at
    the table, a player's lines are among the ones the table kept (``earlier``): those it has
    are not sent twice. A watcher's lines are not kept, so those in doubt go again."""

    def __init__(self) -> None:
        self._unechoed: deque[str] = deque(maxlen=HELD_CHAT)  # sent on this connection, not yet said back
        self._in_doubt: list[str] = []  # sent on a connection that dropped before they were said back
        self._held: deque[str] = deque(maxlen=HELD_CHAT)  # typed while it was down
        self._said_since: deque[str] = deque(maxlen=HELD_CHAT)  # own lines said back since the drop

    def sent(self, text: str) -> None:
        self._unechoed.append(text)

    def said_back(self, text: str) -> None:
        """One of this connection's own lines, as the table said it (live, or among the lines it
        kept for a connection that rejoins). Lines sent before it and never said back were
        refused (a watcher over the chat's rate): they are in doubt no longer."""
        if text in self._unechoed:
            while self._unechoed.popleft() != text:
                pass
        elif self._in_doubt:
            self._said_since.append(text)

    def refused(self) -> None:
        """The table refused a chat line: the oldest not yet said back (the table answers in order)."""
        if self._unechoed:
            self._unechoed.popleft()

    def hold(self, text: str) -> None:
        """A line typed while it cannot go: it goes after those already carried."""
        self._held.append(text)

    def dropped(self) -> None:
        """The connection went: what it had not said back is in doubt."""
        self._in_doubt = (self._in_doubt + list(self._unechoed))[-HELD_CHAT:]
        self._unechoed.clear()
        self._said_since.clear()

    @property
    def pending(self) -> bool:
        """Lines wait to go once the table is back."""
        return bool(self._in_doubt or self._held)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The lines still to go, in the order they will (and were typed)."""
        return (*self._in_doubt, *self._held)

    def release(self) -> list[str]:
        """Every line to send now the table is back and has said what it kept: the lines in doubt
        that it did not get (those it got arrived in order, so they are the first of them and
        the last of this player's it said back), then the ones held."""
        doubt, said = self._in_doubt, list(self._said_since)
        got = next((k for k in range(min(len(doubt), len(said)), 0, -1) if said[-k:] == doubt[:k]), 0)
        lines = doubt[got:] + list(self._held)
        self._in_doubt = []
        self._held.clear()
        self._said_since.clear()
        return lines
