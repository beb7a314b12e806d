"""Notices wait while a yes-or-no question is up: at 80x24, `dealmein solo` with a saved match
opens on "Start a new solo match?", and the startup notices (a bad theme file, a bad key in
settings.toml) stood over half of it. The question shows alone; once it is answered the
notices show, in the order they came, each for its whole time."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from net.savefile import write_save
from tui.notices import take_down
from tui.saves import solo_save_path
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.picker import PickerScreen

from .helpers import current, make_app, notices, user_themes, wait_for

BAD_THEME = 'name = "bad"\nprimary = "notacolour"\n'
BAD_KEY = '[keymap]\n"table.nothing" = "ctrl+1"\n'


def shown(app: object) -> list[Toast]:
    """The notices drawn on any screen of the app now."""
    return [t for s in app.screen_stack for t in s.query(Toast) if t.region]  # type: ignore[attr-defined]


async def solo_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pilot_size: tuple[int, int] = (80, 24)):
    write_save(solo_save_path(), {"config": {"game": "ninety-nine"}, "status": "playing"})
    user_themes(tmp_path, monkeypatch, {"bad.toml": BAD_THEME})
    settings = tmp_path / "settings.toml"
    settings.write_text(BAD_KEY, encoding="utf-8")
    return make_app(args=argparse.Namespace(command="solo", game="ninety-nine", no_mdns=True), config_path=settings)


@pytest.mark.parametrize("answer", ["escape", "y"])
async def test_startup_notices_wait_until_the_new_match_question_is_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    app = await solo_question(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        question = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert str(question.query_one("#confirm-question").content) == "Start a new solo match?"
        await pilot.pause(0.8)  # the themes are checked after the first frame
        # (the themes' notice waits for the settings file's to go: ``tui.startnotices``)
        assert [n.title for n in app.held_notices.waiting] == ["Settings"]
        assert notices(app) == [] and shown(app) == []  # nothing over the question, nor behind it
        app.notify("Said while asked", title="Later")  # one that comes meanwhile waits too
        await pilot.pause()
        assert shown(app) == [] and len(app.held_notices.waiting) == 2
        answered = time.time()
        await pilot.press(answer)
        after = PickerScreen if answer == "y" else HomeScreen
        screen = await wait_for(pilot, lambda: current(app, after))
        toasts = await wait_for(pilot, lambda: len(shown(app)) == 2 and shown(app))
        assert [t._notification.title for t in toasts] == ["Settings", "Later"]
        assert all(t.screen is screen for t in toasts)
        for toast in toasts:  # each shows for its whole time from the answer on
            assert toast._notification.raised_at >= answered
        assert "table.nothing" in toasts[0]._notification.message
        assert app.held_notices.waiting == []
        await pilot.pause(1.0)
        assert "Themes" not in [t._notification.title for t in shown(app)]  # its turn is not yet
        take_down(app, {toasts[0]._notification.message}, title="Settings")  # read, and gone
        themes = await wait_for(pilot, lambda: [t for t in shown(app) if t._notification.title == "Themes"])
        assert "bad.toml" in themes[0]._notification.message and themes[0].screen is screen


async def test_a_notice_taken_down_while_it_waits_stays_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = await solo_question(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: current(app, ConfirmScreen))
        app.notify("Too small", title="Terminal too small")
        await pilot.pause(0.3)
        assert shown(app) == [] and "Too small" in [n.message for n in app.held_notices.waiting]
        take_down(app, {"Too small"}, title="Terminal too small")  # put right meanwhile
        await pilot.press("escape")
        await wait_for(pilot, lambda: current(app, HomeScreen))
        await wait_for(pilot, lambda: [t._notification.title for t in shown(app)] == ["Settings"])
        await pilot.pause(0.2)
        assert "Too small" not in notices(app)
