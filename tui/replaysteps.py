"""A replay's steps as a player follows them: a seat's run of draws within one turn (crazy-eights
3.4: the turn goes on after a draw, so a long search of the stock is many logged actions) is one
step, told in one line as the table's log tells it ("Bo draws 9♥, 2♣, K♠"), not a step per card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import Match
from net.matchlog import Step

from .eventtext import bot_marked, joined_draws

DRAW = "draw"


@dataclass
class ShownStep:
    """The match after the last of ``actions`` (all by ``seat``) and the events they caused.
    ``first`` is the index in the replay's history of its first action; ``bot``: a bot made
    them for the player in that seat."""

    match: Match
    first: int
    seat: int | None = None
    actions: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    bot: bool = False

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


def shown_steps(history: list[Step]) -> list[ShownStep]:
    """The replay's history (the deal, then one entry per logged action) as steps to show."""
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
    for run in shown:
        run.events = joined_draws(bot_marked(run.events, None) if run.bot else run.events)
    return shown
