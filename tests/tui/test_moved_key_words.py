"""Keys moved by the ``[keymap]`` are the keys the app's words name: a sentence that says which
key does something (Q saves, Enter plays, B and X in the lobby, F2 and V in Help, R and B on
the results) named the key as shipped, a dead key once moved. And keys are written as Help
writes them, and read back so: "PgDn" is PageDown, "£" is £ (not "pound_sign"), "ß" is ß
(not "SS"), Ctrl+Space and the comma say why they cannot be taken."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding

from core import new_match
from tui.keymap import check_keymap, key_label, normal_key
from tui.screenkeys import screen_bindings
from tui.screens.help import HelpScreen
from tui.settings import Settings, save_settings

from .helpers import make_app, notices, show_link, wait_for
from .matchlink import MatchLink


def _app(tmp_path: Path, keymap: dict[str, str], **kw: Any) -> Any:
    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap=keymap), path)
    return make_app(config_path=path, **kw)


def test_the_names_help_writes_keys_by_are_read_back_as_those_keys() -> None:
    assert [normal_key(k) for k in ("PgDn", "pgup", "Del", "Esc", "Ins", "return")] == \
        ["pagedown", "pageup", "delete", "escape", "insert", "enter"]
    assert key_label("pagedown") == "PgDn" and key_label("delete") == "Del"


def test_signs_beyond_ascii_are_written_as_the_signs() -> None:
    assert key_label(normal_key("£") or "") == "£"  # Textual names it pound_sign
    assert key_label("ß") == "ß"  # its capital is two letters: "SS" named no key
    assert key_label("é") == "É" and key_label("alt+ß") == "Alt+ß"


def test_a_sign_beyond_ascii_is_the_sign_on_the_key_bar() -> None:
    app = make_app()
    assert app.get_key_display(Binding("pound_sign", "hint", "Hint")) == "£"
    assert app.get_key_display(Binding("D", "hint", "Hint")) == "shift+d"  # as before


def test_the_comma_and_ctrl_space_say_why_they_cannot_be_taken() -> None:
    screens = screen_bindings()
    _, problems = check_keymap({"table.pass": ","}, screens)
    assert problems == ['keymap: table.pass = "," is not a key (a comma separates keys: the comma key cannot be taken)']
    for written in ("ctrl+space", "ctrl+@"):
        _, problems = check_keymap({"table.hint": written}, screens)
        assert problems == ["keymap: table.hint cannot take Ctrl+Space, which terminals send in ways of their own "
                            "(as Ctrl+@, or not at all)"], written
        assert "most terminals cannot send" not in problems[0]


async def _said(app: Any, pilot: Any, key: str, words: str) -> None:
    app.clear_notifications()
    await pilot.press(key)
    await wait_for(pilot, lambda: words in notices(app))


async def test_a_solo_tables_words_name_the_moved_quit_and_play_keys(tmp_path: Path) -> None:
    """A at a solo table said "Q saves the match" with Quit on Ctrl+X; L at a Crazy Eights
    table without "last card!" said "play your cards with Enter" with Play on X."""
    app = _app(tmp_path, {"app.quit": "ctrl+x", "table.away": "ctrl+a", "hand.play": "x", "table.last_card": "k"})
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        link = MatchLink(new_match("crazy-eights", 2, options={"last_card": "off"}, seed=3), 0)
        link.solo = True  # type: ignore[attr-defined]
        await show_link(app, pilot, link)
        await _said(app, pilot, "ctrl+a", "No stepping away at a solo table: its bots wait for you, and Ctrl+X "
                                          "saves the match.")
        await _said(app, pilot, "k", 'This table does not ask for "last card!": play your cards with X.')
        assert not [n for n in notices(app) if " Q " in n or "Enter" in n], notices(app)


async def test_help_names_the_rules_and_replay_keys_where_they_are(tmp_path: Path) -> None:
    app = _app(tmp_path, {"app.rules": "f6", "results.replay": "ctrl+v"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, HelpScreen) else None)
        titles = list(help_screen.sections)
        assert "Rules (F6)" in titles and "Rules (F2)" not in titles, titles
        assert any(t.startswith("Replay (Ctrl+V on a match's results") for t in titles), titles


async def test_the_lobbys_every_seat_taken_names_the_moved_bot_and_remove_keys(tmp_path: Path) -> None:
    from .helpers import said_from_now
    from .test_lobby import host_lobby

    app = _app(tmp_path, {"lobby.add_bot": "n", "lobby.remove": "delete"}, bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_lobby(app, pilot)
        seats = lambda: app.session.lobby["seats"]  # noqa: E731
        for filled in range(1, 4):
            await pilot.press("n")
            await wait_for(pilot, lambda: sum(1 for s in seats() if s["bot"]) == filled)
        said = said_from_now(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: any("Every seat is taken" in n for n in said))
        assert [n for n in said if "Every seat is taken" in n] == [
            "Every seat is taken: N on a bot's seat changes its level, Del takes it away."]
        await app.action_quit()


async def test_the_keys_screen_says_why_the_comma_and_ctrl_space_are_not_taken(tmp_path: Path) -> None:
    from .test_keys_screen import move, open_keys

    app = _app(tmp_path, {})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        assert await move(pilot, screen, "table.draw", "comma") == \
            "The comma cannot be taken: in the settings file a comma separates a key list."
        text = await move(pilot, screen, "table.draw", "ctrl+@")
        assert text.startswith("Not moved: Draw cannot take Ctrl+Space, which terminals send in ways of their own"), text
        assert app.keymap == {}


async def test_the_results_say_which_key_does_what_as_the_keys_are_written_replay_too(tmp_path: Path) -> None:
    """Enter on a solo match's results: "CTRL+R: Rematch" (in capitals, where everything else
    writes Ctrl+R), and no word of V, which replays it."""
    import asyncio

    from textual.widgets import Label

    from tui.screens.results import ResultsScreen

    app = _app(tmp_path, {"results.rematch": "ctrl+r", "results.lobby": "alt+b"})
    async with app.run_test(size=(100, 30)) as pilot:
        match = new_match("ninety-eight", 2, preset="single-hand", seed=3)
        for _ in range(400):  # bounded: a single hand ends well within
            if match.is_over:
                break
            match.apply(match.legal_actions()[0])
        assert match.is_over
        link = MatchLink(match, 0)
        link.solo = True  # type: ignore[attr-defined]
        link.rematch = lambda: asyncio.sleep(0)  # type: ignore[method-assign]
        screen = await show_link(app, pilot, link, first_plays=False)
        log = tmp_path / "match.log"
        log.write_text("", encoding="utf-8")
        link.table = type("Hosted", (), {"log_path": log})()  # type: ignore[attr-defined]
        results = ResultsScreen(link, link.view(), screen.names, [0, 0], True)
        await app.push_screen(results)
        await wait_for(pilot, results.keys_act)
        await pilot.press("enter")
        said = results.query_one("#which-key", Label)
        await wait_for(pilot, lambda: said.display)
        assert str(said.render()).startswith(
            "Ctrl+R: Rematch · Alt+B: Back to lobby · V: Replay · Esc: Continue"), str(said.render())


async def test_each_suit_key_moves_and_the_bar_and_help_name_each(tmp_path: Path) -> None:
    """crazy-eights 3.3: with Spades moved to K, the key bar read "k Suit" (nothing said K names
    spades, or that H, D and C name the others), and hearts, diamonds and clubs could not move."""
    from textual.widgets._footer import FooterKey

    from tui.screens.choice import ChoiceScreen

    from .test_table_screen import at_an_eight

    app = _app(tmp_path, {"choice.spades": "k", "choice.hearts": "j"})
    async with app.run_test(size=(80, 24)) as pilot:
        _screen, link = await at_an_eight(app, pilot)
        await pilot.press("1", "enter")
        question = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, ChoiceScreen) else None)
        await pilot.pause()
        assert "K J D C" in [str(k.key_display) for k in question.query(FooterKey)], \
            [(k.key_display, k.description) for k in question.query(FooterKey)]
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, HelpScreen) else None)
        from tui.screens.keys import movable_keys

        assert {m.id: m.does for m in movable_keys() if m.id.startswith("choice.")} == {
            "choice.spades": "Name spades", "choice.hearts": "Name hearts", "choice.diamonds": "Name diamonds",
            "choice.clubs": "Name clubs"}  # the Keys screen's list names each as Help does
        from tui.keymap import moved_text
        from tui.screenkeys import screen_bindings as bindings

        assert moved_text(app.keymap, bindings()) == "Name hearts: J · Name spades: K"  # and Settings
        rows = dict(help_screen.sections["A choice at the table"])
        assert (rows.get("K"), rows.get("J"), rows.get("D"), rows.get("C")) == \
            ("Name spades", "Name hearts", "Name diamonds", "Name clubs"), rows
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is question)
        await pilot.press("h")  # hearts no longer on H
        await pilot.pause(0.2)
        assert link.sent == []
        await pilot.press("j")
        await wait_for(pilot, lambda: link.sent)
        assert link.sent == ["8C=H"]
