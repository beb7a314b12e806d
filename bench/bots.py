"""Bot strength: tournaments between bot levels, with win rates and decision times.

Each pairing seats one bot of the first level (the "hero") against bots of the second level;
the hero's seat rotates round the table from match to match, and every match has its own
seed. A match won jointly counts as a share. It prints, per game and pairing, the hero's win
rate with a 95% confidence interval (Wilson), next to the fair share (1 / seats), and the median
and 99th-percentile decision time of each level.

``--luck`` adds a measure of how much the cards decide: every match seed is played twice by
four bots of the same level with different bot seeds, and it prints how often the same seat
wins both (chance alone: 1 / seats; a game of pure luck: 100%).

The level ``oracle`` (benchmark only) is ``hard`` searching the real match instead of samples:
it knows every hand (not the order of the stock), so its win rate bounds what better sampling
or inference could add to ``hard``'s search. It leaves ``normal``'s move at the search's
general bar (``SWITCH_ALPHA``) in every game, since its values are not guesses.
``--oracle-sees N`` lets it know only the hands of N cards or fewer (the rest dealt as ``hard``
deals them): what reading the short hands alone could be worth; ``--switch-alpha`` sets its bar
for leaving ``normal``'s move.

``--decisions N`` instead tests single decisions, paired: in matches of four ``normal`` bots,
where ``hard`` would play otherwise, both moves are played on from the real match by ``normal``
bots on the same seeds, and it prints how often hard differs and the mean gain of its move
(again for the decisions where an opponent held one card). ``--switch-alpha`` sets hard's bar
for leaving ``normal`` there; ``--oracle`` asks the oracle instead.

    python bench/bots.py [--games G ...] [--pairings hard:normal normal:easy ...]
                         [--matches 100] [--first 0] [--budget 0.3 | --iterations 40] [--seats 4]
                         [--preset standard] [--jobs 1] [--luck normal] [--max-minutes 60]
                         [--oracle-sees 2]
                         [--decisions 300 --continuations 200 [--switch-alpha 0.3] [--oracle]]
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES, Match, new_match  # noqa: E402
from core.bots import choose, strategy_for, takes_chance  # noqa: E402
from core.bots.base import parse_legal  # noqa: E402
from core.bots.ninety_eight import side_seats  # noqa: E402
from core.bots.search import SWITCH_ALPHA, search  # noqa: E402
from core.sampling import determinize, search_clone  # noqa: E402


class WithBar:
    """A game's strategy with another bar for leaving its rule-based move (``switch_alpha``)."""

    def __init__(self, strategy: Any, switch_alpha: float) -> None:
        self._strategy = strategy
        self.switch_alpha = switch_alpha

    def __getattr__(self, name: str) -> Any:
        return getattr(self._strategy, name)


class SeenAll(WithBar):
    """A game's strategy as the oracle uses it: the same, at the general switching bar."""

    def __init__(self, strategy: Any) -> None:
        super().__init__(strategy, SWITCH_ALPHA)


def seeing_all(m: Match) -> Callable[[dict[str, Any], random.Random], Match]:
    """The oracle's deals: the real match, its stock shuffled (every hand known, the draws not)."""
    def deal(view: dict[str, Any], r: random.Random) -> Match:
        c = search_clone(m, r.getrandbits(32))
        r.shuffle(c.stock)
        return c
    return deal


def seeing_short(m: Match, most: int) -> Callable[[dict[str, Any], random.Random], Match]:
    """Deals that know the real hands of the other seats holding ``most`` cards or fewer: each
    dealt as ``hard`` deals it, then each such hand's real cards swapped in for the cards dealt
    to it, the cards they displace put where the real ones had been dealt. What knowing the short
    hands alone is worth, next to the oracle that knows them all."""
    def deal(view: dict[str, Any], r: random.Random) -> Match:
        d = determinize(view, r)
        for s in range(m.players):
            real = m.hands[s]
            if s == view["seat"] or len(real) > most:
                continue
            for c in real:
                if c in d.hands[s]:
                    continue
                spare = next(x for x in d.hands[s] if x not in real)
                where = next((h for t, h in enumerate(d.hands) if t != s and c in h), d.stock)
                where[where.index(c)] = spare  # (a ValueError: the card dealt nowhere, a sampler bug)
                d.hands[s][d.hands[s].index(spare)] = c
        return d
    return deal


