"""The app's connection to one table, solo, LAN or SSH alike: a ``TableClient`` and, when this
app hosts, the in-process ``Server`` (plus its LAN advert). Updates from the client drive the
lobby, table and results screens."""
from __future__ import annotations

import errno
import logging
import shlex
import time
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from core.whole import whole_number
from net.addresses import address_key, host_port, join_addresses, split_address
from net.client import HEARTBEAT, RECONNECT_FOR, ConnectError, TableClient
from net.protocol import NAME_LEN, clean_name
from net.savefile import keep_previous, read_save, save_path, saved_bind
from net.server import HAND_BREAK, Server, TableConfig, local_host

from . import leavewords, seatkeys
from .awaystanding import own_standing_since
from .chatprompt import NOT_SENT
from .comingstold import ComingsTold
from .doors import Doors
from .eventtext import ENDINGS, at_hand_end, bot_marked, deal_word, with_causes
from .handbreak import SOLO_HAND_BREAK, waiting_line
from .handchange import HandChange
from .heldresults import HeldResults, table_screen
from .link import setup_of
from .hostsave import ANOTHER_WINDOW, HostSave, has_save
from .matchheading import starts_match
from .notices import again, take_down
from .outplaces import OutPlaces
from .plain import clean
from .plays import my_turn, own_status
from .saves import KeptResults, save_port, solo_save_path
from .seatnames import TABLE_SPEAKER, as_sentence, listed_seat, plain_seat_names, seat_names, speaker
from .tablechange import table_change
from .watchwait import WatcherWait
from .widgets.tablelog import CHAT_LINES

#: the lobby's latest chat lines a new match's log opens with
LOBBY_LINES_CARRIED = 6
#: seconds the notice of a guest's rematch ask stays up: R again meanwhile adds none
ASKED_SECONDS = 5.0
#: a lobby control (ready, a seat) that reached the host as the match began: no refusal to mend
MATCH_STARTED = "The match had started as that reached the table: it works in the lobby, before or after one."
#: what a guest who asked for a rematch is told: the first time, and again
ASKED = ("You asked for a rematch: the host starts it.", "You have asked for a rematch: the host starts it.")

if TYPE_CHECKING:
    from net.discovery import Advertiser
    from net.ssh_server import SSHTableServer
    from net.table import Table

    from .app import DealMeInApp
    from .screens.picker import TableChoice
    from .screens.table import TableScreen

log = logging.getLogger("dealmein.tui")

#: what a move, a chat line or a lobby control sent while the connection is down is told
OFFLINE = "Not connected to the table"

#: the most of a slow link's round trip the turn clock shown counts off (``TableSession.lag``)
LAG_MOST = 5.0
#: a round trip to the host this long or longer (or a ping unanswered as long) is a slow link,
#: which the table's top line says: what it shows may be that far behind the table
SLOW_LINK = 2.0
#: a move the host refused as ``stale``: the table had moved on (a play made for this seat by
#: the turn clock, or by a bot while it stood away) before the move reached it
STALE_MOVE = "The table moved on before your move reached it: choose again."
#: the same, where the turn has passed meanwhile (a turn clock's bot moved for the player)
STALE_PASSED = "The table moved on before your move reached it, and the turn has passed."


class AtTableAlready(Exception):
    """A join to the table the player is at and still connected to: refused, nothing changes."""


