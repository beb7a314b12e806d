"""The variant picker, driven with the keyboard through every game's presets and an invalid
option; its controls come from ``GameInfo.to_dict()`` and its checks from ``GameInfo.resolve``."""
from __future__ import annotations

import asyncio

import pytest

from textual.widgets import Button, Label, Select, Static

from core import GAMES
from tui.screens.picker import PickerScreen, TableChoice

from .helpers import current, make_app, wait_for


def _shown(value: object) -> str:
    return "on" if value is True else "off" if value is False else str(value)


async def _solo_picker(app, pilot) -> PickerScreen:
    """The picker Play solo opens, on Ninety-Eight."""
    await pilot.press("p")
    await pilot.pause()
    picker = app.screen
    assert isinstance(picker, PickerScreen) and picker.game == "ninety-eight"
    return picker


async def test_every_game_and_preset() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        for g, (gid, info) in enumerate(GAMES.items()):
            if g:
                picker.query_one("#games").focus()
                await pilot.press("down")
                await pilot.pause()
            assert picker.game == gid
            summary = picker.query_one("#summary", Static)
            # one control per option of the game, nothing else
            ids = {w.id for w in picker.query("#options Select, #options Switch, #options Input")}
            assert ids == {f"opt-{name}" for name in info.options}
            picker.query_one("#presets").focus()
            for p, preset in enumerate(info.presets.values()):
                if p:
                    await pilot.press("down")
                    await pilot.pause()
                assert picker.preset == preset.name
                expected = {k: o.default for k, o in info.options.items()} | preset.options
                values = picker.values()
                assert {k: _shown(v) for k, v in values.items()} == {k: _shown(v) for k, v in expected.items()}
                text = str(summary.render())
                assert info.name in text and preset.name in text
                if "limit" in expected:  # the game's sentence names no limit but the default as such
                    limit = expected["limit"]
                    assert (f"limit {limit}" in " ".join(text.split())) != (limit == 98), (preset.name, text)
                    assert "within the limit (98 by default)" in " ".join(text.split())
                if picker.problem is None:
                    assert info.resolve(picker.seats, preset.name, picker.overrides())
        # choose the last game's last preset and start
        await pilot.press("enter")  # select the preset: focus moves to Start
        await pilot.pause()
        assert app.screen.focused is picker.query_one("#start", Button)
        result: list[TableChoice] = []
        picker.on_start = result.append  # the choice Start gives, no table opened
        await pilot.press("enter")
        await pilot.pause()
        last_game, last_info = list(GAMES.items())[-1]
        assert result and result[0].game == last_game
        assert result[0].preset == list(last_info.presets)[-1]
        assert set(result[0].bots) == set(range(1, result[0].seats))


async def test_teams_with_odd_seats_is_explained_at_the_teams_control() -> None:
    """ninety-eight 7.2: pairs need an even number of seats, at least 4."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await _solo_picker(app, pilot)
        picker.query_one("#presets").focus()
        names = list(GAMES["ninety-eight"].presets)
        for _ in range(names.index("teams")):
            await pilot.press("down")
        await pilot.pause()
        assert picker.preset == "teams" and picker.problem is None
        seats = picker.query_one("#seats", Select)
        seats.focus()
        await pilot.press("enter", "down", "enter")  # 4 -> 5 seats, with the keyboard
        await pilot.pause()
        assert picker.seats == 5
        error = picker.query_one("#err-teams", Static)
        assert "even number of seats" in str(error.render())
        assert error.display
        assert picker.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is picker  # not dismissed
        # switching teams off clears it
        teams = picker.query_one("#opt-teams", Select)
        teams.value = "off"
        await pilot.pause()
        assert picker.problem is None
        assert not picker.query_one("#start", Button).disabled
        assert not picker.query_one("#err-teams", Static).display


async def test_out_of_range_number_is_explained() -> None:
    """An int option outside its range is refused by the engine and the reason shown beside it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        limit = picker.query_one("#opt-limit")
        limit.focus()
        await pilot.press("end", "backspace", "backspace", "5")
        await pilot.pause()
        assert picker.problem and "limit" in picker.problem
        assert "out of range" in str(picker.query_one("#err-limit", Static).render())
        await pilot.press("0")
        await pilot.pause()
        assert picker.problem is None
        assert picker.choice().options == {"limit": 50}


