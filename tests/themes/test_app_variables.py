"""App variables for any theme: Textual's built-in themes get a readable felt, cards and suits."""
from __future__ import annotations

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

from themes.variables import (
    ANSI_APP_VARIABLES,
    APP_COLOUR_VARIABLES,
    APP_VARIABLES,
    app_variables,
    contrast_ratio,
    readable,
    with_app_variables,
)

COLOUR_THEMES = [name for name, theme in BUILTIN_THEMES.items() if not theme.ansi]


@pytest.mark.parametrize("name", COLOUR_THEMES)
def test_builtin_theme_gets_readable_derived_cards(name: str) -> None:
    variables = app_variables(BUILTIN_THEMES[name])
    assert set(variables) == set(APP_VARIABLES)
    v = {key: Color.parse(variables[key]) for key in APP_COLOUR_VARIABLES}
    for suit in ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs", "suit-joker"):
        assert contrast_ratio(v[suit], v["card-face"]) >= 4.5, suit
        assert contrast_ratio(v[suit], v["card-illegal"]) >= 4.5, suit
    assert contrast_ratio(v["felt-text"], v["felt"]) >= 4.5
    assert contrast_ratio(v["card-playable"], v["felt"]) >= 3.0
    assert len({v["suit-spades"], v["suit-hearts"], v["suit-diamonds"], v["suit-clubs"]}) == 4


def test_ansi_builtin_theme_gets_ansi_names() -> None:
    assert app_variables(BUILTIN_THEMES["ansi-dark"]) == ANSI_APP_VARIABLES


def test_theme_values_win_over_derived_ones() -> None:
    theme = Theme("t", primary="#336699", variables={"felt": "#010203", "border": "red"})
    assert app_variables(theme)["felt"] == "#010203"
    full = with_app_variables(theme)
    assert full.variables["felt"] == "#010203" and full.variables["border"] == "red"
    assert set(APP_VARIABLES) <= set(full.variables)
    assert theme.variables == {"felt": "#010203", "border": "red"}  # the original is untouched


def test_derived_felt_follows_the_theme() -> None:
    dark = app_variables(Theme("d", primary="#336699", background="#101010", dark=True))
    light = app_variables(Theme("l", primary="#336699", background="#F0F0F0", dark=False))
    assert Color.parse(dark["felt"]).brightness < 0.5 < Color.parse(light["felt"]).brightness


def test_readable_reaches_the_contrast_asked_for() -> None:
    white = Color.parse("#FFFFFF")
    pale = Color.parse("#FFB0B0")
    assert contrast_ratio(pale, white) < 2
    assert contrast_ratio(readable(pale, [white], 4.5), white) >= 4.5
    assert readable(Color.parse("#000000"), [white], 4.5) == Color.parse("#000000")
    assert contrast_ratio(Color.parse("#000000"), white) == pytest.approx(21.0)
