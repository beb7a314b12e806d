"""What a Ninety-Nine play of a card with two values costs or wins in chips (rules 3.3), said
beside the choice between them: an ace's +11 that passes 33 costs a chip, a ten's +10 at 97
goes over 99, where the other value may cost nothing."""
from __future__ import annotations

from .plays import parse_play

#: the marks a total lands on (the others lose a chip) or passes (the player loses one), 3.3
MARKS = (33, 66)


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


#: ninety-nine 2: what a card of one value adds (the 2 halves or doubles, the ace and the ten
#: take the value chosen); a 9 adds nothing
_ADDS = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 0, "J": 10, "Q": 10, "K": 10}


def total_after(total: int, action: str) -> int | None:
    """The Ninety-Nine total ``action`` (a card, with the value chosen for an ace or a ten)
    takes ``total`` to (ninety-nine 2); None for a card of two values played without one."""
    play = parse_play(action)
    if play is None:
        return None
    if play[1] is not None:
        return max(0, total + play[1])  # 2.1: never below 0
    rank = play[0][0]
    if rank == "2":  # 2.2: halves an even total above 49, else doubles it
        return total // 2 if total > 49 and not total % 2 else total * 2
    adds = _ADDS.get(rank)
    return None if adds is None else total + adds


def chip_outcome(game: str | None, total: int | None, action: str) -> str:
    """What ``action`` does to the chips at ``total`` under ninety-nine 3.3 ("passes 33: you
    lose 1 chip"); "" where it does nothing to them, or in another game."""
    if game != "ninety-nine" or total is None:
        return ""
    after = total_after(total, action)
    if after is None:
        return ""
    before = total
    passed = [m for m in MARKS if before < m < after]
    lost = len(passed) + (2 if after > 99 else 0)
    said = []
    if passed:
        said.append("passes " + " and ".join(map(str, passed)))
    if after > 99:
        said.append("goes over 99")
    if lost:
        end = " and the round ends" if after > 99 else ""
        return f"{' and '.join(said)}: you lose {_chips(lost)}{end}"
    if after == 99:
        return "99: you win the round, and the others lose 2 chips each"
    if after in MARKS and before < after:
        return f"lands on {after}: the others lose 1 chip each"
    return ""
