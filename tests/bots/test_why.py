"""The reason a hint gives (``core.bots.why``): over random positions of every preset of the
three games, each reason is checked against the view it came from, by the rule it rests
on, for the move ``normal`` makes and for any other legal move."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from core import new_match
from core.actions import Action
from core.bots import choose
from core.bots.why import Why, why
from core.cards import RANKS

from .helpers import many_positions, position, tables

#: Crazy Eights 5.2: what a card left in hand scores
POINTS = {**{r: v for v, r in enumerate("A23456789", start=1)}, "T": 10, "J": 10, "Q": 10, "K": 10}


def _wild(view: dict[str, Any], card: str) -> bool:
    """Crazy Eights 3.3 / 6.1 / 1.2: the view's wild ranks for this seat (a joker is "JK")."""
    return card == "JK" or card[0] in view["wild"]


def _points(card: str) -> int:
    """Crazy Eights 5.2: eight and joker 50 (countdown keeps none), the rest by face."""
    return 50 if card == "JK" or card[0] == "8" else POINTS[card[0]]


def _next(view: dict[str, Any], seat: int, direction: int) -> int:
    n = view["players"]
    s = seat
    for _ in range(n):
        s = (s + direction) % n
        if view["status"][s]["in_hand"]:
            return s
    return seat


def check_crazy_eights(view: dict[str, Any], action: str, w: Why) -> None:
    seat, legal = view["seat"], [Action.parse(x) for x in view["legal"]]
    a = Action.parse(action)
    hand = view["hand"]
    plays = [x for x in view["legal"] if Action.parse(x).kind == "play"]
    ordinary = [x for x in plays if not _wild(view, x.split("=")[0].rstrip("!"))]
    card = action.split("=")[0].rstrip("!")
    held = Counter(c[1] for c in hand if not _wild(view, c))
    options = view["options"]
    if a.kind != "play":  # a draw or a pass has a reason only where no card can be played
        assert not plays
        if a.kind == "draw":  # 3.1 / 7.1: a 2's debt with no 2 to answer it is taken by drawing
            assert w == (Why("no_two", total=view["debt"]) if view["debt"] else Why("no_match"))
        else:  # 3.4: a pass once nothing can be drawn, or the turn's draws are used up
            assert a.kind == "pass"
            if view["can_draw"]:
                assert w == Why("drew_enough", count=view["draws"]) and view["draws"] >= int(view["max_draws"])
            else:
                assert w == Why("nothing_to_draw")
        return
    if w.kind == "only_match":  # 3.2: no other card in hand can be played
        assert w.card == card and {x.split("=")[0].rstrip("!") for x in plays} == {card} and not _wild(view, card)
        return
    if w.kind == "shed_wild":  # 5.2: a wild card left in hand scores 50
        assert _wild(view, card) and ordinary and not options["countdown"]
        assert w.card == card and view["hand_counts"][w.seat] == 1 and w.seat != seat
    elif w.kind == "wild_longest":  # 3.3: nothing else matches; the named suit is held most
        assert _wild(view, card) and not ordinary and w.suit == action.split("=")[1].rstrip("!")
        assert held[w.suit] == max(held.values()) > 1 and w.count == list(held.values()).count(held[w.suit])
    elif w.kind == "wild_last":  # 3.3: nothing else matches; the named suit is the one other card's
        assert _wild(view, card) and not ordinary and w.suit == action.split("=")[1].rstrip("!")
        assert len(hand) == 2 and held[w.suit] == 1
    elif w.kind == "wild_next_lacks":  # 3.3: nothing else matches; the seat to follow drew on the suit named
        nxt = _next(view, seat, view["direction"])
        assert _wild(view, card) and not ordinary and w.suit == action.split("=")[1].rstrip("!")
        assert w.seat == nxt != seat and w.suit in view["drew_on"][nxt]
        assert not (held[w.suit] == max(held.values()) > 1)  # the suit held most says so first
    elif w.kind == "wild_out":  # 5.1: the last card held goes out
        assert _wild(view, card) and w.card == card and hand == [card]
    elif w.kind == "wild_held":  # 3.3: nothing else matches; the named suit is held, no suit twice
        assert _wild(view, card) and not ordinary and w.suit == action.split("=")[1].rstrip("!")
        assert held[w.suit] == max(held.values()) == 1 and w.count == list(held.values()).count(1)
    elif w.kind == "ce_alike":  # every card that can be played leaves as many of its suit, as many
        # points kept (5.2) and does the same to the next seat (7)
        assert not _wild(view, card) and len(ordinary) == len(plays)  # no wild card held: it could go

        def part(x: str) -> tuple[int, int, str]:
            special = x[0] if options["specials"] and x[0] in "2QA" else ""
            return held[x[1]], 0 if options["countdown"] else _points(x[:2]), special

        cards = {x.split("=")[0].rstrip("!") for x in ordinary}
        assert len(cards) == w.count > 1 and all(part(x) == part(card) for x in cards)
        assert w.total == (None if options["countdown"] else _points(card))
    elif w.kind == "heavier":  # 5.2: more points kept than a card leaving as many of its suit
        assert not options["countdown"] and not _wild(view, card) and w.card == card and w.total == _points(card)
        alike = [_points(x[:2]) for x in ordinary if x[:2] != card and held[x[1]] == held[card[1]]]
        assert alike and max(alike) <= w.total and min(alike) < w.total
        heavy = {x[:2] for x in ordinary if x[:2] != card and held[x[1]] == held[card[1]] and _points(x[:2]) == w.total}
        assert (w.also is None) is (not heavy) and (w.also is None or w.also in heavy), (w, heavy)
    elif w.kind.startswith("special_"):  # 7.1-7.3, against the next seat
        assert options["specials"] and not _wild(view, card) and w.card == card
        assert w.seat == _next(view, seat, view["direction"]) != seat and w.count == view["hand_counts"][w.seat]
        # said of a seat about to go out; a 2's draw and a Q's skip also of any other, against
        # a card that does not do the same
        assert w.count <= 2 or card[0] in "2Q" and any(x[0] != card[0] for x in ordinary)
        rank = {"special_draw": "2", "special_skip": "QA", "special_reverse": "A"}[w.kind]
        assert card[0] in rank
        if w.kind == "special_draw":
            assert w.total == view["debt"] + 2
        if card[0] == "A":  # 7.3: with two seats an ace acts as a Q
            assert (w.kind == "special_skip") == (view["players"] == 2)
        if w.kind == "special_reverse":  # turned to the seat before: away only if it holds more
            assert view["hand_counts"][_next(view, seat, -view["direction"])] > 2
    elif w.kind == "next_lacks":  # the seat to follow drew while this suit was to follow
        nxt = _next(view, seat, view["direction"])
        assert w.seat == nxt != seat and w.suit == card[1] and w.suit in view["drew_on"][nxt]
        assert not (options["specials"] and card[0] in "2QA")  # 7.1-7.3: a debt, a skip, a reverse
        assert any(x[1] not in view["drew_on"][nxt] for x in ordinary if x[:2] != card)
    elif w.kind == "shed_points":  # 5.2, against a seat close to going out
        assert not options["countdown"] and w.total == _points(card) >= 10 and w.card == card
        assert w.seat != seat and w.count == view["hand_counts"][w.seat] <= 2
        assert any(_points(x[:2]) < _points(card) for x in ordinary)
    elif w.kind == "keeps_wild":  # 3.3: a wild card kept where one could be played
        assert not _wild(view, card) and w.card in hand and _wild(view, w.card)
        assert any(x.startswith(w.card) for x in plays)
    elif w.kind == "longer":  # of the suits of the cards that can be played, the one held most
        assert not _wild(view, card) and w.suit == card[1] and 1 < held[w.suit] < max(held.values())
        apart = [x for x in ordinary if x[1] != card[1]]
        assert apart and all(held[x[1]] < held[card[1]] for x in apart)
    elif w.kind == "longest":  # the suit held most, against a shorter one that could be played
        assert not _wild(view, card) and w.suit == card[1] and held[w.suit] == max(held.values()) > 1
        assert w.count == list(held.values()).count(held[w.suit])
        assert any(held[x[1]] < held[card[1]] for x in ordinary)
    else:
        raise AssertionError(w)
    assert any(x == a for x in legal)


