"""Crazy Eights Countdown's results (rules 6.2, 6.3): a hand's end says who went out and how
their count moved, in the log and in its box, where each seat's count before and after the
hand shows; the match's end says the winner went out on a count of 1."""
from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from core import Match, new_match
from core.cards import CARD_STR, parse_card
from tests.core.stacked import patched, state
from tui.eventtext import describe, left_in_hands, with_causes
from tui.handchange import count_words
from tui.screens.picker import TableChoice
from tui.screens.results import ResultsScreen, standings
from tui.screens.table import TableScreen

from .helpers import current, log_entries, make_app, play_with_keys, show_link, wait_for
from .matchlink import MatchLink

NAMES = ["You", "Bo"]


def _end(counts: list[int], winner: int | None, over: bool = False) -> list[dict[str, Any]]:
    """A Countdown hand's end as the engine sends it (its counts after the hand), with the match's
    end after it where ``over``."""
    events: list[dict[str, Any]] = [{"kind": "hand_over", "seat": winner, "hand": 7, "blocked": winner is None,
                                     "winners": [] if winner is None else [winner], "counts": counts}]
    if over:
        events.append({"kind": "match_over", "seat": None, "winners": [winner]})
    return with_causes(events)


def _table_text(view: dict[str, Any], event: dict[str, Any]) -> str:
    console = Console(width=100, record=True)
    console.print(standings(view, NAMES, event))
    return console.export_text()


def test_the_log_says_who_went_out_and_how_the_count_moved() -> None:
    """crazy-eights 6.2: the seat that goes out lowers its count by one."""
    assert describe(_end([4, 7], 0)[0], NAMES) == "Hand 7 over: You go out: your count goes 5 → 4"
    assert describe(_end([8, 2], 1)[0], NAMES) == "Hand 7 over: Bo goes out: their count goes 3 → 2"


def test_going_out_on_one_wins_the_match_and_says_so() -> None:
    """crazy-eights 6.3: the first seat to go out on a count of 1 wins; its count stays 1."""
    hand, match = _end([6, 1], 1, over=True)
    assert describe(hand, NAMES) == "Hand 7 over: Bo goes out on a count of 1"
    assert describe(match, NAMES) == "Match over: Bo wins!"
    assert count_words(match) == ["stays at 6", "out on 1"]
    # going from 2 to 1 is not the match's end: its count goes down as any other
    assert describe(_end([6, 1], 1)[0], NAMES) == "Hand 7 over: Bo goes out: their count goes 2 → 1"


def test_a_hand_before_the_last_in_one_update_still_counts_down() -> None:
    """crazy-eights 6.2 and 6.3: one update may hold two hands (the bots play fast), the second
    ending the match: only that one went out on 1; the first lowered a count as any other."""
    first = {"kind": "hand_over", "seat": 0, "hand": 7, "blocked": False, "winners": [0], "counts": [4, 2]}
    last = {"kind": "hand_over", "seat": 1, "hand": 8, "blocked": False, "winners": [1], "counts": [4, 1]}
    hand, _deal, later, match = with_causes([first, {"kind": "deal"}, last,
                                             {"kind": "match_over", "seat": None, "winners": [1]}])
    assert describe(hand, NAMES) == "Hand 7 over: You go out: your count goes 5 → 4"
    assert describe(later, NAMES) == "Hand 8 over: Bo goes out on a count of 1"
    assert describe(match, NAMES) == "Match over: Bo wins!"


