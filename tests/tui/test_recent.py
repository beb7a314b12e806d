"""The tables joined lately (``tui.recent`` and the Join screen): a table joined over a real
socket is kept with its name and game, offered again on the Join screen and suggested as its
address is typed; a list the app cannot read is named and left as it is."""
from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from net.server import Server, TableConfig
from tui import recent
from tui.recent import KEEP, Recent, load, note, recent_path
from tui.screens.home import HomeScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen

from .helpers import current, make_app, said_from_now, wait_for

DAY = datetime.date(2026, 11, 29)


def test_the_latest_table_comes_first_once_and_the_oldest_go(tmp_path: Path) -> None:
    path = tmp_path / "recent.json"
    assert load(path) == ([], None)
    for i in range(KEEP + 2):
        assert note(f"10.0.0.{i}:7098", f"T{i}", "ninety-nine", path, today=DAY) is None
    assert note("10.0.0.3:7098", "T3 again", "crazy-eights", path, today=DAY) is None
    tables, problem = load(path)
    assert problem is None and len(tables) == KEEP
    assert tables[0] == Recent("10.0.0.3:7098", "T3 again", "crazy-eights", "2026-11-29")
    assert [t.address for t in tables].count("10.0.0.3:7098") == 1
    assert "10.0.0.0:7098" not in {t.address for t in tables}  # the oldest went


def test_one_table_is_one_entry_however_its_address_was_typed(tmp_path: Path) -> None:
    path = tmp_path / "recent.json"
    for address in ("localhost:7098", "127.0.0.1:7098", "LOCALHOST.:7098", "[::ffff:127.0.0.1]:7098"):
        assert note(address, "Ana's", "ninety-nine", path, today=DAY) is None
    assert note("[::1]:7098", "Six", "ninety-nine", path, today=DAY) is None
    tables, problem = load(path)
    assert problem is None and [t.address for t in tables] == ["[::1]:7098", "[::ffff:127.0.0.1]:7098"]


GOOD = {"address": "10.0.0.1:7098", "name": "T", "game": "ninety-eight", "day": "2026-11-29"}
BAD_FILES = [
    (b"[", "not a list of tables ("),
    (json.dumps({"version": 1}).encode(), "tables: expected a list"),
    (json.dumps({"version": 3, "tables": []}).encode(), "version 3, not one this app reads"),
    (json.dumps({"version": 1, "tables": [GOOD, dict(GOOD, address="")]}).encode(), "table 2: address"),
    (json.dumps({"version": 1, "tables": [dict(GOOD, name=7)]}).encode(), "table 1: name"),
    (json.dumps({"version": 1, "tables": ["x"]}).encode(), "table 1: expected a table"),
    (json.dumps({"version": 1, "tables": [dict(GOOD, password="yes")]}).encode(), "table 1: password"),
]


@pytest.mark.parametrize("content,named", BAD_FILES, ids=[n for _, n in BAD_FILES])
def test_a_list_it_cannot_read_is_named_and_left_as_it_is(tmp_path: Path, content: bytes, named: str) -> None:
    path = tmp_path / "recent.json"
    path.write_bytes(content)
    tables, problem = load(path)
    assert tables == [] and problem is not None and named in problem and problem.startswith("recent.json: ")
    assert note("10.0.0.9:7098", "T", "ninety-eight", path) == problem
    assert path.read_bytes() == content


def test_a_table_with_a_password_is_kept_as_one_and_older_lists_read_as_before(tmp_path: Path) -> None:
    """Whether a table had a password is kept (never the password); a list written before the
    flag reads as tables without one."""
    path = tmp_path / "recent.json"
    path.write_text(json.dumps({"version": 1, "tables": [GOOD]}))
    assert load(path) == ([Recent("10.0.0.1:7098", "T", "ninety-eight", "2026-11-29", False)], None)
    assert note("10.0.0.2:7098", "Locked", "ninety-nine", path, today=DAY, password=True) is None
    tables, problem = load(path)
    assert problem is None and [t.password for t in tables] == [True, False]
    assert json.loads(path.read_text())["tables"][0] == {"address": "10.0.0.2:7098", "name": "Locked",
                                                          "game": "ninety-nine", "day": "2026-11-29",
                                                          "password": True}


def test_a_list_too_large_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "recent.json"
    with open(path, "wb") as f:
        f.truncate(recent.MOST_BYTES + 1)
    assert "larger than 64 KiB" in (load(path)[1] or "")


async def back_to_the_recent_list(app, pilot) -> OptionList:
    """Escape from the lobby, then J: the Join screen with its list of tables joined lately."""
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
    await pilot.press("j")
    join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.query("#recent")
                          and app.screen)
    return join.query_one("#recent", OptionList)


