"""The app under random keys: a solo table of each game dealt at once, then a seeded sequence
of keys a player might press (the table's, its questions', the results', help, rules, the
picker's, settings and record from the home screen), with pauses that let the bots play, at
three terminal sizes. Nothing may raise, and nothing may be logged as an error (a screen that
fails to draw a view is caught and logged by the session, so the log is where such a bug
shows). Offline: no discovery, and a table hosted by a stray H is kept to 127.0.0.1 on a free
port; the join screen, whose address field would send what is typed to a resolver, is left at
once."""
from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from tui.screens.join import JoinScreen

from .helpers import make_app

#: keys a player presses, the table's most often (there is no Q: the run ends by itself)
KEYS = ["1", "2", "3", "4", "5", "6", "7", "enter", "enter", "enter", "space", "space", "escape", "left",
        "right", "up", "down", "tab", "shift+tab", "h", "p", "l", "o", "r", "b", "x", "t", "g", "s", "y",
        "n", "v", "c", "ctrl+s", "ctrl+s", "f1", "f2", "f3", "f4", "home", "end", "pageup", "pagedown",
        "/", "a", "delete", "backspace", "question_mark"]
PRESSES = 100


@pytest.mark.parametrize(("game", "size", "seed"), [("ninety-eight", (80, 24), 1),
                                                    ("ninety-nine", (60, 18), 2),
                                                    ("crazy-eights", (120, 40), 3)])
async def test_random_keys_raise_nothing_and_log_no_error(game: str, size: tuple[int, int], seed: int,
                                                          tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="dealmein")
    config = tmp_path / "settings.toml"
    config.write_text(f'default_game = "{game}"\n', encoding="utf-8")
    rng = random.Random(seed)
    app = make_app(config_path=config, bind="127.0.0.1", port=0, ssh_port=0, seed=seed)
    pressed: list[tuple[str, str]] = []
    async with app.run_test(size=size) as pilot:
        await pilot.press("p", "ctrl+s")  # a solo table of the game first, dealt as the picker opens
        for i in range(PRESSES):
            assert app.is_running, f"the app stopped after {pressed[-10:]}"
            key = "escape" if isinstance(app.screen, JoinScreen) else rng.choice(KEYS)
            pressed.append((type(app.screen).__name__, key))
            await pilot.press(key)
            if i % 5 == 0:
                await pilot.pause(0.02)  # the bots play
    seen = {screen for screen, _ in pressed}
    assert "TableScreen" in seen and len(seen) >= 3, seen  # the keys reached the table and beyond
    errors = [r for r in caplog.records if r.name.startswith("dealmein") and r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
