"""What a seat's view may hold, for a view that comes from elsewhere: a client checks each view
its host sends before anything draws it, so a broken or hostile host closes the connection
with a reason instead of crashing the player's app half-way through a frame.

The check is of shape, not of play: cards are card names, seats are seats of the table, counts
are whole numbers in range, texts are texts. Keys it does not know pass (a newer host may send
more); the keys it knows must be as the engine writes them.
"""
from __future__ import annotations

from typing import Any, Callable

from .actions import Action
from .cards import CARD_STR, RANKS, SUITS
from .errors import IllegalAction
from .registry import GAMES
from .whole import whole_number

Check = Callable[[Any, int], str | None]  # (value, players) -> what is wrong, or None

LONGEST_LIST = 1000  # two decks and then some: no view lists more
BIGGEST = 10 ** 9
CARDS = frozenset(CARD_STR)


def _int(lo: int = -BIGGEST, hi: int = BIGGEST) -> Check:
    def check(value: Any, players: int) -> str | None:
        if not whole_number(value) or not lo <= value <= hi:
            return f"expected a whole number from {lo} to {hi}"
        return None
    return check


def _seat(value: Any, players: int) -> str | None:
    if not whole_number(value) or not 0 <= value < players:
        return f"expected a seat from 0 to {players - 1}"
    return None


def _bool(value: Any, players: int) -> str | None:
    return None if isinstance(value, bool) else "expected true or false"


def _text(value: Any, players: int) -> str | None:
    return None if isinstance(value, str) and len(value) <= 200 else "expected a short text"


def _card(value: Any, players: int) -> str | None:
    return None if isinstance(value, str) and value in CARDS else "expected a card"


def _suit(value: Any, players: int) -> str | None:
    return None if isinstance(value, str) and len(value) == 1 and value in SUITS else "expected a suit"


def _rank(value: Any, players: int) -> str | None:
    ok = isinstance(value, str) and ((len(value) == 1 and value in RANKS) or value == "JK")
    return None if ok else "expected a rank"


def _action(value: Any, players: int) -> str | None:
    """An action in the engine's notation (``7D``, ``AS+11``, ``8C=H!``, ``draw``)."""
    if not isinstance(value, str) or len(value) > 20:
        return "expected an action"
    try:
        Action.parse(value)
    except IllegalAction:
        return "expected an action"
    return None


