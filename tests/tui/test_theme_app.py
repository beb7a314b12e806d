"""Themes in the running app: F3 recolours the table, the palette's theme list previews while
browsing and saves the choice for the next start, NO_COLOR renders without colour, a broken
user theme is reported once and skipped, and each config dir (one per SSH name) keeps its own."""
from __future__ import annotations

from pathlib import Path

import pytest
from rich.color import Color
from rich.segment import Segment
from textual.widgets import Select

from tui.screens.table import TableScreen
from tui.settings import Settings, load_settings, save_settings
from tui.theming import palette_for
from tui.widgets.hand import HandView

from .helpers import drawn_notice, make_app, open_settings, open_table, user_themes, wait_for
from .rendering import rendered_segments


def colours(segments: list[Segment]) -> set[tuple[int, int, int]]:
    """Every foreground and background colour used, as RGB."""
    found: set[tuple[int, int, int]] = set()
    for segment in segments:
        style = segment.style
        if style is None:
            continue
        for colour in (style.color, style.bgcolor):
            if colour is not None and not colour.is_default:
                found.add(tuple(colour.get_truecolor()))
    return found


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(Color.parse(colour).get_truecolor())


async def type_text(pilot, text: str) -> None:
    await pilot.press(*["space" if c == " " else c for c in text])


async def browsed(app, pilot) -> set[str]:
    """The themes shown while moving three places down an open theme list."""
    seen = set()
    for _ in range(3):
        await pilot.press("down")
        await pilot.pause(0.1)
        seen.add(app.theme)
    return seen


async def test_f3_recolours_the_table_and_its_cards(tmp_path: Path) -> None:
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.theme == "casino" and "midnight" in app.available_themes)
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        before = colours(rendered_segments(app))
        casino_face = hex_rgb(screen.palette.face)
        assert casino_face in before
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.theme != "casino")
        await pilot.pause()
        assert app.screen is screen
        assert screen.palette == palette_for(app.current_theme) != palette_for(app.get_theme("casino"))
        assert screen.query_one(HandView).palette == screen.palette
        after = colours(rendered_segments(app))
        assert after != before
        assert casino_face not in after  # the card faces were redrawn, not just the felt
        if not screen.palette.face.startswith("default"):
            assert hex_rgb(screen.palette.face) in after
    assert load_settings(tmp_path / "settings.toml")[0].theme == app.theme


async def test_palette_previews_themes_and_saves_the_choice(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "paper" in app.available_themes)
        await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        start_colours = colours(rendered_segments(app))
        # the way a player gets there: Ctrl+P, "Switch theme", then browse the list
        await pilot.press("ctrl+p")
        await type_text(pilot, "switch theme")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.theme_choice.preview_from == "casino")
        await pilot.pause(0.3)
        assert await browsed(app, pilot) - {"casino"}, "browsing the list did not preview any theme"
        assert load_settings(path)[0] == Settings() or not path.exists()  # nothing saved while browsing
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.theme == "casino" and app.theme_choice.preview_from is None)
        await pilot.pause()
        assert colours(rendered_segments(app)) == start_colours
        assert not path.exists() or load_settings(path)[0].theme == "casino"
        # now choose one
        await pilot.press("ctrl+p")
        await type_text(pilot, "switch theme")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.theme_choice.preview_from == "casino")
        await type_text(pilot, "paper")
        await wait_for(pilot, lambda: app.theme == "paper")  # the one match previews as it is found
        await pilot.pause(0.3)
        if app.theme_choice.preview_from is not None:
            await pilot.press("enter")
        await wait_for(pilot, lambda: app.theme_choice.preview_from is None and load_settings(path)[0].theme == "paper")
        assert app.theme == "paper"
    fresh = make_app(config_path=path)
    async with fresh.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: fresh.theme == "paper")
        await pilot.pause()
        assert fresh.theme == "paper"


async def settings_theme_list(app, pilot) -> Select:
    """Settings opened from home (S), its theme list focused."""
    await pilot.press("s")
    themes = await wait_for(pilot, lambda: app.screen.query("#theme").first(Select) if app.screen.query("#theme") else None)
    themes.focus()
    return themes


