"""Where the table's notices stand: H's hint (and the other notices) over the log, never over
the hand, whose card the hint names, nor the key bar, at 80x24 and 60x20; never over the seats,
however many are current; and below 22 rows, where one shows at a time, the newest still held."""
from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets._toast import Toast, ToastHolder, ToastRack

from core import new_match
from tui.widgets.hand import HandView
from tui.widgets.keyfooter import KeyFooter
from tui.widgets.seats import SeatBox

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


def shown(toast: Toast) -> bool:
    """The notice is drawn: in the screen's map (a hidden holder's notice is not)."""
    return bool(toast.region)


def held(screen: Screen[Any], message: str) -> Toast | None:
    """The notice of ``message`` the screen holds, shown or not."""
    return next((t for t in screen.query(Toast) if message in str(t.render())), None)


def seats_clear(screen: Screen[Any]) -> None:
    """No notice stands over the seats: by region, and by what is drawn on every cell of the
    seats' bottom row (their border, which a notice stacked too high covered)."""
    seats = screen.query_one("#seats").region
    for toast in screen.query(Toast):
        assert not (shown(toast) and toast.region.overlaps(seats)), (toast.region, seats)
    for x in range(seats.x, seats.right):
        widget, _ = screen.get_widget_at(x, seats.bottom - 1)
        assert isinstance(widget, SeatBox), (x, widget)


OLDER = "P2 plays the queen of hearts: 98 (the older notice)"
NEWER = "It is your turn (the newer notice)"


