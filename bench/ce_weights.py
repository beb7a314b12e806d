"""How far the Crazy Eights rule set (``normal``) is from the best of its own weights.

The ``hard`` bot keeps ``normal``'s move unless its search is very sure, so a better rule set
would lift it by as much. Each row plays one seat with one weight of
``core.bots.crazy_eights.Weights`` changed against three ``normal`` bots (the hero's seat
rotating, preset ``standard``), and the same matches with the weights as they are, so the
difference is paired: the same deals, shuffles and bot seed, the two matches alike up to the
first move (or tie broken, the bots sharing one random source) that the changed weight
changes. It prints both win rates and the difference with its standard error.

    python bench/ce_weights.py --matches 6000 --seed 200000 --jobs 2
    python bench/ce_weights.py --matches 10000 --seed 300000 --jobs 2 --only unseen_of_suit
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import new_match  # noqa: E402
from core.bots import choose  # noqa: E402
from core.bots.base import parse_legal  # noqa: E402
from core.bots.crazy_eights import NORMAL, CrazyEightsStrategy, Weights  # noqa: E402
from core.bots.search import paired_gap  # noqa: E402

SEATS = 4
#: no match gets near this many moves; past it the match counts as lost for the hero
MOVE_BOUND = 50_000
#: each weight halved, doubled and off; the unseen-cards term (off in ``normal``) at a few sizes
UNSEEN_TRIES = (0.15, 0.3, 0.5)


def tries() -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    for f in dataclasses.fields(Weights):
        base = getattr(NORMAL, f.name)
        if base:
            out += [(f.name, base * 0.5), (f.name, base * 2.0), (f.name, 0.0)]
        else:
            out += [(f.name, v) for v in UNSEEN_TRIES]
    return out


def play(job: tuple[Weights | None, int]) -> float:
    """One match: the hero's share of the win (``None``: the hero plays ``normal`` itself)."""
    weights, seed = job
    hero = seed % SEATS
    strategy = CrazyEightsStrategy(weights) if weights is not None else None
    m = new_match("crazy-eights", SEATS, preset="standard", seed=seed)
    rng = random.Random(seed * 7 + 1)
    for _ in range(MOVE_BOUND):
        s = m.current_seat
        if m.is_over or s is None:
            break
        legal = [str(a) for a in m.legal_actions(s)]
        if len(legal) == 1:
            a = legal[0]
        elif s == hero and strategy is not None:
            a = legal[strategy.normal(m.view(s), parse_legal(legal), rng)]
        else:
            a = choose("normal", m.view(s), legal, rng)
        m.apply(a, s)
    winners = list(m.winners) if m.is_over else []
    return 1.0 / len(winners) if hero in winners else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=200000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="weights to try (default: every one)")
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.matches)
    rows = [t for t in tries() if not args.only or t[0] in args.only]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        base = pool.map(play, [(None, s) for s in seeds], chunksize=20)
        n = len(base)
        print(f"{n} matches from seed {args.seed}; `normal` in the hero's seat: {100 * sum(base) / n:.2f}%\n")
        print("| weight | normal's | tried | win rate | difference | standard error |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name, value in rows:
            w = dataclasses.replace(NORMAL, **{name: value})
            got = pool.map(play, [(w, s) for s in seeds], chunksize=20)
            mean, se = paired_gap(got, base)
            print(f"| `{name}` | {getattr(NORMAL, name):g} | {value:g} | {100 * sum(got) / n:.2f}% "
                  f"| {100 * mean:+.2f} | {100 * se:.2f} |", flush=True)
    print(f"\ntotal {(time.perf_counter() - start) / 60:.1f} minutes")


if __name__ == "__main__":
    main()
