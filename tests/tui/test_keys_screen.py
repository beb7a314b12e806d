"""The Keys screen moves keys without editing settings.toml by hand: a key moved there answers at
once where it now sits and is saved in the file's ``[keymap]``; a move that clashes, or that would
push out a key moved before, is refused with the reason and changes nothing."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tui.screens.keys import KeysScreen
from tui.screens.settings import SettingsScreen
from tui.settings import Settings, load_settings, save_settings

from .helpers import current, make_app, open_settings, open_table, wait_for


async def open_keys(app, pilot) -> KeysScreen:
    """Settings (S on the home screen), then its Move keys button."""
    settings = await open_settings(app, pilot)
    settings.query_one("#move-keys").focus()  # below the form at 80x24: Tab reaches it
    await pilot.press("enter")
    return await wait_for(pilot, lambda: current(app, KeysScreen))


async def move(pilot, screen: KeysScreen, binding_id: str, key: str) -> str:
    """Enter on ``binding_id``'s row, then ``key``; what the screen says after."""
    listed = screen.query_one("#keys-list", OptionList)
    listed.highlighted = listed.get_option_index(binding_id)
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.focused is not None and screen.focused.id == "keys-catch")
    await pilot.press(key)
    await pilot.pause()
    return said(screen)


def said(screen: KeysScreen) -> str:
    return str(screen.query_one("#keys-said").content)


def offered(screen: KeysScreen) -> str | None:
    """The prompt of the key catcher while it waits (a swap offered after a clash), else None."""
    catcher = screen.query_one("#keys-catch")
    return str(catcher.content) if catcher.display and screen.focused is catcher else None


def row(screen: KeysScreen, binding_id: str) -> str:
    listed = screen.query_one("#keys-list", OptionList)
    return str(listed.get_option(binding_id).prompt)


async def test_a_key_moved_there_answers_at_the_table_at_once_and_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        assert "Space" in row(screen, "table.draw") and "ships as" not in row(screen, "table.draw")
        assert await move(pilot, screen, "table.draw", "d") == "Draw: D."
        assert not screen.query_one("#keys-said").has_class("error")
        assert "ships as Space" in row(screen, "table.draw")
        assert app.keymap == {"table.draw": "d"} and load_settings(path)[0].keymap == {"table.draw": "d"}
        await pilot.press("escape")
        settings = await wait_for(pilot, lambda: current(app, SettingsScreen))
        assert str(settings.query_one("#keys").content) == "Keys moved: Draw: D"

        table, link = await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        assert "draw" in table.view["legal"]
        await pilot.press("space")
        await pilot.pause()
        assert link.sent == []  # Space no longer draws
        await pilot.press("d")
        await pilot.pause()
        assert link.sent == ["draw"]


