"""Your record: the matches you finished in a seat, per game and variant, against bots (by the
strongest at the table) and with other players; X forgets them, after asking."""
from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from core import GAMES

from ..plain import clean
from ..record import OPPONENTS, Played, Tally, by_variant, clear, load, record_path, tally
from ..widgets.keyfooter import KeyFooter
from . import popped
from .confirm import ConfirmScreen

EMPTY = ("No matches yet. Every match you finish in a seat is counted here: solo against bots and "
         "at tables with other players.")


def game_name(game: str) -> str:
    info = GAMES.get(game)
    return info.name if info is not None else clean(game, 40)


def percent(t: Tally) -> str:
    return f"{round(100 * t.rate)}%" if t.played else ""


def overview(matches: list[Played]) -> str:
    """All matches, then against bots and with players, a line each."""
    def part(label: str, t: Tally) -> str:
        return f"{label}: {t.played} played, {t.won} won ({percent(t)})"

    bots = tally(m for m in matches if m.against_bots)
    people = tally(m for m in matches if not m.against_bots)
    lines = [part("All", tally(matches))]
    if bots.played:
        lines.append(part("Against bots", bots))
    if people.played:
        lines.append(part("With players", people))
    return "\n".join(lines)


def games_table(matches: list[Played]) -> Table:
    """A row per game, its variants under it."""
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("game", no_wrap=True, overflow="ellipsis")
    for head in ("played", "won", "win %"):
        table.add_column(head, justify="right", no_wrap=True)
    table.add_column("streak", no_wrap=True)
    table.add_column("best run", justify="right", no_wrap=True)
    table.add_column("last", no_wrap=True)
    for game, (whole, variants) in by_variant(matches).items():
        table.add_row(Text(game_name(game), style="bold"), str(whole.played), str(whole.won), percent(whole),
                      whole.streak_text(), str(whole.best), whole.last)
        for variant, t in variants.items():
            table.add_row(Text("  " + clean(variant, 40)), str(t.played), str(t.won), percent(t),
                          t.streak_text(), str(t.best), t.last, style="dim")
    return table


def bots_table(matches: list[Played]) -> Table | None:
    """Matches against bots only, by the strongest level at the table; None with none."""
    levels = {level: tally(m for m in matches if m.hardest_bot == level) for level in OPPONENTS[:3]}
    if not any(t.played for t in levels.values()):
        return None
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("against bots only, by the strongest", no_wrap=True)
    for head in ("played", "won", "win %"):
        table.add_column(head, justify="right", no_wrap=True)
    for level, t in levels.items():
        if t.played:
            table.add_row(level, str(t.played), str(t.won), percent(t))
    return table


class RecordScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("x", "clear", "Clear record", id="record.clear"),
    ]

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path or record_path()
        self.matches: list[Played] = []
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="record"):
            yield Static("Your record", classes="title")
            yield Static("", id="record-problem", classes="error")
            yield Static("", id="record-overview")
            yield Static("", id="record-games")
            yield Static("", id="record-bots")
            yield Static(Text(f"Kept in {self.path}", style="dim"), id="record-file")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.read()

    def read(self) -> None:
        """Read the file again and show what it holds."""
        self.matches, self.problem = load(self.path)
        problem = self.query_one("#record-problem", Static)
        problem.update(Text(self.problem or ""))
        problem.display = bool(self.problem)
        self.query_one("#record-overview", Static).update(
            Text(overview(self.matches) if self.matches else ("" if self.problem else EMPTY)))
        games = self.query_one("#record-games", Static)
        games.update(games_table(self.matches) if self.matches else "")
        games.display = bool(self.matches)
        bots = bots_table(self.matches)
        panel = self.query_one("#record-bots", Static)
        panel.update(bots if bots is not None else "")
        panel.display = bots is not None
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear":
            return bool(self.matches or self.problem)
        return True

    def action_clear(self) -> None:
        if not (self.matches or self.problem):
            return
        count = len(self.matches)
        detail = ("The one match counted here is forgotten." if count == 1
                  else f"Every one of the {count} matches counted here is forgotten." if count
                  else f"{self.path.name} is removed, as it is.")

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            problem = clear(self.path)
            if problem:
                self.app.notify(problem, title="Your record", severity="error")
            self.read()

        self.app.push_screen(ConfirmScreen("Clear your record?", detail, "Clear"), answered)
