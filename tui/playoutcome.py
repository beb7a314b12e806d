"""What a Ninety-Nine play of a card with two values costs or wins in chips (rules 3.3), said
beside the choice between them: an ace's +11 that passes 33 costs a chip, a ten's +10 at 97
goes over 99, where the other value may cost nothing."""
from __future__ import annotations

from .plays import parse_play

#: the marks a total lands on (the others lose a chip) or passes (the player loses one), 3.3
MARKS = (33, 66)


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def chip_outcome(game: str | None, total: int | None, action: str) -> str:
    """What ``action`` does to the chips at ``total`` under ninety-nine 3.3 ("passes 33: you
    lose 1 chip"); "" where it does nothing to them, or in another game."""
    if game != "ninety-nine" or total is None:
        return ""
    play = parse_play(action)
    if play is None or play[1] is None:
        return ""
    before, after = total, max(0, total + play[1])  # 2.1: never below 0
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
