"""The Deal Me In app: screens, settings, themes, and the one table session it may hold.

``tui.running.run_app(args)`` is what ``dealmein``, ``dealmein join`` and ``dealmein host`` run."""
from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import sys
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import Notify
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES

from net.addresses import SSH_PORT
from net.environ import JOIN_PASSWORD_ENV, SEAT_GRACE_ENV, SEAT_TOKEN_ENV, SSH_SESSION_ENV
from net.lanflags import advertised
from net.lanflags import lan_interfaces as lan_flag_interfaces

from .handorder import HAND_ORDERS, ORDER_LABELS
from .heldnotices import HeldNotices
from .leftnotices import LeftNotices
from .notices import TOO_SMALL_TITLE, cover_beneath, fitted, was_taken_down
from .plain import printable
from .running import saved_match_note, terminal_gone
from .settings import (CARD_STYLES, Rewritten, Settings, Unread, change_settings, file_named, load_settings,
                       notice_wordings, settings_path)
from .startnotices import InTurn
from .tablejoin import TableJoin
from .themechoice import ThemeChoice
from .unexpected import note_unexpected
from .theming import listed_themes, palette_for, quick_theme

if TYPE_CHECKING:  # the card drawings (and the engine's card code) load with the first table
    from .cardface import CardPalette
    from .screens.picker import TableChoice
    from .session import TableSession


#: the smallest terminal every screen is laid out for (columns, rows): the tests go down to it
SMALLEST = (60, 18)
#: what a terminal smaller than that is told, under ``TOO_SMALL_TITLE``
TOO_SMALL = f"Make it {SMALLEST[0]}x{SMALLEST[1]} or more."


