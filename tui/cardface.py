"""How a card looks: labels, suit symbols and the small boxed drawing used by the hand, the
pile and the stock. Pure functions of the card string and a card style, so they are cheap to
call on every refresh and easy to test."""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from themes.card_styles import CARD_STYLES, DEFAULT_CARD_STYLE, card_face

SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class CardSize:
    """The cells a card drawing takes: the small one fits 80x24, the large one a table with
    room to spare (both odd, so that the suit has a middle). The low one is the pile's and the
    stock's under 20 rows: the rank once, over the suit, leaves a row for their counts."""

    width: int
    height: int


SMALL = CardSize(5, 5)
LARGE = CardSize(7, 7)
LOW = CardSize(5, 4)


@dataclass(frozen=True)
class CardPalette:
    """Colours of the card drawings; a theme may supply its own. Colour names are Rich colours.

    ``playable`` outlines the cards that may be played now, drawn on the table's own background;
    ``playable_style`` and ``illegal_style`` are text styles ("bold underline", "dim") so the
    difference survives without colour."""

    face: str = "#f4f1e8"
    black: str = "#151515"
    red: str = "#c62828"
    blue: str = "#1f5fbf"
    green: str = "#2e7d32"
    joker: str = "#6b2d91"
    back: str = "#2b4f8c"
    back_pattern: str = "#8fb0e0"
    dim_face: str = "#5a5a5a"
    dim_ink: str = "#d0d0d0"
    playable: str = "#f2c94c"
    playable_style: str = "bold"
    illegal_style: str = ""
    #: the other suits' muted inks, by theme variable (``suit-hearts``...), so a card that may
    #: not be played still reads red or black; one not given is ``dim_ink``
    dim_suits: tuple[tuple[str, str], ...] = ()

    def colour(self, variable: str) -> str:
        """The palette colour standing for theme variable ``variable`` (``suit-hearts``...)."""
        return {"suit-spades": self.black, "suit-hearts": self.red, "suit-diamonds": self.blue,
                "suit-clubs": self.green, "suit-joker": self.joker}[variable]

    def dim_colour(self, variable: str) -> str:
        """The muted ink of a card that may not be played, for theme variable ``variable``."""
        return dict(self.dim_suits).get(variable, self.dim_ink)


DEFAULT_PALETTE = CardPalette()


def rank_of(card: str) -> str:
    return "JK" if card == "JK" else card[0]


def suit_of(card: str) -> str | None:
    return None if card == "JK" else card[1]


def card_label(card: str, style: str = DEFAULT_CARD_STYLE) -> str:
    """``10♥``, ``K♠``, ``Joker``; with the ascii style ``10H``."""
    if card == "JK":
        return "Joker"
    return card_face(card, style).text


def suit_label(suit: str, style: str = DEFAULT_CARD_STYLE) -> str:
    """``♥ hearts``, or ``H hearts`` with the ascii style."""
    return f"{CARD_STYLES[style].glyph(suit)} {SUIT_NAME[suit]}"


def ink(card: str, style: str, palette: CardPalette = DEFAULT_PALETTE) -> str:
    """The colour of ``card``'s rank and suit in ``style`` (four-colour: green clubs, blue diamonds)."""
    return palette.colour(card_face(card, style).colour)


def _borders(style: str) -> tuple[str, str, str, str, str, str]:
    """top-left, horizontal, top-right, vertical, bottom-left, bottom-right"""
    if style == "ascii":
        return "+", "-", "+", "|", "+", "+"
    return "┌", "─", "┐", "│", "└", "┘"


def face_lines(card: str, style: str = DEFAULT_CARD_STYLE, palette: CardPalette = DEFAULT_PALETTE,
               *, dim: bool = False, number: str = "", playable: bool = False, size: CardSize = SMALL) -> list[Text]:
    """``size.height`` lines of ``size.width`` cells: the rank in two corners and the suit in
    the middle (``LOW``: the rank in the top corner only, the suit under it).

    A ``dim`` card (one that may not be played now) is drawn in the muted colours, its text
    still readable; a ``playable`` one gets an outline in the theme's highlight colour."""
    tl, h, tr, v, bl, br = _borders(style)
    face = card_face(card, style)
    if dim:
        base = Style(color=palette.dim_ink, bgcolor=palette.dim_face)
        mark = Style(color=palette.dim_colour(face.colour), bgcolor=palette.dim_face) + Style.parse(
            palette.illegal_style or "none")
    else:
        base = Style(color=palette.black, bgcolor=palette.face)
        mark = Style(color=palette.colour(face.colour), bgcolor=palette.face) + Style.parse(
            palette.playable_style if playable else "bold")
    edge = Style(color=palette.playable, bold=True) if playable and not dim else base
    inner, rows = size.width - 2, size.height - 2
    rank, centre = face.rank, face.suit
    middle = [f"{rank:<{inner}}", *[" " * inner] * (rows - 2), f"{rank:>{inner}}"]
    middle[rows // 2] = f"{centre:^{inner}}"
    top = tl + (number[:1] if number else h) + h * (inner - 1) + tr
    return [Text(top, style=edge),
            *[Text.assemble((v, edge), (row, mark), (v, edge)) for row in middle],
            Text(bl + h * inner + br, style=edge)]


def back_lines(style: str = DEFAULT_CARD_STYLE, palette: CardPalette = DEFAULT_PALETTE,
               size: CardSize = SMALL) -> list[Text]:
    """A face-down card."""
    tl, h, tr, v, bl, br = _borders(style)
    edge = Style(color=palette.back_pattern, bgcolor=palette.back)
    fill = "#" if style == "ascii" else "░"
    inner = size.width - 2
    return [Text(tl + h * inner + tr, style=edge)] + [Text(v + fill * inner + v, style=edge)] * (size.height - 2) + [
        Text(bl + h * inner + br, style=edge)]


#: the mark in an empty stock that a draw rebuilds from the pile (crazy-eights 3.5), by card style
RESHUFFLE_MARK = {"ascii": "~"}
RESHUFFLE_GLYPH = "↻"


def empty_lines(style: str = DEFAULT_CARD_STYLE, size: CardSize = SMALL, reshuffles: bool = False) -> list[Text]:
    """The outline of an empty pile; ``reshuffles``: an empty stock that a draw rebuilds from
    the pile, marked in its middle (it can still be drawn from)."""
    dot = Style(dim=True)
    inner, rows = size.width - 2, size.height - 2
    dots = "." + " ." * (inner // 2 + 1)
    side, top, bottom = (".", dots, dots) if style == "ascii" else ("┆", "╭" + "┄" * inner + "╮", "╰" + "┄" * inner + "╯")
    middle = [Text(side + " " * inner + side, style=dot) for _ in range(rows)]
    if reshuffles and rows:
        mark = RESHUFFLE_MARK.get(style, RESHUFFLE_GLYPH)
        left = (inner - 1) // 2
        middle[(rows - 1) // 2] = Text.assemble((side + " " * left, dot), (mark, "bold"),
                                                (" " * (inner - 1 - left) + side, dot))
    return [Text(top, style=dot), *middle, Text(bottom, style=dot)]
