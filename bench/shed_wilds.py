"""Crazy Eights: is a wild card worth keeping when an opponent holds one card?

`normal` keeps its wild cards for when it is stuck, even when an opponent is one card from going
out and every card left in hand will score against it (rules 5.2: an eight is 50 points). This
finds, in matches of four `normal` bots, the positions where the seat to play holds a wild card
and a playable ordinary card, `normal` plays the ordinary one, and some opponent holds one card;
there it plays both the wild card (naming the suit of the card `normal` chose) and `normal`'s
move on from the real match, hidden cards included, with the same seeds, every seat then
playing `normal` to the end of the hand, and judges each by the search's own value of the match
scores the hand leaves. It prints the mean gain of the wild card with its standard error.

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
from core.bots import strategy_for  # noqa: E402
from core.cards import SUIT  # noqa: E402


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
        chosen = Action.parse(mine)
        danger = min(view["hand_counts"][o] for o in range(view["players"]) if o != s)
        announce = len(view["hand"]) == 2
        wilds = [x for x in legal if (a := Action.parse(x)).kind == PLAY and a.suit >= 0 and a.announce == announce]
        if danger == 1 and chosen.kind == PLAY and chosen.suit < 0 and wilds:
            same = [x for x in wilds if Action.parse(x).suit == SUIT[chosen.card]]
            wild = (same or wilds)[0]
            seeds = [rng.getrandbits(32) for _ in range(args.continuations)]
            gains.append(statistics.fmean(_continue(m, s, wild, strategy, view, k)
                                          - _continue(m, s, mine, strategy, view, k) for k in seeds))
    if len(gains) < 2:
        print(f"only {len(gains)} positions in {matches} matches")
        return
    mean = statistics.fmean(gains)
    se = statistics.stdev(gains) / math.sqrt(len(gains))
    print("| positions | matches | wild card now minus normal's move | standard error | wild card better |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {len(gains)} | {matches} | {mean:+.4f} | {se:.4f} | {sum(g > 0 for g in gains)} of {len(gains)} |")


if __name__ == "__main__":
    main()
