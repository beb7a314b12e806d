"""A seat out of a Ninety-Nine match (1.2: out of chips) watches the others play on: the round
it went out in shows its results, the rounds after it are told in the log only (a box over the
table every round would be about a match it no longer plays), and the match's end shows its
results again. Its key bar offers nothing to play."""
from __future__ import annotations

from typing import Any

import pytest

from tui.plays import own_status
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, key_bar, make_app, wait_for

OUT_NOTE = "You are out of the match: each round's results are told here until it ends."


def log_lines(table: TableScreen) -> list[str]:
    return [entry.plain for entry in table._log.entries]


async def test_rounds_after_the_seat_is_out_are_told_in_the_log_not_over_the_table() -> None:
    # the bots pause a little between moves: with none, a loaded machine could see the match
    # run from this seat going out to its end between two looks, and the test would miss it
    app = make_app(seed=3, bot_delay=0.03)
    async with app.run_test(size=(100, 30)) as pilot:
        # manual draw (5.3), and this seat never draws: each round its hand runs dry and costs
        # it 3 chips, so with 4 it is out (1.2, 4.1) in its second round; three bots play on
        choice = TableChoice(game="ninety-nine", preset="manual-draw", options={"chips": 4}, seats=4,
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
        # read and closed: the bots play on (they wait for it, docs/protocol.md "Hand break")
        await wait_for(pilot, went_out.keys_act)
        await pilot.press("enter")
        for _ in range(6000):  # bounded: the bots play the match out
            if watch().get("is_over") and results[-1].match_over:
                break
            await pilot.pause(0.01)
        over = results[-1]
        assert over.match_over and session.view.get("is_over")
        later = [line for line in log_lines(table)
                 if line.startswith("Round ") and int(line.split()[1].rstrip(":")) > out_round]
        assert later, "the bots played at least one round after this seat went out"
        # no box for those rounds: after the one it went out in, the next is the match's own
        assert results[-2:] == [went_out, over]
        assert log_lines(table).count(OUT_NOTE) == 1
        lines = log_lines(table)
        assert lines.index(OUT_NOTE) > lines.index(next(line for line in lines if line.startswith(f"Round {out_round} over")))


def test_a_hand_is_sat_out_only_when_the_seat_was_out_before_it_was_dealt() -> None:
    """One update may carry several hands (the bots play fast): the hand whose events put the
    seat out still shows, whether it went out in its play (Ninety-Nine 4.1, 5.3) or as it was
    settled after its end (Ninety-Eight stakes, 6.3); the next does not; a watcher (no seat)
    follows them all; a seat out already as the app comes in sits out the hand in play."""
    from tui.heldresults import OutSince

    def seats(out: bool, hand: int, seat: int | None = 0) -> dict[str, Any]:
        return {"seat": seat, "hand_number": hand, "status": [{"chips": 0 if out else 3, "out": out}, {"chips": 3}]}

    dry = [{"kind": "chips", "seat": 0, "delta": -3, "left": 0}, {"kind": "out", "seat": 0},
           {"kind": "round_over", "round": 2, "reason": "no_cards", "by": 0},
           {"kind": "deal", "seat": 1, "hand": 3}, {"kind": "play", "seat": 1},
           {"kind": "round_over", "round": 3, "reason": "over", "by": 1}, {"kind": "deal", "seat": 1, "hand": 4}]
    assert OutSince().read(seats(False, 2), seats(True, 4), dry) == [False] * 5 + [True, False]
    settled = [{"kind": "hand_over", "seat": 1, "winners": [1], "hand": 4},
               {"kind": "chips", "seat": 0, "to": 1, "chips": 1, "left": 0}, {"kind": "out", "seat": 0},
               {"kind": "deal", "seat": 1, "hand": 5}, {"kind": "hand_over", "seat": 1, "winners": [1], "hand": 5},
               {"kind": "deal", "seat": 1, "hand": 6}]
    assert OutSince().read(seats(False, 4), seats(True, 6), settled) == [False] * 4 + [True, False]
    # out in the middle of a round that plays on, its end in a later update: that round shows
    paying = [{"kind": "chips", "seat": 0, "delta": -1, "left": 0}, {"kind": "out", "seat": 0}]
    watch = OutSince()
    assert watch.read(seats(False, 2), seats(True, 2), paying) == [False, False]
    assert watch.read(seats(True, 2), seats(True, 4), dry[2:]) == [False, False, False, True, False]
    # a seat out as the app comes in sits out the hand in play; a watcher sits none out
    assert OutSince().read(None, seats(True, 3), dry[4:6]) == [False, True]
    assert OutSince().read(None, seats(True, 3, seat=None), dry[4:6]) == [False, False]


#: the games and variants where a seat can be put out of the match while others play on
OUT_VARIANTS = [("ninety-eight", "standard", {"lives": 2}), ("ninety-eight", "stakes", {"chips": 3}),
                ("ninety-nine", "quick", {}), ("ninety-nine", "manual-draw", {"chips": 2})]


@pytest.mark.parametrize("game,preset,options", OUT_VARIANTS, ids=[f"{g}-{p}" for g, p, _ in OUT_VARIANTS])
def test_sat_out_agrees_with_the_engine_over_random_matches(game: str, preset: str, options: dict[str, Any]) -> None:
    """Over seeded random matches of the real engine, told one play at a time or all in one
    update, a hand counts as sat out exactly when seat 0 was out of the match as it was dealt."""
    import random

    from core import new_match
    from tui.eventtext import ENDINGS
    from tui.heldresults import OutSince

    sat_out_seen = 0
    for seed in range(40):  # bounded: 40 matches of at most 3000 plays each
        m = new_match(game, 4, seed=seed, preset=preset, options=options)
        rng = random.Random(seed)
        first = m.view(0)
        out_when_dealt = {m.hand_number: False}
        told: list[dict[str, Any]] = []  # every event as seat 0 is told it
        answers: list[bool] = []  # for each hand's end, told one play at a time
        one_by_one = OutSince()
        for _ in range(3000):
            if m.is_over:
                break
            before, hand = m.view(0), m.hand_number
            seat = m.current_seat
            events = [e.for_seat(0) for e in m.apply(rng.choice(m.legal_actions(seat)), seat)]
            if m.hand_number != hand:
                assert m.hand_number == hand + 1
                out_when_dealt[m.hand_number] = bool(m.status(0).get("out"))
            view = m.view(0)
            answers += [flag for flag, e in zip(one_by_one.read(before, view, events), events)
                        if e["kind"] in ENDINGS and e["kind"] != "match_over"]
            told += events
        assert m.is_over
        ends = [(i, e) for i, e in enumerate(told) if e["kind"] in ENDINGS and e["kind"] != "match_over"]
        expected = [out_when_dealt[e.get("hand") or e.get("round")] for _, e in ends]
        assert answers == expected, (seed, answers, expected)
        at_once = OutSince().read(first, m.view(0), told)
        assert [at_once[i] for i, _ in ends] == expected, seed
        sat_out_seen += sum(expected)
    assert sat_out_seen, "some hand was played with seat 0 out of the match"


async def test_no_out_note_once_the_match_is_over() -> None:
    """A seat out through the match's last hand: that hand's end and the match's come together,
    and the note that each hand's results are told in the log "until it ends" came after
    "Match over"; once the match is over, the match's results are what comes."""
    from .helpers import start_solo

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        note = "You are out of the match: each hand's results are told here until it ends."
        view = session.view
        session.view = {**view, "is_over": True}
        session._results.show("hand_over", {"kind": "hand_over", "seat": 1, "winners": [1], "hand": 2}, None, True)
        assert note not in log_lines(table)
        session.view = view  # in play: the note is told, once
        session._results.show("hand_over", {"kind": "hand_over", "seat": 1, "winners": [1], "hand": 2}, None, True)
        assert log_lines(table).count(note) == 1
        await app.action_quit()
