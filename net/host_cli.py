"""``dealmein host --headless``: serve one table from a terminal until Ctrl+C or SIGTERM.

The table autosaves to ``save_path(port)`` after every change. ``--resume`` brings the saved
table of that port back (same name, table id, seats, tokens, host key, match); without a save
it starts a new table. A save that cannot be read or restored is reported by name, moved aside
and a new table is started: the host never refuses to host because of an old file.
"""
from __future__ import annotations

import argparse
import asyncio
import errno
import os
import shlex
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Coroutine, TypeVar

from core import GAMES
from core.options import value_text

from . import savefile
from .addresses import host_port, join_addresses
from .announce import Announcements, Out
from .autosave import SaveOutcome
from .client import app_version
from .hostlog import log_to_terminal
from .lanflags import advertised, lan_interfaces
from .peer import Refused
from .savefile import aside_text, move_aside, read_save, save_path, saved_bind
from .seat import Seat
from .server import BOT_DELAY, GRACE, TAKEOVER, Server, TableConfig
from .ssh_host import client_address, make_ssh_server
from .ssh_keys import HostKeyProblem, passed_over, read_client_keys
from .ssh_server import SSHConfig, SSHTableServer
from .sshlib import asyncssh
from .table import Table
from .tableconfig import SSH_AUTH_MODES, TABLE_NAME_LEN, SSHDoor
from .tablestate import restore_loaded

T = TypeVar("T")


def host_key_join(address: str, key: str) -> str:
    """The join command of the host key's holder, as a shell runs it: ``--host-key=KEY`` for a
    key that starts with "-" (a save of an older version), which would read as another flag."""
    flag = f"--host-key={key}" if key.startswith("-") else f"--host-key {key}"
    return f"dealmein join {address} {flag}"


def listen_problem(e: Exception, flag: str, resume: bool = False, saved: bool = True) -> str:
    """Why a port cannot be listened on, in words and with what to do, never the socket
    library's ("[Errno 99] error while attempting to bind on address ..."); for one in use (the
    usual case: another table here), the flag that picks another, or, bringing a saved table
    back (``resume``: its players' apps come back to that port, and another port has no save of
    it), what to do instead; a ``resume`` with no table ``saved`` there is a new table, for
    which another port does (``--resume`` takes no port 0)."""
    code = getattr(e, "errno", None)
    if code == errno.EADDRINUSE:
        if resume and saved:
            return ("the port is in use (another table on this machine?): the saved table comes back on that port, "
                    "where its players return: stop what holds it and run this command again")
        if resume:
            return f"the port is in use (another table on this machine?), and no table is saved for it: {flag} N picks another"
        return f"the port is in use (another table on this machine?): {flag} N picks another, {flag} 0 any free one"
    if code == errno.EADDRNOTAVAIL:
        return "no network interface of this machine has that address (--bind picks one that does, or leave it out)"
    if code == errno.EACCES:
        if resume:
            return "this user may not listen on that port (ports below 1024 need the administrator's rights)"
        return (f"this user may not listen on that port (ports below 1024 need the administrator's rights): "
                f"{flag} N picks another, {flag} 0 any free one")
    if isinstance(code, int) and code in errno.errorcode:  # the system's words for it, without the errno
        return os.strerror(code)
    return str(e)


def address_line(bind: str, port: int) -> str:
    """Where the table listens, for the person running it: a wildcard bind in words, since
    ``0.0.0.0`` is no address to give anyone (the next line gives the players theirs)."""
    wildcard = {"0.0.0.0": "every IPv4 interface", "::": "every interface", "": "every interface"}.get(bind)
    return f"Address: {wildcard}, port {port}" if wildcard else f"Address: {host_port(bind, port)}"


