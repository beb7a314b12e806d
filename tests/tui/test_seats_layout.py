"""The opponents' row at 80x24: every seat of every game's largest table is on screen with its
turn highlight, names and wording cut to fit; status plurals; partners marked with teams."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.geometry import Region

from core import new_match
from core.registry import GAMES
from tui.screens.table import TableScreen
from tui.widgets.hand import HandView
from tui.seatnames import short_bot_names
from tui.widgets.seats import EDGE, SeatBox, cut_apart, status_text

from .helpers import make_app, notices
from .matchlink import MatchLink

NAMES = ["Normal bot", "Bartholomew", "Cy", "Expert bot", "Zoë", "Easy bot", "Dee", "Maximilian"]


async def show_table(app: Any, pilot: Any, game: str, players: int, seat: int | None = -1,
                     names: list[str] = NAMES, **kw: Any) -> TableScreen:
    """A table over a fresh match (dealer 0). By default the viewer sits just after the seat to
    act, so that the seat to act is the last box of the row, the one that overflowed."""
    match = new_match(game, players, dealer=0, seed=3, **kw)
    if seat == -1:
        seat = (match.current_seat + 1) % players
    link = MatchLink(match, seat, names[:players])  # type: ignore[arg-type]
    screen = TableScreen(link, app.card_style, app.palette)
    link.screen = screen
    screen.show(link.view(), [])
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


def boxes(screen: TableScreen) -> list[SeatBox]:
    return list(screen.query(SeatBox))


def drawn(screen: TableScreen, box: SeatBox, row: int) -> str:
    """What the screen shows of ``box``'s ``row`` (0: its top border, 3: its bottom one)."""
    line = screen._compositor.render_strips()[box.region.y + row].text
    return line[box.region.x:box.region.right]


def check_row(app: Any, screen: TableScreen, expected: int) -> None:
    """Every box on screen, side by side without overlap, its text inside it; only the seat to
    act highlighted (heavy border); the hand still whole on screen."""
    whole = Region(0, 0, *app.size)
    row = boxes(screen)
    assert len(row) == expected
    right = 0
    for box in row:
        assert whole.contains_region(box.region), (box.seat, box.region)
        assert box.region.width >= 8, (box.seat, box.region)
        assert box.region.x >= right, (box.seat, box.region)
        right = box.region.right
        text = box.render()
        for line in text.split():
            assert cell_len(line.plain) <= box.content_size.width, (box.seat, line.plain)
        assert cell_len(str(box.border_title)) <= box.region.width - EDGE
        assert str(box.border_title) in drawn(screen, box, 0), (box.seat, drawn(screen, box, 0))
    current = screen.view["current_seat"]
    for box in row:
        turn = box.seat == current
        assert box.has_class("turn") == turn, box.seat
        assert (box.styles.border_top[0] == "heavy") == turn, box.seat
    assert any(box.has_class("turn") for box in row) == (current != screen.view["seat"])
    hand = screen.query_one(HandView)
    assert whole.contains_region(hand.region) and hand.region.height == 6


async def test_every_seat_count_fits_80_columns() -> None:
    """Each game, 2 seats to its most: all the opponents' boxes in 80 columns, the seat to act
    (the last box) highlighted."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for game, info in GAMES.items():
            for players in range(info.min_players, info.max_players + 1):
                screen = await show_table(app, pilot, game, players)
                check_row(app, screen, players - 1)
                app.pop_screen()
                await pilot.pause()
        assert max(info.max_players for info in GAMES.values()) == 8  # what the row is sized for


async def test_spectator_sees_all_eight_seats() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "crazy-eights", 8, seat=None)
        check_row(app, screen, 8)


async def test_narrow_boxes_cut_names_and_wording() -> None:
    """Seven opponents at 80 columns: long names end in an ellipsis, short ones stay whole; the
    lines keep the card count and lives; the dealer's mark shortens."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 8, seat=0)
        by_seat = {box.seat: box for box in boxes(screen)}
        title = str(by_seat[1].border_title)
        assert title.endswith("…") and "Bartholomew".startswith(title[:-1]) and len(title) > 2
        assert str(by_seat[3].border_title).startswith("Exp")
        assert str(by_seat[2].border_title) == "Cy" and str(by_seat[4].border_title) == "Zoë"
        dealer = screen.view["dealer"]
        for box in boxes(screen):
            lines = [line.plain for line in box.render().split()]
            assert lines[0].startswith("4 card"), lines
            assert lines[1] == "3 lives", lines
            if box.seat == dealer:
                assert lines[0].endswith(" D") or "dealer" in lines[0] or "dealer" in drawn(screen, box, 3)
        assert all(box.has_class("narrow") for box in boxes(screen))


