"""Cards as small ints, so the hot paths compare and index integers, with strings at the edges.

A card code is ``suit * 13 + rank`` with rank 0 = ace .. 12 = king and suits S H D C; the
joker is code 52. With two decks every code simply occurs twice.
"""
from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = 52
JOKER_STR = "JK"

ACE, TEN, JACK, QUEEN, KING = 0, 9, 10, 11, 12

#: rank index (0..12) of a code, -1 for the joker
RANK: tuple[int, ...] = tuple(c % 13 for c in range(52)) + (-1,)
#: suit index (0..3) of a code, -1 for the joker
SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52)) + (-1,)
#: canonical string of a code
CARD_STR: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52)) + (JOKER_STR,)

_FROM_STR: dict[str, int] = {s: c for c, s in enumerate(CARD_STR)}


def parse_card(text: str) -> int:
    """Parse ``7D``, ``th``, ``10H`` or ``JK`` into a card code; ``ValueError`` otherwise."""
    code = _FROM_STR.get(text)  # the canonical form, as views and logs write it: no clean-up
    if code is not None:
        return code
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _FROM_STR[t]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None


def card_str(code: int) -> str:
    return CARD_STR[code]


def full_deck(decks: int = 1, jokers: bool = False) -> list[int]:
    """Every card of ``decks`` decks (two jokers per deck when ``jokers``), in a fixed order."""
    one = list(range(52)) + ([JOKER, JOKER] if jokers else [])
    return one * decks
