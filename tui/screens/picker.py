"""The variant picker: game, preset, every option as a control, seats and bots, and a live
summary. Built from ``GameInfo.to_dict()`` alone, so a new game or option needs no code here.
Dismissed with a ``TableChoice`` or ``None``."""
from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Select, Static, Switch
from textual.widgets.option_list import Option as ListOption

from core import GAMES
from core.options import GameInfo, value_text
from net.seatnames import BOT_LEVELS

from ..optiontext import clock_label, idle_reason, option_label, problem_text
from ..widgets.keyfooter import KeyFooter
from ..widgets.onoff import OnOffSwitch
from ..widgets.wholelist import WholeOptionList
from . import RulesFor, popped

if TYPE_CHECKING:
    from ..app import DealMeInApp

if TYPE_CHECKING:
    from ..lastpick import Pick

OPEN = "open"
#: int options with at most this many values get a select; wider ranges get a number field
SELECT_SPAN = 12


@dataclass
class TableChoice:
    """What the picker chose: everything needed to open or reconfigure a table."""

    game: str
    preset: str
    options: dict[str, Any] = field(default_factory=dict)  # overrides of the preset
    seats: int = 4
    bots: dict[int, str] = field(default_factory=dict)  # seat -> bot level (seat 0 is yours)
    password: str | None = None  # hosting: the table password, if any
    ssh: bool = False  # hosting: also serve the app over SSH
    turn_time: int = 0  # a table with players: seconds a move may take before a bot finishes the turn (0: no clock)


#: what Start does in each mode: its button's label, and its key's on the key bar
START_LABELS = {"solo": "Start", "host": "Open table", "configure": "Apply"}

#: the turn clocks the picker offers, in seconds (``net.tableconfig.TableConfig.turn_time``)
TURN_CLOCKS = (0, 15, 30, 60, 120, 300)


#: the rows from which the variants list shows each variant's words under its name
TALL = 22


def preset_prompt(preset: dict[str, Any], short: bool) -> Text:
    """A variant as the list names it: its name, in bold, over its words where there is room
    (not dimmed: on the highlighted row dim text would not read at 4.5:1)."""
    if short:
        return Text(preset["name"], style="bold")
    return Text.assemble((preset["name"], "bold"), "\n", preset["description"])


def clock_choices(seconds: int) -> list[tuple[str, int]]:
    """The turn clock's choices, ``seconds`` among them even when it is not one of the usual."""
    return [(clock_label(c), c) for c in sorted({*TURN_CLOCKS, seconds})]


