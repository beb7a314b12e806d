"""Join a table: the tables found on the LAN, live, the tables joined lately, and "connect to
address" for HOST[:PORT] (which suggests the recent addresses as they are typed)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual import events, getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.css.styles import RulesMap
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.visual import RenderOptions, Visual
from textual.widgets.option_list import Option

from core import GAMES
from net.addresses import address_key, host_port, split_address

from ..optiontext import advert_options_line, clock_label
from ..plain import clean, counted, cut, printable
from ..recent import Recent, load
from ..seatkeys import left_at
from ..unexpected import note_unexpected
from ..widgets.keyfooter import KeyFooter
from ..widgets.tickbox import TickBox
from . import popped

if TYPE_CHECKING:
    from net.discovery import TableBrowser

    from ..app import DealMeInApp

log = logging.getLogger("dealmein.tui")

#: cells a table's name takes in the lists at most; a longer one ends in an ellipsis
NAME_CELLS = 30

#: seconds of browsing with no table found before the list says so, and how else to join
QUIET_AFTER = 5.0


def enterable(found: Any) -> bool:
    """A table this app can go in: to sit down (``joinable``), or to watch one that is full or
    in play (its host lets anyone with the password watch, as a join by its address does)."""
    return found.reachable is True and found.advert is not None and found.compatible


def is_here(found: Any, session: Any) -> bool:
    """The table the player is at: this app's own advert, or the address it was joined at."""
    if session is None:
        return False
    if session.advertiser is not None and session.advertiser.name == found.service:
        return True
    return session.server is None and session.address in answers_at(found)


def answers_at(found: Any) -> set[str]:
    """Each place a found table answers at, as ``address_key`` spells it."""
    return {address_key(str(a), found.port) for a in (found.address, *found.addresses) if a}


def table_where(found: Any) -> str:
    """Where a found table answers (or is advertised at): told beside a name another table has too."""
    return host_port(str(found.address or (found.addresses or ("?",))[0]), found.port)


def why_not_enterable(found: Any, where: bool = False) -> str:
    """Why a listed table cannot be gone in from here, for the line under the fields; ``where``:
    with its address, for a name another listed table has."""
    name = clean(found.name) or "That table"
    if where:
        name = f"{name} at {table_where(found)}"
    if not found.compatible or found.advert is None:
        return f"{name} cannot be joined from this app: {clean(found.problem, 80) or 'another version'}."
    if found.reachable is False:
        return f"{name} is not answering: its host may have closed it or left the network."
    return f"{name} has not answered yet: try again in a moment."


def table_line(found: Any, here: bool = False, where: bool = False, kept: bool = False) -> Text:
    """One found table: name, game, preset, seats, status, password, version trouble, and
    whether the player is at it already, holds a seat there (``kept``: going in sits them back
    down), or going in means watching. ``where``: its address too, for a name another listed
    table has (two "Friday Night" read alike)."""
    a = found.advert
    line = Text(cut(clean(found.name), NAME_CELLS), style="bold" if enterable(found) else "dim")
    if where:
        line.append(f"  at {table_where(found)}")
    if a is None:
        line.append(f"  {clean(found.problem, 60) or 'incompatible version'}", style="red")
        return line
    info = GAMES.get(a.game)
    line.append(f"  {info.name if info else clean(a.game, 20)} ({clean(a.preset, 20)})")
    bots = f" ({counted(a.bots, 'bot')})" if a.bots else ""  # seats a player cannot take back from a person
    line.append(f"  {a.seats_taken}/{a.seats_total} seats{bots}  {clean(a.status, 12)}")
    if a.password:
        line.append("  password", style="yellow")
    if not found.compatible:
        line.append(f"  incompatible: {clean(found.problem, 40)}", style="red")
    elif found.reachable is False:
        line.append("  not answering", style="red")
    elif here:
        line.append("  you are here", style="italic")
    elif kept and enterable(found):  # its seats all taken, one of them the player's, held for them
        line.append("  you left a seat here", style="green")
    elif enterable(found) and not found.joinable:
        line.append("  you watch", style="italic")
    options = advert_options_line(a.game, a.preset, a.seats_total, a.options)
    if options:
        line.append(f"\n  {options}")
    if a.turn_time:
        line.append(f"\n  Turn clock: {clock_label(a.turn_time)} a move")
    return line


