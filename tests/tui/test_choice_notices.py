"""A play's question ("Play A♠ how?") over the table: Textual shows each notice on the question
too, a second copy beside the one on the table beneath, and on a small screen that copy stood
over the question's buttons. The notices stay on the table, seen through the question's
backdrop, and one said while it is up shows there once it is answered."""
from __future__ import annotations

from typing import Any

from textual.widgets._toast import Toast

from tui.screens.choice import ChoiceScreen
from tui.screens.table import TableScreen

from .helpers import make_app, open_table, wait_for

HINT = "Hint: play A♠ as +11: at 64, 7 in 10 of the cards left keep you safe"


def drawn(app: Any) -> list[tuple[type, str]]:
    """Each notice drawn now (laid out and visible), by the screen it stands on, and its text."""
    return [(type(screen), str(toast._notification.message)) for screen in app.screen_stack
            for toast in screen.query(Toast) if toast.visible and toast in screen._compositor.visible_widgets]


async def test_a_notice_shows_once_beneath_a_plays_question_and_later_ones_once_it_is_answered() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18), notifications=True) as pilot:
        await open_table(app, pilot, "ninety-eight", 3, seat=0, seed=5)
        app.notify(HINT, timeout=60)
        await wait_for(pilot, lambda: drawn(app) == [(TableScreen, HINT)])
        question = ChoiceScreen("Play A♠ how?", ["AS=1", "AS=11"], total=53)
        await app.push_screen(question)
        await wait_for(pilot, lambda: question.is_current and question.is_mounted)
        await pilot.pause(0.3)
        assert drawn(app) == [(TableScreen, HINT)]  # not a second time over the question
        app.notify("Bo joins the table.", timeout=60)
        await pilot.pause(0.3)
        assert drawn(app) == [(TableScreen, HINT)]
        await pilot.press("escape")
        # (at 18 rows the table shows its newest notice alone)
        await wait_for(pilot, lambda: drawn(app) == [(TableScreen, "Bo joins the table.")])
