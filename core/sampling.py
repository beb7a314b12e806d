"""Determinisation: a full ``Match`` built from one seat's view plus a random deal of the cards
that seat cannot see, consistent with everything the view shows.

The search bot plays candidate moves forward on such samples. The base state (seats, hands,
pile, stock size, direction, dealer, statuses) comes from the generic view; each game adds its
own fields through a hook in ``HOOKS``, keyed by game id. A hook may also say which cards a
seat probably lacks (``VOIDS``) or holds more likely than others (``LEANS``), so the deal leans
that way.
"""
from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections import Counter
from typing import Any, Callable, Protocol, Sequence, cast

from .cards import JOKER, RANK, RANKS, SUIT, SUITS, full_deck, parse_card
from .games.crazy_eights import LEAD_HOW, CrazyEights
from .games.ninety_eight import NinetyEight
from .games.ninety_nine import NinetyNine
from .match import BASE_STATE, Match
from .options import deck_count

View = dict[str, Any]
#: sets a game's own state fields on a half-built match from the view
Hook = Callable[[Match, View], None]
#: per seat, the card codes that seat probably does not hold (empty sets when unknown)
Voids = Callable[[View], list[frozenset[int]]]

#: chance that a card a seat probably lacks is dealt to it all the same
VOID_LEAK = 0.15
#: per seat, a weight per card code: how much likelier than the rest that seat holds the card
#: (None when its plays say nothing)
Leans = Callable[[View], "list[Sequence[float] | None]"]


class Fit(Protocol):
    """How likely a seat's plays were with a hand, by the hand's kinds of card (ranks, say):
    a likelihood, not normalised. ``kinds`` gives each card code's kind; ``tables`` keeps the
    posteriors built from the fit."""

    @property
    def kinds(self) -> Sequence[int]: ...

    tables: dict[Any, Any]

    def __call__(self, kinds: tuple[int, ...], /) -> float: ...


#: per seat of a view, the ``Fit`` its plays give, or None when they say nothing
Fits = Callable[[View, int], "Fit | None"]
#: draws from a seat's posterior before one fits the cards still left (else a random hand)
FIT_TRIES = 20


def _codes(cards: list[str]) -> list[int]:
    return [parse_card(c) for c in cards]


def unseen_cards(view: View) -> list[int]:
    """The deck minus the seat's own hand and the visible pile, as a sorted multiset of codes."""
    opts = view["options"]
    deck = full_deck(deck_count(view["players"], opts.get("decks", "auto")), bool(opts.get("jokers", False)))
    left = Counter(deck)
    left.subtract(_codes(view["hand"]))
    left.subtract(_codes(view["pile"]))
    return sorted(c for c, k in left.items() for _ in range(max(k, 0)))


