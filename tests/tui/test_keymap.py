"""The ``[keymap]`` of settings.toml: keys move by binding id, a bad entry is named and left
out, and the moved key is the one the table answers to, Help lists and the hints name."""
from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from tui.screenkeys import screen_bindings
from tui.keymap import check_keymap, key_label, normal_key
from tui.screens.help import HelpScreen
from tui.settings import Settings, load_settings, save_settings
from tui.widgets.hand import HandView

from .helpers import current, key_bar, make_app, notices, open_table, stacked


def test_keys_are_read_as_textual_spells_them() -> None:
    assert normal_key("d") == "d"
    assert normal_key(" ? ") == "question_mark"
    assert normal_key("Ctrl+S") == "ctrl+s"
    assert normal_key("ctrl+shift+up") == "ctrl+shift+up"
    assert normal_key("F5") == "f5" and normal_key("space") == "space"
    assert normal_key("shift+ctrl+up") == "ctrl+shift+up"  # as Textual orders them
    for bad in ("", "ctrl+", "hyperdrive", "ctrl+ctrl+a", "banana+a", " ", "\x07", ","):
        assert normal_key(bad) is None, bad
    assert key_label("ctrl+s,question_mark") == "Ctrl+S, ?"
    assert key_label("space") == "Space" and key_label("f12") == "F12"
    # a key that types a mark by the mark, as the key bar shows it, not by its name in words
    assert key_label("grave_accent") == "`" and key_label("ctrl+left_square_bracket") == "Ctrl+["
    assert key_label("plus,minus") == "+, -"


def test_a_keymap_moves_keys_and_names_what_it_cannot() -> None:
    screens = screen_bindings()
    usable, problems = check_keymap({"table.draw": "d", "lobby.ready": "Y, f6"}, screens)
    assert usable == {"table.draw": "d", "lobby.ready": "y,f6"} and problems == []  # Y as written: the Y key

    usable, problems = check_keymap({
        "table.fly": "z",                 # no such key
        "table.pass": "ctrl+nope",        # not a key
        "app.help": "ctrl+c",             # quitting stays where it is
        "table.draw": "s",                # S already says the scores at the table
        "lobby.add_bot": "h",             # free in the lobby (H hosts only on the home screen)
    }, screens)
    assert usable == {"lobby.add_bot": "h"}
    assert len(problems) == 4
    assert '"table.fly" is not the id of a key' in problems[0]
    assert 'table.pass = "ctrl+nope" is not a key' in problems[1]
    assert "app.help cannot take Ctrl+C" in problems[2]
    assert problems[3] == "keymap: table.draw = S clashes with Scores (S) on the table screen"


def test_keys_may_swap_and_two_moved_to_one_key_clash() -> None:
    screens = screen_bindings()
    usable, problems = check_keymap({"table.say_scores": "t", "table.say_turn": "s"}, screens)
    assert problems == [] and usable == {"table.say_scores": "t", "table.say_turn": "s"}
    usable, problems = check_keymap({"table.say_scores": "z", "table.say_turn": "z"}, screens)
    assert len(usable) == 1 and len(problems) == 1 and "clashes" in problems[0]
    # an app-wide key clashes with every screen's own
    usable, problems = check_keymap({"app.rules": "p"}, screens)
    assert usable == {} and "on the home screen" in problems[0]


