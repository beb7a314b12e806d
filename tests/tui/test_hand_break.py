"""The hand break in the app (docs/protocol.md, "Hand break"): at a solo table the bots do not
play the next hand behind a hand's results box; they wait until the player has closed it."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.widgets import Label

from net.server import TableConfig
from tests.net.test_hand_break import first_mover
from tui.handbreak import SOLO_HAND_BREAK
from tui.screens.results import ResultsScreen, played_on_text
from tui.screens.table import TableScreen

from .helpers import (current, log_entries, make_app, play_with_keys, seated_and_dealt, someone_elses_table, start_solo,
                      wait_for)


def moves_since_deal(table: Any) -> int:
    """The moves made in the hand in play after the one that dealt it (``net.handsofar``)."""
    return len(table.hand._moves) - 1


async def test_in_solo_play_the_bots_open_the_next_hand_only_once_its_results_are_closed() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        table = session.table
        assert session.server.hand_break == SOLO_HAND_BREAK
        me = session.seat

        def box_over_a_bots_lead() -> ResultsScreen | None:
            """A hand's box up, the hand after it dealt, and a bot to open it (or that has)."""
            box = current(app, ResultsScreen)
            if box is None or box.match_over or table.match is None or table.match.is_over:
                return None
            return box if first_mover(table) not in (None, me) else None

        # the player plays with the keys, closing each box, until one stands over a hand a bot opens
        await play_with_keys(app, pilot, timeout=90, stop=lambda: box_over_a_bots_lead() is not None)
        box = box_over_a_bots_lead()
        assert box is not None, "the match ended before a hand a bot opens"
        assert box.view["hand_number"] == table.match.hand_number
        version = table.match.version
        await pilot.pause(1.0)  # the bots play at once (no pause in tests) where they do not wait
        assert app.screen is box and moves_since_deal(table) == 0 and table.match.version == version, \
            "no bot moved behind the results"
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        lines = len(log_entries(screen))
        await wait_for(pilot, box.keys_act)
        await pilot.press("enter")  # Continue
        await wait_for(pilot, lambda: app.screen is screen)
        await wait_for(pilot, lambda: moves_since_deal(table) > 0, timeout=5)
        # the player sees the new hand's first plays come, in the log too
        await wait_for(pilot, lambda: len(log_entries(screen)) > lines)
        await app.action_quit()


@asynccontextmanager
async def slow_reader(app: Any, pilot: Any, hand_break: float,
                      turn_time: int = 0) -> AsyncIterator[tuple[Any, TableScreen]]:
    """This app seated at Ana's Ninety-Eight table of three, a bot in seat 3, the match dealt:
    Ana plays her first legal move on each of her turns, and her client says ``seen`` too (it
    announced it) but never does, so each break runs its ``hand_break`` seconds. (The table,
    the app's table screen.)"""
    config = TableConfig(name="Ana's table", game="ninety-eight", seats=3, seed=4, options={"lives": 9},
                         turn_time=turn_time)
    async with someone_elses_table(config, ana_reads=True, hand_break=hand_break) as (srv, table, ana):
        await ana.add_bot(2, "normal")

        async def ana_plays() -> None:
            for _ in range(40000):  # bounded: 5 ms a look, the test ends it long before
                m, v = table.match, ana.view
                if m is not None and v is not None and m.current_seat == 0 and v["version"] == m.version \
                        and v["legal"] and not m.is_over:
                    await ana.act(v["legal"][0], v["version"])
                await asyncio.sleep(0.005)

        screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
        playing = asyncio.get_running_loop().create_task(ana_plays())
        try:
            yield table, screen
        finally:
            playing.cancel()


