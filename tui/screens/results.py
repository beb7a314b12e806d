"""Hand over and match over: who won or went out, the standings, the running total over the
hand as a sparkline where the game has one, and what next."""
from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Sparkline, Static

from ..eventtext import chat_text, deal_word, ending, seat_name
from ..handchange import count_words
from ..heldresults import table_screen
from ..link import REMATCH_WORDS, rematch_words
from ..matchend import why_over
from ..outplaces import ordinal
from ..plain import clean
from ..plays import my_turn
from ..seatnames import listed_seat
from ..widgets.keyfooter import KeyFooter
from ..widgets.seats import as_shared, status_text, statuses
from . import Withdrawable, popped


def standings(view: dict[str, Any], names: list[str], event: dict[str, Any] | None = None,
              style: str = "two-colour", places: dict[int, int] | None = None) -> Table:
    """A row per seat: name, the game's standing, and what the hand scored where the game
    says (points left in hand, and penalties where the hand gave any); the hand's or match's
    winners marked (``*`` in the ASCII card style, for terminals that draw symbols wide).
    ``places``: the place each seat out of the match went out in ("out, 3rd"), where known
    (``tui.outplaces``)."""
    # two cells between columns, none at the edges: at 60 columns Crazy Eights' five columns
    # fit whole (with two cells each side of every column, "penalties" read "penalti…")
    table = Table(box=None, show_header=True, padding=(0, 2), collapse_padding=True, pad_edge=False,
                  header_style="bold")
    table.add_column("")
    table.add_column("player")
    table.add_column("standing")
    said = event or {}
    points = said.get("points")
    if isinstance(points, list):
        table.add_column("points in hand", justify="right")  # 5.2: the points of the cards held
    penalties = said.get("penalties")
    if not isinstance(penalties, list) or not any(penalties):
        penalties = None
    else:  # crazy-eights 4.2: what a wrong or missing "last card!" added to the score this hand
        table.add_column("penalties", justify="right")
    changes = said.get("changes")
    if not isinstance(changes, list) or not any(isinstance(c, str) and c for c in changes):
        changes = count_words(said) or None  # crazy-eights 6.2: each seat's count before and after
    if changes is not None:  # the lives and chips the hand cost or won each seat (``tui.handchange``)
        table.add_column(f"this {deal_word(view.get('game'))}", justify="right")
    winners = set(view.get("winners") or []) if view.get("is_over") else set(said.get("winners") or [])
    if not winners and said.get("seat") is not None and said.get("kind") == "round_over":
        winners = {said["seat"]}
    for seat, status in enumerate(statuses(view)):
        mark = ("*" if style == "ascii" else "★") if seat in winners else ""
        # standings, not the next hand: "sits out" (of a hand) says nothing here
        standing = status_text(as_shared(view, {k: v for k, v in status.items() if k != "in_hand"}))
        if status.get("out") and places and seat in places:
            standing = f"{standing}, {ordinal(places[seat])}"
        row = [Text(mark), Text(clean(seat_name(names, seat), 24)), Text(standing or "in")]
        if isinstance(points, list):
            row.append(Text(str(points[seat]) if seat < len(points) else ""))
        if penalties is not None:
            given = penalties[seat] if seat < len(penalties) else 0
            row.append(Text(f"+{given}" if isinstance(given, int) and given else ""))
        if changes is not None:
            change = changes[seat] if seat < len(changes) else ""
            row.append(Text(change if isinstance(change, str) else ""))
        table.add_row(*row)
    return table


