"""Ninety-Nine (``../shared/rules/ninety-nine.md``): the 33 / 66 / 99 chip game.

Every card is always playable (2.2); the risk is in chips. A seat that loses its last chip is
out at once, mid-round included, and the match ends as soon as one seat has chips (4.2).

Manual draw (section 5). After a card is played and the round goes on, the seat that played
it holds an open chance to draw (``drawer``); ``legal_actions(drawer)`` is ``[draw]`` and
``apply("draw", seat=drawer)`` takes it, while the current seat's actions are its plays. The
chance closes when it is taken, when any card is played, or when the round ends.

**Decision** (the player's turn comes again before anyone else has played: a Jack with two
seats in the match): the chance stays open through that extra turn, since no other seat has
played a card and 5.1 ends it only then. The player may draw before playing again, so its
legal actions are its plays plus ``draw``; playing first forfeits the draw (5.2). A player who
emptied its hand with that Jack is therefore not caught by 5.3 while it can still draw: its
only action is ``draw``. 5.3 applies to a seat whose turn comes with no card and no open
chance of its own.

Reading of 4.1 with a Jack: the seat a Jack skips is found after the chips of that play are
lost, so a seat knocked out by the play is passed over and the next seat in the match misses
its turn (seats out of the match are skipped for everything, README).
"""
from __future__ import annotations

from typing import Any

from ..actions import DRAW, PLAY, Action
from ..cards import ACE, CARD_STR, JACK, RANK, TEN
from ..events import Event
from ..match import Match, check_whole, check_wholes
from ..options import GameInfo, Option, OptionValue, Preset, decks_option

_TWO, _FOUR = 1, 3  # rank indexes
_HAND = 3  # cards dealt to each seat (3.1)
MARKS = (33, 66)  # landing and passing marks (3.3)
TOP = 99
NO_CARD_CHIPS = 3  # lost by a seat whose turn comes as it holds no card (5.3)

#: value added by each rank with no choice; None marks the ace, the two and the ten
_ADD: tuple[int | None, ...] = (None, None, 3, 4, 5, 6, 7, 8, 0, None, 10, 10, 10)


def total_after(o: int, rank: int, value: int | None) -> int:
    """The total a card of ``rank`` (played as ``value``, an ace's or a ten's) makes from ``o``
    (2, 2.1: never below 0). The engine, the bots and the table's words all count with it."""
    if value is not None:
        return max(0, o + value)
    if rank == _TWO:  # halves an even total above 49, else doubles it
        return o // 2 if o > 49 and not o % 2 else o * 2
    return o + _ADD[rank]  # type: ignore[operator]


def chips(o: int, t: int) -> tuple[int, int]:
    """(chips the player loses, chips each other seat loses) for a play from ``o`` to ``t``
    (3.3, before 4.1 stops a seat at its last chip): what ``NinetyNine._score`` takes, in sum."""
    mine = others = 0
    if o < t:
        if t in MARKS:
            others += 1
        for mark in MARKS:
            if o < mark < t:
                mine += 1
    if t == TOP:
        others += 2
    elif t > TOP:
        mine += 2
    return mine, others


#: every action a card gives, precomputed: both values of an ace or a ten (2.2: all legal)
_ACTS: tuple[tuple[Action, ...], ...] = tuple(
    (Action(PLAY, c, 1), Action(PLAY, c, 11)) if RANK[c] == ACE
    else (Action(PLAY, c, 10), Action(PLAY, c, -10)) if RANK[c] == TEN
    else (Action(PLAY, c),)
    for c in range(52)
)
_DRAW = Action(DRAW)
_TEXT = {a: str(a) for acts in _ACTS for a in acts}  # canonical strings, for events


