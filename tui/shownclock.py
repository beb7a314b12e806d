"""The turn clock as an app shows it: the seconds left to the player to move, counted from when
the view of that turn came (from what the host said was left, for a view sent as the app joined
or came back in mid-turn); and, on the turn of an away player, the seconds until a bot plays for
them (the lobby's ``takeover``), so that a table waiting for someone does not seem stuck. The
host keeps the real clocks; this one only tells the time."""
from __future__ import annotations

import math
import time
from typing import Any, TypeGuard

from .eventtext import BOT_MARKS
from .seatnames import listed_seat

#: seconds left on the player's turn clock when the bell warns them (``Settings.bell``)
BELL_AT = 10
#: the warning rings only on a turn that came with at least this much more on its clock: on a
#: shorter one (the short clock of a player out of time turn after turn, a table's 10 s clock)
#: it would ring just after the bell that said the turn had come
BELL_APART = 3


#: events after which the seat to move has a new turn of its own: a hand or round dealt
NEW_DEAL = frozenset({"hand_over", "round_over", "deal"})


def bot_finishing(events: list[dict[str, Any]], current: Any) -> bool:
    """A bot (a stand-in's, the turn clock's) moved for the seat to move after the last deal
    among ``events``: it is finishing that seat's turn, and the host runs no clock meanwhile.
    Its move that ended a round, the seat leading the next, is no such thing: that turn is new,
    on the clock (none was shown)."""
    start = max((i + 1 for i, e in enumerate(events) if e.get("kind") in NEW_DEAL), default=0)
    return any(e.get("seat") == current and any(e.get(k) is True for k in BOT_MARKS) for e in events[start:])


class ShownClock:
    """The clock of the turn on screen, and whether its ten-second bell has rung."""

    def __init__(self) -> None:
        self._turn: tuple[Any, Any] | None = None  # (seat, version) the clock runs for
        self._started = 0.0  # when that turn's view came (``time.monotonic``)
        self._rang: Any = None  # the turn the ten-second bell rang for
        self._told: float | None = None  # seconds the host said that turn had left, as its view came
        self._bots: tuple[Any, Any] | None = None  # a turn a bot is finishing for its player
        self._bots_for_away = False  # that bot stands in for a player away, who may come back to it
        self._full = 0.0  # the seconds the turn's clock had as its view came
        #: the latest lobby looked at, and when it was first seen: its ``takeover`` counts from then
        self._lobby: dict[str, Any] | None = None
        self._lobby_came = 0.0
        self._waiting = False  # a wait for an away player's turn was shown at the latest look

    @property
    def running(self) -> bool:
        """A clock was shown for the latest turn asked about, or the wait for an away player."""
        return self._turn is not None or self._waiting

    def told(self, view: dict[str, Any], left: float) -> None:
        """The host said the clock of ``view``'s turn has ``left`` seconds (a view sent as this
        app joined or came back, in mid-turn): counted from there, not from the whole clock."""
        self._turn, self._started, self._told = (view.get("current_seat"), view.get("version")), time.monotonic(), left

    def bot_moving(self, view: dict[str, Any], lobby: dict[str, Any]) -> None:
        """A bot made a move for the player to move in ``view`` (``bot`` on its frame) and the
        turn is still theirs: the bot is finishing it (a search of the stock, the manual draw),
        and the host runs no clock meanwhile, so none is shown; unless it plays for a player
        away (``lobby``) who comes back in the middle of it: the rest of the turn is theirs, on
        the clock."""
        self._bots = (view.get("current_seat"), view.get("version"))
        self._bots_for_away = _away(lobby, view.get("current_seat"))

    def restart(self) -> None:
        """Count again from the next view: this app's connection came back. That view says what
        the host's clock has left (``told``); a host of an older version, which says nothing,
        started a full clock for a seat whose player returned."""
        self._turn = None

    def left(self, view: dict[str, Any], lobby: dict[str, Any], lag: float = 0.0) -> int | None:
        """Seconds left on the turn clock of the player to move (``turn_time`` in the table's
        lobby); None when no clock runs (none set, a bot's or an away seat's turn, one a bot is
        finishing for its player, the match over). ``lag``, the round trip to the host, is
        counted off: the host's clock ran while the view came, and runs on while this player's
        move goes to it (half of it for another's turn, whose view alone was on its way)."""
        limit = lobby.get("turn_time")
        seats = lobby.get("seats") or []
        current = view.get("current_seat")
        turn = (current, view.get("version"))
        if turn == self._bots and self._bots_for_away and not _away(lobby, current):
            self._bots = None  # its player is back in the middle of the turn: the host's clock runs again
        if not isinstance(limit, int) or limit <= 0 or view.get("is_over") or not isinstance(current, int) \
                or not 0 <= current < len(seats) or seats[current].get("bot") or not seats[current].get("connected") \
                or seats[current].get("stepped_away") is True or turn == self._bots:
            self._turn = None
            return None
        if self._turn != turn:
            self._turn, self._started, self._told = turn, time.monotonic(), None
        came, on_lobby = self._came(lobby), seats[current].get("clock")
        if _seconds(on_lobby) and came >= self._started:
            # a lobby after this turn's view says what the host's clock has left: a player back at
            # the table (theirs ran on, or is the short one, or a resumed host's new one)
            full, start = min(limit, float(on_lobby)), came
        else:
            full, start = (limit if self._told is None else min(limit, self._told)), self._started
        self._full = full
        allowance = lag if current == view.get("seat") else lag / 2
        return max(0, math.ceil(full - (time.monotonic() - start) - allowance))

    def _came(self, lobby: dict[str, Any]) -> float:
        """When ``lobby`` came: the first look at it (made as it comes)."""
        if lobby is not self._lobby:
            self._lobby, self._lobby_came = lobby, time.monotonic()
        return self._lobby_came

    def wait_left(self, view: dict[str, Any], lobby: dict[str, Any], lag: float = 0.0) -> int | None:
        """Seconds until a bot plays for the away player to move: the lobby's ``takeover`` for
        that seat, counted from when that lobby came (the first look at it, made as it comes),
        less half the round trip, ``lag``, which the lobby took to come; None while the table
        waits for no one (a host of an older version says nothing)."""
        came = self._came(lobby)
        seat = listed_seat(lobby, view.get("current_seat"))
        told = (seat or {}).get("takeover")
        if seat is None or view.get("is_over") or seat.get("connected") is not False or not _seconds(told):
            self._waiting = False
            return None
        self._waiting = True
        return max(0, math.ceil(told - (time.monotonic() - came) - lag / 2))

    def first_warning(self) -> bool:
        """Whether this turn's ten-second bell is still to ring; noted as rung if so. A turn
        that came with little more than ``BELL_AT`` on its clock has none."""
        if self._turn is None or self._rang == self._turn or self._full < BELL_AT + BELL_APART:
            return False
        self._rang = self._turn
        return True


def _seconds(told: Any) -> TypeGuard[int | float]:
    """``told`` is a count of seconds a lobby can give (``takeover``, a seat's ``clock``)."""
    return isinstance(told, (int, float)) and not isinstance(told, bool) and 0 <= told <= 10 ** 6


def _away(lobby: dict[str, Any], seat: Any) -> bool:
    """``seat``'s player is away from it in ``lobby``: stepped away, or gone with a bot standing in."""
    seats = lobby.get("seats") or []
    if not isinstance(seat, int) or not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
        return False
    listed = seats[seat]
    return listed.get("stepped_away") is True or listed.get("standin") is True or listed.get("connected") is False