async def test_settings_theme_list_previews_and_saves_only_the_choice(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.theme == "casino" and "paper" in app.available_themes)
        themes = await settings_theme_list(app, pilot)
        await pilot.press("enter")  # open the list
        await wait_for(pilot, lambda: themes.expanded and app.theme_choice.preview_from == "casino")
        assert await browsed(app, pilot) - {"casino"}, "browsing the list did not preview any theme"
        assert themes.value == "casino"
        assert not path.exists()  # nothing saved while browsing
        await pilot.press("escape")  # closed without a choice: the theme from before
        await wait_for(pilot, lambda: not themes.expanded and app.theme == "casino" and app.theme_choice.preview_from is None)
        assert not path.exists() or load_settings(path)[0].theme == "casino"
        await pilot.press("enter")
        await wait_for(pilot, lambda: themes.expanded)
        for _ in range(10):  # down the list until paper shows
            if app.theme == "paper":
                break
            await pilot.press("down")
            await pilot.pause(0.1)
        assert app.theme == "paper"
        await pilot.press("enter")  # chosen: kept and saved
        await wait_for(pilot, lambda: not themes.expanded and themes.value == "paper" and app.theme_choice.preview_from is None)
        await wait_for(pilot, lambda: path.exists() and load_settings(path)[0].theme == "paper")
        assert app.theme == "paper"


def _grey(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) - min(rgb) == 0


@pytest.mark.parametrize("value, theme", [("1", "monochrome"), ("", "casino")])
async def test_no_color_renders_the_table_without_colour_and_empty_leaves_it(tmp_path: Path, monkeypatch,
                                                                               value: str, theme: str) -> None:
    """NO_COLOR set renders the table in greys, the suits told apart by their shapes. Set to
    nothing it leaves colour on (no-color.org): the app kept the chosen theme, but Textual
    greyed the whole screen out whenever the variable was there at all, hearts and spades the
    same grey."""
    save_settings(Settings(theme="casino"), tmp_path / "settings.toml")
    monkeypatch.setenv("NO_COLOR", value)
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.theme == theme)
        await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        await pilot.press("2")
        await pilot.pause()
        found = colours(rendered_segments(app))
        assert len(found) > 3  # it did render
        coloured = {rgb for rgb in found if not _grey(rgb)}
        if not value:
            assert not app.no_color and coloured
            return
        assert coloured == set()
        svg = app.export_screenshot()
        assert "♥" in svg and "♣" in svg  # suits still told apart by their shapes


async def test_broken_user_theme_is_reported_once_and_skipped(tmp_path: Path, monkeypatch) -> None:
    user_themes(tmp_path, monkeypatch, {"sunset.toml": 'name = "sunset"\nprimary = "#FF8800"\n',
                                        "broken-glass.toml": 'name = "glass"\nprimary = "not a colour"\n[[['})
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: "sunset" in app.available_themes)
        await pilot.pause()
        notes = [n for n in app._notifications if "broken-glass.toml" in n.message]
        assert len(notes) == 1 and notes[0].title == "Themes"
        assert "glass" not in app.available_themes
        app.theme = "sunset"  # the good user theme works next to the bad one
        await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f3")
        await pilot.pause()
        assert len([n for n in app._notifications if "broken-glass.toml" in n.message]) == 1
    assert app.return_code in (None, 0)


async def test_every_theme_problem_at_start_is_in_one_notice(tmp_path: Path, monkeypatch) -> None:
    """Two broken theme files and a chosen theme that is gone: one notice says all three (one
    notice each stacked past the top of a 100x30 screen, and the first were never seen)."""
    user_themes(tmp_path, monkeypatch, {"one.toml": 'name = "one"\nprimary = "not a colour"\n', "two.toml": "[[["})
    save_settings(Settings(theme="nosuchtheme"), tmp_path / "settings.toml")
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        notes = [n for n in app._notifications if n.title == "Themes"]
        assert len(notes) == 1, [n.message for n in notes]
        for part in ("one.toml", "two.toml", "'nosuchtheme' is not available"):
            assert part in notes[0].message


