"""Settings: TOML under the config directory, atomic writes, defaults with one notice when the
file is missing or broken, and changes from the app saved."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from textual import events

from net.protocol import NAME_LEN
from tui.settings import Rewritten, Settings, config_dir, load_settings, save_settings, settings_path

from .helpers import current, make_app, notices, wait_for


def _anas_app(folder: Path) -> tuple[Any, Path]:
    """An app on a settings file in ``folder`` that names the player Ana, and the file's path."""
    path = folder / "settings.toml"
    save_settings(Settings(name="Ana"), path)
    return make_app(config_path=path), path


def test_config_dir_follows_the_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("DEALMEIN_CONFIG_DIR", str(tmp_path / "cfg"))
    assert config_dir() == tmp_path / "cfg"
    assert settings_path() == tmp_path / "cfg" / "settings.toml"


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    s = Settings(name='Zoë "the dealer" \\ 🂡', theme="paper", card_style="ascii", animation=False, bell=False,
                 bot_pause=0.25, default_game="crazy-eights", hand_order="rank")
    save_settings(s, path)
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded == s
    assert os.listdir(path.parent) == ["settings.toml"]  # no temporary file left behind


def test_missing_file_is_defaults_without_a_problem(tmp_path: Path) -> None:
    loaded, problem = load_settings(tmp_path / "nope.toml")
    assert problem is None and loaded == Settings()


