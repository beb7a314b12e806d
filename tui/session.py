"""The app's connection to one table, solo, LAN or SSH alike: a ``TableClient`` and, when this
app hosts, the in-process ``Server`` (plus its LAN advert). Updates from the client drive the
lobby, table and results screens."""
from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from net.addresses import address_key, host_port, join_addresses, split_address
from net.client import RECONNECT_FOR, TableClient
from net.savefile import read_save, save_path
from net.server import Server, TableConfig, local_host

from . import seatkeys
from .comings import comings_and_goings
from .eventtext import at_hand_end, deal_word, other_name, with_causes
from .plain import clean, cut
from .plays import own_status
from .saves import (KeptResults, claim_solo_save, keep_results, kept_results, release_solo_save, save_port,
                    solo_save_path)
from .seatnames import listed_watcher, listed_watchers, numbered, watching_count
from .widgets.tablelog import CHAT_LINES

if TYPE_CHECKING:
    from .app import DealMeInApp
    from .screens.picker import TableChoice

log = logging.getLogger("dealmein.tui")

#: why a solo table is not saved: one solo save, and another app uses it
ANOTHER_WINDOW = "Another Deal Me In window holds the solo save"
#: lines of watchers coming and going said in the chat at most, within ``WATCH_WINDOW`` seconds
WATCH_LINES = 4
WATCH_WINDOW = 60.0
#: seconds a table resumed from its save waits for its watchers once its players are back:
#: their apps retry as the players' do, 5 s apart at most, and a try may take a few seconds
WATCHERS_BACK_WITHIN = 10.0
#: a timer set for the end of a wait fires this much later, so that it never finds it not over
TIMER_SLACK = 0.05


class AtTableAlready(Exception):
    """A join to the table the player is at and still connected to: refused, nothing changes."""


def _drop(names: list[Any], name: Any) -> None:
    """Takes one ``name`` out of ``names``, if it is there."""
    if name in names:
        names.remove(name)


def _playing(seat: dict[str, Any]) -> bool:
    """A player (not a bot) is connected in this lobby's seat."""
    return bool(seat.get("name")) and not seat.get("bot") and seat.get("connected") is True


