"""Your record (``tui.record`` and the Record screen): what a finished match counts for its seat,
what the matches add up to, a file the app cannot read named and left exactly as it is, and
clearing the record only after asking."""
from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button

from tui import record
from net.protocol import NAME_LEN
from tui.record import Played, add, by_player, by_variant, load, played_from, record_path, tally
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice
from tui.recordtext import PLAYERS_SHOWN, bots_table, games_table, players_table, record_line
from tui.screens.record import RecordScreen

from .helpers import make_app, play_with_keys, said_from_now, wait_for

DAY = datetime.date(2026, 11, 29)


def seats(*kinds: str | None) -> list[dict[str, Any]]:
    """Lobby seats: None is a player, a level a bot of its own name."""
    return [{"seat": i, "name": f"P{i}" if k is None else f"{k.capitalize()} bot", "bot": k}
            for i, k in enumerate(kinds)]


def lobby(*kinds: str | None, preset: str = "standard", options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"preset": preset, "options": options or {}, "seats": seats(*kinds)}


def over(game: str = "ninety-eight", winners: list[int] | None = None) -> dict[str, Any]:
    return {"game": game, "is_over": True, "winners": [0] if winners is None else winners}


def played(won: bool, game: str = "ninety-eight", preset: str = "standard", opponents: tuple[str, ...] = ("normal",),
           day: str = "2026-11-29", custom: bool = False, players: tuple[tuple[str, bool], ...] = ()) -> Played:
    return Played(game, preset, won, opponents, day, custom, players)


