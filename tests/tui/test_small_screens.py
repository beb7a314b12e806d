"""The lobby and the table at 60x20: the key bar keeps Help, the chat line's prompt fits, and
the table's log has the rows the screen can give it."""
from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Input

from tui.widgets.hand import HandView
from tui.widgets.keyfooter import KeyFooter

from .helpers import host_two_seats, make_app, notices, open_table, wait_for


def bottom_row(app: Any) -> str:
    """The screen's last row as drawn: the key bar."""
    return [strip.text for strip in app.screen._compositor.render_strips()][-1]


async def test_the_lobby_key_bar_keeps_help_at_60_columns() -> None:
    """The host's lobby at 60x20 has more keys than the bar can hold: Invite leaves the bar (C
    still invites), so that Help is not the key cut off; at 80 columns Invite is on it."""
    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        lobby = await host_two_seats(app, pilot)
        footer = lobby.query_one(KeyFooter)
        await wait_for(pilot, lambda: bottom_row(app).rstrip().endswith("esc Leave f1 Help"))
        row = bottom_row(app)
        assert "Invite" not in row and "b Bot" in row and "^s Start" in row and "/ Chat" in row, row
        await pilot.press("c")
        await wait_for(pilot, lambda: any(n.startswith("Copied to the clipboard") for n in notices(app)))
        await pilot.press("slash")  # Esc is Back to seats from the chat line: longer, and still in sight
        await wait_for(pilot, lambda: isinstance(lobby.focused, Input))
        await wait_for(pilot, lambda: "Back to seats" in bottom_row(app) and "f1 Help" in bottom_row(app))
        await pilot.press("escape")
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: footer.size.width == 80 and "c Invite" in bottom_row(app))
        assert "f1 Help" in bottom_row(app)
        await app.leave_table()


async def test_the_table_chat_prompt_fits_and_the_log_takes_the_rows() -> None:
    """A table with players at 60x20: the chat line's prompt is whole in its 26 cells, and the
    line shows only while typed in, the log taking its row (all seven of the middle's) the rest
    of the time; at 80x24 it stays, with the whole prompt."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, 0)
        chat, log = screen.query_one("#chat", Input), screen.query_one("#log")
        middle = screen.query_one("#middle")
        await wait_for(pilot, lambda: chat.placeholder == "/ to chat, Enter to send")
        assert cell_len(chat.placeholder) <= chat.content_size.width == 26
        assert isinstance(screen.focused, HandView) and chat.region.height == 0
        assert log.region.height == middle.region.height == 7
        await pilot.press("slash", *"hi")
        await wait_for(pilot, lambda: chat.region.height == 1)
        assert screen.focused is chat and log.region.height == 6
        assert log.region.bottom == chat.region.y  # the line right under the log
        await pilot.press("enter", "enter")  # sent, then back to the hand: the line goes again
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView) and chat.region.height == 0)
        assert link.chats == ["hi"] and log.region.height == 7
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: chat.placeholder == "chat: / to type, Enter to send, Esc to stop")
        await wait_for(pilot, lambda: chat.region.height == 1 and log.region.height == middle.region.height - 1)


async def test_a_terminal_smaller_than_the_screens_are_made_for_is_said_once() -> None:
    """Below 60x18 a table cuts its cards and its key bar: the app says so once as the terminal
    becomes that small, again only after it has been large enough in between; made large
    enough, the notice goes (it stayed up for its time over a terminal that was fine)."""
    from .helpers import make_app, notices, wait_for

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        said = "Make it 60x18 or more."
        small = lambda: [n for n in notices(app) if n == said]  # noqa: E731
        assert not small()
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        assert small() == [said]
        assert [n.title for n in app._notifications if n.message == said] == ["Terminal too small"]
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        assert len(small()) == 1
        await pilot.resize_terminal(60, 18)
        await wait_for(pilot, lambda: not small(), timeout=2)  # at once, not at its 8 s end
        await pilot.resize_terminal(59, 18)
        await pilot.pause()
        assert len(small()) == 1


async def test_the_too_small_notice_reads_whole_over_a_table_just_too_small() -> None:
    """At a table in a 59x17 terminal the notice stands in the few rows over the log: its
    title and its words show there whole (the longer words it had were cut after "This
    terminal is 59x17:")."""
    from textual.widgets._toast import Toast

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0)
        await pilot.resize_terminal(59, 17)
        toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast)
                                                    if t.region and "60x18" in str(t.render())), None))
        await pilot.pause(0.2)
        lines = [strip.text for strip in toast.render_lines(toast.region.reset_offset)]
        text = " ".join(" ".join(line.split()) for line in lines).strip()
        assert text == "▌ Terminal too small ▌ Make it 60x18 or more.", lines
        assert not toast.region.overlaps(screen.query_one(HandView).region)


