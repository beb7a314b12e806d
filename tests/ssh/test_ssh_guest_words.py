"""What an SSH guest's app says of the host's files, over a real asyncssh client on 127.0.0.1
talking to the app in a child process: the Keys screen says truly where a key moved is kept (the
host keeps it for the login name, and it is there again at the next login), naming no file the
guest cannot open; and a bad theme file in the host's own folder is not put to the guest, who
never sees that theme, cannot mend it, and should not learn the host's file names."""
from __future__ import annotations

from pathlib import Path

import pytest

from net.ssh_host import player_dir
from tui.settings import Settings, load_settings, save_settings

from . import test_ssh_app

hosted = test_ssh_app.hosted  # the fixture: a table server with a table of four, its SSH door, terminals

pytestmark = pytest.mark.timeout(180)

KEPT = "This table's host keeps each move at once for the name you logged in with:"


async def open_keys(term) -> str:
    """The Keys screen from the command palette (Ctrl+P, "keys", Enter), as a guest opens it."""
    term.press(b"\x10")
    await term.wait_for("Search")
    term.press("keys")
    await term.quiet()
    term.press(b"\r")
    return await term.wait_for("Enter on a key")


async def test_a_guests_key_moves_are_kept_by_the_host_for_its_login_name(hosted) -> None:
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("bea", cols=100, rows=30)
    await term.wait_for("bea (you)")
    screen = await open_keys(term)
    words = " ".join(screen.split())  # the line wraps
    assert KEPT in words and "yours again whenever you log in with it." in words, words
    assert "settings.toml" not in words and "saved in" not in words
    assert "Card style" in screen and "F4" in screen
    term.press(b"\r")  # Enter on the first key, Card style
    await term.wait_for("Press the new key for Card style")
    term.press(b"\x1b[18~")  # F7
    await term.wait_for("Card style: F7.")
    kept = player_dir("bea") / "settings.toml"
    assert load_settings(kept)[0].keymap == {"app.card_style": "f7"}  # where the host keeps it, for bea
    term.conn.close()

    again = await open_terminal("bea", cols=100, rows=30)  # a later visit under the same name
    await again.wait_for("bea (you)")
    screen = await open_keys(again)
    line = next(row for row in screen.splitlines() if "Card style" in row)
    assert "F7" in line and "ships as F4" in line, line
    other = await open_terminal("cy", cols=100, rows=30)  # another login name: its own keys
    await other.wait_for("cy (you)")
    line = next(row for row in (await open_keys(other)).splitlines() if "Card style" in row)
    assert "F7" not in line and "ships as" not in line, line


async def test_a_guest_is_not_told_of_a_bad_theme_file_in_the_hosts_folder(hosted, tmp_path: Path,
                                                                          monkeypatch) -> None:
    """The guest's theme is one that is gone, so the app says so in its one notice of theme
    problems: the notice is there to read, and says nothing of the host's bad file beside it."""
    server, table, ssh, open_terminal = hosted
    home = tmp_path / "host-home"
    themes = home / ".local" / "share" / "dealmein" / "themes"  # the host's own themes, as the child finds them
    themes.mkdir(parents=True)
    (themes / "secret-layout.toml").write_text('name = "broken"\nprimary = "not a colour"\n', encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))  # what the SSH door hands each child (``child_environment``)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    save_settings(Settings(theme="gone"), player_dir("dee") / "settings.toml")
    term = await open_terminal("dee", cols=100, rows=30)
    screen = await term.wait_for("'gone' is not available")
    assert "secret-layout" not in screen and "theme file" not in screen and str(home) not in screen


async def test_a_login_of_a_bots_name_is_told_why_the_table_refuses_it(hosted) -> None:
    """The table keeps the bots' names for its bots: a guest logged in as one is told so by its
    app, in words, and takes no seat (it was seated as "guest", with no word of why, and a
    second such login from the address took that seat from it)."""
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("Normal bot 2", cols=100, rows=30)
    screen = await term.wait_for("choose another name")
    words = " ".join(screen.replace("\u258c", " ").split())  # the notice's edge on each row
    assert "'Normal bot 2' reads as a bot's name, which the tables keep for their bots" in words, words
    assert all(seat.name != "Normal bot 2" and seat.name != "guest" for seat in table.seats)
