"""``dealmein host --bind ADDRESS --port 0`` in the app: the flags mean what ``host --help`` and
the headless host say they mean."""
from __future__ import annotations

import re

from textual.widgets import Button

from net.savefile import save_path
from tui.cli import build_parser
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen

from .helpers import current, make_app, wait_for


def _told(lobby: LobbyScreen) -> re.Match[str] | None:
    """Where the lobby says players join, once it says it."""
    info = lobby.query("#lobby-info")
    return re.search(r"Players join at (\S+)", str(info.first().render())) if info else None


async def test_port_0_is_any_free_port_told_saved_and_resumed_there() -> None:
    """``--port 0`` listened on 7098 (0 read as "not given") and the lobby said 7098; now the
    table takes a free port, the lobby and invite tell that port, the table is saved under it
    and home offers it by its port and brings it back there."""
    args = build_parser().parse_args(["host", "--bind", "127.0.0.1", "--port", "0"])
    app = make_app(args=args)
    assert app.host_address() == ("127.0.0.1", 0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+s")  # the picker the host command opens, as it stands
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        port = app.session.server.port
        assert port not in (0, 7098)
        told = await wait_for(pilot, lambda: _told(lobby))  # once the lobby has drawn its lines
        assert told.group(1) == f"127.0.0.1:{port}"
        assert f"127.0.0.1:{port}" in app.session.invite()
        assert save_path(port).is_file()

        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
        await wait_for(pilot, lambda: app.session is None)
        button = app.screen.query_one("#resume-0", Button)
        assert f"port {port})" in str(button.label)
        app.screen.set_focus(button)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.session is not None and app.session.lobby is not None)
        assert app.session.server.port == port
        await app.leave_table()


async def test_a_table_bound_to_one_address_opens_and_resumes() -> None:
    """``--bind`` to one address other than 127.0.0.1: the host's own app came in by 127.0.0.1,
    where such a table does not answer, so the table never opened ("Could not open the table:
    cannot reach 127.0.0.1:..."); now it comes in at the bound address, opening and resuming."""
    from .helpers import host_two_seats

    app = make_app(bind="127.0.0.2", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await host_two_seats(app, pilot)
        port = app.session.server.port
        told = await wait_for(pilot, lambda: _told(lobby))
        assert told.group(1) == f"127.0.0.2:{port}"
        assert app.session.seat == 0 and app.session.is_host

        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
        await wait_for(pilot, lambda: app.session is None)
        app.screen.set_focus(app.screen.query_one("#resume-0", Button))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.session is not None and app.session.lobby is not None)
        assert app.session.server.host == "127.0.0.2" and app.session.seat == 0
        await app.leave_table()


async def test_a_table_bound_to_one_address_advertises_that_address() -> None:
    """An app-hosted table bound to one address advertised this machine's other addresses,
    where nothing listens, so other apps listed it as not answering (the headless host gave
    the bound one); now it gives the address it is bound to, and answers there."""
    import asyncio
    import time
    import uuid

    from net.discovery import TableBrowser, bound_advert

    from .helpers import host_two_seats

    # what a real host bound to one address uses, with no test interfaces: that address only
    assert bound_advert("127.0.0.1") == (["127.0.0.1"], ["127.0.0.1"])
    assert bound_advert("0.0.0.0") == (None, None)
    # mDNS on loopback; the table on another loopback address, which the advert must give
    app = make_app(bind="127.0.0.2", port=0, mdns=True, lan_interfaces=["127.0.0.1"])
    app.settings.name = f"Cy{uuid.uuid4().hex[:6]}"
    async with app.run_test(size=(100, 30)) as pilot:
        await host_two_seats(app, pilot)
        await wait_for(pilot, lambda: app.session is not None and app.session.advertiser is not None, timeout=15)
        port = app.session.server.port
        async with TableBrowser(interfaces=["127.0.0.1"]) as browser:
            mine = lambda: [t for t in browser.tables.values()  # noqa: E731
                            if t.name == f"{app.settings.name}'s table" and t.reachable is not None]
            deadline = time.monotonic() + 20
            while not mine() and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            found = mine()
        assert found and found[0].port == port and found[0].addresses == ("127.0.0.2",)
        assert found[0].reachable and found[0].address == "127.0.0.2"
        await app.leave_table()


async def test_a_port_asked_for_that_is_in_use_is_refused_not_swapped() -> None:
    """``host --port 9522`` in the app, with another table there: the table opened on a free port
    without a word, and players told 9522 found the other table. It is refused, saying why and
    what to do, as the headless host refuses it; the picker keeps the choice."""
    import socket

    from .helpers import said_from_now

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = build_parser().parse_args(["host", "--bind", "127.0.0.1", "--port", str(port)])
        app = make_app(args=args)
        assert app.port_given
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)
            picker = await wait_for(pilot, lambda: current(app, PickerScreen))
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: any("Could not open" in s for s in said))
            assert [s for s in said if "Could not open" in s] == [
                f"Could not open the table: cannot listen on 127.0.0.1:{port}: the port is in use (another table "
                "on this machine?): --port N picks another, --port 0 any free one"]
            assert app.session is None and app.screen is picker


async def test_the_usual_port_in_use_moves_the_table_and_says_where() -> None:
    """The usual port (no ``--port``) taken by another table: the table listens on a free one,
    as before, and now says so, with the address players join at."""
    import socket

    from .helpers import said_from_now

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        usual = taken.getsockname()[1]
        args = build_parser().parse_args(["host", "--bind", "127.0.0.1"])
        app = make_app(args=args, port=usual)  # the usual port (7098) as another table here holds it
        assert not app.port_given
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
            await pilot.press("ctrl+s")
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            port = app.session.server.port
            assert port not in (0, usual)
            told = await wait_for(pilot, lambda: _told(lobby))
            assert told.group(1) == f"127.0.0.1:{port}"
            assert f"Port {usual} is in use (another table on this machine?): this table listens on port {port} " \
                   f"instead, and players join at 127.0.0.1:{port}." in said
            await app.leave_table()
