"""Serve Deal Me In over SSH: each interactive session runs the app in a child process on its
own pty, connected to the host's table as an ordinary network client (no back door).

Only interactive sessions with a pty are served: a command (``ssh host id``) is never run but
answered with one line saying how to connect; subsystems (sftp, scp), every kind of forwarding,
agent and X11 forwarding are refused.

A session the server ends while its player still watches (the host closing, the idle timeout)
ends the way a player's own quit does: the app is asked to quit (``PtyChild.stop``) and puts the
terminal back itself (alternate screen left, mouse reports off, cursor shown); then one line says
why on the player's normal screen and the channel ends with an exit status. Only an app that has
not gone within ``quit_grace`` seconds is hung up on and killed, and the server then puts the
terminal back for it (``TERMINAL_RESET``).
"""
from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import math
import secrets
import signal
import time
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .sshlib import asyncssh

from .addresses import SSH_PORT, reach_hosts
from .environ import SEAT_GRACE_ENV, SEAT_TOKEN_ENV
from .keptfor import keeps_no_seat, kept_for
from .lockout import Lockout
from .protocol import NAME_LEN, clean_name
from .ssh_keys import fingerprint, load_or_create_host_key, read_client_keys, seat_token
from .ssh_pty import TERMINAL_RESET, PtyChild, child_environment
from .ssh_zygote import Zygote
from .tableconfig import SSH_AUTH_MODES

log = logging.getLogger("dealmein.ssh")

AUTH_MODES = SSH_AUTH_MODES
NO_PTY_MESSAGE = b"Deal Me In is interactive: connect with a terminal (ssh -t).\r\n"
#: the one line a session that asked for a command gets (the command is never run)
EXEC_MESSAGE = b"Deal Me In runs no commands: connect without one, in a terminal (ssh -t).\r\n"
#: the last lines of a session the server ends, on the player's own screen once the app is gone
#: (for being idle, ``idle_message`` goes on from this)
IDLE_MESSAGE = b"Idle for too long: goodbye."
#: (the seat goes with the name and the address, saved with the table: it is there on a resume)
CLOSED_MESSAGE = (b"The host closed the table: goodbye. Once it is back, log in again with the same name "
                  b"from this machine: a seat you had is kept for you.\r\n")
#: refused connections one address may hold open while their reason is told (past them, closed at once)
REFUSALS_HELD = 2
#: why a connection is refused, as the client prints it (the disconnect's reason)
LOCKED_MESSAGE = "Deal Me In: too many wrong passwords from your address; try again in {:g} s."
FULL_MESSAGE = "Deal Me In: the table has all the SSH players it can take; try again when one leaves."
FULL_FROM_YOU_MESSAGE = "Deal Me In: {} SSH sessions from your address at most; close one and try again."
NO_SESSION_MESSAGE = "Deal Me In: this connection opened no session in {:g} s; log in again to play."
_WORDS = ("amber", "birch", "cedar", "delta", "ember", "fable", "gusto", "harbor", "indigo",
          "jasper", "kettle", "lumen", "maple", "nectar", "otter", "pepper", "quartz", "raven",
          "saffron", "tundra", "umber", "velvet", "willow", "zephyr")


def idle_message(grace: float | None) -> bytes:
    """The last line of a session ended for being idle: how long a seat its guest had in a match
    in play is kept (``grace`` seconds, the table's; None: not told), and how to take it back,
    as the app says it when its player quits; with no seat kept (``--grace 0``), goodbye alone."""
    if keeps_no_seat(grace):
        return IDLE_MESSAGE + b"\r\n"
    return IDLE_MESSAGE + (f" A seat you had in a match in play is kept for you {kept_for(grace)}: log in again "
                           "with the same name from this machine to take it back.\r\n").encode()


def _grace_told(extra: dict[str, str]) -> float | None:
    """The seat grace the session's app is told (``SEAT_GRACE_ENV``), None if none."""
    try:
        return float(extra[SEAT_GRACE_ENV])
    except (KeyError, ValueError):
        return None


def friendly_password() -> str:
    """A table password a host can read out loud: ``maple-otter-42``."""
    return f"{secrets.choice(_WORDS)}-{secrets.choice(_WORDS)}-{secrets.randbelow(90) + 10}"


#: the player name of a login whose name shows nothing
NO_NAME = "guest"


