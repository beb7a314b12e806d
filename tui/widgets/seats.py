"""Opponents around the table: name, cards in hand, and the game's status for the seat.

The boxes share the row (``1fr`` each) and shrink to fit every seat a game allows (eight, so
up to eight boxes for a spectator) in 80 columns: a narrow box drops its padding, the name on
its border is cut with an ellipsis, and the lines inside take the longest wording that fits
(``4 cards · dealer``, then ``4 cards D``; ``34 pts, count 6``, then ``34p c6``). A seat out of
the hand says ``sits out`` where its (empty) card count was. With teams (Ninety-Eight's
``teams`` preset) the bottom border marks the viewer's ``partner`` and the other pairs'
``team B``, ``team C``..."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

from ..plain import clean, cut

#: a box narrower than this (border included) drops its side padding
NARROW = 14


def _plural(n: Any, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _status_parts(status: dict[str, Any]) -> list[tuple[str, str]]:
    """The status pieces, each as (full wording, compact wording), ``sits out`` left out."""
    parts: list[tuple[str, str]] = []
    if "lives" in status:
        parts.append((_plural(status["lives"], "life", "lives"), f"{status['lives']} lv"))
    elif "penalties" in status:
        parts.append((f"{status['penalties']} pen.", f"{status['penalties']} pen"))
    if "chips" in status:
        parts.append((_plural(status["chips"], "chip", "chips"), f"{status['chips']} ch"))
    if "score" in status:
        parts.append((_plural(status["score"], "pt", "pts"), f"{status['score']}p"))
    if "count" in status:
        parts.append((f"count {status['count']}", f"c{status['count']}"))
    return parts


def statuses(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's status as the table shows it: under Crazy Eights' Countdown, which keeps no
    points (6.2), without the score the engine still reports; once the match is over, with no
    seat in or out of a hand (no next hand is dealt: its winner sits out of nothing)."""
    out = [s if isinstance(s, dict) else {} for s in view.get("status") or []]
    if (view.get("options") or {}).get("countdown"):
        out = [{k: v for k, v in s.items() if k != "score"} for s in out]
    if view.get("is_over"):
        out = [{k: v for k, v in s.items() if k != "in_hand"} for s in out]
    return out


def status_text(status: dict[str, Any]) -> str:
    """``2 lives``, ``1 life``, ``5 chips``, ``1 chip``, ``34 pts``, ``count 6``, ``out``:
    whatever the game reports."""
    if status.get("out"):
        return "out"
    parts = [full for full, _ in _status_parts(status)]
    if status.get("in_hand") is False:
        parts.append("sits out")
    return ", ".join(parts)


def fit(candidates: list[str], width: int) -> str:
    """The first of ``candidates`` that fits ``width`` cells, else the last one cut short with
    an ellipsis."""
    for text in candidates:
        if cell_len(text) <= width:
            return text
    return cut(candidates[-1], width)


def status_fit(status: dict[str, Any], width: int) -> str:
    """The seat's status (without ``sits out``) in at most ``width`` cells."""
    if status.get("out"):
        return "out"
    parts = _status_parts(status)
    if not parts:
        return ""
    full = [f for f, _ in parts]
    short = [s for _, s in parts]
    return fit([", ".join(full), " ".join(full), " ".join(short)], width)


def team_labels(view: dict[str, Any]) -> dict[int, str]:
    """With teams (Ninety-Eight's ``teams: pairs``): each seat's mark, ``partner`` for the
    viewer's partners and ``team B`` (the team's letter) for the others; empty without teams."""
    teams = view.get("teams")
    if not teams:
        return {}
    me = view.get("seat")
    labels: dict[int, str] = {}
    for index, team in enumerate(teams):
        letter = chr(ord("A") + index) if index < 26 else str(index + 1)
        mine = me is not None and me in team
        for seat in team:
            if isinstance(seat, int):
                labels[seat] = "partner" if mine else f"team {letter}"
    return labels


