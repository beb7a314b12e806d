"""Ninety-Nine bots (``../shared/rules/ninety-nine.md``): land on 33 / 66 / 99, never pass a mark.

The rule-based player scores each play by its chips now (landing, passing, 99, over), by what
the seat to play next can do from the new total with the cards it may hold (counted from the
unseen cards), by whether its own kept hand still has a safe play a little higher up, and by
the dodging cards it spends (9 adds nothing, 10 can go down, 2 halves high even totals, 4
adds little and turns the table). It always takes its manual draw.
"""
from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Any, cast

from ..actions import DRAW, Action
from ..cards import ACE, JACK, RANK, TEN, parse_card
from ..events import Event
from ..games.ninety_nine import NO_CARD_CHIPS, TOP, NinetyNine
from ..games.ninety_nine import chips as outcome
from ..games.ninety_nine import total_after as after
from ..match import Match
from ..sampling import Fits
from .base import Strategy, View, argmax, hand_codes, next_seat, unseen

_TWO, _FOUR, _NINE = 1, 3, 8
_HAND = 3  # cards a seat holds after drawing (3.1)
_DRAW = Action(DRAW)

#: what keeping a card is worth beyond the scores: the dodging cards
_KEEP = [0.0] * 13
_KEEP[_NINE] = 0.35
_KEEP[TEN] = 0.3
_KEEP[_TWO] = 0.12
_KEEP[_FOUR] = 0.1
_KEEP[ACE] = 0.08


def options_of(rank: int) -> tuple[int | None, ...]:
    """The chosen values a card of that rank can be played with (None: no choice)."""
    if rank == ACE:
        return (1, 11)
    if rank == TEN:
        return (10, -10)
    return (None,)


def _best_for(rank: int, o: int) -> tuple[int, int]:
    """The best (mine, others) a card of that rank gives from ``o`` over its choices."""
    best: tuple[int, int] | None = None
    for v in options_of(rank):
        r = outcome(o, after(o, rank, v))
        if best is None or (r[1] - 2 * r[0]) > (best[1] - 2 * best[0]):
            best = r
    return best  # type: ignore[return-value]


# per total 0..99, per rank: the best outcome for whoever holds that rank
_BEST = [[_best_for(rank, o) for rank in range(13)] for o in range(100)]


