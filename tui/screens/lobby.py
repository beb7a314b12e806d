"""The lobby: seats with names, bots and ready flags, the host's controls, and the chat."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from core import GAMES
from net.protocol import CHAT_LEN
from net.seatnames import BOT_LEVELS, and_list, bots_own_name

from ..chatprompt import chat_prompt, reprompt, send_line
from ..eventtext import chat_text
from ..keymap import current_keys
from ..link import setup_of
from ..notices import take_down
from ..optiontext import clock_label, options_line
from ..plain import clean, counted
from ..seatmarks import YOU_MARK
from ..seatnames import lobby_names, watchers_line
from ..widgets.chatline import ChatLine
from ..widgets.keyfooter import KeyFooter
from ..widgets.seats import team_labels
from ..widgets.tablelog import CHAT_LINES, TableLog
from . import WIDE, popped

if TYPE_CHECKING:
    from ..app import DealMeInApp

#: T's words: a watcher's (it sits down), a seated guest's (it moves to the seat highlighted)
TAKE_WORDS = ("Take seat", "Move seat")
#: the keys of a table with others: at a solo table they say why they do nothing
_WITH_OTHERS = frozenset({"lobby.chat", "lobby.invite", "lobby.ready", "lobby.take_seat", "lobby.stand"})
#: narrow, the rows the chat under the seats keeps at least (its border, 2 of log, the line)
CHAT_MIN = 4
#: the seat list's rows at most (8 seats and its border) and at least, when the chat is under it
SEATS_MAX, SEATS_MIN = 10, 4


def lobby_teams(lobby: dict[str, Any]) -> list[list[int]] | None:
    """The partnerships at a table as its lobby sets it up (Ninety-Eight 7.2: partners sit
    opposite), each team's seats; None without teams, or for a game or setting this app does
    not know (a host's odd lobby is shown, not raised)."""
    game, seats, preset, options = (lobby.get(k) for k in ("game", "seats", "preset", "options"))
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None or not isinstance(seats, list) or not isinstance(preset, str) or not isinstance(options, dict):
        return None
    try:
        return info.teams(len(seats), preset, options)
    except (ValueError, TypeError):
        return None


def _start_word(lobby: dict[str, Any]) -> str:
    """What the host's start begins: after a finished match, the rematch."""
    return "rematch" if lobby.get("status") == "finished" else "match"


def _rematch_asked_for(lobby: dict[str, Any]) -> bool:
    """After a match at a table whose host plays, the host's rematch waits for no one: a
    guest's ready is a request for it (net/table.py tells the table once)."""
    return lobby.get("status") == "finished" and lobby.get("start") == "host"


class LobbyScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: below 80 columns the chat goes under the seats instead of beside them; from the table's
    #: wide width the seats keep a row's width and the chat takes the rest
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-normal"), (WIDE, "-wide")]
    #: a short terminal gives the seat list fewer rows (it scrolls), so that the host's and the
    #: guest's buttons keep theirs; narrow, the chat under it keeps its 4 (``_fit_seats``)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]
    BINDINGS = [
        Binding("b", "add_bot", "Bot", id="lobby.add_bot"),
        Binding("x", "remove", "Remove", id="lobby.remove"),
        Binding("g", "configure", "Game", id="lobby.game"),
        Binding("ctrl+s", "start", "Start", priority=True, id="lobby.start"),
        # R as the Ready button reads: Ready, or once ready Not ready (``check_action`` picks)
        Binding("r", "ready(True)", "Ready", id="lobby.ready"),
        Binding("r", "ready(False)", "Not ready", id="lobby.ready"),
        # after a match at a table whose host plays, a guest's ready asks the host for the rematch
        Binding("r", "ask_rematch(True)", "Ask for a rematch", id="lobby.ready"),
        Binding("r", "ask_rematch(False)", "Cancel request", id="lobby.ready"),
        # T as a watcher sits down, and as a seated guest moves (``check_action`` picks)
        *(Binding("t", f"take_seat({words!r})", words, id="lobby.take_seat") for words in TAKE_WORDS),
        # W as a seated guest gets up to watch (T sits down again while a seat is open)
        Binding("w", "stand", "Watch", id="lobby.stand"),
        Binding("slash", "focus_chat", "Chat", id="lobby.chat"),
        Binding("c", "invite", "Invite", id="lobby.invite"),
        # Esc leaves; from the chat line it goes back to the seats (``check_action`` picks)
        Binding("escape", "leave", "Leave"),
        Binding("escape", "focus_seats", "Back to seats"),
        # Esc and F1 Help stay on the bar; Quit and Rules are keys (and in Help): room for the host's
        Binding("q", "app.quit", "Quit", show=False, id="app.quit"),
        Binding("f2", "app.rules", "Rules", show=False, id="app.rules"),
    ]
    #: what the key bar leaves out first where it is too narrow (60 columns) to keep Help:
    #: Invite (the info line says where players join), then Chat (its line is on screen)
    BAR_SPARE = ("lobby.invite", "lobby.chat")

    def __init__(self, link: Any) -> None:
        super().__init__()
        self.link = link
        #: its widgets are all there: updates that come sooner are drawn by ``on_mount``
        self._drawn = False
        #: the invite notice shown last (taken down when the lobby is covered)
        self._invite_said = ""

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title", classes="title")
        with Horizontal(id="lobby"):
            with Vertical(id="lobby-left"):
                yield OptionList(id="seats")
                yield Static(id="lobby-info", markup=False)
                with Horizontal(id="host-buttons"):
                    yield Button("Add bot", id="add_bot")
                    yield Button("Remove", id="remove")
                    yield Button("Game…", id="configure")
                    yield Button("Start", id="start", variant="primary")
                with Horizontal(id="guest-buttons"):
                    yield Button("Ready", id="ready", variant="primary")
                    yield Button("Leave", id="leave")
            with Vertical(id="lobby-chat"):
                # wrapped in the panel, and again when its width changes
                yield TableLog(id="chat-log", wrap=True, markup=False, max_lines=CHAT_LINES, min_width=16)
                yield ChatLine(placeholder=chat_prompt(self.app.keys_for("lobby.chat", "slash"), 0), id="chat",
                               max_length=CHAT_LEN)
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        log = self.query_one("#chat-log", TableLog)
        for name, text, *system in getattr(self.link, "chat_log", []):
            log.add(chat_text(name, text, bool(system and system[0])))
        self.query_one("#chat", Input).display = not self._solo()  # no one to talk to: the table's lines stay
        log.can_focus = not self._solo()  # nor a Tab stop on the panel, its focus hard to see
        self.refresh_lobby()
        self.query_one("#seats").focus()

    def on_screen_resume(self) -> None:
        if not popped(self):  # resumed and popped at once (home at once): its widgets may be half gone
            self.refresh_lobby()
            reprompt(self, "lobby.chat")  # keys moved meanwhile
            chat = self.query_one("#chat", Input)
            if self.focused is chat and not chat.value:  # back from a match: R says ready, not "r"
                self.query_one("#seats").focus()

    # ------------------------------------------------------------------ rendering
    def refresh_lobby(self) -> None:
        if not self._drawn or popped(self):
            return  # not all composed yet (on_mount draws it), or on its way out, its widgets going
        lobby = self.link.lobby or {}
        host = bool(self.link.is_host)
        game_id = lobby.get("game")
        info = GAMES.get(game_id) if isinstance(game_id, str) else None  # a host's odd lobby is shown, not raised
        game = info.name if info else clean(str(game_id or ""), 30)
        title = Text()
        title.append(clean(lobby.get("name") or "Table", 40))
        title.append(f"  ·  {game} ({clean(lobby.get('preset', ''), 30)})  ·  {lobby.get('status', '')}")
        self.query_one("#lobby-title", Static).update(title)
        seats = self.query_one("#seats", OptionList)
        keep = seats.highlighted
        seats.clear_options()
        me = self.link.seat
        solo = self._solo()  # only this app plays: no joining, no readiness
        asking = not solo and _rematch_asked_for(lobby)
        listed = lobby.get("seats") or []
        shown = lobby_names(listed)
        partnerships = lobby_teams(lobby)
        teams = team_labels({"teams": partnerships, "seat": me})
        # the player's own team by its letter, as the others' read: theirs is not "partner"
        own_team = team_labels({"teams": partnerships, "seat": None}).get(me) if me is not None else None
        rows: list[tuple[Text, int, int]] = []  # each seat's line, its wins and its seat
        for s, name in zip(listed, shown):
            line = Text(f"{s['seat'] + 1}. ")
            team = teams.get(s["seat"]) if s["seat"] != me else own_team
            team_mark = Text(f"  {team}", style="bold" if team == "partner" else "") if team else Text()
            if s.get("bot"):
                line.append(name)
                line.append_text(team_mark)
                if not bots_own_name(s):  # "Normal bot 2" says its level; "Bo" does not
                    line.append(f"  bot: {s['bot']}", style="italic")
            elif s.get("name"):
                line.append(name, style="bold" if s["seat"] == me else "")
                if s["seat"] == me:
                    line.append(YOU_MARK)
                line.append_text(team_mark)
                if s.get("host"):
                    line.append("  host", style="italic")
                if not s.get("connected"):
                    line.append("  away", style="italic")
                if asking and not s.get("host"):  # the host's rematch waits for no one: a ready asks
                    if s.get("ready"):
                        line.append("  asks for a rematch", style="green")
                elif not solo and not s.get("host"):  # the host starts the match: its readiness means nothing
                    line.append("  ready" if s.get("ready") else "  not ready",
                                style="green" if s.get("ready") else "italic")
            else:
                line.append("open seat", style="italic")
                line.append_text(team_mark)
            wins = s.get("wins")
            rows.append((line, wins if isinstance(wins, int) and wins > 0 and (s.get("name") or s.get("bot")) else 0,
                         s["seat"]))
        # the wins in a column of their own, after the longest row that has some
        column = max((line.cell_len for line, wins, _ in rows if wins), default=0)
        for line, wins, seat in rows:
            if wins:
                line.append(" " * (column - line.cell_len) + f"  {counted(wins, 'win')}", style="bold")
            seats.add_option(Option(line, id=f"seat-{seat}"))
        if seats.option_count:
            seats.highlighted = min(keep if keep is not None else 0, seats.option_count - 1)
        lines = []
        changed = options_line(lobby)
        if changed:
            lines.append(changed)
        if solo:
            lines.append(f"A solo table: only you and the bots. {self._solo_start(lobby)}")
        elif host and getattr(self.link, "join_at", None):
            lines.append("Players join at " + " or ".join(self.link.join_at))
        if host:
            lines += getattr(self.link, "ssh_lines", [])
        clock = lobby.get("turn_time")
        if isinstance(clock, int) and clock > 0 and not solo:
            lines.append(f"Turn clock: {clock_label(clock)} a move, then a bot finishes the turn.")
        if host and getattr(self.link, "password", None):
            lines.append(f"Table password: {self.link.password}")
        elif lobby.get("password"):
            lines.append("This table has a password.")
        watching = watchers_line(lobby, getattr(self.link, "number", None) if me is None else None)
        if watching:
            lines.append(watching)
        if me is None and not self._hosts_here():
            open_seat = self._open_seat()
            take = self.app.keys_for("lobby.take_seat", "t")
            lines.append(f"You are watching: choose an open seat and press {take} to sit down." if open_seat
                         else "You are watching: every seat is taken.")
        note = lobby.get("start_note")
        if note and not solo:  # who starts the match: the host, or everyone being ready
            by_host = lobby.get("start") == "host"
            lines.append(self._own_start(lobby, me) if host and me is not None and by_host
                         else self._wait_for_me(lobby, me) if by_host and me is not None and not host
                         else self._watching_host_starts(lobby) if host and by_host
                         else clean(str(note), 240))  # (it may name the players not ready)
        self.query_one("#lobby-info", Static).update("\n".join(lines))
        self.query_one("#host-buttons").display = host
        self.query_one("#guest-buttons").display = not host
        ready_button = self.query_one("#ready", Button)
        ready_button.display = me is not None  # a watcher has nothing to be ready for
        is_ready = me is not None and bool(self._seat_info(me).get("ready"))
        if self._asks():
            label = "Cancel request" if is_ready else "Ask for a rematch"
        else:
            label = "Not ready" if is_ready else "Ready"
        ready_button.label = label
        # as wide as its words: its width measured while the lobby lay beneath a match stayed
        # that of its old ones ("Ask for a")
        ready_button.refresh(layout=True)
        self._refresh_keys()
        self.call_after_refresh(self._fit_seats)  # the info's lines and the seats laid out first

    def _watching_host_starts(self, lobby: dict[str, Any]) -> str:
        """The note for the host key's holder who watches (a table of bots, or one whose host
        has no seat): the table waits for them, so it says so to them, with the key."""
        return f"You hold the host key: you start the {_start_word(lobby)} with " \
               f"{self.app.keys_for('lobby.start', 'ctrl+s')}."

    def _own_start(self, lobby: dict[str, Any], me: int) -> str:
        """The note on who starts the match, for the host seated at it: which key starts it,
        and what it waits for first: a seat filled, or the players not ready yet by name
        (net/matchstart.py refuses the start for either; a rematch waits for a seat only)."""
        what = _start_word(lobby)
        start = self.app.keys_for("lobby.start", "ctrl+s")
        seats = [s for s in lobby.get("seats") or [] if isinstance(s, dict)]
        if any(not s.get("name") and not s.get("bot") for s in seats):
            bot = self.app.keys_for("lobby.add_bot", "b")
            return f"You start the {what} with {start} once every seat is filled ({bot} adds a bot)."
        waiting = [name for s, name in zip(seats, lobby_names(seats))
                   if s.get("seat") != me and not s.get("bot") and not s.get("ready")]
        if waiting and what == "rematch":  # the host's rematch waits for no one (net/table.py)
            return f"You start the {what} with {start}."
        if waiting:
            return (f"You start the {what} with {start} once every player is ready "
                    f"(waiting for {clean(and_list(waiting), 80)}).")
        return f"You start the {what} with {start}."

    def _wait_for_me(self, lobby: dict[str, Any], me: int) -> str:
        """The note on who starts the match, for a player at a table the host starts: the host
        cannot start it while this player is not ready, so it says which key says so; after a
        match, the host's rematch waits for no one, and the key asks for one."""
        what = _start_word(lobby)
        ready = self.app.keys_for("lobby.ready", "r")
        if what == "rematch":  # the host's rematch waits for no one: a player's ready asks for one
            if self._seat_info(me).get("ready"):
                return "You asked for a rematch: the host starts it."
            return f"The host starts the rematch: {ready} asks for one."
        if self._seat_info(me).get("ready"):
            return f"The host starts the {what}."
        return f"The host starts the {what} once you are ready: press {ready}."

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_seats)
        self.call_after_refresh(self._fit_chat)

    def _fit_chat(self) -> None:
        """The chat line's prompt in the wording its width holds."""
        if self._drawn and not popped(self) and self.is_attached:
            reprompt(self, "lobby.chat")

    def _fit_seats(self) -> None:
        """Narrow, the chat goes under the seats, and the seat list (as tall as its seats,
        lobby.tcss) is held short enough that the info lines, the buttons and the chat's
        ``CHAT_MIN`` rows keep theirs: it scrolls, not they."""
        if not self._drawn or popped(self) or not self.is_attached:
            return
        seats = self.query_one("#seats", OptionList)
        if not self.has_class("-narrow"):
            seats.styles.max_height = None  # beside the chat: the whole column (lobby.tcss)
            return
        below = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                    for w in self.query("#lobby-info, #host-buttons, #guest-buttons") if w.display)
        room = self.query_one("#lobby").size.height - below - CHAT_MIN
        seats.styles.max_height = max(SEATS_MIN, min(SEATS_MAX, room))

    def _refresh_keys(self) -> None:
        """The key bar again when what its keys can do has changed: Ready (or Not ready) and
        Take seat depend on the seats, and Take seat on the one highlighted."""
        keys = tuple(self.check_action(a, p) for a, p in (("ready", (True,)), ("ready", (False,)),
                                                          ("ask_rematch", (True,)), ("ask_rematch", (False,)),
                                                          *(("take_seat", (w,)) for w in TAKE_WORDS),
                                                          ("invite", ())))
        if keys != getattr(self, "_keys", None):
            self._keys = keys
            self.refresh_bindings()

    @on(OptionList.OptionHighlighted, "#seats")
    def _seat_highlighted(self) -> None:
        self._refresh_keys()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's keys for the host, Ready for the others (Not ready once they are).
        Take seat shows while a seat is open, and is lit only on one: elsewhere (the player's
        own seat) it would do nothing. Esc is Leave, or Back to seats from the chat line."""
        host = bool(self.link.is_host)
        if action in ("leave", "focus_seats"):
            return (action == "focus_seats") == isinstance(self.focused, Input)
        if action in ("add_bot", "remove", "configure", "start"):
            return host
        if action in ("ready", "ask_rematch"):
            if host or self.link.seat is None or (action == "ask_rematch") != self._asks():
                return False
            return not parameters or parameters[0] != bool(self._seat_info(self.link.seat).get("ready"))
        if action == "invite":
            return bool(getattr(self.link, "can_invite", False))
        if action == "focus_chat":
            return not self._solo()
        if action == "stand":  # a guest's seat (this app's host sits where its table puts it)
            return not self._hosts_here() and not self._solo() and self.link.seat is not None
        if action == "take_seat":
            if self._hosts_here() or parameters and parameters[0] != TAKE_WORDS[self.link.seat is not None]:
                return False
            if not self._open_seat():
                # every seat taken: dimmed for a watcher, whose T says so (``on_key``)
                return None if self.link.seat is None else False
            seat = self._selected_seat() if self.query("#seats") else None
            return True if self._only_open() is not None or seat is not None and not self._seat_info(seat).get("name") \
                else None
        return True

    def _asks(self) -> bool:
        """After a match at a table whose host plays, this guest's ready asks the host for the
        rematch (which waits for no one): R and the button say so."""
        return not self.link.is_host and self.link.seat is not None and _rematch_asked_for(self.link.lobby or {})

    def _hosts_here(self) -> bool:
        """This app serves the table itself: its host sits where the table puts it."""
        return getattr(self.link, "server", None) is not None

    def _open_seat(self) -> bool:
        """A seat of the table is open: a watcher may take it."""
        return any(not s.get("name") for s in (self.link.lobby or {}).get("seats") or [])

    def _only_open(self) -> int | None:
        """The one open seat, where only one is, for a watcher: T takes it from any seat
        highlighted (a seated player's T moves them, only to the seat they chose)."""
        if self.link.seat is not None:
            return None
        seats = (self.link.lobby or {}).get("seats") or []
        open_ = [i for i, s in enumerate(seats) if not s.get("name")]
        return open_[0] if len(open_) == 1 else None

    def _solo(self) -> bool:
        """A solo table: bots only, so no chat line (as at its table)."""
        return bool(getattr(self.link, "solo", False))

    def add_chat(self, name: str, text: str, system: bool = False) -> None:
        """A line said at the table. Before ``on_mount`` it is left to ``on_mount``, which
        draws the session's whole chat (this line in it): the chat log may be there sooner, and
        a line written into it then would show twice."""
        if self._drawn and not popped(self):
            self.query_one("#chat-log", TableLog).add(chat_text(name, text, system))

    # ------------------------------------------------------------------ controls
    def action_invite(self) -> None:
        """The invite on the clipboard (the terminal's, by OSC 52), and shown, for a terminal
        that does not let apps set it."""
        if not getattr(self.link, "can_invite", False):
            return
        text = self.link.invite()
        self.app.copy_to_clipboard(text)
        self._invite_said = f"Copied to the clipboard, to paste to your friends:\n{text}"
        self.app.notify(self._invite_said, title="Invite", timeout=12)

    def on_screen_suspend(self) -> None:
        """The invite notice is the lobby's: covered (the game picker, the table), it goes."""
        if self._invite_said:
            take_down(self.app, {self._invite_said}, title="Invite")
            self._invite_said = ""

    def _selected_seat(self) -> int | None:
        seats = self.query_one("#seats", OptionList)
        if seats.highlighted is None:
            return None
        option = seats.get_option_at_index(seats.highlighted)
        return int((option.id or "seat-0")[5:])

    def _seat_info(self, seat: int) -> dict[str, Any]:
        for s in (self.link.lobby or {}).get("seats") or []:
            if s["seat"] == seat:
                return s
        return {}

    def _host_choice(self) -> tuple[int, dict[str, Any]] | None:
        """The seat the host has highlighted and what sits there; ``None`` for guests."""
        if not self.link.is_host:
            return None
        seat = self._selected_seat()
        return None if seat is None else (seat, self._seat_info(seat))

    def action_add_bot(self) -> None:
        """Put a bot in the chosen seat, or give the bot there the next level (normal, hard, easy,
        round again). On a player's seat it fills the next open seat: B, B, B from the host's
        own seat fills the table."""
        chosen = self._host_choice()
        if chosen is None:
            return
        seat, info = chosen
        if info.get("name") and not info.get("bot"):
            free = self._next_open_seat(seat)
            if free is None:
                keys = self.app.keys_for
                self.notify(f"Every seat is taken: {keys('lobby.add_bot', 'b')} on a bot's seat changes its level, "
                            f"{keys('lobby.remove', 'x')} takes it away.", severity="warning")
                return
            seat, info = free, {}
        current = info.get("bot")
        level = BOT_LEVELS[(BOT_LEVELS.index(current) + 1) % 3] if current in BOT_LEVELS else "normal"
        self.run_worker(self.link.call("add_bot", seat, level))

    def _next_open_seat(self, after: int) -> int | None:
        """The first seat after ``after`` (round the table) with neither a player nor a bot."""
        seats = sorted((self.link.lobby or {}).get("seats") or [], key=lambda s: s["seat"])
        ahead = [s for s in seats if s["seat"] > after] + [s for s in seats if s["seat"] <= after]
        return next((s["seat"] for s in ahead if not s.get("name") and not s.get("bot")), None)

    def action_remove(self) -> None:
        chosen = self._host_choice()
        if chosen is None:
            return
        seat, info = chosen
        if info.get("bot"):
            self.run_worker(self.link.call("remove_bot", seat))
        elif info.get("name") and seat != self.link.seat:
            self._send_away(seat, str(info["name"]))
        elif info.get("name"):  # said, not silent: the key does nothing here
            self.notify("That is your own seat: Esc leaves the table.", severity="warning")
        else:
            self.notify(f"Seat {seat + 1} is open: there is no one in it to remove.", severity="warning")

    def _send_away(self, seat: int, name: str) -> None:
        """A player is sent away only once the host says so: X next to B is easily pressed."""
        from .confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            now = self._seat_info(seat)
            if yes and now.get("name") == name and not now.get("bot"):  # still theirs
                self.run_worker(self.link.call("kick", seat))

        # as the seat list names them: of two players called Bob, seat 3's is "Bob 2"
        seats = sorted((self.link.lobby or {}).get("seats") or [], key=lambda s: s["seat"])
        shown = next((listed for s, listed in zip(seats, lobby_names(seats)) if s["seat"] == seat), clean(name, 24))
        self.app.push_screen(ConfirmScreen(f"Send {shown} away from the table?",
                                           f"Seat {seat + 1} opens for someone else; {shown} can join again.",
                                           yes="Send away"), answered)

    def action_configure(self) -> None:
        if not self.link.is_host:
            return
        from .picker import PickerScreen

        lobby = self.link.lobby or {}
        bots = {s["seat"]: s["bot"] for s in lobby.get("seats") or [] if s.get("bot")}
        solo = bool(getattr(self.link, "solo", False))  # only you and bots: no clock to set
        clock = lobby.get("turn_time")

        def chosen(choice: Any) -> None:
            if choice is None:
                return
            # the picker opens on it next time, as on a choice made there (docs/guide.md, Solo)
            self.app.remember_pick("solo" if solo else "host", choice)

            async def apply() -> None:
                await self.link.call("configure", game=choice.game, preset=choice.preset,
                                     options=choice.options, seats=choice.seats,
                                     turn_time=None if solo else choice.turn_time)

            self.run_worker(apply())

        from ..lastpick import load as load_picks

        picks, problem = load_picks()
        if problem:
            self.app.warn_once("Picker", f"{problem}. Each other game opens on its defaults.")
        self.app.push_screen(PickerScreen(mode="configure", game=lobby.get("game"), preset=lobby.get("preset"),
                                          options=lobby.get("options") or {}, seats=len(lobby.get("seats") or []),
                                          bots=bots, turn_time=None if solo else clock if isinstance(clock, int) else 0,
                                          own_seat=self.link.seat, remembered=picks.get("solo" if solo else "host")),
                             chosen)

    def _solo_start(self, lobby: dict[str, Any]) -> str:
        """What a solo table's start waits for: a bot in each open seat (no player will come to
        sit in it), or nothing."""
        start = self.app.keys_for("lobby.start", "ctrl+s")
        open_seats = [s["seat"] + 1 for s in lobby.get("seats") or [] if isinstance(s, dict)
                      and not s.get("name") and isinstance(s.get("seat"), int)]
        if not open_seats:
            return f"{start} deals."
        which = f"Seat {open_seats[0]} is" if len(open_seats) == 1 else \
            f"Seats {and_list([str(n) for n in open_seats])} are"
        each = "it" if len(open_seats) == 1 else "each"
        return f"{which} open: {self.app.keys_for('lobby.add_bot', 'b')} puts a bot in {each}, then {start} deals."

    def action_start(self) -> None:
        if self.link.is_host:
            lobby = self.link.lobby or {}
            if self._solo() and lobby.get("status") != "playing" and self._open_seat():
                self.notify(self._solo_start(lobby), severity="warning")  # no player will come to sit
                return
            if lobby.get("status") == "finished":
                self.run_worker(self.link.call("rematch"))
            else:
                self.run_worker(self.link.call("start"))

    def action_ready(self, ready: bool | None = None) -> None:
        """Say you are ready (``True``), or not (``False``); the button, as it reads, the other
        of what you are."""
        if self.link.is_host:
            return
        me = self.link.seat
        if ready is None:
            ready = not self._seat_info(me).get("ready") if me is not None else True
        # the setup it answers: one the host has changed since is refused, not said ready to
        self.run_worker(self.link.call("ready", ready, setup_of(self.link.lobby)))

    def action_ask_rematch(self, ask: bool) -> None:
        """Ask the host for the rematch (``True``) or take the request back: a ready, as the
        table reads it after a match (net/table.py tells the table once)."""
        self.action_ready(ask)

    def on_key(self, event: events.Key) -> None:
        """Take seat pressed while the key bar shows it dimmed (on a seat that is taken, or with
        every seat taken) says why: Textual runs no action for a dimmed key. At a solo table
        the keys of a table with others (chat, invite, ready, take seat) say why they do
        nothing, where the key bar does not show them."""
        active = self.active_bindings.get(event.key)
        if active is not None and active.binding.action.startswith("take_seat") and not active.enabled:
            event.stop()
            self.action_take_seat()
        elif active is None and self._solo() and not isinstance(self.focused, Input) \
                and event.key in self._keys_of(_WITH_OTHERS):
            event.stop()
            self.notify("Only you and the bots play a solo table: no chat, invites, readiness or seats "
                        "to take. To play with friends, choose Host a table on the home screen.",
                        severity="warning")

    def _keys_of(self, ids: frozenset[str]) -> set[str]:
        """The keys the lobby's bindings with these ids answer to, as the keymap moved them."""
        keymap = getattr(self.app, "keymap", {})
        return {k.strip() for b in self.BINDINGS if isinstance(b, Binding) and b.id in ids
                for k in current_keys(b, keymap).split(",")}

    def action_take_seat(self, words: str = "") -> None:
        """A guest sits in (or moves to) the highlighted open seat, or the only one open
        whichever is highlighted; so does a headless host's key holder, who may watch (its seat
        taken away by a smaller table, or never taken)."""
        if self._hosts_here():
            return
        if not self._open_seat():
            self.notify("Every seat is taken: you watch until one opens.", severity="warning")
            return
        seat = self._selected_seat()
        if seat is None or self._seat_info(seat).get("name"):
            only = self._only_open()  # the one there is, whichever is highlighted
            if only is None:
                taken = f"Seat {seat + 1} is taken" if seat is not None and seat != self.link.seat else \
                    "That is your seat" if seat is not None else "No seat is chosen"
                self.notify(f"{taken}: choose an open seat first.", severity="warning")
                return
            seat = only
        self.run_worker(self.link.call("sit", seat))

    def action_stand(self) -> None:
        """Get up from the seat to watch (protocol ``stand``): the table stays, and T sits down
        again while a seat is open. Escape leaves the table instead."""
        if self._hosts_here() or self.link.seat is None:
            return
        self.run_worker(self.link.call("stand"))

    def action_focus_chat(self) -> None:
        self.query_one("#chat", Input).focus()

    def action_focus_seats(self) -> None:
        """Escape from the chat line: back to the seats (a line half typed stays there)."""
        self.query_one("#seats").focus()

    def action_leave(self) -> None:
        """Escape (from the chat line it is Back to seats), or the Leave button: home, a host
        with players at the table asked first (the table closes for them)."""
        phrase = getattr(self.link, "others_phrase", None)
        who = phrase() if callable(phrase) else ""
        if not who:
            self.app.back_home()
            return
        from .confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen("Close this table?", f"You host it: it closes for {who} at it.",
                                           yes="Close it"),
                             lambda yes: self.app.back_home() if yes else None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = getattr(self, f"action_{event.button.id}", None)
        if action is not None:
            action()

    @on(ChatLine.Sent, "#chat")
    def _chat(self, event: ChatLine.Sent) -> None:
        """A line is sent and the chat line keeps the focus for the next (the letters typed
        next are words, not the lobby's keys: B would add a bot); Enter on an empty line, or
        Escape, goes back to the seats."""
        send_line(self, event.text, self.action_focus_seats)
