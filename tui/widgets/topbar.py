"""The line above the seats: the game's moment on the left (game, hand, direction, whose turn,
the turn clock, or how long the table still waits for an away player before a bot plays for
them) and, on the right while the room allows it, the table's variant, so that a player deep in
a match can still see which rules are in play. A narrow line leaves words out (``fit``), never
whose turn it is or the seconds left."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from ..plain import cut

#: between two parts of the line
SEP = " · "
#: a part of the line: its words and their style
Part = tuple[str, str]


def seconds_text(left: int) -> str:
    """``23 s``, or ``1:05`` from a minute up: the turn clock and the wait for an away player."""
    return f"{left // 60}:{left % 60:02d}" if left >= 60 else f"{left} s"


def wait_forms(left: int) -> list[str]:
    """What follows an away player's turn ("Bo's turn (away)") while the table waits for them,
    longest first: a narrow line takes the longest that fits."""
    when = f"in {seconds_text(left)}" if left > 0 else "now"
    return [f"a bot plays for them {when}", f"a bot plays {when}", f"bot {when}"]


@dataclass(frozen=True)
class TopLine:
    """What the line says, part by part, so that a narrow line can leave out the parts that
    matter least rather than lose its end (the clock) to the edge of the screen."""

    game: str = ""
    deal: str = ""  # "round 1", "hand 2 of 10"
    direction: str = ""
    turn: str = ""  # "Bo's turn (away)", "your turn", "match over", or none between hands
    clock: int | None = None  # seconds left on the turn clock
    offline: bool = False  # the connection to the host is down
    slow: bool = False  # the link to the host is slow: what the line says may be behind
    wait: int | None = None  # seconds before a bot plays for the away player to move
    variant: str = ""  # the table's preset, at the right end

    def words(self) -> str:
        """The line whole, as the widest screen reads it (without the variant)."""
        return _joined(_tries(self)[0]).plain


def _tail(line: TopLine, wait: str) -> list[Part]:
    """What the line always keeps after the turn: the clock, the lost connection, the wait, a
    slow link.
    While the connection is down neither the clock nor the wait is shown: counted here from the
    last view, they ran on to 0 and stood there as if a bot were about to move, where what the
    host does meanwhile is not known here."""
    tail: list[Part] = []
    if line.offline:
        return [("reconnecting…", "bold")]
    if line.clock is not None:
        tail.append((seconds_text(line.clock), "bold" if line.clock <= 10 else ""))
    if wait and line.wait is not None:
        tail.append((wait, "bold" if line.wait <= 10 else ""))
    if line.slow:
        tail.append(("slow link", "bold"))
    return tail


#: the arrows the direction of play ends with (not in ASCII cards), kept where its word is not
ARROWS = ("↻", "↺")


def _tries(line: TopLine) -> list[list[Part]]:
    """The line in fewer and fewer words, the first that fits is drawn: the wait in shorter
    wordings, then the direction by its arrow alone, then without the game's name and the hand's
    number; then (``fit``) the name whose turn it is cut short, and last the arrow. The direction
    outlasts the names: after a reverse (a 4 in Ninety-Eight) it is what tells who plays next,
    and at 60 columns it went first."""
    forms = wait_forms(line.wait) if line.wait is not None else [""]
    tries = [[(line.game, ""), (line.deal, ""), (line.direction, ""), (line.turn, ""), *_tail(line, form)]
             for form in forms]
    tail = _tail(line, forms[-1])
    arrow = line.direction[-1:] if line.direction.endswith(ARROWS) else ""
    tries += [[(line.game, ""), (line.deal, ""), (arrow, ""), (line.turn, ""), *tail],
              [(line.deal, ""), (arrow, ""), (line.turn, ""), *tail],
              [(arrow, ""), (line.turn, ""), *tail]]
    return tries


def _joined(parts: Sequence[Part]) -> Text:
    """The parts that say something, apart by ``SEP`` (none left dangling), after a blank."""
    text = Text(" ", no_wrap=True)
    for i, (words, style) in enumerate(p for p in parts if p[0]):
        if i:
            text.append(SEP)
        text.append(words, style=style)
    return text


def _cut_turn(turn: str, room: int) -> str:
    """Whose turn in ``room`` cells, the name cut rather than "'s turn" or the "(away)" after it."""
    name, said, rest = turn.rpartition("'s turn")
    if said and room > cell_len(said + rest):
        return cut(name, room - cell_len(said + rest)) + said + rest
    return cut(turn, room)


def _with_variant(text: Text, variant: str, width: int) -> Text:
    """``text`` with the variant at the right end of ``width`` cells, where it fits."""
    room = width - text.cell_len
    need = cell_len(variant) + 1  # a blank after it, at the edge
    if variant and room >= need + 3:  # and at least three blanks between the two
        text.append(" " * (room - need))
        text.append(variant, style="italic")
        text.append(" ")
    return text


#: the fewest cells a name cut short keeps beside the direction's arrow ("Barthol…'s turn")
NAME_ROOM = 8


def fit(line: TopLine, width: int) -> Text:
    """``line`` in ``width`` cells. The variant goes first, then words (``_tries``): whose turn
    it is, the turn clock's seconds and the wait for an away player stay; a name too long even
    then is cut."""
    tries = _tries(line)
    for i, parts in enumerate(tries):
        text = _joined(parts)
        if text.cell_len <= width:
            return _with_variant(text, line.variant, width) if i == 0 else text
    arrow, _turn, *tail = tries[-1]
    if not line.turn:
        return _joined(tail)
    # the direction's arrow stays before a name cut short, where that leaves the turn some room
    room = width - _joined([arrow, ("?", ""), *tail]).cell_len + 1  # the cells left for the turn
    _name, said, rest = line.turn.rpartition("'s turn")
    if arrow[0] and room - cell_len(said + rest) * bool(said) < NAME_ROOM:
        arrow = ("", "")
        room = width - _joined([("?", ""), *tail]).cell_len + 1
    return _joined([arrow, (_cut_turn(line.turn, room), ""), *tail])


class TopBar(Widget):
    DEFAULT_CSS = "TopBar { height: 1; width: 1fr; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._line = TopLine()

    @property
    def line(self) -> TopLine:
        """What the line says now."""
        return self._line

    def show(self, line: TopLine) -> None:
        """Draw ``line``; nothing is repainted when it did not change."""
        if line == self._line:
            return
        self._line = line
        self.refresh()

    def render(self) -> Text:
        return fit(self._line, self.size.width)
