"""A table's turn clock (``turn_time``): one timer for the player to move, keyed by the seat
and the match's version, so that any move, or a change of whose turn it is, stops it; the move
made for a player out of time waits for one still being worked out, never dropped."""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from .stalls import JudgingTimer

#: (seat, match version): the turn a clock runs for
Key = tuple[int, int]


class TurnClock:
    def __init__(self, ran_out: Callable[[Key], Coroutine[Any, Any, None]]) -> None:
        self._ran_out = ran_out  # makes the move for the seat whose time is up
        self._timer: JudgingTimer | None = None  # (``net.stalls``: a stopped host reads a move first)
        self.key: Key | None = None  # the turn the clock runs for; None while none does
        self.task: asyncio.Task[None] | None = None  # the latest move made for a player out of time
        self._closed = False
        #: the turn last stopped before its time was up, and when that time is up: a player who
        #: drops and comes back in the same turn has what was left of it, not a new clock
        self._stopped: tuple[Key, float] | None = None

    def arm(self, key: Key | None, limit: float) -> None:
        """Run ``limit`` seconds for ``key`` (None: stop); the turn it already runs for goes on
        from where it is, as a lobby change in mid-turn must not give the player more time, and
        so does a turn stopped and started again (its time ran on meanwhile)."""
        if key == self.key:
            return
        loop = asyncio.get_running_loop()
        if self._timer is not None:
            self._timer.cancel()
            if self.key is not None:
                self._stopped = (self.key, self._timer.when())
            self._timer = None
        self.key = key
        if key is not None and not self._closed:
            if self._stopped is not None and self._stopped[0] == key:
                limit = min(limit, max(0.0, self._stopped[1] - loop.time()))
            self._timer = JudgingTimer(limit, self._out, key)

    def left(self) -> float | None:
        """Seconds left on the turn it runs for; None while none does."""
        if self._timer is None:
            return None
        return max(0.0, self._timer.when() - asyncio.get_running_loop().time())

    def _out(self, key: Key) -> None:
        self._timer = None
        if self._closed or key != self.key:
            return
        task = self.task
        if task is not None and not task.done():
            # the last move made for a player is still being worked out (a busy thread pool):
            # this one is made after it, not dropped, or this turn would have no clock at all
            task.add_done_callback(lambda _done: self._out(key))
            return
        self.task = asyncio.get_running_loop().create_task(self._ran_out(key))

    def close(self) -> None:
        """No timer runs and no move is made from now on."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.task is not None:
            self.task.cancel()
