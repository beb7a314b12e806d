"""Themes and card styles for the app: the shipped themes registered with Textual, and the
card drawing colours taken from whichever theme is active."""
from __future__ import annotations

from textual.theme import Theme

from themes.loader import SHIPPED_DIR, load_theme_file, load_themes
from themes.variables import app_variables

from .cardface import CardPalette

DEFAULT_THEME = "casino"


def shipped_themes() -> tuple[list[Theme], list[str]]:
    """The themes to register and a message for each theme file that could not be used."""
    loaded = load_themes()
    return list(loaded.themes.values()), [str(p) for p in loaded.problems]


def quick_theme(name: str) -> Theme | None:
    """Just the named shipped theme, read on its own so the first frame need not wait for
    every theme file; ``None`` if it is not a shipped theme (or cannot be read)."""
    path = SHIPPED_DIR / f"{name}.toml"
    if not path.is_file():
        return None
    theme = load_theme_file(path, complete=True)
    return theme if isinstance(theme, Theme) else None


def palette_for(theme: Theme | None) -> CardPalette:
    """Card colours from the theme's table variables (derived for themes without them)."""
    if theme is None:
        return CardPalette()
    v = app_variables(theme)
    face = v["card-face"]
    if face.startswith("ansi_"):
        return CardPalette(face="default", black="default", red="red", blue="blue", green="green",
                           back="blue", back_pattern="default", dim_face="default", dim_ink="bright_black")
    return CardPalette(face=face, black=v["suit-spades"], red=v["suit-hearts"], blue=v["suit-diamonds"],
                       green=v["suit-clubs"], back=v["card-back"], back_pattern=v["card-border"],
                       dim_face=v["card-illegal"], dim_ink=v["card-border"])
