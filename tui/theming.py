"""Themes and card styles for the app: the shipped themes registered with Textual, and the
card drawing colours taken from whichever theme is active."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable, Mapping

from textual.color import Color
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.theme import BUILTIN_THEMES, Theme

from themes.loader import SHIPPED_DIR, ThemeProblem, load_theme_file, load_themes, user_theme_named
from themes.variables import (
    BLACK,
    MARK_CONTRAST,
    STRONG_CONTRAST,
    SUIT_VARIABLES,
    TEXT_CONTRAST,
    WHITE,
    app_variables,
    contrast_ratio,
    readable,
    solid,
)

if TYPE_CHECKING:
    from .cardface import CardPalette

DEFAULT_THEME = "casino"


def listed_themes(available: Mapping[str, Theme]) -> list[str]:
    """Every theme, in the order F3, Settings and the palette offer them: this app's own (the
    shipped ones and the player's, made for a card table) by name, then Textual's built-in
    ones by name. A theme of the player's that replaces a built-in one counts as the player's."""
    names = sorted(available)
    ours = [n for n in names if available[n] is not BUILTIN_THEMES.get(n)]
    return ours + [n for n in names if n not in ours]


def shipped_themes(guest: bool = False) -> tuple[list[Theme], list[ThemeProblem]]:
    """The themes to register and each theme file that could not be used.

    An SSH guest's app (``guest``) is offered the host's own themes too, since they are this
    installation's, but is told nothing of a bad file among them: the file is in the host's
    folder, which is the host's business; the guest never sees that theme and cannot mend it;
    and the host's own app names it. (A guest whose chosen theme is the bad one is still told
    that theme is not available.)"""
    loaded = load_themes()
    return list(loaded.themes.values()), [] if guest else list(loaded.problems)


def quick_theme(name: str) -> Theme | None:
    """Just the named theme, read on its own so the first frame need not wait for every theme
    file: the user's own theme of that name if there is one (it replaces the shipped one),
    else the shipped theme; ``None`` if neither is there (or can be read)."""
    users = user_theme_named(name)
    if users is not None:
        return users
    path = SHIPPED_DIR / f"{name}.toml"
    if not path.is_file():
        return None
    theme = load_theme_file(path, complete=True)
    return theme if isinstance(theme, Theme) else None


def palette_for(theme: Theme | None, few_colours: bool = False) -> CardPalette:
    """Card colours from the theme's table variables (derived for themes without them).

    Every colour a theme may hold is handed to Rich in a form it draws: an ANSI name as Rich's
    own name of that colour, anything else as opaque ``#RRGGBB`` (Rich reads no ``ansi_*``,
    ``#RGB``, ``hsl()`` or alpha). The ink of a card that may not be played is its suit's
    colour pulled towards its muted face, only as far as it stays readable (see
    ``_dim_ink``), so an illegal card is plainly greyed out, still red or black, and legible in
    every theme. With ``few_colours`` (a terminal of 16 colours or 8) a muted ink would be drawn
    as the terminal's one grey, red cards and black alike: a card that may not be played keeps
    its suit's own colour there, greyed out by the theme's text style and its muted face."""
    from .cardface import CardPalette  # with the first table, not at start

    if theme is None:
        return CardPalette()
    v = app_variables(theme)
    felt = solid(v["felt"], BLACK if theme.dark else WHITE)
    face = solid(v["card-face"], felt)
    back = solid(v["card-back"], felt)
    illegal = solid(v["card-illegal"], felt)
    if few_colours:  # each suit's own colour, greyed out by the face and the text style alone
        ink, computed = rich_colour(v["suit-spades"], face), False
        dim_suits = tuple((key, rich_colour(v[key], face)) for key in SUIT_VARIABLES if key != "suit-spades")
    else:
        ink, computed = _dim_ink(v, face, illegal, theme.dark)
        # each suit muted as spades is, where that could be measured: red still reads red
        dim_suits = tuple((key, _dim_ink(v, face, illegal, theme.dark, key)[0]) for key in SUIT_VARIABLES
                          if key != "suit-spades") if computed else ()
    illegal_style = v["card-illegal-text-style"]
    return CardPalette(face=rich_colour(v["card-face"], felt), black=rich_colour(v["suit-spades"], face),
                       red=rich_colour(v["suit-hearts"], face), blue=rich_colour(v["suit-diamonds"], face),
                       green=rich_colour(v["suit-clubs"], face), joker=rich_colour(v["suit-joker"], face),
                       back=rich_colour(v["card-back"], felt), back_pattern=rich_colour(v["card-border"], back),
                       dim_face=rich_colour(v["card-illegal"], felt), dim_ink=ink, dim_suits=dim_suits,
                       playable=rich_colour(v["card-playable"], felt),
                       playable_style=v["card-playable-text-style"],
                       illegal_style=_without_dim(illegal_style) if computed else illegal_style)


def rich_colour(value: str, ground: Color) -> str:
    """A theme colour as a colour Rich parses: an ANSI name (``ansi_red``) as Rich's name of
    that terminal colour (``red``; ``default`` for ``ansi_default``), so the terminal's palette
    still picks it; any other as ``#RRGGBB``, laid over ``ground`` if see-through."""
    colour = Color.parse(value)
    if colour.ansi is not None:
        return colour.hex.removeprefix("ansi_")  # Textual's hex of an ANSI colour is its name
    return solid(colour, ground).hex