class TableSession:
    """One table the app sits at. ``names`` and ``act``/``chat`` serve the table screen."""

    def __init__(self, app: "DealMeInApp", solo: bool = False) -> None:
        self.app = app
        self.solo = solo
        self.server: Server | None = None
        self.table: Table | None = None  # when hosting
        self.client: TableClient | None = None
        self._doors = Doors(app)  # the LAN advert and the SSH server, when this app hosts
        self.address: str | None = None
        #: a host's addresses as its players type them (``dealmein join``), not the one bound
        self.join_at: list[str] = []
        self.password: str | None = None
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.closing = False
        self.left = False  # the player has left the table's screens: updates still on their way are dropped
        self.last_said = ""  # the table's latest error, as told: a close for the same reason is not told twice
        self._lobby_errors: set[str] = set()  # errors told in the lobby (a start refused), up till a deal
        #: each seat's lives, chips and penalty points won or lost this hand, for its box
        #: (``tui.handchange``)
        self._change = HandChange()
        # (name, text, said by the table itself): the latest only, as the chat widget keeps,
        # so that a long flood of chat costs no more memory than a screenful
        self.chat_log: deque[tuple[str, str, bool]] = deque(maxlen=CHAT_LINES)
        #: the latest lines said while no match of this table was on screen: the next deal's
        #: log opens with them, so "ready? dealing now" is still there as the cards come
        self.lobby_said: deque[tuple[str, str]] = deque(maxlen=LOBBY_LINES_CARRIED)
        self._rematch_told: dict[str, float] = {}  # when this guest's rematch ask was last told
        #: the watchers at the table as this app's connection dropped, or as its save held
        #: them, waited for: their return is no news (``tui.watchwait``)
        self._waiting = WatcherWait(lambda seconds: self.app.set_timer(seconds, self._watch_wait_ended))
        self._comings = ComingsTold(self._waiting)  # what the chat has told of comings and goings
        #: this app's seat as the updates have told it so far (each welcome names it), in their
        #: order: the first lobby comes while joining, before ``client`` (and so ``seat``) is set
        self._seat_told: int | None = None
        self.held: tuple[str | None, str] | None = None  # the seat kept for a crash: (table, token)
        #: the host sent this app away (its ``kicked``): the seat is not its own any more, nor kept
        self.sent_away = False
        #: the results screen's line on your record at this game, once a match here is recorded
        self.record_line = ""
        #: a joined table's address as a player types it, for the recent tables (``_note_recent``)
        self.recent_address: str | None = None
        #: what the recent tables were last told of this table: (name, game, password)
        self._recent_noted: tuple[str, str, bool] | None = None
        #: this app's hold on its own table's save (``tui.hostsave``)
        self._save = HostSave(app)
        #: this app comes back to a seat it sat in before (a resumed save, a kept seat's token): a
        #: match that ended meanwhile was its own, to show and count
        self.returning = False
        #: a join under way (``join``): its connection closing is said as the join's failure
        self.joining = False
        #: why the connection closed for good, as the host or the client said it
        self.closed_reason: str | None = None
        #: the results put up over the table, or held while it is covered (``tui.heldresults``)
        self._results = HeldResults(self)
        #: the matches this app has seen begin at the table (``starts_match``): results put up
        #: later than their match's end say which they are of
        self.matches = 0
        #: the place each seat went out of the match in, as this app saw it (``tui.outplaces``)
        self.out_places = OutPlaces()
        #: the connection came back (its welcome): the next view is the first after a drop
        self._back_from_drop = False
        #: the chat lines the table kept have had their heading (``chat``'s ``earlier``)
        self._earlier_told = False

    # ------------------------------------------------------------------ opening
    @classmethod
    async def host(cls, app: "DealMeInApp", choice: "TableChoice", solo: bool) -> "TableSession":
        session = cls(app, solo=solo)
        password = None if solo else choice.password
        bind, port = ("127.0.0.1", 0) if solo else app.host_address()
        server = _server(app, bind, port, solo)
        moved_from = None
        try:
            await server.start()
        except OSError as e:
            if port == 0 or app.port_given or e.errno != errno.EADDRINUSE:
                from net.addresses import host_port
                from net.host_cli import listen_problem

                raise OSError(f"cannot listen on {host_port(bind, port)}: {listen_problem(e, '--port')}") from e
            server = _server(app, bind, 0, solo)  # the usual port is taken: any free one, said below
            await server.start()
            moved_from = port
        session.server = server
        name = app.player_name
        session.password = password
        try:
            table = server.create_table(TableConfig(name=f"{name}'s table"[:40], game=choice.game,
                                                    preset=choice.preset, options=dict(choice.options),
                                                    seats=choice.seats, password=password,
                                                    seed=app.seed, turn_time=0 if solo else choice.turn_time))
            session.table = table
            if not solo:
                path = save_path(server.port)
                if read_save(path, keep=True).unreadable:
                    # home offered no Resume of it, and said it is left as it is: not written over
                    kept, why, _table = keep_previous(path)
                    app.notify(f"{path.name} could not be read, so it is kept as {kept}: this table is saved "
                               "in its place." if kept else f"{path.name} could not be read, nor kept ({why}): "
                               "this table's save takes its place.", title="Saved table", severity="warning", timeout=15)
                server.autosave(table, path)
            elif session._save.claim_solo(new=True):
                from .unrecorded import count_finished

                problem = count_finished(solo_save_path())  # the save's last match, before it goes
                if problem:
                    app.warn_once("Your record", f"{problem}. Your last solo match is not in your record.")
                server.autosave(table, solo_save_path())
            else:
                app.notify(f"{session._save.not_kept()}: this solo match is not kept, and leaving or quitting ends it.",
                           title="Solo save", severity="warning", timeout=10)
            session._save.watch(session.table)
            session._listening(bind, server.port)
            if moved_from is not None:
                app.notify(f"Port {moved_from} is in use (another table on this machine?): this table listens on "
                           f"port {server.port} instead" + (f", and players join at {' or '.join(session.join_at)}."
                                                            if session.join_at else "."),
                           title="Another port", severity="warning", timeout=15)
            # the host's own app comes in where the table listens: a table bound to one address
            # answers on no other, 127.0.0.1 included
            session.client = await TableClient.connect(local_host(bind), server.port, name=name,
                                                       password=password, table=table.id,
                                                       host_key=table.host_key, reconnect=False,
                                                       on_update=session._on_update, hand_break=True)
            for seat, level in sorted(choice.bots.items()):
                await session.client.add_bot(seat, level)
            if not solo:
                if choice.ssh:
                    await session._doors.serve_ssh(bind, server, table, session.password)
                session.show_lobby()
                session._say_name_cut()  # (the table's own name keeps it whole)
                if app.mdns:
                    await session._doors.advertise(server, table)
            else:
                # the first view brings the lobby (beneath) and the table together: the lobby
                # alone would show for a moment on the way to the table
                await session.client.start()
        except BaseException:
            await session.close()
            raise
        return session

    def _listening(self, bind: str, port: int) -> None:
        """Where this app's table listens, and the addresses its players are told to type."""
        self.address = f"{bind}:{port}"
        self.join_at = [] if self.solo else join_addresses(bind, port)

    @classmethod
    async def resume(cls, app: "DealMeInApp", path: Path, solo: bool) -> "TableSession":
        """Host a saved table again: same name, seats, hands and scores; the host's own seat
        comes back through its saved token, other players' apps reconnect by themselves."""
        from net.tablestate import restore_loaded

        session = cls(app, solo=solo)
        session.returning = True
        if solo and not session._save.claim_solo():
            raise ValueError(f"{ANOTHER_WINDOW} and plays its match")
        bind, port = ("127.0.0.1", 0) if solo else app.host_address()
        loaded = read_save(path)
        state = loaded.state
        if not solo:
            port = save_port(path) or port  # where its players' apps come back to
            bind = saved_bind(state) or bind  # and the address it listened on
        server = _server(app, bind, port, solo)
        table, problem = restore_loaded(server, loaded, path)
        if table is None or state is None:
            session._save.release_solo()
            raise ValueError(problem or f"{path.name} could not be read")
        session.server, session.table = server, table
        # a headless host's table: the host key's seat is a player's (who ran its lobby with the
        # key), not this app's; taken with that seat's token, the player's cards were the app's,
        # and the player coming back took the seat over and closed the table on everyone
        own_seat = state.get("host_in_app") is not False
        if not own_seat:
            table.host_token = None  # this app hosts it now; the player keeps the seat, without the mark
        session._save.watch(session.table)
        if table.log_problem and table.log_path is not None:  # said, not found missing at a replay
            app.notify(f"The match log {table.log_path} cannot be continued ({table.log_problem}): the rest of "
                       "this match is not logged, and its replay ends where the log does.",
                       title="Match log", severity="warning", timeout=15)
        # as long at most as their apps try to come back (``TableClient``'s ``reconnect_for``)
        session._waiting.after_resume(table, RECONNECT_FOR)
        try:
            await server.start()
            table.resume()
            session.password = table.config.password
            session._listening(bind, server.port)
            session.client = await TableClient.connect(
                local_host(bind), server.port, name=app.player_name, password=session.password, table=table.id,
                host_key=table.host_key, token=state.get("host_token") if own_seat else None, reconnect=False,
                on_update=session._on_update, hand_break=True)
            if not solo and (table.config.ssh_door is not None or table.config.ssh_password is not None):
                # it was served over SSH (a save from before doors were kept: its password): its guests' way back
                await session._doors.serve_ssh(bind, server, table, session.password)
            session.show_lobby()
            if not solo and app.mdns:
                await session._doors.advertise(server, table)
        except BaseException:
            await session.close()
            raise
        return session

    @classmethod
    async def join(cls, app: "DealMeInApp", address: str, password: str | None = None,
                   table: str | None = None, host_key: str | None = None, watch: bool = False) -> "TableSession":
        """Join the table at ``address``. The table the app is at is left only once this one has
        taken the player: a join that fails or is stopped leaves the player where they were.
        The table the player is at, by the address they joined it at, is refused while it
        answers (``AtTableAlready``: nothing to do); while its connection is down it is left
        first, as the new connection would take the seat over (the caller sends the player home
        should that join fail). The table this app hosts, by whatever address, is refused too."""
        host, port = split_address(address)
        session = cls(app)
        session.joining = True
        session.address = address_key(host, port)
        session.recent_address = host_port(host, port) if app.remember_seats else None  # as typed: it is dialled again
        here = app.session
        if here is not None and here.server is None and here.address == session.address:
            if here.client is not None and here.client.connected:
                raise AtTableAlready("You are at this table already.")
            await app.leave_table()
        # a seat this app left at that table comes back with its token (``tui.seatkeys``)
        kept = seatkeys.claim(session.address, table) if app.remember_seats else None
        unread = seatkeys.problem() if app.remember_seats and kept is None else None
        if unread:  # the file is left alone: said once, as the app's other files are
            app.warn_once("Seats kept", unread)
        session.returning = kept is not None or app.seat_token is not None
        def connect(key: str | None) -> Any:
            return TableClient.connect(host, port, name=app.player_name, password=password, table=table,
                                       host_key=key, spectator=watch, token=kept.token if kept else app.seat_token,
                                       on_update=session._on_update, hand_break=True, heartbeat=HEARTBEAT)

        # a seat kept by an app that ran the table's lobby with its host key runs it again
        key = host_key or (kept.host_key if kept else None)
        try:
            try:
                session.client = await connect(key)
            except ConnectError as e:
                if e.code != "bad_host_key" or host_key is not None or key is None:
                    raise
                # a key kept for another table once at that address (a new one there now): the
                # player joins as anyone does, as they would have without it
                session.client = await connect(None)
            if here is not None and here.table is not None and session.client.table == here.table.id:
                raise AtTableAlready("You are at this table already: this app hosts it.")
            await app.leave_table()
            if not session.client.connected:  # the host refused what came next, or it went with the
                # table left (another way to this app's own)
                raise ConnectionError(session.closed_reason or "the table closed as the last one was left")
        except BaseException:
            if kept is not None and session.client is None:  # not in yet: the seat is still to be claimed
                seatkeys.remember(session.address, kept.table, kept.token, host_key=kept.host_key)
            await session.close()  # in, then stopped while leaving the last table: the seat is kept
            raise
        held = seatkeys.held_elsewhere(session.address, session.client.table) \
            if app.remember_seats and kept is None and session.client.seat is None else None
        if held is not None:  # not a silent watch: the seat kept here is another app's now
            app.notify(f"Your seat at this table is held by another Deal Me In that is still running (process "
                       f"{held}): you watch here until it leaves the table.", severity="warning", timeout=12)
        session.joining = False
        session._hold_seat()
        session.show_lobby()
        session._say_name_cut()
        return session

    def _say_name_cut(self) -> None:
        """A name longer than a table keeps (an SSH login's, a ``--name``): by the name it gave."""
        named = clean_name(self.app.player_name, NAME_LEN * 2)
        if len(named) <= NAME_LEN:
            return
        seats = (self.lobby or {}).get("seats") or []
        seat = self.seat
        given = seats[seat].get("name") if isinstance(seat, int) and seat < len(seats) \
            and isinstance(seats[seat], dict) else None
        self.app.notify(f"You are {clean(str(given or clean_name(named, NAME_LEN)), NAME_LEN)} at this table: a name "
                        f"is kept to {NAME_LEN} characters.", title="Name", timeout=10)

    def _seat_here(self) -> tuple[str | None, str] | None:
        """The seat this app sits in at another host's table, as (table, token); None when it
        hosts the table itself, watches, has no token yet, or was sent away (the host gave the
        seat up, and its token with it). Holding the table's host key (a
        headless host's) is no reason to lose the seat: it is kept like anyone's."""
        c = self.client
        if self.server is not None or c is None or c.seat is None or not c.token or self.sent_away:
            return None
        return c.table, c.token

    def _hold_seat(self) -> None:
        """Keep the seat this app sits in at another host's table on disk now, not only when
        the session ends, so that an app that ends without closing loses nothing
        (``tui.seatkeys.hold``); forget it once the seat is given up."""
        if self.address is None or not self.app.remember_seats:
            return
        now = self._seat_here()
        if now == self.held:
            return
        if self.held is not None:
            seatkeys.release(self.address, *self.held)
        if now is not None:
            seatkeys.hold(self.address, *now, host_key=self._host_key_held())
        self.held = now

    def _host_key_held(self) -> str | None:
        """The table's host key, where this app runs another host's lobby with it: kept with
        the seat, so that joining again it runs the lobby again."""
        c = self.client
        return c.host_key if c is not None and c.is_host and self.server is None else None

    @property
    def advertiser(self) -> Advertiser | None:
        """The table's LAN advert, while it is advertised."""
        return self._doors.advertiser

    @property
    def ssh(self) -> SSHTableServer | None:
        """The table's SSH server, while it serves there."""
        return self._doors.ssh

    @property
    def ssh_lines(self) -> list[str]:
        """For the host's lobby: how to come in over SSH, the key to check, the password."""
        return self._doors.ssh_lines

    @property
    def can_invite(self) -> bool:
        """Others can join this table: this app hosts it, and not solo (``invite``)."""
        return self.server is not None and not self.solo and bool(self.join_at)

    def invite(self) -> str:
        """What the host pastes to friends: how to join this table, with its password, and over
        SSH when it is served there; "" for a table others cannot join (solo, or not hosted here)."""
        if not self.can_invite:
            return ""
        from core import GAMES

        lobby = self.lobby or {}
        info = GAMES.get(str(lobby.get("game")))
        where = clean(str(lobby.get("name") or "my table"), 40)
        line = f"Come and play {info.name if info else 'cards'} at {where}: dealmein join {self.join_at[0]}"
        lines = [line + (f" (password: {self.password})" if self.password else "")]
        ssh = self._doors.ssh_invite()
        if ssh is not None:
            lines.append(ssh)
        return "\n".join(lines)

    # ------------------------------------------------------------------ the link
    @property
    def seat(self) -> int | None:
        return self.client.seat if self.client else None

    @property
    def number(self) -> int | None:
        """This app's number at the table (the welcome's): how its lobby finds it among the watchers."""
        return self.client.number if self.client else None

    @property
    def is_host(self) -> bool:
        return bool(self.client and self.client.is_host)

    @property
    def plain_names(self) -> list[str]:
        """The seats' names without the marks they have now (away, a bot playing for them),
        yours "You": for moves told later, made as the seats were then."""
        return self._yours(plain_seat_names((self.lobby or {}).get("seats") or []))

    @property
    def names(self) -> list[str]:
        return self._yours(seat_names(self.lobby or {}))

    def _yours(self, names: list[str]) -> list[str]:
        """``names`` with this app's seat "You": the log reads "You play 9♥", at a solo table
        and a hosted one alike. The view's own seat while connecting, before ``client`` is set:
        a table opened then (this app's own, back from its save) reads its log as the player
        saw it."""
        me = self.seat if self.seat is not None else (self.view or {}).get("seat")
        if isinstance(me, int) and 0 <= me < len(names):
            names[me] = "You"
        return names

    async def act(self, action: str) -> None:
        if self.client is not None:
            try:
                await self.client.act(action)
            except ConnectionError:
                shown_at = table_screen(self)
                if shown_at is not None:
                    shown_at.act_refused()  # not sent: a key pressed again tries again, and is told again
                self.app.notify(f"{OFFLINE}: move again once it is back.", severity="warning")

    @property
    def can_send(self) -> bool:
        """The connection is up (not reconnecting): what the player says now reaches the table."""
        return self.client is not None and self.client.connected

    async def chat(self, text: str) -> None:
        if self.client is not None:
            try:
                await self.client.chat(text)
            except ConnectionError:  # the connection went as it was sent: held, as one typed then
                if not (self.left or self.closing):  # the table closed as it went: home says so
                    self.hold_chat(text)
                    self.app.notify(NOT_SENT, severity="warning")

    def hold_chat(self, text: str) -> None:
        """A chat line typed while the connection is down: the client holds it, with those typed
        after it, to go in turn as it comes back (kept in the chat line, the lines typed after
        it ran on into it: "l1l2l3")."""
        if self.client is not None:
            self.client.hold_chat(text)

    @property
    def lag(self) -> float:
        """The round trip to the host as the connection's pings find it (0 before one is
        answered), at most ``LAG_MOST``: the turn clock shown counts it off (``ShownClock``)."""
        rtt = self.client.rtt if self.client is not None else None
        return min(float(rtt), LAG_MOST) if rtt else 0.0

    @property
    def slow_link(self) -> bool:
        """The link to the host is slow now (``SLOW_LINK``): the view shown may be behind."""
        client = self.client
        if self.server is not None or client is None or not client.connected:
            return False  # (a table this app hosts, solo or not: no link to be slow)
        return (client.last_rtt or 0.0) >= SLOW_LINK or client.unanswered_for() >= SLOW_LINK

    @property
    def rematch_by_ready(self) -> bool:
        """At a table without a playing host (the lobby's ``start`` is "ready"), a seated player
        asks for a rematch by saying it is ready: the rematch starts once every player is."""
        return not self.is_host and self.seat is not None and (self.lobby or {}).get("start") == "ready"

    @property
    def asks_rematch(self) -> bool:
        """At a table whose host plays, a seated guest asks the host for a rematch by saying it
        is ready: the table tells everyone, and the host starts it."""
        return not self.is_host and self.seat is not None and (self.lobby or {}).get("start") == "host"

    def seen(self, hand: Any) -> None:
        """This player has read the results that came with hand ``hand`` (closed their box, or
        had none to read): the host's bots need not wait for them (``tui.handbreak``). Said only
        to a host that has the break (its lobby's ``hand_break``), which an older host, ending the
        connection of an app that said it, has not; and only from a seat."""
        c = self.client
        if c is None or c.seat is None or not c.connected or self.left or not whole_number(hand) \
                or "hand_break" not in (self.lobby or {}):
            return
        try:
            c.seen_nowait(hand)
        except ConnectionError:
            pass  # gone: a player who dropped holds nothing up

    async def step_away(self, away: bool) -> None:
        """Step away from the match in play, a bot playing this seat, or (False) come back."""
        await self.call("away", away)

    async def rematch(self) -> None:
        """The host starts the rematch; at a table that starts on ready, a player says ready;
        at a table whose host plays, a guest asks the host (by saying ready, once)."""
        if self.client is None:
            return
        if self.asks_rematch:
            seats = (self.lobby or {}).get("seats") or []
            seat = self.seat
            if seat is not None and seat < len(seats) and seats[seat].get("ready"):
                # R again: said again, unless the first ask's words are still up (two stacked)
                if not again(self._rematch_told, "asked", ASKED_SECONDS):
                    self.app.notify(ASKED[1], timeout=ASKED_SECONDS)
                return
            await self.call("ready", True, setup_of(self.lobby))
            self._rematch_told["asked"] = time.monotonic()
            self.app.notify(ASKED[0], timeout=ASKED_SECONDS)
        elif self.rematch_by_ready:
            await self.call("ready", True, setup_of(self.lobby))
            self.app.notify("Ready for the rematch: it starts once every player is.")
        else:
            await self.client.rematch()

    async def call(self, name: str, *args: Any, **kwargs: Any) -> None:
        """A lobby control (``add_bot``, ``kick``, ``start``...); a lost connection is reported."""
        if self.client is None:
            return
        try:
            await getattr(self.client, name)(*args, **kwargs)
        except ConnectionError:
            self.app.notify(f"{OFFLINE}: try again once it is back.", severity="warning")

    # ------------------------------------------------------------------ updates
    def _on_update(self, update: dict[str, Any]) -> None:
        if self.left:
            return  # a view on its way must not open the table again over the home screen
        try:
            self._handle(update)
        except Exception:  # a screen bug must not kill the connection's reader
            log.exception("update %s", update.get("type"))

    def _handle(self, update: dict[str, Any]) -> None:
        """One update from the host, by its type (an unknown type is let pass: a newer host's)."""
        handler = self._HANDLERS.get(str(update.get("type")))
        if handler is not None:
            handler(self, update)

    def _on_welcome(self, update: dict[str, Any]) -> None:
        """The table took this app in (again): its seat, its chat so far to come."""
        self._seat_told = update.get("seat")
        self._waiting.welcome(update.get("chat"))
        self._earlier_told = False  # the table sends what it kept after each welcome on joining

    def _on_lobby(self, update: dict[str, Any]) -> None:
        """The seats, the table's settings and its status: told as they change, on every screen showing them."""
        from .screens.lobby import LobbyScreen
        from .screens.results import ResultsScreen
        from .screens.table import TableScreen
        app = self.app
        earlier = self.lobby or {}
        self.lobby = update["lobby"]
        self._say_comings_and_goings(earlier, self.lobby)
        self._say_waiting(earlier, self.lobby)
        if earlier.get("status") == "finished" and self.lobby.get("status") == "lobby" and not self.is_host:
            # the host set up the table anew after the match (``configure``): its results and
            # its table are past, and a rematch of it no longer there to ask for; the lobby's
            # chat says what changed
            self._results.withdraw_match(told=False)
            take_down(app, set(ASKED))  # the ask is cleared with the rest (the chat says so)
            app.call_later(self.back_to_lobby)
        self._hold_seat()  # a lobby follows every welcome: the seat may have changed
        self._note_recent()
        if self.client is not None:  # tries to get back as long as the host holds the seat
            self.client.reconnect_for = reconnect_time(self.lobby)
        app.rules_game = self.lobby.get("game", app.rules_game)
        app.rules_table = {"game": self.lobby.get("game"), "preset": self.lobby.get("preset"),
                           "options": self.lobby.get("options"), "seats": len(self.lobby.get("seats") or [])}
        for screen in app.screen_stack:
            if isinstance(screen, LobbyScreen) and screen.link is self:
                screen.refresh_lobby()
            elif isinstance(screen, TableScreen) and screen.link is self and screen.view is not None:
                screen.show(screen.view, [])  # names may have changed
            elif isinstance(screen, ResultsScreen) and screen.link is self:
                screen.refresh_tally()

    def _on_view(self, update: dict[str, Any]) -> None:
        """This seat's view with the moves that led to it: the table drawn, the log told, a
        hand's or match's end shown."""
        from .screens.table import TableScreen
        app = self.app
        before, self.view = self.view, update["view"]
        if starts_match(before, self.view, update.get("events") or []):
            self.matches += 1
            take_down(app, set(ASKED))  # the rematch asked for is dealt
        if not self.view.get("is_over"):  # "Bo is not ready" is past
            self._take_down_lobby_errors()
        events = update.get("events") or []
        if update.get("bot") is True:  # a bot's move for a player: the log says so
            events = bot_marked(events, self.view.get("seat"))
        events = with_causes(events)
        # the view's own seat: while connecting, before ``client`` is set, ``seat`` is not known
        ended_away = self.returning and before is None and self.view.get("seat") is not None
        kept: KeptResults | None = None
        told = bool(events)  # the host told how the view came about (none on the way back)
        # come in mid-hand (joined, back, resumed), or to a match over: the hand so far, move
        # by move, as the host told this seat it (``net.handsofar``)
        so_far = hand_so_far(update.get("earlier"), self.view.get("seat")) if not told else []
        if not events and self.view.get("is_over") and (ended_away or before is not None and not before.get("is_over")):
            events, kept = self._ended_meanwhile(so_far, ended_away)
        # crazy-eights 4.2: what the hand's penalties added, for its box: a match that ended
        # as its box said it, else the hand so far as the host tells it (a hand come into
        # midway, its earlier penalties counted) where it is whole or this app did not follow
        # this hand before; else as this app followed it
        followed = before is not None and before.get("hand_number") == self.view.get("hand_number")
        if kept is not None and kept.penalties:
            self._change.points = dict(enumerate(kept.penalties))
        elif so_far and (_dealt(so_far[0][1]) or not followed):
            self._change = HandChange()
            for _, moves in so_far:
                for e in moves:
                    self._change.see(e)
        found = table_screen(self)
        if found is None and self.view.get("is_over") and not events:
            self.show_lobby()  # joined after the match ended: the lobby, where the next one starts
            return
        if found is None:
            self.show_lobby()
            table = TableScreen(self, app.card_style, app.palette, app.settings.hand_order)
            if kept is not None and kept.names:  # its results' names, as they were
                table.ended_as(kept.names, self.view)
        else:
            table = found
        clock = update.get("clock")  # the seconds left on a turn this app came into midway
        if isinstance(clock, (int, float)):
            table.clock_told(self.view, clock)
        if found is None:
            self._open_table(table, so_far, events)
        else:
            self._catch_up(table, so_far, before, events, update.get("earlier") is not None)
        if kept is not None:  # the match's last hand, as its results showed it
            table.hand_totals, table.hand_whole = list(kept.totals), kept.whole
        if not self.view.get("is_over"):
            self._results.withdraw_match()
        self._tell(events, before, told, table)
        if so_far and _dealt(so_far[0][1]):  # a single-hand match's places, from its whole hand
            self.out_places.read_hand([moves for _, moves in so_far], self.view)

    def _ended_meanwhile(self, so_far: list[tuple[int, list[dict[str, Any]]]],
                         ended_away: bool) -> tuple[list[dict[str, Any]], KeptResults | None]:
        """The match ended while this app's connection was down, or while the app was not
        running at all: its end is told, shown and counted all the same (the view on the way
        back brings no events; the record counts a match once), its box as it was shown when it
        ended where this app kept that (its own table's save). The end's one event, and what
        was kept."""
        assert self.view is not None
        kept = self._save.kept_results(self.table, self.view, self.lobby) if ended_away else None
        ended: dict[str, Any] = {"kind": "match_over", "seat": None, "winners": list(self.view.get("winners") or [])}
        if kept is not None and kept.points is not None:
            ended["points"] = kept.points
        else:  # the end as its last hand told it: the points left in hand with it
            ended = _told_end(so_far) or ended
        if kept is not None and kept.counts is not None:  # crazy-eights 6.2-6.3, as its box said them
            ended = {**ended, "counts_before": kept.counts[0], "counts": kept.counts[1]}
        return [ended], kept

    def _open_table(self, table: TableScreen, so_far: list[tuple[int, list[dict[str, Any]]]],
                    events: list[dict[str, Any]]) -> None:
        """The table screen, new, its log begun with the hand so far (or a line saying what came
        before is not known), then ``events``, and shown."""
        assert self.view is not None
        shown = events  # a match that ended meanwhile: its last hand tells its end (``_ends``)
        before_this = [e for _, moves in so_far for e in moves]
        if _ends(before_this):
            shown = []
        self._carry_lobby_chat(table)
        at = f"At the table in {deal_word(self.view.get('game'))} {self.view.get('hand_number', 1)}"
        if before_this:
            if not _dealt(so_far[0][1]):  # a long hand's latest moves only
                table.log_line(f"{at}: its first plays are not shown.", style="dim")
            table.show(self.view, before_this, earlier=True)
        elif not events:  # what came before is not known here (a host of an older version)
            # (before the match's first move, nothing came before)
            table.log_line(f"{at}: earlier plays are not shown." if self.view.get("version") else f"{at}.",
                           style="dim")
            total = self.view.get("total")
            if whole_number(total):
                table.totals = [total]  # the running total starts where it stood as this app came in
        table.show(self.view, shown)
        self._push_beneath_readers(table)

    def _push_beneath_readers(self, table: TableScreen) -> None:
        """Show ``table``, under Help or the rules if the player was reading them as the match
        began: pushed over them, the table took the Escape meant to close them (a watcher left
        the table by it, a player was asked to leave the match). They open again over the
        table, for the table."""
        from .screens.help import HelpScreen
        from .screens.rules import RulesScreen

        app = self.app
        reading = type(app.screen) if isinstance(app.screen, (HelpScreen, RulesScreen)) else None
        if reading is not None:
            app.pop_screen()
        app.push_screen(table)
        if reading is HelpScreen:
            app.action_help()
        elif reading is RulesScreen:
            app.action_rules()

    def _catch_up(self, table: TableScreen, so_far: list[tuple[int, list[dict[str, Any]]]],
                  before: dict[str, Any] | None, events: list[dict[str, Any]], earlier_told: bool) -> None:
        """The table already shown, told ``events``: after a drop (the host tells the hand so far,
        ``earlier_told``, or this app's connection came back), first what was played meanwhile;
        of the hands that ended meanwhile, only the latest's end is told."""
        assert self.view is not None
        shown = events
        missed = _missed(so_far, before, self.view)
        dropped, self._back_from_drop = self._back_from_drop, False
        gone = _hands_gone(before, self.view) if dropped or earlier_told else ""
        if gone:
            table.log_line(gone, style="dim")
            standing = own_standing_since(before, self.view)
            if standing:
                table.log_line(standing, style="dim")
        if dropped and not earlier_told and _moved_on(before, self.view):
            table.log_line(OLDER_HOST_MISSED, style="dim")  # a host of an older version
        if missed:  # back after a dropped connection: what was played meanwhile
            table.log_line(away_heading(missed), style="dim")
            table.show(self.view, missed)
            if _ends(missed):
                shown = []
        table.show(self.view, shown)

    def _tell(self, events: list[dict[str, Any]], before: dict[str, Any] | None, told: bool,
              table: TableScreen) -> None:
        """Follows ``events`` for the hand's penalties; a hand's or match's end shows its
        results (with what the hand's penalties added and the lives and chips it cost or won
        each seat), and a match's end is recorded (and its box kept where the host ``told`` it)."""
        assert self.view is not None
        sat_out = self._results.out_since.read(before, self.view, events)
        self.out_places.read(before, self.view, events)
        for i, event in enumerate(events):
            kind = event.get("kind")
            if kind in ENDINGS:
                seats = len(self.view.get("status") or [])
                penalties = self._change.penalties(seats)
                changes = self._change.words(seats, self.view.get("teams"), events[i + 1:], self.view.get("dealer"))
                if any(penalties):
                    event = {**event, "penalties": penalties}
                if any(changes):
                    event = {**event, "changes": changes}
            self._change.see(event)
            if kind == "match_over":
                self._record()
                if told:
                    self._save.keep_results(self.table, self.view, self.lobby, event, table)
            if kind in ENDINGS:
                # the standings as the hand left them, whatever arrives before the screen shows
                self.app.call_later(self._results.show, kind, event, at_hand_end(self.view, events[i + 1:]),
                                    sat_out[i], self.matches)

    def _on_chat(self, update: dict[str, Any]) -> None:
        """A line of chat, or the table's own words."""
        system = update.get("system") is True
        if update.get("earlier") is True and not self._earlier_told:
            self._earlier_told = True
            self._add_chat(TABLE_SPEAKER, "Said at this table earlier:", True)
        name = str(update.get("name") or "?") if system else speaker(self.lobby or {}, update)
        # (lines said before this app joined may have been said at the table: not carried)
        self._add_chat(name, str(update.get("text") or ""), system, carried=update.get("earlier") is not True)

    def _on_error(self, update: dict[str, Any]) -> None:
        """The host refused something this app asked for, or sent it away."""
        app = self.app
        self.last_said = str(update.get("message") or update.get("code"))
        refused = as_sentence(self.last_said, self.lobby)  # the host's words begin lower-case
        shown_at = table_screen(self)
        if shown_at is not None:
            shown_at.act_refused()
        if update.get("code") == "kicked":  # no seat is held for this app: none is kept
            self.sent_away = True
            self._hold_seat()
            app.left_notices.say(refused, title="Table", severity="error")
        elif update.get("code") == "replaced":  # the close that follows is not told again
            reason, back = self._replaced()
            app.left_notices.say(f"Left the table: {reason}.{back}", severity="warning", timeout=60)
        elif update.get("code") == "stale":  # a move that crossed another on its way (a bot's, the clock's)
            app.notify(STALE_MOVE if my_turn(self.view or {}) else STALE_PASSED, severity="warning")
        elif update.get("code") == "not_lobby":  # a lobby key that crossed the start on its way
            app.notify(MATCH_STARTED, severity="warning")
        elif update.get("code") == "stale_setup":  # a ready that crossed a new setup on its way
            app.notify(f"{refused.rstrip('.')}.", severity="warning")
        else:
            app.notify(refused, title="Table", severity="error")
            if (self.lobby or {}).get("status") != "playing":  # a start refused: gone once one deals
                self._lobby_errors.add(refused)  # (or the table closes; a table left says so past it)
        if self.solo and self.view is None:
            self.show_lobby()  # the solo match did not start: its lobby, where it can be

    def _on_connection(self, update: dict[str, Any]) -> None:
        """The connection dropped, came back or closed for good."""
        app = self.app
        state = update.get("state")
        if state == "reconnecting":
            reconnect_for = self.client.reconnect_for if self.client is not None else 0.0
            self._waiting.after_drop(self.lobby or {}, self._seat_told, reconnect_for)
            app.notify("Connection lost: reconnecting...", severity="warning")
            shown_at = table_screen(self)
            if shown_at is not None:
                shown_at.connection(False)
        elif state == "connected":
            self._back_from_drop = True
            app.notify("Reconnected.")
            shown_at = table_screen(self)
            if shown_at is not None:  # counted again from the view that follows (its ``clock``)
                shown_at.connection(True)
                shown_at.restart_clock()
        elif state == "closed" and not self.closing:
            self.closed_reason = reason = str(update.get("reason") or "the connection closed").rstrip(".")
            # a join under way says it once, as its failure; a kick was already said
            if not self.joining and update.get("reason") != self.last_said:
                back = f" {self._back_once_up()}" if self.client is not None and self.client.host_gone \
                    and self._seat_in_play_elsewhere() else ""
                # the way back stays up a minute: a player back at a machine left a while finds it
                app.left_notices.say(f"Left the table: {reason}.{back}", severity="warning",
                                     timeout=8 if not back else 60)
            if app.session is self:
                app.back_home(unasked=True)

    _HANDLERS: dict[str, Callable[["TableSession", dict[str, Any]], None]] = {
        "welcome": _on_welcome, "lobby": _on_lobby, "view": _on_view, "chat": _on_chat,
        "error": _on_error, "connection": _on_connection}  # "bye": the "closed" that follows says it

    def _note_recent(self) -> None:
        """A table joined goes first in the recent tables (``tui.recent``) with the name and game
        its lobby gives, and again whenever those change while the player is at it (the host
        switched games): the entry names the table as it is now. A lobby that changes none of
        them writes nothing; a list that cannot be kept is said once a run."""
        if self.recent_address is None or self.lobby is None:
            return
        entry = (clean(str(self.lobby.get("name") or ""), 40), str(self.lobby.get("game") or ""),
                 self.lobby.get("password") is True)
        if entry == self._recent_noted:
            return
        self._recent_noted = entry
        from .recent import note

        name, game, password = entry
        problem = note(self.recent_address, name, game, password=password)
        if problem:
            self.app.warn_once("Recent tables", f"{problem}. This table is not in your recent tables.")

    def _record(self) -> None:
        """Count the match just over in your record (not a spectator's, nor an SSH guest's,
        whose data folder is the host's); a record that cannot be written is said once."""
        from .record import add, played_from
        from .recordtext import record_line

        if self.app.guest or self.view is None:
            return
        played = played_from(self.view, self.lobby, self.view.get("seat"))  # known while connecting too
        if played is None:
            return
        matches, problem = add(played)
        if problem:
            self.record_line = ""
            self.app.warn_once("Your record", f"{problem}. This match is not in your record.")
            return
        self.record_line = record_line(matches, played.game)

    @property
    def solo_save(self) -> bool:
        """This solo table holds the solo save (``tui.saves.claim_solo_save``)."""
        return self._save.solo

    @property
    def saved(self) -> bool:
        """This app's table has a save to resume it from: the latest save did not fail."""
        return has_save(self.table)

    def _say_comings_and_goings(self, earlier: dict[str, Any], lobby: dict[str, Any]) -> None:
        """Who came and who went (``tui.comings``): in the chat, where the lobby shows it; in a
        match the table's log says it its own way, and the lobby's chat keeps it for later."""
        changes = self._comings.changes(earlier, lobby, self._seat_told)
        changed = None if self.is_host else table_change(earlier, lobby)  # the host knows what it did
        if changed is not None:
            self._add_chat(TABLE_SPEAKER, changed, True)
        if (self.lobby or {}).get("status") == "playing":
            table = table_screen(self)
            for change in changes:
                if table is not None:
                    table.log_line(change.text, style="italic")
                self._add_chat(TABLE_SPEAKER, change.text, True, table=False)
            return
        for change in changes:
            self._add_chat(TABLE_SPEAKER, change.text, True)
        if self.is_host and not self.solo and self.app.settings.bell and any(c.kind == "sits" for c in changes):
            self.app.bell()  # a host waiting in the lobby hears the players come, as a turn is heard

    def _say_waiting(self, earlier: dict[str, Any], lobby: dict[str, Any]) -> None:
        """The bots have started to wait for other players to read a hand's results: the log says
        whom for, so that the table standing still reads as a wait (``tui.handbreak``)."""
        line = waiting_line(earlier, lobby, self.plain_names, self._seat_told, (self.view or {}).get("current_seat"))
        table = table_screen(self) if line is not None else None
        if line is not None and table is not None:
            table.log_line(line, style="dim")

    def _watch_wait_ended(self) -> None:
        """The wait for the watchers is over: those not back are said to have gone, if this app
        is back itself (if not, its first lobby says so, or it gave up and says nothing more)."""
        if not self._waiting.timed_out() or self.left:
            return  # all back, or a later drop waits afresh
        if self.client is not None and self.client.connected and self.lobby is not None:
            self._say_comings_and_goings(self.lobby, self.lobby)

    def _add_chat(self, name: str, text: str, system: bool, table: bool = True, carried: bool = True) -> None:
        """A chat line, kept and shown on every screen of this table (not the table's own
        screen with ``table`` False: it said the line already); a player's line said while no
        match is on screen is ``carried`` into the next match's log."""
        from .screens.table import TableScreen

        self.chat_log.append((name, text, system))
        if carried and not system and table_screen(self) is None:
            self.lobby_said.append((name, text))
        for screen in self.app.screen_stack:
            add = getattr(screen, "add_chat", None)
            if add is not None and getattr(screen, "link", None) is self and (table or not isinstance(screen, TableScreen)):
                add(name, text, system)

    def _carry_lobby_chat(self, table: Any) -> None:
        """What the players said in the lobby since the last match opens the new table's log
        (the table's own news there, joins and changes, is past once the cards are dealt)."""
        said = list(self.lobby_said)
        self.lobby_said.clear()
        if said and not self.solo:
            table.log_line("Said in the lobby:", style="dim")
            for name, text in said:
                table.add_chat(name, text)

    def show_lobby(self) -> None:
        """The table's lobby, once. A table joined or resumed in mid-match sends its view while
        connecting: the lobby then goes beneath the table, not over it."""
        from .screens.lobby import LobbyScreen

        self.app.table_comes(self)
        if not any(isinstance(s, LobbyScreen) and s.link is self for s in self.app.screen_stack):
            self.app.push_screen(LobbyScreen(self))

    @property
    def watching(self) -> bool:
        """This app watches someone else's table from no seat: leaving it loses nothing."""
        return self.server is None and self.client is not None and self.client.seat is None and not self.client.is_host

    def others_seated(self) -> int:
        """Other players connected at a table this app hosts: leaving it ends their match."""
        if self.server is None or self.solo:
            return 0
        return leavewords.others_seated(self.lobby or {}, self.client.seat if self.client is not None else None)

    def others_watching(self) -> int:
        """Watchers at a table this app hosts, not counting this app's own connection should it
        watch: closing the table cuts them off too."""
        if self.server is None or self.solo:
            return 0
        mine = 1 if self.client is not None and self.client.seat is None else 0
        return leavewords.others_watching(self.lobby or {}, mine)

    def others_phrase(self) -> str:
        """Who else is at a table this app hosts (``tui.leavewords``); "" with none."""
        return leavewords.others_phrase(self.others_seated(), self.others_watching())

    def closing_note(self) -> str:
        """What closing this app's table costs the others at it, said before the player confirms
        (quitting, or opening another table); "" with none."""
        who = self.others_phrase()
        return self._host_closes(who, in_match=False) if who else ""

    def _host_closes(self, who: str, in_match: bool) -> str:
        """Closing the table this app hosts, for ``who`` else is at it: where its save keeps it
        (its guests' apps wait for it, the seats held), how it comes back; else, leaving a
        match (``in_match``), that the match ends for them."""
        reopens = "" if self.solo or self.server is None or not self.saved else \
            " until you open it again (Resume on the home screen: it is saved, seats and all)"
        if not who:
            return f"You host this table: it closes{reopens}."
        ends = ", and the match ends" if in_match and not reopens else ""
        return f"You host this table: it closes{ends} for {who} at it{reopens}."

    def quit_note(self) -> str:
        """What quitting the app costs, said before the player confirms it; "" with nothing
        lost: the others' match at a table this app hosts, a solo match in play that is not
        saved (another window holds the solo save, or saving fails), or a seat in a match in
        play at someone else's table (a bot plays it meanwhile; an SSH guest's way back is to
        log in again)."""
        closing = self.closing_note()
        if closing:
            return closing
        if self.view is None or self.view.get("is_over"):
            return ""
        seated = self.client is not None and self.client.seat is not None
        if self.app.guest and seated:
            return f"Quitting ends your SSH session. {self._guest_way_back()}"
        if self._seat_in_play_elsewhere():
            return self.leave_note()
        if not self.solo or self.saved:
            return ""
        return self.leave_note()

    def _seat_in_play_elsewhere(self) -> bool:
        """This player sits in a match in play at someone else's table, still in it: leaving
        or quitting hands the seat to a bot, kept for the player's return."""
        c = self.client
        return (self.view is not None and not self.view.get("is_over") and not self.solo and self.server is None
                and c is not None and c.seat is not None and not own_status(self.view).get("out"))

    def away_note(self) -> str:
        """Said on the terminal once the app has quit, leaving a seat in a match in play at
        someone else's table (``quit_note`` asked first): how to sit back down; "" otherwise."""
        c = self.client
        if c is None or not self._seat_in_play_elsewhere():
            return ""
        if self._keeps_no_seat():
            return leavewords.NO_SEAT_KEPT
        if self.app.guest:
            return self._guest_way_back()
        if not c.connected:  # no host to keep the seat now: what holds once it is back
            return self._back_once_up()
        return (f"{self._seat_kept()}: dealmein join {self.recent_address or host_port(c.host, c.port)}"
                f"{self._name_flag()} sits you back down{self._with_password()} (or Join in Deal Me In, where the "
                "table is listed).")

    def _name_flag(self) -> str:
        """`` --name Fay`` where this app plays under a name given on its command line: the way
        back names it too, or a player back after the seat is given up watches under their
        settings' name, which the others do not know."""
        given = getattr(self.app.args, "name", None)
        return f" --name {shlex.quote(given)}" if given and given != self.app.settings.name else ""

    def _with_password(self) -> str:
        """The way back to a table with a password asks for it again (a seat kept is no way
        past it): said, so that the command is not taken to be all it takes."""
        return ", with the table's password" if (self.lobby or {}).get("password") is True else ""

    def _take_down_lobby_errors(self) -> None:
        """The starts refused in the lobby, said while no match was dealt, are past."""
        if self._lobby_errors:
            take_down(self.app, self._lobby_errors, title="Table")
            self._lobby_errors.clear()

    def _replaced(self) -> tuple[str, str]:
        """Why a newer connection took this player's seat, and the way back, for as long as the
        way back is up: two windows (or two SSH logins of one name from one address) took the
        seat from each other, each told only "taken over by a newer connection" for a moment."""
        if self.app.guest:
            name = self.app.player_name
            return (f"someone logged in as {name} from your address took your seat (another window of yours?)",
                    " Back to the table takes it back; a second player logs in under a name of their own.")
        return ("you sat down at this table from another window or app, which took your seat",
                " Close that one, or join again here to take it back.")

    def _back_once_up(self) -> str:
        """The way back to a seat in play at a table that cannot be reached now: its host closed
        it (a host that resumes its table keeps its players' seats a while), or it does not
        answer, which may be this machine's own network as well as the host."""
        c = self.client
        where = self.recent_address or (host_port(c.host, c.port) if c is not None else "")
        way = f"dealmein join {where}{self._name_flag()} sits you back down{self._with_password()} (or Join in Deal Me In)."
        if c is not None and c.host_closed:
            return (f"The host cannot be reached now: once it is back (a host that resumes its table keeps its players' "
                    f"seats a while), {way}")
        stepped_away, grace = self._grace_here()
        if c is not None and c.host_gone and not stepped_away and grace is not None and c.reconnect_for >= grace:
            # the app tried for as long as the table keeps a gone player's seat: it is not kept now
            # (unless the host itself went down: a table it resumes keeps its players' seats again)
            return (f"The table cannot be reached from here now (its host may be down, or this machine's network). "
                    f"A host still running kept your seat {leavewords.kept_for(grace)}: a bot plays it for the "
                    f"rest of the match. A host that went down keeps it again a while once it resumes its table. "
                    f"Once the table can be reached, dealmein join {where}{self._name_flag()} "
                    f"takes you back to it{self._with_password()} (or Join in Deal Me In).")
        return (f"The table cannot be reached from here now (its host may be down, or this machine's network): once "
                f"it can (the host keeps your seat a while), {way}")

    def _grace_here(self) -> tuple[bool, float | None]:
        """Whether this player stepped away (their seat kept to the match's end), and how long
        the host keeps a gone player's seat (the lobby's ``grace``; an SSH guest's app is also
        told it as it starts; None where not known)."""
        listed = listed_seat(self.lobby, self.client.seat if self.client is not None else None)
        grace = leavewords.lobby_grace(self.lobby)
        return (listed is not None and listed.get("stepped_away") is True,
                grace if grace is not None else self.app.seat_grace)

    def _seat_kept(self) -> str:
        """How long the host keeps this player's seat once they are gone, a bot playing it."""
        stepped_away, grace = self._grace_here()
        return leavewords.seat_kept_away() if stepped_away else leavewords.seat_kept(grace)

    def _keeps_no_seat(self) -> bool:
        """The table keeps no seat for a player who leaves (``--grace 0``), and this one did not
        step away (kept to the match's end): there is no way back to say."""
        stepped_away, grace = self._grace_here()
        return not stepped_away and leavewords.keeps_no_seat(grace)

    def _guest_way_back(self) -> str:
        """How an SSH guest who quit sits back down: the seat is kept a while, and a login by
        the same name from the same address claims it."""
        return f"{self._seat_kept()}: log in again as {clean(self.app.player_name)} from the same address to sit back down."

    def leave_note(self) -> str:
        """What leaving a match in play costs, said before the player confirms it."""
        if self.solo:
            if not self.solo_save:
                return f"{self._save.not_kept()}: leaving ends this match."
            if not self.saved:
                return "It could not be saved: leaving ends it."
            return "It is saved: Resume on the home screen picks it up where it stopped."
        if self.server is not None:
            return self._host_closes(self.others_phrase(), in_match=True)
        if self.client is not None and self.client.seat is None and self.client.is_host:
            return "You run this table from no seat: leaving gives that up until you join again with its host key."
        if self.client is None or self.client.seat is None:
            return "You are only watching: nothing is lost."
        if self._keeps_no_seat():
            return leavewords.NO_SEAT_KEPT
        if not self.client.connected and not self.app.guest:  # no host to keep the seat now
            return self._back_once_up()
        if self.app.guest:  # over SSH the way back is the home screen's, or a new login
            back = self.app.keys_for("home.back", "b")
            return f"{self._seat_kept()}: {back} on the home screen (Back to the table), or logging in " \
                   f"again as {clean(self.app.player_name)} from the same address, sits you back down."
        return f"{self._seat_kept()}: join the table again to sit back down."

    def show_held_results(self) -> None:
        """The table is uncovered: results held while a question was up show now (``tui.heldresults``)."""
        self._results.show_held()

    def back_to_lobby(self) -> None:
        """Back to the lobby after a match; not while a match is in play (a rematch the host
        started meanwhile): its table stays, or the seat would have no way back to it."""
        from .screens.lobby import LobbyScreen

        app = self.app
        if self.view is not None and not self.view.get("is_over") and table_screen(self) is not None:
            return
        while len(app.screen_stack) > 1 and not (isinstance(app.screen, LobbyScreen) and app.screen.link is self):
            app.pop_screen()

    # ------------------------------------------------------------------ closing
    async def close(self) -> None:
        """Withdraw the advert, say goodbye and close the server: nothing is left running."""
        if self.closing:
            return
        self.closing = True
        self._take_down_lobby_errors()  # "Seat 3 is empty" is of this table's lobby: not home's news
        await self._doors.close_advert()
        c = self.client
        if c is not None:
            here = self._seat_here()
            if here is not None and c.connected and (self.lobby or {}).get("status") != "playing":
                here = None  # its goodbye gives the seat up (a lobby, a match over): none to come back to
            if self.address is not None and self.app.remember_seats:
                if here is not None:
                    seatkeys.remember(self.address, *here, host_key=self._host_key_held())
                elif self.held is not None:
                    seatkeys.release(self.address, *self.held)
            self.held = None
            await c.close()
        if self.server is not None:
            await self.server.close()  # its last save written, the SSH guests' seats as they sat
            self.server = None
        await self._doors.close_ssh()  # after the table: a guest's app quitting first gave up its seat
        self._save.release_solo()


