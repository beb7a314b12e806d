"""A guest who arrives at a full table watches; once a seat opens, T in the lobby sits it down
there (protocol ``sit``). While watching, the lobby and the table say so, and leaving says that
nothing is lost."""
from __future__ import annotations

from net.client import TableClient
from tui.screens.lobby import LobbyScreen

from .helpers import current, host_two_seats, make_app, notices, wait_for


async def test_a_watching_guest_takes_an_open_seat() -> None:
    host = make_app(bind="127.0.0.1", port=0)
    guest = make_app()
    guest.settings.name = "Cy"
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_two_seats(host, hp)  # two seats, the second open
        session = host.session
        bob = await TableClient.connect("127.0.0.1", session.server.port, name="Bob")
        try:
            await wait_for(hp, lambda: session.lobby["seats"][1]["name"] == "Bob")
            guest.join_address(f"127.0.0.1:{session.server.port}")
            lobby = await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen) and guest.screen)
            await wait_for(gp, lambda: guest.session is not None and guest.session.lobby and lobby.query("#lobby-info"))
            await gp.pause()
            assert guest.session.seat is None  # the table is full: Cy watches
            assert "every seat is taken" in str(lobby.query_one("#lobby-info").render())
            assert not lobby.query_one("#ready").display  # nothing to be ready for while watching
            # no open seat: T is dimmed, and says so when pressed; nothing to be ready for
            assert not lobby.active_bindings["t"].enabled and "r" not in lobby.active_bindings
            await gp.press("t")
            await wait_for(gp, lambda: "Every seat is taken: you watch until one opens." in notices(guest))
            assert guest.session.seat is None
            assert "only watching" in guest.session.leave_note()
            await bob.stand()  # a seat opens
            await wait_for(gp, lambda: "press T" in str(lobby.query_one("#lobby-info").render()))
            lobby.query_one("#seats").focus()
            await gp.press("end")
            await gp.press("t")
            await wait_for(gp, lambda: guest.session.seat == 1)
            await wait_for(gp, lambda: "r" in lobby.active_bindings and lobby.query_one("#ready").display)
            assert "You are watching" not in str(lobby.query_one("#lobby-info").render())
        finally:
            await bob.close()
            await guest.leave_table()
            await host.leave_table()


async def test_take_seat_is_lit_only_on_an_open_seat() -> None:
    """A seated guest at a table with a seat still open: T is on the key bar, as Move seat (a
    watcher's Take seat), but dimmed while the highlight is on a taken seat (pressed there, it
    says why it does nothing), lit on the open one, where it moves the guest."""
    from textual.widgets import Select

    from tui.screens.picker import PickerScreen

    from .helpers import key_bar, notices

    host = make_app(bind="127.0.0.1", port=0)
    guest = make_app()
    guest.settings.name = "Cy"
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await hp.press("h")
        picker = await wait_for(hp, lambda: isinstance(host.screen, PickerScreen) and host.screen)
        picker.query_one("#seats", Select).focus()
        await hp.press("enter", "up", "enter")  # three seats: the host's and two open
        await wait_for(hp, lambda: picker.seats == 3)
        await hp.press("ctrl+s")
        await wait_for(hp, lambda: isinstance(host.screen, LobbyScreen) and host.session is not None)
        session = host.session
        try:
            guest.join_address(f"127.0.0.1:{session.server.port}")
            lobby = await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen) and guest.screen)
            await wait_for(gp, lambda: guest.session is not None and guest.session.seat == 1)
            await wait_for(gp, lambda: lobby.query("#seats") and "Move seat" in key_bar(lobby))
            assert "Take seat" not in key_bar(lobby)
            # the list is filled, then highlighted, on a refresh a loaded machine may be late to
            await wait_for(gp, lambda: lobby.query_one("#seats").highlighted == 0)

            def lit() -> bool:
                return lobby.active_bindings["t"].enabled

            await wait_for(gp, lambda: not lit())  # the host's seat is highlighted: nothing to take
            await gp.press("t")  # dimmed, it still says why it does nothing
            await wait_for(gp, lambda: "Seat 1 is taken: choose an open seat first." in notices(guest))
            assert guest.session.seat == 1
            await gp.press("down")  # Cy's own seat
            await gp.pause()
            assert not lit()
            await gp.press("t")
            await wait_for(gp, lambda: "That is your seat: choose an open seat first." in notices(guest))
            await gp.press("down")  # the open one
            await wait_for(gp, lit)
            await gp.press("t")
            await wait_for(gp, lambda: guest.session.seat == 2)
            await wait_for(gp, lambda: not lit())  # the highlight is on Cy's seat now
        finally:
            await guest.leave_table()
            await host.leave_table()