async def test_seven_bots_of_one_level_read_apart() -> None:
    """Seven opponents named as the table names its bots ("Normal bot", "Normal bot 2", ...),
    eight seats at 80 columns: too long for the boxes, they read "Bot", "Bot 2"... "Bot 7" (they
    read "Normal…", "Norma…2": the level, the same on each, took the room), every box apart and
    within its border. Bots of two levels keep the level, cut to fit, each box still apart."""
    app = make_app()
    names = ["You", "Normal bot", *(f"Normal bot {n}" for n in range(2, 8))]
    mixed = ["You", "Normal bot", "Normal bot 2", "Normal bot 3", "Normal bot 4", "Hard bot", "Hard bot 2",
             "Hard bot 3"]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "crazy-eights", 8, seat=0, names=names)
        titles = {box.seat: str(box.border_title) for box in boxes(screen)}
        assert titles == {seat: "Bot" if seat == 1 else f"Bot {seat}" for seat in range(1, 8)}, titles
        for box in boxes(screen):
            assert drawn(screen, box, 0).strip("╭╮─┏┓━ ") == titles[box.seat]
        app.pop_screen()
        await pilot.pause()
        screen = await show_table(app, pilot, "crazy-eights", 8, seat=0, names=mixed)
        titles = {box.seat: str(box.border_title) for box in boxes(screen)}
        assert len(set(titles.values())) == 7, titles
        for seat, title in titles.items():
            assert title.startswith(mixed[seat][:2]) and "…" in title, title
            if mixed[seat][-1].isdigit():
                assert title.endswith(f"…{mixed[seat][-1]}"), title
            assert cell_len(title) <= by_width(screen, seat) - EDGE


async def test_bots_of_one_level_read_in_one_style_at_60_columns() -> None:
    """Five seats at 60x18, four boxes too narrow for "Normal bot 2" but just wide enough for
    "Normal bot": the first box reads "Bot" as the others read "Bot 2"... (it kept "Normal bot",
    drawn without the line and blank before it that the other boxes' names have)."""
    app = make_app()
    names = ["You", "Normal bot", *(f"Normal bot {n}" for n in range(2, 5))]
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await show_table(app, pilot, "crazy-eights", 5, seat=0, names=names)
        row = boxes(screen)
        titles = [str(box.border_title) for box in row]
        assert titles == ["Bot", "Bot 2", "Bot 3", "Bot 4"], titles
        for box, title in zip(row, titles):
            top = drawn(screen, box, 0)
            assert top[1:3] in ("─ ", "━ ") and top[3:].startswith(f"{title} "), top


async def test_six_seats_show_whole_names_and_the_word_dealer() -> None:
    """Six seats at 80 columns, five boxes of 16 cells: the table's bot names ("Normal bot 2")
    and names of 11 or 12 letters are drawn whole on the top borders (they were cut to ten
    cells, "Normal b…2"), and the dealer's box says "dealer" (it said "dlr")."""
    app = make_app()
    bots = ["You", "Normal bot", *(f"Normal bot {n}" for n in range(2, 6))]
    people = ["Ana", "Bartholomew", "Maximilian", "Evangelina", "Christopher", "Wilhelmina"]
    async with app.run_test(size=(80, 24)) as pilot:
        for names in (bots, people):
            screen = await show_table(app, pilot, "crazy-eights", 6, seat=3, names=names)
            row = boxes(screen)
            assert [box.region.width for box in row] == [16] * 5
            for box in row:
                assert f" {names[box.seat]} " in drawn(screen, box, 0), drawn(screen, box, 0)
            dealer = next(box for box in row if box.seat == 0)
            assert "dealer" in drawn(screen, dealer, 3) and box_text(dealer).split()[1] == "cards"
            assert not any("dlr" in box_text(box) or " D" in box_text(box) for box in row)
            app.pop_screen()
            await pilot.pause()


