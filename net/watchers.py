"""The watchers a table's lobby names, and the number each connection has at the table: given
as it joins and never again while the table lives, so that apps tell two watchers called Ana
apart (the lobby's ``watcher_ids``, a watcher's chat line's ``watcher``)."""
from __future__ import annotations

from .peer import Peer

#: watchers named in the lobby (``watchers``); ``spectators`` still counts them all
WATCHERS_LISTED = 20


class Watchers:
    """The connections' numbers at one table."""

    def __init__(self) -> None:
        self._numbers: dict[Peer, int] = {}
        self._numbered = 0

    def number(self, p: Peer) -> int:
        """``p``'s number, given now if it has none yet."""
        n = self._numbers.get(p)
        if n is None:
            self._numbered += 1
            n = self._numbers[p] = self._numbered
        return n

    def drop(self, p: Peer) -> None:
        """``p`` has left: its number is never given again."""
        self._numbers.pop(p, None)

    def listed(self, watching: list[Peer]) -> list[Peer]:
        """The watchers the lobby names (``WATCHERS_LISTED`` at most): by name, and of one name
        the first come first, so that the apps number them ("Ana", "Ana 2") the same way from
        one lobby to the next."""
        return sorted(watching, key=lambda p: (p.name, self.number(p)))[:WATCHERS_LISTED]
