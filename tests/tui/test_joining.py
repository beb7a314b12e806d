"""The wait while a join reaches its host, over real sockets on 127.0.0.1: a host that accepts
the connection and never answers shows "Joining …" until the player stops it with Escape, which
closes the socket; a host that answers opens its lobby with no wait left behind."""
from __future__ import annotations

import argparse
import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.widgets import Input, Static

from net.client import ConnectError, TableClient
from net.server import Server, TableConfig
from tui.tablejoin import JOINING_AFTER
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.joining import JoiningScreen
from tui.screens.join import JoinScreen
from tui.cli import table_address
from tui.screens.lobby import LobbyScreen
from tui.screens.table import TableScreen

from .helpers import current, host_two_seats, make_app, said_from_now, wait_for


def on_the_form(app: Any) -> str:
    """The line under the Join screen's fields (what is wrong with the address, or why the last
    join did not take the player in); "" with no Join screen open."""
    joins = [s for s in app.screen_stack if isinstance(s, JoinScreen)]
    return str(joins[-1].query_one("#join-error", Static).render()) if joins else ""


@dataclass
class SilentHost:
    """A host that accepts and reads and never answers."""

    server: asyncio.Server
    port: int
    accepted: asyncio.Event = field(default_factory=asyncio.Event)  # a connection came
    hung_up: asyncio.Event = field(default_factory=asyncio.Event)  # ... and the joining side closed it

    async def close(self) -> None:
        self.server.close()
        await self.server.wait_closed()


async def silent_host() -> SilentHost:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host.accepted.set()
        try:
            while await asyncio.wait_for(reader.read(1024), 30):
                pass
            host.hung_up.set()
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()

    srv = await asyncio.start_server(serve, "127.0.0.1", 0)
    host = SilentHost(srv, srv.sockets[0].getsockname()[1])
    return host


async def test_a_host_that_does_not_answer_shows_the_wait_and_escape_stops_it() -> None:
    host = await silent_host()
    port = host.port
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            given = said_from_now(app)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            app.join_address(f"127.0.0.1:{port}")
            waiting = await wait_for(pilot, lambda: current(app, JoiningScreen))
            assert str(waiting.query_one("#joining-what").render()) == f"Joining 127.0.0.1:{port}…"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await asyncio.wait_for(host.hung_up.wait(), 5)  # the socket is closed, not left open
            await wait_for(pilot, lambda: f"Stopped joining 127.0.0.1:{port}." in given)
            assert app.session is None
            assert not any(isinstance(s, JoiningScreen) for s in app.screen_stack)
    finally:
        await host.close()


async def test_q_quits_while_the_wait_is_shown() -> None:
    """Help lists Q under Everywhere: it quits during the wait too (a modal screen leaves the
    app's keys out unless it binds them), closing the connection the join opened."""
    host = await silent_host()
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            app.join_address(f"127.0.0.1:{host.port}")
            await wait_for(pilot, lambda: current(app, JoiningScreen))
            await asyncio.wait_for(host.accepted.wait(), 5)
            await pilot.press("q")
            await asyncio.wait_for(host.hung_up.wait(), 10)
            await wait_for(pilot, lambda: app._exit)
        assert app.return_code == 0
    finally:
        await host.close()