class SeatBox(Static):
    """One opponent. The ``turn`` class marks the seat to act, ``partner`` the viewer's partner
    (the box's subtitle says so; other teams show their letter)."""

    DEFAULT_CSS = """
    SeatBox { border: round $card-border; border-title-color: $felt-text; border-title-style: bold;
              border-subtitle-color: $felt-text;
              height: 4; width: 1fr; min-width: 6; padding: 0 1; }
    SeatBox.narrow { padding: 0; }
    SeatBox.turn { border: heavy $accent; }
    SeatBox.partner { border-subtitle-style: bold reverse; }
    SeatBox.gone { color: $text-muted; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._data: tuple[Any, ...] | None = None
        self._status: dict[str, Any] = {}
        self._seat_name = ""
        self._team = ""
        #: the seat the box shows (a box is kept when the seats it shows move round)
        self.seat: int | None = None

    def show(self, name: str, seat: int, view: dict[str, Any], dealer: bool) -> None:
        self.seat = seat
        shown = statuses(view)
        status = shown[seat] if seat < len(shown) else {}
        counts = view.get("hand_counts") or []
        count = counts[seat] if seat < len(counts) else 0
        self._seat_name = cut(clean(name, 60), 16)
        self._team = team_labels(view).get(seat, "")
        self._relabel()
        sits_out = status.get("in_hand") is False and not status.get("out")
        data = (count, dealer, sits_out, tuple(sorted((k, repr(v)) for k, v in status.items())))
        if data != self._data:
            self._data = data
            self._status = dict(status)
            self.refresh()  # the box's size comes from the row, not from its text: no layout
        self.set_class(view.get("current_seat") == seat, "turn")
        self.set_class(self._team == "partner", "partner")
        self.set_class(bool(status.get("out")) or sits_out, "gone")

    def slot(self) -> int:
        """The width the wording is chosen for: the narrowest box of the row (the ``1fr``
        shares differ by a cell), so that every box words the same things the same way; 0
        before the first layout."""
        width = self.outer_size.width
        row = self.parent
        if width and isinstance(row, Widget) and row.content_size.width:
            boxes = sum(1 for child in row.children if isinstance(child, SeatBox) and child.display)
            if boxes:
                width = min(width, max(row.content_size.width // boxes, 1))
        return width

    def _relabel(self) -> None:
        """The name on the top border and the team on the bottom one, cut to the room there
        (the border's corners and the blanks around a label take six cells)."""
        slot = self.slot()
        room = slot - 6 if slot else 99
        title = cut(self._seat_name, room)
        if str(self.border_title or "") != title:
            self.border_title = Text(title)
        team = self._team
        if team:
            forms = ["partner", "ptnr", "P"] if team == "partner" else [team, "tm " + team[5:], team[5:]]
            team = fit(forms, room)
        if str(self.border_subtitle or "") != team:
            self.border_subtitle = Text(team) if team else None

    def on_resize(self, event: Resize) -> None:
        self.set_class(self.slot() < NARROW, "narrow")
        self._relabel()

    def lines(self, width: int) -> tuple[Text, Text]:
        """The box's two lines for a content ``width``: the longest wording that fits."""
        if self._data is None:
            return Text(), Text()
        count, dealer, sits_out, _ = self._data
        cards = _plural(count, "card", "cards")
        first = "sits out" if sits_out else fit([cards, f"{count} cd"], width)
        line1 = Text(no_wrap=True, overflow="ellipsis")
        if dealer:
            if sits_out:
                forms = [(first, " · dealer"), (first, " · dlr"), (first, " D")]
            else:
                forms = [(cards, " · dealer"), (cards, " · dlr"), (cards, " dlr"), (cards, " D"),
                         (f"{count} cd", " D"), (f"{count}", " D")]
            head, mark = next(((h, m) for h, m in forms if cell_len(h + m) <= width), forms[-1])
            line1.append(head)
            line1.append(mark, style="dim")
        else:
            line1.append(first)
        if line1.cell_len > width:
            line1.truncate(max(width, 0), overflow="ellipsis")
        line2 = Text(status_fit(self._status, width), no_wrap=True, overflow="ellipsis")
        return line1, line2

    def render(self) -> Text:
        width = self.content_size.width
        slot = self.slot()
        if slot:  # the narrowest box's room, so that the row reads evenly
            width = min(width, slot - 2 - (0 if slot < NARROW else 2))
        return Text("\n").join(self.lines(width or 80))
