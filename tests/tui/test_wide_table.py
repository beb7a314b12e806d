"""A table in a wide terminal: the log keeps a reader's width and the board stands in the
middle of the rest, instead of a board in a corner beside a log as wide as the screen."""
from __future__ import annotations

from tui.screens.table import WIDE

from .helpers import make_app, open_table, wait_for


async def test_from_wide_columns_the_board_stands_in_the_middle_and_the_log_keeps_its_width() -> None:
    app = make_app()
    async with app.run_test(size=(160, 44)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=3)
        await wait_for(pilot, lambda: screen.has_class("-wide") and screen.query_one("#board").region.width)
        side, centre = screen.query_one("#side").region, screen.query_one("#centre").region
        board, follow = screen.query_one("#board").region, screen.query_one("#follow").region
        assert side.width == 70 and side.right == 160
        assert centre.width == 90
        # as much room left of the board as right of it, and above it as below its line
        assert abs((board.x - centre.x) - (centre.right - board.right)) <= 1
        above, below = board.y - centre.y, centre.bottom - follow.bottom
        assert above > 5 and abs(above - below) <= 1

        await pilot.resize_terminal(WIDE - 1, 30)  # one column short: the board back in its corner
        await wait_for(pilot, lambda: not screen.has_class("-wide"))
        await pilot.pause()
        centre, board = screen.query_one("#centre").region, screen.query_one("#board").region
        assert centre.width == 32 and board.x == centre.x + 1 and board.y == centre.y
        assert screen.query_one("#side").region.width == WIDE - 1 - 32


def test_a_large_card_has_its_rank_in_two_corners_and_its_suit_in_the_middle() -> None:
    """Every size draws the same card: the small one as it always was, the large one with room
    round the suit; a back and an empty pile take the same cells as a face."""
    from tui.cardface import LARGE, SMALL, back_lines, empty_lines, face_lines

    small = [line.plain for line in face_lines("TH", number="3")]
    assert small == ["┌3──┐", "│10 │", "│ ♥ │", "│ 10│", "└───┘"]
    large = [line.plain for line in face_lines("TH", number="3", size=LARGE)]
    assert large == ["┌3────┐", "│10   │", "│     │", "│  ♥  │", "│     │", "│   10│", "└─────┘"]
    for style in ("two-colour", "ascii"):
        for size in (SMALL, LARGE):
            for lines in (face_lines("JK", style, size=size), back_lines(style, size=size),
                          empty_lines(style, size)):
                assert [len(line.plain) for line in lines] == [size.width] * size.height, (style, size)


async def test_a_wide_and_tall_table_draws_its_cards_large_and_a_click_still_finds_them() -> None:
    """From ``ROOMY`` rows on a wide table the hand and the pile are drawn large; the number
    keys, a click on a card and a click on the stock still do what they do at 80x24; and the
    cards shrink again when the terminal does."""
    from textual.widgets import Static

    from tui.cardface import LARGE, SMALL
    from tui.screens.table import ROOMY
    from tui.widgets.board import GAP
    from tui.widgets.hand import HandView

    app = make_app()
    async with app.run_test(size=(WIDE, ROOMY)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=5)
        hand = screen.query_one(HandView)
        await wait_for(pilot, lambda: hand.card_size == LARGE and hand.region.height == LARGE.height + 1)
        rows = str(hand.render()).splitlines()
        assert len(rows) == LARGE.height + 1
        first = rows[0 if hand.cursor == 0 else 1]  # the selected card stands a row higher
        assert first.startswith("┌1────┐"), rows
        board = str(screen.query_one("#cards", Static).render()).splitlines()
        assert len(board) == LARGE.height + 1 and board[0].startswith("┌─────┐" if screen.view["top"] else "╭")
        assert board[-1].startswith("pile ")
        # a click on the third card selects it, the way a click does at any size
        await pilot.click(HandView, offset=(2 * (LARGE.width + 1) + 3, 4))
        assert hand.cursor == 2
        # a click on the stock draws, where the large stock is drawn
        before = len(link.sent)
        await pilot.click("#cards", offset=(LARGE.width + GAP + 3, 3))
        await wait_for(pilot, lambda: len(link.sent) > before)
        assert link.sent[-1] == "draw"

        await pilot.resize_terminal(WIDE, ROOMY - 1)
        await wait_for(pilot, lambda: hand.card_size == SMALL and hand.region.height == SMALL.height + 1)
        assert len(str(screen.query_one("#cards", Static).render()).splitlines()) == SMALL.height + 1
        await pilot.resize_terminal(WIDE - 1, ROOMY + 4)  # tall but not wide: small still
        await pilot.pause(0.2)
        assert hand.card_size == SMALL


async def test_on_a_wide_table_the_hand_stands_under_the_board_and_clicks_find_its_cards() -> None:
    """The hand's row is centred under the board where it fits (as far as the width allows
    where it does not), a click on a card there selects that card, and a narrower table draws
    the row from the left edge again."""
    from tui.widgets.hand import HandView

    app = make_app()
    async with app.run_test(size=(160, 44)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=3)
        hand = screen.query_one(HandView)
        await wait_for(pilot, lambda: hand.centre_on is not None and len(hand.cards) == 4)
        board = screen.query_one("#board").region

        def row_span() -> tuple[int, int]:
            """Screen columns of the row's first and last drawn cell (the lower row: every card
            but the raised one has its top edge there)."""
            rows = str(hand.render()).splitlines()
            cells = [i for row in rows for i, ch in enumerate(row) if ch != " "]
            return hand.content_region.x + min(cells), hand.content_region.x + max(cells)

        left, right = row_span()
        assert abs((left + right) / 2 - (board.x + board.width / 2)) <= 1, (left, right, board)
        assert left > hand.content_region.x + 20  # not at the edge
        # a click on the third card, where it is drawn, selects it
        step = hand.card_size.width + 1
        await pilot.click(HandView, offset=(left - hand.region.x + 2 * step + 2, 4))
        assert hand.cursor == 2

        # an empty hand says so under the board too
        hand.set_cards([], set())
        words = str(hand.render())
        assert abs(hand.content_region.x + words.index("(") + len("(no cards)") / 2
                   - (board.x + board.width / 2)) <= 1, words

        hand.set_cards(screen.view["hand"], set())
        await pilot.resize_terminal(WIDE - 1, 30)
        await wait_for(pilot, lambda: hand.centre_on is None)
        await pilot.pause()
        assert row_span()[0] == hand.content_region.x
        await pilot.click(HandView, offset=(1 + 1 * (hand.card_size.width + 1) + 2, 4))
        assert hand.cursor == 1