def table_config(args: argparse.Namespace) -> TableConfig:
    name = args.name or "Deal Me In table"
    password = args.password or None  # none given: the table is open; SSH logins get one made up
    return TableConfig(name=name, game=args.game, preset=args.preset, options=dict(getattr(args, "option", None) or []),
                       seats=args.seats, password=password, seed=getattr(args, "seed", None),
                       turn_time=getattr(args, "turn_time", 0))


def kept_as_saved(args: argparse.Namespace, state: dict[str, Any] | None) -> None:
    """What a resume keeps of the saved table unless the command line says otherwise, as the
    app's Resume does: the address it was kept to (127.0.0.1: this machine only; it opened on
    every interface), and, its door served again with ``--ssh``, the door's login and
    authorized_keys file (a keys login came back a password login with a new password)."""
    given: set[str] = getattr(args, "given", set())
    if "bind" not in given:
        args.bind = saved_bind(state) or args.bind
    config = (state or {}).get("config")
    door = config.get("ssh_door") if isinstance(config, dict) else None
    if getattr(args, "ssh", None) is None or "ssh_auth" in given or not isinstance(door, dict):
        return
    auth, keys = door.get("auth"), door.get("keys")
    if auth in SSH_AUTH_MODES and (auth != "keys" or isinstance(keys, str) and keys):
        args.ssh_auth = auth
        if auth == "keys" and not getattr(args, "ssh_keys", None):
            args.ssh_keys = keys


def check_ssh_flags(args: argparse.Namespace) -> asyncssh.SSHAuthorizedKeys | None:
    """What the ``--ssh`` flags say together, checked before anything starts: a port of its own
    (on the table's, SSH would take the port the table had bound and not yet listened on), and, for
    ``--ssh-auth keys``, an authorized_keys file that lets someone in, whose keys it returns
    (read once, here: the SSH door is opened with these), its lines that are no key warned of.
    ``ValueError`` says the mistake as ``argparse`` would."""
    if args.ssh and args.ssh == args.port:
        raise ValueError(f"argument --ssh: port {args.ssh} is the table's --port too; SSH needs a port of "
                         f"its own (--ssh 0 takes any free one)")
    if args.ssh_auth != "keys" or not args.ssh_keys:
        return None
    try:
        keys = read_client_keys(str(args.ssh_keys))
    except ValueError as e:
        raise ValueError(f"argument --ssh-keys: {e}") from None
    skipped = passed_over(str(args.ssh_keys))
    if skipped:
        said = f"line {skipped[0]} of {args.ssh_keys} is not an SSH public key this host can read; it lets" \
            if len(skipped) == 1 else f"lines {', '.join(map(str, skipped))} of {args.ssh_keys} are not SSH " \
            "public keys this host can read; they let"
        print(f"dealmein host: warning: {said} nobody in", file=sys.stderr)
    return keys


async def start_ssh(args: argparse.Namespace, server: Server, table: Table,
                    keys: asyncssh.SSHAuthorizedKeys | None = None) -> SSHTableServer:
    """The SSH front door, listening (``OSError``/``ValueError`` if it cannot); ``keys``, those
    of ``--ssh-keys`` read already."""
    c = table.config
    config = SSHConfig(host=args.bind, port=args.ssh, auth=args.ssh_auth, password=c.password or c.ssh_password,
                       authorized_keys=args.ssh_keys, client_keys=keys, max_sessions=args.ssh_max_sessions,
                       idle_timeout=args.ssh_idle)
    ssh = make_ssh_server(config, client_address(args.bind, server.port), c.password, grace=server.grace)
    try:
        await ssh.start()
    except BaseException:
        await ssh.close()  # the app zygote it may have started
        raise
    # the door and its password (the table's own, or one made up or kept from the save) are kept
    # for a resume: the app's opens the same door where the save has one; another login forgets
    # the password
    table.keep_ssh(door_of(args, ssh.port), ssh.config.password if args.ssh_auth == "password" else None)
    return ssh


