"""A terminal of 16 colours (TERM=xterm, no COLORTERM): a card that may not be played was drawn in
a muted ink that the terminal could only show as its one grey, red cards and black alike
(docs/themes.md: they stay red or black). There it keeps its suit's own colour, greyed out by
the theme's text style and its muted face."""
from __future__ import annotations

from typing import Any

from rich.color import ColorSystem

from tui.screens.table import TableScreen

from .helpers import make_app, open_table

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
