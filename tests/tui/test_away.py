"""A player whose connection drops in mid-match: the others' table shows the seat as away
(also in the names its plays are logged under) and says when the player goes and comes back."""
from __future__ import annotations

from net.client import TableClient
from tui.screens.confirm import ConfirmScreen
from tui.screens.table import TableScreen

from .helpers import current, host_two_seats, make_app, wait_for


async def test_a_dropped_player_is_shown_away_and_back() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    app.settings.name = "Ana"
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)  # Ana and one open seat
        session = app.session
        port = session.server.port
        bob = await TableClient.connect("127.0.0.1", port, name="Bob", reconnect=False)
        back = None
        try:
            await bob.ready(True)
            await wait_for(pilot, lambda: session.lobby["seats"][1].get("ready"))
            await pilot.press("ctrl+s")
            table = await wait_for(pilot, lambda: current(app, TableScreen))
            assert session.names[1] == "Bob"
            token = bob.token
            bob.drop_connection()  # gone, without a goodbye: the seat waits for him
            await wait_for(pilot, lambda: session.names[1] == "Bob (away)")
            log = lambda: [line.text for line in table.query_one("#log").lines]  # noqa: E731
            await wait_for(pilot, lambda: any("Bob is away" in line for line in log()))
            back = await TableClient.connect("127.0.0.1", port, name="Bob", token=token, reconnect=False)
            assert back.seat == 1
            await wait_for(pilot, lambda: session.names[1] == "Bob")
            await wait_for(pilot, lambda: any(line.startswith("Bob is back") for line in log()))
            # Leave (a goodbye in the match) is no drop: a bot plays at once, and the log says so
            await back.close()
            await wait_for(pilot, lambda: any(line.startswith("Bob leaves the match")
                                              for line in log()))
            back = None
        finally:
            if back is not None:
                await back.close()
            await app.leave_table()


async def test_a_kicked_guest_is_told_once() -> None:
    host = make_app(bind="127.0.0.1", port=0)
    guest = make_app()
    guest.settings.name = "Bob"
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        lobby = await host_two_seats(host, hp)
        session = host.session
        guest.join_address(f"127.0.0.1:{session.server.port}")
        await wait_for(hp, lambda: session.lobby["seats"][1]["name"] == "Bob")
        lobby.query_one("#seats").focus()
        await hp.press("end", "x")  # the host removes Bob, once asked
        confirm = await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen)
                                 and host.screen.focused is not None and host.screen)
        assert str(confirm.query_one("#confirm-question").content) == "Send Bob away from the table?"
        assert host.screen.focused.id == "no"  # Enter keeps him
        await hp.press("escape")
        await hp.pause(0.3)
        assert session.lobby["seats"][1]["name"] == "Bob" and guest.session is not None
        await hp.press("x")
        await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen) and host.screen.focused is not None)
        await hp.press("y")
        await wait_for(gp, lambda: guest.session is None)
        await gp.pause(0.3)
        told = [n.message for n in guest._notifications if "removed you" in n.message]
        assert len(told) == 1, told
        await host.leave_table()


async def test_a_join_that_cannot_connect_names_the_address_once() -> None:
    import socket

    with socket.socket() as s:  # a port on this machine that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.join_address(f"127.0.0.1:{port}")
        said = await wait_for(pilot, lambda: [n.message for n in app._notifications if "Could not join" in n.message])
        assert said[0].count(f"127.0.0.1:{port}") == 1, said


def test_bots_keep_their_numbered_names_and_a_players_seat_played_by_a_bot_says_so() -> None:
    from tui.session import TableSession

    session = TableSession(make_app(), solo=True)
    seats = [{"seat": 0, "name": "Ana", "bot": None, "connected": True},
             {"seat": 1, "name": "Normal bot", "bot": "normal", "connected": True},
             {"seat": 2, "name": "Normal bot", "bot": "normal", "connected": True},
             {"seat": 3, "name": "Bob", "bot": "normal", "connected": True}]  # Bob's seat, kicked
    session.lobby = {"seats": seats}
    assert session.names == ["Ana", "Normal bot", "Normal bot 2", "Bob (bot)"]


def test_a_long_name_keeps_its_away_mark_inside_a_seat_box() -> None:
    """The name stays whole before its mark: the seat box cuts it to its own room, keeping the
    mark (``cut_apart``); cut here too, it came out of a narrow box as "Bartholo……"."""
    from tui.session import TableSession
    from tui.widgets.seats import cut_apart

    session = TableSession(make_app(), solo=True)
    session.lobby = {"seats": [{"seat": 0, "name": "Ana", "bot": None, "connected": True},
                               {"seat": 1, "name": "Bartholomew-the-Great", "bot": None, "connected": False}]}
    name = session.names[1]
    assert name == "Bartholomew-the-Great (away)" and cut_apart([name], 16) == ["Bartholo… (away)"]
    session.lobby["seats"][1].update(connected=True, idle=True)
    session.lobby = dict(session.lobby)
    name = session.names[1]
    assert name == "Bartholomew-the-Great (idle)" and cut_apart([name], 11) == ["Bar… (idle)"]


async def test_the_send_away_question_names_the_player_as_the_seat_list_does() -> None:
    """Two players called Bob sit in seats 2 and 3, listed "Bob" and "Bob 2"; X on seat 3 asked
    "Send Bob away from the table?", the other one's name, and sent Bob 2 away."""
    host = make_app(bind="127.0.0.1", port=0)
    async with host.run_test(size=(80, 24)) as hp:
        lobby = await host_two_seats(host, hp)
        session = host.session
        await session.client.configure(seats=3)
        await wait_for(hp, lambda: len(session.lobby["seats"]) == 3)
        bobs = [await TableClient.connect("127.0.0.1", session.server.port, name="Bob", reconnect=False)
                for _ in range(2)]
        try:
            await wait_for(hp, lambda: [s["name"] for s in session.lobby["seats"]][1:] == ["Bob", "Bob"])
            lobby.query_one("#seats").focus()
            await hp.press("end", "x")
            confirm = await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen) and host.screen)
            assert str(confirm.query_one("#confirm-question").content) == "Send Bob 2 away from the table?"
            assert "Bob 2 can join again" in str(confirm.query_one("#confirm-detail").content)
        finally:
            for bob in bobs:
                await bob.close()
        await host.leave_table()
