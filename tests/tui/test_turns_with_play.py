"""A card's effect on the turns is told with its play (ninety-nine 2: a 4 reverses the direction;
a J makes the next seat miss its turn): the log reads "You play 4♥: 35", "You reverse: play goes
anticlockwise", then the chips the total cost (3.3) and the card drawn after it (3.2), not the
reverse after the draw as the engine lists it."""
from __future__ import annotations

from typing import Any

from core import new_match
from tests.core.stacked import patched, stacked_deck
from tui.eventtext import describe, told

from .helpers import log_entries, make_app, show_link
from .matchlink import MatchLink

NAMES = ["You", "Bo", "Cy"]


def _ninety_nine(first: str, total: int) -> Any:
    """Three seats, this seat (0) to play first holding ``first``, J♥ on top of the stock, the
    total at ``total``."""
    deck = stacked_deck(3, {0: [first, "5C", "6D"]}, stock=["JH"], dealer=2, hand_size=3)
    return patched(new_match("ninety-nine", 3, deck=deck, dealer=2), total=total)


def _lines(events: list[dict[str, Any]]) -> list[str]:
    return [line for e in told(events) if (line := describe(e, NAMES, game="ninety-nine"))]


def test_a_four_reverses_as_it_is_played() -> None:
    """ninety-nine 2 and 3.3: the 4 passing 33 costs a chip, and the card is drawn after."""
    m = _ninety_nine("4H", 31)
    events = [e.for_seat(0) for e in m.apply("4H", 0)]
    assert [e["kind"] for e in events] == ["play", "passing", "chips", "draw", "reverse"]  # as the engine lists them
    assert _lines(events) == ["You play 4♥: 35", "You reverse: play goes anticlockwise", "You pass 33",
                              "You lose 1 chip (8 left)", "You draw J♥"]


def test_a_skip_is_told_with_its_play_and_a_penalty_keeps_its_place() -> None:
    """ninety-nine 2: a J makes the next seat miss its turn, as it is played. In Crazy Eights
    (4.2, 7.2) a Q played down to one card unannounced draws two as its penalty before the skip:
    the penalty and its draw stay together, in the engine's order."""
    m = _ninety_nine("JS", 10)
    events = [e.for_seat(0) for e in m.apply("JS", 0)]
    assert _lines(events) == ["You play J♠: 20", "Bo misses a turn", "You draw J♥"]
    penalised: list[dict[str, Any]] = [
        {"kind": "play", "seat": 0, "card": "QS", "action": "QS", "left": 1},
        {"kind": "penalty", "seat": 0, "reason": "no announcement", "draw": 2},
        {"kind": "draw", "seat": 0, "count": 2, "cards": ["2C", "3C"]},
        {"kind": "skip", "seat": 1},
    ]
    assert told(penalised) == penalised


async def test_the_table_log_tells_the_reverse_before_the_draw() -> None:
    """The table's own log, played from the table: the reverse right under the play."""
    link = MatchLink(_ninety_nine("4H", 31), 0, names=NAMES)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        before = len(log_entries(screen))
        await link.act("4H")
        await pilot.pause()
        assert log_entries(screen)[before:before + 5] == [
            "You play 4♥: 35", "You reverse: play goes anticlockwise", "You pass 33", "You lose 1 chip (8 left)",
            "You draw J♥"]
