"""The table password's question over a real password-protected host on 127.0.0.1: after a
wrong password the box is empty, with the caret in it and the reason above it, so the next keys
are the new password; and what is typed there stays as it was, caret after it and nothing
selected, when Help or the rules are looked at and given back (Textual selects a box's whole
text as it takes the focus again, so the next key, unseen in a hidden box, replaced it)."""
from __future__ import annotations

from textual.widgets import Input, Label

from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.password import PasswordScreen
from tui.screens.rules import RulesScreen

from .helpers import current, locked_host, wait_for
from .test_password import detail


def field(screen: PasswordScreen) -> Input:
    return screen.query_one("#password-input", Input)


async def test_after_a_wrong_password_the_box_is_empty_and_ready_for_the_next() -> None:
    async with locked_host() as (srv, app, pilot):
        app.join_address(f"127.0.0.1:{srv.port}")
        asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
        await wait_for(pilot, lambda: app.focused is field(asked))
        await pilot.press(*"opens", "enter")
        again = await wait_for(pilot, lambda: isinstance(app.screen, PasswordScreen) and app.screen is not asked
                               and app.screen)
        box = await wait_for(pilot, lambda: app.focused is field(again) and field(again))
        assert detail(again) == "That password was wrong: try again."
        assert (box.value, box.cursor_position, box.selection.is_empty) == ("", 0, True)
        await pilot.press(*"sesame")
        assert box.value == "sesame"  # the new password alone, nothing of the wrong one
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
        assert app.session.seat == 0


async def test_what_is_typed_stays_as_it_was_after_help_and_the_rules() -> None:
    async with locked_host() as (srv, app, pilot):
        app.join_address(f"127.0.0.1:{srv.port}", "wrong")
        asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
        box = await wait_for(pilot, lambda: app.focused is field(asked) and field(asked))
        await pilot.press(*"ses")
        for key, opened in (("f1", HelpScreen), ("f2", RulesScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, opened))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is asked and app.focused is box)
            await pilot.pause()
            assert (box.value, box.cursor_position, box.selection.is_empty) == ("ses", 3, True), key
        await pilot.press(*"ame")
        assert box.value == "sesame"
        assert "wrong" in str(asked.query_one("#password-detail", Label).render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
