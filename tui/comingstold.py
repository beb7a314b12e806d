"""Which comings and goings a table's chat tells: none of this app's own, none of watchers coming back, few watcher lines."""
from __future__ import annotations

import time
from collections import Counter, deque
from typing import Any

from .comings import Change, comings_and_goings
from .leavewords import lobby_grace
from .plain import clean
from .seatnames import listed_watchers, watching_count
from .watchwait import WatcherWait

#: lines of watchers coming and going said in the chat at most, within ``WATCH_WINDOW`` seconds
WATCH_LINES = 4
WATCH_WINDOW = 60.0


def _drop(names: list[Any], name: Any) -> None:
    """Takes one ``name`` out of ``names``, if it is there."""
    if name in names:
        names.remove(name)


def _readiness(earlier: dict[str, Any], lobby: dict[str, Any]) -> str:
    """What a player's ready says between two lobbies (``comings_and_goings``): a match's start
    waits for its players to be ready, before it and after it, except where the host starts the
    rematch, where a guest's ready asks for one; nothing in a match, nor as the table moves on."""
    status = lobby.get("status")
    if earlier.get("status") != status:
        return ""
    if status == "lobby":
        return "ready"
    if status == "finished":
        return "rematch" if lobby.get("start") == "host" else "ready"
    return ""


class ComingsTold:
    """What this app has told of one table's comings and goings so far; ``waiting`` holds the
    watchers whose return is no news."""

    def __init__(self, waiting: WatcherWait) -> None:
        self.waiting = waiting
        self._lobby_seat: int | None = None  # this app's seat at the last lobby: its own comings say nothing
        #: when the latest lines of watchers coming and going were said (``WATCH_LINES``)
        self._watch_lines: deque[float] = deque()
        #: the watchers this app's players know of, by name: those the first lobby listed, and
        #: each whose coming it told since; only their going is told (a going told without its
        #: coming, or a coming whose going went unsaid, gave the players a wrong picture)
        self._known: Counter[str] | None = None
        #: the players whose rematch request this app told was taken back, since the match ended:
        #: only their asking again is news (the table tells each player's first ask)
        self._unasked: set[str] = set()

    def changes(self, earlier: dict[str, Any], lobby: dict[str, Any], seat: int | None) -> list[Change]:
        """Who came and who went between two lobbies (``tui.comings``), this app in ``seat``
        now (None: it watches)."""
        before, after = earlier.get("seats") or [], lobby.get("seats") or []
        was, now = self._lobby_seat, seat
        own = {was, now}
        self._lobby_seat = now
        watchers = (listed_watchers(earlier), listed_watchers(lobby))
        known = not any(len(names) < watching_count(side) for names, side in zip(watchers, (earlier, lobby)))
        if not known:
            watchers = ([], [])  # more watchers than the lobby names: who came or went is not known
        # this app's own watching says nothing either: its name leaves the watchers as it sits
        # down and comes into them as it gets up (while it watches throughout, it is in both)
        if was is None and now is not None and now < len(after):
            _drop(watchers[0], after[now].get("name"))
        elif was is not None and now is None and was < len(before):
            _drop(watchers[1], before[was].get("name"))
        if self._known is None:
            self._known = Counter(clean(str(w), 24) for w in watchers[0] if w)
        watchers = self.waiting.through_returns(*watchers, over=self.waiting.over(lobby), known=known)
        if lobby.get("status") != "finished":
            self._unasked.clear()
        return [c for c in comings_and_goings(before, after, own, watchers, lobby_grace(lobby),
                                              _readiness(earlier, lobby)) if self._told(c)]

    def _told(self, change: Change) -> bool:
        """Whether ``change`` goes in the chat: a watcher's coming within ``WATCH_LINES``, their
        going only where the players know of them (then always: it closes what they were told)."""
        known = self._known if self._known is not None else Counter()
        if change.kind == "unasks":
            self._unasked.add(change.who)
        elif change.kind == "asks":
            if change.who not in self._unasked:
                return False
            self._unasked.discard(change.who)
        if change.kind == "unwatches":
            if known[change.who] <= 0:
                return False
            known[change.who] -= 1
            return True
        if change.kind == "watches":
            if not self._watch_line_allowed():
                return False
            known[change.who] += 1
        elif change.kind == "stands":  # watching now, in the players' knowing
            known[change.who] += 1
        elif change.kind == "sits" and known[change.who] > 0:  # a watcher of theirs, seated now
            known[change.who] -= 1
        return True

    def _watch_line_allowed(self) -> bool:
        """Whether one more "starts/stops watching" line may go in the chat: anyone can come
        and go as a watcher, under any name, as often as the host lets them connect, so those
        lines are limited (``WATCH_LINES`` a ``WATCH_WINDOW``); the lobby's "Watching:" line
        still says who watches."""
        now = time.monotonic()
        said = self._watch_lines
        while said and now - said[0] > WATCH_WINDOW:
            said.popleft()
        if len(said) >= WATCH_LINES:
            return False
        said.append(now)
        return True
