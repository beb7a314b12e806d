"""A table's chat: who may say how much, and which lines are kept for those who join later,
kept apart from the seats and the match, which the chat only ever reads."""
from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from .budget import Budget
from .peer import Peer, Refused
from .protocol import CHAT_LEN, clean_text, encode

#: the name on the lines the table itself says in the chat (``chat`` with ``system: true``)
SYSTEM_NAME = "Table"
#: chat lines a second, and in a burst, that the watchers at a table from one address send
#: together: an address holding many connections cannot flood the chat of the players, each of
#: whom gets every line (seated players have only the per-connection rate: a table has few seats).
#: On loopback each connection counts apart: every SSH guest comes from it
WATCHER_CHAT_RATE = 3.0
WATCHER_CHAT_BURST = 10
#: and every watcher at the table together, while a match is in play: the players read the
#: chat in the log beside their moves, and eight watchers on as many machines, each within
#: their own rate, sent 24 lines a second into it, the moves scrolled out of sight
PLAY_WATCHERS_RATE = 1.0
PLAY_WATCHERS_BURST = 6
#: the players' latest chat lines a table keeps for a connection that joins (a player back
#: after a drop or a restart of the app, one who sits down later); not the watchers', nor a
#: kicked player's, and none once the last player has left (``TableChat.forget``)
CHAT_HISTORY = 50


def system_line(text: str) -> bytes:
    """A line from the table itself in the chat."""
    return encode({"type": "chat", "name": SYSTEM_NAME, "seat": None, "text": text, "system": True})


class TableChat:
    """The players' latest lines, each numbered (``n``) so that an app back on the same table
    shows none twice; the numbers count afresh under a new ``epoch`` (a table resumed from its
    save keeps no chat, nor one whose last player has left)."""

    def __init__(self) -> None:
        self._watchers = Budget(WATCHER_CHAT_RATE, WATCHER_CHAT_BURST)  # by address
        self._in_play = Budget(PLAY_WATCHERS_RATE, PLAY_WATCHERS_BURST)  # every watcher's, one key
        self._lines: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self._n = 0
        self.epoch = secrets.token_hex(4)

    def said(self, p: Peer, text: Any, number: Callable[[Peer], int], playing: bool = False) -> dict[str, Any]:
        """The line ``p`` says, kept if a player says it; ``number``: a watcher's number at
        the table, which its line carries; ``playing``: a match is in play. ``Refused`` over the
        watchers' rates or when empty."""
        if p.seat is None and not self._watchers.take(p.chat_from):
            whose = "watchers at your address" if p.chat_from == p.address else "you as a watcher"
            raise Refused("rate", f"too many chat lines from {whose} "
                                  f"({WATCHER_CHAT_RATE:g} a second): this one was dropped")
        if p.seat is None and playing and not self._in_play.take(""):
            raise Refused("rate", f"the watchers together may say {PLAY_WATCHERS_RATE:g} line a second while "
                                  "the match is played, so that the players can follow it: this one was dropped")
        text = clean_text(text, CHAT_LEN)
        if not text:
            raise Refused("bad_chat", "empty chat line")
        line: dict[str, Any] = {"type": "chat", "name": p.name, "seat": p.seat, "text": text}
        if p.seat is None:
            line["watcher"] = number(p)
        else:  # the players' lines are kept: the watchers' could crowd them out
            self._n += 1
            line["n"] = self._n
            self._lines.append(line)
        return line

    def earlier(self) -> Iterator[bytes]:
        """The lines kept, for a connection that has just joined, each marked ``earlier``."""
        for line in self._lines:
            yield encode({**line, "earlier": True})

    def drop(self, seat: int, name: str | None) -> None:
        """Forget what the player in ``seat`` called ``name`` said (sent away: those who join
        later are not shown it)."""
        kept = [line for line in self._lines if not (line["seat"] == seat and line["name"] == name)]
        self._lines.clear()
        self._lines.extend(kept)

    def forget(self) -> bool:
        """Forget every line and count afresh under a new ``epoch``; False (nothing changed)
        when no line was ever said under this one."""
        if self._n == 0:
            return False
        self._lines.clear()
        self._n = 0
        self.epoch = secrets.token_hex(4)
        return True
