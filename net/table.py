"""One hosted table: its seats, lobby controls, the match, the bots and who sees what.

The table is the only place that touches the ``Match``. Every connection gets exactly
``Match.view(its seat)`` and ``Event.for_seat(its seat)`` (spectators: seat ``None``).

With a ``save_path`` the table autosaves: every change marks it dirty and everything it sends
is held back until a save holding that change is on disk (see ``net/autosave.py``), so a host
killed at any moment never loses a move a player has already seen.
"""
from __future__ import annotations

import asyncio
import logging
import os
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from core import GAMES, IllegalAction, Match, new_match
from core.events import Event
from core.keyed_random import fresh_seed

from .autosave import Autosaver
from .budget import Budget
from .bots import LEVELS, choose_async, takes_chance
from .client import app_version
from .matchlog import MatchLog
from .protocol import CHAT_LEN, clean_name, clean_text, encode
from .seatnames import numbered
from .turnclock import Key, TurnClock

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("dealmein.net")

TABLE_NAME_LEN = 40
#: the name on the lines the table itself says in the chat (``chat`` with ``system: true``)
SYSTEM_NAME = "Table"
#: chat lines a second, and in a burst, that the watchers at a table from one address send
#: together: an address holding many connections cannot flood the chat of the players, each of
#: whom gets every line (seated players have only the per-connection rate: a table has few seats).
#: On loopback each connection counts apart: every SSH guest comes from it
WATCHER_CHAT_RATE = 3.0
WATCHER_CHAT_BURST = 10
#: the players' latest chat lines a table keeps for a connection that joins (a player back
#: after a drop or a restart of the app, one who sits down later); not the watchers', nor a
#: kicked player's, and none once the last player has left (``_forget_chat``)
CHAT_HISTORY = 50
#: watchers named in the lobby (``watchers``); ``spectators`` still counts them all
WATCHERS_LISTED = 20


class Peer(Protocol):
    """What a table needs of a connection."""

    seat: int | None
    name: str
    address: str  # the peer's host
    chat_from: str  # what its chat as a watcher is counted by: its host, or its connection on loopback
    token: str
    is_host: bool
    deltas: bool  # it takes views as changes to the last one it was sent
    view_sent: dict[str, Any] | None  # that last view

    def send(self, message: dict[str, Any]) -> None: ...
    def send_frame(self, frame: bytes) -> None: ...
    def error(self, code: str, message: str) -> None: ...
    def close(self, code: str | None = None, message: str = "", abort: bool = False) -> None: ...


@dataclass
class TableConfig:
    name: str = "table"
    game: str = "ninety-eight"
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 4
    password: str | None = None
    seed: int | None = None
    #: seconds a player at the table has for each move before a bot makes it for them; 0: no clock
    turn_time: int = 0
    #: the SSH login's password where one was made up for it, saved with the table so that its
    #: guests log in again with the same one when it is resumed
    ssh_password: str | None = None


#: the turn clock's range in seconds (``TableConfig.turn_time``; 0 turns it off)
TURN_TIME_RANGE = (1, 3600)


def turn_time_problem(value: object) -> str | None:
    """What is wrong with a turn clock setting, or None."""
    low, high = TURN_TIME_RANGE
    if isinstance(value, bool) or not isinstance(value, int) or not (value == 0 or low <= value <= high):
        return f"the turn clock is 0 (off) or {low} to {high} seconds, not {str(value)[:20]}"
    return None


#: how long a token a client brings may be, to be taken as its own (``adoptable``)
TOKEN_LEN = (22, 64)
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")


def adoptable(token: Any) -> bool:
    """Whether a token that holds no seat may become the connection's own: URL-safe and at
    least as long as the ones the host makes (``secrets.token_urlsafe(16)``, 22 characters)."""
    return (isinstance(token, str) and TOKEN_LEN[0] <= len(token) <= TOKEN_LEN[1]
            and all(ch in _TOKEN_CHARS for ch in token))


def view_frame(view: dict[str, Any], base: dict[str, Any] | None, events: list[dict[str, Any]]) -> bytes:
    """A ``view`` frame, or with ``base`` (the last view this peer was sent) a ``delta`` frame
    of the keys whose values changed. Views of one game have the same keys in the same order;
    another key set (a new game) gets a whole view."""
    if base is not None and len(base) == len(view):
        try:  # as many keys, each of them in ``base``: the same keys
            # a value of another type counts as changed even if equal (0 == False)
            changes = {k: v for k, v in view.items()
                       if (b := base[k]) is not v and (b != v or b.__class__ is not v.__class__)}
        except KeyError:
            pass
        else:
            return encode({"type": "delta", "changes": changes, "events": events})
    return encode({"type": "view", "view": view, "events": events})


