"""The six shipped themes load, give every key, and keep cards readable."""
from __future__ import annotations

import tomllib

import pytest
from textual.color import Color

from themes import DEFAULT_THEME
from themes.loader import SHIPPED_DIR, SHIPPED_ORDER, load_shipped_themes
from themes.schema import THEME_COLOUR_KEYS
from themes.variables import APP_COLOUR_VARIABLES, APP_STYLE_VARIABLES, APP_VARIABLES, contrast_ratio, dimmed
from tui.theming import palette_for

LOADED = load_shipped_themes()
THEMES = LOADED.themes
SUITS = ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs", "suit-joker")


def test_six_shipped_themes_load_without_problems() -> None:
    assert LOADED.problems == []
    assert list(THEMES) == list(SHIPPED_ORDER)
    assert {"casino", "midnight", "paper", "high-contrast", "monochrome", "terminal"} <= set(THEMES)
    assert DEFAULT_THEME == "casino" == next(iter(THEMES))


@pytest.mark.parametrize("path", sorted(SHIPPED_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_shipped_file_is_complete_and_named_after_its_theme(path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["name"] == path.stem
    assert set(THEME_COLOUR_KEYS) <= set(data)
    assert isinstance(data["dark"], bool)
    assert set(data["table"]) == set(APP_VARIABLES)
    theme = THEMES[path.stem]
    for key, value in data["table"].items():
        assert theme.variables[key] == value
    for key in THEME_COLOUR_KEYS:
        assert getattr(theme, key) == data[key]


@pytest.mark.parametrize("name", SHIPPED_ORDER)
def test_every_app_variable_is_a_colour_or_a_text_style(name: str) -> None:
    theme = THEMES[name]
    for key in APP_COLOUR_VARIABLES:
        Color.parse(theme.variables[key])
    for key in APP_STYLE_VARIABLES:
        assert theme.variables[key].split()
    # Textual can build the full colour system (what App.get_css_variables does)
    assert theme.to_color_system().generate()["primary"]


@pytest.mark.parametrize("name", [n for n in SHIPPED_ORDER if not THEMES[n].ansi])
def test_suits_are_readable_on_card_faces_and_marks_show_on_the_felt(name: str) -> None:
    """WCAG 4.5:1 for suits and the ink of an illegal card on both card faces (7:1 in
    high-contrast), 3:1 for outlines on the felt."""
    v = {k: Color.parse(THEMES[name].variables[k]) for k in APP_COLOUR_VARIABLES}
    text_minimum = 7.0 if name == "high-contrast" else 4.5  # docs/themes.md
    for suit in SUITS:
        assert contrast_ratio(v[suit], v["card-face"]) >= text_minimum, suit
        assert contrast_ratio(v[suit], v["card-illegal"]) >= text_minimum, suit
    palette = palette_for(THEMES[name])
    for suit in SUITS:  # the ink of a card that may not be played, each suit's
        dim_ink = Color.parse(palette.dim_colour(suit))
        assert contrast_ratio(dim_ink, v["card-illegal"]) >= text_minimum, suit
    assert contrast_ratio(v["felt-text"], v["felt"]) >= 4.5
    assert contrast_ratio(dimmed(v["felt-text"], v["felt"]), v["felt"]) >= 4.5  # the table's quieter words
    assert contrast_ratio(v["card-playable"], v["felt"]) >= 4.5  # a card's number is written in it
    assert contrast_ratio(v["card-border"], v["felt"]) >= 3.0
    assert v["card-face"] != v["card-illegal"]


@pytest.mark.parametrize("name", [n for n in SHIPPED_ORDER if not THEMES[n].ansi and n != "monochrome"])
def test_a_card_that_may_not_be_played_still_reads_red_or_black(name: str) -> None:
    """docs/themes.md: the muted ink of a card that may not be played is its suit's own colour
    muted, so a hand waiting for its turn (every card muted) still shows hearts red and spades
    not: the muted hearts are redder than the muted spades by a third at least of how far the
    suits themselves are apart."""
    palette = palette_for(THEMES[name])

    def redness(colour: str) -> int:
        c = Color.parse(colour)
        return c.r - max(c.g, c.b)

    full = redness(palette.red) - redness(palette.black)
    muted = redness(palette.dim_colour("suit-hearts")) - redness(palette.dim_colour("suit-spades"))
    assert muted >= full / 3 > 0, (palette.dim_colour("suit-hearts"), palette.dim_colour("suit-spades"))
    assert len({palette.dim_colour(suit) for suit in SUITS[:4]}) == 4  # four-colour cards, muted, still four


def test_high_contrast_keeps_every_pair_it_documents_at_7_to_1() -> None:
    """Every text and mark on the table, each on what it is drawn on, as the cards are drawn."""
    v = {k: Color.parse(THEMES["high-contrast"].variables[k]) for k in APP_COLOUR_VARIABLES}
    palette = palette_for(THEMES["high-contrast"])
    pairs = {f"{suit} on {card}": (v[suit], v[card]) for suit in SUITS for card in ("card-face", "card-illegal")}
    pairs["felt-text on felt"] = (v["felt-text"], v["felt"])
    pairs["card-playable on felt"] = (v["card-playable"], v["felt"])
    pairs["card-border on felt"] = (v["card-border"], v["felt"])
    pairs["illegal card's ink on card-illegal"] = (Color.parse(palette.dim_ink), Color.parse(palette.dim_face))
    pairs.update({f"illegal card's {suit} on card-illegal": (Color.parse(palette.dim_colour(suit)),
                                                              Color.parse(palette.dim_face)) for suit in SUITS})
    pairs["spades ink on card-face as drawn"] = (Color.parse(palette.black), Color.parse(palette.face))
    short = {name: round(contrast_ratio(*pair), 2) for name, pair in pairs.items() if contrast_ratio(*pair) < 7.0}
    assert short == {}


def test_four_colour_suits_differ_in_every_coloured_theme() -> None:
    for name in ("casino", "midnight", "paper", "high-contrast", "terminal"):
        colours = {THEMES[name].variables[s] for s in SUITS[:4]}
        assert len(colours) == 4, name


def test_monochrome_uses_no_colour_and_marks_cards_by_text_style() -> None:
    theme = THEMES["monochrome"]
    values = {**theme.to_color_system().generate(), **theme.variables}
    checked = 0
    for key, value in values.items():
        for word in value.split():
            try:
                colour = Color.parse(word)
            except Exception:
                continue
            checked += 1
            assert colour.r == colour.g == colour.b, (key, value)
    assert checked > 50
    playable = set(theme.variables["card-playable-text-style"].split())
    illegal = set(theme.variables["card-illegal-text-style"].split())
    assert playable and illegal and playable != illegal and "none" not in playable | illegal


def test_terminal_theme_follows_the_ansi_palette() -> None:
    theme = THEMES["terminal"]
    assert theme.ansi
    for key in (*THEME_COLOUR_KEYS, *APP_COLOUR_VARIABLES):
        value = getattr(theme, key) if key in THEME_COLOUR_KEYS else theme.variables[key]
        assert Color.parse(value).ansi is not None, key
    # Textual's own widgets need these with an ANSI colour system
    assert {"ansi-background", "ansi-foreground"} <= set(theme.variables)


def test_each_theme_has_its_own_look() -> None:
    looks = {(t.background, t.variables["felt"], t.variables["card-face"]) for t in THEMES.values()}
    assert len(looks) == len(THEMES)
    assert THEMES["paper"].dark is False and THEMES["midnight"].dark is True
