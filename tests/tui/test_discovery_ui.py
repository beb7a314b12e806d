"""The Join screen's live LAN list: a table hosted by one app (advertised over mDNS on the
loopback interface) appears in another app's list and is joined from it with the keyboard."""
from __future__ import annotations

import asyncio
import json
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from core import GAMES
from tui.screens.confirm import ConfirmScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.password import PasswordScreen
from tui.screens.picker import PickerScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, wait_for

LOOPBACK = ["127.0.0.1"]
HOST_SCRIPT = Path(__file__).parent.parent / "net" / "discovery_host.py"


def host_and_guest(prefix: str, guest_name: str) -> tuple[Any, Any]:
    """Two apps that browse and advertise on the loopback interface only; the host's name is
    fresh each run, so that a table another test left advertised is not taken for this one."""
    host = make_app(bind="127.0.0.1", port=0, mdns=True, lan_interfaces=LOOPBACK)
    guest = make_app(mdns=True, lan_interfaces=LOOPBACK)
    host.settings.name = f"{prefix}{uuid.uuid4().hex[:6]}"
    guest.settings.name = guest_name
    return host, guest


async def hosted_and_listed(host, hp, guest, gp, password: str = "") -> tuple[JoinScreen, Any]:
    """The host app opens a Ninety-Eight table (with ``password``, if any), advertised on the
    loopback interface; the guest app's Join screen lists it. Returns that screen and the table."""
    await hp.press("h")
    picker = await wait_for(hp, lambda: isinstance(host.screen, PickerScreen) and host.screen)
    picker.query_one("#table-password", Input).value = password
    await hp.press("ctrl+s")  # ninety-eight, standard, four open seats
    await wait_for(hp, lambda: isinstance(host.screen, LobbyScreen))
    await wait_for(hp, lambda: host.session is not None and host.session.advertiser is not None, timeout=15)
    await gp.press("j")
    join = await wait_for(gp, lambda: isinstance(guest.screen, JoinScreen) and guest.screen)
    mine = lambda: [t for t in join.found.values()  # noqa: E731
                    if t.name == f"{host.settings.name}'s table" and t.joinable]
    return join, (await wait_for(gp, mine, timeout=20))[0]


async def test_hosted_table_is_listed_and_joined() -> None:
    host, guest = host_and_guest("Ana", "Bob")
    name = host.settings.name
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(100, 30)) as gp:
        join, found = await hosted_and_listed(host, hp, guest, gp)
        assert found.advert.game == "ninety-eight" and found.advert.seats_total == 4
        line = str(join.query_one("#tables").get_option(found.service).prompt)
        assert f"{name}'s table" in line and GAMES["ninety-eight"].name in line and "1/4 seats" in line
        assert "Options" not in line

        # the host sets options in its lobby: the line in the guest's list follows, in words
        await host.session.client.configure(game="ninety-eight", preset="standard",
                                            options={"limit": 50, "lives": 5}, turn_time=60)
        options = lambda: all(words in str(join.query_one("#tables").get_option(found.service).prompt)  # noqa: E731
                              for words in ("Options: limit 50, lives 5", "Turn clock: 1 min a move"))
        await wait_for(gp, options, timeout=20)

        tables = join.query_one("#tables")
        tables.focus()
        index = [o.id for o in tables.options].index(found.service)
        tables.highlighted = index
        await gp.press("enter")
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen), timeout=10)
        await wait_for(hp, lambda: any(s["name"] == "Bob" for s in host.session.lobby["seats"]))

        advertiser = host.session.advertiser
        await host.action_quit()  # Bob sits at the table: the host is asked first
        ask = await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen) and host.screen)
        ask.action_answer(True)
        await wait_for(hp, lambda: advertiser._zc is None)  # the advert was withdrawn