class TableSession:
    """One table the app sits at. ``names`` and ``act``/``chat`` serve the table screen."""

    def __init__(self, app: "DealMeInApp", solo: bool = False) -> None:
        self.app = app
        self.solo = solo
        self.server: Server | None = None
        self.table: Any = None  # the hosted net.table.Table, when hosting
        self.client: TableClient | None = None
        self.advertiser: Any = None
        self.ssh: Any = None  # net.ssh_server.SSHTableServer when serving over SSH
        self.address: str | None = None
        #: a host's addresses as its players type them (``dealmein join``), not the one bound
        self.join_at: list[str] = []
        self.password: str | None = None
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.closing = False
        self.left = False  # the player has left the table's screens: updates still on their way are dropped
        self.last_said = ""  # the table's latest error, as told: a close for the same reason is not told twice
        # (name, text, said by the table itself): the latest only, as the chat widget keeps,
        # so that a long flood of chat costs no more memory than a screenful
        self.chat_log: deque[tuple[str, str, bool]] = deque(maxlen=CHAT_LINES)
        #: when the latest lines of watchers coming and going were said (``WATCH_LINES``)
        self._watch_lines: deque[float] = deque()
        #: the watchers named as this app's connection dropped who are not back yet, and until
        #: when they are waited for (``_through_returns``)
        self._watchers_away: Counter[str] = Counter()
        self._watchers_away_until = 0.0
        #: the table came back from its save meanwhile (``_wait_over``); and its players are
        #: back since, the watchers' lag (``WATCHERS_BACK_WITHIN``) counted from then
        self._table_resumed = False
        self._players_back = False
        #: the table's chat numbering as its latest welcome told it, and as it was when this
        #: app's connection dropped: a table resumed from its save numbers its chat afresh
        self._chat_epoch: Any = None
        self._epoch_at_drop: Any = None
        #: the other players connected in their seats as this app's connection dropped (or held
        #: for them by the save this app resumes), (seat, name): when the wait for the watchers
        #: ends once they are all back in them (``_wait_over``)
        self._players_at_drop: list[tuple[int, str]] = []
        self._lobby_seat: int | None = None  # this app's seat at the last lobby: its own comings say nothing
        #: this app's seat as the updates have told it so far (each welcome names it), in their
        #: order: the first lobby comes while joining, before ``client`` (and so ``seat``) is set
        self._seat_told: int | None = None
        self.held: tuple[str | None, str] | None = None  # the seat kept for a crash: (table, token)
        #: the results screen's line on your record at this game, once a match here is recorded
        self.record_line = ""
        #: a joined table's address as a player types it, for the recent tables (``_note_recent``)
        self.recent_address: str | None = None
        #: what the recent tables were last told of this table: (name, game, password)
        self._recent_noted: tuple[str, str, bool] | None = None
        #: this solo table holds the solo save (``tui.saves.claim_solo_save``)
        self.solo_save = False
        #: this app comes back to a seat it sat in before (a resumed save, a kept seat's token): a
        #: match that ended meanwhile was its own, to show and count
        self.returning = False
        #: a hand's or match's results that came while another screen was over the table (a
        #: question, Help): shown once the table is uncovered (``show_held_results``)
        self._held_results: tuple[str | None, dict[str, Any] | None, dict[str, Any] | None] | None = None
        #: the chat lines the table kept have had their heading (``chat``'s ``earlier``)
        self._earlier_told = False

    # ------------------------------------------------------------------ opening
    @classmethod
    async def host(cls, app: "DealMeInApp", choice: "TableChoice", solo: bool) -> "TableSession":
        session = cls(app, solo=solo)
        password = None if solo else choice.password
        bind, port = ("127.0.0.1", 0) if solo else app.host_address()
        server = Server(host=bind, port=port, bot_delay=app.bot_delay)
        try:
            await server.start()
        except OSError:
            if port == 0:
                raise
            server = Server(host=bind, port=0, bot_delay=app.bot_delay)  # the usual port is taken
            await server.start()
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
                server.autosave(table, save_path(server.port))
            elif session._claim_solo_save():
                server.autosave(table, solo_save_path())
            else:
                app.notify(f"{ANOTHER_WINDOW}: this solo match is not kept, and leaving or quitting ends it.",
                           title="Solo save", severity="warning", timeout=10)
            session._watch_saves()
            session._listening(bind, server.port)
            # the host's own app comes in where the table listens: a table bound to one address
            # answers on no other, 127.0.0.1 included
            session.client = await TableClient.connect(local_host(bind), server.port, name=name,
                                                       password=password, table=table.id,
                                                       host_key=table.host_key, reconnect=False,
                                                       on_update=session._on_update)
            for seat, level in sorted(choice.bots.items()):
                await session.client.add_bot(seat, level)
            if not solo:
                if choice.ssh:
                    await session._serve_ssh(bind)
                session.show_lobby()
                if app.mdns:
                    await session._advertise()
            else:
                session.show_lobby()
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
        from net.tablestate import restore_saved

        session = cls(app, solo=solo)
        session.returning = True
        if solo and not session._claim_solo_save():
            raise ValueError(f"{ANOTHER_WINDOW} and plays its match")
        bind, port = ("127.0.0.1", 0) if solo else app.host_address()
        if not solo:
            port = save_port(path) or port  # where its players' apps come back to
        server = Server(host=bind, port=port, bot_delay=app.bot_delay)
        state = read_save(path).state
        table, problem = restore_saved(server, path)
        if table is None or state is None:
            session._release_solo_save()
            raise ValueError(problem or f"{path.name} could not be read")
        session.server, session.table = server, table
        session._watch_saves()
        session._wait_for_saved_watchers()
        try:
            await server.start()
            table.resume()
            session.password = table.config.password
            session._listening(bind, server.port)
            session.client = await TableClient.connect(
                local_host(bind), server.port, name=app.player_name, password=session.password, table=table.id,
                host_key=table.host_key, token=state.get("host_token"), reconnect=False,
                on_update=session._on_update)
            if not solo and table.config.ssh_password is not None:  # it had SSH guests: their way back
                await session._serve_ssh(bind)
            session.show_lobby()
            if not solo and app.mdns:
                await session._advertise()
        except BaseException:
            await session.close()
            raise
        return session

    @classmethod
    async def join(cls, app: "DealMeInApp", address: str, password: str | None = None,
                   table: str | None = None, host_key: str | None = None) -> "TableSession":
        """Join the table at ``address``. The table the app is at is left only once this one has
        taken the player: a join that fails or is stopped leaves the player where they were.
        The table the player is at, by the address they joined it at, is refused while it
        answers (``AtTableAlready``: nothing to do); while its connection is down it is left
        first, as the new connection would take the seat over (the caller sends the player home
        should that join fail). The table this app hosts, by whatever address, is refused too."""
        host, port = split_address(address)
        session = cls(app)
        session.address = address_key(host, port)
        session.recent_address = host_port(host, port) if app.remember_seats else None  # as typed: it is dialled again
        here = app.session
        if here is not None and here.server is None and here.address == session.address:
            if here.client is not None and here.client.connected:
                raise AtTableAlready("You are at this table already.")
            await app.leave_table()
        # a seat this app left at that table comes back with its token (``tui.seatkeys``)
        kept = seatkeys.claim(session.address, table) if app.remember_seats else None
        session.returning = kept is not None or app.seat_token is not None
        try:
            session.client = await TableClient.connect(host, port, name=app.player_name, password=password,
                                                       table=table, host_key=host_key,
                                                       token=kept.token if kept else app.seat_token,
                                                       on_update=session._on_update)
            if here is not None and here.table is not None and session.client.table == here.table.id:
                raise AtTableAlready("You are at this table already: this app hosts it.")
            await app.leave_table()
            if not session.client.connected:  # it went with the table left (another way to this app's own)
                raise ConnectionError("the table closed as the last one was left")
        except BaseException:
            if kept is not None and session.client is None:  # not in yet: the seat is still to be claimed
                seatkeys.remember(session.address, kept.table, kept.token)
            await session.close()  # in, then stopped while leaving the last table: the seat is kept
            raise
        session._hold_seat()
        session.show_lobby()
        return session

    def _seat_here(self) -> tuple[str | None, str] | None:
        """The seat this app sits in at another host's table, as (table, token); None when it
        hosts the table itself, watches, or has no token yet. Holding the table's host key (a
        headless host's) is no reason to lose the seat: it is kept like anyone's."""
        c = self.client
        if self.server is not None or c is None or c.seat is None or not c.token:
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
            seatkeys.hold(self.address, *now)
        self.held = now

    async def _advertise(self) -> None:
        """Tell the LAN about the table; a LAN without multicast only loses the advert."""
        try:
            from net.discovery import Advertiser, bound_advert

            assert self.server is not None and self.table is not None
            # a table bound to one address gives that address, as the headless host's does
            interfaces, addresses = bound_advert(self.server.host, self.app.lan_interfaces)
            self.advertiser = Advertiser(self.server.port, interfaces=interfaces, addresses=addresses,
                                         bind=self.server.host)
            await self.advertiser.start(self._advert())
            self.server.add_listener(lambda _table: self.advertiser and self.advertiser.update_soon(self._advert()))
        except Exception as e:  # no network interface, multicast refused...
            log.warning("no LAN advert: %s", e)
            self.app.notify(f"The table is not advertised on the LAN ({e}); players can still join by address.",
                            severity="warning", timeout=8)
            self.advertiser = None

    async def _serve_ssh(self, bind: str) -> None:
        """Serve the app over SSH: each session runs the app joined to this table by address."""
        from net.ssh_host import client_address, make_ssh_server
        from net.ssh_server import SSHConfig

        assert self.server is not None
        table = self.table
        # a resumed table's guests log in with the password they had (``TableConfig.ssh_password``)
        config = SSHConfig(host=bind, port=self.app.ssh_port, auth="password",
                           password=table.config.ssh_password if table is not None else None)
        self.ssh = make_ssh_server(config, client_address(bind, self.server.port), self.password,
                                   table.id if table is not None else None, grace=self.server.grace)
        try:
            await self.ssh.start()
            if table is not None:
                table.keep_ssh_password(self.ssh.config.password)
        except OSError as e:
            self.app.notify(f"SSH not started: {e}", severity="error", timeout=8)
            ssh, self.ssh = self.ssh, None
            await _close_within(ssh.close(), 5, "ssh server not closed cleanly")  # its app zygote too

    @property
    def ssh_lines(self) -> list[str]:
        """For the host's lobby: how to come in over SSH, the key to check, the password."""
        if self.ssh is None:
            return []
        return [f"SSH: {self.ssh.login_command('NAME')}",
                f"SSH host key {self.ssh.fingerprint}",
                f"SSH password: {self.ssh.config.password}"]

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
        if self.ssh is not None:
            lines.append(f"Nothing installed? {self.ssh.login_command('YOURNAME')} "
                         f"(password: {self.ssh.config.password}; host key {self.ssh.fingerprint})")
        return "\n".join(lines)

    def _advert(self) -> Any:
        from net.client import app_version
        from net.discovery_txt import advert_from_lobby

        return advert_from_lobby(self.table.lobby(), app_version=app_version(),
                                 ssh_port=self.ssh.port if self.ssh is not None else None)

    # ------------------------------------------------------------------ the link
    @property
    def seat(self) -> int | None:
        return self.client.seat if self.client else None

    @property
    def is_host(self) -> bool:
        return bool(self.client and self.client.is_host)

    @property
    def names(self) -> list[str]:
        names = self._seat_names()
        me = self.seat
        if me is not None and me < len(names):
            names[me] = "You"  # the log reads "You play 9♥", at a solo table and a hosted one alike
        return names

    def _seat_names(self) -> list[str]:
        """Each seat's name as the table shows it, yours too: two players called Ana read apart
        ("Ana", "Ana 2"), a seat a bot plays for its player or whose player is away says so."""
        seats = (self.lobby or {}).get("seats") or []
        names = numbered([other_name(str(s.get("name") or f"Seat {i + 1}")) for i, s in enumerate(seats)])
        for i, s in enumerate(seats):  # a player's seat that a bot plays, or whose player is gone
            # the marker must survive the seat box's cut of long names (16 cells)
            if s.get("bot") and not str(s.get("name") or "").lower().endswith("bot"):
                names[i] = f"{cut(names[i], 10)} (bot)"
            elif s.get("name") and not s.get("bot") and s.get("connected") is False:
                names[i] = f"{cut(names[i], 9)} (away)"
        return names

    def _speaker(self, chat: dict[str, Any]) -> str:
        """A player's chat line goes by the seat it came from, named as the table names that
        seat (two players called Ana read apart), and a watcher's reads "(watching)": the host
        lets anyone take any name, and a watcher must not pass for the player in a seat; nor
        must the one who sits there now for whoever said a line the table kept from before,
        nor the one the latest lobby seats there for who has just sat down (a host of an older
        version paces its lobbies, and a line said at once came before the lobby that seats its
        speaker; this one sends the lobby held back first). A watcher the latest lobby lists by
        its number (``watcher``) is named as the lobby names it, so two watchers called Ana read
        apart there too ("Ana 2 (watching)")."""
        name, seat = str(chat.get("name") or "?"), chat.get("seat")
        seats = (self.lobby or {}).get("seats") or []
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            listed = listed_watcher(self.lobby or {}, chat.get("watcher"), name)
            return f"{cut(listed or name, 20)} (watching)"
        if seat < len(seats) and (seats[seat] or {}).get("name") == name:
            return self._seat_names()[seat]
        if chat.get("earlier") is True:  # said before someone else sat there, or before the table lost that seat
            return f"{cut(name, 20)} (was in seat {seat + 1})"
        return f"{cut(name, 20)} (seat {seat + 1})"  # seated there by a lobby still on its way

    async def act(self, action: str) -> None:
        if self.client is not None:
            try:
                await self.client.act(action)
            except ConnectionError as e:
                self.app.notify(str(e), severity="error")

    async def chat(self, text: str) -> None:
        if self.client is not None:
            try:
                await self.client.chat(text)
            except ConnectionError as e:
                self.app.notify(str(e), severity="error")

    @property
    def rematch_by_ready(self) -> bool:
        """At a table without a playing host (the lobby's ``start`` is "ready"), a seated player
        asks for a rematch by saying it is ready: the rematch starts once every player is."""
        return not self.is_host and self.seat is not None and (self.lobby or {}).get("start") == "ready"

    async def rematch(self) -> None:
        """The host starts the rematch; at a table that starts on ready, a player says ready."""
        if self.client is None:
            return
        if self.rematch_by_ready:
            await self.call("ready", True)
            self.app.notify("Ready for the rematch: it starts once every player is.")
        else:
            await self.client.rematch()

    async def call(self, name: str, *args: Any, **kwargs: Any) -> None:
        """A lobby control (``add_bot``, ``kick``, ``start``...); a lost connection is reported."""
        if self.client is None:
            return
        try:
            await getattr(self.client, name)(*args, **kwargs)
        except ConnectionError as e:
            self.app.notify(str(e), severity="error")

    # ------------------------------------------------------------------ updates
    def _on_update(self, update: dict[str, Any]) -> None:
        if self.left:
            return  # a view on its way must not open the table again over the home screen
        try:
            self._handle(update)
        except Exception:  # a screen bug must not kill the connection's reader
            log.exception("update %s", update.get("type"))

    def _handle(self, update: dict[str, Any]) -> None:
        from .screens.lobby import LobbyScreen
        from .screens.results import ResultsScreen
        from .screens.table import TableScreen

        kind = update.get("type")
        app = self.app
        if kind == "welcome":
            self._seat_told = update.get("seat")
            self._chat_epoch = update.get("chat")
            if self._watchers_away and self._chat_epoch != self._epoch_at_drop:
                self._table_resumed = True
            self._earlier_told = False  # the table sends what it kept after each welcome on joining
        elif kind == "lobby":
            earlier = self.lobby or {}
            self.lobby = update["lobby"]
            self._say_comings_and_goings(earlier, self.lobby)
            self._hold_seat()  # a lobby follows every welcome: the seat may have changed
            self._note_recent()
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
        elif kind == "view":
            before, self.view = self.view, update["view"]
            events = with_causes(update.get("events") or [])
            # the view's own seat: while connecting, before ``client`` is set, ``seat`` is not known
            ended_away = self.returning and before is None and self.view.get("seat") is not None
            kept: KeptResults | None = None
            told = bool(events)  # the host told how the view came about (none on the way back)
            if not events and self.view.get("is_over") and (ended_away or before is not None and not before.get("is_over")):
                # the match ended while this app's connection was down, or while the app was not
                # running at all: its end is told, shown and counted all the same (the view on the
                # way back brings no events; the record counts a match once), its box as it was
                # shown when it ended where this app kept that (its own table's save)
                kept = self._kept_results() if ended_away else None
                ended = {"kind": "match_over", "seat": None, "winners": list(self.view.get("winners") or [])}
                events = [ended if kept is None or kept.points is None else {**ended, "points": kept.points}]
            table = self._table_screen()
            if table is None and self.view.get("is_over") and not events:
                self.show_lobby()  # joined after the match ended: the lobby, where the next one starts
                return
            if table is None:
                self.show_lobby()
                table = TableScreen(self, app.card_style, app.palette, app.settings.hand_order)
                if not events:  # joined or resumed in mid-match: what came before is not known here
                    table.log_line(f"At the table in {deal_word(self.view.get('game'))} {self.view.get('hand_number', 1)}: "
                                   "earlier plays are not shown.", style="dim")
                    total = self.view.get("total")
                    if isinstance(total, int) and not isinstance(total, bool):
                        table.totals = [total]  # the running total starts where it stood as this app came in
                table.show(self.view, events)
                app.push_screen(table)
            else:
                table.show(self.view, events)
            if kept is not None:  # the match's last hand, as its results showed it
                table.hand_totals, table.hand_whole = list(kept.totals), kept.whole
            if not self.view.get("is_over"):
                self._withdraw_match_results()
            for i, event in enumerate(events):
                kind = event.get("kind")
                if kind == "match_over":
                    self._record()
                    if told:
                        self._keep_results(event, table)
                if kind in ("hand_over", "round_over", "match_over"):
                    # the standings as the hand left them, whatever arrives before the screen shows
                    app.call_later(self._results, kind, event, at_hand_end(self.view, events[i + 1:]))
        elif kind == "chat":
            system = update.get("system") is True
            if update.get("earlier") is True and not self._earlier_told:
                self._earlier_told = True
                self._add_chat("Table", "Said at this table earlier:", True)
            name = str(update.get("name") or "?") if system else self._speaker(update)
            self._add_chat(name, str(update.get("text") or ""), system)
        elif kind == "error":
            self.last_said = str(update.get("message") or update.get("code"))
            app.notify(self.last_said, title="Table", severity="error")
        elif kind == "connection":
            state = update.get("state")
            if state == "reconnecting":
                self._wait_for_watchers()
                app.notify("Connection lost: reconnecting...", severity="warning")
            elif state == "connected":
                app.notify("Reconnected.")
                table = self._table_screen()
                if table is not None:  # the host gave the turn a full clock when the seat came back
                    table.restart_clock()
            elif state == "closed" and not self.closing:
                if update.get("reason") != self.last_said:  # a kick was already said, once is enough
                    app.notify(f"Left the table: {update.get('reason')}", severity="warning", timeout=8)
                if app.session is self:
                    app.back_home()
        elif kind == "bye":
            pass

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

    def _match_kept_as(self) -> tuple[Path, str] | None:
        """Where the finished match's results are kept, and under what (``tui.saves``): beside
        this app's own table's save, for the seat it played; None for another host's table, a
        table not saved, or a match not played from a seat."""
        saver = self.table.saver if self.table is not None else None
        seat = (self.view or {}).get("seat")
        if saver is None or self.view is None or not isinstance(seat, int) or isinstance(seat, bool):
            return None
        from .record import match_identity

        return saver.path, match_identity(self.view, self.lobby, seat)

    def _keep_results(self, event: dict[str, Any], table: Any) -> None:
        """The match just ended here: what its results box shows beyond the view (the last
        hand's points left in hand, its running total) is kept beside the table's save, so
        that resuming the finished match shows the same box; a file that cannot be written is
        said once."""
        kept_as = self._match_kept_as()
        if kept_as is None:
            return
        points = event.get("points")
        kept = KeptResults(points if isinstance(points, list) else None, list(table.hand_totals), table.hand_whole)
        problem = keep_results(*kept_as, kept)
        if problem:  # the match is saved all the same: a resume shows what its view holds
            self.app.warn_once("Match results", f"{problem}. Resumed, this match will not show the "
                                                "last hand's points left in hand or running total.")

    def _kept_results(self) -> KeptResults | None:
        """What the results box showed when the match this app's table resumed with ended; a
        file that cannot be read is said once and left as it is."""
        kept_as = self._match_kept_as()
        if kept_as is None:
            return None
        kept, problem = kept_results(*kept_as)
        if problem:
            self.app.warn_once("Match results", f"{problem}. These results do not show the last "
                                                "hand's points left in hand or running total.")
        return kept

    def _claim_solo_save(self) -> bool:
        self.solo_save = claim_solo_save()
        return self.solo_save

    def _release_solo_save(self) -> None:
        if self.solo_save:
            self.solo_save = False
            release_solo_save()

    def _watch_saves(self) -> None:
        """Hear from this app's table's autosave when saving fails."""
        if self.table is not None and self.table.saver is not None:
            self.table.saver.on_problem = self._not_saved

    def _not_saved(self, problem: str) -> None:
        """Saving this table failed (a full or read-only data folder): play goes on, and the
        player is told once a run that it cannot be resumed, rather than finding no Resume later."""
        self.app.warn_once("Saving", f"{problem}. Play goes on, but this table cannot be resumed later.")

    @property
    def saved(self) -> bool:
        """This app's table has a save to resume it from: the latest save did not fail."""
        saver = self.table.saver if self.table is not None else None
        return saver is not None and saver.problem is None

    def _say_comings_and_goings(self, earlier: dict[str, Any], lobby: dict[str, Any]) -> None:
        """Who came and who went (``tui.comings``): in the chat, where the lobby shows it; in a
        match the table's log says it its own way, and the lobby's chat keeps it for later."""
        before, after = earlier.get("seats") or [], lobby.get("seats") or []
        was, now = self._lobby_seat, self._seat_told
        own = {was, now}
        self._lobby_seat = now
        watchers = (listed_watchers(earlier), listed_watchers(lobby))
        known = not any(len(names) < watching_count(side) for names, side in zip(watchers, (earlier, lobby)))
        if not known:
            watchers = ([], [])  # more watchers than the lobby names: who came or went is not known
        # this app's own watching says nothing either: its name leaves the watchers as it sits
        # down and comes into them as it gets up (while it watches throughout, it is in both)
        if was is None and now is not None and now < len(after):
            _drop(watchers[0], after[now].get("name"))
        elif was is not None and now is None and was < len(before):
            _drop(watchers[1], before[was].get("name"))
        watchers = self._through_returns(*watchers, over=self._wait_over(lobby), known=known)
        changes = [c for c in comings_and_goings(before, after, own, watchers)
                   if c.kind not in ("watches", "unwatches") or self._watch_line_allowed()]
        if (self.lobby or {}).get("status") == "playing":
            table = self._table_screen()
            for change in changes:
                if table is not None:
                    table.log_line(change.text, style="italic")
                self._add_chat("Table", change.text, True, table=False)
            return
        for change in changes:
            self._add_chat("Table", change.text, True)
        if self.is_host and not self.solo and self.app.settings.bell and any(c.kind == "sits" for c in changes):
            self.app.bell()  # a host waiting in the lobby hears the players come, as a turn is heard

    def _wait_for_watchers(self) -> None:
        """This app's connection dropped: the watchers at the table then are waited for while
        its app tries to come back. A host that stopped dead and was resumed brings everyone
        back one by one, and a watcher missing from the first lobbies is on the way back, not
        gone (their apps try as long as this one does). When the wait ends, see ``_wait_over``;
        a watcher still missing then has gone, and is said to."""
        lobby = self.lobby or {}
        players = [(i, str(seat["name"])) for i, seat in enumerate(lobby.get("seats") or [])
                   if i != self._seat_told and _playing(seat)]
        reconnect_for = self.client.reconnect_for if self.client is not None else 0.0
        self._wait_for(lobby.get("watchers") or [], players, reconnect_for)
        self._epoch_at_drop = self._chat_epoch

    def _wait_for_saved_watchers(self) -> None:
        """This app resumes its table from the save: the watchers the save names come back as
        the players do, and are waited for as the other apps at the table wait for them
        (``_wait_for_watchers``), not greeted as newcomers. The players waited for are those
        whose seats the save holds for them, the host's own aside."""
        table = self.table
        players = [(s.index, s.name) for s in table.seats
                   if s.name and s.bot is None and s.token is not None and s.token != table.host_token]
        # as long at most as their apps try to come back (``TableClient``'s ``reconnect_for``)
        self._wait_for(table.watchers_saved, players, RECONNECT_FOR, resumed=True)

    def _wait_for(self, watchers: list[Any], players: list[tuple[int, str]], seconds: float,
                  resumed: bool = False) -> None:
        """Wait for ``watchers`` and ``players`` (seat, name) to be back, ``seconds`` at most;
        ``resumed``: the table is known to come back from its save."""
        self._watchers_away = Counter(watchers)
        self._players_at_drop = players
        self._watchers_away_until = time.monotonic() + seconds
        self._table_resumed, self._players_back = resumed, False
        if self._watchers_away:
            self.app.set_timer(seconds + TIMER_SLACK, self._watch_wait_ended)

    def _watch_wait_ended(self) -> None:
        """The wait for the watchers is over: those not back are said to have gone, if this app
        is back itself (if not, its first lobby says so, or it gave up and says nothing more)."""
        if not self._watchers_away or time.monotonic() < self._watchers_away_until or self.left:
            return  # all back, or a later drop waits afresh
        if self.client is not None and self.client.connected and self.lobby is not None:
            self._say_comings_and_goings(self.lobby, self.lobby)

    def _wait_over(self, lobby: dict[str, Any]) -> bool:
        """Whether the watchers held since the drop are waited for no more (``_wait_for``). If
        the table ran on meanwhile (its welcome gives the chat numbering it had: the drop was
        this app's own), once every other player seated then is back in their seat: the table
        is as it was. If it came back from its save, the watchers' apps come back as the
        players' do, a try or two behind: ``WATCHERS_BACK_WITHIN`` once the players are back.
        And at the latest when this app would give up. The players back after a resume, a
        timer is set for the lag's end: no lobby may come then."""
        now = time.monotonic()
        if not self._watchers_away or now >= self._watchers_away_until:
            return True
        seats = lobby.get("seats") or []
        back = all(i < len(seats) and _playing(seats[i]) and str(seats[i]["name"]) == name
                   for i, name in self._players_at_drop)
        if not self._table_resumed:
            return back and bool(self._players_at_drop)
        if back and not self._players_back:
            self._players_back = True
            if now + WATCHERS_BACK_WITHIN < self._watchers_away_until:
                self._watchers_away_until = now + WATCHERS_BACK_WITHIN
                self.app.set_timer(WATCHERS_BACK_WITHIN + TIMER_SLACK, self._watch_wait_ended)
        return False

    def _through_returns(self, before: list[Any], after: list[Any], over: bool,
                         known: bool = True) -> tuple[list[Any], list[Any]]:
        """The watchers before and after a lobby, those waited for since this app's connection
        dropped counted in both: one not back yet has not stopped watching, and one who comes
        back has not started (they were watching all along); nothing is said of them. Those
        back are waited for no more, nor anyone once the wait is ``over``: those still missing
        then have stopped watching (said, if the lobby names all its watchers: ``known``)."""
        away = self._watchers_away
        if not away:
            return before, after
        was, now = Counter(before), Counter(after)
        before = before + list((away - was).elements())
        after = after + list((away - now).elements()) if not over or not known else after
        if over:
            away.clear()
        else:
            away -= now
        return before, after

    def _watch_line_allowed(self) -> bool:
        """Whether one more "starts/stops watching" line may go in the chat: anyone can come
        and go as a watcher, under any name, as often as the host lets them connect, so those
        lines are limited (``WATCH_LINES`` a ``WATCH_WINDOW``); the lobby's "Watching:" line
        still says who watches."""
        now = time.monotonic()
        said = self._watch_lines
        while said and now - said[0] > WATCH_WINDOW:
            said.popleft()
        if len(said) >= WATCH_LINES:
            return False
        said.append(now)
        return True

    def _add_chat(self, name: str, text: str, system: bool, table: bool = True) -> None:
        """A chat line, kept and shown on every screen of this table (not the table's own
        screen with ``table`` False: it said the line already)."""
        from .screens.table import TableScreen

        self.chat_log.append((name, text, system))
        for screen in self.app.screen_stack:
            add = getattr(screen, "add_chat", None)
            if add is not None and getattr(screen, "link", None) is self and (table or not isinstance(screen, TableScreen)):
                add(name, text, system)

    def _table_screen(self) -> Any:
        from .screens.table import TableScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, TableScreen) and screen.link is self:
                return screen
        return None

    def _results(self, kind: str | None, event: dict[str, Any] | None = None,
                 view: dict[str, Any] | None = None) -> None:
        from .screens.confirm import ConfirmScreen
        from .screens.results import ResultsScreen

        table = self._table_screen()
        if table is None or self.view is None:
            return
        top = self.app.screen
        if kind == "match_over" and isinstance(top, ConfirmScreen) and top.purpose == "leave":
            # what "Leave this match?" said of leaving no longer holds; the question stays (a
            # key pressed for it must not land on the results), and says so
            top.restate("The match is over.")
        if top is not table and not (isinstance(top, ResultsScreen) and top.link is self):
            # the player is answering a question ("Leave this match?": its answer must not go to
            # a screen the player has not read) or is elsewhere (Help, the join screen): the
            # results show once the table is back on top
            self._held_results = (kind, event, view)
            return
        if isinstance(top, ResultsScreen):
            top.dismiss(None)
        over = kind == "match_over" or bool(self.view.get("is_over"))
        if kind != "match_over" and over:
            return  # the match_over event brings its own screen
        self.app.push_screen(ResultsScreen(self, view or self.view, table.names, list(table.hand_totals),
                                           match_over=over, style=self.app.card_style, event=event,
                                           whole=table.hand_whole))

    def show_lobby(self) -> None:
        """The table's lobby, once. A table joined or resumed in mid-match sends its view while
        connecting: the lobby then goes beneath the table, not over it."""
        from .screens.lobby import LobbyScreen

        self.app.end_joining()
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
        me = self.client.seat if self.client is not None else None
        return sum(1 for s in (self.lobby or {}).get("seats") or []
                   if s.get("name") and not s.get("bot") and s.get("connected") and s.get("seat") != me)

    def others_watching(self) -> int:
        """Watchers at a table this app hosts, not counting this app's own connection should it
        watch: closing the table cuts them off too."""
        if self.server is None or self.solo:
            return 0
        mine = 1 if self.client is not None and self.client.seat is None else 0
        return max(0, watching_count(self.lobby or {}) - mine)

    def others_phrase(self) -> str:
        """Who else is at a table this app hosts, players and watchers: "the other player", "the
        3 other players", "the watcher", "the 2 watchers", "the other player and 1 watcher"...;
        "" with none."""
        players, watchers = self.others_seated(), self.others_watching()
        seated = "" if not players else f"the {players} other players" if players > 1 else "the other player"
        if not watchers:
            return seated
        if seated:
            return f"{seated} and {watchers} watcher{'s' if watchers > 1 else ''}"
        return f"the {watchers} watchers" if watchers > 1 else "the watcher"

    def closing_note(self) -> str:
        """What closing this app's table costs the others at it, said before the player confirms
        (quitting, or opening another table); "" with none."""
        who = self.others_phrase()
        return f"You host this table: it closes for {who} at it." if who else ""

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
            return f"Quitting ends your SSH session. {self._seat_kept()}: log in again as " \
                   f"{clean(self.app.player_name)} from the same address to sit back down."
        if seated and not self.solo and self.server is None and not own_status(self.view).get("out"):  # someone else's table
            return "A bot plays your seat while you are away. " + self.leave_note()
        if not self.solo or self.saved:
            return ""
        return self.leave_note()

    def leave_note(self) -> str:
        """What leaving a match in play costs, said before the player confirms it."""
        if self.solo:
            if not self.solo_save:
                return f"{ANOTHER_WINDOW}: leaving ends this match."
            if not self.saved:
                return "It could not be saved: leaving ends it."
            return "It is saved: Resume on the home screen picks it up where it stopped."
        if self.server is not None:
            who = self.others_phrase()
            return f"You host this table: it closes, and the match ends for {who} at it." if who \
                else "You host this table: it closes."
        if self.client is not None and self.client.seat is None and self.client.is_host:
            return "You run this table from no seat: leaving gives that up until you join again with its host key."
        if self.client is None or self.client.seat is None:
            return "You are only watching: nothing is lost."
        if self.app.guest:  # over SSH the way back is the home screen's, or a new login
            back = self.app.keys_for("home.back", "b")
            return f"{self._seat_kept()}: {back} on the home screen (Back to the table), or logging in " \
                   f"again as {clean(self.app.player_name)} from the same address, sits you back down."
        return "The host keeps your seat for a while: join the table again to sit back down."

    def _seat_kept(self) -> str:
        """How long the host keeps an SSH guest's seat once it is gone, a bot playing it."""
        grace = self.app.seat_grace
        if grace is None:
            return "The host keeps your seat for a while, a bot playing it meanwhile"
        period = f"{grace / 60:g} minute{'s' if grace != 60 else ''}" if grace >= 60 and grace % 60 == 0 \
            else f"{grace:g} second{'s' if grace != 1 else ''}"
        return f"The host keeps your seat for {period}, a bot playing it meanwhile"

    def show_held_results(self) -> None:
        """The table is uncovered: the results that came while a question was up show now;
        not if the answer has covered it again meanwhile (the join screen, asked "Join another
        table?"), where the next uncovering shows them, nor once the table is being left."""
        if self._held_results is None or self.left or self.app.session is not self \
                or self.app.screen is not self._table_screen():
            return
        held, self._held_results = self._held_results, None
        self._results(*held)

    def _withdraw_match_results(self) -> None:
        """A new match is in play: the last one's results, still up, have had their time."""
        from .screens.results import ResultsScreen

        dropped = self._held_results is not None and self._held_results[0] == "match_over"
        if dropped:
            self._held_results = None  # not yet shown, and already past
        stale = [s for s in self.app.screen_stack
                 if isinstance(s, ResultsScreen) and s.link is self and s.match_over and not s.withdrawn]
        for screen in stale:
            screen.withdraw()
        if stale or dropped:
            self.app.notify("A new match has started.", title="Table")

    def back_to_lobby(self) -> None:
        """Back to the lobby after a match; not while a match is in play (a rematch the host
        started meanwhile): its table stays, or the seat would have no way back to it."""
        from .screens.lobby import LobbyScreen

        app = self.app
        if self.view is not None and not self.view.get("is_over") and self._table_screen() is not None:
            return
        while len(app.screen_stack) > 1 and not (isinstance(app.screen, LobbyScreen) and app.screen.link is self):
            app.pop_screen()

    # ------------------------------------------------------------------ closing
    async def close(self) -> None:
        """Withdraw the advert, say goodbye and close the server: nothing is left running."""
        if self.closing:
            return
        self.closing = True
        if self.advertiser is not None:
            await _close_within(self.advertiser.close(), 3, "advert not withdrawn")
            self.advertiser = None
        c = self.client
        if c is not None:
            here = self._seat_here()
            if self.address is not None and self.app.remember_seats:
                if here is not None:
                    seatkeys.remember(self.address, *here)
                elif self.held is not None:
                    seatkeys.release(self.address, *self.held)
            self.held = None
            await c.close()
        if self.server is not None:
            await self.server.close()  # its last save written, the SSH guests' seats as they sat
            self.server = None
        if self.ssh is not None:  # after the table: a guest's app quitting first gave up its seat
            await _close_within(self.ssh.close(), 5, "ssh server not closed cleanly")
            self.ssh = None
        self._release_solo_save()


async def _close_within(closing: Awaitable[Any], seconds: float, failure: str) -> None:
    """Await a part's close for at most ``seconds``: a part that fails to close is logged, and
    the rest of the session still closes."""
    try:
        await asyncio.wait_for(closing, seconds)
    except Exception as e:
        log.warning("%s: %s", failure, e)