@pytest.mark.parametrize("size, lately", [((80, 24), False), ((60, 20), False), ((60, 20), True)])
async def test_a_join_from_the_join_screen_that_fails_says_why_under_its_fields(size: tuple[int, int],
                                                                                 lately: bool) -> None:
    """A host that refuses: the wait goes, and the reason is on the form, under the fields, with
    the address, the password box and Connect in sight: a notice said it over the password box
    and Connect for eight seconds. On a small screen with tables joined lately listed too, the
    screen scrolls to show it."""
    from tui.recent import note

    for i in range(5 if lately else 0):
        assert note(f"10.0.0.{i}:7098", f"Table {i}", "ninety-eight") is None
    port = await refused_port()
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        given = said_from_now(app)
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        join.query_one("#address", Input).value = f"127.0.0.1:{port}"
        join.query_one("#connect").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Could not join" in on_the_form(app))
        await pilot.pause(0.3)
        assert app.screen is join and not any(isinstance(s, JoiningScreen) for s in app.screen_stack)
        assert on_the_form(app) == (f"Could not join: cannot reach 127.0.0.1:{port}: nothing answers on that "
                                    "port (connection refused): is the table open, and is that its port?")
        assert not given and not app._notifications  # nothing over the form
        line = join.query_one("#join-error", Static)
        assert "error" in line.classes
        fields = [join.query_one(f"#{name}").region for name in ("address", "password", "connect")]
        assert all(line.region.y >= f.bottom for f in fields)  # under them
        await pilot.pause(0.2)
        assert line.region.height >= 2 and line.region.right <= size[0]
        assert line.region.y >= 1 and line.region.bottom <= size[1] - 1  # all of it in sight, above the key bar
        assert all(f.y >= 1 and f.bottom <= line.region.y for f in fields)  # and the fields above it
        # a join that goes ahead clears it
        join.query_one("#address", Input).value = "127.0.0.1:5:6"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "more than one ':'" in on_the_form(app))


async def test_a_host_that_answers_opens_its_lobby_with_no_wait_left() -> None:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    srv.create_table(TableConfig(name="Quick", game="ninety-eight", seats=2))
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            await pilot.pause(0.5)  # past the moment the wait would show
            assert isinstance(app.screen, LobbyScreen)
            assert not any(isinstance(s, JoiningScreen) for s in app.screen_stack)
            await app.action_quit()
    finally:
        await srv.close()


async def test_a_wait_under_another_screen_goes_once_that_screen_closes() -> None:
    """A screen opened over the wait (the app's own, as Help here); the join ends meanwhile:
    closing that screen shows home, not a wait that is over."""
    host = await silent_host()
    port = host.port
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            waiting = await wait_for(pilot, lambda: current(app, JoiningScreen))
            app.push_screen(HelpScreen())
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            waiting.action_stop()
            await wait_for(pilot, lambda: waiting.withdrawn)
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert not any(isinstance(s, JoiningScreen) for s in app.screen_stack)
    finally:
        await host.close()


async def test_a_client_given_up_on_during_the_handshake_closes_its_socket() -> None:
    host = await silent_host()
    try:
        connecting = asyncio.ensure_future(TableClient.connect("127.0.0.1", host.port, name="Bo", reconnect=False))
        await asyncio.wait_for(host.accepted.wait(), 5)
        await asyncio.sleep(0.1)  # the hello sent: the client waits for the host's answer
        assert not connecting.done()
        connecting.cancel()
        try:
            await connecting
        except (asyncio.CancelledError, ConnectError):
            pass
        await asyncio.wait_for(host.hung_up.wait(), 5)
    finally:
        await host.close()


async def refused_port() -> int:
    """A port on 127.0.0.1 where nothing listens now."""
    probe = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = probe.sockets[0].getsockname()[1]
    probe.close()
    await probe.wait_closed()
    return int(port)


MALFORMED = ["[::ffff:127.0.0.1]x", "[::ffff:127.0.0.1", "127.0.0.1:47501:7", "127.0.0.1 :47501",
             "http://127.0.0.1:47501", "no such.invalid", "127.0.0.1:４７５０１", "127.0.0.1:99999", ""]


async def test_the_join_screen_refuses_what_dealmein_join_refuses_in_its_words() -> None:
    """An address ``dealmein join`` refuses is refused on the Join screen too, with the same
    message and no attempt to connect (a text after ``]`` went to port 7098, a second port
    ended in "no such host name")."""
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        given = said_from_now(app)
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        typed, error = join.query_one("#address", Input), join.query_one("#join-error", Static)
        for address in MALFORMED:
            with pytest.raises(argparse.ArgumentTypeError) as refused:
                table_address(address)
            typed.value = address
            typed.focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: str(error.render()) == str(refused.value))
        await pilot.pause(0.3)
        assert app.screen is join and app.session is None and not given