async def test_a_move_that_clashes_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """P is Pass at the table: Draw cannot go there. Help cannot take Q, which quits everywhere;
    and the Q pressed as the new key is caught, not obeyed."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        text = await move(pilot, screen, "table.draw", "p")
        assert text == "Not moved: P is already Pass on the table screen."
        assert screen.query_one("#keys-said").has_class("error")
        assert offered(screen) == "Press P again to swap Draw and Pass (Table); Esc keeps both."
        await pilot.press("escape")
        await pilot.pause()
        assert screen.focused is screen.query_one("#keys-list") and app.keymap == {}
        text = await move(pilot, screen, "app.help", "q")
        assert text == "Not moved: Q is already Quit on the home screen."
        assert offered(screen) is None  # Help has two keys (F1, ?): no swap is offered
        assert app.screen is screen and app.return_code is None  # still running
        assert app.keymap == {} and not path.exists()
        assert "ships as" not in row(screen, "table.draw")
        # 1 chooses the first card as Home does: the key is named by the binding on it
        text = await move(pilot, screen, "table.draw", "1")
        assert text == "Not moved: 1 is already Card 1 on the table screen."


async def test_a_move_never_pushes_out_a_key_moved_before(tmp_path: Path) -> None:
    """Scores moved to Z: Turn cannot take Z too (the check would keep one of the two and drop
    the other). What the file holds that the app could not use stays in it."""
    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.say_scores": "z", "table.fly": "k"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        assert app.keymap == {"table.say_scores": "z"}
        text = await move(pilot, screen, "table.say_turn", "z")
        assert text == "Not moved: Z is already Scores on the table screen."
        assert offered(screen) == "Press Z again to swap Turn and Scores (Table); Esc keeps both."
        await pilot.press("escape")
        await pilot.pause()
        assert app.keymap == {"table.say_scores": "z"}
        assert load_settings(path)[0].keymap == {"table.say_scores": "z", "table.fly": "k"}
        assert await move(pilot, screen, "lobby.ready", "Y") == "Ready: Shift+Y."  # Y pressed is Shift+Y
        assert app.keymap == {"table.say_scores": "z", "lobby.ready": "Y"}
        assert load_settings(path)[0].keymap == {"table.say_scores": "z", "table.fly": "k", "lobby.ready": "shift+y"}


async def test_escape_keeps_the_key_and_backspace_puts_it_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        assert await move(pilot, screen, "table.draw", "escape") == ""
        assert app.screen is screen and app.keymap == {"table.draw": "d"}
        assert screen.focused is screen.query_one("#keys-list")
        await pilot.press("backspace")  # Draw is still highlighted
        await pilot.pause()
        assert said(screen) == "Draw: Space."
        assert app.keymap == {} and load_settings(path)[0].keymap == {}
        assert "[keymap]" not in path.read_text()
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen) == "Draw is where it ships: Space."
        # moving a key back onto the key it ships with is putting it back
        await move(pilot, screen, "table.draw", "d")
        assert await move(pilot, screen, "table.draw", "space") == "Draw: Space."
        assert app.keymap == {} and load_settings(path)[0].keymap == {}


async def test_help_lists_the_keys_screen_and_its_own_key_moves_too(tmp_path: Path) -> None:
    from tui.screens.help import HelpScreen

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d", "keys.put_back": "delete"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        keys = dict(help_screen.sections["Keys (Settings, Move keys)"])
        assert keys == {"Esc": "Back", "Del": "Put back", "Enter, then a key": "Move the highlighted key there (Esc keeps it)",
                        "That key again": "Swap the two, where the key belonged to one other"}
        await pilot.press("escape")
        screen = await open_keys(app, pilot)
        assert "; Del puts it back where it ships." in str(screen.query_one("#keys-how").content)
        listed = screen.query_one("#keys-list", OptionList)
        listed.highlighted = listed.get_option_index("table.draw")
        await pilot.press("backspace")  # moved away: nothing
        await pilot.pause()
        assert app.keymap["table.draw"] == "d"
        await pilot.press("delete")
        await pilot.pause()
        assert app.keymap == {"keys.put_back": "delete"} and said(screen) == "Draw: Space."


async def test_the_key_pressed_again_after_a_clash_swaps_the_two(tmp_path: Path) -> None:
    """Draw onto P, which is Pass at the table: P again swaps them (Pass takes Space), in one
    step, saved; they answer so at once. Swapping back leaves nothing moved in the file."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        assert (await move(pilot, screen, "table.draw", "p")).startswith("Not moved:")
        await pilot.press("p")
        await pilot.pause()
        assert said(screen) == "Swapped: Draw: P · Pass: Space."
        assert not screen.query_one("#keys-said").has_class("error") and offered(screen) is None
        assert app.keymap == {"table.draw": "p", "table.pass": "space"}
        assert load_settings(path)[0].keymap == {"table.draw": "p", "table.pass": "space"}
        assert "ships as Space" in row(screen, "table.draw") and "ships as P" in row(screen, "table.pass")

        # and back: Draw onto Space, now Pass's; nothing is left moved
        assert (await move(pilot, screen, "table.draw", "space")).startswith("Not moved:")
        assert offered(screen) == "Press Space again to swap Draw and Pass (Table); Esc keeps both."
        await pilot.press("space")
        await pilot.pause()
        assert said(screen) == "Swapped: Draw: Space · Pass: P."
        assert app.keymap == {} and "[keymap]" not in path.read_text()

        # swapped again, then played: P draws
        await move(pilot, screen, "table.draw", "p")
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("escape")
        table, link = await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        assert "draw" in table.view["legal"]
        await pilot.press("space")
        await pilot.pause()
        assert link.sent == []  # Space is Pass's now, and Pass is not offered
        await pilot.press("p")
        await pilot.pause()
        assert link.sent == ["draw"]


