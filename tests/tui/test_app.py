"""App-wide behaviour: the command palette's entries, rules and help from anywhere, Ctrl+C,
and ``dealmein join HOST:PORT`` opening straight into a table's lobby."""
from __future__ import annotations

import argparse
from typing import Any

from textual.widgets import Markdown

from net.server import Server, TableConfig
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.rules import RulesScreen

from .helpers import current, make_app, open_table, wait_for


async def test_palette_offers_the_app_commands() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Play solo", "Host a table", "Join a table", "Switch theme", "Card style: ascii",
                       "Rules", "Help"):
            assert wanted in titles
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Card style: ascii")
        command.callback()
        await pilot.pause()
        assert app.settings.card_style == "ascii"
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Hand order: by rank")
        command.callback()
        await pilot.pause()
        assert app.settings.hand_order == "rank"


async def test_the_palettes_words_fit_where_it_is_opened() -> None:
    """Review: "Draw the cards ascii"; and on the home screen, with no table, Quit "leaves the
    table" and Rules gives "the current game"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert home["Quit"] == "Quit Deal Me In" and home["Rules"] == "The rules of each game"
        assert home["Card style: ascii"] == "Draw the cards in ascii"
        await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=4)
        at_table = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert at_table["Quit"] == "Leave the table and quit" and at_table["Rules"] == "The rules of this table's game"


async def test_the_palette_finds_play_solo_by_the_words_home_uses() -> None:
    """Typed "solo" (or "play"), the palette offers Play solo, as home and its key bar call it."""
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for typed in ("solo", "play"):
            await pilot.press("ctrl+p")
            palette = await wait_for(pilot, lambda: current(app, CommandPalette))
            await pilot.press(*typed)

            def offered() -> list[str]:
                options = palette.query_one(OptionList)
                return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

            await wait_for(pilot, lambda: any("Play solo" in text for text in offered()))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not current(app, CommandPalette))


async def test_rules_and_help_from_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=4)
        app.rules_game = "crazy-eights"
        app.rules_table = {"game": "crazy-eights", "preset": "specials", "options": {}, "seats": 3}
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = app.screen.query_one(Markdown).source
        assert text.startswith("# Crazy Eights") and "## At this table" in text
        assert "`specials` = on (preset)" in text
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table_keys = dict(app.screen.sections["At the table"])
        assert table_keys["Space"] == "Draw a card from the stock"  # 3.1; and L named as the play it is (4.1):
        assert table_keys["L"] == 'Play the selected card saying "last card!" (only the play that leaves you one card)'
        assert table_keys["Mouse"].endswith("; click the stock to draw")
        # crazy-eights 3.2: no total; C says the suit to follow
        assert (table_keys["C"], table_keys["S"], table_keys["T"]) == ("Suit to follow", "Scores", "Turn")
        assert "Hand over / match over" in app.screen.sections
        everywhere = dict(app.screen.sections["Everywhere"])
        assert everywhere["F1"] == "Help" and everywhere["F2"] == "Rules" and everywhere["Ctrl+C"] == "Quit"
        assert everywhere["Q"] == "Quit" and "Q" not in table_keys  # listed once, where it answers
        assert "Q" not in dict(app.screen.sections["Lobby"])
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_help_over_a_table_lists_only_the_keys_its_game_has() -> None:
    """Ninety-Eight has no draw, pass or last card: Help over its table leaves those keys out and
    names the game; over a Crazy Eights table they are there (the test above)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(app, pilot, "ninety-eight", 3, seat=0, seed=4)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table_keys = dict(app.screen.sections["At the table"])
        assert "Space" not in table_keys and "P" not in table_keys and "L" not in table_keys
        assert table_keys["Enter"] == "Play" and table_keys["O"] == "Hand order"
        assert table_keys["Mouse"] == "Click a card to choose it, click again to play it"
        assert str(app.screen.query(".title").first().render()) == "Keys · Ninety-Eight"
        assert table_keys["C"] == "Total" and "Hand over / match over" in app.screen.sections


async def test_help_lists_the_keys_of_the_screen_it_is_opened_over_first() -> None:
    """README: F1 lists the keys of the screen you are on: they come first (the other screens'
    after them), on the first rows of the page."""
    from tui.screens.record import RecordScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await wait_for(pilot, lambda: current(app, RecordScreen))
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        assert list(help_screen.sections)[:2] == ["Your record", "Everywhere"]
        await pilot.pause()
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any("Your record" in row for row in rows[:12]), rows
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: app.screen.query(".resume") is not None and not current(app, RecordScreen))
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        assert list(help_screen.sections)[:2] == ["Home", "Everywhere"]
        await pilot.press("escape")
        await open_table(app, pilot, "ninety-nine", 3, seat=0, seed=4)
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        assert list(help_screen.sections)[:2] == ["At the table", "Everywhere"]