def determinize(view: View, rng: random.Random, fits: Fits | None = None) -> Match:
    """A match that the viewing seat cannot tell apart from the real one, unseen cards dealt at
    random (other hands get their shown sizes, the stock its size, the rest is set aside).

    A game's ``LEANS`` and ``VOIDS`` weigh each card for a seat by what its plays and draws
    showed; ``fits`` leans the other hands toward what their seats' plays say: a seat with a ``Fit``
    gets a hand drawn from its posterior, the ways the unseen cards can deal each multiset of
    kinds times the fit (the cards other such seats took first are not weighed in, only
    avoided)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view cannot be determinised")
    cls = Match._registry[view["game"]]
    m = cls.__new__(cls)
    n = view["players"]
    m.players = n
    m.options = dict(view["options"])
    m.dealer = view["dealer"]
    m.hand_number = view["hand_number"]
    m.direction = view["direction"]
    m.current = view["current_seat"]
    m.pile = _codes(view["pile"])
    m.stock = []
    m.cleared = []
    m.aside = []
    status = view["status"]
    m.in_hand = [bool(s["in_hand"]) for s in status]
    m.out = [bool(s["out"]) for s in status]
    m.out_at = [s.get("out_at") if s["out"] else None for s in status]
    m.winners = list(view["winners"])
    m.cut = [[None if r is None else RANKS.index(r) for r in row] for row in view.get("cut", [])]
    m.version = view["version"]
    m._rng = random.Random(rng.getrandbits(64))
    m._first_deck = None
    m._cache = {}
    m.start_events = []
    m._setup()
    HOOKS.get(view["game"], _no_hook)(m, view)

    pool = unseen_cards(view)
    rng.shuffle(pool)
    counts = view["hand_counts"]
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = _codes(view["hand"])
    game = view["game"]
    voids = VOIDS[game](view) if game in VOIDS else None
    leans = LEANS[game](view) if game in LEANS else None
    others = [s for s in range(n) if s != seat]
    if leans:
        # seats whose plays lean their hands first: a weighted draw without replacement
        # (Efraimidis and Spirakis: each card's key is u ** (1 / weight), the largest keys win)
        for s in others:
            lean = leans[s]
            if lean is None or not counts[s]:
                continue
            lacks = voids[s] if voids else frozenset()
            keyed = sorted(((rng.random() ** (1.0 / (lean[c] * (VOID_LEAK if c in lacks else 1.0))), i)
                            for i, c in enumerate(pool)), reverse=True)
            take = {i for _, i in keyed[:counts[s]]}
            hands[s] = [pool[i] for i in sorted(take)]
            pool = [c for i, c in enumerate(pool) if i not in take]
    if voids:
        # seats with known voids first, skipping (mostly) the suits they lack
        for s in sorted(others, key=lambda s: -len(voids[s])):
            if not voids[s] or hands[s]:
                continue
            want = counts[s]
            keep: list[int] = []
            rest: list[int] = []
            for c in pool:
                if len(keep) < want and (c not in voids[s] or rng.random() < VOID_LEAK):
                    keep.append(c)
                else:
                    rest.append(c)
            if len(keep) < want:  # not enough cards of other suits: fill from the rest
                k = want - len(keep)
                keep += rest[:k]
                rest = rest[k:]
            hands[s] = keep
            pool = rest
    if fits is not None:
        base: tuple[tuple[int, int], ...] | None = None
        for s in others:
            fit = fits(view, s) if counts[s] and not hands[s] else None
            if fit is not None:
                if base is None:
                    kinds = fit.kinds
                    base = tuple(sorted(Counter(kinds[c] for c in pool).items()))
                hands[s], pool = _fitted_hand(pool, counts[s], fit, base, rng)
    pos = 0
    for s in others:
        if hands[s] or not counts[s]:
            continue
        hands[s] = pool[pos:pos + counts[s]]
        pos += counts[s]
    rest = pool[pos:]
    k = min(view["stock_count"], len(rest))
    m.stock = rest[:k]
    m.cleared = rest[k:]
    m.hands = hands
    FINISH.get(view["game"], _no_hook)(m, view)
    return m


def _fitted_hand(pool: list[int], size: int, fit: Fit, base: tuple[tuple[int, int], ...],
                 rng: random.Random) -> tuple[list[int], list[int]]:
    """A hand of ``size`` from the shuffled ``pool`` drawn from the seat's posterior over kinds
    of card (built once per fit and pool of a search, from ``base``: each kind and its count
    among the unseen cards before any hand was taken), and the pool left. A draw that needs
    cards another seat took is drawn again; after ``FIT_TRIES`` the hand is a random one."""
    size = min(size, len(pool))
    options, cumulative = _posterior(fit, base, size)
    kinds = fit.kinds
    top = cumulative[-1]
    for _ in range(FIT_TRIES):
        need: dict[int, int] = {}
        for k in options[bisect.bisect_right(cumulative, rng.random() * top)]:
            need[k] = need.get(k, 0) + 1
        hand: list[int] = []
        rest: list[int] = []
        for c in pool:
            k = kinds[c]
            n = need.get(k)
            if n:
                need[k] = n - 1
                hand.append(c)
            else:
                rest.append(c)
        if len(hand) == size:
            return hand, rest
    return pool[:size], pool[size:]  # the pool is shuffled: its first cards are a random hand


def _posterior(fit: Fit, base: tuple[tuple[int, int], ...], size: int) -> tuple[list[tuple[int, ...]], list[float]]:
    """Every multiset of ``size`` kinds that ``base`` can make, with the cumulative of its
    chance: the ways to deal it times the fit."""
    key = (base, size)
    got = fit.tables.get(key)
    if got is None:
        count = dict(base)
        options: list[tuple[int, ...]] = []
        cumulative: list[float] = []
        run = 0.0
        for combo in itertools.combinations_with_replacement(sorted(count), size):
            ways = 1
            prev, r = -1, 0
            for k in combo:  # sorted: equal kinds are together; ways = product of C(count, r)
                r = r + 1 if k == prev else 1
                prev = k
                ways = ways * (count[k] - r + 1) // r
            if ways:
                run += ways * fit(combo)
                options.append(combo)
                cumulative.append(run)
        if len(fit.tables) >= 4:  # a fit serves a decision or two: keep memory bounded
            fit.tables.clear()
        got = fit.tables[key] = (options, cumulative)
    return got


def search_clone(m: Match, seed: int) -> Match:
    """A copy of a determinised match for one rollout, with a fresh random source seeded by
    ``seed``. A sample's shuffles are unknown to the seat anyway, so the copy need not carry the
    original generator's state, whose copy is most of what ``Match.clone`` costs."""
    c = m.__class__.__new__(m.__class__)
    d = c.__dict__
    d.update(m.__dict__)
    for k in _state_keys(m):
        v = d[k]
        if isinstance(v, list):
            d[k] = [x[:] if isinstance(x, list) else x for x in v]
        elif isinstance(v, dict):
            d[k] = dict(v)
    c._rng = random.Random(seed)
    c._cache = {}
    return c


