"""Whatever a theme file holds, loading it gives a theme or a problem, never an exception."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.theme import Theme

from themes.loader import ThemeProblem, load_theme_file
from themes.schema import TOP_LEVEL_KEYS, Invalid, theme_from_table
from themes.variables import APP_VARIABLES

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
