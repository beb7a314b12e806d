"""Bot strength: tournaments between bot levels, with win rates and decision times.

Each pairing seats one bot of the first level (the "hero") against bots of the second level;
the hero's seat rotates round the table from match to match, and every match has its own
seed. A match won jointly counts as a share. It prints, per game and pairing, the hero's win
rate with a 95% confidence interval (Wilson), next to the fair share (1 / seats), and the median
and 99th-percentile decision time of each level.

``--luck`` adds a measure of how much the cards decide: every match seed is played twice by
four bots of the same level with different bot seeds, and it prints how often the same seat
wins both (chance alone: 1 / seats; a game of pure luck: 100%).

    python bench/bots.py [--games G ...] [--pairings hard:normal normal:easy ...]
                         [--matches 100] [--budget 0.3 | --iterations 40] [--seats 4]
                         [--preset standard] [--jobs 1] [--luck normal] [--max-minutes 60]
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES, new_match  # noqa: E402
from core.bots import choose, takes_chance  # noqa: E402

#: no match of any game gets near this many moves; hitting it means a runaway loop
MOVE_BOUND = 50_000


def play(game: str, preset: str, levels: list[str], seed: int, bot_seed: int,
         budget: float | None, iterations: int | None) -> tuple[list[int], dict[str, list[float]]]:
    """One match: its winners and the decision times (seconds) of each level."""
    m = new_match(game, len(levels), preset=preset, seed=seed)
    rng = random.Random(bot_seed)
    times: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    moves = 0

    def act(s: int, legal: list[str]) -> None:
        view = m.view(s)
        t0 = time.perf_counter()
        a = choose(levels[s], view, legal, rng, budget=budget, iterations=iterations)
        times[levels[s]].append(time.perf_counter() - t0)
        m.apply(a, s)

    while not m.is_over:
        moves += 1
        if moves > MOVE_BOUND:  # a match going round in circles: no winner, counted apart
            print(f"warning: {game}/{preset} seed {seed}: no end after {MOVE_BOUND} moves", file=sys.stderr)
            return [], times
        for s in range(m.players):
            if s != m.current_seat:
                legal = [str(a) for a in m.legal_actions(s)]
                if legal and takes_chance(levels[s], m.view(s), legal, rng):
                    act(s, legal)
        s = m.current_seat
        if s is None:
            break
        act(s, [str(a) for a in m.legal_actions(s)])
    return list(m.winners), times


def _job(args: tuple[Any, ...]) -> tuple[Any, ...]:
    game, preset, hero, field, seats, i, budget, iterations, base = args
    seat = i % seats
    levels = [field] * seats
    levels[seat] = hero
    winners, times = play(game, preset, levels, seed=base + i, bot_seed=base * 7 + i,
                          budget=budget, iterations=iterations)
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, times, not winners


def _luck_job(args: tuple[Any, ...]) -> bool:
    game, preset, level, seats, i, budget, iterations, base = args
    a, _ = play(game, preset, [level] * seats, seed=base + i, bot_seed=1 + i, budget=budget, iterations=iterations)
    b, _ = play(game, preset, [level] * seats, seed=base + i, bot_seed=10_001 + i, budget=budget, iterations=iterations)
    return a == b


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--pairings", nargs="+", default=["hard:normal", "normal:easy"],
                    help="hero:field pairs of levels")
    ap.add_argument("--matches", type=int, default=100, help="matches per game and pairing")
    ap.add_argument("--budget", type=float, default=None, help="hard: seconds per decision (default 0.3)")
    ap.add_argument("--iterations", type=int, default=None, help="hard: sampled deals per decision instead of a time budget")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--luck", nargs="*", default=[], help="levels to measure the luck of (e.g. normal hard)")
    ap.add_argument("--luck-matches", type=int, default=None, help="seeds per luck measurement (default --matches)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--max-minutes", type=float, default=60.0,
                    help="stop starting new rows after this long; rows not run are listed")
    args = ap.parse_args()

    started = time.perf_counter()
    deadline = started + 60 * args.max_minutes
    all_times: dict[str, list[float]] = {}
    hard_note = (f"{args.iterations} deals per decision" if args.iterations is not None
                 else f"{args.budget if args.budget is not None else 0.3:g} s per decision")
    print(f"# {args.seats} seats, preset {args.preset}, {args.matches} matches per row, hard: {hard_note}")
    print("| game | hero | field | matches | hero win rate | 95% CI | fair share | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    skipped: list[str] = []
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for game in args.games:
            for pairing in args.pairings:
                hero, field = pairing.split(":")
                if time.perf_counter() > deadline:
                    skipped.append(f"{game} {pairing}")
                    continue
                t0 = time.perf_counter()
                jobs = [(game, args.preset, hero, field, args.seats, i, args.budget, args.iterations, args.seed)
                        for i in range(args.matches)]
                results = pool.map(_job, jobs) if pool else [_job(j) for j in jobs]
                wins = sum(r[0] for r in results)
                unfinished = sum(r[2] for r in results)
                if unfinished:
                    print(f"({unfinished} of these matches did not end within {MOVE_BOUND} moves: counted as lost)")
                for _, times, _ in results:
                    for lv, ts in times.items():
                        all_times.setdefault(lv, []).extend(ts)
                lo, hi = wilson(wins, len(results))
                print(f"| {game} | {hero} | {field} | {len(results)} | {100 * wins / len(results):.1f}% "
                      f"| {100 * lo:.1f}-{100 * hi:.1f}% | {100 / args.seats:.0f}% "
                      f"| {(time.perf_counter() - t0) / 60:.1f} |", flush=True)
        if args.luck:
            n = args.luck_matches or args.matches
            print(f"\n# luck: {n} seeds per row, each played twice by four bots of one level with other bot seeds")
            print("| game | level | seeds | same winner both times | 95% CI | chance alone |")
            print("| --- | --- | --- | --- | --- | --- |")
            for game in args.games:
                for level in args.luck:
                    if time.perf_counter() > deadline:
                        skipped.append(f"{game} luck {level}")
                        continue
                    jobs = [(game, args.preset, level, args.seats, i, args.budget, args.iterations, args.seed)
                            for i in range(n)]
                    same = pool.map(_luck_job, jobs) if pool else [_luck_job(j) for j in jobs]
                    k = sum(same)
                    lo, hi = wilson(k, n)
                    print(f"| {game} | {level} | {n} | {100 * k / n:.1f}% | {100 * lo:.1f}-{100 * hi:.1f}% "
                          f"| {100 / args.seats:.0f}% |", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print("\n# decision time per level (seconds)")
    print("| level | decisions | median | p99 |")
    print("| --- | --- | --- | --- |")
    for lv in ("easy", "normal", "hard"):
        ts = all_times.get(lv)
        if ts:
            print(f"| {lv} | {len(ts)} | {statistics.median(ts):.5f} | {pct(ts, 0.99):.5f} |")
    if skipped:
        print(f"\nnot run (time limit): {', '.join(skipped)}")
    print(f"\ntotal {(time.perf_counter() - started) / 60:.1f} minutes")


if __name__ == "__main__":
    main()