async def test_each_config_dir_keeps_its_own_theme(tmp_path: Path, monkeypatch) -> None:
    """net/ssh_host.py gives every SSH name its own DEALMEIN_CONFIG_DIR; the theme follows it."""
    chosen = {"ana": "paper", "bea": "high-contrast"}
    for name, theme in chosen.items():
        monkeypatch.setenv("DEALMEIN_CONFIG_DIR", str(tmp_path / name))
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: theme in app.available_themes)
            app.choose_theme(theme)
            await pilot.pause()
    for name, theme in chosen.items():
        monkeypatch.setenv("DEALMEIN_CONFIG_DIR", str(tmp_path / name))
        assert load_settings(tmp_path / name / "settings.toml")[0].theme == theme
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.theme == theme)
            assert app.config_path == tmp_path / name / "settings.toml"


@pytest.mark.parametrize("beside", [{}, {"x.toml": 'name = "textual-dark"\nprimary = "#FF8800"\n'}],
                         ids=["alone", "beside-a-user-textual-dark"])
async def test_a_saved_theme_whose_file_is_broken_is_kept_for_when_it_is_mended(tmp_path: Path, monkeypatch,
                                                                               beside: dict[str, str]) -> None:
    """Beside it, a user theme taking the name of the theme Textual starts on: shown at once in
    its place, the news of it came after the stand-in was chosen and was taken for a choice,
    and the stand-in saved over the player's theme."""
    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="sunset"), path)
    themes = user_themes(tmp_path, monkeypatch, {"sunset.toml": 'name = "sunset"\nprimary = "not a colour"\n',
                                                 **beside})
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: [n for n in app._notifications if "'sunset' is not available" in n.message])
        assert app.theme == "casino"
        await pilot.pause()
    assert load_settings(path)[0].theme == "sunset"  # shown in its place, not saved over it
    (themes / "sunset.toml").write_text('name = "sunset"\nprimary = "#FF8800"\n', encoding="utf-8")
    mended = make_app(config_path=path)
    async with mended.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: mended.theme == "sunset")


async def test_a_saved_theme_left_in_the_platforms_folder_is_told_where_it_is(tmp_path: Path,
                                                                               monkeypatch) -> None:
    """The chosen theme's file in the platform's theme folder, not read while DEALMEIN_DATA_DIR
    moves the themes folder: the notice says where the theme files are and where they go."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    platform = tmp_path / "xdg" / "dealmein" / "themes"
    platform.mkdir(parents=True)
    (platform / "sunset.toml").write_text('name = "sunset"\nprimary = "#FF8800"\n', encoding="utf-8")
    monkeypatch.delenv("DEALMEIN_THEMES_DIR")
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="sunset"), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        told = await wait_for(pilot, lambda: [n.message for n in app._notifications if n.title == "Themes"])
        assert told[0] == ("The theme 'sunset' is not available: showing casino (your choice is kept).\n"
                           f"The theme files in {platform} are not read while DEALMEIN_DATA_DIR is set: move "
                           f"them into {tmp_path / 'data' / 'themes'} to use them."), told
        assert app.theme == "casino"
    assert load_settings(path)[0].theme == "sunset"


async def test_closing_the_settings_theme_list_saves_nothing(tmp_path: Path, monkeypatch) -> None:
    """NO_COLOR shows monochrome without saving it: browsing the Settings list and pressing
    Escape must not save it either."""
    path = tmp_path / "settings.toml"
    save_settings(Settings(theme="paper"), path)
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(config_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.theme == "monochrome" and "casino" in app.available_themes)
        themes = await settings_theme_list(app, pilot)
        await pilot.press("enter", "down", "down", "escape")
        await wait_for(pilot, lambda: not themes.expanded and app.theme_choice.preview_from is None)
        await pilot.pause()
        assert app.theme == "monochrome"
    assert load_settings(path)[0].theme == "paper"


OCEAN_ANSI = """name = "ocean"
primary = "#1E88E5"
[table]
suit-hearts = "ansi_red"
card-playable = "ansi_bright_yellow"
card-back = "ansi_blue"
"""


async def test_a_user_theme_with_ansi_table_colours_deals_a_solo_table(tmp_path: Path, monkeypatch) -> None:
    """``dealmein solo --game crazy-eights --seats 2``, Ctrl+S, in a theme whose [table] holds
    ANSI names: the cards draw (this froze the app on Rich's ColorParseError)."""
    from tui.cli import build_parser

    user_themes(tmp_path, monkeypatch, {"ocean.toml": OCEAN_ANSI})
    save_settings(Settings(theme="ocean"), tmp_path / "settings.toml")
    args = build_parser().parse_args(["--no-mdns", "solo", "--game", "crazy-eights", "--seats", "2"])
    app = make_app(args=args, config_path=tmp_path / "settings.toml", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.theme == "ocean" and app.screen.query("#bots Select"))
        for _ in range(10):  # the picker's seat control has built
            await pilot.pause()
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view and app.screen)
        await wait_for(pilot, lambda: table.query_one(HandView).cards)
        await pilot.pause()
        assert (table.palette.red, table.palette.playable, table.palette.back) == ("red", "bright_yellow", "blue")
        drawn = "".join(segment.text for segment in rendered_segments(app))
        assert "┌───┐" in drawn  # cards are on screen
        await app.action_quit()
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("name", ["casino", "textual-dark"])
async def test_a_user_theme_replacing_the_start_theme_shows_from_the_start(tmp_path: Path, monkeypatch,
                                                                           name: str) -> None:
    """A user theme named ``casino`` (the default) or after a built-in theme, chosen before,
    replaces it from the first frame."""
    user_themes(tmp_path, monkeypatch, {"mine.toml": f'name = "{name}"\nprimary = "#FF00FF"\nbackground = "#400040"\n'})
    save_settings(Settings(theme=name), tmp_path / "settings.toml")
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == name and app.current_theme.background == "#400040"
        await wait_for(pilot, lambda: "midnight" in app.available_themes)  # every theme loaded since
        await pilot.pause()
        assert app.current_theme.background == "#400040"
        assert (0x40, 0x00, 0x40) in colours(rendered_segments(app))


