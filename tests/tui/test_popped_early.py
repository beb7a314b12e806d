"""Leaving a screen the moment it opens: a screen popped before it finished mounting still gets
its Mount event, with its widgets already gone. The app must carry on as if it had mounted."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from textual.screen import Screen

from core import new_match
from net.server import Server, TableConfig
from tui.screens.choice import ChoiceScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.join import JoinScreen
from tui.screens.joining import JoiningScreen
from tui.screens.keys import KeysScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.password import PasswordScreen
from tui.screens.picker import PickerScreen, TableChoice
from tui.screens.results import ResultsScreen
from tui.screens.rules import RulesScreen
from tui.screens.record import RecordScreen
from tui.screens.replay import ReplayScreen
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen
from tui.session import TableSession

from .helpers import current, make_app, wait_for
from .matchlink import MatchLink
from .test_compose_races import lobby
from .test_replay_screen import write_log


def _table(app: Any, folder: Path) -> TableScreen:
    link = MatchLink(new_match("ninety-eight", 2, seed=3), 0)
    screen = TableScreen(link, app.card_style, app.palette)
    screen.show(link.view(), [])
    return screen


def _results(app: Any, folder: Path) -> ResultsScreen:
    link = MatchLink(new_match("ninety-eight", 2, seed=3), 0)
    return ResultsScreen(link, link.view(), link.names, [0, 10], match_over=True)


def _lobby(app: Any, folder: Path) -> LobbyScreen:
    session = TableSession(app)
    session.lobby = lobby()
    return LobbyScreen(session)


def _replay(app: Any, folder: Path) -> ReplayScreen:
    path = folder / "match.jsonl"
    write_log(path)
    return ReplayScreen(path)


#: each screen made for ``app``, any file it opens in ``folder``
SCREENS: dict[str, Callable[[Any, Path], Screen]] = {
    "home": lambda app, folder: HomeScreen(),
    "picker": lambda app, folder: PickerScreen(),
    "join": lambda app, folder: JoinScreen(),
    "rules": lambda app, folder: RulesScreen(),
    "help": lambda app, folder: HelpScreen(),
    "settings": lambda app, folder: SettingsScreen(),
    "record": lambda app, folder: RecordScreen(),
    "keys": lambda app, folder: KeysScreen(),
    "choice": lambda app, folder: ChoiceScreen("Play the ace as", ["play AS 1", "play AS 11"]),
    "confirm": lambda app, folder: ConfirmScreen("Leave this match?", "It is saved.", yes="Leave"),
    "joining": lambda app, folder: JoiningScreen("127.0.0.1:7098", None),
    "password": lambda app, folder: PasswordScreen("127.0.0.1:7098", wrong=False),
    "results": _results,
    "table": _table,
    "lobby": _lobby,
    "replay": _replay,
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_popped_before_it_mounts(name: str, tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        under = app.screen
        app.push_screen(SCREENS[name](app, tmp_path))
        app.pop_screen()  # at once: the pushed screen has not mounted yet
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.screen is under
        await pilot.press("p")  # the app still answers keys: the solo picker opens
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_still_mounting_when_the_app_closes(name: str, tmp_path: Path) -> None:
    """Closing the app prunes every screen on the stack, the stack itself last: a screen still
    mounting then gets its Mount event with its widgets gone while it is still on the stack.
    It must not end the app with an error (quitting, or an SSH player dropping, as a table opens)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(SCREENS[name](app, tmp_path))  # and the app closes at once: the screen has not mounted


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
async def test_leaving_a_solo_table_the_moment_it_opens(pauses: int) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        choice = TableChoice(game="ninety-eight", preset="standard", options={}, seats=3,
                             bots={1: "easy", 2: "easy"})
        await app.start_table(choice, solo=True)
        for _ in range(pauses):  # the table's screens part-way through mounting
            await pilot.pause(0)
        app.back_home()
        await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))
        for _ in range(20):  # the bots' last plays, still on their way, bring nothing back
            await pilot.pause(0.01)
        assert app.is_running
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["HomeScreen"]


async def test_leaving_while_views_stream_in_brings_no_table_back() -> None:
    """A view already on its way when the player leaves must not open the table again over the
    home screen: a spectator at a table of four bots gets a view for every play."""
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.002)
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="bots", game="ninety-eight", preset="standard", seats=4, seed=5))
        for seat in range(4):
            table.add_bot(seat, "easy")
        table._start_match()
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await app.join_table(f"127.0.0.1:{srv.port}")
            shown = await wait_for(pilot, lambda: current(app, TableScreen))
            # a table joined in mid-match: its table on top, the lobby beneath
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["HomeScreen", "LobbyScreen", "TableScreen"]
            version = shown.view["version"]
            await wait_for(pilot, lambda: shown.view["version"] > version)  # the plays stream in
            streaming = not table.match.is_over
            app.back_home()
            await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))
            for _ in range(30):
                await pilot.pause(0.01)
            assert streaming  # the player left while views were still coming
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["HomeScreen"]
    finally:
        await srv.close()


@pytest.mark.parametrize("pauses", [0, 1])
@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_still_mounting_when_the_app_is_asked_to_exit(name: str, pauses: int, tmp_path: Path) -> None:
    """Asked to exit (an SSH session's app at SIGTERM), the app mounts nothing more while it
    still runs: a screen part-way through mounting (home, opened as the host closed the table)
    gets its Mount event with its widgets' own widgets never mounted. It must not end the app
    with an error, which an SSH session's player reads as a traceback and status 1."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(SCREENS[name](app, tmp_path))
        for _ in range(pauses):  # the screen part-way through mounting
            await pilot.pause(0)
        app.exit()
    assert app._exception is None and app.return_code == 0
