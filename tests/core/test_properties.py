"""Properties every game of ``core.GAMES`` keeps, in every preset and at every table size,
under random legal play (including actions open to seats other than the current one).

The games and presets are read from the registry, so a newly registered game is covered
without touching this file. The invariants test plays at least 2,000 whole matches per game,
each under an action bound that must never be reached; the determinism, restore and
hidden-information tests follow the first PREFIX actions of more matches."""
from __future__ import annotations

import functools
import json
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from core import GAMES, Match, new_match
from core.actions import Action
from core.cards import CARD_STR
from core.events import Event
from core.keyed_random import KEYED_FROM

#: no match of any game, preset or size comes near this (the longest, a countdown at eight
#: seats, takes some 15,000 random actions); reaching it means play does not end
ACTION_BOUND = 100_000
#: complete random matches per game in the invariants test, shared out between the presets
INVARIANT_MATCHES = 2000
MIN_PER_PRESET = 20
#: matches per game in each of the three other tests, which follow at most PREFIX actions
OTHER_MATCHES = 40
PREFIX = 300

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
#: match seeds for both generators: below 2**64 the Mersenne Twister deals, from there up the
#: keyed one that fresh (networked) matches use (README, "Shuffling")
MATCH_SEEDS = st.one_of(SEEDS, st.integers(min_value=KEYED_FROM, max_value=2**256 - 1))
#: seeds do not shrink into anything simpler, and shrinking whole matches takes minutes
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def seat_counts(game: str, preset: str) -> list[int]:
    """Table sizes the game's option check accepts for this preset."""
    info = GAMES[game]
    ok = []
    for n in range(max(2, info.min_players), min(8, info.max_players) + 1):
        try:
            info.resolve(n, preset)
        except ValueError:
            continue
        ok.append(n)
    return ok


COMBOS = [(g, p) for g in GAMES for p in GAMES[g].presets if seat_counts(g, p)]
GAME_PRESETS = {g: [p for gg, p in COMBOS if gg == g] for g in GAMES}


@functools.cache
def mean_length(game: str, preset: str) -> float:
    """Actions in a random match of this preset (two matches at about four seats)."""
    sizes = seat_counts(game, preset)
    players = min(sizes, key=lambda n: abs(n - 4))
    total = 0
    for seed in (1, 2):
        m = new_match(game, players, preset=preset, seed=seed)
        total += play(m, random.Random(seed))
    return total / 2


def per_preset(game: str, preset: str) -> int:
    """This preset's share of the game's matches: every preset gets about the same number of
    actions, so a preset with long matches (countdown) plays fewer, never under MIN_PER_PRESET."""
    weights = {p: 1 / max(1.0, mean_length(game, p)) for p in GAME_PRESETS[game]}
    share = weights[preset] / sum(weights.values())
    return max(MIN_PER_PRESET, math.ceil(INVARIANT_MATCHES * share))


def choices(m: Match) -> list[list[Action]]:
    """The actions open to each seat now: the current seat's and any other seat's (a manual draw)."""
    return [m.legal_actions(s) for s in range(m.players)]


def pick(m: Match, open_: list[list[Action]], rng: random.Random) -> tuple[int, Action]:
    """A uniformly random (seat, action) among those open."""
    k = rng.randrange(sum(map(len, open_)))
    for seat, actions in enumerate(open_):
        if k < len(actions):
            action = actions[k]
            break
        k -= len(actions)
    # A "last card" announcement is offered with every play; chosen at random it is wrong half
    # the time, and in countdown each wrong one draws two, so hands grow and play never ends.
    # Announce truthfully nine times in ten (wrong announcements are still exercised).
    if action.kind == "play" and rng.random() < 0.9:
        truthful = action._replace(announce=len(m.hands[seat]) == 2)
        if truthful in actions:
            action = truthful
    return seat, action


def check_invariants(m: Match, deck_size: int, open_: list[list[Action]]) -> None:
    """What must hold between any two actions (``open_``: ``choices(m)``)."""
    assert sum(map(len, m.hands)) + len(m.stock) + len(m.pile) + len(m.cleared) + len(m.aside) == deck_size
    if m.is_over:
        assert m.current_seat is None and m.winners
        assert not any(open_)
        return
    cur = m.current_seat
    assert cur is not None and 0 <= cur < m.players
    assert open_[cur], f"seat {cur} is to act but has no legal action"
    out = m.out
    if any(out):
        for s in range(m.players):
            if out[s]:
                assert s != cur and not open_[s], f"seat {s} is out of the match but may act"
                assert m.status(s)["out"] is True
    if m.game == "ninety-eight":
        assert 0 <= m.total <= m.options["limit"]  # type: ignore[operator]