def _dim_ink(v: dict[str, str], face: Color, illegal: Color, dark: bool,
             suit: str = "suit-spades") -> tuple[str, bool]:
    """The ink of a card of ``suit`` (a theme variable) that may not be played: the suit's
    colour half blended into the muted face, and whether it was measured to be readable.

    It reaches the contrast the theme's suits keep on its card faces: 7:1 where every suit
    does (high-contrast, monochrome), else 4.5:1. With an ANSI spades or illegal face, whose real colour
    only the terminal knows, it is ``bright_black`` (the terminal's grey) unless that falls
    below 3:1 on Textual's standard palette, then whichever of it and the spades colour reads
    better; the theme's ``dim`` greys it out."""
    spades, ground = Color.parse(v["suit-spades"]), Color.parse(v["card-illegal"])
    if spades.ansi is None and ground.ansi is None:
        colour = Color.parse(v[suit])
        ink = solid(colour if colour.ansi is None else spades, face).blend(illegal, 0.5)
        return readable(ink, [illegal], _ink_contrast(v, face, illegal)).hex, True
    terminal = BLACK if dark else WHITE  # its default background, as near as can be told
    behind = solid(ground, terminal, terminal)
    grey = contrast_ratio(solid(Color.parse("ansi_bright_black"), behind), behind)
    own = contrast_ratio(solid(spades, face, WHITE if dark else BLACK), behind)
    if grey >= MARK_CONTRAST or grey >= own:
        return "bright_black", False
    return rich_colour(v["suit-spades"], face), False


def _ink_contrast(v: dict[str, str], face: Color, illegal: Color) -> float:
    """7:1 when every suit reaches it on both card faces (the theme keeps AAA contrast), else 4.5:1."""
    suits = [solid(v[key], face) for key in SUIT_VARIABLES]
    strong = all(contrast_ratio(suit, card) >= STRONG_CONTRAST for suit in suits for card in (face, illegal))
    return STRONG_CONTRAST if strong else TEXT_CONTRAST


def _without_dim(style: str) -> str:
    """The illegal cards' text style less ``dim``: their muted colours already dim them, and
    Textual's dim would take the text below a readable contrast."""
    return " ".join(word for word in style.split() if word != "dim")


class ThemePreviewProvider(Provider):
    """The command palette's themes. Each hit carries the theme's name as its text, so the app
    can preview the highlighted theme while the player browses; choosing one keeps and saves it."""

    def _commands(self) -> list[tuple[str, Callable[[], None]]]:
        app = self.app
        choose = getattr(app, "choose_theme", None)

        def chooser(name: str) -> Callable[[], None]:
            if choose is not None:
                return partial(choose, name)
            return partial(setattr, app, "theme", name)

        return [(name, chooser(name)) for name in listed_themes(app.available_themes)]

    async def discover(self) -> Hits:
        for name, command in self._commands():
            yield DiscoveryHit(name, command, text=name)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, text=name)


def previewed_theme(event: CommandPalette.OptionHighlighted) -> str | None:
    """The theme name of a highlighted palette entry, when it is one of ours."""
    option = event.highlighted_event.option
    hit = getattr(option, "hit", None)
    return hit.text if hit is not None and isinstance(hit.text, str) else None
