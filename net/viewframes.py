"""Each connection's view of the match as the frame it is sent: built for its own seat (a
watcher's for none), so that no hidden card leaves the host, and sent as the changes to the
view it holds, so that a move costs the apps a few keys rather than the whole table."""
from __future__ import annotations

import logging
from typing import Any

from core import Match
from core.events import Event

from .peer import Peer
from .protocol import encode

log = logging.getLogger("dealmein.net")


def view_frame(view: dict[str, Any], base: dict[str, Any] | None, events: list[dict[str, Any]],
               clock: float | None = None, earlier: list[dict[str, Any]] | None = None,
               bot: bool = False) -> bytes:
    """A ``view`` frame, or with ``base`` (the last view this peer was sent) a ``delta`` frame
    of the keys whose values changed. Views of one game have the same keys in the same order;
    another key set (a new game) gets a whole view. ``clock``: the seconds left on the turn
    clock, for a view sent on its own in mid-turn (a connection that joins or comes back), or
    a turn whose clock is shorter than the table's (a player who ran out of time on turn after
    turn), whose app would otherwise count the whole clock from its arrival; ``earlier``: for
    a view sent on its own, the hand so far as the peer's seat was told it (``net.handsofar``);
    ``bot``: the move was a bot's for the player in its seat (away, or out of time), so that
    the player's app reads it as the bot's, not as one of their own."""
    said: dict[str, Any] = {}  # what a view and a delta alike may carry besides the match
    if bot:
        said["bot"] = True
    if clock is not None:
        said["clock"] = round(clock, 1)
    if base is not None and len(base) == len(view):
        try:  # as many keys, each of them in ``base``: the same keys
            # a value of another type counts as changed even if equal (0 == False)
            changes = {k: v for k, v in view.items()
                       if (b := base[k]) is not v and (b != v or b.__class__ is not v.__class__)}
        except KeyError:
            pass
        else:
            return encode({"type": "delta", "changes": changes, "events": events, **said})
    frame: dict[str, Any] = {"type": "view", "view": view, "events": events, **said}
    if earlier:
        frame["earlier"] = earlier
    return encode(frame)


def seat_frames(m: Match, conns: list[Peer], events: list[Event], table_id: str,
                clock: float | None = None, bot: bool = False) -> list[tuple[Peer, bytes, dict[str, Any]]]:
    """Each of ``conns`` with its frame of the match after ``events`` and the view in it; one
    that will not fit in a frame is left out (the host's log says so). ``clock``: the next
    turn's clock, where it is shorter than the table's; ``bot`` as in ``view_frame``."""
    views = m.views([p.seat for p in conns])  # what the seats share is built once
    # one frame per seat and per view the peer holds (peers of a seat hold the same one)
    # an event without a secret reads the same for every seat: redacted once
    shared = [e.for_seat(None) if e.secret is None else None for e in events]
    frames: dict[tuple[int | None, int], bytes] = {}
    out: list[tuple[Peer, bytes, dict[str, Any]]] = []
    for p in conns:
        s = p.seat
        view = views[s]
        base = p.view_sent if p.deltas else None
        key = (s, id(base))  # every base is held by a peer: ids stay distinct
        frame = frames.get(key)
        if frame is None:
            told = [e.for_seat(s) if d is None else d for e, d in zip(events, shared)]
            try:
                frame = frames[key] = view_frame(view, base, told, clock, bot=bot)
            except ValueError:
                log.exception("table %s: a view for seat %s does not fit in a frame", table_id, s)
                continue
        out.append((p, frame, view))
    return out
