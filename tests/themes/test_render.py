"""Every shipped theme, registered in a real Textual app, paints the app variables it defines."""
from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.color import Color
from textual.widgets import Static

from themes.card_styles import card_face
from themes.loader import load_shipped_themes
from themes.no_color import theme_for_environment
from themes.variables import APP_VARIABLES, app_variables

SHIPPED = load_shipped_themes().themes


class ThemeProbe(App[None]):
    """A table in miniature: felt, a face-up card, a back, a playable and an illegal card."""

    CSS = """
    Screen { background: $felt; color: $felt-text; }
    #face { background: $card-face; color: $suit-hearts; border: round $card-border; width: 8; height: 3; }
    #back { background: $card-back; width: 8; height: 1; }
    #playable { background: $card-face; color: $suit-spades; border: heavy $card-playable;
                text-style: $card-playable-text-style; width: 8; height: 3; }
    #illegal { background: $card-illegal; color: $suit-clubs; text-style: $card-illegal-text-style;
               width: 8; height: 1; }
    """

    def __init__(self, theme_name: str | None = None) -> None:
        super().__init__()
        for theme in SHIPPED.values():
            self.register_theme(theme)
        if theme_name is not None:
            self.theme = theme_name

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return app_variables(self.current_theme)

    def compose(self) -> ComposeResult:
        yield Static(card_face("QH").text, id="face")
        yield Static("▒▒▒▒", id="back")
        yield Static(card_face("AS").text, id="playable")
        yield Static(card_face("7C", "four-colour").text, id="illegal")


def _segments(app: ThemeProbe, widget_id: str) -> list[Segment]:
    widget = app.query_one(f"#{widget_id}")
    return [segment for y in range(widget.size.height) for segment in widget.render_line(y)]


def _rendered_colours(app: ThemeProbe) -> list[Color]:
    colours = []
    for widget_id in ("face", "back", "playable", "illegal"):
        for segment in _segments(app, widget_id):
            if segment.style is None:
                continue
            for rich_colour in (segment.style.color, segment.style.bgcolor):
                if rich_colour is not None and not rich_colour.is_default:
                    colours.append(Color.from_rich_color(rich_colour))
    return colours


def _assert_paints_variables(app: ThemeProbe, variables: dict[str, str]) -> None:
    parse = Color.parse
    face = app.query_one("#face")
    assert face.styles.background == parse(variables["card-face"])
    assert face.styles.color == parse(variables["suit-hearts"])
    assert face.styles.border_top[1] == parse(variables["card-border"])
    assert app.screen.styles.background == parse(variables["felt"])
    assert app.query_one("#back").styles.background == parse(variables["card-back"])
    playable = app.query_one("#playable")
    assert playable.styles.border_top[1] == parse(variables["card-playable"])
    assert playable.styles.color == parse(variables["suit-spades"])
    illegal = app.query_one("#illegal")
    assert illegal.styles.background == parse(variables["card-illegal"])
    assert illegal.styles.color == parse(variables["suit-clubs"])
    for flag in variables["card-playable-text-style"].split():
        assert flag in str(playable.styles.text_style).split()
    for flag in variables["card-illegal-text-style"].split():
        assert flag in str(illegal.styles.text_style).split()


async def test_each_shipped_theme_paints_its_table_colours_when_switched_at_run_time() -> None:
    app = ThemeProbe()
    async with app.run_test(size=(40, 12)) as pilot:
        for name, theme in SHIPPED.items():
            app.theme = name
            await pilot.pause()
            assert app.current_theme is theme
            for key in APP_VARIABLES:
                assert app.theme_variables[key] == theme.variables[key], (name, key)
            _assert_paints_variables(app, theme.variables)
            if not theme.ansi:
                # the colour reaches the rendered cells, not only the computed style
                face_bg = {Color.from_rich_color(s.style.bgcolor) for s in _segments(app, "face") if s.style and s.style.bgcolor}
                assert Color.parse(theme.variables["card-face"]) in face_bg, name


async def test_switching_theme_changes_the_rendered_face_colour() -> None:
    app = ThemeProbe("casino")
    async with app.run_test(size=(40, 12)) as pilot:
        before = {c for c in _rendered_colours(app)}
        app.theme = "midnight"
        await pilot.pause()
        after = {c for c in _rendered_colours(app)}
        assert Color.parse(SHIPPED["casino"].variables["card-face"]) in before
        assert Color.parse(SHIPPED["midnight"].variables["card-face"]) in after
        assert Color.parse(SHIPPED["casino"].variables["card-face"]) not in after


@pytest.mark.parametrize("builtin", ["textual-dark", "textual-light", "nord", "ansi-dark"])
async def test_builtin_textual_theme_gets_derived_table_colours(builtin: str) -> None:
    app = ThemeProbe(builtin)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        variables = app_variables(app.current_theme)
        _assert_paints_variables(app, variables)


async def test_monochrome_theme_renders_only_greys() -> None:
    app = ThemeProbe("monochrome")
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        colours = _rendered_colours(app)
        assert colours, "nothing coloured was rendered"
        assert all(c.r == c.g == c.b for c in colours), [c.hex for c in colours if not c.r == c.g == c.b]


async def test_no_color_forces_monochrome_and_renders_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    import os

    app = ThemeProbe(theme_for_environment("casino", os.environ))
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert app.theme == "monochrome"
        assert app.no_color
        colours = _rendered_colours(app)
        assert colours and all(c.r == c.g == c.b for c in colours)
