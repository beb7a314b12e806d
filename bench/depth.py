"""How many sampled deals the hard bot's time budget buys per decision, on this machine now.

The tournaments in ``bench/bots.py`` fix the deals per decision (``--iterations``) so that
their figures do not depend on the load; this script says which number matches the budget.
It plays matches of four ``normal`` bots and, at every third decision with a choice that the
search weighs, runs ``hard``'s search under the budget and counts the deals it sampled. Run
one copy per core to measure under the load of a tournament run that way. It counts what the
budget buys, so a strategy's ``max_deals`` (where the search stops early) is lifted here and
printed beside it.

    python bench/depth.py [--games G ...] [--budget 0.3] [--decisions 40] [--seed 100]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES, new_match  # noqa: E402
from core.bots import choose, strategy_for  # noqa: E402
from core.bots.base import parse_legal  # noqa: E402
from core.bots.search import search  # noqa: E402
from core.sampling import determinize  # noqa: E402

#: no match of four normal bots comes near this; a bound so that every loop ends
MOVE_BOUND = 50_000


class _Uncapped:
    """A strategy as it is, less its ``max_deals``, so that the search runs to the budget."""

    def __init__(self, strategy: Any) -> None:
        self._strategy = strategy

    def __getattr__(self, name: str) -> Any:
        if name == "max_deals":
            raise AttributeError(name)
        return getattr(self._strategy, name)


def depth(game: str, budget: float, decisions: int, seed: int) -> tuple[list[int], list[float]]:
    """Deals sampled and seconds spent at each decision measured."""
    strategy = _Uncapped(strategy_for(game))
    deals: list[int] = []
    spent: list[float] = []
    for i in range(decisions * 10):  # matches; far more than needed, so the loop ends
        m = new_match(game, 4, preset="standard", seed=seed + i)
        rng = random.Random(i)
        for move in range(MOVE_BOUND):
            if len(deals) >= decisions:
                return deals, spent
            s = m.current_seat
            if m.is_over or s is None:
                break
            view = m.view(s)
            legal = [str(a) for a in m.legal_actions(s)]
            actions = parse_legal(legal)
            if move % 3 == 0 and len(strategy.candidates(view, actions)) > 1:
                fits = strategy.fits(view) if hasattr(strategy, "fits") else None
                count = [0]

                def deal(v: dict[str, Any], r: random.Random) -> Any:
                    count[0] += 1
                    return determinize(v, r) if fits is None else determinize(v, r, fits=fits)

                t0 = time.perf_counter()
                search(strategy, view, actions, random.Random(move), budget=budget, deal=deal)
                spent.append(time.perf_counter() - t0)
                deals.append(count[0])
            m.apply(choose("normal", view, legal, rng), s)
    return deals, spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--budget", type=float, default=0.3, help="seconds per decision")
    ap.add_argument("--decisions", type=int, default=40, help="decisions measured per game")
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    print(f"# deals per decision bought by a budget of {args.budget} s")
    print("| game | decisions | median deals | 10th percentile | 90th percentile | median seconds | "
          "the search stops at |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in args.games:
        deals, spent = depth(game, args.budget, args.decisions, args.seed)
        cap = getattr(strategy_for(game), "max_deals", None)
        stops = "the budget" if cap is None else f"{cap} deals"
        if not deals:
            print(f"| {game} | 0 | - | - | - | - | {stops} |")
            continue
        q = statistics.quantiles(deals, n=10, method="inclusive") if len(deals) > 1 else [deals[0]] * 9
        print(f"| {game} | {len(deals)} | {statistics.median(deals):.0f} | {q[0]:.0f} | {q[-1]:.0f} | "
              f"{statistics.median(spent):.3f} | {stops} |")


if __name__ == "__main__":
    main()