async def test_a_key_the_file_moved_onto_a_key_now_taken_is_marked_and_swapped_here(tmp_path: Path) -> None:
    """A settings file from before Y was Cards held moved Draw to Y: the entry is not used (the
    notice at the start said so once), and the list says so beside Draw, where it showed Space
    alone; the line under it says why and how to have it. Y pressed twice swaps the two."""
    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"app.rules" = "ctrl+i"\n"table.draw" = "y"\n')
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_keys(app, pilot)
        assert app.keymap == {}
        assert "your Y: taken" in row(screen, "table.draw"), row(screen, "table.draw")
        assert "your Ctrl+I: not used" in row(screen, "app.rules"), row(screen, "app.rules")
        assert "your" not in row(screen, "table.say_hand")
        assert said(screen) == ("Not used from your settings: Rules Ctrl+I (Ctrl+I is a key terminals send as "
                                "Tab); Draw Y (Y is already Cards held on the table screen). Enter on a key "
                                "moves it, or swaps it with the key holding the one it wants.")
        assert screen.query_one("#keys-said").has_class("error")
        # the reason is Draw's, though the file gave it that key already (it named Rules's)
        assert await move(pilot, screen, "table.draw", "y") == "Not moved: Y is already Cards held on the table screen."
        await pilot.press("y")
        await pilot.pause()
        assert said(screen) == "Swapped: Draw: Y · Cards held: Space."
        assert app.keymap == {"table.draw": "y", "table.say_hand": "space"}
        assert load_settings(path)[0].keymap == {**app.keymap, "app.rules": "ctrl+i"}
        assert "your" not in row(screen, "table.draw") and "ships as Space" in row(screen, "table.draw")


async def test_a_key_put_back_that_frees_another_entry_of_the_file_says_so(tmp_path: Path) -> None:
    """Pass and Hint both on X in the file: Pass takes it, Hint's entry is not used. Pass put
    back frees X, and Hint's entry answers on it at once: said with the move (only "Pass: P."
    was said, and Hint had moved)."""
    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"table.pass" = "x"\n"table.hint" = "x"\n')
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_keys(app, pilot)
        assert app.keymap == {"table.pass": "x"} and "your X: taken" in row(screen, "table.hint")
        listed = screen.query_one("#keys-list", OptionList)
        listed.highlighted = listed.get_option_index("table.pass")
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen) == "Pass: P · Hint: X, your settings' key for it, free now."
        assert app.keymap == {"table.hint": "x"} and "ships as H" in row(screen, "table.hint")


async def test_a_key_put_back_clears_the_files_entry_for_it_that_is_not_used(tmp_path: Path) -> None:
    """Rules on Ctrl+I in the file (a key terminals send as Tab): not used, Rules on F2. Put
    back said "Rules is where it ships" and left the entry and its mark; it takes it away."""
    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"app.rules" = "ctrl+i"\n')
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_keys(app, pilot)
        assert "your Ctrl+I: not used" in row(screen, "app.rules")
        listed = screen.query_one("#keys-list", OptionList)
        listed.highlighted = listed.get_option_index("app.rules")
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen) == "Rules: F2."
        assert "your" not in row(screen, "app.rules") and load_settings(path)[0].keymap == {}
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen) == "Rules is where it ships: F2."


async def test_a_swap_is_offered_only_with_the_one_key_that_clashes(tmp_path: Path) -> None:
    """R is Rules on the home screen, Ready in the lobby and Rematch at the table: Draw onto R
    clashes only with Rematch, and that is the swap offered. Another key instead of R moves
    there; Help (F1 and ?) is not offered a swap, having two keys."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        text = await move(pilot, screen, "table.draw", "r")
        assert text == "Not moved: R is already Rematch on the table screen."
        assert offered(screen) == "Press R again to swap Draw and Rematch (Table); Esc keeps both."
        await pilot.press("d")  # not the swap: a move of Draw to D
        await pilot.pause()
        assert said(screen) == "Draw: D." and app.keymap == {"table.draw": "d"}
        text = await move(pilot, screen, "app.help", "p")
        assert text.startswith("Not moved:") and offered(screen) is None
        assert app.keymap == {"table.draw": "d"}
        # Backspace puts Scores back onto S, which Turn took: the swap is offered (not "again")
        assert await move(pilot, screen, "table.say_scores", "z") == "Scores: Z."
        assert await move(pilot, screen, "table.say_turn", "s") == "Turn: S."
        listed = screen.query_one("#keys-list", OptionList)
        listed.highlighted = listed.get_option_index("table.say_scores")
        await pilot.press("backspace")
        await pilot.pause()
        assert said(screen) == "Not moved: S is already Turn on the table screen."
        assert offered(screen) == "Press S to swap Scores and Turn (Table); Esc keeps both."
        await pilot.press("s")
        await pilot.pause()
        assert said(screen) == "Swapped: Scores: S · Turn: Z."
        assert app.keymap == {"table.draw": "d", "table.say_turn": "z"}


async def test_the_keys_that_quit_or_open_the_palette_are_caught_and_refused(tmp_path: Path) -> None:
    """Ctrl+Q, Ctrl+C and Ctrl+P pressed as the new key are taken by the screen, not obeyed (no
    quit, no palette), and refused with what they do; Esc still gives up."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        for key, does in (("ctrl+q", "Ctrl+Q, which quits"), ("ctrl+c", "Ctrl+C, which quits"),
                          ("ctrl+p", "Ctrl+P, which opens the command palette")):
            assert await move(pilot, screen, "table.draw", key) == f"Not moved: Draw cannot take {does}."
            assert app.screen is screen and app.return_code is None, key
            assert screen.focused is screen.query_one("#keys-list")
        assert app.keymap == {} and not path.exists()


