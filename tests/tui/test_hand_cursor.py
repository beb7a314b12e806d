"""The selected card when the player's turn comes: one that can be played, the nearest to
where the selection was, so that Enter plays and does not only warn."""
from __future__ import annotations

from core import new_match
from tui.handorder import ordered
from tui.plays import playable
from tui.widgets.hand import HandView

from .helpers import make_app, show_match, wait_for


def _first_card_unplayable() -> tuple[object, int]:
    """A two-seat Crazy Eights deal whose player to move cannot play the first card of its
    hand (as dealt) but can play a later one (crazy-eights 3.2)."""
    for seed in range(1, 200):
        match = new_match("crazy-eights", 2, seed=seed)
        seat = match.current_seat
        view = match.view(seat)
        hand = ordered(list(view["hand"]), "dealt")
        if not playable(view, hand[0]) and not playable(view, hand[1]) and any(playable(view, c) for c in hand):
            return match, seat
    raise AssertionError("no such deal in 200 seeds")


async def test_the_turn_comes_with_a_card_that_can_be_played_selected() -> None:
    match, seat = _first_card_unplayable()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await show_match(app, pilot, match, seat=seat)
        hand = screen.query_one(HandView)
        await wait_for(pilot, lambda: hand.cards)
        assert 0 in hand.dimmed and 1 in hand.dimmed
        first_playable = min(i for i in range(len(hand.cards)) if i not in hand.dimmed)
        assert hand.cursor == first_playable
        # a card picked by the player to look at stays picked, playable or not
        hand.action_go(1)
        await pilot.pause()
        assert hand.cursor == 1
