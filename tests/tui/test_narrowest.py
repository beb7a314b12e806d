"""A terminal dragged down to a few columns (a tmux pane squeezed, a split), then widened again:
every screen draws again, whatever it holds. A list of options at no width at all made Textual
fail to measure it, and the app quit with a traceback wrapped a letter a line."""
from __future__ import annotations

from pathlib import Path

from tui.screens.table import TableScreen

from .helpers import current, make_app, start_solo, wait_for
from .test_popped_early import SCREENS

#: the widths that failed (1 to 4 columns: an option list two columns inside its border)
NARROW = (4, 3, 2, 1)


#: the screens that hold a list of options (an ``OptionList``, a ``Select``'s)
LISTS = ("picker", "join", "lobby", "keys", "settings")


async def test_each_screen_with_a_list_squeezed_to_a_few_columns_draws_again_once_widened(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for name in LISTS:
            screen = SCREENS[name](app, tmp_path)
            await app.push_screen(screen)
            await wait_for(pilot, lambda: screen.is_current and screen.is_mounted)
            for width in (4, 2, 80):  # an option list's measure failed at 4 columns, or 2, by its border
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
            assert app.is_running and app.screen is screen, name
            assert screen.size.width == 80, name
            app.pop_screen()
            await pilot.pause()
    assert app.return_code in (None, 0)


async def test_a_solo_match_squeezed_and_widened_plays_on() -> None:
    """As the player met it: a solo match (its lobby beneath the table), squeezed to each narrow
    width and widened again, plays on from where it was."""
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        for width in NARROW:
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
        assert app.is_running and app.screen is table and session.view is not None
        await app.action_quit()
    assert app.return_code in (None, 0)
