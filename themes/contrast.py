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
    # the screens' titles and headings are written in ``primary``, the key bar's keys in
    # Textual's ``footer-key-foreground`` (``primary`` unless the theme says), a chosen row or
    # tab in ``block-cursor-foreground`` on ``block-cursor-background`` (``primary`` too)
    ("primary", "background", TEXT_CONTRAST),
    ("footer-key-foreground", "footer-background", TEXT_CONTRAST),
    ("block-cursor-foreground", "block-cursor-background", TEXT_CONTRAST),
    ("text-muted", "background", TEXT_CONTRAST),  # the theme's own (the app's own reads at 4.5:1)
    ("felt-text", "felt", TEXT_CONTRAST),
    *((suit, face, TEXT_CONTRAST) for suit in SUIT_VARIABLES for face in ("card-face", "card-illegal")),
    ("card-playable", "felt", TEXT_CONTRAST),  # a card's number is written in it
    ("card-border", "felt", MARK_CONTRAST),
)


def contrast_warnings(theme: Theme) -> list[str]:
    """Each pair of the theme's colours that reads below its bar, as "suit-hearts on card-face:
    1.0:1 (text wants 4.5:1)"; none for an ANSI colour, which only the terminal knows."""
    # Textual's colours as it works them out from the theme ("auto" ones contrast by themselves),
    # then the theme's own
    generated = {k: v for k, v in theme.to_color_system().generate().items()
                 if k != "text-muted" and isinstance(v, str) and not v.startswith("auto")}
    colours: dict[str, str] = {**generated, **app_variables(theme)}
    for key in ("foreground", "background"):
        value = getattr(theme, key)
        if value:
            colours[key] = value
    colours.update({k: v for k, v in theme.variables.items() if isinstance(v, str) and not v.startswith("auto")})
    ground = BLACK if theme.dark else WHITE
    said = []
    for ink_key, ground_key, least in PAIRS:
        if ink_key not in colours or ground_key not in colours:
            continue
        try:
            ink, under = Color.parse(colours[ink_key]), Color.parse(colours[ground_key])
        except Exception:  # (a value Textual would refuse is said where the file is read)
            continue
        if ink.ansi is not None or under.ansi is not None:
            continue
        behind = solid(under, ground)
        ratio = contrast_ratio(solid(ink, behind), behind)
        if ratio < least:
            what = "text" if least == TEXT_CONTRAST else "an outline"
            said.append(f"{ink_key} on {ground_key}: {ratio:.1f}:1 ({what} wants {least:g}:1)")
    return said
