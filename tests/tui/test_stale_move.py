"""A move that reaches the host after the table moved on (docs/protocol.md: an action that
answers an older view is refused as ``stale``), at a real solo table on 127.0.0.1: the player
reads what happened in words of the game, not the protocol's, and may move again."""
from __future__ import annotations

from tui.screens.table import TableScreen
from tui.session import STALE_MOVE, STALE_PASSED

from .helpers import current, make_app, notices, start_solo, wait_for


async def test_a_stale_move_is_told_as_the_table_moving_on_and_may_be_made_again() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_solo(app, pilot)
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        seat = session.seat
        await wait_for(pilot, lambda: session.view["current_seat"] == seat, timeout=30)
        view = session.view
        screen._acted_on = view["version"]  # a move sent in answer to this view: no second one
        screen.send(view["legal"][0])
        await pilot.pause(0.3)
        assert session.view["version"] == view["version"], "the second move was not sent"
        await session.client.act(view["legal"][0], version=view["version"] - 1)  # one that crossed a newer view
        await wait_for(pilot, lambda: STALE_MOVE in notices(app))
        assert not any("answers view" in n for n in notices(app)), notices(app)
        assert session.view["version"] == view["version"]  # refused: the match is as it was
        assert screen._acted_on is None  # the player may move again
        screen.send(view["legal"][0])
        await wait_for(pilot, lambda: session.view["version"] > view["version"])


async def test_a_stale_move_after_the_turn_passed_does_not_say_choose_again() -> None:
    """A turn clock's bot moved for a player on a slow link, whose move then came: "choose
    again" was said while the line above the hand said whose turn it was now."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_solo(app, pilot)
        await wait_for(pilot, lambda: current(app, TableScreen))
        seat = session.seat
        await wait_for(pilot, lambda: session.view["current_seat"] == seat, timeout=30)
        session.view = {**session.view, "current_seat": (seat + 1) % len(session.view["hand_counts"])}
        session._on_error({"code": "stale", "message": "action answers view 3, the table is at view 4"})
        await wait_for(pilot, lambda: STALE_PASSED in notices(app))
        assert STALE_MOVE not in notices(app)


async def test_a_move_pressed_again_while_the_first_is_unanswered_says_it_is_on_its_way() -> None:
    """On a slow link a move key pressed again, the first move not yet answered, did nothing
    without a word: it says the move is on its way, and sends no second one. A double press
    (the second within ``ON_ITS_WAY_AFTER``) does nothing, as it always did."""
    import time

    from tui.screens.table import ON_ITS_WAY, ON_ITS_WAY_AFTER

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = await start_solo(app, pilot)
        screen = await wait_for(pilot, lambda: current(app, TableScreen))
        seat = session.seat
        await wait_for(pilot, lambda: session.view["current_seat"] == seat, timeout=30)
        view = session.view
        # sent in answer to this view a moment ago (the table's answer not yet in)
        screen._acted_on, screen._acted_at = view["version"], time.monotonic()
        screen.send(view["legal"][0])
        await pilot.pause(0.1)
        assert ON_ITS_WAY not in notices(app)
        screen._acted_at = time.monotonic() - ON_ITS_WAY_AFTER  # still unanswered a while on
        screen.send(view["legal"][0])
        await wait_for(pilot, lambda: ON_ITS_WAY in notices(app))
        await pilot.pause(0.3)
        assert session.view["version"] == view["version"], "no second move was sent"
