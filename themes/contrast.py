"""How well a theme's own colours read, for ``dealmein themes``: a theme whose hearts are the
colour of its card face loads and is offered like any other, and nothing on screen says why
its cards look blank. The bars are the shipped themes' (docs/themes.md)."""
from __future__ import annotations

from textual.color import Color
from textual.theme import Theme

from .variables import BLACK, MARK_CONTRAST, SUIT_VARIABLES, TEXT_CONTRAST, WHITE, app_variables, contrast_ratio, solid

#: (ink, ground, the least contrast it reads at): text at 4.5:1, an outline at 3:1
PAIRS: tuple[tuple[str, str, float], ...] = (
    ("foreground", "background", TEXT_CONTRAST),
    ("felt-text", "felt", TEXT_CONTRAST),
    *((suit, face, TEXT_CONTRAST) for suit in SUIT_VARIABLES for face in ("card-face", "card-illegal")),
    ("card-playable", "felt", TEXT_CONTRAST),  # a card's number is written in it
    ("card-border", "felt", MARK_CONTRAST),
)


def contrast_warnings(theme: Theme) -> list[str]:
    """Each pair of the theme's colours that reads below its bar, as "suit-hearts on card-face:
    1.0:1 (text wants 4.5:1)"; none for an ANSI colour, which only the terminal knows."""
    colours: dict[str, str] = {**app_variables(theme)}
    for key in ("foreground", "background"):
        value = getattr(theme, key)
        if value:
            colours[key] = value
    ground = BLACK if theme.dark else WHITE
    said = []
    for ink_key, ground_key, least in PAIRS:
        if ink_key not in colours or ground_key not in colours:
            continue
        ink, under = Color.parse(colours[ink_key]), Color.parse(colours[ground_key])
        if ink.ansi is not None or under.ansi is not None:
            continue
        behind = solid(under, ground)
        ratio = contrast_ratio(solid(ink, behind), behind)
        if ratio < least:
            what = "text" if least == TEXT_CONTRAST else "an outline"
            said.append(f"{ink_key} on {ground_key}: {ratio:.1f}:1 ({what} wants {least:g}:1)")
    return said
