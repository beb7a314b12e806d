"""What the player may do with each card, read from a view's ``legal`` list, and why a card
that cannot be played cannot. Works on any game through the engine's action notation; the only
game knowledge here is in the explanations of illegal cards."""
from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len

from core.cards import RANKS
from core.games.ninety_eight import card_values, turn_effect
from core.whole import whole_number
from net.seatnames import and_list

from .cardface import card_label, suit_label
from .plain import cut
from .seatmarks import turn_of

_PLAY = re.compile(r"^(JK|[A2-9TJQK][SHDC])([+-]\d+)?(?:=([SHDC]))?(!?)$")


def my_turn(view: dict[str, Any]) -> bool:
    """It is this seat's turn in ``view`` (a match in play; never a watcher's)."""
    return not view.get("is_over") and view.get("seat") is not None and view.get("current_seat") == view.get("seat")


def play_order(view: dict[str, Any]) -> list[int]:
    """The seats still in the hand after the one to play, in the direction of play, as the
    turns pass with no card that skips or reverses."""
    current, status = view.get("current_seat"), view.get("status") or []
    step = -1 if view.get("direction", 1) == -1 else 1
    if not whole_number(current) or not 0 <= current < len(status):
        return []
    seats = [(current + step * k) % len(status) for k in range(1, len(status))]
    return [s for s in seats if isinstance(status[s], dict) and status[s].get("in_hand", True) and not status[s].get("out")]


def own_status(view: dict[str, Any]) -> dict[str, Any]:
    """This seat's status in ``view`` (lives, chips, in the hand, out...); empty for a watcher."""
    seat, status = view.get("seat"), view.get("status") or []
    mine = status[seat] if isinstance(seat, int) and 0 <= seat < len(status) else {}
    return match_status(view, seat, mine) if isinstance(mine, dict) and isinstance(seat, int) else {}


#: what a seat that holds fewer chips than it owes pays (ninety-nine 4.1, ninety-eight 6.3)
ALL_THEY_HAVE = " (or all they have)"


def single_hand(view: dict[str, Any]) -> bool:
    """Ninety-Eight's single-hand scoring (6.1): the match is one hand."""
    return (view.get("options") or {}).get("scoring") == "single"


def match_status(view: dict[str, Any], seat: int, status: dict[str, Any]) -> dict[str, Any]:
    """``status`` as the match stands: under Ninety-Eight's single-hand scoring the match is
    one hand (6.1), so a seat out of it (with teams, its partner with it, 7.2) is out of the
    match, with no next deal to sit out until; once it is over, every seat but its winners is."""
    if not single_hand(view) or status.get("out"):
        return status
    gone = seat not in (view.get("winners") or []) if view.get("is_over") else status.get("in_hand") is False
    return {**status, "out": True} if gone else status


def parse_play(action: str) -> tuple[str, int | None, str | None, bool] | None:
    """``(card, value, named suit, announced)`` of a play, or ``None`` for draw/pass."""
    m = _PLAY.match(action)
    if not m:
        return None
    card, value, suit, bang = m.groups()
    return card, (int(value) if value else None), suit, bool(bang)


def plays_for(view: dict[str, Any], card: str, announce: bool = False) -> list[str]:
    """The legal actions that play ``card``, with or without the "last card!" announcement."""
    out = []
    for action in view.get("legal") or []:
        p = parse_play(action)
        if p and p[0] == card and p[3] == announce:
            out.append(action)
    return out


def playable(view: dict[str, Any], card: str) -> bool:
    return any((p := parse_play(a)) and p[0] == card for a in view.get("legal") or [])


def can(view: dict[str, Any], word: str) -> bool:
    return word in (view.get("legal") or [])


def manual_draw(view: dict[str, Any]) -> bool:
    """Ninety-Nine's manual draw (5.1): drawing after a play is the player's own job."""
    return view.get("game") == "ninety-nine" and (view.get("options") or {}).get("draw") == "manual"


def offered(view: dict[str, Any]) -> frozenset[str]:
    """What the game at this table ever lets a player do besides playing a card: ``draw``
    (Crazy Eights; Ninety-Nine's manual draw), ``pass`` (Crazy Eights, 3.4) and ``last card``
    (Crazy Eights' announcement, unless the table turned it off). The key bar and Help show
    only these."""
    game = view.get("game")
    options = view.get("options") or {}
    out: set[str] = set()
    if game == "crazy-eights":
        out.update(("draw", "pass"))
        if options.get("last_card", "points") != "off":
            out.add("last card")
    elif manual_draw(view):
        out.add("draw")
    if can(view, "draw"):
        out.add("draw")
    return frozenset(out)


#: the table's keys of moves only some games have: each binding's action, and what ``offered``
#: calls its move
GAME_KEYS = {"draw": "draw", "pass_turn": "pass", "last_card": "last card"}


