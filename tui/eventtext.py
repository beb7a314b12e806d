"""Events (``Event.for_seat`` dicts) as sentences for the table log: "Bob plays K♠: 98".

Unknown kinds still read sensibly, so a new engine event never breaks the log."""
from __future__ import annotations

from typing import Any

from .cardface import card_label, suit_label
from .plays import parse_play

#: events that only move cards about and would flood the log
QUIET = frozenset({"hand", "cut", "suit"})


def seat_name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return f"Seat {seat + 1}"
    return "Someone"


def _join(names: list[str], seats: Any) -> str:
    if not isinstance(seats, list) or not seats:
        return "nobody"
    words = [seat_name(names, s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plural(n: Any, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


_IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def _you(text: str | None) -> str | None:
    """"You plays" reads wrong: put the verb after a leading "You" in the second person."""
    if not text or not text.startswith("You "):
        return text
    verb, _, rest = text[4:].partition(" ")
    head, sep, tail = rest.partition(" and ")
    if sep:  # "... and is out": the second verb too
        second, _, after = tail.partition(" ")
        rest = f"{head} and {_plain(second)} {after}".rstrip()
    return f"You {_plain(verb)} {rest}".rstrip()


def _plain(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def describe(event: dict[str, Any], names: list[str], style: str = "two-colour") -> str | None:
    """One sentence for the log, or ``None`` for an event not worth a line."""
    return _you(_describe(event, names, style))


def _describe(event: dict[str, Any], names: list[str], style: str) -> str | None:
    kind = event.get("kind")
    who = seat_name(names, event.get("seat"))
    if kind in QUIET:
        return None
    if kind == "play":
        action = str(event.get("action") or event.get("card") or "")
        p = parse_play(action)
        card = str(event.get("card") or (p[0] if p else action))
        text = f"{who} plays {card_label(card, style) if p or card else action}"
        if p and p[1] is not None:
            text += f" as {p[1]:+d}"
        if p and p[2] is not None:
            text += f", naming {suit_label(p[2], style)}"
        if p and p[3]:
            text += ' ("last card!")'
        if event.get("total") is not None:
            text += f": {event['total']}"
        return text
    if kind == "draw":
        cards = event.get("cards")
        if cards:
            return f"{who} draws {', '.join(card_label(c, style) for c in cards)}"
        return f"{who} draws {_plural(event.get('count', 1), 'card')}"
    if kind == "deal":
        return f"{who} deals hand {event.get('hand', '')}".rstrip()
    if kind == "reshuffle":
        return f"The pile is shuffled into a new stock of {event.get('stock', '?')}"
    if kind == "reverse":
        return f"{who} reverses: play goes {'clockwise' if event.get('direction', 1) == 1 else 'anticlockwise'}"
    if kind == "skip":
        return f"{who} misses a turn"
    if kind == "pass":
        return f"{who} passes"
    if kind == "eliminated":
        return f"{who} cannot play at {event.get('total')} and is out of the hand"
    if kind == "penalty":
        reason = f" for {event['reason']}" if event.get("reason") else ""
        if "draw" in event:
            return f"{who} draws {_plural(event['draw'], 'card')}{reason}"
        if "points" in event:
            return f"{who} takes a {event['points']}-point penalty{reason}"
        if "lives" in event:
            return f"{who} takes a penalty ({_plural(event['lives'], 'life')} left)".replace("lifes", "lives")
        if "points" in event:
            return f"{who} takes a {event['points']}-point penalty"
        return f"{who} takes a penalty"
    if kind == "out":
        return f"{who} is out of the match"
    if kind == "reset":
        return f"The total goes back to {event.get('total', 0)}"
    if kind == "hand_over":
        return f"Hand over: {_join(names, event.get('winners'))} {'wins' if len(event.get('winners') or []) == 1 else 'win'}"
    if kind == "match_over":
        return f"Match over: {_join(names, event.get('winners'))} {'wins' if len(event.get('winners') or []) == 1 else 'win'}!"
    if kind == "ante":
        return f"{who} antes {_plural(event.get('chips'), 'chip')} (pot {event.get('pot')})"
    if kind == "chips":
        if "to" in event:
            return f"{who} pays {_plural(event.get('chips'), 'chip')} to {seat_name(names, event['to'])}"
        lost = -event["delta"] if isinstance(event.get("delta"), int) else event.get("chips")
        if isinstance(lost, int) and lost < 0:
            return f"{who} gains {_plural(-lost, 'chip')}"
        return f"{who} loses {_plural(lost, 'chip')}" + (
            f" ({event['left']} left)" if "left" in event else "")
    if kind == "pot":
        return f"{_join(names, event.get('to'))} {'takes' if len(event.get('to') or []) == 1 else 'share'} the pot of {event.get('pot')}"
    if kind == "round_over":
        why = f" ({event['reason']})" if event.get("reason") else ""
        return f"Round {event.get('round', '')} over at {event.get('total')}{why}"
    if kind == "landing":
        return f"{who} lands on {event.get('mark')}: everyone else pays a chip"
    if kind == "passing":
        return f"{who} passes {event.get('mark')} and pays a chip"
    if kind == "over":
        return f"{who} goes over 99 with {event.get('total')}"
    if kind == "no_cards":
        return f"{who} has no cards left to play"
    if kind == "starter":
        return f"The starter is {card_label(str(event.get('card')), style)}"
    if kind == "debt":
        return f"{who} must answer with a 2 or take {event.get('debt')} cards"
    if kind == "debt_paid":
        return f"{who} takes {_plural(event.get('drawn'), 'card')}"
    if kind == "last_card":
        return f'{who}: "last card!"'
    if kind == "out_of_cards":
        return f"{who} goes out"
    extra = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("kind", "seat"))
    label = str(kind).replace("_", " ")
    return f"{who}: {label}" + (f" ({extra})" if extra else "")
