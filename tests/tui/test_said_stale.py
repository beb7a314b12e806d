"""What C, S, T and Y say is about the table as it stands: a notice from C kept saying "Follow ♦
diamonds, on 7♦" after two more plays, and one from T named the seat whose turn had passed, for
the seconds it stayed up. The table moving on takes them down; the log keeps what was said."""
from __future__ import annotations

from core import new_match
from tui.screens.table import TableScreen

from .helpers import log_entries, make_app, notices, wait_for
from .matchlink import StepLink


async def test_the_answers_to_c_and_t_go_once_the_table_moves_on() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        match = new_match("crazy-eights", 3, seed=3)
        seat = (match.current_seat + 1) % 3  # another seat is to play
        link = StepLink(match, seat)
        screen = TableScreen(link, app.card_style, app.palette)
        link.screen = screen
        screen.show(link.view(), [])
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("c", "t")
        await pilot.pause()
        said = list(screen.said[-2:])
        assert said[1].startswith("It is ") and all(s in notices(app) for s in said), (said, notices(app))
        link.step()  # the seat to play plays: what was said is no longer so
        await wait_for(pilot, lambda: not any(s in notices(app) for s in said), timeout=1.0)  # (up 3 s before)
        assert all(s in log_entries(screen) for s in said)  # the log keeps them
        await pilot.press("t")  # asked again, it is said again, as things stand now
        await wait_for(pilot, lambda: screen.said[-1] != said[1] and screen.said[-1] in notices(app))
