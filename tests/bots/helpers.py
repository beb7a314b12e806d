"""Walking random positions of every game and preset, for the bot tests."""
from __future__ import annotations

import random
from typing import Iterator

from core import GAMES, Match, new_match

SEATS = (2, 3, 4, 6)


def tables() -> list[tuple[str, str, int]]:
    """Every (game, preset, seats) that the engine accepts, for the seat counts above."""
    out = []
    for game, info in GAMES.items():
        for preset in info.presets:
            for n in SEATS:
                try:
                    new_match(game, n, preset=preset, seed=0)
                except ValueError:
                    continue
                out.append((game, preset, n))
    return out


def positions(game: str, preset: str, seats: int, seed: int, limit: int,
              options: dict[str, object] | None = None) -> Iterator[tuple[Match, int]]:
    """Up to ``limit`` positions of random legal play (of ``options`` over the preset): (match,
    seat with a choice). Seats with an open manual draw are visited too."""
    rng = random.Random(seed)
    m = new_match(game, seats, preset=preset, options=options or {}, seed=seed)
    seen = 0
    while not m.is_over and seen < limit:
        for s in range(m.players):
            if s != m.current_seat and m.legal_actions(s) and seen < limit:
                yield m, s
                seen += 1
                if rng.random() < 0.5 and m.legal_actions(s):
                    m.apply(rng.choice(m.legal_actions(s)), s)
        s = m.current_seat
        if s is None or seen >= limit:
            break
        yield m, s
        seen += 1
        m.apply(rng.choice(m.legal_actions(s)), s)


def many_positions(game: str, preset: str, seats: int, count: int, seed: int = 0) -> Iterator[tuple[Match, int]]:
    """``count`` positions, from as many random matches as it takes."""
    seen = 0
    while seen < count:
        for pos in positions(game, preset, seats, seed, limit=count - seen):
            yield pos
            seen += 1
        seed += 1


def position(game: str, players: int, hand: list[str], preset: str = "standard",
             seed: int = 0, **fields: object) -> tuple[dict, list[str]]:
    """A consistent position for the seat to play: a real view with its hand (and any other
    view fields, e.g. ``total``) replaced, made whole again by dealing the unseen cards
    (``core.sampling.determinize``). Returns that match's view and legal action strings."""
    from core.sampling import determinize

    m = new_match(game, players, preset=preset, seed=seed)
    seat = m.current_seat
    view = m.view(seat)
    view["hand"] = list(hand)
    counts = list(view["hand_counts"])
    counts[seat] = len(hand)
    view["hand_counts"] = counts
    view.update(fields)
    d = determinize(view, random.Random(seed))
    return d.view(seat), [str(a) for a in d.legal_actions(seat)]
