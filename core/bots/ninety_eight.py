"""Ninety-Eight bots (``../shared/rules/ninety-eight.md``, section 8 for the strategy).

The rule-based player scores each legal play by three things it can work out from the view:
the chance that the seat to play next has no safe card at the new total (counting the cards it
cannot see), the chance that it will itself be stuck when its turn comes round, and how
flexible the hand it keeps is. Those give the sheets' advice without spelling it out: Kings and
tens are kept as escapes, aces go in as 1, high cards are shed while the total is low, and
near the limit it stops where few unseen cards are safe.
"""
from __future__ import annotations

import random
from typing import Any, cast

from ..actions import Action
from ..cards import ACE, KING, RANK, TEN
from ..events import Event
from ..games.ninety_eight import NinetyEight, card_values, turn_effect
from ..match import Match
from .base import Strategy, View, argmax, hand_codes, in_hand_count, next_seat, unseen

_FOUR = 3  # a rank index

#: the room left under the limit at which ``normal`` judges the cards it keeps: near the limit
#: weighted most, as more of these lie there
NEAR_LIMIT = (0, 1, 3, 6, 10, 15)

#: what a card is worth keeping beyond the safety the scores already count: Kings and tens
#: also attack (a King leaves the next seat no room at all)
_KEEP = {KING: 0.12, TEN: 0.08, ACE: 0.03}


class Rules:
    """The card values of one set of options."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.limit = int(options["limit"])
        self.values = card_values(options)
        self.skips = {rank for rank in range(13) if turn_effect(rank, options) == "skip"}
        self.reverse = turn_effect(_FOUR, options) == "reverse"
        # safe[r][rank]: may a card of that rank be played with ``r`` room left under the limit
        top = self.limit + 1
        self.safe = [[self._safe(rank, r) for rank in range(13)] for r in range(top)]
        #: per room left, the ranks that may be played there (``unseen_safe`` sums by rank)
        self.safe_ranks = [[rank for rank in range(13) if row[rank]] for row in self.safe]

    def _safe(self, rank: int, room: int) -> bool:
        if rank in (KING, TEN):
            return True
        if rank == ACE:
            return room >= 1
        return self.values[rank] <= room  # type: ignore[operator]

    def after(self, total: int, a: Action) -> int:
        r = RANK[a.card]
        if r == KING:
            return self.limit
        if a.value is not None:
            return max(0, total + a.value)
        return total + self.values[r]  # type: ignore[operator]


_RULES: dict[tuple[Any, ...], Rules] = {}


def rules_for(options: dict[str, Any]) -> Rules:
    key = (options["limit"], options["fours"], options["threes"], options["jacks"])
    r = _RULES.get(key)
    if r is None:
        r = _RULES[key] = Rules(options)
    return r


def _safe_fraction(rules: Rules, ranks: list[int], weights: list[int]) -> list[float]:
    """Per room left, the share of the unseen cards that would be safe: weighed by rank first,
    as every room's row is read (the hint line and each bot decision run it, the search often)."""
    total = sum(weights) or 1
    by_rank = [0] * 13
    for rank, w in zip(ranks, weights):
        by_rank[rank] += w
    return [sum(by_rank[rank] for rank in row) / total for row in rules.safe_ranks]


def unseen_safe(view: View, rules: Rules) -> list[float]:
    """Per room left, the share of the cards this seat cannot see that would be safe there."""
    left = unseen(view)
    return _safe_fraction(rules, [RANK[c] for c in left], list(left.values()))


def seat_after(view: View, seat: int, rules: Rules, rank: int) -> int:
    """The seat to play after ``seat`` plays a card of ``rank``: a reversing 4 turns play
    round, a skipping card passes over the next seat."""
    direction = view["direction"]
    if rank == _FOUR and rules.reverse:
        direction = -direction
    nxt = next_seat(view, seat, direction)
    if rank in rules.skips:
        nxt = next_seat(view, nxt, direction)
    return nxt