async def test_six_seats_in_teams_say_dealer_whole() -> None:
    """Six seats in pairs at 80 columns: a rival dealer's bottom border says its team and
    "dealer" ("B · dealer"); the partner's keeps "partner" there, and its first line says
    "dealer" before it says "cards"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for dealer, seat in ((1, 0), (3, 0)):  # seat 0's partner is seat 3
            match = new_match("ninety-eight", 6, preset="teams", dealer=dealer, seed=3)
            link = MatchLink(match, seat, NAMES[:6])  # type: ignore[arg-type]
            screen = TableScreen(link, app.card_style, app.palette)
            link.screen = screen
            screen.show(link.view(), [])
            await app.push_screen(screen)
            await pilot.pause()
            box = next(b for b in boxes(screen) if b.seat == dealer)
            bottom = drawn(screen, box, 3)
            if dealer == 3:
                assert "partner" in bottom and box_text(box).startswith("4 cd dealer"), (bottom, box_text(box))
            else:
                assert " B · dealer " in bottom and box_text(box).startswith("4 cards 3 lives"), bottom
            app.pop_screen()
            await pilot.pause()


async def test_names_alike_read_apart() -> None:
    """Long names that differ only at their ends ("Christopher A", "Christopher B") are cut in
    the middle, keeping their ends: six seats read apart, at 80 and at 60 columns."""
    names = [f"Christopher {letter}" for letter in "ABCDEF"]
    for size in ((80, 24), (60, 20)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            screen = await show_table(app, pilot, "ninety-eight", 6, seat=0, names=names)
            shown = [drawn(screen, box, 0).strip("╭╮─┏┓━ ") for box in boxes(screen)]
            assert len(set(shown)) == 5, shown
            for box, title in zip(boxes(screen), shown):
                assert title.startswith("Chr") and title.endswith(names[box.seat][-1]) and "…" in title, title


def test_cut_apart() -> None:
    assert cut_apart(["Normal bot", "Normal bot 2"], 7) == ["Normal…", "Norma…2"]  # the number kept already
    assert cut_apart(["Christopher A", "Christopher B", "Cy"], 9) == ["Chri…er A", "Chri…er B", "Cy"]
    # wide letters: cut in the middle, two names differing just before their last letter both
    # read "王…号" in a narrow box; they are cut from where they differ
    wide = ["王小明王小明王小明王小明一号", "王小明王小明王小明王小明二号", "Bo"]
    assert cut_apart(wide, 5) == ["…一号", "…二号", "Bo"]
    assert cut_apart(["AlexanderXmiddleYend", "AlexanderZmiddleYend"], 10) == ["…XmiddleY…", "…ZmiddleY…"]
    assert cut_apart(["Christopher A", "Christopher A"], 9) == ["Christop…"] * 2  # the same name: nothing to tell
    assert cut_apart(["Bartholomew"], 12) == ["Bartholomew"]
    # numbered names cut in the middle keep their number once, at the end
    assert cut_apart(["Christopher A", "Christopher A 2", "Christopher B", "Christopher B 2"], 12) == [
        "Christ…her A", "Christ…r A 2", "Christ…her B", "Christ…r B 2"]


def test_short_bot_names() -> None:
    assert short_bot_names(["Normal bot", "Normal bot 2", "Normal bot 3"], 7) == ["Bot", "Bot 2", "Bot 3"]
    assert short_bot_names(["Ana", "Hard bot", "Hard bot 2"], 7) == ["Ana", "Bot", "Bot 2"]
    assert short_bot_names(["Normal bot", "Normal bot 2"], 16) == ["Normal bot", "Normal bot 2"]  # they fit
    # one name too long: every bot reads "Bot"..., the one that fits too, so that the row reads alike
    assert short_bot_names(["Normal bot", "Normal bot 2"], 10) == ["Bot", "Bot 2"]
    assert short_bot_names(["Ana", "Hard bot", "Hard bot 12"], 9) == ["Ana", "Bot", "Bot 12"]
    # eight seats at 60 columns leave four cells: "Bot2", where "Bot 2" was cut to "Bo…2"
    assert short_bot_names(["You", "Normal bot", "Normal bot 2", "Normal bot 7"], 4) == ["You", "Bot", "Bot2", "Bot7"]
    # bots of two levels: the level is what tells them apart; a player called "Bot 2" is not doubled
    assert short_bot_names(["Normal bot", "Hard bot", "Normal bot 2"], 7) == ["Normal bot", "Hard bot", "Normal bot 2"]
    assert short_bot_names(["Bot 2", "Normal bot", "Normal bot 2"], 7) == ["Bot 2", "Normal bot", "Normal bot 2"]
    assert short_bot_names(["Normal botany", "Expert bot"], 5) == ["Normal botany", "Expert bot"]  # not the host's


def by_width(screen: TableScreen, seat: int) -> int:
    return next(box.region.width for box in boxes(screen) if box.seat == seat)


async def test_wide_boxes_unchanged() -> None:
    """Three opponents at 80 columns keep the full wording and padding."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 4, seat=1)
        for box in boxes(screen):
            assert not box.has_class("narrow")
            assert str(box.border_title) == NAMES[box.seat]
            assert not str(box.border_subtitle or "")  # no teams: no marks
        dealer = next(box for box in boxes(screen) if box.seat == 0)
        assert dealer.render().split()[0].plain == "4 cards · dealer"