async def _started_mid_rebuild(change: str) -> TableChoice:
    """Start pressed while the picker rebuilds its controls for a change just made (the key
    is handled beside the screen's message queue, so it can land mid-rebuild): the choice
    Start gives is the changed one, whole, not a mix of the old and the half-built."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.game == "ninety-eight" and picker.seats == 4
        result: list[TableChoice] = []
        picker.on_start = result.append  # the choice Start gives, no table opened
        if change == "seats":
            picker.query_one("#seats", Select).value = 2
            changed = lambda: picker.seats == 2  # noqa: E731
        else:
            picker.query_one("#games").highlighted = list(GAMES).index("crazy-eights")
            changed = lambda: picker.game == "crazy-eights"  # noqa: E731
        for _ in range(1000):  # one turn of the event loop at a time: stop as the change begins
            if changed():
                break
            await asyncio.sleep(0)
        assert changed()
        await picker.run_action("start")
        await pilot.pause()
        assert len(result) == 1
        return result[0]


async def test_start_during_a_seats_change_gets_the_new_seats_and_their_bots() -> None:
    choice = await _started_mid_rebuild("seats")
    assert (choice.game, choice.seats, choice.bots) == ("ninety-eight", 2, {1: "normal"})


async def test_start_during_a_game_change_gets_the_new_game_whole() -> None:
    choice = await _started_mid_rebuild("game")
    info = GAMES["crazy-eights"]
    assert choice.game == "crazy-eights" and choice.preset == next(iter(info.presets))
    assert choice.options == {}  # the new game's preset as it stands, no stale option
    assert set(choice.bots) == set(range(1, choice.seats))
    assert info.resolve(choice.seats, choice.preset, choice.options)


async def test_options_read_as_words_and_problems_as_the_form_speaks() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.game == "ninety-eight"
        labels = [str(label.render()) for label in picker.query("#options .name")]
        assert "hand size" in labels and not any("_" in label for label in labels)
        assert str(picker.query_one("#bots .you").render()) == "you"  # seat 1 is the player's
        field = picker.query_one("#opt-lives")
        field.focus()
        await pilot.press("end", *["backspace"] * 6)
        await pilot.pause()
        assert picker.problem is not None
        shown = str(picker.query_one("#err-lives", Static).render())
        assert shown.startswith("lives: ") and "option '" not in shown and "got" not in shown
        await pilot.press(*"150")
        await pilot.pause()
        shown = str(picker.query_one("#err-lives", Static).render())
        assert shown.startswith("lives: ") and "150" in shown and "option '" not in shown


async def test_tab_goes_from_control_to_control() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        seen = []
        for _ in range(30):  # bounded: more than the controls of the first game
            await pilot.press("tab")
            seen.append(picker.focused)
        assert picker.query_one("#right") not in seen


async def test_host_command_line_bots_reach_the_picker() -> None:
    """``dealmein host --seats 4 --bots 2 --bot-level hard``: the last two seats hold hard bots."""
    from tui.app import DealMeInApp
    from tui.cli import build_parser

    args = build_parser().parse_args(["host", "--seats", "4", "--bots", "2", "--bot-level", "hard",
                                      "--option", "limit=50", "--option", "teams=pairs"])
    app = DealMeInApp(args, mdns=False, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(200):  # bounded: the picker opens and builds its seats
            if isinstance(app.screen, PickerScreen) and app.screen.query("#bots Select"):
                break
            await pilot.pause(0.02)
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.mode == "host"
        for _ in range(10):  # the seat control's messages from its build have all arrived
            await pilot.pause()
        assert picker.seats == 4
        assert picker.choice().bots == {2: "hard", 3: "hard"}
        assert picker.choice().options == {"limit": 50, "teams": "pairs"}  # --option, as the engine reads it


async def test_solo_command_line_fills_the_picker_and_deals_that_table() -> None:
    """``dealmein solo --game crazy-eights --preset jokers --seats 3 --bot-level hard --option
    target=50``: the solo picker opens on that table, every other seat a hard bot, and Ctrl+S
    deals it."""
    from tui.app import DealMeInApp
    from tui.cli import build_parser
    from tui.screens.table import TableScreen

    args = build_parser().parse_args(["solo", "--game", "crazy-eights", "--preset", "jokers", "--seats", "3",
                                      "--bot-level", "hard", "--option", "target=50"])
    app = DealMeInApp(args, mdns=False, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bots Select")
                                and app.screen)
        for _ in range(10):  # the seat control's messages from its build have all arrived
            await pilot.pause()
        assert picker.mode == "solo" and (picker.game, picker.preset, picker.seats) == ("crazy-eights", "jokers", 3)
        choice = picker.choice()
        assert choice.bots == {1: "hard", 2: "hard"} and choice.options == {"target": 50}
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view and app.screen)
        assert table.view["game"] == "crazy-eights" and table.view["players"] == 3
        assert table.view["options"]["target"] == 50 and table.view["options"]["jokers"] is True
        assert app.session.solo
        await app.action_quit()


async def test_a_stale_game_highlight_changes_nothing(tmp_path) -> None:
    """The games list posts a highlight of its first game as it mounts, before the screen
    highlights the game it opens on; handled late, that stale highlight must not switch the
    form to the first game (the form flickered, and a quick Ctrl+S started the wrong game)."""
    from textual.widgets import OptionList

    path = tmp_path / "settings.toml"
    path.write_text('default_game = "crazy-eights"\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.game == "crazy-eights"
        games = picker.query_one("#games", OptionList)
        games.post_message(OptionList.OptionHighlighted(games, games.get_option_at_index(0), 0))
        await pilot.pause()
        assert picker.game == "crazy-eights" and picker.query("#opt-countdown")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.view["game"] == "crazy-eights"


async def test_a_stale_preset_highlight_changes_nothing() -> None:
    """The same for the variants list, which is filled anew with each game: a late highlight of
    its first variant must not replace the variant the form shows."""
    from textual.widgets import OptionList

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        picker = PickerScreen("solo", game="crazy-eights", preset="specials")
        await app.push_screen(picker)
        await pilot.pause()
        assert picker.preset == "specials"
        presets = picker.query_one("#presets", OptionList)
        presets.post_message(OptionList.OptionHighlighted(presets, presets.get_option_at_index(0), 0))
        await pilot.pause()
        assert picker.preset == "specials" and picker.values()["specials"] is True


async def test_options_that_change_nothing_say_so_and_stay_out_of_the_summary() -> None:
    """ninety-eight 6.2-6.3: lives count under penalties only, chips, ante and hands under
    stakes only; the picker dims the idle ones with the reason (from ``Option.applies``) and
    leaves them out of "In force", while their controls stay live."""
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        picker = await _solo_picker(app, pilot)

        def idle() -> dict[str, str]:
            return {name: str(picker.query_one(f"#idle-{name}", Static).render())
                    for name in GAMES[picker.game].options
                    if picker.query_one(f"#idle-{name}", Static).display}

        assert idle() == {n: "no effect: only with scoring stakes" for n in ("chips", "ante", "hands")}
        lives = picker.query_one("#opt-lives")
        lives.value = "5"  # type: ignore[attr-defined]
        await pilot.pause()
        assert "lives 5" in str(picker.query_one("#summary", Static).render())
        picker.query_one("#opt-scoring", Select).value = "stakes"
        await pilot.pause()
        assert idle() == {"lives": "no effect: only with scoring penalties"}
        assert picker.query_one("#opt-lives").parent.parent.has_class("idle")
        summary = str(picker.query_one("#summary", Static).render())
        assert "scoring stakes" in summary and "lives 5" not in summary
        assert not lives.disabled and picker.overrides()["lives"] == 5  # kept for a switch back
        picker.query_one("#opt-scoring", Select).value = "single"
        await pilot.pause()
        assert set(idle()) == {"lives", "chips", "ante", "hands"}
        # Crazy Eights 6.1-6.2: in Countdown the count deals the hand and no points are kept
        picker.query_one("#games").focus()
        await pilot.press("down", "down")
        await pilot.pause()
        assert picker.game == "crazy-eights" and idle() == {}
        picker.query_one("#opt-countdown").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        assert idle() == {"hand_size": "no effect with countdown on", "target": "no effect with countdown on"}


async def test_a_narrow_terminal_keeps_room_for_the_choices() -> None:
    """Below 80 columns the game and variant lists narrow, so a seat's bot level and the
    options' words still show whole."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.has_class("-narrow")
        assert picker.query_one("#bot-1", Select).size.width >= len("bot: normal") + 4
        assert picker.query_one("#opt-limit").size.width >= 4
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("h")  # the host's picker: its "Turn clock" is the longest name
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        await pilot.pause()
        names = list(picker.query(".row .name").results(Label))
        assert any(str(n.render()) == "Turn clock" for n in names)
        for name in names:  # a blank cell between each name and its value ("Turn clockoff")
            assert len(str(name.render())) < name.size.width, str(name.render())
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.has_class("-normal") and app.screen.query_one("#left").size.width == 34