def play(m: Match, rng: random.Random, each: Any = None, limit: int | None = None,
         invariants: bool = False) -> int:
    """Random legal play to the end, or for ``limit`` actions; returns the action count.
    ``invariants``: check them before every action and at the end."""
    size = len(m.full_deck())
    for n in range(limit or ACTION_BOUND):
        open_ = choices(m)
        if invariants:
            check_invariants(m, size, open_)
        if m.is_over:
            return n
        assert any(open_), f"{m!r}: the match is not over but no seat has an action"
        seat, action = pick(m, open_, rng)
        events = m.apply(action, seat)
        if each is not None:
            each(seat, action, events)
    if limit is not None:
        return limit
    raise AssertionError(f"{m!r} did not end within {ACTION_BOUND} actions")


def step(m: Match, rng: random.Random) -> tuple[int, Action, list[Event]]:
    open_ = choices(m)
    seat, action = pick(m, open_, rng)
    return seat, action, m.apply(action, seat)


# ------------------------------------------------------------------ the invariants
@pytest.mark.parametrize("game,preset", COMBOS)
def test_random_matches_keep_the_invariants(game: str, preset: str) -> None:
    """Ends within the bound; cards conserved after every action; the current seat can act;
    seats out never act; the total stays within the limit (ninety-eight)."""
    sizes = seat_counts(game, preset)

    @settings(max_examples=per_preset(game, preset), database=None, phases=NO_SHRINK, report_multiple_bugs=False)
    @given(players=st.sampled_from(sizes), seed=MATCH_SEEDS, play_seed=SEEDS)
    def run(players: int, seed: int, play_seed: int) -> None:
        m = new_match(game, players, preset=preset, seed=seed)
        play(m, random.Random(play_seed), invariants=True)
        assert m.is_over

    run()


# ------------------------------------------------------------------ determinism
@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_and_actions_give_the_same_match(game: str) -> None:
    """README shuffling: same seed, options and actions replay identically (identical snapshots)."""
    combos = [(p, n) for p in GAME_PRESETS[game] for n in seat_counts(game, p)]

    @settings(max_examples=OTHER_MATCHES, database=None, phases=NO_SHRINK, report_multiple_bugs=False)
    @given(combo=st.sampled_from(combos), seed=MATCH_SEEDS, play_seed=SEEDS)
    def run(combo: tuple[str, int], seed: int, play_seed: int) -> None:
        preset, players = combo

        def once() -> tuple[list[bytes], list[dict[str, Any]]]:
            m = new_match(game, players, preset=preset, seed=seed)
            snaps = [m.snapshot()]
            log = [e.to_dict() for e in m.start_events]

            def record(seat: int, action: Action, events: list[Event]) -> None:
                log.extend(e.to_dict() for e in events)
                log.append({"acted": seat, "action": str(action)})
                if len(log) % 5 == 0:  # a snapshot now and then: they are the slow part
                    snaps.append(m.snapshot())

            play(m, random.Random(play_seed), record, PREFIX)
            return [*snaps, m.snapshot()], log

        assert once() == once()

    run()


@pytest.mark.parametrize("game", list(GAMES))
def test_snapshot_restore_and_clone_give_the_same_future(game: str) -> None:
    """engine contract snapshot/restore and clone: play on with the same choices, the same things happen."""
    combos = [(p, n) for p in GAME_PRESETS[game] for n in seat_counts(game, p)]

    @settings(max_examples=OTHER_MATCHES, database=None, phases=NO_SHRINK, report_multiple_bugs=False)
    @given(combo=st.sampled_from(combos), seed=MATCH_SEEDS, play_seed=SEEDS, cut=st.integers(0, 400))
    def run(combo: tuple[str, int], seed: int, play_seed: int, cut: int) -> None:
        preset, players = combo
        m = new_match(game, players, preset=preset, seed=seed)
        rng = random.Random(play_seed)
        for _ in range(cut):
            if m.is_over:
                break
            step(m, rng)
        data = m.snapshot()
        m.legal_actions()
        m.view(0)
        assert m.snapshot() == data, "reading a match changed its snapshot"
        twins = [Match.restore(data), m.clone()]
        follow = rng.getrandbits(32)
        rngs = [random.Random(follow) for _ in range(3)]
        matches = [m, *twins]
        for n in range(PREFIX + 1):
            if n % 8 == 0 or m.is_over or n == PREFIX:
                views = [[x.view(s) for s in range(players)] for x in matches]
                assert views[0] == views[1] == views[2]
            assert [x.is_over for x in matches] == [m.is_over] * 3
            if m.is_over or n == PREFIX:
                break
            opts = [choices(x) for x in matches]
            assert opts[0] == opts[1] == opts[2]
            picks = [pick(x, o, r) for x, o, r in zip(matches, opts, rngs)]
            assert picks[0] == picks[1] == picks[2]
            seat, action = picks[0]
            logs = [[e.to_dict() for e in x.apply(action, seat)] for x in matches]
            assert logs[0] == logs[1] == logs[2]
        assert json.loads(twins[0].snapshot()) == json.loads(m.snapshot())

    run()


