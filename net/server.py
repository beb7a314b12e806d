"""The table host: an asyncio TCP server holding any number of tables.

Each connection is an ``asyncio.Protocol`` (cheaper per connection than stream pairs). Bad
input of any kind closes only the connection that sent it; tables never see it.
"""
from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import secrets
import socket
import time
from pathlib import Path
from typing import Any, Callable

from core.errors import shortened

from .protocol import (CLIENT_MESSAGES, MOST_HEARTBEAT, NAME_LEN, PROTOCOL_VERSION, SILENT_BEATS, FrameProtocol,
                       FrameReader, ProtocolError, check, clean_name, clean_text, decode_body, encode, proof_ok)
from .autosave import Autosaver, SaveOutcome
from .budget import Budget
from .lockout import Lockout
from .paths import logs_dir
from .seatnames import bot_like, bot_name_refused
from .stalls import JudgingTimer
from .table import Table
from .tableconfig import TableConfig

__all__ = ["Server", "TableConfig", "Table"]

log = logging.getLogger("dealmein.net")

#: the refusal of a join that gave no password to a table that has one: an app's first try,
#: before it asks its player; no guess (not counted by the lockout, not logged as a fault)
PASSWORD_ASKED = "this table has a password"

#: outgoing bytes a peer may leave unread before it is dropped as a slow consumer
MAX_UNREAD = 1024 * 1024
#: the longest error message a peer is sent: room for any reason, a frame far within ``MAX_FRAME``
ERROR_LEN = 2000
#: kernel send buffer per connection (Linux would otherwise let it grow to 4 MiB for a peer
#: that does not read: 4 GiB for a thousand of them)
KERNEL_SEND_BUFFER = 256 * 1024
#: seconds a closed connection still reads (and drops) what its peer sends, so that closing
#: with unread input does not reset the connection and lose the error frame that says why
LINGER = 1.0
#: seconds a table without a playing host counts down, once every seat is filled and every
#: player is ready, before its match starts by itself (anyone may still stand or unready)
START_DELAY = 3.0
#: seconds a bot waits before it plays while a player at the table may still act out of turn (a
#: Ninety-Nine manual draw, whose chance ends when the next seat plays): a player gets time to
#: take it even when the bots play without a pause
OFF_TURN_WINDOW = 2.0
#: seconds between two lobby frames of one table: the changes made within them (a peer that
#: joins and leaves over and over) reach the players as one lobby, the latest
LOBBY_EVERY = 0.15
#: connections one address may hold at once: one peer cannot fill the host and keep the rest of
#: the network out. Loopback is spared: SSH guests and this machine's own players all come from it
PER_ADDRESS = 32
#: seconds a closing host waits for each table's last save before it says the save was not made
SAVE_WAIT = 10.0
#: new connections a second one address may open (bursts of ``PER_ADDRESS``): a peer that
#: connects and leaves over and over, never holding many at once, is slowed to this; spared as
#: the cap spares
CONNECT_RATE = 2.0


