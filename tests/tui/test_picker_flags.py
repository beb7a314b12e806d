"""``dealmein host|solo --game ... --seats ...`` in the app: the flags given set the picker, and
what they do not set is the last choice for that game (``host --help``, ``solo --help``). Any
flag beyond the game used to drop every last choice ("Turn clock 20 s" remembered, but
``--seats 3`` opened on "Turn clock off"); a preset given starts from its own options."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from tui.cli import build_parser
from tui.lastpick import Pick, remember
from tui.screens.picker import PickerScreen

from .helpers import make_app, wait_for

HOSTED = Pick("quick", {"chips": 5}, 4, {2: "hard"}, turn_time=20)
SOLO = Pick("draw-one", {"target": 50}, 3, {1: "easy", 2: "hard"})


def bots_shown(picker: PickerScreen) -> dict[int, str]:
    return {int((s.id or "")[4:]): str(s.value) for s in picker.query("#bots Select").results(Select)}


async def opened(argv: list[str]) -> tuple[str, dict[str, object], int, dict[int, str], object]:
    """The picker the command line opens, as it shows: preset, options over it, seats, bots and
    turn clock (None: no clock offered)."""
    app = make_app(args=build_parser().parse_args(argv), port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                                and app.screen.query("#options Vertical") and app.screen)
        await pilot.pause()
        clocks = list(picker.query("#turn-clock").results(Select))
        return (picker.preset, picker.overrides(), picker.seats, bots_shown(picker),
                clocks[0].value if clocks else None)


@pytest.mark.parametrize("flags,shown", [
    ([], ("quick", {"chips": 5}, 4, {1: "open", 2: "hard", 3: "open"}, 20)),
    (["--seats", "3"], ("quick", {"chips": 5}, 3, {1: "open", 2: "hard"}, 20)),
    (["--option", "draw=manual", "--turn-time", "30"],
     ("quick", {"chips": 5, "draw": "manual"}, 4, {1: "open", 2: "hard", 3: "open"}, 30)),
    (["--bots", "1", "--bot-level", "easy"], ("quick", {"chips": 5}, 4, {1: "open", 2: "open", 3: "easy"}, 20)),
    (["--password", "swordfish"], ("quick", {"chips": 5}, 4, {1: "open", 2: "hard", 3: "open"}, 20)),
    (["--preset", "quick"], ("quick", {"chips": 5}, 4, {1: "open", 2: "hard", 3: "open"}, 20)),
    # another preset starts from its own options, as choosing it in the picker does
    (["--preset", "standard"], ("standard", {}, 4, {1: "open", 2: "hard", 3: "open"}, 20)),
], ids=["game-only", "seats", "option-clock", "bots", "password", "same-preset", "new-preset"])
async def test_host_flags_set_only_what_they_say(flags: list[str], shown: tuple[object, ...]) -> None:
    remember("host", "ninety-nine", HOSTED)
    assert await opened(["host", "--game", "ninety-nine", *flags]) == shown


async def test_where_the_table_listens_leaves_the_picker_on_the_default_game(tmp_path: Path) -> None:
    """``--port`` and ``--bind`` say nothing the picker shows: they opened it on Ninety-Eight,
    the ``--game`` flag's default, where the settings' default game is another."""
    remember("host", "ninety-nine", HOSTED)
    settings = tmp_path / "settings.toml"
    settings.write_text('default_game = "ninety-nine"\n')
    app = make_app(args=build_parser().parse_args(["host", "--port", "0", "--bind", "127.0.0.1"]), config_path=settings)
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                                and app.screen)
        await pilot.pause()
        assert (picker.game, picker.preset, picker.seats) == ("ninety-nine", "quick", 4)


@pytest.mark.parametrize("flags,shown", [
    (["--seats", "4"], ("draw-one", {"target": 50}, 4, {1: "easy", 2: "hard", 3: "normal"}, None)),
    (["--bot-level", "hard"], ("draw-one", {"target": 50}, 3, {1: "hard", 2: "hard"}, None)),
    (["--option", "reshuffle=off"], ("draw-one", {"target": 50, "reshuffle": False}, 3, {1: "easy", 2: "hard"}, None)),
], ids=["seats", "bot-level", "option"])
async def test_solo_flags_set_only_what_they_say(flags: list[str], shown: tuple[object, ...]) -> None:
    remember("solo", "crazy-eights", SOLO)
    assert await opened(["solo", "--game", "crazy-eights", *flags]) == shown


async def test_with_no_last_choice_the_flags_fill_the_rest_with_their_defaults() -> None:
    remember("host", "ninety-eight", Pick("fast", {}, 5, {}, 60))  # another game's
    assert await opened(["host", "--game", "ninety-nine", "--seats", "3"]) == \
        ("standard", {}, 3, {1: "open", 2: "open"}, 0)


async def test_the_flags_fill_the_first_picker_only() -> None:
    """``dealmein solo --bot-level easy``: the picker it opens has easy bots; left, and Play solo
    again, the picker opens on the last choices (docs/guide.md, Solo), as every later one does.
    Each one opened on the flags again: a bot made hard there, dealt and remembered, was easy
    again at the next Play solo, and the record counted matches against easy bots."""
    remember("solo", "crazy-eights", SOLO)
    app = make_app(args=build_parser().parse_args(["solo", "--game", "crazy-eights", "--bot-level", "easy"]),
                   port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        first = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                               and app.screen)
        await pilot.pause()
        assert bots_shown(first) == {1: "easy", 2: "easy"}
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, PickerScreen))
        app.open_picker("solo", replace_ok=True)
        again = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen is not first
                               and app.screen.query("#bot-1") and app.screen)
        await pilot.pause()
        assert (again.game, bots_shown(again)) == ("crazy-eights", {1: "easy", 2: "hard"})