def text(renderable: Any, width: int = 100) -> str:
    from io import StringIO

    from rich.console import Console

    console = Console(width=width, file=StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


# ---------------------------------------------------------------- what a match counts
def test_a_finished_match_counts_for_its_seat_with_who_sat_in_the_others() -> None:
    table = lobby(None, "easy", None, "hard")
    mine = played_from(over(winners=[0]), table, 0, today=DAY)
    assert mine == Played("ninety-eight", "standard", True, ("easy", "player", "hard"), "2026-11-29",
                          players=(("P2", False),), match=record.match_identity(over(winners=[0]), table, 0))
    theirs = played_from(over(winners=[0]), table, 2, today=DAY)
    assert theirs is not None and not theirs.won and theirs.opponents == ("player", "easy", "hard")
    assert theirs.players == (("P0", True),)
    assert not mine.against_bots and mine.hardest_bot is None
    # partners who win together both win (Ninety-Eight's teams)
    assert played_from(over(winners=[0, 2]), table, 2, today=DAY).won


def test_a_bot_playing_on_for_a_player_who_left_is_still_a_players_seat() -> None:
    # net.table._grace_over: the seat keeps the player's name and a normal bot plays it
    table = lobby(None, "normal")
    table["seats"].append({"seat": 2, "name": "Bea", "bot": "normal"})
    mine = played_from(over(), table, 0, today=DAY)
    assert mine is not None and mine.opponents == ("normal", "player") and not mine.against_bots
    assert mine.players == (("Bea", False),)


def test_a_bot_numbered_apart_by_the_host_is_a_bot() -> None:
    """The host names a second bot of a level "Normal bot 2" (``net.table._bot_name``): still
    a bot's own name, not a player's a bot plays on for."""
    table = lobby(None, "normal")
    table["seats"].append({"seat": 2, "name": "Normal bot 2", "bot": "normal"})
    mine = played_from(over(), table, 0, today=DAY)
    assert mine is not None and mine.opponents == ("normal", "normal") and mine.against_bots
    assert mine.players == ()


def test_options_over_the_preset_are_their_own_variant() -> None:
    mine = played_from(over(), lobby(None, "normal", preset="fast", options={"lives": 5}), 0, today=DAY)
    assert mine is not None and mine.custom and mine.variant == "fast (own options)"


@pytest.mark.parametrize("view,seat,table", [
    (over(), None, lobby(None, "normal")),  # a spectator
    ({"game": "ninety-eight", "is_over": False, "winners": []}, 0, lobby(None, "normal")),  # still in play
    (over(), 0, None),  # no lobby: who sat where is not known
    (over(), 5, lobby(None, "normal")),  # a seat the table does not have
], ids=["spectator", "in-play", "no-lobby", "no-such-seat"])
def test_nothing_counts_that_is_not_a_finished_match_in_a_seat(view: dict, seat: int | None, table: dict | None) -> None:
    assert played_from(view, table, seat, today=DAY) is None


# ---------------------------------------------------------------- what they add up to
def test_the_tally_counts_the_current_streak_and_the_best_run() -> None:
    results = [True, True, False, True, True, True, False, False]
    t = tally(played(won, day=f"2026-11-{i + 1:02d}") for i, won in enumerate(results))
    assert (t.played, t.won, t.streak, t.best, t.last) == (8, 5, -2, 3, "2026-11-08")
    assert t.streak_text() == "lost 2" and round(t.rate, 3) == 0.625
    t.add(played(True, day="2026-11-09"))
    assert t.streak == 1 and t.streak_text() == "won 1" and t.best == 3


def test_games_and_variants_are_counted_apart() -> None:
    matches = [played(True), played(False, preset="fast"), played(True, game="crazy-eights"),
               played(True, preset="fast", custom=True), played(False)]
    games = by_variant(matches)
    assert list(games) == ["ninety-eight", "crazy-eights"]
    whole, variants = games["ninety-eight"]
    assert (whole.played, whole.won) == (4, 2)
    assert {v: (t.played, t.won) for v, t in variants.items()} == \
        {"standard": (2, 1), "fast": (1, 0), "fast (own options)": (1, 1)}
    shown = text(games_table(matches))
    assert "Ninety-Eight" in shown and "Crazy Eights" in shown and "fast (own options)" in shown


def test_bots_are_counted_by_the_strongest_at_the_table() -> None:
    matches = [played(True, opponents=("easy", "hard")), played(False, opponents=("hard",)),
               played(True, opponents=("easy", "easy")), played(True, opponents=("normal", "player"))]
    assert [m.hardest_bot for m in matches] == ["hard", "hard", "easy", None]
    rows = [line.split() for line in text(bots_table(matches)).splitlines()[1:] if line.strip()]
    assert rows == [["easy", "1", "1", "100%"], ["hard", "2", "1", "50%"]]
    assert bots_table([played(True, opponents=("player",))]) is None


def test_players_are_counted_by_name_with_who_won() -> None:
    matches = [played(True, opponents=("player", "player"), players=(("Bea", False), ("Cy", False))),
               played(False, opponents=("player",), players=(("Bea", True),)),
               played(True, opponents=("player", "normal"), players=(("Bea", True),)),  # partners
               played(True, opponents=("player",), players=(("Al", False),))]
    together = by_player(matches)
    assert list(together) == ["Bea", "Al", "Cy"]  # most played with first, then by name
    assert vars(together["Bea"]) == {"played": 3, "you_won": 2, "they_won": 2}
    rows = [line.split() for line in text(players_table(matches)).splitlines()[1:] if line.strip()]
    assert rows == [["Bea", "3", "2", "2"], ["Al", "1", "1", "0"], ["Cy", "1", "1", "0"]]
    assert players_table([played(True)]) is None
    many = [played(True, opponents=("player",), players=((f"P{i:02d}", False),)) for i in range(PLAYERS_SHOWN + 2)]
    assert text(players_table(many)).splitlines()[-1].split()[:3] == ["and", "2", "more"]


def test_two_players_of_one_name_at_a_table_count_the_match_once() -> None:
    """Two players called Ana at one table (the lobby's "Ana" and "Ana 2") are one name in the
    record: the match counts once with Ana, won by Ana if either of them won."""
    matches = [played(False, opponents=("player", "player", "player"),
                      players=(("Ana", False), ("Bo", False), ("Ana", True))),
               played(True, opponents=("player", "player"), players=(("Ana", False), ("Ana", False)))]
    together = by_player(matches)
    assert vars(together["Ana"]) == {"played": 2, "you_won": 1, "they_won": 1}
    assert vars(together["Bo"]) == {"played": 1, "you_won": 0, "they_won": 0}


def test_the_results_line_gives_the_games_record_and_a_winning_run() -> None:
    matches = [played(False), played(True), played(True), played(True, game="ninety-nine")]
    assert record_line(matches, "ninety-eight") == \
        "Your record at Ninety-Eight: 2 won of 3 (67%), won the last 2"
    assert record_line(matches, "ninety-nine") == "Your record at Ninety-Nine: 1 won of 1 (100%)"
    assert record_line(matches, "crazy-eights") == ""


# ---------------------------------------------------------------- the file
def test_matches_are_kept_across_reads_and_the_oldest_go_past_the_most(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "record.json"
    assert load(path) == ([], None)  # no file: an empty record
    monkeypatch.setattr(record, "MOST_MATCHES", 3)
    for i in range(5):
        matches, problem = add(played(i % 2 == 0, day=f"2026-11-{i + 1:02d}"), path)
        assert problem is None
    assert [m.day for m in matches] == ["2026-11-03", "2026-11-04", "2026-11-05"]
    assert load(path) == (matches, None)
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_a_match_another_app_recorded_meanwhile_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    add(played(True), path)
    # another app on this machine records its match between this app's reads
    add(played(False, game="crazy-eights"), path)
    matches, _ = add(played(True, game="ninety-nine"), path)
    assert [m.game for m in matches] == ["ninety-eight", "crazy-eights", "ninety-nine"]


GOOD = {"game": "ninety-eight", "preset": "standard", "won": True, "opponents": ["normal"], "day": "2026-11-29"}

BAD_FILES = [
    # where it is not JSON, in words for people (not the parser's "Expecting value: ...")
    (b"{\"version\": 1,\n \"matches\": [", "not a record (not JSON at line 2, column 14)"),
    (b"\xff\xfe garbage", "not a record (not JSON at line 1, column 1)"),
    (json.dumps({"version": 1}).encode(), "matches: expected a list"),
    (json.dumps([GOOD]).encode(), "not a record (not a table of fields)"),
    (json.dumps({"version": 2, "matches": []}).encode(), "version 2"),
    (json.dumps({"version": 1, "matches": [GOOD, dict(GOOD, won="yes")]}).encode(), "match 2: won"),
    (json.dumps({"version": 1, "matches": [dict(GOOD, day="yesterday")]}).encode(), "match 1: day"),
    (json.dumps({"version": 1, "matches": [dict(GOOD, opponents=["god"])]}).encode(), "match 1: opponents"),
    (json.dumps({"version": 1, "matches": [dict(GOOD, game="x" * 41)]}).encode(), "match 1: game"),
    (json.dumps({"version": 1, "matches": [7]}).encode(), "match 1: expected a table"),
    (json.dumps({"version": 1, "matches": [dict(GOOD, players=[["Bea", "yes"]])]}).encode(), "match 1: players"),
    (json.dumps({"version": 1, "matches": [dict(GOOD, players=[["x" * 25, True]])]}).encode(), "match 1: players"),
]


@pytest.mark.parametrize("content,named", BAD_FILES, ids=[n for _, n in BAD_FILES])
def test_a_file_it_cannot_read_is_named_and_left_as_it_is(tmp_path: Path, content: bytes, named: str) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    matches, problem = load(path)
    assert matches == [] and problem is not None and named in problem and problem.startswith("record.json: ")
    assert add(played(True), path) == ([], problem)
    assert path.read_bytes() == content


def test_a_file_too_large_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    with open(path, "wb") as f:
        f.truncate(record.MOST_BYTES + 1)
    matches, problem = load(path)
    assert matches == [] and problem is not None and "larger than 4 MiB" in problem
    assert add(played(True), path)[1] == problem and path.stat().st_size == record.MOST_BYTES + 1


# ---------------------------------------------------------------- the app
async def record_screen(app: Any, pilot: Any) -> RecordScreen:
    """The Record screen once it has read the file."""
    return await wait_for(pilot, lambda: isinstance(app.screen, RecordScreen) and app.screen.query("#record-file")
                          and app.screen)


async def record_problem(app: Any, pilot: Any) -> tuple[RecordScreen, Any]:
    """The Record screen opened over a record it cannot read, and the problem it shows."""
    app.action_record()
    screen = await record_screen(app, pilot)
    problem = screen.query_one("#record-problem")
    assert problem.display
    return screen, problem


async def test_the_record_screen_from_home_shows_the_games_and_the_bots() -> None:
    for m in [played(True, opponents=("hard", "easy")), played(False, preset="fast"),
              played(True, game="crazy-eights", opponents=("player", "normal"), day="2026-11-30",
                     players=(("Bea", True),))]:
        add(m)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "record" in {b.id for b in app.screen.query(Button)}
        await pilot.press("y")
        screen = await record_screen(app, pilot)
        assert text(screen.query_one("#record-overview").content).splitlines() == [
            "All: 3 played, 2 won (67%), streak won 1, best run 1", "Against bots: 2 played, 1 won (50%)",
            "With players: 1 played, 1 won (100%)"]
        games = text(screen.query_one("#record-games").content)
        assert games.index("Ninety-Eight") < games.index("standard") < games.index("fast") < games.index("Crazy Eights")
        assert "2026-11-30" in games
        assert "hard" in text(screen.query_one("#record-bots").content)
        assert ["Bea", "1", "1", "1"] in [line.split() for line in
                                          text(screen.query_one("#record-players").content).splitlines()]
        assert not screen.query_one("#record-problem").display
        await pilot.press("f1")  # Help lists the screen's keys
        await wait_for(pilot, lambda: getattr(app.screen, "sections", None))
        assert dict(app.screen.sections["Your record"])["X"] == "Clear record"
        assert dict(app.screen.sections["Home"])["Y"] == "Record"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_clearing_asks_first_and_staying_changes_nothing() -> None:
    add(played(True))
    before = record_path().read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_record()
        screen = await record_screen(app, pilot)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.detail == "The one match counted here is forgotten."
        assert (app.screen.no, app.screen.yes) == ("Keep it", "Clear")  # as Forget asks of a saved table
        await pilot.press("enter")  # the safe answer has the focus: Keep it
        await wait_for(pilot, lambda: app.screen is screen)
        assert record_path().read_bytes() == before
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen)
        assert not record_path().exists()
        assert "No matches yet" in text(screen.query_one("#record-overview").content)
        assert not screen.query_one("#record-games").display
        # nothing left to clear: X is not offered, and pressing it asks nothing
        assert screen.check_action("clear", ()) is False
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen


async def test_the_screen_names_a_file_it_cannot_read_and_clearing_removes_it() -> None:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not json at all")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, problem = await record_problem(app, pilot)
        assert "record.json: not a record" in text(problem.content)
        assert "new record.\nX (Clear record) removes it and starts a new record." in text(problem.content)
        assert path.read_bytes() == b"not json at all"
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "record.json is removed" in app.screen.detail
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and not path.exists())
        assert not problem.display


