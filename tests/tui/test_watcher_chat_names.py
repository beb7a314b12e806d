"""A watcher's chat line names it as the lobby's line of watchers does ("Ana 2 (watching)"), by
the number the host gives it at the table: two watchers called Ana read apart in the chat. A
line the lobby cannot place (a host of an older version, a number it does not list, a bad
value) reads "Ana (watching)", as before."""
from __future__ import annotations

from typing import Any

from net.client import TableClient
from tui.seatnames import listed_watcher

from .helpers import host_two_seats, make_app, wait_for


def _lobby(**over: Any) -> dict[str, Any]:
    seats = [{"seat": 0, "name": "Bo", "bot": None, "connected": True}]
    return {"spectators": 2, "watchers": ["Ana", "Ana"], "watcher_ids": [4, 7], "seats": seats, **over}


def test_a_watcher_is_named_as_the_lobby_lists_it() -> None:
    assert listed_watcher(_lobby(), 4, "Ana") == "Ana"
    assert listed_watcher(_lobby(), 7, "Ana") == "Ana 2"
    bo = _lobby(watchers=["Bo", "Cy"])  # a watcher called Bo is numbered on from the seated Bo
    assert listed_watcher(bo, 4, "Bo") == "Bo 2" and listed_watcher(bo, 7, "Cy") == "Cy"


def test_what_the_lobby_cannot_place_is_not_named_by_it() -> None:
    for number in (None, 5, True, "7", 7.0, [7]):  # absent, not listed, not a number
        assert listed_watcher(_lobby(), number, "Ana") == "", number
    for ids in (None, [4], [4, 7, 9], [4, True], [4, "7"], "47", [7, 7]):  # an older host, or ids gone wrong
        assert listed_watcher(_lobby(watcher_ids=ids), 7, "Ana") == "", ids
    assert listed_watcher(_lobby(), 7, "Bea") == ""  # the lobby lists another name for it
    assert listed_watcher(_lobby(spectators=1), 7, "Ana") == ""  # past the ones it counts
    assert listed_watcher({}, 7, "Ana") == ""


async def test_two_watchers_called_ana_read_apart_in_the_hosts_chat() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        session = app.session
        port = session.server.port
        first = await TableClient.connect("127.0.0.1", port, name="Ana", spectator=True)
        second = await TableClient.connect("127.0.0.1", port, name="Ana", spectator=True)
        try:
            await wait_for(pilot, lambda: "Watching: Ana, Ana 2" in str(lobby.query_one("#lobby-info").render()))
            await first.chat("I came first")
            await wait_for(pilot, lambda: _lines(lobby)[-1:] == ["Ana (watching): I came first"])
            await second.chat("and I second")
            await wait_for(pilot, lambda: _lines(lobby)[-1:] == ["Ana 2 (watching): and I second"])
            # a line without a number (a host of an older version), or with one the lobby does
            # not list or a bad one, reads as it did before
            for number in (None, 10 ** 6, True, "2"):
                line = {"type": "chat", "name": "Ana", "seat": None, "text": f"number {number}"}
                session._on_update(line if number is None else {**line, "watcher": number})
                await wait_for(pilot, lambda: _lines(lobby)[-1:] == [f"Ana (watching): number {number}"])
            # nor does a lobby whose numbers are not one per watcher name anyone by them
            latest = session.lobby["watcher_ids"][-1]  # the second Ana's
            session._on_update({"type": "lobby", "lobby": {**session.lobby, "watcher_ids": [latest]}})
            session._on_update({"type": "chat", "name": "Ana", "seat": None, "text": "again", "watcher": latest})
            await wait_for(pilot, lambda: _lines(lobby)[-1:] == ["Ana (watching): again"])
        finally:
            for c in (first, second):
                await c.close()
            await app.leave_table()


def _lines(lobby: Any) -> list[str]:
    """The chat's lines in the lobby, without the table's own."""
    return [e.plain for e in lobby.query_one("#chat-log").entries if not e.plain.startswith("Table")]


def test_a_player_named_table_does_not_pass_for_the_tables_own_lines() -> None:
    """The table's own lines ("Table: Bo sits down in seat 1.") are said by "Table": a seated
    player who took that name reads with the seat, whatever its case, in a terminal without
    colour too (the dim style was all that set them apart); other names stay bare."""
    from tui.seatnames import TABLE_SPEAKER, speaker

    seats = [{"seat": 0, "name": "Bo", "bot": None, "connected": True},
             {"seat": 1, "name": "Table", "bot": None, "connected": True},
             {"seat": 2, "name": "tABLE", "bot": None, "connected": True}]
    lobby = {"seats": seats, "spectators": 0}
    assert TABLE_SPEAKER == "Table"
    assert speaker(lobby, {"name": "Table", "seat": 1}) == "Table (seat 2)"
    assert speaker(lobby, {"name": "tABLE", "seat": 2}) == "tABLE (seat 3)"
    assert speaker(lobby, {"name": "Bo", "seat": 0}) == "Bo"
