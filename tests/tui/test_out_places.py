"""The results box gives each seat out of the match the place it went out in (ninety-nine 4.1,
ninety-eight 4.3): it read "out" of every loser, in seat order, so that the player out second of
four read as the one out first; and an app that came in later (a rejoin, a resume) read "out"
with no place, where the seats' status now says when each went out."""
from __future__ import annotations

import random

import pytest

from core import new_match
from tui.outplaces import OutPlaces, ordinal
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen

from .helpers import make_app, play_with_keys, wait_for


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 8, 11, 12, 13, 21, 22, 111)] == \
        ["1st", "2nd", "3rd", "4th", "8th", "11th", "12th", "13th", "21st", "22nd", "111th"]


@pytest.mark.parametrize("game,preset", [("ninety-nine", "quick"), ("ninety-eight", "fast"),
                                         ("ninety-eight", "stakes"), ("ninety-eight", "single-hand")])
def test_each_seat_out_takes_the_place_after_those_still_in(game: str, preset: str) -> None:
    """Over whole random matches, as one seat's app sees them move by move: a seat out alone
    takes the place after the seats still in; seats out on one move share it; the winner has
    none; the places run from the seat count down."""
    for seed in range(30):  # bounded: 30 matches of each
        m = new_match(game, 4, preset=preset, seed=seed)
        rng = random.Random(seed)
        places = OutPlaces()
        before = None
        order: list[list[int]] = []
        moves: list[list[dict]] = []
        while not m.is_over:
            seat = m.current_seat
            events = m.apply(rng.choice(m.view(seat)["legal"]), seat)
            moves.append([e.for_seat(0) for e in events])
            view = m.view(0)
            # ninety-eight 6.1: out of the one hand is out of the match
            out = [e.seat for e in events if e.kind == "out" or preset == "single-hand" and e.kind == "eliminated"]
            if out:
                order.append(out)
            places.read(before, view, [e.for_seat(0) for e in events])
            before = view
        assert set(places.places) == {s for group in order for s in group}
        assert not set(places.places) & set(m.winners)
        left = 4
        for group in order:  # first out first
            assert {places.places[s] for s in group} == {left - len(group) + 1}, (seed, order, places.places)
            left -= len(group)
        if preset == "single-hand":  # read back whole (a resumed table's hand so far), the same places
            again = OutPlaces()
            again.read_hand(moves, m.view(0))
            assert again.places == places.places
        else:  # an app come in at the end (a rejoin, a resume) reads them from the seats' status
            again = OutPlaces()
            again.read(None, m.view(0), [])
            assert again.places == places.places, (seed, again.places, places.places)


def test_a_host_that_says_no_out_at_leaves_the_places_to_the_moves_seen() -> None:
    """A host of an older version: the seats out are placed as this app saw them go, and one
    that came in later places none (rather than all alike)."""
    status = [{"in_hand": True, "out": False}, {"in_hand": False, "out": True}, {"in_hand": False, "out": True}]
    view = {"game": "ninety-nine", "status": status, "hand_number": 3, "options": {}}
    places = OutPlaces()
    places.read(None, view, [])
    assert places.places == {}
    places.read(view, view, [{"kind": "out", "seat": 2}])
    assert places.places == {2: 2}
    told = [{**status[0]}, {**status[1], "out_at": 5}, {**status[2], "out_at": 9}]
    places.read(None, {**view, "status": told}, [])
    assert places.places == {1: 3, 2: 2}


async def test_the_results_of_a_ninety_nine_match_give_the_losers_places() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-nine", preset="quick", options={}, seats=3,
                                          bots={1: "normal", 2: "normal"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        results = await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over
                                 and app.screen)
        places = app.session.out_places.places
        view = results.view
        losers = [seat for seat in range(3) if seat not in view["winners"]]
        assert sorted(places.get(seat, 0) for seat in losers) in ([2, 3], [2, 2]), places
        rows = [strip.text for strip in results._compositor.render_strips()]
        for seat in losers:
            assert any(f"out, {ordinal(places[seat])}" in row for row in rows), rows
