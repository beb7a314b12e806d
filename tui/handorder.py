"""The order the player's own hand is shown in: as dealt (each card drawn goes last), by suit
or by rank. Only the drawing changes; a card is played by what it is, never by where it sits."""
from __future__ import annotations

#: the orders a player may choose, first the default
HAND_ORDERS = ("dealt", "suit", "rank")
#: how each order reads in Settings, the palette and the notice that answers O
ORDER_LABELS = {"dealt": "as dealt", "suit": "by suit", "rank": "by rank"}

_RANKS = "A23456789TJQK"
_SUITS = "SHCD"  # spades, hearts, clubs, diamonds: the colours alternate


def _rank(card: str) -> int:
    return len(_RANKS) if card == "JK" else _RANKS.find(card[0])


def _suit(card: str) -> int:
    return len(_SUITS) if card == "JK" else _SUITS.find(card[1:2])


def ordered(cards: list[str], order: str) -> list[str]:
    """``cards`` in ``order``; jokers last in the sorted orders, ties kept as dealt."""
    if order == "suit":
        return sorted(cards, key=lambda c: (_suit(c), _rank(c)))
    if order == "rank":
        return sorted(cards, key=lambda c: (_rank(c), _suit(c)))
    return list(cards)


def next_order(order: str) -> str:
    i = HAND_ORDERS.index(order) if order in HAND_ORDERS else -1
    return HAND_ORDERS[(i + 1) % len(HAND_ORDERS)]
