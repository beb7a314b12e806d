"""The card table: opponents, pile, stock, the running total, the log and chat, and the hand.

The screen renders view dicts (``Match.view(seat)`` as the host sends them) and sends actions
through its ``TableLink``; it never holds a match itself."""
from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from rich.cells import cell_len
from rich.text import Text
from textual import getters, on
from textual import events as ui
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.notifications import Notification
from textual.screen import Screen
from textual.widgets import Digits, Input, Static

from net.protocol import CHAT_LEN

from ..cardface import DEFAULT_PALETTE, LARGE, LOW, SMALL, CardPalette, CardSize, back_lines, card_label, empty_lines, face_lines
from ..chatprompt import chat_prompt, reprompt, send_line
from ..drawchance import DRAW_KEPT, MISSED_DRAW, DrawChance, draw_kept, draw_on_bar, why_no_draw, why_no_pass
from ..eventtext import (BOT_MARKS, ENDINGS, action_text, announcement, chat_text, debts_taken, describe, drawn,
                         joined_draws, left_in_hands, told, with_total_before)
from ..handorder import next_order, ordered
from ..hintline import HINT_KEYS, LAST_CARD_KEY, announces, cannot_play, hint_text
from ..keymap import current_keys
from ..keptsuits import kept_suits, most_kept
from ..link import REMATCH_WORDS, TableLink, rematch_words
from ..matchend import why_over
from ..matchheading import match_heading, starts_match
from ..notices import TOO_SMALL_TITLE, again, clear_of_notices, keep_notices, take_down
from ..otherkeys import COMPANY_KEYS, why_idle, why_no_step_away, why_not_here
from ..plain import clean, printable
from ..playoutcome import holdings, least_costly
from ..plays import can, manual_draw, my_turn, offered, own_status, parse_play, playable, plays_for
from ..seatmarks import AWAY_MARK, IDLE_MARK, unmarked
from ..seatnames import listed_seat
from ..shownclock import BELL_AT, ShownClock, bot_finishing
from ..tablewords import OWN_PARTS, PART_KINDS, follow_parts, follow_text, hand_words, next_mark, scores_words, top_parts, total_words, turn_words, why_no_hint
from ..widgets.board import BoardCards, board_art, board_caption
from ..widgets.chatline import ChatLine
from ..widgets.hand import HandView
from ..widgets.keyfooter import KeyFooter
from ..widgets.seats import SeatBox
from ..widgets.tablelog import TableLog
from ..widgets.topbar import TopBar, TopLine
from . import WIDE, popped
from .choice import ChoiceScreen

if TYPE_CHECKING:
    from ..app import DealMeInApp

#: lines the log keeps
LOG_LINES = 500
#: rows from which a wide table draws its cards large (``-roomy``; ``LARGE`` cards)
ROOMY = 36
#: cells of the line under the board (``#centre`` is 32 wide with a cell of padding each side)
FOLLOW_WIDTH = 30
#: rows of the screen outside its middle: the top bar, the seats, the hint, the hand, the keys
FIXED_ROWS = 13
#: seconds an answer to C, S or T stays on screen as a notification
SAY_SECONDS = 3.0
#: events that begin another move or end the round: a missed draw (ninety-nine 5.2) is said
#: before them, after the lines of what the card that ended the chance did ("reverses")
_MOVE_ENDS = frozenset({"play", "draw", "deal", "round_over", "hand_over", "match_over"})
#: seconds a warning (why a key did nothing) shows, and is not given again
WARN_SECONDS = 4.0
#: cells Enter's warning on a card that cannot be played keeps to: what the line above the hand,
#: whose wording it shares, holds at 80 columns (its notice, narrower, wraps it over a few lines)
WARN_WIDTH = 78
#: seconds after a screen over the table closes in which Enter plays no card: the results of a
#: hand close on Enter, and a quick second Enter would play a card of the new hand unseen
RESUME_GUARD = 0.4
#: seconds after this player's turn comes in which a move key makes no move: one pressed before
#: the turn could be seen (typed ahead while the bots played, held down, the second of a double
#: Enter that went out) played a card the player never chose, the next one slid into the place
#: of the card just played (``DealMeInApp.turn_guard``; a person sees a change in no less)
TURN_GUARD = 0.25
TURN_JUST_CAME = "Your turn has only just come: that key was pressed before it showed. Press it again to move."
#: a move key pressed again this many seconds or more after a move the table has not yet
#: answered says the move is on its way (on a slow link the repeat did nothing without a word;
#: sooner, it is a double press, which does nothing either way)
ON_ITS_WAY_AFTER = 0.3
ON_ITS_WAY = "Your move is on its way: the table has not answered it yet."


#: in a terminal too short for the line under the board, that line leads the hint's row: the
#: room the hint is given before its words are known (where the whole line would leave it less,
#: the line keeps what the hint's words leave, or half the row, at least ``TINY_FOLLOW`` cells,
#: whole parts only)
HINT_ROOM = 34
TINY_FOLLOW = 20
#: the kinds of the line under the board's parts other than the seat's own (``OWN_PARTS``)
ALL_BUT_OWN = PART_KINDS - OWN_PARTS


class _Hint:
    """The hint line, updated through the screen's change check."""

    def __init__(self, screen: "TableScreen") -> None:
        self.screen = screen

    def update(self, content: Any) -> None:
        screen = self.screen
        ahead = screen._tiny_follow(cell_len(content.plain if isinstance(content, Text) else str(content)))
        if ahead:  # no room for the line under the board: what it says leads the hint's
            content = Text.assemble((ahead, "bold"), " │ ", content if isinstance(content, Text) else Text(str(content)))
        screen._put("#hint", content)


#: the rows under which a table leaves the notice that the terminal is too small no room above
#: the hand (at 16 rows it was cut to "Terminal too", at 10 not shown): it stands over the hand
NOTICE_ROOM_ROWS = 17


def _still_up(shown_at: dict[str, float], seconds: float) -> set[str]:
    """The texts of ``shown_at`` shown less than ``seconds`` ago (their notices still up, as the
    app shows them), forgotten there: the same key pressed again is told again."""
    now = time.monotonic()
    up = {printable(text) for text, at in shown_at.items() if now - at < seconds}
    shown_at.clear()
    return up


class TableScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    AUTO_FOCUS = "#hand"  # the hand's keys (Enter plays) are on the key bar from the first frame
    #: below 22 rows the board gives up its spacer, so the line under it (the suit to follow,
    #: your lives or chips) still shows at 20; below 20 that line leads the hint line instead
    VERTICAL_BREAKPOINTS = [(0, "-tiny"), (20, "-short"), (22, "-tall"), (ROOMY, "-roomy")]
    #: from 110 columns the log keeps a reader's width and the board stands in the middle of
    #: the rest, as a pile does on a table, instead of a wide log beside a board in a corner
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    #: the key bar leaves Away out first where it has no room (A still works; Help lists it)
    BAR_SPARE = ("table.away",)
    BINDINGS = [
        Binding("space", "draw", "Draw", id="table.draw"),
        Binding("p", "pass_turn", "Pass", id="table.pass"),
        # a play, not a remark: L plays the selected card saying "last card!" (crazy-eights 4.1)
        Binding("l", "last_card", "Play+last card!", id="table.last_card",
                tooltip='Play the selected card saying "last card!" (only the play that leaves you one card)'),
        # R as the results' button reads: the host's Rematch, or a guest's ready or ask
        *(Binding("r", f"rematch({words!r})", words, id="table.rematch") for words in REMATCH_WORDS),
        Binding("c", "say_total", "Total", show=False, id="table.say_total"),  # these three: in Help (F1), kept off the bar
        Binding("s", "say_scores", "Scores", show=False, id="table.say_scores"),
        Binding("t", "say_turn", "Turn", show=False, id="table.say_turn"),
        Binding("y", "say_hand", "Cards held", show=False, id="table.say_hand"),
        Binding("h", "hint", "Hint", id="table.hint"),  # on the bar at a solo table only
        Binding("o", "next_hand_order", "Hand order", show=False, id="table.hand_order"),
        Binding("slash", "focus_chat", "Chat", id="table.chat"),
        # on the bar where there is room for it (``BAR_SPARE``): a bot plays your seat while you are away
        Binding("a", "step_away", "Away", id="table.away",
                tooltip="Step away from the match: a bot plays your seat until you press it again"),
        # Esc leaves from the hand (from a finished match: to the lobby); from the log or the
        # chat line it goes back to the hand (``check_action`` lets one of the three answer,
        # and the key bar names that one)
        Binding("escape", "leave", "Leave", tooltip="Leave the match (from a finished one: back to the lobby)"),
        Binding("escape", "to_lobby", "Lobby"),  # from a finished match: nothing to leave
        Binding("escape", "focus_hand", "Back to hand"),
        # on the bar: Esc and F1 Help; Quit and Rules stay keys (and in Help), room for the game's
        Binding("q", "app.quit", "Quit", show=False, id="app.quit"),
        Binding("f2", "app.rules", "Rules", show=False, id="app.rules"),
    ]

    def __init__(self, link: TableLink, style: str = "two-colour",
                 palette: CardPalette = DEFAULT_PALETTE, hand_order: str = "dealt") -> None:
        super().__init__()
        self.link = link
        self.card_style = style
        self.palette = palette
        self.hand_order = hand_order
        self.view: dict[str, Any] | None = None
        self.totals: list[int] = []
        self.hand_totals: list[int] = []  # the running total over the last finished hand
        #: whether ``totals`` (and then ``hand_totals``) follow their hand from its deal: a table
        #: resumed or joined mid-hand saw only its last plays
        self._totals_whole = False
        self.hand_whole = False
        self.said: list[str] = []
        self._said_at: dict[str, float] = {}  # when each answer was last shown
        self._warned_at: dict[str, float] = {}  # when each warning was last shown
        self._cut_logged: set[str] = set()  # the notices cut short that the log gave whole
        # made now, not in compose: lines that come before the screen is shown wait in it
        self._log = TableLog(id="log", wrap=True, markup=False, max_lines=LOG_LINES, min_width=16)
        self._chance = DrawChance()  # this seat's chance to draw, so a refused Draw can say why
        self._resumed = 0.0  # when the table was last uncovered (a screen over it closed)
        self._turn_came = 0.0  # when this player's turn last came (``TURN_GUARD``)
        #: a draw typed right after a play, to go once that play is in (``_draw_after_play``):
        #: the version the play answered
        self._draw_next: int | None = None
        self._covered = False  # a screen is over the table
        self._ended_names: list[str] | None = None  # ``names`` as the match ended
        self._asking: tuple[ChoiceScreen, Any] | None = None  # the choice on screen, and the total it was asked at
        #: H's latest hint: the match's version it was given at, and the play it named
        self._hint: tuple[Any, str] | None = None
        self._draws: dict[str, Any] | None = None  # the last line is this seat's run of draws: merged into it
        self._ready = False  # set once mounted: views that come earlier are drawn on mount
        self._shown: dict[str, Any] = {}  # what each static shows, to skip unchanged updates
        self._keys: tuple[Any, ...] = ()  # what ``check_action`` answers now, to refresh the key bar on change
        self._topbar = TopLine()  # the line above the seats, without the turn clock
        #: the connection to the host is down, the app trying to get it back: the top line says so
        #: for as long as that lasts (the notice that told it is soon gone)
        self.offline = False
        self._clock = ShownClock()  # the turn clock's seconds left, as this app counts them
        self._was_mine = False  # the last view drawn was this seat's turn (the bell rings as it comes)
        self._away_told = False  # the log has said once that A steps away, as the clock's bot first moved
        #: the view an action was last sent in answer to: a second one to the same view (a
        #: double-click, a key pressed twice before the host answers) would only be refused
        #: as stale, or play a move the player never saw
        self._acted_on: int | None = None
        self._acted_at = 0.0  # when it was sent (``time.monotonic``)
        #: the view a move was sent in answer to as the connection dropped: a view of that version
        #: once back means the move never reached the table, which the player is told
        self._unanswered: int | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TopBar(id="topbar")
        yield Horizontal(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="centre"):
                with Horizontal(id="board"):
                    yield BoardCards(id="cards", markup=False)
                    with Vertical(id="totalbox"):
                        yield Digits("", id="total")
                        yield Static(id="limit", markup=False)
                    yield Static(id="mine", markup=False)
                yield Static(id="follow", markup=False)
            with Vertical(id="side"):
                # wrapped at the panel's width (RichLog's default minimum, 78, overflows it)
                yield self._log
                chat = ChatLine(placeholder=chat_prompt(self.app.keys_for("table.chat", "slash"), 0), id="chat",
                                max_length=CHAT_LEN)
                chat.display = not self.solo  # no one to talk to: the log takes the line
                self.set_class(not self.solo, "-talk")  # notices stand above the chat line
                yield chat
        yield Static(id="hint", markup=False)
        yield HandView(id="hand")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one(HandView).focus()
        self._ready = True
        self.screen_layout_refresh_signal.subscribe(self, self._keep_notices)
        self.screen_layout_refresh_signal.subscribe(self, self._centre_hand)
        if self.view is not None:
            self._render_view()
        self.set_interval(1.0, self._tick)

    def _drawable(self) -> bool:
        """Its widgets are there to draw on: mounted, and not gone with a table left or an app
        that closes (a host's view can still come then, a quit in a match the bots play on)."""
        return self._ready and not popped(self)

    def _keep_notices(self, _screen: Screen[Any]) -> None:
        """After each layout: the notices between the seats and the rows kept clear under the
        log, the newest still held shown (below 22 rows, only that one)."""
        seats = None if popped(self) else self.query("#seats")
        if seats and seats.first().region:  # laid out: its foot is where notices stop
            # on a terminal smaller than the table is made for, the notice that says so stands
            # over the seats: under them there may be no row for it (at 100x10 none showed)
            small = self._too_small_up()
            no_room = small and self.app.size.height < NOTICE_ROOM_ROWS
            if no_room != self.has_class("-too-small"):
                self.set_class(no_room, "-too-small")  # (its rack down to the key bar: ``table.tcss``)
            top = 0 if small else seats.first().region.bottom
            cut = keep_notices(self, top, one=self.has_class("-short") or self.has_class("-tiny"))
            clear_of_notices(self, self.query_one("#log"))
            if cut is not None:
                self._log_cut(cut)

    def _too_small_up(self) -> bool:
        """The terminal is smaller than the table is made for, and the notice that says so is
        the newest up."""
        held = list(self.app._notifications)
        return self.app.too_small and bool(held) and held[-1].title == TOO_SMALL_TITLE

    def _log_cut(self, notice: Notification) -> None:
        """A notice too long for the rows under the seats (a small screen) is cut short there:
        the log gives it whole, once, unless it is a line the log has just said itself; not the
        notice that the terminal is too small, which is about the terminal, not the table (at a
        busy table each resize below 60x18 wrote it between the plays)."""
        if notice.identity in self._cut_logged or notice.title == TOO_SMALL_TITLE:
            return
        self._cut_logged.add(notice.identity)
        now = time.monotonic()
        if any(text == notice.message and now - at < SAY_SECONDS for text, at in self._said_at.items()):
            return
        self.call_later(self.log_line, f"{notice.title}: {notice.message}" if notice.title else notice.message)

    def _centre_hand(self, _screen: Screen[Any]) -> None:
        """After each layout: on a wide table the hand stands under the board (centred in the
        columns left of the log), as far as its width allows; else from the left edge."""
        if popped(self) or not self.query(HandView):
            return
        hand, board = self.query_one(HandView), self.query_one("#board")
        wide = self.has_class("-wide") and board.region.width and hand.content_region.width
        hand.set_centre(board.region.x + board.region.width // 2 - hand.content_region.x if wide else None)

    def _tick(self) -> None:
        if not self._clock.running and self.clock_left() is None and self._slow_link() == self._topbar_slow():
            return  # no clock was shown, and none runs now (nor did the link turn slow or fast)
        left = self._render_topbar()
        if left is not None and left <= BELL_AT and self._was_mine and self._wants_bell() and self._clock.first_warning():
            self.app.bell()

    def _topbar_slow(self) -> bool:
        return self.query_one(TopBar).line.slow

    def _wants_bell(self) -> bool:
        """The bell (``Settings.bell``) rings at a table with other players only: against bots
        alone it would ring at every turn of a game you are watching anyway."""
        if not getattr(getattr(self.app, "settings", None), "bell", False) or getattr(self.link, "solo", True):
            return False
        me = (self.view or {}).get("seat")
        seats = (getattr(self.link, "lobby", None) or {}).get("seats") or []
        return any(s.get("name") and not s.get("bot") and s.get("seat") != me for s in seats if isinstance(s, dict))

    def _ring_for_turn(self, view: dict[str, Any]) -> None:
        """The player's turn has come: the bell, and the hand back from an empty chat line (a
        line half typed keeps it), so the keys pressed for the move reach the cards."""
        mine = my_turn(view)
        if mine and not self._was_mine:
            if self._wants_bell():
                self.app.bell()
            self._leave_empty_chat()
        self._was_mine = mine

    def _leave_empty_chat(self) -> None:
        """The hand takes the focus from the chat line if nothing is typed there."""
        if self._ready and not popped(self):
            chat = self.query_one("#chat", Input)
            if self.focused is chat and not chat.value:
                self.query_one(HandView).focus()

    # ------------------------------------------------------------------ data in
    def ended_as(self, names: list[str], view: dict[str, Any]) -> None:
        """The names a finished match's results gave its seats, kept beside its save: its
        finished ``view`` is shown with them as it was, whatever the lobby has become since."""
        if view.get("is_over") and len(names) == view.get("players"):
            self._ended_names = list(names)
            self.view = view

    @property
    def names(self) -> list[str]:
        """The seats' names in the match; a finished match keeps those it ended with, for its
        results and lines (the host opens the seat of a player a bot stood in for as the match
        ends, which the lobby then shows empty)."""
        if self._ended_names is not None and (self.view or {}).get("is_over"):
            return list(self._ended_names)
        return self._names_now()

    def _names_now(self) -> list[str]:
        """The seats' names as the lobby has them now, which the seat boxes show, after a match
        too: a seat the host opened reads open, a player away in the match here again."""
        names = list(self.link.names)
        players = (self.view or {}).get("players", len(names))
        while len(names) < players:
            names.append(f"Seat {len(names) + 1}")
        return names

    def _names_then(self) -> list[str]:
        """The seats' names for moves made before this app came in: as the link names them
        without the marks they have now (``plain_names``), else the names now, unmarked."""
        plain = getattr(self.link, "plain_names", None)
        names = list(plain) if isinstance(plain, list) else [unmarked(name) for name in self.names]
        while len(names) < len(self.names):
            names.append(self.names[len(names)])
        return names

    @property
    def log_names(self) -> list[str]:
        """The seats' names for what lasts, the log's lines and a hand's results, and as the
        match ends: without the "(away)" or "(idle)" that tells of a seat now (``as_ended``),
        which would stay there after it had passed ("Bob (idle) deals hand 2"); the seat boxes
        and the top line say it."""
        return [as_ended(name, plain) for name, plain in zip(self.names, self._names_then())]

    def show(self, view: dict[str, Any], events: list[dict[str, Any]] | None = None,
             earlier: bool = False) -> None:
        """A new view from the host, with the events that led to it; ``earlier``: moves made
        before this app came in (the hand so far), whose seats are named without the marks
        they have now (a player back since, who made them at the table, read "Gus (away)")."""
        self._chance.offered((self.view or {}).get("legal") or [])  # the view these events follow
        manual = manual_draw(view)
        if not view.get("is_over"):
            self._ended_names = None
        elif self.view is not None and not self.view.get("is_over"):
            self._ended_names = self.log_names  # as the match ends, before the lobby that follows
        was, self.view = self.view, view
        if was is not None and view.get("version") != was.get("version"):
            self._drop_said()
        if my_turn(view) and not (was is not None and my_turn(was) and was.get("hand_number") == view.get("hand_number")):
            self._turn_came = time.monotonic()
        if self._draw_next is not None and view.get("version") != self._draw_next:
            self._draw_next = None  # the play typed before it is in: the draw goes, if it still may
            # (not after a play a bot made for the player, the turn clock's, which draws itself:
            # the draw typed was for the player's own play)
            if can(view, "draw") and not any(e.get("for_you") for e in events or []):
                self.call_later(self.send, "draw")
            for said in DRAW_KEPT:  # "Your draw is kept" is past: the play is in
                self._warned_at.pop(said, None)
            take_down(self.app, {printable(said) for said in DRAW_KEPT})
        if self._unanswered is not None and not self.offline and view is not was:  # (a lobby redraws the same)
            lost, self._unanswered = self._unanswered, None
            if view.get("version") == lost and my_turn(view):
                self.log_line("Your move did not reach the table before the connection dropped: "
                              "it is still your turn.", style="bold")
        if not earlier and starts_match(was, view, events or []):  # a rematch: the log marks where it starts
            self.log_line(match_heading(view, getattr(self.link, "lobby", None)), style="bold")
        names = self._names_then() if earlier else self.log_names
        before: dict[str, Any] | None = None
        missed = False  # said once the move that ended the chance has said what its card did
        for event in told(events or [], view.get("teams")):
            self._track(event)
            if event.get("kind") == "play" and len(self.totals) >= 2:
                event = with_total_before(event, self.totals[-2])  # a 2 said as doubling or halving
            if missed and event.get("kind") in _MOVE_ENDS:
                self.log_line(MISSED_DRAW, style="bold")  # ninety-nine 5.2: no catching up
                missed = False
            missed = self._chance.see(event, view.get("seat"), manual) or missed
            if self._more_draws(event, view.get("game"), names) or self._debt_drawn(event, view.get("game"), names):
                before = event
                continue
            self._draws = None  # anything else between two draws ends the run, said or not
            line = describe(event, names, self.card_style, view.get("game"), before)
            if line:
                self.log_line(line, redraw=self._redraw(event, view.get("game"), before, names))
                if event.get("kind") == "draw" and (before or {}).get("kind") != "penalty":
                    # a draw by choice starts a run that the seat's next draws join (a penalty's
                    # draw keeps its own line under the penalty)
                    cards, count = drawn(event)
                    self._draws = {"kind": "draw", "seat": event.get("seat"), "count": count, "cards": cards,
                                   **{k: True for k in BOT_MARKS if event.get(k) is True}}
            for n, left in enumerate(left_in_hands(event, names, self.card_style)):
                self.log_line(left, style="dim", redraw=self._left_redraw(event, names, n))
            why = why_over(view, self.log_names) if event.get("kind") == "match_over" else ""
            if why:  # the results box says it too, and is gone once read
                self.log_line(why, style="dim")
            before = event
        if missed:
            self.log_line(MISSED_DRAW, style="bold")
        current = view.get("current_seat")
        # the turn clock's bot goes on with the turn: no clock runs (moves before this app came in
        # are past: the host says what the clock has left, ``clock_told``)
        if not earlier and bot_finishing(list(events or ()), current):
            self._clock.bot_moving(view, getattr(self.link, "lobby", None) or {})
        if not earlier and not self._away_told and any(e.get("for_you") is True for e in events or ()) \
                and current != view.get("seat") and not self._stepped_away() and self._can_step_away(view):
            # out of time: one who has to leave the table a while learns the way that keeps it moving
            # (once the bot has finished the turn: a line between its draws would split their run)
            self._away_told = True
            key = self.app.keys_for("table.away", "a")
            self.log_line(f"Away for a while? {key} steps away: a bot plays your seat until you are back.",
                          style="dim")
        self._withdraw_stale_prompt(view)
        if self._drawable():
            self._render_view()

    def _track(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind in ENDINGS and self.totals:
            self.hand_totals, self.hand_whole = list(self.totals), self._totals_whole
        if kind == "deal":
            self.totals, self._totals_whole = [0], True
        elif kind in ("play", "reset") and isinstance(event.get("total"), int):
            self.totals.append(event["total"])

    def log_line(self, line: str | Text, style: str = "", redraw: Callable[[str], str] | None = None) -> None:
        """A line for the log; ``redraw`` writes it in another card style (it names cards)."""
        self._draws = None
        self._log.add(line if isinstance(line, Text) else _entry(line, style), _entries(redraw, style))

    def _redraw(self, event: dict[str, Any], game: str | None, before: dict[str, Any] | None = None,
                names: list[str] | None = None) -> Callable[[str], str]:
        """How the log's line for ``event`` reads in another card style: told again, under the
        seats' names as they were then (``names``, else as they are now)."""
        names = list(self.log_names if names is None else names)
        return lambda card_style: describe(event, names, card_style, game, before) or ""

    @staticmethod
    def _left_redraw(event: dict[str, Any], names: list[str], n: int) -> Callable[[str], str]:
        """How the ``n``th line of the cards left in hand at a hand's end reads in another card
        style (``left_in_hands``)."""
        names = list(names)
        return lambda card_style: (left_in_hands(event, names, card_style)[n:n + 1] or [""])[0]

    def _more_draws(self, event: dict[str, Any], game: str | None, names: list[str] | None = None) -> bool:
        """A draw by the seat whose draws the last line tells joins that line ("draws 3 cards",
        "You draw 9♥, 2♣"), so a long search of the stock takes one line, not one per card."""
        run = self._draws
        if event.get("kind") != "draw" or run is None:
            return False
        merged = joined_draws([run, event])
        if len(merged) != 1:
            return False
        self._draws = merged[0]
        return self._say_again(merged[0], game, names)

    def _debt_drawn(self, event: dict[str, Any], game: str | None, names: list[str] | None = None) -> bool:
        """A debt paid (crazy-eights 7.1) by the seat whose draws the last line tells, with just
        those cards, turns that line into one that says so (``debts_taken``): "You take the 2
        cards owed: 9♥, 2♣" rather than a draw line and a paid line under it."""
        run = self._draws
        if event.get("kind") != "debt_paid" or run is None:
            return False
        merged = debts_taken([run, event])
        if len(merged) != 1 or not self._say_again(merged[0], game, names):
            return False
        self._draws = None
        return True

    def _say_again(self, event: dict[str, Any], game: str | None, names: list[str] | None = None) -> bool:
        """The log's last line written again as ``event`` tells it (a run of draws grown, a debt
        taken); False, the line left, where it tells nothing."""
        line = describe(event, self.log_names if names is None else names, self.card_style, game)
        if not line:
            return False
        self._log.replace_last(_entry(line), _entries(self._redraw(event, game, names=names)))
        return True

    def add_chat(self, name: str, text: str, system: bool = False) -> None:
        self.log_line(chat_text(name, text, system))

    # ------------------------------------------------------------------ the turn clock
    def restart_clock(self) -> None:
        """Count the turn clock again from the next view: this app's connection came back
        (``ShownClock.restart``). A table still being composed draws its clock as it mounts."""
        self._clock.restart()
        if self._ready and not popped(self):
            self._render_topbar()

    def clock_told(self, view: dict[str, Any], left: float) -> None:
        """The host said how long the clock of ``view``'s turn has left (``ShownClock.told``)."""
        self._clock.told(view, left)

    def clock_left(self) -> int | None:
        """Seconds left on the turn clock of the player to move, counted from when this view
        came, less the round trip to the host (``tui/shownclock.py``); None when no clock runs."""
        return self._clock.left(self.view or {}, getattr(self.link, "lobby", None) or {}, self._lag())

    def _lag(self) -> float:
        """The round trip to the host as the link measures it (``TableSession.lag``; 0 for a
        link that does not)."""
        lag = getattr(self.link, "lag", 0.0)
        return lag if isinstance(lag, float) else 0.0

    def _render_topbar(self) -> int | None:
        """The line above the seats with the turn clock's seconds left, which it returns."""
        left = self.clock_left()
        # on an away player's turn: how long the table still waits before a bot plays for them
        wait = self._clock.wait_left(self.view or {}, getattr(self.link, "lobby", None) or {}, self._lag())
        self.query_one(TopBar).show(replace(self._topbar, clock=left, offline=self.offline, wait=wait,
                                            slow=self._slow_link(), variant=self._variant()))
        return left

    def _slow_link(self) -> bool:
        """The link to the host is slow (``TableSession.slow_link``; never for one that does not say)."""
        return getattr(self.link, "slow_link", False) is True

    def connection(self, up: bool) -> None:
        """The connection to the host went down (``up`` False) or came back: the top line says
        so as long as it is down; what a key does meanwhile says "not connected". A move sent
        as it dropped may never have arrived: the player may make it again."""
        self.offline = not up
        if not up and self._acted_on is not None:
            self._unanswered = self._acted_on
        self._acted_on = None
        if self._ready and not popped(self):
            self._render_topbar()

    def _variant(self) -> str:
        """The table's preset, for the top bar's right end; nothing for a game's standard rules."""
        preset = (getattr(self.link, "lobby", None) or {}).get("preset")
        return clean(preset, 30) if isinstance(preset, str) and preset != "standard" else ""

    # ------------------------------------------------------------------ rendering
    def _put(self, selector: str, content: Any, layout: bool = False) -> None:
        """Update a fixed-size static only when its content changed: no layout pass (unless
        ``layout``: its height changed), so an update repaints just what moved."""
        if self._shown.get(selector) == content:
            return
        self._shown[selector] = content
        self.query_one(selector, Static).update(content, layout=layout)

    def _render_view(self) -> None:
        view = self.view
        if view is None:
            return
        names = self.names
        me = view.get("seat")
        players = int(view.get("players", 0))
        self._topbar = top_parts(view, names, self.card_style)
        self._render_topbar()
        self._ring_for_turn(view)
        self._render_seats(view, self._names_now(), me, players)
        pile = view.get("pile") or []
        top = view.get("top")
        size, low = self._card_size(), self._board_size()
        pile_art = face_lines(top, self.card_style, self.palette, size=low) if top else empty_lines(self.card_style, low)
        stock = int(view.get("stock_count", 0))
        # an empty stock that a draw rebuilds from the pile (crazy-eights 3.5) is marked: it can be drawn from
        stock_art = back_lines(self.card_style, self.palette, low) if stock else \
            empty_lines(self.card_style, low, reshuffles=view.get("can_draw") is True)
        self.query_one(BoardCards).card_size = low
        art = board_art(pile_art, stock_art)
        art.append("\n")
        art.append(board_caption(len(pile), stock, low.width), style="dim")
        self._put("#cards", art)
        total = view.get("total")
        digits = "" if total is None else str(total)
        if self._shown.get("#total") != digits:
            self._shown["#total"] = digits
            self.query_one("#total", Digits).update(digits)
        limit = view.get("limit")
        # ninety-nine 3.3: the mark the total goes up to next (landing on it costs the others,
        # going past it costs the player), where Ninety-Eight says its limit
        mark = next_mark(view)
        under = f"\nlimit {limit}" if limit else f"\nnext mark {mark}" if mark else ""
        self._put("#limit", Text(f"total{under}" if total is not None else "", style="dim"))
        totalbox = self.query_one("#totalbox")
        if totalbox.display != (total is not None):
            totalbox.display = total is not None
        self._refollow()
        hand = ordered(list(view.get("hand") or []), self.hand_order)
        dimmed = {i for i, card in enumerate(hand) if not playable(view, card)}
        hv = self.query_one(HandView)
        before = list(hv.cards)
        hv.set_card_size(size)
        hv.set_cards(hand, dimmed, self.card_style, self.palette)
        drawn = _drawn_card(before, hand)
        if drawn is not None and drawn not in dimmed and hv.cursor in dimmed:
            # the card just drawn can be played where the selected one cannot: select it, so
            # that Enter plays it and a second Space is not needed to find it
            hv.cursor = drawn
        self._update_hint()
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """The key bar again, where what ``check_action`` answers has changed (the view, or
        the card selected: L is lit only on a card it can play), or a key's word (``bar_now``)."""
        keys = (*(self.check_action(a, ()) for a in ("draw", "pass_turn", "last_card", "to_lobby", "step_away")),
                *(self.check_action("rematch", (words,)) for words in REMATCH_WORDS),
                self.query_one(HandView).check_action("play", ()), self.bar_now("table.away"))
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows the keys this game and this moment offer: Draw (``draw_on_bar``:
        dimmed while another seat plays, left out on a turn whose move is a card or Pass) and
        Play+last card! (dimmed but where it plays the selected card now)
        only in games that have them, Pass while it is allowed, Rematch to the host of a
        finished match, Hint at a solo table and Chat at any other; Esc as what it does where
        the focus is."""
        view = self.view or {}
        if action in ("leave", "to_lobby", "focus_hand"):
            if self._off_hand():
                return action == "focus_hand"
            return action == ("to_lobby" if self._back_to_lobby() is not None else "leave")
        if action in ("hint", "draw", "pass_turn", "last_card") and (
                view.get("seat") is None or view.get("is_over") or own_status(view).get("out")):
            return False  # watching, the match is over, or this seat is out of it: nothing to play
        if action == "hint":
            return self.solo
        if action == "focus_chat":
            return not self.solo
        if action == "step_away":
            return self._can_step_away(view)
        if action == "draw":  # lit, dimmed, or left out where Pass or a card is the move
            return draw_on_bar(view)
        if action == "pass_turn":
            return can(view, "pass")
        if action == "last_card":  # dimmed, it still says why it plays nothing (``on_key``)
            return (True if self._announces_now(view) else None) if "last card" in offered(view) else False
        if action == "rematch":  # the binding whose words say what R does for this player
            words = rematch_words(self.link)
            return bool(view.get("is_over")) and words is not None and (not parameters or parameters[0] == words)
        return True

    def _announces_now(self, view: dict[str, Any]) -> bool:
        """Whether L plays now: this seat's turn, a hand of two, and the selected card has a
        play with the announcement."""
        hand = next(iter(self.query(HandView)), None)  # none before compose or once left
        card = hand.selected if hand is not None else None
        return (view.get("current_seat") == view.get("seat") and announces(view)
                and card is not None and bool(plays_for(view, card, announce=True)))

    def reorder(self, order: str) -> None:
        """Show the hand in another order (the selected card stays selected)."""
        if order == self.hand_order:
            return
        self.hand_order = order
        if self._drawable():
            self._render_view()

    def action_next_hand_order(self) -> None:
        set_order = getattr(self.app, "set_hand_order", None)
        if set_order is not None:  # the app keeps it in the settings and reorders every table
            set_order(next_order(self.hand_order))
        else:
            self.reorder(next_order(self.hand_order))

    def restyle(self, style: str, palette: CardPalette) -> None:
        """Redraw the cards in a new card style or theme palette (switched at run time)."""
        if (style, palette) == (self.card_style, self.palette):
            return
        if style != self.card_style:
            self._log.restyle(style)
        self.card_style = style
        self.palette = palette
        self._shown.clear()
        if self._drawable():
            self._render_view()

    def _render_seats(self, view: dict[str, Any], names: list[str], me: int | None, players: int) -> None:
        row = self.query_one("#seats", Horizontal)
        order = [(me + k) % players for k in range(1, players)] if me is not None else list(range(players))
        boxes = list(row.query(SeatBox))
        if len(boxes) != len(order):
            row.remove_children()
            boxes = [SeatBox() for _ in order]  # no ids: the old boxes may not be gone yet
            row.mount_all(boxes)
        dealer = None if view.get("is_over") else view.get("dealer")  # once over, no one deals again
        for box, seat in zip(boxes, order):
            box.show(names[seat], seat, view, dealer == seat)

    def _follow_rows(self) -> int:
        """The rows under the board (from 20 rows down the board's spacer goes, and from 22 up
        there are two or more): the middle's height less the board's, from the screen's own."""
        centre, board = self.query_one("#centre"), self.query_one("#board")
        if centre.size.height and board.size.height:
            return max(1, centre.size.height - board.outer_size.height)
        grow = 2 if self._card_size() is LARGE else 0  # the hand's and the board's rows more
        return max(1, self.app.size.height - FIXED_ROWS - grow - (6 if self.app.size.height < 22 else 7 + grow))

    def on_resize(self, event: ui.Resize) -> None:
        if self._ready:
            self.call_after_refresh(self._resized)

    def _resized(self) -> None:
        """The hint line and the chat line's prompt fit their new width, and the line under the
        board its rows; not on a table left meanwhile, its widgets gone."""
        if not popped(self) and self.query(HandView):
            if (self.query_one(HandView).card_size, self.query_one(BoardCards).card_size) != (
                    self._card_size(), self._board_size()):
                self._render_view()  # the cards drawn at the size the table now has room for
            self._update_hint()
            self._refollow()
            reprompt(self, "table.chat")

    def _card_size(self) -> CardSize:
        """Large cards on a table wide and tall enough for them (the stylesheet gives the hand
        and the board their rows by the same two classes), else the small ones."""
        return LARGE if self.has_class("-wide") and self.has_class("-roomy") else SMALL

    def _board_size(self) -> CardSize:
        """The pile's and the stock's size: the hand's, but under 20 rows, where the board has
        five rows (``-tiny``), the low cards, so that the counts of both keep the row under them
        (whether the stock can still be drawn from is in sight)."""
        return LOW if self.has_class("-tiny") else self._card_size()

    def _refollow(self) -> None:
        """The line under the board, as the view and the rows under the board have it (a
        height of its own: a layout pass); and below 20 rows, where that line leads the hint's
        row, this seat's own parts of it beside the pile where no total stands there."""
        if self.view is not None and self.query("#follow"):
            self._put("#follow", follow_text(self.view, self.card_style, FOLLOW_WIDTH, self._follow_rows()), layout=True)
            mine = self.query_one("#mine")
            beside = self._own_beside()
            if mine.display != beside:
                mine.display = beside
            self._put("#mine", Text("\n".join(text for kind, text in follow_parts(self.view, self.card_style)
                                               if kind in OWN_PARTS)) if beside else "")

    def _own_beside(self) -> bool:
        """Below 20 rows, at a game with no total (Crazy Eights): what is wild, this seat's
        score (in Countdown, its count) and its deal stand beside the pile, where the total
        would, not in the hint's row, whose room a long hint takes (at 60x18 they were left
        out: nothing on the screen said the player's own count or wild rank)."""
        return self.has_class("-tiny") and self.view is not None and self.view.get("total") is None

    def _tiny_follow(self, hint_cells: int = HINT_ROOM) -> str:
        """The line under the board, where the terminal is too short to show it there: ahead
        of the hint, whole where the hint (``hint_cells`` long) keeps its room, else the parts
        that fit whole in what the hint leaves (at least ``TINY_FOLLOW`` cells), so that the
        hint keeps what Enter plays, the total it makes and what it does to the turn (at 60x18
        half the row left it the card alone)."""
        if not self.has_class("-tiny") or self.view is None:
            return ""
        kinds = ALL_BUT_OWN if self._own_beside() else None
        whole = follow_text(self.view, self.card_style, kinds=kinds).plain
        width = self._hint_row()
        room = width - 3 - hint_cells
        if cell_len(whole) <= room:
            return whole
        return follow_text(self.view, self.card_style, max(TINY_FOLLOW, room), rows=0, kinds=kinds).plain

    def _hint_row(self) -> int:
        """The cells of the hint line's row, inside its padding."""
        width = self.query_one("#hint").content_region.width
        return width if width > 0 else max(20, self.app.size.width - 2)

    def _hint_width(self) -> int:
        """The cells the hint line has: one row, inside its padding (and after the board's
        line, in a short terminal)."""
        width = self._hint_row()
        ahead = self._tiny_follow()
        return max(10, width - cell_len(ahead) - 3) if ahead else width

    def _update_hint(self) -> None:
        if self._stepped_away():
            key = self.app.keys_for("table.away", "a")
            _Hint(self).update(Text(f"You are away: a bot plays your seat. {key} takes it back.", style="bold"))
            return
        hand = self.query_one(HandView)
        _Hint(self).update(hint_text(self.view, hand.selected, list(hand.cards), self.names, self.card_style,
                                     self.app.keys_for, self._hint_width))

    # ------------------------------------------------------------------ input
    @on(HandView.Selected)
    def _selected(self, event: HandView.Selected) -> None:
        self._update_hint()
        self._refresh_keys()

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_screen_resume(self) -> None:
        if self._covered:  # uncovered, not first shown
            self._covered = False
            # closed with Escape, the next Enter is meant for the table: no guard against a
            # double Enter's second (closed with Enter, or by itself, the guard holds)
            escaped = getattr(self.app, "escaped", None)
            self._resumed = 0.0 if callable(escaped) and escaped(RESUME_GUARD) else time.monotonic()
            reprompt(self, "table.chat")  # keys moved meanwhile
            if self._ready and self.view is not None:
                self._update_hint()  # which name keys ("D draws"), moved meanwhile too
            self._leave_empty_chat()  # the results closed: the cards again, not a chat line left empty
            held = getattr(self.link, "show_held_results", None)
            if held is not None:  # a hand ended while a question was up
                held()

    def play_chosen(self, card: str) -> None:
        """Play ``card``, chosen in the hand (Enter, a click on the selected card)."""
        if time.monotonic() - self._resumed < RESUME_GUARD:
            return  # the second of a double Enter that closed the screen over the table: unseen cards
        self._play_card(announce=False, card=card)

    def _play_card(self, announce: bool, card: str | None = None) -> None:
        """Play ``card`` (the one chosen as the key was pressed), or the one selected now."""
        view = self.view
        card = card or self.query_one(HandView).selected
        if view is None or card is None or card not in (view.get("hand") or []):
            return
        if self._asking is not None:  # keys come faster than the question opens: one question at a time
            return
        actions = plays_for(view, card, announce)
        if not actions:
            if playable(view, card):
                other = plays_for(view, card, not announce)
                if other and announce:
                    self.warn("That play does not allow a last-card announcement.")
                    return
                if other:
                    actions = other
            else:  # what can be played instead, as the line above the hand says it at 80 columns
                self.warn(cannot_play(view, card, list(self.query_one(HandView).cards), self.names, self.card_style,
                                      self.app.keys_for, min(WARN_WIDTH, self.app.size.width - 2)))
                return
        if not actions:
            return
        named = all((parse_play(a) or (None, None, None))[2] is not None for a in actions)
        if len(actions) == 1 or named and len(view.get("hand") or []) == 1:
            # one way to play it; or a wild last card, which goes out and ends the hand (crazy-eights
            # 5.1): no one follows the suit it would name, so it is not asked
            self.send(actions[0])
            return
        question = f"Play {card_label(card, self.card_style)} how?"
        note, first = "", self._hinted_choice(view, actions)
        if named:
            # with L, the question says the announcement goes with the suit: nothing else there did,
            # and a player unsure of it might cancel and play it with Enter, unannounced (4.2)
            said = f' (you say "{announcement(own_status(view).get("count"))}")' if announce else ""
            question = f"{card_label(card, self.card_style)} is wild: name the suit to follow{said}."
            suits = [p[2] for p in map(parse_play, actions) if p is not None and p[2] is not None]
            hand, wild = view.get("hand") or [], view.get("wild") or []
            note = kept_suits(hand, card, wild, suits, self.card_style)
            if first is None:
                first = most_kept(hand, card, wild, suits)
        if view.get("total") is not None:  # an ace's 1 or 11, a ten's +10 or -10: from here
            question += f" The total is {view['total']}."
        if first is None and view.get("game") == "ninety-nine" and isinstance(view.get("total"), int):
            first = least_costly(view["total"], actions)  # Enter at 90 took a ten's +10 over 99
        total = view.get("total")
        prompt = ChoiceScreen(question, actions, self.card_style, total if isinstance(total, int) else None,
                              game=view.get("game"), first=first or 0, note=note, held=holdings(view))
        self._asking = (prompt, view.get("total"))
        self.app.push_screen(prompt, self._chosen)

    def _hinted_choice(self, view: dict[str, Any], actions: list[str]) -> int | None:
        """Which of ``actions`` (one card's plays) H's hint named for this very position: the
        question opens on it (the suit the hint named, an ace's 1 or 11); None where no hint
        named one (an ace's or ten's question then opens on the first, a wild card's on the
        suit the hand keeps most of)."""
        if self._hint is None or self._hint[0] != view.get("version"):
            return None
        hinted = parse_play(self._hint[1])
        for i, action in enumerate(actions):
            play = parse_play(action)
            if hinted is not None and play is not None and play[:3] == hinted[:3]:
                return i
        return None

    def _chosen(self, chosen: str | None) -> None:
        self._asking = None
        if chosen:
            self.send(chosen)

    def _withdraw_stale_prompt(self, view: dict[str, Any]) -> None:
        """A choice asked of a position that has gone (the turn clock ran out and a bot played,
        or the total moved) closes unanswered: picking from it would play into the new one."""
        if self._asking is None:
            return
        prompt, total = self._asking
        legal = view.get("legal") or []
        if all(a in legal for a in prompt.actions) and view.get("total") == total:
            return
        self._asking = None
        prompt.withdraw()
        if view.get("current_seat") == view.get("seat") and not view.get("is_over"):
            self.notify("The table moved on: choose your play again.", severity="warning")

    def send(self, action: str) -> None:
        version = (self.view or {}).get("version")
        if isinstance(version, int) and version == self._acted_on:
            # the move already sent answers this view; the next view says what came of it
            if time.monotonic() - self._acted_at >= ON_ITS_WAY_AFTER:
                self.warn(ON_ITS_WAY)
            return
        guard = getattr(self.app, "turn_guard", None)
        if my_turn(self.view or {}) and time.monotonic() - self._turn_came < (TURN_GUARD if guard is None else guard):
            self.warn(TURN_JUST_CAME)
            return
        self._acted_on = version if isinstance(version, int) else None
        self._acted_at = time.monotonic()
        # a key that now plays: why it did nothing a moment ago, a hint on the card now played,
        # the total said before it, no longer stand over the log (their lines stay in it)
        self.drop_passing_notices()
        self.run_worker(self.link.act(action), group="act")

    def act_refused(self) -> None:
        """The host refused a move (or the connection that carried it dropped): the player may
        move again in answer to the same view."""
        self._acted_on = None

    @on(BoardCards.StockClicked)
    def _stock_clicked(self) -> None:
        """A click on the stock draws, in a game where a player draws (a player who watches, or
        a game that deals the cards, ignores it)."""
        view = self.view or {}
        if view.get("seat") is not None and not view.get("is_over") and "draw" in offered(view):
            self.action_draw()

    def action_draw(self) -> None:
        if self.view is not None and can(self.view, "draw"):
            self.send("draw")
        elif not self._draw_after_play():
            self.warn(why_no_draw(self.view or {}, self.names, self._chance, self.app.keys_for))

    def _draw_keys(self) -> list[str]:
        """The keys Draw answers to now (the keymap may have moved it)."""
        draw = next(b for b in self.BINDINGS if isinstance(b, Binding) and b.action == "draw")
        return [k.strip() for k in current_keys(draw, self.app.keymap).split(",")]

    def _draw_after_play(self) -> bool:
        """Ninety-Nine's manual draw, Space on this player's turn, before the play has gone in
        (5.1: the draw comes after it; kept, and said so): typed in one burst with Enter, the Space came first and
        was lost without a word (the play's sending took its "why not" down). The draw goes once
        this turn's play is in, where the chance is open then."""
        view = self.view or {}
        version = view.get("version")
        if not (manual_draw(view) and isinstance(version, int) and my_turn(view)):
            return False
        if self._draw_next != version:
            self._draw_next = version
            if self._acted_on != version:  # the play is still to come
                self.warn(draw_kept(view))
        return True

    def on_key(self, event: ui.Key) -> None:
        """Draw, L or Play pressed while the key bar shows it dimmed says why (Textual runs no
        action for a dimmed key): in Ninety-Nine's manual draw the chance ends when the next seat
        plays; L plays only the card that leaves one; a card waits for this seat's turn. So do Draw and Pass while the bar leaves
        them out in a game that has them (Crazy Eights: Pass before the draws are used up,
        Draw once they are), where this seat plays: a key the game has is never silent, nor
        one of a player's pressed by a watcher or once the match is over."""
        if manual_draw(self.view or {}) and event.key in self._draw_keys() and self._draw_after_play():
            event.stop()  # left off the bar while the play is on its way: it goes after it
            return
        active = self.active_bindings.get(event.key)
        says_why = {"draw": self.action_draw, "last_card": self.action_last_card,
                    "play": lambda: self.query_one(HandView).action_play()}  # (queried only if pressed)
        if active is not None and active.binding.action in says_why and not active.enabled:
            event.stop()
            says_why[active.binding.action]()
            return
        view = self.view or {}
        if active is not None or self._off_hand():
            return
        play = next(b for b in HandView.BINDINGS if isinstance(b, Binding) and b.action == "play")
        if event.key in (k.strip() for k in current_keys(play, self.app.keymap).split(",")):
            event.stop()  # Play left off the bar: no card in hand
            self.say_no_cards()
            return
        idle = view.get("seat") is None or bool(view.get("is_over"))  # watching, or the match is over
        hidden = {"draw": ("draw", self.action_draw), "pass_turn": ("pass", self.action_pass_turn)}
        for binding in self.BINDINGS:
            if not (isinstance(binding, Binding)
                    and event.key in (k.strip() for k in current_keys(binding, self.app.keymap).split(","))):
                continue
            if not idle and binding.action in hidden and hidden[binding.action][0] in offered(view):
                event.stop()
                hidden[binding.action][1]()
                return
            # a key this table's company never has (A at a solo table) says so, the match over or
            # not; any other first says why nothing is left to do
            keys = self.app.keys_for
            why = why_not_here(binding.action, view, self.solo, keys) if binding.action in COMPANY_KEYS else None
            if why is None:
                why = why_idle(binding.action, view) or why_not_here(binding.action, view, self.solo, keys)
            if why is None and binding.action == "step_away" and not self.solo and not idle:
                why = why_no_step_away(view, self._seat_in_lobby())
            if why is not None:
                event.stop()
                self.warn(why)
                return

    def bar_now(self, binding_id: str) -> str | None:
        """The key bar's word for a key as things stand: A brings back a player who is away; Esc
        from the chat line or the log goes back to the table for a watcher, who has no hand."""
        if binding_id == "table.away":
            return "Back" if self._stepped_away() else None
        if binding_id == "focus_hand" and (self.view or {}).get("seat") is None:
            return "Back to table"
        return None

    def say_no_cards(self) -> None:
        """A card key (Enter, a number) with no card in hand: why there is none to play."""
        view = self.view or {}
        self.warn(why_idle("play", view) or why_no_hint(view))

    def action_pass_turn(self) -> None:
        if self.view is not None and can(self.view, "pass"):
            self.send("pass")
        else:
            self.warn(why_no_pass(self.view or {}, self.names, self.app.keys_for))

    def action_last_card(self) -> None:
        """L plays the selected card saying "last card!" (crazy-eights 4.1), only where that is
        true: a play from any hand but two cards would be a wrong announcement, a penalty at
        once (4.2, 4.4), so it plays nothing and says why. Enter plays without the announcement."""
        view, card = self.view, self.query_one(HandView).selected
        if view is None or card is None:
            return
        if not announces(view):
            key, held = self.app.keys_for, len(view.get("hand") or [])
            said = announcement(own_status(view).get("count"))
            why = (f"you hold {held}." if held != 1 else  # 4.4: that play goes out
                   f"your last card goes out ({key('hand.play', 'enter')} plays it)." if playable(view, card) else
                   "your last card goes out, when it can be played.")
            self.warn(f'{key(*LAST_CARD_KEY)} says "{said}" with the play that leaves you one card: {why}')
            return
        self._play_card(announce=True)

    def warn(self, text: str) -> None:
        """Why a key did nothing, as a warning; pressed again while that warning still shows,
        it is not stacked a second time over the log."""
        if not again(self._warned_at, text, WARN_SECONDS):
            self.notify(text, severity="warning", timeout=WARN_SECONDS)

    def say(self, text: str, redraw: Callable[[str], str] | None = None) -> None:
        """Answer a shortcut in the log and as a notification, as the source game speaks it.
        The same answer again while its notification still shows adds neither a second line
        nor a second notification. ``redraw``: the answer in another card style (it names cards)."""
        self.said.append(text)
        if again(self._said_at, text, SAY_SECONDS):
            return
        self.log_line(text, style="bold", redraw=redraw)
        self.notify(text, timeout=SAY_SECONDS)

    def drop_passing_notices(self) -> None:
        """Take down this table's notices still up (why a key did nothing, a hint, an answer to
        C, S or T): they were about the table as it stood, and would stand over the results
        that replace it, or the play just made. Other notices (a lost connection, a save that
        failed) stay."""
        take_down(self.app, _still_up(self._warned_at, WARN_SECONDS) | _still_up(self._said_at, SAY_SECONDS))

    def _drop_said(self) -> None:
        """The table moved on: the answers to C, S, T and Y still up told it as it stood (the
        total before a bot's play, whose turn it was), so they go; the log keeps them."""
        said = _still_up(self._said_at, SAY_SECONDS)
        if said:
            take_down(self.app, said)

    @property
    def solo(self) -> bool:
        """Only this player and bots at the table."""
        return bool(getattr(self.link, "solo", False))

    def action_hint(self) -> None:
        """At a solo table, what the ``normal`` bot would do with your cards, that card selected,
        and why (``core.bots.why``): a way to learn a game. At a table with other players it stays off (``check_action``),
        since a bot's advice would not be yours."""
        view = self.view
        if view is None or not self.check_action("hint", ()):
            return
        legal = [a for a in view.get("legal") or [] if isinstance(a, str)]
        if not legal:
            self.warn(why_no_hint(view))  # why the key did nothing: a notice, not a line of the log
            return
        from core.bots import advise  # here: the bots' import is kept off the app's start
        from core.bots.why import why

        from ..hintwhy import why_words

        action = advise(view, legal)
        self._hint = (view.get("version"), action)
        play = parse_play(action)
        if play is not None:
            hand = self.query_one(HandView)
            if play[0] in hand.cards:
                hand.action_go(hand.cards.index(play[0]))
                hand.focus()  # the hint says Enter plays it: from the log too, where Enter did nothing
        key = HINT_KEYS.get(action)  # a move made with a key of its own names that key
        if play is not None and play[3]:  # said with "last card!": L, since Enter plays it without
            key = LAST_CARD_KEY
        said = f" ({self.app.keys_for(*key)})" if key else ""
        reason, names = why(view, action), list(self.names)

        def hint(card_style: str) -> str:
            because = why_words(reason, names, card_style)
            return f"Hint: {'play ' if play else ''}{action_text(action, card_style)}{said}" + \
                (f": {because}" if because else "")

        self.say(hint(self.card_style), hint)

    def action_say_total(self) -> None:
        view = dict(self.view or {})
        self.say(total_words(view, self.card_style), lambda card_style: total_words(view, card_style))

    def action_say_scores(self) -> None:
        self.say(scores_words(self.view or {}, self.names))

    def action_say_turn(self) -> None:
        left = None if self.offline else self.clock_left()  # the top line's seconds, in words too
        words = turn_words(self.view or {}, self.names, left)
        if self.offline:  # as the top line says, in words: what shows is as the connection left it
            words += " (not connected: reconnecting)"
        elif self._slow_link():
            words += " (a slow link: the table may be further on)"
        self.say(words)

    def action_say_hand(self) -> None:
        """Your cards in words, in the order the hand shows them, and how many each other seat
        holds: what the drawing shows, for a player who reads the screen as text."""
        view, names = dict(self.view or {}), list(self.names)
        cards = list(self.query_one(HandView).cards) if view.get("seat") is not None else []
        self.say(hand_words(view, cards, names, self.card_style),
                 lambda card_style: hand_words(view, cards, names, card_style))

    def _seat_in_lobby(self) -> dict[str, Any] | None:
        """This player's seat as the table's latest lobby lists it."""
        return listed_seat(getattr(self.link, "lobby", None), (self.view or {}).get("seat"))

    def _stepped_away(self) -> bool:
        """This player said they are away from the match in play: a bot plays their seat."""
        listed = self._seat_in_lobby()
        return listed is not None and listed.get("stepped_away") is True

    def _can_step_away(self, view: dict[str, Any]) -> bool:
        """A player in a match in play at a table with others, whose host knows the ``away``
        message (its lobby lists ``stepped_away``: an older host would end the connection)."""
        listed = self._seat_in_lobby()
        # out of the match, nothing to step away from; but one away still comes back, "(away)" gone
        return (not self.solo and not view.get("is_over") and listed is not None and "stepped_away" in listed
                and (not own_status(view).get("out") or listed.get("stepped_away") is True))

    def action_step_away(self) -> None:
        if self.check_action("step_away", ()):
            self.run_worker(self.link.step_away(not self._stepped_away()), group="away")

    def action_focus_chat(self) -> None:
        self.query_one("#chat", Input).focus()

    def action_focus_hand(self) -> None:
        self.query_one(HandView).focus()

    def action_rematch(self, words: str = "") -> None:
        if self.check_action("rematch", ()):  # the host's start, or a player's ready (``TableSession.rematch``)
            self.run_worker(self.link.rematch(), group="rematch")

    def _off_hand(self) -> bool:
        """The focus is in the log or the chat line, from where Escape goes back to the hand."""
        return self.focused is not None and not isinstance(self.focused, HandView)

    def _back_to_lobby(self) -> Callable[[], None] | None:
        """Where Esc from the hand goes after a finished match: the link's way back to its
        table's lobby; None during a match, or for a link with no lobby."""
        return getattr(self.link, "back_to_lobby", None) if (self.view or {}).get("is_over") else None

    def action_to_lobby(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        """Escape from the hand (from the log or the chat line it is Back to hand): from a
        finished match back to the lobby; from a match in play home, once the player says so
        (a watcher at once)."""
        back = self._back_to_lobby()
        if back is not None:
            back()
            return
        if (self.view or {}).get("is_over"):
            self.app.back_home()
            return
        if getattr(self.link, "watching", False):  # nothing is lost: nothing to ask
            self.app.back_home()
            return
        from .confirm import ConfirmScreen

        note = getattr(self.link, "leave_note", None)
        detail = note() if callable(note) else ""

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.back_home()

        self.app.push_screen(ConfirmScreen("Leave this match?", detail, yes="Leave", purpose="leave"), answered)

    @on(ChatLine.Sent, "#chat")
    def _chat(self, event: ChatLine.Sent) -> None:
        """A line is sent and the chat line keeps the focus for the next: the letters and
        digits typed next are words, not the table's keys (a digit picks a card, Enter plays
        it). Enter on an empty line, or Escape, goes back to the hand."""
        send_line(self, event.text, self.action_focus_hand)


def as_ended(name: str, plain: str) -> str:
    """A seat's name for a match that is over: its player's ``plain`` name where ``name`` says
    they were away or idle, which told of the seat while the match was played, not of who won
    ("Dee (away) wins!"); a bot's mark stays, for the seat a bot kept to the end for a player
    gone for good (the match was the bot's, and the host opens the seat)."""
    return plain if name.endswith((AWAY_MARK, IDLE_MARK)) else name


def _drawn_card(before: list[str], after: list[str]) -> int | None:
    """Where the one card a draw added sits in ``after``: the hand grew by exactly one card and
    kept every card it held (a deal, a play or a penalty of two is not a draw of one)."""
    if not before or len(after) != len(before) + 1:
        return None
    left = list(before)
    new = None
    for i, card in enumerate(after):
        if card in left:
            left.remove(card)
        elif new is None:
            new = i
        else:
            return None
    return new if not left else None



def _entry(line: str, style: str = "") -> Text:
    """A line of the log as written: cleaned of what a terminal would act on, at most 300 long."""
    return Text(clean(line, 300), style=style)


def _entries(redraw: Callable[[str], str] | None, style: str = "") -> Callable[[str], Text] | None:
    """``redraw`` (a line in a card style) as the log writes its entries (``_entry``)."""
    return None if redraw is None else lambda card_style: _entry(redraw(card_style), style)
