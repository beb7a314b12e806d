"""The hand's row of cards: overlapped when it is long, and longer still (a run of draws in a
narrow terminal), moved along so that the selected card stays in view."""
from __future__ import annotations

from textual.app import App, ComposeResult

from tui.cardface import SMALL
from tui.widgets.hand import HandView

RANKS = "A23456789TJQK"
#: 26 cards: more than a 40-column row holds with two columns of each showing
CARDS = [r + s for s in "CH" for r in RANKS]


class OneHand(App[None]):
    def compose(self) -> ComposeResult:
        yield HandView(id="hand")


def rows(hand: HandView) -> list[str]:
    return str(hand.render()).splitlines()


def two_columns(row: str, left: int) -> str:
    """The rank shown in the two columns of a card overlapped to them: its edge and one
    character, or a 10 across both."""
    return row[left:left + 2].removeprefix("│")


async def test_the_selected_card_of_a_row_too_long_for_its_width_stays_in_view() -> None:
    app = OneHand()
    async with app.run_test(size=(40, 8)) as pilot:
        hand = app.query_one(HandView)
        hand.set_cards(CARDS, set())
        await pilot.pause()
        width = hand.content_region.width
        assert (len(CARDS) - 1) * 2 + SMALL.width > width  # even two columns a card overflow
        hand.cursor = 0
        await pilot.pause()
        # the first card, raised, at the left edge but for the column kept for a mark
        assert rows(hand)[0].startswith(" ┌1──┐")
        middle = rows(hand)[1 + SMALL.height // 2]
        assert middle[0] != "‹" and middle[width - 1] == "›"  # more cards to the right only
        # the marks at the row's ends: cards hidden that way
        for index, marks in ((13, (False, True)), (len(CARDS) - 1, (True, False))):
            hand.cursor = index
            await pilot.pause()
            raised = rows(hand)[0]  # only the selected card stands in the top row
            left = raised.index("┌")
            assert 0 <= left and left + SMALL.width <= width, raised
            rank = CARDS[index][0].replace("T", "10")
            assert rows(hand)[1][left + 1:].startswith(rank), rows(hand)
            middle = rows(hand)[1 + SMALL.height // 2]
            assert (middle[0] == "‹", middle[width - 1] == "›") == marks, middle
            assert hand.index_at(left + 1) == index  # a click on its rank finds it (the next card overlaps the rest)


async def test_a_row_that_fits_starts_at_the_left_edge_whatever_is_selected() -> None:
    app = OneHand()
    async with app.run_test(size=(80, 8)) as pilot:
        hand = app.query_one(HandView)
        hand.set_cards(CARDS[:8], set())
        hand.cursor = 7
        await pilot.pause()
        assert rows(hand)[1].startswith("┌1──┐")


async def test_the_marks_are_plain_text_with_ascii_cards() -> None:
    """The ``ascii`` card style is for terminals without the box and suit glyphs: its marks too."""
    app = OneHand()
    async with app.run_test(size=(40, 8)) as pilot:
        hand = app.query_one(HandView)
        hand.set_cards(CARDS, set(), style="ascii")
        hand.cursor = 13
        await pilot.pause()
        middle = rows(hand)[1 + SMALL.height // 2]
        assert middle[-1] == ">" and all(ord(ch) < 128 for row in rows(hand) for ch in row), rows(hand)


async def test_a_card_overlapped_past_its_suit_shows_its_suit_beside_its_rank() -> None:
    """Two columns of a card show at the tightest overlap: its rank, and its suit moved under
    the rank from the middle column, which the next card covers (the suit was lost there).
    A 10 takes the card's edge on its rank's row: its 0 was covered, and "1" read as a rank."""
    app = OneHand()
    async with app.run_test(size=(60, 8)) as pilot:
        hand = app.query_one(HandView)
        hand.set_cards(CARDS, set())
        hand.cursor = 0
        await pilot.pause()
        assert hand._step(hand.size.width) == 2
        drawn = rows(hand)
        ranks, suits = drawn[2], drawn[1 + SMALL.height // 2]
        shown = (hand.size.width - 1) // 2  # the cards whose two columns are in view
        for i in range(1, min(shown, len(CARDS) - 1)):  # the last card shows whole
            assert two_columns(ranks, 2 * i) == CARDS[i][0].replace("T", "10"), (i, ranks)
            assert suits[2 * i + 1] == {"C": "♣", "H": "♥"}[CARDS[i][1]], (i, suits)


async def test_the_marks_have_columns_of_their_own_and_hide_no_card() -> None:
    """38 cards in a 78-column row (a long run of draws at 80 columns) overflow it by a column
    even two columns a card: the mark "›" was drawn over the last card, and once the row moved
    along, "‹" over the first card in view, in its suit's place ("A" with no suit). The row
    keeps a column at each edge for the marks: whichever card is selected, each card in view
    shows its rank and suit, and the edges hold a mark or nothing."""
    cards = (CARDS + CARDS)[:38]
    app = OneHand()
    async with app.run_test(size=(78, 8)) as pilot:  # a table's hand at 80 columns, inside its padding
        hand = app.query_one(HandView)
        hand.set_cards(cards, set())
        await pilot.pause()
        width = hand.content_region.width
        assert width == 78 and hand._step(width) == 2 and hand._span(2) == width + 1
        for cursor in (0, 1, 20, 36, 37):  # bounded: the ends and the middle
            hand.cursor = cursor
            await pilot.pause()
            drawn = rows(hand)
            ranks, suits = drawn[2], drawn[1 + SMALL.height // 2]
            assert {row[0] for row in drawn} <= {" ", "‹"} and {row[width - 1] for row in drawn} <= {" ", "›"}, drawn
            step, start, lo, hi = hand._layout(width)
            assert (suits[0] == "‹") is (start < lo) and (suits[width - 1] == "›") is (start + hand._span(2) > hi)
            if cursor in (0, 37):  # at an end of the row, the mark of the other end only
                assert (suits[0] == "‹", suits[width - 1] == "›") == (cursor == 37, cursor == 0), (cursor, suits)
            raised = drawn[0].index("┌")
            for i, card in enumerate(cards[:-1]):
                left = start + i * 2
                if lo <= left and left + 1 < hi and i != cursor and i + 1 != cursor:
                    assert (two_columns(ranks, left), suits[left + 1]) == (card[0].replace("T", "10"), {"C": "♣", "H": "♥"}[card[1]]), \
                        (cursor, i, ranks, suits)
            assert lo <= raised and raised + SMALL.width <= hi, (cursor, drawn[0])