def check_ninety_eight(view: dict[str, Any], action: str, w: Why) -> None:
    seat, options, total = view["seat"], view["options"], view["total"]
    a = Action.parse(action)
    card = action[:2]
    limit = options["limit"]
    if w.kind == "only_play":  # 4.1: the one play within the limit, or cards of one rank played alike
        assert len({(x[0], Action.parse(x).value) for x in view["legal"]}) == 1 and w.total == limit
        assert w.count == len(view["legal"])
        return
    if w.kind in ("squeeze", "value_total", "tightest"):  # 4.3: a seat with no legal play is out
        assert 1 <= (w.count or 0) and w.seat != seat and 0 <= w.total <= limit
        assert len(view["legal"]) > 1  # said against another move, which leaves more room
        if w.kind in ("squeeze", "tightest"):  # the share of the unseen cards not safe at the new total
            unseen = _unseen(view)
            unsafe = sum(1 for c in unseen if not _safe_at(c, limit - w.total, options))
            assert w.count == tenths(unsafe, len(unseen)), (w, unsafe, len(unseen))
        if w.kind == "tightest":  # at every other total a move makes, a tenth more of them safe
            assert _made(action, total, options) == w.total
            for tx in {_made(x, total, options) for x in view["legal"]} - {w.total}:
                more = sum(1 for c in unseen if _safe_at(c, limit - tx, options)) - (len(unseen) - unsafe)
                assert more >= 0.1 * len(unseen) - 1e-9, (w, tx, more)
        elif w.kind == "value_total":  # 2: an ace's or a ten's value, the other one legal too, to a total fewer are safe at
            assert card[0] in "AT" and a.value is not None and w.total == max(0, total + a.value)
            assert any(x.startswith(card) and x != action for x in view["legal"]) and w.count != w.total
            unseen = _unseen(view)
            safe = [sum(1 for c in unseen if _safe_at(c, limit - t, options)) for t in (w.total, w.count)]
            assert safe[0] < safe[1], (w, safe)
        if w.kind == "squeeze":  # another move leaves the next seat more room, or passes to a partner
            assert any(x != action for x in view["legal"])
        if card[0] == "K":  # 2.2: a King sets the total to the limit
            assert w.total == limit
        elif a.value is not None:  # 2, 2.1: an ace's or ten's value as chosen, never below 0
            assert w.total == max(0, total + a.value)
        teams = view.get("teams") or []
        assert not any(seat in g and w.seat in g for g in teams)
    elif w.kind == "keeps_escape":  # 2: a King, or a ten as -10, goes at any total
        assert w.card in view["hand"] and w.card[0] in "KT" and card[0] not in "KT"
    elif w.kind == "ace_low":  # 2: an ace is 1 or 11
        assert card[0] == "A" and a.value == 1 and f"{card}+11" in view["legal"] and w.total == limit
    elif w.kind == "shed_high":  # a high card while the total is under half the limit
        assert total < limit // 2 and card[0] in "89JQ"
    elif w.kind == "keeps_low":  # 2: the card that adds most goes, the one that adds least is kept
        assert not any(x[0] == "A" for x in view["legal"])  # an ace adds 1 or 11
        plain = {x[:2]: _made(x, 0, options) for x in view["legal"] if x[0] not in "AKT"}
        assert total < limit // 2 and card in plain and plain[card] == max(plain.values()) and w.total == limit
        assert w.card in plain and plain[w.card] == min(plain.values()) < plain[card]
    elif w.kind == "ne_room":  # the cards kept go at more of the totals near the limit than another play's
        assert w.total == limit

        def near(x: str) -> int:  # card by card, at 98, 97, 95, 92, 88 and 83 of 98
            kept = list(view["hand"])
            kept.remove(x[:2])
            return sum(_safe_at(c, room, options) for c in kept for room in (0, 1, 3, 6, 10, 15))

        assert all(near(x) <= near(action) for x in view["legal"])
        assert any(near(x) < near(action) for x in view["legal"])
    elif w.kind == "keeps_ace":  # 2: an ace, 1 or 11, kept: it can add just 1 near the limit
        assert card[0] != "A" and w.card in view["hand"] and w.card[0] == "A" and w.total == limit
        assert any(x.startswith(w.card) for x in view["legal"])  # it could be played now
    elif w.kind == "adds_least":  # the move to the lowest total a move makes, the total high by the turn's return
        made = {_made(x, total, options) for x in view["legal"]}
        others_in = sum(1 for s in view["status"] if s["in_hand"]) - 1
        assert total + 8 * max(others_in, 1) >= limit // 2 and w.total == limit
        assert _made(action, total, options) == min(made) < max(made)
    elif w.kind == "keeps_lowest":  # 2: the card that adds least kept, the one played adding more
        assert not any(x[0] == "A" for x in view["legal"]) and w.total == limit  # an ace adds 1 or 11
        plain = {x[:2]: _made(x, 0, options) for x in view["legal"] if x[0] not in "AKT"}
        assert card in plain and w.card in plain and plain[w.card] == min(plain.values()) < plain[card]
    elif w.kind == "passes_on":  # 7.1: with two seats in the hand a card that skips brings the turn back
        assert sum(1 for s in view["status"] if s["in_hand"]) == 2 and not view.get("teams")
        assert w.seat != seat and view["status"][w.seat]["in_hand"] and w.total == _made(action, total, options)
        assert not _skips(card, options) and _skips(w.card or "", options) and w.card in view["hand"]
        assert any(x.startswith(w.card or "") and _made(x, total, options) == w.total for x in view["legal"])
    elif w.kind == "ne_same":  # every card that can be played makes one total, passed to seats holding as many
        assert {_made(x, total, options) for x in view["legal"]} == {w.total} and w.count == total
        assert not any(x[0] in "KT" for x in view["legal"])
        after = {_ne_next(view, x, options) for x in view["legal"]}
        assert len({view["hand_counts"][s] for s in after}) == 1 and seat not in after, after
    else:
        raise AssertionError(w)


def _skips(card: str, options: dict[str, Any]) -> bool:
    """ninety-eight 7 (the card table's variants): a 3 or a J that skips the next seat."""
    return card[:1] == "3" and options["threes"] == "skip" or card[:1] == "J" and options["jacks"] == "skip"


def _ne_next(view: dict[str, Any], action: str, options: dict[str, Any]) -> int:
    """ninety-eight 7: the seat to play after ``action``, a reversing 4 turning play round and a
    skipping card passing over the next seat."""
    direction = view["direction"]
    if action[0] == "4" and options["fours"] == "reverse":
        direction = -direction
    nxt = _next(view, view["seat"], direction)
    return _next(view, nxt, direction) if _skips(action, options) else nxt


def _made(action: str, total: int, options: dict[str, Any]) -> int:
    """ninety-eight 2 (and the card table's variants): the total a play makes."""
    p = Action.parse(action)
    r = action[0]
    if r == "K":
        return options["limit"]
    if p.value is not None:
        return max(0, total + p.value)
    if r == "3" and options["threes"] == "skip" or r == "4" and options["fours"] == "reverse" \
            or r == "J" and options["jacks"] == "skip":
        return total
    return total + {"J": 10, "Q": 10}.get(r, int(r) if r.isdigit() else 0)