async def test_help_names_the_keys_in_the_words_of_the_game_at_the_table() -> None:
    """ninety-nine 3.4: its deals are rounds, so Help over its table says what the keys do when
    a round is over; away from a table Help speaks of every game: C says the total, or in Crazy
    Eights the suit to follow."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Hand or round over / match over" in app.screen.sections
        assert dict(app.screen.sections["At the table"])["C"] == "Total (in Crazy Eights: the suit to follow)"
        await pilot.press("escape")
        await open_table(app, pilot, "ninety-nine", 3, seat=0, seed=4)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Round over / match over" in app.screen.sections
        assert not any("Hand" in title for title in app.screen.sections)
        assert dict(app.screen.sections["At the table"])["C"] == "Total"


async def test_help_lists_the_keys_of_every_screen_and_keeps_each_title_on_a_line() -> None:
    """Review: Help had no word of the picker's Start, the rules' arrows, a choice's numbers or
    the replay's keys; and "Hand or round over / match over" wrapped even at 100 columns."""
    from rich.console import Console

    from tui.screens.help import key_table

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen)
        sections = help_screen.sections
        assert dict(sections["Picking a game (Play solo, Host, Game in the lobby)"])["Ctrl+S"].startswith("Start")
        assert dict(sections["Rules (F2)"])["←, →"] == "The other games' rules"
        assert dict(sections["A choice at the table"])["1 .. 9"] == "Choose the answer of that number"
        assert dict(sections["Replay (V on a match's results, dealmein replay FILE --show)"])["→, N"] == "Next"
    console = Console(width=100, record=True)
    for title, rows in sections.items():
        console.print(key_table(title, rows))
        first = console.export_text(clear=True).splitlines()[0]
        assert first.strip() == title


async def test_ctrl_c_quits() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0


def titled(screen: Any, title: str) -> bool:
    """``screen`` shows ``title`` in its lobby title; False, not an error, while the title is not
    there yet: a pushed screen composes later, and a poll on a busy machine can come between."""
    return any(title in str(part.render()) for part in screen.query("#lobby-title"))


async def test_join_command_opens_the_lobby() -> None:
    server = Server(host="127.0.0.1", port=0, bot_delay=0)
    await server.start()
    try:
        server.create_table(TableConfig(name="Test table", game="ninety-nine", preset="quick", seats=3))
        args = argparse.Namespace(command="join", address=f"127.0.0.1:{server.port}", name="Cleo",
                                  password=None, host_key=None, no_mdns=True)
        app = make_app(args=args)
        early: list[object] = []  # the wait's check, made the moment the lobby is pushed
        push = app.push_screen

        def push_and_look(screen: Any, *rest: Any, **kw: Any) -> Any:
            pushed = push(screen, *rest, **kw)
            if isinstance(screen, LobbyScreen):
                try:
                    early.append(titled(screen, "Test table"))
                except Exception as error:  # kept for the assert below, not raised into the join
                    early.append(error)
            return pushed

        app.push_screen = push_and_look  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
            assert app.session.lobby["name"] == "Test table"
            assert app.session.lobby["seats"][0]["name"] == "Cleo"
            await wait_for(pilot, lambda: titled(lobby, "Test table"))
            assert early == [False]  # looked at before it composed: "not yet", and the wait went on
            await app.action_quit()
    finally:
        await server.close()


async def test_help_and_rules_take_each_others_place() -> None:
    """F1 and F2 from one another swap the screen instead of piling them up: after F1 F2 F1 F2
    F1 F2, one Escape is home."""
    from tui.screens.home import HomeScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ["f1", "f2"] * 3:
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, RulesScreen]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and len(app.screen_stack) == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_help_from_home_starts_a_new_player_off_with_its_keys_as_moved(tmp_path) -> None:
    """A new player's Help opened from home begins with a first game in three steps, naming the
    keys as the keymap has them; over a table (they are playing already) it does not."""
    from textual.widgets import Static

    from tui.settings import Settings, save_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.hint": "g"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        start = " ".join(str(app.screen.query_one("#start-here", Static).render()).split())
        assert start.startswith("New here? Choose Play solo (P) and a game") and "Ctrl+S deals" in start
        assert "G suggests a play" in start and "F2 gives the game's rules" in start
        await pilot.press("escape")
        await open_table(app, pilot, "ninety-eight", 3, seat=0, seed=4)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert not app.screen.query("#start-here")
