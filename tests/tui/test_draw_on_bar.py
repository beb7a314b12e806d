"""Ninety-Nine's manual draw (rules 5.1: after your play you may draw, until the next seat
plays) on the key bar: Draw is left out on the player's own turn, where a card comes first, lit
in the chance after the play, and dimmed while the others play once it is taken or gone, as
Crazy Eights' Draw is dimmed while another seat plays (crazy-eights 3.4)."""
from __future__ import annotations

from typing import Any

from textual.widgets._footer import FooterKey

from core import new_match
from tui.drawchance import draw_on_bar

from .helpers import key_bar, make_app, notices, show_link, wait_for
from .matchlink import StepLink


def _to_seat_0(link: StepLink) -> StepLink:
    """The seats before seat 0 play their first legal card, before the table is shown."""
    for _ in range(3):
        cur = link.match.current_seat
        if cur == 0:
            break
        link.match.apply(link.match.legal_actions(cur)[0], cur)
    assert link.match.current_seat == 0
    return link


def _dimmed(screen: Any, words: str) -> bool:
    return next(k for k in screen.query(FooterKey) if str(k.description) == words).has_class("-disabled")


def test_the_bar_s_draw_at_each_moment_of_the_chance() -> None:
    """5.1 from the view alone: own turn, out; after the play, lit; once drawn (or the chance
    gone) while others play, dimmed; automatic draw, out; Crazy Eights as before."""
    match = new_match("ninety-nine", 3, preset="manual-draw", seed=0)
    seat = match.current_seat
    assert draw_on_bar(match.view(seat)) is False  # its turn: a card comes first
    match.apply(match.legal_actions(seat)[0], seat)
    assert draw_on_bar(match.view(seat)) is True  # the chance
    match.apply("draw", seat)
    assert draw_on_bar(match.view(seat)) is None  # taken: dimmed while the next seat plays
    auto = new_match("ninety-nine", 3, seed=0)
    assert draw_on_bar(auto.view(auto.current_seat)) is False  # 3.2: drawing is automatic
    crazy = new_match("crazy-eights", 4, seed=3)
    assert draw_on_bar(crazy.view(crazy.current_seat)) is True  # 3.4: its turn, Draw
    waiting = next(s for s in range(4) if s != crazy.current_seat)
    assert draw_on_bar(crazy.view(waiting)) is None  # another seat's turn: dimmed


async def test_draw_shows_on_the_bar_only_in_the_chance_after_the_play() -> None:
    app = make_app()
    link = _to_seat_0(StepLink(new_match("ninety-nine", 3, preset="manual-draw", seed=0), seat=0,
                               names=["Ana", "Bo", "Cy"]))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        assert screen.view["current_seat"] == 0
        assert "Draw" not in key_bar(screen) and "Play" in key_bar(screen)
        await pilot.press("space")  # left off the bar, Space still says why, and is kept for the play
        await pilot.pause()
        assert notices(app)[-1] == "Your draw is kept: you draw as soon as you play a card."
        assert link.sent == []

        await link.act(link.match.legal_actions(0)[0])
        await wait_for(pilot, lambda: link.sent[-1:] == ["draw"])  # the Space kept: drawn at once
        await pilot.pause()
        assert "Draw" in key_bar(screen) and _dimmed(screen, "Draw")  # taken: dimmed while Bo plays

        def round_to_ana() -> None:
            for _ in range(4):  # the others play round to Ana (a 4 turns play round, a J skips)
                if link.match.current_seat == 0:
                    break
                link.step()
        round_to_ana()
        await pilot.pause()
        assert screen.view["current_seat"] == 0 and "Draw" not in key_bar(screen)  # its turn again
        await link.act(link.match.legal_actions(0)[0])
        await pilot.pause()
        assert "Draw" in key_bar(screen) and not _dimmed(screen, "Draw")  # the chance: lit
        await pilot.press("space")
        await pilot.pause()
        assert link.sent[-1] == "draw" and link.sent.count("draw") == 2
        assert "Draw" in key_bar(screen) and _dimmed(screen, "Draw")


async def test_at_60_columns_the_bar_keeps_draw_in_the_chance() -> None:
    app = make_app()
    link = _to_seat_0(StepLink(new_match("ninety-nine", 2, preset="manual-draw", seed=5), seat=0))
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        assert "Draw" not in key_bar(screen)
        await link.act(link.match.legal_actions(0)[0])
        await pilot.pause()
        assert "Draw" in key_bar(screen) and not _dimmed(screen, "Draw")


async def test_play_is_dimmed_while_another_seat_plays_and_enter_still_says_whose_turn_it_is() -> None:
    """crazy-eights 3.1: only the seat whose turn it is plays. Draw was dimmed while another
    seat played, Play left lit, and Enter only answered that it was not the player's turn:
    the bar dims Play too, and Enter still says whose turn it is."""
    app = make_app()
    link = StepLink(new_match("crazy-eights", 3, seed=3), seat=0, names=["Ana", "Bo", "Cy"])
    for _ in range(3):  # to Ana's turn
        if link.match.current_seat == 0:
            break
        link.match.apply(link.match.legal_actions()[0], link.match.current_seat)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        assert screen.view["current_seat"] == 0 and not _dimmed(screen, "Play")  # its turn: lit
        play = next(a for a in link.match.legal_actions(0) if a not in ("draw", "pass"))
        await link.act(play)
        await pilot.pause()
        assert screen.view["current_seat"] != 0
        assert _dimmed(screen, "Play") and _dimmed(screen, "Draw")
        await pilot.press("enter")
        await pilot.pause()
        assert notices(app)[-1].startswith("Wait: it is Bo's turn"), notices(app)
        assert link.sent == [play]  # nothing sent
        for _ in range(60):  # bounded: the two others play (or draw) round to Ana
            if link.match.current_seat == 0:
                break
            link.step()
        await pilot.pause()
        assert screen.view["current_seat"] == 0 and not _dimmed(screen, "Play")