def test_the_box_shows_each_seats_count_before_and_after() -> None:
    """crazy-eights 6.2: the hand's box has a column saying what it did to each count."""
    (hand,) = _end([4, 7], 0)
    assert count_words(hand) == ["5 → 4", "stays at 7"]
    view = {"game": "crazy-eights", "options": {"countdown": True},
            "status": [{"score": 0, "count": 4}, {"score": 0, "count": 7}]}
    text = _table_text(view, hand)
    assert "this hand" in text
    rows = {line.split()[1] if line.split()[0] == "★" else line.split()[0]: line for line in text.splitlines()[1:]}
    assert "count 4" in rows["You"] and rows["You"].rstrip().endswith("5 → 4")
    assert "count 7" in rows["Bo"] and rows["Bo"].rstrip().endswith("stays at 7")
    # 3.6: a blocked hand moves no count, and its box has no column for it
    (blocked,) = _end([4, 7], None)
    assert describe(blocked, NAMES) == "Hand 7 over: blocked, nobody goes out"
    assert count_words(blocked) == [] and "this hand" not in _table_text(view, blocked)


async def test_a_solo_countdown_hand_shows_its_box_and_says_the_count_in_the_log() -> None:
    """A solo Countdown match played with the keys until somebody goes out of a hand: its box
    shows, titled as the log says it, with that seat's count one lower (6.2) and a column giving
    each seat's count before and after."""
    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        choice = TableChoice(game="crazy-eights", preset="countdown", options={}, seats=2, bots={1: "normal"})
        await app.start_table(choice, solo=True)
        await wait_for(pilot, lambda: current(app, TableScreen))

        def went_out() -> ResultsScreen | None:
            screen = current(app, ResultsScreen)
            return screen if screen is not None and (screen.event or {}).get("winners") else None

        await play_with_keys(app, pilot, timeout=60, stop=lambda: went_out() is not None)
        box = went_out()
        assert box is not None and box.event is not None
        seat = box.event["winners"][0]
        was, now = box.event["counts_before"][seat], box.event["counts"][seat]
        assert now == was - 1 == box.view["status"][seat]["count"]
        title = box.title_text()
        whose = "your" if seat == box.view["seat"] else "their"
        assert title.endswith(f" over: {box.names[seat]} {'go' if whose == 'your' else 'goes'} out: "
                              f"{whose} count goes {was} → {now}")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert title in log_entries(table)
        console = Console(width=100, record=True)
        console.print(standings(box.view, box.names, box.event))
        text = console.export_text()
        assert "this hand" in text and f"{was} → {now}" in text
        other = 1 - seat
        assert f"stays at {box.view['status'][other]['count']}" in text
        await app.action_quit()


async def test_going_out_on_one_ends_the_match_and_its_box_says_so() -> None:
    """crazy-eights 6.3: this seat, on a count of 1, plays its last card: the log says it went
    out on a count of 1 and won, and the match's box says what decided it, with its count."""
    m = new_match("crazy-eights", 2, preset="countdown", seed=1)
    dealt = state(m)
    top = CARD_STR[dealt["pile"][-1]]
    last = parse_card("5" + top[1])  # follows the starter's suit
    rest = [c for c in dealt["hands"][0] + dealt["stock"] if c != last]
    m = patched(m, counts=[1, 5], hands=[[last], [c for c in dealt["hands"][1] if c != last]], current=0,
                stock=[c for c in rest if c not in dealt["hands"][1]])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        link = MatchLink(m, 0, names=NAMES)
        screen = await show_link(app, pilot, link, first_plays=False)
        events = [e.for_seat(0) for e in m.apply(CARD_STR[last], 0)]
        told_events = with_causes(events)
        screen.show(link.view(), told_events)
        await pilot.pause()
        log = log_entries(screen)
        over = next(e for e in told_events if e["kind"] == "hand_over")
        shown = left_in_hands(over, screen.log_names)  # 5.2: the hands left, named under the hand's end
        assert shown and all(line.startswith("Left in ") and "point" not in line for line in shown)
        assert log[-3 - len(shown):] == ["Hand 1 over: You go out on a count of 1", *shown, "Match over: You win!",
                                         "You went out on a count of 1."]
        box = ResultsScreen(link, link.view(), NAMES, [], match_over=True, event=told_events[-1])
        await app.push_screen(box)
        await pilot.pause()
        assert box.title_text() == "Match over: You win!"
        console = Console(width=100, record=True)
        console.print(standings(box.view, NAMES, box.event))
        text = console.export_text()
        assert "out on 1" in text and "stays at 5" in text


