"""Opponents around the table: name, cards in hand, and the game's status for the seat.

The boxes share the row (``1fr`` each) and shrink to fit every seat a game allows (eight, so
up to eight boxes for a spectator) in 80 columns: a narrow box drops its padding, the name on
its border takes the whole edge but its corners and is cut with an ellipsis only past that
(names that would then read alike are cut in the middle, keeping their ends), and the lines
inside take the longest wording that fits (``34 pts, count 6``, then ``34p c6``). The dealer's
box says ``4 cards · dealer``; where that does not fit, ``dealer`` goes on its bottom border
(``team B · dealer``, ``B · dealer`` with teams), and where that is too narrow the line keeps
the word before ``cards`` (``4 cd · dealer``, then ``4 cards D``). A seat out of
the hand says ``sits out`` where its (empty) card count was. With teams (Ninety-Eight's
``teams`` preset) the bottom border marks the viewer's ``partner`` and the other pairs'
``team B``, ``team C``..."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ..plain import clean, counted, cut
from ..plays import match_status
from ..seatmarks import mark_of
from ..seatnames import short_bot_names

#: a box narrower than this (border included) drops its side padding
NARROW = 14
#: cells of an edge round a label: Textual keeps six ("╭─ " and " ─╮"); a label longer than
#: that allows is drawn again with four ("╭ " and " ╮")
TEXTUAL_EDGE = 6
EDGE = 4
#: the most cells a name takes on a wide box
NAME_CELLS = 16


def _status_parts(status: dict[str, Any]) -> list[tuple[str, str]]:
    """The status pieces, each as (full wording, compact wording), ``sits out`` left out."""
    parts: list[tuple[str, str]] = []
    # ninety-eight 7.2: partners share one set of lives (or chips), which each partner's shows
    shared = " (team)" if status.get("team") else ""
    if "lives" in status:
        parts.append((counted(status["lives"], "life", "lives") + shared, f"{status['lives']} lv"))
    elif "penalties" in status:
        parts.append((f"{status['penalties']} pen.{shared}", f"{status['penalties']} pen"))
    if "chips" in status:
        parts.append((counted(status["chips"], "chip") + shared, f"{status['chips']} ch"))
    if "score" in status:
        parts.append((counted(status["score"], "pt"), f"{status['score']}p"))
    if "count" in status:
        parts.append((f"count {status['count']}", f"c{status['count']}"))
    return parts


def statuses(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's status as the table shows it: out of a single-hand match once out of its
    hand (``match_status``); under Crazy Eights' Countdown, which keeps no points (6.2), without
    the score the engine still reports; once the match is over, with no
    seat in or out of a hand (no next hand is dealt: its winner sits out of nothing)."""
    out = [match_status(view, seat, s) if isinstance(s, dict) else {} for seat, s in enumerate(view.get("status") or [])]
    if (view.get("options") or {}).get("countdown"):
        out = [{k: v for k, v in s.items() if k != "score"} for s in out]
    if view.get("is_over"):
        out = [{k: v for k, v in s.items() if k != "in_hand"} for s in out]
    return out


def as_shared(view: dict[str, Any], status: dict[str, Any]) -> dict[str, Any]:
    """``status`` marked as its team's where partners share their lives or chips (ninety-eight
    7.2): "9 chips (team)", each pair's, not 9 more each."""
    return {**status, "team": True} if view.get("teams") else status


def status_text(status: dict[str, Any]) -> str:
    """``2 lives``, ``1 life``, ``5 chips``, ``1 chip``, ``34 pts``, ``count 6``, ``out``:
    whatever the game reports; a team's shared lives or chips say so (``3 lives (team)``)."""
    if status.get("out"):
        return "out"
    parts = [full for full, _ in _status_parts(status)]
    if status.get("in_hand") is False:
        parts.append("out of this hand")  # "you: 1 chip, out of this hand" (a box says "sits out")
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


def cut_middle(text: str, width: int) -> str:
    """``text`` in ``width`` cells, cut in the middle ("Chris…pher A"): its start and its end
    kept, where two names differ."""
    if cell_len(text) <= width:
        return text
    if width <= 2:
        return cut(text, width)
    tail_room = (width - 1) // 2
    tail = ""
    for ch in reversed(text):
        if cell_len(ch + tail) > tail_room:
            break
        tail = ch + tail
    head = Text(text)  # not ``cut``: the number it would keep is in the tail
    head.truncate(width - cell_len(tail) - 1)
    return head.plain.rstrip() + "…" + tail.lstrip()