def test_the_keymap_is_kept_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d", "odd \"id\"": "x"}), path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded.keymap == {"table.draw": "d", "odd \"id\"": "x"}
    path.write_text('keymap = "d"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.keymap == {} and problem and "keymap: expected a [keymap] table" in problem


async def test_a_moved_key_plays_and_is_named_everywhere(tmp_path: Path) -> None:
    """crazy-eights 3.4: drawing, on D instead of Space; the hint and Help say D."""
    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d", "hand.play": "ctrl+e,x", "table.fly": "z"}), path)
    app = make_app(config_path=path)
    deck = stacked(["5H", "2C", "9S", "3C", "KH"])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        said = [n for n in notices(app) if "keymap" in n]
        assert len(said) == 1 and '"table.fly" is not the id of a key' in said[0]
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 2})
        hint = str(screen.query_one("#hint").render())
        assert "Ctrl+E plays" in hint and "D draws" in hint and "Space" not in hint
        await pilot.press("space")  # no longer draws
        await pilot.pause()
        assert link.sent == []
        assert "d" in screen.active_bindings and "space" not in {
            k for k, b in screen.active_bindings.items() if b.binding.action == "draw"}
        await pilot.press("d")
        await pilot.pause()
        assert link.sent == ["draw"] and len(screen.query_one(HandView).cards) == 3
        await pilot.press("f1")
        help_screen = await _help(app, pilot)
        rows = dict((text, key) for key, text in help_screen.sections["At the table"])
        assert rows["Draw a card from the stock"] == "D" and rows["Play"] == "Ctrl+E, X"
        assert not any(key == "Space" for key, _ in help_screen.sections["At the table"])


async def _help(app, pilot) -> HelpScreen:
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    return app.screen


def test_every_key_a_player_sees_can_move() -> None:
    """Every key with a description on the key bar or in Help, other than moving about and
    Escape, has an id, so ``[keymap]`` can reach it."""
    fixed = {"escape", "up", "down", "left", "right", "home", "end", "pageup", "pagedown", "ctrl+c"}
    for screen, bindings in screen_bindings().items():
        for b in bindings:
            if not isinstance(b, Binding) or not b.description or b.key in fixed or b.key.isdigit():
                continue
            assert b.id, (screen, b.key, b.description)


def test_the_readme_lists_every_key_id_with_its_key() -> None:
    import re

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    listed = dict(re.findall(r"^\| `(\w+\.\w+)` \| ([^|]+) \|", readme, re.MULTILINE))
    keys: dict[str, list[str]] = {}
    for bindings in screen_bindings().values():
        for b in bindings:
            if b.id:
                for k in b.key.split(","):
                    if k not in keys.setdefault(b.id, []):
                        keys[b.id].append(k)
    assert {i: key_label(",".join(k)) for i, k in keys.items()} == {i: k.strip() for i, k in listed.items()}


async def test_a_moved_key_keeps_its_place_on_the_key_bar(tmp_path: Path) -> None:
    from textual.widgets._footer import FooterKey

    deck = stacked(["5H", "2C", "9S", "3C", "KH"])
    shown = []
    for keymap in ({}, {"table.draw": "d"}):
        path = tmp_path / f"{len(keymap)}.toml"
        save_settings(Settings(keymap=keymap), path)
        app = make_app(config_path=path)
        async with app.run_test(size=(100, 24)) as pilot:
            await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0, options={"hand_size": 2})
            await pilot.pause()
            shown.append((key_bar(app.screen), [k.key for k in app.screen.query(FooterKey)]))
    assert shown[0][0] == shown[1][0] and "Draw" in shown[0][0]
    assert "space" in shown[0][1] and "d" in shown[1][1] and "space" not in shown[1][1]


