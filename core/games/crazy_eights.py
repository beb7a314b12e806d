"""Crazy Eights (``../shared/rules/crazy-eights.md``): shed your hand by matching suit or rank.

The Countdown (section 6) and Special cards (section 7) variants are options of the same game.
"""
from __future__ import annotations

from typing import Any

from ..actions import DRAW, PASS, PLAY, Action
from ..cards import ACE, CARD_STR, JOKER, QUEEN, RANK, RANKS, SUIT, SUITS
from ..errors import IllegalAction
from ..events import Event
from ..match import Match, check_whole, check_wholes
from ..options import GameInfo, Option, OptionValue, Preset, decks_option

_EIGHT, _TWO = 7, 1  # rank indexes
_PENALTY_POINTS = 10  # 4.2
_NO_LIMIT = 1 << 30

_DRAW = Action(DRAW)
_PASS = Action(PASS)
#: per card code, the plays of an ordinary card / of a wild card (one per named suit),
#: without the announcement and then with both forms (4.1: both are listed while the rule is on)
_PLAIN = tuple((Action(PLAY, c),) for c in range(53))
_PLAIN_BOTH = tuple((Action(PLAY, c), Action(PLAY, c, None, -1, True)) for c in range(53))
_WILD = tuple(tuple(Action(PLAY, c, None, s) for s in range(4)) for c in range(53))
_WILD_BOTH = tuple(tuple(Action(PLAY, c, None, s, b) for b in (False, True) for s in range(4)) for c in range(53))
_TEXT = {a: str(a) for group in (*_PLAIN_BOTH, *_WILD_BOTH) for a in group}  # canonical strings, for events

#: _MATCH[follow + 1][rank + 1][card]: may that ordinary card follow (3.2)? follow -1 is a joker
#: starter (anything goes); rank -1 means the top card's rank does not count (a wild, 3.3)
_MATCH = tuple(
    tuple(
        tuple(f < 0 or (c != JOKER and (SUIT[c] == f or RANK[c] == r)) for c in range(53))
        for r in range(-1, 13))
    for f in range(-1, 4))
#: _WILD_FOR[rank][card]: is that card wild when ``rank`` is the wild rank (jokers always are)
_WILD_FOR = tuple(tuple(c == JOKER or RANK[c] == w for c in range(53)) for w in range(13))
_EIGHTS_WILD = _WILD_FOR[_EIGHT]
#: 5.2: eight 50, joker 50, K Q J T 10, A 1, 2..9 their face value
_POINTS = tuple(50 if c == JOKER or RANK[c] == _EIGHT else min(RANK[c] + 1, 10) for c in range(53))


#: how a play set the suit to follow (the view's ``leads``): the same suit again, another suit
#: by matching the rank (or on a joker starter, 2.2), a suit named with a wild card (3.3)
LEAD_HOW = ("followed", "changed", "named")
_FOLLOWED, _CHANGED, _NAMED = range(3)


def hand_points(cards: list[int]) -> int:
    """Penalty points of the cards left in a hand (5.2)."""
    return sum(_POINTS[c] for c in cards)


