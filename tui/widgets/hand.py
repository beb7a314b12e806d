"""The player's hand: boxed cards in a row, overlapping when the row is full, the selected
card raised one line. Arrows and number keys select, Enter plays, a click selects (a second
click on the selected card plays it)."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..cardface import DEFAULT_PALETTE, SMALL, CardPalette, CardSize, face_lines

NUMBER_KEYS = "1234567890"


class HandView(Widget, can_focus=True):
    """A row of cards; ``dimmed`` holds the indexes of cards that cannot be played now."""

    BINDINGS = [
        Binding("left", "move(-1)", "Previous card", show=False),
        Binding("right", "move(1)", "Next card", show=False),
        Binding("home", "go(0)", "First card", show=False),
        Binding("end", "go(-1)", "Last card", show=False),
        Binding("enter", "play", "Play", show=True, id="hand.play"),
        *[Binding(k, f"go({i})", f"Card {k}", show=False) for i, k in enumerate(NUMBER_KEYS)],
    ]

    DEFAULT_CSS = """
    HandView { height: 6; width: 1fr; }
    """

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Play is on the key bar while the hand holds cards (not for a watcher, a seat out of
        the hand, or a finished match: their hands are empty or the screen says so), dimmed
        while another seat plays, as Draw is (the table still says whose turn it is, its
        ``on_key``). The view's hand counts before the cards are drawn, so that the bar built
        with the screen has Play in its first frame."""
        if action == "play":
            view = getattr(self.screen, "view", None) or {}
            if not (self.cards or view.get("hand")) or view.get("is_over") or view.get("seat") is None:
                return False
            return True if view.get("current_seat") == view.get("seat") else None
        return True

    cursor: reactive[int] = reactive(0)

    class Selected(Message):
        def __init__(self, hand: "HandView", index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[str] = []
        self.dimmed: set[int] = set()
        self.card_style = "two-colour"
        self.palette: CardPalette = DEFAULT_PALETTE
        self.card_size: CardSize = SMALL  # the screen's stylesheet gives the widget its height
        self.centre_on: int | None = None  # the column the row's middle stands at; None: from the left
        #: the card at the cursor is another than the player last chose there (theirs was played,
        #: and the next slid into its place), until they choose again
        self._slid_in = False

    # ------------------------------------------------------------------ data
    def set_cards(self, cards: list[str], dimmed: set[int], style: str | None = None,
                  palette: CardPalette | None = None) -> None:
        if (list(cards), set(dimmed), style or self.card_style, palette or self.palette) == (
                self.cards, self.dimmed, self.card_style, self.palette):
            return
        old = self.cards[self.cursor] if self.cards and self.cursor < len(self.cards) else None
        stuck = len(self.dimmed) >= len(self.cards)  # no card could be played: not the turn yet
        self.cards = list(cards)
        self.dimmed = set(dimmed)
        if style:
            self.card_style = style
        if palette:
            self.palette = palette
        if old in self.cards:
            cursor = self.cards.index(old)
        else:
            cursor = min(self.cursor, max(0, len(self.cards) - 1))
        if stuck and cursor in self.dimmed and len(self.dimmed) < len(self.cards):
            # the player's turn has come (cards can be played where none could) with a card
            # selected that cannot be: the nearest one that can, so that Enter plays; later in
            # the turn a card the player picked stays picked (a draw, O, a new card style)
            cursor = min((i for i in range(len(self.cards)) if i not in self.dimmed),
                         key=lambda i: (abs(i - cursor), i))
        if old is not None and self.cards and self.cards[cursor] != old:
            self._slid_in = True
        self.set_reactive(HandView.cursor, cursor)
        self.refresh()

    @property
    def selected(self) -> str | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def set_card_size(self, size: CardSize) -> None:
        """Cards drawn at ``size`` from now on (a table with room to spare draws them large)."""
        if size != self.card_size:
            self.card_size = size
            self.refresh()

    def set_centre(self, column: int | None) -> None:
        """The row of cards centred on ``column`` as far as the width allows (a wide table
        stands its hand under the board); None: the row starts at the left edge."""
        if column != self.centre_on:
            self.centre_on = column
            self.refresh()

    # ------------------------------------------------------------------ layout
    def _layout(self, width: int) -> tuple[int, int, int, int]:
        """The cards' step, the first card's column, and the columns the cards are drawn in
        (from, to). A row longer than the width even overlapped (a long run of draws in a
        narrow terminal) keeps a column at each edge for the marks saying more cards lie that
        way (drawn over the cards, a mark hid the suit of the first one in view), and starts
        left of the edge as far as keeps the selected card in view; else the row stands under
        ``centre_on``, never past either edge."""
        step = self._step(width)
        if not self.cards:
            return step, 0, 0, width
        span, card = self._span(step), self.card_size.width
        if span <= width:
            return step, self._centred(span, width), 0, width
        room = width - 2 if width - 2 >= card else width  # (narrower than a card and its marks: none kept)
        lo = (width - room) // 2
        return step, lo + max(room - span, min(0, room - (self.cursor * step + card))), lo, lo + room

    def _centred(self, span: int, width: int) -> int:
        """Where ``span`` columns start under ``centre_on`` in ``width``, kept inside it; 0
        with no centre."""
        return 0 if self.centre_on is None else max(0, min(self.centre_on - span // 2, width - span))

    def _span(self, step: int) -> int:
        """Columns the whole row takes, its cards ``step`` apart."""
        return (len(self.cards) - 1) * step + self.card_size.width

    def _step(self, width: int) -> int:
        n, card = len(self.cards), self.card_size.width
        if n <= 1:
            return card + 1
        full = card + 1
        if n * full - 1 <= width:
            return full
        return max(2, (width - card) // (n - 1))

    def index_at(self, x: int) -> int | None:
        if not self.cards:
            return None
        step, start, lo, hi = self._layout(self.size.width)
        if not lo <= x < hi:
            return None
        card = self.card_size.width
        for i in range(len(self.cards) - 1, -1, -1):
            left = start + i * step
            right = left + (card if i == len(self.cards) - 1 else min(step, card))
            if left <= x < right:
                return i
        return None

    def render(self) -> Text:
        width = max(self.size.width, self.card_size.width)
        if not self.cards:
            empty = "(no cards)"
            return Text(" " * self._centred(len(empty), width) + empty, style="dim")
        # the card's rows and one more: the selected card stands a row above the others
        rows: list[list[tuple[str, Style | str]]] = [[(" ", "")] * width for _ in range(self.card_size.height + 1)]
        step, start, lo, hi = self._layout(width)
        suit_row = self.card_size.height // 2  # of a card's lines
        for i, card in enumerate(self.cards):
            number = NUMBER_KEYS[i] if i < len(NUMBER_KEYS) else ""
            lines = face_lines(card, self.card_style, self.palette, dim=i in self.dimmed, number=number,
                               playable=i not in self.dimmed, size=self.card_size)
            top = 0 if i == self.cursor else 1
            left = start + i * step
            for r, line in enumerate(lines):
                cells = list(_cells(line))
                if r == 1 and i < len(self.cards) - 1:
                    _rank_into_view(cells, step)
                if r == suit_row and i < len(self.cards) - 1:
                    _suit_into_view(cells, step)
                for c, cell in enumerate(cells):
                    if lo <= left + c < hi:
                        rows[top + r][left + c] = cell
        # cards moved past an edge: a mark in its column, on the cards' middle row, says more lie that way
        before, after = ("<", ">") if self.card_style == "ascii" else ("‹", "›")
        if start < lo:
            rows[1 + suit_row][max(lo - 1, 0)] = (before, "bold reverse")
        if start + self._span(step) > hi:
            rows[1 + suit_row][min(hi, width - 1)] = (after, "bold reverse")
        text = Text(no_wrap=True, overflow="crop")
        for r, row in enumerate(rows):
            if r:
                text.append("\n")
            for ch, st in row:
                text.append(ch, st)
        return text

    # ------------------------------------------------------------------ input
    def watch_cursor(self, old: int, new: int) -> None:
        self._slid_in = False
        self.refresh()
        if self.cards:
            self.post_message(self.Selected(self, new))

    def action_move(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)

    def action_go(self, index: int) -> None:
        if not self.cards:
            self._no_cards()
            return
        if index < 0:
            index = len(self.cards) - 1
        if index < len(self.cards):
            if index == self.cursor:
                self._slid_in = False
                self.post_message(self.Selected(self, index))
            self.cursor = index

    def action_play(self) -> None:
        if self.cards:
            self._play_at(self.cursor)
        else:
            self._no_cards()

    def _play_at(self, index: int) -> None:
        """The screen plays the card at ``index`` (``play_chosen``), at once: in the order the
        keys came, the card the key was pressed on (a message, read later, found the cursor
        moved by a key typed after it, and a draw typed after it gone before it)."""
        play = getattr(self.screen, "play_chosen", None)
        if callable(play):
            play(self.cards[index])

    def _no_cards(self) -> None:
        """A card key with no card in hand: the table says why (a watcher, the match over, a
        seat out of the hand), rather than nothing."""
        say = getattr(self.screen, "say_no_cards", None)
        if callable(say):
            say()

    def on_click(self, event: events.Click) -> None:
        # the cards are drawn in the content area: the widget's padding is not a card's column
        index = self.index_at(event.get_content_offset_capture(self).x)
        if index is None:
            return
        if index == self.cursor and event.chain > 1 and self._slid_in:
            # the second click of a double-click whose first played the card here: the one
            # now in its place was never chosen, and is chosen now, not played
            self._slid_in = False
            self.post_message(self.Selected(self, index))
        elif index == self.cursor:
            self._play_at(index)
        else:
            self.cursor = index


def _cells(line: Text):
    """Each character of a rendered line with its style."""
    plain = line.plain
    styles: list[Style | str] = [line.style] * len(plain)
    for span in line.spans:
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = span.style
    return zip(plain, styles)


def _rank_into_view(cells: list[tuple[str, Style | str]], step: int) -> None:
    """A two-character rank (10) on a card overlapped to two columns takes its left edge's
    column on the rank's row: the next card covered the 0, and "1" read as a rank of its own."""
    end = 1
    while end < len(cells) - 1 and cells[end][0] != " ":
        end += 1
    if end > step == 2:
        cells[0:end] = cells[1:end] + [cells[end]]


def _suit_into_view(cells: list[tuple[str, Style | str]], step: int) -> None:
    """A card overlapped so far that its middle column (the suit) is under the next card has
    the suit moved to its last column in view, which is blank there: rank and suit show even
    in a row of many cards."""
    suit = len(cells) // 2
    if 1 <= step - 1 < suit and cells[step - 1][0] == " ":
        cells[step - 1], cells[suit] = cells[suit], cells[step - 1]
