"""One hosted table: its seats, lobby controls, the match and who is told what.

The table is the only place that applies actions to its ``Match`` (with the parts it holds:
the bots, ``net/botdriver.py``, move through it as a player does; its save and the headless
host's status line only read it). Every connection gets exactly
``Match.view(its seat)`` and ``Event.for_seat(its seat)`` (spectators: seat ``None``), as
frames built for it (``net/viewframes.py``).

With a ``save_path`` the table autosaves: every change marks it dirty and everything it sends
is held back until a save holding that change is on disk (see ``net/autosave.py``), so a host
killed at any moment never loses a move a player has already seen.
"""
from __future__ import annotations

import asyncio
import logging
import math
import random
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core import GAMES, IllegalAction, Match, new_match
from core.events import Event
from core.keyed_random import fresh_seed

from .autosave import Autosaver
from .awaylines import AwayLines
from .botdriver import BotDriver
from .bots import LEVELS, choose_async, takes_chance
from .handbreak import HAND_ENDS, NO_ONE, HandBreak
from .handsofar import HandSoFar
from .lobbypace import LobbyPace
from .logprune import prune_logs
from .matchlog import MatchLog
from .matchstart import Countdown, bots_only, not_ready
from .peer import Peer, Refused
from .protocol import encode
from .seat import Seat, adoptable
from .seatnames import and_list, bot_name, numbered, seats_named
from .stalls import JudgingTimer
from .tablechat import TableChat, system_line
from .tableconfig import SSHDoor, TableConfig, reconfigure, settle
from .tablelog import finish_log, log_action, open_log
from .turnclock import Key, TurnClock
from .viewframes import seat_frames, view_frame
from .watchers import Watchers

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("dealmein.net")

#: the most moves a bot makes for a player out of time in one turn: a turn is a play and the
#: draws before it, which the stock bounds well below this
CLOCK_MOVES = 200
#: turns in a row out of time after which a player's clock is the short one (``Server.away_clock``)
#: until they make a move themselves: one who walked away holds the others up less
AWAY_AFTER = 2

#: the table's line to its guests when the host's autosave starts failing
NOT_SAVED = ("The host's computer could not save this table: play goes on, but if the host stopped now, "
             "this match could not be brought back.")
#: and when it saves again
SAVED_AGAIN = "The host's computer saves this table again: if the host stopped now, this match could be brought back."


def next_seed(table_seed: int, last: int | None) -> int:
    """The seed of a table's next match, from its fixed seed and its last match's (None: the
    first match)."""
    return random.Random(table_seed if last is None else f"{table_seed}:{last}").getrandbits(64)


#: a match's name in the lobby and the save (``Table.match_id``)
MATCH_ID = re.compile(r"[0-9a-f]{16}")