_KEYS: dict[type, tuple[str, ...]] = {}


def _state_keys(m: Match) -> tuple[str, ...]:
    keys = _KEYS.get(type(m))
    if keys is None:
        keys = _KEYS[type(m)] = BASE_STATE + m.STATE
    return keys


def _no_hook(m: Match, view: View) -> None:
    return None


# ---------------------------------------------------------------------- game hooks
def _ninety_eight(match: Match, view: View) -> None:
    m = cast(NinetyEight, match)
    n = m.players
    teams = view.get("teams")
    unit_of = list(range(n))
    if teams:
        for u, seats in enumerate(teams):
            for s in seats:
                unit_of[s] = u
    units = max(unit_of) + 1
    status = view["status"]
    first = [unit_of.index(u) for u in range(units)]
    m.unit_of = unit_of
    m.penalties = [int(status[first[u]].get("penalties", 0)) for u in range(units)]
    m.chips = [int(status[first[u]].get("chips", 0)) for u in range(units)]
    m.pot = int(view.get("pot", 0))
    # units knocked out of this hand: not in it, yet not out of the match before it began
    m.eliminated = [u for u in range(units)
                    if all(not status[s]["in_hand"] for s in range(n) if unit_of[s] == u)
                    and not all(status[s]["out"] for s in range(n) if unit_of[s] == u)]
    m.total = int(view["total"])


def _ninety_nine(match: Match, view: View) -> None:
    m = cast(NinetyNine, match)
    plays = []
    for seat_plays in view.get("plays") or [()] * m.players:
        cards = _codes([p["card"] for p in seat_plays])
        plays.append(tuple((c, p["value"], int(p["from"])) for c, p in zip(cards, seat_plays)))
    m.plays = plays
    m.total = int(view["total"])
    m.chips = [int(s["chips"]) for s in view["status"]]
    m.drawer = view.get("drawer")


def _ninety_nine_finish(m: Match, view: View) -> None:
    # hands of seats knocked out mid-round are set aside until the next deal
    m.aside, m.cleared = m.cleared, []