def test_any_keymap_leaves_no_screen_with_a_key_of_two_meanings() -> None:
    """Whatever a settings file holds, the check never fails and what it keeps is a keymap
    under which no screen answers one key two ways."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from textual.keys import _normalize_key_list

    from tui.keymap import _first_clash

    from tui.screenkeys import screen_widgets

    screens, widgets = screen_bindings(), screen_widgets()
    ids = sorted({b.id for bs in screens.values() for b in bs if b.id})
    keys = st.one_of(st.sampled_from(["a", "d", "D", "shift+d", "s", "t", "q", "space", "enter", "f1", "f2", "ctrl+s",
                                      "?", "/", "escape", "1", "ctrl+c", "ctrl+q", "ctrl+1", "tab", "left", "down"]),
                     st.text(max_size=8))
    entry = st.lists(keys, min_size=1, max_size=3).map(",".join)

    @settings(max_examples=400, database=None, deadline=None)
    @given(st.dictionaries(st.one_of(st.sampled_from(ids), st.text(max_size=12)), entry, max_size=8))
    def run(wanted: dict[str, str]) -> None:
        usable, problems = check_keymap(wanted, screens, widgets)
        assert set(usable) <= set(wanted) and len(usable) + len(problems) == len(wanted)
        assert _first_clash(usable, screens) is None
        for binding_id, text in usable.items():
            assert binding_id in ids and _normalize_key_list(text) == text  # as Textual will read it

    run()


async def test_the_settings_screen_lists_the_keys_moved(tmp_path: Path) -> None:
    from tui.screens.settings import SettingsScreen

    for keymap, shown in (({}, "Keys moved: none, every key is where it ships. Move keys (below), or a [keymap] table in "
                                "the file, moves them"),
                          ({"table.draw": "d", "hand.play": "enter,x", "table.fly": "z"},
                           "Keys moved: Play: Enter, X · Draw: D")):  # the unknown id is left out
        path = tmp_path / f"{len(keymap)}.toml"
        save_settings(Settings(keymap=keymap), path)
        app = make_app(config_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            assert str(app.screen.query_one("#keys").content).startswith(shown)


def test_a_start_key_takes_no_key_that_types() -> None:
    """Start (lobby and picker) answers even while the chat line or the password field has the
    focus (a priority binding), so a letter, a sign or Space there would start a match mid-word."""
    from tui.screenkeys import screen_widgets

    screens, widgets = screen_bindings(), screen_widgets()
    for binding_id, key in (("lobby.start", "s"), ("picker.start", "n"), ("lobby.start", "space"),
                            ("picker.start", "?"), ("lobby.start", "D"), ("picker.start", "£")):
        usable, problems = check_keymap({binding_id: key}, screens, widgets)
        assert usable == {} and len(problems) == 1, (binding_id, key)
        assert f"{binding_id} cannot take {key_label(normal_key(key))}: it answers even while you type" in problems[0]
    # nor a key a text field, a list or a button there answers to (Enter sends the chat line)
    usable, problems = check_keymap({"lobby.start": "enter"}, screens, widgets)
    assert usable == {} and "clashes with" in problems[0] and "which answers Enter" in problems[0]
    usable, problems = check_keymap({"lobby.start": "f5", "picker.start": "ctrl+o"}, screens, widgets)
    assert usable == {"lobby.start": "f5", "picker.start": "ctrl+o"} and problems == []


async def test_a_start_key_refused_leaves_typing_alone(tmp_path: Path) -> None:
    """``lobby.start = "s"`` and ``picker.start = "n"`` are refused with the reason, so typing
    a password with an N in the picker, and a line with an S in the lobby's chat, only types."""
    from tui.screens.lobby import LobbyScreen
    from tui.screens.picker import PickerScreen

    from .helpers import wait_for

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"lobby.start": "s", "picker.start": "n"}), path)
    app = make_app(config_path=path, bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        said = " ".join(notices(app))
        assert "lobby.start cannot take S" in said and "picker.start cannot take N" in said
        assert app.keymap == {}
        await pilot.press("h")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        picker.query_one("#table-password").focus()
        await pilot.press("a", "n")
        await pilot.pause()
        assert app.screen is picker and picker.query_one("#table-password").value == "an"
        await pilot.press("ctrl+s")  # Start is where it ships
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        session = app.session
        await pilot.press("home")
        seats = len(session.lobby["seats"])
        for filled in range(2, seats + 1):  # B from your own seat fills the next open seat
            await pilot.press("b")  # once the last is seen filled: a B before that chose the same seat
            await wait_for(pilot, lambda: sum(bool(s["name"]) for s in session.lobby["seats"]) >= filled)
        await pilot.press("slash", *"hi all yes")
        await pilot.pause()
        assert app.screen is lobby and session.lobby.get("status") != "playing"
        assert lobby.query_one("#chat").value == "hi all yes"
        await app.action_quit()


def test_textuals_own_keys_are_reserved() -> None:
    """Every key Textual's App and Screen answer on every screen (Ctrl+Q quits, Ctrl+P opens
    the palette, Tab moves the focus) and the app's own unnamed quit are reserved, or are keys
    no keymap can take anyway, so no moved key hides behind one."""
    from textual.app import App
    from textual.screen import Screen

    from tui.app import DealMeInApp
    from tui.keymap import RESERVED, sendable

    inherited = [b for cls in (App, Screen, DealMeInApp) for b in cls.BINDINGS if isinstance(b, Binding) and not b.id]
    keys = {k.strip() for b in inherited for k in b.key.split(",")} | {App.COMMAND_PALETTE_BINDING}
    assert {"ctrl+q", "ctrl+p", "ctrl+c", "tab", "shift+tab"} <= keys
    for key in keys:
        assert key in RESERVED or not sendable(key), key
    usable, problems = check_keymap({"table.draw": "ctrl+q", "lobby.ready": "ctrl+p"}, screen_bindings())
    assert usable == {}
    assert problems == ["keymap: table.draw cannot take Ctrl+Q, which quits",
                        "keymap: lobby.ready cannot take Ctrl+P, which opens the command palette"]


def test_a_key_the_focused_widget_answers_first_is_refused() -> None:
    """Enter on the lobby's seat list, the Keys screen's list and the buttons of the home and
    results screens is theirs before the screen's keys see it: no key moves there. The hand's
    own keys answer only while it has the focus, so the log beside it takes none of theirs."""
    from tui.screenkeys import screen_widgets

    screens, widgets = screen_bindings(), screen_widgets()
    for binding_id, key, widget, screen in (("lobby.add_bot", "enter", "a list", "lobby"),
                                            ("keys.put_back", "enter", "a list", "keys"),
                                            ("results.rematch", "enter", "a button", "results"),
                                            ("home.solo", "enter", "a button", "home"),
                                            ("table.say_scores", "down", "the log", "table"),
                                            ("app.rules", "pagedown", "a list", "picker")):
        usable, problems = check_keymap({binding_id: key}, screens, widgets)
        assert usable == {}, binding_id
        assert problems == [f"keymap: {binding_id} = {key_label(key)} clashes with {widget} on the {screen} "
                            f"screen, which answers {key_label(key)} while it has the focus"]
    # the chat line takes every key while typing, by choice: a key it answers to stays free
    usable, problems = check_keymap({"hand.play": "enter,up", "lobby.game": "ctrl+k"}, screens, widgets)
    assert usable == {"hand.play": "enter,up", "lobby.game": "ctrl+k"} and problems == []


def test_every_key_as_shipped_passes_the_check() -> None:
    """Writing every key where it ships in the file moves nothing and is refused nowhere."""
    from tui.screenkeys import screen_widgets

    from tui.screens.keys import movable_keys

    shipped = {m.id: m.shipped for m in movable_keys()}
    usable, problems = check_keymap(shipped, screen_bindings(), screen_widgets())
    assert problems == [] and usable == shipped


async def test_the_widgets_the_check_knows_are_those_that_take_the_focus(tmp_path: Path) -> None:
    """Every widget that can have the focus on the home, settings, Keys, picker, lobby and table
    screens is of a kind ``screen_widgets`` lists for that screen, so the check sees its keys."""
    from tui.screenkeys import screen_widgets
    from tui.screens.keys import KeysScreen
    from tui.screens.lobby import LobbyScreen
    from tui.screens.picker import PickerScreen
    from tui.screens.settings import SettingsScreen

    from .helpers import wait_for

    widgets = screen_widgets()

    def unknown(name: str) -> list[str]:
        return [type(w).__name__ for w in app.screen.query("*")
                if w.focusable and not isinstance(w, tuple(widgets[name]))]

    app = make_app(config_path=tmp_path / "settings.toml", bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert unknown("home") == []
        for action, kind, name in ((app.action_settings, SettingsScreen, "settings"), (app.action_keys, KeysScreen, "keys")):
            action()
            await wait_for(pilot, lambda: isinstance(app.screen, kind))
            assert unknown(name) == []
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        assert unknown("picker") == []
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert unknown("lobby") == []
        await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        assert unknown("table") == []
        await app.action_quit()


def test_a_letter_is_the_letter_whatever_its_case() -> None:
    """``D`` is the D key, as the README writes keys; Shift+D is ``shift+d`` (which a terminal
    sends as ``D``), and Help and the hints say Shift+D for it."""
    from tui.keymap import pressed_key, written

    assert normal_key("D") == "d" and normal_key("ctrl+D") == "ctrl+d"
    assert normal_key("shift+d") == "D" and normal_key("Shift+D") == "D"
    assert key_label("d") == "D" and key_label("D") == "Shift+D" and key_label("alt+shift+d") == "Alt+Shift+D"
    assert written("D,ctrl+s") == "shift+d,ctrl+s" and normal_key(written("D")) == "D"
    assert pressed_key("D") == "D" and pressed_key("question_mark") == "question_mark"


async def test_a_capital_letter_in_the_file_moves_to_the_letter(tmp_path: Path) -> None:
    """``"table.draw" = "D"``: D draws (not only Shift+D), and the hint says D; ``shift+d``
    asks for Shift+D, and the hint and the key bar say so (Textual writes it "D", which beside
    the bar's lower-case letters reads as the plain key)."""
    from textual.widgets._footer import FooterKey

    for wanted, press, shown, bar in (("D", "d", "D draws", "d"), ("shift+d", "D", "Shift+D draws", "shift+d")):
        path = tmp_path / f"{press}.toml"
        save_settings(Settings(keymap={"table.draw": wanted}), path)
        app = make_app(config_path=path)
        deck = stacked(["5H", "2C", "9S", "3C", "KH"])
        async with app.run_test(size=(80, 24)) as pilot:
            screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                            options={"hand_size": 2})
            hint = str(screen.query_one("#hint").render())
            assert shown in hint, hint
            assert {str(k.description): k.key_display for k in screen.query(FooterKey)}["Draw"] == bar
            other = "D" if press == "d" else "d"
            await pilot.press(other)
            await pilot.pause()
            assert link.sent == [], wanted
            await pilot.press(press)
            await pilot.pause()
            assert link.sent == ["draw"], wanted


def test_a_key_most_terminals_cannot_send_is_refused() -> None:
    """Ctrl+1 or Super+D reach the app only in a few terminals: an action moved there alone
    would have no key in the others."""
    from tui.screenkeys import screen_widgets

    screens, widgets = screen_bindings(), screen_widgets()
    for key in ("ctrl+1", "super+d", "ctrl+shift+a", "shift+f5", "alt+up", "hyper+x", "ctrl+alt+d", "shift+1"):
        usable, problems = check_keymap({"table.draw": key}, screens, widgets)
        assert usable == {}, key
        assert problems == [f"keymap: table.draw = {key_label(normal_key(key))} is a key most terminals cannot send"]
    usable, problems = check_keymap({"table.draw": "alt+d", "table.pass": "ctrl+shift+up", "table.say_turn": "ctrl+f5",
                                     "table.say_scores": "f13", "table.say_total": "shift+z"}, screens, widgets)
    assert problems == [] and len(usable) == 5


async def test_the_chat_line_names_the_chat_key_where_it_is(tmp_path: Path) -> None:
    """The table's chat line says which key opens it: Ctrl+G once the keymap moves Chat there,
    and the key moved on the Keys screen while the table waits underneath."""
    from tui.screens.keys import KeysScreen

    from .helpers import wait_for
    from .test_keys_screen import move

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.chat": "ctrl+g"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _link = await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        chat = screen.query_one("#chat")
        assert chat.placeholder == "chat: Ctrl+G to type, Enter to send"  # its 46 cells: Esc's part goes
        app.action_keys()
        keys = await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.query("#keys-list") and app.screen)
        assert await move(pilot, keys, "table.chat", "f6") == "Chat: F6."
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert chat.placeholder == "chat: F6 to type, Enter to send, Esc to stop"


