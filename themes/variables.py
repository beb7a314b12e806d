"""The app's own CSS variables (felt, cards, suits) and their defaults derived from any `Theme`.

Shipped and user themes carry these in `Theme.variables`; Textual's built-in themes do not, so
the app takes `app_variables(app.current_theme)` as its `get_theme_variable_defaults()` and
every theme, built-in or not, has a felt, card faces and suit colours that fit its palette.
"""
from __future__ import annotations

import colorsys
from typing import Callable, Iterable

from textual.color import Color
from textual.constants import DIM_FACTOR
from textual.theme import Theme

#: Colour variables, by CSS name (`$felt`, `$card-face`, ...).
APP_COLOUR_VARIABLES: tuple[str, ...] = (
    "felt",  # the table's background
    "felt-text",  # names, scores and messages printed on the felt
    "card-face",  # background of a face-up card
    "card-back",  # background of a face-down card
    "card-border",  # outline of every card
    "suit-spades",
    "suit-hearts",
    "suit-diamonds",  # used by the four-colour card style; hearts' colour otherwise
    "suit-clubs",  # used by the four-colour card style; spades' colour otherwise
    "suit-joker",
    "card-playable",  # highlight (border) of the cards that may be played now
    "card-illegal",  # face of a card that may not be played now
)
#: The suit colours, each drawn on the card faces.
SUIT_VARIABLES: tuple[str, ...] = ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs", "suit-joker")
#: Text-style variables, so a distinction survives without colour (monochrome, NO_COLOR).
APP_STYLE_VARIABLES: tuple[str, ...] = (
    "card-playable-text-style",
    "card-illegal-text-style",
)
APP_VARIABLES: tuple[str, ...] = APP_COLOUR_VARIABLES + APP_STYLE_VARIABLES

#: For ANSI themes: names from the terminal's own palette, so its colour scheme shows through.
ANSI_APP_VARIABLES: dict[str, str] = {
    "felt": "ansi_default",
    "felt-text": "ansi_default",
    "card-face": "ansi_default",
    "card-back": "ansi_blue",
    "card-border": "ansi_default",
    "suit-spades": "ansi_default",
    "suit-hearts": "ansi_red",
    "suit-diamonds": "ansi_blue",
    "suit-clubs": "ansi_green",
    "suit-joker": "ansi_magenta",
    "card-playable": "ansi_yellow",
    "card-illegal": "ansi_default",
    "card-playable-text-style": "bold",
    "card-illegal-text-style": "dim",
}



def ansi_textual_variables(dark: bool) -> dict[str, str]:
    """Textual variables its own widgets use that its ANSI colour system leaves out.

    Without these an ANSI theme fails Textual's stylesheet (`$ansi-background` is undefined);
    its built-in ANSI themes set them by hand, and so does every ANSI theme loaded here.
    """
    return {
        "ansi-background": "ansi_black" if dark else "ansi_white",
        "ansi-foreground": "ansi_white" if dark else "ansi_black",
        "foreground-disabled": "ansi_default 50%",
        "surface-active": "transparent",
    }


WHITE = Color(255, 255, 255)
BLACK = Color(0, 0, 0)
#: Suit colours for a theme whose own colours have none that fits (derived card faces are light):
#: without them a theme that gives only `primary` would draw every suit in its one colour.
_FALLBACK_RED = Color.parse("#C62828")
_FALLBACK_BLUE = Color.parse("#1F5FBF")
_FALLBACK_GREEN = Color.parse("#2E7D32")
_FALLBACK_PURPLE = Color.parse("#6B2D91")
#: WCAG contrast the derived colours aim for: text on a card, and a highlight on the felt.
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0
#: WCAG's enhanced (AAA) contrast for text, which high-contrast keeps.
STRONG_CONTRAST = 7.0


