"""The line above the hand ("Enter plays 7♦ to 17", why a card cannot be played) is read every
turn: in Textual's muted ink it read at 4.08:1 on the default theme's felt, and under 3:1 in
several built-in themes. It is drawn in ``felt-text``, which every theme keeps readable on its felt."""
from __future__ import annotations

from textual.color import Color

from tests.tui.helpers import make_app, start_solo, wait_for
from themes.variables import TEXT_CONTRAST, contrast_ratio
from tui.screens.table import TableScreen


async def test_the_hint_line_reads_on_the_felt_in_every_theme() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen)
        low = []
        for name in [n for n in app.available_themes if not app.available_themes[n].ansi]:
            app.theme = name
            await pilot.pause()
            felt = Color.parse(app.theme_variables["felt"])
            ink = table.query_one("#hint").styles.color
            ratio = contrast_ratio(felt.blend(ink.with_alpha(1.0), ink.a), felt)
            if ratio < TEXT_CONTRAST:
                low.append(f"{name}: {ratio:.2f}")
        assert not low, low
        await app.leave_table()
