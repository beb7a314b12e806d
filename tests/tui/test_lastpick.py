"""The picker remembers (``tui.lastpick``): each game opens on the variant, options, seats, bots
and turn clock chosen for it last time, solo and hosting apart; never a password or the SSH
switch; a file the app cannot read is named once and left as it is."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Switch

from tui.lastpick import Pick, load, picks_path, remember
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.table import TableScreen

from .helpers import make_app, said_from_now, wait_for

CE = Pick("draw-one", {"target": 50}, 3, {1: "easy", 2: "hard"})


def test_a_pick_is_kept_per_mode_and_game(tmp_path: Path) -> None:
    path = tmp_path / "picker.json"
    assert load(path) == ({}, None)
    assert remember("solo", "crazy-eights", CE, path) is None
    hosted = Pick("fast", {}, 4, {3: "normal"}, turn_time=30)
    assert remember("host", "ninety-eight", hosted, path) is None
    assert remember("solo", "crazy-eights", Pick("standard"), path) is None  # the latest wins
    picks, problem = load(path)
    assert problem is None
    assert picks == {"solo": {"crazy-eights": Pick("standard")}, "host": {"ninety-eight": hosted}}


GOOD = {"preset": "standard", "options": {}, "seats": 4, "bots": {"1": "normal"}, "turn_time": 0}
BAD_ENTRIES = [
    ("chess", GOOD, "no such game"),
    ("ninety-eight", dict(GOOD, preset="blitz"), "preset 'blitz'"),
    ("ninety-eight", dict(GOOD, options={"limit": "lots"}), "limit"),
    ("ninety-eight", dict(GOOD, options={"colour": 1}), "colour"),
    ("ninety-eight", dict(GOOD, seats=1), "players"),
    ("ninety-eight", dict(GOOD, seats=True), "number of seats"),
    ("ninety-eight", dict(GOOD, bots={"0": "normal"}), "bots: seat 0"),
    ("ninety-eight", dict(GOOD, bots={"4": "normal"}), "bots: seat 4"),
    ("ninety-eight", dict(GOOD, bots={"1": "godlike"}), "godlike"),
    ("ninety-eight", dict(GOOD, turn_time=-5), "turn clock"),
    ("ninety-eight", [], "expected a table of fields"),
]


@pytest.mark.parametrize("game,entry,named", BAD_ENTRIES, ids=[n for _, _, n in BAD_ENTRIES])
def test_a_choice_that_does_not_fit_the_game_is_named_and_the_file_left(tmp_path: Path, game: str,
                                                                         entry: object, named: str) -> None:
    path = tmp_path / "picker.json"
    content = json.dumps({"version": 1, "solo": {game: entry}}).encode()
    path.write_bytes(content)
    picks, problem = load(path)
    assert picks == {} and problem is not None and named in problem
    assert problem.startswith(f"picker.json: solo {game}: ")
    assert remember("solo", "ninety-nine", Pick("standard"), path) == problem
    assert path.read_bytes() == content


@pytest.mark.parametrize("content,named", [
    (b"{", "not the picker's choices ("),
    (json.dumps({"version": 2}).encode(), "version 2, not one this app reads"),
    (json.dumps({"version": 1, "host": []}).encode(), "host: expected a table of games"),
])
def test_a_file_it_cannot_read_is_named_and_left(tmp_path: Path, content: bytes, named: str) -> None:
    path = tmp_path / "picker.json"
    path.write_bytes(content)
    assert named in (load(path)[1] or "")
    assert remember("solo", "ninety-nine", Pick("standard"), path) is not None
    assert path.read_bytes() == content


async def picker_open(app, pilot, key: str = "p") -> PickerScreen:
    await pilot.press(key)
    return await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                          and app.screen)


async def choose(pilot, picker: PickerScreen, control: str, value: object) -> None:
    """Set a picker control once it is whole (a control mounted by a rebuild fills in after)."""
    await wait_for(pilot, lambda: picker.query(f"{control} SelectCurrent #label"))
    picker.query_one(control, Select).value = value
    await pilot.pause()


def bots_shown(picker: PickerScreen) -> dict[int, str]:
    return {int((s.id or "")[4:]): str(s.value) for s in picker.query("#bots Select").results(Select)}


async def test_each_game_opens_on_its_last_solo_choice() -> None:
    remember("solo", "crazy-eights", CE)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await picker_open(app, pilot)
        # the default game (Settings) comes first, on its defaults: nothing was chosen for it
        assert (picker.game, picker.preset, picker.seats) == ("ninety-eight", "standard", 4)
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down", "down")
        await wait_for(pilot, lambda: picker.game == "crazy-eights" and picker.seats == 3 and bots_shown(picker))
        assert picker.preset == "draw-one"
        assert picker.overrides() == {"target": 50}
        assert bots_shown(picker) == {1: "easy", 2: "hard"}
        assert picker.problem is None
        # back up to a game with no last choice: its defaults, as before
        await pilot.press("up")
        await wait_for(pilot, lambda: picker.game == "ninety-nine")
        assert picker.preset == "standard" and picker.overrides() == {}


async def test_the_default_game_opens_on_its_last_choice() -> None:
    remember("solo", "crazy-eights", CE)
    app = make_app()
    app.settings.default_game = "crazy-eights"
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await picker_open(app, pilot)
        assert (picker.game, picker.preset, picker.seats) == ("crazy-eights", "draw-one", 3)
        assert bots_shown(picker) == {1: "easy", 2: "hard"} and picker.overrides() == {"target": 50}
        choice = picker.choice()
        assert (choice.game, choice.preset, choice.options, choice.seats, choice.bots) == \
            ("crazy-eights", "draw-one", {"target": 50}, 3, {1: "easy", 2: "hard"})


async def test_a_hosted_table_keeps_its_choice_but_not_its_password_or_ssh() -> None:
    app = make_app(port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await picker_open(app, pilot, "h")
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down")  # Ninety-Nine
        await wait_for(pilot, lambda: picker.game == "ninety-nine" and picker.query("#bot-1"))
        await choose(pilot, picker, "#bot-2", "hard")
        await choose(pilot, picker, "#turn-clock", 60)
        picker.query_one("#table-password", Input).value = "swordfish"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.session.lobby["turn_time"] == 60 and app.session.lobby["password"] is True
        picks, problem = load()
        assert problem is None
        assert picks == {"host": {"ninety-nine": Pick("standard", {}, 4, {2: "hard"}, 60)}}
        assert "swordfish" not in picks_path().read_text()
        await app.leave_table()
        app.back_home()
        await wait_for(pilot, lambda: app.session is None and not isinstance(app.screen, LobbyScreen))
        picker = await picker_open(app, pilot, "h")
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down")
        await wait_for(pilot, lambda: picker.game == "ninety-nine" and bots_shown(picker).get(2) == "hard")
        assert bots_shown(picker) == {1: "open", 2: "hard", 3: "open"}
        assert picker.query_one("#turn-clock", Select).value == 60
        assert picker.query_one("#table-password", Input).value == ""
        assert picker.query_one("#ssh", Switch).value is False
        # the variant chosen from the lobby (Game…) is the game's last choice too (docs/guide.md, Solo)
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        await pilot.press("g")
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#presets")
                                and app.screen)
        presets = picker.query_one("#presets", OptionList)
        presets.focus()
        presets.highlighted = next(i for i in range(presets.option_count) if presets.get_option_at_index(i).id == "quick")
        await wait_for(pilot, lambda: picker.preset == "quick")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is lobby and app.session.lobby["preset"] == "quick")
        assert load()[0]["host"]["ninety-nine"].preset == "quick"
        await app.leave_table()


async def test_a_solo_start_keeps_the_choice_and_a_file_it_cannot_read_is_said_once() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await picker_open(app, pilot)
        await choose(pilot, picker, "#seats", 2)
        await wait_for(pilot, lambda: picker.seats == 2 and set(bots_shown(picker)) == {1})
        await choose(pilot, picker, "#bot-1", "easy")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
    assert load()[0] == {"solo": {"ninety-eight": Pick("standard", {}, 2, {1: "easy"}, 0)}}

    bad = b'{"version": 1, "solo": {"ninety-eight": {"preset": "blitz", "seats": 4}}}'
    picks_path().write_bytes(bad)
    app = make_app()
    heard = said_from_now(app)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):
            app.open_picker("solo", replace_ok=True)
            picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                                    and app.screen)
            assert (picker.preset, picker.seats) == ("standard", 4)  # its defaults
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
            await app.leave_table()
            app.back_home()
            await wait_for(pilot, lambda: app.session is None and not isinstance(app.screen, TableScreen))
        said = [n for n in heard if n.startswith("picker.json")]
        assert said == ["picker.json: solo ninety-eight: preset 'blitz': Ninety-Eight has standard, ninety-nine, "
                        "teams, reverse-fours, jumping-jacks, fast, five-card, single-hand, stakes; it is left as "
                        "it is. The picker opens on its defaults."]
    assert picks_path().read_bytes() == bad


async def test_a_game_with_no_last_choice_keeps_the_clock_the_lobbys_game_opened_on() -> None:
    """Moving from Ninety-Eight (no clock) past Ninety-Nine (last hosted with a 20 s clock) to
    Crazy Eights (never hosted): the clock Ninety-Nine's choice set stayed, and the guests were
    told of a clock no one chose for that table."""
    remember("host", "ninety-nine", Pick("standard", {}, 4, {}, 20))
    app = make_app(port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        await picker_open(app, pilot, "h")  # Ninety-Eight, 4 seats: its defaults, no clock
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        await pilot.press("g")
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#presets")
                                and app.screen)
        assert picker.query_one("#turn-clock", Select).value == 0
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down")  # Ninety-Nine: its last choice, with its clock
        await wait_for(pilot, lambda: picker.game == "ninety-nine" and picker.query_one("#turn-clock", Select).value == 20)
        await pilot.press("down")  # Crazy Eights: no last choice
        await wait_for(pilot, lambda: picker.game == "crazy-eights")
        await wait_for(pilot, lambda: picker.query_one("#turn-clock", Select).value == 0)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is lobby and app.session.lobby["game"] == "crazy-eights")
        assert app.session.lobby["turn_time"] == 0
        await app.leave_table()


async def test_a_clock_the_player_set_stays_on_a_game_with_no_last_choice() -> None:
    """Hosting: 30 s set on Ninety-Eight, then down past Ninety-Nine (last hosted with 20 s,
    shown there) to Crazy Eights (never hosted): the 30 s chosen, not Ninety-Nine's, nor none."""
    remember("host", "ninety-nine", Pick("standard", {}, 4, {}, 20))
    app = make_app(port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        picker = await picker_open(app, pilot, "h")
        await choose(pilot, picker, "#turn-clock", 30)
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down")
        await wait_for(pilot, lambda: picker.game == "ninety-nine" and picker.query_one("#turn-clock", Select).value == 20)
        await pilot.press("down")
        await wait_for(pilot, lambda: picker.game == "crazy-eights")
        await wait_for(pilot, lambda: picker.query_one("#turn-clock", Select).value == 30)
        assert picker.choice().turn_time == 30


async def test_the_lobbys_game_opens_another_game_on_its_last_choice_at_the_tables_seats() -> None:
    """The lobby's Game… opens on the table's own game and variant; moved to another game, it
    shows that game's last choice there (variant, options, turn clock), as the picker does, and
    keeps the table's seats (the players and bots sitting in them stay)."""
    remember("host", "crazy-eights", Pick("draw-one", {"target": 50}, 2, {1: "hard"}, 90))
    app = make_app(port=0, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        await picker_open(app, pilot, "h")  # Ninety-Eight, 4 seats: its defaults
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        await pilot.press("g")
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#presets")
                                and app.screen)
        assert (picker.game, picker.preset, picker.seats) == ("ninety-eight", "standard", 4)
        picker.query_one("#games", OptionList).focus()
        await pilot.press("down", "down")  # Crazy Eights
        await wait_for(pilot, lambda: picker.game == "crazy-eights" and picker.preset == "draw-one")
        await wait_for(pilot, lambda: picker.overrides() == {"target": 50})
        assert picker.seats == 4 and picker.query_one("#turn-clock", Select).value == 90
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is lobby and app.session.lobby["game"] == "crazy-eights")
        got = app.session.lobby
        assert (got["preset"], got["options"].get("target"), len(got["seats"]), got["turn_time"]) == \
            ("draw-one", 50, 4, 90)
        await app.leave_table()