class PickerScreen(Screen["TableChoice | None"]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: below 80 columns the lists and labels narrow, so the options keep room for their words
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-normal")]
    #: below ``TALL`` rows the variants list has room for a row or two: it names each variant on
    #: one line (the chosen one's words move to the summary), so that it shows more than one and
    #: never starts halfway through a description
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]
    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        # the key bar names Start's key as the button reads in this picker's mode (``check_action``)
        *(Binding("ctrl+s", f"start_as({words!r})", words, priority=True, id="picker.start")
          for words in dict.fromkeys(START_LABELS.values())),
    ]

    def __init__(self, mode: str = "solo", game: str | None = None, preset: str | None = None,
                 options: dict[str, Any] | None = None, seats: int | None = None,
                 bots: dict[int, str] | None = None, password: str | None = None,
                 turn_time: int | None = None, remembered: dict[str, Pick] | None = None,
                 own_seat: int | None = 0, ssh: bool = False) -> None:
        super().__init__()
        #: Rules (F2) speak of the table being chosen while the picker is up
        self.rules_for = RulesFor()
        self.mode = mode
        #: the seat the player sits in (None: watching), which the seats list marks "you": the
        #: host's is the first; a headless table's key holder may sit anywhere, or watch
        self.own_seat = own_seat
        #: each game's last choice in this mode (``tui.lastpick``): the picker opens a game on it
        #: (the lobby's Game: a game other than the table's, on its variant, options and clock)
        self.remembered = dict(remembered or {})
        last = self.remembered.get(game or "") if preset is None else None
        if last is not None:  # opened on a game with no choice given: the one made last time
            preset, options, seats, bots = last.preset, last.options, last.seats, self._seat_levels(last)
            turn_time = last.turn_time if mode == "host" else turn_time
        #: the table's turn clock, offered where players (not just bots) may sit: None hides it
        self._initial_clock = turn_time if turn_time is not None else (0 if mode == "host" else None)
        #: the clock as the player last set it (or as it opened): a game with no last choice
        #: shows it, not one that a game passed on the way set (``_picked_clock``)
        self._own_clock = self._initial_clock or 0
        self._picked_clock: int | None = None
        self.infos = {gid: info.to_dict() for gid, info in GAMES.items()}
        self.game = game if game in self.infos else next(iter(self.infos))
        info = self.infos[self.game]
        names = [p["name"] for p in info["presets"]]
        self.preset = preset if preset is not None and preset in names else names[0]
        self.seats = seats or min(max(4, info["min_players"]), info["max_players"])
        self._initial_options = dict(options or {})
        self._initial_bots = dict(bots or {})
        self._initial_password = password or ""
        self._initial_ssh = ssh  # ``dealmein host --ssh PORT``: the switch starts on
        self._loading = False
        #: the variants list names them on one line each (``preset_prompt``), for want of rows
        self._listed_short: bool | None = None
        #: held while controls are rebuilt (a game, the seats): Start waits for it, since its
        #: key is handled beside the screen's queue and would otherwise read half-built controls
        self._building = asyncio.Lock()
        self.problem: str | None = None
        #: what Start does with the choice of a new table (``App.open_picker``): the picker stays
        #: up, Start spent (``opening``), until the table's first screen takes its place
        #: (``App.table_comes``), so that home does not show between them; without it, Start dismisses
        self.on_start: Callable[[TableChoice], None] | None = None
        self.opening = False

    @property
    def _start_label(self) -> str:
        """What Start is called in this picker's mode: its button and its key on the bar."""
        return START_LABELS.get(self.mode, "Start")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Of Start's bindings, the one that reads as this mode's button ("Open table", "Apply")."""
        if action == "start_as":
            return bool(parameters) and parameters[0] == self._start_label
        return True

    async def action_start_as(self, words: str) -> None:
        await self.action_start()

    def _seat_levels(self, last: Pick) -> dict[int, str]:
        """Every other seat as it was: a bot's level, or open (hosting) where no bot sat."""
        fill = OPEN if self.mode == "host" else "normal"
        return {seat: last.bots.get(seat, fill) for seat in range(1, last.seats)}

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        title = {"solo": "Play solo against bots", "host": "Host a table", "configure": "Change the game"}
        with Vertical(id="body"):  # on a wide screen it stands in the middle
            yield Static(title.get(self.mode, "Choose a game"), classes="title", id="picker-title")
            with Horizontal(id="picker"):
                with Vertical(id="left"):
                    yield Label("Game", classes="heading")
                    yield OptionList(*[ListOption(i["name"], id=gid) for gid, i in self.infos.items()],
                                     id="games")
                    yield Label("Variant", classes="heading")
                    yield WholeOptionList(id="presets")
                with VerticalScroll(id="right", can_focus=False):  # Tab goes from control to control
                    with Horizontal(classes="row"):
                        yield Label("Seats", classes="name")
                        yield Select([(str(self.seats), self.seats)], value=self.seats, id="seats",
                                     allow_blank=False, compact=True)
                    yield Static("", id="err-seats", classes="error empty")
                    yield Vertical(id="bots")
                    if self.mode == "host":
                        with Horizontal(classes="row"):
                            yield Label("Password", classes="name")
                            yield Input(self._initial_password, placeholder="none", id="table-password", max_length=40,
                                        compact=True)
                        with Horizontal(classes="row"):
                            yield Label("SSH", classes="name")
                            yield OnOffSwitch(self._initial_ssh, id="ssh")
                        yield Static(Text("also let players in with ssh (they need nothing installed)"),
                                     classes="description")
                    if self._initial_clock is not None:
                        with Horizontal(classes="row"):
                            yield Label("Turn clock", classes="name")
                            yield Select(clock_choices(self._initial_clock), value=self._initial_clock,
                                         id="turn-clock", allow_blank=False, compact=True)
                        yield Static(Text("a player who takes longer over a move has a bot finish the turn"),
                                     classes="description")
                    yield Label("Options", classes="heading")
                    yield Vertical(id="options")
            yield Static(id="summary")
            with Horizontal(id="buttons"):
                yield Button(self._start_label, id="start", variant="primary")
                yield Button("Cancel", id="cancel")
        yield KeyFooter()

    @property
    def _short(self) -> bool:
        """Too few rows for the variants' words in their list (``TALL``)."""
        return (self.size.height or self.app.size.height) < TALL

    def on_resize(self) -> None:
        """Name the variants on one line each, or over their words, as the height now allows."""
        short = self._short
        if short == self._listed_short:
            return
        self._listed_short = short
        info = self.infos[self.game]
        for presets in self.query("#presets").results(OptionList):
            for p in info["presets"]:
                presets.replace_option_prompt(p["name"], preset_prompt(p, short))
            presets.scroll_to_highlight()
        if self.query("#summary"):
            self._validate()  # the summary says the chosen variant's words where the list does not

    def on_unmount(self) -> None:
        self.rules_for.done(self.app)

    async def on_mount(self) -> None:
        if popped(self):
            return
        games = self.query_one("#games", OptionList)
        games.highlighted = list(self.infos).index(self.game)
        await self._load_game(self.game, self.preset, self._initial_options, self._initial_bots)
        games.focus()

    # ------------------------------------------------------------------ building
    async def _load_game(self, game: str, preset: str | None, options: dict[str, Any],
                         bots: dict[int, str] | None = None, password: str | None = None) -> None:
        async with self._building:
            if not (self.is_attached and self in self.app.screen_stack):
                return  # started or cancelled while this waited: nothing to build
            await self._rebuild(game, preset, options, bots)
        self._validate()

    async def _rebuild(self, game: str, preset: str | None, options: dict[str, Any],
                       bots: dict[int, str] | None) -> None:
        self._loading = True
        try:
            self.game = game
            info = self.infos[game]
            self.app.rules_game = game
            names = [p["name"] for p in info["presets"]]
            self.preset = preset if preset is not None and preset in names else names[0]
            presets = self.query_one("#presets", OptionList)
            presets.clear_options()
            self._listed_short = self._short
            presets.add_options([ListOption(preset_prompt(p, self._listed_short), id=p["name"])
                                 for p in info["presets"]])
            presets.highlighted = names.index(self.preset)
            self.seats = min(max(self.seats, info["min_players"]), info["max_players"])
            seats = self.query_one("#seats", Select)
            seats.set_options([(str(n), n) for n in range(info["min_players"], info["max_players"] + 1)])
            seats.value = self.seats
            box = self.query_one("#options", Vertical)
            await box.remove_children()
            await box.mount_all([self._option_row(o) for o in info["options"]])
            self._set_values(self._base(self.preset) | {k: v for k, v in options.items()})
            await self._build_bots(bots or {})
        finally:
            self._loading = False

    def _option_row(self, option: dict[str, Any]) -> Widget:
        name = option["name"]
        cid = f"opt-{name}"
        if option["kind"] == "bool":
            control: Widget = OnOffSwitch(bool(option["default"]), id=cid)
        elif option["kind"] == "choice":
            control = Select([(c, c) for c in option["choices"]], value=option["default"],
                             allow_blank=False, id=cid, compact=True)
        elif option["max"] - option["min"] <= SELECT_SPAN:
            values = [*option["specials"], *map(str, range(option["min"], option["max"] + 1))]
            control = Select([(v, v) for v in values], value=str(option["default"]), allow_blank=False, id=cid, compact=True)
        else:
            words = "|".join(option["specials"])
            control = Input(str(option["default"]), id=cid, max_length=6, compact=True,
                            restrict=rf"^(\d*|{words})$" if words else r"^\d*$")
            control.tooltip = " or ".join([*option["specials"], f"{option['min']}..{option['max']}"])
        row = Vertical(
            Horizontal(Label(option_label(name), classes="name"), control, classes="row"),
            Static(Text(option["description"]), classes="description"),
            Static("", id=f"idle-{name}", classes="idle-why empty"),
            Static("", id=f"err-{name}", classes="error empty"),
            classes="option",
        )
        return row

    async def _build_bots(self, bots: dict[int, str]) -> None:
        box = self.query_one("#bots", Vertical)
        old = self._bot_levels()
        await box.remove_children()
        rows: list[Widget] = [Horizontal(Label("Seat 1", classes="name"), Label("you", classes="you"),
                                         classes="row")]
        if self.mode == "configure":  # the players and bots at the table stay; the lobby seats them
            mine = self.own_seat
            rows = [Horizontal(Label("You", classes="name"), Label("watch" if mine is None else f"sit in seat {mine + 1}",
                                                                   classes="you"), classes="row")]
            add, remove = self.app.keys_for("lobby.add_bot", "b"), self.app.keys_for("lobby.remove", "x")
            rows.append(Static(Text(f"Bots: {add} in the lobby adds one or changes its level, {remove} removes it"),
                               classes="description"))
            await box.mount_all(rows)
            return
        choices = BOT_LEVELS if self.mode == "solo" else (OPEN, *BOT_LEVELS)
        for seat in range(1, self.seats):
            level = bots.get(seat) or old.get(seat) or ("normal" if self.mode == "solo" else OPEN)
            if level not in choices:
                level = choices[0]
            rows.append(Horizontal(Label(f"Seat {seat + 1}", classes="name"),
                                   Select([(f"bot: {c}" if c != OPEN else "open for a player", c) for c in choices],
                                          value=level, allow_blank=False, id=f"bot-{seat}", compact=True),
                                   classes="row"))
        await box.mount_all(rows)

    def _set_clock(self, seconds: int) -> None:
        """Show ``seconds`` on the turn clock, among the choices even if it is not one of them."""
        self._picked_clock = seconds  # a game's last choice, not the player's own
        for clock in self.query("#turn-clock").results(Select):
            clock.set_options(clock_choices(seconds))
            clock.value = seconds

    def _bot_levels(self) -> dict[int, str]:
        levels = {}
        for select in self.query("#bots Select").results(Select):
            seat = int((select.id or "bot-0")[4:])
            if select.value is not Select.BLANK:
                levels[seat] = str(select.value)
        return levels

    # ------------------------------------------------------------------ values
    def _base(self, preset: str) -> dict[str, Any]:
        """Defaults with the preset applied: what each control shows after choosing it."""
        info = self.infos[self.game]
        values = {o["name"]: o["default"] for o in info["options"]}
        for p in info["presets"]:
            if p["name"] == preset:
                values.update(p["options"])
        return values

    def _set_values(self, values: dict[str, Any]) -> None:
        for option in self.infos[self.game]["options"]:
            name = option["name"]
            if name not in values:
                continue
            control = self.query_one(f"#opt-{name}")
            value = values[name]
            if isinstance(control, Switch):
                control.value = bool(value)
            elif isinstance(control, Select):
                control.value = str(value) if option["kind"] == "int" else value
            elif isinstance(control, Input):
                control.value = str(value)

    def values(self) -> dict[str, Any]:
        """Every option as its control shows it."""
        out: dict[str, Any] = {}
        for option in self.infos[self.game]["options"]:
            control = self.query_one(f"#opt-{option['name']}")
            if isinstance(control, Switch):
                value: Any = control.value
            elif isinstance(control, Select):
                value = control.value
            else:
                value = control.value.strip()  # type: ignore[attr-defined]
            if option["kind"] == "int" and isinstance(value, str) and value.isdigit():
                value = int(value)
            out[option["name"]] = value
        return out

    def overrides(self) -> dict[str, Any]:
        base = self._base(self.preset)
        return {k: v for k, v in self.values().items() if k not in base or value_text(v) != value_text(base[k])}

    def choice(self) -> TableChoice:
        bots = {seat: level for seat, level in self._bot_levels().items() if level != OPEN}
        choice = TableChoice(self.game, self.preset, self.overrides(), self.seats, bots)
        if self.mode == "host":
            choice.password = self.query_one("#table-password", Input).value.strip() or None
            choice.ssh = self.query_one("#ssh", Switch).value
        if self._initial_clock is not None:
            choice.turn_time = int(self.query_one("#turn-clock", Select).value)  # type: ignore[arg-type]
        return choice

    def _validate(self) -> None:
        """Resolve the choice with the engine and show any problem beside its control."""
        for err in self.query(".error").results(Static):
            err.update("")
            err.add_class("empty")
        info = GAMES[self.game]
        problem = None
        try:
            resolved = info.resolve(self.seats, self.preset, self.overrides())
        except ValueError as e:
            problem = str(e)
            resolved = None
        self.problem = problem
        if problem:
            m = re.match(r"option '([\w-]+)'", problem)
            target = f"#err-{m.group(1)}" if m and self.query(f"#err-{m.group(1)}") else "#err-seats"
            shown = self.query_one(target, Static)
            shown.update(Text(problem_text(problem)))
            shown.remove_class("empty")
        self.query_one("#start", Button).disabled = problem is not None
        if resolved is not None:
            self._mark_idle(info, resolved)
        self.query_one("#summary", Static).update(self._summary(resolved, problem))
        self.rules_for.set(self.app, {"game": self.game, "preset": self.preset, "options": self.overrides(),
                                      "seats": self.seats})

    def _mark_idle(self, info: GameInfo, resolved: dict[str, Any]) -> None:
        """Dim the options that change nothing under the others, and say which one idles them:
        the control stays live, so a value can be set before switching its scope on."""
        for name, option in info.options.items():
            why = self.query_one(f"#idle-{name}", Static)
            idle = not option.applies(resolved)
            why.parent.set_class(idle, "idle")  # type: ignore[union-attr]
            why.set_class(not idle, "empty")
            why.update(Text(idle_reason(option, resolved)) if idle else "")

    def _summary(self, resolved: dict[str, Any] | None, problem: str | None) -> Text:
        info = self.infos[self.game]
        text = Text()
        text.append(f"{info['name']}", style="bold")
        text.append(f", {self.seats} seats, {self.preset}: ")
        words = next((p["description"] for p in info["presets"] if p["name"] == self.preset), "")
        # for want of rows the list names the variant alone: its words are here, in place of the
        # game's (F2 gives those, and the whole rules)
        text.append(words if self._listed_short and words else info["summary"])
        if problem:
            text.append("\n")
            text.append(problem_text(problem), style="bold red")
            return text
        assert resolved is not None
        defaults = {o["name"]: o for o in info["options"]}
        # names and values only (each option's row says what it does), so the line keeps to the box
        changed = [f"{option_label(k)} {value_text(v)}"
                   for k, v in resolved.items()
                   if value_text(v) != value_text(defaults[k]["default"]) and GAMES[self.game].applies(k, resolved)]
        if changed:
            text.append("\nIn force: ")
            text.append("; ".join(changed))
        else:
            text.append("\nEvery option at its default.")
        return text

    # ------------------------------------------------------------------ events
    @on(OptionList.OptionHighlighted, "#games")
    async def _game(self, event: OptionList.OptionHighlighted) -> None:
        gid = event.option.id
        if _stale(event):
            # the list's first game as it mounted, before the screen highlighted the game it
            # opens on (acting on it flickered to that game, and a quick Start took it)
            return
        if gid and gid != self.game and not self._loading:
            for clock in self.query("#turn-clock").results(Select):  # left as the player set it?
                if isinstance(clock.value, int) and clock.value != self._picked_clock:
                    self._own_clock = clock.value
            last = self.remembered.get(gid)
            if last is None:
                await self._load_game(gid, None, {})
                if self.mode != "solo":  # the player's clock, not one a game passed on the way set
                    self._set_clock(self._own_clock)
                return
            if self.mode != "configure":  # a table's seats stay as the lobby has them (who sits there)
                self.seats = last.seats
            await self._load_game(gid, last.preset, last.options, self._seat_levels(last))
            if self.mode != "solo":  # (a solo table's Game… has no clock to set: a no-op)
                self._set_clock(last.turn_time)

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self) -> None:
        self.query_one("#presets").focus()

    @on(OptionList.OptionHighlighted, "#presets")
    def _preset(self, event: OptionList.OptionHighlighted) -> None:
        name = event.option.id
        if self._loading or not name or name == self.preset or _stale(event):
            return
        self.preset = name
        self._loading = True
        try:
            self._set_values(self._base(name))
        finally:
            self._loading = False
        self._validate()

    @on(OptionList.OptionSelected, "#presets")
    def _preset_chosen(self) -> None:
        self.query_one("#start").focus()

    @on(Select.Changed, "#seats")
    async def _seats(self, event: Select.Changed) -> None:
        if self._loading or not isinstance(event.value, int) or event.value == self.seats:
            return  # (Select.BLANK, or no change)
        if event.value != event.select.value:
            return  # a value the control held while it was built (its first option), since replaced
        async with self._building:
            self.seats = event.value
            await self._build_bots({})
        self._validate()

    @on(Select.Changed, ".option Select")
    @on(Switch.Changed, ".option Switch")
    @on(Input.Changed, ".option Input")
    def _option(self) -> None:
        if not self._loading:
            self._validate()

    @on(Button.Pressed, "#start")
    async def action_start(self) -> None:
        async with self._building:
            if self.is_attached and self.app.screen is self and not self.opening:  # not already dismissed
                self._validate()
                if self.problem:
                    self.notify(self.problem, severity="error")
                    return
                if self.on_start is None:
                    self.dismiss(self.choice())
                    return
                self.opening = True
                start = self.query_one("#start", Button)
                start.disabled, start.label = True, "Opening…"  # a table with SSH takes a moment
                self.on_start(self.choice())

    def not_opened(self) -> None:
        """The table did not open (a notice says why): Start is offered again."""
        self.opening = False
        if self.is_attached:
            self.query_one("#start", Button).label = self._start_label
            self._validate()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _stale(event: OptionList.OptionHighlighted) -> bool:
    """A highlight the list has since moved on from (its first option as it was filled, before
    the screen highlighted the one it wants): handled late, it would undo that choice."""
    shown = event.option_list.highlighted
    return shown is None or event.option_list.get_option_at_index(shown).id != event.option.id