async def test_a_record_that_is_a_folder_is_not_offered_to_clear() -> None:
    """record.json a folder: Clear was offered, asked "record.json is removed, as it is.", and
    then said it could not be removed. The key is not offered where it could not."""
    path = record_path()
    (path / "sub").mkdir(parents=True)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, problem = await record_problem(app, pilot)
        assert "could not be read (Is a directory)" in text(problem.content)
        assert "Clear record" not in text(problem.content)
        assert screen.check_action("clear", ()) is False
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen and path.is_dir()


async def test_a_finished_solo_match_over_an_unreadable_record_is_said_once_and_the_file_kept() -> None:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    bad = json.dumps({"version": 99, "matches": []}).encode()
    path.write_bytes(bad)
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        given = said_from_now(app)  # every notice, kept after it times out
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                          bots={1: "normal"}), solo=True)
        await play_with_keys(app, pilot, timeout=60)
        said = [n for n in given if "not in your record" in n]
        assert said == ["record.json: version 99, not one this app reads; it is left as it is: mend it, or "
                        "move it away to start a new record. This match is not in your record."]
        assert app.session.record_line == ""
        assert not app.screen.query("#record-line")
    assert path.read_bytes() == bad


async def finished_then_new(app: Any, pilot: Any, between: Any = None) -> tuple[list[Played], bool]:
    """A single-hand solo match of two played to its end and left, ``between`` called, and a new
    solo match dealt over its save: the record as the first match left it, and whether the
    player won it."""
    from net.savefile import read_save
    from tui.saves import solo_save_path

    await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                      bots={1: "normal"}), solo=True)
    await play_with_keys(app, pilot, timeout=60)
    view = app.session.view
    won = view["seat"] in view["winners"]
    await app.leave_table()
    assert (read_save(solo_save_path()).state or {}).get("status") == "finished"
    before = load()[0]
    if between is not None:
        between()
    await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={}, seats=2,
                                      bots={1: "easy"}), solo=True)
    await wait_for(pilot, lambda: app.session is not None and app.session.view is not None)
    await app.leave_table()
    assert (read_save(solo_save_path()).state or {}).get("status") == "playing"  # the new match's now
    return before, won