def test_status_plurals() -> None:
    assert status_text({"chips": 1}) == "1 chip"
    assert status_text({"chips": 0}) == "0 chips"
    assert status_text({"chips": 5}) == "5 chips"
    assert status_text({"score": 1}) == "1 pt"
    assert status_text({"score": 34, "count": 6}) == "34 pts, count 6"
    assert status_text({"lives": 1, "penalties": 2}) == "1 life"
    assert status_text({"lives": 2, "in_hand": False}) == "2 lives, out of this hand"
    assert status_text({"out": True, "lives": 0}) == "out"


async def test_one_chip_in_the_seat_box() -> None:
    """Stakes with two chips and an ante of one: each seat has 1 chip, not "1 chips"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 4, seat=0, preset="stakes",
                                  options={"chips": 2, "ante": 1})
        for box in boxes(screen):
            assert box.render().split()[1].plain == "1 chip"
        assert "you: 1 chip" in str(screen.query_one("#follow").render())
        assert "1 chips" not in str(screen.query_one("#follow").render())


async def test_the_winner_of_a_finished_match_does_not_sit_out() -> None:
    """ninety-eight 6.3 (stakes): at the end of the match no hand follows, so no seat "sits
    out" of one: the winner's box shows its cards and is not dimmed as the seats out are, and
    neither the player's own line nor S says it; nor is anyone the dealer any more."""
    import random

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        match = new_match("ninety-eight", 4, "stakes", seed=5)
        rng = random.Random(5)
        for _ in range(20_000):  # bounded: a random stakes match ends well within it
            if match.is_over:
                break
            match.apply(rng.choice(match.legal_actions()))
        assert match.is_over
        viewer = next(s for s in range(4) if s not in match.winners)
        link = MatchLink(match, viewer, NAMES[:4])  # type: ignore[arg-type]
        screen = TableScreen(link, app.card_style, app.palette)
        link.screen = screen
        screen.show(link.view(), [])
        await app.push_screen(screen)
        await pilot.pause()
        shown = {box.seat: box for box in boxes(screen)}
        for seat in match.winners:
            if seat in shown:
                assert "sits out" not in box_text(shown[seat]) and not shown[seat].has_class("gone")
        assert not any("sits out" in box_text(box) for box in shown.values())
        assert "out of this hand" not in str(screen.query_one("#follow").render())  # nor the player's own line
        screen.action_say_scores()  # nor S, which says every seat's standing
        await pilot.pause()
        said = [n for n in notices(app) if n.startswith("Scores:")]
        assert said and not any("sits out" in n or "out of this hand" in n for n in said)
        # nor does anyone deal again: no box says "dealer", nor the player's own line "you deal"
        assert not any("dealer" in box_text(box) for box in shown.values())
        assert "deal" not in str(screen.query_one("#follow").render())


def box_text(box: SeatBox) -> str:
    return " ".join(line.plain for line in box.render().split())