def tally_text(lobby: dict[str, Any] | None, names: list[str] | None = None) -> str:
    """The matches each seat has won at this table, most first ("Matches won at this table:
    You: 2 · Normal bot 2: 1 · Bo: 0"), from the lobby, each seat named as the table names it
    (``names``: bots numbered apart, you as you); empty before the first is won."""
    names = names or []
    rows: list[tuple[str, int]] = []
    for i, s in enumerate((lobby or {}).get("seats") or []):
        if isinstance(s, dict) and (s.get("name") or s.get("bot")):
            name = names[i] if i < len(names) else clean(s.get("name") or "bot", 24)
            wins = s.get("wins")
            rows.append((name, wins if isinstance(wins, int) else 0))
    if not any(n for _, n in rows):
        return ""
    rows.sort(key=lambda row: -row[1])
    return "Matches won at this table: " + " · ".join(f"{name}: {n}" for name, n in rows)


def shown_totals(totals: list[int], width: int) -> str:
    """The running totals as the chart's line writes them in ``width`` cells: all where they
    fit, else the first, "…" and as many of the latest as fit, so the line still says where
    the deal began (and always has the latest)."""
    words = [str(total) for total in totals]
    if len(" ".join(words)) <= width or len(words) < 3:
        return " ".join(words)
    kept = [words[-1]]
    room = width - len(f"{words[0]} … {words[-1]}")
    for word in reversed(words[1:-1]):
        room -= len(word) + 1
        if room < 0:
            break
        kept.append(word)
    return " ".join([words[0], "…", *reversed(kept)])


class TotalsLine(Label):
    """The line over the chart, its totals written out as many as a row of its width holds
    (``shown_totals``), counted again when that width changes: a long hand in a wide terminal
    keeps what a narrow one must leave out. The words before them wrap onto a row of their own
    where the two do not fit side by side."""

    def __init__(self, lead: str, totals: list[int], **kw: Any) -> None:
        # all of them till the first layout gives the width
        super().__init__(Text(f"{lead}: {' '.join(map(str, totals))}", style="dim"), **kw)
        self.lead = lead
        self.totals = totals

    def on_resize(self) -> None:
        width = self.size.width
        if width > 0:
            totals = shown_totals(self.totals, width)
            line = f"{self.lead}: {totals}"
            self.update(Text(line if len(line) <= width else f"{self.lead}:\n{totals}", style="dim"))


#: the chat lines said while the results are up that they show, the latest
SAID_LINES = 3

#: seconds after the results come up during which their keys do nothing: they come by
#: themselves, often right after the player's own last card, and a key typed for the table
#: (Enter again, Escape to leave) must not close them unread or start a rematch (the table's
#: ``RESUME_GUARD`` is the same wait the other way round)
RESULTS_GRACE = 0.4


def played_on_text(view: dict[str, Any], away: bool = False) -> str:
    """A hand's box, still up as the bots stop waiting for its player to close it, says so; and
    once the table's ``view`` comes to the player's turn, that it has. A player who stepped
    away is waited for by no one: a bot plays their seat in the next hand at once."""
    deal = deal_word(view.get("game"))
    if away:
        return f"You are away: a bot plays your seat in the next {deal}, under way beneath."
    if my_turn(view):
        return f"The bots played on: your turn has come in the next {deal}."
    return f"The bots play on: the next {deal} is under way beneath."


#: seconds left on this player's turn clock at which a hand's box gives the table back
TURN_LEFT = 8


