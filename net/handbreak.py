"""The hand break: a hand is over and the next one dealt, and the players' apps show its results
over the table. The bots wait for the players to have read them (each app says ``seen``), at
most ``Server.hand_break`` seconds, so that no one misses the new hand's first plays behind the
results box. The players' own moves are never held; only the bots'."""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from .peer import Peer

#: the events that end a hand while the match goes on (the engine deals the next one with them)
HAND_ENDS = frozenset({"hand_over", "round_over"})
#: no one read: the same object every time (the table asks after every action)
NO_ONE: frozenset[int] = frozenset()


class HandBreak:
    """The break after one hand: who is still reading its results, and till when at most.

    A reader is a seat and the connection that sat there as the hand ended: a player who drops,
    steps away or leaves holds nothing up, even once back (``still`` says who still counts)."""

    def __init__(self, over: Callable[[], None], still: Callable[[int, Peer], bool]) -> None:
        self._over = over  # the time is up: the bots go on
        self._still = still  # (seat, connection): that player still reads at that seat
        #: the hand the break follows (the match's ``hand_number`` once it was dealt)
        self.hand: int | None = None
        self._readers: dict[int, Peer] = {}
        self._timer: asyncio.TimerHandle | None = None

    def start(self, hand: int, readers: dict[int, Peer], limit: float) -> None:
        """Hand ``hand`` is dealt after the results ``readers`` are to read: a break of at most
        ``limit`` seconds (none without readers, or with no time to give them)."""
        self.stop()
        if not readers or limit <= 0:
            return
        self.hand, self._readers = hand, dict(readers)
        self._timer = asyncio.get_running_loop().call_later(limit, self._time_up)

    def reading(self) -> frozenset[int]:
        """The seats whose players the bots still wait for."""
        if not self._readers:
            return NO_ONE
        return frozenset(i for i, p in self._readers.items() if self._still(i, p))

    @property
    def holds(self) -> bool:
        """The bots wait: someone still reads the results."""
        readers = self._readers
        if not readers:
            return False
        for i, p in readers.items():
            if self._still(i, p):
                return True
        self.stop()  # all gone or done: nothing left to wait for
        return False

    def seen(self, seat: int, peer: Peer, hand: int | None = None) -> bool:
        """``peer`` at ``seat`` has read the results up to hand ``hand`` (None: whichever are
        up); whether that ended its part of the break. Anything else (no break, another hand,
        someone who was not waited for) changes nothing."""
        if self._readers.get(seat) is not peer or self.hand is None or hand is not None and hand < self.hand:
            return False
        del self._readers[seat]
        if not self.reading():
            self.stop()
        return True

    def stop(self) -> None:
        """No break (the last reader is done, a new match, the match over, the table closed)."""
        self.hand = None
        self._readers = {}
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _time_up(self) -> None:
        self._timer = None
        self.stop()
        self._over()
