"""The pace of a table's lobby frames: at most one every ``lobby_every`` seconds, the latest,
so that a peer joining and leaving over and over does not bury the players in frames."""
from __future__ import annotations

import asyncio
from collections.abc import Callable


class LobbyPace:
    """Calls ``send`` (the lobby to everyone) at most once every ``every()`` seconds."""

    def __init__(self, send: Callable[[], None], every: Callable[[], float]) -> None:
        self._send = send
        self._every = every
        self._timer: asyncio.TimerHandle | None = None  # the lobby held back
        self._sent = float("-inf")  # when the last lobby went to everyone (the loop's clock)

    def changed(self, at_once: bool) -> bool:
        """The lobby changed: sent now (True), or held back until its time (False); ``at_once``
        sends it now, a held one too, ahead of whatever follows it."""
        loop = asyncio.get_running_loop()
        timer = self._timer
        if timer is not None and at_once:
            timer.cancel()
            self._timer = timer = None
        wait = self._sent + self._every() - loop.time()
        if timer is None and (at_once or wait <= 0):
            self._fire()
            return True
        if timer is None:
            self._timer = loop.call_later(wait, self._fire)
        return False

    def send_held(self) -> None:
        """The lobby held back, if one is, sent now."""
        if self._timer is not None:
            self._timer.cancel()
            self._fire()

    def close(self) -> None:
        """The lobby held back is not sent."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        self._sent = asyncio.get_running_loop().time()
        self._send()
