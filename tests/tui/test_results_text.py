"""The results screen's title reads like the log's line for the same event: "You win", not
"You wins" (review), and a Ninety-Nine round says what ended it."""
from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from textual.widgets import Label

from core import Match, new_match
from tui.screens.results import ResultsScreen, standings

from .helpers import make_app
from .matchlink import MatchLink

NAMES = ["You", "Bob"]


async def _titles(cases: list[tuple[dict[str, Any], bool, dict[str, Any] | None]],
                  totals: list[int] | None = None) -> list[str]:
    """The title each (view, match over, event) case shows, one screen after another; with
    ``totals``, the sparkline's label after it."""
    link = MatchLink(new_match("ninety-nine", 2, seed=3), 0, names=NAMES)
    titles = []
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for fields, over, event in cases:
            view = {**link.view(), **fields}
            await app.push_screen(ResultsScreen(link, view, NAMES, totals or [0], match_over=over,
                                                 event=event))
            await pilot.pause()
            titles.append(str(app.screen.query_one("#results-title", Label).content))
            if totals:
                titles.append(str(app.screen.query_one("#spark-label", Label).content))
            app.pop_screen()
            await pilot.pause()
    return titles


async def test_titles_agree_with_the_player_and_say_what_happened() -> None:
    titles = await _titles([
        ({"is_over": True, "winners": [0]}, True, {"kind": "match_over", "seat": None, "winners": [0]}),
        ({}, False, {"kind": "hand_over", "seat": 0, "winners": [0], "hand": 3}),
        ({}, False, {"kind": "hand_over", "seat": 1, "winners": [1], "hand": 3}),
        ({}, False, {"kind": "round_over", "seat": 0, "round": 2, "reason": "99", "total": 99}),
        ({}, False, {"kind": "round_over", "seat": None, "round": 2, "reason": "over", "total": 104}),
    ])
    assert titles == [
        "Match over: You win!",
        "Hand 3 over: You win",
        "Hand 3 over: Bob wins",
        "Round 2 over: You win on 99",
        "Round 2 over: the total went past 99 to 104",
    ]


async def test_a_ninety_nine_round_is_a_round_under_the_sparkline_too() -> None:
    shown = await _titles([({}, False, {"kind": "round_over", "seat": 1, "round": 2, "reason": "99", "total": 99})],
                          totals=[0, 50, 99])
    assert shown == ["Round 2 over: Bob wins on 99", "running total over the round: 0 50 99"]


def test_the_tally_names_seats_as_the_table_does_most_wins_first() -> None:
    from tui.screens.results import tally_text

    lobby = {"seats": [{"seat": 0, "name": "Ana", "bot": None, "wins": 1},
                       {"seat": 1, "name": "Normal bot", "bot": "normal", "wins": 0},
                       {"seat": 2, "name": "Normal bot", "bot": "normal", "wins": 3},
                       {"seat": 3, "name": None, "bot": None, "wins": 0}]}
    names = ["You", "Normal bot", "Normal bot 2", "Seat 4"]
    assert tally_text(lobby, names) == "Matches won at this table: Normal bot 2: 3 · You: 1 · Normal bot: 0"
    assert tally_text({"seats": [{**s, "wins": 0} for s in lobby["seats"]]}, names) == ""  # none won yet
    assert tally_text(lobby) == "Matches won at this table: Normal bot: 3 · Ana: 1 · Normal bot: 0"


