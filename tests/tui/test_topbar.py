"""The top bar names the table's variant at its right end while the room allows, and gives that
room up first: whose turn it is always shows."""
from __future__ import annotations

import re

from core import new_match
from tui.widgets.topbar import TopLine, fit

from .helpers import make_app, show_link
from .matchlink import MatchLink


class PresetLink(MatchLink):
    """A table link whose lobby names the preset, as a host's does."""

    def __init__(self, game: str, preset: str, players: int = 3) -> None:
        super().__init__(new_match(game, players, preset=preset, seed=3), seat=0,
                         names=["Ana", "Bartholomew the Bold", "Cy"])
        self.lobby = {"game": game, "preset": preset}


def top(screen) -> str:
    return str(screen.query_one("#topbar").render())


async def test_the_variant_shows_at_the_right_end() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_link(app, pilot, PresetLink("ninety-nine", "manual-draw"))
        line = top(screen)
        assert line.startswith(" Ninety-Nine · round 1 · ") and line.endswith(" manual-draw ")
        assert len(line) == 100  # drawn at the right edge


async def test_a_standard_table_says_nothing_more() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_link(app, pilot, PresetLink("crazy-eights", "standard"))
        assert top(screen).rstrip().endswith("turn") and "standard" not in top(screen)


async def test_short_of_room_the_variant_goes_and_the_turn_stays() -> None:
    """At 60 columns the line is long (a long name's turn): the variant is left out, not the turn;
    wider again, it comes back."""
    app = make_app()
    async with app.run_test(size=(60, 24)) as pilot:
        link = PresetLink("crazy-eights", "countdown")
        screen = await show_link(app, pilot, link, first_plays=False)
        assert screen.view["current_seat"] != 0  # another seat's turn: its name shows
        line = top(screen)
        assert line.rstrip().endswith("'s turn") and "countdown" not in line
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert top(screen).endswith(" countdown ")


class MarkedLink(MatchLink):
    """This app in seat 0 of a table whose player to move is away (dropped: the table waits
    ``takeover`` seconds before a bot plays for them) or idle (their turn clock runs), as a
    host's lobby says, with a turn clock of ``turn_time`` seconds."""

    def __init__(self, game: str, seed: int, names: list[str], mark: str, turn_time: int = 30,
                 takeover: float = 23.0) -> None:
        match = new_match(game, 4, seed=seed)
        current = match.current_seat
        assert current is not None and current != 0
        seats = [{"seat": i, "name": name, "bot": None, "connected": True} for i, name in enumerate(names)]
        seats[current] |= {"connected": False, "takeover": takeover} if mark == "away" else {"idle": True}
        shown = [*names]
        shown[current] += f" ({mark})"
        super().__init__(match, seat=0, names=shown)
        self.lobby = {"game": game, "preset": "standard", "turn_time": turn_time, "seats": seats}


def drawn(screen) -> str:
    """The top bar's row as the terminal shows it, cut at the screen's edge."""
    bar = screen.query_one("#topbar").region
    return [strip.text for strip in screen.app.screen._compositor.render_strips()][bar.y][bar.x:bar.right]


async def test_at_60_columns_the_top_line_keeps_the_clock_and_the_wait() -> None:
    """At 60x18 the line gives up the direction's word (its arrow stays), not the seconds left:
    the wait before a bot plays for an away player, or the turn clock of an idle one; no
    separator is left dangling at its end. Wider again, the word comes back."""
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        away = await show_link(app, pilot, MarkedLink("ninety-nine", 1, ["Ana", "Bo", "Cy", "Dee"], "away"),
                               first_plays=False)
        line = drawn(away).rstrip()
        assert line.startswith(" Ninety-Nine · round 1 · ↻ · ") and "clockwise" not in line, line
        assert re.search(r"Dee's turn \(away\) · (a )?bot( plays)? in 2[0-3] s$", line), line
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "· clockwise ↻ · Dee's turn (away) · a bot plays for them in " in top(away), top(away)
        await app.pop_screen()
        await pilot.resize_terminal(60, 18)
        idle = await show_link(app, pilot, MarkedLink("crazy-eights", 3, ["Ana", "Ann", "Cy", "Dee"], "idle"),
                               first_plays=False)
        await pilot.pause()
        line = drawn(idle).rstrip()
        assert line.startswith(" Crazy Eights · hand 1 · ↻ · ") and "clockwise" not in line, line
        assert re.search(r"Ann's turn \(idle\) · (30|29) s$", line), line


AWAY = TopLine("Ninety-Nine", "round 1", "clockwise ↻", "Dee's turn (away)", wait=23, variant="manual-draw")
IDLE = TopLine("Crazy Eights", "hand 2", "clockwise ↻", "Ann's turn (idle)", clock=8)