async def test_a_finished_solo_match_the_record_missed_is_counted_before_a_new_match_takes_its_save() -> None:
    """A solo match ended over a record that could not be written (or the app stopped before
    it wrote it): its save alone still held it, and a new solo match wrote over the save, the
    match gone from the record for good. Once the record can take it, a new match counts it
    first, as it ended."""
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json.dumps({"version": 99, "matches": []}).encode())
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        before, won = await finished_then_new(app, pilot, between=path.unlink)
        assert before == []  # not counted at its end: the record could not be read
    matches = load()[0]
    assert len(matches) == 1 and matches[0].game == "ninety-eight" and matches[0].preset == "single-hand"
    assert matches[0].opponents == ("normal",) and matches[0].won is won and matches[0].match


async def test_a_finished_solo_match_counted_at_its_end_is_not_counted_again_by_a_new_match() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        before, won = await finished_then_new(app, pilot)
    assert len(before) == 1 and before[0].won is won and load()[0] == before


def test_the_record_lives_in_the_data_folder() -> None:
    assert record_path() == Path(os.environ["DEALMEIN_DATA_DIR"]) / "record.json"


@pytest.mark.parametrize("players", [2, 8])
async def test_the_results_show_the_record_line_and_keep_their_choices_in_sight(players: int) -> None:
    from core import new_match
    from tui.screens.results import ResultsScreen

    from .matchlink import MatchLink

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = MatchLink(new_match("ninety-eight", players, seed=3), 0)
        link.lobby = {"seats": [{"seat": i, "name": f"P{i}", "bot": None, "wins": i} for i in range(players)]}
        # as long as the line gets in play: it still reads on one line at 80 columns
        link.record_line = "Your record at Crazy Eights: 123 won of 456 (27%), won the last 12"
        view = dict(link.view(), is_over=True, winners=[0])
        names = [f"P{i}" for i in range(players)]
        await app.push_screen(ResultsScreen(link, view, names, [11, 40, 71, 98], match_over=True))
        await pilot.pause()
        screen = app.screen
        assert str(screen.query_one("#record-line").render()) == link.record_line
        assert screen.query_one("#record-line").region.height == 1
        # eight seats' standings, the running total, the tally and the record: the running total
        # is left out so that the tally and the record show whole above the choices, which stay
        # on the screen
        box = screen.query_one("#results").region
        assert box.bottom <= 24
        for button in screen.query(Button):
            assert button.region.width > 0 and box.contains_region(button.region), (button.id, button.region, box)
        await pilot.pause(0.2)
        inside = screen.query_one("#results").scrollable_content_region
        buttons = screen.query_one("#results-buttons").region
        for line in ("#tally", "#record-line"):
            region = screen.query_one(line).region
            assert inside.contains_region(region) and not region.overlaps(buttons), (line, region, inside, buttons)
        assert screen.query_one("#spark").display == (players == 2)  # two seats leave it room


