"""A join refused for the table's password asks for it and joins again with it, over a real
server on 127.0.0.1: none given, then a wrong one, then the right one; Escape gives up."""
from __future__ import annotations

from textual.widgets import Input, Label

from tui.screens.home import HomeScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.password import PasswordScreen

from .helpers import current, locked_host, wait_for


def detail(screen: PasswordScreen) -> str:
    return str(screen.query_one("#password-detail", Label).render())


async def test_none_then_a_wrong_one_then_the_right_one() -> None:
    async with locked_host() as (srv, app, pilot):
        address = f"127.0.0.1:{srv.port}"
        app.join_address(address)
        asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
        assert f"{address} has a password" in str(asked.query_one("#password-what", Label).render())
        assert detail(asked) == "Type it to join."
        await wait_for(pilot, lambda: app.focused is asked.query_one("#password-input", Input))
        await pilot.press("enter")  # nothing typed: asked again, on the same screen
        await pilot.pause()
        assert app.screen is asked and "Esc to go back" in detail(asked)
        await pilot.press(*"open", "enter")
        again = await wait_for(pilot, lambda: isinstance(app.screen, PasswordScreen) and app.screen is not asked
                               and app.screen)
        assert detail(again) == "That password was wrong: try again."
        await pilot.press(*"sesame", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
        assert app.session.seat == 0
        assert not any(isinstance(s, PasswordScreen) for s in app.screen_stack)
        await app.action_quit()


async def test_escape_gives_up_and_stays_where_the_join_began() -> None:
    async with locked_host() as (srv, app, pilot):
        await pilot.press("j")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
        app.join_address(f"127.0.0.1:{srv.port}", "wrong")
        await wait_for(pilot, lambda: isinstance(app.screen, PasswordScreen))
        assert detail(app.screen) == "That password was wrong: try again."
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause(0.2)
        assert app.session is None and isinstance(app.screen, JoinScreen)
        assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, JoinScreen]


async def test_a_wrong_password_typed_on_the_join_screen_leaves_the_focus_on_it() -> None:
    """Enter in the address box with a wrong password beside it: the table asks again; given up
    with Escape, the focus is in the Join screen's password box, where the fault is, not in the
    address that was right."""
    async with locked_host() as (srv, app, pilot):
        await pilot.press("j")
        join = await wait_for(pilot, lambda: current(app, JoinScreen))
        typed, password = join.query_one("#address", Input), join.query_one("#password", Input)
        password.value = "open"
        await wait_for(pilot, lambda: app.focused is typed)
        await pilot.press(*f"127.0.0.1:{srv.port}", "enter")
        asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
        assert detail(asked) == "That password was wrong: try again."
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is join and app.focused is password, timeout=5)
        await pilot.press("end", "s")
        assert (typed.value, password.value) == (f"127.0.0.1:{srv.port}", "opens")
        assert app.session is None


async def test_join_with_a_password_file_joins_without_asking(tmp_path) -> None:
    """``dealmein join HOST:PORT --password-file FILE``: the file's first line is the password
    (kept off the command line, which every user's process list shows), and the app joins with
    it, no password asked."""
    from net.server import Server, TableConfig
    from tui.app import DealMeInApp
    from tui.cli import build_parser

    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    try:
        srv.create_table(TableConfig(name="Locked", game="ninety-eight", seats=2, password="sesame"))
        path = tmp_path / "pw"
        path.write_text("sesame\nnot this line\n")
        args = build_parser().parse_args(["join", f"127.0.0.1:{srv.port}", "--password-file", str(path)])
        assert args.password == "sesame"
        app = DealMeInApp(args, mdns=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
            assert app.session.seat == 0
            assert not any(isinstance(s, PasswordScreen) for s in app.screen_stack)
            await app.action_quit()
    finally:
        await srv.close()


async def test_the_question_names_a_table_joined_lately() -> None:
    """A club's tables differ by name: "The table at 127.0.0.1:9521 has a password." did not
    say which one it was; a table the app knows (joined lately, or found on the LAN) is named."""
    from tui.recent import note

    async with locked_host() as (srv, app, pilot):
        address = f"127.0.0.1:{srv.port}"
        assert note(f"localhost:{srv.port}", "Room 1", "ninety-eight", password=True) is None
        app.join_address(address)
        asked = await wait_for(pilot, lambda: current(app, PasswordScreen))
        assert str(asked.query_one("#password-what", Label).render()) == \
            f"Room 1, the table at {address}, has a password."
        await pilot.press("escape")
