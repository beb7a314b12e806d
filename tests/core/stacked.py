"""Stacked decks for rule scenarios: choose the hands and the top of the stock, the rest follows."""
from __future__ import annotations

import json
from typing import Any

from core import GAMES, Match, new_match
from core.cards import CARD_STR, full_deck, parse_card
from core.options import deck_count


def canonical(card: str) -> str:
    return CARD_STR[parse_card(card)]


def stacked_deck(players: int, hands: dict[int, list[str]], stock: list[str] | tuple[str, ...] = (),
                 dealer: int = 0, hand_size: int = 4, decks: int = 1, jokers: bool = False) -> list[str]:
    """A full-deck permutation that deals ``hands`` (seat -> first cards) with ``dealer``
    dealing, then puts ``stock`` on top of the stock. Unnamed hand slots are filled from the
    rest of the deck in its fixed order (aces of spades first), so name every card that matters."""
    pool = [CARD_STR[c] for c in full_deck(decks, jokers)]
    for cards in [*hands.values(), list(stock)]:
        for card in cards:
            pool.remove(canonical(card))  # ValueError if a card is used twice
    filled: dict[int, list[str]] = {}
    for seat in range(players):
        mine = [canonical(c) for c in hands.get(seat, [])]
        if len(mine) > hand_size:
            raise ValueError(f"seat {seat} is given more than {hand_size} cards")
        while len(mine) < hand_size:
            mine.append(pool.pop(0))
        filled[seat] = mine
    order: list[str] = []
    for k in range(hand_size):
        for i in range(1, players + 1):
            order.append(filled[(dealer + i) % players][k])
    return order + [canonical(c) for c in stock] + pool


def table(game: str, players: int, dealt: dict[int, list[str]], stock: list[str] | tuple[str, ...] = (),
          dealer: int = 0, preset: str = "standard", seed: int = 1, **options: Any) -> Match:
    """A match dealt from a stacked deck; every named card is checked to be where it was put."""
    resolved = GAMES[game].resolve(players, preset, options)
    hand_size = int(resolved.get("hand_size", 4))
    decks = deck_count(players, resolved.get("decks", "auto"))
    deck = stacked_deck(players, dealt, stock, dealer, hand_size, decks, bool(resolved.get("jokers", False)))
    m = new_match(game, players, preset=preset, options=options or None, seed=seed, dealer=dealer, deck=deck)
    for seat, cards in dealt.items():
        assert m.hand(seat)[:len(cards)] == [canonical(c) for c in cards]
    return m


def state(m: Match) -> dict[str, Any]:
    """The snapshot as a dict: to look at the stock order in a test."""
    return json.loads(m.snapshot())


def patched(m: Match, **changes: Any) -> Match:
    """A match restored from ``m``'s snapshot with some state replaced: for positions no deal reaches."""
    data = state(m)
    for key, value in changes.items():
        assert key in data, key
        data[key] = value
    return Match.restore(json.dumps(data).encode())


def codes(cards: list[str]) -> list[int]:
    return [parse_card(c) for c in cards]
