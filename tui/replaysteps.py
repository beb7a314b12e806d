"""A replay's steps as a player follows them: a seat's run of draws within one turn (crazy-eights
3.4: the turn goes on after a draw, so a long search of the stock is many logged actions) is one
step, told in one line as the table's log tells it ("Bo draws 9♥, 2♣, K♠"), not a step per card.

A move that ends a hand shows that hand as it ended, and the next deal is a step of its own, as
the first is: the engine deals the next hand in the same move (and Ninety-Eight sets the last
total and pile aside as the hand ends, 5.1), so the match after the move showed the next deal,
or at the match's end an empty table ("total 0   top -"), in place of what the move did.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import Match
from net.matchlog import Step

from .eventtext import ENDINGS, at_hand_end, bot_marked, joined_draws

DRAW = "draw"
#: what a new hand begins with, after the end of the last: its antes (ninety-eight 6.3), its deal
DEALING = ("ante", "deal")
#: a seat whose hand is set aside: out of the hand (ninety-eight 4.3), out of the match (ninety-nine 4.1)
SET_ASIDE = ("eliminated", "out")


@dataclass
class Position:
    """What a step shows of the table: the match as a watcher's view has it (``Match.view``)
    and every seat's hand, face up."""

    view: dict[str, Any]
    hands: list[list[str]]


def position(match: Match) -> Position:
    return Position(match.view(None), [match.hand(seat) for seat in range(match.players)])


def hand_end(before: Match, events: list[dict[str, Any]], after: Match, later: list[dict[str, Any]]) -> Position:
    """The table as a move that ended its hand left it, before the next deal (``later``, the
    events of that deal, gives back the antes it took) and before a Ninety-Eight total reset
    that only ends the hand (5.1; the table's log leaves it out too): ``before`` with the cards
    the move's ``events`` played, drew and set aside, the standings as ``after`` has them, and no
    seat to play."""
    hands = [before.hand(seat) for seat in range(before.players)]
    in_hand = [before.status(seat)["in_hand"] for seat in range(before.players)]
    total, top, suit, stock = before.total, before.top, before.suit, before.stock_count
    taken = 0  # cards a draw took before the stock ran out and was made again (its event comes after)
    for i, event in enumerate(events):
        kind, seat = event.get("kind"), event.get("seat")
        if kind in ENDINGS:
            break
        if kind == "reset" and i + 1 < len(events) and events[i + 1].get("kind") in ENDINGS:
            continue
        if isinstance(event.get("total"), int):
            total = event["total"]
        if kind == "play" and isinstance(seat, int):
            card = event.get("card")
            if card in hands[seat]:
                hands[seat].remove(card)
            top = card
            if suit is not None:  # crazy-eights 3.2: the card's suit is the one to follow (a wild one names it)
                suit = card[-1] if isinstance(card, str) and card[-1] in "SHDC" and card != "JK" else None
        elif kind == "suit":
            suit = event.get("suit")
        elif kind == "draw" and isinstance(seat, int):
            hands[seat] += event.get("cards") or []
            stock -= (event.get("count") or 0) - taken
            taken = 0
        elif kind == "reshuffle" and isinstance(event.get("stock"), int):
            taken, stock = taken + stock, event["stock"]
        elif kind == "reset":
            top = None
        elif kind in SET_ASIDE and isinstance(seat, int):
            hands[seat], in_hand[seat] = [], False
    view = at_hand_end(after.view(None), later)
    status = [{**s, "in_hand": in_hand[seat]} for seat, s in enumerate(view["status"])]
    return Position({**view, "hand_number": before.hand_number, "dealer": before.dealer, "total": total, "top": top,
                     "suit": suit, "stock_count": stock, "status": status, "current_seat": None}, hands)


@dataclass
class ShownStep:
    """The match after the last of ``actions`` (all by ``seat``) and the events they caused.
    ``first`` is the index in the replay's history of its first action (of the move that dealt
    it, for a deal after the first, which has no actions); ``bot``: a bot made them for the
    player in that seat."""

    match: Match
    first: int
    seat: int | None = None
    actions: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    bot: bool = False
    #: the hand as the step's move ended it (``hand_end``), where ``match`` shows what came after
    ended: Position | None = None

    @property
    def position(self) -> Position:
        """What the step shows: the hand its move ended, or the match after it."""
        return self.ended if self.ended is not None else position(self.match)

    @property
    def last(self) -> int:
        """The index in the history of its last action (of the deal, for step 0)."""
        return self.first + max(0, len(self.actions) - 1)


def _goes_on(before: Step, step: Step, run: ShownStep) -> bool:
    """``step`` is one more draw of ``run``: a draw by the seat whose draws it holds, in the
    same turn (the seat was still to play after the last one: a 2's debt taken ends the turn,
    7.1, and a draw of Ninety-Nine's is made after the seat's play, rules 5), made as the run's
    were (by the player, or by a bot for them)."""
    return (step.action == DRAW and run.actions[-1:] == [DRAW] and step.seat == run.seat and step.bot == run.bot
            and before.match.current_seat == step.seat
            and before.match.hand_number == step.match.hand_number)


def _dealt_at(events: list[dict[str, Any]]) -> int | None:
    """Where the next hand's events begin, after the end of the last; None where none begins."""
    ended = False
    for i, event in enumerate(events):
        ended = ended or event.get("kind") in ENDINGS
        if ended and event.get("kind") in DEALING:
            return i
    return None


def shown_steps(history: list[Step]) -> list[ShownStep]:
    """The replay's history (the deal, then one entry per logged action) as steps to show: a
    move that ends a hand shows that hand as it ended, and the deal after it is a step of its own
    (no move made, as the first deal's)."""
    shown: list[ShownStep] = []
    for i, step in enumerate(history):
        run = shown[-1] if shown else None
        if run is not None and i and _goes_on(history[i - 1], step, run):
            run.match = step.match
            run.actions.append(DRAW)
            run.events.extend(step.events)
            continue
        shown.append(ShownStep(step.match, i, step.seat,
                               [step.action] if step.action is not None else [], list(step.events), step.bot))
    steps: list[ShownStep] = []
    for run in shown:
        dealt = _dealt_at(run.events)
        if run.actions and (dealt is not None or any(e.get("kind") in ENDINGS for e in run.events)):
            move, deal = (run.events, []) if dealt is None else (run.events[:dealt], run.events[dealt:])
            run.ended = hand_end(history[run.first - 1].match, move, run.match, deal)
            run.events = move
            steps.append(run)
            if deal:
                steps.append(ShownStep(run.match, run.last, events=deal))
            continue
        steps.append(run)
    for run in steps:
        run.events = joined_draws(bot_marked(run.events, None) if run.bot else run.events)
    return steps