def test_the_line_gives_up_the_variant_then_the_wait_words_then_the_directions_word_then_the_game() -> None:
    whole = " Ninety-Nine · round 1 · clockwise ↻ · Dee's turn (away) · a bot plays for them in 23 s"
    assert fit(AWAY, 110).plain == whole + " " * 11 + "manual-draw "
    assert fit(AWAY, 100).plain == whole  # the variant goes first
    assert fit(AWAY, 80).plain == " Ninety-Nine · round 1 · clockwise ↻ · Dee's turn (away) · a bot plays in 23 s"
    assert fit(AWAY, 70).plain == " Ninety-Nine · round 1 · clockwise ↻ · Dee's turn (away) · bot in 23 s"
    assert fit(AWAY, 60).plain == " Ninety-Nine · round 1 · ↻ · Dee's turn (away) · bot in 23 s"
    assert fit(AWAY, 50).plain == " round 1 · ↻ · Dee's turn (away) · bot in 23 s"
    assert fit(AWAY, 40).plain == " ↻ · Dee's turn (away) · bot in 23 s"
    assert fit(AWAY, 33).plain == " Dee's turn (away) · bot in 23 s"
    assert fit(IDLE, 62).plain == " Crazy Eights · hand 2 · clockwise ↻ · Ann's turn (idle) · 8 s"
    assert fit(IDLE, 61).plain == " Crazy Eights · hand 2 · ↻ · Ann's turn (idle) · 8 s"
    for width in range(30, 121):
        for line in (AWAY, IDLE):
            shown = fit(line, width)
            assert shown.cell_len <= width and not shown.plain.rstrip().endswith("·"), (width, shown.plain)
            clock = r"\((away|idle)\) · ((a )?bot( plays)?( for them)? in 23|8) s( {3,}manual-draw)?$"
            assert re.search(clock, shown.plain.rstrip()), (width, shown.plain)
    assert any(span.style == "bold" for span in fit(IDLE, 60).spans)  # ten seconds or less: in bold


def test_after_a_reverse_a_narrow_line_keeps_the_direction_before_the_names() -> None:
    """At 60 columns, eight seats and play reversed, the line read "Ninety-Eight · hand 2 ·
    Normal bot 2's turn": the one thing a reverse changes, which tells who plays next, was the
    first left out. Its arrow stays, before the game's name and the hand's number; before a
    whole name too (cut short, while it keeps some room); in ASCII cards, where the direction
    is a word alone, as before."""
    line = TopLine("Ninety-Eight", "hand 2", "anticlockwise ↺", "Normal bot 2's turn")
    assert fit(line, 62).plain == " Ninety-Eight · hand 2 · anticlockwise ↺ · Normal bot 2's turn"
    assert fit(line, 61).plain == " Ninety-Eight · hand 2 · ↺ · Normal bot 2's turn"
    assert fit(line, 40).plain == " hand 2 · ↺ · Normal bot 2's turn"
    assert fit(line, 30).plain == " ↺ · Normal bot 2's turn"
    long = TopLine("Ninety-Eight", "hand 2", "anticlockwise ↺", "Bartholomew-Fitzgerald 2's turn (away)", clock=65)
    assert fit(long, 45).plain == " ↺ · Bartholomew-Fitzg…2's turn (away) · 1:05"
    assert fit(long, 34).plain == " ↺ · Bartho…2's turn (away) · 1:05"
    assert fit(long, 30).plain == " Bartho…2's turn (away) · 1:05"  # too little of the name beside it
    ascii_line = TopLine("Ninety-Eight", "hand 2", "anticlockwise", "Normal bot 2's turn")
    assert fit(ascii_line, 45).plain == " Ninety-Eight · hand 2 · Normal bot 2's turn"


def test_a_name_too_long_even_then_is_cut_not_the_clock() -> None:
    line = TopLine("Ninety-Eight", "hand 1 of 10", "anticlockwise ↺", "Bartholomew-Fitzgerald 2's turn (away)",
                   clock=65, wait=75)
    assert fit(line, 50).plain == " ↺ · Bartholo…2's turn (away) · 1:05 · bot in 1:15"
    # offline, the clock and the wait are not known here: counted on from the last view, they
    # stood at "0 s" beside "reconnecting…" as if a bot were about to move
    offline = TopLine("Ninety-Eight", "hand 1 of 10", "anticlockwise ↺", "Bartholomew-Fitzgerald 2's turn (away)",
                      clock=0, offline=True, wait=0)
    shown = fit(offline, 60).plain
    assert shown.endswith("2's turn (away) · reconnecting…") and " 0 s" not in shown and "bot" not in shown, shown
    between = TopLine("Ninety-Eight", "hand 1", "clockwise ↻", "")  # no one to move: nothing dangles
    assert fit(between, 60).plain == " Ninety-Eight · hand 1 · clockwise ↻"
