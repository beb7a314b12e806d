"""The bots at a table: one task per table plays every bot seat, one move at a time, so that
the bots' pacing and their thinking off the event loop stay out of the table's bookkeeping."""
from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from core import Match

from .bots import choose_async, takes_chance
from .peer import Refused
from .seat import Seat

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("dealmein.net")


class BotTable(Protocol):
    """What the bots read of their table."""

    id: str
    server: "Server"  # its ``bot_delay`` and ``off_turn_window``
    seats: list[Seat]
    match: Match | None
    status: str

    def bots_held(self) -> bool:
        """The bots wait (players reading a hand's results): the table wakes them after."""


class BotDriver:
    """Plays the bot seats of ``table``, moving by ``apply`` (seat, action) as a player would."""

    def __init__(self, table: BotTable, rng: random.Random, apply: Callable[[int, str], None]) -> None:
        self._table = table
        self._rng = rng  # the table's: a fixed table seed gives the same game every time
        self._apply = apply
        self._declined: tuple[int, int] | None = None  # (seat, match version) a bot let pass
        self._wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self._closed = False

    def wake(self) -> None:
        """Something changed: a bot seat may have a move to make."""
        if self._closed:
            return
        for s in self._table.seats:  # (after every action: a plain loop is cheaper than any())
            if s.bot or s.standin or s.stepped_away:
                break
        else:
            return
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._drive())
        self._wake.set()

    def close(self) -> None:
        """No bot moves from now on."""
        self._closed = True
        if self.task is not None:
            self.task.cancel()

    def _next(self, m: Match) -> Seat | None:
        """A bot-played seat with something to do: first a seat with a move out of turn (the
        manual draw, which the next seat's play would take away), then the seat to act."""
        seats = self._table.seats
        order = seats
        cur = m.current_seat
        if cur is not None:
            order = [s for s in seats if s.index != cur] + [seats[cur]]
        for seat in order:
            level = seat.bot_level
            if level is None:
                continue
            legal = m.legal_actions(seat.index)
            if not legal:
                continue
            if seat.index != cur:  # an optional move out of turn (manual draw): a bot may forget
                key = (seat.index, m.version)
                if key == self._declined:
                    continue
                if not takes_chance(level, m.view(seat.index), [str(a) for a in legal], self._rng):
                    self._declined = key
                    continue
            return seat
        return None

    async def _drive(self) -> None:
        """The one task per table that plays every bot seat, one move at a time."""
        t = self._table
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            while not self._closed:
                m = t.match
                if m is None or m.is_over or t.status != "playing":
                    break
                if t.bots_held():
                    break  # the table wakes them once the players have read the hand's results
                seat = self._next(m)
                if seat is None:
                    break
                await self._pause(m, seat)
                level = seat.bot_level
                if t.match is not m or m.is_over or level is None or t.bots_held():
                    continue
                version = m.version
                legal = [str(a) for a in m.legal_actions(seat.index)]
                if not legal:
                    continue
                action = await choose_async(level, m.view(seat.index), legal, self._rng)
                if t.match is not m or m.version != version or seat.bot_level is None or t.bots_held():
                    continue  # someone acted meanwhile (or a hand ended): think again
                try:
                    self._apply(seat.index, action)
                except Refused as r:
                    log.error("table %s: bot move %r refused: %s", t.id, action, r.message)
                    break

    def _off_turn_pending(self, m: Match, bot: Seat) -> bool:
        """A player (not a bot) at the table may act out of turn now: the engine offers it an
        action although another seat is to play (the contract's only such case is a manual draw)."""
        for s in self._table.seats:
            if s is not bot and s.conn is not None and s.bot_level is None \
                    and s.index != m.current_seat and m.legal_actions(s.index):
                return True
        return False

    async def _pause(self, m: Match, seat: Seat) -> None:
        """The bot pause; longer while a player may still act out of turn, which a bot's play
        would end (up to ``off_turn_window``, and no longer than the player takes)."""
        if seat.index != m.current_seat:
            return  # the bot's own out-of-turn action (its manual draw): taken at once, before anyone plays
        server = self._table.server
        pause = server.bot_delay
        if self._off_turn_pending(m, seat):
            loop = asyncio.get_running_loop()
            start = loop.time()
            end = start + max(pause, server.off_turn_window)
            while loop.time() < end and not self._closed and self._table.match is m:
                if loop.time() - start >= pause and not self._off_turn_pending(m, seat):
                    return
                await asyncio.sleep(0.02)
            return
        if pause > 0:
            await asyncio.sleep(pause)
