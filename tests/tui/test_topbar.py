"""The top bar names the table's variant at its right end while the room allows, and gives that
room up first: whose turn it is always shows."""
from __future__ import annotations

from core import new_match

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