#: the fewest cells of a name a seat box keeps before its mark ("Bar… (idle)"); a box narrower
#: than that and the mark cuts the two together
MARKED_NAME_CELLS = 4


def _cut_marked(name: str, width: int, cutter: Callable[[str, int], str]) -> str:
    """``name`` in ``width`` cells, cut by ``cutter``, the bot, away or idle mark after it kept
    whole ("Bartholo… (idle)"): cutting the two as one lost the mark of a long name."""
    mark = mark_of(name)
    room = width - cell_len(mark)
    if not mark or cell_len(name) <= width or room < MARKED_NAME_CELLS:
        return cutter(name, width)
    return cutter(name[:len(name) - len(mark)], room) + mark


def cut_from(text: str, start: int, width: int) -> str:
    """``text`` in ``width`` cells from its character ``start`` on ("…一号"), an ellipsis for
    what goes before it."""
    if start <= 0 or cell_len(text) <= width or width <= 2:
        return cut(text, width)
    return "…" + cut(text[start:], width - 1)


def _first_difference(name: str, others: list[str]) -> int:
    """Where ``name`` first differs from the nearest of ``others``."""
    return max(next((i for i, (a, b) in enumerate(zip(name, other)) if a != b), min(len(name), len(other)))
               for other in others)


def cut_apart(names: list[str], width: int) -> list[str]:
    """Each name in ``width`` cells (``cut``: a number that ends it stays, and so does a seat's
    mark, ``_cut_marked``); names that would then read alike are cut in the middle instead, and
    names still alike (wide letters leave a narrow box a letter each side) from where they
    differ on, so that the seats still read apart."""
    def alike(cuts: list[str], i: int) -> list[str]:
        return [names[j] for j in range(len(names)) if cuts[j] == cuts[i] and names[j] != names[i]]

    def from_difference(i: int) -> str:
        at = _first_difference(names[i], alike(middle, i))
        return _cut_marked(names[i], width, lambda text, room: cut_from(text, at, room))

    cuts = [_cut_marked(name, width, cut) for name in names]
    middle = [_cut_marked(name, width, cut_middle) if alike(cuts, i) else cuts[i] for i, name in enumerate(names)]
    return [from_difference(i) if alike(middle, i) else middle[i] for i in range(len(names))]


