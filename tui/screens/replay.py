"""Step through a logged match with every hand face up: ``dealmein replay FILE --show``.

The log is replayed through the engine first, so what is shown is what the rules give, and a
log that does not reproduce its match says so at the top, with its reason in full, instead of
showing a wrong story. A seat's draws in one turn are one step (``tui.replaysteps``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from core import GAMES
from core.whole import whole_number
from net.matchlog import ReplayResult, replay
from net.seatnames import and_list
from themes.variables import BLACK, solid

from ..cardface import card_label, suit_label
from ..eventtext import (action_text, debts_taken, deal_word, describe, other_name, told, with_causes,
                         with_total_before)
from ..matchend import why_over
from ..notices import again
from ..plain import clean, cut
from ..replaysteps import ShownStep, shown_steps
from ..seatmarks import BOT_MARK
from ..seatnames import numbered
from ..theming import rich_colour
from ..widgets.keyfooter import KeyFooter
from ..widgets.seats import statuses
from . import RulesFor, popped

if TYPE_CHECKING:
    from ..app import DealMeInApp

#: the widest a player's name is shown, in cells
NAME_CELLS = 16
#: how long the notice of a key that moves nowhere ("This is the last step: ...") stays up
END_SECONDS = 3.0


def log_header(path: Path) -> dict[str, Any]:
    """The log's first line (game, seats, preset, options, names), or ``{}`` if unreadable."""
    try:
        with open(path, encoding="utf-8") as f:
            header = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return header if isinstance(header, dict) else {}


def seat_names(header: dict[str, Any], players: int) -> list[str]:
    """The players' names from the log, made plain and numbered as the table numbered them
    ("Normal bot 2"); "Seat 3" for a seat the log names not, each seat for a list of names
    not one a seat (an edited log: it would give a seat another's name), as ``replay`` does."""
    logged = header.get("names")
    logged = logged if isinstance(logged, list) and len(logged) == players else []
    plain = numbered([clean(logged[seat], 60) if seat < len(logged) and isinstance(logged[seat], str) else ""
                      for seat in range(players)])
    return [cut(other_name(name), NAME_CELLS) if name else f"Seat {seat + 1}" for seat, name in enumerate(plain)]


#: the fewest cells a row's wrapped part keeps beside its lead; with less, the row wraps whole
HANG_ROOM = 10


class Hanging(Visual):
    """Rows of text, each wrapped beneath its own text: a row's ``lead`` (an event's indent, a
    seat's marker and name) stays on its first line, and the rest of it wraps under the rest,
    not back under the lead ("  The cut for the first deal ... 3 to you," went on as "4 to Easy
    bot", two cells left of the line it continued). Its ``str`` is the plain text, a line a row."""

    def __init__(self, rows: list[tuple[Content, Content]]) -> None:
        self.rows = rows

    def __str__(self) -> str:
        return "".join(f"{lead.plain}{rest.plain}\n" for lead, rest in self.rows)

    def _parts(self, lead: Content, rest: Content, width: int) -> tuple[Content, Content]:
        """The row's lead and what wraps beside it at ``width``: none, where it has no room."""
        return (lead, rest) if width - lead.cell_length >= HANG_ROOM else (Content(""), lead + rest)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        strips: list[Strip] = []
        blank = style.rich_style
        for row in self.rows:
            lead, rest = self._parts(*row, width)
            room = width - lead.cell_length
            lines = rest.render_strips(room, None, style, options) or [Strip.blank(room, blank)]
            first = lead.render_strips(lead.cell_length, 1, style, options) if lead.cell_length else []
            for i, line in enumerate(lines):
                head = first[0] if i == 0 and first else Strip.blank(lead.cell_length, blank)
                strips.append(Strip.join([head, line]) if lead.cell_length else line)
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((lead.cell_length + rest.get_optimal_width(rules, container_width) for lead, rest in self.rows),
                   default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        height = 0
        for row in self.rows:
            lead, rest = self._parts(*row, width)
            height += max(1, rest.get_height(rules, width - lead.cell_length))
        return height


class StepBody(VerticalScroll, inherit_bindings=False):
    """The step's hands and events. It has the focus, and a scroll area's own Home, End, page
    and side arrow keys would take the replay's keys whenever a step is taller than the screen
    (eight seats at 80x24): only the up and down arrows scroll it (and the mouse wheel)."""

    BINDINGS = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
    ]


class ReplayScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("right,n", "step(1)", "Next", id="replay.next"),
        Binding("left,b", "step(-1)", "Back", id="replay.back"),
        Binding("pagedown", "step(10)", "10 steps on", show=False),
        Binding("pageup", "step(-10)", "10 steps back", show=False),
        # Home and End are in the help (F1): the key bar has no room for them at 80 columns
        Binding("home", "go(0)", "First step", show=False),
        Binding("end", "go(-1)", "Last step", show=False),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, path: Path, result: ReplayResult | None = None, in_app: bool = False,
                 you: int | None = None) -> None:
        super().__init__()
        #: Rules (F2) speak of the log's table while the replay is up
        self.rules_for = RulesFor()
        self.path = path
        #: opened from a match's results (Escape goes back to them), not by ``dealmein replay``
        #: (Escape quits)
        self.in_app = in_app
        self.result = result if result is not None else replay(path, keep_history=True)
        self.header = log_header(path)
        #: the steps shown: a seat's run of draws in one turn is one of them
        self.shown: list[ShownStep] = shown_steps(self.result.history)
        self.index = 0
        first = self.result.history[0].match if self.result.history else self.result.match
        players = first.players if first is not None else 0
        self.names = seat_names(self.header, players)
        if you is not None and 0 <= you < len(self.names):  # the player's own seat, as their table said it
            self.names[you] = "You"
        #: its widgets are all there: a restyle that comes sooner is drawn by ``on_mount``
        self._drawn = False
        #: when each notice of a key that moved nowhere was shown (``notices.again``)
        self._told_at: dict[str, float] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="replay-head")
        yield Static(id="replay-problem")
        with StepBody(id="replay-body"):
            yield Static(id="replay-hands")
            yield Static(id="replay-events")
        yield KeyFooter()

    def on_unmount(self) -> None:
        self.rules_for.done(self.app)

    def on_mount(self) -> None:
        if popped(self):
            return
        self._drawn = True
        self.set_rules()
        problem = self.query_one("#replay-problem", Static)
        note = self.result.note  # (none for a log that does not reproduce)
        problem.display = not self.result.ok or bool(note)
        if not self.result.ok:
            # the reason in full, wrapped, above the hands so no step scrolls it away
            problem.update(Text(clean(self.result.error or "unknown problem", 2000)))
        elif note:  # nothing wrong: a note of where the log stops
            problem.add_class("-note")
            problem.update(Text(note[:1].upper() + note[1:] + "."))
        self.render_step()

    def on_screen_resume(self) -> None:
        self.set_rules()

    def set_rules(self) -> None:
        """F2 shows the logged game's rules and the table's variant, not the app's default."""
        match = self.result.history[0].match if self.result.history else self.result.match
        game = self.header.get("game") if self.header.get("game") in GAMES else getattr(match, "game", None)
        if game not in GAMES:
            return
        options = self.header.get("options")
        if not isinstance(options, dict):
            options = dict(match.options) if match is not None else {}
        self.app.rules_game = game
        self.rules_for.set(self.app, {"game": game, "preset": self.header.get("preset") or "standard",
                                      "options": options,
                                      "seats": match.players if match is not None else self.header.get("players")})

    def restyle(self, style: str, palette: object) -> None:
        """A card style switched at run time (F4, Settings, the palette) shows at once; a
        screen still being composed draws the step in that style as it mounts."""
        self.render_step()

    @property
    def steps(self) -> int:
        return len(self.shown)

    async def action_close(self) -> None:
        if self.in_app:
            self.app.pop_screen()
        else:
            await self.app.action_quit()

    def action_step(self, delta: int) -> None:
        """Move ``delta`` steps; a key that moves nowhere says why, once while that notice
        shows (held down at the end, → stacked the same notice over half the screen)."""
        to = max(0, min(self.steps - 1, self.index + delta))
        if self.steps and to == self.index:
            last = "the log ends here, before the match does" if self.result.cut_short else "the match's end"
            text = "This is the first step: the deal." if delta < 0 else f"This is the last step: {last}."
            if not again(self._told_at, text, END_SECONDS):
                self.notify(text, timeout=END_SECONDS)
            return
        self.action_go(to)

    def action_go(self, index: int) -> None:
        if self.steps:
            self.index = index % self.steps
            self.render_step()

    def render_head(self) -> Text:
        """The verdict and the step first, so a narrow terminal cuts only the file's name."""
        theme = self.app.current_theme  # the verdict in the theme's own colours, as Rich reads them
        ground = solid(theme.background or "black", BLACK)
        good = rich_colour(theme.success or "green", ground)
        bad = rich_colour(theme.error or "red", ground)
        head = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.result.ok:
            head.append("reproduces its match as far as it goes" if self.result.cut_short else "reproduces its match",
                        style=good)
        elif self.result.line == 1 and not self.steps:  # its header: nothing to replay
            head.append("not a match log this app can read", style=f"bold {bad}")
        else:
            head.append("does not reproduce", style=f"bold {bad}")
        if self.steps:
            head.append(f"   step {self.index} of {self.steps - 1}")
        head.append("   ")
        head.append(clean(self.path.name, 300), style="bold")
        return head

    def render_step(self) -> None:
        """The step at ``index``; on a screen not composed yet (a key or a restyle in the
        moment it opens), nothing: ``on_mount`` draws the step as it is then."""
        if not self._drawn or popped(self):
            return
        style = getattr(getattr(self.app, "settings", None), "card_style", "two-colour")
        self.query_one("#replay-head", Static).update(self.render_head())
        if not self.steps:
            return
        step = self.shown[self.index]
        m = step.match  # the game, its seats and options
        at = step.position  # the hand its move ended, or the match after it
        view = at.view
        names = self.names
        width = max(cell_len(n) for n in names)
        hands: list[tuple[Text, Text]] = []  # (lead, rest): the rest wraps beneath itself (``Hanging``)
        title = Text(f"{m.info.name}, {deal_word(m.game)} {view['hand_number']}, dealer {names[view['dealer']]}",
                     style="bold")
        if view["total"] is not None:
            title.append(f"   total {view['total']}")
        if view["suit"] is not None:
            title.append(f"   suit to follow {suit_label(view['suit'], style)}")
        title.append(f"   stock {view['stock_count']}   top {card_label(view['top'], style) if view['top'] else '-'}")
        hands.append((Text(), title))
        teams = m.info.team_seats(m.players, m.options)
        if teams:  # ninety-eight 7.2: who shares whose lives or chips, as the table says it
            hands.append((Text(), Text("Partners: " + "; ".join(" and ".join(names[s] for s in team) for team in teams))))
        hands.append((Text(), Text()))
        # as the table shows them (Countdown keeps no points, 6.2)
        shown = statuses({"status": view["status"], "options": m.options})
        for seat, status in enumerate(shown):
            marker = "▶ " if seat == view["current_seat"] else "  "
            extra = ", ".join(f"{k} {v}" for k, v in status.items() if k not in ("in_hand", "out", "out_at"))
            state = "out of the match" if status["out"] else ("" if status["in_hand"] else "out of this hand")
            name = names[seat] + " " * (width - cell_len(names[seat]))
            cards = Text(" ".join(card_label(c, style) for c in at.hands[seat]) or "(no cards)")
            # the hand, the standing and the state apart by one separator, as the table's seats
            # put "4 cards · dealer": spaces alone ran the hand into the standing
            cards.append("".join(f" · {part}" for part in (extra, state) if part), style="dim")
            hands.append((Text(f"{marker}{name}  ", style="bold" if seat == view["current_seat"] else ""), cards))
        if view["is_over"]:
            hands += [(Text(), Text()), (Text(), Text(f"Match over: {and_list([names[s] for s in view['winners']])} won",
                                                      style="bold"))]
        self.query_one("#replay-hands", Static).update(self.hanging(hands))
        events: list[tuple[Text, Text]] = []
        if step.actions:
            who = names[step.seat] if isinstance(step.seat, int) and 0 <= step.seat < len(names) else "?"
            if step.bot:  # the player was away, or out of time: the move was not theirs
                who = f"{who}{BOT_MARK}"
            times = f", {len(step.actions)} times" if len(step.actions) > 1 else ""
            events.append((Text(), Text(f"{who}: {action_text(step.actions[0], style)}{times}", style="bold")))
        before: dict[str, Any] | None = None
        # the total the step started from, for a 2 said as doubling or halving (a total from the
        # hand before never agrees with a 2's total in the next: nothing is said there)
        total = self.shown[self.index - 1].position.view.get("total") if self.index else None
        for event in told(debts_taken(with_causes(step.events)), view.get("teams")):  # told as the table's log tells them
            if event.get("kind") == "deal":
                total = 0
            line = describe(with_total_before(event, total), names, style, m.game, before)
            if whole_number(event.get("total")):
                total = event["total"]
            if line:
                events.append((Text("  "), Text(line)))
            if event.get("kind") == "match_over":  # what decided it, as the table's log says
                why = why_over(view, names)
                if why:
                    events.append((Text("  "), Text(why)))
            before = event
        self.query_one("#replay-events", Static).update(self.hanging(events))

    def hanging(self, rows: list[tuple[Text, Text]]) -> Hanging:
        """``rows`` as Textual draws text, in the app's styles (``Static.update`` does as much for one Text)."""
        console = self.app.console
        return Hanging([(Content.from_rich_text(lead, console=console), Content.from_rich_text(rest, console=console))
                        for lead, rest in rows])
