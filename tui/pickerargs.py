"""The picker a command opens: on each game's last choice, or as ``dealmein host|solo`` filled it."""
from __future__ import annotations

import argparse

from .cmdline import given
from .lastpick import Pick
from .screens.picker import PickerScreen


def picker_for(mode: str, args: argparse.Namespace, default_game: str, remembered: dict[str, Pick],
               flags: bool = True) -> PickerScreen:
    """The picker for ``mode`` ("solo" or "host"), filled from the command line only when that
    is ``mode``'s command and gives more than the game: what was typed is what the player wants,
    and what was not is as they chose it last for that game (``host --help``, ``solo --help``).
    Without ``flags`` (a picker after the first) the command line gives only its game."""
    typed = given(args) if getattr(args, "command", None) == mode else set()
    if not flags:
        typed &= {"game"}
    ssh = "ssh" in typed  # ``host --ssh PORT``: SSH on, at that port (``DealMeInApp.ssh_port``)
    typed -= {"port", "bind"}  # where the table listens: nothing the picker shows
    if typed - {"ssh"} <= {"game"}:  # nothing typed, or only the game: the picker opens on the last choices
        game = args.game if "game" in typed else default_game
        return PickerScreen(mode=mode, game=game, remembered=remembered, ssh=ssh)
    # ``dealmein host|solo --game ... --seats ... --bots ...`` fills the picker over the last choices
    last = remembered.get(args.game)
    preset = args.preset if "preset" in typed or last is None else last.preset
    seats = args.seats if "seats" in typed or last is None else last.seats
    from core import GAMES

    schema = GAMES[args.game].options  # ``--option`` values as the picker's controls take them
    # the last options were set over the last preset: another one starts from its own, as in the picker
    kept = dict(last.options) if last is not None and preset == last.preset else {}
    options = kept | {name: schema[name].coerce(value) for name, value in args.option}
    turn_time = None
    if mode == "host":
        turn_time = args.turn_time if "turn_time" in typed or last is None else last.turn_time
    return PickerScreen(mode=mode, game=args.game, preset=preset, seats=seats, options=options,
                        bots=_bots(mode, args, typed, last, seats), password=getattr(args, "password", None),
                        turn_time=turn_time, remembered=remembered, ssh=ssh)


def _bots(mode: str, args: argparse.Namespace, typed: set[str], last: Pick | None, seats: int) -> dict[int, str]:
    """The bots' seats and levels: as ``--bots``/``--bot-level`` say (solo: every other seat a
    bot), else as last time, in the seats there are now."""
    if mode == "solo":
        if last is not None and "bot_level" not in typed:
            return {seat: last.bots.get(seat, args.bot_level) for seat in range(1, seats)}
        return {seat: args.bot_level for seat in range(1, seats)}
    if last is not None and "bots" not in typed:  # (``--bot-level`` is refused without ``--bots``)
        return {seat: level for seat, level in last.bots.items() if seat < seats}
    first_bot = max(1, seats - args.bots)
    return {seat: args.bot_level for seat in range(first_bot, seats)}