def _crazy_eights(match: Match, view: View) -> None:
    m = cast(CrazyEights, match)
    suit = view["suit"]
    m.follow = SUITS.index(suit) if suit else -1
    top = view["top"]
    if "top_wild" in view:
        wild_on_top = bool(view["top_wild"])
    else:  # older views: a wild card on top of an earlier card can only be an eight or a joker
        wild_on_top = top is not None and len(view["pile"]) > 1 and (top == "JK" or top[0] == "8")
    m.top_rank = -1 if wild_on_top or top is None or top == "JK" else RANK[parse_card(top)]
    m.draws = int(view.get("draws", 0))
    m.passes = int(view.get("blocked_passes", 0))
    m.debt = int(view.get("debt", 0))
    m.scores = [int(s.get("score", 0)) for s in view["status"]]
    m.counts = [int(s.get("count", 8)) for s in view["status"]]
    drew = view.get("drew_on") or [[] for _ in range(m.players)]
    m.drew_on = [sum(1 << SUITS.index(x) for x in suits) for suits in drew]
    leads = view.get("leads") or [None] * m.players
    m.leads = [-1 if x is None else 4 * LEAD_HOW.index(x["how"]) + SUITS.index(x["suit"])
               for x in leads]


def _crazy_eights_voids(view: View) -> list[frozenset[int]]:
    """The cards a seat probably lacks, from the suits it was seen drawing on (``drew_on``):
    a seat that draws while a suit is to follow (3.4) usually has no card of that suit, and no
    wild card either, or it would have played one (3.3)."""
    drew = view.get("drew_on")
    n = view["players"]
    if not drew:
        return [frozenset()] * n
    jokers = bool(view["options"].get("jokers", False))
    countdown = bool(view["options"].get("countdown", False))
    out: list[frozenset[int]] = []
    for s in range(n):
        if not drew[s]:
            out.append(frozenset())
            continue
        wild = view["status"][s].get("count", 8) - 1 if countdown else _EIGHT
        out.append(_lacking(frozenset(SUITS.index(x) for x in drew[s]), wild, jokers))
    return out


_EIGHT = RANKS.index("8")

#: the weight of a card of the suit a seat's latest play set, wild cards apart, by how the play
#: set it (``LEAD_HOW``). ``normal`` follows with its short suits, changes by rank into its long
#: ones and names its longest: real hands hold 0.77, 1.59 and 2.09 times the unseen cards' share
#: of that suit, and these weights deal 0.77, 1.57 and 2.02 (``bench/fit_values.py
#: crazy-eights-leads``)
LEAD_WEIGHT = {"followed": 0.6, "changed": 1.75, "named": 3.0}


def _crazy_eights_leans(view: View) -> "list[Sequence[float] | None]":
    """Per seat, the weights its latest play gives the cards of the suit it set."""
    leads = view.get("leads")
    if not leads:
        return [None] * view["players"]
    countdown = bool(view["options"].get("countdown", False))
    return [None if x is None else _suit_lean(SUITS.index(x["suit"]), LEAD_WEIGHT[x["how"]],
                                              view["status"][s].get("count", 8) - 1 if countdown else _EIGHT)
            for s, x in enumerate(leads)]


@functools.lru_cache(maxsize=512)
def _suit_lean(suit: int, weight: float, wild: int) -> tuple[float, ...]:
    return tuple(weight if c < 52 and SUIT[c] == suit and RANK[c] != wild else 1.0 for c in range(53))


@functools.lru_cache(maxsize=512)
def _lacking(suits: frozenset[int], wild: int, jokers: bool) -> frozenset[int]:
    """The cards of those suits and the wild ones: the same few sets for every sample of a
    search, so each is built once."""
    lacks = {c for c in range(52) if SUIT[c] in suits or RANK[c] == wild}
    if jokers:
        lacks.add(JOKER)
    return frozenset(lacks)


HOOKS: dict[str, Hook] = {
    "ninety-eight": _ninety_eight,
    "ninety-nine": _ninety_nine,
    "crazy-eights": _crazy_eights,
}
#: hooks run after the deal, for games that keep unseen cards somewhere other than ``cleared``
FINISH: dict[str, Hook] = {
    "ninety-nine": _ninety_nine_finish,
}
VOIDS: dict[str, Voids] = {
    "crazy-eights": _crazy_eights_voids,
}
LEANS: dict[str, Leans] = {
    "crazy-eights": _crazy_eights_leans,
}

__all__ = ["determinize", "search_clone", "unseen_cards", "HOOKS", "FINISH", "VOIDS", "LEANS", "Fit", "Fits"]
