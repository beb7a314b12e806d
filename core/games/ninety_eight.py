"""Ninety-Eight (``../shared/rules/ninety-eight.md``): keep the running total at or under the limit."""
from __future__ import annotations

from typing import Any

from ..actions import PLAY, Action
from ..cards import ACE, CARD_STR, JACK, KING, RANK
from ..events import Event
from ..match import Match, check_whole, check_wholes
from ..options import GameInfo, Option, OptionValue, Preset, decks_option

_PLAIN = [Action(PLAY, c) for c in range(53)]
_VALUED = {(c, v): Action(PLAY, c, v) for c in range(52) for v in (1, 11, 10, -10)}
_TEXT = {a: str(a) for a in (*_PLAIN, *_VALUED.values())}  # canonical strings, for events
_THREE, _FOUR = 2, 3  # rank indexes
#: what each rank adds to the total where no option changes it (2): None for an ace or a ten,
#: whose value the player chooses, and a King, which sets the total to the limit
_FACE: tuple[int | None, ...] = (None, 2, 3, 4, 5, 6, 7, 8, 9, None, 10, 10, None)


def turn_effect(rank: int, options: dict[str, Any]) -> str | None:
    """What a card of ``rank`` (a rank index, ace 0) does to the turn under ``options`` (7):
    "skip" for a 3 or a Jack that skips, "reverse" for a 4 that reverses; None for the rest.
    The bots and the app's hints read it here, so that they never disagree with the game."""
    if rank == _THREE and options.get("threes") == "skip" or rank == JACK and options.get("jacks") == "skip":
        return "skip"
    if rank == _FOUR and options.get("fours") == "reverse":
        return "reverse"
    return None


def card_values(options: dict[str, Any]) -> list[int | None]:
    """What a card of each rank (ace first) adds to the total under ``options`` (2, 7): a card
    that skips or reverses adds nothing; None where the value is chosen or is the limit's."""
    return [0 if turn_effect(rank, options) is not None else face for rank, face in enumerate(_FACE)]