async def test_the_lobbys_chat_line_names_the_chat_key_in_the_words_its_width_holds(tmp_path: Path) -> None:
    """The lobby's chat line, like the table's, says which key opens it (it said only "Enter to
    send, Esc to stop"), in as many words as its width holds, again when the width changes."""
    from rich.cells import cell_len

    from .helpers import host_two_seats, wait_for

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"lobby.chat": "ctrl+g"}), path)
    app = make_app(config_path=path, bind="127.0.0.1", port=0)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await host_two_seats(app, pilot)
        chat = lobby.query_one("#chat")
        await wait_for(pilot, lambda: chat.placeholder == "chat: Ctrl+G to type, Enter to send, Esc to stop")
        await pilot.resize_terminal(90, 24)
        await wait_for(pilot, lambda: chat.placeholder == "chat: Ctrl+G to type, Enter to send")
        assert cell_len(chat.placeholder) <= chat.content_size.width
        await app.leave_table()


def test_a_clash_names_the_keys_the_other_action_has_now() -> None:
    """Pass moved to D and F5, Hint then moved to D: the notice says Pass is on D, F5 (as
    Settings lists it), not on P, where it ships."""
    from tui.screenkeys import screen_bindings, screen_widgets

    usable, problems = check_keymap({"table.pass": "d,f5", "table.hint": "d"}, screen_bindings(), screen_widgets())
    assert usable == {"table.pass": "d,f5"}
    assert problems == ["keymap: table.hint = D clashes with Pass (D, F5) on the table screen"]