@pytest.mark.parametrize("size", [(100, 10), (45, 15), (50, 16)])
async def test_the_too_small_notice_shows_whole_where_no_row_under_the_seats_is_left(size: tuple[int, int]) -> None:
    """Below some 16 rows a table has no row under its seats: the notice that the terminal is
    too small showed not at all (100x10, the hand's top row alone in sight and nothing said
    why), or cut ("Terminal too"); it stands over the seats, whole."""
    from textual.widgets._toast import Toast

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0)
        await pilot.resize_terminal(*size)
        toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast)
                                                    if t.region and "60x18" in str(t.render())), None))
        await pilot.pause(0.3)
        assert toast.region.y >= 0 and toast.region.bottom <= size[1]
        lines = [strip.text.lstrip("▌ ") for strip in toast.render_lines(toast.region.reset_offset)]
        text = " ".join(" ".join(line.split()) for line in lines).strip()
        assert "Terminal too small" in text and "Make it 60x18 or more." in text, lines
        drawn = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any("Make it 60x18" in row for row in drawn), drawn


async def test_a_table_opened_in_a_terminal_too_small_says_so_again() -> None:
    """The notice said as the terminal became small had gone by the time a match was dealt from
    the picker: the table showed its cut hand without a word."""
    from tui.notices import TOO_SMALL_TITLE

    app = make_app()
    async with app.run_test(size=(50, 14), notifications=True) as pilot:
        await pilot.pause()
        app.clear_notifications()  # as it has gone by itself
        await open_table(app, pilot, "crazy-eights", 3, 0)
        await wait_for(pilot, lambda: any(n.title == TOO_SMALL_TITLE for n in app._notifications))
        assert notices(app).count("Make it 60x18 or more.") == 1


async def test_at_60x18_the_line_above_the_hand_keeps_room_beside_a_long_line_under_the_board() -> None:
    """Below 20 rows the line under the board leads the hint's row. With jokers it is long
    ("follow ♦ diamonds · wild 8s, jokers · you: 0 pts · you deal") and left the hint no room:
    "Enter plays ..." never showed. It keeps at most half the row now, whole parts only."""
    from tui.tablewords import follow_text

    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, 0, preset="jokers", seed=21)
        await wait_for(pilot, lambda: screen.view is not None and screen.view.get("legal"))
        assert screen.has_class("-tiny")
        whole = follow_text(screen.view, screen.card_style).plain
        assert cell_len(whole) > 30 and "wild 8s, jokers" in whole, whole
        hand = screen.query_one(HandView)
        await wait_for(pilot, lambda: str(screen.query_one("#hint").render()).count(" │ ") == 1)
        row = str(screen.query_one("#hint").render())
        ahead, hint = row.split(" │ ")
        assert whole.startswith(ahead) and cell_len(ahead) <= 28, row
        assert cell_len(row) <= 58
        card = hand.selected
        assert hint.startswith("Enter plays ") or "cannot be played" in hint, (row, card)


@pytest.mark.parametrize("preset", ["countdown", "jokers"])
async def test_at_60x18_crazy_eights_keeps_your_count_score_and_wild_rank_beside_the_pile(preset: str) -> None:
    """crazy-eights 6.1: in Countdown a seat's wild rank is its own count's. Below 20 rows the
    line under the board leads the hint's row, and a long hint left only "follow ♥ hearts":
    nothing on the screen said the player's count, wild rank or score. They stand beside the
    pile, where Ninety-Eight's total would, one to a line; the hint's row keeps the suit."""
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 8, 0, preset=preset, seed=5)
        await wait_for(pilot, lambda: screen.view is not None and screen.query_one("#mine").region.width > 0)
        mine = screen.query_one("#mine")
        lines = [strip.text.strip() for strip in mine.render_lines(mine.region.reset_offset)]
        wanted = ["wild 8s", "you: count 8"] if preset == "countdown" else ["wild 8s,", "jokers", "you: 0 pts"]
        assert [line for line in lines if line] == wanted, lines
        board = screen.query_one("#board").region
        assert board.contains_region(mine.region)
        row = str(screen.query_one("#hint").render())
        assert row.startswith("follow ") and "you:" not in row and "wild" not in row, row
        await pilot.resize_terminal(80, 24)  # the line under the board has its rows: all of it there
        await wait_for(pilot, lambda: not mine.display)
        follow = str(screen.query_one("#follow").render())
        assert "you: " in follow and "wild 8s" in follow, follow


async def test_at_60x18_a_game_with_a_total_keeps_its_own_status_in_the_hints_row() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-nine", 4, 0, seed=5)
        await wait_for(pilot, lambda: str(screen.query_one("#hint").render()).startswith("you: 9 chips │ "))
        assert not screen.query_one("#mine").display


async def test_the_too_small_notice_is_not_written_into_the_tables_log() -> None:
    """A notice cut short below 20 rows is given whole in the log; the one saying the terminal
    is too small was too, at each resize below 60x18, between the plays: it is about the
    terminal, and stays a notice."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "crazy-eights", 8, 0, seed=5)
        log = screen.query_one("#log")
        for size in ((50, 15), (80, 24), (40, 12), (60, 18)):
            await pilot.resize_terminal(*size)
            await pilot.pause(0.3)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: bool(log.lines))
        await pilot.pause(0.3)
        said = [line.text for line in log.lines]
        assert said and not any("60x18" in line or "too small" in line for line in said), said