@pytest.mark.parametrize("address, said", [
    ("127.0.0.1:5:6", "'127.0.0.1:5:6' has more than one ':': HOST:PORT has one ([IPv6]:PORT for IPv6)"),
    ("host name", "'host name' is not a host name or IP address (a host name has no spaces)"),
    ("", "Type a table's address (HOST or HOST:PORT)."),
    ("127.0.0.1:99999", "'99999' is not a port number (1-65535)"),
    ("127.0.0.1:", "no port after ':' (1-65535)"),
    ("http://127.0.0.1:7098", "type the address without 'http://': HOST or HOST:PORT"),
    ("[::1]x", "'x' after ']' is not :PORT: [IPv6]:PORT"),
])
async def test_the_join_screen_says_what_is_wrong_with_an_address(address: str, said: str) -> None:
    """The wrong part, once, in words that fit it: an IPv4 address with a port too many read as
    bad IPv6, an empty box as "'' has no host name or IP address"."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        join.query_one("#address", Input).value = address
        join.query_one("#address", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: str(join.query_one("#join-error", Static).render()) == said)


async def test_the_reason_a_join_failed_is_words_without_the_error_code() -> None:
    """"... is that its port?", not "... is that its port? (unreachable)": the code is the
    app's, not the player's."""
    port = await refused_port()
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        given = said_from_now(app)
        app.join_address(f"127.0.0.1:{port}")
        said = await wait_for(pilot, lambda: [n for n in given if "Could not join" in n])
        assert said == [f"Could not join: cannot reach 127.0.0.1:{port}: nothing answers on that port "
                        "(connection refused): is the table open, and is that its port?"]


async def test_an_ipv6_address_reads_bracketed_in_the_reason_a_join_failed() -> None:
    """``[v6]:PORT`` as typed, not "::ffff:127.0.0.1:PORT", which reads as one address."""
    port = await refused_port()
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        join.query_one("#address", Input).value = f"[::ffff:127.0.0.1]:{port}"
        join.query_one("#address", Input).focus()
        await pilot.press("enter")
        said = await wait_for(pilot, lambda: "Could not join" in on_the_form(app) and on_the_form(app))
        assert said.startswith(f"Could not join: cannot reach [::ffff:127.0.0.1]:{port}: "), said


async def hangs_up_late() -> asyncio.Server:
    """A host that accepts, says nothing, and hangs up once the wait has shown."""
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(JOINING_AFTER + 0.7)
        writer.close()

    return await asyncio.start_server(serve, "127.0.0.1", 0)


@pytest.mark.parametrize("where", ["#password", "#connect"])
@pytest.mark.parametrize("fault", ["malformed", "refused", "hangs up"])
async def test_a_join_that_fails_for_its_address_leaves_the_focus_on_the_address(fault: str, where: str) -> None:
    """Enter in the password box, or on Connect, with an address that cannot be joined: the
    focus goes to the address, with the caret after it and nothing selected, so what is typed
    next corrects it (it went into the password; then, with the focus back, Textual selected
    the whole address and the next key replaced it). So too once a wait that showed has gone."""
    host = await hangs_up_late() if fault == "hangs up" else None
    port = host.sockets[0].getsockname()[1] if host is not None else await refused_port()
    address = "127.0.0.1:5:6" if fault == "malformed" else f"127.0.0.1:{port}"
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            given = said_from_now(app)
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            typed, password = join.query_one("#address", Input), join.query_one("#password", Input)
            await wait_for(pilot, lambda: app.focused is typed)
            await pilot.press(*address)
            join.query_one(where).focus()
            await wait_for(pilot, lambda: app.focused is join.query_one(where))
            await pilot.press("enter")
            if fault == "malformed":
                await wait_for(pilot, lambda: "more than one ':'" in on_the_form(app))
            else:
                if fault == "hangs up":
                    await wait_for(pilot, lambda: isinstance(app.screen, JoiningScreen))
                await wait_for(pilot, lambda: "Could not join" in on_the_form(app))
            await wait_for(pilot, lambda: app.screen is join and app.focused is typed, timeout=5)
            await pilot.pause(0.1)  # the focus's own handling done
            assert typed.selection.is_empty and typed.cursor_position == len(address)
            await pilot.press("x")
            assert (typed.value, password.value) == (f"{address}x", "")
            assert not given  # said on the form, not over it
            # the box selects its whole text again the next time it takes the focus
            password.focus()
            await wait_for(pilot, lambda: app.focused is password)
            typed.focus()
            await wait_for(pilot, lambda: app.focused is typed and not typed.selection.is_empty)
            assert typed.selected_text == f"{address}x"
    finally:
        if host is not None:
            host.close()
            await host.wait_closed()


async def a_table(name: str) -> tuple[Server, Any]:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    return srv, srv.create_table(TableConfig(name=name, game="ninety-eight", seats=2))


def ana() -> Any:
    """The app of a player called Ana (the tables' seats are checked by that name)."""
    app = make_app()
    app.settings.name = "Ana"
    return app


async def seated(app: Any, pilot: Any, srv: Server) -> Any:
    """The app joins the table at ``srv`` and sits in its lobby; its session."""
    app.join_address(f"127.0.0.1:{srv.port}")
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None
                   and app.session.lobby and app.session.seat is not None)
    return app.session


