"""Themes and card styles for the app: the shipped themes registered with Textual, and the
card drawing colours taken from whichever theme is active."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

from textual.color import Color
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.theme import Theme

from themes.loader import SHIPPED_DIR, load_theme_file, load_themes, user_theme_named
from themes.variables import TEXT_CONTRAST, app_variables, readable

if TYPE_CHECKING:
    from .cardface import CardPalette

DEFAULT_THEME = "casino"


def shipped_themes() -> tuple[list[Theme], list[str]]:
    """The themes to register and a message for each theme file that could not be used."""
    loaded = load_themes()
    return list(loaded.themes.values()), [str(p) for p in loaded.problems]


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


def palette_for(theme: Theme | None) -> CardPalette:
    """Card colours from the theme's table variables (derived for themes without them).

    The ink of a card that may not be played is the spades colour pulled towards its muted
    face, only as far as it stays readable (WCAG 4.5:1), so an illegal card is plainly greyed
    out and still legible in every theme."""
    from .cardface import CardPalette  # with the first table, not at start

    if theme is None:
        return CardPalette()
    v = app_variables(theme)
    face = v["card-face"]
    playable_style = v["card-playable-text-style"]
    illegal_style = v["card-illegal-text-style"]
    if face.startswith("ansi_"):
        return CardPalette(face="default", black="default", red="red", blue="blue", green="green",
                           joker="magenta", back="blue", back_pattern="default", dim_face="default",
                           dim_ink="bright_black", playable="yellow", playable_style=playable_style,
                           illegal_style=illegal_style)
    illegal = Color.parse(v["card-illegal"])
    spades = Color.parse(v["suit-spades"])
    dim_ink = readable(spades.blend(illegal, 0.5), [illegal], TEXT_CONTRAST)
    return CardPalette(face=face, black=v["suit-spades"], red=v["suit-hearts"], blue=v["suit-diamonds"],
                       green=v["suit-clubs"], joker=v["suit-joker"], back=v["card-back"],
                       back_pattern=v["card-border"], dim_face=v["card-illegal"], dim_ink=dim_ink.hex,
                       playable=v["card-playable"], playable_style=playable_style,
                       illegal_style=_without_dim(illegal_style))


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

        return [(name, chooser(name)) for name in sorted(app.available_themes)]

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
