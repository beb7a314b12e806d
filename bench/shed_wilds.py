"""Crazy Eights: is a wild card worth shedding when an opponent holds one card?

`normal` keeps its wild cards for when it is stuck, except when an opponent is one card from
going out and every card left in hand will score against it (rules 5.2: an eight is 50
points): then it plays a wild card, naming the suit of the ordinary card it would have played.
This measures that rule. In matches of four `normal` bots it finds the positions where the rule
made `normal` play a wild card: the seat to play holds a wild card and a playable ordinary card
and some opponent holds one card, and `normal` would have played the ordinary card had that
opponent held two (its choice without the rule, which the hand sizes touch nowhere else).
There it plays both moves on from the real match, hidden cards included, with the same seeds,
every seat then playing `normal` to the end of the hand, and judges each by the search's own
value of the match scores the hand leaves. It prints the mean gain of the wild card with its
standard error.

    python bench/shed_wilds.py [--positions 240] [--continuations 200] [--seed 20000]
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import _continue, normal_decisions  # noqa: E402  (bench/bots.py, as --decisions uses them)

from core.actions import PLAY, Action  # noqa: E402
from core.bots import choose, strategy_for  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=240)
    ap.add_argument("--continuations", type=int, default=200, help="paired playouts per move")
    ap.add_argument("--seed", type=int, default=20000, help="seed of the first match")
    ap.add_argument("--max-matches", type=int, default=20000)
    args = ap.parse_args()
    strategy = strategy_for("crazy-eights")
    rng = random.Random(args.seed)
    gains: list[float] = []
    matches = 0
    for matches, m, s, legal, view, mine in normal_decisions("crazy-eights", "standard", 4, args.seed, rng):
        if len(gains) >= args.positions or matches > args.max_matches:
            break
        counts = view["hand_counts"]
        chosen = Action.parse(mine)
        if chosen.kind != PLAY or chosen.suit < 0 or min(k for o, k in enumerate(counts) if o != s) != 1:
            continue
        # the move without the rule: normal's choice were every one-card opponent holding two
        shown = dict(view, hand_counts=[2 if o != s and k == 1 else k for o, k in enumerate(counts)])
        kept = choose("normal", shown, legal, random.Random(rng.getrandbits(32)))
        alternative = Action.parse(kept)
        if alternative.kind != PLAY or alternative.suit >= 0:
            continue  # stuck, or no ordinary card: a wild card either way
        seeds = [rng.getrandbits(32) for _ in range(args.continuations)]
        gains.append(statistics.fmean(_continue(m, s, mine, strategy, view, k)
                                      - _continue(m, s, kept, strategy, view, k) for k in seeds))
    if len(gains) < 2:
        print(f"only {len(gains)} positions in {matches} matches")
        return
    mean = statistics.fmean(gains)
    se = statistics.stdev(gains) / math.sqrt(len(gains))
    print("| positions | matches | wild card now minus keeping it | standard error | wild card better |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {len(gains)} | {matches} | {mean:+.4f} | {se:.4f} | {sum(g > 0 for g in gains)} of {len(gains)} |")


if __name__ == "__main__":
    main()