async def join_from_the_palette(app: Any, pilot: Any, address: str) -> None:
    """"Join a table" from the command palette (it asks nothing in a lobby); the address typed."""
    command = next(c for c in app.get_system_commands(app.screen) if c.title == "Join a table")
    command.callback()
    join = await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.query("#address")
                          and app.screen)
    join.query_one("#address", Input).value = address
    join.query_one("#address", Input).focus()
    await pilot.press("enter")


async def still_seated(app: Any, pilot: Any, session: Any, table: Any) -> None:
    """Escape goes back to the table's lobby, which still answers: R tells the host."""
    seat = table.seats[session.seat]
    assert app.session is session and seat.conn is not None and seat.name == "Ana"
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.link is session)
    await pilot.press("r")
    await wait_for(pilot, lambda: seat.ready)


async def test_a_join_from_a_lobby_that_fails_keeps_the_seat_the_player_had() -> None:
    """The player's table is left only once another takes them: a refused address leaves them
    seated at the first, in a lobby that answers (it was left first, and its lobby was dead)."""
    srv, table = await a_table("Anchor")
    port = await refused_port()
    app = ana()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            given = said_from_now(app)
            session = await seated(app, pilot, srv)
            await join_from_the_palette(app, pilot, f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: "Could not join" in on_the_form(app))
            assert not given
            await still_seated(app, pilot, session, table)
            await app.action_quit()
    finally:
        await srv.close()


async def test_a_join_from_a_lobby_stopped_with_escape_keeps_the_seat_the_player_had() -> None:
    srv, table = await a_table("Anchor")
    host = await silent_host()
    app = ana()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            given = said_from_now(app)
            session = await seated(app, pilot, srv)
            await join_from_the_palette(app, pilot, f"127.0.0.1:{host.port}")
            await wait_for(pilot, lambda: isinstance(app.screen, JoiningScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: on_the_form(app) == f"Stopped joining 127.0.0.1:{host.port}.")
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            assert not given and "error" not in app.screen.query_one("#join-error").classes
            await still_seated(app, pilot, session, table)
            await app.action_quit()
    finally:
        await host.close()
        await srv.close()


async def test_a_join_from_a_lobby_that_works_leaves_the_table_the_player_was_at() -> None:
    first, anchor = await a_table("Anchor")
    second, other = await a_table("Other")
    app = ana()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            session = await seated(app, pilot, first)
            await join_from_the_palette(app, pilot, f"127.0.0.1:{second.port}")
            await wait_for(pilot, lambda: app.session is not session and app.session is not None
                           and isinstance(app.screen, LobbyScreen) and app.screen.link is app.session)
            assert app.session.lobby["name"] == "Other" and session.closing
            await wait_for(pilot, lambda: all(s.name is None for s in anchor.seats))  # the seat there is free
            assert any(s.name == "Ana" and s.conn is not None for s in other.seats)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
    finally:
        await first.close()
        await second.close()


async def test_a_join_to_the_table_the_player_is_at_is_refused_and_keeps_everything() -> None:
    """Its own address from its lobby, while the table answers: "You are at this table already",
    and the seat, its ready flag and the chat stay as they were (the table was left and sat at
    again: ready reset, the chat cleared, "Ana leaves the table" told to everyone)."""
    srv, table = await a_table("Anchor")
    app = ana()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            given = said_from_now(app)
            session = await seated(app, pilot, srv)
            await session.call("ready", True)
            await session.chat("hello")
            await wait_for(pilot, lambda: table.seats[session.seat].ready
                           and any(text == "hello" for _, text, _ in session.chat_log))
            chat, conn = list(session.chat_log), table.seats[session.seat].conn
            await join_from_the_palette(app, pilot, f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: on_the_form(app) == "You are at this table already.")
            await pilot.pause(0.3)
            assert not given and "error" not in app.screen.query_one("#join-error").classes  # nothing went wrong
            assert isinstance(app.screen, JoinScreen) and app.session is session and not session.closing
            assert table.seats[session.seat].ready and list(session.chat_log) == chat
            assert table.seats[session.seat].conn is conn and len(srv.connections) == 1  # never left
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.link is session)
            await app.action_quit()
    finally:
        await srv.close()


