"""What a wild card leaves in hand, suit by suit, said under the suits it may name (crazy-eights
3.3): a suit named that the hand still holds is one its player can follow next time round."""
from __future__ import annotations

from collections.abc import Sequence

from themes.card_styles import CARD_STYLES

from .cardface import card_label, rank_of, suit_of


def kept_suits(hand: Sequence[str], card: str, wild: Sequence[str], suits: Sequence[str],
               style: str = "two-colour") -> str:
    """"Your hand keeps ♠ 2 · ♥ 0 · ♦ 0 · ♣ 1, and 8♦ (wild)": the cards of each of ``suits``
    (in the order the choice offers them) left once ``card`` is played from ``hand``, wild
    cards (of the view's ``wild`` ranks, "JK" for jokers) apart, since they follow any suit;
    "" when nothing is left."""
    left = list(hand)
    if card in left:
        left.remove(card)
    if not left:
        return ""
    plain = [c for c in left if rank_of(c) not in wild]
    glyph = CARD_STYLES[style].glyph
    counts = " · ".join(f"{glyph(s)} {sum(1 for c in plain if suit_of(c) == s)}" for s in suits)
    wilds = [card_label(c, style) for c in left if rank_of(c) in wild]
    said = f"Your hand keeps {counts}"
    if len(wilds) == 1:
        said += f", and {wilds[0]} (wild)"
    elif wilds:
        said += f", and {len(wilds)} wild cards ({', '.join(wilds)})"
    return said + "."