def safe_near_limit(rules: Rules, kept: list[int]) -> list[int]:
    """Per room of ``NEAR_LIMIT``, how many of the ranks ``kept`` can be played there: what
    ``normal``'s judgement of the cards it keeps counts (``_quality``; the hint's ``ne_room``)."""
    rows = rules.safe
    return [sum(1 for r in kept if rows[min(room, rules.limit)][r]) for room in NEAR_LIMIT]


def no_safe_chance(q: list[float], room: int, cards: int) -> float:
    """The chance that a seat holding ``cards`` unseen cards has none safe with ``room`` left
    (``q``: ``unseen_safe``)."""
    return (1.0 - q[room]) ** (cards or 1)


class NinetyEightStrategy(Strategy):
    game = "ninety-eight"

    # ------------------------------------------------------------------ easy
    def easy(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """Random, except that a King is not thrown away on a low total when anything else will do."""
        rules = rules_for(view["options"])
        low = view["total"] < rules.limit // 2
        keep = [i for i, a in enumerate(legal) if not (low and RANK[a.card] == KING)]
        return rng.choice(keep or list(range(len(legal))))

    # ------------------------------------------------------------------ normal
    def normal(self, view: View, legal: list[Action], rng: random.Random) -> int:
        rules = rules_for(view["options"])
        seat: int = view["seat"]
        total: int = view["total"]
        limit = rules.limit
        hand = hand_codes(view)
        q = unseen_safe(view, rules)
        players_in = in_hand_count(view)
        teams = view.get("teams")
        partner_of: dict[int, set[int]] = {}
        if teams:
            for group in teams:
                for s in group:
                    partner_of[s] = set(group) - {s}
        mates = partner_of.get(seat, set())
        counts = view["hand_counts"]
        # the room left when my turn comes round again: opponents mostly add, one may play a
        # King; a rough spread of outcomes is enough to rank the plays
        steps = max(players_in - 1, 1)
        spread = ((0.15, 0), (0.35, 4 * steps), (0.3, 8 * steps), (0.2, 14 * steps))
        scores: list[float] = []
        for a in legal:
            t2 = rules.after(total, a)
            room = limit - t2
            rank = RANK[a.card]
            nxt = seat_after(view, seat, rules, rank)
            kept = list(hand)
            kept.remove(a.card)
            kept_ranks = [RANK[c] for c in kept]
            if nxt == seat:  # two left and a skip: I play again, with one card drawn
                elim = 0.0
                risk = self._stuck(rules, kept_ranks, q, room)
            else:
                elim = no_safe_chance(q, room, counts[nxt])
                if nxt in mates:
                    elim = -elim
                risk = 0.0
                for w, drop in spread:
                    if drop == 0:
                        r2 = 0
                    else:
                        r2 = max(0, room - drop)
                    risk += w * self._stuck(rules, kept_ranks, q, r2)
                risk *= 1.0 - max(elim, 0.0)  # an elimination resets the total to 0
            quality = self._quality(rules, kept_ranks)
            score = elim - risk + 0.25 * quality - _KEEP.get(rank, 0.0)
            if a.value is not None and rank == ACE and a.value == 11 and room > 20:
                score -= 0.02  # aces as 1 early: no reason to spend room
            scores.append(score)
        return argmax(scores, rng)

    @staticmethod
    def _stuck(rules: Rules, kept: list[int], q: list[float], room: int) -> float:
        """Chance of no safe card at ``room``: none in hand and none in the card drawn."""
        row = rules.safe[max(0, min(room, rules.limit))]
        for r in kept:
            if row[r]:
                return 0.0
        return 1.0 - q[max(0, min(room, rules.limit))]

    @staticmethod
    def _quality(rules: Rules, kept: list[int]) -> float:
        """How much of the range of totals the kept cards cover, near the limit weighted most."""
        if not kept:
            return 0.0
        score = 0.0
        for safe in safe_near_limit(rules, kept):
            score += safe / len(kept)
        return score / len(NEAR_LIMIT)

    # ------------------------------------------------------------------ search support
    def candidates(self, view: View, legal: list[Action]) -> list[int]:
        return list(range(len(legal)))

    def rollout(self, m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        rules = rules_for(m.options)
        table = _static_elim(rules)
        total = cast(NinetyEight, m).total
        limit = rules.limit
        best = legal[0]
        best_score = -9.0
        for a in legal:
            rank = RANK[a.card]
            t2 = limit if rank == KING else (max(0, total + a.value) if a.value is not None
                                              else total + rules.values[rank])  # type: ignore[operator]
            s = table[limit - t2] - _ROLL_KEEP[rank] + rng.random() * 0.05
            if s > best_score:
                best, best_score = a, s
        return best

    def watch(self, events: list[Event], seat: int, view: View, ctx: dict[str, Any]) -> float | None:
        """Judged at the first elimination, where the total starts again from 0: 0 if my side
        is out, else my chance of winning the rest of the hand from the sides left and the
        escapes (Kings and tens) my side holds then (``hand_chance``); 1 once it is won. The
        later rounds of the hand turn mostly on cards not yet drawn, so playing them out would
        add noise and cost, not a better judgement of the move."""
        mine = ctx.get("mine")
        if mine is None:
            mine = ctx["mine"] = set(side_seats(view, seat))
            ctx["units"] = _units_in_hand(view)
        for e in events:
            kind = e.kind
            if kind == "eliminated":
                if e.seat in mine:
                    return 0.0
                left = ctx["units"] - 1
                if left <= 1:
                    return 1.0
                m: Match = ctx["match"]
                return hand_chance(left, sum(escapes(m.hands[s]) for s in mine if m.in_hand[s]))
            elif kind == "hand_over" or kind == "match_over":
                return 1.0 if mine & set(e.data["winners"]) else 0.0
        return None

    def cutoff(self, m: Match, seat: int, view: View, ctx: dict[str, Any]) -> float:
        return 0.5


#: a side's chance of winning the rest of a hand after its first elimination, by the sides
#: left (2 or 3) and the escapes it holds (0, 1, 2 or more Kings and tens): measured over 2,000
#: matches of four ``normal`` bots (``bench/fit_values.py``, 20,568 positions). With three
#: sides left: 24% holding none, 46% holding two.
HAND_CHANCE = {2: (0.451, 0.510, 0.632), 3: (0.238, 0.380, 0.459)}


def escapes(hand: list[int]) -> int:
    """Kings and tens in a hand: the cards that are safe at any total (2, 4.4)."""
    return sum(1 for c in hand if RANK[c] in (KING, TEN))


def hand_chance(sides: int, held: int) -> float:
    """``HAND_CHANCE`` for ``held`` escapes; with more sides left, the fair share scaled as
    with three."""
    row = HAND_CHANCE.get(sides)
    e = min(held, 2)
    if row is not None:
        return row[e]
    return HAND_CHANCE[3][e] * 3.0 / sides


def _units_in_hand(view: View) -> int:
    """Sides still in the hand: seats, or teams of partners."""
    status = view["status"]
    teams = view.get("teams")
    if teams:
        return sum(1 for group in teams if any(status[s]["in_hand"] for s in group))
    return in_hand_count(view)


def side_seats(view: View, seat: int) -> list[int]:
    """``seat`` and its partners (with teams), or ``seat`` alone."""
    teams = view.get("teams")
    if teams:
        for group in teams:
            if seat in group:
                return list(group)
    return [seat]


_ROLL_KEEP = [0.0] * 13
_ROLL_KEEP[KING] = 0.35
_ROLL_KEEP[TEN] = 0.25
_ROLL_KEEP[ACE] = 0.08
_STATIC: dict[int, list[float]] = {}


def _static_elim(rules: Rules) -> list[float]:
    """Per room left, the chance that a four-card hand from a full deck has no safe card."""
    t = _STATIC.get(id(rules))
    if t is None:
        fr = _safe_fraction(rules, list(range(13)), [4] * 13)
        t = _STATIC[id(rules)] = [(1.0 - f) ** 4 for f in fr]
    return t


STRATEGY = NinetyEightStrategy()