def _server(app: "DealMeInApp", bind: str, port: int, solo: bool) -> Server:
    """The server of a table this app hosts: the bots paced as the settings say, and after a
    hand's end waiting for the players to read its results (``tui.handbreak``), a solo table's
    for as long as its player takes, within reason."""
    return Server(host=bind, port=port, bot_delay=app.bot_delay, hand_break=SOLO_HAND_BREAK if solo else HAND_BREAK,
                  private=solo)


def hand_so_far(raw: Any, seat: Any = None) -> list[tuple[int, list[dict[str, Any]]]]:
    """A view frame's ``earlier`` (docs/protocol.md): the moves of the hand so far, each the
    match's version after it and its events; what is not that shape is left out. A move a bot
    made for ``seat``'s player (its ``bot``) has that seat's own events marked ``for_you``, so
    that the log reads "A bot for you plays ...", not "You play ..."; one it made for another
    seat's player, ``by_bot`` ("Gus (bot) plays ...", as the log said it then)."""
    if not isinstance(raw, list):
        return []
    out: list[tuple[int, list[dict[str, Any]]]] = []
    for move in raw:
        if not isinstance(move, dict):
            continue
        version, events = move.get("version"), move.get("events")
        if whole_number(version) and isinstance(events, list) and events and all(isinstance(e, dict) for e in events):
            if move.get("bot") is True:  # a stand-in's or the turn clock's move, for you or another
                events = bot_marked(events, seat)
            out.append((version, with_causes(events)))  # each move as its update would have read
    return out