def _unseen(view: dict[str, Any]) -> list[str]:
    """The cards the seat cannot see: the deck (2 decks from 6 seats, 1.2) less its hand and the pile."""
    decks = 2 if view["options"]["decks"] == 2 or view["options"]["decks"] == "auto" and view["players"] >= 6 else 1
    left = Counter({r + s: decks for r in RANKS for s in "SHDC"})
    left.subtract(view["hand"])
    left.subtract(view["pile"])
    return list((+left).elements())


def _safe_at(card: str, room: int, options: dict[str, Any]) -> bool:
    """ninety-eight 2 and the card table's variants: a King and a ten (as -10) go anywhere, an
    ace needs 1, a 3, 4 or J that skips, reverses or skips adds 0."""
    r = card[0]
    if r in "KT":
        return True
    if r == "A":
        return room >= 1
    if r == "3" and options["threes"] == "skip" or r == "4" and options["fours"] == "reverse" \
            or r == "J" and options["jacks"] == "skip":
        return True
    return {"J": 10, "Q": 10}.get(r, int(r) if r.isdigit() else 0) <= room


def check_ninety_nine(view: dict[str, Any], action: str, w: Why) -> None:
    """ninety-nine 2 and 3.3: the total a play makes, and what it costs or wins."""
    total = view["total"]
    a = Action.parse(action)

    def made(x: str) -> int:
        return nn_made(total, x[0], Action.parse(x).value)

    def chips(t: int) -> tuple[int, int]:
        return nn_chips(total, t)

    t = made(action)
    mine, others = chips(t)
    if w.kind in ("nn_same", "nn_total"):  # 2: every card that can be played makes one total
        plays = [x for x in view["legal"] if x != "draw"]
        assert w.total == t and len(plays) > 1 and all(made(x) == t for x in plays)
        # nn_same: of one rank, or a Q or a K, one value; nn_total: a J or a 4 among them
        kinds = len({("K" if x[0] == "Q" else x[0], Action.parse(x).value) for x in plays})
        assert w.count == mine and (kinds == 1 if w.kind == "nn_same" else kinds > 1)
        return
    # the chips depend on the total alone: the plays to another total are the choice
    costs = [chips(made(x))[0] for x in view["legal"] if x != "draw" and made(x) != t]
    assert w.total == t and a.kind == "play" and costs
    if w.kind == "nn_lands":
        assert others == w.count > 0 and mine == 0
    elif w.kind == "nn_clear":  # the one play that costs nothing
        assert mine == 0 and costs and all(costs) and w.count == total
    elif w.kind == "nn_least":  # the one play that costs fewest
        assert mine == w.count > 0 and costs and all(c > mine for c in costs)
    elif w.kind == "nn_fewest":  # every play costs chips: this one as few as another, fewer than some
        assert mine == w.count > 0 and costs and all(c >= mine for c in costs) and any(c > mine for c in costs)
        assert any(c == mine for c in costs)
    elif w.kind == "nn_next":  # the fewest unseen cards land the next seat, of the free plays to one like it
        assert mine == 0 and t < 99 and w.seat == after_play(view, action) != view["seat"]
        free = {made(x) for x in view["legal"]
                if x != "draw" and chips(made(x))[0] == 0 and passes_alike(view, x, w.seat)}
        assert w.count in free - {t}
        # ``other``: whom the plays to that total pass the turn to, said where none passes it to
        # the seat this play does (a 4 turns play round, a J skips)
        to = {after_play(view, x) for x in view["legal"]
              if x != "draw" and made(x) == w.count and passes_alike(view, x, w.seat)}
        assert (w.other is None) == (w.seat in to) and (w.other is None or w.other in to), (w, to)
        # ``also``: another free total from which as few land, named where there is one
        alike = sorted(tx for tx in free - {t} if abs(landing_share(view, tx) - landing_share(view, t)) < 1e-9)
        assert w.also == (str(alike[0]) if alike else None), (w, alike)
        assert all(landing_share(view, t) <= landing_share(view, tx) + 1e-9 for tx in free if tx < 99)
        # clearly fewer, or none against some
        assert landing_share(view, t) + 0.1 <= landing_share(view, w.count) + 1e-9 \
            or landing_share(view, t) == 0 < landing_share(view, w.count), (t, w.count)
    elif w.kind == "nn_no_card":  # 5.3: the turn to a seat holding no card, where a free play passes it elsewhere
        assert mine == 0 and t < 99 and w.seat == after_play(view, action) != view["seat"]
        assert view["hand_counts"][w.seat] == 0 and w.count == min(3, view["status"][w.seat]["chips"])
        assert any(after_play(view, x) != w.seat for x in view["legal"] if x != "draw" and chips(made(x))[0] == 0)
    elif w.kind == "nn_alike":  # every play costs as many chips
        assert mine == w.count > 0 and all(c == mine for c in costs)
    elif w.kind == "nn_costly":  # the most unseen cards cost the next seat chips, of the free plays to one like it
        assert mine == 0 and t < 99 and w.seat == after_play(view, action) != view["seat"]
        free = {made(x) for x in view["legal"]
                if x != "draw" and chips(made(x))[0] == 0 and passes_alike(view, x, w.seat) and made(x) < 99}
        share = costly_share(view, t)
        assert share >= 0.3 and w.count == tenths(*unseen_count(view, lambda c: chips_from(t, c) > 0))
        assert all(costly_share(view, tx) <= share + 1e-9 for tx in free)
        assert any(costly_share(view, tx) + 0.15 <= share + 1e-9 for tx in free)
    elif w.kind == "nn_room":  # the cards kept go free at more totals a little higher up
        hand = view["hand"]

        def free_ahead(x: str) -> int:
            kept = list(hand)
            kept.remove(x.split("+")[0].split("-")[0])
            return sum(any(chips_from(t2, c) == 0 for c in kept)
                       for t2 in (min(made(x) + bump, 98) for bump in (0, 5, 10, 15)))

        free = [x for x in view["legal"] if x != "draw" and chips(made(x))[0] == 0 and made(x) < 99]
        assert mine == 0 and t < 99 and action in free
        assert all(free_ahead(x) <= free_ahead(action) for x in free)
        assert any(free_ahead(x) < free_ahead(action) for x in free)
    elif w.kind == "nn_keeps":  # a 9, a 10, (at 50 or more) a 2, a 4, an ace kept, in that order of use, for free
        order = "9T24A" if t >= 50 else "9T4A"
        assert mine == 0 and w.card in view["hand"] and w.card[0] in order
        assert order.index(w.card[0]) < (order.index(action[0]) if action[0] in order else len(order))
        assert all(order.index(c[0]) >= order.index(w.card[0]) for c in view["hand"] if c[0] in order)
    elif w.kind == "nn_calm":  # no free play leaves the next seat a card that lands
        free = {made(x) for x in view["legal"] if x != "draw" and chips(made(x))[0] == 0}
        assert mine == 0 and t < 99 and t in free
        assert all(tx < 99 and landing_share(view, tx) == 0 for tx in free)
        assert w.count == len({made(x) for x in view["legal"] if x != "draw"} - free)
    else:
        raise AssertionError(w)


def passes_alike(view: dict[str, Any], action: str, seat: int) -> bool:
    """ninety-nine 2: ``action`` passes the turn to another seat holding as many cards as
    ``seat`` (the unseen cards are the same for every seat: only how many it holds differs)."""
    to = after_play(view, action)
    return to != view["seat"] and view["hand_counts"][to] == view["hand_counts"][seat]


#: ninety-nine 2: the values a card of each rank adds (an ace's and a ten's, as chosen), the 2 apart
NN_ADDS = {"A": (1, 11), "T": (10, -10), "9": (0,), "J": (10,), "Q": (10,), "K": (10,)}


def nn_made(total: int, rank: str, value: int | None = None) -> int:
    """ninety-nine 2, 2.1: the total a card of ``rank`` played as ``value`` makes from ``total``."""
    if value is not None:
        return max(0, total + value)
    if rank == "2":
        return total // 2 if total > 49 and total % 2 == 0 else total * 2
    return total + (NN_ADDS[rank][0] if rank in NN_ADDS else int(rank))


