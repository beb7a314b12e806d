"""Home offers the saves of every table hosted here, a headless host's too (they share the data
folder), each by its port. One whose port is in use (most likely that very table, still running)
is not resumed: home says so plainly and how to join it, where it said "[Errno 98] error while
attempting to bind ...", and the save stays as it is, to resume once the port is free."""
from __future__ import annotations

import socket

from textual.widgets import Button

from net.savefile import save_path, write_save
from tui.screens.home import HomeScreen

from .helpers import host_two_seats, make_app, said_from_now, wait_for


def _held(port: int) -> socket.socket:
    """A real listener on 127.0.0.1:``port``, as a table still running there holds it."""
    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the closed table's TIME_WAIT
    holder.bind(("127.0.0.1", port))
    holder.listen()
    return holder


async def test_a_saved_table_whose_port_is_in_use_says_so_and_how_to_join_it() -> None:
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await host_two_seats(app, pilot)
        port = app.session.server.port
        await app.leave_table()
    saved = save_path(port).read_bytes()
    holder = _held(port)
    try:
        again = make_app(port=0)
        async with again.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
            home = again.screen
            button = next(b for b in home.query(".resume").results(Button) if f"port {port})" in str(b.label))
            said = said_from_now(again)
            home.set_focus(button)
            await pilot.press("enter")
            await wait_for(pilot, lambda: said)
            assert said == [f"Could not resume the table: port {port} is in use, most likely by this table still "
                            f"running. Join it instead (Join a table, or dealmein join 127.0.0.1:{port}), or stop "
                            "what holds the port and resume it again. Its save is kept."]
            await pilot.pause(0.2)
            assert again.session is None and again.screen is home and button.is_attached
            assert save_path(port).read_bytes() == saved
            # the port let go of, the same entry resumes the table there
            holder.close()
            await pilot.press("enter")
            await wait_for(pilot, lambda: again.session is not None and again.session.lobby is not None)
            assert again.session.server.port == port
            await again.leave_table()
    finally:
        holder.close()


def test_every_hosted_save_names_its_port() -> None:
    """The app's own usual port named as a headless host's other one is: two lists of saves
    read alike ("(hosted, lobby)" beside "(hosted, lobby, port 7311)")."""
    from tui.saves import saved_tables

    write_save(save_path(7310), {"config": {"game": "ninety-nine"}, "status": "lobby"})
    write_save(save_path(7311), {"config": {"game": "ninety-eight"}, "status": "lobby"})
    found, problems = saved_tables(7310)
    assert not problems
    assert [(t.label, t.port) for t in found] == [("Resume Ninety-Nine (hosted, lobby, port 7310)", 7310),
                                                  ("Resume Ninety-Eight (hosted, lobby, port 7311)", 7311)]


async def test_a_port_taken_after_home_looked_is_said_in_the_same_words() -> None:
    """Between home's look at the port and the table binding it, another program may take it:
    the resume fails as the system says it, and the app says it as home does."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await host_two_seats(app, pilot)
        port = app.session.server.port
        await app.leave_table()
    holder = _held(port)
    try:
        again = make_app(bind="127.0.0.1", port=0)
        async with again.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen))
            said = said_from_now(again)
            again.resume_table(save_path(port), False)  # past home's look, as a race would be
            await wait_for(pilot, lambda: said)
            assert said == [f"Could not resume the table: port {port} is in use, most likely by this table still "
                            f"running. Join it instead (Join a table, or dealmein join 127.0.0.1:{port}), or stop "
                            "what holds the port and resume it again. Its save is kept."], said
            assert again.session is None and save_path(port).is_file()
    finally:
        holder.close()