@pytest.mark.parametrize("gone", ["dismissed", "timed out"])
@pytest.mark.parametrize("size", [(60, 20), (60, 19)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_below_22_rows_the_older_notice_shows_once_the_newer_goes(size: tuple[int, int], gone: str) -> None:
    """Below 22 rows only the newest notice shows; when it goes (clicked away, or its time is
    up) while an older one still runs, that one shows: it is still current."""
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0, seed=7)
        assert screen.has_class("-short" if size[1] >= 20 else "-tiny")
        screen.notify(OLDER, timeout=60)
        older = await wait_for(pilot, lambda: (t := held(screen, OLDER)) is not None and shown(t) and t)
        screen.notify(NEWER, timeout=60 if gone == "dismissed" else 3)
        newer = await wait_for(pilot, lambda: (t := held(screen, NEWER)) is not None and shown(t) and t)
        await wait_for(pilot, lambda: not shown(older))  # one notice at a time below 22 rows
        seats_clear(screen)
        if gone == "dismissed":
            await pilot.click(newer)
        await wait_for(pilot, lambda: held(screen, NEWER) is None, timeout=30)
        await wait_for(pilot, lambda: shown(older), timeout=5)
        assert held(screen, OLDER) is older and [t for t in screen.query(Toast) if shown(t)] == [older]
        seats_clear(screen)


LONG = ('L says "last card!" with the play that leaves you one card: you hold 14, and '
        "the hand must come down to two before it means anything.")


@pytest.mark.parametrize("size, solo, both", [((80, 24), True, True), ((80, 24), False, False),
                                              ((100, 30), False, True), ((60, 22), False, False)],
                         ids=["80x24-solo", "80x24-talk", "100x30-talk", "60x22-talk"])
async def test_a_stack_of_notices_never_covers_the_seats(size: tuple[int, int], solo: bool, both: bool) -> None:
    """A long warning and then a hint, both still current: the hint (the newest) shows whole
    and the stack stops under the seats, the warning out of sight where there is no room for
    it whole above the hint (a short hint leaves it room at 80x24, a long one not; at 100x30
    there is room)."""
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        if solo:
            screen = await show_link(app, pilot, long_hand(), first_plays=False)
            await pilot.press("l")  # fourteen cards: L says why it played nothing
            await wait_for(pilot, lambda: any("last card!" in str(t.render()) for t in screen.query(Toast)))
            await pilot.press("h")
            hint = await wait_for(pilot, lambda: next((t for t in screen.query(Toast) if "Hint: play" in str(t.render())), None))
        else:
            screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0, seed=7)
            screen.warn(LONG)
            await wait_for(pilot, lambda: held(screen, "last card!"))
            screen.say("Hint: play the seven of hearts: it keeps the total low and your high cards for later.")
            hint = await wait_for(pilot, lambda: held(screen, "Hint: play"))
        assert screen.has_class("-tall")
        await wait_for(pilot, lambda: shown(hint))
        await pilot.pause()
        assert len(screen.query(Toast)) == 2  # the warning is still current
        seats_clear(screen)
        assert screen.get_widget_at(hint.region.x + 2, hint.region.y + 1)[0] is hint
        warning = next(t for t in screen.query(Toast) if t is not hint)
        assert shown(warning) == both


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_notices_standing_still_lay_the_table_out_no_more(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping the notices in place after a layout changes nothing once they are in place: no
    layout after layout, a frame at a time, while nothing moves."""
    import tui.screens.table as table

    kept: list[int] = []
    keep = table.keep_notices

    def counted(*args: Any, **kwargs: Any) -> None:
        kept.append(1)
        keep(*args, **kwargs)

    monkeypatch.setattr(table, "keep_notices", counted)
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 4, 0, seed=7)
        screen.notify(OLDER, timeout=60)
        screen.notify(LONG, timeout=60)
        await wait_for(pilot, lambda: (t := held(screen, "last card!")) is not None and shown(t))
        await pilot.pause(0.3)
        before = len(kept)
        await pilot.pause(1.0)
        assert before and len(kept) - before <= 2, len(kept) - before


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (60, 18)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_log_makes_room_for_a_notice_and_takes_it_back(size: tuple[int, int]) -> None:
    """A notice over the log stood over its newest lines: a bot's play made while a hint stood
    came in behind it. The log ends above the notice while it stands, at its newest line, and
    takes its rows back once the notice goes."""
    from tui.notices import take_down
    from tui.widgets.tablelog import TableLog

    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await show_link(app, pilot, long_hand(), first_plays=False)
        log = screen.query_one("#log", TableLog)
        full = log.region
        await pilot.press("h")
        toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast) if t.region), None))
        await wait_for(pilot, lambda: log.region.bottom <= toast.region.y)
        assert log.region.height >= 1 and log.region.y == full.y
        for n in range(3):  # lines written while the notice stands show above it
            screen.log_line(f"Line {n}")
        await wait_for(pilot, lambda: log.scroll_offset.y == log.max_scroll_y and log.lines
                       and log.lines[-1].text.strip() == "Line 2")
        assert not log.region.overlaps(toast.region)
        take_down(app, {str(n.message) for n in app._notifications})
        await wait_for(pilot, lambda: log.region == full and log.scroll_offset.y == log.max_scroll_y)


async def _held_time_and_again(app: Any, pilot: Any, screen: Screen[Any], rounds: int) -> list[ToastHolder]:
    """A notice shown on ``screen``, then a question (which holds the notices up) opened over it
    and answered, ``rounds`` times: the holders left in its rack."""
    from tui.screens.confirm import ConfirmScreen

    for round_ in range(rounds):
        app.notify(f"{OLDER} ({round_})", timeout=60)
        await wait_for(pilot, lambda: (t := held(screen, f"{OLDER} ({round_})")) is not None and shown(t))
        app.push_screen(ConfirmScreen("Leave this match?", "It is saved.", yes="Leave"))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        app.pop_screen()
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.pause()
    await pilot.pause(0.2)
    return [h for h in screen.get_child_by_type(ToastRack).children if isinstance(h, ToastHolder)]


@pytest.mark.parametrize("size", [(60, 18), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_notices_held_behind_questions_time_and_again_leave_the_next_one_shown(size: tuple[int, int]) -> None:
    """Each question (a ConfirmScreen) takes the table's notices up to wait with it, and Textual,
    taking a notice down, leaves its holder in the table's rack: over a long evening they piled
    up (one a notice), and at 60x18 a notice no longer showed at all (after a rematch, none).
    Once the table is back on top its rack holds only notices, and the next one is shown."""
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        screen, _link = await open_table(app, pilot, "crazy-eights", 3, 0, seed=7)
        await _held_time_and_again(app, pilot, screen, 6)
        screen.notify(NEWER, timeout=60)
        newer = await wait_for(pilot, lambda: (t := held(screen, NEWER)) is not None and shown(t) and t)
        await pilot.pause()
        holders = [h for h in screen.get_child_by_type(ToastRack).children if isinstance(h, ToastHolder)]
        assert all(h.query(Toast) for h in holders), f"{len(holders)} holders, some empty"
        assert len(holders) <= 7 and shown(newer)
        seats_clear(screen)


async def test_a_screen_back_on_top_keeps_no_holders_of_notices_gone_meanwhile() -> None:
    """Not only the table: home, under a question that held its notices time and again, keeps
    a holder only for a notice still up once it is back on top."""
    from tui.screens.home import HomeScreen

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen)
        holders = await _held_time_and_again(app, pilot, home, 4)
        assert all(h.query(Toast) for h in holders) and len(holders) == len(list(app._notifications)), len(holders)


async def test_a_notice_taken_down_before_it_reached_the_screen_does_not_come() -> None:
    """Textual posts a notice, and holds it once that message is read: one taken down in the
    same breath (a key burst: Space said "Your draw is kept", and the Enter after it played)
    was not yet there to take down, and came after, standing over the play it spoke of."""
    from tui.notices import take_down

    from .helpers import notices

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("Your draw is kept: you draw as soon as you play a card.", severity="warning")
        take_down(app, {"Your draw is kept: you draw as soon as you play a card."})
        await pilot.pause()
        assert "Your draw is kept: you draw as soon as you play a card." not in notices(app)
        app.notify("Your draw is kept: you draw as soon as you play a card.", severity="warning")  # said again after
        await pilot.pause()
        assert notices(app).count("Your draw is kept: you draw as soon as you play a card.") == 1
