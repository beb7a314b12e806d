"""Whatever a theme file holds, loading it gives a theme or a problem, never an exception, and
the cards draw in any theme that loads."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual._color_constants import ANSI_COLORS
from textual.theme import Theme

from themes.loader import ThemeProblem, load_theme_file
from themes.schema import TOP_LEVEL_KEYS, Invalid, theme_from_table
from themes.variables import APP_COLOUR_VARIABLES, APP_VARIABLES
from tui.theming import palette_for

from .test_card_colours import draw

COLOURISH = st.sampled_from(["#123456", "red", "ansi_red", "#12", "rgb(1,2,3)", "auto 50%", "bold", "", "#FFFFFF00"])
SCALARS = st.one_of(COLOURISH, st.text(max_size=8), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True))
KEYS = st.one_of(st.sampled_from(sorted(TOP_LEVEL_KEYS)), st.text(max_size=6))
SECTION = st.dictionaries(st.one_of(st.sampled_from(APP_VARIABLES), st.sampled_from(["border", "x y"])), SCALARS, max_size=4)
RANDOM = st.dictionaries(KEYS, st.one_of(SCALARS, SECTION), max_size=8)
# half the tables start from a valid core, so the checks past the required keys get exercised
TABLES = st.one_of(RANDOM, st.builds(lambda extra: {"name": "fz", "primary": "#336699", **extra}, RANDOM))


@settings(max_examples=300)
@given(TABLES)
def test_any_table_gives_a_theme_or_invalid(data: dict) -> None:
    try:
        theme = theme_from_table(data)
    except Invalid as exc:
        assert exc.errors
    else:
        assert isinstance(theme, Theme)
        assert set(APP_VARIABLES) <= set(theme.variables)
        theme.to_color_system().generate()


@settings(max_examples=100)
@given(st.binary(max_size=200))
def test_any_bytes_give_a_theme_or_a_problem(tmp_path_factory, raw: bytes) -> None:
    path = Path(tmp_path_factory.getbasetemp()) / "fuzz.toml"
    path.write_bytes(raw)
    assert isinstance(load_theme_file(path), (Theme, ThemeProblem))


#: A colour in every form Textual's `Color.parse` takes (so a theme file may hold it).
ANY_COLOUR = st.one_of(
    st.sampled_from(["ansi_default", *(f"ansi_{name}" for name in ANSI_COLORS)]),
    st.sampled_from(["#ABC", "#ABCD", "#12345678", "transparent", "darkgreen", "rebeccapurple", "white",
                     "rgb(10,200,30)", "rgba(255,0,0,0.3)", "hsl(210,80%,40%)", "hsla(0,100%,50%,0.5)"]),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)).map(lambda c: "#%02X%02X%02X" % c),
)
TABLE_COLOURS = st.dictionaries(st.sampled_from(APP_COLOUR_VARIABLES), ANY_COLOUR, max_size=len(APP_COLOUR_VARIABLES))


@settings(max_examples=200)
@given(TABLE_COLOURS, st.booleans(), st.booleans())
def test_every_colour_a_theme_may_hold_draws_on_the_cards(table: dict, ansi: bool, dark: bool) -> None:
    """The cards (face, playable, illegal, back) draw in any theme that loads: none freezes the app."""
    theme = theme_from_table({"name": "fz", "primary": "#336699", "ansi": ansi, "dark": dark, "table": table})
    assert "\x1b[" in draw(palette_for(theme))