#: no match of any game gets near this many moves; hitting it means a runaway loop
MOVE_BOUND = 50_000


def play(game: str, preset: str, levels: list[str], seed: int, bot_seed: int,
         budget: float | None, iterations: int | None,
         sees: int | None = None, oracle_alpha: float | None = None) -> tuple[list[int], dict[str, list[float]]]:
    """One match: its winners and the decision times (seconds) of each level; ``sees``: the
    oracle knows only the hands of that many cards or fewer (``seeing_short``); ``oracle_alpha``:
    its bar for leaving ``normal``'s move, instead of the general one."""
    m = new_match(game, len(levels), preset=preset, seed=seed)
    rng = random.Random(bot_seed)
    times: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    moves = 0

    oracle_deal = seeing_all(m) if sees is None else seeing_short(m, sees)
    oracle = SeenAll(strategy_for(game)) if oracle_alpha is None else WithBar(strategy_for(game), oracle_alpha)

    def act(s: int, legal: list[str]) -> None:
        view = m.view(s)
        t0 = time.perf_counter()
        if levels[s] == "oracle":
            a = legal[0] if len(legal) == 1 else legal[search(oracle, view, parse_legal(legal), rng,
                                                             budget=budget, iterations=iterations, deal=oracle_deal)]
        else:
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
                if legal and takes_chance("hard" if levels[s] == "oracle" else levels[s], m.view(s), legal, rng):
                    act(s, legal)
        cur = m.current_seat
        if cur is None:
            break
        act(cur, [str(a) for a in m.legal_actions(cur)])
    return list(m.winners), times


def _job(args: tuple[Any, ...]) -> tuple[Any, ...]:
    game, preset, hero, field, seats, i, budget, iterations, base, sees, oracle_alpha = args
    seat = i % seats
    levels = [field] * seats
    levels[seat] = hero
    winners, times = play(game, preset, levels, seed=base + i, bot_seed=base * 7 + i,
                          budget=budget, iterations=iterations, sees=sees, oracle_alpha=oracle_alpha)
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, times, not winners


def _luck_job(args: tuple[Any, ...]) -> tuple[bool, dict[str, list[float]]]:
    """One seed played twice: whether the same seat won, and both plays' decision times."""
    game, preset, level, seats, i, budget, iterations, base = args
    a, ta = play(game, preset, [level] * seats, seed=base + i, bot_seed=1 + i, budget=budget, iterations=iterations)
    b, tb = play(game, preset, [level] * seats, seed=base + i, bot_seed=10_001 + i, budget=budget, iterations=iterations)
    return a == b, {level: ta[level] + tb[level]}


def _with_progress(fn: Any, jobs: list[Any], label: str) -> list[Any]:
    """Run the jobs in this process, reporting the running win share every ten matches on
    stderr, so that a long row shows its pace."""
    out = []
    t0 = time.perf_counter()
    for k, j in enumerate(jobs, 1):
        out.append(fn(j))
        if k % 10 == 0:
            wins = sum(r[0] for r in out)
            print(f"  {label}: {k}/{len(jobs)} matches, hero {100 * wins / k:.1f}%, "
                  f"{(time.perf_counter() - t0) / k:.1f} s per match", file=sys.stderr, flush=True)
    return out


def _hand_won(events: list[Any], seat: int, view: dict[str, Any], ctx: dict[str, Any]) -> float | None:
    """The end of the hand: 1 if ``seat`` (or its team) won it, 0 once it is eliminated."""
    mine = ctx.get("mine")
    if mine is None:
        mine = ctx["mine"] = set(side_seats(view, seat))
    for e in events:
        if e.kind == "eliminated" and e.seat in mine:
            return 0.0
        if e.kind in ("hand_over", "match_over"):
            return 1.0 if mine & set(e.data["winners"]) else 0.0
    return None


#: how ``--decisions`` judges a move where the search's own horizon is shorter than a hand
JUDGES = {"ninety-eight": _hand_won}