async def test_at_a_table_with_others_the_log_says_whom_the_bots_wait_for() -> None:
    """Ana is slow to say ``seen``: under a hand's results this player's log says the bots wait
    for her, so that once the results are closed the table standing still reads as a wait, not
    as a table stuck."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        async with slow_reader(app, pilot, 3.0) as (table, screen):
            said = "The bots wait for Ana to read the results, 3 s at most."
            await play_with_keys(app, pilot, timeout=90, stop=lambda: said in log_entries(screen))
            assert table.match.hand_number > 1 and not table.match.is_over
        await app.action_quit()


async def box_over_a_bots_lead(app: Any, pilot: Any, table: Any) -> ResultsScreen:
    """This app plays with its keys, closing each hand's box, until one stands over a hand the
    bot in seat 3 opens (the break holding it): that box, as it was found."""
    found: list[ResultsScreen] = []

    def stop() -> bool:
        box = current(app, ResultsScreen)
        m = table.match
        if box is not None and not box.match_over and m is not None and not m.is_over \
                and m.current_seat == 2 and first_mover(table) == 2 and not found:
            found.append(box)  # as it was then: the break may run out before the next look
        return bool(found)

    await play_with_keys(app, pilot, timeout=90, stop=stop)
    assert found, "the match ended before a hand the bot opens"
    return found[0]


async def test_a_box_left_up_past_the_break_says_the_bots_play_on_beneath_it() -> None:
    """The bots wait for this player to close a hand's box, at most the host's ``hand_break``:
    once they play on with it still up, the box says so (the plays beneath it came unannounced)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        async with slow_reader(app, pilot, 2.5) as (table, screen):
            me = app.session.seat
            box = await box_over_a_bots_lead(app, pilot, table)
            line = box.query_one("#played-on", Label)
            assert not line.display  # the bots wait for this player (and Ana): not yet
            await wait_for(pilot, lambda: line.display, timeout=10)
            assert str(line.render()) in (played_on_text({**table.match.view(me), "current_seat": 2}),
                                          played_on_text(table.match.view(me)))
            # the bot, then Ana (at once, no bot pause here): this player's turn comes beneath the
            # box, which says so
            await wait_for(pilot, lambda: table.match.current_seat == me, timeout=5)
            await wait_for(pilot, lambda: "your turn" in str(line.render()), timeout=5)
            assert str(line.render()) == "The bots played on: your turn has come in the next hand."
            assert app.screen is box  # still up: the line, not the box gone
        await app.action_quit()


async def test_a_box_over_a_hand_played_while_away_says_a_bot_plays_the_seat_beneath_it() -> None:
    """A player who stepped away (A) is waited for by no one: a hand's box that comes up while a
    bot plays their seat says at once that it plays the next hand beneath it too (it said
    nothing, as the bots had not waited for this player to read it)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        async with slow_reader(app, pilot, 2.5) as (table, screen):
            me = app.session.seat
            await wait_for(pilot, lambda: app.session.lobby["seats"][me].get("stepped_away") is False)
            await pilot.press("a")
            await wait_for(pilot, lambda: table.seats[me].stepped_away, timeout=5)
            box = await wait_for(pilot, lambda: current(app, ResultsScreen), timeout=60)
            assert not box.match_over
            line = box.query_one("#played-on", Label)
            await wait_for(pilot, lambda: line.display, timeout=5)
            assert str(line.render()) == "You are away: a bot plays your seat in the next hand, under way beneath."
            assert table.seats[me].stepped_away and app.screen is box
        await app.action_quit()


async def test_with_a_turn_clock_the_box_says_the_players_turn_has_come_once() -> None:
    """The turn clock's line ("Your turn in the next hand: 30 s on the clock.") says the turn
    has come: the bots' line does not say it again beneath it."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        async with slow_reader(app, pilot, 2.5, turn_time=30) as (table, screen):
            me = app.session.seat
            box = await box_over_a_bots_lead(app, pilot, table)
            played_on, clock = box.query_one("#played-on", Label), box.query_one("#your-turn", Label)
            # the bots play on (the lobby no longer marks this seat as read for), the bot and Ana
            # move at once, and this player's turn comes beneath the box, on the clock
            await wait_for(pilot, lambda: app.session.lobby["seats"][me].get("reading") is False, timeout=10)
            await wait_for(pilot, lambda: table.match.current_seat == me, timeout=5)
            await wait_for(pilot, lambda: clock.display, timeout=5)
            await pilot.pause(0.6)  # the box's next look
            assert "on the clock" in str(clock.render()) and not played_on.display
        await app.action_quit()