async def test_a_tally_that_comes_after_the_box_still_leaves_the_record_line_in_sight() -> None:
    """The table's first win is counted by the lobby that comes right after the box: the tally
    line it brings pushes the box over the screen's rows, so the running total is left out then
    too, and the record line stays above the buttons."""
    from core import new_match
    from tui.screens.results import ResultsScreen

    from .matchlink import MatchLink

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = MatchLink(new_match("ninety-eight", 7, seed=3), 0)
        link.lobby = {"seats": [{"seat": i, "name": f"P{i}", "bot": None, "wins": 0} for i in range(7)]}
        link.record_line = "Your record at Ninety-Eight: 1 won of 3 (33%)"
        view = dict(link.view(), is_over=True, winners=[0])
        screen = ResultsScreen(link, view, [f"P{i}" for i in range(7)], [11, 40, 71, 98], match_over=True)
        await app.push_screen(screen)
        await pilot.pause(0.2)
        assert not screen.query_one("#tally").display  # no match won yet: no tally line
        link.lobby = {"seats": [{"seat": i, "name": f"P{i}", "bot": None, "wins": 3 - i % 4} for i in range(7)]}
        screen.refresh_tally()
        await pilot.pause(0.2)
        box = screen.query_one("#results")
        inside, buttons = box.scrollable_content_region, screen.query_one("#results-buttons").region
        await wait_for(pilot, lambda: box.max_scroll_y == 0)
        for line in ("#tally", "#record-line"):
            region = screen.query_one(line).region
            assert inside.contains_region(region) and not region.overlaps(buttons), (line, region, inside)