def test_a_key_terminals_send_as_another_is_named_so() -> None:
    """docs/guide.md: Ctrl with H, I or M is sent as Backspace, Tab and Enter; the refusal said
    only that most terminals cannot send Ctrl+I."""
    from tui.screenkeys import screen_widgets

    screens, widgets = screen_bindings(), screen_widgets()
    for key, sent in (("ctrl+h", "Backspace"), ("ctrl+i", "Tab"), ("ctrl+m", "Enter")):
        usable, problems = check_keymap({"table.chat": key}, screens, widgets)
        assert usable == {} and problems == [f"keymap: table.chat = {key_label(key)} is a key terminals send as {sent}"]


def test_a_clash_with_a_key_of_no_description_names_what_it_does() -> None:
    """A key the key bar and Help leave out (the home menu's arrows, the results' scrolling, a
    question's number keys) was named in a refusal by its action: "↓ is already step(1) on the
    home screen", "clashes with scroll_box(-10) (PgUp)"."""
    from tui.keymap import described
    from tui.screenkeys import screen_widgets

    for bindings in screen_bindings().values():
        for b in bindings:
            assert "(" not in described(b) and "." not in described(b), b
    _usable, problems = check_keymap({"home.rules": "down", "results.lobby": "pageup", "results.rematch": "left"},
                                     screen_bindings(), screen_widgets())
    assert sorted(problems) == ["keymap: home.rules = ↓ clashes with Down the menu (↓) on the home screen",
                                "keymap: results.lobby = PgUp clashes with Page up (PgUp) on the results screen",
                                "keymap: results.rematch = ← clashes with The button before (←) on the results screen"]
