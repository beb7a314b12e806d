"""Each screen's stylesheet styles that screen only. Textual reads every screen's ``.tcss`` into
one stylesheet for the app, so an unscoped ``#seats`` in the lobby's sheet also sized the
table's row of seats (two blank rows under it, once a lobby had been shown)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import tui.screens

from .helpers import current, make_app, start_solo, wait_for

SCREENS = Path(tui.screens.__file__).parent
RULE = re.compile(r"/\*.*?\*/|([^{}/]+)\{[^{}]*\}", re.S)


def test_every_rule_names_its_screen() -> None:
    sheets = sorted(SCREENS.glob("*.tcss"))
    assert len(sheets) >= 12
    for sheet in sheets:
        module = (SCREENS / f"{sheet.stem}.py").read_text(encoding="utf-8")
        screen = re.search(r"^class (\w+Screen)\(", module, re.MULTILINE).group(1)  # type: ignore[union-attr]
        rules = [m.group(1) for m in RULE.finditer(sheet.read_text(encoding="utf-8")) if m.group(1)]
        assert rules, sheet
        for selectors in rules:
            for selector in selectors.split(","):
                assert re.match(rf"^{screen}\b", selector.strip()), f"{sheet.name}: {selector.strip()!r}"


async def test_the_table_keeps_its_layout_after_a_lobby() -> None:
    """A solo table opens through its lobby: its seats row is still the boxes' four rows."""
    from tui.screens.table import TableScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        await pilot.pause()
        assert table.query_one("#seats").region.height == 4
        assert table.query_one("#middle").region.y == 5


async def test_a_short_terminal_still_shows_the_line_under_the_board() -> None:
    """At 20 rows the board gives up its spacer: the suit to follow and your own standing stay
    on screen (crazy-eights 3.3: the suit to follow is what a play must match)."""
    from tui.screens.table import TableScreen

    from .helpers import open_table

    for rows in (20, 24):
        app = make_app()
        async with app.run_test(size=(80, rows)) as pilot:
            screen, _ = await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=4)
            assert isinstance(screen, TableScreen)
            follow, middle = screen.query_one("#follow").region, screen.query_one("#middle").region
            assert follow.height == 1 and middle.contains_region(follow), (rows, follow, middle)
            assert "follow" in str(screen.query_one("#follow").render())
            assert screen.query_one("#cards").region.height == 6  # the cards whole either way


async def test_the_chat_lines_take_what_the_table_keeps() -> None:
    """The chat fields stop where the table cuts a line (``CHAT_LEN``), not before it."""
    from net.protocol import CHAT_LEN
    from tui.screens.lobby import LobbyScreen

    from .helpers import open_table

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table, link = await open_table(app, pilot, "ninety-nine", 3, seat=0, seed=4)
        assert table.query_one("#chat").max_length == CHAT_LEN
        lobby = LobbyScreen(link)
        link.lobby, link.chat_log = {"seats": []}, []  # type: ignore[attr-defined]
        await app.push_screen(lobby)
        await pilot.pause()
        assert lobby.query_one("#chat").max_length == CHAT_LEN


@pytest.mark.parametrize("columns", [60, 80])
async def test_the_join_screens_connect_button_shows_whole(columns: int) -> None:
    """Connect is a box closed on both sides, within the screen, beside the two fields and their
    placeholders, whole: with its sides open it read as cut off at the screen's edge."""
    from tui.screens.join import JoinScreen

    from .rendering import rendered_segments

    app = make_app()
    async with app.run_test(size=(columns, 24)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        await pilot.pause()
        button, password = join.query_one("#connect").region, join.query_one("#password").region
        row = join.query_one(".row").content_region
        assert row.contains_region(button) and button.right < columns and password.right <= button.x
        lines = "".join(s.text for s in rendered_segments(app)).splitlines()
        label = lines[button.y + 1]
        assert "▊ Connect ▎" in label, label
        assert "host or host:port" in label and "password (if any)" in label, label