class Hanging(Visual):
    """A list entry whose wrapped lines hang ``indent`` cells in, where the text of its lines
    under the first ("Options: ...") begins, not at the list's edge: at 80 columns a table's
    "password", wrapped there, read as the start of another entry. ``str()`` is the entry's
    text, as a prompt's is (what the tests read)."""

    def __init__(self, text: Text, indent: int = 2) -> None:
        self.text = text
        self.indent = indent
        self._content: Content | None = None
        self._lines: tuple[int, list[Content]] = (-1, [])

    def __str__(self) -> str:
        return self.text.plain

    def content(self) -> Content:
        if self._content is None:  # made once the app runs, whose console reads the styles
            self._content = Content.from_rich_text(self.text)
        return self._content

    def lines(self, width: int) -> list[Content]:
        """Each line of the text wrapped at ``width``, its wrapped part hung (a width too small
        to spare the indent wraps as plain text does)."""
        if self._lines[0] == width:
            return self._lines[1]
        content = self.content()
        if width <= 2 * self.indent:
            lines = content.wrap(max(width, 1))
        else:
            lines = []
            for paragraph in content.split("\n", allow_blank=True):
                first = paragraph.wrap(width)[0]
                lines.append(first)
                plain = paragraph.plain
                rest = len(plain) - len(plain[len(first.plain):].lstrip(" "))  # after the blanks it broke at
                if rest < len(plain):
                    lines.extend(line.pad_left(self.indent) for line in paragraph[rest:].wrap(width - self.indent))
        self._lines = (width, lines)
        return lines

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return Content("\n").join(self.lines(width)).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content().get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))


def recent_line(table: Recent, seat_left: bool = False) -> Text:
    """A table joined lately: name, address, game, the day, whether it has a password, and
    whether this player left a seat there (joining it presents the seat's token)."""
    info = GAMES.get(table.game)
    line = Text(cut(clean(table.name), NAME_CELLS) or "a table", style="bold")
    line.append(f"  {clean(table.address, 60)}")
    line.append(f"  {info.name if info else clean(table.game, 20)} · {clean(table.day, 10)}")
    if table.password:
        line.append("  password", style="yellow")
    if seat_left:
        line.append("  you left a seat here", style="green")
    return line


class JoinScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: below 30 rows the found tables take the room the headings' blank lines and the tables
    #: joined lately leave (at 80x24 the list showed its first table only: join.tcss)
    VERTICAL_BREAKPOINTS = [(0, "-tiny"), (20, "-short"), (30, "-tall")]
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                # from the address row, the list above it (it was reached by Shift+Tab only)
                Binding("up", "list_above", "Tables", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, Any] = {}
        self.browser: TableBrowser | None = None
        self.recent: list[Recent] = []  # the tables joined lately, as the list shows them
        self._left: list[bool] = []  # for each of them, whether this player left a seat there
        self._quiet = False  # the LAN has been browsed for QUIET_AFTER seconds
        self._typed = False  # the last join began at the address form, not a list
        self._refocus: str | None = None  # the field a failed join sends the focus to, once on top
        #: its widgets are all there: a failed join said sooner is shown by ``on_mount``
        self._drawn = False
        self._said: tuple[str, str] = ("", "error")  # the line under the fields, and its severity
        #: the table the highlight fell on as the one picked went from the list, and that one's
        #: name: Enter there says so once rather than join a table the player did not pick
        self._fell_on: tuple[str, str] | None = None
        self._names: dict[str, str] = {}  # each listed table's name, by service: told once it goes
        #: the list has taken the focus from an empty address box once (``_offer_list``)
        self._list_offered = False

    def compose(self) -> ComposeResult:
        self.recent, problem = ([], None) if not self.app.remember_seats else load()
        yield Static("Join a table", classes="title")
        with Vertical(id="join"):
            with Horizontal(id="found-head"):
                yield Label("Tables on your network", classes="heading")
                # come in watching, every join from here (T in the lobby sits down): joined,
                # the player sat in an open seat, and a match started before W got them up
                watch = TickBox("Join watching (no seat)", id="watch")
                watch.tooltip = "Join any table from here watching, taking no seat: T in its lobby sits down"
                yield watch
            yield OptionList(id="tables")
            yield Static("", id="lan-status", classes="muted")
            if self.recent or problem:
                yield Label("Tables you joined lately", classes="heading")
                if self.recent:
                    self._left = [left_at(t.address) for t in self.recent]
                    yield OptionList(*(Option(Hanging(recent_line(t, left)), id=f"recent-{i}")
                                       for i, (t, left) in enumerate(zip(self.recent, self._left))), id="recent")
                if problem:
                    yield Static(Text(problem), id="recent-problem", classes="error")
            yield Label("Or connect to an address", classes="heading")
            with Horizontal(classes="row"):
                yield Input(placeholder="host or host:port", id="address",
                            suggester=SuggestFromList([t.address for t in self.recent], case_sensitive=False))
                yield Input(placeholder="password (if any)", id="password", password=True)
                yield Button("Connect", id="connect", variant="primary")
            yield Static("", id="join-error", classes="error")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        self.app.left_notices.past()  # their way back is here: they stood over its fields
        # the address of a table where this player left a seat (a host that closed, a dropped
        # connection given up on), selected: Enter sits them back down, and typing replaces it
        left = next((t for t, seat_left in zip(self.recent, self._left) if seat_left), None)
        field = self.query_one("#address", Input)
        if left is not None:
            field.value = left.address
        field.focus()
        if self._said[0]:  # a join failed while the screen was being composed
            self._say(*self._said)
        if self._refocus is not None:
            self._focus_fault()
        if self.app.mdns:
            self.run_worker(self._browse(), group="browse", exclusive=True)
        else:  # no list to fill: nor a Tab stop on an empty one
            self.query_one("#tables", OptionList).can_focus = False
            self.query_one("#lan-status", Static).update("LAN discovery is off (--no-mdns).")

    async def _browse(self) -> None:
        status = self.query_one("#lan-status", Static)
        try:
            from net.discovery import TableBrowser, browse_problem

            self.browser = TableBrowser(interfaces=self.app.lan_interfaces)
            await self.browser.start()
        except Exception as e:
            note_unexpected(e, "browsing the LAN")
            said = browse_problem(e, self.app.lan_interfaces) if isinstance(e, OSError) else e
            status.update(Text(f"Cannot browse the LAN: {said}"))
            return
        status.update(self._lan_status())
        self.set_timer(QUIET_AFTER, self._quiet_now)
        async for event in self.browser.events():
            if event.kind == "removed":
                self.found.pop(event.table.service, None)
            else:
                self.found[event.table.service] = event.table
            try:
                self._refresh_list()
            except NoMatches:  # the screen is being taken down (a table joined) as the LAN changes
                return
            status.update(self._lan_status())

    def _quiet_now(self) -> None:
        self._quiet = True
        if self.browser is not None and self.is_attached:
            self.query_one("#lan-status", Static).update(self._lan_status())

    def _lan_status(self) -> str:
        """What the LAN list shows: how many tables, or after a quiet while, that none answered
        and what to do instead (a table where multicast does not reach joins by its address)."""
        if self.found:
            return f"{counted(len(self.found), 'table')} found"
        if self._quiet:
            return ("No table has answered yet (still looking). A table out of reach here joins "
                    "by its address below: its host's lobby shows it.")
        return "Looking for tables…"

    def _refresh_list(self) -> None:
        """The list again; the highlight stays on its table while tables come and go above it
        (Enter joins the table the player picked), and on the same row once that table goes."""
        tables = self.query_one("#tables", OptionList)
        keep = tables.highlighted
        kept = (tables.get_option_at_index(keep).id if keep is not None else None) or ""
        gone = clean(self._names.get(kept, "")) if kept and kept not in self.found else ""
        # by name, then where (two of one name keep their order, whichever came first)
        services = sorted(self.found, key=lambda service: (self.found[service].name.lower(),
                                                           table_where(self.found[service]), service))
        names = [self.found[s].name.lower() for s in services]
        tables.clear_options()
        tables.can_focus = self.app.mdns or bool(services)  # discovery off: an empty list is no Tab stop
        here = self.app.session
        # a table that cannot be gone in stays in reach of the highlight: Enter says why
        tables.add_options(Option(Hanging(table_line(self.found[s], is_here(self.found[s], here),
                                                     names.count(self.found[s].name.lower()) > 1,
                                                     self._seat_left(self.found[s]))), id=s)
                           for s in services)
        self._names = {s: self.found[s].name for s in services}
        if keep is not None and services:
            tables.highlighted = services.index(kept) if kept in self.found else min(keep, len(services) - 1)
            if gone:
                self._fell_on = (services[tables.highlighted], gone)
        self._offer_list()

    def _offer_list(self) -> None:
        """The first table found that can be gone in takes the focus from the address box, once,
        where nothing is typed there (nor a seat's address put there to go back to): Enter joins
        it, the arrows pick another. The box kept the focus, and the tables above it were out
        of reach but by Shift+Tab, which nothing said."""
        if self._list_offered or not any(enterable(t) for t in self.found.values()):
            return
        address, password = self.query_one("#address", Input), self.query_one("#password", Input)
        if self.focused is address and not address.value and not password.value:
            self._list_offered = True
            self.query_one("#tables", OptionList).focus()

    def action_list_above(self) -> None:
        """Up from the address row: the list just above it (the tables joined lately, or those
        found), at its last row."""
        if not isinstance(self.focused, Input):
            return
        for list_id in ("#recent", "#tables"):
            found = self.query(list_id)
            if found and isinstance(lists := found.first(), OptionList) and lists.option_count and lists.can_focus:
                lists.focus()
                lists.highlighted = lists.option_count - 1
                return

    def _seat_left(self, found: Any) -> bool:
        """This player left a seat at ``found`` that is kept for them (``tui.seatkeys``), as the
        tables joined lately say: the LAN list read "you watch" of it, full with that seat."""
        return self.app.remember_seats and found.address is not None and left_at(table_where(found))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A list that takes the focus highlights its first row, so that Enter there joins
        (with none highlighted it did nothing and said nothing). A box given the focus with its
        caret at the end (``caret_at_end``) selects its whole text again the next time."""
        if isinstance(event.widget, OptionList) and event.widget.highlighted is None:
            event.widget.action_first()
        elif isinstance(event.widget, Input):
            event.widget.select_on_focus = True  # its own focus handler has run by now

    async def on_unmount(self) -> None:
        if self.browser is not None:
            await self.browser.close()

    @on(OptionList.OptionHighlighted, "#tables")
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        """The player moved the highlight: what it is on now is their pick."""
        if self._fell_on is not None and event.option.id != self._fell_on[0]:
            self._fell_on = None

    @on(OptionList.OptionSelected, "#tables")
    def _pick(self, event: OptionList.OptionSelected) -> None:
        found = self.found.get(event.option.id or "")
        if found is None:
            return
        if self._fell_on is not None and self._fell_on[0] == event.option.id:
            gone, self._fell_on = self._fell_on[1], None
            self._say(f"{gone or 'The table you picked'} has gone from the list: the highlight is on "
                      f"{clean(found.name) or 'another table'} now. Enter again to go in there.", "warning")
            return
        if not enterable(found):
            twice = sum(f.name.lower() == found.name.lower() for f in self.found.values()) > 1
            self._say(why_not_enterable(found, where=twice))
            return
        self._join(host_port(str(found.address), found.port), bool(found.advert and found.advert.password))

    @on(OptionList.OptionSelected, "#recent")
    def _pick_recent(self, event: OptionList.OptionSelected) -> None:
        table = self.recent[int((event.option.id or "recent-0").split("-")[1])]
        self._join(table.address, table.password)

    def _join(self, address: str, locked: bool) -> None:
        """Join with the password typed; a table known to have one, with none typed, asks for
        it first (rather than being refused by its host)."""
        self._typed = False
        self._say("")
        password = self.query_one("#password", Input).value or None
        if locked and not password:
            self.app.ask_password(address, watch=self._watch())
        else:
            self.app.join_address(address, password, watch=self._watch())

    @on(Input.Submitted, "#address")
    @on(Input.Submitted, "#password")
    @on(Button.Pressed, "#connect")
    def _connect(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        try:
            split_address(address)
        except ValueError as e:
            self._say(str(e))
            caret_at_end(self.query_one("#address", Input))
            return
        self._say("")
        self._typed = True
        self.app.join_address(address, self.query_one("#password", Input).value or None, watch=self._watch())

    def _watch(self) -> bool:
        """Whether the player comes in watching: the Watch box is ticked."""
        return self.query_one("#watch", TickBox).value

    def _say(self, said: str, severity: str = "error") -> None:
        """The line under the fields: what is wrong with the address, or why the last join did
        not take the player in (a notice for it covered the password box and Connect). Said
        before the screen is composed, it is kept for ``on_mount``."""
        self._said = (said, severity)
        if not self._drawn or popped(self):
            return
        line = self.query_one("#join-error", Static)
        line.update(Text(printable(said)))  # a host's own words may be in it
        line.set_class(severity == "error", "error")
        line.set_class(severity != "error", "muted")
        if said:
            self.call_after_refresh(line.scroll_visible, animate=False)

    def join_failed(self, fault: Literal["address", "password"] | None, said: str = "",
                    severity: str = "error") -> None:
        """A join from this screen did not take the player in: ``said`` is why, on the line
        under the fields. The focus goes where the fault is, so that the next keys mend it. Enter
        in the password box or on Connect left it there, and the address typed to correct a
        host that did not answer went into the password. A table picked from a list keeps the
        focus on its list, unless its password was the fault."""
        if said:
            self._say(said, severity)
        if fault is None:
            return
        self._refocus = "#password" if fault == "password" else "#address" if self._typed else None
        # after the app's next step: the question for the password opens over this screen
        # then, and the focus moves once it goes (as it does once a wait over it goes)
        self.call_later(self._focus_fault)

    def on_screen_resume(self) -> None:
        if self.is_mounted and not popped(self):
            self._focus_fault()

    def _focus_fault(self) -> None:
        """The address with the caret after it, nothing selected: the key typed next corrects
        it (Textual selects a box's whole text as it takes the focus, and that key replaced
        the address). A wrong password, which the box hides, is selected, to be typed again."""
        if self._refocus is not None and self.app.screen is self and self._drawn and not popped(self):
            field = self.query_one(self._refocus, Input)
            if self._refocus == "#address":
                caret_at_end(field)
            else:
                field.focus()
            self._refocus = None


def caret_at_end(field: Input) -> None:
    """Focus ``field`` with the caret after its text and nothing selected (its next focus
    selects as usual again: ``JoinScreen.on_descendant_focus``)."""
    if not (field.has_focus and field.screen.focused is field):  # a focus event is to come
        field.select_on_focus = False
        field.focus()
    field.cursor_position = len(field.value)