async def test_a_wide_terminal_keeps_the_picker_in_the_middle_and_its_buttons_beside_it() -> None:
    """Past 120 columns the choices, their summary and the buttons keep 120 of them in the middle
    of the screen (the buttons stood at its far edge, 80 columns from the options they start);
    every option's description still fits on one line there."""
    app = make_app()
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        await wait_for(pilot, lambda: picker.query(".option .description"))
        await pilot.pause()
        parts = [picker.query_one(f"#{name}").region for name in ("picker-title", "picker", "summary", "buttons")]
        for part in parts:
            assert part.width == 120 and part.x == 40, (part, parts)
        start = picker.query_one("#start", Button).region
        assert parts[1].right - 30 <= start.x < parts[1].right
        for description in picker.query(".option .description").results(Static):
            assert description.region.height == 1, str(description.render())


async def test_the_summary_shows_every_option_in_force_at_80_columns() -> None:
    """ninety-eight presets: the ninety-nine preset changes three options; the summary under
    the form names all three in an 80x24 terminal (the last one used to be cut off)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await _solo_picker(app, pilot)
        presets = list(GAMES["ninety-eight"].presets)
        await pilot.press("enter", *["down"] * presets.index("ninety-nine"))
        await pilot.pause()
        assert picker.preset == "ninety-nine"
        shown = "\n".join(strip.text for strip in picker._compositor.render_strips())
        summary = picker.query_one("#summary", Static)
        assert summary.region.bottom <= 24
        text = " ".join(line.strip() for line in shown.splitlines()[summary.region.y:summary.region.bottom])
        for part in ("limit 99", "fours reverse", "threes skip"):
            assert part in text, text


async def test_the_countdown_summary_does_not_say_eights_are_wild_for_all() -> None:
    """crazy-eights 6.1: in Countdown each seat's wild rank is its count, eights only on 8; the
    summary under the picker said "eights are wild" as for the usual game. It fits 80x24 whole."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await _solo_picker(app, pilot)
        picker.query_one("#games").focus()
        await pilot.press(*["down"] * list(GAMES).index("crazy-eights"))
        picker.query_one("#presets").focus()
        await pilot.press(*["down"] * list(GAMES["crazy-eights"].presets).index("countdown"))
        await pilot.pause()
        assert (picker.game, picker.preset) == ("crazy-eights", "countdown")
        summary = picker.query_one("#summary", Static)
        assert summary.region.bottom <= 24
        rows = [strip.text for strip in picker._compositor.render_strips()][summary.region.y:summary.region.bottom]
        text = " ".join(row.strip() for row in rows)
        assert "eights are wild (in Countdown, the rank of your count)." in text, text


