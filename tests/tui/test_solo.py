"""Complete solo matches of every game, played with the keyboard only, through the same
server and client as LAN play (a private host on 127.0.0.1 in the app's process)."""
from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from textual.widgets import Label, Select

from core import GAMES
from tui.app import DealMeInApp
from tui.matchend import why_over
from tui.record import load as load_record
from tui.saves import solo_saved
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.results import ResultsScreen, standings
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, notices, play_with_keys, wait_for

#: (game, preset, keystrokes typed into an option field or None)
SHORT = [
    ("ninety-eight", "single-hand", None),
    ("ninety-nine", "quick", None),
    ("crazy-eights", "draw-one", ("target", "10")),
]


#: a fixed deal: from a secret one the bot sometimes opens Ninety-Eight's single hand with a King
#: (total 98) to a hand with no King or ten, which is out at once (rule 4.3), and the match is
#: over before the keys have anything to do
SEED = 11


def table_screen(app: DealMeInApp) -> TableScreen | None:
    """The table screen, also under the results screen of a match that is already over."""
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


@pytest.mark.parametrize("game,preset,typed", SHORT, ids=[g for g, _, _ in SHORT])
async def test_solo_match_with_the_keyboard(game: str, preset: str, typed: tuple[str, str] | None) -> None:
    app = make_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        games = list(GAMES)
        await pilot.press(*["down"] * games.index(game), "enter")  # game list: choose, on to presets
        await pilot.pause()
        presets = list(GAMES[game].presets)
        await pilot.press(*["down"] * presets.index(preset))
        await pilot.pause()
        assert (picker.game, picker.preset) == (game, preset)
        picker.query_one("#seats", Select).focus()
        await pilot.press("enter", "up", "up", "enter")  # 4 seats -> 2
        await pilot.pause()
        assert picker.seats == 2
        if game == "crazy-eights":
            picker.query_one("#opt-hand_size", Select).focus()
            await pilot.press("enter", "down", "down", "down", "enter")  # auto -> 3 cards
            await pilot.pause()
            assert picker.values()["hand_size"] == 3
        if typed:
            picker.query_one(f"#opt-{typed[0]}").focus()
            await pilot.press("end", "backspace", "backspace", "backspace", "backspace", *typed[1])
            await pilot.pause()
        assert picker.problem is None
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: table_screen(app))
        session = app.session
        assert session is not None and session.server is not None and session.server.host == "127.0.0.1"
        assert table.view["game"] == game and table.view["players"] == 2
        turns = await play_with_keys(app, pilot, timeout=90)
        assert turns > 0  # the keys took at least one turn (in a short match, maybe only draws)
        results = app.screen
        assert isinstance(results, ResultsScreen) and results.match_over
        if game == "crazy-eights":  # 5.2: the final standings show the points left in the last hand
            points = results.event.get("points")
            assert isinstance(points, list) and len(points) == 2
            assert "points in hand" in [c.header for c in standings(results.view, table.names, results.event).columns]
        assert table.view["is_over"] and table.view["winners"]
        # the table counts the match won, and the results say so once the host has
        winner = table.names[table.view["winners"][0]]
        tally = results.query_one("#tally")
        await wait_for(pilot, lambda: f"{winner}: 1" in str(tally.render()) and tally.display)
        assert str(tally.render()).startswith("Matches won at this table: ")
        await wait_for(pilot, lambda: any(line.text.startswith("Match over:") for line in table.query_one("#log").lines))
        # under it, in the log and the box alike, the rule that ended the match
        lines = log_entries(table)
        why = lines[[i for i, text in enumerate(lines) if text.startswith("Match over:")][-1] + 1]
        assert why and why == str(results.query_one("#results-why", Label).content) == why_over(table.view, table.names)
        # the match is in your record, and the results say where the record stands
        matches, problem = load_record()
        assert problem is None and len(matches) == 1
        played = matches[0]
        assert (played.game, played.preset, played.opponents) == (game, preset, ("normal",))
        assert played.won == (session.seat in table.view["winners"])
        assert played.custom == (game == "crazy-eights")  # its hand size and target were set
        won = int(played.won)
        assert str(results.query_one("#record-line").render()) == \
            f"Your record at {GAMES[game].name}: {won} won of 1 ({100 * won}%)"
        if game == "ninety-eight":
            # Rematch deals a new match at the same table
            await pilot.press("r")
            try:
                await wait_for(pilot, lambda: table.view and not table.view["is_over"] and app.screen is table)
            except AssertionError as e:  # say what the app was showing, to find the cause
                raise AssertionError(
                    f"{e}: screens {[type(x).__name__ for x in app.screen_stack]}, view over "
                    f"{(table.view or {}).get('is_over')}, version {(table.view or {}).get('version')}, "
                    f"lobby {(session.lobby or {}).get('status')}, "
                    f"notices {[n.message for n in app._notifications]}") from None
            # q leaves cleanly: the private host is closed
            server = session.server
            await pilot.press("q")
            deadline = time.monotonic() + 30  # bounded: the quit action closes the host, then the app exits
            while not (server._server is None and app.session is None) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            assert server._server is None
            assert app.session is None
        else:
            # Back to lobby: the lobby of the same table
            await pilot.press("b")
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            assert lobby.link is session and session.lobby["status"] == "finished"
            won = [i for i in range(lobby.query_one("#seats").option_count)
                   if "1 win" in str(lobby.query_one("#seats").get_option_at_index(i).prompt)]
            assert won == table.view["winners"]


