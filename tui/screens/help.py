"""Every key, read from the bindings themselves so the list cannot drift from the code."""
from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.hand import HandView
from ..widgets.keyfooter import KeyFooter


NAMES = {"space": "Space", "enter": "Enter", "escape": "Esc", "slash": "/", "left": "←",
         "right": "→", "up": "↑", "down": "↓", "home": "Home", "end": "End", "question_mark": "?"}


def _one(key: str) -> str:
    if key in NAMES:
        return NAMES[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + _one(key[5:])
    return key.upper()


def _key(binding: Binding) -> str:
    return ", ".join(_one(k) for k in binding.key.split(","))


def key_rows(bindings: list[Binding], extra: list[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """(key, what it does) for every binding with a description, then ``extra``."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for b in bindings:
        if b.description and b.key not in seen:
            seen.add(b.key)
            rows.append((_key(b), b.description))
    return rows + list(extra)


def key_table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, text in rows:
        table.add_row(Text(key), Text(text))
    return table


class HelpScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        from ..app import DealMeInApp
        from .home import HomeScreen
        from .table import TableScreen

        from .lobby import LobbyScreen
        from .results import ResultsScreen

        def of(cls: type) -> list[Binding]:
            return [b for b in cls.BINDINGS if isinstance(b, Binding)]

        hand = [b for b in of(HandView) if not b.key.isdigit()]
        self.sections = {
            "Everywhere": key_rows(of(DealMeInApp), [("Ctrl+P", "Command palette: new game, host, join, theme, cards, rules")]),
            "At the table": key_rows([*of(TableScreen), *hand], [
                ("1 .. 9, 0", "Choose a card by its number"),
                ("Mouse", "Click a card to choose it, click again to play it"),
                ("Tab", "Move between the hand, the log (arrows scroll it) and the chat line; Esc comes back to the hand")]),
            "Hand over / match over": key_rows(of(ResultsScreen)),
            "Lobby": key_rows(of(LobbyScreen)),
            "Home": key_rows(of(HomeScreen)),
        }
        with VerticalScroll(id="help"):
            yield Static("Keys", classes="title")
            for title, rows in self.sections.items():
                yield Static(key_table(title, rows))
        yield KeyFooter()