def _continue(m: Any, seat: int, action: Any, strategy: Any, view: dict[str, Any], seed: int) -> float:
    """Play ``action`` on a copy of the real match, then four ``normal`` bots on to the point
    the game is judged at (``JUDGES``, else the search's own ``Strategy.watch``); that value
    for ``seat``."""
    judge = JUDGES.get(view["game"], strategy.watch)
    c = search_clone(m, seed)
    rng = random.Random(seed)
    ctx: dict[str, Any] = {}
    value = judge(c.apply(action, seat), seat, view, ctx)
    steps = 0
    while value is None and steps < 2_000:
        cur = c.current_seat
        if cur is None:
            return 0.5
        legal = [str(a) for a in c.legal_actions(cur)]
        value = judge(c.apply(choose("normal", c.view(cur), legal, rng), cur), seat, view, ctx)
        steps += 1
    return 0.5 if value is None else value


def normal_decisions(game: str, preset: str, seats: int, base: int,
                     rng: random.Random) -> Iterator[tuple[int, Match, int, list[str], dict[str, Any], str]]:
    """Every decision in matches of ``normal`` bots, seeds ``base``, ``base + 1``, ...: (matches
    begun, the match, the seat, its legal actions, its view, ``normal``'s move). The move is
    played when the caller asks for the next one, so the caller may look at the match first."""
    begun = 0
    while True:
        m = new_match(game, seats, preset=preset, seed=base + begun)
        begun += 1
        while not m.is_over:
            s = m.current_seat
            if s is None:
                break
            legal = [str(a) for a in m.legal_actions(s)]
            view = m.view(s)
            move = choose("normal", view, legal, rng)
            yield begun, m, s, legal, view, move
            m.apply(move, s)