async def test_a_stakes_hands_results_show_its_chips_not_the_next_antes() -> None:
    """ninety-eight 6.3, over a real solo host: the results of hand 1 show each seat's chips as
    the hand left them; the table beneath already shows hand 2, every seat one ante down."""
    from tui.app import DealMeInApp
    from tui.cli import build_parser
    from tui.screens.picker import PickerScreen
    from tui.screens.table import TableScreen

    from .helpers import play_with_keys, wait_for

    args = build_parser().parse_args(["solo", "--game", "ninety-eight", "--preset", "stakes", "--seats", "3",
                                      "--seed", "5"])
    app = DealMeInApp(args, mdns=False, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bots Select"))
        for _ in range(10):
            await pilot.pause()
        await pilot.press("ctrl+s")
        await play_with_keys(app, pilot, stop=lambda: isinstance(app.screen, ResultsScreen))
        results = app.screen
        assert isinstance(results, ResultsScreen) and not results.match_over
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.view["hand_number"] == 2 and table.view["options"]["ante"] == 1
        shown = [s["chips"] for s in results.view["status"]]
        now = [s["chips"] for s in table.view["status"]]
        assert shown == [c + 1 for c in now], (shown, now)
        assert sum(shown) + results.view["pot"] - 3 == 30  # ten chips each; the first hand's antes in the pot
        text = "\n".join(strip.text for strip in results._compositor.render_strips())
        for chips in shown:
            assert f"{chips} chips" in text
        await app.action_quit()


def _played_out(m: Match, rng_seed: int, most: int) -> Match:
    """``m`` played by random legal moves (at most ``most`` of them), to its end."""
    rng = random.Random(rng_seed)
    for _ in range(most):
        if m.is_over:
            break
        m.apply(str(rng.choice(m.legal_actions())))
    return m


def _standings_text(view: dict[str, Any], names: list[str], width: int, style: str = "two-colour") -> str:
    """The standings of ``view`` as a terminal ``width`` wide shows them."""
    console = Console(width=width, record=True)
    console.print(standings(view, names, None, style))
    return console.export_text()


def test_the_standings_never_say_a_player_sits_out() -> None:
    """ninety-eight 6.1: a single hand's losers went out of that hand, and so of the match; the
    match's standings show where each stands (the winner "in", the others "out"; elsewhere
    lives, chips, points), not who sits out of a hand."""
    view = _played_out(new_match("ninety-eight", 3, preset="single-hand", seed=5), 1, 500).view(0)
    assert view["is_over"] and sum(not s["in_hand"] for s in view["status"]) == 2
    text = _standings_text(view, ["You", "Bob", "Cy"], 80)
    assert "sits out" not in text and "out of this hand" not in text
    rows = {line.split()[-2]: line.split()[-1] for line in text.splitlines()[1:] if line.strip()}
    assert rows == {name: "in" if seat in view["winners"] else "out" for seat, name in enumerate(["You", "Bob", "Cy"])}


def test_a_long_run_of_totals_keeps_where_the_deal_began() -> None:
    """ninety-nine 3: a round that began at 10 and ran through many plays is written out as its
    first total, then as many of the latest as the width holds (the line read as if the round
    began at the first one left)."""
    from tui.screens.results import shown_totals

    assert shown_totals([0, 50, 99], 8) == "0 50 99"
    totals = [10, 21, 30, 40, 59, 69, 77, 87, 88, 98, 98, 106]
    assert shown_totals(totals, 80) == " ".join(map(str, totals))
    assert shown_totals(totals, 26) == "10 … 69 77 87 88 98 98 106"
    assert shown_totals(totals, 25) == "10 … 77 87 88 98 98 106"
    assert shown_totals(totals, 3) == "10 … 106"  # where the deal began and where it is, at least


def _spark_label_text(app: Any) -> str:
    """What the running total's line shows on the screen, its rows joined."""
    label = app.screen.query_one("#spark-label", Label)
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    return " ".join(row[label.region.x:label.region.right].strip()
                    for row in rows[label.region.y:label.region.bottom])


async def test_the_running_total_shows_every_value_the_width_holds() -> None:
    """ninety-eight 7: a first hand of ten plays fits beside its words at 80 columns, all of it
    (only the latest seven were shown, with room to spare); a hand of forty plays keeps its
    first and as many of the latest as a row holds, fewer in a narrower terminal."""
    link = MatchLink(new_match("ninety-eight", 2, seed=3), 0, names=NAMES)
    event = {"kind": "hand_over", "hand": 1, "winners": [0]}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        totals = [0, 5, 14, 24, 31, 38, 40, 45, 53, 98]
        await app.push_screen(ResultsScreen(link, link.view(), NAMES, totals, match_over=False, event=event))
        await pilot.pause()
        assert app.screen.query_one("#spark-label", Label).region.height == 1
        assert _spark_label_text(app) == "running total over the hand: " + " ".join(map(str, totals))
        app.pop_screen()
        await pilot.pause()
        long = [(7 * k) % 90 + 5 for k in range(40)]
        await app.push_screen(ResultsScreen(link, link.view(), NAMES, long, match_over=False, event=event))
        await pilot.pause()
        label = app.screen.query_one("#spark-label", Label)
        shown = _spark_label_text(app).removeprefix("running total over the hand: ").split()
        assert shown[:2] == [str(long[0]), "…"] and shown[2:] == list(map(str, long[-(len(shown) - 2):]))
        assert len(shown) - 2 > 7 and label.region.height == 2
        assert len(" ".join(shown)) <= label.region.width < len(" ".join(map(str, long)))
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        narrower = _spark_label_text(app).removeprefix("running total over the hand: ").split()
        assert 7 < len(narrower) < len(shown) and narrower[-1] == str(long[-1])
        assert len(" ".join(narrower)) <= label.region.width


async def test_the_running_total_wraps_instead_of_losing_a_number_in_a_small_terminal() -> None:
    """ninety-eight 7 (limit up to 999): eight three-digit totals do not fit a 60-column
    terminal's results on one row; the line wraps, and every number is on the screen."""
    link = MatchLink(new_match("ninety-eight", 2, seed=3), 0, names=NAMES)
    totals = [941, 950, 955, 965, 971, 998, 998, 999]
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        await app.push_screen(ResultsScreen(link, link.view(), NAMES, totals, match_over=False,
                                            event={"kind": "hand_over", "hand": 1, "winners": [0]}))
        await pilot.pause()
        label = app.screen.query_one("#spark-label", Label)
        assert label.region.height == 2
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        shown = " ".join(row[label.region.x:label.region.right].strip()
                         for row in rows[label.region.y:label.region.bottom])
        assert shown == "running total over the hand: " + " ".join(map(str, totals))
        # the words and the numbers each keep to a row: no number is split from the others
        assert rows[label.region.y][label.region.x:label.region.right].strip() == "running total over the hand:"


def test_partners_standings_say_their_lives_or_chips_are_the_teams() -> None:
    """ninety-eight 7.2: partners share one set of lives (or chips), which each partner's status
    reports: the results read "8 chips" for both partners, as if there were twice as many, with
    nothing saying they are one team's."""
    m = new_match("ninety-eight", 4, preset="stakes", options={"teams": "pairs", "hands": 2}, seed=5)
    view = _played_out(m, 2, 2000).view(0)
    text = _standings_text(view, ["You", "Bob", "Cy", "Di"], 100)
    chips = [s.get("chips") for s in view["status"]]
    assert chips[0] == chips[2] and chips[1] == chips[3]  # one team's, reported by each partner
    assert not all(s.get("out") for s in view["status"])
    for seat, name in enumerate(["You", "Bob", "Cy", "Di"]):
        row = next(line for line in text.splitlines() if f" {name} " in f" {line} ")
        assert view["status"][seat].get("out") or f"{chips[seat]} chip" in row and "(team)" in row, text
    solo = new_match("ninety-eight", 3, preset="stakes", seed=5)
    assert "(team)" not in _standings_text(solo.view(0), ["You", "Bob", "Cy"], 100)


def test_the_ascii_card_style_marks_the_winner_with_an_asterisk() -> None:
    """docs/themes.md: the ASCII style is for terminals that draw symbols at double width; the
    winner's star is one of them."""
    view = {**new_match("ninety-nine", 2, seed=3).view(0), "is_over": True, "winners": [1]}
    for style, mark in (("two-colour", "★"), ("ascii", "*")):
        rows = _standings_text(view, ["You", "Bob"], 80, style).splitlines()
        bob = next(row for row in rows if "Bob" in row)
        assert bob.split()[0] == mark
        if style == "ascii":
            assert "★" not in "".join(rows)