class CrazyEights(Match):
    """Shed every card by matching the top card's suit or rank, eights wild (the rules page's
    numbered sections, cited beside the code that plays them)."""

    game = "crazy-eights"
    STATE = ("follow", "top_rank", "draws", "passes", "debt", "scores", "counts", "drew_on", "leads")
    STATE_ADDED = {"leads": None}

    follow: int  # suit index to follow; -1 after a joker starter (any card)
    top_rank: int  # rank that matches the top card; -1 when a wild card is on top
    draws: int  # draws made in this turn (3.4)
    passes: int  # passes in a row while nothing can be drawn (3.6)
    debt: int  # cards the current seat must draw unless it plays a 2 (7.1)
    scores: list[int]  # match penalty points per seat (5.2, 4.2)
    counts: list[int]  # Countdown count per seat (6.1)
    drew_on: list[int]  # per seat, bits of the suits it was seen drawing on this hand (public)
    #: per seat, how its latest play of this hand set the suit to follow (public): -1 before it
    #: plays, else ``4 * how + suit``, ``how`` an index of ``LEAD_HOW``
    leads: list[int]

    def _check_state(self) -> None:
        n = self.players
        check_whole("follow", self.follow, -1, 3)
        check_whole("top_rank", self.top_rank, -1, 12)
        for name in ("draws", "passes", "debt"):
            check_whole(name, getattr(self, name), 0)
        check_wholes("scores", self.scores, n, 0)
        check_wholes("counts", self.counts, n, 1, 8)
        check_wholes("drew_on", self.drew_on, n, 0, 15)
        if self.leads is None:  # a snapshot from before the field: no plays seen
            self.leads = [-1] * n
        check_wholes("leads", self.leads, n, -1, 4 * len(LEAD_HOW) - 1)

    def _setup(self) -> None:
        o = self.options
        self._countdown = bool(o["countdown"])
        self._specials = bool(o["specials"])
        self._reshuffle_on = bool(o["reshuffle"])
        self._max_draws = _NO_LIMIT if o["max_draws"] == "unlimited" else int(o["max_draws"])
        self._target = int(o["target"])
        self._hand_size = _hand_size(self.players, o)
        rule = o["last_card"]
        self._announcing = rule != "off"
        # 6.4: countdown keeps no points, so the points penalty becomes draw two
        self._penalty = "off" if rule == "off" else ("draw2" if self._countdown else str(rule))
        self._plain = _PLAIN_BOTH if self._announcing else _PLAIN
        self._wild = _WILD_BOTH if self._announcing else _WILD
        self._dupes = self.decks() > 1 or bool(o["jokers"])

    def _can_reshuffle(self) -> bool:
        return self._reshuffle_on  # 3.5

    def _can_draw(self) -> bool:
        """Can a card be drawn now, from the stock or a reshuffle of the pile?"""
        return bool(self.stock) or (self._reshuffle_on and len(self.pile) > 1)

    def _wild_rank(self, seat: int) -> int:
        """Rank index wild for ``seat``: eights, or its count in Countdown (6.1; 1 is aces)."""
        return self.counts[seat] - 1 if self._countdown else _EIGHT

    def _next(self, seat: int) -> int:
        """Every seat plays every hand here, so the next seat is one step in the direction."""
        return (seat + self.direction) % self.players

    # ------------------------------------------------------------------ setup
    def _start(self, dealer: int, events: list[Event]) -> None:
        n = self.players
        self.scores = [0] * n
        self.counts = [8] * n
        self.dealer = dealer
        self._new_hand(events)

    def _new_hand(self, events: list[Event]) -> None:
        self.hand_number += 1
        self.direction = 1
        self.in_hand = [True] * self.players
        self.draws = self.passes = self.debt = 0
        self.drew_on = [0] * self.players
        self.leads = [-1] * self.players
        sizes = list(self.counts) if self._countdown else [self._hand_size] * self.players
        self._deal(sizes, events)
        # 2.1: the next stock card is the starter; 2.2: an eight or joker there is not wild,
        # and 7.4: it has no special effect
        starter = self.stock.pop()
        self.pile.append(starter)
        self.follow = SUIT[starter]
        # 2.2: an eight there asks for its suit or a wild card; its rank does not count, which
        # matters where eights are ordinary (countdown, 6.1): an eight of another suit is no answer
        self.top_rank = -1 if RANK[starter] == _EIGHT else RANK[starter]
        events.append(Event("starter", None, {"card": CARD_STR[starter], "suit": self.suit}))
        self.current = self._next(self.dealer)  # 2.3
        self._settle()

    # ------------------------------------------------------------------ rules
    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        hand = self.hands[seat]
        cards = dict.fromkeys(hand) if self._dupes else hand
        wild = _WILD_FOR[self.counts[seat] - 1] if self._countdown else _EIGHTS_WILD
        plain = self._plain
        wilds = self._wild
        out: list[Action] = []
        if self.debt:
            # 7.1: only a 2 (any suit) answers a debt, or draw takes it; 7.4: a wild 2 names a suit
            for c in cards:
                if RANK[c] == _TWO:
                    out += wilds[c] if wild[c] else plain[c]
            out.append(_DRAW)
            return out
        ok = _MATCH[self.follow + 1][self.top_rank + 1]
        for c in cards:
            if wild[c]:
                out += wilds[c]
            elif ok[c]:
                out += plain[c]
        # 3.4: draw while drawing is allowed and possible; pass only once it is not
        if self.draws < self._max_draws and (self.stock or (self._reshuffle_on and len(self.pile) > 1)):
            out.append(_DRAW)
        else:
            out.append(_PASS)
        return out

    def _resolve(self, a: Action, legal: list[Action], seat: int) -> Action:
        if a.kind == PLAY and a.suit < 0 and seat == self.current and any(
                b.card == a.card and b.suit >= 0 for b in legal):
            raise IllegalAction(f"{a} is wild: name a suit, e.g. {CARD_STR[a.card]}=S")
        return super()._resolve(a, legal, seat)

    def _play(self, action: Action, seat: int, events: list[Event]) -> None:
        kind = action.kind
        if kind == PLAY:
            self._play_card(action, seat, events)
        elif kind == DRAW:
            if self.debt:
                self._take_debt(seat, events)
            else:
                stock = self.stock
                if stock:  # the common draw, without the reshuffle bookkeeping
                    got = stock.pop()
                    self.hands[seat].append(got)
                    events.append(Event("draw", seat, {"count": 1}, {"cards": [CARD_STR[got]]}))
                else:
                    self._draw(seat, 1, events)
                self.draws += 1
                self.passes = 0
                if self.follow >= 0:
                    self.drew_on[seat] |= 1 << self.follow
                self._cache = {seat: self._legal(seat)}  # 3.4: the turn goes on
        else:
            self._pass(seat, events)

    def _pass(self, seat: int, events: list[Event]) -> None:
        blocked = not self._can_draw()
        # 3.6: only passes made while nothing can be drawn count towards a blocked hand
        self.passes = self.passes + 1 if blocked else 0
        events.append(Event("pass", seat, {"blocked": blocked}))
        if self.passes >= self.players:  # nobody leaves a hand early in this game
            self._end_hand(None, events)
            return
        self._move_on(self._next(seat))

    def _take_debt(self, seat: int, events: list[Event]) -> None:
        """7.1: draw the whole debt; that ends the turn."""
        debt = self.debt
        self.debt = 0
        got = self._draw(seat, debt, events)
        events.append(Event("debt_paid", seat, {"debt": debt, "drawn": len(got)}))
        self._move_on(self._next(seat))

    def _play_card(self, action: Action, seat: int, events: list[Event]) -> None:
        c = action.card
        hand = self.hands[seat]
        hand.remove(c)
        self.pile.append(c)
        rank = RANK[c]
        named = action.suit
        left = len(hand)
        events.append(Event("play", seat, {"card": CARD_STR[c], "action": _TEXT[action], "left": left}))
        before = self.follow
        if named >= 0:  # a wild card: the named suit, and its own rank does not match (3.3)
            self.leads[seat] = 4 * _NAMED + named
            self.follow = named
            self.top_rank = -1
            events.append(Event("suit", seat, {"suit": SUITS[named]}))
        else:
            self.leads[seat] = 4 * (_FOLLOWED if SUIT[c] == before else _CHANGED) + SUIT[c]
            self.follow = SUIT[c]
            self.top_rank = rank
            self.drew_on[seat] &= ~(1 << SUIT[c])
        self.passes = 0
        if self._announcing and (action.announce or left == 1):
            self._check_announcement(seat, left, action.announce, events)
        if left == 0:
            self._end_hand(seat, events)  # 5.1 (4.4: going out always goes out)
            return
        nxt = self._next(seat)
        if self._specials:
            if rank == _TWO:  # 7.1
                self.debt += 2
                events.append(Event("debt", nxt, {"debt": self.debt}))
            elif rank == QUEEN or (rank == ACE and self.players == 2):  # 7.2, 7.3
                events.append(Event("skip", nxt, {}))
                nxt = self._next(nxt)
            elif rank == ACE:  # 7.3
                self.direction = -self.direction
                events.append(Event("reverse", seat, {"direction": self.direction}))
                nxt = self._next(seat)
        self._move_on(nxt)

    def _check_announcement(self, seat: int, left: int, announced: bool, events: list[Event]) -> None:
        """4.1-4.4, checked automatically (4.3)."""
        if left == 1 and announced:
            data: dict[str, Any] = {"count": self.counts[seat]} if self._countdown else {}
            events.append(Event("last_card", seat, data))
            return
        if left == 1 or (announced and left > 1):
            reason = "no announcement" if left == 1 else "wrong announcement"
        elif announced and left == 0 and self._penalty == "points":
            reason = "announced going out"  # 4.4: only the points penalty applies here
        else:
            return
        if self._penalty == "points":
            self.scores[seat] += _PENALTY_POINTS
            events.append(Event("penalty", seat, {"reason": reason, "points": _PENALTY_POINTS,
                                                  "score": self.scores[seat]}))
        else:
            events.append(Event("penalty", seat, {"reason": reason, "draw": 2}))
            self._draw(seat, 2, events)

    def _move_on(self, seat: int) -> None:
        """A new turn (the same seat again after a skip with two seats)."""
        self.draws = 0
        self.current = seat
        self._cache = {seat: self._legal(seat)}

    def _settle(self) -> None:
        """Cache the legal list of the seat to act: every seat always has one (draw or pass)."""
        seat = self.current
        if seat is not None:
            self._cache = {seat: self._legal(seat)}

    # ------------------------------------------------------------------ scoring
    def _end_hand(self, winner: int | None, events: list[Event]) -> None:
        """5.1-5.3, or 3.6 when ``winner`` is None; 6.2-6.3 in Countdown."""
        n = self.players
        points = [hand_points(self.hands[s]) for s in range(n)]
        # the cards each seat is left with, shown as the hand is counted (5.2)
        data: dict[str, Any] = {"hand": self.hand_number, "winners": [] if winner is None else [winner],
                                "blocked": winner is None, "held": [[CARD_STR[c] for c in self.hands[s]] for s in range(n)]}
        if self._countdown:
            if winner is not None and self.counts[winner] == 1:  # 6.3
                events.append(Event("hand_over", winner, {**data, "counts": list(self.counts)}))
                self._finish([winner], events)
                return
            if winner is not None:
                self.counts[winner] -= 1  # 6.2
            events.append(Event("hand_over", winner, {**data, "counts": list(self.counts)}))
        else:
            for s in range(n):
                self.scores[s] += points[s]
            events.append(Event("hand_over", winner, {**data, "points": points, "scores": list(self.scores)}))
            if max(self.scores) >= self._target:  # 5.3
                best = min(self.scores)
                self._finish([s for s in range(n) if self.scores[s] == best], events)
                return
        self.dealer = self._next_in_match(self.dealer)
        self._new_hand(events)

    # ------------------------------------------------------------------ reading
    @property
    def suit(self) -> str | None:
        return SUITS[self.follow] if self.follow >= 0 else None

    def _status(self, seat: int) -> dict[str, Any]:
        d: dict[str, Any] = {"score": self.scores[seat]}
        if self._countdown:
            d["count"] = self.counts[seat]
        return d

    def _view(self, seat: int | None, view: dict[str, Any]) -> None:
        view["debt"] = self.debt
        view["draws"] = self.draws
        view["max_draws"] = self.options["max_draws"]
        view["can_draw"] = self._can_draw()
        view["blocked_passes"] = self.passes
        view["top_wild"] = self.top_rank < 0  # its rank does not match: a wild card (3.3), an eight starter (2.2)
        # suits each seat drew on while that suit was to follow, until it plays one: public
        view["drew_on"] = [[SUITS[x] for x in range(4) if bits >> x & 1] for bits in self.drew_on]
        # how each seat's latest play set the suit: followed it, changed it by rank, named it
        view["leads"] = [None if x < 0 else {"suit": SUITS[x % 4], "how": LEAD_HOW[x // 4]} for x in self.leads]
        view["target"] = None if self._countdown else self._target
        view["wild"] = (["JK"] if self.options["jokers"] else []) + (
            [RANKS[self._wild_rank(seat)]] if seat is not None else [])


def _hand_size(players: int, options: dict[str, OptionValue]) -> int:
    """1.3: the cards dealt to each seat outside Countdown."""
    size = options["hand_size"]
    return (7 if players == 2 else 5) if size == "auto" else int(size)


def _deal_size(players: int, options: dict[str, OptionValue]) -> int:
    """The cards the largest deal takes: each seat's hand (8, the starting count, in Countdown:
    6.1) and the starter (2.1)."""
    per_seat = 8 if options["countdown"] else _hand_size(players, options)
    return per_seat * players + 1


INFO = GameInfo(
    id="crazy-eights",
    name="Crazy Eights",
    min_players=2,
    max_players=8,
    summary="Shed your hand by matching the top card's suit or rank; eights are wild (in Countdown, the rank of your count).",
    options={o.name: o for o in (
        Option("hand_size", "int", "auto", "cards dealt: auto is 7 with two players, else 5",
               min=1, max=10, specials=("auto",), not_when=(("countdown", True),)),
        Option("max_draws", "int", "unlimited", "draws allowed in one turn before you may pass",
               min=1, max=10, specials=("unlimited",)),
        Option("reshuffle", "bool", True, "rebuild the stock from the discard pile when it runs out"),
        Option("last_card", "choice", "points", "forgetting \"last card!\" costs 10 points, two cards, or nothing",
               choices=("points", "draw2", "off")),
        Option("target", "int", 100, "the match ends when a seat reaches this score; lowest wins",
               min=10, max=1000, not_when=(("countdown", True),)),
        Option("jokers", "bool", False, "add two jokers per deck, wild like eights"),
        Option("countdown", "bool", False, "each seat counts down from 8; its count is its wild rank"),
        Option("specials", "bool", False, "2 makes the next seat draw two, Q skips, A reverses"),
        decks_option(),
    )},
    presets={p.name: p for p in (
        Preset("standard", "classic: eights wild, 100 points ends the match"),
        Preset("draw-one", "draw at most one card, then play or pass", {"max_draws": 1}),
        Preset("countdown", "go out eight times, on a shrinking hand and wild rank", {"countdown": True}),
        Preset("specials", "Mau-Mau: 2 draws two, Q skips, A reverses", {"specials": True}),
        Preset("jokers", "two jokers join the eights as wild cards", {"jokers": True}),
    )},
    factory=CrazyEights,
    deal_size=_deal_size,
)
CrazyEights.info = INFO