class Table:
    def __init__(self, server: "Server", config: TableConfig) -> None:
        settle(config)
        self.server = server
        self.config = config
        self.id = secrets.token_hex(4)
        # hex: a key never starts with "-", which a command line would read as another flag
        self.host_key = secrets.token_hex(16)
        self.host_token: str | None = None
        self.seats = [Seat(i) for i in range(config.seats)]
        self.conns: set[Peer] = set()
        self.match: Match | None = None
        self.status = "lobby"
        #: the host's setups of this table (``configure``) so far: a ``ready`` that answered the
        #: lobby of an earlier one is refused, so that no one is ready for a setup never seen
        self.setup = 0
        self.actions = 0  # applied actions, for the benchmarks
        self.match_seed: int | None = None
        #: the match's own name in the lobby, random and kept in the save, so that an app tells
        #: two matches apart that ended alike at this table (its record counts each once)
        self.match_id: str | None = None
        self.log: MatchLog | None = None  # the match's (``net/tablelog.py``)
        self.log_path: Path | None = None
        #: told when a match's log cannot be written (``net/tablelog.py``): the host's app says so
        self.on_log_problem: list[Callable[[str], None]] = []
        #: why a resumed match's log could not be continued (the rest of it goes unlogged)
        self.log_problem: str | None = None
        self.saver: Autosaver | None = None
        #: which steps away and back are told in the chat (``net.awaylines``)
        self._away_lines = AwayLines()
        self._snap: tuple[Match, int, bytes] | None = None  # the latest snapshot, for log and save
        self._rng = random.Random(config.seed)
        self._bots = BotDriver(self, self._rng, self._apply)  # plays the bot seats
        #: a table without a playing host: the countdown to its match
        self._countdown = Countdown(self, self._start_match, self._say, self._broadcast_lobby)
        self._host_plays = False  # ``playing_host`` when the lobby last changed (``_tell_start_rule``)
        self._clock = TurnClock(self._move_for)  # the turn clock of the player to move
        #: after a hand's end, the bots wait for the players to read its results
        self._break = HandBreak(self._break_over, self._reads)
        #: the hand in play from its deal, for a connection that comes in mid-hand
        self.hand = HandSoFar()
        self._closed = False
        self._lobby_pace = LobbyPace(self._send_lobby, lambda: self.server.lobby_every)
        self.chat = TableChat()
        #: who watched when the save this table was resumed from was written: the host's own
        #: app, which comes back with the table, waits for them as the other apps at the table
        #: do (``tui.session``) rather than greet them as newcomers
        self.watchers_saved: list[str] = []
        self._watchers = Watchers()  # each connection's number at the table
        #: the players (seat and its token) who asked the playing host for a rematch since the
        #: match ended: told once each, taking ``ready`` back and giving it again says nothing more
        self._rematch_asked: set[tuple[int, str | None]] = set()
        #: the wins of players who got up to watch, or whose seats a smaller table took away, by
        #: token: sitting down again, they have them back (a seat's wins are its player's)
        self._wins_kept: dict[str, int] = {}
        #: the away seat whose wait for its turn (the takeover clock) the latest lobby told everyone
        #: of, and the seats whose players the bots wait for (the hand break): a wait that starts
        #: or ends sends the lobby again at once (``_tell_wait``)
        self._wait_told: tuple[int | None, frozenset[int]] = (None, NO_ONE)

    @property
    def chat_epoch(self) -> str:
        """What the chat's line numbers count under (``TableChat.epoch``), told in ``welcome``."""
        return self.chat.epoch

    # ------------------------------------------------------------------ lobby state
    def watching(self) -> list[Peer]:
        """The connections at the table without a seat."""
        return [p for p in self.conns if p.seat is None]

    def conn_number(self, p: Peer) -> int:
        """``p``'s number at this table (``net/watchers.py``), given now if it has none yet."""
        return self._watchers.number(p)

    def listed(self, watching: list[Peer] | None = None) -> list[Peer]:
        """The watchers the lobby names (``Watchers.listed``); ``watching``: ``watching()``,
        when the caller has it already."""
        return self._watchers.listed(self.watching() if watching is None else watching)

    def watcher_names(self) -> list[str]:
        """The names of the watchers the lobby names (``listed``), which the save keeps."""
        return [p.name for p in self.listed()]

    def lobby(self) -> dict[str, Any]:
        c = self.config
        by_host = self.playing_host() or bots_only(self.seats)
        watching = self.watching()
        listed = self.listed(watching)
        wait = self._wait()
        clock = self._clock_running()
        reading = self._break.reading()
        return {
            "table": self.id, "name": c.name, "game": c.game, "preset": c.preset,
            "options": dict(c.options), "status": self.status, "password": bool(c.password),
            "turn_time": c.turn_time,
            "grace": math.ceil(self.server.grace),  # a player who leaves or drops: how long the seat is kept
            # the most the bots wait for the players to read a hand's results (``seen``)
            "hand_break": math.ceil(self.server.hand_break),
            "spectators": len(watching),
            "watchers": [p.name for p in listed],
            "watcher_ids": [self.conn_number(p) for p in listed],
            "seats": [{"seat": s.index, "name": s.name, "bot": s.bot, "ready": s.ready, "wins": s.wins,
                       "connected": s.conn is not None or s.bot is not None,
                       "standin": s.standin and s.conn is None,
                       # connected, but the clock made their latest turns: they have the short one
                       "idle": s.conn is not None and s.missed >= AWAY_AFTER,
                       "stepped_away": s.stepped_away,
                       # the bots wait for this player to read the hand's results (the hand break)
                       "reading": s.index in reading,
                       # the seconds left, as this lobby is sent, before a bot plays the turn the
                       # table is holding for this away player (apps count it down)
                       "takeover": round(wait[1], 1) if wait is not None and wait[0] == s.index else None,
                       # the seconds left, as this lobby is sent, on the turn clock of this player,
                       # the one to move: apps that learn of the turn otherwise than from its view
                       # (the player is back at it) count from here
                       "clock": round(clock[1], 1) if clock is not None and clock[0] == s.index else None,
                       "host": s.token is not None and s.token == self.host_token,
                       "sent_away": s.sent_away if s.empty else None}
                      for s in self.seats],
            "start": "host" if by_host else "ready",
            "start_note": self._countdown.note(by_host),
            "setup": self.setup,
            **({"match": self.match_id} if self.match_id is not None else {}),
        }

    def playing_host(self) -> bool:
        """A connection holding the host key sits at the table: that player starts the matches.
        Otherwise (a headless table, or its host only watching or away) a match starts by
        itself once every seat is filled and every seated player is ready."""
        for s in self.seats:
            if s.conn is not None and s.conn.is_host:
                return True
        return False

    def keep_ssh(self, door: SSHDoor | None, password: str | None) -> None:
        """The SSH front door the table is served with and its made-up password, saved with the
        table (``TableConfig.ssh_door``, ``ssh_password``); None, None: served without SSH."""
        if (door, password) != (self.config.ssh_door, self.config.ssh_password):
            self.config.ssh_door, self.config.ssh_password = door, password
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
        said = self._countdown.check()  # a countdown started or called off says so itself
        counting = said is not None
        self._tell_start_rule(told=counting)
        at_once = counting or at_once
        self._changed()
        if not self._lobby_pace.changed(at_once) and to is not None:
            self._emit(to, self._lobby_frame())
        if said:  # after the lobby that says who got ready or up
            self._say(said)

    def _tell_start_rule(self, told: bool) -> None:
        """The host key's holder sat down or got up: the players were told in the chat, as they
        came, what starts the match, and that has changed (the lobby's note says it too). The
        holder, who did it, is not told."""
        plays = self.playing_host()
        if plays == self._host_plays:
            return
        self._host_plays = plays
        if told or self.status == "playing":
            return
        line = system_line(self._countdown.note(plays))
        for p in [p for p in self.conns if not p.is_host]:
            self._emit(p, line)

    def _lobby_frame(self) -> bytes:
        return encode({"type": "lobby", "lobby": self.lobby()})

    def _send_lobby(self) -> None:
        self._wait_told = self._waits()
        frame = self._lobby_frame()
        for p in list(self.conns):
            self._emit(p, frame)
        self.server._notify(self)

    def _shown_names(self) -> list[str]:
        """The seats' names as the lobby shows them: repeated ones numbered ("Normal bot 2")."""
        return numbered([s.name or "" for s in self.seats])

    def _seat_shown(self, seat: Seat) -> str:
        """``seat``'s name as the lobby and the log show it ("Ana 2"; "Seat 3" without one)."""
        return self._shown_names()[seat.index] or f"Seat {seat.index + 1}"

    def _note(self, what: str, *args: Any) -> None:
        """A line for the host's log (a headless host's terminal): who came, went, and won.
        Names were cleaned of control characters as they came in (``clean_text``)."""
        log.info("table %s: " + what, self.config.name, *args)

    def _say(self, text: str, to: Peer | None = None) -> None:
        """A line from the table itself in the chat: to ``to``, or to everyone."""
        frame = system_line(text)
        for p in [to] if to is not None else list(self.conns):
            self._emit(p, frame)

    def _say_of(self, seat: Seat, theirs: str, others: str | None) -> None:
        """A line from the table about ``seat``: ``theirs`` to its player, ``others`` to
        everyone else (None: to no one else)."""
        own, rest = system_line(theirs), None if others is None else system_line(others)
        for p in list(self.conns):
            frame = own if p.seat == seat.index else rest
            if frame is not None:
                self._emit(p, frame)

    def not_saved(self, problem: str) -> None:
        """The host could not save the table (a full disk): its guests are told that a match
        here could not be brought back if the host stopped (and each guest who comes while
        saves still fail, as it comes); the host hears of it from its own app or terminal, with
        the reason (which names its files, so it stays there)."""
        self._tell_guests(NOT_SAVED)

    def saved_again(self) -> None:
        """A save was written after failing: the guests told it could not be are told it can."""
        self._tell_guests(SAVED_AGAIN)

    def _tell_guests(self, text: str) -> None:
        """A line from the table to every connection but the host's app (which has its own words
        for it); a headless host's host-key player is a guest here."""
        frame = system_line(text)
        for p in list(self.conns):
            if self._guest(p):
                self._emit(p, frame)

    def _guest(self, p: Peer) -> bool:
        return not (p.is_host and self.server.host_in_app)

    def _welcome(self, p: Peer) -> None:
        self._changed()  # a seat and its token: told only once saved
        self._emit(p, encode({"type": "welcome", "table": self.id, "seat": p.seat, "token": p.token,
                              "host": p.is_host, "chat": self.chat_epoch, "number": self.conn_number(p)}))
        if self.saver is not None and self.saver.problem is not None and self._guest(p):
            self._say(NOT_SAVED, to=p)  # saving failed before this guest came: told as it comes

    def _forget_chat(self, moved: list[Peer] | None = None) -> None:
        """Once no player is left in a seat (here or away with the seat held: bots and watchers
        do not count), no one is left who could have heard the lines kept: the next group to
        sit down is not shown them. The numbering starts afresh under a new ``chat_epoch``,
        which every connection still here (the watchers) is told in a ``welcome``, or its app
        would take the new first lines for ones it has passed on. ``moved``: connections whose
        seat has just changed, welcomed again either way (once: with everyone, if it forgot)."""
        if any(s.token is not None for s in self.seats) or not self.chat.forget():
            for q in moved or []:
                self._welcome(q)
            return
        for q in list(self.conns):
            self._welcome(q)

    def _say_earlier(self, p: Peer) -> None:
        """The chat so far, to a connection that has just joined, each line marked ``earlier``."""
        for frame in self.chat.earlier():
            self._emit(p, frame)

    def _send_view(self, p: Peer, events: list[Event] | None = None) -> None:
        """The view of the match in play, or just over, to ``p`` as it joins; none once a new
        setup has put the table back in its lobby (the lobby alone then)."""
        if self.match is not None and self.status != "lobby":
            s = p.seat
            if s is not None and (s >= self.match.players or self.status != "playing" and not self.seats[s].played):
                # a seat added after this (finished) match, or taken since by someone who did not
                # play it: watch it (its last hand was the one who left's)
                s = None
            view = self.match.view(s)
            clock = self._clock.left() if self.status == "playing" else None
            told = [e.for_seat(s) for e in events or ()]
            # come in mid-hand: the hand so far, as this seat was told it (a watcher: as one);
            # after the match: its last hand, which ended it
            earlier = self.hand.told(s) if not events and self.status in ("playing", "finished") else None
            try:
                frame = view_frame(view, None, told, clock, earlier)
            except ValueError:  # too long to go with the view: the view alone
                frame = view_frame(view, None, told, clock)
            self._emit(p, frame)
            if p.deltas:
                p.view_sent = view

    def _send_views(self, events: list[Event], for_player: bool = False) -> None:
        m = self.match
        assert m is not None
        self._changed()
        self.hand.add(m.version, events, for_player)
        limit = self._clock_limit()
        out = seat_frames(m, list(self.conns), events, self.id,
                          limit if limit is not None and limit < self.config.turn_time else None, for_player)
        # every frame is built before the first is written: the writes go out together, so the
        # players' apps wake once for all of them
        for p, frame, view in out:
            if p.deltas:
                p.view_sent = view
            self._emit(p, frame)

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
            self._arm_clock()  # back at a seat that is to move: what was left of its clock runs on
            self._bots.wake()  # a connection replaced reads no results the bots would wait for
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
            self._say(self._countdown.note(False), p)
        if lost is not None:  # else back as a watcher with no word of why
            self._say(f"You were away longer than {self.server.grace:g} s: a bot plays your seat "
                      f"(seat {lost.index + 1}) for the rest of this match; you can sit down again when it ends.", p)

    def leave(self, p: Peer, clean: bool) -> None:
        """A connection went away. A human's seat is held for the grace period."""
        here = p in self.conns  # not one the table already let go (sent away, or replaced)
        self.conns.discard(p)
        self._watchers.drop(p)
        if self._closed:
            return
        i = p.seat
        if i is not None and self.seats[i].conn is p:
            seat = self.seats[i]
            seat.conn = None
            kept = f"the seat is kept {self.server.grace:g} s"
            if self.status == "playing":
                if seat.stepped_away:
                    kept = "the seat is kept to the match's end (they stepped away)"
                self._hold_seat(seat)
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
                self._hold_seat(seat)
                self._note("%s drops from seat %d: %s", p.name, i + 1, kept)
        elif i is None and here:
            self._note("%s stops watching", p.name)
        self._broadcast_lobby()

    def resume(self) -> None:
        """After a restore: hold the players' seats for the grace period while their apps
        reconnect, and let the bots and the takeover clock carry on."""
        for seat in self.seats:
            if seat.away and self.status != "playing":
                seat.ready = False  # as for a player who drops from the lobby: said again on return
            if seat.away and seat.grace_timer is None:
                self._hold_seat(seat)
        if self.status == "playing":
            self._after_change()

    def _hold_seat(self, seat: Seat) -> None:
        """Keep an away player's seat for the grace period (``--grace``): ``_grace_over`` then
        decides what becomes of it."""
        seat.grace_timer = JudgingTimer(self.server.grace, self._grace_over, seat)

    def _grace_over(self, seat: Seat) -> None:
        """The away player did not come back: a bot keeps the seat in play, else it is freed."""
        seat.grace_timer = None
        if seat.conn is not None:
            return
        if self.status == "playing" and seat.stepped_away:
            # they said they would be back, and the bot plays for them meanwhile: the seat stays
            # theirs, however long they are gone, until the match ends (a laptop shut, an SSH
            # session cut off, whose app says goodbye as it is hung up on); the lobby's grace
            # runs from then
            self._note("%s is still away: seat %d stays theirs, a bot playing it", seat.name, seat.index + 1)
            return
        if self.status == "playing":
            seat.cancel_timers()
            seat.bot, seat.token, seat.gone, seat.standin, seat.keeper = "normal", None, seat.token, False, True
            self._note("%s did not come back: a bot keeps seat %d for the rest of the match", seat.name, seat.index + 1)
            self._bots.wake()
        else:
            self._note("%s did not come back: seat %d is open", seat.name, seat.index + 1)
            seat.clear()
        self._forget_chat()
        self._broadcast_lobby()

    def _watch_away(self) -> None:
        """Start the takeover clock for away seats that now have something to do: no longer
        than the turn clock, where the table has one, since that is as long as it means a
        player to hold up the others (a player who dropped is the likeliest to)."""
        m = self.match
        if m is None or m.is_over:
            return
        wait = self.server.takeover
        if self.config.turn_time:
            wait = min(wait, self.config.turn_time)
        # a player who drops in mid-turn has what was left of that turn's clock, not a new one
        # (this runs before the clock is stopped for the seat gone away)
        left = self._clock.left() if self._clock.key == (m.current_seat, m.version) else None
        for seat in self.seats:
            # (one who stepped away has had a bot playing for them all along: none takes over)
            if seat.conn is None and seat.away and not seat.standin and not seat.stepped_away \
                    and seat.takeover_timer is None and m.legal_actions(seat.index):
                here = min(wait, left) if left is not None and seat.index == m.current_seat else wait
                seat.takeover_timer = JudgingTimer(here, self._take_over, seat)

    def _take_over(self, seat: Seat) -> None:
        seat.takeover_timer = None
        if seat.away:
            self._note("a bot plays seat %d until %s returns", seat.index + 1, seat.name)
            seat.standin = True
            self._bots.wake()
        self._tell_wait()

    def _wait(self) -> tuple[int, float] | None:
        """The away seat whose turn the table is holding (its takeover clock runs) and the
        seconds until a bot plays for it; None while the table waits for no one. Only the seat
        to move: whose turn it is is public, whereas an away seat's chance to act out of turn
        (a manual draw) could tell something of what it holds."""
        m = self.match
        if m is None or m.is_over or self.status != "playing" or m.current_seat is None:
            return None
        seat = self.seats[m.current_seat]
        if not seat.away or seat.stepped_away:  # stepped away: the bot plays at once, no wait
            return None
        left = seat.takeover_left()
        return None if left is None else (seat.index, left)

    def _clock_running(self) -> tuple[int, float] | None:
        """The seat whose turn clock runs and the seconds it has left; None while none runs."""
        m, key, left = self.match, self._clock.key, self._clock.left()
        if m is None or key is None or left is None or key != (m.current_seat, m.version):
            return None
        return key[0], left

    def _waited(self) -> int | None:
        """The seat of ``_wait``, or None."""
        wait = self._wait()
        return None if wait is None else wait[0]

    def _waits(self) -> tuple[int | None, frozenset[int]]:
        """Whom the table waits for: the seat of ``_wait``, and the players reading a hand's
        results (the hand break)."""
        return self._waited(), self._break.reading()

    def _tell_wait(self) -> None:
        """A wait for an away player's turn started, or ended (a bot took over, or the turn
        passed), or one for players reading a hand's results: the lobby goes to everyone at
        once, after the views that led to it, so that the others' apps count the wait down, or
        stop, as it happens. (A player coming back, or a seat freed, sends the lobby anyway.)"""
        if self._waits() != self._wait_told:
            self._broadcast_lobby(at_once=True)

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
        """``p`` sits in ``seat``, with the wins it had in the seat it moves from (or before it got
        up to watch): the matches it won at this table go with it."""
        wins = self._wins_kept.pop(p.token, 0) if p.token is not None else 0
        if p.seat is not None:
            wins = self.seats[p.seat].wins
            self.seats[p.seat].clear()
        seat.clear()
        seat.name, seat.token, seat.conn, seat.wins = p.name, p.token, p, wins
        p.seat = seat.index
        if p.is_host:
            self.host_token = p.token

    def _host_seated(self) -> bool:
        return self.host_token is not None and any(s.token == self.host_token for s in self.seats)

    def _unseat(self, p: Peer) -> None:
        if p.seat is not None:
            self._keep_wins(self.seats[p.seat])
            self.seats[p.seat].clear()
            p.seat = None

    def _keep_wins(self, seat: Seat) -> None:
        """A player leaves ``seat`` but not the table (to watch): its wins wait for its return."""
        if seat.token is not None and seat.wins:
            self._wins_kept[seat.token] = seat.wins

    def _on_sit(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        seat = self._seat_at(msg["seat"])
        if seat.conn is p:
            return
        if not seat.empty:
            raise Refused("taken", f"seat {seat.index + 1} is taken")
        was = p.seat
        self._seat(p, seat)
        if was is None:
            self._note("%s sits down in seat %d", p.name, seat.index + 1)
        else:
            self._note("%s moves from seat %d to seat %d", p.name, was + 1, seat.index + 1)
        self._welcome(p)
        self._broadcast_lobby(to=p)

    def _on_stand(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        if p.seat is not None:
            self._note("%s stands up from seat %d and watches", p.name, p.seat + 1)
        self._unseat(p)
        self._forget_chat(moved=[p])
        self._broadcast_lobby(to=p)

    def _on_ready(self, p: Peer, msg: dict[str, Any]) -> None:
        self._in_lobby()
        if p.seat is None:
            raise Refused("not_seated", "take a seat first")
        seat = self.seats[p.seat]
        if msg["ready"] and msg.get("setup") is not None and msg["setup"] != self.setup:
            raise Refused("stale_setup", "the host set the table up anew as that came: look at it, "
                                         "and say ready again")
        asks = (msg["ready"] and not seat.ready and self.status == "finished" and not p.is_host
                and self.playing_host() and (seat.index, seat.token) not in self._rematch_asked)
        seat.ready = msg["ready"]
        self._broadcast_lobby(to=p)
        if asks:  # the host starts the rematch without it: a player's ready after a match asks for one
            self._rematch_asked.add((seat.index, seat.token))
            self._say_of(seat, "You asked for a rematch: the host starts it.",
                         f"{seats_named([seat.index], self._shown_names())} would like a rematch.")

    def _on_configure(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        c = self.config
        game = c.game
        try:
            reconfigure(c, len(self.seats), msg)
        except ValueError as e:
            raise Refused("bad_config", str(e)) from None
        if c.game != game:
            for seat in self.seats:
                seat.wins = 0  # matches won at another game are no score at this one
            self._wins_kept.clear()
        seats = c.seats
        was_status, was_seats = self.status, len(self.seats)
        ready = {s.index for s in self.seats if s.bot is None and s.ready and s.conn is not None}
        unseated: list[str] = []  # what became of the players whose seats went, for everyone
        if seats != len(self.seats):
            moved: list[Peer] = []  # players whose seats went: they watch now
            shown = self._shown_names()
            for seat in self.seats[seats:]:
                if seat.conn is not None:
                    seat.conn.seat = None
                    moved.append(seat.conn)
                    unseated.append(f"{seats_named([seat.index], shown)} watches now")
                elif seat.token is not None:  # away: back, they find no seat and may take one
                    unseated.append(f"{seats_named([seat.index], shown)}, who is away, has no seat now")
                self._keep_wins(seat)
                seat.clear()
            self.seats = self.seats[:seats] + [Seat(i) for i in range(len(self.seats), seats)]
            self._forget_chat(moved)
        for seat in self.seats:
            seat.ready = seat.bot is not None
        self.setup += 1
        unready = sorted(i for i in ready if i < len(self.seats))  # (those whose seats went watch now)
        self.status = "lobby"  # after a finished match: back to the lobby for the new setup
        self._broadcast_lobby(to=p)
        # the apps tell who got up or is no longer ready only between lobbies of one shape and
        # status: a table whose seats changed in number, or that leaves a match's end, is told here
        if seats != was_seats:
            self._tell_setup(f"The table has {seats} seats now", unseated, unready)
        elif was_status == "finished":
            self._tell_setup("The host set the table up anew", [], unready)

    def _tell_setup(self, head: str, unseated: list[str], unready: list[int]) -> None:
        """After a new setup: what became of the players whose seats went, and who is no longer
        ready (the setup clears it), "you" to that player; nothing if neither."""
        shown = self._shown_names()
        for peer in list(self.conns):
            others = [shown[i] or f"seat {i + 1}" for i in unready if i != peer.seat]
            parts = list(unseated)
            if others:
                parts.append(f"{and_list(others)} {'is' if len(others) == 1 else 'are'} no longer ready")
            if peer.seat in unready:
                parts.append("you are no longer ready")
            if parts:
                self._emit(peer, system_line(f"{head}: {'; '.join(parts)}."))

    def _on_add_bot(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        before = self._seat_at(msg["seat"]).bot
        self.add_bot(msg["seat"], msg["level"], to=p)
        if before is None:
            self._note("the host puts a bot in seat %d (%s)", msg["seat"] + 1, msg["level"])
        elif before != msg["level"]:
            self._note("the host makes the bot in seat %d %s", msg["seat"] + 1, msg["level"])

    def add_bot(self, index: int, level: str, to: Peer | None = None) -> None:
        """Put a bot of ``level`` in an empty seat (also used by the headless host); ``to``, the
        host who asked, sees it at once (B, B, B reads each bot before the next)."""
        if level not in LEVELS:
            raise Refused("bad_level", f"bot levels are {', '.join(LEVELS)}")
        seat = self._seat_at(index)
        if not seat.empty and seat.bot is None:
            raise Refused("taken", f"seat {index + 1} is taken by a player")
        seat.clear()
        seat.bot, seat.name, seat.ready = level, self._bot_name(level), True
        self._broadcast_lobby(to=to)

    def _bot_name(self, level: str) -> str:
        """A name no other seat has ("Normal bot", then "Normal bot 2"), kept while the bot sits
        there: a bot taken away does not renumber the others, whose wins stay by their names."""
        taken = {s.name for s in self.seats}
        return next(name for name in (bot_name(level, n) for n in range(1, len(self.seats) + 2))
                    if name not in taken)

    def _on_remove_bot(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        seat = self._seat_at(msg["seat"])
        if seat.bot is None:
            raise Refused("bad_seat", f"seat {seat.index + 1} has no bot")
        seat.clear()
        self._note("the host takes the bot from seat %d", seat.index + 1)
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
        self.chat.drop(seat.index, seat.name)
        if self.status == "playing":
            name = seat.name
            seat.clear()
            seat.bot, seat.name, seat.ready, seat.keeper = "normal", name, True, True
            self._bots.wake()
            self._arm_clock()
        else:
            name = seat.name
            seat.clear()
            seat.sent_away = name
        if victim is not None:
            victim.seat = None
            self.conns.discard(victim)
            victim.close("kicked", "the host removed you from the table")
        self._forget_chat()  # a host who only watches sent the last player away
        self._broadcast_lobby(to=p)

    def _on_start(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        self._in_lobby()
        problem = not_ready(self.seats, p)
        if problem is not None:
            raise Refused("not_ready", problem)
        self._start_match()

    def _on_rematch(self, p: Peer, msg: dict[str, Any]) -> None:
        self._host_only(p)
        if self.status != "finished":
            raise Refused("not_finished", "a rematch starts once the match is over")
        for seat in self.seats:
            if seat.empty:
                raise Refused("not_ready", f"seat {seat.index + 1} is empty: add a bot or wait for a player")
        if not self.playing_host():  # a key holder who only watches: as its ``start``, everyone ready
            problem = not_ready(self.seats, p)
            if problem is not None:
                raise Refused("not_ready", problem)
        self._start_match()

    def _on_chat(self, p: Peer, msg: dict[str, Any]) -> None:
        line = self.chat.said(p, msg["text"], self.conn_number, playing=self.status == "playing")
        # the lobby held back (``lobby_every``) goes first: the line's seat or watcher number
        # may name someone who has only just come, whom only that lobby lists
        self._lobby_pace.send_held()
        frame = encode(line)
        for q in list(self.conns):
            self._emit(q, frame)

    # ------------------------------------------------------------------ the match
    def _start_match(self) -> None:
        self._countdown.cancel()  # a host's start overtakes it
        self._rematch_asked.clear()
        c = self.config
        # every match has a seed, so that its log replays it: a secret one that deals with the
        # keyed generator (rules README, "Shuffling"), or, from a fixed table seed (tests,
        # benchmarks, --seed), a repeatable sequence of 64-bit ones, each from the table's seed
        # and the last match's (both in the save: a resumed table deals on, not again)
        seed = fresh_seed() if c.seed is None else next_seed(c.seed, self.match_seed)
        try:
            self.match = new_match(c.game, len(self.seats), c.preset, c.options, seed=seed)
        except ValueError as e:
            raise Refused("bad_config", str(e)) from None
        self.match_seed = seed
        self.match_id = secrets.token_hex(8)
        self.hand.clear()
        self._break.stop()
        self._open_log(self.match, seed)
        self.status = "playing"
        for seat in self.seats:
            seat.played = True
            seat.missed, seat.stepped_away = 0, False
        # by seat, as every other line of the log, and numbered as the lobby numbers them:
        # bots of one level share a name
        self._note("the match starts: %s (%s), %s", GAMES[c.game].name, c.preset,
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
        seat = self.seats[p.seat]
        idle, seat.missed = seat.missed >= AWAY_AFTER, 0  # back: the whole clock from the next turn
        back = seat.stepped_away  # a move of their own: they are back
        if back:
            self._step_away(seat, False)
        elif idle:  # before the views this move sends: it reads as theirs, not an idle seat's
            self._broadcast_lobby(at_once=True)
        read = self._break.seen(p.seat, p)  # a move of their own: they are past the results
        try:
            self._apply(p.seat, msg["action"])
        except Refused:
            # refused, but back all the same (the bot stops, their clock runs), or past the
            # hand's results (the bots wait for them no longer)
            if back or read:
                self._after_change()
            raise

    def _on_away(self, p: Peer, msg: dict[str, Any]) -> None:
        if p.seat is None:
            raise Refused("not_seated", "only a player in a seat can step away")
        if self.status != "playing" or self.match is None:
            raise Refused("not_playing", "there is no match in play to step away from")
        seat = self.seats[p.seat]
        if seat.stepped_away != msg["away"]:
            self._step_away(seat, msg["away"])
            self._after_change()  # the bot plays at once, or the player's clock runs again

    def _step_away(self, seat: Seat, away: bool) -> None:
        """A player steps away from the match in play, a ``normal`` bot playing their seat at
        once (no clock to wait out), or comes back; the table says so and the lobby marks it
        before any move that follows."""
        seat.stepped_away, seat.missed = away, 0
        name = self._seat_shown(seat)
        if self._away_lines.tell(seat.index, away):  # toggled over and over: the lobby alone shows it
            self._note("%s %s", name, "steps away: a bot plays their seat" if away else "is back")
            if away:
                self._say_of(seat, "You are away: a bot plays your seat until you are back.",
                             f"{name} is away: a bot plays for them until they are back.")
            else:
                self._say_of(seat, "You are back: your moves are yours again.", f"{name} is back.")
        self._broadcast_lobby(at_once=True)

    def _apply(self, seat: int, action: str, for_player: bool = False) -> None:
        """``seat``'s ``action``; ``for_player``: a bot made it for the player there (out of time
        on the clock), as it does for an away player's stand-in."""
        m = self.match
        assert m is not None
        chair = self.seats[seat]
        for_player = for_player or (chair.token is not None and (chair.standin and chair.conn is None
                                                                  or chair.stepped_away))
        try:
            events = m.apply(action, seat)
        except IllegalAction as e:
            raise Refused("illegal", str(e)) from None
        self.actions += 1
        if self.log is not None:
            self.log = log_action(self.log, self.id, seat, action, m, self.snapshot(), for_player, self._log_failed)
        self._send_views(events, for_player)
        if not m.is_over and any(e.kind in HAND_ENDS for e in events):
            self._start_break(m)
        if m.is_over:
            self._break.stop()
            lg, self.log = self.log, None
            if lg is not None:
                finish_log(lg, self.id, m, self._log_failed)
            self.status = "finished"
            for w in m.winners:
                self.seats[w].wins += 1
            # a seat a bot kept for a player gone for good won for no one there: not "Ana won"
            shown = [f"a bot for {name}" if seat_.keeper and name else name
                     for seat_, name in zip(self.seats, self._shown_names())]
            self._note("the match is over: %s won", seats_named(m.winners, shown) or "no one")
            for seat_ in self.seats:
                if seat_.keeper:  # its player is gone: the seat opens for whoever comes next
                    self._note("seat %d is open", seat_.index + 1)
                    seat_.clear()
                seat_.ready = seat_.bot is not None
                seat_.stepped_away = False  # the match they stepped away from is over
                seat_.missed = 0  # and with it the turns it took from them: idle no more
                if seat_.away and seat_.grace_timer is None:  # kept while away past the grace: from now
                    self._hold_seat(seat_)
            self._broadcast_lobby(at_once=True)
            if not self.playing_host() and any(s.token is not None for s in self.seats):
                self._say(self._countdown.note(False))
        self._after_change()

    def _after_change(self) -> None:
        self._watch_away()
        self._bots.wake()
        self._arm_clock()
        self._tell_wait()

    # ------------------------------------------------------------------ the hand break
    def _start_break(self, m: Match) -> None:
        """A hand is over and the next one dealt: the bots wait for the players here to read its
        results (``net/handbreak.py``): each connected player still in the match who plays their
        own seat, whose app said in its ``hello`` that it tells when (an older app, a test's
        client, is not waited for). No bot to hold, no break."""
        if not any(s.bot_level is not None for s in self.seats):
            self._break.stop()
            return
        # a player out of the match has no part in the hands to come: theirs go on without them
        readers = {s.index: s.conn for s in self.seats
                   if s.conn is not None and self._reads(s.index, s.conn) and not m.status(s.index)["out"]}
        self._break.start(m.hand_number, readers, self.server.hand_break)

    def _reads(self, index: int, p: Peer) -> bool:
        """``p`` still sits at seat ``index`` playing it, its app telling when its player has read
        a hand's results: the bots wait for it. One who dropped, stepped away or left does not
        hold them up, nor one idle on the turn clock (out of time turn after turn: the clock's
        bot plays for them), nor a connection that has taken the seat over since."""
        seat = self.seats[index]
        return seat.conn is p and p.hand_break and seat.bot_level is None and seat.missed < AWAY_AFTER \
            and not self._closed

    def bots_held(self) -> bool:
        """The bots wait for players reading a hand's results (``BotDriver``)."""
        return self._break.holds

    def _break_over(self) -> None:
        """The break's time is up: the bots go on, and everyone is told the wait is over."""
        self._bots.wake()
        self._tell_wait()

    def _on_seen(self, p: Peer, msg: dict[str, Any]) -> None:
        """The player has read the results of the hands before hand ``hand`` (they closed the box,
        or their app showed none). One the bots were not waiting for changes nothing, and is no
        error either: an app may say it after the break has ended."""
        if p.seat is not None and self._break.seen(p.seat, p, msg["hand"]):
            self._bots.wake()
            self._tell_wait()

    # ------------------------------------------------------------------ the turn clock
    def _arm_clock(self) -> None:
        """Start the turn clock (``turn_time``) when a player at the table is to move, so that one
        player who has stepped away does not hold up the others; an away seat has the takeover
        clock instead, and a bot's seat none."""
        m = self.match
        limit = self._clock_limit()
        key = None
        if limit is not None and m is not None and m.current_seat is not None:
            key = (m.current_seat, m.version)
        self._clock.arm(key, limit or 0)

    def _clock_limit(self) -> float | None:
        """The clock of the turn now in play: the table's ``turn_time``, or the short clock
        (``Server.away_clock``) for a player out of time on ``AWAY_AFTER`` turns in a row;
        None where no clock runs (none set, no match in play, a bot's or an away seat's turn)."""
        m = self.match
        limit = self.config.turn_time
        if not limit or m is None or m.is_over or self.status != "playing" or self._closed:
            return None
        cur = m.current_seat
        if cur is None:
            return None
        seat = self.seats[cur]
        if seat.conn is None or seat.bot_level is not None:
            return None
        return min(limit, self.server.away_clock) if seat.missed >= AWAY_AFTER else limit

    async def _move_for(self, key: Key) -> None:
        """The player to move ran out of time: a ``normal`` bot finishes their turn, every move
        they would make before another seat's play (a Crazy Eights draw and the play it finds, a
        Ninety-Nine play and its manual draw), so that a player who stepped away holds the table
        up once a turn, not once a move; the next hand is theirs again."""
        m = self.match
        index, version = key
        if m is None or m.is_over or (m.current_seat, m.version) != key:
            return
        seat = self.seats[index]
        hand = m.hand_number
        for made in range(CLOCK_MOVES):
            legal = [str(a) for a in m.legal_actions(index)]
            if not legal or seat.conn is None or seat.bot_level is not None:
                return
            if m.current_seat != index and not takes_chance("normal", m.view(index), legal, self._rng):
                return  # the move out of turn (a manual draw) that a bot may let pass
            action = await choose_async("normal", m.view(index), legal, self._rng)
            if self._closed or self.match is not m or m.version != version or seat.conn is None:
                return  # they moved meanwhile, or went away (the takeover clock has the seat now)
            if not made:
                self._out_of_time(seat)
            try:
                self._apply(index, action, for_player=True)
            except Refused as r:
                log.error("table %s: the turn clock's move %r refused: %s", self.id, action, r.message)
                return
            if m.is_over or m.hand_number != hand or not m.legal_actions(index):
                return
            version = m.version
            if m.current_seat == index:  # still their turn: at the bots' pace, so the others follow it
                await asyncio.sleep(self.server.bot_delay)
                if self._closed or self.match is not m or m.version != version:
                    return

    def _out_of_time(self, seat: Seat) -> None:
        """Count the turn the clock takes from the player and tell everyone that the bot moves
        for them; on the turn that makes their clock the short one, that it is, and till when.
        After that the others are told no more (the lobby marks the seat idle: a line a turn
        would crowd the chat out), the player still is, to read what went by once back."""
        seat.missed += 1
        theirs = "You ran out of time: a bot moved for you."
        name = self._seat_shown(seat)
        others = None if seat.missed > AWAY_AFTER else f"{name} ran out of time: a bot moved for them."
        short = self.server.away_clock
        if seat.missed == AWAY_AFTER and short < self.config.turn_time:
            row = f" That is {AWAY_AFTER} turns in a row:"
            theirs += f"{row} you have {short:g} s a move until you make one yourself."
            others = f"{others}{row} they have {short:g} s a move until they make one."
        self._say_of(seat, theirs, others)
        if seat.missed == AWAY_AFTER:
            self._broadcast_lobby(at_once=True)  # idle now, before the move the bot makes

    # ------------------------------------------------------------------ match logs
    def _open_log(self, m: Match, seed: int) -> None:
        self.close_log()
        folder = self.server.logs_dir
        if folder is not None:
            self.log, self.log_path = open_log(folder, self.id, self.config, m, seed,
                                               [s.name or "" for s in self.seats], self._log_failed)
            if self.log is not None:
                prune_logs(folder)

    def log_syncer(self) -> Callable[[], None] | None:
        """What puts the match's log on disk before a save that says where it ends
        (``MatchLog.syncer``); None with no log open."""
        if self.log is None:
            return None
        try:
            return self.log.syncer()
        except OSError as e:  # no descriptor to spare: the save is worth more than the order
            log.warning("table %s: match log %s not synced: %s", self.id, self.log.path, e)
            return None

    def _log_failed(self, problem: str) -> None:
        """The match's log could not be written (a full or read-only disk): play goes on, and
        the host's app is told (``on_log_problem``), this match not to be replayed."""
        for tell in list(self.on_log_problem):
            tell(problem)

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

    # ------------------------------------------------------------------ closing
    async def flush(self) -> None:
        """Wait for the pending save, if any (a clean shutdown keeps the latest state)."""
        if self.saver is not None:
            await self.saver.flush()

    def close(self) -> None:
        """Stop the table: no more moves, bots or timers (a pending save still completes)."""
        self._closed = True
        self._lobby_pace.close()
        self._countdown.close()
        for seat in self.seats:
            seat.cancel_timers()
        self._break.stop()
        self._bots.close()
        self._clock.close()

    def close_log(self) -> None:
        """Close the match log, unfinished: a resumed table continues it."""
        if self.log is not None:
            self.log.close()
            self.log = None

