"""The ``[keymap]`` of settings.toml: keys move by binding id, a bad entry is named and left
out, and the moved key is the one the table answers to, Help lists and the hints name."""
from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from tui.app import screen_bindings
from tui.keymap import check_keymap, key_label, normal_key
from tui.screens.help import HelpScreen
from tui.settings import Settings, load_settings, save_settings
from tui.widgets.hand import HandView

from .helpers import key_bar, make_app, notices, open_table, stacked


def test_keys_are_read_as_textual_spells_them() -> None:
    assert normal_key("d") == "d"
    assert normal_key(" ? ") == "question_mark"
    assert normal_key("Ctrl+S") == "ctrl+s"
    assert normal_key("ctrl+shift+up") == "ctrl+shift+up"
    assert normal_key("F5") == "f5" and normal_key("space") == "space"
    assert normal_key("D") == "D"  # Shift+D
    for bad in ("", "ctrl+", "hyperdrive", "ctrl+ctrl+a", "banana+a", " ", "\x07", ","):
        assert normal_key(bad) is None, bad
    assert key_label("ctrl+s,question_mark") == "Ctrl+S, ?"
    assert key_label("space") == "Space" and key_label("f12") == "F12"


def test_a_keymap_moves_keys_and_names_what_it_cannot() -> None:
    screens = screen_bindings()
    usable, problems = check_keymap({"table.draw": "d", "lobby.ready": "Y, f6"}, screens)
    assert usable == {"table.draw": "d", "lobby.ready": "Y,f6"} and problems == []

    usable, problems = check_keymap({
        "table.fly": "z",                 # no such key
        "table.pass": "ctrl+nope",        # not a key
        "app.help": "ctrl+c",             # quitting stays where it is
        "table.draw": "s",                # S already says the scores at the table
        "lobby.add_bot": "h",             # free in the lobby (H hosts only on the home screen)
    }, screens)
    assert usable == {"lobby.add_bot": "h"}
    assert len(problems) == 4
    assert "no key is called 'table.fly'" in problems[0]
    assert "table.pass = 'ctrl+nope' is not a key" in problems[1]
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
        assert len(said) == 1 and "no key is called 'table.fly'" in said[0]
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
        assert rows["Draw"] == "D" and rows["Play"] == "Ctrl+E, X"
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

    screens = screen_bindings()
    ids = sorted({b.id for bs in screens.values() for b in bs if b.id})
    keys = st.one_of(st.sampled_from(["a", "d", "s", "t", "q", "space", "enter", "f1", "f2", "ctrl+s", "?", "/",
                                      "escape", "1", "ctrl+c", "tab", "left"]), st.text(max_size=8))
    entry = st.lists(keys, min_size=1, max_size=3).map(",".join)

    @settings(max_examples=400, database=None, deadline=None)
    @given(st.dictionaries(st.one_of(st.sampled_from(ids), st.text(max_size=12)), entry, max_size=8))
    def run(wanted: dict[str, str]) -> None:
        usable, problems = check_keymap(wanted, screens)
        assert set(usable) <= set(wanted) and len(usable) + len(problems) == len(wanted)
        assert _first_clash(usable, screens) is None
        for binding_id, text in usable.items():
            assert binding_id in ids and _normalize_key_list(text) == text  # as Textual will read it

    run()


async def test_the_settings_screen_lists_the_keys_moved(tmp_path: Path) -> None:
    from tui.screens.settings import SettingsScreen

    for keymap, shown in (({}, "Keys moved: As shipped. Move keys (below), or a [keymap] table in the file, moves them"),
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
