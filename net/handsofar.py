"""The events of the hand in play, from its deal, move by move: a connection that joins or
comes back in mid-hand is sent them (each as its own seat is told it, ``Event.for_seat``), so
that a player back from a dropped connection reads what was played meanwhile, the plays a bot
made in their seat among them, and a watcher who comes in reads the hand so far."""
from __future__ import annotations

from typing import Any

from core.events import Event

#: the most events sent with a view (the latest moves'): a long hand's first plays matter
#: least, and the view and they must fit in one frame
EARLIER_MOST = 200


class HandSoFar:
    def __init__(self) -> None:
        #: (the match's version after the move, the move's events), oldest first
        self._moves: list[tuple[int, list[Event]]] = []
        #: the versions of the moves a bot made for a player (away, or out of time on the clock)
        self._for_player: set[int] = set()
        self._count = 0  # the events in ``_moves``
        self._dealt = False

    def add(self, version: int, events: list[Event], for_player: bool = False) -> None:
        """The events of a move (or a match's start) that took the match to ``version``: a deal
        after the first starts the hand again, from the move that dealt it (how the hand before
        it ended, with it: a player back from a drop reads who won it); the first keeps the cut
        before it."""
        if any(event.kind == "deal" for event in events):
            if self._dealt:  # the hands before it are over
                self._moves.clear()
                self._for_player.clear()
                self._count = 0
            self._dealt = True
        if events:
            self._moves.append((version, list(events)))
            self._count += len(events)
            if for_player:
                self._for_player.add(version)
        while self._count > EARLIER_MOST and len(self._moves) > 1:  # bounded in a hand that goes on and on
            version, gone = self._moves.pop(0)
            self._count -= len(gone)
            self._for_player.discard(version)

    def clear(self) -> None:
        """A new match: nothing dealt yet."""
        self._moves.clear()
        self._for_player.clear()
        self._count = 0
        self._dealt = False

    def events(self) -> list[Event]:
        return [e for _, events in self._moves for e in events]

    def told(self, seat: int | None) -> list[dict[str, Any]]:
        """The hand so far as ``seat`` (None: a watcher) was told it, move by move: each
        ``{"version": the match's version after it, "events": [...]}``, with ``"bot": True`` on a
        move a bot made for a player (so that player, back in a new app, reads it as the bot's)."""
        return [{"version": version, "events": [e.for_seat(seat) for e in events],
                 **({"bot": True} if version in self._for_player else {})} for version, events in self._moves]
