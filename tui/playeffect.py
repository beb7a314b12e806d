"""What a card does to the turn, said before it is played: a skip, a reverse, a Crazy Eights 2's
cards to draw, naming the seat it falls to (who is next follows from seats, direction and who
is still in the hand, which a player reading the line should not have to work out)."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .eventtext import seat_name
from .playoutcome import status_after
from .plays import my_turn, ninety_eight_turn, parse_play, play_order

SKIP = "skip"
AGAIN = "again"
REVERSE = "reverse"
DRAW = "draw"


def _in_hand(view: dict[str, Any]) -> int:
    """Seats still playing this hand (a skip or a reverse between two works otherwise)."""
    status = view.get("status") or []
    return sum(1 for s in status if isinstance(s, dict) and s.get("in_hand", True) and not s.get("out"))


def effect_kind(view: dict[str, Any], action: str) -> tuple[str, int]:
    """What ``action`` does to the turn: ``SKIP``, ``AGAIN`` (a skip between two seats),
    ``REVERSE`` (not between two, where it turns nothing round), ``DRAW`` with the cards the next
    seat then owes (crazy-eights 7.1), or "" for a card that leaves the turn to pass as usual.
    Ninety-Eight's options (7, 7.1), Ninety-Nine's 4 and J (2), Crazy Eights' specials (7.1-7.3)."""
    play = parse_play(action)
    if play is None:
        return "", 0
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
            return DRAW, (debt if whole_number(debt) else 0) + 2
        skips, reverses = rank == "Q", rank == "A"
        if reverses and two:  # 7.3: with two seats an A acts as a Q
            skips, reverses = True, False
    else:
        return "", 0
    if skips:
        return (AGAIN if two else SKIP), 0
    if reverses and not two:
        return REVERSE, 0
    return "", 0


def turn_effect(view: dict[str, Any], action: str, names: list[str] | None = None, short: bool = False) -> str:
    """"Bo misses a turn", "you play again", "play turns the other way, to Di", "Bo draws 4 or
    plays a 2"; "" where the turn passes as usual, or where the play ends the hand, the round
    or the match (``status_after``). The seat is the one the card falls to from this seat's
    turn, once the seats the play puts out are passed over; "the next player" where the view
    does not say who that is (``names`` not given, or not this seat's turn). ``short`` says it
    in fewer words, for a narrow line."""
    status = status_after(view, action)
    if status is None:
        return ""
    view = {**view, "status": status}  # who is in once the play is made
    kind, owed = effect_kind(view, action)
    order = play_order(view) if my_turn(view) else []
    next_seat = seat_name(names, order[0]) if names is not None and order else "the next player"
    before = seat_name(names, order[-1]) if names is not None and order else ""
    if kind == DRAW:
        return f"{next_seat} draws {owed} or plays a 2"
    if kind == SKIP:
        return f"skips {next_seat}" if short else f"{next_seat} misses a turn"
    if kind == AGAIN:
        return "you play again"
    if kind == REVERSE:
        turns = "reverses play" if short else "play turns the other way"
        return f"{turns}, to {before}" if before else turns
    return ""
