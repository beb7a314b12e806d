"""A theme's table colours as the cards are drawn: every colour a theme file may hold (ANSI
names, short hex, alpha, hsl, CSS names) reaches Rich in a form it draws, and an ANSI theme's
own `[table]` values are the ones used."""
from __future__ import annotations

import io

import pytest
from rich.color import ColorType
from rich.console import Console
from rich.text import Text
from textual.theme import Theme

from textual.color import Color

from themes.loader import load_shipped_themes
from themes.schema import theme_from_table
from tui.cardface import CardPalette, back_lines, face_lines
from tui.theming import palette_for, rich_colour

CARDS = ("AS", "KH", "QD", "JC", "JK")


def draw(palette: CardPalette) -> str:
    """Every kind of card drawing in `palette`, sent through Rich as the terminal would get it."""
    console = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor", width=40)
    lines: list[Text] = []
    for style in ("two-colour", "four-colour", "ascii"):
        for card in CARDS:
            for dim, playable in ((False, False), (False, True), (True, False)):
                lines += face_lines(card, style, palette, dim=dim, playable=playable)
        lines += back_lines(style, palette)
    console.print(Text("\n").join(lines))
    return console.file.getvalue()


def user_theme(table: dict[str, str], **top: object) -> Theme:
    return theme_from_table({"name": "ocean", "primary": "#1E88E5", **top, "table": table})


@pytest.mark.parametrize("table,top", [
    ({"suit-hearts": "ansi_red"}, {}),
    ({"card-playable": "ansi_bright_yellow"}, {}),
    ({"card-back": "ansi_blue"}, {}),
    ({"card-face": "#FBF8EF"}, {"ansi": True}),
    ({"card-face": "ansi_default", "suit-spades": "ansi_bright_black"}, {}),
], ids=["hearts", "playable", "back", "ansi-theme-hex-face", "default-face"])
def test_ansi_names_in_a_user_table_draw(table: dict[str, str], top: dict[str, object]) -> None:
    """These froze the app when a table was dealt (Rich reads no `ansi_*` name)."""
    palette = palette_for(user_theme(table, **top))
    assert "\x1b[" in draw(palette)


def test_ansi_table_colours_reach_rich_as_the_terminal_colours() -> None:
    palette = palette_for(user_theme({"suit-hearts": "ansi_red", "card-playable": "ansi_bright_yellow",
                                      "card-back": "ansi_blue"}))
    assert (palette.red, palette.playable, palette.back) == ("red", "bright_yellow", "blue")
    heart = face_lines("KH", "two-colour", palette, playable=True)
    suit = next(span.style for span in heart[2].spans if "♥" in heart[2].plain[span.start:span.end])
    edge = heart[0].style
    back = back_lines("two-colour", palette)[0].style
    # the terminal's own colours (its palette picks them), not fixed RGB
    assert (suit.color.type, suit.color.number) == (ColorType.STANDARD, 1)
    assert (edge.color.type, edge.color.number) == (ColorType.STANDARD, 11)
    assert (back.bgcolor.type, back.bgcolor.number) == (ColorType.STANDARD, 4)


@pytest.mark.parametrize("value,expected", [
    ("ansi_default", "default"),
    ("ansi_bright_red", "bright_red"),
    ("#ABC", "#AABBCC"),
    ("hsl(0,100%,50%)", "#FF0000"),
    ("darkgreen", "#006400"),
    ("#FFFFFF80", "#808080"),  # half white over black
    ("transparent", "#000000"),
])
def test_rich_colour_gives_what_rich_parses(value: str, expected: str) -> None:
    assert rich_colour(value, Color(0, 0, 0)) == expected


def test_an_ansi_theme_uses_its_own_table_values() -> None:
    theme = user_theme({"card-face": "ansi_white", "suit-hearts": "ansi_bright_red",
                        "card-playable": "ansi_cyan", "card-back": "ansi_green"}, ansi=True)
    palette = palette_for(theme)
    assert (palette.face, palette.red, palette.playable, palette.back) == ("white", "bright_red", "cyan", "green")
    assert palette.black == "black"  # left out: a black that reads on that white face
    assert palette.dim_face == "white" and palette.dim_ink == "black"
    draw(palette)


def test_the_terminal_theme_still_follows_the_terminal() -> None:
    """Every colour is the terminal's own; a card that may not be played keeps its suit's,
    dimmed by the terminal (SGR 2): its one grey (``bright_black``) for every suit lost red and
    black apart on every terminal but one of 16 colours, which already drew it so."""
    for few_colours in (False, True):
        palette = palette_for(load_shipped_themes().themes["terminal"], few_colours=few_colours)
        assert palette == CardPalette(face="default", black="default", red="red", blue="blue", green="green",
                                      joker="magenta", back="blue", back_pattern="default", dim_face="default",
                                      dim_ink="default", playable="yellow", playable_style="bold",
                                      illegal_style="dim",
                                      dim_suits=(("suit-hearts", "red"), ("suit-diamonds", "blue"),
                                                 ("suit-clubs", "green"), ("suit-joker", "magenta")))