async def test_a_listed_table_with_a_password_asks_for_it() -> None:
    """The guest picks a table the LAN lists with "password", none typed: the app asks for it
    before it connects, and the password typed there seats the guest."""
    host, guest = host_and_guest("Cy", "Dee")
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(100, 30)) as gp:
        join, found = await hosted_and_listed(host, hp, guest, gp, password="sesame")
        assert found.advert.password
        tables = join.query_one("#tables")
        tables.focus()
        tables.highlighted = [o.id for o in tables.options].index(found.service)
        await gp.press("enter")
        asked = await wait_for(gp, lambda: isinstance(guest.screen, PasswordScreen) and guest.screen)
        assert not asked.wrong and guest.session is None
        assert str(asked.query_one("#password-what").render()).startswith(  # which table: its name
            f"{host.settings.name}'s table, the table at 127.0.0.1:{found.port}, has a password.")
        await gp.press(*"sesame", "enter")
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen), timeout=10)
        await wait_for(hp, lambda: any(s["name"] == "Dee" for s in host.session.lobby["seats"]))
        await guest.action_quit()
        await host.session.close()


async def test_a_quiet_network_says_how_else_to_join(monkeypatch) -> None:
    """After a quiet while of real browsing on the loopback interface, the LAN line stops
    saying "Looking…" and says how else to join (a table that answers shows as a count)."""
    import tui.screens.join as join_module

    monkeypatch.setattr(join_module, "QUIET_AFTER", 0.3)
    guest = make_app(mdns=True, lan_interfaces=LOOPBACK)
    async with guest.run_test(size=(100, 30)) as gp:
        await gp.press("j")
        join = await wait_for(gp, lambda: isinstance(guest.screen, JoinScreen) and guest.screen)
        status = lambda: str(join.query_one("#lan-status").render())  # noqa: E731
        await wait_for(gp, lambda: join._quiet and status() == join._lan_status(), timeout=10)
        assert status() != "Looking for tables…"  # quiet: either tables were found or it says so


def test_the_lan_line_in_words() -> None:
    join = JoinScreen()
    assert join._lan_status() == "Looking for tables…"
    join._quiet = True
    assert join._lan_status().startswith("No table has answered yet (still looking).")
    assert "joins by its address below" in join._lan_status()
    join.found = {"a": object()}
    assert join._lan_status() == "1 table found"
    join.found = {"a": object(), "b": object()}
    assert join._lan_status() == "2 tables found"



class StandIns:
    """Stand-in hosts (tests/net/discovery_host.py), each its own process advertising on the
    loopback interface, by service name."""

    def __init__(self) -> None:
        self.procs: dict[str, asyncio.subprocess.Process] = {}

    async def start(self, name: str) -> str:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(HOST_SCRIPT), "--name", name, "--lifetime", "60",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert proc.stdout is not None
        try:
            ready = json.loads(await asyncio.wait_for(proc.stdout.readline(), 15))
        finally:
            self.procs[name] = proc
        self.procs[ready["service"]] = proc
        return str(ready["service"])

    async def stop(self, service: str) -> None:
        """End of input: the host withdraws its advert and exits."""
        proc = self.procs[service]
        assert proc.stdin is not None
        proc.stdin.close()
        await asyncio.wait_for(proc.wait(), 10)

    async def close(self) -> None:
        for proc in set(self.procs.values()):
            if proc.returncode is None:
                proc.kill()
            await proc.wait()


async def test_the_highlight_stays_on_its_table_while_others_come_and_go() -> None:
    """A table appearing above the highlighted one does not move the highlight to another table
    (Enter would join that one); once the highlighted table goes, its row stays highlighted."""
    run = uuid.uuid4().hex[:6]
    hosts = StandIns()
    guest = make_app(mdns=True, lan_interfaces=LOOPBACK)
    try:
        async with guest.run_test(size=(100, 30)) as gp:
            bravo, charlie = await hosts.start(f"{run} bravo"), await hosts.start(f"{run} charlie")
            await gp.press("j")
            join = await wait_for(gp, lambda: isinstance(guest.screen, JoinScreen) and guest.screen)
            tables = join.query_one("#tables", OptionList)
            listed = lambda *services: all(s in join.found and join.found[s].joinable for s in services)  # noqa: E731
            await wait_for(gp, lambda: listed(bravo, charlie))
            tables.focus()
            tables.highlighted = row = tables.get_option_index(charlie)

            alpha = await hosts.start(f"{run} alpha")  # its name sorts before both
            await wait_for(gp, lambda: listed(alpha))
            assert tables.get_option_index(charlie) == row + 1
            assert tables.highlighted == row + 1  # still Charlie: Enter joins the table picked

            await hosts.stop(charlie)
            # its goodbye withdraws it (the highlight on its row, now the last); on a loaded machine
            # the browser may list it again, not answering, from records still cached, or miss
            # the goodbye, its port closed: on its row or the one the list shrank to, never the top
            await wait_for(gp, lambda: charlie not in join.found or join.found[charlie].reachable is False)
            await gp.pause(0.5)
            assert tables.highlighted in (row, row + 1) and row >= 1
    finally:
        await hosts.close()


