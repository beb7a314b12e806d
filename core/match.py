"""The generic match: seats, direction, the cut, dealing, stock and reshuffle, views,
snapshots and the apply/legal_actions surface. Each game subclasses it with its rules only."""
from __future__ import annotations

import json
from typing import Any, ClassVar, Iterable

from .actions import Action, PLAY, as_action
from .cards import CARD_STR, RANK, RANKS, full_deck, parse_card
from .errors import IllegalAction, quoted
from .events import Event
from .keyed_random import copy_random, match_random, random_from_state, random_state
from .options import GameInfo, OptionValue, deck_count
from .whole import whole_number

#: state attributes every match serialises; games add their own in ``STATE``
BASE_STATE: tuple[str, ...] = (
    "players", "options", "dealer", "hand_number", "direction", "current", "hands", "stock",
    "pile", "cleared", "aside", "in_hand", "out", "out_at", "winners", "cut", "version",
)
#: fields of ``BASE_STATE`` added after snapshots were first kept, as ``Match.STATE_ADDED``
BASE_ADDED: dict[str, Any] = {"out_at": None}


def check_whole(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> None:
    """A restored field that must be a whole number in ``lo..hi``: ``ValueError`` if not."""
    if not whole_number(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f" from {lo}" if lo is not None else ""
        span += f" to {hi}" if hi is not None else ""
        raise ValueError(f"{name} must be a whole number{span}, got {quoted(value)}")


def check_wholes(name: str, value: Any, length: int | None = None, lo: int | None = None,
                 hi: int | None = None) -> None:
    """A restored field that must be a list (of ``length``) of whole numbers in ``lo..hi``."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{name} must be a list of {length if length is not None else 'whole'} numbers, got {quoted(value)}")
    for v in value:
        check_whole(f"each of {name}", v, lo, hi)


class Match:
    """One match of one game. Subclasses implement ``_start``, ``_legal`` and ``_play``."""

    game: ClassVar[str] = ""
    info: ClassVar[GameInfo]
    STATE: ClassVar[tuple[str, ...]] = ()
    #: fields of ``STATE`` added after snapshots were first kept: a snapshot without one gets
    #: this value (then ``_check_state`` fixes its shape), so older saves still restore
    STATE_ADDED: ClassVar[dict[str, Any]] = {}
    _registry: ClassVar[dict[str, type["Match"]]] = {}

    players: int
    options: dict[str, OptionValue]
    dealer: int
    hand_number: int
    direction: int
    current: int | None
    hands: list[list[int]]
    stock: list[int]  # top of the stock is the last element
    pile: list[int]  # top of the discard pile is the last element
    cleared: list[int]  # cleared piles, face down; they join the next reshuffle
    aside: list[int]  # hands set aside until the next deal
    in_hand: list[bool]
    out: list[bool]
    winners: list[int]
    cut: list[list[int | None]]
    version: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game:
            Match._registry[cls.game] = cls

    # ----------------------------------------------------------------- creation
    def __init__(self, players: int, options: dict[str, OptionValue], seed: int | None = None,
                 deck: list[str] | None = None, dealer: int | None = None) -> None:
        self.players = players
        self.options = dict(options)
        self._rng = match_random(seed)
        self.dealer = 0
        self.hand_number = 0
        self.direction = 1
        self.current = None
        self.hands = [[] for _ in range(players)]
        self.stock = []
        self.pile = []
        self.cleared = []
        self.aside = []
        self.in_hand = [True] * players
        self.out = [False] * players
        #: per seat, the match's version at the move that put it out of the match (None: in):
        #: its place among those out, which a seat's status says to any app come in later
        self.out_at: list[int | None] = [None] * players
        self.winners = []
        self.cut = []
        self.version = 0
        self._cache: dict[int, list[Action]] = {}
        self._setup()
        problem = self.info.deal_problem(players, self.options)
        if problem:
            raise ValueError(problem)
        self.stock = self.full_deck()  # every card starts in the stock, for the first gather
        self._first_deck: list[int] | None = None
        if deck is not None:
            self._first_deck = self._check_deck(deck)
        if dealer is not None:
            if not whole_number(dealer) or not 0 <= dealer < players:
                raise ValueError(f"dealer must be a seat from 0 to {players - 1}, got {quoted(dealer)}")
        self.start_events: list[Event] = []
        if dealer is None:
            dealer = self._cut_for_dealer(self.start_events)
        self._start(dealer, self.start_events)

    def _check_deck(self, deck: list[str]) -> list[int]:
        if not isinstance(deck, (list, tuple)):
            raise ValueError("deck must be a list of card strings")
        try:
            codes = [parse_card(c) for c in deck]
        except (ValueError, AttributeError) as e:
            raise ValueError(f"deck: {e}") from None
        if sorted(codes) != sorted(self.full_deck()):
            raise ValueError(f"deck must be a permutation of the game's {len(self.full_deck())} cards")
        return codes

    def _setup(self) -> None:
        """Derive per-match constants from the options (also run on restore)."""

    def _check_state(self) -> None:
        """A restored match's own fields (``STATE``) in range; ``ValueError`` naming the field."""

    def decks(self) -> int:
        return deck_count(self.players, self.options.get("decks", "auto"))

    def full_deck(self) -> list[int]:
        return full_deck(self.decks(), bool(self.options.get("jokers", False)))

    # ------------------------------------------------------------- generic steps
    def _cut_for_dealer(self, events: list[Event]) -> int:
        """Highest rank deals (ace high); ties cut again among themselves."""
        contenders = list(range(self.players))
        while True:
            deck = list(range(52))
            self._rng.shuffle(deck)
            shown: list[int | None] = [None] * self.players
            for i, seat in enumerate(contenders):
                shown[seat] = RANK[deck[i]]
            self.cut.append(shown)
            events.append(Event("cut", None, {"ranks": [None if r is None else RANKS[r] for r in shown]}))
            high = max((r - 1) % 13 for r in shown if r is not None)  # ace (0) ranks highest
            contenders = [s for s in contenders if (shown[s] - 1) % 13 == high]  # type: ignore[operator]
            if len(contenders) == 1:
                return contenders[0]

    def _gather(self) -> list[int]:
        """Every card back from hands, stock, pile and set-aside cards."""
        cards: list[int] = []
        for h in self.hands:
            cards += h
            h.clear()
        cards += self.stock + self.pile + self.cleared + self.aside
        self.stock, self.pile, self.cleared, self.aside = [], [], [], []
        return cards

    def _deal(self, sizes: list[int], events: list[Event]) -> None:
        """Deal one card at a time from the seat after the dealer until each seat has its size."""
        cards = self._gather()
        if self._first_deck is not None:
            order, self._first_deck = self._first_deck, None
        else:
            order = sorted(cards)
            self._rng.shuffle(order)
        pos = 0
        n = self.players
        want = list(sizes)
        seat = self.dealer
        remaining = sum(want)
        while remaining:
            seat = (seat + 1) % n
            if len(self.hands[seat]) < want[seat]:
                self.hands[seat].append(order[pos])
                pos += 1
                remaining -= 1
        self.stock = order[pos:][::-1]
        events.append(Event("deal", self.dealer, {"hand": self.hand_number, "sizes": list(sizes)}))
        for s in range(n):
            if sizes[s]:
                events.append(Event("hand", s, {"count": len(self.hands[s])},
                                    {"cards": [CARD_STR[c] for c in self.hands[s]]}))

    def _can_reshuffle(self) -> bool:
        return True

    def _reshuffle(self, events: list[Event]) -> bool:
        cards = self.pile[:-1] + self.cleared
        if not cards or not self._can_reshuffle():
            return False
        self.pile = self.pile[-1:]
        self.cleared = []
        cards.sort()
        self._rng.shuffle(cards)
        self.stock = cards
        events.append(Event("reshuffle", None, {"stock": len(cards)}))
        return True

    def _draw(self, seat: int, count: int, events: list[Event]) -> list[int]:
        """Draw up to ``count`` cards, reshuffling when the stock runs out."""
        got: list[int] = []
        for _ in range(count):
            if not self.stock and not self._reshuffle(events):
                break
            got.append(self.stock.pop())
        if got:
            self.hands[seat] += got
            events.append(Event("draw", seat, {"count": len(got)},
                                {"cards": [CARD_STR[c] for c in got]}))
        return got

    def _next(self, seat: int) -> int:
        """Next seat in the current direction that is in the hand (``seat`` if none other is)."""
        n = self.players
        d = self.direction
        in_hand = self.in_hand
        for _ in range(n):
            seat = (seat + d) % n
            if in_hand[seat]:
                return seat
        return seat

    def _reverse_play(self, seat: int, events: list[Event]) -> int:
        """Turn the direction of play round after ``seat``'s card: the seat that plays next. The
        event says whether that is the seat that would have played anyway (``same_next``: two
        seats in the hand, where a reverse changes nothing)."""
        was = self._next(seat)
        self.direction = -self.direction
        nxt = self._next(seat)
        events.append(Event("reverse", seat, {"direction": self.direction, "same_next": nxt == was}))
        return nxt

    def _next_in_match(self, seat: int) -> int:
        """Next seat clockwise still in the match: where the deal passes."""
        n = self.players
        for _ in range(n):
            seat = (seat + 1) % n
            if not self.out[seat]:
                return seat
        return seat

    def _set_aside(self, seat: int) -> None:
        self.aside += self.hands[seat]
        self.hands[seat] = []

    def _finish(self, winners: list[int], events: list[Event]) -> None:
        self.winners = sorted(winners)
        self.current = None
        events.append(Event("match_over", None, {"winners": list(self.winners)}))

    # ------------------------------------------------------------- game hooks
    def _start(self, dealer: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _play(self, action: Action, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _status(self, seat: int) -> dict[str, Any]:
        return {}

    def _view(self, seat: int | None, view: dict[str, Any]) -> None:
        """Add the game's public state to a view."""

    # ------------------------------------------------------------- the contract
    @property
    def current_seat(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.current is None

    @property
    def top(self) -> str | None:
        return CARD_STR[self.pile[-1]] if self.pile else None

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def total(self) -> int | None:
        return None

    @property
    def suit(self) -> str | None:
        return None

    def hand(self, seat: int) -> list[str]:
        self._check_seat(seat)
        return [CARD_STR[c] for c in self.hands[seat]]

    def _check_seat(self, seat: Any) -> int:
        if not whole_number(seat) or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {seat!r} at a table of {self.players}")
        return seat

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current
            if seat is None:
                return []
        else:
            self._check_seat(seat)
        cached = self._cache.get(seat)
        if cached is None:
            cached = self._cache[seat] = [] if self.current is None else self._legal(seat)
        return cached

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        if self.current is None:
            raise IllegalAction("the match is over")
        if seat is None:
            seat = self.current
        else:
            self._check_seat(seat)
        a = as_action(action)
        legal = self._cache.get(seat)
        if legal is None:
            legal = self.legal_actions(seat)
        if a not in legal:
            a = self._resolve(a, legal, seat)
        events: list[Event] = []
        self._cache = {}
        self.version += 1
        self._play(a, seat, events)
        return events

    def _resolve(self, a: Action, legal: list[Action], seat: int) -> Action:
        """Accept a card without its value when only one value is legal (``AS`` for ``AS+1``).
        What it refuses is said to people (a player's refused move, ``dealmein replay``): seats
        numbered from 1, as everything else they read numbers them."""
        if a.kind == PLAY and a.value is None:
            matches = [b for b in legal if b.card == a.card and b.suit == a.suit and b.announce == a.announce]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                raise IllegalAction(f"{a} needs a value: {' or '.join(str(b) for b in matches)}")
        if not legal:
            raise IllegalAction(f"seat {seat + 1} has nothing to do now")
        raise IllegalAction(f"{a} is not legal for seat {seat + 1} now")

    def status(self, seat: int) -> dict[str, Any]:
        self._check_seat(seat)
        return self._seat_status(seat)

    def _seat_status(self, seat: int) -> dict[str, Any]:
        d: dict[str, Any] = {"in_hand": self.in_hand[seat], "out": self.out[seat]}
        out_at = self.out_at[seat]
        if self.out[seat] and out_at is not None:
            d["out_at"] = out_at
        d.update(self._status(seat))
        return d

    def _put_out(self, seat: int, events: list[Event]) -> None:
        """``seat`` is out of the match from this move on (the event says so)."""
        self.out[seat] = True
        self.out_at[seat] = self.version
        events.append(Event("out", seat, {}))

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), as plain values."""
        if seat is not None:
            self._check_seat(seat)
        v = self._public_view()
        self._seat_view(seat, v)
        return v

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view(seat)`` for each of ``seats``, equal to it key for key and in the same order.

        What every seat may see is built once, and the views share those values (lists and
        dicts): they are for sending, so read them and do not change them.
        """
        wanted = list(dict.fromkeys(seats))
        for seat in wanted:
            if seat is not None:
                self._check_seat(seat)
        public = self._public_view()
        out: dict[int | None, dict[str, Any]] = {}
        for seat in wanted:
            v = public.copy()  # keeps the key order: the seat's own keys are overwritten in place
            self._seat_view(seat, v)
            out[seat] = v
        return out

    def _public_view(self) -> dict[str, Any]:
        """A spectator's view without the game's part: the keys every view has, in order."""
        cut = self.cut
        return {
            "game": self.game,
            "players": self.players,
            "seat": None,
            "options": dict(self.options),
            "version": self.version,
            "hand": [],
            "hand_counts": [len(h) for h in self.hands],
            "pile": [CARD_STR[c] for c in self.pile],
            "top": self.top,
            "stock_count": len(self.stock),
            "direction": self.direction,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "current_seat": self.current,
            "status": [self._seat_status(s) for s in range(self.players)],
            "is_over": self.is_over,
            "winners": list(self.winners),
            "cut": [[None if r is None else RANKS[r] for r in row] for row in cut] if cut else [],
            "legal": [],
            "total": self.total,
            "suit": self.suit,
        }

    def _seat_view(self, seat: int | None, v: dict[str, Any]) -> None:
        """Fill in what only ``seat`` may see, then the game's part of the view."""
        if seat is not None:
            v["seat"] = seat
            v["hand"] = [CARD_STR[c] for c in self.hands[seat]]
            legal = self._cache.get(seat)  # ``legal_actions`` without checking the seat again
            if legal is None:
                legal = self._cache[seat] = [] if self.current is None else self._legal(seat)
            v["legal"] = [str(a) for a in legal]
        self._view(seat, v)

    # ------------------------------------------------------------- snapshots
    def _state(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in BASE_STATE + self.STATE}
        d["game"] = self.game
        d["first_deck"] = self._first_deck
        d["rng"] = random_state(self._rng)
        return d

    def snapshot(self) -> bytes:
        return json.dumps(self._state(), sort_keys=True, separators=(",", ":")).encode()

    @classmethod
    def restore(cls, data: bytes) -> "Match":
        try:
            state = json.loads(data)
        except json.JSONDecodeError as e:  # its words ("Unterminated string starting at: ...") say nothing to a player
            raise ValueError(f"not a match snapshot: its text is cut short or changed (at character {e.pos})") from None
        except UnicodeDecodeError as e:
            raise ValueError(f"not a match snapshot: its text is cut short or changed (at byte {e.start})") from None
        except (ValueError, TypeError) as e:
            raise ValueError(f"not a match snapshot: {e}") from None
        except RecursionError:
            raise ValueError("not a match snapshot: nested too deep") from None
        try:
            klass = Match._registry[state["game"]]
        except (KeyError, TypeError) as e:
            raise ValueError(f"not a match snapshot: {e}") from None
        m = klass.__new__(klass)
        added = {**BASE_ADDED, **klass.STATE_ADDED}
        try:
            for k in BASE_STATE + klass.STATE:
                setattr(m, k, state[k] if k in state or k not in added else added[k])
            m._first_deck = state["first_deck"]
            m._rng = random_from_state(state["rng"])
        except KeyError as e:
            raise ValueError(f"not a match snapshot: no {e.args[0]!r}") from None
        except (ValueError, TypeError, OverflowError) as e:  # OverflowError: a generator state past its words
            raise ValueError(f"not a match snapshot: {e}") from None
        m._cache = {}
        m.start_events = []
        try:
            m._check_restored()
        except ValueError as e:
            raise ValueError(f"not a match snapshot: {e}") from None
        except Exception as e:  # state of the right names and the wrong shape: say what broke
            raise ValueError(f"not a match snapshot: inconsistent state ({type(e).__name__}: {e})") from None
        return m

    def _check_restored(self) -> None:
        """A snapshot read from a file may hold anything: the options must be the game's, the
        seats and cards in range with every card of the decks exactly once, and the match must
        show every seat its view and take a move (on a copy). ``ValueError`` names the fault."""
        n = self.players
        if not whole_number(n):
            raise ValueError(f"players must be a whole number, got {n!r}")
        if not isinstance(self.options, dict) or self.info.resolve(n, None, self.options) != self.options:
            raise ValueError(f"options are not {self.game}'s for {n} seats: {self.options!r}")
        self._setup()
        check_whole("dealer", self.dealer, 0, n - 1)
        if self.current is not None:
            check_whole("current", self.current, 0, n - 1)
        if self.direction not in (1, -1) or isinstance(self.direction, bool):
            raise ValueError(f"direction must be 1 or -1, got {self.direction!r}")
        check_whole("hand_number", self.hand_number, 0)
        check_whole("version", self.version, 0)
        for name in ("in_hand", "out"):
            flags = getattr(self, name)
            if not isinstance(flags, list) or len(flags) != n or not all(isinstance(f, bool) for f in flags):
                raise ValueError(f"{name} must be {n} true or false values")
        if self.out_at is None:  # a snapshot from before the field: the places are not known
            self.out_at = [None] * n
        if not isinstance(self.out_at, list) or len(self.out_at) != n or not all(
                v is None or whole_number(v) and 0 <= v <= self.version for v in self.out_at):
            raise ValueError(f"out_at must be {n} versions of the match so far or nothing")
        check_wholes("winners", self.winners, None, 0, n - 1)
        if not isinstance(self.hands, list) or len(self.hands) != n:
            raise ValueError(f"hands must be {n} lists of cards")
        piles = [*self.hands, self.stock, self.pile, self.cleared, self.aside]
        if not all(isinstance(p, list) and all(whole_number(c) for c in p) for p in piles):
            raise ValueError("hands, stock, pile, cleared and aside must be lists of cards")
        deck = sorted(self.full_deck())
        if sorted(c for p in piles for c in p) != deck:
            raise ValueError(f"the hands, stock, pile, cleared and aside must hold the decks' {len(deck)} cards, "
                             "no more and no fewer")
        first = self._first_deck
        if first is not None and (not isinstance(first, list) or not all(whole_number(c) for c in first)
                                  or sorted(first) != deck):
            raise ValueError(f"first_deck must be the decks' {len(deck)} cards in some order, or null")
        self._check_state()
        for seat in [*range(n), None]:
            self.view(seat)
            if seat is not None:
                self.legal_actions(seat)
        trial = self.clone()
        seat = trial.current_seat
        if seat is not None and not trial.is_over:
            legal = trial.legal_actions(seat)
            if not legal:
                raise ValueError(f"seat {seat + 1} is to play and has no legal action")
            trial.apply(legal[0], seat)
        self._cache = {}

    def clone(self) -> "Match":
        """An independent copy, cheaper than a snapshot round trip: for search."""
        m = self.__class__.__new__(self.__class__)
        m.__dict__.update(self.__dict__)
        for k in BASE_STATE + self.STATE:
            v = getattr(self, k)
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            setattr(m, k, v)
        m._rng = copy_random(self._rng)
        m._cache = {}
        return m

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.players} seats, hand {self.hand_number}, seat {self.current} to act>"
