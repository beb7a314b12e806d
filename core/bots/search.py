"""The hard bot: determinised Monte Carlo search.

Each iteration deals the unseen cards at random, consistently with the view
(``core.sampling.determinize``), then plays every candidate move on a copy of that deal and
follows it with fast rollouts until the game's strategy can judge the outcome. All candidates
of one iteration share the deal and the rollout seed, so their values are compared in pairs;
the move with the best mean wins, but the rule-based choice is kept unless the search beats
it clearly (``switch_margin`` standard errors of the paired differences), so that a short
search does not throw a sound move away on noise. A strategy with a ``race_z`` stops playing
out candidates that are clearly behind (``race``), so that the budget buys more deals for the
close ones.
"""
from __future__ import annotations

import functools
import math
import random
import time
from statistics import NormalDist
from typing import Any, Callable

from ..actions import Action
from ..match import Match
from ..sampling import determinize, search_clone
from .base import SWITCH_ALPHA, Strategy, View

#: seconds per decision when neither a budget nor an iteration count is given
DEFAULT_BUDGET = 0.3
#: deals before a strategy's ``race_z`` first drops candidates that are clearly behind, and
#: how often it looks again
RACE_FROM = 24
RACE_EVERY = 8


def rollout_value(strategy: Strategy, m: Match, seat: int, action: Action, view: View,
                  rng: random.Random) -> float:
    """Play ``action`` for ``seat`` on ``m`` (consumed), then roll out; the strategy's value."""
    ctx: dict[str, Any] = {"match": m}  # for strategies that judge the position reached
    value = strategy.watch(m.apply(action, seat), seat, view, ctx)
    steps = 0
    depth, pending = strategy.depth, strategy.pending
    while value is None:
        extra = pending(m)
        if extra is not None:
            value = strategy.watch(m.apply(extra[1], extra[0]), seat, view, ctx)
            if value is not None:
                break
        cur = m.current
        if cur is None or steps >= depth:
            return strategy.cutoff(m, seat, view, ctx)
        legal = m.legal_actions(cur)
        value = strategy.watch(m.apply(strategy.rollout(m, cur, legal, rng), cur), seat, view, ctx)
        steps += 1
    return value


def search(strategy: Strategy, view: View, legal: list[Action], rng: random.Random,
           budget: float | None = None, iterations: int | None = None,
           deal: Callable[[View, random.Random], Match] | None = None) -> int:
    """Index of the chosen move in ``legal``. ``iterations`` (deals sampled) makes the result
    depend on ``rng`` alone; otherwise it searches for ``budget`` seconds of wall time, or
    until the strategy's ``max_deals``, if it has one, sooner.
    ``deal`` gives each iteration's match: by default ``determinize``, leaning each other hand
    toward what its seat's plays say where the strategy has ``fits`` for that (benchmarks swap
    in one that knows the hidden cards, to measure what the sampling costs)."""
    start = time.perf_counter()  # the rule-based choice below counts against the budget too
    if deal is None:
        fits = strategy.fits(view)
        deal = determinize if fits is None else functools.partial(determinize, fits=fits)
    # the move kept unless the search beats it clearly: the rule-based one, or a strategy's
    # own ``prior`` where a stronger rule set was measured for it
    prior = strategy.prior(view, legal, rng)
    cands = strategy.candidates(view, legal)
    if prior not in cands:
        cands = [prior, *cands]
    if len(cands) == 1:
        return cands[0]
    seat: int = view["seat"]
    if iterations is None:
        deadline = start + (DEFAULT_BUDGET if budget is None else budget)
    # a strategy's ``max_deals`` ends a budgeted search early, where more deals were measured
    # to play worse (they let more noisy departures from the rule-based choice pass)
    cap = strategy.max_deals if iterations is None else None
    values: list[list[float]] = [[] for _ in cands]
    active = list(range(len(cands)))  # candidates still searched
    p = cands.index(prior)
    race_z = strategy.race_z
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif cap is not None and done >= cap:
            break
        elif done:
            # stop when one more iteration, at the mean pace so far, would overrun the budget
            now = time.perf_counter()
            if now + (now - start) / done > deadline:
                break
        sample = deal(view, rng)
        seed = rng.getrandbits(32)
        for j in active:
            values[j].append(rollout_value(strategy, search_clone(sample, seed ^ 0x5BD1E995), seat, legal[cands[j]],
                                           view, random.Random(seed)))
        done += 1
        if race_z is not None and len(active) > 2 and done >= RACE_FROM and done % RACE_EVERY == 0:
            active = race(values, active, p, race_z)
    means = [sum(values[j]) / len(values[j]) if j in active else -math.inf for j in range(len(cands))]
    best = max(range(len(cands)), key=lambda j: (means[j], cands[j] == prior))
    if best == p:
        return prior
    if len(values[best]) < 2:
        return prior
    mean, se = paired_gap(values[best], values[p])
    if mean > switch_margin(len(cands), strategy.switch_alpha) * se:
        return cands[best]
    return prior


def paired_gap(better: list[float], other: list[float]) -> tuple[float, float]:
    """Mean of the paired differences of two candidates' values on the same deals, and its
    standard error (at least two deals)."""
    diffs = [a - b for a, b in zip(better, other)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def race(values: list[list[float]], active: list[int], keep: int, z: float) -> list[int]:
    """The candidates left after dropping those that the leader beats by more than ``z``
    standard errors of their paired differences; ``keep`` (the rule-based choice, which the
    final test compares with) and the leader stay. The deals saved go to the close ones."""
    means = {j: sum(values[j]) / len(values[j]) for j in active}
    lead = max(active, key=lambda j: means[j])
    out = []
    for j in active:
        if j != lead and j != keep:
            mean, se = paired_gap(values[lead], values[j])
            if mean > z * se:
                continue
        out.append(j)
    return out


def switch_margin(candidates: int, alpha: float = SWITCH_ALPHA) -> float:
    """Standard errors by which the best candidate must beat the rule-based choice. The best of
    many noisy means beats any fixed one by chance more often, so the bar rises with the
    number of candidates (a one-sided test at ``SWITCH_ALPHA``, split over the comparisons)."""
    return NormalDist().inv_cdf(1.0 - alpha / max(1, candidates - 1))
