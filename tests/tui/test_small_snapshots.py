"""SVG snapshots of what small terminals show: home, the table and the lobby at 60x20, six seats and
a hint over a long hand at 80x24. Regenerate with ``pytest tests/tui/test_small_snapshots.py
--snapshot-update`` and look at them."""
from __future__ import annotations

from typing import Any

from core import new_match
from tui.screens.lobby import LobbyScreen

from .helpers import make_app, open_snapshot_table, show_link
from .matchlink import MatchLink
from .test_notice_place import long_hand
from .test_snapshots import RecordedLobby


def _app() -> Any:
    app = make_app()
    app.settings.name = "Ana"
    return app


class InvitingLobby(RecordedLobby):
    """The recorded lobby of a table this app hosts on the network: C copies an invite."""

    can_invite = True

    def invite(self) -> str:
        return "Come and play Ninety-Eight at Ana's table: dealmein join 192.168.1.20:7098"


def test_table_60x20(snap_compare) -> None:
    """The log has the middle's seven rows: the chat line shows only while typed in."""
    assert snap_compare(_app(), terminal_size=(60, 20), run_before=open_snapshot_table)


def test_table_chat_60x20(snap_compare) -> None:
    """/ opens the chat line, its prompt whole in its 26 cells."""
    async def open_chat(pilot) -> None:
        await open_snapshot_table(pilot)
        await pilot.press("slash")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(60, 20), run_before=open_chat)


def test_home_60x20(snap_compare) -> None:
    """Every key on the bar, Help last: Play solo and Settings read "Solo" and "Setup" there."""
    assert snap_compare(_app(), terminal_size=(60, 20))


def test_lobby_60x20(snap_compare) -> None:
    """The host's key bar without Invite, so that Help stays; the seat list as tall as its four
    seats, the chat under it the rest."""
    async def open_lobby(pilot) -> None:
        await pilot.app.push_screen(LobbyScreen(InvitingLobby()))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(60, 20), run_before=open_lobby)


def test_six_seats(snap_compare) -> None:
    """Five boxes of 16 cells: "Normal bot 2" whole on its border, "dealer" on the dealer's."""
    async def open_six(pilot) -> None:
        names = ["Ana", "Normal bot", *(f"Normal bot {n}" for n in range(2, 6))]
        await show_link(pilot.app, pilot, MatchLink(new_match("crazy-eights", 6, seed=7, dealer=2), 0, names))

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=open_six)


def test_hint_over_a_long_hand(snap_compare) -> None:
    """H with fourteen cards in hand: the hint stands over the log, the hand whole below it."""
    async def hint(pilot) -> None:
        await show_link(pilot.app, pilot, long_hand(), first_plays=False)
        await pilot.press("h")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=hint)
