"""The table screen at 80x24 in every shipped theme, same seed and same selected card, so a
theme that makes cards, suits or the playable/illegal difference unreadable shows in review.
Regenerate with ``pytest tests/tui/test_theme_snapshots.py --snapshot-update`` and look at them."""
from __future__ import annotations

import pytest

from themes.loader import SHIPPED_ORDER

from .helpers import make_app, open_snapshot_table


@pytest.mark.parametrize("theme", SHIPPED_ORDER)
def test_table_in_theme(snap_compare, theme: str) -> None:
    app = make_app()
    app.settings.name = "Ana"
    app.settings.theme = theme
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_snapshot_table)
    assert app.theme == theme