def _one_card_from_the_end(snapshot: bytes, me: int) -> bytes:
    """A saved Countdown match of two moved on to its last play: ``me`` on a count of 1 holds
    one card it can play, the other seat on 5; ``me`` to play (a position no quick play
    reaches: each seat's count starts at 8)."""
    m = Match.restore(snapshot)
    dealt = state(m)
    other = 1 - me
    held = dealt["hands"][me] + dealt["hands"][other] + dealt["stock"]
    for card in held:
        rest = [c for c in held if c != card]
        hands: list[list[int]] = [[], []]
        hands[me], hands[other] = [card], rest[:5]
        tried = patched(m, counts=[1, 5] if me == 0 else [5, 1], hands=hands, stock=rest[5:], current=me,
                        draws=0, passes=0, debt=0)
        if CARD_STR[card] in [str(a) for a in tried.legal_actions(me)]:
            return tried.snapshot()
    raise AssertionError("no card of the deal follows the pile")


def _box(results: ResultsScreen) -> str:
    """The results box's standings as drawn."""
    rows = [strip.text for strip in results._compositor.render_strips()]
    box = results.query_one("#standings").region
    return "\n".join(row[box.x:box.right].rstrip() for row in rows[box.y:box.bottom])


async def test_see_the_results_of_a_countdown_match_shows_the_last_hands_counts() -> None:
    """crazy-eights 6.2-6.3: a solo Countdown match ends with the player going out on a count of
    1; its box says each seat's count before and after that hand ("out on 1", "stays at 5").
    See the results on home shows that box again with the counts, though its match log is gone
    (the host then sends no last hand to read them from): they are kept beside the save."""
    from net.savefile import read_save, write_save
    from tui.saves import kept_results, results_path, solo_save_path
    from tui.screens.home import HomeScreen

    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="crazy-eights", preset="countdown", options={}, seats=2,
                                          bots={1: "normal"}), solo=True)
        session = app.session
        await wait_for(pilot, lambda: session.view is not None and read_save(solo_save_path()).state is not None)
        me = session.seat
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
    saved = read_save(solo_save_path()).state
    assert saved is not None and saved["status"] == "playing"
    # the match moved on to its last play, and no match log to read its hands back from
    write_save(solo_save_path(), {**saved, "match": _one_card_from_the_end(saved["match"], me),
                                  "log_path": None, "log_offset": None})

    def this_hand(box: str) -> tuple[str, str]:
        rows = {line.split()[1] if line.split()[0] == "★" else line.split()[0]: line for line in box.splitlines()[1:]}
        return rows["You"].rstrip(), rows["Normal" if "Normal" in rows else "Normal bot"].rstrip()

    played = make_app()
    async with played.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(played.screen, HomeScreen) and played.screen.query(".resume"))
        await pilot.press("enter")  # Resume
        await wait_for(pilot, lambda: current(played, TableScreen))
        await play_with_keys(played, pilot, timeout=30)
        results = played.screen
        assert isinstance(results, ResultsScreen) and results.match_over
        await pilot.pause()
        ended = _box(results)
        assert "this hand" in ended, ended
        mine, theirs = this_hand(ended)
        assert mine.endswith("out on 1") and theirs.endswith("stays at 5"), ended
        await wait_for(pilot, lambda: read_save(solo_save_path()).state["status"] == "finished")
        await played.leave_table()
    match = json.loads(results_path(solo_save_path()).read_text())["match"]
    kept, problem = kept_results(solo_save_path(), match)
    counts = [1, 5] if me == 0 else [5, 1]
    assert problem is None and kept is not None and kept.counts == (counts, counts)  # 6.3: out on 1, kept at 1

    again = make_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
        await pilot.press("up", "enter")  # See the results, above Play solo
        shown = await wait_for(pilot, lambda: current(again, ResultsScreen))
        await pilot.pause()
        assert shown.match_over and _box(shown) == ended
        await again.leave_table()
