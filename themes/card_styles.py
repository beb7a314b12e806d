"""Card styles: how a card's rank and suit are drawn, separate from the theme's colours.

A style picks the suit glyphs (symbols, or S H D C letters for terminals that draw the suit
symbols at double width) and how many suit colours are used. With four colours clubs take
`$suit-clubs` (green) and diamonds `$suit-diamonds` (blue); with two, they share spades' and
hearts' colours. The glyph is always drawn, so colour is never the only cue.
"""
from __future__ import annotations

from dataclasses import dataclass

from core.cards import JOKER, RANK, RANKS, SUIT, SUITS, parse_card


@dataclass(frozen=True)
class CardStyle:
    """One card style: a name for settings, the glyphs of S H D C in that order, the colouring."""

    name: str
    description: str
    glyphs: str
    joker_glyph: str
    four_colour: bool

    def glyph(self, suit: str) -> str:
        """The glyph drawn for suit letter `suit` (one of S H D C)."""
        return self.glyphs[SUITS.index(suit)]


SYMBOLS = "♠♥♦♣"
LETTERS = "SHDC"

CARD_STYLES: dict[str, CardStyle] = {
    style.name: style
    for style in (
        CardStyle("two-colour", "suit symbols, red hearts and diamonds, dark spades and clubs", SYMBOLS, "★", False),
        CardStyle("four-colour", "suit symbols, green clubs and blue diamonds", SYMBOLS, "★", True),
        CardStyle("ascii", "suit letters S H D C, for terminals that draw suit symbols wide", LETTERS, "*", False),
    )
}
DEFAULT_CARD_STYLE = "two-colour"

#: The theme variable that colours each suit, by style colouring.
_TWO_COLOUR_VARIABLE = {"S": "suit-spades", "H": "suit-hearts", "D": "suit-hearts", "C": "suit-spades"}
_FOUR_COLOUR_VARIABLE = {"S": "suit-spades", "H": "suit-hearts", "D": "suit-diamonds", "C": "suit-clubs"}
JOKER_VARIABLE = "suit-joker"
JOKER_RANK = "JK"


@dataclass(frozen=True)
class CardFace:
    """What to draw for one card: rank text, suit glyph, and the theme colour variable (no `$`)."""

    rank: str
    suit: str
    colour: str

    @property
    def text(self) -> str:
        return f"{self.rank}{self.suit}"


def card_face(card: str, style: str | CardStyle = DEFAULT_CARD_STYLE) -> CardFace:
    """Rank text, glyph and colour variable of `card` ("TH", "10h", "JK") in `style`.

    Ten shows as "10". Raises `ValueError` for a card or style that does not exist.
    """
    chosen = style if isinstance(style, CardStyle) else _style(style)
    code = parse_card(card)
    if code == JOKER:
        return CardFace(JOKER_RANK, chosen.joker_glyph, JOKER_VARIABLE)
    rank = RANKS[RANK[code]]
    suit = SUITS[SUIT[code]]
    colours = _FOUR_COLOUR_VARIABLE if chosen.four_colour else _TWO_COLOUR_VARIABLE
    return CardFace("10" if rank == "T" else rank, chosen.glyph(suit), colours[suit])


def _style(name: str) -> CardStyle:
    try:
        return CARD_STYLES[name]
    except KeyError:
        raise ValueError(f"no card style {name!r} (choose from {', '.join(CARD_STYLES)})") from None