class DealMeInApp(App[int]):
    """The card room: its screens, settings, theme and keys, and the one table (``session``)
    it sits at, hosted here or joined; its result is the command's exit code."""

    TITLE = "Deal Me In"
    # the home screen's stylesheet is read with the app's: it is the first screen shown, and a
    # screen's own stylesheet read as it opens would have every rule parsed again
    CSS_PATH = [Path(__file__).with_name("app.tcss"), Path(__file__).parent / "screens" / "home.tcss"]
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", priority=True, show=False),
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", show=False, id="app.help"),
        Binding("f2", "rules", "Rules", id="app.rules"),
        Binding("f3", "next_theme", "Theme", show=False, id="app.theme"),
        Binding("f4", "next_card_style", "Card style", show=False, id="app.card_style"),
    ]

    def __init__(self, args: argparse.Namespace | None = None, *, config_path: Path | None = None,
                 bot_delay: float | None = None, mdns: bool | None = None,
                 bind: str | None = None, port: int | None = None,
                 lan_interfaces: list[str] | None = None, ssh_port: int | None = None,
                 seed: int | None = None, turn_guard: float | None = None,
                 home_guard: float | None = None) -> None:
        from themes.no_color import colour_disabled

        self.no_colour = colour_disabled()  # read before Textual takes NO_COLOR out of the environment
        #: an SSH guest's app: it runs as the host's user, on the host's machine and data folder,
        #: so it plays at the table it was opened on and nothing else (no solo, hosting, joining
        #: elsewhere or resuming a save: see ``guest_refuses``)
        self.guest = os.environ.get(SSH_SESSION_ENV) == "1"
        self.config_path = config_path or settings_path()
        self.settings, self._settings_problem = load_settings(self.config_path, self.guest)
        #: the theme shown and the one kept (``tui.themechoice``)
        self.theme_choice = ThemeChoice(self)
        wanted = self.theme_choice.wanted()
        # the theme shown first is read on its own (the rest load after the first frame), the
        # user's file of that name if there is one, and before Textual builds the stylesheet,
        # which then needs no variables for a theme never shown
        self._first_theme = quick_theme(wanted)
        if os.environ.get("NO_COLOR") == "":
            # no-color.org: an empty NO_COLOR leaves colour on (``themes.no_color``), but Textual
            # greys the whole screen out whenever the variable is there at all
            del os.environ["NO_COLOR"]
        super().__init__()
        #: the command line (an empty one when the app is made without)
        self.args = args if args is not None else argparse.Namespace()
        self.bot_delay = self.settings.bot_pause if bot_delay is None else bot_delay
        #: seconds after a player's turn comes in which a move key makes no move; None: the
        #: table's own (``tui.screens.table.TURN_GUARD``)
        self.turn_guard = turn_guard
        #: seconds home takes no key after a table ended under the player (``back_home``); None:
        #: home's own (``tui.screens.home.HOME_GUARD``)
        self.home_guard = home_guard
        self.mdns = advertised(args) if mdns is None else mdns
        given_ssh = ssh_port if ssh_port is not None else getattr(args, "ssh", None)
        #: the port the SSH switch serves the tables this app hosts on: ``host --ssh PORT``'s
        #: (0: any free one), else the usual one; one taken has another free one instead
        self.ssh_port = SSH_PORT if given_ssh is None else given_ssh
        #: the player chose it (``--ssh``): another one in its place is said, not just shown
        self.ssh_port_chosen = given_ssh is not None
        #: ``dealmein host|solo``'s flags have filled a picker (``open_picker``)
        self._flags_filled = False
        #: the seed of the tables this app hosts (``--seed``): None deals from a secret one
        self.seed = seed if seed is not None else getattr(args, "seed", None)
        #: keep the seats left at other hosts' tables (``tui.seatkeys``); not for a guest, whose
        #: data folder is the host's own and shared by every guest
        self.remember_seats = not self.guest
        #: an SSH guest's seat token, the same each time they log in (``net.ssh_keys.seat_token``)
        self.seat_token = os.environ.get(SEAT_TOKEN_ENV) if self.guest else None
        #: seconds the host keeps an SSH guest's seat once the guest is gone (None: not told)
        self.seat_grace = _seconds(os.environ.get(SEAT_GRACE_ENV)) if self.guest else None
        #: the interfaces the LAN is browsed and advertised on (``--interface``): None, every one
        self.lan_interfaces = lan_interfaces if lan_interfaces is not None else lan_flag_interfaces(args)
        self.bind_address = bind or getattr(args, "bind", None) or "0.0.0.0"
        given_port = port if port is not None else getattr(args, "port", None)
        #: 0 is any free port, as ``host --help`` says (the headless host's too), not the usual one
        self.port = 7098 if given_port is None else given_port
        #: the port was asked for (``--port``): one in use is refused, not swapped for a free one
        #: as the usual one is, where players told that port would not find the table (the
        #: ``port`` given here stands for the usual one)
        self.port_given = "port" in getattr(args, "given", set())
        self.session: TableSession | None = None  # while at a table
        #: tables left for home so far (``back_home``): home, uncovered after one, focuses as at a fresh start
        self.tables_left = 0
        #: home takes no key before this (``back_home``): the table's keys, typed as it ended
        self.home_keys_from = 0.0
        #: binding id -> keys, the usable part of the settings' ``[keymap]`` (``tui.keymap``)
        self.keymap: dict[str, str] = {}
        self.rules_game = self.settings.default_game
        self.rules_table: dict[str, Any] | None = None  # preset and options in force, for Rules
        self._quitting = False
        #: said on the terminal once the app has exited (``run_app``): what became of the solo
        #: match left by quitting (``saved_match_note``), since Q leaves a saved one without a question
        self.exit_note = ""
        #: asked as the app mounts, the terminal its own: a Ctrl+C before, which Python dropped
        #: on its way (``tui.cli``), stops it there (``stopped_at_start``) as one raised would
        #: have before it started
        self.interrupted_at_start: Callable[[], bool] | None = None
        self.stopped_at_start = False
        #: tables being left: each close runs to its end, whoever waited on it (``leave_table``)
        self._closings: set[asyncio.Future[None]] = set()
        #: joins to other tables, one at a time (``tui.tablejoin``)
        self.joins = TableJoin(self)
        self._warned: set[str] = set()  # the titles ``warn_once`` has said
        #: notices waiting while a question is on top (``tui.heldnotices``)
        self.held_notices = HeldNotices(self)
        #: notices taken down, by (title, words), when: one raised before it and still on its way
        #: does not show (``tui.notices.take_down``)
        self.taken_down: dict[tuple[str, str], float] = {}
        #: notices said of a table left, past once another opens (``tui.leftnotices``)
        self.left_notices = LeftNotices(self)
        #: the notices about the player's files said at the start, one after another (``tui.startnotices``)
        self.start_notices = InTurn(self)
        if not self.settings.animation:
            self.animation_level = "none"
        first, self._first_theme = self._first_theme, None
        self._themes_pending = first is not None  # the other themes load after the first frame
        self._small_told = False  # the terminal was said to be too small, and is still
        #: the last key that came in, and when (``time.monotonic``)
        self.last_key: tuple[str, float] = ("", 0.0)
        if first is not None:
            self.theme_choice.start_with(first)

    # ------------------------------------------------------------------ start
    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice is plain text, whatever the caller asks (a screen's ``notify`` asks for
        markup by default): many carry what a host, a player or a file wrote, where one stray
        ``[/x]`` read as markup would end the app when the notice is drawn, and ``[@click=...]``
        would make it run an action; nor does a control character or escape sequence reach the
        terminal (``plain.printable``)."""
        super().notify(printable(message), title=printable(title), severity=severity, timeout=timeout, markup=False)

    def _on_notify(self, event: Notify) -> None:
        """A notice that comes while a question is on top waits for its answer (``tui.heldnotices``);
        one taken down since it was raised does not come at all (``tui.notices.was_taken_down``)."""
        if was_taken_down(self, event.notification) or self.held_notices.keep(event.notification):
            event.prevent_default()

    def get_key_display(self, binding: Binding) -> str:
        """Textual writes Shift and a letter as the capital ("D"), which beside the key bar's
        lower-case letters reads as the plain key: "shift+d", as it writes "shift+f5"; and a
        sign beyond ASCII by its name ("pound_sign"): by the sign."""
        key = binding.key
        if binding.id == "choice.spades":  # the one suit key on the bar stands for the four
            from .screens.choice import SUIT_KEYS

            return " ".join(self.keys_for(suit_id, shipped) for suit_id, shipped, _, _ in SUIT_KEYS)
        if binding.key_display is None and len(key) == 1 and key.isalpha() and key.isupper():
            return f"shift+{key.lower()}"
        if binding.key_display is None:  # a sign beyond ASCII (Textual shows "pound_sign": £)
            from .keymap import sign_of

            sign = sign_of(key)
            if sign is not None:
                return sign
        return super().get_key_display(binding)

    def on_resize(self, event: events.Resize) -> None:
        """A terminal smaller than the screens are made for (``SMALLEST``) is said once each
        time it becomes so: a table there cuts its cards and its key bar without a word."""
        small = event.size.width < SMALLEST[0] or event.size.height < SMALLEST[1]
        if small and not self._small_told:
            # the title says it in a few words, for a table's notice cut to the few rows the
            # small terminal leaves it
            self.notify(TOO_SMALL, title=TOO_SMALL_TITLE, severity="warning", timeout=8)
        elif not small and self._small_told:  # made large enough: the notice is past
            from .notices import take_down

            take_down(self, {TOO_SMALL}, title=TOO_SMALL_TITLE)
        self._small_told = small

    @property
    def too_small(self) -> bool:
        """The terminal is smaller than the screens are made for (``SMALLEST``), as last resized."""
        return self._small_told

    def _table_in_small_terminal(self, top: Screen[Any]) -> None:
        """A table opened in a terminal smaller than it is made for says so again, the notice
        said as the terminal became small having gone (a match dealt from the picker at 50x14
        showed its cut hand without a word)."""
        table = sys.modules.get(f"{__package__}.screens.table")  # (not loaded: no table; home loads none)
        if table is not None and isinstance(top, table.TableScreen) and self._small_told and \
                not any(n.title == TOO_SMALL_TITLE for n in self._notifications):
            self.notify(TOO_SMALL, title=TOO_SMALL_TITLE, severity="warning", timeout=8)

    async def on_event(self, event: events.Event) -> None:
        """Each key as it comes in, before any screen or widget takes it: the table asks which
        key closed a screen over it (``escaped``)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.last_key = (event.key, time.monotonic())
        await super().on_event(event)

    def escaped(self, within: float) -> bool:
        """Escape was the last key, pressed within ``within`` seconds."""
        key, at = self.last_key
        return key == "escape" and time.monotonic() - at < within

    def on_mount(self) -> None:
        if self.interrupted_at_start is not None and self.interrupted_at_start():
            self.stopped_at_start = True
            self.exit()
            return
        self.call_after_refresh(self._check_default_game)
        self.theme_changed_signal.subscribe(self, self.theme_choice.changed)
        # at once: a notice that comes next finds the question's notices held already
        self.screen_change_signal.subscribe(self, self.held_notices.screen_changed, immediate=True)
        self.screen_change_signal.subscribe(self, lambda top: cover_beneath(self, top), immediate=True)
        self.screen_change_signal.subscribe(self, self._table_in_small_terminal)
        keymap_problems = self._apply_keymap()
        # one notice for the settings file, one for the themes: a stack of them ran off the screen;
        # and one as tall as the screen at most, or its top, the file's path, was never seen
        unused = [binding_id for binding_id in self.settings.keymap if binding_id not in self.keymap]
        #: the settings file's [keymap] entries not used (Settings names them under its form)
        self.keymap_unused = unused
        wordings = notice_wordings(file_named(self.config_path, self.guest), self._settings_problem,
                                   keymap_problems, unused, self.guest)
        if wordings:
            self.start_notices.say(fitted(wordings, self.size), title="Settings", timeout=10)
        # the themes after the settings file: its Themes notice, if any, comes second (a theme
        # the file names that is not there is the settings file's mistake, said after its own)
        if self._themes_pending:
            self.call_after_refresh(self.theme_choice.load)
        else:
            self.theme_choice.load()
        from .screens.home import HomeScreen

        command = getattr(self.args, "command", None)
        # an SSH session opens straight on its host's lobby, with no home screen drawn first (each
        # session's memory and start); home comes when the lobby is left
        if not (command == "join" and self.guest):
            self.push_screen(HomeScreen())
        if command == "join":
            self.call_after_refresh(self.join_address, self.args.address, self._join_password(),
                                    getattr(self.args, "host_key", None), bool(getattr(self.args, "watch", False)))
        elif command in ("host", "solo"):
            self.call_after_refresh(self.open_picker, command)
        elif command == "replay":
            from .screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(Path(self.args.file)))

    def _check_default_game(self) -> None:
        """settings.toml's ``default_game`` names a game (after the first frame: it needs the
        engine's registry); another name is said, and the default used, as for any setting."""
        from core import GAMES

        wanted = self.settings.default_game
        if wanted not in GAMES:
            default = Settings.default_game
            self.settings.default_game = default
            if self.guest:  # which it never uses: nothing to say
                return
            self.start_notices.say(f"{self.config_path}: default_game: {wanted!r} is not a game (the games are "
                                   f"{', '.join(GAMES)}); using {default}", title="Settings", timeout=8)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        from themes.variables import app_variables

        first = getattr(self, "_first_theme", None)
        if first is not None:  # asked while Textual's own __init__ runs: the theme about to be set
            return app_variables(first)
        try:
            theme = self.current_theme
        except Exception:  # asked before the themes are registered
            theme = BUILTIN_THEMES["textual-dark"]
        return app_variables(theme)

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables, with ``$text-muted`` as readable as text (4.5:1) on the
        grounds it is drawn on (``themes.variables.muted_text``); a theme that sets its own keeps it."""
        from themes.variables import muted_text

        variables = super().get_css_variables()
        if "text-muted" not in self.current_theme.variables:
            muted = muted_text(variables, self.current_theme.dark)
            if muted is not None:
                variables["text-muted"] = muted
                self.theme_variables = variables
        return variables

    def host_address(self) -> tuple[str, int]:
        """Where a hosted table listens: ``--bind``/``--port`` (port 0: any free one) or every
        interface on 7098."""
        return self.bind_address, self.port

    # ------------------------------------------------------------------ settings
    @property
    def settings_problem(self) -> str | None:
        """What was wrong with the settings file (an ``Unread`` one was not read, and moves are
        not kept in it), or None."""
        return self._settings_problem

    @property
    def player_name(self) -> str:
        name = getattr(self.args, "name", None)
        return name or self.settings.name

    @property
    def card_style(self) -> str:
        return self.settings.card_style

    @property
    def palette(self) -> CardPalette:
        # (a terminal of 16 colours or 8, or of 256, as Rich reads TERM and COLORTERM: ``palette_for``)
        system = self.console.color_system
        return palette_for(self.current_theme, few_colours=system in ("standard", "windows"), eight_bit=system == "256")

    def _apply_keymap(self) -> list[str]:
        """Move the keys ``[keymap]`` asks for (those that can move); what could not, and why."""
        if not self.settings.keymap:
            return []
        from .screenkeys import checked_keymap

        self.keymap, problems = checked_keymap(self.settings.keymap)
        self.set_keymap(self.keymap)
        return problems

    def move_key(self, binding_id: str, keys: str | None) -> str | None:
        """Move one key (``keys`` None: back to where it ships), at once and in settings.toml;
        or, when it cannot move there, why (and nothing changes). No key moved before stops
        working for it: a move that would push one out is refused, not made."""
        return self.move_keys({binding_id: keys})

    def move_keys(self, moves: dict[str, str | None], dry_run: bool = False) -> str | None:
        """Several keys moved together, as ``move_key`` moves one (a swap is two moves that
        each clash alone); ``dry_run`` only says whether they could be."""
        from .screenkeys import moved_keymap

        moved = moved_keymap(self.settings.keymap, moves)
        if isinstance(moved, str):
            return moved
        if dry_run:
            return None
        self.settings.keymap, self.keymap = moved
        self.set_keymap(self.keymap)
        self.save_settings("keymap")
        return None

    def keys_for(self, binding_id: str, default: str) -> str:
        """How a hint names the key of ``binding_id`` ("Space", "D"): its first key now."""
        from .keymap import key_label

        return key_label(self.keymap.get(binding_id, default).split(",")[0])

    def save_settings(self, *keys: str) -> None:
        """Save ``keys`` as this app has them; the file's other keys stay as they are there now
        (another app open at once may have changed them)."""
        try:  # the file as it is now: one mended or removed since it could not be read takes the change
            unread = change_settings({k: getattr(self.settings, k) for k in keys}, self.config_path, self.settings)
            if isinstance(unread, Rewritten):  # written afresh: the file as it was is kept beside it
                self.notify(f"{file_named(self.config_path, self.guest)} could not take this change in its own lines "
                            "(a keymap written inline, say), so it is written afresh"
                            + ("" if self.guest else f"; the file as it was, comments and all, is kept as {unread}"),
                            title="Settings", severity="warning", timeout=10)
                unread = None
            if unread is not None:  # (nothing written: what the file held is not lost to a change)
                self._settings_problem = unread
            elif isinstance(self._settings_problem, Unread):
                self._settings_problem = None
        except OSError as e:
            # the file named (a guest's in words that name none of the host's folders)
            self.notify(f"Could not save the settings to {file_named(self.config_path, self.guest)}: "
                        f"{e.strerror or e}", severity="error")
        if isinstance(self._settings_problem, Unread):
            self.warn_once("Settings file", f"{file_named(self.config_path, self.guest)} could not be read, so "
                           "this change is used but not kept: " + ("the host can mend or remove it" if self.guest
                                                                   else "mend or remove the file to keep changes"))

    def update_settings(self, **changes: Any) -> None:
        for key, value in changes.items():
            setattr(self.settings, key, value)
        if "theme" in changes and changes["theme"] != self.theme:
            self.theme = changes["theme"]
        if "bot_pause" in changes:
            self.bot_delay = float(changes["bot_pause"])
            server = self.session.server if self.session is not None else None
            if server is not None:  # the table this app hosts now pauses so too
                server.bot_delay = self.bot_delay
        if "hand_order" in changes:
            self._tell_screens("reorder", changes["hand_order"])
        if "animation" in changes:
            self.animation_level = "full" if changes["animation"] else "none"
        self.save_settings(*changes)
        self.refresh_cards()

    def refresh_cards(self) -> None:
        """Redraw card drawings after a theme or card style change."""
        self._tell_screens("restyle", self.card_style, self.palette)

    def _tell_screens(self, method: str, *args: Any) -> None:
        """Call ``method`` on every open screen that has it (the tables under a settings screen
        change with it)."""
        for screen in self.screen_stack:
            call = getattr(screen, method, None)
            if call is not None:
                call(*args)

    # a theme list (the palette's, or Settings') shows each theme as it is highlighted and saves
    # only the one chosen; closed without a choice, the theme from before comes back
    def choose_theme(self, name: str) -> None:
        """Keep ``name`` as the theme and save it (the palette's and Settings' choice)."""
        self.theme_choice.choose(name)

    def begin_theme_preview(self) -> None:
        self.theme_choice.begin_preview()

    def preview_theme(self, name: str) -> None:
        self.theme_choice.preview(name)

    def end_theme_preview(self, chosen: str | None) -> None:
        """``chosen`` is kept and saved; ``None``, or the theme the preview began on, brings that
        one back and saves nothing."""
        self.theme_choice.end_preview(chosen)

    def action_change_theme(self) -> None:
        """The palette's theme list, previewing each theme as it is highlighted; Escape goes back."""
        from textual.command import CommandPalette

        from .theming import ThemePreviewProvider

        self.begin_theme_preview()
        self.push_screen(CommandPalette(providers=[ThemePreviewProvider], placeholder="Search for themes…"))

    def on_command_palette_option_highlighted(self, event: Any) -> None:
        from .theming import previewed_theme

        name = previewed_theme(event)
        if name is not None:
            self.preview_theme(name)

    def on_command_palette_closed(self, event: Any) -> None:
        self.theme_choice.palette_closed(event.option_selected)

    def action_next_theme(self) -> None:
        names = listed_themes(self.available_themes)
        kept = self.theme_choice.kept
        i = names.index(kept) if kept in names else -1
        chosen = names[(i + 1) % len(names)]
        if not self.no_colour:
            self.theme = chosen
            self.notify(f"Theme: {chosen}", timeout=2)
            return
        # under NO_COLOR the terminal shows no colour whatever the theme: the choice is kept for
        # a terminal without it, and said so, or F3 seems broken
        self.theme_choice.choose(chosen)
        self.notify(f"Theme: {chosen}, kept for when NO_COLOR is not set (now shown without colour)", timeout=4)

    def action_next_card_style(self) -> None:
        i = CARD_STYLES.index(self.card_style)
        self.set_card_style(CARD_STYLES[(i + 1) % len(CARD_STYLES)])

    def set_card_style(self, style: str) -> None:
        self.update_settings(card_style=style)
        self.notify(f"Cards: {style}", timeout=2)

    def set_hand_order(self, order: str) -> None:
        self.update_settings(hand_order=order)
        self.notify(f"Your hand: {ORDER_LABELS[order]} (kept in Settings)", timeout=3)

    # ------------------------------------------------------------------ navigation
    def action_help(self) -> None:
        from .screens.help import HelpScreen
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            self.pop_screen()  # F1 from the rules: one in place of the other, not a pile to Escape out of
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self, game: str | None = None) -> None:
        from .screens.help import HelpScreen
        from .screens.rules import RulesScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()  # F2 from Help: in its place
        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen(game or self.rules_game, self.rules_table))

    def action_record(self) -> None:
        from .screens.record import RecordScreen

        if not self.guest_refuses("keep a record of your matches") and not isinstance(self.screen, RecordScreen):
            self.push_screen(RecordScreen())

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_keys(self) -> None:
        from .screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen())

    def guest_refuses(self, what: str) -> bool:
        """An SSH guest asking for more than its table: say no, and why (True when refused)."""
        if self.guest:
            self.notify(f"Over SSH you play at this host's table only: to {what}, run Deal Me In "
                        "on your own machine.", title="Not over SSH", severity="warning", timeout=8)
        return self.guest

    def _join_password(self) -> str | None:
        """The password of the table ``dealmein join`` opens on: an SSH session's app gets it by
        environment, never on its command line."""
        return getattr(self.args, "password", None) or os.environ.get(JOIN_PASSWORD_ENV)

    def back_to_table(self) -> None:
        """An SSH guest's way back to the table its session was opened on."""
        if self.guest and getattr(self.args, "command", None) == "join":
            self.join_address(self.args.address, self._join_password())

    def open_picker(self, mode: str = "solo", replace_ok: bool = False) -> None:
        if self.guest_refuses("play solo" if mode == "solo" else "host a table"):
            return
        if mode == "solo" and not replace_ok:
            from .saves import solo_saved

            saved = solo_saved()
            if saved is not None:  # one solo match is kept to resume: say before replacing it
                from .screens.confirm import ConfirmScreen

                self.push_screen(ConfirmScreen(
                    "Start a new solo match?",
                    f"Your saved {saved} match is replaced once the new one is dealt. Keep it, and Resume on the home screen plays the saved match on.",
                    yes="New match", no="Keep it"),
                    lambda yes: self.open_picker(mode, replace_ok=True) if yes else None)
                return

        from .lastpick import load as load_picks

        picks, problem = load_picks()
        if problem:
            self.warn_once("Picker", f"{problem}. The picker opens on its defaults.")
        remembered = picks.get(mode, {})

        def chosen(choice: Any) -> None:
            self.remember_pick(mode, choice)
            self.table_work(partial(self.start_table, choice, solo=mode == "solo"), opening=True)

        from .pickerargs import picker_for

        # the command line fills the first picker of its command; the next ones open on its game
        # with the last choices for it (which that table, once dealt, became), not on the flags again
        first = not self._flags_filled
        self._flags_filled = self._flags_filled or getattr(self.args, "command", None) == mode
        picker = picker_for(mode, self.args, self.settings.default_game, remembered, flags=first)
        picker.on_start = chosen  # the picker stays up until the table's first screen replaces it
        self.push_screen(picker)

    def remember_pick(self, mode: str, choice: TableChoice) -> None:
        """Keep the choice as its game's last in ``mode`` (not its password or SSH switch); a
        file that cannot keep it is said once a run."""
        from .lastpick import Pick, remember

        problem = remember(mode, choice.game, Pick(choice.preset, dict(choice.options), choice.seats,
                                                   dict(choice.bots), choice.turn_time))
        if problem:
            self.warn_once("Picker", f"{problem}. This choice is not kept for next time.")

    def warn_once(self, title: str, message: str) -> None:
        """A warning about one of the app's own files, said the first time only in a run: the
        file stays as it is, and saying so at every match or join would only repeat it."""
        if title not in self._warned:
            self._warned.add(title)
            self.notify(message, title=title, severity="warning", timeout=10)

    def warned(self, title: str) -> bool:
        """A warning under ``title`` was said in this run and still holds."""
        return title in self._warned

    def unwarn(self, title: str) -> bool:
        """What was warned of under ``title`` is put right: a new warning is said again. True
        if there had been one."""
        if title in self._warned:
            self._warned.discard(title)
            return True
        return False

    def open_join(self) -> None:
        from .screens.join import JoinScreen

        if self.guest_refuses("join other tables"):
            return
        self.push_screen(JoinScreen())

    def join_address(self, address: str, password: str | None = None, host_key: str | None = None,
                     watch: bool = False) -> None:
        """``watch``: come in watching, taking no seat (one is taken later with T)."""
        if address != getattr(self.args, "address", None) and self.guest_refuses("join other tables"):
            return
        self.table_work(partial(self.join_table, address, password, host_key=host_key, watch=watch))

    # ------------------------------------------------------------------ tables
    def table_work(self, work: Callable[[], Awaitable[None]], opening: bool = False) -> None:
        """Run the work of going to a table (opening, resuming or joining one): one at a time, a
        later one cancelling any under way. A picker left waiting on an opening so cancelled
        (Textual says nothing of a worker cancelled before it ran) offers Start again, rather
        than stay "Opening…" with its key spent. ``opening``: this is a picker's own. ``work`` is
        called once the worker runs: one cancelled first leaves no coroutine unawaited."""
        if not opening:
            for screen in self._pickers_opening():
                screen.not_opened()
        self.run_worker(work, exclusive=True, group="session")

    async def start_table(self, choice: TableChoice, solo: bool) -> None:
        from .session import TableSession

        await self.leave_table()
        try:
            await self.hand_over(await TableSession.host(self, choice, solo=solo))
        except Exception as e:  # a port in use, a refused configuration: say so, stay put
            note_unexpected(e, "opening a table")
            self.notify(f"Could not open the table: {e}", severity="error", timeout=8)
            self.session = None
            for screen in self._pickers_opening():
                screen.not_opened()  # the choice is still there, to change or try again

    def resume_table(self, path: Path, solo: bool) -> None:
        if self.guest_refuses("resume a saved table"):
            return
        self.table_work(partial(self._resume_table, path, solo))

    async def _resume_table(self, path: Path, solo: bool) -> None:
        from .session import TableSession

        await self.leave_table()
        try:
            await self.hand_over(await TableSession.resume(self, path, solo))
        except Exception as e:  # an unusable save is moved aside: say so, stay home
            note_unexpected(e, f"resuming {path}")
            said = f"Could not resume the table: {e}"
            if isinstance(e, OSError) and e.errno == errno.EADDRINUSE and not solo:  # taken since home looked
                from .saves import in_use_text, save_port

                port = save_port(path)
                said = in_use_text(self.host_address()[0], port) if port is not None else said
            self.notify(said, severity="error", timeout=15)
            self.session = None
            from .screens.home import HomeScreen

            for screen in self.screen_stack:  # its Resume entry goes with it
                if isinstance(screen, HomeScreen):
                    screen.saves_changed()

    async def join_table(self, address: str, password: str | None = None, table: str | None = None,
                         host_key: str | None = None, watch: bool = False) -> None:
        """Join the table at ``address``; the one the player is at stays theirs until it takes them."""
        await self.joins.join(address, password, table, host_key, watch=watch)

    def ask_password(self, address: str, wrong: bool = False, table: str | None = None,
                     host_key: str | None = None, watch: bool = False) -> None:
        """The table wants a password (or another one): ask for it, and join with it."""
        self.joins.ask_password(address, wrong, table, host_key, watch=watch)

    def _pickers_opening(self) -> list[Any]:
        from .screens.picker import PickerScreen

        return [s for s in self.screen_stack if isinstance(s, PickerScreen) and s.opening]

    def table_comes(self, session: Any) -> None:
        """``session``'s lobby is to show (``TableSession.show_lobby``): the wait for it goes
        (the joining screen). As the table's first screen comes, where it was chosen, in a
        picker (``PickerScreen.on_start``) or on the Join screen, those go too, with the
        screens of a table it was opened from (closed by now), in the same frame: the new table
        stands on home alone, and the Join screen's LAN browser stops rather than running on
        beneath it. A table already showing (a match starting while the Join screen is open
        over it) keeps them."""
        from .screens.home import HomeScreen
        from .screens.join import JoinScreen

        self.joins.end_wait()
        self.left_notices.past()  # a table left before is no news over this one
        if any(getattr(s, "link", None) is session for s in self.screen_stack):
            return
        pickers = self._pickers_opening()
        for screen in pickers:
            screen.opening = False
        chosen = pickers or any(isinstance(s, JoinScreen) for s in self.screen_stack)
        if chosen and any(isinstance(s, HomeScreen) for s in self.screen_stack):
            while not isinstance(self.screen, HomeScreen):
                self.pop_screen()

    async def hand_over(self, session: Any) -> None:
        """The session a join, a host or a resume made becomes the app's, unless the player
        already left its screens: a table in play can open before the join returns, and Escape
        there must not leave the connection behind."""
        if session.left:
            await session.close()
        else:
            self.session = session

    async def leave_table(self) -> None:
        """Leave the table the app is at. Its close is shielded: a join given up with Escape, or
        the app quitting, stops the wait, not the close, which would otherwise leave a hosted
        table serving with no way back to it, its last save unwritten, or a seat not kept."""
        session, self.session = self.session, None
        if session is not None:
            closing = asyncio.ensure_future(session.close())
            self._closings.add(closing)
            closing.add_done_callback(self._close_done)
            await asyncio.shield(closing)

    def _close_done(self, closing: asyncio.Future[None]) -> None:
        self._closings.discard(closing)
        if not closing.cancelled() and closing.exception() is not None:  # said here too: its waiter may be gone
            logging.getLogger("dealmein.tui").warning("a table did not close cleanly: %s", closing.exception())

    async def _tables_closed(self, seconds: float = 10) -> None:
        """Wait, at most ``seconds``, for the tables still closing: the app exits after them."""
        if self._closings:
            await asyncio.wait(set(self._closings), timeout=seconds)

    def back_home(self, unasked: bool = False) -> None:
        """Home from the table; ``unasked``: the table ended under the player (closed by its
        host, the connection gone), whose keys typed for the table (a chat line's words, an
        Enter) are not taken as home's for ``HOME_GUARD``: Q would quit, P open the picker."""
        from .screens.home import HOME_GUARD, HomeScreen

        if unasked:
            self.home_keys_from = time.monotonic() + (HOME_GUARD if self.home_guard is None else self.home_guard)

        if self.session is not None:
            self.session.left = True
        self.tables_left += 1  # before home is uncovered: it reads this as it shows again
        for screen in self.screen_stack:  # a session still being handed over, whose screens are up
            link = getattr(screen, "link", None)
            if link is not None and hasattr(link, "left"):
                link.left = True
        self.rules_table = None  # Rules from home: the game's page, no longer that table's settings
        while len(self.screen_stack) > 2 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if not isinstance(self.screen, HomeScreen):  # an SSH session opened straight on the lobby
            if len(self.screen_stack) > 1:
                self.switch_screen(HomeScreen())
            else:
                self.push_screen(HomeScreen())
        self.run_worker(self.leave_table(), group="leave")

    async def action_quit(self) -> None:
        """Quit; while others play at a table this app hosts (their match ends with it), or a
        solo match that is not saved is in play (it is lost), only once the player says so."""
        if self._quitting:
            return
        note = self.session.quit_note() if self.session is not None else ""
        if note:
            from .screens.confirm import ConfirmScreen

            if isinstance(self.screen, ConfirmScreen):
                if self.screen.purpose == "quit":  # asked twice: quit
                    await self._quit_now()
                return  # another question is open: it is answered first

            async def answered(quit_now: bool | None) -> None:
                if quit_now:
                    await self._quit_now()

            self.push_screen(ConfirmScreen("Quit Deal Me In?", note, yes="Quit", purpose="quit"), answered)
            return
        await self._quit_now()

    def quit_at_signal(self) -> None:
        """SIGTERM (a ``kill``): quit as Q does, without a question no one may be there to
        answer."""
        self.call_later(self._quit_now)

    def quit_at_hangup(self) -> None:
        """SIGHUP (its terminal closed): leave the tables as Q does, then end the process at
        once: there is no terminal to give back, and Textual's close may wait on writes to it."""
        self.call_later(self._quit_now, hung_up=True)

    async def _quit_now(self, hung_up: bool = False) -> None:
        if self._quitting:
            return
        self._quitting = True
        session = self.session
        away = session.away_note() if session is not None else ""  # before the seat is left
        hosted = session is not None and getattr(session, "server", None) is not None  # before it closes
        await self.leave_table()  # its last save written, or given up on
        await self._tables_closed()  # a table left just before, still closing
        if hung_up or terminal_gone():  # no terminal to give back, and Textual's close may wait on it
            os._exit(0)
        self.exit_note = saved_match_note(session, hosted) or away
        self.exit(0)

    def away_from_table(self, question: str, then: Callable[[], None]) -> None:
        """Another table leaves this one once it opens: ask first while that ends a match for
        others at a table this app hosts, or costs the player a seat in play at someone else's."""
        session = self.session
        if session is None or session.solo and session.saved:  # the solo picker asks before replacing it
            then()
            return
        closing = session.closing_note()
        in_play = session.view is not None and not session.view.get("is_over") and session.seat is not None
        if not closing and not in_play:
            then()
            return
        from .screens.confirm import ConfirmScreen

        self.push_screen(ConfirmScreen(question, closing or session.leave_note(), yes="Go on"),
                         lambda yes: then() if yes else None)

    def _leave_from_palette(self) -> None:
        """As Escape at the table does: asks first while a match is in play."""
        from .screens.table import TableScreen

        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is not None:
            table.action_leave()
        else:
            self.back_home()

    async def on_unmount(self) -> None:
        await self.leave_table()
        await self._tables_closed()

    # ------------------------------------------------------------------ palette
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        if self.guest:  # over SSH: this table only
            if self.session is None:
                yield SystemCommand("Back to the table", "The table this session was opened on", self.back_to_table)
        else:
            yield SystemCommand("Play solo", "A new game against bots, offline",
                                lambda: self.away_from_table("Open a new table?", lambda: self.open_picker("solo")))
            yield SystemCommand("Host a table", "Open a table for players on the LAN",
                                lambda: self.away_from_table("Open a new table?", lambda: self.open_picker("host")))
            yield SystemCommand("Join a table", "Find a table on the LAN or connect to an address",
                                lambda: self.away_from_table("Join another table?", self.open_join))
            yield SystemCommand("Your record", "The matches you have played and won", self.action_record)
        yield SystemCommand("Switch theme", "Choose the colour theme", self.action_change_theme)
        for style in CARD_STYLES:
            yield SystemCommand(f"Card style: {style}", f"Draw the cards in {style}",
                                lambda style=style: self.set_card_style(style))
        for order in HAND_ORDERS:
            yield SystemCommand(f"Hand order: {ORDER_LABELS[order]}", f"Show your cards {ORDER_LABELS[order]}",
                                lambda order=order: self.set_hand_order(order))
        from .screens.table import TableScreen

        at_table = self.session is not None or any(isinstance(s, TableScreen) for s in self.screen_stack)
        yield SystemCommand("Rules", "The rules of this table's game" if at_table else "The rules of each game",
                            self.action_rules)
        yield SystemCommand("Help", "Every key", self.action_help)
        yield SystemCommand("Settings", "Theme, cards, your hand, bell" if self.guest else "Name, theme, cards, bots",
                            self.action_settings)
        yield SystemCommand("Keys", "Move the keys to where you want them", self.action_keys)
        if self.session is not None:
            yield SystemCommand("Leave the table", "Back to the home screen", self._leave_from_palette)
        yield SystemCommand("Quit", "Leave the table and quit" if at_table else "Quit Deal Me In", self.action_quit)


def _seconds(text: str | None) -> float | None:
    """A number of seconds from the environment, checked as the command line's are; None for
    none, or for what is not one."""
    from .cmdline import seconds

    try:
        return seconds()(text) if text else None
    except argparse.ArgumentTypeError:
        return None
