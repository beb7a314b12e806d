"""App variables for any theme: Textual's built-in themes get a readable felt, cards and suits, and
a user theme's left-out colours are derived against its own felt and card face."""
from __future__ import annotations

import colorsys

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

from themes.schema import theme_from_table
from themes.variables import (
    ANSI_APP_VARIABLES,
    APP_COLOUR_VARIABLES,
    APP_VARIABLES,
    app_variables,
    contrast_ratio,
    dimmed,
    muted_text,
    readable,
    solid,
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
    assert contrast_ratio(dimmed(v["felt-text"], v["felt"]), v["felt"]) >= 4.5  # the table's quieter words
    assert contrast_ratio(v["card-playable"], v["felt"]) >= 4.5  # a card's number is written in it
    assert len({v["suit-spades"], v["suit-hearts"], v["suit-diamonds"], v["suit-clubs"]}) == 4


@pytest.mark.parametrize("name", COLOUR_THEMES)
def test_builtin_themes_quieter_text_reads_at_4_5_to_1(name: str) -> None:
    """``$text-muted`` (Textual's: the contrasting colour at 60%) is made as strong as it must
    be to read at 4.5:1 on the background, the surface, the panel and the felt."""
    theme = BUILTIN_THEMES[name]
    variables = {**theme.to_color_system().generate(), **app_variables(theme)}
    muted = muted_text(variables, theme.dark)
    assert muted is not None and muted.startswith("auto ") and muted.endswith("%")
    share = int(muted.removeprefix("auto ").removesuffix("%")) / 100
    assert 0.6 <= share <= 1
    ground = Color.parse(variables["background"])
    for name_ in ("background", "surface", "panel", "felt"):
        g = solid(variables[name_], ground)
        assert contrast_ratio(g + g.get_contrast_text(share), g) >= 4.5, name_
        if share > 0.6:  # the least share that reads: a twentieth less does not, somewhere
            less = share - 0.05
            grounds = [solid(variables[n], ground) for n in ("background", "surface", "panel", "felt")]
            assert any(contrast_ratio(x + x.get_contrast_text(less), x) < 4.5 for x in grounds)


def test_an_ansi_ground_leaves_textuals_muted_text() -> None:
    theme = BUILTIN_THEMES["ansi-dark"]
    assert muted_text({**theme.to_color_system().generate(), **app_variables(theme)}, True) is None


def test_ansi_builtin_theme_gets_ansi_names() -> None:
    assert app_variables(BUILTIN_THEMES["ansi-dark"]) == ANSI_APP_VARIABLES


def test_theme_values_win_over_derived_ones() -> None:
    theme = Theme("t", primary="#336699", variables={"felt": "#010203", "border": "red"})
    full = app_variables(theme)
    assert full["felt"] == "#010203" and set(APP_VARIABLES) <= set(full)
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


def _hue(value: str) -> float:
    colour = Color.parse(value)
    return colorsys.rgb_to_hls(colour.r / 255, colour.g / 255, colour.b / 255)[0] * 360


def _hue_distance(a: float, b: float) -> float:
    return min(abs(a - b), 360 - abs(a - b))


SUITS = ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs", "suit-joker")


def test_left_out_suits_read_on_the_users_own_card_face() -> None:
    theme = theme_from_table({"name": "ocean", "primary": "#1E88E5", "background": "#0D1B2A",
                              "table": {"card-face": "#202020"}})
    face = Color.parse("#202020")
    assert theme.variables["card-face"] == "#202020"
    for suit in SUITS:
        assert contrast_ratio(Color.parse(theme.variables[suit]), face) >= 4.5, suit
    illegal = Color.parse(theme.variables["card-illegal"])
    assert contrast_ratio(illegal, face) < 1.5  # a muted version of that face, not of a light one


def test_left_out_felt_text_reads_on_the_users_own_felt() -> None:
    theme = theme_from_table({"name": "ocean", "primary": "#1E88E5", "table": {"felt": "#E0E0E0"}})
    felt = Color.parse("#E0E0E0")
    assert contrast_ratio(Color.parse(theme.variables["felt-text"]), felt) >= 4.5
    assert contrast_ratio(dimmed(Color.parse(theme.variables["felt-text"]), felt), felt) >= 4.5
    assert contrast_ratio(Color.parse(theme.variables["card-border"]), felt) >= 3.0
    assert contrast_ratio(Color.parse(theme.variables["card-playable"]), felt) >= 4.5


def test_app_variables_derive_from_the_themes_own_table_values() -> None:
    theme = Theme("t", primary="#336699", dark=True, variables={"card-face": "#303030"})
    v = app_variables(theme)
    for suit in SUITS:
        assert contrast_ratio(Color.parse(v[suit]), Color.parse("#303030")) >= 4.5, suit


def test_the_docs_ocean_example_has_red_hearts_and_four_suits_told_apart() -> None:
    """docs/themes.md's example gives only primary and background: Textual fills error and
    success from primary, which drew hearts, diamonds and clubs in one blue."""
    theme = theme_from_table({"name": "ocean", "primary": "#1E88E5", "background": "#0D1B2A", "dark": True,
                              "table": {"felt": "#0F3550", "card-playable": "#FFB300"}})
    v = theme.variables
    hearts, diamonds, clubs = _hue(v["suit-hearts"]), _hue(v["suit-diamonds"]), _hue(v["suit-clubs"])
    assert _hue_distance(hearts, 0) <= 25  # red
    assert 190 <= diamonds <= 250  # blue
    assert 80 <= clubs <= 170  # green
    four = [Color.parse(v[suit]) for suit in SUITS[:4]]
    assert len({c.hex for c in four}) == 4
    for i, first in enumerate(four):
        for second in four[i + 1:]:
            assert sum(abs(a - b) for a, b in zip(first.rgb, second.rgb)) >= 60  # plainly different
    for suit in SUITS:
        for card in ("card-face", "card-illegal"):
            assert contrast_ratio(Color.parse(v[suit]), Color.parse(v[card])) >= 4.5, (suit, card)


@pytest.mark.parametrize("top", [{}, {"error": "#FF8800", "success": "#8800FF"}, {"dark": False}])
def test_hearts_stay_red_and_clubs_green_whatever_the_theme_gives(top: dict) -> None:
    v = app_variables(Theme("t", primary="#1E88E5", **top))
    assert _hue_distance(_hue(v["suit-hearts"]), 0) <= 25
    assert 80 <= _hue(v["suit-clubs"]) <= 170