async def test_a_listed_table_in_play_is_opened_to_watch() -> None:
    """A table whose match has begun is still listed, as one to watch ("you watch"); Enter on
    it opens its match for watching, as joining it by its address does (docs/guide.md, Joining)."""
    host, guest = host_and_guest("Eve", "Fay")
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(100, 30)) as gp:
        join, found = await hosted_and_listed(host, hp, guest, gp)
        await hp.press("b", "b", "b")  # from the host's seat, B fills the next open seat each time
        await wait_for(hp, lambda: all(s.get("name") or s.get("bot") for s in host.session.lobby["seats"]))
        await hp.press("ctrl+s")
        await wait_for(hp, lambda: host.session.view is not None)

        playing = lambda: (join.found.get(found.service) is not None  # noqa: E731
                           and join.found[found.service].advert.status == "playing")
        await wait_for(gp, playing, timeout=20)
        tables = join.query_one("#tables", OptionList)
        row = tables.get_option(found.service)
        assert not row.disabled and "you watch" in str(row.prompt)
        tables.focus()
        tables.highlighted = tables.get_option_index(found.service)
        await gp.press("enter")
        # the table opens (a hand's results may already stand over it: the bots play on, and
        # a King led at 98 can put Eve out of a hand before she moves)
        await wait_for(gp, lambda: any(isinstance(s, TableScreen) for s in guest.screen_stack), timeout=10)
        assert guest.session.seat is None  # watching: no seat taken from the players
        await guest.action_quit()
        await host.session.close()


async def lan_row(app: Any, pilot: Any, service: str) -> str:
    """"Join a table" from the command palette; the LAN list's row for ``service``, once listed."""
    command = next(c for c in app.get_system_commands(app.screen) if c.title == "Join a table")
    app.call_later(command.callback)  # in the app's own context: two apps run in this test
    join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.query("#tables")
                          and app.screen)
    tables = join.query_one("#tables", OptionList)
    listed = lambda: service in join.found and tables.get_option(service)  # noqa: E731
    return str((await wait_for(pilot, listed, timeout=20)).prompt)


async def test_the_table_the_player_is_at_reads_you_are_here_in_the_lan_list() -> None:
    """Its host's list and a player's who joined it by its address both say "you are here" on
    its row (Enter there is refused as the table the player is at)."""
    host, guest = host_and_guest("Eve", "Fay")
    async with host.run_test(size=(100, 30)) as hp, guest.run_test(size=(100, 30)) as gp:
        join, found = await hosted_and_listed(host, hp, guest, gp)
        assert "you are here" not in str(join.query_one("#tables", OptionList).get_option(found.service).prompt)
        assert "you are here" in await lan_row(host, hp, found.service)  # alone: "Join" asks nothing
        guest.join_address(f"127.0.0.1:{found.port}")
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen) and guest.session is not None)
        assert "you are here" in await lan_row(guest, gp, found.service)
        await guest.action_quit()
        await host.session.close()


async def test_the_lan_list_highlights_its_first_table_as_it_takes_the_focus() -> None:
    """The first table found takes the focus from the empty address box, its row highlighted,
    and Enter joins it (the box kept the focus, the list out of reach but by Shift+Tab, which
    nothing said; and the list once took the focus with no row highlighted, where Enter did
    nothing and said nothing)."""
    host, guest = host_and_guest("0Gus", "Hal")  # "0": listed first, before tables other tests left
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(100, 30)) as gp:
        join, found = await hosted_and_listed(host, hp, guest, gp)
        tables = join.query_one("#tables", OptionList)
        await wait_for(gp, lambda: join.focused is tables and tables.highlighted is not None)
        # (another test's table, found first, may hold the highlight: it stays on its table)
        await gp.press("home")
        await wait_for(gp, lambda: tables.highlighted == 0 == tables.get_option_index(found.service))
        await gp.press("enter")
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen), timeout=10)
        await wait_for(hp, lambda: any(s["name"] == "Hal" for s in host.session.lobby["seats"]))
        await guest.action_quit()
        await host.session.close()