def test_the_box_says_the_next_hand_is_under_way_then_that_the_players_turn_has_come() -> None:
    view = {"game": "ninety-nine", "seat": 1, "current_seat": 2, "is_over": False, "legal": []}
    assert played_on_text(view) == "The bots play on: the next round is under way beneath."
    mine = {**view, "game": "crazy-eights", "current_seat": 1, "legal": ["draw"]}
    assert played_on_text(mine) == "The bots played on: your turn has come in the next hand."
    # away, the turn is the bot's to play: a seat stepped away from is played at once
    assert played_on_text(mine, away=True) == "You are away: a bot plays your seat in the next hand, under way beneath."


NAMES = ["You", "Bo", "Cy", "Normal bot"]


def _lobby(*reading: bool) -> dict[str, Any]:
    """A lobby in play whose seats' ``reading`` are ``reading``; the last seat a bot's."""
    return {"status": "playing", "hand_break": 15,
            "seats": [{"seat": i, "name": name, "reading": r, "bot": "normal" if i == len(NAMES) - 1 else None}
                      for i, (name, r) in enumerate(zip(NAMES, reading))]}


def test_the_others_read_in_the_log_whom_the_bots_wait_for() -> None:
    """Said as this app's player is done with their own results and others are not: said as
    the break began, Ana read "The bots wait for Bob" though Bob closed his box at once and the
    bots then waited for her."""
    from tui.handbreak import waiting_line

    quiet = _lobby(False, False, False, False)
    all_three = _lobby(True, True, True, False)
    others = _lobby(False, True, True, False)
    bot = len(NAMES) - 1  # the bot to move: it waits
    # as the break starts this player reads too: nothing yet (the box is over the log)
    assert waiting_line(quiet, all_three, NAMES, 0, bot) is None
    # done with theirs: whom the bots still wait for
    assert waiting_line(all_three, others, NAMES, 0, bot) == "The bots wait for Bo and Cy to read the results, 15 s at most."
    # an app whose player is not waited for (a stand-in plays the seat) says it as the break starts
    assert waiting_line(quiet, others, NAMES, 0, bot) == "The bots wait for Bo and Cy to read the results, 15 s at most."
    # said once: not again as one of them is done
    assert waiting_line(others, _lobby(False, True, False, False), NAMES, 0, bot) is None
    # the others done first, this player still reading: no one else to name
    assert waiting_line(all_three, _lobby(True, False, False, False), NAMES, 0, bot) is None
    assert waiting_line(all_three, {**others, "status": "finished"}, NAMES, 0, bot) is None
    # a player to move (Bo, reading, or this one): it is their turn, no bot waits for anyone yet
    assert waiting_line(all_three, others, NAMES, 0, 1) is None and waiting_line(all_three, others, NAMES, 0, 0) is None
    bo = _lobby(False, True, False, False)  # Cy away, a bot standing in: Bo read for
    stood_in = {**bo, "seats": [dict(s, standin=s["seat"] == 2) for s in bo["seats"]]}
    assert waiting_line(all_three, stood_in, NAMES, 0, 2) == "The bots wait for Bo to read the results, 15 s at most."
    # a watcher (no seat) reads no results of its own
    assert waiting_line(quiet, all_three, NAMES, None, bot) == \
        "The bots wait for You, Bo and Cy to read the results, 15 s at most."


def test_the_app_says_seen_only_to_a_host_that_has_the_break_and_only_from_a_seat() -> None:
    """An older host, whose lobby has no ``hand_break``, would end the connection of an app that
    said ``seen``; a watcher's is no one's to wait for."""
    from tui.session import TableSession

    said: list[int] = []

    class Client:
        seat: int | None = 1
        connected = True

        def seen_nowait(self, hand: int) -> None:
            said.append(hand)

    session = TableSession(make_app())
    session.client = Client()  # type: ignore[assignment]
    session.lobby = {"status": "playing", "seats": []}
    session.seen(3)
    assert said == []
    session.lobby = {"status": "playing", "hand_break": 15, "seats": []}
    session.seen(3)
    assert said == [3]
    Client.seat = None
    session.seen(4)
    assert said == [3]
