"""What a play does in the adding games, said before it is made: the total it makes, and in
Ninety-Nine what it costs or wins in chips (rules 3.3): an ace's +11 that passes 33 costs a chip,
a ten's +10 at 97 goes over 99, where the other value may cost nothing."""
from __future__ import annotations

from typing import Any

from core.cards import ACE, RANKS, TEN
from core.games.ninety_nine import MARKS, chips
from core.games.ninety_nine import total_after as rules_total

from .plain import counted
from .plays import ALL_THEY_HAVE, ninety_eight_adds, parse_play


def total_after(total: int, action: str) -> int | None:
    """The Ninety-Nine total ``action`` (a card, with the value chosen for an ace or a ten)
    takes ``total`` to (ninety-nine 2); None for a card of two values played without one."""
    play = parse_play(action)
    if play is None:
        return None
    rank = RANKS.find(play[0][0])
    if rank < 0 or play[1] is None and rank in (ACE, TEN):
        return None
    return rules_total(total, rank, play[1])


def play_total(view: dict[str, Any], action: str) -> int | None:
    """The total ``action`` makes at the table of ``view`` (ninety-eight 2 with its options,
    a King setting it to the limit; ninety-nine 2); None in Crazy Eights, or for a card of two
    values played without one."""
    total, game = view.get("total"), view.get("game")
    if not isinstance(total, int):
        return None
    if game == "ninety-nine":
        return total_after(total, action)
    play = parse_play(action)
    if game != "ninety-eight" or play is None:
        return None
    if play[1] is not None:
        return max(0, total + play[1])
    if play[0][0] == "K":
        limit = view.get("limit")
        return limit if isinstance(limit, int) else None
    adds = ninety_eight_adds(play[0][0], view.get("options") or {})
    return None if adds is None else total + adds


def holdings(view: dict[str, Any]) -> tuple[int | None, int | None]:
    """(this seat's chips, the fewest another seat still in the match holds), as ``view`` has
    them (ninety-nine 4.1: a seat pays what it has); None where it does not say."""
    status = [s for s in view.get("status") or [] if isinstance(s, dict)]
    seat = view.get("seat")
    held = status[seat].get("chips") if isinstance(seat, int) and 0 <= seat < len(status) else None
    others = [s.get("chips") for i, s in enumerate(status) if i != seat and not s.get("out")]
    least = min((c for c in others if isinstance(c, int)), default=None)
    return (held if isinstance(held, int) else None), least


def chip_words(game: str | None, total: int | None, action: str,
               held: tuple[int | None, int | None] = (None, None)) -> list[str]:
    """What ``action`` does to the chips at ``total`` under ninety-nine 3.3, at four lengths,
    longest first: "passes 33: you lose 1 chip", then what is lost or won alone ("the others
    lose 1 chip each"), for a line that says it after the total the play makes, then fewer words
    ("others lose 1 chip", "others lose 1"); [] where it does nothing to them, or in another
    game. ``held`` (``holdings``): a seat pays what it has (4.1), so a loss past this seat's
    chips is "your last chip", and 99 takes "all they have" from another holding fewer than 2."""
    if game != "ninety-nine" or total is None:
        return []
    after = total_after(total, action)
    if after is None:
        return []
    before = total
    passed = [m for m in MARKS if before < m < after]
    lost = chips(before, after)[0]
    said = []
    if passed:
        said.append("passes " + " and ".join(map(str, passed)))
    if after > 99:
        said.append("goes over 99")
    mine, least = held
    if lost:
        end, short = (" and the round ends", ", round over") if after > 99 else ("", "")
        if isinstance(mine, int) and 0 < mine < lost:  # all that is left (4.1)
            lost = mine
            chip_said = "your last chip" if mine == 1 else f"your last {mine} chips"
        else:
            chip_said = counted(lost, "chip")
        alone = f"you lose {chip_said}{short}"
        return [f"{' and '.join(said)}: you lose {chip_said}{end}", alone, alone, f"you lose {lost}{short}"]
    if after == 99:
        all_they_have = ALL_THEY_HAVE if isinstance(least, int) and least < 2 else ""
        return [f"99: you win the round, and the others lose 2 chips each{all_they_have}",
                f"you win the round, the others lose 2 chips each{all_they_have}", "you win, others lose 2 chips",
                "you win, others lose 2"]
    if after in MARKS and before < after:
        return [f"lands on {after}: the others lose 1 chip each", "the others lose 1 chip each",
                "others lose 1 chip", "others lose 1"]
    return []


def chip_outcome(game: str | None, total: int | None, action: str,
                 held: tuple[int | None, int | None] = (None, None)) -> str:
    """What ``action`` does to the chips at ``total`` under ninety-nine 3.3 ("passes 33: you
    lose 1 chip"); "" where it does nothing to them, or in another game."""
    words = chip_words(game, total, action, held)
    return words[0] if words else ""


def least_costly(total: int, actions: list[str]) -> int:
    """Which of ``actions`` (an ace's or a ten's two values) at ``total`` costs this player the
    fewest chips (ninety-nine 3.3), then takes the most from the others; the first where they
    do alike. A question opening on its first answer had Enter take the total over 99 at 90."""
    def cost(action: str) -> tuple[int, int]:
        after = total_after(total, action)
        if after is None:
            return (0, 0)
        mine, others = chips(total, after)
        return (mine, -others)
    return min(range(len(actions)), key=lambda i: (cost(actions[i]), i))


def status_after(view: dict[str, Any], action: str) -> list[dict[str, Any]] | None:
    """The seats' status once ``action`` is played, as far as who is still in decides who plays
    next: in Ninety-Nine, a seat whose last chips the play takes is out at once (4.1), before
    a J's skip or a 4's reverse is worked out; None where the play ends the round or the match
    (3.4, 4.2: no next turn to speak of), or this seat's hand in Crazy Eights (its last card
    goes out, 5.1), or where it takes this seat's own last chip (its turn is its last). The
    view's status otherwise, the play changing no one's place."""
    status = [dict(s) if isinstance(s, dict) else {} for s in view.get("status") or []]
    if view.get("game") == "crazy-eights":
        return None if len(view.get("hand") or []) == 1 else status
    total = view.get("total")
    if view.get("game") != "ninety-nine" or not isinstance(total, int):
        return status
    after = total_after(total, action)
    if after is None:
        return status
    if after >= 99:
        return None  # 3.4: the round ends at 99 or over it
    mine, others = chips(total, after)
    seat = view.get("seat")
    for i, st in enumerate(status):
        lost = mine if i == seat else others
        held = st.get("chips")
        if lost and not st.get("out") and isinstance(held, int) and held <= lost:
            st["out"] = True  # 4.1: out at once, even mid-round
    if sum(1 for st in status if not st.get("out")) <= 1:
        return None  # 4.2: the match ends
    if isinstance(seat, int) and 0 <= seat < len(status) and status[seat].get("out"):
        return None  # this seat's last chip: the turn goes on without it, from its place
    return status
