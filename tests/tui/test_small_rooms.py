"""Small terminals (60x20): home's key bar keeps every key, Help last, the lobby's chat has the rows its seats
do not need, and a table's notices never stand over the seats."""
from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, OptionList
from textual.widgets._toast import Toast

from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.record import RecordScreen
from tui.widgets.keyfooter import KeyFooter

from .helpers import make_app, open_table, wait_for
from .test_small_screens import bottom_row
from .test_small_snapshots import InvitingLobby


async def test_home_key_bar_keeps_help_at_60_columns() -> None:
    """Home has more keys than 60 columns hold with the menu's words: Play solo and Settings read
    "Solo" and "Setup" there, so that every key stays on the bar, F1 Help (the key a newcomer
    needs) last; at 80 columns the keys have their whole words."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and bottom_row(app).rstrip().endswith("q Quit f1 Help"))
        row = bottom_row(app)
        assert "y Record" in row and "p Solo" in row and "s Setup" in row and "h Host" in row, row
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen.query_one(KeyFooter).size.width == 80
                       and "p Play solo" in bottom_row(app))
        assert "y Record" in bottom_row(app) and "s Settings" in bottom_row(app) and "f1 Help" in bottom_row(app)
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: "p Solo" in bottom_row(app) and "f1 Help" in bottom_row(app))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordScreen))


async def test_home_key_bar_at_44_columns_still_ends_with_help() -> None:
    """Narrower still, the menu's other entries leave the bar in their order, Help last."""
    app = make_app()
    async with app.run_test(size=(44, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and "Help" in bottom_row(app))
        row = bottom_row(app).rstrip()
        assert row.endswith("f1 Help") and "Record" not in row and "Settings" not in row, row


def _lobby_parts(lobby: LobbyScreen) -> dict[str, Any]:
    return {sel: lobby.query_one(sel).region for sel in
            ("#lobby-title", "#seats", "#lobby-info", "#host-buttons", "#chat-log", "#chat", KeyFooter)}


def _apart_and_on_screen(parts: dict[str, Any], size: tuple[int, int]) -> None:
    """Each part is drawn whole inside the screen, and none over another."""
    names = list(parts)
    for i, name in enumerate(names):
        region = parts[name]
        assert region.height > 0 and region.y >= 0 and region.bottom <= size[1], (name, region)
        for other in names[i + 1:]:
            assert not region.overlaps(parts[other]), (name, region, other, parts[other])


async def test_the_lobby_chat_takes_the_rows_the_seats_do_not_need_at_60x20() -> None:
    """Four seats need six rows (with the list's border): the chat under them has the rest,
    six lines of log where it had two, and the seats, buttons and key bar all stay."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        lobby = LobbyScreen(InvitingLobby())
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: lobby.has_class("-narrow") and lobby.query_one("#seats").region.height == 6)
        await wait_for(pilot, lambda: lobby.query_one("#chat-log").region.height == 6)
        parts = _lobby_parts(lobby)
        _apart_and_on_screen(parts, (60, 20))
        assert parts["#seats"].height == 6 and parts["#chat-log"].height == 6, parts
        assert parts[KeyFooter].y == 19 and parts["#chat"].bottom == 19
        seats = lobby.query_one("#seats", OptionList)
        assert seats.option_count == 4 and seats.max_scroll_y == 0  # every seat in sight


async def test_eight_seats_and_long_info_leave_the_lobby_chat_its_rows_at_60x20() -> None:
    """Eight seats and five lines of info are more than 20 rows hold: the seat list scrolls,
    and the info, the buttons, the chat (its log two lines, its input) and the key bar keep
    their rows; back at four seats the chat has its room again."""
    link = InvitingLobby()
    link.ssh_lines = ["Or over SSH: ssh -p 2222 play@192.168.1.20", "SSH host key: SHA256:abc", "SSH: 0 guests"]
    seats = link.lobby["seats"]
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        lobby = LobbyScreen(link)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: lobby.query_one("#lobby-info").region.height == 5)
        link.lobby["seats"] = seats + [dict(seats[3], seat=n) for n in range(4, 8)]
        lobby.refresh_lobby()
        await wait_for(pilot, lambda: lobby.query_one("#seats", OptionList).option_count == 8)
        # 18 rows under the title: 5 of info, 2 of buttons, the chat's 4; the seats the 7 left
        await wait_for(pilot, lambda: lobby.query_one("#seats").region.height == 7)
        await wait_for(pilot, lambda: lobby.query_one("#chat-log").region.height == 2)
        _apart_and_on_screen(_lobby_parts(lobby), (60, 20))
        link.lobby["seats"] = seats
        lobby.refresh_lobby()
        await wait_for(pilot, lambda: lobby.query_one("#seats").region.height == 6)
        await wait_for(pilot, lambda: lobby.query_one("#chat-log").region.height == 3)  # 5 info lines here
        _apart_and_on_screen(_lobby_parts(lobby), (60, 20))


async def test_the_lobby_at_80_columns_keeps_the_chat_beside_the_seats() -> None:
    """Wide, the seat list is the whole left column again, whatever it was held to narrow."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        lobby = LobbyScreen(InvitingLobby())
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: lobby.query_one("#seats").styles.max_height is not None)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: lobby.has_class("-normal") and lobby.query_one("#seats").region.height > 10)
        chat = lobby.query_one("#lobby-chat").region
        assert chat.x >= 40 and chat.y == 1 and chat.bottom == 23