async def test_a_box_longer_than_the_screen_scrolls_by_key() -> None:
    """Eight seats in a 60x18 terminal: the box is longer than the screen even without the
    running total; Down and Page Down scroll it, the focus staying where it is."""
    from core import new_match
    from tui.screens.results import ResultsScreen

    from .matchlink import MatchLink

    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        link = MatchLink(new_match("ninety-eight", 8, seed=3), 0)
        link.lobby = {"seats": [{"seat": i, "name": f"P{i}", "bot": None, "wins": i} for i in range(8)]}
        link.record_line = "Your record at Ninety-Eight: 0 won of 3 (0%)"
        view = dict(link.view(), is_over=True, winners=[0])
        await app.push_screen(ResultsScreen(link, view, [f"P{i}" for i in range(8)], [11, 40], match_over=True))
        await pilot.pause(0.2)
        box = app.screen.query_one("#results")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y)
        assert app.screen.focused is None  # a match's results focus no choice, and scrolling takes none
        await pilot.press("right")  # an arrow reaches a button; the box still scrolls by key
        await wait_for(pilot, lambda: isinstance(app.screen.focused, Button))
        await pilot.press("up")
        await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y - 1)
        assert isinstance(app.screen.focused, Button)
        assert not app.screen.query_one("#spark").display  # left out while the box cannot hold it
        await pilot.resize_terminal(100, 40)  # room again: the running total comes back
        await wait_for(pilot, lambda: app.screen.query_one("#spark").display and box.max_scroll_y == 0)