async def test_your_own_deal_is_said_as_the_others_boxes_say_theirs() -> None:
    """rules README (the deal passes clockwise): the dealer's box says "dealer"; the player's
    own seat has no box, so its line under the board says it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dealer = await show_table(app, pilot, "ninety-eight", 4, seat=0)  # show_table deals from seat 0
        assert "you: 3 lives · you deal" in str(dealer.query_one("#follow").render())
        app.pop_screen()
        other = await show_table(app, pilot, "ninety-eight", 4, seat=1)
        assert "deal" not in str(other.query_one("#follow").render())
        assert any("dealer" in box_text(box) for box in boxes(other))


async def test_teams_mark_the_partner() -> None:
    """Ninety-Eight's teams preset at four seats: partners sit opposite (7.2), so seat 0's
    partner is seat 2, marked ``partner``; seats 1 and 3 carry their team's letter."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 4, seat=0, preset="teams")
        assert screen.view["teams"] == [[0, 2], [1, 3]]
        by_seat = {box.seat: box for box in boxes(screen)}
        assert str(by_seat[2].border_subtitle) == "partner"
        assert by_seat[2].has_class("partner")
        for other in (1, 3):
            assert str(by_seat[other].border_subtitle) == "team B"
            assert not by_seat[other].has_class("partner")


async def test_teams_at_eight_seats() -> None:
    """Eight seats in pairs at 80 columns: the partner (seat 4) marked, the rival pairs each
    share a mark of their own, every label inside its box."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 8, seat=0, preset="teams")
        check_row(app, screen, 7)
        by_seat = {box.seat: box for box in boxes(screen)}
        assert [b.seat for b in boxes(screen) if b.has_class("partner")] == [4]
        assert str(by_seat[4].border_subtitle) in ("partner", "ptnr")
        marks = {s: str(by_seat[s].border_subtitle) for s in (1, 2, 3, 5, 6, 7)}
        for s in (1, 2, 3):
            assert marks[s] == marks[s + 4] and marks[s] not in ("", "None", "partner", "ptnr")
        assert len({marks[1], marks[2], marks[3]}) == 3
        for box in boxes(screen):
            assert cell_len(str(box.border_subtitle)) <= box.region.width - EDGE
            assert str(box.border_subtitle) in drawn(screen, box, 3)


async def test_spectator_sees_teams_by_letter() -> None:
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await show_table(app, pilot, "ninety-eight", 4, seat=None, preset="teams")
        marks = [str(box.border_subtitle) for box in boxes(screen)]
        assert marks == ["team A", "team B", "team A", "team B"]
        assert not any(box.has_class("partner") for box in boxes(screen))


LONG = "Bartholomew-Fitzgerald-X"


async def test_a_long_marked_name_keeps_its_mark_whole_at_60_columns() -> None:
    """A long name's "(idle)", "(away)" or "(bot)" tells the seat's state: the box cuts the name
    before it, once, and keeps the mark whole, on the seat to act's heavy border too (the name
    was cut to 9 cells with the mark, then the two cut again: "Bartholo……")."""
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        for mark in (" (idle)", " (away)", " (bot)"):
            names = ["Ana", f"{LONG}{mark}", f"{LONG}{mark}", "Cy", "Dee"]
            screen = await show_table(app, pilot, "ninety-eight", 5, seat=0, names=names)
            current = screen.view["current_seat"]
            marked = [box for box in boxes(screen) if box.seat in (1, 2)]
            assert current in (1, 2) and len(marked) == 2
            for box in marked:
                top = drawn(screen, box, 0)
                assert top.count("…") == 1 and f"…{mark} " in top and "Bar" in top, top
                assert top.startswith("┏" if box.seat == current else "╭"), top
            app.pop_screen()
            await pilot.pause()


def test_cut_apart_keeps_a_seats_mark() -> None:
    assert cut_apart([f"{LONG} (idle)", "Cy"], 12) == ["Bart… (idle)", "Cy"]
    assert cut_apart([f"{LONG} (bot)", f"{LONG} 2 (bot)"], 14) == ["Barthol… (bot)", "Bartho…2 (bot)"]
    assert cut_apart(["Bo (away)"], 12) == ["Bo (away)"]  # whole where it fits
    assert cut_apart([f"{LONG} (idle)"], 9) == ["Bartholo…"]  # no room for a name and the mark