async def test_a_user_theme_changed_as_the_app_starts_is_the_one_shown(tmp_path: Path, monkeypatch) -> None:
    """The theme in use is read first, the rest after the first frame: a file changed between
    the two reads is shown as it is now."""
    user_themes(tmp_path, monkeypatch, {"mine.toml": 'name = "casino"\nprimary = "#FF00FF"\nbackground = "#400040"\n'})
    app = make_app(config_path=tmp_path / "settings.toml")
    (tmp_path / "themes" / "mine.toml").write_text('name = "casino"\nprimary = "#FF00FF"\nbackground = "#004040"\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "midnight" in app.available_themes)
        await wait_for(pilot, lambda: (0x00, 0x40, 0x40) in colours(rendered_segments(app)))
        assert app.current_theme.background == "#004040"


async def test_a_user_monochrome_is_what_no_color_shows(tmp_path: Path, monkeypatch) -> None:
    user_themes(tmp_path, monkeypatch, {"mono.toml": 'name = "monochrome"\nprimary = "#C0C0C0"\nbackground = "#202020"\n'})
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "monochrome" and app.current_theme.background == "#202020"
        await wait_for(pilot, lambda: "casino" in app.available_themes)
        await pilot.pause()
        assert app.current_theme.background == "#202020"


async def test_the_tables_own_themes_come_first_in_every_list(tmp_path: Path, monkeypatch) -> None:
    """F3, Settings and the palette offer the themes made for the card table (the shipped ones
    and the player's, a player's "nord" among them) before Textual's built-in ones, in one
    order: F3 from casino goes on to the next shipped theme, and from the last built-in one
    comes round to casino."""
    from textual.theme import BUILTIN_THEMES

    from tui.screens.settings import SettingsScreen
    from tui.theming import ThemePreviewProvider, listed_themes

    user_themes(tmp_path, monkeypatch, {"nord.toml": 'name = "nord"\nprimary = "#FF8800"\n'})
    app = make_app(config_path=tmp_path / "settings.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "nord" in app.available_themes and "paper" in app.available_themes)
        listed = listed_themes(app.available_themes)
        ours = ["casino", "high-contrast", "midnight", "monochrome", "nord", "paper", "terminal"]
        assert listed[:len(ours)] == ours and set(listed[len(ours):]) == set(BUILTIN_THEMES) - {"nord"}
        assert [name for name, _ in ThemePreviewProvider(app.screen)._commands()] == listed
        settings = await open_settings(app, pilot)
        assert [value for _label, value in settings.query_one("#theme", Select)._options] == listed
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        app.theme = "casino"
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.theme != "casino")
        assert app.theme == "high-contrast"
        app.theme = listed[-1]  # the last built-in theme by name: F3 comes round to the table's first
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.theme != listed[-1])
        assert app.theme == "casino"