async def test_a_join_that_fails_after_leaving_the_table_goes_home_not_to_its_dead_lobby() -> None:
    """The address of the table the player is at, typed while its connection is down (the host
    stopped listening and the link went without a goodbye: the app is reconnecting): that table
    is left first (the new connection would take the seat over), the join finds nothing there,
    and the player goes home, not back to a lobby that no longer answers."""
    srv, _ = await a_table("Anchor")
    app = ana()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            given = said_from_now(app)
            session = await seated(app, pilot, srv)
            assert srv._server is not None
            srv._server.close()  # nothing listens any more: the app's reconnects are refused
            session.client.drop_connection()
            await wait_for(pilot, lambda: not session.client.connected)
            await join_from_the_palette(app, pilot, f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: any("Could not join" in n for n in given))  # the Join screen is gone
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert len(app.screen_stack) == 2 and app.session is None and session.closing
    finally:
        await srv.close()


@pytest.mark.parametrize("spelling", ["127.0.0.1", "localhost"])
async def test_joining_the_table_this_app_hosts_keeps_the_player_there(spelling: str) -> None:
    """Its own address, or "localhost" for the 127.0.0.1 it hosts on (on a LAN: its advertised
    address for the 0.0.0.0 it binds): the player is at that table already, and stays, with it
    still up (the join used to close it, and go home or hand over a lobby that did not answer)."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        given = said_from_now(app)
        lobby = await host_two_seats(app, pilot)
        session, server = app.session, app.session.server
        await join_from_the_palette(app, pilot, f"{spelling}:{server.port}")
        await wait_for(pilot, lambda: "this app hosts" in on_the_form(app))
        assert not given
        await pilot.press("escape")  # from the Join screen, back to the table's lobby
        await wait_for(pilot, lambda: app.screen is lobby)
        assert app.session is session and session.server is server and not session.closing
        await wait_for(pilot, lambda: len(server.connections) == 1)  # the join's connection is gone
        await pilot.press("b")  # the lobby still answers: a bot in the open seat
        await wait_for(pilot, lambda: session.table.seats[1].bot is not None)
        await app.leave_table()


async def test_your_chat_reads_apart_from_another_player_of_your_name() -> None:
    """Two players called Ana: the one who sat first is "Ana" and this app's player, second,
    "Ana 2", in the chat as at the table (both read "Ana" before)."""
    srv, table = await a_table("Anchor")
    first = await TableClient.connect("127.0.0.1", srv.port, name="Ana")
    app = ana()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            session = await seated(app, pilot, srv)
            assert session.seat == 1
            await first.chat("I sat first")
            await session.chat("so I am Ana 2")
            lines = lambda: [f"{name}: {text}" for name, text, system in session.chat_log if not system]  # noqa: E731
            await wait_for(pilot, lambda: len(lines()) == 2)
            assert lines() == ["Ana: I sat first", "Ana 2: so I am Ana 2"]
            await app.action_quit()
    finally:
        await first.close()
        await srv.close()


async def test_a_hosts_refusal_reaches_the_join_form_without_its_escape_sequences() -> None:
    """A host's error message is its own words: the line under the fields draws them without the
    escape sequences in them (a clipboard write, a new window title), as notices do."""
    from net.protocol import encode

    evil = "refused\x1b]52;c;cm0gLXJmIH4=\x1b\\ \x1b]0;pwned\x1b\\"

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(encode({"type": "error", "code": "full", "message": evil}))
        await writer.drain()
        await asyncio.sleep(1)
        writer.close()

    srv = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    try:
        app = make_app()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.press("j")
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            join.query_one("#address", Input).value = f"127.0.0.1:{port}"
            join.query_one("#connect").focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: "refused" in on_the_form(app))
            await pilot.pause()
            assert "\x1b" not in on_the_form(app) and "pwned" in on_the_form(app)
            drawn = "".join(seg.text for strip in app.screen._compositor.render_strips() for seg in strip)
            assert "\x1b" not in drawn
    finally:
        srv.close()
        await srv.wait_closed()


async def test_a_table_joined_on_the_join_screen_stands_on_home_alone() -> None:
    """Join a table by its address while at another: once its lobby comes, the Join screen
    goes (it would browse the LAN on beneath the table) and so do the screens of the table
    left."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0)
    await srv.start()
    srv.create_table(TableConfig(name="Other", game="ninety-nine", seats=3))
    app = make_app(bind="127.0.0.1", port=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            mine = await host_two_seats(app, pilot)
            here = app.session
            app.open_join()
            join = await wait_for(pilot, lambda: current(app, JoinScreen))
            join.query_one("#address", Input).value = f"127.0.0.1:{srv.port}"
            join.query_one("#connect").focus()
            await pilot.press("enter")
            other = await wait_for(pilot, lambda: app.session is not here and current(app, LobbyScreen))
            await pilot.pause(0.2)
            assert other is not mine and other.link is app.session and here.closing
            assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, LobbyScreen]
            await app.leave_table()
    finally:
        await srv.close()