def _spared(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Connection(FrameProtocol):
    """One peer: handshake, rate limit, frame checks; then messages go to its table.

    A buffered protocol: the transport reads into the buffer ``FrameReader`` shares between
    connections instead of allocating a fresh 256 KiB object for every read."""

    def __init__(self, server: "Server") -> None:
        self.server = server
        self.transport: asyncio.Transport | None = None
        self.peer = "?"
        self.address = "?"  # the peer's host, without its port: wrong passwords count by it
        self.chat_from = "?"  # what its chat as a watcher is counted by (``Table``)
        self.reader = FrameReader()
        self.counted = False  # in the server's count of connections by address
        self.nonce = secrets.token_bytes(16)
        self.table: Table | None = None
        self.seat: int | None = None
        self.name = ""
        self.token = secrets.token_urlsafe(16)
        self.is_host = False
        #: the peer asked for views as changes to the last one (``delta``); that last view
        self.deltas = False
        self.view_sent: dict[str, Any] | None = None
        #: the peer says when its player has read a hand's results (``seen``): the bots wait for it
        self.hand_break = False
        self.closed = False
        self.said_bye = False
        #: the most seconds between two frames from a peer that promised a heartbeat in its hello
        #: (``heartbeat``, times ``SILENT_BEATS``): one silent for longer is gone (a frozen app,
        #: a machine off the network) and is closed as a drop; None: not watched
        self.silent_for: float | None = None
        self._heard = time.monotonic()  # the latest bytes from the peer
        # the timers that judge the peer wait on what a stopped host has not read yet (``net.stalls``)
        self._silence: JudgingTimer | None = None
        self._deadline: JudgingTimer | None = None
        self._frame_timer: JudgingTimer | None = None
        self._linger: asyncio.TimerHandle | None = None
        self._allowance = float(server.burst)
        self._last = time.monotonic()
        self._refused = 0
        self._out: list[bytes] = []  # frames queued for the end of this turn of the event loop

    # ------------------------------------------------------------------ transport events
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)  # the host, for the lockout
        srv = self.server
        # a watcher's chat counts against its address; on loopback (every SSH guest, each capped
        # by its own address by the SSH server) against its connection, so that one chatty guest
        # cannot silence the others
        self.chat_from = self.peer if srv.spared(self.address) else self.address
        if len(srv.connections) >= srv.max_connections:
            log.warning("%s refused: %d connections already", self.peer, len(srv.connections))
            self.close("full", f"the host is full ({srv.max_connections} connections)")
            return
        # Loopback is spared the cap and the connection rate alike: every SSH guest reaches the
        # table from 127.0.0.1, so one budget for all of them would let a burst of guests coming
        # in (or one guest's reconnects) turn the others away. The SSH server caps its guests by
        # their own addresses, and what a loopback peer's churn costs the players is one lobby
        # every ``LOBBY_EVERY`` seconds at most.
        if not srv.spared(self.address):
            if srv.per_address and srv.by_address.get(self.address, 0) >= srv.per_address:
                log.warning("%s refused: %d connections from its address already", self.peer, srv.per_address)
                self.close("full", f"too many connections from your address ({srv.per_address})")
                return
            if not srv.connects.take(self.address):
                log.warning("%s refused: its address opens connections too often", self.peer)
                self.close("rate", f"too many new connections from your address ({srv.connects.rate:g} a second): "
                                   "try again in a few seconds")
                return
            if srv.per_address:
                srv.by_address[self.address] = srv.by_address.get(self.address, 0) + 1
                self.counted = True
        srv.connections.add(self)
        sock = transport.get_extra_info("socket")
        if sock is not None and srv.sndbuf:
            try:  # bounds what the kernel holds for a peer that does not read
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, srv.sndbuf)
            except OSError:
                pass
        self._deadline = JudgingTimer(srv.handshake_timeout, self._handshake_late)
        self.send({"type": "challenge", "version": PROTOCOL_VERSION, "nonce": self.nonce, "host": srv.host_id})

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._cancel_timers()
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        self.server.connections.discard(self)
        self.server.lingering.discard(self)
        if self.counted:
            self.counted = False
            left = self.server.by_address.pop(self.address, 1) - 1
            if left > 0:
                self.server.by_address[self.address] = left
        self._leave_table()

    def _leave_table(self) -> None:
        table, self.table = self.table, None
        if table is not None:
            table.leave(self, clean=self.said_bye)

    def frames_received(self, data: bytes | int) -> None:
        if self.closed:
            return
        self._heard = time.monotonic()
        completed = False
        msg: dict[str, Any] | None = None
        try:
            for body in self.read_frames(data):
                completed = True
                if self.closed:
                    return
                if not self._allow():
                    continue
                msg = check(decode_body(body), CLIENT_MESSAGES)
                self._dispatch(msg)
        except ProtocolError as e:
            # a join with no password to a table that has one is the usual first try, not a fault;
            # a refused hello is told with the name it gave, for the host's operator to know whose
            # it was ("closing it" read as the table closing)
            named = self.name or (clean_name(msg["name"], NAME_LEN) if msg is not None and msg["type"] == "hello" else "")
            who = f"{self.peer} ({named})" if named else self.peer
            (log.info if e.message == PASSWORD_ASKED else log.warning)("%s: %s; closing the connection", who, e.message)
            self.close(e.code, e.message)
            return
        except Exception:
            log.exception("%s: error handling its message; closing the connection", self.peer)
            self.close("internal", "the host could not handle that message")
            return
        self._watch_trickle(completed)

    # ------------------------------------------------------------------ limits
    def _allow(self) -> bool:
        """Token bucket: ``rate`` messages a second, bursts of ``burst``.

        Refusals count until the bucket is full again, not until the next message let through:
        a flood paced a little over the rate gets a token now and then, and would otherwise be
        warned at every one and never closed."""
        now = time.monotonic()
        srv = self.server
        self._allowance = min(float(srv.burst), self._allowance + (now - self._last) * srv.rate)
        self._last = now
        if self._allowance >= srv.burst:
            self._refused = 0  # back under the rate for a whole burst: a fresh start
        if self._allowance >= 1.0:
            self._allowance -= 1.0
            return True
        self._refused += 1
        if self._refused > srv.burst:
            raise ProtocolError("rate", "too many messages: slow down")
        if self._refused == 1:
            self.error("rate", "too many messages: this one and any more before you slow down are dropped")
        return False

    def _watch_trickle(self, completed: bool = False) -> None:
        """A frame once begun must arrive within ``frame_timeout``: each frame, so a frame
        ``completed`` in this read starts the clock again for the one begun after it."""
        if completed and self._frame_timer is not None:
            self._frame_timer.cancel()
            self._frame_timer = None
        if self.reader.pending and self._frame_timer is None and not self.closed:
            self._frame_timer = JudgingTimer(self.server.frame_timeout, self._trickle_late)
        elif not self.reader.pending and self._frame_timer is not None:
            self._frame_timer.cancel()
            self._frame_timer = None

    def _trickle_late(self) -> None:
        self._frame_timer = None
        log.warning("%s: frame not completed in time; closing the connection", self.peer)
        self.close("timeout", "a frame took too long to arrive")

    def _handshake_late(self) -> None:
        self._deadline = None
        if self.table is None:
            log.warning("%s: no handshake in time; closing the connection", self.peer)
            self.close("timeout", "no hello within the handshake deadline")

    def _listen_for_silence(self) -> None:
        """Close the connection once nothing has come from it for ``silent_for`` seconds."""
        if self.silent_for is None or self.closed:
            return
        quiet = time.monotonic() - self._heard
        if quiet >= self.silent_for:
            self._silence = None
            log.warning("%s: nothing heard for %g s; closing the connection", self.peer, self.silent_for)
            self.close("timeout", f"nothing heard from your app for {self.silent_for:g} s")
            return
        self._silence = JudgingTimer(self.silent_for - quiet, self._listen_for_silence)

    def _cancel_timers(self) -> None:
        for t in (self._deadline, self._frame_timer, self._silence):
            if t is not None:
                t.cancel()
        self._deadline = self._frame_timer = self._silence = None

    # ------------------------------------------------------------------ messages
    def _dispatch(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if self.table is None:
            if kind != "hello":
                raise ProtocolError("handshake", "the first message must be hello")
            self._hello(msg)
            return
        if kind == "hello":
            raise ProtocolError("handshake", "hello was already received")
        if kind == "ping":
            self.send({"type": "pong", "n": msg.get("n") or 0})  # nil: as left out
        elif kind == "bye":
            self.said_bye = True
            self.close()
        else:
            self.table.handle(self, msg)

    def _hello(self, msg: dict[str, Any]) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            app = clean_text(msg["app"], 20)
            # this app's own sends its bare version; another client names itself
            named = f" (dealmein {app})" if app[:1].isdigit() else f" ({app})" if app else ""
            raise ProtocolError(
                "version", f"protocol version mismatch: this host speaks version {PROTOCOL_VERSION}, "
                           f"your app{named} speaks version {msg['version']}")
        table = self.server.find_table(msg.get("table"))
        if table is None:
            raise ProtocolError("no_table", "no such table on this host")
        password = table.config.password
        if password:
            lockout = self.server.lockout
            if lockout.locked(self.address):
                raise ProtocolError("locked", "too many wrong passwords from your address: "
                                              f"try again in a minute ({lockout.most} a minute at most)")
            if msg.get("proof") is None:  # an app that asks its player only once told: no guess
                raise ProtocolError("bad_password", PASSWORD_ASKED)
            if not proof_ok(password, self.nonce, msg.get("proof")):
                lockout.failed(self.address)
                raise ProtocolError("bad_password", "wrong table password")
        key = msg.get("host_key")
        if key is None and self.server.private:
            raise ProtocolError("private", "this is a solo table: no one else can play or watch at it")
        if key is not None:
            if not hmac.compare_digest(key.encode(), table.host_key.encode()):
                raise ProtocolError("bad_host_key", "that is not this table's host key")
            self.is_host = True
        self.name = clean_name(msg["name"], NAME_LEN) or "Player"
        if bot_like(self.name):  # no one passes for a bot at the table
            raise ProtocolError("bad_name", bot_name_refused(self.name))
        self.deltas = bool(msg.get("deltas", False))
        self.hand_break = bool(msg.get("hand_break", False))
        beat = msg.get("heartbeat")
        if beat is not None and not 1 <= beat <= MOST_HEARTBEAT:
            raise ProtocolError("handshake", f"heartbeat: expected seconds from 1 to {MOST_HEARTBEAT}")
        self._cancel_timers()
        if beat is not None:
            self.silent_for = float(beat * SILENT_BEATS)
            self._listen_for_silence()
        self.table = table
        table.join(self, msg.get("token"), bool(msg.get("spectator", False)))

    # ------------------------------------------------------------------ sending
    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(encode(message))

    def send_frame(self, frame: bytes) -> None:
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        if t.get_write_buffer_size() > self.server.max_unread:
            log.warning("%s: not reading its frames; dropping it", self.peer)
            self.close(abort=True)  # a plain close would wait for it to read the backlog
            return
        out = self._out
        if not out:
            self.server._flush_later(self)
        out.append(frame)

    def flush(self) -> None:
        """Write what ``send_frame`` queued in this turn of the event loop."""
        out, self._out = self._out, []
        t = self.transport
        if out and t is not None and not t.is_closing():
            t.write(out[0] if len(out) == 1 else b"".join(out))

    def error(self, code: str, message: str) -> None:
        """Tell the peer what went wrong, in a frame always well within ``MAX_FRAME``: a message
        repeating too much of what the peer sent is cut (``ERROR_LEN``)."""
        self.send({"type": "error", "code": code, "message": shortened(message, ERROR_LEN)})

    def close(self, code: str | None = None, message: str = "", abort: bool = False) -> None:
        """Tell the peer why (when there is a why), then close; only this connection.

        A plain close while the peer's bytes wait unread makes the kernel reset the
        connection, and the peer may lose the frame that said why. So the write side is shut
        once the frames are out and what still comes in is read and dropped until the peer
        closes too, for at most ``LINGER`` seconds. The table sees the departure at once."""
        t = self.transport
        if self.closed:
            if abort and t is not None and self._linger is not None:
                t.abort()  # a lingering close cut short: the host is stopping
            return
        if code is not None and not abort:
            self.error(code, message)
        if not abort:
            self.flush()
        self.closed = True
        self._cancel_timers()
        self.server.connections.discard(self)
        if self.table is not None:  # after the caller is done, as a closed transport would
            asyncio.get_running_loop().call_soon(self._leave_table)
        if t is None or t.is_closing():
            return
        if abort:
            t.abort()
        elif t.can_write_eof():
            try:
                t.write_eof()
            except OSError:  # the peer reset the connection already: nothing to linger for
                t.abort()
                return
            self.server.lingering.add(self)
            self._linger = asyncio.get_running_loop().call_later(self.server.linger, t.abort)
        else:
            t.close()


def local_host(bind: str) -> str:
    """Where a client on this machine reaches a server bound to ``bind``: loopback for a wildcard
    bind, else the address bound (a server bound to one address answers on no other)."""
    return "127.0.0.1" if bind in ("0.0.0.0", "", "localhost") else ("::1" if bind == "::" else bind)


#: how long a dropped player's seat is held (``--grace``), how long an away player's turn is
#: waited for before a stand-in bot plays it (``--takeover``: well within the grace, so that
#: the bot stands in while the seat is still held), and a bot's pause before it plays
GRACE, TAKEOVER, BOT_DELAY = 120.0, 30.0, 0.6
#: the most the bots wait, after a hand's end, for the players to read its results (``seen``):
#: time to read a results box, while one player who walked away holds the table up no longer
HAND_BREAK = 15.0
#: the turn clock of a player who ran out of time on ``net.table.AWAY_AFTER`` turns in a row,
#: where the table's own is longer: time enough for one back at the keyboard to move, while a
#: player who walked away holds the others up this long a turn, not the whole clock
AWAY_CLOCK = 10.0


class Server:
    """Hosts tables on one TCP port. Times are in seconds."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, bot_delay: float = BOT_DELAY,
                 grace: float = GRACE, takeover: float = TAKEOVER, max_connections: int = 1000,
                 per_address: int = PER_ADDRESS, spared: Callable[[str], bool] = _spared,
                 handshake_timeout: float = 10.0, frame_timeout: float = 30.0,
                 rate: float = 30.0, burst: int = 60, max_unread: int = MAX_UNREAD,
                 sndbuf: int = KERNEL_SEND_BUFFER, match_logs: bool = True,
                 start_delay: float = START_DELAY, off_turn_window: float = OFF_TURN_WINDOW,
                 host_in_app: bool = True, away_clock: float = AWAY_CLOCK,
                 hand_break: float = HAND_BREAK, private: bool = False) -> None:
        self.host = host
        #: a solo table's: only a connection with a table's host key (the app that plays it)
        #: comes in; another user of the machine could watch it and chat into it
        self.private = private
        self.port = port
        #: said in every challenge and in the table's LAN advert: a browser that finds another
        #: host answering at a port its advert names knows that table is gone
        self.host_id = secrets.token_hex(8)
        self.bot_delay = bot_delay
        #: at a table without a playing host: seconds from everyone ready to the match
        self.start_delay = start_delay
        self.off_turn_window = off_turn_window
        #: after a hand's end, the most the bots wait for the players to read its results
        #: (``net/handbreak.py``; 0: they do not wait)
        self.hand_break = hand_break
        #: a table's host-key connection is the app that runs this server, which says what
        #: concerns the host in its own words; False for a headless host, whose host key is
        #: given to a player, told what the guests are told (its terminal has its own lines)
        self.host_in_app = host_in_app
        self.grace = grace
        self.takeover = takeover
        self.away_clock = away_clock
        self.max_connections = max_connections
        #: connections at once from one address (0: no cap), counted for those not ``spared``
        self.per_address = per_address
        self.spared = spared
        self.by_address: dict[str, int] = {}
        #: new connections by address, for those not ``spared``
        self.connects = Budget(CONNECT_RATE, PER_ADDRESS)
        self.handshake_timeout = handshake_timeout
        self.frame_timeout = frame_timeout
        self.rate = rate
        self.burst = burst
        self.max_unread = max_unread
        self.sndbuf = sndbuf
        self.linger = LINGER
        self.save_wait = SAVE_WAIT
        self.lobby_every = LOBBY_EVERY
        #: every match's log goes here (``None``: no logs, for network benchmarks)
        self.logs_dir: Path | None = logs_dir() if match_logs else None
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        #: closed connections still reading what their peers send (see ``Connection.close``)
        self.lingering: set[Connection] = set()
        #: wrong table passwords by address: guessing stops after a few (``locked``)
        self.lockout = Lockout()
        self._listeners: list[Callable[[Table], Any]] = []
        self._unflushed: list[Connection] = []
        self._server: asyncio.base_events.Server | None = None

    async def start(self, serving: bool = True) -> None:
        """Bind the port (``OSError`` if it is taken). With ``serving`` false the port is held
        but refuses connections until ``serve``: a host that still has other parts to start
        (SSH) lets no player in to a table that may yet fail to open."""
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: Connection(self), self.host, self.port,
                                                backlog=1024, start_serving=serving)
        self.port = self._server.sockets[0].getsockname()[1]

    async def serve(self) -> None:
        """Start taking connections on the port bound by ``start(serving=False)``."""
        if self._server is not None:
            await self._server.start_serving()

    def create_table(self, config: TableConfig, save_path: Path | None = None) -> Table:
        """A new table in its lobby; ``ValueError`` for a bad game, preset or options.
        With ``save_path`` it autosaves there (call from within the event loop)."""
        table = Table(self, config)
        self.tables[table.id] = table
        if save_path is not None:
            self.autosave(table, save_path)
        return table

    def autosave(self, table: Table, save_path: Path) -> None:
        """Save ``table`` to ``save_path`` now and after every change from now on."""
        table.saver = _autosaver(table, save_path)
        table.saver.changed()

    def restore_table(self, state: dict[str, Any], save_path: Path | None = None) -> Table:
        """Bring back a saved table (``ValueError`` names what is wrong with the save), read
        from ``save_path`` when given (it autosaves there, that save kept until a newer one is
        written). Its players are away until they reconnect; call ``table.resume()`` once serving."""
        from .tablestate import restore_table

        table = restore_table(self, state)
        if table.id in self.tables:
            raise ValueError(f"table {table.id} is already hosted here")
        self.tables[table.id] = table
        if save_path is not None:
            table.saver = _autosaver(table, save_path, kept=True)
        return table

    def _flush_later(self, conn: Connection) -> None:
        """Frames are written once the event loop has run everything that was ready: the
        frames of every action read in one turn go out together, so a peer's app wakes once
        for all of them rather than once per frame."""
        if not self._unflushed:
            asyncio.get_running_loop().call_soon(self._flush)
        self._unflushed.append(conn)

    def _flush(self) -> None:
        conns, self._unflushed = self._unflushed, []
        for conn in conns:
            conn.flush()

    def find_table(self, table_id: str | None) -> Table | None:
        if table_id is None:
            return next(iter(self.tables.values()), None)
        return self.tables.get(table_id)

    def add_listener(self, callback: Callable[[Table], Any]) -> None:
        """``callback(table)`` runs whenever a table's lobby or status changes."""
        self._listeners.append(callback)

    def _notify(self, table: Table) -> None:
        for cb in list(self._listeners):
            try:
                cb(table)
            except Exception:
                log.exception("table listener failed")

    async def close(self) -> dict[str, SaveOutcome]:
        """Stop every table, save its latest state and let its players go. Returns how each
        autosaved table's last save went, by table id: a host says only what was saved."""
        if self._server is not None:
            self._server.close()
        for table in self.tables.values():
            table.close()
        saved: dict[str, SaveOutcome] = {}
        for table in self.tables.values():
            if table.saver is not None:  # a clean stop keeps the latest state of every table
                saved[table.id] = await table.saver.finish(self.save_wait)
            table.close_log()
        for conn in list(self.connections):
            if conn.table is not None:
                conn.send({"type": "bye", "reason": "the host closed the table"})
            conn.close()
        if self.lingering:  # let the lingering closes finish, then cut what is left
            deadline = asyncio.get_running_loop().time() + self.linger
            while self.lingering and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)
            for conn in list(self.lingering):
                conn.close(abort=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        await asyncio.sleep(0)
        return saved


def table_state_of(table: Table) -> dict[str, Any]:
    from .tablestate import table_state

    return table_state(table)


def _autosaver(table: Table, path: Path, kept: bool = False) -> Autosaver:
    """``table``'s autosaver, its guests told when saving fails and when it works again."""
    saver = Autosaver(path, lambda: table_state_of(table), kept=kept, first=table.log_syncer)
    saver.on_problem.append(table.not_saved)
    saver.on_saved_again.append(table.saved_again)
    return saver
