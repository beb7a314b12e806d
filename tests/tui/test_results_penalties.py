"""Crazy Eights results (rules 4.2, 5.2): a hand's results show the points left in each hand
and, where the hand gave any, the penalties that a wrong or missing "last card!" added, so that
each seat's score moves by exactly what the box shows."""
from __future__ import annotations

from typing import Any

import pytest

from rich.console import Console

from tui.screens.picker import TableChoice
from tui.screens.results import standings
from tui.screens.table import TableScreen

from .helpers import current, make_app, play_with_keys, wait_for


def _text(view: dict[str, Any], event: dict[str, Any]) -> str:
    console = Console(width=100, record=True)
    console.print(standings(view, ["You", "Bot"], event))
    return console.export_text()


async def test_each_hands_box_shows_what_moved_the_scores() -> None:
    """Played with Enter only (never L), this seat plays down to one card unannounced and takes
    4.2's 10 points: the hand's box has a penalties column saying so, and for every seat the
    score moves by the points left in hand plus the penalties shown, hand after hand."""
    app = make_app(seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        choice = TableChoice(game="crazy-eights", preset="standard", options={"hand_size": 3}, seats=2,
                             bots={1: "normal"})
        await app.start_table(choice, solo=True)
        session = app.session
        await wait_for(pilot, lambda: current(app, TableScreen))
        shown: list[tuple[dict[str, Any], dict[str, Any]]] = []
        show = session._results.show

        def keep(kind: Any, event: Any = None, view: Any = None, out: bool = False, match: Any = None) -> None:
            if kind == "hand_over":
                shown.append((view or session.view, event))
            show(kind, event, view, out, match)

        session._results.show = keep
        await play_with_keys(app, pilot, timeout=120)
        assert shown and session.view["is_over"]
        before = [0, 0]
        penalised = 0
        for view, event in shown:
            scores = [s["score"] for s in view["status"]]
            penalties = event.get("penalties") or [0, 0]
            assert [b + p + q for b, p, q in zip(before, event["points"], penalties)] == scores, (before, event, scores)
            text = _text(view, event)
            if any(penalties):
                penalised += 1
                assert "penalties" in text and f"+{penalties[0] or penalties[1]}" in text
            else:
                assert "penalties" not in text
            before = scores
        assert penalised, "this seat, never announcing, took a penalty in some hand"
        await app.action_quit()


async def test_a_hand_resumed_midway_counts_the_penalties_taken_before_it_was_left() -> None:
    """A solo Crazy Eights match left after this seat took 4.2's penalty and resumed in a new
    app: the hand's box shows that penalty (read back from the hand so far), and the seat's
    score moves by the points in hand plus it."""
    from tui.saves import solo_save_path
    from net.savefile import read_save

    choice = TableChoice(game="crazy-eights", preset="standard", options={"hand_size": 3}, seats=2,
                         bots={1: "normal"})
    app = make_app(seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(choice, solo=True)
        session = app.session
        await wait_for(pilot, lambda: current(app, TableScreen))
        await play_with_keys(app, pilot, timeout=60, stop=lambda: bool(session._change.points))
        taken = dict(session._change.points)
        await wait_for(pilot, lambda: read_save(solo_save_path()).state["actions"] == session.table.actions)
        left = session.view
        app.back_home()
        await wait_for(pilot, lambda: app.session is None)
    assert not left["is_over"] and left["hand_number"] >= 1
    # the penalty counts on the score as it is taken: the hand began with it less
    scores = [s["score"] - taken.get(i, 0) for i, s in enumerate(left["status"])]

    fresh = make_app(seed=4)
    async with fresh.run_test(size=(100, 30)) as pilot:
        fresh.resume_table(solo_save_path(), solo=True)
        await wait_for(pilot, lambda: fresh.session is not None and fresh.session.view is not None)
        session = fresh.session
        assert session.view["hand_number"] == left["hand_number"]  # the same hand, midway
        assert session._change.points == taken
        shown: list[tuple[dict[str, Any], dict[str, Any]]] = []
        show = session._results.show

        def keep(kind: Any, event: Any = None, view: Any = None, out: bool = False, match: Any = None) -> None:
            if kind in ("hand_over", "match_over"):
                shown.append((view or session.view, event))
            show(kind, event, view, out, match)

        session._results.show = keep
        await wait_for(pilot, lambda: current(fresh, TableScreen))
        await play_with_keys(fresh, pilot, timeout=60, stop=lambda: bool(shown))
        view, event = shown[0]
        penalties = event.get("penalties") or [0, 0]
        assert penalties == [taken.get(0, 0), taken.get(1, 0)], (event, taken)
        if event.get("kind") == "hand_over":
            after = [s["score"] for s in view["status"]]
            assert [b + p + q for b, p, q in zip(scores, event["points"], penalties)] == after
        assert "penalties" in _text(view, event)
        await fresh.leave_table()


@pytest.mark.parametrize("same_hand", [True, False], ids=["same-hand", "next-hand"])
async def test_penalties_followed_in_one_hand_are_not_carried_into_the_next(same_hand: bool) -> None:
    """crazy-eights 4.2: back at the table with the hand so far cut short (a long hand's latest
    moves only, no deal among them), an app that followed this very hand keeps the penalties it
    counted; one whose last view was of the hand before counts only what the hand so far shows,
    not the earlier hand's."""
    from core import new_match
    from tui.session import TableSession

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        match = new_match("crazy-eights", 2, seed=3)
        session = TableSession(app)
        session.lobby = {"name": "t", "game": "crazy-eights", "preset": "standard", "options": {}, "status": "playing",
                         "seats": [{"seat": 0, "name": "Ana", "bot": None, "connected": True, "wins": 0},
                                   {"seat": 1, "name": "Bo", "bot": None, "connected": True, "wins": 0}]}
        before = match.view(0)
        session.view = {**before, "hand_number": 1}
        session._change.points = {0: 10}  # Ana's penalty in the hand this app followed
        now = {**before, "hand_number": 1 if same_hand else 2, "version": before["version"] + 40}
        moves = [{"version": now["version"], "events": [{"kind": "play", "seat": 1, "card": "5H", "action": "5H"}]}]
        session._on_update({"type": "view", "view": now, "events": [], "earlier": moves})
        await pilot.pause()
        assert session._change.points == ({0: 10} if same_hand else {})


async def test_a_ninety_nine_rounds_box_says_what_it_cost_each_seat() -> None:
    """ninety-nine 3.3: a round's box has a "this round" column (3.4: the game plays rounds, not
    hands, as its box's title and running total say) with the chips each seat lost or
    won in it ("-2 chips"), so the standings' moves are read there, not dug out of the log; what
    it says is what the standings moved by."""
    app = make_app(seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-nine", preset="quick", options={}, seats=2,
                                          bots={1: "normal"}), solo=True)
        session = app.session
        await wait_for(pilot, lambda: current(app, TableScreen))
        shown: list[tuple[dict[str, Any], dict[str, Any]]] = []
        show = session._results.show

        def keep(kind: Any, event: Any = None, view: Any = None, out: bool = False, match: Any = None) -> None:
            if kind in ("hand_over", "round_over", "match_over"):
                shown.append((view or session.view, event))
            show(kind, event, view, out, match)

        session._results.show = keep
        await play_with_keys(app, pilot, timeout=120)
        assert shown
        before = [3, 3]
        said = 0
        for view, event in shown:
            chips = [s["chips"] for s in view["status"]]
            changes = event.get("changes") or ["", ""]
            moved = [c - b for b, c in zip(before, chips)]
            assert [int(c.split()[0]) if c else 0 for c in changes] == moved, (before, event, chips)
            if any(moved):
                said += 1
                assert "this round" in _text(view, event) and "this hand" not in _text(view, event)
            before = chips
        assert said
        await app.action_quit()


def test_the_columns_fit_whole_in_a_60_column_terminals_box() -> None:
    """At 60x18 the results box holds 53 cells: a Crazy Eights hand with penalties (five columns,
    names as long as "Normal bot 2") read "penalti…" there; each heading is whole now."""
    view = {"game": "crazy-eights", "is_over": False, "winners": [],
            "status": [{"score": s, "in_hand": True, "out": False} for s in (10, 64, 120, 7)],
            "options": {}}
    event = {"kind": "hand_over", "points": [0, 23, 54, 7], "penalties": [10, 0, 0, 0], "winners": [0]}
    console = Console(width=53, record=True)
    console.print(standings(view, ["You", "Normal bot", "Normal bot 2", "Normal bot 3"], event))
    text = console.export_text()
    header = text.splitlines()[0]
    assert "points in hand" in header and "penalties" in header and "…" not in text, text
    assert "Normal bot 2" in text and "+10" in text
