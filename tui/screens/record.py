"""Your record: the matches you finished in a seat, per game and variant, against bots (by the
strongest at the table) and with other players (by name); X forgets them, after asking."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..record import Played, clear, load, record_path
from ..recordtext import EMPTY, bots_table, games_table, overview, players_table
from ..widgets.keyfooter import KeyFooter
from . import popped
from .confirm import ConfirmScreen


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
            yield Static("", id="record-players")
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
        problem.update(Text(self._problem_words()))
        problem.display = bool(self.problem)
        self.query_one("#record-overview", Static).update(
            Text(overview(self.matches) if self.matches else ("" if self.problem else EMPTY)))
        games = self.query_one("#record-games", Static)
        games.update(games_table(self.matches, self._room()) if self.matches else "")
        games.display = bool(self.matches)
        for panel_id, table in (("#record-bots", bots_table(self.matches)),
                                ("#record-players", players_table(self.matches, self._room()))):
            panel = self.query_one(panel_id, Static)
            panel.update(table if table is not None else "")
            panel.display = table is not None
        self.refresh_bindings()

    def _problem_words(self) -> str:
        """The problem, and where the file is there to remove, the key here that does
        (``record.clear``, as the keymap has it): the file's own words say only to mend it or
        move it away."""
        if not self.problem:
            return ""
        if not self.path.is_file():
            return self.problem
        key = self.app.keys_for("record.clear", "x")  # type: ignore[attr-defined]
        return f"{self.problem}.\n{key} (Clear record) removes it and starts a new record."

    def _room(self) -> int | None:
        """The cells the games table has, None before the first layout."""
        width = self.query_one("#record-games", Static).content_region.width
        return width or None

    def on_resize(self) -> None:
        """The games and players tables again as the new width holds them, once laid out at it."""
        self.call_after_refresh(self._fit_games)

    def _fit_games(self) -> None:
        if self.matches and not popped(self) and self.is_attached:
            room = self._room()
            self.query_one("#record-games", Static).update(games_table(self.matches, room))
            players = players_table(self.matches, room)
            if players is not None:
                self.query_one("#record-players", Static).update(players)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear":
            return self._clearable()
        return True

    def _clearable(self) -> bool:
        """Matches to forget, or a file that cannot be read to remove: not a folder in its place,
        nor a file under a data folder that is a file, which Clear could not remove either."""
        return bool(self.matches or self.problem and self.path.is_file())

    def action_clear(self) -> None:
        if not self._clearable():
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

        self.app.push_screen(ConfirmScreen("Clear your record?", detail, "Clear", "Keep it"), answered)
