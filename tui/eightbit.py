"""Card faces on a terminal of 256 colours (``TERM=xterm-256color`` without ``COLORTERM``, as
macOS Terminal and many SSH sessions are): Rich draws each colour as the nearest of the 256,
and colours a theme keeps a little apart can come out as one. Midnight's felt, card face and
muted face were all colour 17: the cards stood on the table as holes, a playable card's face
the same as one that may not be played. Here each takes the nearest of the 256 that the others
have not taken."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rich.color import EIGHT_BIT_PALETTE, Color, ColorParseError, ColorSystem, ColorTriplet
from textual.color import Color as TextualColor

from themes.variables import relative_luminance

from .cardface import CardPalette


def number(colour: str) -> int | None:
    """The colour of the 256 that Rich draws ``colour`` as; None for one the terminal chooses
    (an ANSI name, ``default``)."""
    try:
        parsed = Color.parse(colour)
    except ColorParseError:
        return None
    if parsed.triplet is None:
        return parsed.number if parsed.number is not None and parsed.number >= 16 else None
    return parsed.downgrade(ColorSystem.EIGHT_BIT).number


@lru_cache(maxsize=1)
def _choices() -> tuple[tuple[int, ColorTriplet], ...]:
    """The 240 colours every terminal of 256 draws alike (its first 16 are its own), each as
    Rich draws it back."""
    found = []
    for index in range(16, 256):
        triplet = EIGHT_BIT_PALETTE[index]
        if Color.from_triplet(triplet).downgrade(ColorSystem.EIGHT_BIT).number == index:
            found.append((index, triplet))
    return tuple(found)


def _luminance(t: ColorTriplet) -> float:
    return relative_luminance(TextualColor(t.red, t.green, t.blue))


def _distance(a: ColorTriplet, b: ColorTriplet) -> float:
    """How far apart two colours look, roughly ("redmean"): enough to pick a neighbour."""
    mean = (a.red + b.red) / 2
    dr, dg, db = a.red - b.red, a.green - b.green, a.blue - b.blue
    return ((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db) ** 0.5


def _apart(colour: str, taken: dict[int, ColorTriplet]) -> str:
    """``colour``, or where the 256 draw it as one of ``taken``, the nearest of them that is not
    taken and stands lighter or darker than each taken one as ``colour`` itself does."""
    own = number(colour)
    if own is None or own not in taken:
        return colour
    wanted = Color.parse(colour).get_truecolor()
    lighter = {index: _luminance(wanted) >= _luminance(t) for index, t in taken.items()}

    def fits(index: int, t: ColorTriplet) -> bool:
        return index not in taken and all((_luminance(t) > _luminance(other)) == lighter[i]
                                          for i, other in taken.items())

    fitting = [(index, t) for index, t in _choices() if fits(index, t)] or \
        [(index, t) for index, t in _choices() if index not in taken]
    _index, best = min(fitting, key=lambda it: _distance(it[1], wanted))
    return best.hex


def apart_on_256(palette: CardPalette, felt: str) -> CardPalette:
    """``palette`` with the felt, a card's face, a muted card's face and a card's back drawn as
    colours of their own on a terminal of 256 (their inks are far from their faces already)."""
    felt_number = number(felt)
    if felt_number is None:
        return palette
    taken = {felt_number: EIGHT_BIT_PALETTE[felt_number]}
    face = _apart(palette.face, taken)
    back = _apart(palette.back, taken)
    if (face_number := number(face)) is not None:
        taken[face_number] = EIGHT_BIT_PALETTE[face_number]
    dim_face = _apart(palette.dim_face, taken)
    if (face, back, dim_face) == (palette.face, palette.back, palette.dim_face):
        return palette
    return replace(palette, face=face, back=back, dim_face=dim_face)