class NinetyNine(Match):
    """Land the running total on 33, 66 or 99 to cost the others chips; pass a mark and pay
    (the rules page's numbered sections, cited beside the code that plays them)."""

    game = "ninety-nine"
    STATE = ("total", "chips", "drawer", "plays")
    STATE_ADDED = {"plays": None}

    total: int = 0  # a plain attribute here, shadowing the base class's ``None`` property
    chips: list[int]  # per seat
    drawer: int | None  # the seat whose chance to draw is open (manual draw, 5.1)
    #: per seat, its plays of this round in order, each (card, chosen value, total before):
    #: public (everyone saw them), and what a reader of the table infers the rest of a hand
    #: from. Tuples, so that a copy of the match shares them.
    plays: list[tuple[tuple[int, int | None, int], ...]]

    def _setup(self) -> None:
        self._manual = self.options["draw"] == "manual"
        self._two_decks = self.decks() > 1

    def _check_state(self) -> None:
        check_whole("total", self.total, 0)
        check_wholes("chips", self.chips, self.players, 0)
        if self.drawer is not None:
            check_whole("drawer", self.drawer, 0, self.players - 1)
        if self.plays is None:  # a snapshot from before the field
            self.plays = [()] * self.players
        if not isinstance(self.plays, list) or len(self.plays) != self.players:
            raise ValueError(f"plays must be a list of {self.players} lists of plays")
        for i, seat_plays in enumerate(self.plays):
            if not isinstance(seat_plays, (list, tuple)):
                raise ValueError("each of plays must be a list of plays")
            kept = []
            for play in seat_plays:
                if not isinstance(play, (list, tuple)) or len(play) != 3:
                    raise ValueError("each play of plays must be [card, value, total before]")
                check_whole("the card of a play", play[0], 0, 51)
                if isinstance(play[1], bool) or not any(a.value == play[1] for a in _ACTS[play[0]]):
                    raise ValueError("the value of a play must be one its card allows (2)")
                check_whole("the total before a play", play[2], 0, TOP - 1)
                kept.append((play[0], play[1], play[2]))
            self.plays[i] = tuple(kept)

    # ------------------------------------------------------------------ rounds
    def _start(self, dealer: int, events: list[Event]) -> None:
        self.chips = [int(self.options["chips"])] * self.players
        self.plays = [()] * self.players
        self.total = 0
        self.drawer = None
        self.dealer = dealer
        self._new_round(events)

    def _new_round(self, events: list[Event]) -> None:
        """3.1: three cards each, total 0, clockwise, the seat after the dealer first."""
        self.hand_number += 1
        self.direction = 1
        self.plays = [()] * self.players
        self.total = 0
        self.drawer = None
        self.in_hand = [not o for o in self.out]
        self._deal([_HAND if self.in_hand[s] else 0 for s in range(self.players)], events)
        self.current = self._next(self.dealer)
        self._settle(events)

    def _end_round(self, reason: str, winner: int | None, events: list[Event]) -> None:
        """3.4: the deal passes clockwise to the next seat in the match; cards are gathered
        (by ``_deal``) and reshuffled."""
        self.drawer = None
        events.append(Event("round_over", winner, {"round": self.hand_number, "reason": reason,
                                                   "total": self.total}))
        self.dealer = self._next_in_match(self.dealer)
        self._new_round(events)

    def _alive(self) -> int:
        return self.players - sum(self.out)

    def _end_match(self, events: list[Event]) -> None:
        """1.3 / 4.2: the last seat with chips wins."""
        self.drawer = None
        self._finish([s for s in range(self.players) if not self.out[s]], events)

    def _draw(self, seat: int, count: int, events: list[Event]) -> list[int]:
        """A draw that reshuffles the pile into the stock (3.5) takes the plays of the cards
        that went with it out of the round's plays: the view shows the plays of cards on the
        pile, and a card reshuffled, drawn and played again brought its first play back. The
        card left on the pile is the last play, made by the seat drawing (3.2, 5.1)."""
        before = len(events)
        got = super()._draw(seat, count, events)
        if any(e.kind == "reshuffle" for e in events[before:]):
            self.plays = [p[-1:] if s == seat else () for s, p in enumerate(self.plays)]
        return got

    # ------------------------------------------------------------------ rules
    def _can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1 or bool(self.cleared)

    def _legal(self, seat: int) -> list[Action]:
        if seat == self.current:
            out: list[Action] = []
            # with two decks one action stands for either copy (engine contract)
            for c in dict.fromkeys(self.hands[seat]) if self._two_decks else self.hands[seat]:
                out += _ACTS[c]
            if seat == self.drawer:
                out.append(_DRAW)
            return out
        if seat == self.drawer:
            return [_DRAW]
        return []

    def _play(self, action: Action, seat: int, events: list[Event]) -> None:
        c = action.card
        if c < 0:  # the manual draw (5.1)
            self.drawer = None
            self._draw(seat, 1, events)
            cur: int = self.current  # type: ignore[assignment]
            self._cache = {cur: self._legal(cur)}
            return
        hand = self.hands[seat]
        hand.remove(c)
        self.pile.append(c)
        self.drawer = None  # 5.1: any card played ends an open chance to draw
        r = RANK[c]
        o = self.total
        v = action.value
        t = total_after(o, r, v)
        self.total = t
        self.plays[seat] += ((c, v, o),)
        events.append(Event("play", seat, {"card": CARD_STR[c], "action": _TEXT[action], "total": t}))
        if (t >= TOP or o < 33 <= t or o < 66 <= t) and self._score(seat, o, t, events):
            return
        if not self.out[seat]:
            if self._manual:
                if self._can_draw():
                    self.drawer = seat  # 5.1
            elif self.stock:  # 3.2, the common draw without the reshuffle bookkeeping
                got = self.stock.pop()
                hand.append(got)
                events.append(Event("draw", seat, {"count": 1}, {"cards": [CARD_STR[got]]}))
            else:
                self._draw(seat, 1, events)
        if r == _FOUR:
            nxt = self._reverse_play(seat, events)  # the card table: with two seats, nothing changes
        elif r == JACK:
            nxt = self._next(seat)
            events.append(Event("skip", nxt, {}))
            nxt = self._next(nxt)
        else:
            nxt = self._next(seat)
        self.current = nxt
        if self.hands[nxt] or nxt == self.drawer:
            self._cache = {nxt: self._legal(nxt)}
        else:
            self._settle(events)

    def _score(self, seat: int, o: int, t: int, events: list[Event]) -> bool:
        """3.3, in order, from ``o`` to ``t``; True when the play ended the round or the match.

        ``current`` becomes None the moment one seat is left with chips (4.2)."""
        if o < t:
            if t in MARKS:
                events.append(Event("landing", seat, {"mark": t}))
                self._others_lose(seat, 1, events)
            for mark in MARKS:
                if o < mark < t and self.current is not None:
                    events.append(Event("passing", seat, {"mark": mark}))
                    self._lose(seat, 1, events)
        if self.current is None:
            return True
        if t == TOP:
            events.append(Event("99", seat, {}))
            self._others_lose(seat, 2, events)
        elif t > TOP:
            events.append(Event("over", seat, {"total": t}))
            self._lose(seat, 2, events)
        if self.current is None:
            return True
        if t >= TOP:
            self._end_round("99" if t == TOP else "over", seat if t == TOP else None, events)
            return True
        return False

    def _settle(self, events: list[Event]) -> None:
        """The turn comes to ``current``: 5.3 if it holds no card and cannot draw, else cache
        its actions."""
        cur: int = self.current  # type: ignore[assignment]
        if not self.hands[cur] and cur != self.drawer:
            events.append(Event("no_cards", cur, {}))
            self._lose(cur, NO_CARD_CHIPS, events)
            if self.current is not None:
                self._end_round("no_cards", None, events)
            return
        self._cache = {cur: self._legal(cur)}

    def _others_lose(self, seat: int, n: int, events: list[Event]) -> None:
        """Every other seat in the match, clockwise from ``seat``, loses ``n`` chips."""
        players = self.players
        for i in range(1, players):
            s = (seat + i) % players
            if not self.out[s]:
                self._lose(s, n, events)
                if self.current is None:
                    return

    def _lose(self, seat: int, n: int, events: list[Event]) -> None:
        """4.1: chips go one by one; at 0 the seat is out at once with its hand set aside."""
        have = self.chips[seat]
        lost = min(n, have)
        if not lost:
            return
        left = have - lost
        self.chips[seat] = left
        events.append(Event("chips", seat, {"delta": -lost, "left": left}))
        if not left:
            self.in_hand[seat] = False
            self._set_aside(seat)
            if self.drawer == seat:
                self.drawer = None
            self._put_out(seat, events)
            if self._alive() <= 1:
                self._end_match(events)  # 4.2: at once

    # ------------------------------------------------------------------ reading
    def _status(self, seat: int) -> dict[str, Any]:
        return {"chips": self.chips[seat]}

    def _view(self, seat: int | None, view: dict[str, Any]) -> None:
        view["chips"] = list(self.chips)
        view["marks"] = [*MARKS, TOP]
        view["drawer"] = self.drawer
        view["draw"] = self.options["draw"]
        # each seat's plays of the round, from the first whose card is still on the pile: a
        # play reshuffled into the stock since is no longer shown, nor any before it
        pile = set(self.pile)
        shown: list[list[dict[str, Any]]] = []
        for seat_plays in self.plays:
            first = len(seat_plays)
            while first and seat_plays[first - 1][0] in pile:
                first -= 1
            shown.append([{"card": CARD_STR[c], "value": v, "from": o} for c, v, o in seat_plays[first:]])
        view["plays"] = shown


def _deal_size(players: int, options: dict[str, OptionValue]) -> int:
    """The cards a deal takes: each seat's three (3.1)."""
    return _HAND * players


INFO = GameInfo(
    id="ninety-nine",
    name="Ninety-Nine",
    min_players=2,
    max_players=8,
    summary="Land the running total on 33, 66 or 99 to cost the others chips; pass a mark and you pay.",
    deal_word="round",  # its rules, 3.4
    options={o.name: o for o in (
        Option("chips", "int", 9, "chips (lives) each seat starts with", min=1, max=99),
        Option("draw", "choice", "auto", "manual: drawing after a play is your job; forget it and play on short",
               choices=("auto", "manual")),
        decks_option(),
    )},
    presets={p.name: p for p in (
        Preset("standard", "nine chips each, drawing is automatic"),
        Preset("manual-draw", "draw after each play yourself, or play on with fewer cards", {"draw": "manual"}),
        Preset("quick", "three chips each: a short match", {"chips": 3}),
    )},
    factory=NinetyNine,
    deal_size=_deal_size,
)
NinetyNine.info = INFO
