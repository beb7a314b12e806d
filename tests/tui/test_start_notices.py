"""The notices about the player's own files said at the start come one after another
(``tui.startnotices``): with a bad settings file, a default game that is none and five bad theme
files, at 80x24 only the Themes notice was seen: the Settings one stood hidden behind it and
timed out unseen, and with a third one the Themes notice ran off the screen."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets._toast import Toast

from tui.notices import take_down

from .helpers import drawn_notice, make_app, user_themes, wait_for

BAD_SETTINGS = 'card_style = "fancy"\nbell = 2\ndefault_game = "chess"\n[keymap]\n"table.hint" = 7\n'


def up(app: Any) -> list[Toast]:
    """The notices drawn now, oldest first."""
    return [t for t in app.screen.query(Toast) if t.region]


async def test_each_start_notice_shows_whole_in_its_turn(tmp_path: Path, monkeypatch: Any) -> None:
    user_themes(tmp_path, monkeypatch, {f"bad{i}.toml": f'name = "bad{i}"\nprimary = "notacolour"\n'
                                        for i in range(5)})
    settings = tmp_path / "settings.toml"
    settings.write_text(BAD_SETTINGS, encoding="utf-8")
    app = make_app(config_path=settings)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seen: list[tuple[str, str]] = []
        for _ in range(3):
            toasts = await wait_for(pilot, lambda: len(up(app)) == 1 and up(app), timeout=10)
            notice = toasts[0]._notification
            assert [n.message for n in app._notifications] == [notice.message], "one at a time"
            within, text = drawn_notice(app, notice.title)
            assert within, text
            seen.append((notice.title, notice.message))
            await pilot.pause(0.8)
            assert [t._notification.message for t in up(app)] == [notice.message], "the next waits its turn"
            take_down(app, {notice.message}, title=notice.title)  # read, and dismissed
            await wait_for(pilot, lambda: notice.message not in [t._notification.message for t in up(app)])
        await pilot.pause(1.2)
        assert up(app) == []
        said = {title: [m for t, m in seen if t == title] for title, _ in seen}
        assert sorted(len(m) for m in said.values()) == [1, 2]
        assert any("card_style" in m and "bell" in m and "table.hint" in m for m in said["Settings"])
        assert any("default_game: 'chess'" in m for m in said["Settings"])
        assert "bad0.toml" in said["Themes"][0]


async def test_a_theme_folder_that_is_a_file_is_said(tmp_path: Path, monkeypatch: Any) -> None:
    """``DEALMEIN_THEMES_DIR`` naming a file: ``dealmein themes`` said so, the app nothing (the
    player's themes were simply not there)."""
    not_a_folder = tmp_path / "themes"
    not_a_folder.write_text("a file")
    monkeypatch.setenv("DEALMEIN_THEMES_DIR", str(not_a_folder))
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        toasts = await wait_for(pilot, lambda: up(app), timeout=10)
        notice = toasts[0]._notification
        assert notice.title == "Themes"
        assert notice.message == f"Your theme folder {not_a_folder} is not a folder: no theme is read from it."


async def test_the_settings_notice_comes_before_the_themes_one(tmp_path: Path) -> None:
    """A settings file naming a theme that is not there, with a mistake of its own: its notice
    comes first, then the Themes notice that says the theme is not available (that came first,
    about a value of the file that had not been named yet)."""
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nosuchtheme"\ncard_style = "fourcolour"\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        await pilot.pause()
        assert [n.title for n in app._notifications] == ["Settings"]
        assert "card_style" in next(iter(app._notifications)).message
