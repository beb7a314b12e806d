"""A table in a wide terminal: the log keeps a reader's width and the board stands in the
middle of the rest, instead of a board in a corner beside a log as wide as the screen."""
from __future__ import annotations

from tui.screens.table import WIDE

from .helpers import make_app, open_table, wait_for


async def test_from_wide_columns_the_board_stands_in_the_middle_and_the_log_keeps_its_width() -> None:
    app = make_app()
    async with app.run_test(size=(160, 44)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=3)
        await wait_for(pilot, lambda: screen.has_class("-wide") and screen.query_one("#board").region.width)
        side, centre = screen.query_one("#side").region, screen.query_one("#centre").region
        board, follow = screen.query_one("#board").region, screen.query_one("#follow").region
        assert side.width == 70 and side.right == 160
        assert centre.width == 90
        # as much room left of the board as right of it, and above it as below its line
        assert abs((board.x - centre.x) - (centre.right - board.right)) <= 1
        above, below = board.y - centre.y, centre.bottom - follow.bottom
        assert above > 5 and abs(above - below) <= 1

        await pilot.resize_terminal(WIDE - 1, 30)  # one column short: the board back in its corner
        await wait_for(pilot, lambda: not screen.has_class("-wide"))
        await pilot.pause()
        centre, board = screen.query_one("#centre").region, screen.query_one("#board").region
        assert centre.width == 32 and board.x == centre.x + 1 and board.y == centre.y
        assert screen.query_one("#side").region.width == WIDE - 1 - 32