async def opening_hand(seed: int) -> list[str]:
    """Our hand at the start of a solo Ninety-Eight match hosted by an app given ``seed``. The
    bots wait 30 s before each play: the hand read is the one dealt, not one after the bots have
    played on (with seed 5 the seat before ours opens with a King, which puts us out of the hand,
    and bots that play at once empty our hand before a busy machine's test reads it)."""
    app = make_app(seed=seed, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        if solo_saved() is not None:  # the match an earlier app left: replace it
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("enter")  # the first game, its first preset, the default seats and bots
        await pilot.pause()
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: table_screen(app))
        await wait_for(pilot, lambda: table.view is not None)
        assert table.view["game"] == "ninety-eight"
        return list(table.view["hand"])


async def test_a_seed_deals_the_same_cards_again() -> None:
    """``dealmein --seed N``: the same seed, game and seats give the same cards."""
    first = await opening_hand(5)
    assert len(first) == 4
    assert await opening_hand(5) == first
    assert await opening_hand(6) != first  # the seed is what fixes them


def painted_screens(app: DealMeInApp) -> list[Any]:
    """Each screen ``app`` draws from now on, in turn (one entry for a run of frames)."""
    painted: list[Any] = []
    display = app._display

    def record(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is not None and (not painted or painted[-1] is not screen):
            painted.append(screen)

    app._display = record  # type: ignore[method-assign]
    return painted


async def start_in_picker(app: DealMeInApp, pilot: Any, key: str) -> PickerScreen:
    """From home, ``key`` (P: Play solo, H: Host) opens the picker, and Start is pressed."""
    await wait_for(pilot, lambda: current(app, HomeScreen))
    await pilot.press(key)
    picker = await wait_for(pilot, lambda: current(app, PickerScreen))
    await pilot.press("ctrl+s")
    return picker


async def test_a_solo_start_goes_straight_to_the_table() -> None:
    """Play solo and Start: the picker stays until the table replaces it, so the next screen
    drawn is the table, with no frame of home or of the lobby on the way; the lobby waits
    beneath it, where the match's end leads back to."""
    app = make_app(seed=SEED)
    painted = painted_screens(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_in_picker(app, pilot, "p")
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        await pilot.pause(0.2)
        assert [type(s) for s in painted] == [HomeScreen, PickerScreen, TableScreen]
        under = app.screen_stack[app.screen_stack.index(table) - 1]
        assert isinstance(under, LobbyScreen) and under.link is app.session
        assert not any(isinstance(s, PickerScreen) for s in app.screen_stack)


async def test_a_hosted_table_opens_straight_on_its_lobby() -> None:
    """Host and Open table: from the picker to the table's lobby with no frame of home."""
    app = make_app(bind="127.0.0.1", port=0)
    painted = painted_screens(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_in_picker(app, pilot, "h")
        await wait_for(pilot, lambda: current(app, LobbyScreen))
        await pilot.pause(0.2)
        assert [type(s) for s in painted] == [HomeScreen, PickerScreen, LobbyScreen]
        assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, LobbyScreen]
        await app.leave_table()


async def test_a_solo_match_that_does_not_start_shows_its_lobby_and_why() -> None:
    """Should the host refuse to deal (a seat left empty), the player is not left looking at
    the picker: the lobby shows, with the host's reason."""
    from tui.screens.picker import TableChoice

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        choice = TableChoice(game="ninety-eight", preset="standard", seats=3, bots={1: "easy"})
        await app.start_table(choice, solo=True)
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        assert lobby.link is app.session and app.session.view is None
        assert "seat 3 is empty" in (app.session.last_said or "")
        # the notice begins as a sentence does; the lobby says what the deal waits for
        assert any(n.startswith("Seat 3 is empty") for n in notices(app))
        await wait_for(pilot, lambda: "Seat 3 is open: B puts a bot in it, then Ctrl+S deals."
                       in str(lobby.query_one("#lobby-info").render()))


async def test_a_table_that_cannot_open_leaves_the_picker_to_try_again() -> None:
    """Start keeps the picker up until the table's first screen replaces it; a table that
    cannot open (here a port no socket can have) is said, and the picker, its choice as it
    was, offers Start again."""
    from textual.widgets import Button

    app = make_app(bind="127.0.0.1", port=70000)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        chosen = (picker.game, picker.preset, picker.seats)
        start, opening, seen = picker.query_one("#start", Button), picker.on_start, []

        def opens(choice: Any) -> None:  # the table is opened as ever; what Start reads meanwhile noted
            seen.append((start.disabled, str(start.label)))
            opening(choice)

        picker.on_start = opens
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any("Could not open the table" in n.message for n in app._notifications))
        await wait_for(pilot, lambda: not picker.opening)
        assert app.screen is picker and app.session is None
        assert (picker.game, picker.preset, picker.seats) == chosen
        assert seen == [(True, "Opening…")]  # until the table opens, or cannot
        assert not start.disabled and str(start.label) == "Open table"



async def test_an_opening_overtaken_by_another_table_leaves_the_picker_to_try_again() -> None:
    """Start's opening is cancelled before it runs by a join taken up in the same moment (one
    table at a time: the later one runs in its place). The join fails; the picker, left up,
    offers Start again rather than stay "Opening…" with its key spent."""
    from textual.widgets import Button

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        start, opening = picker.query_one("#start", Button), picker.on_start
        assert opening is not None

        def overtaken(choice: Any) -> None:
            opening(choice)
            app.join_address("127.0.0.1:1")  # no table listens there

        picker.on_start = overtaken
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not picker.opening)
        assert app.screen is picker and app.session is None
        assert not start.disabled and str(start.label) == "Open table"
        picker.on_start = opening
        await pilot.press("ctrl+s")  # Start opens the table after all
        await wait_for(pilot, lambda: current(app, LobbyScreen))
        await app.leave_table()

async def test_a_table_opened_from_another_stands_on_home_alone() -> None:
    """Host a table from the palette while at one: once the new table's lobby comes, the old
    table's screens are gone with its picker (the old table closed as the new one opened), so
    nothing of it is left beneath, to show again or to be left twice."""
    from tests.tui.helpers import host_two_seats

    app = make_app(bind="127.0.0.1", port=0)
    painted = painted_screens(app)
    async with app.run_test(size=(100, 30)) as pilot:
        old = await host_two_seats(app, pilot)
        first = app.session
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Host a table")
        command.callback()
        await wait_for(pilot, lambda: current(app, PickerScreen))
        painted.clear()
        await pilot.press("ctrl+s")
        new = await wait_for(pilot, lambda: app.screen is not old and current(app, LobbyScreen))
        await pilot.pause(0.2)
        assert app.session is not first and first.closing and new.link is app.session
        assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, LobbyScreen]
        assert painted[-1] is new and not [s for s in painted if s is not new and not isinstance(s, PickerScreen)]
        await app.leave_table()