def _shown_toasts(screen: Any) -> list[tuple[str, Any]]:
    return [(str(t._notification.message), t.region) for t in screen.query(Toast) if t.region]


@pytest.mark.parametrize("size", [(60, 20), (60, 19)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_notices_never_stand_over_the_seats_in_a_short_terminal(size: tuple[int, int]) -> None:
    """Four notices in a row at a short table: only the newest shows (they stacked up over the
    seat boxes), without a blank row inside it; a long warning is cut short rather than rise
    over them, to the rows there are under them."""
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0)
        seats, chat = screen.query_one("#seats").region, screen.query_one("#chat", Input)
        for n in range(4):
            screen.say(f"Notice {n}: a line long enough to wrap in the log's side")
        await wait_for(pilot, lambda: len(screen.query(Toast)) == 4 and _shown_toasts(screen))
        await pilot.pause()
        shown = _shown_toasts(screen)
        assert [message for message, _r in shown] == ["Notice 3: a line long enough to wrap in the log's side"]
        region = shown[0][1]
        assert not region.overlaps(seats) and region.y >= seats.bottom, (region, seats)
        assert region.height == 3  # its three lines, no padding row above or below them
        assert not region.overlaps(screen.query_one("#hint").region)
        app.notify("Another Deal Me In window holds the solo save: this solo match is not kept, "
                   "and leaving or quitting ends it.", title="Solo", severity="warning", timeout=30)
        await wait_for(pilot, lambda: [m for m, _r in _shown_toasts(screen)] and
                       _shown_toasts(screen)[0][0].startswith("Another"))
        await pilot.pause()
        (_m, region), = _shown_toasts(screen)
        assert not region.overlaps(seats) and region.y >= seats.bottom, (region, seats)
        assert not region.overlaps(screen.query_one("#hint").region) and not region.overlaps(chat.region)
        assert region.y == seats.bottom + 1  # longer than the room: it takes all of it (it was cut to 3 rows below 20)
        assert len(screen.query(Toast)) == 5  # the older ones still held, out of sight


async def test_notices_still_stack_at_80x24() -> None:
    """With the rows for it, the notices stack as before: the newest two both show."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0)
        screen.say("First notice")
        screen.say("Second notice")
        await wait_for(pilot, lambda: len(_shown_toasts(screen)) == 2)