def choice_label(action: str, style: str = "two-colour", total: int | None = None) -> str:
    """What distinguishes one of several plays of the same card: ``+11``, ``-10``, ``♥ hearts``;
    with the running ``total``, where each takes it: ``-10 (to 0)``, since the total never
    goes below 0 (ninety-eight and ninety-nine 2.1)."""
    p = parse_play(action)
    if p is None:
        return action
    _, value, suit, _ = p
    parts = []
    if value is not None:
        parts.append(f"{value:+d}" if total is None else f"{value:+d} (to {max(0, total + value)})")
    if suit is not None:
        parts.append(suit_label(suit, style))
    return " ".join(parts) or card_label(p[0], style)


def ninety_eight_turn(rank: str, options: dict[str, Any]) -> str | None:
    """What a card of ``rank`` ("3", "J") does to the turn under the table's ``options``, as
    the game says (``core.games.ninety_eight.turn_effect``); None for a rank it does not know."""
    return turn_effect(RANKS.index(rank), options) if len(rank) == 1 and rank in RANKS else None


def ninety_eight_adds(rank: str, options: dict[str, Any]) -> int | None:
    """What a card of ``rank`` adds to the Ninety-Eight total under the table's ``options``,
    as the game says (``core.games.ninety_eight.card_values``); None for an ace or a ten,
    whose value is chosen, a King, which sets the total to the limit, and a joker."""
    return card_values(options)[RANKS.index(rank)] if len(rank) == 1 and rank in RANKS else None


def why_not(view: dict[str, Any], card: str, names: list[str], style: str = "two-colour") -> str:
    """A sentence saying why ``card`` cannot be played now."""
    seat = view.get("seat")
    current = view.get("current_seat")
    label = card_label(card, style)
    if view.get("is_over"):
        return "The match is over."
    if seat is None:
        return "You are watching."
    if current != seat:
        who = names[current] if current is not None and current < len(names) else "another player"
        if "draw" in (view.get("legal") or []):  # ninety-nine 5.1: the chance lasts until that seat plays
            return f"Your chance to draw lasts until {who} plays."
        return f"Wait: it is {turn_of(who)}."
    legal = view.get("legal") or []
    if view.get("debt"):
        return f"{label} does not answer the {view['debt']}-card penalty: play a 2 or draw."
    total, limit = view.get("total"), view.get("limit")
    if isinstance(total, int) and isinstance(limit, int):
        rank = card[0]
        adds = ninety_eight_adds(rank, view.get("options") or {})
        if rank == "A":
            return f"{label} would take the total from {total} to {total + 1} even as 1, over {limit}."
        if adds is not None:
            return f"{label} would take the total from {total} to {total + adds}, over {limit}."
    suit, top = view.get("suit"), view.get("top")
    if suit or top:
        want = []
        if suit:
            want.append(suit_label(suit, style))
        wild = view.get("wild") or []
        named = bool(suit and top and top != "JK" and top[1] != suit)
        # a card played as a wild (its own or another seat's wild rank, 6.5) asks only for its suit
        by_rank = top[0] if (top and top != "JK" and not named and not view.get("top_wild")
                             and top[0] not in wild) else None
        if by_rank is not None:
            rank = "10" if by_rank == "T" else by_rank
            want.append(("an " if rank in ("A", "8") else "a ") + rank)
        # said only of a card that matches neither (one that does is held back otherwise: below)
        if want and card != "JK" and card[1] != suit and card[0] != by_rank:
            if len(want) == 1:
                return f"{label} does not match {want[0]}."
            return f"{label} matches neither {' nor '.join(want)}."
    if legal and all(parse_play(a) is None for a in legal):  # the hint line adds the keys
        return f"{label} cannot be played now: you can only {' or '.join(legal)}."
    return f"{label} is not a legal play now."


def unplayable_line(label: str, why: str, others: list[str], moves: list[str], width: int) -> str:
    """The line above the hand on a card that cannot be played (``label``), in ``width`` cells:
    ``why`` (``why_not``), the cards that can be played (``others``, as labels) and the keys of
    the turn's other moves ("Space draws"). The cards are always there, said shorter where their
    list does not fit ("5♠ K♠ 7♠", "5♠ and 2 more", "3 others"): left out, the line read as if
    the turn could only draw. The keys go when the shortest of those does not fit beside them,
    and the reason last; with no card to play, the keys stay longest (they are the turn)."""
    tail = f" {', '.join(moves)}." if moves else ""
    if not others:
        candidates = [why + tail, f"{label} cannot be played.{tail}", f"No card plays.{tail}", why]
    else:
        n, why = len(others), why.rstrip(".")
        named = [and_list(others), " ".join(others)]
        named += [f"{' '.join(others[:k])} and {n - k} more" for k in range(n - 2, 0, -1)]
        named += [f"{n} other cards", f"{n} others"] if n > 1 else []
        named = [cards for i, cards in enumerate(named) if all(cell_len(cards) < cell_len(c) for c in named[:i])]
        short = named[-1]
        candidates = [f"{why}; {cards} can be played.{tail}" for cards in named]
        candidates += [f"{why}; {short} can be played.", f"{why}; {short} playable.",
                       f"{label} cannot be played; {short} can.{tail}", f"{label} cannot be played; {short} can."]
    return next((line for line in candidates if cell_len(line) <= width), cut(candidates[-1], width))