def decisions(game: str, preset: str, seats: int, positions: int, continuations: int,
              iterations: int | None, budget: float | None, base: int,
              switch_alpha: float | None = None, oracle: bool = False) -> None:
    """Paired test of single decisions: in matches of four ``normal`` bots, at the decisions
    where ``hard``'s search leaves the move it starts from (``normal``'s, or the strategy's
    ``prior`` where it has one), both moves are played on from the real match (the hidden cards
    included) ``continuations`` times with the same seeds, every seat then playing ``normal``;
    prints how often the search departs and the mean gain of its move, over all decisions and
    over those where an opponent held one card. ``switch_alpha`` replaces the
    strategy's bar for leaving ``normal``; ``oracle`` searches the real match instead of
    samples (the stock shuffled), as the level ``oracle`` does (at its bar unless one is given)."""
    strategy = strategy_for(game)
    if switch_alpha is None and oracle:
        switch_alpha = SWITCH_ALPHA  # as the level oracle plays
    searched: Any = strategy if switch_alpha is None else WithBar(strategy, switch_alpha)
    rng = random.Random(base)
    start = getattr(strategy, "prior", None)  # the move the search starts from, where not normal's
    looked = 0
    gains: list[tuple[float, bool]] = []
    for _, m, s, legal, view, a_norm in normal_decisions(game, preset, seats, base, rng):
        if looked >= positions:
            break
        if len(legal) > 1:
            looked += 1
            # the same search ``choose("hard", ...)`` runs, with the bar and deals asked for
            a_hard = legal[search(searched, view, parse_legal(legal), rng, budget=budget, iterations=iterations,
                                  deal=seeing_all(m) if oracle else None)]
            a_start = a_norm if start is None else legal[start(view, parse_legal(legal), rng)]
            if a_hard != a_start:
                seeds = [rng.getrandbits(32) for _ in range(continuations)]
                counts = view["hand_counts"]
                last_card = any(counts[o] == 1 for o in range(seats) if o != s and view["status"][o]["in_hand"])
                gains.append((statistics.fmean(
                    _continue(m, s, a_hard, strategy, view, k) - _continue(m, s, a_start, strategy, view, k)
                    for k in seeds), last_card))
    for label, rows in (("", [g for g, _ in gains]), (" (an opponent on one card)", [g for g, one in gains if one])):
        mean = f"{statistics.fmean(rows):+.4f}" if rows else "-"
        se = f"{statistics.stdev(rows) / math.sqrt(len(rows)):.4f}" if len(rows) > 1 else "-"
        better = sum(1 for g in rows if g > 0)
        print(f"| {game}{label} | {looked} | {len(rows)} ({100 * len(rows) / max(looked, 1):.0f}%) | {mean} "
              f"| {se} | {better} of {len(rows)} |", flush=True)


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
    ap.add_argument("--pairings", nargs="*", default=["hard:normal", "normal:easy"],
                    help="hero:field pairs of levels (none, with --luck: the luck rows only)")
    ap.add_argument("--matches", type=int, default=100, help="matches per game and pairing")
    ap.add_argument("--budget", type=float, default=None, help="hard: seconds per decision (default 0.3)")
    ap.add_argument("--iterations", type=int, default=None, help="hard: sampled deals per decision instead of a time budget")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--luck", nargs="*", default=[], help="levels to measure the luck of (e.g. normal hard)")
    ap.add_argument("--luck-matches", type=int, default=None, help="seeds per luck measurement (default --matches)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first match: a long row split over runs (--first 0 --matches 275, "
                         "then --first 275 --matches 275) plays the same matches as one run of 550")
    ap.add_argument("--max-minutes", type=float, default=60.0,
                    help="stop starting new rows after this long; rows not run are listed")
    ap.add_argument("--decisions", type=int, default=0,
                    help="instead of tournaments: this many decisions per game, hard's move against normal's, paired")
    ap.add_argument("--continuations", type=int, default=100, help="playouts per move with --decisions")
    ap.add_argument("--switch-alpha", type=float, default=None,
                    help="with --decisions: hard's bar for leaving normal's move instead of the game's own; "
                         "in tournaments, the level oracle's instead of the general one")
    ap.add_argument("--oracle-sees", type=int, default=None, metavar="CARDS",
                    help="the level oracle knows only the hands of this many cards or fewer, "
                         "the others dealt as hard deals them")
    ap.add_argument("--oracle", action="store_true",
                    help="with --decisions: ask the oracle (every hand known) instead of hard")
    args = ap.parse_args()

    if args.decisions:
        print(f"# decisions where hard differs from normal; value of hard's move minus normal's, "
              f"{args.continuations} paired playouts by four normal bots from the real match")
        print("| game | decisions | hard differs | mean gain | standard error | gain > 0 |")
        print("| --- | --- | --- | --- | --- | --- |")
        for game in args.games:
            decisions(game, args.preset, args.seats, args.decisions, args.continuations,
                      args.iterations, args.budget, args.seed, args.switch_alpha, args.oracle)
        return

    started = time.perf_counter()
    deadline = started + 60 * args.max_minutes
    all_times: dict[str, list[float]] = {}
    hard_note = (f"{args.iterations} deals per decision" if args.iterations is not None
                 else f"{args.budget if args.budget is not None else 0.3:g} s per decision")
    print(f"# {args.seats} seats, preset {args.preset}, {args.matches} matches per row, hard: {hard_note}")
    if args.pairings:  # none: the luck rows only
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
                jobs = [(game, args.preset, hero, field, args.seats, i, args.budget, args.iterations, args.seed,
                         args.oracle_sees, args.switch_alpha)
                        for i in range(args.first, args.first + args.matches)]
                results = pool.map(_job, jobs) if pool else _with_progress(_job, jobs, f"{game} {pairing}")
                wins = sum(r[0] for r in results)
                unfinished = sum(r[2] for r in results)
                if unfinished:
                    print(f"({unfinished} of these matches did not end within {MOVE_BOUND} moves: counted as lost)")
                for _, times, _ in results:
                    for lv, ts in times.items():
                        all_times.setdefault(lv, []).extend(ts)
                lo, hi = wilson(wins, len(results))
                print(f"{game} {pairing}: hero won {wins:g} of matches {args.first}-{args.first + len(results) - 1}",
                      file=sys.stderr, flush=True)
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
                    luck_jobs = [(game, args.preset, level, args.seats, i, args.budget, args.iterations, args.seed)
                                 for i in range(n)]
                    done = pool.map(_luck_job, luck_jobs) if pool else [_luck_job(j) for j in luck_jobs]
                    k = sum(same for same, _ in done)
                    for _, times in done:
                        all_times.setdefault(level, []).extend(times[level])
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
    for lv in ("easy", "normal", "hard", "oracle"):
        ts = all_times.get(lv)
        if ts:
            print(f"| {lv} | {len(ts)} | {statistics.median(ts):.5f} | {pct(ts, 0.99):.5f} |")
    if skipped:
        print(f"\nnot run (time limit): {', '.join(skipped)}")
    print(f"\ntotal {(time.perf_counter() - started) / 60:.1f} minutes")


if __name__ == "__main__":
    main()