@pytest.mark.parametrize("argv, game, preset, seats", [
    (["solo"], "ninety-eight", "single-hand", 2),  # nothing typed: the last choices
    (["solo", "--game", "ninety-nine"], "ninety-nine", "quick", 3),  # only the game: that game's last
    (["solo", "--seats", "3"], "ninety-eight", "single-hand", 3),  # a choice typed: it, over the last choices
])
async def test_the_solo_command_keeps_the_last_choices_for_what_it_does_not_say(argv, game, preset, seats) -> None:
    """docs/guide.md: the picker opens on your last choices; `dealmein solo` with no flags, or only
    --game, opened on the command line's defaults (4 seats, standard) instead, and a flag given
    changes only what it sets."""
    from tui.app import DealMeInApp
    from tui.cli import build_parser
    from tui.lastpick import Pick, remember

    assert remember("solo", "ninety-eight", Pick("single-hand", {}, 2, {1: "easy"})) is None
    assert remember("solo", "ninety-nine", Pick("quick", {}, 3, {1: "hard", 2: "hard"})) is None
    app = DealMeInApp(build_parser().parse_args(argv), mdns=False, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bots Select")
                                and app.screen)
        for _ in range(10):
            await pilot.pause()
        assert (picker.game, picker.preset, picker.seats) == (game, preset, seats)