class NinetyNineStrategy(Strategy):
    game = "ninety-nine"
    #: the search drops a candidate once the leader beats it by this many standard errors
    #: (``core.bots.search.race``): a play that passes a mark or goes over is seldom close
    race_z = 2.5

    def fits(self, view: View) -> Fits:
        """Per seat, how well a hand dealt to it fits its plays seen (``play_fit``), worked out
        once per decision: the search deals from the same view again and again."""
        found = [play_fit(view, s) for s in range(view["players"])]
        return lambda v, s: found[s]

    # ------------------------------------------------------------------ easy
    def easy(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """Random, but not over 99 when another card stays under; draws first most of the time."""
        draws = [i for i, a in enumerate(legal) if a.kind == DRAW]
        if draws and rng.random() < 0.8:
            return draws[0]
        total = view["total"]
        plays = [i for i, a in enumerate(legal) if a.kind != DRAW]
        safe = [i for i in plays if after(total, RANK[legal[i].card], legal[i].value) <= TOP]
        return rng.choice(safe or plays or draws)

    # ------------------------------------------------------------------ normal
    def normal(self, view: View, legal: list[Action], rng: random.Random) -> int:
        for i, a in enumerate(legal):
            if a.kind == DRAW:
                return i  # never forget the manual draw (section 5)
        seat: int = view["seat"]
        o: int = view["total"]
        hand = [RANK[c] for c in hand_codes(view)]
        tables = unseen_tables(view)
        counts = view["hand_counts"]
        chips = view["status"][seat].get("chips", 9)
        scores: list[float] = []
        for a in legal:
            rank = RANK[a.card]
            nxt = seat_after(view, seat, rank)
            kept = list(hand)
            kept.remove(rank)
            next_cards = 0 if nxt == seat else counts[nxt]  # none: it plays nothing from the new total
            score = score_play(o, rank, a.value, kept, next_cards, chips, tables)
            if nxt != seat and not next_cards and after(o, rank, a.value) < TOP:
                score += 0.8 * no_card_loss(view, nxt)  # the chips it loses, as others' chips count
            scores.append(score)
        return argmax(scores, rng)

    # ------------------------------------------------------------------ search support
    def candidates(self, view: View, legal: list[Action]) -> list[int]:
        for i, a in enumerate(legal):
            if a.kind == DRAW:
                return [i]  # drawing first is never worse than playing first
        return list(range(len(legal)))

    def pending(self, m: Match) -> tuple[int, Action] | None:
        """An open manual draw of a seat other than the one to play: take it at once."""
        d = cast(NinetyNine, m).drawer
        if d is not None and d != m.current:
            return d, _DRAW
        return None

    def rollout(self, m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """The rule-based player's scoring, with the unseen cards taken as a full deck.

        Both parts of a score depend on a few small numbers only, so they are kept in two
        small tables (``_ROLLOUT_NOW``, ``_ROLLOUT_SAFETY``): most of a rollout's time went
        to working the same ones out again."""
        for a in legal:
            if a.kind == DRAW:
                return a
        if len(legal) == 1:
            return legal[0]
        g = cast(NinetyNine, m)
        o = g.total
        hand = [RANK[c] for c in m.hands[seat]]
        chips = g.chips[seat]
        band = 2 if chips <= 2 else 4 if chips <= 4 else 9  # the steps of the chips' weight
        hands = m.hands
        now_of = _ROLLOUT_NOW
        safety_of = _ROLLOUT_SAFETY
        best = legal[0]
        best_score = -99.0
        d = m.direction
        nxt1 = _next_seat(m, seat, d)
        sizes: dict[int, int] = {}  # next seat's cards, by the rank that decides who is next
        kept_of: dict[int, tuple[int, ...]] = {}
        for a in legal:
            rank = RANK[a.card]
            turn = rank if rank == _FOUR or rank == JACK else -1  # the ranks that move the turn
            k = sizes.get(turn, -1)
            if k < 0:
                nxt = nxt1
                if rank == _FOUR:
                    nxt = _next_seat(m, seat, -d)
                elif rank == JACK:
                    nxt = _next_seat(m, nxt1, d)
                k = sizes[turn] = 0 if nxt == seat else len(hands[nxt]) or 1
            key = (o, rank, a.value, k, band)
            part = now_of.get(key)
            if part is None:
                part = now_of[key] = chips_and_next(o, rank, a.value, k, band, STATIC)
            t, sc = part
            if t < TOP:
                kept = kept_of.get(rank)
                if kept is None:
                    rest = list(hand)
                    rest.remove(rank)
                    kept = kept_of[rank] = tuple(sorted(set(rest)))
                skey = (t, kept)
                safe = safety_of.get(skey)
                if safe is None:
                    safe = safety_of[skey] = safety(t, kept, STATIC)
                sc += 0.6 * safe
            sc -= _KEEP[rank]
            sc += rng.random() * 0.05
            if sc > best_score:
                best, best_score = a, sc
        return best

    def watch(self, events: list[Event], seat: int, view: View, ctx: dict[str, Any]) -> float | None:
        """Chips lost by me against the mean lost by the others, over the rest of the round."""
        lost = ctx.get("lost")
        if lost is None:
            lost = ctx["lost"] = [0] * view["players"]
        for e in events:
            kind = e.kind
            if kind == "chips" and e.seat is not None:  # a chips event always names its seat
                lost[e.seat] -= e.data["delta"]
            elif kind == "round_over" or kind == "match_over":
                return _value(lost, seat, view)
        return None

    def cutoff(self, m: Match, seat: int, view: View, ctx: dict[str, Any]) -> float:
        return _value(ctx.get("lost") or [0] * view["players"], seat, view)


def _value(lost: list[int], seat: int, view: View) -> float:
    status = view["status"]
    others = [s for s in range(view["players"]) if s != seat and not status[s]["out"]]
    mean = sum(lost[s] for s in others) / len(others) if others else 0.0
    chips = status[seat].get("chips", 9)
    v = 0.5 + 0.12 * (mean - lost[seat])
    if lost[seat] >= chips:
        v -= 0.4  # out of the match
    return min(1.0, max(0.0, v))


def _ranks_where(test: Callable[[tuple[int, int]], bool]) -> list[list[int]]:
    """Per total, the ranks (in order) whose best play there passes ``test``: ``Tables`` is
    built at every decision, and reads only these."""
    return [[r for r in range(13) if test(_BEST[t][r])] for t in range(100)]


_TO_99 = _ranks_where(lambda best: best[1] >= 2)
_TO_LAND = _ranks_where(lambda best: best[1] == 1)
_TO_BAD = _ranks_where(lambda best: best[0] > 0)
_TO_SAFE = _ranks_where(lambda best: best[0] == 0)


class Tables:
    """Per total, the share of the unseen cards that gives the next seat 99, a landing on
    33 or 66, only losing plays, or a safe play."""

    def __init__(self, share: list[float]) -> None:
        self.p99 = [sum(share[r] for r in ranks) for ranks in _TO_99]
        self.pland = [sum(share[r] for r in ranks) for ranks in _TO_LAND]
        self.pbad = [sum(share[r] for r in ranks) for ranks in _TO_BAD]
        self.psafe = [sum(share[r] for r in ranks) for ranks in _TO_SAFE]


STATIC = Tables([1 / 13] * 13)


def unseen_tables(view: View) -> Tables:
    """``Tables`` of the cards this seat cannot see: the hands the others may hold."""
    left = unseen(view)
    total_unseen = sum(left.values()) or 1
    share = [0.0] * 13
    for c, k in left.items():
        share[RANK[c]] += k / total_unseen
    return Tables(share)


def no_card_loss(view: View, seat: int) -> int:
    """The chips ``seat`` loses as its turn comes while it holds no card, its manual draw
    forgotten (5.3: 3, or all it has)."""
    return min(NO_CARD_CHIPS, view["status"][seat].get("chips", NO_CARD_CHIPS))


def seat_after(view: View, seat: int, rank: int) -> int:
    """The seat to play after ``seat`` plays a card of ``rank``: a 4 turns play round, a J
    skips the next seat (2); ``seat`` itself where it plays again."""
    direction = view["direction"]
    if rank == _FOUR:
        direction = -direction
    nxt = next_seat(view, seat, direction)
    if rank == JACK:
        nxt = next_seat(view, nxt, direction)
    return nxt


#: a rollout's ``chips_and_next`` by (total, rank, chosen value, next seat's cards, chips'
#: step): at most 99 totals x 15 plays x 4 x 3 = 17,820 entries
_ROLLOUT_NOW: dict[tuple[int, int, int | None, int, int], tuple[int, float]] = {}
#: a rollout's ``safety`` by (new total, kept ranks): at most 99 x 92 = 9,108 entries
_ROLLOUT_SAFETY: dict[tuple[int, tuple[int, ...]], float] = {}


def score_play(o: int, rank: int, value: int | None, kept: list[int], next_cards: int, chips: int,
               tables: Tables) -> float:
    """The rule-based value of one play from total ``o``: chips now, what the next seat (holding
    ``next_cards``; 0 when I play again) can do from the new total, whether my kept ranks still
    have a safe play a little higher up, and the dodging card spent."""
    t, score = chips_and_next(o, rank, value, next_cards, chips, tables)
    if t < TOP:
        score += 0.6 * safety(t, kept, tables)
    return score - _KEEP[rank]


def chips_and_next(o: int, rank: int, value: int | None, next_cards: int, chips: int,
                   tables: Tables) -> tuple[int, float]:
    """The new total, and the part of a play's score from the chips it moves now and what the
    next seat can do from there."""
    t = after(o, rank, value)
    mine, others = outcome(o, t)
    weight = 1.0 + (1.5 if chips <= 2 else 0.5 if chips <= 4 else 0.0)  # my chips count more as they run out
    score = 0.8 * others - weight * mine
    if t < TOP and next_cards:
        k = next_cards
        hit99 = 1.0 - (1.0 - tables.p99[t]) ** k
        hitland = (1.0 - (1.0 - tables.pland[t]) ** k) * (1.0 - hit99)
        score -= weight * (2 * hit99 + hitland)
        score += 0.8 * tables.pbad[t] ** k
    return t, score


def safety(t: int, kept: list[int] | tuple[int, ...], tables: Tables) -> float:
    """Whether the kept ranks still hold a safe play at ``t`` and a little higher up (0 to 1;
    where they do not, the chance of drawing one)."""
    return sum(0.25 if free_at(t2, kept) else 0.25 * tables.psafe[t2] for t2 in totals_ahead(t))


#: how far above a new total ``safety`` looks
AHEAD = (0, 5, 10, 15)


def totals_ahead(t: int) -> tuple[int, ...]:
    """The totals ``safety`` looks at: ``t`` and ``AHEAD`` above it, at most 98."""
    return tuple(min(t + bump, 98) for bump in AHEAD)


def free_at(t: int, ranks: Iterable[int]) -> bool:
    """Whether a card of one of ``ranks`` can be played from ``t`` at no cost (3.3)."""
    row = _BEST[t]
    return any(row[r][0] == 0 for r in ranks)


#: chance of a play that the rule-based player would not have made from a sampled hand: the
#: seat may be a person, or the model off; never 0, so no hand is ruled out
OFF_MODEL = 0.01
#: score gap within which a play counts as the rule-based player's own (its rollouts' noise)
MODEL_SLACK = 0.05


#: a seat's latest plays that its fit reads: older ones say little of the hand now
CHAIN = 4


def play_fit(view: View, seat: int, reads: int | None = None) -> "ChainFit | None":
    """How well a hand sampled for ``seat`` fits its plays this round (the view's ``plays``),
    as a likelihood: a seat that played a 9 at 20 probably kept nothing better to play there.
    The two cards kept at one play are still held at the next unless played, so the plays
    chain: the hand now is the hand of its latest play, less that card, plus one card drawn
    since; that hand was the one before, less its play, plus one drawn; and so on (which card
    was drawn is unknown, so each is tried). With the manual draw a seat may have skipped a
    draw, which breaks the chain: only the latest play is read then. ``reads`` is how many of
    the latest plays are read (default ``CHAIN``)."""
    plays = view.get("plays")
    seat_plays = plays[seat] if plays else None
    if not seat_plays:
        return None
    chips = view["status"][seat]["chips"]
    band = 2 if chips <= 2 else 4 if chips <= 4 else 9
    last = 1 if view.get("draw") == "manual" else reads or CHAIN
    chain = tuple((RANK[parse_card(p["card"])], p["value"], int(p["from"])) for p in seat_plays[-last:])
    return _chain_fit(chain, band)


@functools.lru_cache(maxsize=256)
def _chain_fit(chain: tuple[tuple[int, int | None, int], ...], band: int) -> "ChainFit":
    """One fit per seat and plays seen, shared by the deals of a search (and by the next
    decisions, until the seat plays again)."""
    return ChainFit(chain, band)


class ChainFit:
    """The fit of a seat's plays (rank, value, total before each) by the ranks of a hand, with
    its answers kept."""

    def __init__(self, chain: tuple[tuple[int, int | None, int], ...], band: int) -> None:
        self.chain, self.band = chain, band
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}
        self.tables: dict[Any, Any] = {}  # the posteriors ``core.sampling`` builds from it

    kinds = RANK

    def given(self, j: int, kept: tuple[int, ...]) -> float:
        """The chance of plays 0..j of the chain, keeping the ranks ``kept`` at play j."""
        key = (j, kept)
        got = self.memo.get(key)
        if got is None:
            rank, value, o = self.chain[j]
            got = _chance(rank, value, o, self.band, kept)
            if j:  # the hand it played from: the cards kept before, plus one drawn since
                got *= self.one_drawn(j - 1, tuple(sorted((*kept, rank))))
            self.memo[key] = got
        return got

    def one_drawn(self, j: int, held: tuple[int, ...]) -> float:
        """The chance of plays 0..j when ``held`` (sorted) is what was kept at play j plus one
        card drawn since, which one unknown: each equally likely."""
        return sum(self.given(j, held[:i] + held[i + 1:]) for i in range(len(held))) / len(held)

    def __call__(self, ranks: tuple[int, ...]) -> float:
        """``ranks`` sorted: the hand now."""
        last = len(self.chain) - 1
        if len(ranks) < _HAND:  # nothing drawn since (an empty stock, or a forgotten draw)
            return self.given(last, ranks)
        return self.one_drawn(last, ranks)


@functools.lru_cache(maxsize=65536)
def _chance(rank: int, value: int | None, o: int, band: int, held: tuple[int, ...]) -> float:
    """The chance that the rollout player makes this play from ``held`` and the card played."""
    ranks = (rank, *held)
    mine = best = -99.0
    for i, r in enumerate(ranks):
        kept = tuple(sorted(set(ranks[:i] + ranks[i + 1:])))
        for v in options_of(r):
            sc = _rollout_score(o, r, v, kept, band)
            if i == 0 and v == value:
                mine = sc
            best = max(best, sc)
    return 1.0 if mine >= best - MODEL_SLACK else OFF_MODEL


def _rollout_score(o: int, rank: int, value: int | None, kept: tuple[int, ...], band: int) -> float:
    """The rollout player's score of a play (``rollout``), the next seat taken to hold 3 cards."""
    key = (o, rank, value, _HAND, band)
    part = _ROLLOUT_NOW.get(key)
    if part is None:
        part = _ROLLOUT_NOW[key] = chips_and_next(o, rank, value, _HAND, band, STATIC)
    t, sc = part
    if t < TOP:
        skey = (t, kept)
        safe = _ROLLOUT_SAFETY.get(skey)
        if safe is None:
            safe = _ROLLOUT_SAFETY[skey] = safety(t, kept, STATIC)
        sc += 0.6 * safe
    return sc - _KEEP[rank]


def _next_seat(m: Match, seat: int, d: int) -> int:
    n = m.players
    in_hand = m.in_hand
    s = seat
    for _ in range(n):
        s = (s + d) % n
        if in_hand[s]:
            return s
    return seat


STRATEGY = NinetyNineStrategy()
