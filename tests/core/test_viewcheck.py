"""``core.viewcheck``: every view the engine writes passes, and a view with any known key
garbled is named and refused, never raised on. A client reads its host's views through it."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core import GAMES, new_match
from core.viewcheck import EVENT_KEYS, KEYS, events_problem, view_problem

CASES = [(game, preset) for game, info in GAMES.items() for preset in info.presets]
JUNK: list[Any] = [None, -1, 10 ** 12, "x", "", [], {}, [1, "a"], {"a": 1}, {1: 2}, True, 3.5, ["ZZ"], [None],
                   [[None]], [{"card": 5}], "K", ["KS", 7]]


def _views(game: str, preset: str, seed: int, steps: int = 400,
           events: list[tuple[list[dict[str, Any]], int]] | None = None) -> list[dict[str, Any]]:
    """Every seat's view and the watchers' after each of the first ``steps`` random actions;
    ``events`` collects each action's events as each of them sees them, with the seat count."""
    info = GAMES[game]
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    try:
        m = new_match(game, players, preset=preset, seed=seed)
    except ValueError:  # a preset that needs another seat count (teams)
        m = new_match(game, 4, preset=preset, seed=seed)
    if events is not None:  # the cut for the first dealer, and the first deal
        events += [([e.for_seat(s) for e in m.start_events], m.players) for s in [None, *range(m.players)]]
    views = []
    for _ in range(steps):
        views += [m.view(s) for s in [None, *range(m.players)]]
        if m.is_over:
            break
        done = m.apply(rng.choice(m.legal_actions()))
        if events is not None:
            events += [([e.for_seat(s) for e in done], m.players) for s in [None, *range(m.players)]]
    return views


@pytest.mark.parametrize("game,preset", CASES)
def test_every_view_the_engine_writes_passes(game: str, preset: str) -> None:
    @settings(max_examples=10, deadline=None, database=None, phases=(Phase.generate,))
    @given(st.integers(0, 2 ** 32 - 1))
    def run(seed: int) -> None:
        events: list[tuple[list[dict[str, Any]], int]] = []
        for view in _views(game, preset, seed, events=events):
            assert view_problem(view) is None, (view_problem(view), view)
        for batch, players in events:
            assert events_problem(batch, players) is None, (events_problem(batch, players), batch)

    run()


def test_every_key_the_engine_writes_in_an_event_is_checked() -> None:
    """A key left out of ``EVENT_KEYS`` is passed unread: a host could send anything in it."""
    written: set[str] = set()
    for game, preset in CASES:
        for seed in range(2):
            events: list[tuple[list[dict[str, Any]], int]] = []
            _views(game, preset, seed, steps=150, events=events)
            written |= {key for batch, _ in events for event in batch for key in event}
    assert {"ranks", "same_next", "card", "seat"} <= written  # the walk reached the cut, a reverse, a play
    assert written - set(EVENT_KEYS) == set()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_garbled_view_is_named_and_refused(game: str) -> None:
    base = _views(game, "standard", 3, steps=12)[-1]  # a seat's view a few plays in

    @settings(max_examples=600, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(sorted(KEYS)), st.sampled_from(JUNK), st.booleans())
    def run(key: str, junk: Any, inside: bool) -> None:
        view = copy.deepcopy(base)
        if inside and isinstance(view.get(key), list) and view[key]:
            view[key][0] = junk  # one entry of a list garbled
        else:
            view[key] = junk
        problem = view_problem(view)  # never raises
        if problem is not None:
            assert problem.startswith(key), problem  # says which key

    run()
    for key, bad in (("hand", ["ZZ"]), ("seat", 99), ("status", []), ("winners", [-1]), ("legal", [7]),
                     ("options", {"limit": [1]}), ("game", "snap"), ("players", 99), ("top", "1X")):
        view = copy.deepcopy(base)
        view[key] = bad
        assert view_problem(view) is not None, key
    assert view_problem([]) == "a view is a map"
    assert events_problem([{"kind": "play", "seat": 0, "card": "ZZ"}], 2) == "events[0].card: expected a card"
    assert events_problem([{"kind": "chips", "seat": 9}], 2) == "events[0].seat: expected a seat from 0 to 1"
    assert events_problem([{"seat": 0}], 2) == "events[0]: expected an event with a kind"
    assert events_problem("none", 2) == "events: expected a list"
    assert events_problem([{"kind": "new", "from_a_newer_host": [{}]}], 2) is None
    assert view_problem({**base, "from_a_newer_host": {"anything": [1]}}) is None


@pytest.mark.parametrize("game", list(GAMES))
def test_garbled_events_are_named_and_refused(game: str) -> None:
    events: list[tuple[list[dict[str, Any]], int]] = []
    _views(game, "standard", 5, steps=40, events=events)
    batches = [(batch, players) for batch, players in events if batch]

    @settings(max_examples=600, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(batches), st.sampled_from(sorted(EVENT_KEYS)), st.sampled_from(JUNK))
    def run(chosen: tuple[list[dict[str, Any]], int], key: str, junk: Any) -> None:
        batch, players = copy.deepcopy(chosen)
        batch[0][key] = junk
        problem = events_problem(batch, players)  # never raises
        if problem is not None:
            assert problem.startswith("events[0]"), problem

    run()
