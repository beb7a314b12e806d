"""How often a hint can say why: the share of moves with a choice that ``core.bots.why`` gives
a reason for, and how often each reason is the one given.

A hint at a solo table names the move ``normal`` would make and, where one holds, the reason
(``docs/bots.md``, "Hints and their reasons"). This plays matches of four ``normal`` bots at
the ``standard`` preset (or, with ``--all-presets``, at each of the game's presets in turn) and
asks for the reason of every move made where the seat had more than one legal action, as H
would.

    python bench/hints.py [--games G ...] [--matches 40] [--seed 0] [--all-presets]
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES, new_match  # noqa: E402
from core.bots import choose  # noqa: E402
from core.bots.why import why  # noqa: E402

#: no match of four normal bots comes near this; a bound so that every loop ends
MOVE_BOUND = 50_000


def tally(game: str, matches: int, seed: int, preset: str = "standard") -> tuple[int, Counter[str | None]]:
    """Moves with a choice over ``matches`` matches, and how many got each reason (None: none)."""
    kinds: Counter[str | None] = Counter()
    moves = 0
    for n in range(matches):
        m = new_match(game, 4, preset, seed=seed + n)
        rng = random.Random(seed + n)
        for _ in range(MOVE_BOUND):
            if m.is_over:
                break
            seat = m.current_seat
            legal = [str(a) for a in m.legal_actions(seat)]
            view = m.view(seat)
            action = choose("normal", view, legal, rng)
            if len(legal) > 1:
                reason = why(dict(view, legal=legal), action)
                kinds[reason.kind if reason else None] += 1
                moves += 1
            m.apply(action, seat)
    return moves, kinds


def said(moves: int, kinds: Counter[str | None]) -> str:
    """How many moves had a choice, and the share of them given a reason."""
    return f"{moves} moves with a choice, {(moves - kinds[None]) / max(1, moves):.1%} with a reason"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--all-presets", action="store_true",
                        help="every preset of each game, one line each, instead of the standard one in full")
    args = parser.parse_args()
    for game in args.games:
        if args.all_presets:
            for preset in GAMES[game].presets:
                print(f"{game} {preset}: {said(*tally(game, args.matches, args.seed, preset))}")
            continue
        moves, kinds = tally(game, args.matches, args.seed)
        print(f"{game}: {said(moves, kinds)}")
        for kind, count in kinds.most_common():
            print(f"  {kind or '(none)':16} {count / max(1, moves):6.1%}")


if __name__ == "__main__":
    main()
