"""A terminal of 16 colours (TERM=xterm, no COLORTERM): a card that may not be played was drawn in
a muted ink that the terminal could only show as its one grey, red cards and black alike
(docs/themes.md: they stay red or black). There it keeps its suit's own colour, greyed out by
the theme's text style and its muted face."""
from __future__ import annotations

from typing import Any

import pytest
from rich.color import ColorSystem

from tui.screens.table import TableScreen

from .helpers import app_on_terminal, make_app, open_table

RED = {1, 9}  # the terminal's red and bright red


def _hearts_inks(app: Any) -> list[int | None]:
    """The terminal colour each ♥ on the screen is drawn in, as a 16-colour terminal gets it."""
    inks = []
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            if "♥" in segment.text and segment.style is not None and segment.style.color is not None:
                inks.append(segment.style.color.downgrade(ColorSystem.STANDARD).number)
    return inks


async def test_a_red_card_that_may_not_be_played_stays_red_on_16_colours(monkeypatch: Any) -> None:
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.console.color_system == "standard"
        screen, _link = await open_table(app, pilot, "crazy-eights", 4, 0, seed=5)
        assert isinstance(screen, TableScreen)
        view = screen.view
        legal = {a.split("=")[0].rstrip("!") for a in view["legal"]}
        assert {"6H", "KH"} <= set(view["hand"]) - legal  # two hearts that may not be played
        await pilot.pause()
        inks = _hearts_inks(app)
        assert len(inks) >= 2 and all(ink in RED for ink in inks), inks


def _card_cells(app: Any, glyph: str) -> list[tuple[int | None, int | None]]:
    """(ink, face) as a 16-colour terminal gets them, of each cell on the screen showing ``glyph``."""
    found = []
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            style = segment.style
            if glyph in segment.text and style is not None and style.color is not None and style.bgcolor is not None:
                found.append((style.color.downgrade(ColorSystem.STANDARD).number,
                              style.bgcolor.downgrade(ColorSystem.STANDARD).number))
    return found


@pytest.mark.parametrize("theme", ["casino", "midnight", "paper"])
async def test_on_16_colours_a_card_that_may_not_be_played_is_muted_and_red_reads_red(
        monkeypatch: Any, tmp_path: Any, theme: str) -> None:
    """A card that may not be played kept the playable one's face (both the terminal's white),
    and Textual's dim, a blend, made its red the terminal's bright red, brighter than a playable
    card's; midnight's pink hearts were the terminal's light grey, red only when muted. Now a
    muted card has a grey face of its own on light cards, and a darker ink than a playable
    card's on dark ones; hearts are red in both."""
    app = app_on_terminal(monkeypatch, tmp_path, theme, "xterm")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == theme
        screen, _link = await open_table(app, pilot, "crazy-eights", 4, 0, seed=5)
        view = screen.view
        legal = {a.split("=")[0].rstrip("!") for a in view["legal"]}
        hearts = [c for c in view["hand"] if c.endswith("H")]
        assert {"6H", "KH"} <= set(hearts) - legal
        await pilot.pause()
        cells = set(_card_cells(app, "♥"))  # the hand's hearts, none of which may be played
        assert cells and all(ink in RED for ink, _face in cells), cells
        glyphs = {"S": "♠", "D": "♦", "C": "♣"}
        free = next(g for suit, g in glyphs.items()  # a suit every card of which may be played
                    if any(c.endswith(suit) for c in view["hand"])
                    and all(c in legal for c in view["hand"] if c.endswith(suit)) and g != view.get("suit"))
        played = set(_card_cells(app, free))
        if theme != "midnight":  # light cards: the muted ones' grey face (7), the playable ones' white (15)
            assert {face for _ink, face in cells} == {7} and {face for _ink, face in played} == {15}, (cells, played)
        else:  # dark cards: the muted hearts' ink is the plain red, a playable card's inks bright
            assert {ink for ink, _face in cells} == {1} and all(ink >= 8 for ink, _face in played), (cells, played)