def nn_totals(total: int, rank: str) -> list[int]:
    """ninety-nine 2: every total a card of ``rank`` can make from ``total``."""
    values: tuple[int | None, ...] = NN_ADDS[rank] if rank in "AT" else (None,)
    return [nn_made(total, rank, v) for v in values]


def nn_chips(o: int, t: int) -> tuple[int, int]:
    """ninety-nine 3.3: (chips the player loses, chips each other seat loses) from ``o`` to ``t``."""
    mine = sum(1 for mark in (33, 66) if o < mark < t) + (2 if t > 99 else 0)
    others = (1 if t in (33, 66) and o < t else 0) + (2 if t == 99 else 0)
    return mine, others


def chips_from(total: int, card: str) -> int:
    """ninety-nine 2, 3.3: the fewest chips a card costs its player from ``total``, however played."""
    return min(nn_chips(total, t)[0] for t in nn_totals(total, card[0]))


def unseen_count(view: dict[str, Any], holds: Callable[[str], bool]) -> tuple[int, int]:
    """Of the cards this seat cannot see (the decks less its hand and the round's pile): how
    many ``holds`` holds of, and how many there are."""
    decks = view["options"].get("decks", "auto")
    decks = decks if isinstance(decks, int) else (2 if view["players"] >= 6 else 1)
    unseen = Counter({r + s: decks for r in "A23456789TJQK" for s in "SHDC"})
    unseen.subtract(view["hand"] + view["pile"])
    cards = +unseen
    return sum(k for c, k in cards.items() if holds(c)), sum(cards.values())


def unseen_share(view: dict[str, Any], holds: Callable[[str], bool]) -> float:
    """The share of the cards this seat cannot see of which ``holds`` holds."""
    k, n = unseen_count(view, holds)
    return k / max(1, n)


