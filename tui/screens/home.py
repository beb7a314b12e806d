"""The first screen: play solo, host, join, your record, settings, rules, quit."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.keyfooter import KeyFooter
from . import popped

if TYPE_CHECKING:
    from ..app import DealMeInApp

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


def logo_for(style: str) -> str:
    """The logo's card drawn as the card style draws cards: letters in ascii, else the symbol."""
    return ASCII_LOGO if style == "ascii" else LOGO


class HomeScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
        Binding("b", "back", "Back to the table", id="home.back"),
        Binding("p", "solo", "Play solo", id="home.solo"),
        Binding("h", "host", "Host", id="home.host"),
        Binding("j", "join", "Join", id="home.join"),
        Binding("y", "record", "Record", id="home.record"),
        Binding("s", "app.settings", "Settings", id="home.settings"),
        Binding("r", "rules", "Rules", id="home.rules"),  # "rules", as F2's: the footer shows the two as one
    ]

    saved: list = []  # (label, save file, solo?) of the tables that can be resumed
    _shown = False

    @staticmethod
    def offers(action: str, guest: bool) -> bool:
        """An SSH guest's home offers the way back to its table, not solo, hosting, joining or
        a record (``DealMeInApp.guest``: its data folder is the host's); everyone else's the
        other way round."""
        if action == "back":
            return guest
        if action in ("solo", "host", "join", "record"):
            return not guest
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offers(action, bool(getattr(self.app, "guest", False)))

    def _read_saves(self) -> list[Button]:
        """Buttons for the tables that can be resumed; a bad save is reported once here (none
        for an SSH guest: the saves are the host's)."""
        from ..saves import saved_tables

        if getattr(self.app, "guest", False):
            self.saved = []
            return []
        self.saved, problems = saved_tables(self.app.host_address()[1])
        for problem in problems:
            self.app.notify(problem, title="Saved table", severity="warning", timeout=10)
        return [Button(label, id=f"resume-{i}", classes="resume") for i, (label, _p, _s) in enumerate(self.saved)]

    def compose(self) -> ComposeResult:
        resume = self._read_saves()
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
        longest = max((cell_len(label) + 2 for label, _path, _solo in self.saved), default=0)
        menu.styles.width = max(MENU_WIDTH, longest)

    def restyle(self, style: str, palette: object) -> None:
        """A card style switched at run time (F4, Settings, the palette) redraws the logo's
        card at once: a terminal that draws suit symbols wide needs the letters now."""
        for logo in self.query("#logo").results(Static):  # none before the screen is composed
            logo.update(logo_for(style))

    def on_mount(self) -> None:
        if popped(self):
            return
        self._focus_first()

    def _focus_first(self) -> None:
        """A table left to resume is what Enter does first; else Play solo (an SSH guest: Back)."""
        if getattr(self.app, "guest", False):
            self.query_one("#back", Button).focus()
        elif self.query(".resume"):
            self.query(".resume").first(Button).focus()
        else:
            self.query_one("#solo", Button).focus()

    async def on_screen_resume(self) -> None:
        """Back from a table: it may have left a save to resume (or used one up)."""
        if not self._shown:
            self._shown = True
            return
        lost = self.focused is None or self.focused.has_class("resume")  # its button goes now
        before = {path for _label, path, _solo in self.saved}
        await self.query(".resume").remove()
        buttons = self._read_saves()
        menu = self.query_one("#menu", Vertical)
        self._fit_menu(menu)
        if buttons:
            await menu.mount_all(buttons, before=0)
        # a table just left to resume is what Enter plays on, as at a fresh start
        if lost or {path for _label, path, _solo in self.saved} - before:
            self._focus_first()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"solo": self.action_solo, "host": self.action_host, "join": self.action_join, "back": self.action_back,
                   "record": self.action_record, "settings": self.app.action_settings, "rules": self.app.action_rules}
        if event.button.id and event.button.id.startswith("resume-"):
            _label, path, solo = self.saved[int(event.button.id.split("-")[1])]
            self.app.resume_table(path, solo)
        elif event.button.id == "quit":
            self.run_worker(self.app.action_quit())
        elif event.button.id in actions:
            actions[event.button.id]()

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