#: five theme files each with two things wrong (an unknown key and a bad colour)
FIVE_BAD = {f"broken-theme-number-{i}.toml": f'name = "broken-{i}"\nprimary = "nope"\nsparkle = true\n'
            for i in range(1, 6)}


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_five_bad_theme_files_are_each_named_on_screen(tmp_path: Path, monkeypatch, size) -> None:
    """docs/themes.md: a bad file is reported by its whole path. Five of them in one notice
    stood taller than an 80x24 screen, and the first paths were off its top: the notice fits
    the screen, names every file whole at 80x24 (at 60x18 as many as fit, and how many more),
    and says where everything wrong with each is listed."""
    import shutil
    import tempfile

    # a folder of one length wherever the test runs (a worker's tmp_path is longer), as long
    # as a player's data folder often is: /tmp/tmpXXXXXXXX/themes/broken-theme-number-1.toml
    home = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        folder = user_themes(home, monkeypatch, FIVE_BAD)
        app = make_app(config_path=tmp_path / "settings.toml")
        async with app.run_test(size=size, notifications=True) as pilot:
            await wait_for(pilot, lambda: [n for n in app._notifications if n.title == "Themes"])
            await pilot.pause()
            within, text = drawn_notice(app, "Themes")
            assert within, text
            paths = [str(folder / name) for name in sorted(FIVE_BAD)]
            named = [path for path in paths if path in text]
            assert named == paths[:len(named)] and named, text  # the first files, each by its whole path
            if size == (80, 24):
                assert named == paths
            else:
                left = len(paths) - len(named)
                assert left == 0 or f"and {left} more file" in text, text
            assert "dealmein themes" in text, text  # where everything wrong with each is listed
    finally:
        shutil.rmtree(home)


async def test_the_themes_notice_stands_whole_above_the_key_bar(tmp_path: Path, monkeypatch) -> None:
    """A bad theme file's line that wraps at the notice's width but not a cell wider (the
    notices' rack measured them so, with its scrollbar's gutter): the notice stood a row low,
    its last row behind the key bar; it stands whole above it."""
    import shutil
    import tempfile

    from textual.content import Content

    from tui.widgets.keyfooter import KeyFooter

    home = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        import tomllib

        bad = 'name = "syntax"\nprimary = "#123456\n'  # TOML: an unclosed string
        try:
            tomllib.loads(bad)
        except tomllib.TOMLDecodeError as e:
            said = "{}: not valid TOML (" + str(e).replace("{", "{{").replace("}", "}}") + ")"
        folder = home / "themes"
        name = next(f"{'s' * n}.toml" for n in range(1, 40)
                    if len(Content(said.format(folder / f"{'s' * n}.toml")).wrap(46))
                    > len(Content(said.format(folder / f"{'s' * n}.toml")).wrap(47)))
        user_themes(home, monkeypatch, {name: bad})
        app = make_app(config_path=tmp_path / "settings.toml")
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await wait_for(pilot, lambda: [n for n in app._notifications if n.title == "Themes"])
            await pilot.pause()
            await pilot.pause()
            within, text = drawn_notice(app, "Themes")
            assert within and str(folder / name) in text, text
            from textual.widgets._toast import Toast

            toast = next(t for t in app.screen.query(Toast) if t._notification.title == "Themes")
            assert toast.region.bottom <= app.screen.query_one(KeyFooter).region.y
    finally:
        shutil.rmtree(home, ignore_errors=True)