def relative_luminance(colour: Color) -> float:
    """WCAG 2 relative luminance of an opaque colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2 contrast ratio (1 to 21) of two opaque colours."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def solid(colour: Color | str, ground: Color, default: Color | None = None) -> Color:
    """An opaque, plain-RGB stand-in for `colour`, so its contrast can be measured and it can
    be blended: an ANSI name as Textual's standard palette shows it (`ansi_default`, which only
    the terminal knows, as `default`, else `ground`), a see-through colour laid over `ground`."""
    colour = Color.parse(colour)
    if colour.ansi == -1:
        return default if default is not None else ground
    if colour.ansi is not None:
        return Color(colour.r, colour.g, colour.b)
    if colour.a < 1:
        return ground + colour
    return colour


def dimmed(colour: Color, ground: Color) -> Color:
    """`colour` as Textual draws it in the `dim` text style on `ground`: blended towards the
    ground (`textual.constants.DIM_FACTOR`, 0.66 unless `TEXTUAL_DIM_FACTOR` says otherwise)."""
    return ground.blend(colour, DIM_FACTOR)


def readable(colour: Color, on: Iterable[Color], minimum: float, dim: bool = False) -> Color:
    """`colour` nudged darker or lighter until it reaches `minimum` contrast on every colour of
    `on`; with `dim`, in the `dim` text style too (the table's quieter words: `dimmed`), as near
    as black or white gets where nothing reaches it."""
    grounds = list(on)
    light_ground = sum(relative_luminance(g) for g in grounds) / len(grounds) > 0.18
    candidate = colour
    for _ in range(40):
        if min(contrast_ratio(dimmed(candidate, g) if dim else candidate, g) for g in grounds) >= minimum:
            return candidate
        candidate = candidate.darken(0.04) if light_ground else candidate.lighten(0.04)
    return BLACK if light_ground else WHITE


#: the least share of the contrasting text colour in `$text-muted` (Textual's own is 60%)
MUTED_LEAST = 0.6


def muted_share(grounds: Iterable[Color], minimum: float = TEXT_CONTRAST) -> float:
    """The least share of the contrasting text colour (Textual's `auto`: white on a dark ground,
    black on a light one), from `MUTED_LEAST` up in twentieths, at which it reads at `minimum`
    on every ground: what the app's `$text-muted` is made of, so that quieter text (a field's
    placeholder, a tab not chosen, notes under a heading) stays readable."""
    grounds = list(grounds)
    share = MUTED_LEAST
    while share < 1 and any(contrast_ratio(g + g.get_contrast_text(share), g) < minimum for g in grounds):
        share = min(1.0, share + 0.05)
    return share


def muted_text(variables: dict[str, str], dark: bool) -> str | None:
    """`$text-muted` for Textual's `variables` (a theme's, generated): the contrasting text
    colour at the least share (`muted_share`) that reads at 4.5:1 on the background, the
    surface, the panel and the felt; None where one of them is an ANSI colour, which only the
    terminal knows."""
    names = ("background", "surface", "panel", "felt")
    if any(Color.parse(variables[name]).ansi is not None for name in names if name in variables):
        return None
    ground = solid(variables["background"], BLACK if dark else WHITE)
    grounds = [solid(variables[name], ground) for name in names if name in variables]
    return f"auto {round(muted_share(grounds) * 100)}%"


def _hue_between(colour: Color, low: float, high: float, saturation: float) -> bool:
    """True when `colour`'s hue (degrees; `low` > `high` wraps past red) lies from `low` to
    `high` and it is at least `saturation` saturated (HLS)."""
    hue, _, sat = colorsys.rgb_to_hls(colour.r / 255, colour.g / 255, colour.b / 255)
    degrees = hue * 360
    inside = low <= degrees <= high if low <= high else degrees >= low or degrees <= high
    return inside and sat >= saturation


def _is_blue(colour: Color) -> bool:
    return _hue_between(colour, 190.8, 252.0, 0.35)


def _is_red(colour: Color) -> bool:
    return _hue_between(colour, 330.0, 20.0, 0.3)


def _is_green(colour: Color) -> bool:
    return _hue_between(colour, 50.0, 185.0, 0.2)


def _suit_sources(theme: Theme, background: Color, primary: Color, secondary: Color) -> tuple[Color, Color, Color]:
    """Hearts, diamonds and clubs before they are made readable: the theme's own `error`,
    blue and `success` when they are red, blue and green, else a fallback. Textual fills a
    missing `error` or `success` from `primary`, which would give every suit that one colour."""
    error = solid(theme.error, background) if theme.error else None
    success = solid(theme.success, background) if theme.success else None
    red = error if error is not None and _is_red(error) else _FALLBACK_RED
    green = success if success is not None and _is_green(success) else _FALLBACK_GREEN
    blue = primary if _is_blue(primary) else secondary if _is_blue(secondary) else _FALLBACK_BLUE
    return red, blue, green


def app_variables(theme: Theme) -> dict[str, str]:
    """The app variables for any theme, derived from its colours; the theme's own values win.

    What is derived is derived from the theme's own table values where it gives them (its card
    face, its felt), so a suit stays readable on the face the theme really has: suit and text
    colours are nudged to WCAG 4.5:1 on the card faces whatever the palette, and a theme
    written without a `[table]` still gives legible cards.
    """
    own = _own(theme)
    if len(own) == len(APP_VARIABLES):  # a loaded theme: nothing to derive
        return own
    if theme.ansi:
        return {**_ansi_derived(theme, own), **own}
    return {**_derived(theme, own), **own}


def _ansi_derived(theme: Theme, own: dict[str, str]) -> dict[str, str]:
    """ANSI names for an ANSI theme. On a card face of the theme's own (not the terminal's
    default background) spades take the black or white that reads on it, and a card that may
    not be played keeps that face (the `dim` style greys it out), so its text stays legible."""
    face = own.get("card-face", "ansi_default")
    if Color.parse(face).ansi == -1:
        return dict(ANSI_APP_VARIABLES)
    terminal = BLACK if theme.dark else WHITE  # its default background, as near as can be told
    ground = solid(face, terminal)
    inks = ("ansi_black", "ansi_bright_white")
    spades = max(inks, key=lambda name: contrast_ratio(solid(name, ground), ground))
    return {**ANSI_APP_VARIABLES, "suit-spades": spades, "card-illegal": face}


def _derived(theme: Theme, own: dict[str, str]) -> dict[str, str]:
    """Every app variable derived from the theme's colours and the table values in `own`."""
    colours = theme.to_color_system().generate()
    ground = BLACK if theme.dark else WHITE
    background = solid(colours["background"], ground)
    foreground = solid(colours["foreground"], background, WHITE if theme.dark else BLACK)
    primary = solid(colours["primary"], background)
    secondary = solid(colours["secondary"], background)
    accent = solid(colours["accent"], background)
    # Textual fills a missing accent from primary, which would draw jokers as diamonds
    joker = solid(theme.accent, background) if theme.accent else _FALLBACK_PURPLE

    def given(key: str, made: Callable[[], Color], on: Color) -> Color:
        """The theme's own value of `key` (laid over `on`), else `made()`."""
        return solid(own[key], on) if key in own else made()

    felt = given("felt", lambda: _quiet_room(background.blend(solid(colours["success"], background), 0.22),
                                             foreground, theme.dark), background)
    face = given("card-face", lambda: foreground.blend(WHITE, 0.4) if theme.dark else background.blend(WHITE, 0.75),
                 felt)
    illegal = given("card-illegal", lambda: face.blend(felt, 0.25), felt)
    cards = (face, illegal)
    red, blue, green = _suit_sources(theme, background, primary, secondary)
    return {
        "felt": felt.hex,
        "felt-text": readable(foreground, [felt], TEXT_CONTRAST, dim=True).hex,
        "card-face": face.hex,
        "card-back": secondary.blend(background, 0.2).hex,
        "card-border": readable(foreground.blend(felt, 0.4), [felt], MARK_CONTRAST).hex,
        "suit-spades": readable(background if theme.dark else foreground, cards, TEXT_CONTRAST).hex,
        "suit-hearts": readable(red, cards, TEXT_CONTRAST).hex,
        "suit-diamonds": readable(blue, cards, TEXT_CONTRAST).hex,
        "suit-clubs": readable(green, cards, TEXT_CONTRAST).hex,
        "suit-joker": readable(joker, cards, TEXT_CONTRAST).hex,
        "card-playable": readable(accent, [felt], TEXT_CONTRAST).hex,  # a card's number is written in it
        "card-illegal": illegal.hex,
        "card-playable-text-style": "bold",
        "card-illegal-text-style": "dim",
    }


def _quiet_room(felt: Color, text: Color, dark: bool) -> Color:
    """A derived felt made darker (on a dark theme; lighter on a light one) until the table's
    quieter words, its text in the `dim` style, can read at 4.5:1 on it: a felt of middling
    lightness leaves no colour of text room for that."""
    for _ in range(25):
        if contrast_ratio(dimmed(readable(text, [felt], TEXT_CONTRAST, dim=True), felt), felt) >= TEXT_CONTRAST:
            break
        felt = felt.darken(0.03) if dark else felt.lighten(0.03)
    return felt


def _own(theme: Theme) -> dict[str, str]:
    return {key: value for key, value in theme.variables.items() if key in APP_VARIABLES}

