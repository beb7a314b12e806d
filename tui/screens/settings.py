"""Name, theme, card style, hand order, animation, bell, bot pause and default game; saved on every
change. The keys moved in the file's ``[keymap]`` are listed; "Move keys" opens the Keys screen.
The theme list shows each theme as it is highlighted, as the palette's does.

An SSH guest plays under the name it logged in with, which the screen shows but does not let
change, and hosts no table and opens no picker: the bot pause and the default game, which only
those use, are not offered. Its settings file is the host's, in the host's data folder: the
screen says whose they are, not where."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import getters, on
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static, Switch

from core import GAMES
from net.protocol import NAME_LEN, clean_name
from net.seatnames import bot_like

from ..handorder import HAND_ORDERS, ORDER_LABELS
from ..keymap import moved_text
from ..settings import CARD_STYLES, GUEST_FILE, BadValues, Unread
from ..theming import listed_themes
from ..widgets.keyfooter import KeyFooter
from ..widgets.onoff import OnOffSwitch
from . import popped

if TYPE_CHECKING:
    from ..app import DealMeInApp


class SettingsScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [Binding("escape", "back", "Back")]
    #: the theme list has the focus as Settings opens, a control that takes no letters, so a key
    #: does there what it does on every screen (F1 or ? Help, Q quit): with the name focused, its
    #: text selected, one key pressed there replaced the player's name, and leaving saved it
    AUTO_FOCUS = "#theme"
    _themes_listed: tuple[str, ...] = ()
    #: its widgets are all there: a change that comes sooner is shown by ``on_mount``
    _drawn = False

    def compose(self) -> ComposeResult:
        s = self.app.settings
        guest = self.app.guest
        # no Tab stop of its own (it showed nothing there): its keys still scroll it from any
        # control, and the control Tab reaches is scrolled into view
        with VerticalScroll(id="settings", can_focus=False):
            with Vertical(id="settings-body"):  # one column, in the middle of a wide screen
                yield Static("Settings", classes="title")
                with Grid(id="form"):
                    yield Label("Your name")
                    yield Input(self._guest_name() if guest else s.name, id="name", max_length=NAME_LEN,
                                disabled=guest)
                    yield Label("Theme")
                    yield Select(self._theme_options(), value=self.app.theme_choice.kept, allow_blank=False,
                                 id="theme")
                    yield Label("Cards")
                    yield Select([(c, c) for c in CARD_STYLES], value=s.card_style, allow_blank=False, id="card_style")
                    yield Label("Your hand")
                    yield Select([(ORDER_LABELS[o], o) for o in HAND_ORDERS], value=s.hand_order, allow_blank=False,
                                 id="hand_order")
                    yield Label("Animation")
                    yield OnOffSwitch(s.animation, id="animation")
                    yield Label("Turn bell")
                    yield OnOffSwitch(s.bell, id="bell")
                    if not guest:  # for the tables this app hosts, and its picker: not over SSH
                        yield Label("Bot pause (s)")
                        yield Input(f"{s.bot_pause:g}", id="bot_pause", type="number", max_length=5)
                        yield Label("Default game")
                        yield Select([(info.name, gid) for gid, info in GAMES.items()],
                                     value=s.default_game if s.default_game in GAMES else next(iter(GAMES)),
                                     allow_blank=False, id="default_game")
                if guest:
                    yield Static(Text("Over SSH your name is the one you logged in with: to play under "
                                      "another, log in with that name."), id="name-why", classes="muted")
                yield Static(self._keys_moved(), id="keys")
                yield Button("Move keys…", id="move-keys")
                yield Static("", id="problem", classes="error")
                yield Static(Text(self._where()), id="saved-in", classes="muted")
        yield KeyFooter()

    def _where(self) -> str:
        """Where the changes made here are kept; or, while the settings file cannot be read (the
        app does not write over it), that they are not, and why, as the notice said at start."""
        app = self.app
        unread = app.settings_problem
        if isinstance(unread, Unread):
            named, mends = (GUEST_FILE, "the host mends or removes") if app.guest else \
                (str(app.config_path), "you mend or remove")
            return (f"{named} is not written: it {unread.why}. What you change here is used but not kept "
                    f"until {mends} it.")
        if app.guest:
            return (f"Kept by this table's host for {self._guest_name()}: yours again whenever you log in "
                    "with that name.")
        # what the notice at the start said of the file, there to read once the notice has gone
        left = [*unread.each] if isinstance(unread, BadValues) else []
        left += [f"keymap {binding_id}" for binding_id in getattr(app, "keymap_unused", [])]
        if left:
            named = ", ".join(left[:4]) + (f" and {len(left) - 4} more" if len(left) > 4 else "")
            return f"Saved in {app.config_path}. Not used from it, as said at the start: {named}."
        return f"Saved in {app.config_path}"

    def _show_where(self) -> None:
        """The line under the form follows the file: one found unreadable at a save is not written."""
        if self._drawn and not popped(self):
            self.query_one("#saved-in", Static).update(Text(self._where()))

    def _guest_name(self) -> str:
        """An SSH guest's name: the one it logged in with, cleaned as the tables clean it (the
        SSH door gives one that would show nothing as "guest": ``net.ssh_server.player_name``)."""
        name = self.app.player_name
        return clean_name(name, NAME_LEN) or name

    def _theme_options(self) -> list[tuple[str, str]]:
        """The theme list's choices, every theme there is now (noted, to rebuild it on a change)."""
        self._themes_listed = tuple(listed_themes(self.app.available_themes))
        return [(t, t) for t in self._themes_listed]

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        # a theme, card style or hand order changed while the screen was being composed: its
        # fields were made with the values before
        self.restyle(self.app.card_style, None)
        self.reorder(self.app.settings.hand_order)
        themes = self.query_one("#theme", Select)
        self.watch(themes, "expanded", self._theme_list_shown, init=False)
        self.watch(themes.query_one("SelectOverlay", OptionList), "highlighted", self._theme_highlighted, init=False)

    def restyle(self, style: str, palette: object) -> None:
        """A theme or card style changed while Settings is open (F3, F4, the palette): its
        fields show the change, so they never offer the old value as the one in use. The theme
        list is left alone while it is open: it is what is previewing the theme."""
        if not self._drawn or popped(self):  # not composed yet: ``on_mount`` sets the values in use
            return
        self._show_where()  # every change comes here once saved (``update_settings`` redraws the cards)
        self.query_one("#card_style", Select).value = style
        themes = self.query_one("#theme", Select)
        if themes.expanded or self.app.theme not in self.app.available_themes:
            return
        if tuple(listed_themes(self.app.available_themes)) != self._themes_listed:  # themes loaded since it opened
            themes.set_options(self._theme_options())
        kept = self.app.theme_choice.kept
        if themes.value != kept:
            themes.value = kept

    def reorder(self, order: str) -> None:
        """The hand order changed while Settings is open (the palette): its field shows it."""
        if self._drawn and not popped(self):  # else ``on_mount`` sets it
            self.query_one("#hand_order", Select).value = order

    def _theme_list_shown(self, shown: bool) -> None:
        if shown:
            self.app.begin_theme_preview()
            return
        # the value is set before the list closes: the theme chosen, or still the one it opened on
        value = self.query_one("#theme", Select).value
        self.app.end_theme_preview(value if isinstance(value, str) else None)

    def _theme_highlighted(self, index: int | None) -> None:
        themes = self.query_one("#theme", Select)
        if themes.expanded and index is not None:
            option = themes.query_one("SelectOverlay", OptionList).get_option_at_index(index)
            self.app.preview_theme(str(option.prompt))

    def action_back(self) -> None:
        """Keep what is typed in the name and bot pause fields (Escape leaves them without
        their losing the focus, which is when they are kept otherwise), then go back."""
        if self.app.guest:  # neither is there to change
            self.app.pop_screen()
            return
        self._keep_name(self.query_one("#name", Input).value)
        pause = self.query_one("#bot_pause", Input).value
        if self._keep_pause(pause) is None and pause.strip() != f"{self.app.settings.bot_pause:g}":
            self.app.notify(f"Bot pause {pause.strip()!r} not kept: {self._pause_problem(pause)}. "
                            f"It stays {self.app.settings.bot_pause:g}.", severity="warning")
        self.app.pop_screen()

    @on(Input.Submitted, "#name")
    @on(Input.Blurred, "#name")
    def _name_given(self, event: Input.Submitted | Input.Blurred) -> None:
        self._keep_name(event.input.value)

    def _keep_name(self, text: str) -> None:
        if self.app.guest:  # plays under its login name, whatever the file says
            return
        name = clean_name(text, NAME_LEN)  # as the tables will show it
        if not name or bot_like(name):
            why = "it reads as a bot's name, which the tables keep for their bots" if name else \
                "it shows no letter" if text.strip() else "it is blank"
            self.app.notify(f"Name not kept: {why}. It stays {self.app.settings.name}.", severity="warning")
            # the field shows the name kept again: said once, not at every move of the focus
            for field in self.query("#name").results(Input):
                _show(field, self.app.settings.name)
            return
        if name != text:  # the field shows the name as kept (the tables show it so)
            for field in self.query("#name").results(Input):
                _show(field, name)
        if name != self.app.settings.name:
            self.app.update_settings(name=name)

    @staticmethod
    def _pause_problem(text: str) -> str | None:
        """What is wrong with a pause typed; None for a pause."""
        try:
            value = float(text)
        except ValueError:
            return "a number of seconds"
        return None if 0 <= value <= 10 else "from 0 to 10 seconds"

    def _pause_value(self, text: str) -> float | None:
        """The pause typed, or ``None`` with the problem shown under the form."""
        wrong = self._pause_problem(text)
        self.query_one("#problem", Static).update(f"Bot pause: {wrong}" if wrong else "")
        return None if wrong else float(text)

    @on(Input.Changed, "#bot_pause")
    def _pause_typed(self, event: Input.Changed) -> None:
        self._pause_value(event.value)  # checked as it is typed, kept once it is done

    @on(Input.Submitted, "#bot_pause")
    @on(Input.Blurred, "#bot_pause")
    def _pause(self, event: Input.Submitted | Input.Blurred) -> None:
        text = event.input.value
        value = self._keep_pause(text)
        if value is not None and text.strip() != f"{value:g}":
            _show(event.input, f"{value:g}")  # kept as the file has it ("1e1" is 10, "0.50" 0.5)
        if value is None:
            # said where it shows (the line under the form may be below the screen's foot), and
            # the field shows the pause kept again: said once, not at every move of the focus
            kept = f"{self.app.settings.bot_pause:g}"
            self.app.notify(f"Bot pause {text.strip()!r} not kept: {self._pause_problem(text)}. It stays {kept}.",
                            severity="warning")
            _show(event.input, kept)

    def _keep_pause(self, text: str) -> float | None:
        """The pause typed, kept; ``None`` (and the problem shown) when it is not a pause."""
        value = self._pause_value(text)
        if value is not None and value != self.app.settings.bot_pause:
            self.app.update_settings(bot_pause=value)
        return value

    @on(Select.Changed)
    def _select(self, event: Select.Changed) -> None:
        key = event.select.id or ""
        if key == "theme":  # kept as its list closes (``_theme_list_shown``), not as the control fills in
            return
        if event.value is Select.BLANK or getattr(self.app.settings, key, None) == event.value:
            return
        if event.select.value != event.value:
            # said as the field was made, with a value since replaced (the card style switched
            # while Settings opened, ``restyle``): not a choice, or it would switch it back
            return
        self.app.update_settings(**{key: event.value})

    @on(Switch.Changed, "#animation")
    def _animation(self, event: Switch.Changed) -> None:
        if event.value != self.app.settings.animation:
            self.app.update_settings(animation=event.value)
            self._said_switched("Animation", event.value)

    @on(Switch.Changed, "#bell")
    def _bell(self, event: Switch.Changed) -> None:
        if event.value != self.app.settings.bell:
            self.app.update_settings(bell=event.value)
            self._said_switched("Turn bell", event.value)

    def _said_switched(self, what: str, on_now: bool) -> None:
        """A switch turned, in words: Space or Enter on a focused switch (or a click) changes it
        at once, and a player reading the screen as text saw no sign of which or how."""
        self.app.notify(f"{what}: {'on' if on_now else 'off'} (kept)", timeout=3)

    @on(Button.Pressed, "#move-keys")
    def _move_keys(self) -> None:
        self.app.action_keys()

    def on_screen_resume(self) -> None:
        """Back from the Keys screen: the keys moved there are listed."""
        if popped(self) or not self.is_mounted:
            return
        self.query_one("#keys", Static).update(self._keys_moved())
        self._show_where()

    def _keys_moved(self) -> Text:
        from ..screenkeys import screen_bindings

        return Text(f"Keys moved: {moved_text(self.app.keymap, screen_bindings(), file=not self.app.guest)}")


def _show(field: Input, text: str) -> None:
    """``field`` shows ``text`` (the value kept, in place of one typed), its cursor at the end
    as after typing it: at the start, the next key typed went before the value kept."""
    field.value = text
    field.cursor_position = len(text)
