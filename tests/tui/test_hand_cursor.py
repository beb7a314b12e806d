"""The selected card when the player's turn comes: one that can be played, the nearest to
where the selection was, so that Enter plays and does not only warn."""
from __future__ import annotations

import copy

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
        # a card picked by the player to look at stays picked, playable or not, when the hand is
        # shown again in another order (O)
        hand.action_go(1)
        await pilot.pause()
        picked = hand.selected
        assert picked is not None and 1 in hand.dimmed
        await pilot.press("o")
        await wait_for(pilot, lambda: screen.hand_order != "dealt")
        await pilot.pause()
        assert hand.selected == picked


async def test_a_playable_card_drawn_is_selected_over_one_picked_that_cannot_be() -> None:
    """crazy-eights 3.4: drawing while a card could be played, with one that cannot picked: the
    card drawn, if it can be played, is the one selected (Enter plays it)."""
    for seed in range(1, 400):
        match = new_match("crazy-eights", 2, seed=seed)
        seat = match.current_seat
        view = match.view(seat)
        hand = list(view["hand"])
        after = copy.deepcopy(match)
        after.apply("draw", seat)
        later = after.view(seat)
        drawn = next(iter(set(later["hand"]) - set(hand)), None)
        if (drawn is not None and playable(later, drawn)
                and any(playable(view, c) for c in hand) and any(not playable(view, c) for c in hand)):
            break
    else:
        raise AssertionError("no such deal in 400 seeds")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await show_match(app, pilot, match, seat=seat)
        hv = screen.query_one(HandView)
        await wait_for(pilot, lambda: hv.cards)
        hv.action_go(next(i for i in range(len(hv.cards)) if i in hv.dimmed))
        await pilot.pause()
        await pilot.press("space")
        await wait_for(pilot, lambda: len(hv.cards) == len(hand) + 1)
        await pilot.pause()
        assert hv.selected == drawn
