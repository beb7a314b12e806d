"""The client library the TUI, the tests and the benchmarks use to sit at a table.

``TableClient.connect`` does the handshake and returns once welcomed. Everything the host sends
arrives as an update dict (``updates()``), and the latest lobby and view are kept on the client.
A dropped connection is re-established with back-off, presenting the reconnect token.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import socket
import time
from typing import Any, AsyncIterator, Callable

from core.viewcheck import events_problem, view_problem

from .addresses import host_port
from .lobbycheck import lobby_problem
from .chatcarry import ChatCarry
from .protocol import (CHAT_LEN, PROTOCOL_VERSION, SERVER_MESSAGES, SILENT_BEATS, FrameProtocol, FrameReader,
                       ProtocolError, check, clean_text, decode_body, encode, password_proof)
from .stalls import RECHECK, overslept

__all__ = ["TableClient", "ConnectError", "app_version", "RECONNECT_FOR", "HEARTBEAT"]

log = logging.getLogger("dealmein.net")

#: seconds a client tries to come back to its table after losing it (``reconnect_for``'s default)
RECONNECT_FOR = 120.0
#: the heartbeat an app joining another's table promises (``net.protocol.SILENT_BEATS`` of them
#: without a frame and the host takes it for gone): a frozen app, or a laptop shut, is a drop
#: in 30 s, its seat then played by a bot after the takeover wait, not held for good
HEARTBEAT = 10

#: error codes after which reconnecting cannot help
FATAL = frozenset({"version", "bad_password", "bad_host_key", "private", "no_table", "kicked", "replaced",
                   "full", "locked", "bad_view", "bad_lobby"})  # bad_view, bad_lobby: coming back would bring them again
#: refusals that end a first join but not a way back to a held seat: a host full of idle
#: connections sheds them within its handshake deadline, so trying again shortly can work
PASSING = frozenset({"full"})


@functools.cache
def app_version() -> str:
    """Read from the package metadata once per process (an SSH session forked from the app
    zygote reuses the zygote's reading)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dealmein")
    except PackageNotFoundError:
        return "0.0.0"


def unreachable_reason(e: BaseException, timeout: float) -> str:
    """Why a connection did not open, in words a player can act on (not the socket's errno)."""
    if isinstance(e, ConnectionRefusedError):
        return "nothing answers on that port (connection refused): is the table open, and is that its port?"
    if isinstance(e, (asyncio.TimeoutError, TimeoutError)):
        return f"no answer within {timeout:g} s (a firewall, or a host that is not there)"
    if isinstance(e, socket.gaierror):
        return "no such host name"
    return getattr(e, "strerror", None) or str(e) or type(e).__name__


class ConnectError(Exception):
    """The host refused us (``code`` as in error messages) or could not be reached. Its text is
    the ``message`` only: it is shown to the player as it is, and the code is for the app."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _check_view(view: Any, events: Any, changed: Any = None) -> None:
    """A view (or its events) the app could not draw ends the connection here, with the reason,
    before any screen reads it (``core.viewcheck``); after a delta only its ``changed`` keys."""
    problem = view_problem(view, changed) or events_problem(events, view["players"])
    if problem:
        raise ProtocolError("bad_view", f"the host sent a table this app cannot show ({problem})")


#: how an SSH server's first bytes read as a frame's length ("SSH-2.0-..."): a player who
#: typed a table's SSH port into Join
SSH_BANNER = b"SSH-"


#: errors of bytes that are no frames of this protocol at all (not a message this app cannot
#: use: a lobby it cannot show is said as such)
NOT_FRAMES = frozenset({"too_large", "bad_frame"})


def not_a_table(host: str, port: int, e: ProtocolError) -> str:
    """What to tell a player whose join reached something that is not a table."""
    where = host_port(host, port)
    if e.head == SSH_BANNER:
        return (f"{where} is an SSH port, not a table's: join at the address the host gives for the app, "
                f"or log in with ssh -p {port} NAME@{host}")
    return f"what answers at {where} is not a Deal Me In table: is that the table's port?"


class _Wire(FrameProtocol):
    """The connection to the host; reads into ``FrameReader``'s shared buffer (see there)."""

    def __init__(self, client: "TableClient") -> None:
        self.client = client
        self.reader = FrameReader()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.client._wire = self  # the challenge may arrive before create_connection returns

    def frames_received(self, data: bytes | int) -> None:
        self.client._heard = time.monotonic()
        on_message = self.client._on_message
        try:
            for body in self.read_frames(data):
                on_message(check(decode_body(body), SERVER_MESSAGES))
        except ProtocolError as e:
            log.warning("host sent a bad frame: %s", e.message)
            c = self.client
            w = c._welcomed
            if w is not None and not w.done() and e.code in NOT_FRAMES:
                # what answered is no table: say so, not how its bytes broke the framing
                c._last_error = ("not_a_table", not_a_table(c.host, c.port, e))
            else:
                c._last_error = (e.code, e.message)
            if self.transport is not None:
                self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._on_lost(self, exc)


class TableClient:
    """A player's (or watcher's) connection to a hosted table: the handshake, the latest lobby
    and the seat's view, the calls the protocol offers, and reconnecting to the same seat after
    a drop; every update goes to ``on_update`` as it comes."""

    def __init__(self, host: str, port: int, name: str, password: str | None = None,
                 table: str | None = None, host_key: str | None = None, spectator: bool = False,
                 token: str | None = None, reconnect: bool = True, timeout: float = 10.0,
                 reconnect_for: float = RECONNECT_FOR, version: int = PROTOCOL_VERSION,
                 on_update: Callable[[dict[str, Any]], None] | None = None,
                 deltas: bool = True, hand_break: bool = False, heartbeat: int | None = None) -> None:
        self.host, self.port, self.name = host, port, name
        self.password, self.host_key, self.spectator = password, host_key, spectator
        self.table: str | None = table
        self.token: str | None = token
        self.reconnect, self.timeout, self.reconnect_for = reconnect, timeout, reconnect_for
        self.protocol_version = version
        self.seat: int | None = None
        self.is_host = False
        #: this connection's number at the table (the lobby's ``watcher_ids``): how a watcher
        #: finds itself among the lobby's watchers; None from a host of an older version
        self.number: int | None = None
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self._on_update = on_update
        self.deltas = deltas  # ask the host for views as changes to the last one (smaller frames)
        #: say in the hello that this client tells the host when its player has read a hand's
        #: results (``seen``): the bots wait for it after each hand. Off by default: a client
        #: that never says ``seen`` (a test's, a benchmark's) would only hold the bots up
        self.hand_break = hand_break
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._wire: _Wire | None = None
        self._welcomed: asyncio.Future[None] | None = None
        self._got_welcome = False
        #: the table's chat numbering (``chat`` in its welcome) and the last line of it passed
        #: on: a line the host sends again on a rejoin is passed on once
        self._chat_epoch: str | None = None
        self._chat_seen = 0
        #: this player's chat lines a drop could lose, to go once back (``net.chatcarry``), and
        #: the ping whose answer says the table has told what it kept of them (None: none asked)
        self._carry = ChatCarry()
        self._barrier: int | None = None
        self._pings: dict[int, asyncio.Future[None]] = {}
        self._ping_n = 0
        self._ping_sent: dict[int, float] = {}  # when each ping still unanswered went (``rtt``)
        #: the round trip to the host, seconds, as the latest pings found it (a heartbeat's too;
        #: None before one is answered): an app counts it off the turn clock it shows
        self.rtt: float | None = None
        #: the latest ping's round trip alone, on this connection (None before one is answered):
        #: a link turned slow shows in it at once, where the mean above lags behind
        self.last_rtt: float | None = None
        self._last_error: tuple[str, str] | None = None
        self._closing = False
        self._reconnecting = False
        self._done = False
        #: the host closed its table (its ``bye``), or could not be reached again after a drop:
        #: a seat in play there waits for the host to resume it, not for this app
        self.host_gone = False
        #: of those, the host said its goodbye: it closed, where otherwise this machine's own
        #: network may be what cut it off
        self.host_closed = False
        self._reconnect_task: asyncio.Task[None] | None = None
        #: seconds between this client's frames at most, said in its hello (``net.protocol``:
        #: the host closes a connection silent for longer, as a drop): a ``ping`` goes when
        #: nothing else has, and a host silent for as long is taken for gone (None: neither)
        self.heartbeat = heartbeat
        self._heard = time.monotonic()  # the latest bytes from the host
        self._sent = time.monotonic()  # the latest frame to it
        self._beat_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ connecting
    @classmethod
    async def connect(cls, host: str, port: int, name: str, password: str | None = None,
                      table: str | None = None, host_key: str | None = None,
                      spectator: bool = False, token: str | None = None, reconnect: bool = True,
                      **kwargs: Any) -> "TableClient":
        """Connect and hand-shake; returns once welcomed with the lobby known (``seat``,
        ``lobby``); ``ConnectError`` if refused or unreachable."""
        c = cls(host, port, name, password, table, host_key, spectator, token, reconnect, **kwargs)
        await c._open()
        return c

    async def _open(self) -> None:
        loop = asyncio.get_running_loop()
        self._welcomed = loop.create_future()
        self._got_welcome = False
        self._last_error = None
        try:
            await asyncio.wait_for(
                loop.create_connection(lambda: _Wire(self), self.host, self.port), self.timeout)
        except (OSError, asyncio.TimeoutError) as e:
            where = host_port(self.host, self.port)  # an IPv6 address in brackets, as typed
            raise ConnectError("unreachable", f"cannot reach {where}: {unreachable_reason(e, self.timeout)}") from None
        try:
            await asyncio.wait_for(asyncio.shield(self._welcomed), self.timeout)
        except asyncio.TimeoutError:
            self._drop_wire()
            raise ConnectError("timeout", f"the host did not answer the handshake within {self.timeout:g} s "
                                          "(the link is that slow, or the port is not a Deal Me In table's)") from None
        except (ConnectError, asyncio.CancelledError):  # refused, or given up on: the socket goes too
            self._drop_wire()
            raise

    def _drop_wire(self) -> None:
        wire, self._wire = self._wire, None
        if wire is not None and wire.transport is not None:
            wire.transport.close()

    @property
    def connected(self) -> bool:
        w = self._welcomed
        return self._wire is not None and w is not None and w.done() and w.exception() is None

    # ------------------------------------------------------------------ receiving
    def _push(self, update: dict[str, Any]) -> None:
        if self._on_update is not None:
            self._on_update(update)
        else:
            self._queue.put_nowait(update)

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "delta":  # the keys that changed since the last view: updated as a view
            base = self.view
            if base is None:
                raise ProtocolError("bad_frame", "the host sent view changes before a view")
            view = base.copy()
            view.update(msg["changes"])
            _check_view(view, msg["events"], msg["changes"])
            self.view = view
            update = {"type": "view", "view": view, "events": msg["events"]}
            if "clock" in msg:  # this turn's clock is shorter than the table's
                update["clock"] = msg["clock"]
            if msg.get("bot") is True:  # a bot's move for the player in its seat
                update["bot"] = True
            self._push(update)
            return
        if kind == "view":
            _check_view(msg["view"], msg.get("events", []))
            self.view = msg["view"]
        elif kind == "challenge":
            self._hello(msg["nonce"])
            return
        elif kind == "welcome":
            self.table, self.seat, self.token, self.is_host = (
                msg["table"], msg["seat"], msg["token"], msg["host"])
            self.number = msg.get("number")
            self._got_welcome = True
            if msg.get("chat") != self._chat_epoch:  # another table, or this one afresh from its save
                self._chat_epoch, self._chat_seen = msg.get("chat"), 0
            if self._reconnecting:
                self._reconnecting = False
                self._push({"type": "connection", "state": "connected", "reason": "reconnected"})
        elif kind == "lobby":
            problem = lobby_problem(msg["lobby"])
            if problem:
                raise ProtocolError("bad_lobby", f"the host sent a lobby this app cannot show ({problem})")
            self.lobby = msg["lobby"]
            if self._got_welcome and self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_result(None)  # connected: seat and lobby are known
                if self._carry.pending:  # its answer comes after the chat lines the table kept
                    self._barrier = self._send_ping()
        elif kind == "pong":
            sent = self._ping_sent.pop(msg.get("n", -1), None)
            if sent is not None:
                took = time.monotonic() - sent
                self.rtt = took if self.rtt is None else (self.rtt + took) / 2
                self.last_rtt = took
            fut = self._pings.pop(msg.get("n", -1), None)
            if fut is not None and not fut.done():
                fut.set_result(None)
            if self._barrier is not None and msg.get("n") == self._barrier:
                self._barrier = None
                self._release_chat()
            return
        elif kind == "error":
            self._last_error = (msg["code"], msg["message"])
            if msg["code"] == "bad_chat" or msg["code"] == "rate" and " line" in msg["message"]:
                self._carry.refused()  # a chat line the table will not say back
            if self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_exception(ConnectError(msg["code"], msg["message"]))
                return
        elif kind == "bye":  # the host closes (its only goodbye)
            self._last_error = ("bye", msg.get("reason", "the host said goodbye"))
            self.host_gone = self.host_closed = True
        elif kind == "chat" and self._own_line(msg):
            self._carry.said_back(msg["text"])  # (before the check below: a line told again counts)
        if kind == "chat" and "n" in msg and self._chat_epoch is not None:
            if msg["n"] <= self._chat_seen:
                return  # said before this app dropped and came back: shown already
            self._chat_seen = msg["n"]
        self._push(msg)

    def _own_line(self, msg: dict[str, Any]) -> bool:
        """A chat line this connection's player said (a watcher's carries its number)."""
        if msg.get("system"):
            return False
        if self.seat is not None:
            return msg.get("seat") == self.seat
        return self.number is not None and msg.get("watcher") == self.number

    def _hello(self, nonce: bytes) -> None:
        msg: dict[str, Any] = {"type": "hello", "version": self.protocol_version,
                               "app": app_version(), "name": self.name, "table": self.table,
                               "token": self.token, "host_key": self.host_key,
                               "spectator": self.spectator, "deltas": self.deltas}
        if self.hand_break:
            msg["hand_break"] = True
        if self.heartbeat is not None:
            msg["heartbeat"] = self.heartbeat
            if self._beat_task is None:
                self._beat_task = asyncio.get_running_loop().create_task(self._beat())
        if self.password:
            msg["proof"] = password_proof(self.password, nonce)
        self._put(msg)

    def _on_lost(self, wire: _Wire, exc: Exception | None) -> None:
        if wire is not self._wire:
            return
        self._wire = None
        self._barrier = None
        self._carry.dropped()
        w = self._welcomed
        if w is not None and not w.done():
            code, message = self._last_error or ("closed", "the host closed the connection")
            w.set_exception(ConnectError(code, message))
            return
        if w is not None and w.exception() is not None:
            return  # refused at the handshake: ``_open`` raised already
        for fut in self._pings.values():
            if not fut.done():
                fut.set_exception(ConnectionError("connection lost"))
        self._pings.clear()
        self._ping_sent.clear()  # (their answers will not come: the next connection measures afresh)
        self.last_rtt = None
        last = self._last_error[0] if self._last_error else None
        if self._closing or not self.reconnect or last in FATAL or last == "bye":
            reason = self._last_error[1] if self._last_error else "connection closed"
            self._finish(reason)
            return
        self._reconnecting = True
        self._push({"type": "connection", "state": "reconnecting",
                    "reason": str(exc) if exc else "connection lost"})
        self._reconnect_task = asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.reconnect_for
        delay = 0.05
        while not self._closing and loop.time() < give_up:
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)
            try:
                await self._open()
            except ConnectError as e:
                if e.code in FATAL and e.code not in PASSING:
                    self._finish(e.message)
                    return
                continue
            return
        self.host_gone = not self._closing
        self._finish("could not reconnect")

    def _finish(self, reason: str) -> None:
        if self._done:
            return
        self._done = True
        self._push({"type": "connection", "state": "closed", "reason": reason})
        if self._on_update is None:
            self._queue.put_nowait(None)

    async def updates(self) -> AsyncIterator[dict[str, Any]]:
        """Every update from the host, in order; ends once the client is closed for good."""
        while True:
            item = await self._queue.get()
            if item is None:
                self._queue.put_nowait(None)  # later iterators end too
                return
            yield item

    # ------------------------------------------------------------------ sending
    def _write(self, msg: dict[str, Any]) -> None:
        """What the player says, once welcomed: while the client reconnects, a connection not
        yet welcomed (one the host may yet refuse, being full) would lose it without a word."""
        if not self.connected:
            raise ConnectionError("not connected to the table")
        self._put(msg)

    def _put(self, msg: dict[str, Any]) -> None:
        """Any message on the connection there is, the handshake's too."""
        wire = self._wire
        if wire is None or wire.transport is None or wire.transport.is_closing():
            raise ConnectionError("not connected to the table")
        wire.transport.write(encode(msg))
        self._sent = time.monotonic()

    async def send(self, msg: dict[str, Any]) -> None:
        """Any message, as is (tests use it to send what the helpers below would not)."""
        self._put(msg)

    async def sit(self, seat: int) -> None:
        self._write({"type": "sit", "seat": seat})

    async def stand(self) -> None:
        self._write({"type": "stand"})

    async def ready(self, ready: bool = True, setup: int | None = None) -> None:
        """Say ready (or not); ``setup``: the lobby's, that of the setup the player saw (a host
        that has set the table up anew since refuses a ready as ``stale_setup``)."""
        self._write({"type": "ready", "ready": ready, **({"setup": setup} if setup is not None else {})})

    async def away(self, away: bool = True) -> None:
        """Step away from the match in play, a bot playing this seat, or (False) come back."""
        self._write({"type": "away", "away": away})

    async def configure(self, game: str | None = None, preset: str | None = None,
                        options: dict[str, Any] | None = None, seats: int | None = None,
                        turn_time: int | None = None) -> None:
        """The host's new setup; ``None`` keeps what the table has (``turn_time`` 0: no clock)."""
        self._write({"type": "configure", "game": game, "preset": preset, "options": options,
                     "seats": seats, "turn_time": turn_time})

    async def add_bot(self, seat: int, level: str = "normal") -> None:
        self._write({"type": "add_bot", "seat": seat, "level": level})

    async def remove_bot(self, seat: int) -> None:
        self._write({"type": "remove_bot", "seat": seat})

    async def kick(self, seat: int) -> None:
        self._write({"type": "kick", "seat": seat})

    async def start(self) -> None:
        self._write({"type": "start"})

    async def rematch(self) -> None:
        self._write({"type": "rematch"})

    async def act(self, action: str, version: int | None = None) -> None:
        """Play ``action`` in answer to the latest view (or to view ``version``)."""
        self.act_nowait(action, version)

    def act_nowait(self, action: str, version: int | None = None) -> None:
        """``act`` for callbacks (``on_update``) that cannot await."""
        if version is None:
            version = self.view["version"] if self.view else -1
        self._write({"type": "act", "action": action, "version": version})

    async def chat(self, text: str) -> None:
        """Say ``text`` at the table; ``ConnectionError`` while the connection is down (see
        ``hold_chat``). Back after a drop, it waits its turn behind the lines carried over."""
        if self._barrier is not None and self.connected:
            self._carry.hold(text)
            return
        self._say(text)

    def _say(self, text: str) -> None:
        self._write({"type": "chat", "text": text})
        line = clean_text(text, CHAT_LEN)  # as the table says it back
        if line:
            self._carry.sent(line)

    def hold_chat(self, text: str) -> None:
        """A chat line typed while the connection is down: it goes once the table is back, after
        any the drop left in doubt, in the order typed (``net.chatcarry.HELD_CHAT`` at most)."""
        self._carry.hold(text)

    @property
    def held_chat(self) -> tuple[str, ...]:
        """The chat lines waiting for the table to be back, in the order they will go."""
        return self._carry.waiting

    def _release_chat(self) -> None:
        """Back, and told what the table kept: the lines carried over go."""
        lines = self._carry.release()
        for i, text in enumerate(lines):
            try:
                self._say(text)
            except ConnectionError:  # gone again: the rest wait for the next time
                for rest in lines[i:]:
                    self._carry.hold(rest)
                return

    async def seen(self, hand: int) -> None:
        """``seen_nowait``, awaited as the other messages are."""
        self.seen_nowait(hand)

    def seen_nowait(self, hand: int) -> None:
        """The player has read the results of the hands before ``hand`` (the ``hand_number`` of
        the view that brought them): the host's bots need not wait for them any more. Only to a
        host whose lobby has ``hand_break``: an older one ends the connection of a client that
        sends it."""
        self._write({"type": "seen", "hand": hand})

    async def ping(self, timeout: float = 5.0) -> float:
        """Round-trip time to the host, in seconds."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        t0 = loop.time()
        self._pings[self._send_ping()] = fut  # (its pong is read only once this task waits)
        await asyncio.wait_for(fut, timeout)
        return loop.time() - t0

    async def _beat(self) -> None:
        """While the client is open: a ``ping`` once a ``heartbeat`` passes with nothing sent
        (the host answers it), and a connection on which the host has said nothing for
        ``SILENT_BEATS`` of them dropped, as a lost one is: the client reconnects."""
        assert self.heartbeat is not None
        beat = float(self.heartbeat)
        while not self._closing and not self._done:
            # (while it reconnects, nothing is sent: a look a beat later)
            due = beat - (time.monotonic() - self._sent) if self.connected else beat
            pause = max(0.05, due)
            wake = asyncio.get_running_loop().time() + pause
            await asyncio.sleep(pause)
            if overslept(wake):  # this process was stopped: what the host sent meanwhile is read first
                await asyncio.sleep(RECHECK)
            wire = self._wire
            if wire is None or wire.transport is None or not self.connected:
                continue
            if time.monotonic() - self._heard > beat * SILENT_BEATS:
                log.warning("nothing heard from the host for %g s: the connection is dropped", beat * SILENT_BEATS)
                wire.transport.abort()
            elif time.monotonic() - self._sent >= beat * 0.9:
                try:
                    self._send_ping()
                except ConnectionError:  # closing meanwhile: its loss is handled as any other
                    pass

    def unanswered_for(self) -> float:
        """Seconds the oldest ping still unanswered has waited (0 with none): on a link that
        stalls or trickles, the host's frames, and the answer behind them, are that late."""
        if not self._ping_sent or not self.connected:
            return 0.0
        return time.monotonic() - min(self._ping_sent.values())

    def _send_ping(self) -> int:
        """The next ping, its number returned and its time kept for ``rtt`` (a few at most: a
        host that answers none leaves no more than that)."""
        self._ping_n += 1
        if len(self._ping_sent) >= 8:
            self._ping_sent.clear()
        self._ping_sent[self._ping_n] = time.monotonic()
        self._write({"type": "ping", "n": self._ping_n})
        return self._ping_n

    def drop_connection(self) -> None:
        """Lose the connection as a flaky link would (no goodbye): the client reconnects by
        itself. For chaos tests and the soak."""
        wire = self._wire
        if wire is not None and wire.transport is not None:
            wire.transport.abort()

    async def close(self) -> None:
        """Say goodbye and close; ``updates()`` ends."""
        self._closing = True
        if self._reconnect_task is not None:
            self._reconnect_task.cancel()
        if self._beat_task is not None:
            self._beat_task.cancel()
        wire = self._wire
        if wire is not None and wire.transport is not None and not wire.transport.is_closing():
            try:
                self._put({"type": "bye"})
            except ConnectionError:
                pass
            wire.transport.close()
        self._wire = None
        self._finish("closed by you")
        await asyncio.sleep(0)