def tenths(k: int, n: int) -> int:
    """``k`` of ``n`` in tenths, 1 to 10, a half rounded up (``core.bots.why.tenths_of``), in
    whole numbers: no float to fall either side of a half."""
    return max(1, min(10, (20 * k + n) // (2 * max(1, n))))


def costly_share(view: dict[str, Any], total: int) -> float:
    """ninety-nine 2, 3.3: the share of the cards this seat cannot see that cost whoever plays
    them chips from ``total``, however played."""
    return unseen_share(view, lambda c: chips_from(total, c) > 0)


def after_play(view: dict[str, Any], action: str) -> int:
    """ninety-nine 2: the seat to play after this one plays ``action`` (a 4 turns play round,
    a J skips the next seat; with two seats a J gives the player another turn)."""
    n, seat = view["players"], view["seat"]
    d = -view["direction"] if action[0] == "4" else view["direction"]
    s = seat
    for _ in range(2 if action[0] == "J" else 1):
        for _ in range(n):
            s = (s + d) % n
            if view["status"][s]["in_hand"]:
                break
    return s


def landing_share(view: dict[str, Any], total: int) -> float:
    """ninety-nine 2, 3.3: the share of the cards this seat cannot see with which the next seat
    lands on 33 or 66, or makes 99, from ``total``."""
    return unseen_share(view, lambda c: any(nn_chips(total, t)[1] for t in nn_totals(total, c[0])))


CHECKS = {"crazy-eights": check_crazy_eights, "ninety-eight": check_ninety_eight, "ninety-nine": check_ninety_nine}
EXPLAINED = [(g, p, n) for g, p, n in tables() if g in CHECKS]


@pytest.mark.parametrize("game, preset, seats", EXPLAINED, ids=lambda x: str(x))
def test_every_reason_holds_of_its_move_and_view(game: str, preset: str, seats: int) -> None:
    check = CHECKS[game]
    rng = random.Random(7)
    kinds: Counter[str] = Counter()
    for m, seat in many_positions(game, preset, seats, 150, seed=seats * 100):
        view = m.view(seat)
        legal = [str(a) for a in m.legal_actions(seat)]
        for action in {choose("normal", view, legal, rng), rng.choice(legal)}:
            w = why(view, action)
            if w is not None:
                check(view, action, w)
                kinds[w.kind] += 1
    assert kinds  # some move in 150 positions has a reason


def test_no_reason_for_a_move_not_legal_or_alone_and_the_rule_for_a_forced_one() -> None:
    view, legal = position("crazy-eights", 3, ["KH", "4C"], pile=["9H"], top="9H", suit="H")
    assert why(view, "not-legal") is None and why(view, "4C") is None  # not a legal move
    alone = dict(view, legal=["KH"])  # the one move there is (no stock to draw from): no reason
    assert why(alone, "KH") is None
    assert why(view, "KH") == Why("only_match", card="KH")  # drawing aside, the one card that matches



def test_a_crazy_eights_draw_or_pass_has_the_rule_as_its_reason_only_where_nothing_can_be_played() -> None:
    """3.1: nothing in hand matches, so the draw is the move (with a card that matches, drawing
    is a choice, given no reason); 7.1: a 2's debt with no 2 to answer is taken by drawing; 3.4:
    a pass once the turn's one draw (draw-one) is made and still nothing matches."""
    view, legal = position("crazy-eights", 3, ["4C", "5D"], pile=["9H"], top="9H", suit="H")
    assert legal == ["draw"], legal
    assert why(view, "draw") == Why("no_match")
    view, legal = position("crazy-eights", 3, ["KH", "4C"], pile=["9H"], top="9H", suit="H")
    assert "draw" in legal and why(view, "draw") is None
    view, legal = position("crazy-eights", 3, ["4C", "KH"], preset="specials", pile=["2H"], top="2H", suit="H", debt=2)
    assert legal == ["draw"], legal
    assert why(view, "draw") == Why("no_two", total=2)
    view, legal = position("crazy-eights", 3, ["4C", "5D"], preset="draw-one", pile=["9H"], top="9H", suit="H",
                           draws=1)
    assert legal == ["pass"], legal
    assert why(view, "pass") == Why("drew_enough", count=1)


def test_ninety_eight_cards_of_one_rank_played_alike_are_the_only_play() -> None:
    """ninety-eight 4.1-4.2: at 97 of 98 only a ten as -10 keeps the total within the limit: with
    three tens the play is still the only one there is (the three alike), said of each; the 2 goes
    over. With a ten and an ace at 97, the ace as 1 stays within: two kinds, no such reason."""
    view, legal = position("ninety-eight", 4, ["TS", "TD", "TC", "2D"], total=97)
    assert sorted(legal) == ["TC-10", "TD-10", "TS-10"], legal
    assert why(view, "TD-10") == Why("only_play", total=98, count=3)
    view, legal = position("ninety-eight", 4, ["TS", "AH", "9D", "2D"], total=97)
    assert {"TS-10", "AH+1"} <= set(legal), legal
    w = why(view, "TS-10")
    assert w is None or w.kind != "only_play", w


def test_a_crazy_eights_play_kept_a_wild_card() -> None:
    """3.3: the eight is kept while a card of the suit held most matches; every plain card
    played keeps it, so what sets a card apart is said first: K♥ would count 10 points kept
    (5.2), more than 5♥ or 2♥, which leave as many hearts."""
    view, legal = position("crazy-eights", 3, ["8S", "5H", "KH", "2H", "4C"], pile=["9H"], top="9H", suit="H")
    assert {"8S=H", "5H", "KH", "2H"} <= set(legal), legal
    assert why(view, "5H") == Why("keeps_wild", card="8S")
    assert why(view, "KH") == Why("heavier", card="KH", total=10)
    assert why(view, "8S=H") is None  # a wild card played while others match: no reason to give


def test_a_crazy_eights_heavier_card_names_one_as_heavy() -> None:
    """5.2: 10♣ and Q♣ would each count 10 points kept, more than 3♣; the hint picks one of
    the two, and its reason names the other as doing as well (it said "more than another
    card" only, as if 10♣ alone were right)."""
    view, legal = position("crazy-eights", 3, ["TC", "QC", "3C", "5D"], pile=["9C"], top="9C", suit="C")
    assert {"TC", "QC", "3C"} <= set(legal), legal
    assert why(view, "TC") == Why("heavier", card="TC", total=10, also="QC")
    assert why(view, "QC") == Why("heavier", card="QC", total=10, also="TC")


def test_ninety_eight_says_a_king_leaves_the_next_seat_no_room() -> None:
    """2.2 / 4.3: a King sets the total to 98, where few cards are safe for the next seat."""
    view, legal = position("ninety-eight", 3, ["KS", "3H", "5D", "9C"], total=60)
    w = why(view, "KS")
    assert w is not None and w.kind == "squeeze" and w.total == 98 and w.seat == (view["seat"] + 1) % 3
    assert why(view, "3H") == Why("keeps_escape", card="KS")


def test_asking_for_a_reason_leaves_the_view_as_it_was() -> None:
    """The table asks with the view it shows: the answer is the same each time, and the view
    is not changed by it."""
    m = new_match("crazy-eights", 4, seed=3)
    view = m.view(m.current_seat)
    before = repr(view)
    first = [why(view, action) for action in view["legal"]]
    assert [why(view, action) for action in view["legal"]] == first
    assert repr(view) == before


def test_the_walk_above_meets_every_kind_of_reason() -> None:
    """So that each check above is run: the kinds met over positions of every preset."""
    kinds: set[str] = set()
    for game, preset, seats in EXPLAINED:
        for m, seat in many_positions(game, preset, seats, 150, seed=seats * 100):
            view = m.view(seat)
            legal = [str(a) for a in m.legal_actions(seat)]
            for action in legal:
                w = why(view, action)
                if w is not None:
                    kinds.add(w.kind)
                    if w.other is not None:  # nn_next against a total that passes the turn elsewhere
                        kinds.add(f"{w.kind}, other")
    assert kinds == {"shed_wild", "wild_longest", "special_draw", "special_skip",
                     "special_reverse", "next_lacks", "shed_points", "keeps_wild", "longest", "longer", "squeeze",
                     "value_total", "keeps_escape", "ace_low", "shed_high", "nn_lands", "nn_clear",
                     "nn_next", "nn_next, other", "nn_fewest", "nn_keeps", "nn_costly", "nn_room", "nn_alike", "nn_same", "nn_total", "nn_calm",
                     "nn_no_card",
                     "heavier",
                     "wild_last", "wild_next_lacks",
                     "wild_held", "tightest", "keeps_low", "ne_room", "adds_least", "keeps_ace", "keeps_lowest", "passes_on",
                     "ne_same", "ce_alike", "only_match",
                     "only_play",
                     "no_match", "no_two",
                     "drew_enough", "nothing_to_draw"}, kinds  # (nn_least and wild_out, rarer: their own tests below)


def test_the_suit_held_most_is_said_only_of_the_suit_held_most() -> None:
    """3.2: with 9♠ and 9♦ the plays, spades is longer than diamonds but hearts is the suit held
    most: no "the suit you hold most of" for 9♠ (it was said), but the suit held most of those
    that can be followed now; 9♦ none."""
    view, legal = position("crazy-eights", 3, ["2H", "6H", "QH", "9S", "AS", "6D", "9D", "AH", "7S"],
                           pile=["9C"], top="9C", suit="C")
    assert {"9S", "9D"} <= set(legal) and not any(x[1] in "HC" for x in legal if x not in ("draw",)), legal
    assert why(view, "9S") == Why("longer", suit="S")
    assert why(view, "9D") is None


def test_a_q_that_skips_the_seat_that_drew_is_not_said_to_find_it_lacking() -> None:
    """7.2: with two seats a Q makes the other miss its turn and the player plays again: the
    suit it leaves is not the other seat's to follow, whatever it drew on."""
    view, legal = position("crazy-eights", 2, ["KD", "TC", "QC", "9D"], preset="specials",
                           pile=["9C"], top="9C", suit="C", drew_on=[[], ["C"]])
    other = 1 - view["seat"]
    assert {"TC", "QC", "9D"} <= set(legal) and view["drew_on"][other] == ["C"], (legal, view["drew_on"])
    assert why(view, "TC") == Why("next_lacks", seat=other, suit="C")  # the other follows a ten
    w = why(view, "QC")
    assert w is None or w.kind != "next_lacks", w


def test_a_two_or_a_q_is_said_to_cost_the_next_seat_whatever_it_holds() -> None:
    """7.1, 7.2: with specials, a 2 makes the next seat draw two and a Q skips it, worth doing to
    a seat of five cards too (``normal`` plays them so) where the other card does not."""
    view, legal = position("crazy-eights", 4, ["2D", "7D", "KC", "9S"], preset="specials",
                           pile=["5D"], top="5D", suit="D")
    nxt = (view["seat"] + view["direction"]) % 4
    assert view["hand_counts"][nxt] == 5
    assert why(view, "2D") == Why("special_draw", seat=nxt, card="2D", count=5, total=2)
    view, legal = position("crazy-eights", 4, ["QD", "7D", "KC", "9S"], preset="specials",
                           pile=["5D"], top="5D", suit="D")
    assert why(view, "QD") == Why("special_skip", seat=nxt, card="QD", count=5)
    view, legal = position("crazy-eights", 4, ["2D", "2H", "KC", "5C"], preset="specials",
                           pile=["2S"], top="2S", suit="S")
    # every card that can be played is a 2: each does the same, and any would do
    assert why(view, "2D") == Why("ce_alike", total=2, count=2) == why(view, "2H")


def test_ninety_nine_says_the_play_that_costs_fewest_or_nothing() -> None:
    """ninety-nine 2 and 3.3: at 61 (odd: a 2 doubles), 7♠ passes 66 (1 chip) and 2♠ doubles to
    122, past 66 and over 99 (3 chips): 7♠ is the one play that costs fewest. At 30 (under 50: a
    2 doubles), 2♠ makes 60 past 33 (1 chip) and 7♠ 37, past it too, while 9♠ stays at 30: the
    one play that costs nothing."""
    view, legal = position("ninety-nine", 3, ["7S", "2S"], total=61)
    assert set(legal) >= {"7S", "2S"}, legal
    assert why(view, "7S") == Why("nn_least", total=68, count=1)
    assert why(view, "2S") is None
    # at 65, 6♣ (71) and 4♦ (69) each pass 66 (1 chip), 2♣ doubles past 99 (3): the two
    # cheapest are each said to cost no more than any other
    view, legal = position("ninety-nine", 3, ["6C", "4D", "2C"], total=65)
    assert why(view, "6C") == Why("nn_fewest", total=71, count=1) and why(view, "4D").kind == "nn_fewest"
    assert why(view, "2C") is None
    view, legal = position("ninety-nine", 3, ["7S", "2S", "9S"], total=30)
    assert why(view, "9S") == Why("nn_clear", total=30, count=30)
    assert why(view, "7S") is None


def test_ninety_nine_takes_plays_to_the_same_total_as_one_choice() -> None:
    """ninety-nine 3.3: the chips depend on the total made alone. At 40, K♦ and Q♠ both make 50
    and cost nothing, while 2♣ doubles to 80, past 66 (1 chip): each of the two is the play that
    costs nothing."""
    view, legal = position("ninety-nine", 3, ["KD", "QS", "2C"], total=40, pile=[])
    assert why(view, "KD") == why(view, "QS") == Why("nn_clear", total=50, count=40)
    assert why(view, "2C") is None


def test_ninety_nine_says_when_every_card_does_the_same() -> None:
    """ninety-nine 2: a Q and two Ks at 82 each add 10 and nothing more: whichever goes, the
    hand kept can do as much. A J among them skips (2): not the same."""
    view, legal = position("ninety-nine", 3, ["KD", "QH", "KS"], total=82, pile=[])
    assert why(view, "QH") == Why("nn_same", total=92, count=0) == why(view, "KS")
    view, legal = position("ninety-nine", 3, ["KD", "QH", "JS"], total=82, pile=[])
    assert why(view, "QH") == Why("nn_total", total=92, count=0) == why(view, "JS")
    view, legal = position("ninety-nine", 3, ["KD", "QH", "JS"], total=60, pile=[])
    assert why(view, "JS") == Why("nn_total", total=70, count=1)  # passes 66 whichever goes


def test_ninety_nine_says_when_every_play_costs_the_same() -> None:
    """ninety-nine 3.3: at 97 every card goes over 99 (2 chips): none is cheaper."""
    view, legal = position("ninety-nine", 3, ["QC", "KD", "5H"], total=97, pile=[])
    assert why(view, "QC") == Why("nn_alike", total=107, count=2)
    assert why(view, "5H") == Why("nn_alike", total=102, count=2)


def test_ninety_nine_says_the_total_leaves_the_next_seat_costly_cards() -> None:
    """ninety-nine 2 and 3.3: at 90, 8♣ makes 98, from which a 3, 4, 5, 6, 7, 8, J, Q or K costs
    the next seat chips however played (33 of the 49 unseen cards); 3♥ makes 93, from which a 2,
    7, 8, J, Q or K does (22 of them). K♦ goes over."""
    view, legal = position("ninety-nine", 3, ["8C", "KD", "3H"], total=90, pile=[])
    nxt = (view["seat"] + view["direction"]) % 3
    assert why(view, "8C") == Why("nn_costly", seat=nxt, total=98, count=7)
    assert costly_share(view, 98) == 33 / 49 and costly_share(view, 93) == 22 / 49
    assert why(view, "3H") is None


def test_ninety_nine_weighs_a_j_against_plays_to_a_seat_holding_as_many_cards() -> None:
    """ninety-nine 2 and 3.3: at 20, J♣ makes 30 and skips a seat; from 30 a 4, 5, 6, 7, 8 or
    2 costs the seat it passes to chips however played (33 of the 49 unseen cards), from 25 (a
    5) far fewer. The unseen cards are the same for every seat, so the J is weighed against the
    5s where the seat a 5 passes to holds as many cards, and not where it holds fewer (a manual
    draw forgotten)."""
    view, legal = position("ninety-nine", 3, ["5H", "5C", "JC"], total=20, pile=[])
    assert after_play(view, "JC") != after_play(view, "5H")
    assert costly_share(view, 30) == 33 / 49 and costly_share(view, 25) == 15 / 49
    assert why(view, "JC") == Why("nn_costly", seat=after_play(view, "JC"), total=30, count=7)
    counts = [3, 3, 3]
    counts[after_play(view, "5H")] = 2
    view, legal = position("ninety-nine", 3, ["5H", "5C", "JC"], preset="manual-draw", total=20,
                           pile=[], hand_counts=counts)
    assert view["hand_counts"] == counts
    w = why(view, "JC")
    assert w is None or w.kind != "nn_costly", w


def test_ninety_nine_says_when_nothing_is_at_stake() -> None:
    """ninety-nine 3.3: at 38, 6♠ (44) and 8♥ (46) cost nothing and from neither total can any
    unseen card land the next seat on 33, 66 or 99; 2♦ (76) passes 66. The free plays are said
    to be as good as each other; the one that costs, nothing."""
    view, legal = position("ninety-nine", 3, ["6S", "2D", "8H"], total=38, pile=[])
    assert why(view, "6S") == Why("nn_calm", total=44, count=1)
    assert why(view, "8H") == Why("nn_calm", total=46, count=1)
    assert why(view, "2D") is None
    # at 21, 6♠ makes 27 (a 6 there lands on 33) and 8♥ 29 (a 4 does): at stake, not calm; 3♦
    # to 24, from which nothing lands, is said to keep the next seat off the marks, however few
    # the cards that land from 29 (4 of 49, under ``LANDING_APART``)
    view, legal = position("ninety-nine", 3, ["6S", "3D", "8H"], total=21, pile=[])
    assert landing_share(view, 24) == 0 < landing_share(view, 29) < 0.1
    assert why(view, "3D") == Why("nn_next", seat=after_play(view, "3D"), total=24, count=29)
    assert all(w is None or w.kind != "nn_calm" for w in map(lambda x: why(view, x), legal))


def test_ninety_nine_says_the_cards_kept_stay_free_higher_up() -> None:
    """ninety-nine 2 and 3.3: at 45, 6♠ makes 51 and keeps K♦ and 4♣, one of which costs nothing
    at 51, 56, 61 and 66; K♦ (to 55, keeping 6♠ and 4♣: both pass 66 from 65) and 4♣ (to 49,
    keeping K♦ and 6♠: both pass 66 from 64) leave cards free at three of their four."""
    view, legal = position("ninety-nine", 3, ["KD", "6S", "4C"], total=45, pile=[])
    assert why(view, "6S") == Why("nn_room", total=51)
    # 4♣ to 49 keeps less room, but from 49 no unseen card lands the next seat; from 55 an ace does
    # (the 4 turns play round: K♦ to 55 would pass the turn to the other seat, whom it names)
    # (nor from 51, 6♠'s total, which the reason names as just as good: "as few as at 51")
    assert why(view, "4C") == Why("nn_next", seat=after_play(view, "4C"), total=49, count=55,
                                  other=after_play(view, "KD"), also="51")
    assert after_play(view, "KD") != after_play(view, "4C")
    assert why(view, "KD") == Why("nn_keeps", card="4C", total=55)  # not more room: it keeps the 4


def test_ninety_nine_says_the_total_keeps_the_next_seat_off_the_marks() -> None:
    """ninety-nine 3.3: at 20, K♦ makes 30, from which only a 3 lands on 33; 3♠ would make 23,
    from which every 10, J, Q and K would: the next seat is kept off the marks."""
    view, legal = position("ninety-nine", 3, ["3S", "KD", "7C"], total=20, pile=[])
    assert {"3S", "KD", "7C"} <= set(legal), legal
    nxt = (view["seat"] + view["direction"]) % 3
    assert why(view, "KD") == Why("nn_next", seat=nxt, total=30, count=23)
    assert why(view, "3S") is None  # it leaves the next seat the most landings


def test_ninety_nine_says_a_nine_or_ten_is_kept() -> None:
    """ninety-nine 2: a 9 adds nothing, a 10 can take 10 off and a 2 halves an even total over
    49, so a play that costs nothing and keeps one (the most useful) is said to keep it for when
    a mark is near."""
    view, legal = position("ninety-nine", 3, ["QH", "9S", "5D"], total=10, pile=[])
    assert why(view, "QH") == Why("nn_keeps", card="9S", total=20)
    # the 9 itself is played: nothing kept; but at 10 or 20 no play costs or lets the next seat land
    assert why(view, "9S") == Why("nn_calm", total=10, count=0)
    view, legal = position("ninety-nine", 3, ["TH", "2S", "5D"], total=10, pile=[])
    assert why(view, "5D") == Why("nn_keeps", card="TH", total=15)  # the 10 before the 2
    assert why(view, "2S") == Why("nn_keeps", card="TH", total=20)  # a 2 doubles 10
    # not said to keep the 2 (the 10 is of more use): only that nothing is at stake yet
    assert why(view, "TH+10") == Why("nn_calm", total=20, count=0)


def test_crazy_eights_says_when_any_card_that_can_be_played_would_do() -> None:
    """5.2: on 7♠, K♠ and Q♠ each leave one spade and would cost 10 points kept: either does;
    K♠ against 7♥ (7 points) is not alike. With specials, Q♣ skips the next seat (7.2): not the
    same as K♠."""
    view, legal = position("crazy-eights", 4, ["KS", "QS", "2D"], pile=["7S"], top="7S", suit="S")
    assert why(view, "KS") == Why("ce_alike", total=10, count=2) == why(view, "QS")
    view, legal = position("crazy-eights", 4, ["KS", "7H", "2D"], pile=["7S"], top="7S", suit="S")
    assert why(view, "KS") is None or why(view, "KS").kind != "ce_alike"  # 10 points against 7
    view, legal = position("crazy-eights", 4, ["KS", "QC", "2D"], preset="specials", pile=["KC"], top="KC", suit="C")
    w = why(view, "KS")
    assert w is None or w.kind != "ce_alike", w


def test_crazy_eights_says_which_card_would_cost_more_kept() -> None:
    """5.2: of 4♠ and J♠, which leave as many spades, J♠ would count 10 points left in hand."""
    view, legal = position("crazy-eights", 4, ["JH", "AC", "TC", "4S", "JS"], pile=["9S"], top="9S", suit="S")
    assert {"4S", "JS"} <= set(legal) and "JH" not in legal, legal
    assert why(view, "JS") == Why("heavier", card="JS", total=10)
    assert why(view, "4S") is None
    view, legal = position("crazy-eights", 4, ["JH", "AC", "TC", "4S", "JS"], preset="countdown",
                           pile=["9S"], top="9S", suit="S", wild=["8"])
    # 6.2: Countdown keeps no points: the two spades are alike, neither heavier
    assert why(view, "JS") == Why("ce_alike", count=2) == why(view, "4S")


def test_crazy_eights_says_a_wild_card_names_the_suit_of_the_card_kept() -> None:
    """3.3: with an eight and 2♦, nothing else matching, naming diamonds leaves the 2♦ to follow."""
    view, legal = position("crazy-eights", 4, ["2D", "8H"], pile=["9C"], top="9C", suit="C")
    assert "8H=D!" in legal, legal
    assert why(view, "8H=D!") == Why("wild_last", suit="D")
    assert why(view, "8H=S!") is None


def test_ninety_eight_says_the_total_leaves_the_most_unseen_cards_over() -> None:
    """4.3: at 91, 5♠ makes 96, where only aces, 2s, tens and Kings are safe; 2♦ would make
    93, where 3s to 5s are safe too."""
    view, legal = position("ninety-eight", 3, ["2D", "AD", "2H", "5S"], total=91, pile=[])
    w = why(view, "5S")
    assert w is not None and w.kind == "tightest" and w.total == 96, w
    assert why(view, "2D") is None or why(view, "2D").kind != "tightest"


def test_ninety_eight_says_the_highest_plain_card_goes_while_the_total_is_low() -> None:
    """At 35, the 7 goes and the 3 stays for near the limit (normal plays so); with an ace
    held, which adds 1 or 11, nothing is said of the card that adds most, only that the cards
    it keeps (the ace, the 3 and the 5) go nearer the limit than those another play keeps."""
    view, legal = position("ninety-eight", 3, ["2H", "3S", "5H", "7S"], total=35, pile=[])
    assert why(view, "7S") == Why("keeps_low", card="2H", total=98)
    assert why(view, "5H") == Why("keeps_lowest", card="2H", total=98)  # not the most: only the 2 kept is said
    view, legal = position("ninety-eight", 3, ["AH", "3S", "5H", "7S"], total=35, pile=[])
    assert why(view, "7S") == Why("ne_room", total=98)


def test_ninety_eight_says_the_cards_kept_go_nearer_the_limit() -> None:
    """2: at 6, the 6♥ played would keep 7♠, J♠ and 9♥, none of which can be played at 92 of
    98; the 7♠ played keeps the 6, which can: more of the cards kept go near the limit (the J♠
    and 9♥, high cards shed while the total is low, have that reason first)."""
    view, legal = position("ninety-eight", 4, ["6H", "JS", "7S", "9H"], total=6, pile=[])
    assert why(view, "7S") == Why("ne_room", total=98)
    assert why(view, "6H") is None or why(view, "6H").kind != "ne_room"


def test_ninety_eight_says_the_card_that_adds_least_while_the_total_is_high() -> None:
    """2: at 81 of 98, with nothing else to set them apart, a 2 adds least and leaves the most
    room (either 2); the 3 is not the least. At 20, with three others to add about 8 each before
    the turn comes back, the total is not yet high: not said. At 20 of 50 (``fast``) it is."""
    view, legal = position("ninety-eight", 4, ["3D", "2S", "5D", "2H"], total=81, pile=[])
    assert why(view, "2S") == Why("adds_least", total=98) == why(view, "2H")
    assert why(view, "3D") == Why("keeps_lowest", card="2S", total=98)  # not the least: a 2 kept
    view, legal = position("ninety-eight", 4, ["3D", "2S", "5D", "2H"], total=20, pile=[])
    assert all(w is None or w.kind != "adds_least" for w in map(lambda x: why(view, x), legal))
    view, legal = position("ninety-eight", 4, ["3D", "2S", "5D", "2H"], preset="fast", total=20, pile=[])
    assert view["options"]["limit"] == 50
    assert why(view, "2S") == Why("adds_least", total=50)


def test_ninety_eight_says_an_ace_is_kept_where_nothing_else_is_said() -> None:
    """2: an ace adds 1 or 11, so one kept can still go near the limit. At 14 of 50 (``fast``),
    4♠ and 2♣ keep the ace; the Q is a high card shed while the total is low, and the ace
    played as 1 is said to leave room."""
    view, legal = position("ninety-eight", 4, ["2C", "QH", "AC", "4S"], preset="fast", total=14, pile=[])
    assert why(view, "4S") == Why("keeps_ace", card="AC", total=50) == why(view, "2C")
    assert why(view, "QH") == Why("shed_high")
    assert why(view, "AC+1") == Why("ace_low", total=50)


def test_tightest_is_said_of_a_total_whatever_card_makes_it() -> None:
    """4.3: at 80, either Q makes 90: the tightest total a move makes, said of the total."""
    view, legal = position("ninety-eight", 3, ["QS", "QH", "2D", "5C"], total=80, pile=[])
    w = why(view, "QS")
    assert w is not None and w.kind == "tightest" and w.total == 90 and why(view, "QH") == w, w


def test_ninety_nine_says_nothing_of_the_next_seat_where_another_play_keeps_it_further_off() -> None:
    """3.3: with two seats at 18, 4♥ makes 22, from which fewer cards land than from 23 (5♣);
    but 9♦ stays at 18, from which none do: 4♥ is not said to keep the next seat off (its play
    keeps the 9 instead)."""
    view, legal = position("ninety-nine", 2, ["4H", "9D", "5C"], total=18, pile=[])
    assert why(view, "4H") == Why("nn_keeps", card="9D", total=22)
    w = why(view, "9D")
    assert w is None or w.kind != "nn_next" or w.total == 18


def test_ninety_nine_says_a_four_or_an_ace_is_kept_where_nothing_else_is_said() -> None:
    """2: a 4 adds just 4 and an ace 1 if chosen, small steps up to a mark: at 0, 7♥ keeps the
    4 (the 8 would too); where the cards kept differ in the room they leave higher up, that is
    said instead; a 9 kept comes before a 4."""
    view, legal = position("ninety-nine", 4, ["8H", "4D", "7H"], total=0, pile=[])
    assert why(view, "7H") == Why("nn_keeps", card="4D", total=7)
    assert why(view, "4D") == Why("nn_calm", total=4, count=0)  # the 4 itself played: nothing kept
    view, legal = position("ninety-nine", 4, ["KH", "AD", "6C"], total=0, pile=[])
    assert why(view, "KH") == Why("nn_keeps", card="AD", total=10)
    view, legal = position("ninety-nine", 4, ["4H", "9D", "5C"], total=0, pile=[])
    assert why(view, "5C") == Why("nn_keeps", card="9D", total=5)


def test_ninety_nine_keeps_a_two_only_where_it_may_halve() -> None:
    """2: a 2 halves only an even total over 49; from 27 it doubles past 33."""
    view, legal = position("ninety-nine", 3, ["2C", "KD", "5S"], total=17, pile=[])
    w = why(view, "KD")
    assert w is None or w.kind != "nn_keeps", w
    view, legal = position("ninety-nine", 3, ["2C", "KD", "5S"], total=45, pile=[])
    assert why(view, "5S") == Why("nn_keeps", card="2C", total=50)


def test_a_wild_card_naming_a_suit_held_once_where_none_is_held_twice() -> None:
    """3.3: with 8♠, 5♦ and K♥, nothing else matching 9♣, naming diamonds names a suit held;
    no suit is held twice, so it is not "the suit you hold most of". With 8♠, 8♥ and 5♦,
    diamonds is the one suit held besides the wild cards."""
    view, legal = position("crazy-eights", 4, ["8S", "5D", "KH"], pile=["9C"], top="9C", suit="C")
    assert "8S=D" in legal, legal
    assert why(view, "8S=D") == Why("wild_held", suit="D", count=2)
    assert why(view, "8S=C") is None  # a suit not held
    view, legal = position("crazy-eights", 4, ["8S", "8H", "5D"], pile=["9C"], top="9C", suit="C")
    assert why(view, "8S=D") == Why("wild_held", suit="D", count=1)


def test_a_wild_last_card_goes_out_whatever_it_names() -> None:
    """5.1: 8♠ alone in hand goes out; the suit it names is never followed."""
    view, legal = position("crazy-eights", 4, ["8S"], pile=["9C"], top="9C", suit="C")
    assert {"8S=S", "8S=D"} <= set(legal), legal
    assert why(view, "8S=S") == why(view, "8S=D") == Why("wild_out", card="8S")


def test_wild_last_only_with_one_other_card() -> None:
    """3.3: with 8♠, 8♥ and 5♦, the 8♥ is another card: no "the one other card you hold"."""
    view, legal = position("crazy-eights", 4, ["8S", "8H", "5D"], pile=["9C"], top="9C", suit="C")
    w = why(view, "8S=D")
    assert w is None or w.kind != "wild_last", w


def test_ninety_eight_says_the_card_that_adds_least_is_kept() -> None:
    """2: at 13 of 50 (``fast``), the 4 keeps a 3, which adds least, for near the limit (the Q
    is a high card shed while the total is low, a 3 the move that adds least); at 45 the 3
    keeps the 2."""
    view, legal = position("ninety-eight", 4, ["4H", "QD", "3S", "3C"], preset="fast", total=13, pile=[])
    assert why(view, "4H") == Why("keeps_lowest", card="3S", total=50)
    assert why(view, "QD") == Why("shed_high")
    view, legal = position("ninety-eight", 4, ["2S", "JD", "9C", "3D"], preset="fast", total=45, pile=[])
    assert legal == ["2S", "3D"]
    assert why(view, "3D") == Why("keeps_lowest", card="2S", total=50)
    assert why(view, "2S") is None or why(view, "2S").kind != "keeps_lowest"


def test_ninety_eight_says_a_card_passes_the_turn_where_a_skip_would_bring_it_back() -> None:
    """7.1: two seats in the hand (``ninety-nine``: threes skip, Kings set 99), at 99 the King
    passes the turn to the other seat; the 3 would make 99 too and play again. Playing the 3
    keeps the King, which can be played at any total."""
    view, legal = position("ninety-eight", 2, ["KD", "3S", "2H", "2D"], preset="ninety-nine", total=99, pile=[])
    assert legal == ["KD", "3S"] and view["seat"] == 0
    assert why(view, "KD") == Why("passes_on", seat=1, card="3S", total=99)
    assert why(view, "3S") == Why("keeps_escape", card="KD")


def test_ninety_eight_says_where_every_card_makes_the_same_total() -> None:
    """7 (``ninety-nine``: a 3 skips, a 4 reverses, each adding 0): at 99 either keeps the
    total, and either next seat holds four cards; where one of them holds fewer, not said."""
    view, legal = position("ninety-eight", 4, ["3H", "4D", "6S", "JC"], preset="ninety-nine", total=99, pile=[])
    assert legal == ["3H", "4D"] and view["seat"] == 2
    assert why(view, "3H") == Why("ne_same", total=99, count=99) == why(view, "4D")
    view["hand_counts"] = [1, 4, 4, 4]  # after the 3, seat 0 plays, with one card
    assert all(w is None or w.kind != "ne_same" for w in map(lambda x: why(view, x), legal))


def test_a_high_card_shed_early_says_so_not_the_king_every_card_keeps() -> None:
    """8: with J♣ 8♥ K♥ 3♣ at 0, any card but the King keeps it: that says nothing of 8♥ over
    3♣. The hint says what sets it apart (a high card goes while the total is low); a King or
    ten kept is said where nothing does (above)."""
    view, legal = position("ninety-eight", 4, ["JC", "8H", "KH", "3C"], total=0)
    assert why(view, "8H") == Why("shed_high")


def test_nothing_is_said_of_what_a_seat_holding_no_card_would_draw_on() -> None:
    """ninety-nine 5.3: under the manual draw a seat that forgot to draw may hold no card; at its
    turn it loses 3 chips whatever is played, so "Bot would lose chips with 8 in 10 of the cards
    you cannot see, however played" (or land on a mark with them) is not said of it."""
    view, legal = position("ninety-nine", 4, ["TS"], preset="manual-draw", total=22)
    nxt = (view["seat"] + view["direction"]) % 4
    assert [w.kind if w else None for w in (why(view, a) for a in legal)] != [None, None]  # said with a hand
    view["hand_counts"] = [0 if s == nxt else k for s, k in enumerate(view["hand_counts"])]
    for action in legal:
        w = why(view, action)
        assert w is None or w.seat != nxt, (action, w)


def test_ninety_nine_passes_the_turn_to_a_seat_holding_no_card() -> None:
    """ninety-nine 5.3 (manual draw): a seat whose turn comes holding no card (its draw
    forgotten) loses 3 chips and the round ends. At 20, J♣ skips the next seat and passes the
    turn to the one after, which holds none: ``normal`` and the hint play it, and say why; the
    5s would pass the turn to a seat holding cards. Where the seat that holds none is the next,
    a 5 passes the turn to it and the J would skip it."""
    from core.bots import advise
    from tui.hintwhy import why_words

    view, _ = position("ninety-nine", 3, ["5H", "5C", "JC"], preset="manual-draw", total=20, pile=[])
    empty = after_play(view, "JC")
    counts = [3, 3, 3]
    counts[empty] = 0
    view, legal = position("ninety-nine", 3, ["5H", "5C", "JC"], preset="manual-draw", total=20,
                           pile=[], hand_counts=counts)
    assert view["hand_counts"] == counts and after_play(view, "5H") != empty
    assert all(choose("normal", view, legal, random.Random(s)) == "JC" for s in range(20))
    assert advise(view, legal) == "JC"
    assert why(view, "JC") == Why("nn_no_card", seat=empty, total=30, count=3)
    names = ["You", "Bo", "Cy"]
    assert why_words(why(view, "JC"), names, "two-colour") == \
        f"{names[empty]} holds no card: their turn ends the round and costs them 3 chips"
    # the seat holding none is the next: a 5 passes the turn to it, the J skips it
    counts = [3, 3, 3]
    counts[after_play(view, "5H")] = 0
    view, legal = position("ninety-nine", 3, ["5H", "5C", "JC"], preset="manual-draw", total=20,
                           pile=[], hand_counts=counts)
    assert choose("normal", view, legal, random.Random(0)) in ("5H", "5C")
    assert why(view, "5H") == Why("nn_no_card", seat=after_play(view, "5H"), total=25, count=3)