# ---------------------------------------------------------------- dealmein record
def test_the_record_command_prints_what_the_screen_shows(capsys) -> None:
    from tui.cli import main

    assert main(["record"]) == 0
    assert capsys.readouterr().out.startswith("No matches yet.")
    for m in [played(True, opponents=("hard", "easy")), played(False, preset="fast"),
              played(True, game="crazy-eights", opponents=("player", "normal"), day="2026-11-30",
                     players=(("Bea", False),))]:
        add(m)
    assert main(["record"]) == 0
    out = capsys.readouterr().out.splitlines()
    # the streak and best run across every game, which the games table gives each game alone
    assert out[:3] == ["All: 3 played, 2 won (67%), streak won 1, best run 1", "Against bots: 2 played, 1 won (50%)",
                       "With players: 1 played, 1 won (100%)"]
    rows = [line.split() for line in out]
    assert ["Ninety-Eight", "2", "1", "50%", "lost", "1", "1", "2026-11-29"] in rows
    assert ["fast", "1", "0", "0%", "lost", "1", "0", "2026-11-29"] in rows
    assert ["hard", "1", "1", "100%"] in rows
    assert ["Bea", "1", "1", "0"] in rows
    assert main(["record", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["played"], data["won"], data["file"]) == (3, 2, str(record_path()))
    assert data["with_players"] == {"played": 1, "won": 1, "streak": 1, "best_run": 1, "last": "2026-11-30"}
    assert [(g["game"], g["played"], [v["variant"] for v in g["variants"]]) for g in data["games"]] == \
        [("ninety-eight", 2, ["standard", "fast"]), ("crazy-eights", 1, ["standard"])]
    assert data["players"] == [{"name": "Bea", "played": 1, "you_won": 1, "they_won": 0}]
    assert data["bots"] == [  # weakest first, as the screen lists them
        {"level": "normal", "played": 1, "won": 0, "streak": -1, "best_run": 0, "last": "2026-11-29"},
        {"level": "hard", "played": 1, "won": 1, "streak": 1, "best_run": 1, "last": "2026-11-29"}]


def test_the_record_command_fits_a_narrow_terminal_as_the_screen_does(capsys, monkeypatch) -> None:
    """At 60 columns ``dealmein record`` leaves out the last day, as the Record screen does,
    rather than wrapping a game's name or a variant over two lines."""
    from tui.cli import main

    for m in [played(True, game="crazy-eights", preset="one-deck-countdown"), played(False, game="ninety-eight"),
              played(True, opponents=("player",), players=(("Bartholomew", False),))]:
        add(m)
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["record"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in out) <= 60, out
    rows = [line.split() for line in out]
    assert ["Crazy", "Eights", "1", "1", "100%", "won", "1", "1"] in rows  # played, won, win %, streak, best
    assert ["one-deck-countdown", "1", "1", "100%", "won", "1", "1"] in rows
    assert not any("2026-11-29" in line for line in out)
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["record"]) == 0
    assert any("2026-11-29" in line for line in capsys.readouterr().out.splitlines())