def _plain(value: Any, players: int) -> str | None:
    """A small value of any plain kind: a number, a text, true/false or nothing."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return _int()(value, players)
    return _text(value, players)


def _maybe(check: Check) -> Check:
    return lambda value, players: None if value is None else check(value, players)


def _either(*checks: Check) -> Check:
    def check(value: Any, players: int) -> str | None:
        problems = [c(value, players) for c in checks]
        return None if None in problems else problems[0]
    return check


def _list(item: Check, per_seat: bool = False) -> Check:
    def check(value: Any, players: int) -> str | None:
        if not isinstance(value, list) or len(value) > LONGEST_LIST:
            return "expected a list"
        if per_seat and len(value) != players:
            return f"expected one entry per seat ({players})"
        for i, x in enumerate(value):
            problem = item(x, players)
            if problem:
                return f"[{i}]: {problem}"
        return None
    return check


def _map(values: Check, keys: dict[str, Check] | None = None) -> Check:
    """A map with text keys; ``keys`` checks the named ones, ``values`` the rest."""
    def check(value: Any, players: int) -> str | None:
        if not isinstance(value, dict) or len(value) > 100:
            return "expected a map"
        for k, v in value.items():
            if not isinstance(k, str):
                return "expected text keys"
            problem = (keys or {}).get(k, values)(v, players)
            if problem:
                return f"{k}: {problem}"
        return None
    return check


#: every key the engine's views hold, with what it may be
KEYS: dict[str, Check] = {
    "game": _text,
    "players": _int(1, 64),
    "version": _int(0),
    "seat": _maybe(_seat),
    "current_seat": _maybe(_seat),
    "dealer": _seat,
    "direction": _either(_int(-1, -1), _int(1, 1)),
    "hand_number": _int(0),
    "options": _map(_plain),
    "legal": _list(_action),
    "hand": _list(_card),
    "hand_counts": _list(_int(0, LONGEST_LIST), per_seat=True),
    "pile": _list(_card),
    "top": _maybe(_card),
    "top_wild": _bool,
    "suit": _maybe(_suit),
    "total": _maybe(_int()),
    "limit": _int(),
    "target": _maybe(_int()),
    "stock_count": _int(0, LONGEST_LIST),
    "status": _list(_map(_either(_bool, _int())), per_seat=True),
    "is_over": _bool,
    "winners": _list(_seat),
    "teams": _maybe(_list(_list(_seat))),
    "cut": _list(_list(_maybe(_rank))),  # None: a seat that did not cut again in a tie
    "chips": _list(_int()),
    "marks": _list(_int()),
    "pot": _int(),
    "scoring": _text,
    "wild": _list(_rank),
    "debt": _int(0, LONGEST_LIST),
    "draws": _int(0, LONGEST_LIST),
    "max_draws": _either(_int(0, LONGEST_LIST), _text),
    "blocked_passes": _int(0, LONGEST_LIST),
    "drawer": _maybe(_seat),
    "can_draw": _bool,
    "draw": _text,
    "drew_on": _list(_list(_suit), per_seat=True),
    "leads": _list(_maybe(_map(_text, {"suit": _suit, "how": _text})), per_seat=True),
    "plays": _list(_list(_map(_plain, {"card": _card})), per_seat=True),
}


_COUNT = _int()
#: every key the engine's events hold (``Event.for_seat``), with what it may be
EVENT_KEYS: dict[str, Check] = {
    "kind": _text, "seat": _maybe(_seat), "action": _action, "reason": _text, "blocked": _bool,
    "card": _card, "cards": _list(_card), "suit": _maybe(_suit), "winners": _list(_seat),
    "to": _either(_seat, _list(_seat)), "points": _either(_COUNT, _list(_COUNT)),
    "counts": _list(_COUNT), "scores": _list(_COUNT), "sizes": _list(_COUNT),
    "ranks": _list(_maybe(_rank)), "same_next": _bool, "held": _list(_list(_card), per_seat=True),
    **{key: _COUNT for key in ("chips", "count", "debt", "delta", "direction", "draw", "drawn", "hand", "left",
                               "lives", "mark", "penalties", "pot", "round", "score", "stock", "total")},
}


def events_problem(events: Any, players: int) -> str | None:
    """What is wrong with a view's ``events`` ("events[0].card: expected a card"), or None."""
    if not isinstance(events, list) or len(events) > LONGEST_LIST:
        return "events: expected a list"
    for i, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            return f"events[{i}]: expected an event with a kind"
        for key, value in event.items():
            check = EVENT_KEYS.get(key) if isinstance(key, str) else None
            if check is None:
                if not isinstance(key, str):
                    return f"events[{i}]: expected text keys"
                continue
            problem = check(value, players)
            if problem:
                return f"events[{i}].{key}{'' if problem.startswith('[') else ': '}{problem}"
    return None


def view_problem(view: Any, changed: Any = None) -> str | None:
    """What is wrong with ``view`` ("hand[2]: expected a card"), or None when it can be drawn.
    ``changed`` names the keys that changed since a view that passed (a delta's): only those
    are read again, unless the game or the seat count is among them."""
    if not isinstance(view, dict):
        return "a view is a map"
    game = view.get("game")
    if not isinstance(game, str) or game not in GAMES:
        return f"game: not a game this app knows ({str(game)[:40]!r})"
    info = GAMES[game]
    players = view.get("players")
    if not whole_number(players) or not info.min_players <= players <= info.max_players:
        return f"players: expected {info.min_players} to {info.max_players}"
    keys = view if changed is None or "game" in changed or "players" in changed else changed
    for key in keys:
        value = view[key]
        check = KEYS.get(key) if isinstance(key, str) else None
        if check is None:
            if not isinstance(key, str):
                return "expected text keys"
            continue  # a key a newer host sends: not read here
        problem = check(value, players)
        if problem:
            return f"{key}{'' if problem.startswith('[') else ': '}{problem}"
    return None
