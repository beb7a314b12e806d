"""Where the hard bot's judgements of a cut-off line come from: measured on matches of four
``normal`` bots (the players ``hard`` meets at a table of bots), printed so the constants in
``core/bots`` can be checked or measured again.

- ``ninety-eight``: a seat's chance of winning the rest of the hand after the hand's first
  elimination, by the sides left and the Kings and tens (escapes) the seat holds then:
  ``core.bots.ninety_eight.HAND_CHANCE``.
- ``ninety-nine``: the chance of winning the match from the chips every seat holds, modelled as
  a seat's chips to a power over the same sum for every seat. For each power it prints the mean
  log-likelihood of the match winners, seen from the start of every round. (Measured, not used:
  the search judged by it was no stronger, docs/bots-history.md.)
- ``crazy-eights-hands``: how much more likely than its share of the unseen cards each rank is
  in another seat's hand, by that hand's size, seen from every decision; ``ninety-nine-hands``:
  the same in Ninety-Nine, by the cards played so far in the round. (Measured, not used: the
  search's moves were no better with its deals leaning that way, docs/bots-history.md.)
- ``crazy-eights-leads``: how much more likely than its share of the unseen cards the suit
  that a seat's latest play set is in its hand, by how the play set it (followed, changed by
  rank, named with a wild card), in the real hands and in the hands the sampler deals:
  ``core.sampling.LEAD_WEIGHT``.
- ``crazy-eights-match``: whether the match scores after a hand, as the search judges them
  (``core.bots.crazy_eights.SCORE_SCALE``), tell who goes on to win the match; and, over each
  table as a whole, how likely the winner is under that judgement and under a softmax of the
  scores whose temperature grows with the points left before the target.
- ``ninety-nine-fit``: how close the hard bot's deals of another seat's hand come to the real
  one, seen from every third decision with a choice: the mean log-chance its posterior
  (``core.bots.ninety_nine.play_fit``) gives the real hand's ranks, and the share of the real
  ranks a hand drawn from it holds on average; even deals, the latest play read, and the chain.

    python bench/fit_values.py ninety-eight --matches 2000
    python bench/fit_values.py ninety-nine --matches 1500
    python bench/fit_values.py crazy-eights-hands --matches 800
    python bench/fit_values.py ninety-nine-hands --matches 600
    python bench/fit_values.py ninety-nine-fit --matches 60
    python bench/fit_values.py crazy-eights-leads --matches 200
    python bench/fit_values.py crazy-eights-match --matches 4000
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import new_match  # noqa: E402
from core.bots import choose  # noqa: E402
from core.bots.ninety_eight import escapes as escapes_held  # noqa: E402
from core.cards import RANK, RANKS, SUIT, SUITS  # noqa: E402
from core.games.crazy_eights import LEAD_HOW  # noqa: E402
from core.events import Event  # noqa: E402
from core.match import Match  # noqa: E402
from core.bots.ninety_nine import CHAIN, play_fit  # noqa: E402
from core.sampling import Fit, _posterior, determinize, unseen_cards  # noqa: E402

POWERS = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)
#: no match of four normal bots comes near this; a bound so that every loop ends
MOVE_BOUND = 50_000


def _play_normal(m: Match, rng: random.Random, watch: Callable[[Match, list[Event]], None]) -> None:
    """Four ``normal`` bots play ``m`` to its end; ``watch(m, events)`` sees every move."""
    for _ in range(MOVE_BOUND):
        if m.is_over or m.current_seat is None:
            return
        s = m.current_seat
        legal = [str(a) for a in m.legal_actions(s)]
        watch(m, m.apply(choose("normal", m.view(s), legal, rng), s))


def _positions(game: str, matches: int, seats: int,
               seed: int) -> Iterator[tuple[Match, int, dict, list[str], int]]:
    """Every position of matches of four ``normal`` bots, before its move: the match, the seat
    to play, its view, its legal actions and the move's number (the move is made once the
    caller is done with it)."""
    for i in range(matches):
        m = new_match(game, seats, preset="standard", seed=seed + i)
        rng = random.Random(i)
        for move in range(MOVE_BOUND):
            if m.is_over or m.current_seat is None:
                break
            s = m.current_seat
            view = m.view(s)
            legal = [str(a) for a in m.legal_actions(s)]
            yield m, s, view, legal, move
            m.apply(choose("normal", view, legal, rng), s)


def chips(matches: int, seats: int, seed: int) -> None:
    rows: list[tuple[tuple[int, ...], list[int]]] = []
    for i in range(matches):
        m = new_match("ninety-nine", seats, preset="standard", seed=seed + i)
        starts: list[tuple[int, ...]] = [tuple(m.chips)]  # type: ignore[attr-defined]

        def watch(m: Match, events: list[Event]) -> None:
            if any(e.kind == "round_over" for e in events) and not m.is_over:
                starts.append(tuple(m.chips))  # type: ignore[attr-defined]

        _play_normal(m, random.Random(i), watch)
        rows += [(c, list(m.winners)) for c in starts]
    print(f"# ninety-nine, {seats} seats: {matches} matches, {len(rows)} round starts")
    print("| power | mean log-likelihood of the winner |")
    print("| --- | --- |")
    for p in POWERS:
        ll = 0.0
        for c, winners in rows:
            z = sum(x ** p for x in c)
            ll += sum(math.log(c[w] ** p / z) for w in winners) / len(winners)
        print(f"| {p:g} | {ll / len(rows):.4f} |")
    print(f"(a fair share, 1/{seats}: {math.log(1 / seats):.4f})")


def escapes(matches: int, seats: int, seed: int) -> None:
    table: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for i in range(matches):
        m = new_match("ninety-eight", seats, preset="standard", seed=seed + i)
        pending: list[tuple[tuple[int, int], int]] | None = None

        def watch(m: Match, events: list[Event]) -> None:
            nonlocal pending
            for e in events:
                if e.kind == "eliminated" and pending is None:
                    left = [s for s in range(m.players) if m.in_hand[s]]
                    held = [min(2, escapes_held(m.hands[s])) for s in left]
                    pending = [((len(left), h), s) for s, h in zip(left, held)]
                elif e.kind == "hand_over":
                    for key, s in pending or []:
                        table[key][0] += 1
                        table[key][1] += s in e.data["winners"]
                    pending = None

        _play_normal(m, random.Random(i), watch)
    print(f"# ninety-eight, {seats} seats: {matches} matches; a seat's chance of winning the rest of the hand "
          "after its first elimination")
    print("| sides left | escapes held | positions | hand won |")
    print("| --- | --- | --- | --- |")
    for (left, held), (n, won) in sorted(table.items()):
        if left > 1:
            print(f"| {left} | {held}{'+' if held == 2 else ''} | {n} | {won / n:.3f} |")


#: the rows of the hands tables: Ninety-Nine's by the cards played in the round (by fours, the
#: last open), Crazy Eights' by the size of the hand (the last open)
HAND_ROWS = {"ninety-nine": 6, "crazy-eights": 8}


def _hand_row(game: str, view: dict[str, object], cards: int) -> int:
    if game == "ninety-nine":
        return min(len(view["pile"]) // 4, HAND_ROWS[game] - 1)  # type: ignore[arg-type]
    return min(cards, HAND_ROWS[game]) - 1


def _row_label(game: str, row: int) -> str:
    last = row == HAND_ROWS[game] - 1
    if game == "ninety-nine":
        return f"{4 * row}+" if last else f"{4 * row}-{4 * row + 3}"
    return f"{row + 1}+" if last else str(row + 1)


def hands(game: str, matches: int, seats: int, seed: int) -> None:
    rows = HAND_ROWS[game]
    held = [[0.0] * 13 for _ in range(rows)]  # cards of each rank in the other hands
    fair = [[0.0] * 13 for _ in range(rows)]  # the same, had the hands been dealt at random
    for m, s, view, _legal, _move in _positions(game, matches, seats, seed):
        unseen = [c for c in unseen_cards(view) if c < 52]
        share = [0.0] * 13
        for c in unseen:
            share[RANK[c]] += 1 / len(unseen)
        for o, hand in enumerate(m.hands):
            if o != s and hand:
                b = _hand_row(game, view, len(hand))
                for c in hand:
                    if c < 52:
                        held[b][RANK[c]] += 1
                for r in range(13):
                    fair[b][r] += len(hand) * share[r]
    print(f"# {game}, {seats} seats: {matches} matches; a rank's count in the other hands over its count "
          "were they dealt at random from the cards the seat to play cannot see")
    print(f"| {'cards played' if game == 'ninety-nine' else 'hand size'} | " + " | ".join(RANKS) + " |")
    print("| --- " * 14 + "|")
    for b in range(rows):
        print(f"| {_row_label(game, b)} | " + " | ".join(f"{held[b][r] / max(fair[b][r], 1e-9):.2f}" for r in range(13))
              + " |")


class _Even:
    """Every hand equally likely: the deals before any plays were read."""

    kinds = RANK

    def __init__(self) -> None:
        self.tables: dict = {}

    def __call__(self, kinds: tuple[int, ...]) -> float:
        return 1.0


def ninety_nine_fit(matches: int, seats: int, seed: int) -> None:
    models: dict[str, Callable[[dict, int], Fit]] = {
        "even deals": lambda v, o: _Even(),
        "latest play": lambda v, o: play_fit(v, o, reads=1) or _Even(),
        f"chain of {CHAIN}": lambda v, o: play_fit(v, o) or _Even(),
    }
    logp = dict.fromkeys(models, 0.0)
    share = dict.fromkeys(models, 0.0)
    spent = dict.fromkeys(models, 0.0)
    looked = 0
    for m, s, view, legal, move in _positions("ninety-nine", matches, seats, seed):
        if len(legal) < 2 or move % 3:
            continue
        pool = unseen_cards(view)
        base = tuple(sorted(Counter(RANK[c] for c in pool).items()))
        for o, hand in enumerate(m.hands):
            if o == s or not hand or not view["plays"][o]:
                continue
            real = Counter(RANK[c] for c in hand)
            looked += 1
            for name, model in models.items():
                t0 = time.perf_counter()
                options, cumulative = _posterior(model(view, o), base, len(hand))
                spent[name] += time.perf_counter() - t0
                total, prev = cumulative[-1], 0.0
                for ranks, run in zip(options, cumulative):
                    p = (run - prev) / total
                    prev = run
                    dealt = Counter(ranks)
                    if dealt == real:
                        logp[name] += math.log(p)
                    share[name] += p * sum((dealt & real).values()) / len(hand)
    print(f"# ninety-nine, {seats} seats: {matches} matches, {looked} hands of other seats seen from the seat to play")
    print("| deals | mean log-chance of the real ranks | share of the real ranks held | ms per posterior |")
    print("| --- | --- | --- | --- |")
    for name in models:
        print(f"| {name} | {logp[name] / max(looked, 1):.3f} | {share[name] / max(looked, 1):.3f} | "
              f"{1000 * spent[name] / max(looked, 1):.2f} |")


def crazy_eights_leads(matches: int, seats: int, seed: int) -> None:
    held = {how: 0.0 for how in LEAD_HOW}  # cards of the suit the seat's latest play set
    fair = {how: 0.0 for how in LEAD_HOW}  # the same, had its hand been dealt at random
    dealt = {how: 0.0 for how in LEAD_HOW}  # the same, in the hands the sampler deals it
    seen: Counter[str] = Counter()
    rng = random.Random(seed)
    for m, s, view, _legal, move in _positions("crazy-eights", matches, seats, seed):
        if move % 3:
            continue
        pool = [c for c in unseen_cards(view) if c < 52]
        wild = view["wild"]
        sample = determinize(view, rng)
        for o, lead in enumerate(view["leads"]):
            hand = m.hands[o]
            if o == s or lead is None or not hand:
                continue
            suit, how = SUITS.index(lead["suit"]), lead["how"]

            def of_suit(c: int) -> bool:
                return c < 52 and SUIT[c] == suit and RANKS[RANK[c]] not in wild
            seen[how] += 1
            held[how] += sum(map(of_suit, hand))
            dealt[how] += sum(map(of_suit, sample.hands[o]))
            fair[how] += len(hand) * sum(map(of_suit, pool)) / max(len(pool), 1)
    print(f"# crazy-eights, {seats} seats: {matches} matches; cards of the suit a seat's latest play set, "
          "wild cards apart, in its hand over that count were it dealt at random")
    print("| how the play set the suit | hands | real hands | the sampler's deals |")
    print("| --- | --- | --- | --- |")
    for how in LEAD_HOW:
        f = max(fair[how], 1e-9)
        print(f"| {how} | {seen[how]} | {held[how] / f:.2f} | {dealt[how] / f:.2f} |")


#: the match-score leads (points) a ``crazy-eights-match`` row starts at
LEAD_BANDS = (-40, -20, -10, 0, 10, 20, 40)
SCALES = (10.0, 15.0, 20.0, 30.0)


def _lead(scores: list[int], seat: int) -> float:
    """``seat``'s lead in the match scores as the search judges it: half the others' mean and
    half their best, less its own (5.3, the lowest score wins)."""
    others = [p for o, p in enumerate(scores) if o != seat]
    return 0.5 * (sum(others) / len(others) + min(others)) - scores[seat]


def crazy_eights_match(matches: int, seats: int, seed: int) -> None:
    """After every hand that leaves the match going: each seat's lead in the match scores as
    the search judges it (half the others' mean and half their best, less its own; 5.3, the
    lowest score wins) and whether it went on to win the match. How well a logistic of the
    lead with each scale (``core.bots.crazy_eights.SCORE_SCALE``) tells the winners."""
    rows: list[tuple[float, float]] = []  # (lead, match won)
    tables: list[tuple[list[int], list[float]]] = []  # (scores after the hand, each seat's share of the win)
    for i in range(matches):
        m = new_match("crazy-eights", seats, preset="standard", seed=seed + i)
        seen: list[list[int]] = []

        def watch(m: Match, events: list[Event]) -> None:
            for e in events:
                if e.kind == "hand_over" and e.data.get("scores") is not None and not m.is_over:
                    seen.append(list(e.data["scores"]))
        _play_normal(m, random.Random(i), watch)
        for scores in seen:
            tables.append((scores, [1.0 / len(m.winners) if s in m.winners else 0.0 for s in range(seats)]))
            for s in range(seats):
                rows.append((_lead(scores, s), 1.0 / len(m.winners) if s in m.winners else 0.0))
    print(f"# crazy-eights, {seats} seats: {matches} matches, {len(rows)} seats after a hand that left the match going")
    print("| lead from | seats | match won |")
    print("| --- | --- | --- |")
    edges = (-math.inf, *LEAD_BANDS, math.inf)
    for lo, hi in zip(edges, edges[1:]):
        band = [won for lead, won in rows if lo <= lead < hi]
        if band:
            print(f"| {lo:g} | {len(band)} | {100 * sum(band) / len(band):.1f}% |")
    print("\n| scale (points) | mean log-likelihood of the winners, best offset |")
    print("| --- | --- |")
    for scale in SCALES:
        best = -math.inf
        for k in range(41):  # the offset: a fair share below 1/2 with four seats
            a = -2.0 + 0.05 * k
            ll = 0.0
            for lead, won in rows:
                p = min(max(1.0 / (1.0 + math.exp(-(a + lead / scale))), 1e-9), 1 - 1e-9)
                ll += won * math.log(p) + (1 - won) * math.log(1 - p)
            best = max(best, ll / max(len(rows), 1))
        print(f"| {scale:g} | {best:.4f} |")
    _winner_fits(tables)


#: (base, per point left before the target) of the softmax temperatures ``crazy-eights-match`` tries
TEMPERATURES = ((15.0, 0.0), (20.0, 0.0), (25.0, 0.0), (12.0, 0.17), (15.0, 0.08), (15.0, 0.125),
                (15.0, 0.17), (18.0, 0.08))


def _winner_fits(tables: list[tuple[list[int], list[float]]], target: int = 100) -> None:
    """The same rows seen as one table each: the chance each judgement gives the seat that won.
    The logistic of the lead, made to sum to one over the seats, against a softmax of the
    scores whose temperature grows with the points left before the target (the match nearer
    its end, a point counts for more)."""
    def logistic(scale: float) -> Callable[[list[int]], list[float]]:
        def f(scores: list[int]) -> list[float]:
            return [1.0 / (1.0 + math.exp(-_lead(scores, s) / scale)) for s in range(len(scores))]
        return f

    def softmax(base: float, per_point: float) -> Callable[[list[int]], list[float]]:
        def f(scores: list[int]) -> list[float]:
            temp = base + (target - max(scores)) * per_point
            return [math.exp((min(scores) - p) / temp) for p in scores]
        return f

    def loglik(judge: Callable[[list[int]], list[float]]) -> float:
        total = 0.0
        for scores, won in tables:
            v = judge(scores)
            norm = sum(v)
            total += sum(w * math.log(max(x / norm, 1e-12)) for w, x in zip(won, v))
        return total / max(len(tables), 1)

    print(f"\n{len(tables)} tables after a hand: mean log-likelihood of the winner")
    print("| judgement | mean log-likelihood |")
    print("| --- | --- |")
    for scale in SCALES:
        print(f"| logistic of the lead, scale {scale:g} | {loglik(logistic(scale)):.4f} |")
    for base, per_point in TEMPERATURES:
        print(f"| softmax, temperature {base:g} + {per_point:g} per point left | {loglik(softmax(base, per_point)):.4f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=["ninety-nine", "ninety-eight", "ninety-nine-hands", "crazy-eights-hands",
                                     "ninety-nine-fit", "crazy-eights-leads", "crazy-eights-match"])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=300_000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    if args.game == "crazy-eights-leads":
        crazy_eights_leads(args.matches, args.seats, args.seed)
    elif args.game == "crazy-eights-match":
        crazy_eights_match(args.matches, args.seats, args.seed)
    elif args.game == "ninety-nine-fit":
        ninety_nine_fit(args.matches, args.seats, args.seed)
    elif args.game.endswith("-hands"):
        hands(args.game.removesuffix("-hands"), args.matches, args.seats, args.seed)
    else:
        (chips if args.game == "ninety-nine" else escapes)(args.matches, args.seats, args.seed)
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
