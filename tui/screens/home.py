"""The first screen: play solo, host, join, your record, settings, rules, quit."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.keyfooter import KeyFooter
from . import popped

if TYPE_CHECKING:
    from ..app import DealMeInApp
    from ..saves import SavedTable

LOGO = """\
┌─────┐ Deal Me In
│A    │ a card room for your terminal
│  ♠  │ Ninety-Eight · Ninety-Nine · Crazy Eights
│    A│
└─────┘"""

ASCII_LOGO = """\
+-----+ Deal Me In
|A    | a card room for your terminal
|  S  | Ninety-Eight - Ninety-Nine - Crazy Eights
|    A|
+-----+"""


#: the menu's width (home.tcss), wider only for a Resume label that would not fit in it
MENU_WIDTH = 40


#: seconds home takes no key after a table ended under the player (``DealMeInApp.back_home``):
#: what they were typing at the table as it closed (a chat line, an Enter) reaches home first
HOME_GUARD = 1.0


def logo_for(style: str) -> str:
    """The logo's card drawn as the card style draws cards: letters in ascii, else the symbol."""
    return ASCII_LOGO if style == "ascii" else LOGO


class HomeScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: what the key bar leaves out first where it is too narrow (60 columns) to keep Help, the
    #: key a newcomer needs most: each of these is also an entry in the menu above it
    BAR_SPARE = ("home.record", "home.settings", "home.join", "home.host", "home.back", "home.solo")
    #: its words on a key bar too narrow for the menu's (60 columns): shorter, every key stays
    BAR_SHORT = {"home.solo": "Solo", "home.settings": "Setup"}
    BINDINGS = [
        Binding("up", "step(-1)", show=False),
        Binding("down", "step(1)", show=False),
        Binding("b", "back", "Back to the table", id="home.back"),
        Binding("p", "solo", "Play solo", id="home.solo"),
        Binding("h", "host", "Host", id="home.host"),
        Binding("j", "join", "Join", id="home.join"),
        Binding("y", "record", "Record", id="home.record"),
        Binding("s", "app.settings", "Settings", id="home.settings"),
        Binding("r", "rules", "Rules", id="home.rules"),  # "rules", as F2's: the footer shows the two as one
        Binding("delete", "forget", "Forget", id="home.forget",  # on a Resume entry
                tooltip="Forget the saved table (on a Resume entry)"),
    ]

    saved: list[SavedTable] = []  # the tables that can be resumed
    _shown = False

    def __init__(self) -> None:
        super().__init__()
        self._reading = asyncio.Lock()  # ``_saves_again``, one at a time
        self._tables_left = 0  # the app's ``tables_left`` when last shown

    @staticmethod
    def offers(action: str, guest: bool) -> bool:
        """An SSH guest's home offers the way back to its table, not solo, hosting, joining, a
        record or the saved tables to forget (``DealMeInApp.guest``: its data folder is the
        host's); everyone else's the other way round."""
        if action == "back":
            return guest
        if action in ("solo", "host", "join", "record", "forget"):
            return not guest
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "forget":  # on the key bar while a Resume entry has the focus
            return self._focused_saved() is not None
        return self.offers(action, bool(getattr(self.app, "guest", False)))

    def _focused_saved(self) -> SavedTable | None:
        """The saved table whose Resume entry has the focus."""
        focused = self.focused
        if not isinstance(focused, Button) or not (focused.id or "").startswith("resume-"):
            return None
        i = int((focused.id or "").split("-")[1])
        return self.saved[i] if i < len(self.saved) else None

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()  # Forget is offered on a Resume entry only

    def action_forget(self) -> None:
        """Delete the focused saved table, once the player says so: a table closed for good, a
        lobby never played, need not stay on the menu."""
        table = self._focused_saved()
        if table is None:
            return
        from .confirm import ConfirmScreen

        entry = table.label.removeprefix("See the results: ").removeprefix("Resume ")
        if table.solo and table.finished:  # nothing left to play: only its results go
            detail = "Its save is deleted: its results cannot be seen again (your record keeps the match)."
        elif table.solo:
            detail = "Its save is deleted: the match cannot be played on (your record keeps the matches you finished)."
        else:
            detail = ("Its save is deleted: the table cannot be opened again, and its players cannot come back "
                      "to their seats (your record keeps the matches you finished).")

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from ..saves import forget_saved

            problem = forget_saved(table.path)
            if problem is not None:
                self.app.notify(problem, title="Saved table", severity="error", timeout=10)
            else:
                self.app.notify(f"Forgotten: {entry}.")
            self.run_worker(self._saves_again(only_changed=True))  # once, if the screen's return has not

        self.app.push_screen(ConfirmScreen(f"Forget the saved {entry}?", detail, "Forget it", "Keep it"), answered)

    def _offered(self) -> list[SavedTable]:
        """The tables that can be resumed; a bad save is reported once here (none for an SSH
        guest: the saves are the host's)."""
        from ..saves import saved_tables

        if getattr(self.app, "guest", False):
            return []
        saved, problems = saved_tables(self.app.host_address()[1])
        for problem in problems:
            self.app.notify(problem, title="Saved table", severity="warning", timeout=10)
        return saved

    def _resume_buttons(self) -> list[Button]:
        """A button for each table in ``saved``; one whose match is over is marked: Enter
        does not start on it."""
        return [Button(table.label, id=f"resume-{i}", classes="resume over" if table.over else "resume")
                for i, table in enumerate(self.saved)]

    def compose(self) -> ComposeResult:
        self.saved = self._offered()
        resume = self._resume_buttons()
        menu = Vertical(id="menu")
        self._fit_menu(menu)
        with Vertical(id="home"):
            yield Static(logo_for(self.app.card_style), id="logo", markup=False)
            with menu:
                yield from resume
                if getattr(self.app, "guest", False):
                    yield Button("Back to the table", id="back")
                else:
                    yield Button("Play solo (against bots)", id="solo")
                    yield Button("Host a table", id="host")
                    yield Button("Join a table", id="join")
                    yield Button("Your record", id="record")
                yield Button("Settings", id="settings")
                yield Button("Rules", id="rules")
                yield Button("Quit", id="quit")
        yield KeyFooter()

    def _fit_menu(self, menu: Vertical) -> None:
        """As wide as the longest Resume label (and a blank each side), so that its port and
        state are in sight: two tables hosted on other ports read apart only by them."""
        longest = max((cell_len(table.label) + 2 for table in self.saved), default=0)
        menu.styles.width = max(MENU_WIDTH, longest)

    def restyle(self, style: str, palette: object) -> None:
        """A card style switched at run time (F4, Settings, the palette) redraws the logo's
        card at once: a terminal that draws suit symbols wide needs the letters now."""
        for logo in self.query("#logo").results(Static):  # none before the screen is composed
            logo.update(logo_for(style))

    def on_mount(self) -> None:
        if popped(self):
            return
        self.restyle(self.app.card_style, None)  # switched while the screen was being composed
        self._focus_first()
        # another window may take the solo save, or let it go, while this one sits here
        self.watch(self.app, "app_focus", self._window_focused, init=False)

    def on_key(self, event: events.Key) -> None:
        """A key typed for the table that just ended under the player is not home's: "q" in a
        chat line would quit the app, "p" open the picker, an Enter press a button."""
        if time.monotonic() < getattr(self.app, "home_keys_from", 0.0):
            event.stop()
            event.prevent_default()

    def _window_focused(self, focused: bool) -> None:
        """Back in this window (the terminal says so): the saves are read again."""
        if focused and self.is_current:
            self.saves_changed()

    def saves_changed(self) -> None:
        """A save may have come or gone meanwhile (another window; a resume that moved an
        unusable save aside): the Resume entries are read again."""
        if not popped(self):
            self.call_later(self._saves_again, True)

    def _focus_first(self) -> None:
        """A table left to resume is what Enter does first; else Play solo (an SSH guest: Back).
        A table with no match in play has nothing left to play: a solo match's results, a
        hosted table to open again for a rematch, or one saved in its lobby (a port opened by a
        habitual Enter), stay a press away (Up), and Enter starts a new game."""
        if getattr(self.app, "guest", False):
            self.query_one("#back", Button).focus()
            return
        playable = [b for b in self.query(".resume").results(Button) if not b.has_class("over")]
        (playable[0] if playable else self.query_one("#solo", Button)).focus()

    def action_step(self, delta: int) -> None:
        """Up and Down move along the menu and stop at its ends: Up from the first entry does
        not come round to Quit, which Enter would then press."""
        buttons = [b for b in self.query("#menu Button").results(Button) if b.display]
        if not buttons:
            return
        at = buttons.index(self.focused) if self.focused in buttons else -1
        buttons[max(0, min(len(buttons) - 1, at + delta))].focus()

    async def on_screen_resume(self) -> None:
        """Back from a table or another screen: a table may have left a save to resume (or
        used one up). Back from a table, what Enter does is what it does at a fresh start."""
        left = self.app.tables_left
        if not self._shown:
            self._shown, self._tables_left = True, left
            return
        from_table, self._tables_left = left != self._tables_left, left
        # back from a question or another screen, the entries stay as they are (and the focus
        # where it was) unless the saves changed
        await self._saves_again(only_changed=not from_table, refocus=from_table)

    async def _saves_again(self, only_changed: bool = False, refocus: bool = False) -> None:
        """The Resume entries read again; ``only_changed``: left as they are (and the focus
        with them) when the saves offered are the same; ``refocus``: the focus goes where a
        fresh start puts it. One reading at a time: two at once (the screen uncovered as the
        window has the focus again) would each mount the new entries."""
        async with self._reading:
            await self._read_saves(only_changed)
            if refocus and not popped(self) and self.is_attached:
                self._focus_first()

    async def _read_saves(self, only_changed: bool) -> None:
        if popped(self) or not self.is_attached:
            return
        saved = self._offered()
        if only_changed and saved == self.saved:
            return
        focused = self.focused
        on = self._focused_saved()  # its button goes now: the same entry, new, gets the focus
        at = self.saved.index(on) if on is not None else 0
        before = {table.path for table in self.saved}
        await self.query(".resume").remove()
        self.saved = saved
        buttons = self._resume_buttons()
        menu = self.query_one("#menu", Vertical)
        self._fit_menu(menu)
        if buttons:
            await menu.mount_all(buttons, before=0)
        if {table.path for table in self.saved} - before or focused is None:
            self._focus_first()  # a table just left to resume is what Enter plays on, as at a fresh start
        elif on is not None:  # the entry it was on; gone (forgotten), the one now in its place
            same = [b for b, table in zip(buttons, saved) if table.path == on.path]
            if same or buttons:  # at once: a later reading must find the focus where it is
                self.set_focus(same[0] if same else buttons[min(at, len(buttons) - 1)])
            else:
                self._focus_first()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"solo": self.action_solo, "host": self.action_host, "join": self.action_join, "back": self.action_back,
                   "record": self.action_record, "settings": self.app.action_settings, "rules": self.app.action_rules}
        if event.button.id and event.button.id.startswith("resume-"):
            table = self.saved[int(event.button.id.split("-")[1])]
            held = self._port_held(table)
            if held is not None:
                self.app.notify(held, severity="error", timeout=15)
            else:
                self.app.resume_table(table.path, table.solo)
        elif event.button.id == "quit":
            self.run_worker(self.app.action_quit())
        elif event.button.id in actions:
            actions[event.button.id]()

    def _port_held(self, table: SavedTable) -> str | None:
        """What to say instead of resuming a hosted table whose port something else listens on
        (most likely that very table, run by a headless host or another window): resumed, it
        failed with the system's words for a bind. None when it may go ahead, as when this
        app's own table, which resuming closes first, is what holds it."""
        if table.solo or table.port is None:
            return None
        session = self.app.session
        server = getattr(session, "server", None) if session is not None else None
        if server is not None and server.port == table.port:
            return None
        from ..saves import in_use_text, port_taken

        bind = table.bind or self.app.host_address()[0]
        return in_use_text(bind, table.port) if port_taken(bind, table.port) else None

    def action_back(self) -> None:
        self.app.back_to_table()

    def action_solo(self) -> None:
        self.app.open_picker("solo")

    def action_host(self) -> None:
        self.app.open_picker("host")

    def action_join(self) -> None:
        self.app.open_join()

    def action_record(self) -> None:
        self.app.action_record()

    def action_rules(self) -> None:
        self.app.action_rules()
