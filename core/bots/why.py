"""Why the rule-based player makes a move, as a fact about the position: the reason a hint gives.

A hint that names only a card teaches little. ``why(view, action)`` returns the first reason
that holds of the move, of a short list per game, most telling first, each a thing ``normal``
weighs, worked out from the view alone (the seat's hand, the table, the cards it cannot see);
None where none holds. It is data: the front end puts it into words.

Each reason holds of the move it is given whatever made the bot choose it, and compares it with
a move the seat could make instead (a wild card kept where one could be played, a longer suit
than another card's), so it is never said of a move with no alternative.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import PLAY, Action
from ..cards import ACE, KING, QUEEN, RANK, SUIT, TEN, card_str
from .base import View, hand_codes, in_hand_count, next_seat, parse_legal, unseen
from .crazy_eights import POINTS, _TWO, _is_wild, _wild_ranks
from .ninety_eight import _FOUR, _safe_fraction, rules_for

#: below this chance that the next seat holds no safe card, a total is not said to squeeze it
SQUEEZE = 0.3


@dataclass(frozen=True)
class Why:
    """One reason: ``kind`` says which, the rest what it names.

    Crazy Eights: ``shed_wild`` (``seat`` holds one card: a wild card kept would score 50), ``wild_longest``
    (nothing else matches; it names ``suit``, the suit held most), ``special_draw``,
    ``special_skip``, ``special_reverse`` (``seat``, the next, holds ``count`` cards: ``card``
    makes it draw ``total``, miss a turn, or turns play away from it), ``next_lacks`` (``seat``, the next,
    drew on ``suit``), ``shed_points`` (``seat`` holds ``count`` cards: the play sheds the
    ``total`` points ``card`` would count), ``keeps_wild`` (``card``, a wild card kept), ``longest`` (``suit``, held most).
    Ninety-Eight: ``squeeze`` (at ``total``, ``seat``, the next, has no safe card with a chance
    of ``count`` in 10), ``keeps_escape`` (``card``, a King or ten kept), ``ace_low`` (an ace as
    1 leaves more room under the limit, ``total``), ``shed_high`` (a high card while the total is low).
    """

    kind: str
    seat: int | None = None
    card: str | None = None
    suit: str | None = None
    total: int | None = None
    count: int | None = None


def why(view: View, action: str) -> Why | None:
    """The reason for ``action`` (one of the view's legal actions) at the seat ``view`` shows;
    None for a game or a move with none to give."""
    legal = [a for a in view.get("legal") or [] if isinstance(a, str)]
    if action not in legal or len(legal) < 2 or not isinstance(view.get("seat"), int):
        return None
    actions = parse_legal(legal)
    chosen = actions[legal.index(action)]
    game = view.get("game")
    if game == "crazy-eights":
        return _crazy_eights(view, chosen, actions)
    if game == "ninety-eight":
        return _ninety_eight(view, chosen, actions)
    return None


def _crazy_eights(view: View, a: Action, legal: list[Action]) -> Why | None:
    seat: int = view["seat"]
    plays = [x for x in legal if x.kind == PLAY]
    if a.kind != PLAY:
        return None  # a draw or pass where a card could be played: ``normal`` draws only when it must
    wild = _wild_ranks(view)
    hand = hand_codes(view)
    counts = view["hand_counts"]
    status = view["status"]
    opponents = [s for s in range(view["players"]) if s != seat and status[s]["in_hand"]]
    held = [0, 0, 0, 0]
    for c in hand:
        if not _is_wild(c, wild):
            held[SUIT[c]] += 1
    ordinary = [x for x in plays if not _is_wild(x.card, wild)]
    nxt = next_seat(view, seat)
    if _is_wild(a.card, wild):
        close = [s for s in opponents if counts[s] == 1]
        if ordinary and close and not view["options"].get("countdown"):
            return Why("shed_wild", seat=close[0], card=card_str(a.card))
        if not ordinary and a.suit >= 0 and held[a.suit] == max(held) and held[a.suit] > 0:
            return Why("wild_longest", suit="SHDC"[a.suit])
        return None
    others = [x for x in ordinary if x.card != a.card]
    rank, suit = RANK[a.card], SUIT[a.card]
    if view["options"].get("specials") and nxt != seat and counts[nxt] <= 2 and rank in (_TWO, QUEEN, ACE):
        if rank == _TWO:  # 7.1: the debt passed on, two more
            return Why("special_draw", seat=nxt, card=card_str(a.card), count=counts[nxt],
                       total=int(view.get("debt") or 0) + 2)
        # 7.3: an ace with two seats acts as a Q
        kind = "special_skip" if rank == QUEEN or in_hand_count(view) == 2 else "special_reverse"
        return Why(kind, seat=nxt, card=card_str(a.card), count=counts[nxt])
    drew_on = view.get("drew_on")
    lacks = set(drew_on[nxt]) if drew_on and nxt != seat else set()
    if "SHDC"[suit] in lacks and any("SHDC"[SUIT[x.card]] not in lacks for x in others):
        return Why("next_lacks", seat=nxt, suit="SHDC"[suit])
    danger = [s for s in opponents if counts[s] <= 2]
    if danger and not view["options"].get("countdown") and POINTS[a.card] >= 10 and any(POINTS[x.card] < POINTS[a.card] for x in others):
        closest = min(danger, key=lambda s: counts[s])
        return Why("shed_points", seat=closest, card=card_str(a.card), count=counts[closest], total=POINTS[a.card])
    wilds = [x for x in plays if _is_wild(x.card, wild)]
    if wilds:
        return Why("keeps_wild", card=card_str(wilds[0].card))
    if any(held[SUIT[x.card]] < held[suit] for x in others):
        return Why("longest", suit="SHDC"[suit])
    return None


def _ninety_eight(view: View, a: Action, legal: list[Action]) -> Why | None:
    seat: int = view["seat"]
    rules = rules_for(view["options"])
    total: int = view["total"]
    t2 = rules.after(total, a)
    rank = RANK[a.card]
    direction = view["direction"]
    if rank == _FOUR and rules.reverse:
        direction = -direction
    nxt = next_seat(view, seat, direction)
    if rank in rules.skips:
        nxt = next_seat(view, nxt, direction)
    mates = {s for group in view.get("teams") or [] if seat in group for s in group}
    if nxt != seat and nxt not in mates and in_hand_count(view) > 1:
        left = unseen(view)
        q = _safe_fraction(rules, [RANK[c] for c in left], list(left.values()))
        chance = (1.0 - q[rules.limit - t2]) ** (view["hand_counts"][nxt] or 1)
        if chance >= SQUEEZE:
            return Why("squeeze", seat=nxt, total=t2, count=max(1, min(10, round(chance * 10))))
    escapes = [x for x in legal if RANK[x.card] in (KING, TEN) and x.card != a.card]
    if rank not in (KING, TEN) and escapes:
        return Why("keeps_escape", card=card_str(escapes[0].card))
    if rank == ACE and a.value == 1 and any(x.card == a.card and x.value == 11 for x in legal):
        return Why("ace_low", total=rules.limit)
    values = rules.values
    if total < rules.limit // 2 and values[rank] is not None and (values[rank] or 0) >= 7 \
            and any((values[RANK[x.card]] or 0) < (values[rank] or 0) for x in legal if RANK[x.card] != KING):
        return Why("shed_high")
    return None