def player_name(username: str) -> str:
    """The SSH user name as a player name: printable, at most ``NAME_LEN`` characters. One that
    would show nothing (blank letters or combining marks alone, which the tables seat as
    "Player"), is ``NO_NAME``, as an empty one is (one that reads as a bot's is kept: the
    table refuses it, and the guest's app says why): the guest's app shows that name as its own,
    and says to log in again as it, which is true, since the seat token and the settings folder
    follow the player name."""
    clean = "".join(ch for ch in username if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    name = clean.strip()[:NAME_LEN]
    return name if clean_name(name, NAME_LEN) else NO_NAME


@dataclass
class SSHConfig:
    host: str = "0.0.0.0"
    port: int = SSH_PORT
    auth: str = "password"
    password: str | None = None
    authorized_keys: str | None = None
    #: the keys of ``authorized_keys`` when already read (a host checks them before it starts);
    #: read from the file at ``start`` otherwise
    client_keys: asyncssh.SSHAuthorizedKeys | None = None
    host_key_path: Path | None = None
    max_sessions: int = 16
    max_per_address: int = 4
    login_timeout: float = 30.0
    #: seconds between keepalives, three unanswered ending the connection: a guest whose
    #: machine went to sleep or off the network is a drop in about 30 s, as an app's heartbeat is
    keepalive: float = 10.0
    #: seconds a logged-in connection may hold no session (``ssh -N``, a client's master
    #: connection left over) before it is closed: it counts towards its address's cap
    session_wait: float = 30.0
    idle_timeout: float = 1800.0
    max_failures: int = 5  # failed logins per address per ``failure_window``
    failure_window: float = 60.0
    quit_grace: float = 2.5  # a session the server ends: seconds the app has to quit by itself
    kill_grace: float = 1.0  # then, after SIGHUP, before SIGKILL
    zygote: bool = True  # fork sessions from a pre-imported app process when there is one

    def __post_init__(self) -> None:
        if self.auth not in AUTH_MODES:
            raise ValueError(f"ssh auth must be one of {', '.join(AUTH_MODES)}, not {self.auth!r}")
        if self.auth == "password" and not self.password:
            self.password = friendly_password()
        if self.auth == "keys" and not self.authorized_keys and self.client_keys is None:
            raise ValueError("ssh auth 'keys' needs an authorized_keys file")


@dataclass
class _Registry:
    """Sessions and failures, shared by every connection of one server."""

    sessions: set["TableSession"] = field(default_factory=set)
    connections: set["_Connection"] = field(default_factory=set)
    per_address: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    #: refused connections held to tell their reason, by address (``REFUSALS_HELD`` at most)
    refusing: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    #: failed logins by address (the table's own front door counts wrong passwords the same way)
    failures: Lockout = field(default_factory=Lockout)


class SSHTableServer:
    """The SSH front door of one hosted table.

    ``command(name)`` gives the argv of the child for a player; ``extra_env(name)`` the
    host-made environment variables it gets besides the allowlisted ones. With ``app_args``
    (the app's own command line for a player) sessions are forked from a zygote instead.
    """

    def __init__(self, config: SSHConfig, command: Callable[[str], list[str]],
                 extra_env: Callable[[str], dict[str, str]] | None = None,
                 host_key: asyncssh.SSHKey | None = None,
                 app_args: Callable[[str], list[str]] | None = None) -> None:
        self.config = config
        self.command = command
        self.app_args = app_args
        self.zygote: Zygote | None = None
        self.extra_env = extra_env or (lambda name: {})
        if host_key is None:
            if config.host_key_path is None:
                raise ValueError("an SSH server needs a host key or a path to keep one")
            host_key = load_or_create_host_key(config.host_key_path)
        self.host_key = host_key
        self.fingerprint = fingerprint(host_key)
        self.registry = _Registry(failures=Lockout(config.max_failures, config.failure_window))
        self.closing = False
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    @functools.cached_property
    def reach_host(self) -> str:
        """The address players on other machines type for this server (this machine's own for
        a wildcard bind), looked up once."""
        return reach_hosts(self.config.host)[0]

    def login_command(self, user: str) -> str:
        """What a player types to come in: ``ssh -p 2222 NAME@192.168.1.20``."""
        return f"ssh -p {self.port} {user}@{self.reach_host}"

    async def start(self) -> None:
        """Listen (``OSError`` if the port cannot be had; ``ValueError`` naming the
        ``authorized_keys`` file if it holds no key to let in)."""
        c = self.config
        keys = None
        if c.auth == "keys":
            keys = c.client_keys if c.client_keys is not None else read_client_keys(str(c.authorized_keys))
        if c.zygote and self.app_args is not None:
            self.zygote = Zygote(child_environment(None, {}))
            try:
                await self.zygote.start()
            except OSError as e:  # sessions still work, spawned one by one
                log.warning("ssh: no app zygote (%s); starting each session from scratch", e)
                self.zygote = None
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self), c.host, c.port,
            server_host_keys=[self.host_key],
            authorized_client_keys=keys,
            login_timeout=c.login_timeout,
            encoding=None, line_editor=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            sftp_factory=None, process_factory=None, session_factory=None,
            keepalive_interval=c.keepalive, keepalive_count_max=3,
        )
        log.debug("ssh listening on %s:%s (%s)", c.host, self.port, self.fingerprint)  # a host says so itself

    async def close(self) -> None:
        """Stop listening; end every session (each app asked to quit first, see the module's
        doc), then every connection."""
        self.closing = True
        acceptor, self._acceptor = self._acceptor, None
        if acceptor is not None:
            acceptor.close()
        sessions = list(self.registry.sessions)
        await asyncio.gather(*(s.end(CLOSED_MESSAGE) for s in sessions), return_exceptions=True)
        for conn in list(self.registry.connections):
            if conn.conn is not None:
                conn.conn.close()
        if acceptor is not None:
            try:  # (a listener that waited for its connections would have them closed by now)
                await asyncio.wait_for(acceptor.wait_closed(), 5.0)
            except asyncio.TimeoutError:
                log.warning("ssh: the listener did not close in time")
        if self.zygote is not None:
            await self.zygote.close()
            self.zygote = None

    # -- failure bookkeeping ------------------------------------------------
    def locked_out(self, address: str) -> bool:
        return self.registry.failures.locked(address)

    def locked_message(self, address: str) -> str:
        """Why ``address`` is refused, with the seconds until it may try again."""
        return LOCKED_MESSAGE.format(max(1, math.ceil(self.registry.failures.locked_for(address))))

    def record_failure(self, address: str) -> None:
        self.registry.failures.failed(address)