def test_broken_file_is_defaults_with_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("name = 'unterminated\n[[[", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert problem and "not valid TOML" in problem


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('name = "Ana"\ncard_style = "sparkly"\nbot_pause = -3\nfuture_key = 1\nhand_order = "by luck"\n'
                    'bell = "loud"\n',
                    encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.name == "Ana"
    assert loaded.card_style == Settings().card_style and loaded.bot_pause == Settings().bot_pause
    assert loaded.hand_order == Settings().hand_order == "dealt"
    assert problem and "card_style" in problem and "bot_pause" in problem and "future_key" not in problem
    assert "hand_order" in problem
    assert loaded.bell is True and "bell: expected true or false" in problem
    # each says the value the file gives, as written there, where it is short enough to say
    for said in ('card_style: expected one of two-colour, four-colour, ascii, not "sparkly"',
                 "bot_pause: expected seconds from 0 to 10, not -3", 'hand_order: expected one of',
                 ', not "by luck"', 'bell: expected true or false, not "loud"'):
        assert said in problem, problem
    path.write_text('card_style = "' + "x" * 40 + '"\n', encoding="utf-8")
    problem = load_settings(path)[1]
    assert problem and "card_style: expected one of two-colour, four-colour, ascii;" in problem  # too long to say


def test_a_name_with_control_characters_is_said_and_not_used(tmp_path: Path) -> None:
    """A name with an escape, a newline or a bell in it was taken as it was: Settings drew it
    as "Bobb" and lost its field's border. It is a mistake like any other value's."""
    path = tmp_path / "settings.toml"
    path.write_text('name = "Bo\\u001b[31mb\\nTwo\\u0007"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.name == Settings().name
    assert problem and "name: expected a name without control characters" in problem


def test_a_name_in_the_file_is_taken_as_the_tables_take_it_and_a_bots_is_refused(tmp_path: Path) -> None:
    """A joiner within an emoji was refused as a control character, where Settings and --name
    took the name without it: the file's name is cleaned alike. A bot's name is refused, as
    the tables refuse it."""
    path = tmp_path / "settings.toml"
    path.write_text('name = "田中👨\\u200d👩\\u200d👧🇯🇵"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None and loaded.name == "田中👨👩👧🇯🇵"
    path.write_text('name = "Normal Bot 2"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.name == Settings().name
    assert problem and ("name: 'Normal Bot 2' reads as a bot's name, which the tables keep for their bots: "
                        "choose another name; using the defaults for those") in problem, problem


async def test_app_notifies_once_and_keeps_changes_off_a_file_it_could_not_read(tmp_path: Path) -> None:
    """A settings file that is not TOML is named once; F4 and F3 still change the card style and
    theme for the run, and the file stays as it was (it is there to mend), saying so once."""
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe not toml")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        notes = [n for n in app._notifications if n.title == "Settings"]
        assert len(notes) == 1
        assert app.settings == Settings()
        await pilot.press("f4")  # next card style
        await pilot.press("f3")  # next theme
        await pilot.pause()
        assert app.settings.card_style == "four-colour" and app.theme != Settings().theme
        assert len([n for n in app._notifications if n.title == "Settings file"]) == 1
    assert path.read_bytes() == b"\xff\xfe not toml"


async def test_settings_say_a_file_that_is_not_toml_is_not_written(tmp_path: Path) -> None:
    """With settings.toml not TOML, the notice says changes are used but not kept, and Settings
    ended with "Saved in <path>" all the same: the line under its form says the file is not
    written, and why, and no change made there writes it."""
    from textual.widgets import Static

    from .helpers import open_settings

    path = tmp_path / "settings.toml"
    path.write_text('name = "Bob\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        line = str(screen.query_one("#saved-in", Static).content)
        assert "Saved in" not in line, line
        assert line.startswith(f"{path} is not written: it is not valid TOML.") and "not kept" in line, line
        await pilot.press("f4")  # a change made meanwhile: used, not written
        await pilot.pause()
        assert app.settings.card_style == "four-colour"
        assert str(screen.query_one("#saved-in", Static).content) == line
    assert path.read_text(encoding="utf-8") == 'name = "Bob\n'


async def test_settings_say_so_once_the_file_turns_unreadable(tmp_path: Path) -> None:
    """The file broken by hand while Settings is open: the next change is not written over it,
    and the line under the form stops saying the changes are saved there."""
    from textual.widgets import Static

    from .helpers import open_settings, wait_for

    app, path = _anas_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        line = screen.query_one("#saved-in", Static)
        assert str(line.content) == f"Saved in {path}"
        path.write_text("card_style = [\n", encoding="utf-8")
        await pilot.press("f4")
        await wait_for(pilot, lambda: "is not written: it is not valid TOML" in str(line.content))
    assert path.read_text(encoding="utf-8") == "card_style = [\n"


@pytest.mark.parametrize("typed, kept", [("Bo", "Bo"), ("z" * (NAME_LEN + 5), "z" * NAME_LEN),
                                          ("\u3164\u3164", None), ("\u0301\u0301", None), ("Zo\u200be", "Zoe"),
                                          ("", None), ("   ", None), ("Normal bot 2", None), ("hard bot", None)])
async def test_settings_screen_saves(tmp_path: Path, typed: str, kept: str | None) -> None:
    """The name field takes as many characters as the tables do (``NAME_LEN``), no more, and keeps
    the name as the tables show it: a name of blank letters or lone marks is not kept, nor a blank
    one, and the player is told once (the field shows the name kept again, so that moving on
    says nothing more)."""
    app, path = _anas_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        name = app.screen.query_one("#name")
        name.focus()
        name.value = ""
        if typed.isascii():
            await pilot.press(*typed)
        else:  # pasted, as a name with marks or blank letters would be
            name.post_message(events.Paste(typed))
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert name.value == (kept or "Ana")
        await pilot.press("tab")  # the field loses the focus: kept already, nothing more is said
        await pilot.pause()
        warned = [n.message for n in app._notifications if n.message.startswith("Name not kept")]
    assert load_settings(path)[0].name == (kept or "Ana")
    why = "it is blank" if not typed.strip() else "it reads as a bot's name, which the tables keep for their bots" \
        if "bot" in typed else "it shows no letter"
    assert warned == ([] if kept else [f"Name not kept: {why}. It stays Ana."])


async def test_no_color_shows_monochrome_without_saving_it(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="paper"), path)
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "monochrome"
    assert load_settings(path)[0].theme == "paper"


async def test_f3_under_no_color_steps_the_kept_theme_and_says_why_the_screen_stays_without_colour(
        tmp_path: Path, monkeypatch) -> None:
    """Under NO_COLOR monochrome is shown, but Settings shows the theme kept, and F3 steps on
    from it (not from monochrome), saving it for a terminal without NO_COLOR."""
    from textual.widgets import Select

    from tui.theming import listed_themes

    from .helpers import notices

    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="paper"), path)
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = listed_themes(app.available_themes)
        after = names[(names.index("paper") + 1) % len(names)]
        await pilot.press("f3")
        await pilot.pause()
        assert app.theme == "monochrome" and app.settings.theme == after
        assert f"Theme: {after}, kept for when NO_COLOR is not set (now shown without colour)" in notices(app)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one("#theme", Select).value == after
        app.choose_theme("paper")  # as the Settings list's choice
        await pilot.pause()
        assert app.theme == "monochrome" and app.screen.query_one("#theme", Select).value == "paper"
    assert load_settings(path)[0].theme == "paper"


async def _bot_pause_emptied(app: Any, pilot: Any) -> Any:
    """Settings opened from home, its bot pause field focused and emptied."""
    await pilot.press("s")
    await pilot.pause()
    pause = app.screen.query_one("#bot_pause")
    pause.focus()
    pause.value = ""
    return pause


async def test_bot_pause_is_kept_once_typed_not_at_every_key(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _bot_pause_emptied(app, pilot)
        await pilot.press("1")  # on the way to 12: not kept yet
        await pilot.pause()
        assert not path.exists() or load_settings(path)[0].bot_pause == Settings().bot_pause
        await pilot.press("2")  # 12: out of range, said under the form
        await pilot.pause()
        assert "0 to 10" in str(app.screen.query_one("#problem").render())
        await pilot.press("backspace", "enter")  # 1, done
        await pilot.pause()
    assert load_settings(path)[0].bot_pause == 1.0


async def test_a_bot_pause_not_kept_is_said_where_it_shows(tmp_path: Path) -> None:
    """15 typed and Tab pressed: the line under the form may be below the foot of the screen, so
    a notice says the pause is not kept and why, and the field shows the pause kept again (the
    focus moving on and back says nothing more)."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        pause = await _bot_pause_emptied(app, pilot)
        await pilot.press("1", "5", "tab")
        await pilot.pause()
        said = [n.message for n in app._notifications if n.message.startswith("Bot pause")]
        kept = f"{Settings().bot_pause:g}"
        assert said == [f"Bot pause '15' not kept: from 0 to 10 seconds. It stays {kept}."]
        assert pause.value == kept and app.settings.bot_pause == Settings().bot_pause
        pause.focus()
        await pilot.press("tab")
        await pilot.pause()
        assert len([n for n in app._notifications if n.message.startswith("Bot pause")]) == 1
        # Enter, the focus staying: the field shows the pause kept with its cursor at the end,
        # as if typed, so a key typed next goes after it (it went before: "7" made "72.5")
        pause.focus()
        await pilot.pause()
        pause.value = ""
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert pause.has_focus and pause.value == kept and pause.cursor_position == len(kept)
        await pilot.press("backspace", "backspace", "backspace", "4")
        assert pause.value == "4"


async def test_a_bot_pause_kept_shows_as_it_is_kept(tmp_path: Path) -> None:
    """"1e1" is a number Python reads as 10: kept, the field shows 10 rather than what was
    typed, so that what it shows is what settings.toml holds."""
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        pause = await _bot_pause_emptied(app, pilot)
        await pilot.press("1", "e", "1", "tab")
        await pilot.pause()
        assert app.settings.bot_pause == 10.0 and pause.value == "10"
        pause.focus()
        pause.value = ""
        await pilot.press("0", ".", "5", "0", "enter")
        await pilot.pause()
        assert app.settings.bot_pause == 0.5 and pause.value == "0.5"
    assert load_settings(path)[0].bot_pause == 0.5


def test_the_readme_lists_every_setting_with_its_default() -> None:
    """The README's table of ``settings.toml`` keys is the only place they are written down for
    people: every key is there, with the default the code has, and the choices the code takes."""
    import re
    from dataclasses import fields

    from core import GAMES
    from tui.handorder import HAND_ORDERS
    from tui.settings import CARD_STYLES
    from tui.theming import shipped_themes

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", readme, re.MULTILINE))
    defaults = Settings(name="x")
    for f in fields(Settings):
        assert f.name in rows, f"README: setting {f.name} missing"
        if f.name == "name":
            continue
        value = getattr(defaults, f.name)
        shown = rows[f.name].strip()
        if isinstance(value, bool):
            assert shown == f"`{str(value).lower()}`"
        elif isinstance(value, float):
            assert shown == f"`{value:g}`"
        elif isinstance(value, dict):
            assert not value and shown == "none"
        else:
            assert shown == f'`"{value}"`'
    line = {m.group(1): m.group(0) for m in re.finditer(r"^\| `(\w+)` \|.*$", readme, re.MULTILINE)}
    for choices, key in ((CARD_STYLES, "card_style"), (HAND_ORDERS, "hand_order"), (list(GAMES), "default_game"),
                         ([t.name for t in shipped_themes()[0]], "theme")):
        for choice in choices:
            assert f"`{choice}`" in line[key], f"README: {key} does not list {choice}"
    # F3, Settings and the palette offer Textual's built-in themes too (docs/themes.md): the
    # README says so, naming some that are built in
    from textual.theme import BUILTIN_THEMES

    named = re.findall(r"`([a-z0-9-]+)`", line["theme"])
    assert "Textual's built-in themes" in line["theme"] and [n for n in named if n in BUILTIN_THEMES], \
        "README: theme does not say that Textual's built-in themes are offered"


def test_a_name_is_as_long_as_the_tables_take_it(tmp_path: Path) -> None:
    """settings.toml, the Settings screen and the server agree on a name's length, so a name
    kept in the settings is the name the other players see."""
    path = tmp_path / "settings.toml"
    path.write_text(f'name = "{"a" * NAME_LEN}"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None and loaded.name == "a" * NAME_LEN
    path.write_text(f'name = "{"b" * (NAME_LEN + 1)}"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.name == Settings().name
    assert problem and f"name: at most {NAME_LEN} characters" in problem



async def test_the_turn_bell_switch_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        bell = app.screen.query_one("#bell")
        assert bell.value is True
        bell.value = False
        await wait_for(pilot, lambda: any(n.message == "Turn bell: off (kept)" for n in app._notifications))
        await pilot.pause()
        assert app.settings.bell is False
    assert load_settings(path)[0].bell is False


async def test_escape_keeps_what_was_typed(tmp_path: Path) -> None:
    """A name and a bot pause typed and left with Escape (the focus still in the field) are kept;
    a pause out of range is not, and a notice says so."""
    from tui.screens.home import HomeScreen

    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        for field, keys in (("#name", "Zed"), ("#bot_pause", "3"), ("#bot_pause", "42")):
            await pilot.press("s")
            await pilot.pause()
            box = app.screen.query_one(field)
            box.focus()
            box.value = ""
            await pilot.press(*keys, "escape")  # straight out of the field
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
        assert (app.settings.name, app.settings.bot_pause) == ("Zed", 3.0)
        assert sum("Bot pause '42' not kept" in n.message for n in app._notifications) == 1
    loaded = load_settings(path)[0]
    assert (loaded.name, loaded.bot_pause) == ("Zed", 3.0)


#: four values that cannot be used, and five [keymap] entries: no id, a key terminals cannot
#: send, a key that quits, no key, and a clash (Last card on Space, which is Draw's)
MISTAKES = (f'name = "{"A" * (NAME_LEN + 6)}"\ncard_style = 3\nanimation = "yes"\nbot_pause = -1\n'
            '[keymap]\n"table.nothing" = "x"\n"table.say_scores" = "ctrl+1"\n"table.hand_order" = "ctrl+c"\n'
            '"lobby.take_seat" = "notakey"\n"table.last_card" = "space"\n')


@pytest.mark.parametrize("size", [(60, 18), (80, 24), (120, 40)])
async def test_the_notice_of_mistakes_in_the_file_fits_the_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    """The notice naming the file's mistakes stood taller than the screen at 80x24 and 60x18:
    it began mid-sentence, the file's path and the first mistakes off the top. It fits: the
    path and what follows for each kind of mistake always in sight, the mistakes said whole
    where there is room, else named by key, else counted."""
    from .helpers import drawn_notice, wait_for

    path = tmp_path / "home" / "someone-with-a-long-name" / ".config" / "dealmein" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text(MISTAKES, encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: [n for n in app._notifications if n.title == "Settings"])
        await pilot.pause()
        within, text = drawn_notice(app, "Settings")
        assert within, text
        flat = text.replace(" ", "")  # a line folded at a space loses it
        assert str(path).replace(" ", "") in flat, text
        assert "usingthedefaultsforthose" in flat and "thoseactionskeepthekeystheyshipwith" in flat, text
        values = ["name", "card_style", "animation", "bot_pause"]
        ids = ["table.nothing", "table.say_scores", "table.hand_order", "lobby.take_seat", "table.last_card"]
        assert all(key in flat for key in values) or "4valuesnotusable" in flat, text
        assert all(key in flat for key in ids) or "5keymapentriesnotusable" in flat, text
        if size == (120, 40):  # room for every mistake whole
            assert f"atmost{NAME_LEN}characters" in flat and "Ctrl+1isakeymostterminalscannotsend" in flat, text


def test_a_file_not_read_is_said_without_its_reader_s_detail_where_that_does_not_fit(tmp_path: Path) -> None:
    """A file that is not TOML: the notice names it and says what follows, with the reader's
    detail (where the mistake is) where there is room for it, without it on a small screen."""
    from textual.geometry import Size

    from tui.notices import fitted
    from tui.settings import notice_wordings

    path = tmp_path / ("a-long-folder-name-" * 6) / "settings.toml"
    path.parent.mkdir()
    path.write_text('name = "Bob\n', encoding="utf-8")
    problem = load_settings(path)[1]
    wordings = notice_wordings(str(path), problem, [], [])
    assert fitted(wordings, Size(120, 40)) == problem and "line 1" in problem
    small = fitted(wordings, Size(60, 18))
    assert small == (f"{path} is not valid TOML; using the defaults; changes you make here are not saved over it "
                     "until it is mended or removed")


async def test_a_default_game_that_is_no_game_is_said_and_the_default_used(tmp_path: Path) -> None:
    """README: a value that does not suit its key is named in a notice and its default used;
    ``default_game = "poker"`` used to pass as "a short text" and the picker fell back unsaid."""
    from tui.screens.picker import PickerScreen

    from .helpers import notices, wait_for

    path = tmp_path / "settings.toml"
    path.write_text('default_game = "poker"\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("default_game: 'poker' is not a game" in n for n in notices(app)))
        assert app.settings.default_game == "ninety-eight"
        await pilot.press("p")
        picker = await wait_for(pilot, lambda: current(app, PickerScreen))
        assert picker.game == "ninety-eight"


async def test_two_apps_open_at_once_keep_each_others_changes(tmp_path: Path) -> None:
    """Two apps open on one settings file: each change is written into the file as it is then,
    so neither puts back what it read at its start over the other's change. The second app
    used to write its whole copy: the theme chosen in the first went back to casino."""
    import asyncio
    import sys

    path = tmp_path / "settings.toml"
    path.write_text('name = "Ana"\nfuture_key = 1\n[keymap]\n"table.draw" = "d"\n', encoding="utf-8")
    other = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).with_name("settings_child.py")), str(path),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert other.stdin is not None and other.stdout is not None

    async def other_changes(change: str) -> None:
        other.stdin.write(change.encode() + b"\n")  # type: ignore[union-attr]
        assert await asyncio.wait_for(other.stdout.readline(), 30) == b"done\n"  # type: ignore[union-attr]

    try:
        assert await asyncio.wait_for(other.stdout.readline(), 60) == b"ready\n"
        app = make_app(config_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.choose_theme("midnight")  # this app, then the other
            await other_changes("hand_order=suit")
            app.update_settings(card_style="ascii")  # and this one again, after the other
            await pilot.pause()
        other.stdin.close()
        await asyncio.wait_for(other.wait(), 30)
    finally:
        if other.returncode is None:
            other.kill()
            await other.wait()
    loaded, problem = load_settings(path)
    assert problem is None
    assert (loaded.name, loaded.theme, loaded.hand_order, loaded.card_style) == ("Ana", "midnight", "suit", "ascii")
    assert loaded.keymap == {"table.draw": "d"}
    assert tomllib.loads(path.read_text(encoding="utf-8"))["future_key"] == 1


def test_a_change_keeps_the_keys_a_newer_version_wrote(tmp_path: Path) -> None:
    """Keys this version does not know stay in the file as they were, whatever their kind; a
    change used to write only the keys it knows."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    future = ('seats_shown = [1, 2.5, "three", true, -inf]\nwhen = 2026-05-01T10:00:00Z\n'
              'at = 07:30:00\nnote = "a \\"quoted\\" line\\n"\n[lobby]\nwide = true\n'
              '[lobby."odd key"]\nsizes = [[1], {}]\n')
    path.write_text('name = "Ana"\n' + future + '[keymap]\n"table.draw" = "d"\n', encoding="utf-8")
    assert change_settings({"theme": "paper"}, path) is None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {k: data[k] for k in ("seats_shown", "when", "at", "note", "lobby")} == tomllib.loads(future)
    assert (data["name"], data["theme"], data["keymap"]) == ("Ana", "paper", {"table.draw": "d"})
    # the file's own lines stay as they were, the change added among the top-level keys
    assert path.read_text(encoding="utf-8") == 'name = "Ana"\n' + future.replace("[lobby]", 'theme = "paper"\n[lobby]', 1) \
        + '[keymap]\n"table.draw" = "d"\n'
    # written whole (a keymap written inline is not edited in place), they are written as a
    # person writes them: bare keys bare, a key with a dot or a space quoted
    path.write_text('name = "Ana"\n' + future.replace("[lobby]", 'keymap = {"table.draw" = "d"}\n[lobby]'),
                    encoding="utf-8")
    assert isinstance(change_settings({"keymap": {"table.draw": "x"}}, path), Rewritten)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {k: data[k] for k in ("seats_shown", "when", "at", "note", "lobby")} == tomllib.loads(future)
    assert (data["name"], data["keymap"]) == ("Ana", {"table.draw": "x"})
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "seats_shown = [1, 2.5, \"three\", true, -inf]" in lines and '"table.draw" = "x"' in lines
    assert any(line.startswith('lobby = {wide = true, "odd key" = ') for line in lines), lines


HAND_EDITED = """# my settings
name = "Ana"   # what the tables call me

# looks
theme = "casino"  # the default, for now
card_style = "ascii"

[keymap]
# my keys
"table.draw" = "d"  # d for draw
"table.hint" = "h"
"""


def test_a_change_keeps_the_comments_and_layout_of_a_file_edited_by_hand(tmp_path: Path) -> None:
    """The app changes a setting in the file's own text: comments, blank lines, order and a
    comment after a value stay; a key the file lacks goes after its last top-level key; a
    binding kept is rewritten where it stood, one dropped is taken out, a new one follows the
    last. The file used to be written whole at every change, its comments lost."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    path.write_text(HAND_EDITED, encoding="utf-8")
    assert change_settings({"theme": "paper"}, path) is None
    assert path.read_text(encoding="utf-8") == HAND_EDITED.replace(
        'theme = "casino"  # the default, for now', 'theme = "paper"  # the default, for now')
    assert change_settings({"bell": False, "bot_pause": 1.5}, path) is None
    assert change_settings({"keymap": {"table.draw": "x", "picker.start": "f5"}}, path) is None
    assert path.read_text(encoding="utf-8") == """# my settings
name = "Ana"   # what the tables call me

# looks
theme = "paper"  # the default, for now
card_style = "ascii"
bell = false
bot_pause = 1.5

[keymap]
# my keys
"table.draw" = "x"  # d for draw
"picker.start" = "f5"
"""
    loaded, problem = load_settings(path)
    assert problem is None
    assert (loaded.name, loaded.theme, loaded.bell, loaded.bot_pause, loaded.keymap) == \
        ("Ana", "paper", False, 1.5, {"table.draw": "x", "picker.start": "f5"})
    # every binding dropped: the table's comment stays, with its header; with no comment, it goes
    assert change_settings({"keymap": {}}, path) is None
    assert path.read_text(encoding="utf-8").endswith('\n[keymap]\n# my keys\n')
    path.write_text('theme = "paper"\n\n[keymap]\n"table.draw" = "x"\n', encoding="utf-8")
    assert change_settings({"keymap": {}}, path) is None
    assert path.read_text(encoding="utf-8") == 'theme = "paper"\n'
    # a key for a file with a table only: above it, a blank line between
    path.write_text('[keymap]\n"table.draw" = "x"\n', encoding="utf-8")
    assert change_settings({"theme": "paper"}, path) is None
    assert path.read_text(encoding="utf-8") == 'theme = "paper"\n\n[keymap]\n"table.draw" = "x"\n'
    # a keymap for a file with none: a table of its own at the end
    path.write_text("# mine\ntheme = \"paper\"\n", encoding="utf-8")
    assert change_settings({"keymap": {"table.draw": "x"}}, path) is None
    assert path.read_text(encoding="utf-8") == '# mine\ntheme = "paper"\n\n[keymap]\n"table.draw" = "x"\n'


def test_a_change_it_cannot_place_for_certain_writes_the_file_whole(tmp_path: Path) -> None:
    """A line that reads like the key inside a multi-line text is not taken for it: the file is
    written whole instead, every value as it was but the change."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    mine = '# mine\nnote = """\ntheme = "midnight"\n"""\ntheme = "casino"\n'
    path.write_text(mine, encoding="utf-8")
    said = change_settings({"theme": "paper"}, path)
    # the file as it was, comments and all, is kept beside it, and the caller is told where
    assert isinstance(said, Rewritten) and said == str(tmp_path / "settings.toml.bak")
    assert (tmp_path / "settings.toml.bak").read_text(encoding="utf-8") == mine
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Deal Me In settings\n") and "# mine" not in text
    data = tomllib.loads(text)
    assert (data["theme"], data["note"]) == ("paper", 'theme = "midnight"\n')
    # the file written afresh takes the next change in its own lines: no copy made again
    (tmp_path / "settings.toml.bak").unlink()
    assert change_settings({"theme": "midnight"}, path) is None and not (tmp_path / "settings.toml.bak").exists()
    # a file with nothing in it yet is written whole, every setting listed for the player to see
    path.write_text("\n", encoding="utf-8")
    assert change_settings({"theme": "paper"}, path) is None
    assert set(tomllib.loads(path.read_text(encoding="utf-8"))) >= {"name", "theme", "bell", "bot_pause"}
    assert not (tmp_path / "settings.toml.bak").exists()


async def test_a_file_written_afresh_is_said_with_where_it_is_kept(tmp_path: Path) -> None:
    """A keymap written inline cannot take a moved key in its own lines: the app says the file
    is written afresh, and where the file as it was is kept (it was written afresh without a
    word, the player's comments gone)."""
    path = tmp_path / "settings.toml"
    path.write_text('# mine\nname = "Ana"\nkeymap = { "table.draw" = "d" }\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.update_settings(keymap={"table.draw": "d", "table.hand_order": "k"})  # as the Keys screen moves one
        await wait_for(pilot, lambda: any("written afresh" in n for n in notices(app)))
        said = next(n for n in notices(app) if "written afresh" in n)
        assert f"kept as {tmp_path / 'settings.toml.bak'}" in said and "comments and all" in said
    assert (tmp_path / "settings.toml.bak").read_text(encoding="utf-8").startswith("# mine\n")
    loaded, problem = load_settings(path)
    assert problem is None and (loaded.name, loaded.keymap) == ("Ana", {"table.draw": "d", "table.hand_order": "k"})


def test_a_change_keeps_values_it_could_not_use_as_they_were(tmp_path: Path) -> None:
    """A value this version cannot use (a name too long, "yes" for a switch, a pause below 0,
    a keymap that is no table) is said at the start and the default used meanwhile; a change of
    another key (F4's card style) used to write those defaults over them. They stay as written,
    for the player to mend; the changed key is written."""
    from tui.settings import change_settings, load_settings

    path = tmp_path / "settings.toml"
    bad = {"name": "A" * 71, "animation": "yes", "bell": 1, "bot_pause": -3, "hand_order": "random",
           "keymap": "none"}
    path.write_text('name = "' + "A" * 71 + '"\nanimation = "yes"\nbell = 1\nbot_pause = -3\n'
                    'hand_order = "random"\nkeymap = "none"\n', encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is not None and settings.animation is True  # the default, meanwhile
    assert change_settings({"card_style": "four-colour"}, path) is None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {k: data[k] for k in bad} == bad and data["card_style"] == "four-colour"
    # changed itself, a key once unusable takes the new value
    assert change_settings({"animation": False}, path) is None
    assert tomllib.loads(path.read_text(encoding="utf-8"))["animation"] is False


def test_one_bad_keymap_line_costs_only_itself(tmp_path: Path) -> None:
    """A [keymap] line whose keys are not text is named in the notice; the other lines are
    used, and a change of another setting writes the table back as it was."""
    from tui.settings import change_settings, load_settings

    path = tmp_path / "settings.toml"
    path.write_text('[keymap]\n"table.draw" = "shift+d"\n"picker.start" = "f5"\n"table.hint" = 5\n',
                    encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings.keymap == {"table.draw": "shift+d", "picker.start": "f5"}
    assert problem == (f'{path}: keymap: "table.hint": expected keys as text of at most 60 characters, '
                       'such as "table.draw" = "d"; those actions keep the keys they ship with')  # as other keymap mistakes end
    from tui.settings import notice_wordings

    shorter = notice_wordings(str(path), problem, [], [])  # for a small screen, each as the whole one ends
    assert len(shorter) > 1 and all(w.endswith("; those actions keep the keys they ship with") for w in shorter), shorter
    assert change_settings({"card_style": "ascii"}, path) is None
    assert tomllib.loads(path.read_text(encoding="utf-8"))["keymap"] == \
        {"table.draw": "shift+d", "picker.start": "f5", "table.hint": 5}


def test_a_key_moved_keeps_the_keymap_lines_it_could_not_use(tmp_path: Path) -> None:
    """Moving a key wrote the [keymap] table from the lines the app could use, and a line it could
    not (a number, a list, keys past 60 characters) went from the file without a word: mistakes
    are named and never written over (README). A line of the key moved takes the new keys."""
    from tui.settings import change_settings, load_settings

    path = tmp_path / "settings.toml"
    text = ('[keymap]\n"table.hint" = 7   # meant "g"\n"table.pass" = ["p", "x"]\n'
            f'"table.chat" = "{"a," * 30}a"\n"table.away" = 5\n')
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings.keymap == {} and problem is not None
    assert change_settings({"keymap": {"table.draw": "d", "table.away": "shift+a"}}, path) is None
    written = path.read_text(encoding="utf-8")
    assert '"table.hint" = 7  # meant "g"' in written
    assert tomllib.loads(written)["keymap"] == {"table.hint": 7, "table.pass": ["p", "x"],
                                                "table.chat": f"{'a,' * 30}a", "table.away": "shift+a",
                                                "table.draw": "d"}


async def test_a_file_mended_while_the_app_runs_takes_the_next_change(tmp_path: Path) -> None:
    """A file that could not be read at the start is not written over; once mended (or removed)
    the next change is kept in it, and Settings says where it saves again. The app held its
    first word for the whole run, and went on telling the player to mend what was mended."""
    from textual.widgets import Static

    from .helpers import open_settings

    path = tmp_path / "settings.toml"
    path.write_text('theme = "paper\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        path.write_text('# mended\ntheme = "paper"\n', encoding="utf-8")
        await pilot.press("f4")
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == '# mended\ntheme = "paper"\ncard_style = "four-colour"\n'
        screen = await open_settings(app, pilot)
        await pilot.pause()
        assert str(screen.query_one("#saved-in", Static).content).startswith("Saved in"), \
            screen.query_one("#saved-in", Static).content
        path.unlink()
        await pilot.press("f4")
        await pilot.pause()
        assert tomllib.loads(path.read_text(encoding="utf-8"))["card_style"] == app.settings.card_style


def test_a_change_waits_for_a_write_in_progress(tmp_path: Path) -> None:
    """Writes take the lock beside the file, so one app's change is not read, then written
    over, in the middle of another's."""
    import fcntl
    import threading

    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(name="Ana"), path)
    lock = os.open(tmp_path / ".settings.toml.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another app is writing
        writer = threading.Thread(target=change_settings, args=({"theme": "paper"}, path))
        writer.start()
        writer.join(0.3)
        assert writer.is_alive() and load_settings(path)[0].theme == "casino"
        save_settings(Settings(name="Ana", bell=False), path)  # what that other app wrote
        fcntl.flock(lock, fcntl.LOCK_UN)
        writer.join(10)
        assert not writer.is_alive()
    finally:
        os.close(lock)
    loaded = load_settings(path)[0]
    assert (loaded.theme, loaded.bell) == ("paper", False)


async def test_a_file_broken_while_the_app_runs_is_not_written_over(tmp_path: Path) -> None:
    """A change reads the file first: one spoiled since the app started (an edit half done) is
    left to mend, and said so, as one found broken at the start is."""
    app, path = _anas_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        path.write_text('name = "Ana"\ntheme = \n', encoding="utf-8")
        app.update_settings(card_style="ascii")
        await pilot.pause()
        assert app.settings.card_style == "ascii"
        assert len([n for n in app._notifications if n.title == "Settings file"]) == 1
    assert path.read_text(encoding="utf-8") == 'name = "Ana"\ntheme = \n'


async def test_settings_fields_follow_f3_f4_and_the_palette_while_open(tmp_path: Path) -> None:
    """F3, F4 and the palette's hand order change a setting while Settings is open: its fields
    show the new value (they kept the old one, and the theme list highlighted it)."""
    from textual.widgets import OptionList, Select

    from .helpers import open_settings, wait_for

    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "paper" in app.available_themes)
        screen = await open_settings(app, pilot)
        themes, cards = screen.query_one("#theme", Select), screen.query_one("#card_style", Select)
        hand = screen.query_one("#hand_order", Select)
        assert (themes.value, cards.value) == ("casino", "two-colour")
        await pilot.press("f3", "f4")
        await pilot.pause()
        assert app.theme != "casino" and app.settings.card_style == "four-colour"
        assert themes.value == app.theme and cards.value == "four-colour"
        overlay = themes.query_one("SelectOverlay", OptionList)
        assert overlay.highlighted is not None
        assert str(overlay.get_option_at_index(overlay.highlighted).prompt) == app.theme
        app.set_hand_order("suit")
        await pilot.pause()
        assert hand.value == "suit"
    assert load_settings(tmp_path / "settings.toml")[0].card_style == "four-colour"


async def test_a_key_pressed_as_settings_opens_does_not_rename_you(tmp_path: Path) -> None:
    """Settings opened on the name field, its text selected: ``?`` (Help everywhere, says the
    README) or any letter replaced the name, and Escape saved it. It opens on a control that
    takes no letters: ``?`` shows Help, a letter does nothing, Q quits as elsewhere, and the
    name and the file are as they were."""
    from textual.widgets import Input

    from tui.screens.help import HelpScreen
    from tui.screens.home import HomeScreen

    from .helpers import open_settings, wait_for

    path = tmp_path / "settings.toml"
    save_settings(Settings(name="Ana"), path)
    written = path.read_text(encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        name = screen.query_one("#name", Input)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: current(app, HelpScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("x", "y", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert name.value == "Ana" and app.settings.name == "Ana"
        await open_settings(app, pilot)
        await pilot.pause()
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
    assert path.read_text(encoding="utf-8") == written


async def test_the_name_is_changed_by_going_to_it(tmp_path: Path) -> None:
    """Shift+Tab from the theme list, where Settings opens, reaches the name: what is typed
    there goes into it, Q too, and Escape keeps it, as every change there is kept."""
    from textual.widgets import Input

    from tui.screens.home import HomeScreen

    from .helpers import open_settings, wait_for

    app, path = _anas_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        await pilot.press("shift+tab")
        await pilot.pause()
        name = screen.query_one("#name", Input)
        assert name.has_focus
        await pilot.press("end", "q", "y")
        await pilot.pause()
        assert app.is_running and app.screen is screen and name.value == "Anaqy"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert app.settings.name == "Anaqy"
    assert load_settings(path)[0].name == "Anaqy"


async def test_the_settings_theme_list_offers_shipped_user_and_built_in_themes(tmp_path: Path, monkeypatch) -> None:
    """As docs/themes.md and the README say: the shipped themes, the user's own and Textual's
    built-in ones, each once (a user theme with a built-in's name replaces it)."""
    from textual.theme import BUILTIN_THEMES
    from textual.widgets import Select

    from tui.theming import shipped_themes

    from .helpers import open_settings, user_themes, wait_for

    user_themes(tmp_path, monkeypatch, {"ocean.toml": 'name = "ocean"\nprimary = "#1E88E5"\n',
                                        "nord.toml": 'name = "nord"\nprimary = "#123456"\n'})
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "ocean" in app.available_themes)
        screen = await open_settings(app, pilot)
        offered = [value for _prompt, value in screen.query_one("#theme", Select)._options]
        assert len(offered) == len(set(offered))
        assert set(offered) == {t.name for t in shipped_themes()[0]} | set(BUILTIN_THEMES) | {"ocean"}
        assert app.get_theme("nord").primary == "#123456"


#: the Settings controls, in the order Tab visits them
CONTROLS = ["name", "theme", "card_style", "hand_order", "animation", "bell", "bot_pause", "default_game",
            "move-keys"]


async def test_tab_goes_from_control_to_control_and_each_comes_into_view(tmp_path: Path) -> None:
    """Tab from the theme list, where Settings opens, visits every control once, in order, and
    comes round to it: no stop on the scroll area between them (it took the focus, showing
    nothing). The form is taller than an 80x24 screen: each control Tab reaches is scrolled
    into view."""
    from textual.containers import VerticalScroll

    from .helpers import open_settings

    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        scroll = screen.query_one("#settings", VerticalScroll)
        assert scroll.max_scroll_y > 0  # the form does not fit: scrolling is needed
        assert screen.focused is screen.query_one("#theme")
        visited = []
        for _ in CONTROLS:
            await pilot.press("tab")
            await pilot.pause()
            focused = screen.focused
            assert focused is not scroll, f"Tab stopped on the scroll area after {visited}"
            assert focused is not None and focused.id in CONTROLS, focused
            assert scroll.can_view_entire(focused), f"{focused.id} is out of view"
            visited.append(focused.id)
        assert visited == CONTROLS[2:] + CONTROLS[:2]


async def test_settings_that_cannot_be_saved_name_their_file(tmp_path: Path) -> None:
    """A change the settings file cannot take (its folder read-only, or a file in its place)
    is said with the file's path: "Could not save the settings: Permission denied" said where
    nothing could be mended."""
    from .helpers import make_app, notices

    import os

    path = tmp_path / "settings.toml"
    path.write_text('name = "Ana"\n', encoding="utf-8")
    (tmp_path / f".settings.toml.{os.getpid()}.tmp").mkdir()  # where the new file is written first
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.card_style = "ascii"
        app.save_settings("card_style")
        await pilot.pause()
        assert f"Could not save the settings to {path}: Is a directory" in notices(app)
    assert path.read_text(encoding="utf-8") == 'name = "Ana"\n'



def test_a_byte_order_mark_before_the_file_is_read_past(tmp_path: Path) -> None:
    """Some editors begin a UTF-8 file with a byte-order mark; the theme files are read past
    one, and so is this."""
    path = tmp_path / "settings.toml"
    path.write_bytes(b'\xef\xbb\xbf# mine\nname = "Bommy"\n')
    loaded, problem = load_settings(path)
    assert problem is None and loaded.name == "Bommy"


def test_a_file_that_is_not_utf_8_is_said_to_be_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'name = "Ren\xe9"\n')
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert problem is not None and "is not UTF-8 text" in problem and "codec" not in problem


def test_a_keymap_id_written_without_its_quotes_is_taken(tmp_path: Path) -> None:
    """``table.draw = "d"`` in ``[keymap]`` is TOML for a table ``table`` holding ``draw``: it is
    taken as the id ``table.draw`` (it was refused, the natural way to write it). A change of
    another key keeps the file's lines; so does a moved key: a binding written without quotes is
    rewritten where it stood, still without (the Keys screen wrote such a file afresh, its
    comments gone), a new one follows the last, one dropped is taken out."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    mine = '# mine\n[keymap]\ntable.draw = "d"\napp.help = "f9"\n"table.pass_turn" = "o"\n'
    path.write_text(mine, encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded.keymap == {"table.draw": "d", "app.help": "f9", "table.pass_turn": "o"}
    assert change_settings({"theme": "paper"}, path) is None  # placed in the file's own lines
    placed = mine.replace("# mine\n", '# mine\ntheme = "paper"\n\n')
    assert path.read_text(encoding="utf-8") == placed
    assert load_settings(path)[0].keymap == loaded.keymap
    path.write_text(placed.replace('table.draw = "d"', 'table.draw = "d"  # d for draw'), encoding="utf-8")
    moved = {**loaded.keymap, "table.draw": "g", "table.hand_order": "k"}
    assert change_settings({"keymap": moved}, path) is None
    assert path.read_text(encoding="utf-8") == placed.replace('table.draw = "d"', 'table.draw = "g"  # d for draw') \
        + '"table.hand_order" = "k"\n'
    assert not (tmp_path / "settings.toml.bak").exists()
    assert load_settings(path)[0].keymap == moved
    assert change_settings({"keymap": {"table.pass_turn": "o"}}, path) is None
    assert path.read_text(encoding="utf-8") == '# mine\ntheme = "paper"\n\n[keymap]\n"table.pass_turn" = "o"\n'
    # an id given both ways is no id: the entries stand as written, refused
    path.write_text('[keymap]\ntable.draw = "d"\n"table.draw" = "x"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.keymap == {"table.draw": "x"} and problem is not None and '"table"' in problem
    # a table of bare ids takes a new one bare too, and a line indented stays so
    path.write_text('[keymap]\n  table.draw = "d"  # mine\ntable.pass_turn = "x"\n', encoding="utf-8")
    assert change_settings({"keymap": {"table.draw": "g", "table.pass_turn": "x", "table.hint": "k"}}, path) is None
    assert path.read_text(encoding="utf-8") == '[keymap]\n  table.draw = "g"  # mine\ntable.pass_turn = "x"\ntable.hint = "k"\n'
    # one id written without quotes whose keys are not text is refused alone: its neighbour
    # in the same table ``table`` is kept (both were lost, the notice naming "table")
    path.write_text('[keymap]\ntable.draw = 5\ntable.pass_turn = "x"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.keymap == {"table.pass_turn": "x"} and problem is not None and '"table.draw"' in problem
    path.write_text('[keymap]\ntable.draw = "d"\n"table.draw" = "x"\n', encoding="utf-8")
    # nor a line to place: a change writes the file afresh, the file as it was kept beside it
    said = change_settings({"keymap": {"table.draw": "g"}}, path)
    assert isinstance(said, Rewritten) and (tmp_path / "settings.toml.bak").exists()


def test_a_key_spelt_all_but_as_a_setting_is_said(tmp_path: Path) -> None:
    """A key the app does not know is a newer version's and is left alone, unsaid; but one spelt
    all but as a setting ("thme", "card-style", a [keymaps] table) is most likely that setting
    mistyped, doing nothing: it is said, with the setting it looks like. The file keeps it, and
    a change written afresh writes it once."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    path.write_text('thme = "paper"\ncard-style = "ascii"\nseats_shown = 3\nkeymap = { "table.draw" = "d" }\n'
                    '[keymaps]\n"table.pass_turn" = "o"\n', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert (loaded.theme, loaded.card_style) == ("casino", "two-colour")
    assert problem is not None
    for said in ("thme: no such setting (is it theme?)", "card-style: no such setting (is it card_style?)",
                 "keymaps: no such setting (is it keymap?)"):
        assert said in problem, problem
    assert "seats_shown" not in problem  # nothing like a setting: a newer version's, unsaid
    assert isinstance(change_settings({"keymap": {"table.draw": "x"}}, path), Rewritten)  # inline: afresh
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert (data["thme"], data["card-style"], data["seats_shown"], data["keymaps"]) == \
        ("paper", "ascii", 3, {"table.pass_turn": "o"})
    assert data["keymap"] == {"table.draw": "x"}


async def test_settings_names_what_it_did_not_use_from_the_file(tmp_path: Path) -> None:
    """The notice at the start says what in the file is not used, for ten seconds; Settings
    says it under its form for as long as one looks (it said only where changes are saved)."""
    from .helpers import open_settings

    path = tmp_path / "settings.toml"
    path.write_text('card_style = "fourcolour"\nthme = "paper"\n[keymap]\n"table.fly" = "x"\n"table.draw" = "d"\n',
                    encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await open_settings(app, pilot)
        foot = str(screen.query_one("#saved-in").render())
        assert foot == f"Saved in {path}. Not used from it, as said at the start: card_style, thme, keymap table.fly."
    path.write_text('card_style = "ascii"\n', encoding="utf-8")  # nothing amiss: where it saves, as before
    app = make_app(config_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await open_settings(app, pilot)
        assert str(screen.query_one("#saved-in").render()) == f"Saved in {path}"


async def test_a_file_gone_meanwhile_is_written_with_the_settings_in_use(tmp_path: Path) -> None:
    """The settings file removed while the app runs: the next change writes the settings the
    app shows, not the defaults (it wrote the login name over "Ed", and the next start was
    another player's)."""
    path = tmp_path / "settings.toml"
    path.write_text('name = "Ed"\nhand_order = "suit"\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        path.unlink()
        app.update_settings(card_style="ascii")
        await pilot.pause()
    loaded, problem = load_settings(path)
    assert problem is None and (loaded.name, loaded.hand_order, loaded.card_style) == ("Ed", "suit", "ascii")


def test_a_key_given_twice_is_said_so(tmp_path: Path) -> None:
    """tomllib tells a key given twice as "Cannot overwrite a value": the settings file (and a
    theme file) says what it is, where."""
    from themes.loader import load_theme_file

    path = tmp_path / "settings.toml"
    path.write_text('name = "Ana"\nname = "Bo"\n', encoding="utf-8")
    problem = load_settings(path)[1]
    assert problem is not None and "is not valid TOML (a key or table is given twice (at line 2, column" in problem
    assert "Cannot overwrite" not in problem
    theme = tmp_path / "twice.toml"
    theme.write_text('name = "twice"\nprimary = "#123456"\n[table]\n[table]\n', encoding="utf-8")
    loaded = load_theme_file(theme)
    assert "not valid TOML (a key or table is given twice (at line 4" in str(loaded.each[0])  # type: ignore[union-attr]


def test_a_settings_file_too_large_is_said_in_the_units_the_theme_files_are(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("# " + "x" * (300 * 1024) + "\n", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings() and problem is not None and "is larger than 256 KiB" in problem


def test_a_file_with_windows_line_ends_keeps_them(tmp_path: Path) -> None:
    """A file written on Windows (CRLF) kept its lines at a change but lost its line ends."""
    from tui.settings import change_settings

    path = tmp_path / "settings.toml"
    path.write_bytes(b'# mine\r\nname = "Ana"\r\n\r\n[keymap]\r\n"table.draw" = "d"\r\n')
    assert change_settings({"theme": "paper"}, path) is None
    assert path.read_bytes() == b'# mine\r\nname = "Ana"\r\ntheme = "paper"\r\n\r\n[keymap]\r\n"table.draw" = "d"\r\n'
