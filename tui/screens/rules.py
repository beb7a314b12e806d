"""The rules of a game, from the player-facing Markdown in ``tui/rules``, followed by the
variant in force at the current table."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Mount
from textual.screen import Screen
from textual.widgets import Markdown, Tab, Tabs

from core import GAMES

from ..widgets.keyfooter import KeyFooter
from . import popped

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


def rules_markdown(game: str, table: dict[str, Any] | None = None) -> str:
    """The game's rules page plus, when a table is known, its preset and options."""
    try:
        text = (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    except OSError:
        text = f"# {game}\n\nNo rules page for this game."
    if table and table.get("game") == game and game in GAMES:
        info = GAMES[game]
        preset = str(table.get("preset") or "standard")
        lines = ["", "## At this table", ""]
        if preset in info.presets:
            lines.append(f"Preset **{preset}**: {info.presets[preset].description}.")
            lines.append("")
        try:
            resolved = info.resolve(int(table.get("seats") or info.min_players), preset, table.get("options") or {})
        except (ValueError, TypeError):
            resolved = {}
        for name, value in resolved.items():
            option = info.options[name]
            shown = "on" if value is True else "off" if value is False else value
            mark = "" if value == option.default else " (changed)"
            lines.append(f"- `{name}` = {shown}{mark}: {option.description}")
        text += "\n".join(lines) + "\n"
    return text


class GameTabs(Tabs):
    """The games' tabs. Textual's tabs check their active tab when they mount; on a screen
    popped before that, the tabs are gone and the check would crash the app."""

    def _on_mount(self, event: Mount) -> None:
        if popped(self.screen):
            event.prevent_default()


class RulesScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, game: str = "ninety-eight", table: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = game if game in GAMES else next(iter(GAMES))
        self.table = table

    def compose(self) -> ComposeResult:
        yield GameTabs(*[Tab(info.name, id=f"rules-{gid}") for gid, info in GAMES.items()],
                       active=f"rules-{self.game}", id="games")
        with VerticalScroll(id="scroll"):
            yield Markdown(rules_markdown(self.game, self.table), id="rules")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one("#scroll").focus()

    @on(Tabs.TabActivated)
    def _switch(self, event: Tabs.TabActivated) -> None:
        game = (event.tab.id or "")[len("rules-"):]
        if game and game != self.game:
            self.game = game
            self.query_one("#rules", Markdown).update(rules_markdown(game, self.table))
