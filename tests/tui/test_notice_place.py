"""Where the table's notices stand: H's hint (and the other notices) over the log, never over
the hand, whose card the hint names, nor the key bar, at 80x24 and 60x20."""
from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from core import new_match
from tui.widgets.hand import HandView
from tui.widgets.keyfooter import KeyFooter

from textual.widgets import Input

from .helpers import open_table, show_link, wait_for
from .helpers import make_app
from .matchlink import MatchLink


def long_hand() -> MatchLink:
    """A solo Crazy Eights table (seed 7) where the player has drawn to fourteen cards and it
    is still their turn: the hand fills the row to its right end."""
    match = new_match("crazy-eights", 4, seed=7)
    link = MatchLink(match, 0)
    link.solo = True  # type: ignore[attr-defined]
    link.others_play()
    for _ in range(20):  # bounded: a draw a time until the hand is long
        if len(match.view(0)["hand"]) >= 14 or match.current_seat != 0 or "draw" not in match.view(0)["legal"]:
            break
        match.apply("draw", 0)
    assert len(match.view(0)["hand"]) >= 14 and match.current_seat == 0
    return link


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_hint_stands_over_the_log_not_the_hand(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await show_link(app, pilot, long_hand(), first_plays=False)
        hand = screen.query_one(HandView)
        hand.action_go(0)  # the hint moves the selection to its card
        await pilot.press("h")
        toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast) if t.region), None))
        await pilot.pause()
        assert screen.said[-1].startswith("Hint: play ") and hand.cursor > 0
        region = toast.region
        for part in (hand, screen.query_one(KeyFooter), screen.query_one("#hint"), screen.query_one("#centre")):
            assert not region.overlaps(part.region), (part, region, part.region)
        assert screen.query_one("#side").region.contains_region(region), region


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_notice_leaves_the_chat_line_being_typed_clear(size: tuple[int, int]) -> None:
    """At a table with others the chat line sits over the hint line: a notice that comes while
    a line is typed stands above it, not over the words."""
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0)
        chat = screen.query_one("#chat", Input)
        await pilot.press("slash", *"see you at the next one")
        await wait_for(pilot, lambda: screen.focused is chat and chat.region.height == 1)
        screen.say("It is your turn")
        toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast) if t.region), None))
        await pilot.pause()
        for part in (chat, screen.query_one(HandView), screen.query_one(KeyFooter), screen.query_one("#hint")):
            assert not toast.region.overlaps(part.region), (part, toast.region, part.region)