class NinetyEight(Match):
    """Keep the running total at or under the limit: a seat that cannot is out of the hand, and
    pays a penalty or chips as the scoring says (the rules page's numbered sections, cited
    beside the code that plays them)."""

    game = "ninety-eight"
    STATE = ("total", "unit_of", "penalties", "chips", "pot", "eliminated")

    total: int = 0  # a plain attribute here, shadowing the base class's ``None`` property
    unit_of: list[int]  # seat -> unit (the seat itself, or its team)
    penalties: list[int]  # per unit
    chips: list[int]  # per unit
    pot: int
    eliminated: list[int]  # units eliminated in this hand, in order

    def _setup(self) -> None:
        o = self.options
        self._limit = int(o["limit"])
        self._hand_size = int(o["hand_size"])
        # value added by each rank when it has no choice; None marks a choice or a King
        self._values = values = card_values(o)
        # per card code, what it needs of the room left under the limit to be legal: a King
        # needs none (it always sets the total to the limit), an ace or a ten is None (a choice)
        self._needs: list[int | None] = [0 if RANK[c] == KING else values[RANK[c]] for c in range(52)]
        self._skips = {r for r in range(13) if turn_effect(r, o) == "skip"}
        self._reverse = turn_effect(_FOUR, o) == "reverse"
        self._two_decks = self.decks() > 1

    def _check_state(self) -> None:
        n = self.players
        check_whole("total", self.total)
        check_wholes("unit_of", self.unit_of, n, 0, n - 1)
        units = max(self.unit_of) + 1
        check_wholes("penalties", self.penalties, units, 0)
        check_wholes("chips", self.chips, units, 0)
        check_whole("pot", self.pot, 0)
        check_wholes("eliminated", self.eliminated, None, 0, units - 1)

    # ------------------------------------------------------------------ setup
    def _start(self, dealer: int, events: list[Event]) -> None:
        n = self.players
        self.unit_of = _units(n, self.options)
        units = max(self.unit_of) + 1
        self.penalties = [0] * units
        self.chips = [int(self.options["chips"])] * units if self.options["scoring"] == "stakes" else [0] * units
        self.pot = 0
        self.eliminated = []
        self.total = 0
        self.dealer = dealer
        self._new_hand(events)

    def _seats_of(self, unit: int) -> list[int]:
        return [s for s in range(self.players) if self.unit_of[s] == unit]

    def _new_hand(self, events: list[Event]) -> None:
        self.hand_number += 1
        self.direction = 1
        self.total = 0
        self.eliminated = []
        self.in_hand = [not o for o in self.out]
        if self.options["scoring"] == "stakes":
            ante = int(self.options["ante"])
            for u in sorted({self.unit_of[s] for s in range(self.players) if not self.out[s]}):
                paid = min(ante, self.chips[u])
                self.chips[u] -= paid
                self.pot += paid
                if paid:
                    events.append(Event("ante", self._seats_of(u)[0], {"chips": paid, "pot": self.pot}))
        self._deal([self._hand_size if self.in_hand[s] else 0 for s in range(self.players)], events)
        self.current = self._next(self.dealer)
        self._settle(events)

    # ------------------------------------------------------------------ rules
    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        room = self._limit - self.total
        needs = self._needs
        hand = self.hands[seat]
        out: list[Action] = []
        # with two decks one action stands for either copy (engine contract)
        for c in dict.fromkeys(hand) if self._two_decks else hand:
            need = needs[c]
            if need is not None:
                if need <= room:
                    out.append(_PLAIN[c])
            elif RANK[c] == ACE:
                if room >= 1:
                    out.append(_VALUED[c, 1])
                    if room >= 11:
                        out.append(_VALUED[c, 11])
            else:  # a ten: -10 is always legal (2.1: the total stops at 0)
                if room >= 10:
                    out.append(_VALUED[c, 10])
                out.append(_VALUED[c, -10])
        return out

    def _play(self, action: Action, seat: int, events: list[Event]) -> None:
        c = action.card
        hand = self.hands[seat]
        hand.remove(c)
        self.pile.append(c)
        r = RANK[c]
        if r == KING:
            total = self._limit
        elif action.value is not None:
            total = self.total + action.value
            if total < 0:
                total = 0
        else:
            total = self.total + self._values[r]  # type: ignore[operator]
        self.total = total
        events.append(Event("play", seat, {"card": CARD_STR[c], "action": _TEXT[action], "total": total}))
        stock = self.stock
        if stock:  # the common draw of 4.2, without the reshuffle bookkeeping
            got = stock.pop()
            hand.append(got)
            events.append(Event("draw", seat, {"count": 1}, {"cards": [CARD_STR[got]]}))
        else:
            self._draw(seat, 1, events)
        if r == _FOUR and self._reverse:
            nxt = self._reverse_play(seat, events)  # 7.1: with two seats in the hand, the same seat next
        elif r in self._skips:
            nxt = self._next(seat)
            events.append(Event("skip", nxt, {}))
            nxt = self._next(nxt)
        else:
            nxt = self._next(seat)
        self.current = nxt
        legal = self._legal(nxt)
        if legal:
            self._cache = {nxt: legal}
        else:
            self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Eliminate every seat that starts its turn with no legal play (4.3)."""
        while self.current is not None:
            legal = self._legal(self.current)
            if legal:
                self._cache = {self.current: legal}
                return
            self._eliminate(self.current, events)

    def _eliminate(self, seat: int, events: list[Event]) -> None:
        unit = self.unit_of[seat]
        seats = self._seats_of(unit)
        going = [s for s in seats if self.in_hand[s]]
        for s in going:  # hands set aside in seat order, as match logs made before replay them
            self.in_hand[s] = False
            self._set_aside(s)
        for s in sorted(going, key=lambda s: s != seat):  # 7.2: the seat that could not play told first
            events.append(Event("eliminated", s, {"total": self.total}))
        self.eliminated.append(unit)
        if self.options["scoring"] == "penalties":
            self.penalties[unit] += 1
            events.append(Event("penalty", seat, {"penalties": self.penalties[unit],
                                                  "lives": int(self.options["lives"]) - self.penalties[unit]}))
            if self.penalties[unit] >= int(self.options["lives"]):
                for s in seats:
                    self._put_out(s, events)
        # 5.1: total back to 0, the pile set aside face down to join the next reshuffle
        self.total = 0
        self.cleared += self.pile
        self.pile = []
        events.append(Event("reset", None, {"total": 0}))
        left = {self.unit_of[s] for s in range(self.players) if self.in_hand[s]}
        if len(left) <= 1:
            self._end_hand(left.pop() if left else unit, events)
        else:
            self.current = self._next(seat)

    def _end_hand(self, winner: int, events: list[Event]) -> None:
        seats = self._seats_of(winner)
        events.append(Event("hand_over", seats[0], {"winners": seats, "hand": self.hand_number}))
        scoring = self.options["scoring"]
        if scoring == "single":
            self._finish(seats, events)
            return
        if scoring == "stakes":
            played = {self.unit_of[s] for s in range(self.players) if not self.out[s]}
            for u in self.eliminated:
                pay = min(1, self.chips[u])
                self.chips[u] -= pay
                self.chips[winner] += pay
                if pay:
                    events.append(Event("chips", self._seats_of(u)[0],
                                        {"to": seats[0], "chips": pay, "left": self.chips[u]}))
            for s in range(self.players):
                if not self.out[s] and self.chips[self.unit_of[s]] == 0:
                    self._put_out(s, events)
            alive = {self.unit_of[s] for s in range(self.players) if not self.out[s]}
            if len(alive) <= 1 or self.hand_number >= int(self.options["hands"]):
                # nobody left with chips: the seats of this hand tie, not those out before it
                self._settle_stakes(alive or played, events)
                return
        else:
            alive = {self.unit_of[s] for s in range(self.players) if not self.out[s]}
            if len(alive) <= 1:
                self._finish(self._seats_of(alive.pop()), events)
                return
        self.dealer = self._next_in_match(self.dealer)
        self._new_hand(events)

    def _settle_stakes(self, alive: set[int], events: list[Event]) -> None:
        """Most chips among ``alive`` wins and takes the pot; a tie splits it (6.3 Decision)."""
        best = max(self.chips[u] for u in alive)
        tied = [u for u in sorted(alive) if self.chips[u] == best]
        share, left = divmod(self.pot, len(tied))
        for u in tied:
            self.chips[u] += share
        order = []
        seat = self.dealer
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.unit_of[seat] in tied and self.unit_of[seat] not in order:
                order.append(self.unit_of[seat])
        self.chips[order[0]] += left
        events.append(Event("pot", None, {"pot": self.pot, "to": [self._seats_of(u)[0] for u in tied]}))
        self.pot = 0
        self._finish([s for u in tied for s in self._seats_of(u)], events)

    # ------------------------------------------------------------------ reading
    def _status(self, seat: int) -> dict[str, Any]:
        u = self.unit_of[seat]
        scoring = self.options["scoring"]
        if scoring == "penalties":
            return {"penalties": self.penalties[u], "lives": int(self.options["lives"]) - self.penalties[u]}
        if scoring == "stakes":
            return {"chips": self.chips[u]}
        return {}

    def _view(self, seat: int | None, view: dict[str, Any]) -> None:
        view["limit"] = self._limit
        view["teams"] = _grouped(self.unit_of) if self.options["teams"] == "pairs" else None
        view["pot"] = self.pot
        view["scoring"] = self.options["scoring"]


def _units(players: int, options: dict[str, OptionValue]) -> list[int]:
    """Each seat's side (7.2): partners sit opposite, seat i with seat i + players / 2."""
    return [s % (players // 2) for s in range(players)] if options["teams"] == "pairs" else list(range(players))


def _grouped(units: list[int]) -> list[list[int]]:
    """Each side's seats, sides in order: the teams as the view gives them."""
    return [[s for s, unit in enumerate(units) if unit == u] for u in range(max(units) + 1)]


def _team_seats(players: int, options: dict[str, OptionValue]) -> list[list[int]] | None:
    return _grouped(_units(players, options)) if options["teams"] == "pairs" else None


def _deal_size(players: int, options: dict[str, OptionValue]) -> int:
    """The cards a deal takes: each seat's hand (3.1)."""
    return int(options["hand_size"]) * players


def _check(players: int, options: dict[str, OptionValue]) -> str | None:
    if options["teams"] == "pairs" and (players % 2 or players < 4):
        return f"option 'teams': pairs needs an even number of seats, at least 4 (not {players})"
    return None


INFO = GameInfo(
    id="ninety-eight",
    name="Ninety-Eight",
    min_players=2,
    max_players=8,
    summary="Play one card at a time onto a running total; whoever cannot keep it within the limit (98 by default) is out.",
    options={o.name: o for o in (
        Option("limit", "int", 98, "the limit; a King sets the total to it", min=20, max=999),
        Option("hand_size", "int", 4, "cards in hand", min=3, max=7),
        Option("fours", "choice", "add", "reverse: a 4 adds 0 and reverses the direction", choices=("add", "reverse")),
        Option("threes", "choice", "add", "skip: a 3 adds 0 and the next seat misses its turn", choices=("add", "skip")),
        Option("jacks", "choice", "add", "skip: a J adds 0 and the next seat misses its turn", choices=("add", "skip")),
        Option("teams", "choice", "off", "pairs: partners sit opposite and share their lives", choices=("off", "pairs")),
        Option("scoring", "choice", "penalties", "penalties with lives, a single hand, or stakes with chips",
               choices=("penalties", "single", "stakes")),
        Option("lives", "int", 3, "penalties that put a seat out of the match", min=1, max=99,
               only_when=(("scoring", "penalties"),)),
        Option("chips", "int", 10, "stakes: chips each seat starts with", min=1, max=999,
               only_when=(("scoring", "stakes"),)),
        Option("ante", "int", 1, "stakes: chips each seat antes before a hand", min=0, max=99,
               only_when=(("scoring", "stakes"),)),
        Option("hands", "int", 10, "stakes: hands in the match at most", min=1, max=999,
               only_when=(("scoring", "stakes"),)),
        decks_option(),
    )},
    presets={p.name: p for p in (
        Preset("standard", "98, four cards, three lives"),
        Preset("ninety-nine", "limit 99, fours reverse, threes skip; not the game Ninety-Nine", {"limit": 99, "fours": "reverse", "threes": "skip"}),
        Preset("teams", "partners opposite share their lives", {"teams": "pairs"}),
        Preset("reverse-fours", "a 4 adds nothing and reverses play", {"fours": "reverse"}),
        Preset("jumping-jacks", "a Jack adds nothing and skips the next seat", {"jacks": "skip"}),
        Preset("fast", "limit 50: a one-minute filler", {"limit": 50}),
        Preset("five-card", "five cards in hand, good for two", {"hand_size": 5}),
        Preset("single-hand", "one hand, last one standing wins", {"scoring": "single"}),
        Preset("stakes", "chips: those out pay the hand's winner; the richest takes the pot", {"scoring": "stakes"}),
    )},
    factory=NinetyEight,
    check=_check,
    team_seats=_team_seats,
    deal_size=_deal_size,
)
NinetyEight.info = INFO