class _Connection(asyncssh.SSHServer):
    """One SSH connection: authentication, caps and refusals."""

    def __init__(self, server: SSHTableServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.username = "guest"
        self.counted = False
        #: why this connection is refused, told to the client once it can read it (``begin_auth``)
        self.refusal: tuple[int, str] | None = None
        #: sessions open on this connection, and the wait for one while there are none
        self.open_sessions = 0
        self._sessionless: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        reg = self.server.registry
        cfg = self.server.config
        if self.server.closing:
            conn.close()
            return
        refusal: tuple[int, str] | None = None
        if self.server.locked_out(self.address):
            log.warning("ssh: %s locked out after failed logins", self.address)
            refusal = (asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, self.server.locked_message(self.address))
        elif reg.per_address[self.address] >= cfg.max_per_address or len(reg.sessions) >= cfg.max_sessions:
            log.warning("ssh: refusing %s: session cap reached", self.address)
            mine = reg.per_address[self.address] >= cfg.max_per_address
            refusal = (asyncssh.DISC_TOO_MANY_CONNECTIONS,
                       FULL_FROM_YOU_MESSAGE.format(cfg.max_per_address) if mine else FULL_MESSAGE)
        if refusal is not None:
            # a refusal waits for the key exchange to give its reason (closed before it, the client
            # read only "banner exchange: invalid format"), but an address holds few such: past
            # them, or past as many in all as sessions served, it is closed at once, unexplained
            if reg.refusing[self.address] >= REFUSALS_HELD or sum(reg.refusing.values()) >= cfg.max_sessions:
                conn.close()
                return
            self.refusal = refusal
            reg.refusing[self.address] += 1
        else:
            reg.per_address[self.address] += 1
            self.counted = True
        reg.connections.add(self)  # closed with the server, refused or not

    def auth_completed(self) -> None:
        self._await_session()

    def _await_session(self) -> None:
        """With no session open, the connection has ``session_wait`` seconds to open one."""
        if self._sessionless is None and self.conn is not None and not self.server.closing:
            wait = self.server.config.session_wait
            self._sessionless = asyncio.get_running_loop().call_later(wait, self._no_session, wait)

    def _no_session(self, wait: float) -> None:
        self._sessionless = None
        if self.open_sessions == 0 and self.conn is not None:
            log.info("ssh: %s opened no session in %g s: closing its connection", self.address, wait)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, NO_SESSION_MESSAGE.format(wait))

    def session_ended(self) -> None:
        """A session of this connection ended: with none left, it waits for another a while."""
        self.open_sessions = max(0, self.open_sessions - 1)
        if self.open_sessions == 0:
            self._await_session()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._sessionless is not None:
            self._sessionless.cancel()
            self._sessionless = None
        self.conn = None
        reg = self.server.registry
        reg.connections.discard(self)
        if self.counted:
            reg.per_address[self.address] -= 1
            self.counted = False
        if self.refusal is not None and reg.refusing[self.address] > 0:
            reg.refusing[self.address] -= 1
            self.refusal = None

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.refusal is not None and self.conn is not None:
            self.conn.disconnect(*self.refusal)
            return True
        return self.server.config.auth != "open"

    def password_auth_supported(self) -> bool:
        return self.server.config.auth == "password"

    def kbdint_auth_supported(self) -> bool:
        # the password method only: asyncssh offers keyboard-interactive on top of it by default,
        # and the stock client then asks for the password by both, each wrong answer counting
        # towards the lock-out, so one mistyping session could lock its address out
        return False

    def validate_password(self, username: str, password: str) -> bool:
        if self.refusal is not None:
            return False
        if self.server.locked_out(self.address):
            # locked meanwhile (its wrong passwords, or another connection's from its address):
            # a password given now, right or wrong, is told why it is refused, as a new
            # connection is (it read a bare "Permission denied")
            if password and self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                     self.server.locked_message(self.address))
            return False
        if not password:
            # what the stock client sends for Ctrl+D or a bare Enter at its prompt: a login given
            # up, not a guess (a table's password is never empty), so no try is counted against
            # the address
            log.info("ssh: no password given for %r from %s", username, self.address)
            return False
        expected = self.server.config.password or ""
        ok = hmac.compare_digest(password.encode(), expected.encode())
        if not ok:
            self.server.record_failure(self.address)
            log.info("ssh: wrong password for %r from %s", username, self.address)
        return ok

    def public_key_auth_supported(self) -> bool:
        return self.server.config.auth == "keys"

    def session_requested(self) -> asyncssh.SSHServerSession | bool:
        reg, cfg = self.server.registry, self.server.config
        if self.refusal is not None or self.server.closing or len(reg.sessions) >= cfg.max_sessions:
            return False
        # one connection may open several sessions: the cap per address counts sessions too,
        # or one login could take every session the host serves
        if sum(1 for s in reg.sessions if s.address == self.address) >= cfg.max_per_address:
            log.warning("ssh: refusing a session to %s: %d sessions from it already", self.address,
                        cfg.max_per_address)
            return False
        if self._sessionless is not None:
            self._sessionless.cancel()
            self._sessionless = None
        self.open_sessions += 1
        return TableSession(self.server, player_name(self.username), self.address, self.session_ended)

    # Everything else a client may ask for is refused.
    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class TableSession(asyncssh.SSHServerSession):
    """One player's session: the app in a child process on a pty."""

    def __init__(self, server: SSHTableServer, name: str, address: str,
                 ended: Callable[[], None] | None = None) -> None:
        self.server = server
        self.name = name
        self.address = address
        self._told_ended = ended  # its connection's, told once as it ends
        self.chan: asyncssh.SSHServerChannel | None = None
        self.child: PtyChild | None = None
        self.has_pty = False
        self.size = (80, 24)
        self.last_input = time.monotonic()
        self._idle: asyncio.Task[None] | None = None
        self._ended = False
        self._open = False  # the channel still takes output (not closed, connection not lost)
        self.asked_command = False  # the client asked to run a command: told how to connect instead
        #: seconds the table keeps a seat its guest had in a match in play (told to the app too):
        #: said if the session ends idle; None where not told
        self.grace: float | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        self._open = True
        self.server.registry.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.has_pty = True
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # accepted only so that the player reads why nothing ran, rather than the client's bare
        # "session request failed"; ``session_started`` answers it and closes
        self.asked_command = True
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        if self.asked_command:
            self._finish(EXEC_MESSAGE, 1)
            return
        if not self.has_pty:
            self._finish(NO_PTY_MESSAGE, 1)
            return
        asyncio.ensure_future(self._spawn())

    async def _spawn(self) -> None:
        assert self.chan is not None
        extra = dict(self.server.extra_env(self.name))
        self.grace = _grace_told(extra)
        # the guest's seat, kept for their name and address: logging in again after a dropped
        # connection takes it back
        extra[SEAT_TOKEN_ENV] = seat_token(self.server.host_key, self.name, self.address)
        env = child_environment(self.chan.get_terminal_type(), self.chan.get_environment(), extra)
        srv = self.server
        self.child = PtyChild(srv.command(self.name), env, *self.size, on_output=self._output,
                              on_exit=self._child_exited, zygote=srv.zygote,
                              app_args=srv.app_args(self.name) if srv.app_args else ())
        try:
            await self.child.start()
        except (OSError, ConnectionError, asyncio.TimeoutError) as e:
            log.error("ssh: could not start the app for %s: %s", self.name, e)
            self._finish(b"The table could not be opened.\r\n", 1)
            return
        if self._ended:  # the session ended while the app was starting: it goes too
            await self.child.terminate(srv.config.kill_grace)
            return
        self._idle = asyncio.ensure_future(self._watch_idle())

    async def _watch_idle(self) -> None:
        cfg = self.server.config
        while not self._ended:
            left = self.last_input + cfg.idle_timeout - time.monotonic()
            if left <= 0:
                log.info("ssh: %s idle for %.0f s, closing", self.name, cfg.idle_timeout)
                await self.end(idle_message(self.grace))
                return
            await asyncio.sleep(min(left, 5.0))

    def _output(self, data: bytes) -> None:
        if self.chan is not None and self._open:
            try:
                self.chan.write(data)
            except (BrokenPipeError, ConnectionError):  # closed by the client before we heard
                self._open = False

    def _finish(self, last_words: bytes, code: int) -> None:
        """Say ``last_words`` and end the channel with exit status ``code``."""
        if self.chan is None or not self._open:
            return
        self._open = False
        try:
            self.chan.write(last_words)
            self.chan.exit(code)
        except Exception:  # the channel may be going already
            pass

    def _child_exited(self, code: int) -> None:
        if not self._ended and self.chan is not None and self._open:
            self._open = False
            self.chan.exit(code if code >= 0 else 1)

    def data_received(self, data: bytes, datatype: object) -> None:
        self.last_input = time.monotonic()
        if self.child is not None:
            self.child.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.child is not None:
            self.child.resize(*self.size)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._open = False
        asyncio.ensure_future(self.end())

    async def end(self, goodbye: bytes | None = None) -> None:
        """End the session, the child and its process group, and the channel.

        With ``goodbye`` (the server ends a session its player still sees: idle, closing) the
        app is asked to quit and given ``quit_grace`` seconds to put the terminal back itself;
        then ``goodbye`` is written on the normal screen and the channel ends with the app's exit
        status (1 if it had to be killed, when the terminal is put back for it; 0 if, still
        starting, it ended of the SIGTERM itself, as asked). Without it (the
        connection is gone) the child is hung up on at once."""
        if self._ended:
            return
        self._ended = True
        self.server.registry.sessions.discard(self)
        if self._told_ended is not None:
            self._told_ended()
        if self._idle is not None and self._idle is not asyncio.current_task():
            self._idle.cancel()
        cfg = self.server.config
        code: int | None = None
        child = self.child
        if child is not None:
            if goodbye is not None and self._open:
                code = await child.stop(cfg.quit_grace, cfg.kill_grace)
            else:
                code = await child.terminate(cfg.kill_grace)
        chan = self.chan
        if chan is None:
            return
        if goodbye is not None and self._open:
            # ended by the SIGTERM that asked it to quit: an app still starting, which keeps
            # SIGTERM's default until it has the terminal (``tui.running``), so had drawn nothing
            # and ended as asked (a guest logging in as the host closed)
            asked = code == -signal.SIGTERM
            killed = code is None or (code < 0 and not asked)
            # an app that was killed left the terminal as it was: put it back for it
            self._finish((TERMINAL_RESET + b"\r\n" if killed and child is not None else b"") + goodbye,
                         1 if killed or code is None else max(code, 0))
            try:  # let the client have the goodbye and the status before its connection goes
                await asyncio.wait_for(chan.wait_closed(), 1.0)
            except (asyncio.TimeoutError, Exception):
                pass
        else:
            self._open = False
            try:
                chan.close()
            except Exception:  # the channel may already be gone
                pass