def put_found(join: JoinScreen, *tables: tuple[str, dict[str, Any]]) -> None:
    """``tables`` (name, advert fields over a Ninety-Eight table's) put in the Join screen's LAN
    list as the browser would, answering at 192.168.1.x: no network needed to lay them out."""
    from net.discovery import FoundTable
    from net.discovery_txt import TableAdvert

    join.found = {}
    for i, (name, fields) in enumerate(tables):
        advert = TableAdvert(**{"name": name, "game": "ninety-eight", "preset": "standard", "seats_taken": 1,
                                "seats_total": 4, **fields})
        service = f"t{i}._dealmein._tcp.local."
        join.found[service] = FoundTable(service, name, advert, True, "", (f"192.168.1.{40 + i}",), 7098, True,
                                         f"192.168.1.{40 + i}")
    join._refresh_list()
    join.query_one("#lan-status", Static).update(join._lan_status())


def screen_lines(app: Any) -> list[str]:
    """The rows of text on screen, as drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_a_wrapped_password_marker_lines_up_with_the_rest_of_its_table() -> None:
    """At 80 columns a table's "password" that no longer fits its first line starts where the
    "Options:" under it does (it wrapped to the list's edge, read as a table of its own)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, ("Quentin and Rosa's table", {"password": True, "options": (("limit", "50"),)}))
        await pilot.pause()
        box = join.query_one("#tables", OptionList).region
        lines = screen_lines(app)[box.y:box.bottom]
        marker = next(line for line in lines if "password" in line)
        options = next(line for line in lines if "Options:" in line)
        assert "Quentin" not in marker, lines  # it did wrap: the test checks the wrapped line
        assert marker.index("password") == options.index("Options:"), "\n".join(lines)


@pytest.mark.parametrize("size, shown", [((80, 24), 3), ((60, 18), 2), ((100, 30), 5)])
async def test_the_found_tables_have_room_beside_the_tables_joined_lately(size: tuple[int, int],
                                                                          shown: int) -> None:
    """Tables joined lately listed, five found on the LAN (each with an options line): several
    found tables are in sight at once at 80x24 (the list had four lines, the first table and
    its options), with the tables joined lately and the address form still in sight, at the
    smallest size too, where nothing has to scroll."""
    from tui.recent import note

    for i in range(3):
        assert note(f"10.0.0.{i}:7098", f"Lately {i}", "ninety-eight") is None
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        assert join.query("#recent")
        names = [f"Table {letter}" for letter in "ABCDE"]
        put_found(join, *((name, {"options": (("limit", "50"),)}) for name in names))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "5 tables found" in text and "Lately 2" in text, text
        assert sum(name in text for name in names) >= shown, text
        form = join.query_one(".row").region
        assert form.y >= 1 and form.bottom <= size[1] - 1, text  # the address form in sight
        assert join.query_one("#join").max_scroll_y == 0, text  # and nothing scrolled away
        assert join.query_one("#tables").region.height >= join.query_one("#recent").region.height


async def test_two_tables_of_one_name_are_told_apart_by_where_they_are() -> None:
    """Two "Friday Night" tables read alike, in an order that changed from one look to the
    next: each now says where it is, and they are listed in that order; a name of its own
    needs no address."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, ("Friday Night", {"password": True}), ("Zebra", {}), ("Friday Night", {}))
        await pilot.pause()
        tables = join.query_one("#tables", OptionList)
        lines = [str(tables.get_option_at_index(i).prompt) for i in range(tables.option_count)]
        assert lines[0].startswith("Friday Night  at 192.168.1.40:7098  Ninety-Eight"), lines
        assert lines[1].startswith("Friday Night  at 192.168.1.42:7098  Ninety-Eight"), lines
        assert lines[2].startswith("Zebra  Ninety-Eight") and " at " not in lines[2], lines


async def test_a_table_gone_silent_keeps_the_highlight_and_enter_says_why() -> None:
    """The highlighted table stopped answering: its row was made unselectable, the highlight
    vanished and the list scrolled to its top; a table listed as not answering could not be
    reached by the keys at all. It keeps the highlight, and Enter says why it cannot be joined."""
    import dataclasses

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, *((f"Table {c}", {}) for c in "ABCDEFGHIJKLMNOPQRST"))
        tables = join.query_one("#tables", OptionList)
        tables.focus()
        await pilot.press("end")
        await wait_for(pilot, lambda: tables.highlighted == 19)
        scrolled = tables.scroll_y
        assert scrolled > 0  # more tables than fit
        service = tables.get_option_at_index(19).id
        assert service is not None
        join.found[service] = dataclasses.replace(join.found[service], reachable=False)
        join._refresh_list()
        await pilot.pause()
        assert tables.highlighted == 19 and tables.scroll_y == scrolled
        await pilot.press("enter")
        said = join.query_one("#join-error", Static)
        await wait_for(pilot, lambda: "not answering" in str(said.render()))
        assert str(said.render()) == "Table T is not answering: its host may have closed it or left the network."
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("home", "end")
        assert tables.highlighted == 19  # in reach of the keys


async def test_a_silent_table_whose_name_another_has_is_said_with_its_address() -> None:
    """Two tables called "Room 2", one gone silent: "Room 2 is not answering" did not say which."""
    import dataclasses

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, ("Room 2", {}), ("Room 2", {}))
        silent = next(s for s, f in join.found.items() if f.address == "192.168.1.41")
        join.found[silent] = dataclasses.replace(join.found[silent], reachable=False)
        join._refresh_list()
        tables = join.query_one("#tables", OptionList)
        tables.focus()
        await pilot.pause()
        tables.highlighted = tables.get_option_index(silent)
        await pilot.press("enter")
        said = join.query_one("#join-error", Static)
        await wait_for(pilot, lambda: "not answering" in str(said.render()))
        assert str(said.render()) == ("Room 2 at 192.168.1.41:7098 is not answering: its host may have closed it "
                                      "or left the network.")


async def test_with_discovery_off_the_empty_list_is_no_tab_stop() -> None:
    """``--no-mdns``: the Join screen says discovery is off, and Tab no longer stops on the
    empty list of tables on the network."""
    app = make_app(mdns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        await pilot.pause()
        assert str(join.query_one("#lan-status", Static).render()) == "LAN discovery is off (--no-mdns)."
        stops = []
        for _ in range(6):
            await pilot.press("tab")
            stops.append(join.focused.id if join.focused is not None else None)
        assert "tables" not in stops and "address" in stops, stops


async def test_an_interface_this_machine_lacks_is_named_on_the_join_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dealmein --interface ADDRESS`` with an address no interface here has: the Join screen
    read "Cannot browse the LAN: [Errno 19] No such device", where ``tables`` names the address.
    (The system's refusal stands in for opening a socket on an address off this machine.)"""
    import errno

    from net.discovery import TableBrowser

    async def no_such_device(self: Any) -> None:
        raise OSError(errno.ENODEV, "No such device")

    monkeypatch.setattr(TableBrowser, "start", no_such_device)
    app = make_app(mdns=True, lan_interfaces=["192.0.2.1"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        status = join.query_one("#lan-status", Static)
        await wait_for(pilot, lambda: "Cannot browse" in str(status.render()))
        assert str(status.render()) == ("Cannot browse the LAN: 192.0.2.1 is not an address of this machine's "
                                        "interfaces (--interface)")


async def test_a_full_table_holding_the_players_own_seat_does_not_read_you_watch() -> None:
    """A match left in play, its seat kept: the tables joined lately said "you left a seat here"
    while the LAN list, the same table full with that seat, said "you watch"; going in sat the
    player back down."""
    from tui.seatkeys import remember

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        remember("192.168.1.40:7098", "t0", "a" * 22)
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, ("Fin", {"seats_taken": 4, "status": "finished"}), ("Other", {"seats_taken": 4, "status": "playing"}))
        await pilot.pause()
        tables = join.query_one("#tables", OptionList)
        lines = [str(tables.get_option_at_index(i).prompt) for i in range(tables.option_count)]
        assert lines[0].startswith("Fin") and lines[0].endswith("you left a seat here"), lines
        assert "you watch" not in lines[0] and lines[1].endswith("you watch"), lines


async def join_focused_on_address(app: Any, pilot: Any) -> tuple[JoinScreen, Input, OptionList]:
    """The Join screen, opened with J, its address box focused: the screen, that box, the LAN list."""
    await pilot.press("j")
    join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen)
    address, tables = join.query_one("#address", Input), join.query_one("#tables", OptionList)
    await wait_for(pilot, lambda: join.focused is address)
    return join, address, tables


async def test_the_list_takes_the_focus_once_and_never_from_an_address_being_typed() -> None:
    """A table found takes the focus from the empty address box, once; Up from the address row
    reaches the list above it (at its last row), and a table found while an address is being
    typed leaves the typing where it is."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        join, address, tables = await join_focused_on_address(app, pilot)
        put_found(join, ("Alpha", {}), ("Beta", {}))
        await wait_for(pilot, lambda: join.focused is tables and tables.highlighted == 0)
        address.focus()
        await pilot.press("1", "0")
        put_found(join, ("Alpha", {}), ("Beta", {}), ("Gamma", {}))
        await pilot.pause()
        assert join.focused is address and address.value == "10"
        await pilot.press("up")
        await wait_for(pilot, lambda: join.focused is tables)
        assert tables.highlighted == 2


async def test_a_table_found_later_leaves_a_box_the_player_went_back_to() -> None:
    """Once the list has had the focus, the player who goes back to the address box keeps it,
    empty as it is, whatever tables are found after."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        join, address, tables = await join_focused_on_address(app, pilot)
        put_found(join, ("Alpha", {}))
        await wait_for(pilot, lambda: join.focused is tables)
        await pilot.press("tab")
        await wait_for(pilot, lambda: join.focused is not tables)
        address.focus()
        put_found(join, ("Alpha", {}), ("Beta", {}))
        await pilot.pause()
        assert join.focused is address


async def test_a_listed_tables_bots_are_told_among_its_seats_taken() -> None:
    """"Room 2 … 2/4 seats" read as two players there, where one seat was a bot's."""
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        put_found(join, ("Room 2", {"seats_taken": 2, "bots": 1}), ("Room 3", {"seats_taken": 3}))
        await pilot.pause()
        lines = [line for line in screen_lines(app) if "Room" in line]
        assert any("Room 2" in line and "2/4 seats (1 bot)" in line for line in lines), lines
        assert any("Room 3" in line and "3/4 seats " in line and "bot" not in line for line in lines), lines


async def test_a_tables_first_advert_counts_the_bots_seated_as_it_opens() -> None:
    """``dealmein host --bots 1`` in the app: the bots are seated while the advert goes out, and
    the list read "1/4 seats" until the next change of the lobby; it reads "2/4 seats (1 bot)"."""
    from net.discovery import TableBrowser
    from tui.screens.picker import TableChoice

    host = make_app(bind="127.0.0.1", port=0, mdns=True, lan_interfaces=LOOPBACK)
    host.settings.name = f"Olga{uuid.uuid4().hex[:6]}"
    async with TableBrowser(interfaces=LOOPBACK) as browser:
        async with host.run_test(size=(100, 30)) as pilot:
            await host.start_table(TableChoice(game="crazy-eights", preset="standard", options={}, seats=4,
                                               bots={3: "normal"}), solo=False)
            await wait_for(pilot, lambda: host.session is not None and host.session.advertiser is not None,
                           timeout=15)
            mine = lambda: [t for t in browser.tables.values()  # noqa: E731
                            if t.name == f"{host.settings.name}'s table" and t.advert is not None]
            found = await wait_for(pilot, lambda: [t for t in mine() if t.advert.bots == 1], timeout=20)
            assert (found[0].advert.seats_taken, found[0].advert.seats_total) == (2, 4)
            await host.session.close()