# ------------------------------------------------------------------ hidden information
def strings(value: Any) -> list[str]:
    """Every string anywhere in a view (keys included), in no particular order. A walk with a
    stack of its own: views are checked hundreds of thousands of times a run."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


CARD_NAMES = frozenset(CARD_STR)
#: view keys that hold rule data (ranks the rules name, such as a wild "JK"), not cards
RULE_KEYS = ("legal", "top", "options", "wild")


def check_view(m: Match, seat: int | None) -> None:
    """No card of another seat's hand in ``seat``'s view beyond own-hand and pile copies."""
    v = m.view(seat)
    own = Counter(CARD_STR[c] for c in m.hands[seat]) if seat is not None else Counter()
    pile = Counter(CARD_STR[c] for c in m.pile)
    assert v["hand"] == [CARD_STR[c] for c in m.hands[seat]] if seat is not None else v["hand"] == []
    for text in v["legal"]:  # one's own moves: cards from one's own hand
        a = Action.parse(text)
        if a.kind == "play":
            assert CARD_STR[a.card] in own
    if v.get("top") is not None:
        assert v["top"] == CARD_STR[m.pile[-1]]
    others = Counter(CARD_STR[c] for s, h in enumerate(m.hands) if s != seat for c in h)
    rest = {k: x for k, x in v.items() if k not in RULE_KEYS and k != "plays"}
    seen = Counter(t for t in strings(rest) if t in CARD_NAMES)
    for seat_plays in v.get("plays") or ():  # Ninety-Nine: plays seen, their cards still on the pile
        for play in seat_plays:
            assert play["card"] in pile
    for card in others:
        assert seen[card] <= own[card] + pile[card], (
            f"seat {seat} sees {card} {seen[card]} times; it holds {own[card]}, the pile {pile[card]}")


def check_events(events: list[Event], players: int) -> None:
    """An event shows a seat other than its owner no more than a spectator sees."""
    for e in events:
        public = e.for_seat(None)
        for s in range(players):
            if s != e.seat:
                assert e.for_seat(s) == public


@pytest.mark.parametrize("game", list(GAMES))
def test_views_and_events_hide_other_hands(game: str) -> None:
    """README hidden information / engine contract view: a seat's view never holds another seat's cards."""
    combos = [(p, n) for p in GAME_PRESETS[game] for n in seat_counts(game, p)]

    @settings(max_examples=OTHER_MATCHES, database=None, phases=NO_SHRINK, report_multiple_bugs=False)
    @given(combo=st.sampled_from(combos), seed=MATCH_SEEDS, play_seed=SEEDS)
    def run(combo: tuple[str, int], seed: int, play_seed: int) -> None:
        preset, players = combo
        m = new_match(game, players, preset=preset, seed=seed)
        check_events(m.start_events, players)

        count = 0

        def each(seat: int, action: Action, events: list[Event]) -> None:
            nonlocal count
            count += 1
            check_events(events, players)
            # every seat's view after every fourth action, the actor's after every one
            for s in [None, *range(players)] if count % 4 == 0 or m.is_over else [seat]:
                check_view(m, s)

        for s in [None, *range(players)]:
            check_view(m, s)
        play(m, random.Random(play_seed), each, PREFIX)

    run()


def test_every_game_is_covered() -> None:
    """The suite reaches every registered game and preset."""
    assert {g for g, _ in COMBOS} == set(GAMES)
    for g in GAMES:
        assert set(GAME_PRESETS[g]) == set(GAMES[g].presets)
        assert sum(per_preset(g, p) for p in GAME_PRESETS[g]) >= 2000
