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


def palette_for(theme: Theme | None, few_colours: bool = False, eight_bit: bool = False) -> CardPalette:
    """Card colours from the theme's table variables (derived for themes without them).

    Every colour a theme may hold is handed to Rich in a form it draws: an ANSI name as Rich's
    own name of that colour, anything else as opaque ``#RRGGBB`` (Rich reads no ``ansi_*``,
    ``#RGB``, ``hsl()`` or alpha). The ink of a card that may not be played is its suit's
    colour pulled towards its muted face, only as far as it stays readable (see
    ``_dim_ink``), so an illegal card is plainly greyed out, still red or black, and legible in
    every theme. With ``few_colours`` (a terminal of 16 colours or 8), or suits in the
    terminal's own colours (an ANSI spades), the terminal's own colours
    (``_few_colour_palette``); with ``eight_bit`` (one of 256), the felt and the card faces
    each a colour of its own there (``tui.eightbit``)."""
    from .cardface import CardPalette  # with the first table, not at start

    if theme is None:
        return CardPalette()
    v = app_variables(theme)
    felt = solid(v["felt"], BLACK if theme.dark else WHITE)
    face = solid(v["card-face"], felt)
    back = solid(v["card-back"], felt)
    illegal = solid(v["card-illegal"], felt)
    if few_colours or Color.parse(v["suit-spades"]).ansi is not None:
        # (suits in the terminal's own colours: a muted card keeps its suit's, which the terminal
        # dims itself; its grey, on any terminal, lost red and black apart)
        return _few_colour_palette(v, felt, face, back, illegal)
    ink, computed = _dim_ink(v, face, illegal, theme.dark)
    # each suit muted as spades is, where that could be measured: red still reads red
    dim_suits = tuple((key, _dim_ink(v, face, illegal, theme.dark, key)[0]) for key in SUIT_VARIABLES
                      if key != "suit-spades") if computed else ()
    illegal_style = v["card-illegal-text-style"]
    palette = CardPalette(face=rich_colour(v["card-face"], felt), black=rich_colour(v["suit-spades"], face),
                          red=rich_colour(v["suit-hearts"], face), blue=rich_colour(v["suit-diamonds"], face),
                          green=rich_colour(v["suit-clubs"], face), joker=rich_colour(v["suit-joker"], face),
                          back=rich_colour(v["card-back"], felt), back_pattern=rich_colour(v["card-border"], back),
                          dim_face=rich_colour(v["card-illegal"], felt), dim_ink=ink, dim_suits=dim_suits,
                          playable=rich_colour(v["card-playable"], felt),
                          playable_style=v["card-playable-text-style"],
                          illegal_style=_without_dim(illegal_style) if computed else illegal_style)
    if not eight_bit:
        return palette
    from .eightbit import apart_on_256

    return apart_on_256(palette, rich_colour(v["felt"], BLACK if theme.dark else WHITE))


#: the terminal's six hues of colour (its colours 1 to 6, 9 to 14 their bright forms), by hue angle
ANSI_HUES = ((0, 1), (60, 3), (120, 2), (180, 6), (240, 4), (300, 5), (360, 1))


def standard(index: int) -> str:
    """The colour a terminal of 16 colours is sent as its colour ``index``: Rich's own value
    of it, which its downgrade maps back to that index (an ANSI name would be drawn through
    Textual's own ANSI palette first, and come out another colour)."""
    from rich.color import STANDARD_PALETTE

    return STANDARD_PALETTE[index].hex


def terminal_colour(colour: Color, bright: bool) -> int:
    """The colour of a 16-colour terminal (0 to 15) that stands for ``colour``: a colour of
    some saturation by its hue (the bright form on a dark card, the plain one on a light card:
    nearest by distance, a pink heart was the terminal's light grey, a dark red one its bright
    red), a grey by how light it is."""
    hue, saturation, lightness = colour.hsl
    if saturation >= 0.3 and 0.12 <= lightness <= 0.92:
        base = min(ANSI_HUES, key=lambda at: abs(hue * 360 - at[0]))[1]
        return base + 8 if bright else base
    return 0 if lightness < 0.25 else 8 if lightness < 0.5 else 7 if lightness < 0.8 else 15


def _few_colour_palette(v: dict[str, str], felt: Color, face: Color, back: Color, illegal: Color) -> CardPalette:
    """The cards on a terminal of 16 colours or 8, each colour one of its own (an ANSI name of
    the theme's kept as it is, the terminal's palette picks it). Drawn as the nearest of them,
    a muted card was no muted card: its face came out as the playable one's, and Textual's dim
    (a blend, not the terminal's own) made its red brighter than a playable card's. Here a
    card that may not be played has a grey face on light cards (its inks as they are), and on
    dark cards, whose face has no darker grey to go to, its inks in their plain, darker form;
    the theme's text style for it keeps all but ``dim`` (but in a theme of the terminal's own
    colours, which the terminal dims itself)."""
    from .cardface import CardPalette  # with the first table, not at start

    dark = face.brightness < 0.5

    def ansi(key: str, ground: Color, bright: bool) -> str:
        colour = Color.parse(v[key])
        if colour.ansi is not None:
            return rich_colour(v[key], ground)
        return standard(terminal_colour(solid(colour, ground), bright))

    suits = {key: ansi(key, face, dark) for key in SUIT_VARIABLES}
    muted = {key: ansi(key, face, False) if dark else suits[key] for key in SUIT_VARIABLES}
    if dark:  # a grey ink darker: white and light grey to dark grey
        muted = {key: {standard(15): standard(8), standard(7): standard(8)}.get(ink, ink) for key, ink in muted.items()}

    def grey(key: str, colour: Color) -> str:
        """A card face: the terminal's black under a dark one (its grey would leave no ink
        readable on it), its white or light grey under a light one."""
        if Color.parse(v[key]).ansi is not None:
            return rich_colour(v[key], felt)
        return standard(0 if dark else 15 if colour.hsl[2] >= 0.8 else 7)

    own_face, muted_face = grey("card-face", face), grey("card-illegal", illegal)
    if muted_face == own_face == standard(15):
        muted_face = standard(7)  # the terminal's light grey: a face of its own
    return CardPalette(face=own_face, black=suits["suit-spades"], red=suits["suit-hearts"],
                       blue=suits["suit-diamonds"], green=suits["suit-clubs"], joker=suits["suit-joker"],
                       back=rich_colour(v["card-back"], felt), back_pattern=rich_colour(v["card-border"], back),
                       dim_face=muted_face, dim_ink=muted["suit-spades"],
                       dim_suits=tuple((key, muted[key]) for key in SUIT_VARIABLES if key != "suit-spades"),
                       playable=rich_colour(v["card-playable"], felt), playable_style=v["card-playable-text-style"],
                       # a theme of the terminal's own colours gets the terminal's own dim (SGR 2)
                       illegal_style=v["card-illegal-text-style"] if Color.parse(v["suit-spades"]).ansi is not None
                       else _without_dim(v["card-illegal-text-style"]))


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
    does (high-contrast, monochrome), else 4.5:1. With an ANSI illegal face (ANSI suits are
    drawn as ``_few_colour_palette`` draws them), whose real colour only the terminal knows,
    it is ``bright_black`` (the terminal's grey) unless that falls below 3:1 on Textual's
    standard palette, then whichever of it and the spades colour reads
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