def _dealt(events: list[dict[str, Any]]) -> bool:
    """A move of the hand so far that dealt it (or cut for its first deal): the hand is whole."""
    return any(e.get("kind") in ("cut", "deal") for e in events)


def _told_end(so_far: list[tuple[int, list[dict[str, Any]]]]) -> dict[str, Any] | None:
    """The match's end in its last hand as the host sent it (with the last hand's points,
    ``with_causes``), or None where the hand so far does not end the match."""
    ends = [e for _, moves in so_far for e in moves if e.get("kind") == "match_over"]
    return ends[-1] if ends else None


def _ends(events: list[dict[str, Any]]) -> bool:
    """The hand so far ends the match (sent once it is over): it logs the match's end itself."""
    return any(e.get("kind") == "match_over" for e in events)


#: the longest this app tries to get back to a table after a drop, whatever its grace
RECONNECT_MOST = 1800.0


def reconnect_time(lobby: dict[str, Any] | None) -> float:
    """How long the app tries to reconnect after a drop: as long as the table keeps the seat
    of a player who dropped (its lobby's ``grace``), at least ``RECONNECT_FOR``, at most
    ``RECONNECT_MOST``: it gave up after two minutes at a table holding seats for ten."""
    grace = leavewords.lobby_grace(lobby)
    return min(max(RECONNECT_FOR, float(grace or 0)), RECONNECT_MOST)


