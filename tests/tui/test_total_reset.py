"""ninety-eight 5.1: when a seat is out the total goes back to 0. Mid-hand the log says so and
the hand's chart shows the drop; when that seat's going out ends the hand, the reset is for no
one, and neither the log nor the chart of the hand's totals ends on it."""
from __future__ import annotations

from typing import Any

from core import new_match

from .helpers import log_entries, make_app, show_match


def _play(match: Any, until: Any, most: int = 2000) -> list[dict[str, Any]]:
    """First legal actions until ``until(events so far)``; the events as seat 0 sees them."""
    events: list[dict[str, Any]] = []
    for _ in range(most):
        if until(events) or match.current_seat is None:
            break
        cur = match.current_seat
        events += [e.for_seat(0) for e in match.apply(match.legal_actions(cur)[0], cur)]
    return events


async def test_a_reset_that_ends_the_hand_is_left_out() -> None:
    match = new_match("ninety-eight", 2, preset="single-hand", seed=5)
    start = match.view(0)
    events = _play(match, lambda ev: any(e["kind"] == "hand_over" for e in ev))
    kinds = [e["kind"] for e in events]
    assert "reset" in kinds and kinds[kinds.index("reset") + 1] == "hand_over"  # the engine's order
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, _ = await show_match(app, pilot, new_match("ninety-eight", 2, preset="single-hand", seed=5))
        assert screen.view["hand"] == start["hand"]
        screen.show(match.view(0), events)
        await pilot.pause()
        log = log_entries(screen)
        assert not any(line.startswith("The total goes back") for line in log)
        assert any(line.startswith("Hand 1 over") for line in log)
        totals = [e["total"] for e in events if e["kind"] == "play"]
        assert screen.hand_totals == totals and totals[-1] != 0  # no 0 after the last play


async def test_a_reset_mid_hand_is_told() -> None:
    match = new_match("ninety-eight", 3, seed=5)
    events = _play(match, lambda ev: any(e["kind"] == "reset" for e in ev))
    assert events[-1]["kind"] == "reset"  # a seat went out and two play on
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, _ = await show_match(app, pilot, new_match("ninety-eight", 3, seed=5))
        screen.show(match.view(0), events)
        await pilot.pause()
        assert log_entries(screen)[-1] == "The total goes back to 0" and screen.totals[-1] == 0


async def test_the_replay_leaves_out_a_reset_that_ends_the_hand(tmp_path) -> None:
    """The replay viewer tells a step's events as the table's log does."""
    import argparse

    from net.matchlog import MatchLog
    from tui.screens.replay import ReplayScreen

    path = tmp_path / "match.jsonl"
    match = new_match("ninety-eight", 2, preset="single-hand", seed=5)
    log = MatchLog(path, app_version="t", game="ninety-eight", players=2, preset="single-hand",
                   options=match.options, seed=5, names=["Ana", "Bo"])
    steps, last = 0, []
    for _ in range(2000):
        if match.is_over:
            break
        seat = match.current_seat
        action = str(match.legal_actions(seat)[0])
        last = [e.kind for e in match.apply(action, seat)]
        log.action(seat, action, match)
        steps += 1
    log.close()
    assert last[-3:] == ["reset", "hand_over", "match_over"]  # the last step holds the reset
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.index == steps
        text = str(app.screen.query_one("#replay-events").render())
        assert "Hand 1 over: Bo wins" in text and "Match over: Bo wins!" in text, text
        assert "The total goes back to 0" not in text, text
