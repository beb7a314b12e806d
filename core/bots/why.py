"""Why the rule-based player makes a move, as a fact about the position: the reason a hint gives.

A hint that names only a card teaches little. ``why(view, action)`` returns the first reason
that holds of the move, of a short list per game, most telling first, each a thing ``normal``
weighs, worked out from the view alone (the seat's hand, the table, the cards it cannot see);
None where none holds. It is data: the front end puts it into words.

Each reason holds of the move it is given whatever made the bot choose it. Where the move is
the only one (Ninety-Eight's one play within the limit, Crazy Eights' one card that matches,
drawing aside, or its draw or pass where no card can be played), the reason is that rule;
otherwise most compare the move with another (a wild card kept where one could be played, the
suit held most against a shorter one, a total that leaves the next seat clearly less room than
another move would, the one play that costs no chips); the special cards' reasons say what the
card does to a seat about to go out. Ninety-Nine also says where every play costs the same
chips, whichever is made; last of all, Ninety-Nine and Crazy Eights say where the plays are
as good as each other (nothing at stake; any card would do), and Ninety-Eight names the card
that adds least once the total is high, or else an ace or the card that adds least kept, or
says where every card makes the same total.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import DRAW, PLAY, Action
from ..cards import ACE, KING, QUEEN, RANK, RANKS, SUIT, TEN, card_str
from ..games.ninety_nine import chips as outcome
from ..games.ninety_nine import total_after as nn_after
from .base import View, hand_codes, in_hand_count, next_seat, parse_legal
from .crazy_eights import POINTS, SPECIAL_RANKS, TWO, ace_turns_away, is_wild, seat_to_follow, suit_lengths, wild_ranks
from .ninety_eight import no_safe_chance, rules_for, safe_near_limit, seat_after, side_seats, unseen_safe
from .ninety_nine import free_at, no_card_loss, totals_ahead, unseen_tables
from .ninety_nine import seat_after as nn_seat_after

#: below this chance that the next seat holds no safe card, a total is not said to squeeze it
SQUEEZE = 0.3
#: and another move must leave it at least this much less likely, or the total sets nothing apart
SQUEEZE_APART = 0.2
#: a total is said to be the tightest a move makes where at every other total a move makes at
#: least this much more of the unseen cards are safe
TIGHTEST_APART = 0.1
#: Ninety-Eight: about what each other seat adds before the turn comes round again (the middle
#: of ``normal``'s guess); a move that adds least is said to leave room once the total plus
#: that is half the limit or more
ROUND_ADDS = 8
#: Ninety-Nine: a total is said to keep the next seat off the marks where another play that
#: costs nothing leaves it at least this much more of the unseen cards to land with
LANDING_APART = 0.1
#: Ninety-Nine: a total is said to leave the next seat costly cards where at least this share
#: of the unseen cards costs it chips however played, and at least ``COSTLY_APART`` more than
#: where another play that costs nothing would leave the total
COSTLY = 0.3
COSTLY_APART = 0.15
#: Ninety-Nine's small steps, said kept only where nothing else sets the play apart: a 4 adds
#: just 4, an ace 1 if chosen (2), to come up to a mark without passing it
SMALL_DODGERS = (RANKS.index("4"), ACE)
#: Ninety-Nine's dodging cards, kept for when a mark is near, most useful first (``normal``
#: keeps them so): a 9 adds nothing, a 10 can take 10 off, a 2 halves an even total over 49
#: (2), then ``SMALL_DODGERS``
DODGERS = (RANKS.index("9"), TEN, TWO, *SMALL_DODGERS)


@dataclass(frozen=True)
class Why:
    """One reason: ``kind`` says which, the rest what it names.

    Crazy Eights: ``shed_wild`` (``seat`` holds one card: the wild ``card`` kept would score
    50), ``wild_longest`` (nothing else matches; it names ``suit``, the suit held most),
    ``special_draw``, ``special_skip``, ``special_reverse`` (``seat``, the next, holds ``count``
    cards: ``card`` makes it draw ``total`` unless it answers with a 2, miss a turn, or turns
    play away from it; said first where it holds two or fewer, and of a 2 or a Q holding more
    where another card that can be played is not of that rank),
    ``next_lacks`` (``seat``, the one to follow, drew on ``suit``), ``wild_next_lacks``
    (nothing else matches; it names ``suit``, not the suit held most, which ``seat``, the one to
    follow, drew on), ``shed_points`` (``seat``
    holds ``count`` cards: ``card`` kept would count ``total`` points), ``keeps_wild``
    (``card``, a wild card kept: true of every plain card played, so said after the reasons that
    set the card apart), ``longest`` (``suit``, held most), ``longer`` (``suit``,
    held more than the suit of any other card that can be played).
    Crazy Eights' ``wild_longest`` and ``longest`` give in ``count`` how many suits are held
    as often (a tie: one of the suits held most); ``only_match``: ``card`` is the one card in
    hand that can be played (drawing the other move); ``wild_last`` (nothing else matches; it
    names ``suit``, that of the one other card held); ``wild_out`` (``card``, a wild card, is
    the last card held: it goes out, whatever suit it names); ``wild_held`` (nothing else
    matches; it names ``suit``, held once, where no suit is held twice: ``count`` suits are held
    once each); ``heavier`` (``card`` would count ``total`` points kept, more than another card
    that leaves as many of its suit, 5.2; ``also``, one as heavy where there is one);
    ``ce_alike`` (last: each of the ``count`` cards that can be played, no wild card held, leaves as many of its suit, would count as many points
    kept, ``total``, None in Countdown, and does the same to the next seat).
    Where no card in hand can be played: ``no_match`` (a draw), ``no_two`` (the draw takes
    a 2's ``total`` cards: no 2 to answer with), ``nothing_to_draw`` and ``drew_enough`` (a
    pass: nothing left to draw, or ``count`` cards drawn, all a turn allows).
    Ninety-Eight: ``only_play`` (the one play that keeps the total within the limit,
    ``total``, or ``count`` cards of one rank played alike), ``squeeze`` (at ``total``,
    ``count`` in 10 of the cards the seat cannot see would take ``seat``, the next, over the
    limit), ``value_total`` (an ace's or ten's value takes the total to ``total``, where
    fewer unseen cards are safe for ``seat`` than at ``count``), ``tightest`` (at ``total``, ``count`` in 10 of the unseen cards would take
    ``seat``, the next, over the limit, clearly more than at any other total a move makes),
    ``ace_low`` (an ace as 1 leaves more room
    under the limit, ``total``), ``shed_high`` (a high card while the total is low),
    ``keeps_low`` (the card that adds most while the total is low, no ace held; ``card``, the
    one that adds least, kept for near the limit, ``total``), ``keeps_escape`` (``card``, a
    King or ten kept), ``ne_room`` (more of the cards
    kept can still be played as the total nears the limit, ``total``, than of those another play
    would keep: counted, card by card, at the totals ``normal`` judges a hand by, ``NEAR_LIMIT``
    below the limit), ``adds_least`` (last, once the total will be past half the limit,
    ``total``, when the turn comes round again: the move to the lowest total any move makes,
    where another makes more), ``keeps_ace`` (last: ``card``, an ace that could be played,
    kept: it can add just 1 as the total nears the limit, ``total``), ``passes_on`` (the
    turn passes to ``seat`` at ``total``, where ``card``, which skips, would make the same total
    and bring it straight back: two seats left), ``keeps_lowest`` (``card``,
    the card of least plain value that can be played, kept for near the limit, ``total``, where
    the one played adds more; no ace held), ``ne_same`` (last of all: every card that can be
    played makes ``total`` from ``count``, no King or ten among them, and whichever is played
    the seat to play next holds as many cards).
    Ninety-Nine: ``nn_lands`` (to ``total``, 33, 66 or 99: the others lose ``count`` chips
    each, or what they have), ``nn_clear`` (from ``count`` to ``total`` it costs nothing, where
    every other play costs chips), ``nn_least`` (every play costs chips, this one ``count``,
    fewer than any other), ``nn_fewest`` (every play costs chips, this one ``count``, as few as
    another, fewer than some), ``nn_next`` (it costs nothing, and at ``total`` the fewest of the
    unseen cards let ``seat``, the next, land on 33, 66 or 99 of the plays that cost nothing
    and pass the turn to a seat holding as many cards, clearly fewer than at ``count``, where
    one of them would take it and pass the turn to ``other`` where not ``seat`` (a 4 turns play
    round, a J skips); or, after the kept cards below, none against some),
    ``nn_no_card`` (to ``total`` it costs nothing and passes the turn to ``seat``, which holds no card: the
    round ends and it loses ``count`` chips, 5.3, where another play that costs nothing passes
    the turn elsewhere), ``nn_costly`` (it costs nothing, and at ``total`` ``count`` in 10 of the unseen cards
    would cost ``seat``, the next, chips however played, clearly more than where another play
    that costs nothing and passes the turn to a seat holding as many cards would leave the
    total), ``nn_keeps`` (to
    ``total`` it costs nothing, and keeps ``card``, a 9, a 10 or, at 50 or more, a 2, more use
    for dodging a mark than the card played; where neither this nor ``nn_room`` is said, a 4 or
    an ace kept likewise), ``nn_room`` (to ``total`` it costs nothing, and the cards kept hold
    one that costs nothing at more of the totals a little higher up than another such play's),
    ``nn_same`` (every card that can be played does the same: one rank, or Qs and Ks, each to
    ``total``), ``nn_total`` (every card that can be played makes ``total`` and costs
    ``count`` chips, a J or a 4 among them, which only passes the turn elsewhere),
    ``nn_alike`` (every play costs ``count`` chips, this one to ``total``: none saves them),
    ``nn_calm`` (last: it costs nothing, and at no total a play that costs nothing makes can
    an unseen card land the seat to play next on 33, 66 or 99; ``count`` plays' totals cost
    chips). The chips depend on the total made alone, so plays that make the same total are
    one choice.
    """

    kind: str
    seat: int | None = None
    card: str | None = None
    suit: str | None = None
    total: int | None = None
    count: int | None = None
    other: int | None = None
    #: ``heavier``: another card as heavy that leaves as many of its suit, which would do as well;
    #: ``nn_next``: another total a play that costs nothing makes, from which as few land
    also: str | None = None


def why(view: View, action: str) -> Why | None:
    """The reason for ``action`` (one of the view's legal actions) at the seat ``view`` shows;
    None for a game or a move with none to give."""
    legal = [a for a in view.get("legal") or [] if isinstance(a, str)]
    if action not in legal or not isinstance(view.get("seat"), int):
        return None
    actions = parse_legal(legal)
    chosen = actions[legal.index(action)]
    game = view.get("game")
    if game == "ninety-eight" and len({(RANK[a.card], a.value) for a in actions}) == 1:
        # 4.1-4.2: the one play within the limit (or cards of one rank, each played alike:
        # ``count`` of them)
        return Why("only_play", total=int(view["options"]["limit"]), count=len(legal))
    if game == "crazy-eights" and not any(a.kind == PLAY for a in actions):
        return _crazy_eights_stuck(view, chosen)
    if len(legal) < 2:
        return None
    if game == "crazy-eights":
        return _crazy_eights(view, chosen, actions)
    if game == "ninety-eight":
        return _ninety_eight(view, chosen, actions)
    if game == "ninety-nine":
        return _ninety_nine(view, chosen, actions)
    return None


def _crazy_eights_stuck(view: View, a: Action) -> Why:
    """No card in hand can be played: the rule leaves the draw (3.1, 3.4), taking a 2's cards
    (7.1) or the pass (3.4: nothing can be drawn, or the turn's draws are used up)."""
    if a.kind == DRAW:
        debt = int(view.get("debt") or 0)
        return Why("no_two", total=debt) if debt else Why("no_match")
    if not view.get("can_draw"):
        return Why("nothing_to_draw")
    return Why("drew_enough", count=int(view.get("draws") or 0))


def _crazy_eights(view: View, a: Action, legal: list[Action]) -> Why | None:
    if a.kind != PLAY:
        return None  # a draw or pass where a card could be played: ``normal`` draws only when it must
    seat: int = view["seat"]
    plays = [x for x in legal if x.kind == PLAY]
    wild = wild_ranks(view)
    if not is_wild(a.card, wild) and len({x.card for x in plays}) == 1:  # 3.2: the one card that can go
        return Why("only_match", card=card_str(a.card))  # (a wild card's reason is the suit it names)
    counts = view["hand_counts"]
    status = view["status"]
    opponents = [s for s in range(view["players"]) if s != seat and status[s]["in_hand"]]
    held = suit_lengths(hand_codes(view), wild)
    ordinary = [x for x in plays if not is_wild(x.card, wild)]
    if is_wild(a.card, wild) and len(view["hand"]) == 1:  # 5.1: it goes out, whatever it names
        return Why("wild_out", card=card_str(a.card))
    if is_wild(a.card, wild):
        close = [s for s in opponents if counts[s] == 1]
        if ordinary and close and not view["options"].get("countdown"):
            return Why("shed_wild", seat=close[0], card=card_str(a.card))
        if not ordinary and a.suit >= 0 and held[a.suit] == max(held) > 1:
            return Why("wild_longest", suit="SHDC"[a.suit], count=held.count(max(held)))
        follows = seat_to_follow(view, seat, a.card)
        drew_on = view.get("drew_on")
        if not ordinary and a.suit >= 0 and drew_on and follows is not None and "SHDC"[a.suit] in drew_on[follows]:
            return Why("wild_next_lacks", seat=follows, suit="SHDC"[a.suit])  # ``normal`` names it for that
        if not ordinary and a.suit >= 0 and held[a.suit] == sum(held) == 1 and len(view["hand"]) == 2:
            return Why("wild_last", suit="SHDC"[a.suit])
        if not ordinary and a.suit >= 0 and held[a.suit] == max(held) == 1:  # no suit held twice
            return Why("wild_held", suit="SHDC"[a.suit], count=held.count(1))
        return None
    others = [x for x in ordinary if x.card != a.card]
    rank, suit = RANK[a.card], SUIT[a.card]
    nxt = next_seat(view, seat)
    specials = bool(view["options"].get("specials"))

    def special() -> Why:
        if rank == TWO:  # 7.1: the debt passed on, two more
            return Why("special_draw", seat=nxt, card=card_str(a.card), count=counts[nxt],
                       total=int(view.get("debt") or 0) + 2)
        # 7.3: an ace with two seats acts as a Q
        kind = "special_skip" if rank == QUEEN or view["players"] == 2 else "special_reverse"
        return Why(kind, seat=nxt, card=card_str(a.card), count=counts[nxt])

    away = rank != ACE or ace_turns_away(view, seat)  # 7.3: an ace turns play to the seat before
    if specials and nxt != seat and counts[nxt] <= 2 and rank in SPECIAL_RANKS and away:
        return special()
    follows = seat_to_follow(view, seat, a.card)
    drew_on = view.get("drew_on")
    lacks = set(drew_on[follows]) if drew_on and follows is not None else set()
    if "SHDC"[suit] in lacks and any("SHDC"[SUIT[x.card]] not in lacks for x in others):
        return Why("next_lacks", seat=follows, suit="SHDC"[suit])
    danger = [s for s in opponents if counts[s] <= 2]
    if danger and not view["options"].get("countdown") and POINTS[a.card] >= 10 \
            and any(POINTS[x.card] < POINTS[a.card] for x in others):
        closest = min(danger, key=lambda s: counts[s])
        return Why("shed_points", seat=closest, card=card_str(a.card), count=counts[closest], total=POINTS[a.card])
    # a 2's two cards, a Q's lost turn: worth giving the next seat however many it holds (7.1,
    # 7.2), where another card that can be played would not
    if specials and nxt != seat and rank in (TWO, QUEEN) and any(RANK[x.card] != rank for x in others):
        return special()
    if held[suit] == max(held) > 1 and any(held[SUIT[x.card]] < held[suit] for x in others):
        return Why("longest", suit="SHDC"[suit], count=held.count(max(held)))
    apart = [x for x in others if SUIT[x.card] != suit]
    if held[suit] > 1 and apart and all(held[SUIT[x.card]] < held[suit] for x in apart):
        return Why("longer", suit="SHDC"[suit])  # held most of the suits that can be followed now
    alike = [x for x in others if held[SUIT[x.card]] == held[suit]]
    points = [POINTS[x.card] for x in alike]
    if points and max(points) <= POINTS[a.card] and min(points) < POINTS[a.card] and not view["options"].get("countdown"):
        heavy = sorted({card_str(x.card) for x in alike if POINTS[x.card] == POINTS[a.card]} - {card_str(a.card)})
        return Why("heavier", card=card_str(a.card), total=POINTS[a.card], also=heavy[0] if heavy else None)
    # a wild card kept is so of every plain card played: said after what sets this one apart
    wilds = [x for x in plays if is_wild(x.card, wild)]
    if wilds:
        return Why("keeps_wild", card=card_str(wilds[0].card))
    # last: every card that can be played (wild cards aside, none held) leaves as many of its
    # suit, would cost as many points kept and does the same to the next seat (7)
    countdown = bool(view["options"].get("countdown"))

    def part(x: Action) -> tuple[int, int, int]:
        """The suit it leaves, the points it would cost kept, what it does to the next seat."""
        r = RANK[x.card]
        effect = r if specials and r in SPECIAL_RANKS else -1
        return held[SUIT[x.card]], 0 if countdown else POINTS[x.card], effect

    if others and all(part(x) == part(a) for x in others):
        return Why("ce_alike", total=None if countdown else POINTS[a.card], count=len({x.card for x in ordinary}))
    return None


def _ninety_eight(view: View, a: Action, legal: list[Action]) -> Why | None:
    seat: int = view["seat"]
    rules = rules_for(view["options"])
    total: int = view["total"]
    rank = RANK[a.card]
    nxt = seat_after(view, seat, rules, rank)
    side = side_seats(view, seat)
    t2 = rules.after(total, a)
    made = {rules.after(total, x) for x in legal}  # the totals the moves make
    if nxt not in side and in_hand_count(view) > 1:
        q = unseen_safe(view, rules)
        cards = view["hand_counts"]

        def squeeze(x: Action) -> float:
            """The chance that the seat after ``x`` has no safe card; 0 for a partner or oneself."""
            after = seat_after(view, seat, rules, RANK[x.card])
            if after in side:
                return 0.0
            return no_safe_chance(q, rules.limit - rules.after(total, x), cards[after])

        def tenths(t: int) -> int:
            """In tenths, 1 to 10, the share of the unseen cards that would go over from ``t``."""
            return tenths_of(1 - q[rules.limit - t])

        chance = squeeze(a)
        # said where it sets the move apart: another move leaves the next seat clearly more room;
        # as the share of the unseen cards that would take the total over from there (a fact
        # of the cards, where the chance is an estimate that takes the hands as random)
        if chance >= SQUEEZE and any(chance - squeeze(x) >= SQUEEZE_APART for x in legal if x != a):
            return Why("squeeze", seat=nxt, total=t2, count=tenths(t2))
        other = [x for x in legal if x.card == a.card and x.value is not None and x.value != a.value]
        if a.value is not None and other:  # an ace's or a ten's value: the total it aims for
            t_other = rules.after(total, other[0])
            if q[rules.limit - t2] <= q[rules.limit - t_other] - 0.1:
                return Why("value_total", seat=nxt, total=t2, count=t_other)
        # the total where the most of the unseen cards go over, clearly more than at any other
        # total a move could make
        totals = made - {t2}
        if totals and all(q[rules.limit - tx] - q[rules.limit - t2] >= TIGHTEST_APART for tx in totals):
            return Why("tightest", seat=nxt, total=t2, count=tenths(t2))
    if rank == ACE and a.value == 1 and any(x.card == a.card and x.value == 11 for x in legal):
        return Why("ace_low", total=rules.limit)
    values = rules.values
    if total < rules.limit // 2 and values[rank] is not None and (values[rank] or 0) >= 8 \
            and any((values[RANK[x.card]] or 0) < (values[rank] or 0) for x in legal if RANK[x.card] != KING):
        return Why("shed_high")
    # the highest card of plain value goes while the total is low: the low ones stay for later
    plain = [(values[RANK[x.card]] or 0, x.card) for x in legal if values[RANK[x.card]] is not None]
    aces = [x for x in legal if RANK[x.card] == ACE]
    if total < rules.limit // 2 and values[rank] is not None and plain and (values[rank] or 0) == max(plain)[0] \
            and min(plain)[0] < (values[rank] or 0) and not aces:
        # (an ace, 1 or 11, is both the lowest card and maybe the highest: nothing said)
        return Why("keeps_low", card=card_str(min(plain)[1]), total=rules.limit)
    # the escape kept (8): after the reasons that set this card apart from the others kept
    # too, since every other plain card would keep it as well
    escapes = [x for x in legal if RANK[x.card] in (KING, TEN) and x.card != a.card]
    if rank not in (KING, TEN) and escapes:
        return Why("keeps_escape", card=card_str(escapes[0].card))
    # the cards kept can be played at more of the totals near the limit than another play's
    # (``normal``'s judgement of the hand it keeps)
    hand = hand_codes(view)

    def near(x: Action) -> int:
        kept = list(hand)
        kept.remove(x.card)
        return sum(safe_near_limit(rules, [RANK[c] for c in kept]))

    room = {x.card: near(x) for x in legal}
    if room[a.card] == max(room.values()) > min(room.values()):
        return Why("ne_room", total=rules.limit)
    # last, once the total will be high when the turn comes round again (the others adding
    # ``ROUND_ADDS`` each): the move that adds least, the most room left under the limit
    if total + ROUND_ADDS * max(in_hand_count(view) - 1, 1) >= rules.limit // 2 and t2 == min(made) < max(made):
        return Why("adds_least", total=rules.limit)
    # two left: a card that skips would bring the turn straight back at the same total, where
    # this one passes it on
    if nxt != seat and nxt not in side:
        back = [x for x in legal if rules.after(total, x) == t2 and seat_after(view, seat, rules, RANK[x.card]) == seat]
        if back:
            return Why("passes_on", seat=nxt, card=card_str(back[0].card), total=t2)
    # an ace kept, which can add just 1 near the limit (``normal`` keeps one a little)
    if rank != ACE and aces:
        return Why("keeps_ace", card=card_str(aces[0].card), total=rules.limit)
    # the card of least plain value kept for nearer the limit, where this one adds more
    # (``normal``'s judgement of the hand it keeps, at the totals ``NEAR_LIMIT`` leaves out)
    if values[rank] is not None and plain and min(plain)[0] < (values[rank] or 0):
        return Why("keeps_lowest", card=card_str(min(plain)[1]), total=rules.limit)
    # every move to the one total, passing the turn to a seat that holds as many cards, none
    # of them spending a King or ten that another would keep: any would do
    if len(made) == 1 and not any(RANK[x.card] in (KING, TEN) for x in legal):
        after = {seat_after(view, seat, rules, RANK[x.card]) for x in legal}
        if len({view["hand_counts"][s] for s in after}) == 1 and len({s in side for s in after}) == 1:
            return Why("ne_same", total=t2, count=total)
    return None


def _ninety_nine(view: View, a: Action, legal: list[Action]) -> Why | None:
    """The chips a play costs or wins (3.3), against the other plays."""
    plays = [x for x in legal if x.kind == PLAY]
    if a.kind != PLAY:
        return None
    total: int = view["total"]

    def result(x: Action) -> tuple[int, int, int]:
        t = nn_after(total, RANK[x.card], x.value)
        mine, others = outcome(total, t)
        return t, mine, others

    results = {(x.card, x.value): result(x) for x in plays}  # (new total, chips mine, chips others')
    t, mine, others = results[a.card, a.value]
    # the chips depend on the total made alone: two kings, or a K and a Q, are one choice
    costs = [r[1] for r in results.values() if r[0] != t]
    if not costs:
        # every card that can be played does the same, and leaves a hand that can do as much:
        # one rank, or Qs and Ks (2: each +10, nothing more), played with one value
        alike = {(KING if RANK[x.card] == QUEEN else RANK[x.card], x.value) for x in plays}
        if len(plays) < 2:
            return None
        if len(alike) == 1:
            return Why("nn_same", total=t, count=mine)
        # a J among them skips a seat, a 4 turns play round: the total, and so the chips, alike
        return Why("nn_total", total=t, count=mine)
    if others and not mine:  # 3.3: a landing, or 99
        return Why("nn_lands", total=t, count=others)
    if not mine and all(costs):  # the one play that costs nothing
        return Why("nn_clear", total=t, count=total)
    if mine and all(c > mine for c in costs):  # the one play that costs least
        return Why("nn_least", total=t, count=mine)
    if mine and all(c == mine for c in costs):  # the same chips whatever is played: no play saves them
        return Why("nn_alike", total=t, count=mine)
    if mine:  # some cost as much, none less: among the cheapest
        return Why("nn_fewest", total=t, count=mine) if all(c >= mine for c in costs) else None
    seat: int = view["seat"]
    counts = view["hand_counts"]
    nxt = nn_seat_after(view, seat, RANK[a.card])
    tables = unseen_tables(view)

    def landing(tx: int) -> float:
        """The share of the unseen cards that let the seat to play next land on 33, 66 or 99."""
        return tables.p99[tx] + tables.pland[tx] if tx < 99 else 0.0

    if nxt != seat and t < 99 and not counts[nxt] and any(
            nn_seat_after(view, seat, RANK[x.card]) != nxt for x in plays if not results[x.card, x.value][1]):
        # its draw forgotten (manual draw), that seat holds no card: the turn passed to it ends
        # the round and costs it 3 chips (5.3), where another play that costs nothing would not
        return Why("nn_no_card", seat=nxt, total=t, count=no_card_loss(view, nxt))
    shares: dict[int, float] = {}
    worst, other, also = t, None, None
    # (a seat holding no card, its draw forgotten under the manual draw, cannot play: it loses 3
    # chips as its turn comes, 5.3, whatever the unseen cards; nothing is said of them)
    if nxt != seat and t < 99 and counts[nxt] > 0:
        # the other plays that cost nothing and pass the turn to a seat holding as many cards
        # (a 4 or a J may pass it to another; the unseen cards are the same for every seat):
        # the least share of the unseen cards that let it land, and clearly less than where
        # one of them would leave the total
        def alike_next(x: Action) -> bool:
            to = nn_seat_after(view, seat, RANK[x.card])
            return to != seat and counts[to] == counts[nxt]

        # each total a play that costs nothing makes, and the seat it passes the turn to (of
        # plays to one total, one that passes it to the seat this play does, if any)
        free: dict[int, int] = {}
        for x in plays:
            tx, cost, _ = results[x.card, x.value]
            if not cost and alike_next(x) and free.get(tx) != nxt:
                free[tx] = nn_seat_after(view, seat, RANK[x.card])
        shares = {tx: landing(tx) for tx in free}
        worst = max(shares, key=lambda tx: (shares[tx], -tx))
        other = free[worst] if free[worst] != nxt else None
        # another free total as good on this count (an ace's other value, say): named, so that
        # the reason does not read as setting this play above it
        as_good = sorted(tx for tx in shares if tx != t and abs(shares[tx] - shares[t]) < 1e-9)
        also = str(as_good[0]) if as_good else None
        if shares[t] == min(shares.values()) and shares[worst] - shares[t] >= LANDING_APART:
            return Why("nn_next", seat=nxt, total=t, count=worst, other=other, also=also)
        # the most of the unseen cards cost that seat chips however it plays them, clearly more
        # than where another of those plays would leave the total
        costly = {tx: tables.pbad[tx] for tx in free if tx < 99}
        if costly[t] >= COSTLY and costly[t] == max(costly.values()) \
                and costly[t] - min(costly.values()) >= COSTLY_APART:
            return Why("nn_costly", seat=nxt, total=t, count=tenths_of(costly[t]))
    rank = RANK[a.card]
    # a 2 is a dodge only from an even total over 49, where it halves (2)
    dodgers = DODGERS if t >= 50 else tuple(r for r in DODGERS if r != TWO)
    kept = _kept_dodger(plays, rank, dodgers[:-len(SMALL_DODGERS)])
    if kept is not None:
        return Why("nn_keeps", card=kept, total=t)
    # the cards kept still go without cost at more of the totals a little higher up than
    # another play's would (``normal``'s ``safety``)
    hand = hand_codes(view)
    room = {key: _free_ahead(tx, hand, key[0]) for key, (tx, m, _) in results.items() if not m and tx < 99}
    if t < 99 and room[a.card, a.value] == max(room.values()) > min(room.values()):
        return Why("nn_room", total=t)
    # last, the small steps that come up to a mark without passing it (a 4, an ace as 1)
    kept = _kept_dodger(plays, rank, dodgers)
    if kept is not None:
        return Why("nn_keeps", card=kept, total=t)
    # no unseen card lets that seat land, where one of the other plays would leave it some
    if shares and shares[t] == 0 < shares[worst]:
        return Why("nn_next", seat=nxt, total=t, count=worst, other=other, also=also)
    # nothing at stake among the plays that cost nothing: at no total one of them makes can any
    # unseen card land the seat to play next on a mark or 99 (``count``: the totals that cost)
    if t < 99 and all(tx < 99 and not landing(tx) for tx, cost, _ in results.values() if not cost):
        return Why("nn_calm", total=t, count=sum(1 for _, cost, _ in set(results.values()) if cost))
    return None


def tenths_of(share: float) -> int:
    """A share in tenths, 1 to 10, a half rounded up: the shares are sums of floats, which may
    fall a hair either side of a half (and Python 3.12 sums floats more exactly than 3.11), so
    the rounding must not turn on the last bit."""
    return max(1, min(10, int(share * 10 + 0.5 + 1e-9)))


def _kept_dodger(plays: list[Action], rank: int, dodgers: tuple[int, ...]) -> str | None:
    """The most useful of ``dodgers`` held, where it is of more use than the card played
    (of ``rank``), which keeps it."""
    kept = sorted((x for x in plays if RANK[x.card] in dodgers), key=lambda x: dodgers.index(RANK[x.card]))
    if kept and dodgers.index(RANK[kept[0].card]) < (dodgers.index(rank) if rank in dodgers else len(dodgers)):
        return card_str(kept[0].card)
    return None


def _free_ahead(t: int, hand: list[int], played: int) -> int:
    """Of the totals ``normal``'s ``safety`` looks at from ``t`` (``t`` and up to 15 above it),
    at how many the cards kept after playing ``played`` hold one that costs nothing (3.3)."""
    kept = list(hand)
    kept.remove(played)
    ranks = [RANK[c] for c in kept]
    return sum(free_at(t2, ranks) for t2 in totals_ahead(t))