async def test_the_key_bar_names_start_as_its_button_does(tmp_path) -> None:
    """Ctrl+S does what the button beside Cancel says, and the key bar says so too: Start to
    play solo, Open table to host, Apply to change a hosted table's game (it said Start in all
    three), also with the key moved by the keymap."""
    from textual.widgets._footer import FooterKey

    from tui.settings import Settings, save_settings

    from .helpers import host_two_seats, key_bar

    def start_key(picker: PickerScreen) -> tuple[str, str]:
        label = str(picker.query_one("#start", Button).label)
        keys = [(k.key, str(k.description)) for k in picker.query(FooterKey) if k.description == label]
        assert len(keys) == 1, (label, key_bar(picker))
        return keys[0]

    app = make_app(bind="127.0.0.1", port=0, config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        picker = await _solo_picker(app, pilot)
        assert start_key(picker) == ("ctrl+s", "Start")
        await pilot.press("escape", "h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        await wait_for(pilot, lambda: key_bar(picker))
        assert start_key(picker) == ("ctrl+s", "Open table") and "Start" not in key_bar(picker)
        await pilot.press("escape")
        lobby = await host_two_seats(app, pilot)
        await pilot.press("g")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        await wait_for(pilot, lambda: key_bar(picker))
        assert start_key(picker) == ("ctrl+s", "Apply") and "Start" not in key_bar(picker)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
        assert "Start" in key_bar(lobby)  # the lobby's own Start is as it was
        await app.leave_table()
    save_settings(Settings(keymap={"picker.start": "f5"}), tmp_path / "moved.toml")
    app = make_app(config_path=tmp_path / "moved.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        await wait_for(pilot, lambda: key_bar(picker))
        assert start_key(picker) == ("f5", "Open table")


async def test_a_deal_the_decks_cannot_make_is_explained_at_the_decks_control() -> None:
    """Rules README (not enough cards), crazy-eights 1.2 and 1.3: ten cards to each of eight
    seats and a starter need 81 cards, one deck holds 52: Start stays off, the reason beside the
    decks, where it used to be found only as the lobby dealt; two decks clear it."""
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        picker = PickerScreen("solo", game="crazy-eights", options={"hand_size": 10, "decks": 1}, seats=8)
        await app.push_screen(picker)
        await wait_for(pilot, lambda: picker.game == "crazy-eights" and picker.seats == 8 and picker.query("#err-decks"))
        await pilot.pause()
        assert picker.problem == "option 'decks': not enough cards: the deal needs 81, 1 deck holds 52"
        error = picker.query_one("#err-decks", Static)
        assert "the deal needs 81, 1 deck holds 52" in str(error.render()) and error.display
        assert picker.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is picker  # not dismissed
        picker.query_one("#opt-decks", Select).value = "2"  # the control holds what it shows
        await pilot.pause()
        assert picker.problem is None and not picker.query_one("#start", Button).disabled
        assert not picker.query_one("#err-decks", Static).display


async def test_a_short_screen_lists_the_variants_by_name_and_says_the_chosen_ones_words_below() -> None:
    """Below 22 rows the variants list had room for a row or two of two-line entries, and could
    start halfway through a description: there it names each variant on one line, and the
    summary gives the chosen variant's words in place of the game's; tall again, as before."""
    from textual.widgets import OptionList

    from tui.screens.picker import TALL

    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.press("p")
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bot-1")
                                and app.screen)
        presets = picker.query_one("#presets", OptionList)
        summary = lambda: str(picker.query_one("#summary").render())  # noqa: E731
        prompts = lambda: [str(presets.get_option_at_index(i).prompt) for i in range(presets.option_count)]  # noqa: E731
        assert prompts()[:3] == ["standard", "ninety-nine", "teams"]
        assert presets.scrollable_content_region.height >= 3  # three variants in sight, not one and a half
        assert summary().startswith("Ninety-Eight, 4 seats, standard: 98, four cards, three lives")
        presets.focus()
        await pilot.press("down", "down")
        await wait_for(pilot, lambda: picker.preset == "teams")
        assert "teams: partners opposite share their lives" in summary().replace("\n", " ")
        await pilot.resize_terminal(100, TALL)
        await wait_for(pilot, lambda: "\n" in prompts()[0])
        assert prompts()[2].startswith("teams\npartners opposite share")
        assert "teams: Play one card at a time onto a running total" in summary().replace("\n", " ")


@pytest.mark.parametrize("rows", [23, 30])
async def test_the_variants_list_starts_at_a_variants_name_as_the_highlight_moves(rows: int) -> None:
    """From 22 rows each variant takes its name's row and its words' below: Textual scrolled only
    as far as the highlighted one needed, so the list could start halfway through the words of
    the one above it, without its name. Its top row is a variant's name, down the list and back
    up (save at its very end, where a whole last variant may need the rows of one above it), and
    the highlighted variant stays in sight."""
    from textual.widgets import OptionList

    app = make_app()
    async with app.run_test(size=(80, rows)) as pilot:
        picker = await _solo_picker(app, pilot)
        await wait_for(pilot, lambda: picker.query("#bot-1"))
        for game in GAMES:
            if game != picker.game:
                picker.query_one("#games").focus()
                await pilot.press("down")
                await wait_for(pilot, lambda: picker.game == game)
            presets = picker.query_one("#presets", OptionList)
            names = [p.name for p in GAMES[game].presets.values()]
            presets.focus()
            order = [*range(1, len(names)), *range(len(names) - 2, -1, -1)]
            for i in order:
                await pilot.press("down" if i > presets.highlighted else "up")  # type: ignore[operator]
                await wait_for(pilot, lambda: picker.preset == names[i])
                await pilot.pause()
                shown = [presets.render_line(y).text.strip() for y in range(presets.size.height)]
                assert names[i] in shown, (rows, game, names[i], shown)  # its name row in sight
                if round(presets.scroll_y) < presets.max_scroll_y:
                    assert shown[0] in names, (rows, game, names[i], shown)
