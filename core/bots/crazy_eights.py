"""Crazy Eights bots (``../shared/rules/crazy-eights.md``).

The rule-based player keeps its wild cards for when it is stuck (but sheds them when an
opponent holds one card), plays the suit it holds most of, names its longest suit, sheds
high-penalty cards (and uses skips, reverses and twos) when an opponent is close to going out,
and always announces its last card correctly.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..actions import DRAW, PLAY, Action
from ..cards import ACE, JOKER, QUEEN, RANK, RANKS, SUIT
from ..events import Event
from ..match import Match
from .base import Strategy, View, argmax, hand_codes, next_seat, unseen

TWO, _EIGHT = 1, 7
#: with specials, the ranks that act on the next seat (7.1-7.3): a 2 makes it draw, a Q skips
#: it, an ace reverses play (with two seats, skips)
SPECIAL_RANKS = (TWO, QUEEN, ACE)
#: 5.2: eight 50, joker 50, K Q J T 10, A 1, 2..9 face value
POINTS = tuple(50 if c == JOKER or RANK[c] == _EIGHT else min(RANK[c] + 1, 10) for c in range(53))
#: how often an easy bot forgets to announce its last card
EASY_FORGETS_ANNOUNCE = 0.2


@dataclass(frozen=True)
class Weights:
    """How ``normal`` scores a play; the defaults are the rule set's. ``bench/ce_weights.py``
    plays matches with one weight changed, to see how far the rule set is from its best."""

    #: per ordinary card kept of the suit the play leaves to follow (play the suit held most)
    suit_left: float = 0.4
    #: the next seat drew on that suit, so it probably holds none
    next_lacks: float = 0.5
    #: per penalty point shed (5.2), while an opponent holds two cards or fewer, and otherwise
    points_danger: float = 0.03
    points: float = 0.008
    #: a wild card, kept for when stuck; naming the longest suit; per card held of the suit
    #: named; naming a suit the next seat drew on (doubled while an opponent holds two or fewer)
    wild: float = -3.0
    wild_longest: float = 0.5
    wild_suit: float = 0.1
    wild_next_lacks: float = 0.3
    #: a card that leaves no card of its suit and no wild card to follow it with
    last_of_suit: float = 0.2
    #: per unseen ordinary card of the suit the play leaves, which the others may hold to
    #: follow it (off in ``normal``, on in the move ``hard``'s search starts from: ``HARD``)
    unseen_of_suit: float = 0.0


NORMAL = Weights()
#: the rule set ``hard`` starts its search from: ``normal``'s, leaving the suit fewer unseen
#: cards can follow (one seat so weighted won 1.8 points more against three ``normal`` over
#: 16,000 paired matches, ``bench/ce_weights.py``; docs/bots-history.md)
HARD = Weights(unseen_of_suit=0.15)


def wild_ranks(view: View) -> set[int]:
    """Rank indexes wild for this seat (-1 stands for the joker)."""
    out: set[int] = set()
    for w in view.get("wild", ["8"]):
        out.add(-1 if w == "JK" else RANKS.index(w))
    return out


def is_wild(card: int, wild: set[int]) -> bool:
    return card == JOKER or RANK[card] in wild


def suit_lengths(hand: list[int], wild: set[int]) -> list[int]:
    """How many ordinary cards of each suit (S, H, D, C) a hand holds: its wild cards apart."""
    held = [0, 0, 0, 0]
    for c in hand:
        if not is_wild(c, wild):
            held[SUIT[c]] += 1
    return held


#: with the stock gone, how often ``normal`` varies a wild card's play (``rule_set``): enough
#: that four bots end every hand (bench/bots.py counts one that runs on as lost), and less
#: where a seat is about out
STOCK_GONE_VARY = 0.75
STOCK_GONE_VARY_CLOSE = 0.2


def ace_turns_away(view: View, seat: int) -> bool:
    """7.3: whether an ace ``seat`` plays turns play away from the next seat: with two seats it
    acts as a Q; with more it turns play to the seat before, no way away from a next seat about
    to go out where that one holds as few (two cards or fewer)."""
    return view["players"] == 2 or view["hand_counts"][next_seat(view, seat, -view["direction"])] > 2


def seat_to_follow(view: View, seat: int, card: int) -> int | None:
    """The seat that must follow the suit ``card`` leaves, after ``seat`` plays it; None where
    the card's own effect leaves that seat no plain follow (specials, 7.1-7.3: a 2's debt, a
    Q's skip, an ace's reverse or, with two seats, skip) or the turn comes back to ``seat``."""
    if view["options"].get("specials") and RANK[card] in SPECIAL_RANKS:
        return None
    nxt = next_seat(view, seat)
    return None if nxt == seat else nxt


def _announce_ok(a: Action, hand_size: int) -> bool:
    """4.1 / 4.4: announce exactly when the play leaves one card."""
    return a.announce == (hand_size == 2)


class CrazyEightsStrategy(Strategy):
    game = "crazy-eights"
    #: rollout moves before a position is judged by the cards left (``cutoff``)
    depth = 200
    #: the search leaves the rule-based move only on strong evidence: measured with
    #: ``bench/bots.py --decisions``, its departures at the default bar lost on average
    switch_alpha = 0.03
    #: deals per decision at most, even with budget left: the 470 deals that 0.3 s buys on a
    #: quiet machine did no better against three ``normal`` (24.1%, DCE) than 180 (28.6% on the
    #: same seeds, LCE; 24.8% on fresh ones, RCE: ``docs/bots-history.md``), and
    #: take longer
    max_deals = 180

    def __init__(self, weights: Weights = NORMAL, hard: Weights = HARD) -> None:
        self.weights = weights  # ``normal``'s
        self.hard_weights = hard  # the move ``hard``'s search starts from (``prior``)

    # ------------------------------------------------------------------ easy
    def easy(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """A random card when one can be played (drawing instead is the trivial blunder), and
        the last-card announcement, forgotten now and then."""
        size = len(view["hand"])
        plays = [i for i, a in enumerate(legal) if a.kind == PLAY]
        if not plays:
            return rng.randrange(len(legal))
        cards = sorted({(legal[i].card, legal[i].suit) for i in plays})
        card, suit = rng.choice(cards)
        same = [i for i in plays if legal[i].card == card and legal[i].suit == suit]
        want = size == 2 and rng.random() >= EASY_FORGETS_ANNOUNCE
        for i in same:
            if legal[i].announce == want:
                return i
        return same[0]

    # ------------------------------------------------------------------ normal
    def normal(self, view: View, legal: list[Action], rng: random.Random) -> int:
        return self.rule_set(view, legal, rng, self.weights)

    def advise(self, view: View, legal: list[Action], rng: random.Random) -> int:
        return self.rule_set(view, legal, rng, self.weights, vary=False)

    def prior(self, view: View, legal: list[Action], rng: random.Random) -> int:
        """The move ``hard``'s search keeps unless it finds a clearly better one."""
        return self.rule_set(view, legal, rng, self.hard_weights)

    def rule_set(self, view: View, legal: list[Action], rng: random.Random, W: Weights,
                 vary: bool = True) -> int:
        """``vary``: with the stock gone, now and then draw or name a random suit, so that
        bots alone do not hand wild cards round for ever (seldom where a hand is about out)."""
        seat: int = view["seat"]
        hand = hand_codes(view)
        size = len(hand)
        wild = wild_ranks(view)
        plays = [i for i, a in enumerate(legal) if a.kind == PLAY and _announce_ok(a, size)]
        if not plays:
            plays = [i for i, a in enumerate(legal) if a.kind == PLAY]
        other = [i for i, a in enumerate(legal) if a.kind != PLAY]
        if not plays:
            for i in other:
                if legal[i].kind == DRAW:
                    return i
            return other[0]
        if size == 1:
            return plays[0]  # going out
        counts = view["hand_counts"]
        status = view["status"]
        opponents = [s for s in range(view["players"]) if s != seat and status[s]["in_hand"]]
        danger = min((counts[s] for s in opponents), default=9)
        nxt = next_seat(view, seat)
        nxt_danger = counts[nxt] <= 2 if nxt != seat else False
        suit_len = suit_lengths(hand, wild)
        specials = bool(view["options"].get("specials"))
        drew_on = view.get("drew_on")
        lacks = {"SHDC".index(x) for x in drew_on[nxt]} if drew_on and nxt != seat else set()
        if W.unseen_of_suit:  # the ordinary cards of each suit this seat cannot see
            left = suit_lengths(list(unseen(view).elements()), wild)
        scores: list[float] = []
        for i in plays:
            a = legal[i]
            c = a.card
            w = is_wild(c, wild)
            rest = list(hand)
            rest.remove(c)
            if w:
                # keep wild cards for when stuck: a wild is played only when nothing else is
                # (with a wild and one other card, the other goes first: the wild then takes
                # the hand out whatever is on top)
                s = a.suit
                longest = max(range(4), key=lambda x: (suit_len[x], -x))
                score = W.wild + (W.wild_longest if s == longest else 0.0) + W.wild_suit * suit_len[s]
                if s in lacks:
                    score += W.wild_next_lacks * (1 if danger > 2 else 2)
                if RANK[c] == TWO and view.get("debt"):
                    score += 2.0
            else:
                s = SUIT[c]
                left_in_suit = suit_len[s] - 1
                score = W.suit_left * left_in_suit
                # the next seat drew on this suit: it probably has none (unless a special card
                # turns the next play away from it: then it follows nothing, 7.1-7.3)
                if s in lacks and (not specials or seat_to_follow(view, seat, c) == nxt):
                    score += W.next_lacks
                # points: shed the heavy cards first, all the more when someone is about out
                score += POINTS[c] * (W.points_danger if danger <= 2 else W.points)
                if specials:
                    # a 2 costs the next seat two cards and a Q its turn: worth playing any
                    # time, all the more against a seat about to go out
                    r = RANK[c]
                    if r == TWO:
                        score += 1.5 if nxt_danger else 0.5
                    elif r == QUEEN:
                        score += 1.2 if nxt_danger else 0.3
                    elif r == ACE and ace_turns_away(view, seat):
                        score += 0.8 if nxt_danger else 0.0
                # a card that leaves me nothing to follow my own suit with is worse
                if left_in_suit == 0 and not any(is_wild(x, wild) for x in rest):
                    score -= W.last_of_suit
            if W.unseen_of_suit:
                score -= W.unseen_of_suit * left[s]
            scores.append(score)
        best = plays[argmax(scores, rng)]
        if danger == 1 and legal[best].suit < 0 and not view["options"].get("countdown"):
            # an opponent one card from going out: a wild card kept scores 50 against me if it
            # does (5.2), so it goes now, naming the suit of the card it replaces (measured
            # with bench/shed_wilds.py: better on average than keeping it)
            named = SUIT[legal[best].card]
            wilds = [i for i in plays if legal[i].suit >= 0]
            best = next((i for i in wilds if legal[i].suit == named), wilds[0] if wilds else best)
        if legal[best].suit >= 0 and size == 2:
            # a wild card leaving one other: it names that card's suit, the way out next turn
            last = next(c for c in hand if c != legal[best].card or hand.count(c) > 1)
            if not is_wild(last, wild):
                best = next((i for i in plays if legal[i].card == legal[best].card
                             and legal[i].suit == SUIT[last]), best)
        if vary and legal[best].suit >= 0 and view["stock_count"] == 0 \
                and rng.random() < (STOCK_GONE_VARY if danger > 2 and size > 2 else STOCK_GONE_VARY_CLOSE):
            # The stock is gone, so the wild card played now is what the next seat draws
            # back, and strict play can hand wild cards round the table for ever. Vary it:
            # draw instead now and then, or name a random suit (seldom once a hand is about
            # out, where the play matters most).
            draws = [i for i in other if legal[i].kind == DRAW]
            if draws and rng.random() < 0.5:
                return draws[0]
            same = [i for i in plays if legal[i].card == legal[best].card]
            return rng.choice(same)
        return best

    # ------------------------------------------------------------------ search support
    def candidates(self, view: View, legal: list[Action]) -> list[int]:
        """Plays announced correctly; wild cards naming a suit held (or, with no other card in
        hand, any); a draw or pass only when no card can be played, or to take a debt. (Drawing
        while a card can be played only adds a card: rollouts, which play on after the draw,
        cannot tell the two apart, so the search would pick it on noise.)"""
        size = len(view["hand"])
        can_play = any(a.kind == PLAY for a in legal)
        debt = bool(view.get("debt"))
        wild = wild_ranks(view)
        hand = hand_codes(view)
        held = {SUIT[c] for c in hand if not is_wild(c, wild)}
        out: list[int] = []
        seen: set[tuple[int, int]] = set()
        for i, a in enumerate(legal):
            if a.kind != PLAY:
                if debt or not can_play:
                    out.append(i)
                continue
            if not _announce_ok(a, size):
                continue
            if a.suit >= 0 and held and a.suit not in held:
                continue
            key = (a.card, a.suit)
            if key in seen:
                continue
            seen.add(key)
            out.append(i)
        return out or list(range(len(legal)))

    def rollout(self, m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
        hand = m.hands[seat]
        size = len(hand)
        best: Action | None = None
        best_score = -99.0
        fallback = legal[-1]
        suit_len = [0, 0, 0, 0]
        for c in hand:
            if c != JOKER:
                suit_len[SUIT[c]] += 1
        want = size == 2
        for a in legal:
            if a.kind != PLAY:
                fallback = a
                continue
            if a.announce != want:
                continue
            if a.suit >= 0:  # a wild: last resort, naming the longest suit
                s = -2.0 + suit_len[a.suit] * 0.1
            else:
                s = suit_len[SUIT[a.card]] * 0.3 + POINTS[a.card] * 0.01
            s += rng.random() * 0.2
            if s > best_score:
                best, best_score = a, s
        if best is None:
            for a in legal:
                if a.kind == PLAY:
                    return a  # the announcement variant we skipped: still a play
            return fallback
        return best

    def watch(self, events: list[Event], seat: int, view: View, ctx: dict[str, Any]) -> float | None:
        """At the end of the hand, the match scores it leaves (5.2-5.3): once the match is
        over, 1 for the lowest score and 0 otherwise; before that, a logistic of how far my
        score stays below the others' (half their mean, half the best of them, since the lowest
        score wins). A whole hand's points say far more than whether I went out. Countdown:
        going out."""
        for e in events:
            kind = e.kind
            if kind == "hand_over":
                winners = e.data.get("winners") or []
                scores = e.data.get("scores")
                if scores is None:  # countdown: going out is what counts
                    return 1.0 if seat in winners else (0.0 if winners else 0.3)
                return _scores_value(scores, seat, int(view["options"].get("target", 100)))
            elif kind == "match_over":
                return 1.0 if seat in e.data.get("winners", []) else 0.0
        return None

    def cutoff(self, m: Match, seat: int, view: View, ctx: dict[str, Any]) -> float:
        """A rollout cut short: cards left, wild cards counting as nearly played."""
        wild_of = getattr(m, "_wild_rank")
        eff = []
        for s, h in enumerate(m.hands):
            w = wild_of(s)
            eff.append(len(h) - 0.6 * sum(1 for c in h if c == JOKER or RANK[c] == w))
        others = [e for s, e in enumerate(eff) if s != seat and m.in_hand[s]]
        mean = sum(others) / len(others) if others else 0.0
        return min(1.0, max(0.0, 0.5 + 0.06 * (mean - eff[seat])))


#: match points over which the value of a score lead goes from 27% to 73% (logistic scale)
SCORE_SCALE = 20.0


def _scores_value(scores: list[int], seat: int, target: int) -> float:
    """How good the match scores after a hand are for ``seat``, from 0 to 1."""
    others = [p for s, p in enumerate(scores) if s != seat]
    if not others:
        return 0.5
    mine = scores[seat]
    best = min(others)
    if max(scores) >= target:  # 5.3: the match is over, the lowest score wins
        return 0.0 if mine > best else 1.0 / (1 + sum(1 for p in others if p == mine))
    lead = 0.5 * (sum(others) / len(others) + best) - mine
    return 1.0 / (1.0 + math.exp(-lead / SCORE_SCALE))


STRATEGY = CrazyEightsStrategy()