class ResultsScreen(Withdrawable[None]):
    """A hand's or a match's results. A match's close unanswered once the next match is dealt
    (the host started a rematch while they were up): the table beneath is in play again.
    Its keys wait ``RESULTS_GRACE`` before they act."""

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: nothing focused by itself: a hand's box focuses Continue, a match's nothing (``on_mount``)
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("escape", "close", "Continue"),
        # R as the screen's button reads (the host's Rematch, a guest's ready or ask)
        *(Binding("r", f"press('rematch', {words!r})", words, id="results.rematch") for words in REMATCH_WORDS),
        Binding("b", "press('lobby')", "Back to lobby", id="results.lobby"),
        Binding("enter", "which_key", show=False),
        Binding("v", "replay", "Replay", id="results.replay"),
        # the app's Q, which Textual leaves out of a modal screen's keys: it quits from the
        # results as from the table (asking first where the table does)
        Binding("q", "app.quit", "Quit", id="app.quit"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        # a box longer than the screen scrolls by key too: the focus is on its buttons
        Binding("up", "scroll_box(-1)", show=False),
        Binding("down", "scroll_box(1)", show=False),
        Binding("pageup", "scroll_box(-10)", show=False),
        Binding("pagedown", "scroll_box(10)", show=False),
    ]

    def __init__(self, link: Any, view: dict[str, Any], names: list[str], totals: list[int],
                 match_over: bool, style: str = "two-colour", event: dict[str, Any] | None = None,
                 whole: bool = True) -> None:
        super().__init__()
        self.link = link
        self.view = view
        self.names = names
        self.totals = totals
        self.whole = whole  # the totals follow the hand from its deal, not from a resume mid-hand
        self.match_over = match_over
        self.card_style = style
        self.event = event
        #: when its keys (and its buttons) start to act (``RESULTS_GRACE``)
        self.keys_from = time.monotonic() + RESULTS_GRACE
        #: its widgets are all there: a lobby that comes sooner is shown by ``on_mount``
        self._drawn = False
        #: the host's bots waited for this player to read the box (the lobby marked their seat
        #: ``reading``), and no longer do: they play on beneath it
        self._held_bots = self._played_on = False
        #: the latest chat lines said while it is up (it covers the table's log, where they go
        #: too): guests asking for a rematch, a "well played"
        self._said: deque[Text] = deque(maxlen=SAID_LINES)

    def compose(self) -> ComposeResult:
        view = self.view
        with Vertical(id="results"):
            why = why_over(view, self.names) if self.match_over else ""
            yield Label(Text(clean(self.title_text(), 70)), id="results-title", classes="above-why" if why else "")
            if why:  # what decided the match, for a player who did not follow its last hand
                yield Label(Text(why), id="results-why")
            places = getattr(getattr(self.link, "out_places", None), "places", None)
            yield Static(standings(view, self.names, self.event, self.card_style, places), id="standings")
            if len(self.totals) > 1:
                span = deal_word(self.view.get("game"))
                over = f"over the {span}" if self.whole else f"over the {span} since you came in"
                yield TotalsLine(f"running total {over}", self.totals, id="spark-label")
                yield Sparkline(self.totals, id="spark")
            if self.match_over:
                tally = tally_text(getattr(self.link, "lobby", None), self.names)
                mine = getattr(self.link, "record_line", "")
                label = Label(Text(tally), id="tally", classes="above-record" if mine else "")
                label.display = bool(tally)
                yield label
                if mine:
                    yield Label(Text(mine), id="record-line")
            said = Label(self._said_text(), id="said")
            said.display = bool(self._said)
            yield said
            if not self.match_over:  # the next hand runs beneath: a turn clock of this player's there
                turn = Label("", id="your-turn")
                turn.display = False
                yield turn
                # or the bots, which waited for this player to read the box, have stopped waiting
                played_on = Label("", id="played-on")
                played_on.display = False
                yield played_on
            which = Label("", id="which-key")  # Enter at a match's end: which key does what
            which.display = False
            yield which
            with Horizontal(id="results-buttons"):
                if self.match_over:
                    rematch = rematch_words(self.link)
                    if rematch:
                        yield Button(rematch, id="rematch", variant="primary")
                    yield Button("Back to lobby", id="lobby")
                else:
                    yield Button("Continue", id="continue", variant="primary")
        yield KeyFooter(show_command_palette=False)  # its own keys, not those of the table beneath

    def title_text(self) -> str:
        """The log's own line for the event (``eventtext.ending``), so the two never disagree;
        the match's winners come from the view, which has them even without the event."""
        view = self.view
        if self.match_over:
            return ending({"kind": "match_over", "winners": view.get("winners") or []}, self.names)
        return ending(self.event or {}, self.names, max(1, view.get("hand_number", 2) - 1))

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        # the lobby that counts the match just won comes right after it: one that came while
        # the screen was being composed found no tally line to update
        self.refresh_tally()
        # a match's box focuses no choice, where Enter started a rematch unread for a player
        # playing on with Enter (Enter says which key does what; an arrow or Tab reaches a button)
        if not self.match_over:  # a hand's: Enter continues
            self.query(Button).first().focus()
            self._watch_turn()
            self.set_interval(0.5, self._watch_turn)

    def _watch_turn(self) -> None:
        """A hand's box stands over the next hand, dealt already: where this player's turn has
        come there with a turn clock running, the box says how long is left, and gives the
        table back with ``TURN_LEFT`` seconds to go, rather than let a bot move for them."""
        if popped(self) or self.withdrawn:
            return
        table = table_screen(self.link, self.app)
        view = (table.view if table is not None else None) or {}
        left = table.clock_left() if table is not None else None
        label = self.query_one("#your-turn", Label)
        shown = label.display
        if not my_turn(view) or left is None:
            label.display = False
        elif left <= TURN_LEFT and self.app.screen is self:
            self.dismiss(None)
            return
        else:
            label.update(Text(f"Your turn in the next {deal_word(view.get('game'))}: {left} s on the clock.",
                              style="bold"))
            label.display = True
        if label.display != shown:
            self._refit()
        self._watch_break(view, label.display)

    def _watch_break(self, view: dict[str, Any], clock_told: bool) -> None:
        """The bots wait for this player to close the box (``tui.handbreak``), at most the host's
        ``hand_break`` seconds: once they play on with the box still up, it says so, and when
        the player's turn comes beneath it, so that neither comes as a surprise; not where the
        turn clock's line says that turn has come already (``clock_told``). No one waits for a
        player who stepped away: their box says at once that a bot plays their seat beneath it."""
        lobby = getattr(self.link, "lobby", None) or {}
        listed = listed_seat(lobby, self.view.get("seat")) or {}
        away = listed.get("stepped_away") is True  # no one waits for this player: their bot plays on
        if not self._played_on:
            if listed.get("reading") is True and not away:
                self._held_bots = True
                return
            if not (self._held_bots or away) or lobby.get("status") != "playing":
                return
            self._played_on = True
        words = played_on_text(view, away)
        label = self.query_one("#played-on", Label)
        if clock_told and my_turn(view):  # "Your turn in the next hand: 15 s on the clock." says it
            if label.display:
                label.display = False
                self._refit()
            return
        if label.display and str(label.render()) == words:
            return
        label.update(Text(words))
        if not label.display:
            label.display = True
            self._refit()

    def keys_act(self) -> bool:
        """Its keys act: ``RESULTS_GRACE`` has gone by since it came up."""
        return time.monotonic() >= self.keys_from

    def on_resize(self) -> None:
        self._refit()

    def _refit(self) -> None:
        """The screen's size or the lines in the box changed (a tally that came with the lobby,
        a chat line, the turn clock's line): the running total is shown again where it was left
        out, and left out again only if the box still does not fit."""
        if self._drawn and not popped(self):
            for part in self.query("#spark-label, #spark"):
                if not part.display:  # shown again, and left out again only if it still does not fit
                    part.display = True
            self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """A box longer than the screen (eight seats at 80x24) leaves out the running total's
        line first, so that the tally and the record line under it show without scrolling."""
        parts = list(self.query("#spark-label, #spark"))
        if popped(self) or not all(part.display for part in parts):  # left out already
            return
        box = self.query_one("#results")
        if box.virtual_size.height > box.scrollable_content_region.height:
            for part in parts:
                part.display = False

    def action_scroll_box(self, rows: int) -> None:
        self.query_one("#results").scroll_relative(y=rows, animate=False)

    def refresh_tally(self) -> None:
        """The table's lobby changed: the match just won is counted once the host says so.
        Before ``on_mount`` it is left to ``on_mount``, which shows the lobby as it is then."""
        if not self._drawn or popped(self):
            return
        for label in self.query("#tally").results(Label):
            tally = tally_text(getattr(self.link, "lobby", None), self.names)
            label.update(Text(tally))
            label.display = bool(tally)
        self._refit()

    def add_chat(self, name: str, text: str, system: bool = False) -> None:
        """A chat line said while the results are up, shown above the choices (the latest
        ``SAID_LINES``: two guests asking for a rematch are both in sight)."""
        self._said.append(chat_text(name, text, system))
        if popped(self):
            return
        for label in self.query("#said").results(Label):
            label.update(self._said_text())
            label.display = True
        self._refit()

    def _said_text(self) -> Text:
        return Text("\n").join(self._said)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.keys_act():  # Enter on a button (or Tab or an arrow to one first) waits too
            self.choose(event.button.id or "continue")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar offers Rematch and Back to lobby only at the end of a match, and
        Rematch only where the screen has its button (the host, a table that starts on ready,
        a guest who asks the host); Replay where there is a solo match's log to step through."""
        if action == "press":
            if parameters and parameters[0] == "rematch":  # the binding that reads as the button
                return self.match_over and rematch_words(self.link) == parameters[-1]
            return self.match_over
        if action == "replay":
            return self.replay_log() is not None
        return True

    def replay_log(self) -> Path | None:
        """The log of the solo match just over, which V steps through with every hand face up
        (a table with other players keeps its hands to itself: ``dealmein replay`` on the
        host's log is the host's own choice)."""
        if not self.match_over or getattr(self.link, "solo", False) is not True:
            return None
        path = getattr(getattr(self.link, "table", None), "log_path", None)
        return path if isinstance(path, Path) and path.is_file() else None

    def action_replay(self) -> None:
        path = self.replay_log()
        if self.keys_act() and path is not None:
            from .replay import ReplayScreen

            seat = self.view.get("seat")
            self.app.push_screen(ReplayScreen(path, in_app=True, you=seat if isinstance(seat, int) else None))

    def _offers_rematch(self) -> bool:
        return rematch_words(self.link) is not None

    def action_press(self, button: str, words: str = "") -> None:
        # straight to the choice, not through the button, which may not be mounted yet
        if self.keys_act():
            self.choose(button)

    def choose(self, button: str) -> None:
        """Act on one of the screen's choices; one it does not offer does nothing."""
        if button == "rematch":
            if not (self.match_over and self._offers_rematch()):
                return
            self.dismiss(None)  # the host's start, a player's ready or ask (``TableSession.rematch``)
            self.app.run_worker(self.link.rematch(), group="rematch")
        elif button == "lobby":
            if not self.match_over:
                return
            self.dismiss(None)
            back = getattr(self.link, "back_to_lobby", None)
            if back is not None:
                back()
        else:
            self.dismiss(None)

    def action_which_key(self) -> None:
        """Enter with no choice focused (a match's end): which key does what, in the box."""
        if not self.keys_act():
            return
        keys = getattr(self.app, "keys_for", lambda _id, default: default)
        words = rematch_words(self.link)
        said = [f"{keys('results.rematch', 'r')}: {words}" if words else "",
                f"{keys('results.lobby', 'b')}: Back to lobby",
                f"{keys('results.replay', 'v')}: Replay" if self.replay_log() is not None else "", "Esc: Continue"]
        label = self.query_one("#which-key", Label)
        label.update(Text(" · ".join(part for part in said if part) + " (or an arrow to a button, then Enter)",
                          style="bold"))
        if not label.display:
            label.display = True
            self._refit()

    def action_close(self) -> None:
        if self.keys_act():
            self.dismiss(None)
