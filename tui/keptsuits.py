"""What a wild card leaves in hand, suit by suit, said under the suits it may name (crazy-eights
3.3): a suit named that the hand still holds is one its player can follow next time round."""
from __future__ import annotations

from collections.abc import Sequence

from themes.card_styles import CARD_STYLES

from .cardface import card_label, rank_of, suit_of


def _counts(hand: Sequence[str], card: str, wild: Sequence[str], suits: Sequence[str]) -> tuple[list[int], list[str]]:
    """The ordinary cards of each of ``suits`` left once ``card`` is played, and the wild cards left."""
    left = list(hand)
    if card in left:
        left.remove(card)
    plain = [c for c in left if rank_of(c) not in wild]
    return [sum(1 for c in plain if suit_of(c) == s) for s in suits], [c for c in left if rank_of(c) in wild]


def most_kept(hand: Sequence[str], card: str, wild: Sequence[str], suits: Sequence[str]) -> int:
    """Which of ``suits`` the hand keeps most of once ``card`` is played (the first of those
    tied): where the question opens when no hint named a suit, the one a player can follow
    most often."""
    counts, _ = _counts(hand, card, wild, suits)
    return counts.index(max(counts)) if counts else 0


def kept_suits(hand: Sequence[str], card: str, wild: Sequence[str], suits: Sequence[str],
               style: str = "two-colour") -> str:
    """"Your hand keeps ♠ 2 · ♥ 0 · ♦ 0 · ♣ 1, and 8♦ (wild)": the cards of each of ``suits``
    (in the order the choice offers them) left once ``card`` is played from ``hand``, wild
    cards (of the view's ``wild`` ranks, "JK" for jokers) apart, since they follow any suit;
    "" when nothing is left."""
    counts, wild_left = _counts(hand, card, wild, suits)
    if not sum(counts) and not wild_left:
        return ""
    glyph = CARD_STYLES[style].glyph
    said = "Your hand keeps " + " · ".join(f"{glyph(s)} {n}" for s, n in zip(suits, counts))
    wilds = [card_label(c, style) for c in wild_left]
    if len(wilds) == 1:
        said += f", and {wilds[0]} (wild)"
    elif wilds:
        said += f", and {len(wilds)} wild cards ({', '.join(wilds)})"
    return said + "."