def door_of(args: argparse.Namespace | None, port: int) -> SSHDoor:
    """The SSH door ``args`` serve on ``port``: their login, and its authorized_keys file as a
    path from any folder."""
    auth, keys = getattr(args, "ssh_auth", "password"), getattr(args, "ssh_keys", None)
    return SSHDoor(port, auth, str(Path(keys).resolve()) if auth == "keys" and keys else None)


def door_flags(door: SSHDoor) -> str:
    """The flags that open ``door`` again as it was: its port and its login (an open door
    reopened as a password one would ask its players for a password they never had)."""
    parts = [f"--ssh {door.port}"]
    if door.auth != "password":
        parts.append(f"--ssh-auth {door.auth}")
    if door.keys:
        parts.append(f"--ssh-keys {shlex.quote(door.keys)}")
    return " ".join(parts)


def print_ssh(ssh: SSHTableServer, out: Out, table_password: str | None = None) -> None:
    # a table's own password is the SSH login's too (docs/security.md): said so, as the invite says it
    own = ssh.config.auth == "password" and table_password is not None and ssh.config.password == table_password
    how = "password login: the table's password" if own else f"{ssh.config.auth} login"
    print(f"SSH: {ssh.login_command('NAME')}  ({how})", file=out)
    if ssh.config.auth == "password" and ssh.config.password != table_password:
        # a table without a password of its own: the SSH login has one made up
        print(f"SSH password: {ssh.config.password}", file=out)
    print(f"SSH host key fingerprint: {ssh.fingerprint}", file=out)


class SaveUnread(Exception):
    """The save is there but could not be read at all: a new table started in its place would
    take its port's save and its players' seats, so the host does not start."""


def resume_table(server: Server, port: int, out: Out) -> tuple[Table | None, str | None]:
    """The saved table of ``port``, restored; or ``None`` to start a new one, with what is wrong
    with the save if there is one. An unusable save stays where it is until the new table is up
    (``set_aside``), so that a start that fails changes nothing; one that cannot be read at all
    raises ``SaveUnread``."""
    path = save_path(port)
    existed = path.exists()
    loaded = read_save(path, keep=True)
    if loaded.unreadable:
        raise SaveUnread(loaded.problem)
    table, problem = restore_loaded(server, loaded, path, keep=True)
    if table is None and not existed:
        print(f"No saved table for port {port}: starting a new table.", file=out)
        problem = None
    return table, problem


#: ``host`` options that change how the table runs and that its save does not keep, each with
#: its flag and its default (as ``dealmein host --help`` gives them): a resume command gives
#: each one that was not at its default, so that the table comes back running as it ran
RUN_OPTIONS: tuple[tuple[str, str, float], ...] = (
    ("grace", "--grace", GRACE), ("takeover", "--takeover", TAKEOVER), ("bot_delay", "--bot-delay", BOT_DELAY))
#: the same for the SSH door's options, given when the door is
SSH_OPTIONS: tuple[tuple[str, str, float], ...] = (
    ("ssh_max_sessions", "--ssh-max-sessions", 16), ("ssh_idle", "--ssh-idle", 1800.0))