async def test_a_watcher_leaves_a_match_in_play_without_being_asked() -> None:
    """Escape at a table the app only watches goes home at once: there is no seat to lose, so
    "Leave this match?" has nothing to ask. A seated player is still asked."""
    from net.server import Server, TableConfig
    from tests.net.table_helpers import FAST, join, wait_until
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.home import HomeScreen
    from tui.screens.table import TableScreen

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
    bo = await join(srv, "Bo", table=table.id)
    app = make_app()
    try:
        await bo.ready(True)
        await wait_until(lambda: table.seats[1].ready, what="Bo ready")
        await ana.start()
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            screen = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.session is not None
                                    and app.screen)
            assert app.session.watching and not screen.view["is_over"]
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
    finally:
        await ana.close()
        await bo.close()
        await srv.close()



async def test_a_watcher_holding_the_host_key_is_asked_before_leaving() -> None:
    """A player who runs a table of bots from no seat (joined with its host key) holds what
    starts its matches: Escape asks first, and says what leaving gives up."""
    from net.server import TableConfig
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.table import TableScreen

    from tests.net.table_helpers import wait_until

    from .helpers import someone_elses_table

    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=1)
    async with someone_elses_table(config, bot_delay=1.0) as (srv, table, ana):  # the bots' match stays in play
        await ana.add_bot(1)
        await ana.stand()
        await wait_until(lambda: table.seats[0].token is None, what="Ana standing")
        await ana.add_bot(0)
        await wait_until(lambda: all(s.bot for s in table.seats), what="bots in both seats")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}", host_key=table.host_key)
            await wait_for(pilot, lambda: app.session is not None and app.session.client is not None
                           and app.session.client.is_host)
            await app.session.client.start()
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            assert app.session.seat is None and not app.session.watching
            await pilot.press("escape")
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert "host key" in str(ask.query_one("#confirm-detail").render())
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            await app.leave_table()


async def test_a_watching_holder_of_the_host_key_takes_an_open_seat() -> None:
    """A headless table's host key holder who watches (the seats were full as it joined, or a
    smaller table left it without one) sits down with T like any watching guest: the key bar
    had no T for it, and T did nothing."""
    from net.server import TableConfig

    from .helpers import key_bar, someone_elses_table

    config = TableConfig(name="t", game="ninety-eight", seats=2, seed=1)
    async with someone_elses_table(config) as (srv, table, ana):
        await ana.add_bot(1)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}", host_key=table.host_key)
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            await wait_for(pilot, lambda: app.session.client is not None and app.session.client.is_host)
            assert app.session.seat is None  # every seat taken: it watches
            await ana.stand()  # Ana gets up: seat 1 is open
            await wait_for(pilot, lambda: "press T to sit down" in str(lobby.query_one("#lobby-info").render()))
            assert "Take seat" in key_bar(lobby)
            # its Game… knows it watches: the seats list said "Seat 1 you"
            from tui.screens.picker import PickerScreen

            await pilot.press("g")
            picker = await wait_for(pilot, lambda: current(app, PickerScreen))
            assert str(picker.query_one("#bots .you").render()) == "watch"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is lobby)
            lobby.query_one("#seats").highlighted = 0
            await pilot.pause()
            await pilot.press("t")
            await wait_for(pilot, lambda: app.session.seat == 0)
            await app.leave_table()


async def test_a_watchers_t_takes_the_only_open_seat_from_any_row() -> None:
    """A watcher with one seat open: T takes it wherever the highlight is (it said "Seat 1 is
    taken: choose an open seat first" on any other row), and the key bar shows it lit."""
    from net.server import TableConfig

    from .helpers import someone_elses_table

    app = make_app()
    app.settings.name = "Cy"
    config = TableConfig(name="Ana's table", game="ninety-nine", seats=3, seed=3)
    async with someone_elses_table(config) as (srv, table, ana):
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
            await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
            await ana.add_bot(2, "easy")
            await app.session.call("stand")
            await wait_for(pilot, lambda: app.session.seat is None and table.seats[1].conn is None)
            seats = lobby.query_one("#seats")
            seats.highlighted = 0  # Ana's seat
            await wait_for(pilot, lambda: lobby.active_bindings["t"].enabled)
            await pilot.press("t")
            await wait_for(pilot, lambda: app.session.seat == 1)
            await app.leave_table()
