"""On a small table (60x18 at the least) a notice stands in the few rows under the seats, cut
short there rather than over them: "There is no drawing to do in Ninety-Eight: each card you
play is replaced from the stock by itself." lost its end. One cut short is given whole in the
log, once; one that fits is not."""
from __future__ import annotations

import pytest

from .helpers import log_entries, make_app, notices, open_table, wait_for

NO_DRAWING = "There is no drawing to do in Ninety-Eight: each card you play is replaced from the stock by itself."


@pytest.mark.parametrize("size, logged", [((60, 18), True), ((100, 30), False)], ids=["60x18", "100x30"])
async def test_a_notice_cut_short_is_given_whole_in_the_log_once(size: tuple[int, int], logged: bool) -> None:
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        table, _link = await open_table(app, pilot, "ninety-eight", 3, seat=0, seed=5)
        await pilot.press("space")
        await wait_for(pilot, lambda: NO_DRAWING in notices(app))
        if logged:
            await wait_for(pilot, lambda: NO_DRAWING in log_entries(table))
        for _ in range(3):  # each layout looks again: said once all the same
            await pilot.resize_terminal(size[0] + 1, size[1])
            await pilot.pause()
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert log_entries(table).count(NO_DRAWING) == int(logged)