async def test_a_key_the_list_answers_first_is_refused_here_too(tmp_path: Path) -> None:
    """Put back onto Enter would never answer on this screen (Enter on the list starts a move):
    refused, nothing saved. Moved to Del, the line at the top names Del at once."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        text = await move(pilot, screen, "keys.put_back", "enter")
        assert text == ("Not moved: Enter is taken by a list on the keys screen, "
                        "which answers it while it has the focus.")
        assert offered(screen) is None and app.keymap == {} and not path.exists()
        assert "; Backspace puts it back" in str(screen.query_one("#keys-how").content)
        assert await move(pilot, screen, "keys.put_back", "delete") == "Put back: Del."
        assert "; Del puts it back" in str(screen.query_one("#keys-how").content)


async def test_a_start_key_cannot_move_to_a_letter_here_either(tmp_path: Path) -> None:
    """S pressed for the lobby's Start is refused, since Start answers while typing in the chat."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        text = await move(pilot, screen, "lobby.start", "s")
        assert text.startswith("Not moved: Start cannot take S: it answers even while you type")
        assert await move(pilot, screen, "lobby.start", "ctrl+1") == \
            "Not moved: Ctrl+1 is a key most terminals cannot send."
        assert app.keymap == {} and not path.exists()


async def test_c_is_named_as_the_game_at_the_table_below_has_it(tmp_path: Path) -> None:
    """C says the total, or at Crazy Eights the suit to follow: the Keys screen names it as the
    game of the table it was opened over (Keys in the palette), and away from a table both, as
    the README's table of keys does."""
    import re

    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        away = await open_keys(app, pilot)
        said_away = next(k.does for k in away.keys if k.id == "table.say_total")
        assert said_away == "Total / suit to follow"
        assert row(away, "table.say_total").startswith(f"Table      {said_away}  C")  # the column fits it
        readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
        assert re.search(r"^\| `table\.say_total` \| C \| (.+?) \|$", readme, re.MULTILINE).group(1) == said_away
        for game, said in (("crazy-eights", "Suit to follow"), ("ninety-nine", "Total")):
            while app.screen_stack[-1] is not app.screen_stack[1]:  # back to home
                app.pop_screen()
            await pilot.pause()
            await open_table(app, pilot, game, 3, seat=0, seed=4)
            app.action_keys()  # what the palette's Keys does
            screen = await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.keys and app.screen)
            assert row(screen, "table.say_total").startswith(f"Table      {said:<20}C"), game


async def test_the_line_above_the_hand_names_a_key_moved_mid_match(tmp_path: Path) -> None:
    """Keys opened over a match (the palette's Keys): Draw moved to D, the table's line above the
    hand says "D draws" once the table is back, not the Space it said before."""
    from tests.tui.helpers import stacked
    from tui.screens.table import TableScreen

    app = make_app(config_path=tmp_path / "settings.toml")
    deck = stacked(["5S", "2C", "9S", "3C", "KH", "3D", "QH"])  # seat 1 holds 5♠ 9♠ on K♥: only a draw
    async with app.run_test(size=(80, 24)) as pilot:
        table, _ = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                    options={"hand_size": 2})

        def hint() -> str:
            return str(table.query_one("#hint").render())

        assert "Space draws" in hint()
        app.action_keys()
        screen = await wait_for(pilot, lambda: current(app, KeysScreen))
        assert await move(pilot, screen, "table.draw", "d") == "Draw: D."
        await pilot.press("escape")
        await wait_for(pilot, lambda: current(app, TableScreen))
        await pilot.pause()
        assert "D draws" in hint() and "Space" not in hint()


async def test_the_key_being_moved_stays_in_sight_on_a_small_screen(tmp_path: Path) -> None:
    """At 60x18 the question under the list ("Press the new key for Turn (Table)...") takes
    rows from it: the row being moved went out of sight as Enter was pressed on it."""
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(60, 18)) as pilot:
        screen = await open_keys(app, pilot)
        listed = screen.query_one("#keys-list", OptionList)
        index = listed.get_option_index("table.say_turn")
        listed.focus()
        for _ in range(index):  # down the list by key, as a player gets there
            await pilot.press("down")
        await wait_for(pilot, lambda: listed.highlighted == index)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: offered(screen) is not None and "Turn (Table)" in offered(screen))
        await pilot.pause()
        rows = [listed.render_line(y).text for y in range(listed.size.height)]
        assert any(line.lstrip().startswith("Table") and " Turn " in line for line in rows), rows
