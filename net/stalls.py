"""Timers that judge a peer (silent too long, slow with a frame, out of time on its turn, away
past its grace) must not judge it by time its own process lost. A process stopped for a while
(a laptop's lid shut, SIGSTOP, a debugger) runs, as it starts again, every timer that fell due
meanwhile before it reads what reached its sockets meanwhile: the player's move, the ping that
says their app is alive. Such a timer, run well after its time, waits a moment more first."""
from __future__ import annotations

import asyncio
from typing import Any, Callable

#: seconds past its time after which a timer is taken to have waited on a stopped process
STALLED = 1.0
#: how much longer it then waits: the loop reads every socket with data before it runs again
RECHECK = 0.1


def overslept(due: float) -> bool:
    """The loop's clock is more than ``STALLED`` past ``due`` (a time on the loop's clock)."""
    return asyncio.get_running_loop().time() - due > STALLED


class JudgingTimer:
    """``loop.call_later(delay, callback, *args)``, but a callback run more than ``STALLED``
    seconds late waits ``RECHECK`` seconds more, once, for what came in meanwhile to be read.
    ``when`` stays the time first set: a turn's time, or a grace's, is not stretched."""

    def __init__(self, delay: float, callback: Callable[..., Any], *args: Any) -> None:
        self._callback, self._args = callback, args
        self._handle = asyncio.get_running_loop().call_later(delay, self._due)
        self._when = self._handle.when()

    def _due(self) -> None:
        if overslept(self._when):
            self._handle = asyncio.get_running_loop().call_later(RECHECK, self._callback, *self._args)
            return
        self._callback(*self._args)

    def when(self) -> float:
        return self._when

    def cancel(self) -> None:
        self._handle.cancel()
