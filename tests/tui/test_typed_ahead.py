"""Keys typed faster than the table answers (a fast player's bursts, a key held down): each acts
on what was on the screen as it was pressed. A key typed right after Enter moved the cursor
before the table read the play, and the card played was the one moved to; a move key pressed
before the player's turn could be seen played a card they never chose."""
from __future__ import annotations

import time
from typing import Any

from textual import events

from core import new_match
from tui.screens.table import TURN_JUST_CAME
from tui.widgets.hand import HandView

from .helpers import make_app, notices, show_link, wait_for
from .matchlink import StepLink

#: a turn guard a pressed key cannot outrun on a loaded machine (the table's own is a quarter second)
SLOW_GUARD = 2.0


def burst(app: Any, *keys: tuple[str, str | None]) -> None:
    """``keys`` arriving together, as a terminal hands a burst of typing to the app: each is
    queued before any is handled (the test pilot's ``press`` waits for each to be handled)."""
    for key, char in keys:
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


def plain_cards(view: dict[str, Any]) -> list[int]:
    """The places in hand of the cards that play one way (no question: not an ace or a ten)."""
    return [i for i, card in enumerate(view["hand"]) if card[0] not in "AT"
            and sum(1 for a in view["legal"] if a.split("-")[0].split("+")[0] == card) == 1]


async def test_enter_plays_the_card_selected_as_it_was_pressed() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for seed in range(40):  # a deal with three cards that each play one way
            match = new_match("ninety-eight", 2, seed=seed)
            if match.current_seat == 0 and len(plain_cards(match.view(0))) >= 2:
                break
        link = StepLink(match, 0)
        screen = await show_link(app, pilot, link, first_plays=False)
        first, second = plain_cards(screen.view)[:2]
        hand = screen.query_one(HandView)
        hand.cursor = first
        await pilot.pause()
        meant = screen.view["hand"][first]
        burst(app, ("enter", "\r"), (str(second + 1), str(second + 1)))
        await wait_for(pilot, lambda: link.sent)
        await pilot.pause(0.1)
        assert link.sent == [meant], (link.sent, meant, screen.view["hand"])


async def test_a_move_key_pressed_before_the_turn_showed_makes_no_move() -> None:
    """The table's turn guard: a key within the guard of the turn's coming says so and plays
    nothing; pressed again after, it plays. The guard here is longer than the table's own
    ``TURN_GUARD`` so that the key lands within it however busy the machine."""
    app = make_app(turn_guard=SLOW_GUARD)
    async with app.run_test(size=(100, 30)) as pilot:
        match = next(m for m in (new_match("ninety-eight", 2, seed=seed) for seed in range(40))
                     if m.current_seat == 1)  # the other seat plays first
        link = StepLink(match, 0)
        await show_link(app, pilot, link, first_plays=False)
        link.step()  # their move: this player's turn comes now
        came = time.monotonic()
        await pilot.press("enter")
        assert time.monotonic() - came < SLOW_GUARD  # (the key came within the guard)
        await wait_for(pilot, lambda: TURN_JUST_CAME in notices(app))
        assert link.sent == []
        await pilot.pause(SLOW_GUARD)
        await pilot.press("enter")
        await wait_for(pilot, lambda: link.sent)
        assert len(link.sent) == 1


async def test_a_draw_typed_straight_after_the_play_goes_once_the_play_is_in() -> None:
    """Ninety-Nine's manual draw (5.1): Enter then Space in one burst. The Space came before the
    host had the play, when no draw could be made, and was lost without a word (the play's
    sending took its "why not" down): it draws once the play is in."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        match = next(m for m in (new_match("ninety-nine", 3, options={"draw": "manual"}, seed=seed)
                                 for seed in range(40)) if m.current_seat == 0)
        link = StepLink(match, 0)
        screen = await show_link(app, pilot, link, first_plays=False)
        hand = screen.query_one(HandView)
        plain = plain_cards(screen.view)
        hand.cursor = plain[0]
        await pilot.pause()
        card = screen.view["hand"][plain[0]]
        burst(app, ("enter", "\r"), ("space", " "))
        await wait_for(pilot, lambda: len(link.sent) == 2)
        assert link.sent == [card, "draw"]
        assert len(screen.view["hand"]) == len(match.view(0)["hand"]) == 3


async def test_a_draw_typed_before_a_play_the_turn_clock_made_is_not_sent() -> None:
    """Ninety-Nine's manual draw (5.1): Space pressed before playing waits for the play; a turn
    clock's bot played for the player instead (and drew, as bots do), and the draw typed was
    sent after it, refused by the host in the engine's words ("seat 1 has nothing to do now")."""
    from tui.eventtext import bot_marked

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        match = next(m for m in (new_match("ninety-nine", 3, options={"draw": "manual"}, seed=seed)
                                 for seed in range(40)) if m.current_seat == 0)
        link = StepLink(match, 0)
        screen = await show_link(app, pilot, link, first_plays=False)
        await pilot.press("space")  # before the play: it waits for it
        await wait_for(pilot, lambda: screen._draw_next is not None)
        events = match.apply(match.legal_actions(0)[0], 0)  # the clock's bot plays for seat 0
        assert "draw" in [str(a) for a in match.legal_actions(0)]
        from tui.drawchance import DRAW_AFTER_PLAY

        assert DRAW_AFTER_PLAY in notices(app)
        screen.show(link.view(), bot_marked([e.for_seat(0) for e in events], 0))
        await pilot.pause(0.3)
        assert link.sent == [], link.sent
        assert DRAW_AFTER_PLAY not in notices(app)  # the play it waited for is made: no longer so
