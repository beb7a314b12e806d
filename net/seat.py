"""A table's chairs and the tokens that hold them: who sits where survives a dropped
connection or a restart only by the token, so what a chair holds and which tokens a
connection may bring live together."""
from __future__ import annotations

import asyncio
from typing import Any

from .peer import Peer
from .stalls import JudgingTimer

#: how long a token a client brings may be, to be taken as its own (``adoptable``)
TOKEN_LEN = (22, 64)
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")


def adoptable(token: Any) -> bool:
    """Whether a token that holds no seat may become the connection's own: URL-safe and at
    least as long as the ones the host makes (``secrets.token_urlsafe(16)``, 22 characters)."""
    return (isinstance(token, str) and TOKEN_LEN[0] <= len(token) <= TOKEN_LEN[1]
            and all(ch in _TOKEN_CHARS for ch in token))


class Seat:
    """A chair: empty, a bot, or a human (present or away, maybe with a stand-in bot)."""

    __slots__ = ("index", "name", "bot", "ready", "conn", "token", "standin", "grace_timer",
                 "takeover_timer", "wins", "played", "keeper", "gone", "sent_away", "missed",
                 "stepped_away")

    def __init__(self, index: int) -> None:
        self.index = index
        self.name: str | None = None
        self.bot: str | None = None
        self.ready = False
        self.conn: Peer | None = None
        self.token: str | None = None  # the human's token; None for bots and empty seats
        self.standin = False  # a normal bot plays for the away human
        self.wins = 0  # matches won at this table's game since whoever sits here sat down
        self.played = False  # whoever sits here held this seat in the table's latest match
        #: a bot keeps a departed player's seat for the rest of the match, then the seat opens
        self.keeper = False
        #: the token of the player who was away too long for a keeper seat: told so on coming back
        self.gone: str | None = None
        #: the name of the player the host sent away from this seat in the lobby, until the seat
        #: fills again: the others are told they were sent away, not that they left
        self.sent_away: str | None = None
        # (``net.stalls``: a stopped host reads a player's return or move before these judge it)
        self.grace_timer: JudgingTimer | None = None
        self.takeover_timer: JudgingTimer | None = None
        #: turns in a row that the turn clock's bot finished for the player here, with no move
        #: of their own since: from ``net.table.AWAY_AFTER`` on, their clock is the short one
        self.missed = 0
        #: the player said they are away from the match in play (``away``): a ``normal`` bot
        #: plays their seat, connected or not, until they say they are back or move themselves
        self.stepped_away = False

    @property
    def empty(self) -> bool:
        return self.bot is None and self.token is None

    @property
    def away(self) -> bool:
        return self.token is not None and self.conn is None

    @property
    def bot_level(self) -> str | None:
        """The level of the bot that plays this seat now: its own, or the stand-in's of an
        away player or of one who stepped away; None while a player (or no one) plays it."""
        return self.bot or ("normal" if self.standin and self.away or self.stepped_away else None)

    def takeover_left(self) -> float | None:
        """Seconds until a stand-in bot plays for the away player here, while the table waits for
        them (``Table._watch_away``); None while it waits for no one here."""
        timer = self.takeover_timer
        if timer is None:
            return None
        return max(0.0, timer.when() - asyncio.get_running_loop().time())

    def clear(self) -> None:
        self.cancel_timers()
        self.name = self.bot = self.conn = self.token = self.gone = self.sent_away = None
        self.ready = self.standin = self.played = self.keeper = self.stepped_away = False
        self.wins = self.missed = 0

    def cancel_timers(self) -> None:
        for t in (self.grace_timer, self.takeover_timer):
            if t is not None:
                t.cancel()
        self.grace_timer = self.takeover_timer = None
