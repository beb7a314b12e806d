"""A seat out of a Ninety-Nine match (1.2: out of chips) watches the others play on: the round
it went out in shows its results, the rounds after it are told in the log only (a box over the
table every round would be about a match it no longer plays), and the match's end shows its
results again. Its key bar offers nothing to play."""
from __future__ import annotations

from typing import Any

from tui.plays import own_status
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, key_bar, make_app, wait_for

OUT_NOTE = "You are out of the match: each round's results are told here until it ends."


def log_lines(table: TableScreen) -> list[str]:
    return [entry.plain for entry in table._log.entries]


async def test_rounds_after_the_seat_is_out_are_told_in_the_log_not_over_the_table() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        # manual draw (5.3), and this seat never draws: each round its hand runs dry and costs
        # it 3 chips, so with 6 it is out (1.2, 4.1) in its second round; three bots play on
        choice = TableChoice(game="ninety-nine", preset="manual-draw", options={"chips": 6}, seats=4,
                             bots={1: "easy", 2: "easy", 3: "easy"})
        await app.start_table(choice, solo=True)
        session = app.session
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        results: list[ResultsScreen] = []  # every results screen put up, in order

        def watch() -> dict[str, Any]:
            top = app.screen
            if isinstance(top, ResultsScreen) and top not in results:
                results.append(top)
            return session.view

        for _ in range(3000):  # bounded: this seat plays its cards, never drawing, until it is out
            view = watch()
            if own_status(view).get("out") or view.get("is_over"):
                break
            plays = [a for a in view.get("legal") or [] if a != "draw"]
            if view.get("current_seat") == view.get("seat") and plays:
                await session.client.act(plays[0], view.get("version"))
            await pilot.pause(0.01)
        assert own_status(session.view).get("out") and not session.view.get("is_over")
        # nothing left to play: Draw and Hint leave the key bar (as at a match's end)
        await wait_for(pilot, lambda: "Leave" in key_bar(table) and not {"Draw", "Hint"} & set(key_bar(table)))
        # the round it went out in shows, as every round before it did
        went_out = await wait_for(pilot, lambda: watch() and isinstance(app.screen, ResultsScreen) and app.screen)
        assert went_out.event is not None and went_out.event.get("kind") == "round_over" and not went_out.match_over
        out_round = went_out.event["round"]
        for _ in range(6000):  # bounded: the bots play the match out
            if watch().get("is_over") and results[-1].match_over:
                break
            await pilot.pause(0.01)
        over = results[-1]
        assert over.match_over and session.view.get("is_over")
        later = [line for line in log_lines(table)
                 if line.startswith("Round ") and int(line.split()[1].rstrip(":")) > out_round]
        assert later, "the bots played at least one round after this seat went out"
        # no box for those rounds: the one it went out in stayed up until the match's own
        assert results[-2:] == [went_out, over]
        assert log_lines(table).count(OUT_NOTE) == 1
        lines = log_lines(table)
        assert lines.index(OUT_NOTE) > lines.index(next(line for line in lines if line.startswith(f"Round {out_round} over")))


def test_a_round_is_sat_out_only_when_the_seat_was_out_before_it_began() -> None:
    """One update may carry several rounds (the bots play fast): the round whose events put the
    seat out still shows; the next does not; a watcher (no seat) follows them all."""
    from tui.heldresults import sat_out

    playing = {"seat": 0, "status": [{"chips": 3, "out": False}, {"chips": 3, "out": False}]}
    gone = {"seat": 0, "status": [{"chips": 0, "out": True}, {"chips": 3, "out": False}]}
    events = [{"kind": "chips", "seat": 0, "delta": -3, "left": 0}, {"kind": "out", "seat": 0},
              {"kind": "round_over", "round": 2, "reason": "no_cards", "by": 0},
              {"kind": "play", "seat": 1}, {"kind": "round_over", "round": 3, "reason": "over", "by": 1}]
    assert [sat_out(playing, gone, events, i) for i in (2, 4)] == [False, True]
    assert sat_out(gone, gone, events[3:], 1)  # out before this update began
    assert not sat_out({**gone, "is_over": True}, gone, events[3:], 1)  # that was the last match
    assert not sat_out(None, {**gone, "seat": None}, events, 4)
