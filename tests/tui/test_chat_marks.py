"""A chat line's speaker is cut to fit by its name, never by the mark after it: a watcher with a
long name still reads "(watching)" whole, so that they cannot pass for a player in a seat, in
the table's log, the lobby's chat and a results box alike (all drawn by ``chat_text``)."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from net.protocol import NAME_LEN
from net.server import TableConfig
from tests.net.table_helpers import join
from tui.eventtext import MARKED_NAME_ROOM, chat_text
from tui.screens.lobby import LobbyScreen
from tui.seatnames import speaker

from .helpers import log_entries, make_app, seated_and_dealt, someone_elses_table, wait_for

LONG = "Bartholomew-Fitzgerald"
#: a name as a raw client might send it, escape sequences in it
ESCAPED = "\x1b[31mMal\x1b]0;pwn\x07lory"

SEATS = [{"seat": 0, "name": "Ana", "bot": None, "connected": True},
         {"seat": 1, "name": "Bo", "bot": None, "connected": True}]


def _said(chat: dict[str, Any], lobby: dict[str, Any] | None = None) -> str:
    """The chat line as every screen draws it, from the host's ``chat`` message."""
    return chat_text(speaker(lobby or {"seats": SEATS}, chat), str(chat["text"])).plain


def test_a_long_watchers_name_is_cut_and_its_mark_kept_whole() -> None:
    line = _said({"name": LONG, "seat": None, "text": "hello there, nice game"})
    assert line == "Bartholomew-Fitzger… (watching): hello there, nice game"
    assert cell_len(line.split(" (watching)")[0]) == MARKED_NAME_ROOM


def test_an_escaped_name_is_cleaned_before_it_is_cut() -> None:
    assert _said({"name": ESCAPED, "seat": None, "text": "spam 2"}) == "[31mMal]0;pwnlory (watching): spam 2"
    many = "\x1b[0m" * 30 + "Mallory"  # escapes cut by the cleaning, not the name's letters or its mark
    assert _said({"name": many, "seat": None, "text": "hi"}) == "[0m[0m[0m[0m[0m[0m[… (watching): hi"


def test_the_seat_marks_are_kept_whole_too() -> None:
    name = "X" * NAME_LEN  # as long as the host lets a name be
    assert _said({"name": name, "seat": 1, "text": "hi", "earlier": True}) == \
        "X" * (MARKED_NAME_ROOM - 1) + "… (was in seat 2): hi"
    assert _said({"name": name, "seat": 1, "text": "hi"}) == "X" * (MARKED_NAME_ROOM - 1) + "… (seat 2): hi"
    table = [SEATS[0], {"seat": 1, "name": "Table", "bot": None, "connected": True}]
    assert _said({"name": "Table", "seat": 1, "text": "hi"}, {"seats": table}) == "Table (seat 2): hi"


def test_a_watchers_number_survives_the_cut_with_the_mark() -> None:
    """Two watchers with one long name read apart: the number the lobby gives the second."""
    lobby = {"seats": SEATS, "spectators": 2, "watchers": [LONG, LONG], "watcher_ids": [4, 7]}
    assert _said({"name": LONG, "seat": None, "watcher": 7, "text": "me too"}, lobby) == \
        "Bartholomew-Fitzge…2 (watching): me too"


def test_a_name_without_a_mark_keeps_its_room() -> None:
    name = "Y" * NAME_LEN
    assert _said({"name": name, "seat": None, "text": "x"}).startswith("Y" * (MARKED_NAME_ROOM - 1) + "… (watching)")
    assert chat_text(name, "hi").plain == f"{name}: hi"  # a seated player's name, whole
    assert chat_text(name + " 12", "hi").plain == "Y" * (NAME_LEN - 3) + "…12: hi"
    assert chat_text("Table", "Bo sits down.", system=True).plain == "Table: Bo sits down."
    assert chat_text("\x1b\x07", "hi").plain == "?: hi"


async def test_a_watchers_line_reads_watching_at_a_table_in_play() -> None:
    """Watchers named long, and with escapes, chat at a match in play: this player's log and
    the lobby's chat read each line with "(watching)" whole."""
    config = TableConfig(name="Ana's table", game="ninety-nine", seats=2, seed=7)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        async with someone_elses_table(config) as (srv, table, ana):
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            watchers = [await join(srv, name, table=table.id, spectator=True, reconnect=False)
                        for name in (LONG, ESCAPED)]
            try:
                await watchers[0].chat("hello there, nice game")
                await watchers[1].chat("spam 2")
                said = ["Bartholomew-Fitzger… (watching): hello there, nice game",
                        "[31mMal]0;pwnlory (watching): spam 2"]
                await wait_for(pilot, lambda: all(line in log_entries(screen) for line in said))
                lobby = next(s for s in app.screen_stack if isinstance(s, LobbyScreen))
                chat = [entry.plain for entry in lobby.query_one("#chat-log").entries]
                assert all(line in chat for line in said), chat
            finally:
                for watcher in watchers:
                    await watcher.close()
        await app.action_quit()
