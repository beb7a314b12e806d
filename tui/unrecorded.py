"""A finished solo match its save still holds, counted before a new match takes the save: the
app may have stopped between the match's end and the record's write (or the record could not
be written then), and the save is then the only place the match is left."""
from __future__ import annotations

from pathlib import Path

from net.savefile import read_save
from net.server import Server
from net.tablestate import restore_table

from .record import add, played_from


def count_finished(path: Path) -> str | None:
    """Count the finished match saved at ``path`` in the record, where it is not already (the
    record counts a match once, by its name at its table); the problem where the record cannot
    take it. A save of a match not over, or one that cannot be read, counts nothing."""
    state = read_save(path, keep=True).state
    if state is None or state.get("status") != "finished":
        return None
    try:
        table = restore_table(Server(host="127.0.0.1", port=0, match_logs=False), state)
    except ValueError:  # said when it is resumed
        return None
    seat = next((s.index for s in table.seats if s.token is not None and s.token == table.host_token), None)
    if seat is None or table.match is None:
        return None
    played = played_from(table.match.view(seat), table.lobby(), seat)
    if played is None:
        return None
    return add(played)[1]
