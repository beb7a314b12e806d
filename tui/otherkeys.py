"""Why a key of another game's table (Draw, Pass, Play+last card!), of a solo table (Hint), of a
table with others (Step away, Chat), of a finished match (Rematch) or of a player (for a watcher,
or once the match is over) does nothing at this one: the key bar leaves such keys out, and a key
pressed anyway is told, never silent."""
from __future__ import annotations

from typing import Any, Callable

from core import GAMES

from .plays import GAME_KEYS, offered, own_status


def shipped_key(binding_id: str, default: str) -> str:
    """A key as it ships, named as a hint names it (where no keymap moves it)."""
    from .keymap import key_label

    return key_label(default)


def why_not_here(action: str, view: dict[str, Any], solo: bool,
                 keys: Callable[[str, str], str] = shipped_key) -> str | None:
    """The sentence for ``action`` (a table binding's) that this table's game or company does
    not have (``plays.offered``); None where it has it (its own handling says the rest).
    ``keys`` names a key as the keymap has moved it (``DealMeInApp.keys_for``)."""
    if action == "hint":
        return None if solo else "No hints at a table with other players: a bot's advice would not be yours."
    if action == "step_away":
        return (f"No stepping away at a solo table: its bots wait for you, and {keys('app.quit', 'q')} saves "
                "the match.") if solo else None
    if action == "focus_chat":
        return "No chat at a solo table: only bots sit at it." if solo else None
    if action.startswith("rematch"):  # R, which reads as the results' button once the match is over
        return None if view.get("is_over") else "No rematch during a match: once it is over, its results offer one."
    move = GAME_KEYS.get(action)
    if move is None or move in offered(view):
        return None
    game = view.get("game")
    info = GAMES.get(str(game))
    name = info.name if info is not None else "this game"
    if move == "draw":
        return f"There is no drawing to do in {name}: each card you play is replaced from the stock by itself."
    if move == "pass":
        every = " (every card can be played)" if game == "ninety-nine" else ""
        return f"There is no passing in {name}: play a card{every}."
    if game == "crazy-eights":  # the table turned the announcement off
        return f'This table does not ask for "last card!": play your cards with {keys("hand.play", "enter")}.'
    return f'There is no "last card!" to say in {name}: only Crazy Eights asks for it.'


def why_no_step_away(view: dict[str, Any], listed: dict[str, Any] | None) -> str | None:
    """Why A does nothing for a player at a table with others, in a match in play (``listed``:
    their seat as the lobby lists it), or None where it steps away."""
    away = listed is not None and listed.get("stepped_away") is True
    if own_status(view).get("out") and not away:  # (one away comes back all the same: "(away)" goes)
        return "You are out of this match: the table does not wait for you, so there is nothing to step away from."
    if listed is not None and "stepped_away" not in listed:  # the lobby of a host of an older version
        return "This table's host has an older Deal Me In, without stepping away: say in the chat that you will be back."
    return None


#: the keys that only one kind of table has (Hint solo, Step away and Chat with others)
COMPANY_KEYS = frozenset({"hint", "step_away", "focus_chat"})

#: the keys of a player in a match in play (``play``: the hand's Enter and its number keys)
PLAYING_KEYS = frozenset({"hint", "step_away", "play", *GAME_KEYS})


def why_idle(action: str, view: dict[str, Any]) -> str | None:
    """The sentence for ``action`` where nothing is left to play: the match is over, or this
    app watches (no seat); None where the key has something to do (or ``why_not_here`` says)."""
    over, watching = bool(view.get("is_over")), view.get("seat") is None
    if action.startswith("rematch") and over and watching:  # (during a match: ``why_not_here``)
        return "You are watching: a rematch is for the players. To play the next match, take a free seat in the lobby."
    if action not in PLAYING_KEYS:
        return None
    if over:
        return "Nothing to step away from: the match is over." if action == "step_away" else \
            "Nothing to do: the match is over."
    if watching:
        return "You are watching: no seat is yours, so there is nothing to step away from." \
            if action == "step_away" else "You are watching: no cards are yours to play."
    return None
