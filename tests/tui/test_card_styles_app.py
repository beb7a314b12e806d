"""Card styles on the table, switched with F4: four-colour gives clubs the theme's green and
diamonds its blue while keeping every suit symbol, ASCII draws S H D C letters and no suit
symbols at all; the app's labels come from ``themes.card_styles.card_face``."""
from __future__ import annotations

import colorsys
import re

from rich.console import Console
from rich.style import Style

from core.cards import CARD_STR
from themes.card_styles import CARD_STYLES, card_face
from tui.cardface import card_label
from tui.widgets.hand import HandView

from .helpers import make_app, open_table, stacked, wait_for
from .rendering import rendered_segments

SYMBOLS = "♠♥♦♣"
# Dealer 0: seat 1 leads and holds deck[0], deck[4], deck[8], deck[12]: one card of each suit.
ONE_OF_EACH = dict(dealer=0, deck=stacked(["2C", "KS", "KH", "KD", "3D", "QS", "QH", "QC",
                                           "4H", "JS", "JH", "JC", "5S", "9S", "9H", "9C"]))


def glyph_colours(hand: HandView) -> dict[str, tuple[int, int, int]]:
    """The colour each suit glyph is drawn in on the hand's cards."""
    console = Console(color_system="truecolor", force_terminal=True, width=200)
    found: dict[str, tuple[int, int, int]] = {}
    for segment in hand.render().render(console):
        style: Style | None = segment.style
        for ch in segment.text:
            if ch in SYMBOLS + "SHDC" and style is not None and style.color is not None:
                found.setdefault(ch, tuple(style.color.get_truecolor()))
    return found


def hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hls(*(c / 255 for c in rgb))[0] * 360


def test_labels_come_from_card_face() -> None:
    for style in CARD_STYLES:
        for card in CARD_STR[:52]:
            assert card_label(card, style) == card_face(card, style).text
    assert card_label("TD", "ascii") == "10D" and card_label("QC", "four-colour") == "Q♣"


async def test_f4_switches_to_four_colour_then_ascii() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=1, **ONE_OF_EACH)
        hand = screen.query_one(HandView)
        assert sorted(hand.cards) == ["2C", "3D", "4H", "5S"] and not hand.dimmed

        two = glyph_colours(hand)
        assert set(two) == set(SYMBOLS)
        assert two["♣"] == two["♠"] and two["♦"] == two["♥"] != two["♠"]

        await pilot.press("f4")
        await pilot.pause()
        assert app.settings.card_style == screen.card_style == hand.card_style == "four-colour"
        four = glyph_colours(hand)
        assert set(four) == set(SYMBOLS)  # every suit keeps its symbol
        assert len(set(four.values())) == 4  # and gets a colour of its own
        palette = screen.palette
        assert four["♣"] == tuple(Style.parse(palette.green).color.get_truecolor())
        assert four["♦"] == tuple(Style.parse(palette.blue).color.get_truecolor())
        assert 80 <= hue(four["♣"]) <= 170  # green
        assert 190 <= hue(four["♦"]) <= 250  # blue
        assert four["♠"] == two["♠"] and four["♥"] == two["♥"]

        await pilot.press("f4")
        await pilot.pause()
        assert screen.card_style == hand.card_style == "ascii"
        letters = glyph_colours(hand)
        assert set(letters) >= set("SHDC") and not set(letters) & set(SYMBOLS)
        hand_text = hand.render().plain
        assert " C " in hand_text and " D " in hand_text and "10" not in hand_text
        drawn = "".join(segment.text for segment in rendered_segments(app))
        cards_and_hint = drawn.split("\n")[5:]  # below the seats: board, pile, hint and hand
        assert not set("".join(cards_and_hint)) & set(SYMBOLS + "★")


async def test_f4_redraws_the_home_logo_in_the_ascii_style() -> None:
    """A terminal that draws suit symbols wide needs the logo's letters at once, not at restart."""
    from tui.screens.home import HomeScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query("#logo"))
        assert "♠" in app.export_screenshot()
        await pilot.press("f4", "f4")
        await pilot.pause()
        assert app.card_style == "ascii"
        drawn = "".join(segment.text for segment in rendered_segments(app))
        assert "|  S  |" in drawn and not set(drawn) & set(SYMBOLS)
        await pilot.press("f4")
        await pilot.pause()
        assert "♠" in "".join(segment.text for segment in rendered_segments(app))


async def test_f4_redraws_the_log_lines_that_name_cards() -> None:
    """The log's earlier plays, and a hint or a total said, read in the new style as the new
    lines do: switched to ascii because the terminal draws suit symbols badly, no symbol is left
    above the new lines; switched back, the symbols return. Chat keeps what was typed."""
    from tui.widgets.tablelog import TableLog

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=1, **ONE_OF_EACH)
        link.solo = True  # H hints at a solo table
        screen.add_chat("Ana", "hearts ♥ for you")
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")  # the card hinted, played
        await wait_for(pilot, lambda: any(" plays " in e.plain
                                          for e in screen.query_one("#log", TableLog).entries))
        await pilot.press("c")  # the total, said
        await pilot.pause()
        log = screen.query_one("#log", TableLog)
        told = [e.plain for e in log.entries]
        assert any(" plays " in line and set(line) & set(SYMBOLS) for line in told), told
        assert any(line.startswith("Hint: play") and set(line) & set(SYMBOLS) for line in told), told
        await pilot.press("f4", "f4")
        await pilot.pause()
        assert screen.card_style == "ascii"
        ascii_told = [e.plain for e in log.entries]
        assert len(ascii_told) == len(told)
        for before, after in zip(told, ascii_told):
            if before == "Ana: hearts ♥ for you":
                assert after == before  # a chat line is as it was typed
            else:
                assert not set(after) & set(SYMBOLS), after
        # the card hinted (and any the reason names) in the ascii style: "Hint: play 7S: ..."
        assert any(re.match(r"Hint: play (10|[2-9AJQK])[SHDC]\b", line) for line in ascii_told), ascii_told
        await pilot.press("f4")
        await pilot.pause()
        assert [e.plain for e in log.entries] == told
