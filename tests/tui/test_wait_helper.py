"""The tests' ``wait_for``: a widget looked up before its screen has composed it is "not yet",
not a failure (a pushed screen composes a moment later); one that never comes is named when
the time runs out."""
from __future__ import annotations

import pytest
from textual.widgets import Static

from .helpers import make_app, wait_for


async def test_a_widget_not_there_yet_is_waited_for() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.set_timer(0.2, lambda: app.screen.mount(Static("late", id="late")))
        found = await wait_for(pilot, lambda: app.screen.query_one("#late", Static), timeout=5)
        assert found.id == "late"


async def test_a_widget_that_never_comes_is_named_when_the_time_runs_out() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="#never"):
            await wait_for(pilot, lambda: app.screen.query_one("#never", Static), timeout=0.3)