def away_heading(missed: list[dict[str, Any]]) -> str:
    """The line over the moves made while this app was away: it says a bot played for the
    player where one did (its moves are marked ``for_you``, ``hand_so_far``); a move of the
    player's own that reached the table as the connection went is theirs."""
    if any(e.get("for_you") is True for e in missed):
        return "While you were away (a bot played for you):"
    return "While you were away:"


#: said back after a drop at a host of an older version, which sends no hand so far (``earlier``)
OLDER_HOST_MISSED = ("While you were away: this table's host has an older Deal Me In, which does not say what "
                     "was played meanwhile.")


def _moved_on(before: dict[str, Any] | None, view: dict[str, Any]) -> bool:
    """The match moved on from the view held before (a move, or another match)."""
    held = before or {}
    was, now = held.get("version"), view.get("version")
    return whole_number(was) and whole_number(now) and (now != was or held.get("hand_number") != view.get("hand_number"))


def _hands_gone(before: dict[str, Any] | None, view: dict[str, Any]) -> str:
    """The hands (rounds) of this match that ended while this app was away, whose last moves
    the host no longer has to send (it sends the hand in play, and at most the move that ended
    the one before): "Hand 1 ended while you were away: not all of its plays are shown."; ""
    where none did, or a new match began."""
    was, now = (before or {}).get("hand_number"), view.get("hand_number")
    if not whole_number(was) or not whole_number(now) or now <= was:
        return ""
    word = deal_word(view.get("game"))
    if now - was == 1:
        return f"{word.capitalize()} {was} ended while you were away: not all of its plays are shown."
    return f"{word.capitalize()}s {was} to {now - 1} ended while you were away: not all of their plays are shown."


def _missed(so_far: list[tuple[int, list[dict[str, Any]]]], before: dict[str, Any] | None,
            view: dict[str, Any]) -> list[dict[str, Any]]:
    """Of the hand so far, what an app that last held ``before`` was not told: the moves after
    its version, or the whole hand where a new hand (or match) was dealt meanwhile."""
    held = before or {}
    since, now = held.get("version"), view.get("version")
    if not isinstance(since, int):
        return []
    anew = held.get("hand_number") != view.get("hand_number") or not isinstance(now, int) or now < since
    return [e for version, moves in so_far if anew or version > since for e in moves]
