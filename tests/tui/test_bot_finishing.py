"""While a bot finishes a turn for the player to move (a stand-in's, the turn clock's), the host
runs no clock and the app shows none; a bot's move that ended a round, its player leading the
next, is no such thing: that turn is new, on the clock (docs/protocol.md, "Turn clock"), and
the app showed none for it."""
from __future__ import annotations

import random

from core import new_match
from tui.eventtext import bot_marked
from tui.shownclock import bot_finishing


def _a_move_that_ends_a_round_and_leads_the_next() -> tuple[list[dict], int]:
    """Seeded Ninety-Nine: a move whose seat plays first in the round it deals, its events as
    that seat is told them, marked as the app marks a move the turn clock's bot made."""
    for seed in range(50):
        m = new_match("ninety-nine", 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):  # bounded: a match ends well within it
            if m.is_over:
                break
            seat = m.current_seat
            events = m.apply(rng.choice(m.legal_actions(seat)), seat)
            if any(e.kind == "round_over" for e in events) and m.current_seat == seat and not m.is_over:
                return bot_marked([e.for_seat(seat) for e in events], seat), seat
    raise AssertionError("no such move in 50 seeded matches")


def test_a_bots_move_that_ends_a_round_leaves_the_next_turn_on_the_clock() -> None:
    events, seat = _a_move_that_ends_a_round_and_leads_the_next()
    assert events[0]["kind"] == "play" and events[0]["seat"] == seat and events[0]["for_you"] is True
    assert not bot_finishing(events, seat)


def test_a_bot_in_the_middle_of_a_turn_is_finishing_it() -> None:
    """Crazy Eights: the bot's draw for a seat that must draw again or play (no deal after)."""
    assert bot_finishing([{"kind": "draw", "seat": 1, "count": 1, "for_you": True}], 1)
    assert bot_finishing([{"kind": "draw", "seat": 1, "count": 1, "by_bot": True}], 1)
    assert not bot_finishing([{"kind": "draw", "seat": 1, "count": 1}], 1)  # the player's own draw
    assert not bot_finishing([{"kind": "draw", "seat": 0, "count": 1, "by_bot": True}], 1)  # another's
