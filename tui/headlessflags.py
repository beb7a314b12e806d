"""What a headless host's flags say together, checked before anything starts: a resume of a
saved table takes none of the flags that shape a table (its save has every one of them, and they
would go unused), and the takeover wait ends within the grace (a bot stands in for an away player only
while their seat is held). Each check gives the mistake as ``argparse`` words it, or None."""
from __future__ import annotations

import argparse
from typing import Iterable

#: the flags that shape a new table, by the ``dest`` each sets: a resumed table has them all
#: from its save (``net.tablestate``: its name, game, variant, options, seats with their bots,
#: password, turn clock and seed)
SHAPING: tuple[tuple[str, str], ...] = (
    ("name", "--name"), ("game", "--game"), ("preset", "--preset"), ("option", "--option"), ("seats", "--seats"),
    ("bots", "--bots"), ("bot_level", "--bot-level"), ("password", "--password"), ("turn_time", "--turn-time"),
    ("seed", "--seed"))


def shaping_given(args: argparse.Namespace, given: set[str], typed: Iterable[str]) -> list[str]:
    """The table-shaping flags the command line gave, as typed (``--password-file`` for the
    password read from a file). ``given``: the dests ``tui.cmdline.Given`` noted; ``--name``
    and ``--seed`` (the latter also before the command) are told by their values."""
    as_typed = set(typed)
    flags = []
    for dest, flag in SHAPING:
        if dest in ("name", "seed"):
            if getattr(args, dest, None) is not None:
                flags.append(flag)
        elif dest in given:
            flags.append(f"{flag}-file" if f"{flag}-file" in as_typed and flag not in as_typed else flag)
    return flags


def resume_problem(args: argparse.Namespace, given: set[str], typed: Iterable[str]) -> str | None:
    """``--resume`` with flags that shape a table, for a port with a save: the saved table
    comes back as it was saved, so each would be left unused without a word (``--game
    ninety-nine`` hosting the saved table's Ninety-Eight). (Where the port has no save, they
    shape the new table: one command starts a table or brings it back.)"""
    flags = shaping_given(args, given, typed)
    if not flags:
        return None
    them = "it" if len(flags) == 1 else "them"
    return (f"argument{'s' if len(flags) > 1 else ''} {', '.join(flags)}: --resume brings the saved table back "
            "as it was, with the name, game, variant, options, seats, bots, password, turn clock and seed of its "
            f"save: leave {them} out, or host a new table without --resume")


#: the longest ``--grace`` and ``--takeover``: a seat held all night (more is no seat kept
#: for anyone, and a lobby no app would show)
HELD_MOST = 86400.0


def takeover_problem(grace: float, takeover: float, given: set[str]) -> str | None:
    """A takeover wait as long as the grace, or longer: the grace ends first, and a bot then
    keeps the seat for the rest of the match (``net.table``), so the stand-in that holds the
    seat for its player never comes, and a dropped player's turn holds the table up for the
    whole grace. ``--grace 0`` holds no seat, and no takeover is waited for."""
    if grace == 0 or takeover < grace:
        return None
    why = "a bot stands in for a dropped player only while their seat is held, so the takeover has to come first"
    if "takeover" in given or "grace" not in given:
        default = "" if "grace" in given else " (its default)"
        return (f"argument --takeover: {takeover:g} s is not shorter than the {grace:g} s --grace{default}: {why}; "
                f"give a --takeover under {grace:g} s" + (", or a longer --grace" if grace < HELD_MOST else ""))
    return (f"argument --grace: {grace:g} s is not longer than the {takeover:g} s --takeover (its default): {why}; "
            f"give a --grace over {takeover:g} s, or a shorter --takeover")
