"""The table's log wraps its lines again at every new width (``tui.widgets.tablelog``): a terminal
made tiny (an SSH guest's pane at 30x10) hid the log, and once it grew again every line kept
the wrapping of the last width it had had ("Ana (bot) plays" / "6♦"), for good."""
from __future__ import annotations

from tui.widgets.tablelog import TableLog

from .helpers import make_app, open_table


async def test_the_log_wraps_again_after_the_terminal_was_too_small() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 3, seed=2)
        log = screen.query_one("#log", TableLog)
        for n in range(4):
            screen.log_line(f"Normal bot {n} plays 6♦ to 42, and the next player misses a turn, line {n}")
        await pilot.pause()
        wide = [strip.text.rstrip() for strip in log.lines]
        assert len(wide) >= 3
        for size in ((70, 20), (30, 10), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
        assert [strip.text.rstrip() for strip in log.lines] == wide
