"""Why a key of another game's table (Draw, Pass, Play+last card!) or of a solo table (Hint)
does nothing at this one: the key bar leaves such keys out, and a key pressed anyway is told,
never silent."""
from __future__ import annotations

from typing import Any

from core import GAMES


def _game(view: dict[str, Any]) -> str:
    info = GAMES.get(str(view.get("game")))
    return info.name if info is not None else "this game"


def why_not_here(action: str, view: dict[str, Any], solo: bool) -> str | None:
    """The sentence for ``action`` (a table binding's) that this table's game or company does
    not have; None where it has it (its own handling says the rest)."""
    game, options = view.get("game"), view.get("options") or {}
    if action == "hint":
        return None if solo else "No hints at a table with other players: a bot's advice would not be yours."
    if action == "draw" and game != "crazy-eights" and not (game == "ninety-nine" and options.get("draw") == "manual"):
        return (f"There is no drawing to do in {_game(view)}: each card you play is replaced from the stock "
                "by itself.")
    if action == "pass_turn" and game != "crazy-eights":
        every = " (every card can be played)" if game == "ninety-nine" else ""
        return f"There is no passing in {_game(view)}: play a card{every}."
    if action == "last_card":
        if game != "crazy-eights":
            return f'There is no "last card!" to say in {_game(view)}: only Crazy Eights asks for it.'
        if options.get("last_card") == "off":
            return 'This table does not ask for "last card!": play your cards with Enter.'
    return None
