"""How often the table tells of a player stepping away and back. Each step is a line from the
table to everyone; a player (or a script) toggling it many times a second, each step within the
message rate, filled every chat with the table's own words. A seat's steps away are told at
most ``MOST`` times in ``WINDOW`` seconds; a step back is told where its step away was, so what
was said last is still so. The lobby marks every step, told or not."""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

#: the steps away of one seat told within ``WINDOW`` seconds at most
MOST = 4
WINDOW = 60.0


class AwayLines:
    """Which steps away and back of each seat are told."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._told: dict[int, deque[float]] = {}
        #: the seats whose latest step told was away
        self._away: set[int] = set()

    def tell(self, seat: int, away: bool) -> bool:
        """Whether ``seat``'s step (away, or back) is told; noted as told if so."""
        if not away:
            if seat not in self._away:
                return False  # its step away went untold: nobody reads it as away
            self._away.discard(seat)
            return True
        now = self._clock()
        told = self._told.setdefault(seat, deque())
        while told and now - told[0] >= WINDOW:
            told.popleft()
        if len(told) >= MOST:
            return False
        told.append(now)
        self._away.add(seat)
        return True
