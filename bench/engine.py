"""Engine speed: random legal matches on one core, per game and preset.

Prints complete matches per second and actions per second (the median of several runs; seconds
of this process's CPU time, so other load on a shared machine does not count), and
a baseline measured in the same run (a loop that only calls ``rng.choice`` on a list of the
same size), so that figures from different machines compare by their ratio. For Crazy Eights
at 2 and 4 seats it also compares with OpenSpiel when ``bench/openspiel_peer.py`` and
``open_spiel`` are available.

    python bench/engine.py [--seats 4] [--seconds 1.0] [--runs 5] [--game G] [--preset P] [--keyed]

``--keyed`` deals every match from a seed of 2**64 or more, with the keyed generator that hosted
matches shuffle with (``core.keyed_random``), instead of the Mersenne Twister of small seeds.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES, new_match  # noqa: E402
from core.keyed_random import KEYED_FROM  # noqa: E402

#: a match still running after this many actions is abandoned (and reported): uniformly random
#: play need not end, e.g. a countdown where every other play announces "last card" wrongly
ACTION_BOUND = 20_000


def play_for(game: str, preset: str, seats: int, seconds: float, seed: int,
             keyed: bool = False) -> tuple[int, int, int, int, float]:
    """Play random legal matches for about ``seconds``:
    (complete matches, abandoned matches, actions, mean legal count, time)."""
    rng = random.Random(seed)
    matches = abandoned = actions = choices = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while True:
        m = new_match(game, seats, preset=preset, seed=rng.getrandbits(32) | (KEYED_FROM if keyed else 0))
        done = 0
        while not m.is_over and done < ACTION_BOUND:
            legal = m.legal_actions()
            choices += len(legal)
            m.apply(rng.choice(legal))
            done += 1
        if m.is_over:
            matches += 1
        else:
            abandoned += 1
        actions += done
        if time.perf_counter() >= deadline:
            break
    elapsed = time.process_time() - cpu
    return matches, abandoned, actions, max(1, round(choices / max(actions, 1))), elapsed


def baseline_rate(size: int, seconds: float, seed: int) -> float:
    """Calls per second of a loop that only picks from a list of ``size`` items."""
    rng = random.Random(seed)
    items = list(range(size))
    choice = rng.choice
    calls = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while True:
        for _ in range(1000):
            choice(items)
        calls += 1000
        if time.perf_counter() >= deadline:
            break
    return calls / (time.process_time() - cpu)


def measure(game: str, preset: str, seats: int, seconds: float, runs: int, keyed: bool = False) -> dict[str, float]:
    """Median matches/s, actions/s and baseline calls/s over ``runs`` runs."""
    match_rates: list[float] = []
    action_rates: list[float] = []
    base_rates: list[float] = []
    abandoned = 0
    for run in range(runs):
        matches, cut, actions, width, elapsed = play_for(game, preset, seats, seconds, seed=run, keyed=keyed)
        abandoned += cut
        match_rates.append(matches / elapsed)
        action_rates.append(actions / elapsed)
        base_rates.append(baseline_rate(width, seconds / 4, seed=run))
    return {
        "matches_per_s": statistics.median(match_rates),
        "actions_per_s": statistics.median(action_rates),
        "baseline_per_s": statistics.median(base_rates),
        "abandoned": abandoned,
    }


def load_peer() -> Callable[[int, float], dict[str, Any] | None] | None:
    """``run_openspiel`` from ``bench/openspiel_peer.py`` if that file exists."""
    path = Path(__file__).resolve().parent / "openspiel_peer.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("openspiel_peer", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "run_openspiel", None)


def compare_openspiel(seconds: float, runs: int) -> None:
    if "crazy-eights" not in GAMES:
        print("\ncrazy-eights is not registered yet: no OpenSpiel comparison")
        return
    peer = load_peer()
    print("\nOpenSpiel comparison (crazy-eights, standard)")
    for players in (2, 4):
        ours = measure("crazy-eights", "standard", players, seconds, runs)["actions_per_s"]
        theirs = [peer(players, seconds) for _ in range(runs)] if peer is not None else [None]
        if theirs[0] is None:
            print(f"  {players} seats: open_spiel not installed (pip install -e '.[bench]'): "
                  f"our figures alone: {ours:,.0f} actions/s")
            continue
        rate = statistics.median(float(t["actions_per_s"]) for t in theirs if t is not None)
        print(f"  {players} seats: OpenSpiel {rate:,.0f} actions/s ({theirs[0].get('params')}), "
              f"ours {ours:,.0f} actions/s, ours/theirs {ours / rate:.2f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seats", type=int, default=4, help="seats at the table (default 4)")
    p.add_argument("--seconds", type=float, default=1.0, help="seconds per run (default 1.0)")
    p.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--preset", action="append", help="only this preset (repeatable)")
    p.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel comparison")
    p.add_argument("--keyed", action="store_true", help="deal with the keyed generator hosted matches use")
    args = p.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        p.error("--runs must be at least 1 and --seconds positive")
    games = args.game or list(GAMES)
    for g in games:
        if g not in GAMES:
            p.error(f"unknown game {g!r}: the games are {', '.join(GAMES)}")

    print(f"Python {sys.version.split()[0]}, one core, {args.seats} seats, "
          f"{args.runs} runs of {args.seconds:g} s, medians, per CPU second of this process"
          + (", keyed generator" if args.keyed else ""))
    print(f"{'game':<14} {'preset':<15} {'matches/s':>10} {'actions/s':>11} {'baseline/s':>12} {'ratio':>7}")
    for g in games:
        info = GAMES[g]
        for preset in info.presets:
            if args.preset and preset not in args.preset:
                continue
            try:
                info.resolve(args.seats, preset)
            except ValueError as e:
                print(f"{g:<14} {preset:<15} not playable at {args.seats} seats: {e}")
                continue
            r = measure(g, preset, args.seats, args.seconds, args.runs, args.keyed)
            ratio = r["actions_per_s"] / r["baseline_per_s"]
            note = f"  ({r['abandoned']:.0f} matches abandoned at {ACTION_BOUND:,} actions)" if r["abandoned"] else ""
            print(f"{g:<14} {preset:<15} {r['matches_per_s']:>10,.1f} {r['actions_per_s']:>11,.0f} "
                  f"{r['baseline_per_s']:>12,.0f} {ratio:>7.4f}{note}")
    print("ratio = engine actions/s over baseline rng.choice calls/s on a list of the mean legal-action count")
    if not args.no_peer and (not args.game or "crazy-eights" in games):
        compare_openspiel(args.seconds, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
