"""Why Draw (or Pass) does nothing at this moment, in words.

The key bar can only dim Draw; a player who presses Space after the chance to draw has gone
(Ninety-Nine's manual draw ends it as soon as the next seat plays, rules 5.1) deserves to be
told that, and by whom, rather than meet silence.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .keymap import key_label
from .playoutcome import status_after
from .plays import can, offered, own_status, parse_play
from .seatmarks import turn_of


#: the line the log says when this seat's chance to draw went by untaken (ninety-nine 5.2)
MISSED_DRAW = "You did not draw in time: you play on with a card fewer until the round ends."
#: Draw pressed on this seat's turn before its card, under the manual draw: kept for after
#: the play (5.1); where some cards would end the round (3.4) or take this seat's last chip
#: (4.1), and leave no draw; and where every one would
DRAW_AFTER_PLAY = "Your draw is kept: you draw as soon as you play a card."
DRAW_UNLESS = ("Your draw is kept: you draw as soon as you play a card (none after a card that ends the round "
               "or takes your last chip).")
NO_DRAW_AFTER = "No draw this turn: every card you hold ends the round or takes your last chip."
DRAW_KEPT = (DRAW_AFTER_PLAY, DRAW_UNLESS, NO_DRAW_AFTER)


@dataclass
class DrawChance:
    """One seat's chance to draw after its own play (Ninety-Nine 5.1), followed through the
    events that seat is shown: ``none`` before its first card of the round, ``open`` after a
    card, ``drawn`` once taken, ``ended`` when another seat played first (``ended_by``).

    ``takeable``: the open chance had a card to take. The view after the play that opened it
    says so (``offered``); moves told together, with no view between them (the hand so far on
    resuming or rejoining, or what was played while the connection was down), go by the
    table's draw being manual, so that the log tells a chance missed there as it did live."""

    state: str = "none"
    ended_by: int | None = None
    takeable: bool = False

    def offered(self, legal: list[str]) -> None:
        """The latest view's actions (``legal``): whether an open chance can be taken now."""
        if self.state == "open":
            self.takeable = "draw" in legal

    def see(self, event: dict[str, Any], me: int | None, manual: bool = False) -> bool:
        """Follow ``event`` (``manual``: the table's draw is the player's job); True when it
        ended a chance that could have been taken, which the log says (ninety-nine 5.2)."""
        kind, seat = event.get("kind"), event.get("seat")
        if kind in ("deal", "round_over", "hand_over", "match_over") or kind == "out" and seat == me:
            self.state, self.ended_by, self.takeable = "none", None, False
        elif kind == "play" and seat == me:
            self.state, self.ended_by, self.takeable = "open", None, manual
        elif kind == "draw" and seat == me and self.state == "open":
            self.state = "drawn"
        elif kind == "play" and self.state == "open":
            self.state, self.ended_by = "ended", seat if isinstance(seat, int) else None
            return self.takeable
        return False


def draw_kept(view: dict[str, Any]) -> str:
    """What Draw says on this seat's turn before its card (manual draw): the draw is kept for
    after it, unless the card leaves none (``DRAW_KEPT``)."""
    ends = [status_after(view, a) is None for a in view.get("legal") or [] if parse_play(a)]
    return NO_DRAW_AFTER if ends and all(ends) else DRAW_UNLESS if any(ends) else DRAW_AFTER_PLAY


def draw_on_bar(view: dict[str, Any]) -> bool | None:
    """Draw on the key bar, as ``check_action`` answers: lit (True) where Space draws now;
    left out (False) where the game has no draw, where Pass takes its place (Crazy Eights 3.4)
    and on this seat's own turn in Ninety-Nine, whose draw comes only after its card (5.1);
    dimmed (None) while another seat plays, Crazy Eights' wait for the turn and Ninety-Nine's
    once its chance is taken or gone. Pressed when not lit, it says why (``why_no_draw``)."""
    if can(view, "draw"):
        return True
    if "draw" not in offered(view) or can(view, "pass"):
        return False
    if view.get("game") == "ninety-nine" and view.get("current_seat") == view.get("seat"):
        return False
    return None


#: the app's ``keys_for``: the keys a binding id has now, or the default given
Keys = Callable[[str, str], str]


def _default_keys(binding_id: str, default: str) -> str:
    """The shipped key, named as the key bar names it ("Space", "P")."""
    return key_label(default)


def _name(names: list[str], seat: Any, otherwise: str) -> str:
    """The seat's name, or ``otherwise`` for a seat the names do not reach."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else otherwise


def _draws(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _crazy_no_draw(view: dict[str, Any], keys: Keys) -> str:
    """Crazy Eights 3.4: this turn's draws used up, or nothing left to draw; either way Pass is
    what is left besides a card."""
    passes = f"{_play_or(view)}pass ({keys('table.pass', 'p')})"
    most, drawn = view.get("max_draws"), view.get("draws")
    if isinstance(most, int) and isinstance(drawn, int) and drawn >= most:
        return f"You have drawn {_draws(drawn)} this turn, as many as this table allows: {passes}."
    return f"There is no card left to draw: {passes}."


def _play_or(view: dict[str, Any]) -> str:
    """"play a card or " where a card can be played now, else nothing: the other move is all."""
    return "play a card or " if any(parse_play(a) is not None for a in view.get("legal") or []) else ""


def _not_playing(view: dict[str, Any]) -> str | None:
    """Why this app's seat has no move at all: the match is over, it watches, or it is out."""
    if view.get("is_over"):
        return "The match is over."
    if view.get("seat") is None:
        return "You are watching."
    if own_status(view).get("out"):
        return "You are out of this match."
    return None


def why_no_pass(view: dict[str, Any], names: list[str], keys: Keys = _default_keys) -> str:
    """A sentence saying why this seat cannot pass now (Crazy Eights 3.4, 7.1): a pass comes
    only once nothing more may be drawn this turn."""
    me, current = view.get("seat"), view.get("current_seat")
    idle = _not_playing(view)
    if idle is not None:
        return idle
    if current != me:
        return f"You cannot pass now: it is {turn_of(_name(names, current, 'another seat'))}."
    draw = keys("table.draw", "space")
    debt = view.get("debt")
    if isinstance(debt, int) and debt > 0:
        return f"You owe {_draws(debt)} for the 2s played: play a 2 or take them ({draw})."
    most, then = view.get("max_draws"), f"{_play_or(view)}draw ({draw})"
    if isinstance(most, int):
        return f"You may pass once you have drawn {_draws(most)} this turn: {then}."
    return f"You may pass only once there is nothing left to draw: {then}."


def why_no_draw(view: dict[str, Any], names: list[str], chance: DrawChance,
                keys: Keys = _default_keys) -> str:
    """A sentence saying why this seat cannot draw now."""
    me, current = view.get("seat"), view.get("current_seat")

    def name(seat: Any) -> str:
        return _name(names, seat, "the next seat")

    idle = _not_playing(view)
    if idle is not None:
        return idle
    if view.get("game") != "ninety-nine":
        if current != me:
            return f"You cannot draw now: it is {turn_of(name(current))}."
        if view.get("game") == "crazy-eights":
            return _crazy_no_draw(view, keys)
        return "You cannot draw now."
    if current == me:
        return "Play a card first: you may draw after it, until the next seat plays."
    if chance.state == "drawn":
        return "You have drawn already: you may draw again after your next card."
    if chance.state == "ended":
        return f"Too late to draw: your chance ended when {name(chance.ended_by)} played."
    if chance.state == "open":
        return "There is no card left to draw."
    return "You may draw after each card you play, until the next seat plays."
