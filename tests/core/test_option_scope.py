"""Options that do nothing under the others: ``Option.applies`` says so, and play agrees.

An option that does not apply must change nothing in a match (the same seed and the same
choices give the same plays, statuses and winners whatever its value), and one that applies
must change something, so the engine's own answer is what a picker or rules page can trust.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from core import GAMES, new_match
from core.options import Option

SEEDS = range(12)
MAX_STEPS = 4000


def _other_values(option: Option) -> list[Any]:
    """Two values of the option far apart, both legal."""
    if option.kind == "bool":
        return [True, False]
    if option.kind == "choice":
        return list(option.choices[:2])
    assert option.min is not None and option.max is not None
    return [option.min, option.max]


def _play(game: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """The course of a match with seat choices drawn from ``seed``: what a seat could do and
    did at each step, each seat's status and the winners."""
    m = new_match(game, players=players, options=options, seed=seed, dealer=0)
    rng = random.Random(seed)
    course: list[Any] = []
    for _ in range(MAX_STEPS):
        if m.is_over:
            break
        legal = [str(a) for a in m.legal_actions()]
        action = rng.choice(legal)
        course.append((m.current_seat, legal, action, m.hand(m.current_seat)))
        m.apply(action)
    course.append([m.status(s) for s in range(players)])
    course.append(m.winners)
    return course


def _idle_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(game, option, other options under which it does not apply), from the schemas."""
    cases = []
    for game, info in GAMES.items():
        for name, option in info.options.items():
            for key, value in option.only_when:
                other = next(v for v in _other_values(info.options[key]) + list(info.options[key].choices)
                             if v != value)
                cases.append((game, name, {key: other}))
            for key, value in option.not_when:
                cases.append((game, name, {key: value}))
    return cases


IDLE = _idle_cases()


def test_the_schemas_name_the_options_the_rules_scope() -> None:
    """Ninety-Eight rules 6.2-6.3 (lives under penalties; chips, ante and hands under stakes);
    Crazy Eights rules 6.1-6.2 (in Countdown the count deals the hand and no points are kept)."""
    assert {(g, n) for g, n, _ in IDLE} == {
        ("ninety-eight", "lives"), ("ninety-eight", "chips"), ("ninety-eight", "ante"),
        ("ninety-eight", "hands"), ("crazy-eights", "hand_size"), ("crazy-eights", "target")}
    ne = GAMES["ninety-eight"]
    base = ne.resolve(4)
    assert ne.applies("lives", base) and not ne.applies("chips", base)
    stakes = ne.resolve(4, "stakes")
    assert not ne.applies("lives", stakes) and all(ne.applies(n, stakes) for n in ("chips", "ante", "hands"))
    single = ne.resolve(4, options={"scoring": "single"})
    assert not any(ne.applies(n, single) for n in ("lives", "chips", "ante", "hands"))
    ce = GAMES["crazy-eights"]
    countdown = ce.resolve(4, "countdown")
    assert not ce.applies("target", countdown) and not ce.applies("hand_size", countdown)
    assert ce.applies("last_card", countdown) and ce.applies("target", ce.resolve(4))


@pytest.mark.parametrize("game,name,under", IDLE, ids=[f"{g}-{n}-{u}" for g, n, u in IDLE])
def test_an_option_that_does_not_apply_changes_nothing(game: str, name: str, under: dict[str, Any]) -> None:
    """Ninety-Eight 6.1-6.3 (lives count only under penalties; chips, ante and hands only under
    stakes); Crazy Eights 6.1-6.2 (Countdown deals by the count and keeps no points)."""
    info = GAMES[game]
    first, second = _other_values(info.options[name])
    resolved = info.resolve(4, options={**under, name: first})
    assert not info.applies(name, resolved)
    for seed in SEEDS:
        assert _play(game, 4, {**under, name: first}, seed) == _play(game, 4, {**under, name: second}, seed), seed


@pytest.mark.parametrize("game,name,under", IDLE, ids=[f"{g}-{n}-{u}" for g, n, u in IDLE])
def test_the_same_option_changes_the_match_where_it_applies(game: str, name: str, under: dict[str, Any]) -> None:
    """The check above could fail: with its scope met (Ninety-Eight 6.2-6.3, Crazy Eights 1.3 and
    5.3 outside Countdown), the same two values part ways."""
    info = GAMES[game]
    option = info.options[name]
    met = {k: v for k, v in option.only_when}  # not_when's condition simply left at its default
    first, second = _other_values(option)
    assert info.applies(name, info.resolve(4, options={**met, name: first}))
    assert any(_play(game, 4, {**met, name: first}, seed) != _play(game, 4, {**met, name: second}, seed)
               for seed in SEEDS)
