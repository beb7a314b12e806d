"""A terminal of 256 colours (TERM=xterm-256color without COLORTERM, as macOS Terminal and many
SSH sessions are): Rich draws each colour as the nearest of the 256, and midnight's felt, card
face and muted face were all colour 17, the cards holes in the table and a card that may not
be played no different from one that may (docs/themes.md). Each is a colour of its own there."""
from __future__ import annotations

from typing import Any

import pytest
from rich.color import ColorSystem

from tui.screens.table import TableScreen
from tui.widgets.hand import HandView

from .helpers import app_on_terminal, open_table

GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _faces(app: Any, glyph: str) -> set[int | None]:
    """The colour of the 256 behind each cell on the screen that shows ``glyph``."""
    found = set()
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            style = segment.style
            if glyph in segment.text and style is not None and style.bgcolor is not None:
                found.add(style.bgcolor.downgrade(ColorSystem.EIGHT_BIT).number)
    return found


def _felt(app: Any, hand: HandView) -> set[int | None]:
    """The colour of the 256 behind the blank cells of the hand's top row (the felt: only the
    selected card stands in that row)."""
    region, found = hand.region, set()
    strip = app.screen._compositor.render_strips()[region.y]
    x = 0
    for segment in strip:
        end = x + len(segment.text)
        if region.x <= x and end <= region.right and not segment.text.strip() and segment.style is not None \
                and segment.style.bgcolor is not None:
            found.add(segment.style.bgcolor.downgrade(ColorSystem.EIGHT_BIT).number)
        x = end
    return found


@pytest.mark.parametrize("theme", ["casino", "midnight", "paper", "high-contrast", "monochrome"])
async def test_on_256_colours_the_felt_and_both_card_faces_are_three_colours(
        monkeypatch: Any, tmp_path: Any, theme: str) -> None:
    app = app_on_terminal(monkeypatch, tmp_path, theme, "xterm-256color")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == theme and app.console.color_system == "256"
        screen, _link = await open_table(app, pilot, "crazy-eights", 4, 0, seed=5)
        assert isinstance(screen, TableScreen)
        view = screen.view
        legal = {a.split("=")[0].rstrip("!") for a in view["legal"]}
        assert {"6H", "KH"} <= set(view["hand"]) - legal  # hearts that may not be played
        free = next(GLYPHS[suit] for suit in "SDC"  # a suit every card of which in hand may be played
                    if any(c.endswith(suit) for c in view["hand"])
                    and all(c in legal for c in view["hand"] if c.endswith(suit)))
        await pilot.pause()
        muted, playable = _faces(app, "♥"), _faces(app, free)
        felt = _felt(app, screen.query_one(HandView))
        assert len(muted) == len(playable) == len(felt) == 1, (muted, playable, felt)
        assert len(muted | playable | felt) == 3, (theme, muted, playable, felt)
