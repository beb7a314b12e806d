"""How a card looks: labels, suit symbols and the small boxed drawing used by the hand, the
pile and the stock. Pure functions of the card string and a card style, so they are cheap to
call on every refresh and easy to test."""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
CARD_WIDTH = 5
CARD_HEIGHT = 5


@dataclass(frozen=True)
class CardPalette:
    """Colours of the card drawings; a theme may supply its own."""

    face: str = "#f4f1e8"
    black: str = "#151515"
    red: str = "#c62828"
    blue: str = "#1f5fbf"
    green: str = "#2e7d32"
    back: str = "#2b4f8c"
    back_pattern: str = "#8fb0e0"
    dim_face: str = "#5a5a5a"
    dim_ink: str = "#9a9a9a"


DEFAULT_PALETTE = CardPalette()


def rank_of(card: str) -> str:
    return "JK" if card == "JK" else card[0]


def suit_of(card: str) -> str | None:
    return None if card == "JK" else card[1]


def card_label(card: str, style: str = "two-colour") -> str:
    """``10♥``, ``K♠``, ``Joker``; with the ascii style ``10H``."""
    if card == "JK":
        return "Joker"
    rank = "10" if card[0] == "T" else card[0]
    suit = card[1]
    return rank + (suit if style == "ascii" else SUIT_SYMBOL[suit])


def suit_label(suit: str, style: str = "two-colour") -> str:
    return f"{suit if style == 'ascii' else SUIT_SYMBOL[suit]} {SUIT_NAME[suit]}"


def ink(card: str, style: str, palette: CardPalette = DEFAULT_PALETTE) -> str:
    suit = suit_of(card)
    if suit is None:
        return palette.red
    if style == "four-colour":
        return {"S": palette.black, "H": palette.red, "D": palette.blue, "C": palette.green}[suit]
    return palette.red if suit in RED_SUITS else palette.black


def _borders(style: str) -> tuple[str, str, str, str, str, str]:
    """top-left, horizontal, top-right, vertical, bottom-left, bottom-right"""
    if style == "ascii":
        return "+", "-", "+", "|", "+", "+"
    return "┌", "─", "┐", "│", "└", "┘"


def face_lines(card: str, style: str = "two-colour", palette: CardPalette = DEFAULT_PALETTE,
               *, dim: bool = False, number: str = "") -> list[Text]:
    """Five lines of five cells: the rank in two corners and the suit in the middle."""
    tl, h, tr, v, bl, br = _borders(style)
    if dim:
        base = Style(color=palette.dim_ink, bgcolor=palette.dim_face)
        mark = base
    else:
        base = Style(color=palette.black, bgcolor=palette.face)
        mark = Style(color=ink(card, style, palette), bgcolor=palette.face, bold=True)
    if card == "JK":
        rank, centre = "JK", ("*" if style == "ascii" else "★")
    else:
        rank = "10" if card[0] == "T" else card[0]
        centre = card[1] if style == "ascii" else SUIT_SYMBOL[card[1]]
    top = tl + (number[:1] if number else h) + h * 2 + tr
    lines = [Text(top, style=base)]
    lines.append(Text.assemble((v, base), (f"{rank:<3}", mark), (v, base)))
    lines.append(Text.assemble((v, base), (f" {centre} ", mark), (v, base)))
    lines.append(Text.assemble((v, base), (f"{rank:>3}", mark), (v, base)))
    lines.append(Text(bl + h * 3 + br, style=base))
    return lines


def back_lines(style: str = "two-colour", palette: CardPalette = DEFAULT_PALETTE) -> list[Text]:
    """A face-down card."""
    tl, h, tr, v, bl, br = _borders(style)
    edge = Style(color=palette.back_pattern, bgcolor=palette.back)
    fill = "#" if style == "ascii" else "░"
    return [Text(tl + h * 3 + tr, style=edge)] + [Text(v + fill * 3 + v, style=edge)] * 3 + [
        Text(bl + h * 3 + br, style=edge)]


def empty_lines(style: str = "two-colour") -> list[Text]:
    """The outline of an empty pile."""
    dot = Style(dim=True)
    if style == "ascii":
        return [Text(". . .", style=dot), *[Text(".   .", style=dot)] * 3, Text(". . .", style=dot)]
    return [Text("╭┄┄┄╮", style=dot), *[Text("┆   ┆", style=dot)] * 3, Text("╰┄┄┄╯", style=dot)]
