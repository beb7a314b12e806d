"""The picker a command opens: on each game's last choice, or as ``dealmein host|solo`` filled it."""
from __future__ import annotations

import argparse

from .cmdline import given
from .lastpick import Pick
from .screens.picker import PickerScreen


def picker_for(mode: str, args: argparse.Namespace, default_game: str, remembered: dict[str, Pick]) -> PickerScreen:
    """The picker for ``mode`` ("solo" or "host"), filled from the command line only when that
    is ``mode``'s command and gives more than the game: what was typed is what the player wants."""
    typed = given(args) if getattr(args, "command", None) == mode else set()
    if typed <= {"game"}:  # nothing typed, or only the game: the picker opens on the last choices
        game = args.game if typed else default_game
        return PickerScreen(mode=mode, game=game, remembered=remembered)
    # ``dealmein host|solo --game ... --seats ... --bots ...`` fills the picker
    first_bot = 1 if mode == "solo" else max(1, args.seats - args.bots)  # solo: every other seat
    bots = {seat: args.bot_level for seat in range(first_bot, args.seats)}
    from core import GAMES

    schema = GAMES[args.game].options  # ``--option`` values as the picker's controls take them
    options = {name: schema[name].coerce(value) for name, value in args.option}
    return PickerScreen(mode=mode, game=args.game, preset=args.preset, seats=args.seats,
                        options=options, bots=bots, password=getattr(args, "password", None),
                        turn_time=getattr(args, "turn_time", 0) if mode == "host" else None,
                        remembered=remembered)
