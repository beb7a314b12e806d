"""Step through a logged match with every hand face up: ``dealmein replay FILE --show``.

The log is replayed through the engine first, so what is shown is what the rules give, and a
log that does not reproduce its match says so at the top instead of showing a wrong story.
"""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from net.matchlog import ReplayResult, replay

from ..cardface import card_label
from ..eventtext import describe
from ..widgets.keyfooter import KeyFooter
from . import popped


class ReplayScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,b", "step(-1)", "Back"),
        Binding("pagedown", "step(10)", "+10", show=False),
        Binding("pageup", "step(-10)", "-10", show=False),
        Binding("home", "go(0)", "Start"),
        Binding("end", "go(-1)", "End"),
        Binding("escape", "app.quit", "Close"),
    ]

    def __init__(self, path: Path, result: ReplayResult | None = None) -> None:
        super().__init__()
        self.path = path
        self.result = result if result is not None else replay(path, keep_history=True)
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-head")
        with VerticalScroll(id="replay-body"):
            yield Static(id="replay-hands")
            yield Static(id="replay-events")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.render_step()

    def restyle(self, style: str, palette: object) -> None:
        """A card style switched at run time (F4, Settings, the palette) shows at once."""
        self.render_step()

    @property
    def steps(self) -> int:
        return len(self.result.history)

    def action_step(self, delta: int) -> None:
        self.action_go(max(0, min(self.steps - 1, self.index + delta)))

    def action_go(self, index: int) -> None:
        if self.steps:
            self.index = index % self.steps
            self.render_step()

    def render_step(self) -> None:
        style = getattr(getattr(self.app, "settings", None), "card_style", "two-colour")
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(f"{self.path.name}  ", style="bold")
        theme = self.app.current_theme  # the verdict in the theme's own colours
        if self.result.ok:
            head.append("reproduces its match", style=theme.success or "green")
        else:
            head.append(f"does not reproduce: {self.result.error}", style=f"bold {theme.error or 'red'}")
        if not self.steps:
            self.query_one("#replay-head", Static).update(head)
            return
        step = self.result.history[self.index]
        m = step.match
        head.append(f"   step {self.index} of {self.steps - 1}")
        self.query_one("#replay-head", Static).update(head)
        names = [f"Seat {s + 1}" for s in range(m.players)]
        body = Text()
        deal = "round" if m.game == "ninety-nine" else "hand"
        body.append(f"{m.info.name}, {deal} {m.hand_number}, dealer {names[m.dealer]}", style="bold")
        if m.total is not None:
            body.append(f"   total {m.total}")
        if m.suit is not None:
            body.append(f"   suit to follow {m.suit}")
        body.append(f"   stock {m.stock_count}   top {card_label(m.top, style) if m.top else '-'}\n\n")
        for seat in range(m.players):
            marker = "▶ " if seat == m.current_seat else "  "
            status = m.status(seat)
            extra = ", ".join(f"{k} {v}" for k, v in status.items() if k not in ("in_hand", "out"))
            state = "out of the match" if status["out"] else ("" if status["in_hand"] else "out of this hand")
            body.append(f"{marker}{names[seat]:<8}", style="bold" if seat == m.current_seat else "")
            body.append(" ".join(card_label(c, style) for c in m.hand(seat)) or "(no cards)")
            body.append(f"   {extra} {state}".rstrip() + "\n", style="dim")
        if m.is_over:
            body.append(f"\nMatch over: {', '.join(names[s] for s in m.winners)} won\n", style="bold")
        self.query_one("#replay-hands", Static).update(body)
        events = Text()
        if step.action is not None:
            events.append(f"{names[step.seat] if step.seat is not None else '?'}: {step.action}\n", style="bold")
        for event in step.events:
            line = describe(event, names, style, m.game)
            if line:
                events.append(f"  {line}\n")
        self.query_one("#replay-events", Static).update(events)
