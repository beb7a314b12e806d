"""Opponents around the table: name, cards in hand, and the game's status for the seat."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..plain import clean


def status_text(status: dict[str, Any]) -> str:
    """``2 lives``, ``5 chips``, ``34 pts``, ``count 6``, ``out``: whatever the game reports."""
    parts = []
    if status.get("out"):
        return "out"
    if "lives" in status:
        parts.append(f"{status['lives']} {'life' if status['lives'] == 1 else 'lives'}")
    elif "penalties" in status:
        parts.append(f"{status['penalties']} pen.")
    if "chips" in status:
        parts.append(f"{status['chips']} chips")
    if "score" in status:
        parts.append(f"{status['score']} pts")
    if "count" in status:
        parts.append(f"count {status['count']}")
    if status.get("in_hand") is False:
        parts.append("sits out")
    return ", ".join(parts)


class SeatBox(Static):
    """One opponent. The ``turn`` class marks the seat to act."""

    DEFAULT_CSS = """
    SeatBox { border: round $card-border; border-title-color: $felt-text; border-title-style: bold;
              height: 4; width: 1fr; min-width: 12; padding: 0 1; }
    SeatBox.turn { border: heavy $accent; }
    SeatBox.gone { color: $text-muted; }
    """

    def show(self, name: str, seat: int, view: dict[str, Any], dealer: bool) -> None:
        status = (view.get("status") or [{}] * (seat + 1))[seat] if seat < len(view.get("status") or []) else {}
        counts = view.get("hand_counts") or []
        count = counts[seat] if seat < len(counts) else 0
        title = clean(name, 16)
        if self.border_title != title:
            self.border_title = Text(title)
        line1 = Text(f"{count} card{'s' if count != 1 else ''}")
        if dealer:
            line1.append(" · dealer", style="dim")
        line2 = Text(status_text(status))
        body = Text("\n").join([line1, line2])
        if body != getattr(self, "_body", None):
            self._body = body
            self.update(body, layout=False)
        self.set_class(view.get("current_seat") == seat, "turn")
        self.set_class(bool(status.get("out")) or status.get("in_hand") is False, "gone")
