"""Rules README, "Shuffling": a networked game shuffles from a cryptographically strong source,
and a seed replays a match identically. A fresh match deals with ``KeyedRandom`` (BLAKE2b keyed
from a 256-bit secret seed); seeds below 2**64 keep the Mersenne Twister they always dealt with."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from core import GAMES, Match, new_match
from core.keyed_random import (KEYED_FROM, KeyedRandom, copy_random, fresh_seed, match_random,
                               random_from_state, random_state)

GAME_IDS = list(GAMES)


def test_fresh_seeds_are_256_bits_and_never_repeat() -> None:
    """README shuffling: a fresh seed is unguessable, 256 bits (its top bit set, so it always
    selects the keyed generator)."""
    seeds = [fresh_seed() for _ in range(200)]
    assert all(s.bit_length() == 256 and s >= KEYED_FROM for s in seeds)
    assert len(set(seeds)) == 200
    # the other 255 bits vary: every one of them is set in some seed and clear in another
    assert all(0 < sum(s >> b & 1 for s in seeds) < 200 for b in range(255))


def test_the_seed_chooses_the_generator() -> None:
    """A seed below 2**64 gives the Mersenne Twister's own sequence for it (older logs, tests and
    benchmark seeds deal as they did); from 2**64 up, and without a seed, the keyed one."""
    for seed in (0, 7, 2**64 - 1):
        rng, ref = match_random(seed), random.Random(seed)
        assert type(rng) is random.Random
        assert [rng.getrandbits(32) for _ in range(5)] == [ref.getrandbits(32) for _ in range(5)]
    for seed in (KEYED_FROM, fresh_seed(), None):
        assert isinstance(match_random(seed), KeyedRandom)
    assert isinstance(new_match("crazy-eights", 4, seed=None)._rng, KeyedRandom)
    assert isinstance(json.loads(new_match("crazy-eights", 4, seed=12345).snapshot())["rng"], list)


def test_one_keyed_seed_gives_one_sequence_and_another_seed_another() -> None:
    a, b, c = KeyedRandom(KEYED_FROM + 5), KeyedRandom(KEYED_FROM + 5), KeyedRandom(KEYED_FROM + 6)
    first = [a.getrandbits(64) for _ in range(20)]
    assert first == [b.getrandbits(64) for _ in range(20)]
    assert first != [c.getrandbits(64) for _ in range(20)]


def test_bits_come_out_the_same_however_they_are_asked_for() -> None:
    """``getrandbits`` reads the stream in order: eight 8-bit draws are one 64-bit draw."""
    seed = fresh_seed()
    whole = KeyedRandom(seed).getrandbits(64)
    bytewise = KeyedRandom(seed)
    assert int.from_bytes(bytes(bytewise.getrandbits(8) for _ in range(8)), "big") == whole
    assert KeyedRandom(seed).randbytes(8) == whole.to_bytes(8, "big")
    k = KeyedRandom(seed)
    assert k.getrandbits(0) == 0 and k.getrandbits(64) == whole  # zero bits take nothing
    with pytest.raises(ValueError):
        k.getrandbits(-1)


def test_shuffles_are_uniform() -> None:
    """Every order of four cards comes up about equally often over 24,000 shuffles: a chi-square
    statistic of 23 degrees of freedom stays under 60 (its 1-in-10-million point is near 70), and
    the stream's bits are balanced."""
    rng = KeyedRandom(KEYED_FROM + 2024)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        cards = [0, 1, 2, 3]
        rng.shuffle(cards)
        counts[tuple(cards)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 60, chi2
    ones = sum(bin(rng.getrandbits(64)).count("1") for _ in range(2000))
    assert abs(ones - 64_000) < 1500  # 128,000 bits: a standard deviation of about 179
    floats = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= x < 1.0 for x in floats) and abs(sum(floats) / len(floats) - 0.5) < 0.02


def test_state_round_trips_and_copies_are_independent() -> None:
    rng = KeyedRandom(fresh_seed())
    rng.getrandbits(13)  # part of a block read: the rest of it is part of the state
    state = json.loads(json.dumps(random_state(rng)))
    twin, copy = random_from_state(state), copy_random(rng)
    ahead = [rng.getrandbits(40) for _ in range(30)]
    assert [twin.getrandbits(40) for _ in range(30)] == ahead
    assert [copy.getrandbits(40) for _ in range(30)] == ahead
    mt = random.Random(9)
    mt_twin = random_from_state(json.loads(json.dumps(random_state(mt))))
    assert type(mt_twin) is random.Random and mt_twin.random() == mt.random()


