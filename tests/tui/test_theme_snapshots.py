"""The table screen at 80x24 in every shipped theme, same seed and same selected card, so a
theme that makes cards, suits or the playable/illegal difference unreadable shows in review.
Regenerate with ``pytest tests/tui/test_theme_snapshots.py --snapshot-update`` and look at them."""
from __future__ import annotations

import pytest

from core import new_match
from themes.loader import SHIPPED_ORDER
from tui.screens.table import TableScreen

from .helpers import make_app
from .matchlink import MatchLink


async def _open_table(pilot) -> None:
    app = pilot.app
    link = MatchLink(new_match("ninety-eight", 4, seed=7), 0, ["Ana", "Bea", "Cy", "Dee"])
    events = link.others_play()
    screen = TableScreen(link, app.card_style, app.palette)
    link.screen = screen
    screen.show(link.view(), events)
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.press("2")


@pytest.mark.parametrize("theme", SHIPPED_ORDER)
def test_table_in_theme(snap_compare, theme: str) -> None:
    app = make_app()
    app.settings.name = "Ana"
    app.settings.theme = theme
    assert snap_compare(app, terminal_size=(80, 24), run_before=_open_table)
    assert app.theme == theme
