"""When a table's next match may start, and the countdown that starts it by itself at a table
whose host does not play: one rule, read alike by the host's start, the countdown and the
lobby's note that tells people what starts the match."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .peer import Peer, Refused
from .seat import Seat
from .seatnames import and_list

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("dealmein.net")


def not_ready(seats: list[Seat], starter: Peer | None) -> str | None:
    """Why a match cannot start now (seats count from 1 for people), or ``None``: an open seat,
    or every player not ready, by name. The ``starter`` (a host starting it) need not have said
    it is ready; without one, every seated player must be here and ready, and at least one must
    be seated."""
    humans = 0
    waiting: list[str] = []
    for seat in seats:
        if seat.empty:
            return f"seat {seat.index + 1} is empty: add a bot or wait for a player"
        if seat.bot is not None:
            continue
        humans += 1
        if seat.conn is not None and seat.conn is starter:
            continue
        if not seat.ready or (starter is None and seat.conn is None):
            waiting.append(f"{seat.name} (seat {seat.index + 1})")
    if waiting:  # every one of them, as the lobby lists whom the start waits for
        return f"{and_list(waiting)} {'is' if len(waiting) == 1 else 'are'} not ready"
    if starter is None and not humans:
        return "no player is seated"
    return None


def waiting_for(seats: list[Seat]) -> str | None:
    """What a table that starts by itself waits for, for the players there (who cannot add a
    bot): the open seats, else the players not ready; None once nothing."""
    empty = [str(s.index + 1) for s in seats if s.empty]
    if len(empty) == 1:
        return f"seat {empty[0]} waits for a player"
    if empty:
        return f"seats {and_list(empty)} wait for players"
    why = not_ready(seats, None)
    return None if why is None or why == "no player is seated" else why


def bots_only(seats: list[Seat]) -> bool:
    """Every seat is a bot: with no player to be ready, nothing starts by itself (anyone who
    comes to watch would set bots playing on and on); the host key's holder starts it."""
    return all(s.bot is not None for s in seats)


class StartTable(Protocol):
    """What the countdown reads of its table."""

    id: str
    server: "Server"  # its ``start_delay``
    seats: list[Seat]
    status: str

    def playing_host(self) -> bool: ...


class Countdown:
    """The countdown to the match at ``table`` while its host does not play. ``start`` starts
    the match (``Refused`` if it cannot), ``say`` tells everyone at the table, ``lobby`` sends
    the lobby again."""

    def __init__(self, table: StartTable, start: Callable[[], None], say: Callable[[str], None],
                 lobby: Callable[[], None]) -> None:
        self._table = table
        self._start = start
        self._say = say
        self._lobby = lobby
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False

    def _what(self) -> str:
        """What the next start deals: after a finished match, its rematch."""
        return "rematch" if self._table.status == "finished" else "match"

    def note(self, by_host: bool) -> str:
        """What starts the next match, for people (the lobby's ``start_note``)."""
        status = self._table.status
        if status == "playing":
            return ""
        if bots_only(self._table.seats):  # no seat for a playing host either
            return (f"Every seat is a bot, so nothing starts by itself: whoever joined with the host key "
                    f"starts the {self._what()}.")
        if by_host:
            return f"The host starts the {self._what()}."
        if self._timer is not None:
            return "Everyone is ready: the match is about to start."
        if status == "finished":
            rule = "The rematch starts by itself once every player is ready again"
        else:
            rule = "The match starts by itself once every seat is filled and every player is ready"
        wait = waiting_for(self._table.seats)
        return f"{rule}: {wait}." if wait else f"{rule}."

    def check(self) -> str | None:
        """Start the countdown once every seat is filled and every seated player is ready, and
        call it off when that stops being so (after any lobby change). The line that says it
        did either (None: neither), for the table to say once the lobby that caused it is sent:
        said first, "Everyone is ready" came before the line that said who got ready."""
        t = self._table
        waiting = (not self._closed and t.status != "playing" and not t.playing_host()
                   and not_ready(t.seats, None) is None)
        timer = self._timer
        if waiting and timer is None:
            delay = max(0.0, t.server.start_delay)
            self._timer = asyncio.get_running_loop().call_later(delay, self._fire)
            what = self._what()
            return (f"Everyone is ready: the {what} starts in {delay:g} second{'' if delay == 1 else 's'}."
                    if delay >= 1 else f"Everyone is ready: the {what} starts.")
        if not waiting and timer is not None:
            self.cancel()
            if self._closed or t.status == "playing":
                return ""  # (said by what closed it, or by the match)
            # the players here cannot add a bot: said as the lobby's note says it to them
            why = "the host starts it" if t.playing_host() else \
                waiting_for(t.seats) or not_ready(t.seats, None) or "a seat changed"
            return f"Start called off: {why}."
        return None

    def cancel(self) -> None:
        """The match starts another way (a host's start overtakes the countdown)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def close(self) -> None:
        """No countdown runs from now on."""
        self._closed = True
        self.cancel()

    def _fire(self) -> None:
        self._timer = None
        t = self._table
        if self._closed or t.status == "playing" or t.playing_host() or not_ready(t.seats, None):
            self._lobby()  # the note changes back (and a new countdown may begin)
            return
        try:
            self._start()
        except Refused as r:
            log.error("table %s: the match could not start: %s", t.id, r.message)
            self._say(f"The match could not start: {r.message}")