async def test_a_table_joined_is_offered_again_and_suggested_as_its_address_is_typed() -> None:
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Lounge", game="crazy-eights", seats=3))
        address = f"127.0.0.1:{server.port}"
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            assert not join.query("#recent")  # nothing joined yet: no list
            await pilot.press(*address, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            tables, problem = load()
            assert problem is None
            assert [(t.address, t.name, t.game) for t in tables] == [(address, "Lounge", "crazy-eights")]
            listed = await back_to_the_recent_list(app, pilot)
            join = app.screen
            assert listed.option_count == 1
            line = str(listed.get_option_at_index(0).prompt)
            assert "Lounge" in line and address in line and "Crazy Eights" in line
            # leaving its lobby gave the seat up (the host freed it): no seat is said to be left
            # there, nor its address put in the field (it said "you left a seat here" of a seat
            # the host no longer held); the start of an address suggests the rest, Right takes it
            assert "you left a seat here" not in line
            assert not any(seat.name for seat in next(iter(server.tables.values())).seats)
            typed = join.query_one("#address", Input)
            await wait_for(pilot, lambda: join.focused is typed)
            assert typed.value == ""
            await pilot.press("1", "2", "7")
            await wait_for(pilot, lambda: typed.value == "127")
            await pilot.pause(0.05)
            await pilot.press("right")
            await wait_for(pilot, lambda: typed.value == address)
            # choosing the table in the list joins it again
            listed.focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            assert app.session.address == address
    finally:
        await server.close()


async def test_a_join_over_a_list_it_cannot_read_is_said_once_and_the_file_kept() -> None:
    path = recent_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not json")
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Lounge", seats=2))
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)  # every notice, kept after it times out
            app.open_join()
            join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.query("#address")
                                  and app.screen)
            assert "recent.json: not a list of tables" in str(join.query_one("#recent-problem").content)
            for _ in range(2):
                app.join_address(f"127.0.0.1:{server.port}")
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await app.leave_table()
                app.back_home()
                await wait_for(pilot, lambda: app.session is None)
            about = [n for n in said if "recent tables" in n]
            assert len(about) == 1 and about[0].startswith("recent.json: not a list of tables")
    finally:
        await server.close()
    assert path.read_bytes() == b"not json"


async def test_a_table_with_a_password_asks_for_it_when_chosen_again(caplog: pytest.LogCaptureFixture) -> None:
    """Joined once with its password, the table is listed with "password"; chosen again with no
    password typed, the app asks for it before it connects, so the host refuses nothing."""
    from tui.screens.password import PasswordScreen

    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Locked", game="ninety-eight", seats=2, password="sesame"))
        address = f"127.0.0.1:{server.port}"
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            join.query_one("#password", Input).value = "sesame"
            join.query_one("#address", Input).focus()
            await pilot.press(*address, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            assert load()[0][0].password is True
            listed = await back_to_the_recent_list(app, pilot)
            # it has a password (the seat, left in its lobby, was given up)
            assert str(listed.get_option_at_index(0).prompt).endswith("  password")
            caplog.clear()
            listed.focus()
            await pilot.press("enter")
            asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
            assert not asked.wrong
            await pilot.pause(0.2)
            assert not any("password" in r.getMessage() for r in caplog.records)  # no refused try
            await pilot.press(*"sesame", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            await app.action_quit()
    finally:
        await server.close()


async def test_a_long_table_name_ends_in_an_ellipsis_at_80_columns() -> None:
    """A table name longer than the lists' room is cut with an ellipsis, in the LAN list and in
    the tables joined lately ("Quentin the quick brown's tabl" read as if it were whole)."""
    from net.discovery import FoundTable
    from net.discovery_txt import TableAdvert

    from .rendering import rendered_segments

    name = "Quentin the quick brown's table"
    note("192.168.1.30:7098", name, "ninety-eight")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        advert = TableAdvert(name=name, game="ninety-eight", preset="standard", seats_taken=1, seats_total=4)
        join.found = {"q._dealmein._tcp.local.": FoundTable("q._dealmein._tcp.local.", name, advert, True, "",
                                                            ("192.168.1.31",), 7098, True, "192.168.1.31")}
        join._refresh_list()
        await pilot.pause()
        lines = "".join(s.text for s in rendered_segments(app)).splitlines()
        named = [line for line in lines if "Quentin" in line]
        assert len(named) == 2, lines
        assert all("Quentin the quick brown's tab…" in line for line in named), named


async def test_a_table_that_switches_games_is_kept_with_its_game_now() -> None:
    """The host switches the table from Crazy Eights to Ninety-Nine while the player sits at it:
    the tables joined lately name Ninety-Nine (they kept "Crazy Eights"). A lobby that changes
    nothing the list keeps does not write it again."""
    from net.server import TableConfig

    from .helpers import join_lobby, someone_elses_table

    async with someone_elses_table(TableConfig(name="Lounge", game="crazy-eights", seats=3)) as (srv, table, ana):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await join_lobby(app, pilot, srv.port)
            await wait_for(pilot, lambda: load()[0] and load()[0][0].game == "crazy-eights")
            # kept from an earlier day: a write would make it today
            path = recent_path()
            path.write_text(path.read_text().replace(datetime.date.today().isoformat(), "2001-01-01"))
            before = path.read_bytes()
            await ana.ready(True)
            await wait_for(pilot, lambda: app.session.lobby["seats"][0]["ready"])
            await ana.ready(False)
            await wait_for(pilot, lambda: not app.session.lobby["seats"][0]["ready"])
            assert path.read_bytes() == before
            await ana.configure(game="ninety-nine")
            await wait_for(pilot, lambda: app.session.lobby["game"] == "ninety-nine")
            tables, problem = load()
            assert problem is None and len(tables) == 1
            assert (tables[0].name, tables[0].game) == ("Lounge", "ninety-nine")
            listed = await back_to_the_recent_list(app, pilot)
            line = str(listed.get_option_at_index(0).prompt)
            assert "Ninety-Nine" in line and "Crazy Eights" not in line
