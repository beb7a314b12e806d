"""The chosen tab of the Rules' game tabs, with the focus on them, stands on the cursor's
colour (a theme's ``primary``): it is written in the cursor's own ink. The app's stylesheet
wrote it in the theme's ``foreground`` (white on a yellow ``primary``: 1.1:1)."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Tab, Tabs

from themes.variables import TEXT_CONTRAST, contrast_ratio
from tui.screens.rules import RulesScreen

from .helpers import current, make_app, user_themes, wait_for

YELLOW = 'name = "yellow"\nprimary = "#FFFF00"\nforeground = "#FFFFFF"\nbackground = "#000000"\ndark = true\n'


async def test_the_focused_chosen_tab_reads_on_the_cursors_colour(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    user_themes(tmp_path, monkeypatch, {"yellow.toml": YELLOW})
    settings = tmp_path / "settings.toml"
    settings.write_text('theme = "yellow"\n', encoding="utf-8")
    app = make_app(config_path=settings)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.theme == "yellow"
        await pilot.press("f2")
        rules = await wait_for(pilot, lambda: current(app, RulesScreen))
        tabs = rules.query_one(Tabs)
        tabs.focus()
        await pilot.pause(0.2)
        tab = next(t for t in rules.query(Tab) if t.has_class("-active"))
        ink, ground = tab.rich_style.color, tab.rich_style.bgcolor
        assert ink is not None and ground is not None
        from textual.color import Color

        ratio = contrast_ratio(Color.from_rich_color(ink), Color.from_rich_color(ground))
        assert ratio >= TEXT_CONTRAST, (ink, ground, ratio)