def redraw_edge(edge: Strip, label: str, align: str) -> Strip:
    """A top or bottom border Textual drew with its label cut short (corner, line, blank, label,
    blank, line, corner), drawn again with ``label`` whole: a blank each side of it, the line
    filling the rest, each part in the style Textual gave it."""
    width = edge.cell_length
    label = cut(label, width - EDGE)

    def style(x: int) -> Any:
        return next(iter(edge.crop(x, x + 1)), Segment(" ")).style

    fill = Segment(next(iter(edge.crop(1, 2)), Segment("─")).text * (width - EDGE - cell_len(label)), style(1))
    blank = Segment(" ", style(2))
    middle = [blank, Segment(label, style(3)), blank]
    parts = [*middle, fill] if align == "left" else [fill, *middle]
    return Strip([*edge.crop(0, 1), *parts, *edge.crop(width - 1, width)], width)


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
        self._dealer_below = False  # "dealer" is on the bottom border, not the first line
        #: the seat the box shows (a box is kept when the seats it shows move round)
        self.seat: int | None = None

    def show(self, name: str, seat: int, view: dict[str, Any], dealer: bool) -> None:
        self.seat = seat
        shown = statuses(view)
        status = shown[seat] if seat < len(shown) else {}
        counts = view.get("hand_counts") or []
        count = counts[seat] if seat < len(counts) else 0
        renamed = clean(name, 60) != self._seat_name
        self._seat_name = clean(name, 60)
        self._team = team_labels(view).get(seat, "")
        sits_out = status.get("in_hand") is False and not status.get("out")
        data = (count, dealer, sits_out, tuple(sorted((k, repr(v)) for k, v in status.items())))
        if data != self._data:
            self._data = data
            self._status = dict(status)
            self.refresh()  # the box's size comes from the row, not from its text: no layout
        for box in self._row() if renamed else [self]:  # the others' names are cut apart from this one
            box._relabel()
        self.set_class(view.get("current_seat") == seat, "turn")
        self.set_class(self._team == "partner", "partner")
        self.set_class(bool(status.get("out")) or sits_out, "gone")

    def _row(self) -> list["SeatBox"]:
        """The boxes shown in this box's row, this one among them."""
        row = self.parent
        if not isinstance(row, Widget):
            return [self]
        return [child for child in row.children if isinstance(child, SeatBox) and child.display] or [self]

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

    @staticmethod
    def inner(slot: int) -> int:
        """The cells the lines have in a box of ``slot`` cells: less the border and padding."""
        return slot - 2 - (0 if slot < NARROW else 2)

    def _relabel(self) -> None:
        """The name on the top border, cut to the room there (the whole edge but its corners
        and a blank each side) and apart from the other boxes' names; on the bottom one the
        team, and the dealer where the first line has no room to say it."""
        slot = self.slot()
        room = slot - EDGE if slot else 99
        row = self._row()
        width = min(room, NAME_CELLS)
        titles = cut_apart(short_bot_names([box._seat_name for box in row], width), width)
        title = titles[row.index(self)] if self in row else cut_apart([self._seat_name], width)[0]
        if str(self.border_title or "") != title:
            self.border_title = Text(title)
        team = self._team
        forms = [""]
        with_dealer = ["dealer"]  # the ways the bottom border says the dealer, with the team
        if team == "partner":
            forms, with_dealer = ["partner", "ptnr", "P"], ["partner · dealer", "ptnr · dealer"]
        elif team:
            forms = [team, "tm " + team[5:], team[5:]]
            with_dealer = [f"{team} · dealer", f"{team[5:]} · dealer"]  # the other boxes say "team B"
        below = ""
        if self._data is not None and self._data[1] and slot:
            count, _dealer, sits_out, _ = self._data
            first = "sits out" if sits_out else counted(count, "card")
            if cell_len(first + " · dealer") > self.inner(slot):
                below = next((form for form in with_dealer if cell_len(form) <= room), "")
        if self._dealer_below != bool(below):
            self._dealer_below = bool(below)
            self.refresh()
        mark = below or (fit(forms, room) if team else "")
        if str(self.border_subtitle or "") != mark:
            self.border_subtitle = Text(mark) if mark else None

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's lines, with a label it cut short (it keeps six cells of the edge round
        one) drawn again whole over the edge: at six seats and more, a name needs those cells."""
        strips = super().render_lines(crop)
        width, height = self.outer_size
        if crop.x or crop.width != width or width <= TEXTUAL_EDGE:
            return strips
        for row, label, align in ((0, self.border_title, self.styles.border_title_align),
                                  (height - 1, self.border_subtitle, self.styles.border_subtitle_align)):
            text = str(label or "")
            if cell_len(text) > width - TEXTUAL_EDGE and crop.y <= row < crop.bottom:
                strips[row - crop.y] = redraw_edge(strips[row - crop.y], text, align)
        return strips

    def on_resize(self, event: Resize) -> None:
        self.set_class(self.slot() < NARROW, "narrow")
        self._relabel()

    def lines(self, width: int) -> tuple[Text, Text]:
        """The box's two lines for a content ``width``: the longest wording that fits."""
        if self._data is None:
            return Text(), Text()
        count, dealer, sits_out, _ = self._data
        dealer = dealer and not self._dealer_below
        cards = counted(count, "card")
        first = "sits out" if sits_out else fit([cards, f"{count} cd"], width)
        line1 = Text(no_wrap=True, overflow="ellipsis")
        if dealer:
            if sits_out:
                forms = [(first, " · dealer"), (first, " D")]
            else:  # the word "dealer" before the word "cards"
                forms = [(cards, " · dealer"), (f"{count} cd", " · dealer"), (f"{count} cd", " dealer"),
                         (cards, " D"), (f"{count} cd", " D"), (f"{count}", " D")]
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
            width = min(width, self.inner(slot))
        return Text("\n").join(self.lines(width or 80))