class Refused(Exception):
    """A message refused for a reason the sender is told; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Seat:
    """A chair: empty, a bot, or a human (present or away, maybe with a stand-in bot)."""

    __slots__ = ("index", "name", "bot", "ready", "conn", "token", "standin", "grace_timer",
                 "takeover_timer", "wins", "played", "keeper", "gone")

    def __init__(self, index: int) -> None:
        self.index = index
        self.name: str | None = None
        self.bot: str | None = None
        self.ready = False
        self.conn: Peer | None = None
        self.token: str | None = None  # the human's token; None for bots and empty seats
        self.standin = False  # a normal bot plays for the away human
        self.wins = 0  # matches won at this table since whoever sits here sat down
        self.played = False  # whoever sits here held this seat in the table's latest match
        #: a bot keeps a departed player's seat for the rest of the match, then the seat opens
        self.keeper = False
        #: the token of the player who was away too long for a keeper seat: told so on coming back
        self.gone: str | None = None
        self.grace_timer: asyncio.TimerHandle | None = None
        self.takeover_timer: asyncio.TimerHandle | None = None

    @property
    def empty(self) -> bool:
        return self.bot is None and self.token is None

    @property
    def away(self) -> bool:
        return self.token is not None and self.conn is None

    def clear(self) -> None:
        self.cancel_timers()
        self.name = self.bot = self.conn = self.token = self.gone = None
        self.ready = self.standin = self.played = self.keeper = False
        self.wins = 0

    def cancel_timers(self) -> None:
        for t in (self.grace_timer, self.takeover_timer):
            if t is not None:
                t.cancel()
        self.grace_timer = self.takeover_timer = None


class Table:
    def __init__(self, server: "Server", config: TableConfig) -> None:
        info = GAMES.get(config.game)
        if info is None:
            raise ValueError(f"game {config.game!r}: the games are {', '.join(GAMES)}")
        resolved = info.resolve(config.seats, config.preset, config.options)  # ValueError names the culprit
        config.options = {k: resolved[k] for k in config.options}  # as the engine reads them: " 50" is 50
        problem = turn_time_problem(config.turn_time)
        if problem is not None:
            raise ValueError(problem)
        config.name = clean_name(config.name, TABLE_NAME_LEN) or "Deal Me In table"
        self.server = server
        self.config = config
        self.id = secrets.token_hex(4)
        self.host_key = secrets.token_urlsafe(16)
        self.host_token: str | None = None
        self.seats = [Seat(i) for i in range(config.seats)]
        self.conns: set[Peer] = set()
        self.match: Match | None = None
        self.status = "lobby"
        self.actions = 0  # applied actions, for the benchmarks
        self.match_seed: int | None = None
        self.log: MatchLog | None = None
        self.log_path: Path | None = None
        self.saver: Autosaver | None = None
        self._snap: tuple[Match, int, bytes] | None = None  # the latest snapshot, for log and save
        self._rng = random.Random(config.seed)
        self._declined: tuple[int, int] | None = None  # (seat, match version) a bot let pass
        self._wake = asyncio.Event()
        self._bot_task: asyncio.Task[None] | None = None
        self._start_timer: asyncio.TimerHandle | None = None  # a table without a host: the countdown
        self._clock = TurnClock(self._move_for)  # the turn clock of the player to move
        self._closed = False
        self._lobby_timer: asyncio.TimerHandle | None = None  # the lobby held back (``_broadcast_lobby``)
        self._lobby_sent = float("-inf")  # when the last lobby went to everyone (the loop's clock)
        self._watcher_chat = Budget(WATCHER_CHAT_RATE, WATCHER_CHAT_BURST)  # by address
        #: the players' latest chat lines, each numbered (``n``) so that an app back on the same
        #: table shows none twice; the numbers count afresh under a new ``chat_epoch`` (a table
        #: resumed from its save keeps no chat, nor one whose last player has left)
        self._chat: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self._chat_n = 0
        self.chat_epoch = secrets.token_hex(4)
        #: who watched when the save this table was resumed from was written: the host's own
        #: app, which comes back with the table, waits for them as the other apps at the table
        #: do (``tui.session``) rather than greet them as newcomers
        self.watchers_saved: list[str] = []
        #: each connection's number at this table, given as it joins and never again while the
        #: table lives: the lobby lists the watchers with theirs (``watcher_ids``) and a watcher's
        #: chat line carries it (``watcher``), so that apps name two watchers called Ana apart
        self._numbers: dict[Peer, int] = {}
        self._numbered = 0

    # ------------------------------------------------------------------ lobby state
    def watching(self) -> list[Peer]:
        """The connections at the table without a seat."""
        return [p for p in self.conns if p.seat is None]

    def conn_number(self, p: Peer) -> int:
        """``p``'s number at this table (see ``_numbers``), given now if it has none yet."""
        n = self._numbers.get(p)
        if n is None:
            self._numbered += 1
            n = self._numbers[p] = self._numbered
        return n

    def listed(self, watching: list[Peer] | None = None) -> list[Peer]:
        """The watchers the lobby names (``WATCHERS_LISTED`` at most): by name, and of one name
        the first come first, so that the apps number them ("Ana", "Ana 2") the same way from
        one lobby to the next; ``watching``: ``watching()``, when the caller has it already."""
        return sorted(self.watching() if watching is None else watching,
                      key=lambda p: (p.name, self.conn_number(p)))[:WATCHERS_LISTED]

    def watcher_names(self) -> list[str]:
        """The names of the watchers the lobby names (``listed``), which the save keeps."""
        return [p.name for p in self.listed()]

    def lobby(self) -> dict[str, Any]:
        c = self.config
        by_host = self.playing_host() or self._bots_only()
        watching = self.watching()
        listed = self.listed(watching)
        return {
            "table": self.id, "name": c.name, "game": c.game, "preset": c.preset,
            "options": dict(c.options), "status": self.status, "password": bool(c.password),
            "turn_time": c.turn_time,
            "spectators": len(watching),
            "watchers": [p.name for p in listed],
            "watcher_ids": [self.conn_number(p) for p in listed],
            "seats": [{"seat": s.index, "name": s.name, "bot": s.bot, "ready": s.ready, "wins": s.wins,
                       "connected": s.conn is not None or s.bot is not None,
                       "host": s.token is not None and s.token == self.host_token}
                      for s in self.seats],
            "start": "host" if by_host else "ready",
            "start_note": self._start_note(by_host),
        }

    def playing_host(self) -> bool:
        """A connection holding the host key sits at the table: that player starts the matches.
        Otherwise (a headless table, or its host only watching or away) a match starts by
        itself once every seat is filled and every seated player is ready."""
        for s in self.seats:
            if s.conn is not None and s.conn.is_host:
                return True
        return False

    def _bots_only(self) -> bool:
        """Every seat is a bot: with no player to be ready, nothing starts by itself (anyone who
        comes to watch would set bots playing on and on); the host key's holder starts it."""
        return all(s.bot is not None for s in self.seats)

    def _start_note(self, by_host: bool) -> str:
        """What starts the next match, for people (the lobby's ``start_note``)."""
        if self.status == "playing":
            return ""
        if self._bots_only():  # no seat for a playing host either
            what = "rematch" if self.status == "finished" else "match"
            return (f"Every seat is a bot, so nothing starts by itself: whoever joined with the host key "
                    f"starts the {what}.")
        if by_host:
            return "The host starts the rematch." if self.status == "finished" else "The host starts the match."
        if self._start_timer is not None:
            return "Everyone is ready: the match is about to start."
        if self.status == "finished":
            return "The rematch starts by itself once every player is ready again."
        return "The match starts by itself once every seat is filled and every player is ready."

    def keep_ssh_password(self, password: str | None) -> None:
        """The SSH front door's password, saved with the table (``TableConfig.ssh_password``)."""
        if password != self.config.ssh_password:
            self.config.ssh_password = password
            self._changed()

    def _changed(self) -> None:
        """The table's state changed: with autosave, hold what is sent until it is saved."""
        if self.saver is not None:
            self.saver.changed()

    def _emit(self, p: Peer, frame: bytes) -> None:
        """Send ``frame`` to ``p``, after the pending save if there is one (order is kept)."""
        if self.saver is not None:
            self.saver.send(p, frame)
        else:
            p.send_frame(frame)

    def _broadcast_lobby(self, to: Peer | None = None, at_once: bool = False) -> None:
        """The lobby changed: everyone gets it, but at most one lobby a ``lobby_every`` seconds,
        the latest, so that a peer joining and leaving over and over does not bury the players
        in frames. ``to`` (the peer whose action it was, just welcomed) gets it now all the
        same; ``at_once`` (a match starting or ending) sends it before the views that follow,
        as does a countdown starting or called off, with the chat line that says so."""
        at_once = self._check_start() or at_once
        self._changed()
        loop = asyncio.get_running_loop()
        timer = self._lobby_timer
        if timer is not None and at_once:
            timer.cancel()
            self._lobby_timer = timer = None
        wait = self._lobby_sent + self.server.lobby_every - loop.time()
        if timer is None and (at_once or wait <= 0):
            self._send_lobby()
            return
        if timer is None:
            self._lobby_timer = loop.call_later(wait, self._send_lobby)
        if to is not None:
            self._emit(to, self._lobby_frame())

    def _lobby_frame(self) -> bytes:
        return encode({"type": "lobby", "lobby": self.lobby()})

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        self._lobby_sent = asyncio.get_running_loop().time()
        frame = self._lobby_frame()
        for p in list(self.conns):
            self._emit(p, frame)
        self.server._notify(self)

    def _shown_names(self) -> list[str]:
        """The seats' names as the lobby shows them: repeated ones numbered ("Normal bot 2")."""
        return numbered([s.name or "" for s in self.seats])

    def _note(self, what: str, *args: Any) -> None:
        """A line for the host's log (a headless host's terminal): who came, went, and won.
        Names were cleaned of control characters as they came in (``clean_text``)."""
        log.info("table %s: " + what, self.config.name, *args)

    def _say(self, text: str, to: Peer | None = None) -> None:
        """A line from the table itself in the chat: to ``to``, or to everyone."""
        frame = encode({"type": "chat", "name": SYSTEM_NAME, "seat": None, "text": text, "system": True})
        for p in [to] if to is not None else list(self.conns):
            self._emit(p, frame)

    def _welcome(self, p: Peer) -> None:
        self._changed()  # a seat and its token: told only once saved
        self._emit(p, encode({"type": "welcome", "table": self.id, "seat": p.seat, "token": p.token,
                              "host": p.is_host, "chat": self.chat_epoch}))

    def _forget_chat(self, moved: list[Peer] | None = None) -> None:
        """Once no player is left in a seat (here or away with the seat held: bots and watchers
        do not count), no one is left who could have heard the lines kept: the next group to
        sit down is not shown them. The numbering starts afresh under a new ``chat_epoch``,
        which every connection still here (the watchers) is told in a ``welcome``, or its app
        would take the new first lines for ones it has passed on. ``moved``: connections whose
        seat has just changed, welcomed again either way (once: with everyone, if it forgot)."""
        if self._chat_n == 0 or any(s.token is not None for s in self.seats):
            for q in moved or []:
                self._welcome(q)
            return
        self._chat.clear()
        self._chat_n = 0
        self.chat_epoch = secrets.token_hex(4)
        for q in list(self.conns):
            self._welcome(q)

    def _say_earlier(self, p: Peer) -> None:
        """The chat so far, to a connection that has just joined, each line marked ``earlier``."""
        for line in self._chat:
            self._emit(p, encode({**line, "earlier": True}))

    def _send_view(self, p: Peer, events: list[Event] | None = None) -> None:
        if self.match is not None:
            s = p.seat
            if s is not None and (s >= self.match.players or self.status != "playing" and not self.seats[s].played):
                # a seat added after this (finished) match, or taken since by someone who did not
                # play it: watch it (its last hand was the one who left's)
                s = None
            view = self.match.view(s)
            self._emit(p, view_frame(view, None, [e.for_seat(s) for e in events or ()]))
            if p.deltas:
                p.view_sent = view

    # ------------------------------------------------------------------ joining and leaving
    def join(self, p: Peer, token: str | None, spectator: bool) -> None:
        """Attach a connection that passed the handshake: back to its seat if its token holds one."""
        seat = next((s for s in self.seats if token and s.token == token), None)
        if seat is not None or adoptable(token):
            # a token that holds no seat yet becomes this connection's own: a client that keeps
            # one (an SSH guest's app) gets the seat it sits in back with it later
            p.token = token  # type: ignore[assignment]
        if p.is_host and (seat is not None or not self._host_seated()):
            # the host's token is the seated key holder's: a second connection with the key
            # that only watches does not take the mark (nor the seat a resume gives back) from it
            self.host_token = p.token
        if seat is not None:
            old = seat.conn
            if old is not None and old is not p:
                old.seat = None
                self.conns.discard(old)
                old.close("replaced", "this seat was taken over by a newer connection")
            seat.cancel_timers()
            seat.conn, seat.standin = p, False
            p.seat = seat.index
            p.name = seat.name or p.name
            self._note("%s is back in seat %d", p.name, seat.index + 1)
            self._arm_clock()  # back at a seat that is to move: its clock starts again
        elif not spectator and self.status != "playing":
            free = next((s for s in self.seats if s.empty), None)
            if free is not None:
                self._seat(p, free)
                self._note("%s sits down in seat %d", p.name, free.index + 1)
        lost = next((s for s in self.seats if token and s.keeper and s.gone == token), None)
        if p.seat is None:
            self._note("%s watches", p.name)
        self.conn_number(p)  # in the order they come
        self.conns.add(p)
        self._welcome(p)
        self._broadcast_lobby(to=p)
        self._send_view(p)
        self._say_earlier(p)
        if self.status != "playing" and not self.playing_host():
            self._say(self._start_note(False), p)
        if lost is not None:  # else back as a watcher with no word of why
            self._say(f"You were away longer than {self.server.grace:g} s: a bot plays your seat "
                      f"(seat {lost.index + 1}) for the rest of this match; you can sit down again when it ends.", p)

    def leave(self, p: Peer, clean: bool) -> None:
        """A connection went away. A human's seat is held for the grace period."""
        here = p in self.conns  # not one the table already let go (sent away, or replaced)
        self.conns.discard(p)
        self._numbers.pop(p, None)
        if self._closed:
            return
        i = p.seat
        if i is not None and self.seats[i].conn is p:
            seat = self.seats[i]
            seat.conn = None
            loop = asyncio.get_running_loop()
            kept = f"the seat is kept {self.server.grace:g} s"
            if self.status == "playing":
                seat.grace_timer = loop.call_later(self.server.grace, self._grace_over, seat)
                if clean:  # said goodbye: no point waiting, a bot plays at once
                    seat.standin = True
                self._note("%s leaves seat %d: a bot plays it, %s" if clean else "%s drops from seat %d: %s",
                           p.name, i + 1, kept)
                self._after_change()
            elif clean:
                seat.clear()
                self._note("%s leaves seat %d", p.name, i + 1)
                self._forget_chat()
            else:
                seat.ready = False
                seat.grace_timer = loop.call_later(self.server.grace, self._grace_over, seat)
                self._note("%s drops from seat %d: %s", p.name, i + 1, kept)
        elif i is None and here:
            self._note("%s stops watching", p.name)
        self._broadcast_lobby()

    def resume(self) -> None:
        """After a restore: hold the players' seats for the grace period while their apps
        reconnect, and let the bots and the takeover clock carry on."""
        loop = asyncio.get_running_loop()
        for seat in self.seats:
            if seat.away and self.status != "playing":
                seat.ready = False  # as for a player who drops from the lobby: said again on return
            if seat.away and seat.grace_timer is None:
                seat.grace_timer = loop.call_later(self.server.grace, self._grace_over, seat)
        if self.status == "playing":
            self._after_change()

    def _grace_over(self, seat: Seat) -> None:
        """The away player did not come back: a bot keeps the seat in play, else it is freed."""
        seat.grace_timer = None
        if seat.conn is not None:
            return
        if self.status == "playing":
            seat.cancel_timers()
            seat.bot, seat.token, seat.gone, seat.standin, seat.keeper = "normal", None, seat.token, False, True
            self._note("%s did not come back: a bot keeps seat %d for the rest of the match", seat.name, seat.index + 1)
            self._wake_bots()
        else:
            self._note("%s did not come back: seat %d is open", seat.name, seat.index + 1)
            seat.clear()
        self._forget_chat()
        self._broadcast_lobby()

    def _watch_away(self) -> None:
        """Start the takeover clock for away seats that now have something to do."""
        m = self.match
        if m is None or m.is_over:
            return
        for seat in self.seats:
            if seat.conn is None and seat.away and not seat.standin and seat.takeover_timer is None \
                    and m.legal_actions(seat.index):
                seat.takeover_timer = asyncio.get_running_loop().call_later(
                    self.server.takeover, self._take_over, seat)

    def _take_over(self, seat: Seat) -> None:
        seat.takeover_timer = None
        if seat.away:
            self._note("a bot plays seat %d until %s returns", seat.index + 1, seat.name)
            seat.standin = True
            self._wake_bots()

    # ------------------------------------------------------------------ messages
    def handle(self, p: Peer, msg: dict[str, Any]) -> None:
        if self._closed:
            return  # the host is shutting down: the state being saved is final
        kind = msg["type"]
        try:
            getattr(self, "_on_" + kind)(p, msg)
        except Refused as r:
            self._emit(p, encode({"type": "error", "code": r.code, "message": r.message}))

    def _host_only(self, p: Peer) -> None:
        if not p.is_host:
            raise Refused("not_host", "only the table's host can do that")

    def _in_lobby(self) -> None:
        """Lobby controls work before a match and after one ends (not during one)."""
        if self.status == "playing":
            raise Refused("not_lobby", "that can only be done in the lobby, not during a match")

    def _seat_at(self, i: int) -> Seat:
        if not 0 <= i < len(self.seats):
            raise Refused("bad_seat", f"there is no seat {i + 1}: seats are 1 to {len(self.seats)}")
        return self.seats[i]

    def _seat(self, p: Peer, seat: Seat) -> None:
        if p.seat is not None:
            self.seats[p.seat].clear()
        seat.clear()
        seat.name, seat.token, seat.conn = p.name, p.token, p
        p.seat = seat.index
        if p.is_host:
            self.host_token = p.token

    def _host_seated(self) -> bool:
        return self.host_token is not None and any(s.token == self.host_token for s in self.seats)

    def _unseat(self, p: Peer) -> None:
        if p.seat is not None:
            self.seats[p.seat].clear()
            p.seat = None

    def _on_sit(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        seat = self._seat_at(msg["seat"])
        if seat.conn is p:
            return
        if not seat.empty:
            raise Refused("taken", f"seat {seat.index + 1} is taken")
        self._seat(p, seat)
        self._welcome(p)
        self._broadcast_lobby(to=p)

    def _on_stand(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        self._unseat(p)
        self._forget_chat(moved=[p])
        self._broadcast_lobby(to=p)

    def _on_ready(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        if p.seat is None:
            raise Refused("not_seated", "take a seat first")
        self.seats[p.seat].ready = msg["ready"]
        self._broadcast_lobby(to=p)

    def _on_configure(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        c = self.config
        # a field left out (None) keeps what the table has; any value sent is checked, 0 and "" too
        game = c.game if msg.get("game") is None else msg["game"]
        changed_game = game != c.game
        preset = msg.get("preset")
        if preset is None:
            preset = "standard" if changed_game else c.preset
        options = msg.get("options")
        if options is None:
            options = {} if changed_game or msg.get("preset") is not None else dict(c.options)
        seats = len(self.seats) if msg.get("seats") is None else msg["seats"]
        info = GAMES.get(game)
        if info is None:
            raise Refused("bad_config", f"unknown game {game[:40]!r}: the games are {', '.join(GAMES)}")
        if preset not in info.presets:
            raise Refused("bad_config", f"unknown preset {preset[:40]!r}: {info.name} has {', '.join(info.presets)}")
        try:
            resolved = info.resolve(seats, preset, options)
        except ValueError as e:
            raise Refused("bad_config", str(e)) from None
        turn_time = msg.get("turn_time")
        problem = None if turn_time is None else turn_time_problem(turn_time)
        if problem is not None:
            raise Refused("bad_config", problem)
        # kept as the engine reads them: what the lobby shows every player stays small and checked
        c.game, c.preset, c.options = game, preset, {k: resolved[k] for k in options}
        if turn_time is not None:
            c.turn_time = turn_time
        if seats != len(self.seats):
            moved: list[Peer] = []  # players whose seats went: they watch now
            for seat in self.seats[seats:]:
                if seat.conn is not None:
                    seat.conn.seat = None
                    moved.append(seat.conn)
                seat.clear()
            self.seats = self.seats[:seats] + [Seat(i) for i in range(len(self.seats), seats)]
            c.seats = seats
            self._forget_chat(moved)
        for seat in self.seats:
            seat.ready = seat.bot is not None
        self.status = "lobby"  # after a finished match: back to the lobby for the new setup
        self._broadcast_lobby(to=p)

    def _on_add_bot(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        self.add_bot(msg["seat"], msg["level"], to=p)

    def add_bot(self, index: int, level: str, to: Peer | None = None) -> None:
        """Put a bot of ``level`` in an empty seat (also used by the headless host); ``to``, the
        host who asked, sees it at once (B, B, B reads each bot before the next)."""
        if level not in LEVELS:
            raise Refused("bad_level", f"bot levels are {', '.join(LEVELS)}")
        seat = self._seat_at(index)
        if not seat.empty and seat.bot is None:
            raise Refused("taken", f"seat {index + 1} is taken by a player")
        seat.clear()
        seat.bot, seat.name, seat.ready = level, f"{level.capitalize()} bot", True
        self._broadcast_lobby(to=to)

    def _on_remove_bot(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        seat = self._seat_at(msg["seat"])
        if seat.bot is None:
            raise Refused("bad_seat", f"seat {seat.index + 1} has no bot")
        seat.clear()
        self._broadcast_lobby(to=p)

    def _on_kick(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        seat = self._seat_at(msg["seat"])
        if seat.token is None:
            raise Refused("bad_seat", f"seat {seat.index + 1} has no player to kick")
        if seat.conn is p:
            raise Refused("bad_seat", "the host cannot kick itself")
        victim = seat.conn
        self._note("the host sends %s away from seat %d", seat.name, seat.index + 1)
        # what they said goes with them: those who join later are not shown it
        kept = [line for line in self._chat if not (line["seat"] == seat.index and line["name"] == seat.name)]
        self._chat.clear()
        self._chat.extend(kept)
        if self.status == "playing":
            name = seat.name
            seat.clear()
            seat.bot, seat.name, seat.ready, seat.keeper = "normal", name, True, True
            self._wake_bots()
            self._arm_clock()
        else:
            seat.clear()
        if victim is not None:
            victim.seat = None
            self.conns.discard(victim)
            victim.close("kicked", "the host removed you from the table")
        self._forget_chat()  # a host who only watches sent the last player away
        self._broadcast_lobby(to=p)

    def _on_start(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        problem = self._not_ready(p)
        if problem is not None:
            raise Refused("not_ready", problem)
        self._start_match()

    def _on_rematch(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        if self.status != "finished":
            raise Refused("not_finished", "a rematch starts once the match is over")
        for seat in self.seats:
            if seat.empty:
                raise Refused("not_ready", f"seat {seat.index + 1} is empty")
        if not self.playing_host():  # a key holder who only watches: as its ``start``, everyone ready
            problem = self._not_ready(p)
            if problem is not None:
                raise Refused("not_ready", problem)
        self._start_match()

    def _not_ready(self, starter: Peer | None) -> str | None:
        """Why a match cannot start now (seats count from 1 for people), or ``None``. The
        ``starter`` (a host starting it) need not have said it is ready; without one, every
        seated player must be here and ready, and at least one must be seated."""
        humans = 0
        for seat in self.seats:
            if seat.empty:
                return f"seat {seat.index + 1} is empty: add a bot or wait for a player"
            if seat.bot is not None:
                continue
            humans += 1
            if seat.conn is not None and seat.conn is starter:
                continue
            if not seat.ready or (starter is None and seat.conn is None):
                return f"{seat.name} (seat {seat.index + 1}) is not ready"
        if starter is None and not humans:
            return "no player is seated"
        return None

    # ------------------------------------------------------------------ starting without a host
    def _check_start(self) -> bool:
        """At a table without a playing host, start the countdown to the match once every seat
        is filled and every seated player is ready, and call it off when that stops being so
        (after any lobby change). Whether it did either."""
        waiting = (not self._closed and self.status != "playing" and not self.playing_host()
                   and self._not_ready(None) is None)
        timer = self._start_timer
        if waiting and timer is None:
            delay = max(0.0, self.server.start_delay)
            self._start_timer = asyncio.get_running_loop().call_later(delay, self._start_by_itself)
            what = "rematch" if self.status == "finished" else "match"
            self._say(f"Everyone is ready: the {what} starts in {delay:g} second{'' if delay == 1 else 's'}."
                      if delay >= 1 else f"Everyone is ready: the {what} starts.")
            return True
        if not waiting and timer is not None:
            timer.cancel()
            self._start_timer = None
            if not self._closed and self.status != "playing":
                why = self._not_ready(None) if not self.playing_host() else "the host starts it"
                self._say(f"Start called off: {why}.")
            return True
        return False

    def _start_by_itself(self) -> None:
        self._start_timer = None
        if self._closed or self.status == "playing" or self.playing_host() or self._not_ready(None):
            self._broadcast_lobby()  # the note changes back (and a new countdown may begin)
            return
        try:
            self._start_match()
        except Refused as r:
            log.error("table %s: the match could not start: %s", self.id, r.message)
            self._say(f"The match could not start: {r.message}")

    def _start_match(self) -> None:
        if self._start_timer is not None:  # a host's start overtakes the countdown
            self._start_timer.cancel()
            self._start_timer = None
        c = self.config
        # every match has a seed, so that its log replays it: a secret one that deals with the
        # keyed generator (rules README, "Shuffling"), or, from a fixed table seed (tests,
        # benchmarks, --seed), a repeatable sequence of 64-bit ones
        seed = fresh_seed() if c.seed is None else self._rng.getrandbits(64)
        try:
            self.match = new_match(c.game, len(self.seats), c.preset, c.options, seed=seed)
        except ValueError as e:
            raise Refused("bad_config", str(e)) from None
        self.match_seed = seed
        self._open_log(self.match, seed)
        self.status = "playing"
        for seat in self.seats:
            seat.played = True
        # by seat, as every other line of the log, and numbered as the lobby numbers them:
        # bots of one level share a name
        self._note("the match starts: %s (%s), %s", c.game, c.preset,
                   ", ".join(f"{s.index + 1} {name or '(open)'}" for s, name in zip(self.seats, self._shown_names())))
        self._broadcast_lobby(at_once=True)
        self._send_views(self.match.start_events)
        self._after_change()

    def _on_act(self, p: Peer, msg: dict[str, Any]) -> None:
        m = self.match
        if p.seat is None:
            raise Refused("not_seated", "spectators cannot act")
        if m is not None and msg["version"] != m.version:
            raise Refused("stale", f"that action answers view {msg['version']}, the table is at {m.version}")
        if self.status != "playing" or m is None:
            raise Refused("not_playing", "there is no match in play")
        self._apply(p.seat, msg["action"])

    def _apply(self, seat: int, action: str) -> None:
        m = self.match
        assert m is not None
        try:
            events = m.apply(action, seat)
        except IllegalAction as e:
            raise Refused("illegal", str(e)) from None
        self.actions += 1
        if self.log is not None:
            self._log_action(seat, action, m)
        self._send_views(events)
        if m.is_over:
            self._close_log(m)
            self.status = "finished"
            for w in m.winners:
                self.seats[w].wins += 1
            names = self._shown_names()
            self._note("the match is over: %s won",
                       " and ".join(f"{names[w]} (seat {w + 1})" if names[w] else f"seat {w + 1}"
                                    for w in m.winners) or "no one")
            for seat_ in self.seats:
                if seat_.keeper:  # its player is gone: the seat opens for whoever comes next
                    self._note("seat %d is open", seat_.index + 1)
                    seat_.clear()
                seat_.ready = seat_.bot is not None
            self._broadcast_lobby(at_once=True)
            if not self.playing_host() and any(s.token is not None for s in self.seats):
                self._say(self._start_note(False))
        self._after_change()

    def _after_change(self) -> None:
        self._watch_away()
        self._wake_bots()
        self._arm_clock()

    # ------------------------------------------------------------------ the turn clock
    def _arm_clock(self) -> None:
        """Start the turn clock (``turn_time``) when a player at the table is to move, so that one
        player who has stepped away does not hold up the others; an away seat has the takeover
        clock instead, and a bot's seat none."""
        m = self.match
        limit = self.config.turn_time
        key = None
        if limit and m is not None and not m.is_over and self.status == "playing" and not self._closed:
            cur = m.current_seat
            if cur is not None and self.seats[cur].conn is not None and self._bot_level(self.seats[cur]) is None:
                key = (cur, m.version)
        self._clock.arm(key, limit)

    async def _move_for(self, key: Key) -> None:
        """The player to move ran out of time: a ``normal`` bot makes this one move for them."""
        m = self.match
        index, version = key
        if m is None or m.is_over or (m.current_seat, m.version) != key:
            return
        seat = self.seats[index]
        legal = [str(a) for a in m.legal_actions(index)]
        if not legal or seat.conn is None or self._bot_level(seat) is not None:
            return
        action = await choose_async("normal", m.view(index), legal, self._rng)
        if self._closed or self.match is not m or m.version != version or seat.conn is None:
            return  # they moved meanwhile, or went away (the takeover clock has the seat now)
        self._say(f"{seat.name or f'Seat {index + 1}'} ran out of time: a bot moved for them.")
        try:
            self._apply(index, action)
        except Refused as r:
            log.error("table %s: the turn clock's move %r refused: %s", self.id, action, r.message)

    def _send_views(self, events: list[Event]) -> None:
        m = self.match
        assert m is not None
        self._changed()
        conns = list(self.conns)
        views = m.views([p.seat for p in conns])  # what the seats share is built once
        # one frame per seat and per view the peer holds (peers of a seat hold the same one)
        # an event without a secret reads the same for every seat: redacted once
        shared = [e.for_seat(None) if e.secret is None else None for e in events]
        frames: dict[tuple[int | None, int], bytes] = {}
        out: list[tuple[Peer, bytes, dict[str, Any]]] = []
        for p in conns:
            s = p.seat
            view = views[s]
            base = p.view_sent if p.deltas else None
            key = (s, id(base))  # every base is held by a peer: ids stay distinct
            frame = frames.get(key)
            if frame is None:
                told = [e.for_seat(s) if d is None else d for e, d in zip(events, shared)]
                try:
                    frame = frames[key] = view_frame(view, base, told)
                except ValueError:
                    log.exception("table %s: a view for seat %s does not fit in a frame", self.id, s)
                    continue
            out.append((p, frame, view))
        # every frame is built before the first is written: the writes go out together, so the
        # players' apps wake once for all of them
        for p, frame, view in out:
            if p.deltas:
                p.view_sent = view
            self._emit(p, frame)

    def _on_chat(self, p: Peer, msg: dict[str, Any]) -> None:
        if p.seat is None and not self._watcher_chat.take(p.chat_from):
            whose = "watchers at your address" if p.chat_from == p.address else "you as a watcher"
            raise Refused("rate", f"too many chat lines from {whose} "
                                  f"({WATCHER_CHAT_RATE:g} a second): this one was dropped")
        text = clean_text(msg["text"], CHAT_LEN)
        if not text:
            raise Refused("bad_chat", "empty chat line")
        line: dict[str, Any] = {"type": "chat", "name": p.name, "seat": p.seat, "text": text}
        if p.seat is None:
            line["watcher"] = self.conn_number(p)
        else:  # the players' lines are kept: the watchers' could crowd them out
            self._chat_n += 1
            line["n"] = self._chat_n
            self._chat.append(line)
        timer = self._lobby_timer
        if timer is not None:
            # the lobby held back (``lobby_every``) goes first: the line's seat or watcher number
            # may name someone who has only just come, whom only that lobby lists
            timer.cancel()
            self._send_lobby()
        frame = encode(line)
        for q in list(self.conns):
            self._emit(q, frame)

    # ------------------------------------------------------------------ bots
    def _bot_level(self, seat: Seat) -> str | None:
        return seat.bot or ("normal" if seat.standin and seat.away else None)

    def _wake_bots(self) -> None:
        if self._closed:
            return
        for s in self.seats:  # (after every action: a plain loop is cheaper than any())
            if s.bot or s.standin:
                break
        else:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._drive_bots())
        self._wake.set()

    def _next_bot(self, m: Match) -> Seat | None:
        """A bot-played seat with something to do: first a seat with a move out of turn (the
        manual draw, which the next seat's play would take away), then the seat to act."""
        order = self.seats
        cur = m.current_seat
        if cur is not None:
            order = [s for s in self.seats if s.index != cur] + [self.seats[cur]]
        for seat in order:
            level = self._bot_level(seat)
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

    async def _drive_bots(self) -> None:
        """The one task per table that plays every bot seat, one move at a time."""
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            while not self._closed:
                m = self.match
                if m is None or m.is_over or self.status != "playing":
                    break
                seat = self._next_bot(m)
                if seat is None:
                    break
                await self._bot_pause(m, seat)
                level = self._bot_level(seat)
                if self.match is not m or m.is_over or level is None:
                    continue
                version = m.version
                legal = [str(a) for a in m.legal_actions(seat.index)]
                if not legal:
                    continue
                action = await choose_async(level, m.view(seat.index), legal, self._rng)
                if self.match is not m or m.version != version or self._bot_level(seat) is None:
                    continue  # someone acted meanwhile: think again
                try:
                    self._apply(seat.index, action)
                except Refused as r:
                    log.error("table %s: bot move %r refused: %s", self.id, action, r.message)
                    break

    def _off_turn_pending(self, m: Match, bot: Seat) -> bool:
        """A player (not a bot) at the table may act out of turn now: the engine offers it an
        action although another seat is to play (the contract's only such case is a manual draw)."""
        for s in self.seats:
            if s is not bot and s.conn is not None and self._bot_level(s) is None \
                    and s.index != m.current_seat and m.legal_actions(s.index):
                return True
        return False

    async def _bot_pause(self, m: Match, seat: Seat) -> None:
        """The bot pause; longer while a player may still act out of turn, which a bot's play
        would end (up to ``off_turn_window``, and no longer than the player takes)."""
        if seat.index != m.current_seat:
            return  # the bot's own out-of-turn action (its manual draw): taken at once, before anyone plays
        pause = self.server.bot_delay
        if self._off_turn_pending(m, seat):
            loop = asyncio.get_running_loop()
            start = loop.time()
            end = start + max(pause, self.server.off_turn_window)
            while loop.time() < end and not self._closed and self.match is m:
                if loop.time() - start >= pause and not self._off_turn_pending(m, seat):
                    return
                await asyncio.sleep(0.02)
            return
        if pause > 0:
            await asyncio.sleep(pause)

    # ------------------------------------------------------------------ match logs
    def _open_log(self, m: Match, seed: int) -> None:
        self._close_log(None)
        folder = self.server.logs_dir
        if folder is None:
            return
        c = self.config
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{c.game}-{self.id}-{seed & (1 << 64) - 1:016x}.jsonl"  # its log holds the whole seed
        try:
            # with its seed a log reveals every hand: only the host's user may read it
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
            self.log = MatchLog(path, app_version=app_version(), game=c.game, players=len(self.seats),
                                preset=c.preset, options=dict(m.options), seed=seed,
                                names=[s.name or "" for s in self.seats])
            self.log_path = path
        except OSError as e:  # a full or read-only disk costs the log, not the match
            log.error("table %s: cannot write the match log %s: %s", self.id, path, e)
            self.log = self.log_path = None

    def snapshot(self) -> bytes | None:
        """The match's snapshot, made once per version (the log and the autosave share it)."""
        m = self.match
        if m is None:
            return None
        cached = self._snap
        if cached is not None and cached[0] is m and cached[1] == m.version:
            return cached[2]
        data = m.snapshot()
        self._snap = (m, m.version, data)
        return data

    def _log_action(self, seat: int, action: str, m: Match) -> None:
        assert self.log is not None
        try:
            self.log.action(seat, action, m, self.snapshot())
        except OSError as e:
            log.error("table %s: match log %s stopped: %s", self.id, self.log.path, e)
            self.log.close()
            self.log = None

    def _close_log(self, m: Match | None) -> None:
        lg, self.log = self.log, None
        if lg is None:
            return
        try:
            if m is not None:
                lg.finish(m)
        except OSError as e:
            log.error("table %s: match log %s: %s", self.id, lg.path, e)
        lg.close()

    # ------------------------------------------------------------------ closing
    async def flush(self) -> None:
        """Wait for the pending save, if any (a clean shutdown keeps the latest state)."""
        if self.saver is not None:
            await self.saver.flush()

    def close(self) -> None:
        """Stop the table: no more moves, bots or timers (a pending save still completes)."""
        self._closed = True
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
            self._lobby_timer = None
        if self._start_timer is not None:
            self._start_timer.cancel()
            self._start_timer = None
        for seat in self.seats:
            seat.cancel_timers()
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._clock.close()

    def close_log(self) -> None:
        """Close the match log, unfinished: a resumed table continues it."""
        if self.log is not None:
            self.log.close()
            self.log = None