def number_text(value: float) -> str:
    """A number as a flag takes it back exactly: 30 for 30.0, 0.25 as it is."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def resume_command(port: int, args: argparse.Namespace | None = None, ssh_port: int | None = None) -> str:
    """The command that brings the table on ``port`` back as it was served: on the address it
    listened on, with SSH on the port it had (without ``--ssh`` a resume opens no SSH, and its
    guests could not get back in), and with every option its save does not keep that was not
    at its default (``RUN_OPTIONS``, ``SSH_OPTIONS``)."""
    parts = ["dealmein host --headless --resume", f"--port {port}"]
    bind = getattr(args, "bind", None)
    if bind and bind != "0.0.0.0":
        parts.append(f"--bind {bind}")
    if not advertised(args):
        parts.append("--no-mdns")  # a table kept off the LAN's lists stays off them
    else:  # and one kept to some interfaces, to those
        parts += [f"--interface {address}" for address in lan_interfaces(args) or []]
    options = list(RUN_OPTIONS)
    if ssh_port is not None:
        parts.append(door_flags(door_of(args, ssh_port)))
        options += SSH_OPTIONS
    for dest, flag, default in options:
        value = getattr(args, dest, default)
        if value != default:
            parts.append(f"{flag} {number_text(value)}")
    return " ".join(parts)


def where_text(table: Table) -> str:
    """Where the table stands: "match in play, hand 2" (Ninety-Nine's "round 2", as its
    rules and its table say), "lobby" or "finished"."""
    m = table.match
    if m is None or table.status != "playing":
        return table.status
    return f"match in play, {GAMES[table.config.game].deal_word} {m.hand_number}"


#: what stopped the host, in the words of the person at its terminal
STOPPED_BY: dict[int, str] = {signal.SIGINT: "Ctrl+C", signal.SIGTERM: "SIGTERM"}
if hasattr(signal, "SIGHUP"):
    STOPPED_BY[signal.SIGHUP] = "its terminal closed"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def closing_text(table: Table, why: str | None = None) -> str:
    """Who closing the table lets go of, said before it does: the person at the terminal
    learns which players are cut off, and which seats were only held for players who had
    dropped (nobody there to tell)."""
    def who(seats: list[Seat]) -> str:
        return ", ".join(f"{s.name} in seat {s.index + 1}" if s.name else f"seat {s.index + 1}" for s in seats)

    here = [s for s in table.seats if s.token is not None and s.conn is not None]
    away = [s for s in table.seats if s.away]
    watchers = len(table.watching())
    seated = len(here) + len(away)
    parts = [f"{plural(seated, 'player')} {'was' if seated == 1 else 'were'} seated" if seated
             else "no player was seated"]
    cut = ([f"{len(here)} ({who(here)})"] if here else []) + ([plural(watchers, "watcher")] if watchers else [])
    if cut:
        parts.append("disconnecting " + " and ".join(cut))
    if away:
        parts.append(f"{len(away)} had dropped, {'seat' if len(away) == 1 else 'seats'} held ({who(away)})")
    return f"Closing the table{f' ({why})' if why else ''}: " + "; ".join(parts) + "."


def saved_text(table: Table, outcome: SaveOutcome | None, command: str, grace: float = GRACE) -> str | None:
    """What became of the table's save once it closed (``outcome``, from ``Server.close``),
    and how to bring it back (``command``, from ``resume_command``, which keeps the seats of the
    table's players for ``grace`` seconds); ``None`` for a table that is not saved. A save that was not made is never called one: the line then says what was
    not saved and where the last good save is, if there is one."""
    if outcome is None:
        return None
    if outcome.problem is None:
        players = any(s.token is not None and s.bot is None for s in table.seats)
        # ``command`` runs the table with this one's grace (``resume_command`` gives --grace where not the default)
        held = f", holding each player's seat for {number_text(grace)} seconds while they join again" if players else ""
        return f"Saved to {outcome.path} ({where_text(table)}): {command} brings it back{held}."
    said = f"The table's last state was not saved: {outcome.problem}."
    if not outcome.kept:
        return f"{said} No save of this table was written, so it cannot be brought back."
    when = "the one it was resumed from" if outcome.saved_at is None else f"written {clock_text(outcome.saved_at)}"
    return f"{said} Its last good save ({when}) is {outcome.path}: {command} brings the table back as it was then."


def clock_text(when: float, now: float | None = None) -> str:
    """"at 14:02:11", or "on 2024-05-01 at 14:02:11" for another day than today."""
    day = time.strftime("%Y-%m-%d", time.localtime(when))
    at = f"at {time.strftime('%H:%M:%S', time.localtime(when))}"
    return at if day == time.strftime("%Y-%m-%d", time.localtime(now)) else f"on {day} {at}"


def set_aside(port: int, problem: str) -> None:
    """The new table is up: the unusable save it replaces is kept beside, under a new name."""
    print(f"dealmein host: {problem}; {aside_text(move_aside(save_path(port)))}; starting a new table",
          file=sys.stderr)


def left_alone(problem: str | None) -> None:
    """The start failed: an unusable save is reported and left as it was."""
    if problem:
        print(f"dealmein host: {problem}; left as it is", file=sys.stderr)


def keep_previous(path: Path, out: Out) -> None:
    """A new table on a port that has a saved one: the old save is kept beside, not overwritten."""
    kept, why, table = savefile.keep_previous(path)
    if kept is not None and table:
        print(f"The table saved for this port was kept as {kept} (--resume continues a saved table).", file=out)
    elif kept is not None:  # a file no table could be read from: kept all the same, said as it is
        print(f"The file in the place of this port's save, which holds no table this version reads, was kept "
              f"as {kept}.", file=out)
    elif why is not None:
        print(f"dealmein host: {path} will be replaced by the new table (cannot keep it: {why})", file=sys.stderr)


#: what the host says when a signal stops it before its table is open: nothing was saved or
#: moved aside, nobody was let in, and the ports it had taken are let go
STOPPED_EARLY = "dealmein host: stopped before the table opened."


class Signals:
    """Ctrl+C, SIGTERM and SIGHUP (the host's terminal closed), in hand from the moment the host
    starts. The first sets ``stop``, and cuts short the start-up step running then (``step``:
    opening the table, then advertising it), so that stopping never waits on a slow one."""

    def __init__(self, stop: asyncio.Event) -> None:
        self.stop = stop
        #: the signal that set ``stop``, if one did
        self.first: signal.Signals | None = None
        self.step: asyncio.Task[Any] | None = None
        self._loop = asyncio.get_running_loop()
        self._handled: list[signal.Signals] = []

    @property
    def by(self) -> str | None:
        """What stopped the host, in the words of the person at its terminal."""
        return None if self.first is None else STOPPED_BY.get(self.first, self.first.name)

    def install(self) -> None:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is None:
                continue
            if sig != signal.SIGINT and signal.getsignal(sig) == signal.SIG_IGN:
                continue  # ``nohup`` (or a service manager) said to outlive the terminal: so it does
            try:
                self._loop.add_signal_handler(sig, self.caught, sig)
                self._handled.append(sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not the main thread or not supported: the caller sets ``stop``

    def remove(self) -> None:
        for sig in self._handled:
            self._loop.remove_signal_handler(sig)
        self._handled.clear()

    def caught(self, sig: signal.Signals) -> None:
        """``sig`` came (from the event loop's handler, or found noted before it was in place)."""
        if self.stop.is_set():
            return  # stopping already: a second Ctrl+C must not cut the goodbyes short
        self.first = sig
        self.stop.set()
        if self.step is not None and not self.step.done():
            self.step.cancel()

    async def until_stopped(self, step: Coroutine[Any, Any, T]) -> T | None:
        """What ``step`` returns; ``None`` when a signal cut it short, or came before it."""
        if self.first is not None:
            step.close()
            return None
        task = self.step = asyncio.create_task(step)
        try:
            return await task
        except asyncio.CancelledError:
            if self.first is None or not task.cancelled():
                raise  # the host itself is being cancelled
            return None
        finally:
            self.step = None


@dataclass
class Opened:
    """A table listening on its port (and SSH port), not yet saved, told or advertised."""

    server: Server
    table: Table
    ssh: SSHTableServer | None
    resumed: bool
    #: what is wrong with the save of the port, when it could not be resumed
    unusable: str | None


async def open_table(args: argparse.Namespace, out: Out) -> Opened | int:
    """Everything before the table opens: the table made or restored, its port and SSH port
    listening. An exit status instead when it cannot open; stopped or failing midway, it lets go
    of what it had taken. Nothing on disk changes here."""
    # what the command line gives; the server's own defaults otherwise
    given = {name: getattr(args, name) for name in ("bot_delay", "grace", "takeover") if hasattr(args, name)}
    resume = getattr(args, "resume", False)
    if resume and not args.port:
        print("dealmein host: --resume needs the table's --port (saves are kept per port)", file=sys.stderr)
        return 2
    if resume:
        kept_as_saved(args, read_save(save_path(args.port), keep=True).state)
    server = Server(host=args.bind, port=args.port, host_in_app=False, **given)
    if not 0 <= args.bots <= args.seats:
        print(f"dealmein host: --bots must be from 0 to {args.seats}", file=sys.stderr)
        return 2
    keys = None
    if getattr(args, "ssh", None) is not None:
        try:
            keys = check_ssh_flags(args)
        except ValueError as e:
            print(f"dealmein host: error: {e}", file=sys.stderr)
            return 2
    # a restored table writes its save only when it changes: it resumes once everything is up
    try:
        table, unusable = resume_table(server, args.port, out) if resume else (None, None)
    except SaveUnread as e:
        print(f"dealmein host: {e}", file=sys.stderr)
        return 1
    resumed = table is not None
    if table is None:
        try:
            table = server.create_table(table_config(args))  # no save yet: see ``host``
        except ValueError as e:
            print(f"dealmein host: {e}", file=sys.stderr)
            return 2
    ssh = None
    try:
        try:
            # the restored table is in place before anyone can reconnect, and nobody can until
            # the SSH port is up too (``serve`` below)
            await server.start(serving=False)
        except OSError as e:
            left_alone(unusable)
            print(f"dealmein host: cannot listen on {host_port(args.bind, args.port)}: "
                  f"{listen_problem(e, '--port', resume, resumed)}",
                  file=sys.stderr)
            await server.close()
            return 1
        if getattr(args, "ssh", None) is not None:
            try:
                ssh = await start_ssh(args, server, table, keys)
            except (OSError, ValueError) as e:
                left_alone(unusable)
                said = f"cannot serve SSH: {e}" if isinstance(e, HostKeyProblem) else \
                    f"cannot serve SSH on port {args.ssh}: {listen_problem(e, '--ssh')}"
                print(f"dealmein host: {said}", file=sys.stderr)
                await server.close()
                return 1
        try:
            await server.serve()
        except OSError as e:  # the port was bound, then taken from it before it listened
            left_alone(unusable)
            print(f"dealmein host: cannot listen on {host_port(args.bind, server.port)}: "
                  f"{listen_problem(e, '--port', resume, resumed)}",
                  file=sys.stderr)
            if ssh is not None:
                await ssh.close()
            await server.close()
            return 1
    except BaseException:  # stopped midway (Ctrl+C): the ports are let go, the SSH app process ends
        if ssh is not None:
            await ssh.close()
        await server.close()
        raise
    return Opened(server, table, ssh, resumed, unusable)


async def serve(args: argparse.Namespace, out: Out = sys.stdout, stop: asyncio.Event | None = None,
                opened: asyncio.Event | None = None, interrupted: Callable[[], bool] | None = None) -> int:
    """Host until ``stop`` is set (SIGINT, SIGTERM and SIGHUP set it when run from the command
    line), and set ``opened`` once the table is open. The exit status: 0, or 1 when the table's
    last state could not be saved; a signal before the table opened stops the host with
    ``STOPPED_EARLY`` and 128 plus the signal's number, as a shell would give. ``interrupted``
    says whether a Ctrl+C came before the host took signals in hand: one Python dropped on its
    way (``tui.cli``) stops the host as one a moment later would.

    Nothing on disk changes until the table is really up (its port and, with ``--ssh``, the SSH
    port listening): only then is the old save of the port kept aside and the new table saved,
    so a start that fails, or is stopped, leaves the saves exactly as they were."""
    signals = Signals(stop or asyncio.Event())
    signals.install()
    if interrupted is not None and interrupted():
        signals.caught(signal.SIGINT)
    try:
        up = await signals.until_stopped(open_table(args, out))
        if up is None:
            assert signals.first is not None
            print(STOPPED_EARLY, file=sys.stderr, flush=True)
            return 128 + signals.first
        if isinstance(up, int):
            return up
        if opened is not None:
            opened.set()
        return await host(args, out, up, signals)
    finally:
        # the handlers stay while the table closes: a second Ctrl+C (or the one a wrapper like
        # ``timeout`` passes on) must not cut the goodbyes short with a traceback
        signals.remove()


async def host(args: argparse.Namespace, out: Out, up: Opened, signals: Signals) -> int:
    """The open table: saved from now on, told, advertised, served until a signal, then closed."""
    server, table, ssh, resumed = up.server, up.table, up.ssh, up.resumed
    resume = resume_command(server.port, args, ssh.port if ssh is not None else None)  # said twice
    door = table.config.ssh_door  # the SSH door the table had, resumed
    if ssh is None:  # no SSH this time: a resume in the app does not open it (with an old password)
        table.keep_ssh(None, None)
    # up: from here on the table is saved
    if resumed:
        table.resume()
    else:
        if up.unusable:
            set_aside(server.port, up.unusable)
        keep_previous(save_path(server.port), out)
        server.autosave(table, save_path(server.port))
        try:
            for seat in range(args.seats - args.bots, args.seats):
                table.add_bot(seat, args.bot_level)
        except Refused as e:  # cannot happen on a fresh table; reported rather than hidden
            print(f"dealmein host: {e.message}", file=sys.stderr)
            if ssh is not None:
                await ssh.close()
            await server.close()
            return 1
    c = table.config
    bots = sum(1 for s in table.seats if s.bot)
    if resumed:
        print(f'Resumed "{c.name}" from {save_path(server.port)} ({where_text(table)})', file=out)
    # the game as the app's lobby names it; the name in double quotes whatever it holds ("Ana's table")
    print(f'Hosting "{c.name}": {GAMES[c.game].name} ({c.preset}), {c.seats} seats, {plural(bots, "bot")}', file=out)
    given = getattr(args, "name", None)
    if isinstance(given, str) and not resumed and c.name != given:  # said, as a player's name cut is
        print(f"The name given is not the table's: names are kept to {TABLE_NAME_LEN} characters, without "
              "spaces at their ends or control characters, and one that shows nothing gives the usual name", file=out)
    # as the flags that set them, so the line can be used again; a resumed table's not (--resume
    # refuses them: the save holds them)
    if c.options:
        print("Options: " + " ".join(f"{'' if resumed else '--option '}{k}={value_text(v)}"
                                     for k, v in c.options.items()), file=out)
    if c.turn_time:
        flag = "" if resumed else f" (--turn-time {c.turn_time})"
        print(f"Turn clock: {c.turn_time} s a move, then a bot finishes the turn{flag}", file=out)
    if c.seed is not None:  # a fixed deal is for practice or a bug report: whoever knows it knows the hands
        flag = "" if resumed else f" (--seed {c.seed})"
        print(f"Dealt from seed {c.seed}{flag}: anyone who knows it can work out the hands", file=out)
    print(address_line(args.bind, server.port), file=out)
    joins = join_addresses(args.bind, server.port)
    print("Players join with: " + "  or  ".join(f"dealmein join {a}" for a in joins), file=out)
    if c.password:
        print(f"Table password: {c.password}", file=out)
    print(f"Host key (lets one player run the lobby): {table.host_key}", file=out)
    if joins:
        print(f"  that player joins with: {host_key_join(joins[0], table.host_key)}", file=out)
        print("  (or --host-key-file FILE, the key on its first line: other users can read a command line)",
              file=out)
    if bots == c.seats:  # no player to be ready: the key's holder starts each match
        print(table.lobby()["start_note"], file=out)
    if not resumed and table.saver is not None:
        await table.saver.flush()  # the first save, written now: one that cannot be is said at once
    failed = table.saver.problem if table.saver is not None else None
    if failed:
        print(f"Autosave: none, {failed}: the table runs unsaved, and cannot be brought back after a crash "
              f"or Ctrl+C until {save_path(server.port).parent} can be written to", file=out)
        print(f"dealmein host: warning: {failed}: the table runs unsaved", file=sys.stderr)
    else:
        print(f"Autosave: {save_path(server.port)} ({resume} brings it back)", file=out)
    if server.logs_dir is not None:
        print(f"Match logs: {server.logs_dir}", file=out)
    if ssh is not None:
        print_ssh(ssh, out, c.password)
    elif resumed and door is not None:  # its SSH players, told their seats are kept, find no door
        print(f"SSH: not served this time; the table had it on port {door.port} ({door_flags(door)} "
              f"serves it there again)", file=out)
    saved: SaveOutcome | None = None
    advertiser = None
    try:
        if advertised(args):
            # Ctrl+C meanwhile withdraws the advert being made, and closes the table
            advertiser = await signals.until_stopped(
                advertise(server, table, args.bind, out, ssh.port if ssh else None, lan_interfaces(args)))
        if not signals.stop.is_set():
            # said once Ctrl+C is in hand: one pressed on reading it closes the table, saves and all
            print("Press Ctrl+C to close the table.", file=out, flush=True)
        await signals.stop.wait()
        print(closing_text(table, signals.by), file=out, flush=True)
    finally:
        if advertiser is not None:
            await advertiser.close()
        # first: its last save keeps the SSH guests' seats as they sat
        saved = (await server.close()).get(table.id)
        if ssh is not None:
            await ssh.close()  # then the guests' apps, told the table closed, quit
        said = saved_text(table, saved, resume, server.grace)
        if said is not None:
            print(said, file=out, flush=True)
        print("Table closed.", file=out, flush=True)
    return 1 if saved is not None and saved.problem is not None else 0


async def advertise(server: Server, table: Table, bind: str, out: Out, ssh_port: int | None = None,
                    interfaces: list[str] | None = None) -> Any:
    """Advertise the table on the LAN (on ``interfaces``: ``dealmein --interface``; None, as
    its bind says) and keep the advert current; a LAN without multicast only loses the advert
    (players can still join by address)."""
    try:
        from net.discovery import Advertiser, bound_advert, browse_problem
        from net.discovery_txt import advert_from_lobby

        def advert_of(t: Table) -> Any:
            return advert_from_lobby(t.lobby(), ssh_port=ssh_port, app_version=app_version(), host_id=server.host_id)

        on, addresses = bound_advert(bind, interfaces)
        adv = Advertiser(server.port, interfaces=on, addresses=addresses, bind=bind)
        name = await adv.start(advert_of(table))
    except Exception as e:  # no interface, multicast refused, zeroconf missing...
        said = browse_problem(e, interfaces) if isinstance(e, OSError) else e
        print(f"Not advertised on the LAN ({said}); players can join by address.", file=out)
        return None
    server.add_listener(lambda t: adv.update_soon(advert_of(t)))
    adv.keep_current(advert_of(table))
    print(f"Advertised on the LAN as {name}", file=out)
    return adv


def run_headless(args: argparse.Namespace, interrupted: Callable[[], bool] | None = None) -> int:
    """``dealmein host --headless``; ``interrupted`` as for ``serve``."""
    log_to_terminal(sys.stderr)
    opened = asyncio.Event()
    try:
        return asyncio.run(serve(args, Announcements(sys.stdout), opened=opened, interrupted=interrupted))
    except KeyboardInterrupt:  # Ctrl+C in the instant before ``serve`` took it in hand
        if not opened.is_set():
            print(STOPPED_EARLY, file=sys.stderr, flush=True)
        return 130