def test_copies_and_pickles_carry_on_the_same_stream() -> None:
    """``copy``, ``deepcopy`` and ``pickle`` give a generator in the same state (as they do a
    ``random.Random``), the ``gauss`` in hand included; a bare ``seed()`` keys it afresh."""
    import copy
    import pickle

    rng = KeyedRandom(fresh_seed())
    rng.getrandbits(7)
    rng.gauss(0.0, 1.0)  # leaves its second value for the next call
    for twin in (copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng)),
                 random_from_state(json.loads(json.dumps(random_state(rng))))):
        assert isinstance(twin, KeyedRandom)
        assert twin.gauss(0.0, 1.0) == KeyedRandom.gauss(copy.copy(rng), 0.0, 1.0)
        assert twin.getrandbits(64) == copy.copy(rng).getrandbits(64)
    again = copy.copy(rng)
    again.seed()
    assert again.getrandbits(64) != copy.copy(rng).getrandbits(64)
    with pytest.raises(ValueError):
        rng.randbytes(-1)
    assert rng.randbytes(0) == b""


@pytest.mark.parametrize("state", [
    {"keyed": "00" * 32, "block": 0, "rest": ""},
    {"keyed": " " * 64, "block": 0, "rest": "", "gauss": None},
    {"keyed": "00" * 32, "block": 0, "rest": "0 ", "gauss": None},
    {"keyed": "00" * 32, "block": 0, "rest": "", "gauss": "1.5"},
    {"keyed": "00" * 32, "block": 0},
    {"keyed": "00" * 31, "block": 0, "rest": "", "gauss": None},
    {"keyed": "zz" * 32, "block": 0, "rest": "", "gauss": None},
    {"keyed": "00" * 32, "block": -1, "rest": "", "gauss": None},
    {"keyed": "00" * 32, "block": True, "rest": "", "gauss": None},
    {"keyed": "00" * 32, "block": 0, "rest": "0", "gauss": None},
    {"keyed": "00" * 32, "block": 0, "rest": "00" * 65, "gauss": None},
    {"keyed": "00" * 32, "block": 0, "rest": "", "gauss": None, "more": 1},
])
def test_a_damaged_keyed_state_is_refused(state: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        random_from_state(state)


@pytest.mark.parametrize("bad", [-1, "7", 1.5, True])
def test_a_keyed_seed_must_be_a_whole_number(bad: object) -> None:
    with pytest.raises(ValueError):
        KeyedRandom(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_keyed_match_replays_from_its_seed_and_restores(game: str) -> None:
    """README shuffling and engine contract snapshot / restore: a match dealt from a fresh seed
    plays again identically from that seed, deals included, and its snapshot (which holds the
    keyed generator's state) restores it with the same future shuffles; a damaged keyed state
    is refused as any damaged snapshot."""
    seed = fresh_seed()
    players = max(GAMES[game].min_players, 3)
    options = {"target": 1000} if game == "crazy-eights" else None  # more than one hand
    one, two = (new_match(game, players, options=options, seed=seed) for _ in range(2))
    assert isinstance(one._rng, KeyedRandom)
    picks = random.Random(seed)
    hands_seen = {one.hand_number}
    halfway = None
    for n in range(3000):  # several deals: each new hand shuffles again
        if one.is_over:
            break
        if n == 150:
            halfway = Match.restore(one.snapshot())
        # a card played when one can be, nine times in ten: picks that draw as often as they play
        # kept about one Crazy Eights match in forty in its first hand for all 3,000 moves
        legal = one.legal_actions()
        plays = [a for a in legal if str(a) not in ("draw", "pass")]
        action = picks.choice(plays if plays and picks.random() < 0.9 else legal)
        events = one.apply(action)
        assert [e.to_dict() for e in two.apply(action)] == [e.to_dict() for e in events]
        if halfway is not None:
            assert [e.to_dict() for e in halfway.apply(action)] == [e.to_dict() for e in events]
        hands_seen.add(one.hand_number)
    assert len(hands_seen) >= 2, "the match should have dealt again"
    assert one.snapshot() == two.snapshot()
    state = json.loads(one.snapshot())
    assert set(state["rng"]) == {"keyed", "block", "rest", "gauss"}
    with pytest.raises(ValueError, match="not a match snapshot"):
        Match.restore(json.dumps({**state, "rng": {**state["rng"], "keyed": "00"}}).encode())