def test_the_record_commands_lines_end_in_no_blanks(capsys, monkeypatch) -> None:
    """Rich pads a table's every line to its width: the heading line read "last       " and each
    shorter name its column's width of blanks, in a terminal and in a file alike."""
    from tui.cli import main

    for m in [played(True, opponents=("hard",)), played(False, preset="fast"),
              played(True, game="crazy-eights", opponents=("player",), players=(("Bartholomew", False),))]:
        add(m)
    for columns in ("120", "60"):
        monkeypatch.setenv("COLUMNS", columns)
        assert main(["record"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert any(line.split()[-1:] == ["last"] for line in out) or columns == "60"
        assert len(out) > 10 and [line for line in out if line != line.rstrip()] == [], out


def test_the_record_command_names_a_file_it_cannot_read_and_leaves_it(capsys) -> None:
    from tui.cli import main

    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{")
    assert main(["record", "--json"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1
    assert out.err.startswith("dealmein record: record.json: not a record") and str(path) in out.err
    assert path.read_bytes() == b"{"


def test_a_record_that_cannot_be_read_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "record.json"
    folder.mkdir()  # a folder where the file should be
    assert load(folder) == ([], "record.json: could not be read (Is a directory)")
    assert add(played(True), folder)[1] == "record.json: could not be read (Is a directory)"
    (tmp_path / "data").write_text("a file where the data folder should be")
    blocked = tmp_path / "data" / "record.json"
    # the OS says only "Not a directory": the file in the data folder's place is named, with what to do
    said = (f"record.json: could not be read: {tmp_path / 'data'} is a file where a folder should be; "
            "move it away for this app to keep its files there")
    assert add(played(True), blocked) == ([], said)
    assert load(blocked) == ([], said)
    assert (tmp_path / "data").read_text() == "a file where the data folder should be"


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_narrow_record_keeps_its_counts_and_leaves_out_the_day_and_streak_first(size) -> None:
    """At 60 columns the headers read "pla… … wi…" and 100% "10…": the counts and the games'
    names stay whole, and the last day, the streak and the best run give way, in that order
    (the streak and the best run only below 60 columns, which keep them closer together)."""
    for m in [played(True, preset="reverse-fours"), played(True, preset="reverse-fours"),
              played(True, game="crazy-eights", preset="draw-one", day="2026-11-30"),
              played(False, game="ninety-nine", preset="manual-draw", custom=True, opponents=("player",),
                     players=(("Christopher Alexander", True),))]:
        add(m)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("y")
        screen = await record_screen(app, pilot)
        await pilot.pause()
        from textual.geometry import Region

        def drawn() -> str:  # the tables as their widgets draw them, scrolled out of sight or not
            out = []
            for panel in ("#record-games", "#record-bots", "#record-players"):
                w = screen.query_one(panel)
                out += [strip.text for strip in w.render_lines(Region(0, 0, w.size.width, w.size.height))]
            return "\n".join(out)

        shown = ""
        for _ in range(100):  # bounded: the table is fitted once the screen is laid out
            shown = drawn()
            if "…" not in shown:
                break
            await pilot.pause(0.02)
        assert "…" not in shown, shown
        for word in ("played", "won", "win %", "100%", "Ninety-Eight", "reverse-fours", "Crazy Eights",
                     "you won", "they won"):
            assert word in shown, (word, shown)
        # a long variant's name, or a player's, wraps rather than cuts
        assert "(own" in shown and "options)" in shown and "Christoph" in shown and "Alexander" in shown
        assert ("best run" in shown) == (size[0] >= 80) and "2026-11-30" not in shown  # the last day goes first
        await pilot.press("escape")


def test_a_record_of_long_names_keeps_within_what_it_reads_back(tmp_path: Path) -> None:
    """A match at eight seats of long names not in ASCII takes over a kilobyte (each letter
    written \\uXXXX), so about 3,300 fill the 4 MB ``load`` reads: the next match wrote a file
    past it, and from then on the record was "larger than 4 MB" and no match counted again.
    The oldest matches go to keep it within reach."""
    path = tmp_path / "record.json"
    names = tuple(((("Жуковская" * 3)[:NAME_LEN - 2] + f"{i:02d}"), i % 2 == 0) for i in range(7))
    many = [Played("crazy-eights", "standard", i % 3 == 0, ("player",) * 7, "2026-11-29", False, names,
                   f"m{i}") for i in range(3500)]
    assert record._write(path, many) is None
    assert path.stat().st_size <= record.MOST_BYTES
    kept, problem = load(path)
    assert problem is None and 3000 < len(kept) < 3500 and kept[-1] == many[-1]  # the oldest went
    for i in range(3):
        matches, problem = add(played(True, day=f"2026-11-{i + 1:02d}"), path)
        assert problem is None and matches[-1].day == f"2026-11-{i + 1:02d}"
        assert path.stat().st_size <= record.MOST_BYTES
    assert load(path) == (matches, None)