async def test_a_match_starting_under_the_join_screen_leaves_it_open() -> None:
    """The table the player is at starts its match while the Join screen is open over its
    lobby: the table comes over it, and the Join screen and the lobby stay beneath (only a new
    table's first screen clears them away)."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        mine = await host_two_seats(app, pilot)
        await app.session.client.add_bot(1, "easy")
        app.open_join()
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        await app.session.client.start()
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        assert app.screen_stack[-3:] == [mine, join, table]
        await app.leave_table()


async def test_a_name_longer_than_a_table_keeps_is_said_as_cut() -> None:
    """An SSH login's name (or --name) over 24 characters was cut by the host without a word:
    the player is told the name the table knows them by."""
    srv = Server(host="127.0.0.1", port=0)
    await srv.start()
    try:
        srv.create_table(TableConfig(name="evening", game="ninety-eight", seats=2))
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            said = said_from_now(app)
            app.settings.name = "Maximiliana_von_Longname_III"
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: current(app, LobbyScreen) and app.session.seat is not None)
            cut = "Maximiliana_von_Longname"
            assert app.session.lobby["seats"][app.session.seat]["name"] == cut
            await wait_for(pilot, lambda: f"You are {cut} at this table: a name is kept to 24 characters." in said)
            await app.leave_table()
            app.settings.name = "Ana"  # a name that fits is not remarked on
            said.clear()
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: current(app, LobbyScreen) and app.session is not None
                           and app.session.seat is not None)
            await pilot.pause(0.2)
            assert not any(line.startswith("You are ") for line in said), said
            await app.leave_table()
    finally:
        await srv.close()



async def test_a_hosts_name_longer_than_a_table_keeps_is_said_as_cut_too() -> None:
    """``dealmein host --name`` over 24 characters: the host's own seat was cut without a word
    (its joining players were told), while the table's name kept it whole."""
    from tui.screens.picker import TableChoice

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        said = said_from_now(app)
        app.settings.name = "Maximiliana_von_Longname_III"
        await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={}, seats=2, bots={}),
                              solo=False)
        await wait_for(pilot, lambda: current(app, LobbyScreen) and app.session.seat is not None)
        cut = "Maximiliana_von_Longname"
        await wait_for(pilot, lambda: f"You are {cut} at this table: a name is kept to 24 characters." in said)
        assert app.session.lobby["name"] == "Maximiliana_von_Longname_III's table"
        await app.leave_table()
