"""Which keys Help lists for the screens it was opened over, as they stand: a solo table has no
stepping away, a match in play no rematch, a finished match no card to play, a solo lobby no
readiness, seats, chat or invites. A key Help lists does something where the player is."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from textual.actions import parse
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode

from .link import rematch_words
from .plays import own_status

#: the table's moves, which only a seat playing a match in play makes
PLAYING = frozenset({"draw", "pass_turn", "last_card", "hint", "step_away"})
#: the table's keys about the player's own hand, which a watcher has not
SEATED = frozenset({"say_hand", "next_hand_order"})


@dataclass(frozen=True)
class TableHere:
    """A table as Help finds it under itself: its view, whether it is solo, what R does for
    this player once the match is over (None: nothing), and whether Esc then goes back to a
    lobby."""

    view: dict[str, Any]
    solo: bool
    rematch: str | None
    lobby: bool

    @property
    def playing(self) -> bool:
        """This player has a seat in the match in play, and is still in it."""
        view = self.view
        return view.get("seat") is not None and not view.get("is_over") and not own_status(view).get("out")


def table_here(app: App[Any]) -> TableHere | None:
    """The table under Help (under a hand's results or Settings too), or None."""
    from .screens.table import TableScreen

    screen = screen_below(app, TableScreen)
    if not isinstance(screen, TableScreen) or screen.view is None:
        return None
    return TableHere(screen.view, screen.solo, rematch_words(screen.link),
                     getattr(screen.link, "back_to_lobby", None) is not None)


def leave_words(here: TableHere) -> str:
    """What Esc from the hand does at this table now."""
    if not here.view.get("is_over"):
        return "Leave the match"
    return "Back to the lobby" if here.lobby else "Back to the home screen"


def table_keys_here(table: list[Binding], hand: list[Binding], here: TableHere) -> list[Binding]:
    """The table's and the hand's keys that do something at ``here``: the moves and the hand's
    keys only for a seat in a match in play (Step away only with other players), R only once
    the match is over and as it reads for this player, Esc as what it does now."""
    kept = []
    for binding in table:
        name = parse(binding.action)[1]
        if name in PLAYING and not here.playing or name == "step_away" and here.solo:
            continue
        if name in SEATED and here.view.get("seat") is None:
            continue
        if name == "rematch" and not (here.view.get("is_over") and binding.description == here.rematch):
            continue
        if name == "leave":
            binding = replace(binding, description=leave_words(here))
        kept.append(binding)
    return kept + (hand if here.playing else [])


def working(screen: DOMNode, bindings: list[Binding]) -> list[Binding]:
    """``bindings`` (``screen``'s own) less those its ``check_action`` leaves out as it stands:
    a dimmed key stays (pressed, it says why). Esc answers everywhere, as what it does where
    the focus is, so it stays too."""
    kept = []
    for binding in bindings:
        _node, name, parameters = parse(binding.action)
        if binding.key == "escape" or screen.check_action(name, parameters) is not False:
            kept.append(binding)
    return kept


def screen_below(app: App[Any], kind: type[DOMNode]) -> DOMNode | None:
    """The topmost screen of ``kind`` Help was opened over (or over a screen on it), or None."""
    return next((s for s in reversed(app.screen_stack) if isinstance(s, kind)), None)


def results_keys_here(results: list[Binding], here: TableHere) -> list[Binding]:
    """The keys of a match's results at ``here``, before they are up: R as it reads for this
    player (none for a watcher, whose R does nothing), V (a replay) only at a solo table."""
    kept = []
    for binding in results:
        name = parse(binding.action)[1]
        if name == "press" and binding.action.startswith("press('rematch'") and binding.description != here.rematch:
            continue
        if name == "replay" and not here.solo:
            continue
        kept.append(binding)
    return kept
