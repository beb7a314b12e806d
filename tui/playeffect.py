"""What a card does to the turn, said before it is played: a skip, a reverse, a Crazy Eights 2's
cards to draw. Generic words ("the next player"), which hold at any table: who that is follows
from seats, direction and who is still in the hand, which the log names once it is played."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .plays import ninety_eight_turn, parse_play

SKIP = "the next player misses a turn"
AGAIN = "you play again"
REVERSE = "play turns the other way"
#: each in fewer words, for a line too narrow for them (60 columns)
SHORT_EFFECTS = {SKIP: "skips the next player", AGAIN: AGAIN, REVERSE: "reverses play"}


def _in_hand(view: dict[str, Any]) -> int:
    """Seats still playing this hand (a skip or a reverse between two works otherwise)."""
    status = view.get("status") or []
    return sum(1 for s in status if isinstance(s, dict) and s.get("in_hand", True) and not s.get("out"))


def turn_effect(view: dict[str, Any], action: str) -> str:
    """"the next player misses a turn", "you play again" (a skip between two seats),
    "play turns the other way" (nothing between two), or a 2's draw (crazy-eights 7.1); ""
    for a card that leaves the turn to pass as usual. Ninety-Eight's options (7, 7.1),
    Ninety-Nine's 4 and J (2), Crazy Eights' specials (7.1-7.3)."""
    play = parse_play(action)
    if play is None:
        return ""
    rank, game = play[0][0], view.get("game")
    options = view.get("options") or {}
    two = _in_hand(view) == 2
    if game == "ninety-eight":
        turn = ninety_eight_turn(rank, options)
        skips, reverses = turn == "skip", turn == "reverse"
    elif game == "ninety-nine":
        skips, reverses = rank == "J", rank == "4"
    elif game == "crazy-eights" and options.get("specials") and play[0] != "JK":
        if rank == "2":
            debt = view.get("debt")
            owed = (debt if whole_number(debt) else 0) + 2
            return f"the next player draws {owed} or plays a 2"
        skips, reverses = rank == "Q", rank == "A"
        if reverses and two:  # 7.3: with two seats an A acts as a Q
            skips, reverses = True, False
    else:
        return ""
    if skips:
        return AGAIN if two else SKIP
    if reverses and not two:
        return REVERSE
    return ""
