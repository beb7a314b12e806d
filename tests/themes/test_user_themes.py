"""User theme files: good ones load, a bad one is reported once by file name and skipped."""
from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from textual.theme import Theme

from themes.loader import (
    SHIPPED_ORDER,
    THEMES_DIR_ENV,
    ThemeProblem,
    load_shipped_themes,
    load_theme_file,
    load_themes,
    user_theme_named,
    user_themes_dir,
)
from themes.variables import APP_VARIABLES

GOOD = """
name = "ocean"
primary = "#1E88E5"
background = "#0D1B2A"
dark = true

[variables]
footer-key-foreground = "#FFB300"

[table]
felt = "#123456"
suit-hearts = "ansi_bright_red"
card-playable-text-style = "bold reverse"
"""

BROKEN = {
    "bad-colour.toml": 'name = "bad-colour"\nprimary = "#12345G"\n',
    "unknown-key.toml": 'name = "unknown-key"\nprimary = "red"\nsparkle = true\n',
    "not-toml.toml": 'name = "not-toml"\nprimary = = "red"\n',
    "unknown-table-key.toml": 'name = "ut"\nprimary = "red"\n[table]\nsuit-stars = "red"\n',
    "bad-style.toml": 'name = "bad-style"\nprimary = "red"\n[table]\ncard-playable-text-style = "shiny"\n',
    "no-primary.toml": 'name = "no-primary"\n',
    "wrong-types.toml": 'name = "wrong-types"\nprimary = 12\ndark = "yes"\ntext_alpha = 3\n',
    "bad-name.toml": 'name = "Bad Name!"\nprimary = "red"\n',
    "table-in-variables.toml": 'name = "tiv"\nprimary = "red"\n[variables]\nfelt = "red"\n',
    "bad-variable.toml": 'name = "bad-variable"\nprimary = "red"\n[variables]\nborder = "not a colour"\n',
}


def _write(directory: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")


def test_good_user_theme_loads_with_its_values_and_defaults(tmp_path: Path) -> None:
    _write(tmp_path, {"ocean.toml": GOOD})
    loaded = load_themes(tmp_path)
    assert loaded.problems == []
    assert list(loaded.themes)[: len(SHIPPED_ORDER)] == list(SHIPPED_ORDER)
    ocean = loaded.themes["ocean"]
    assert isinstance(ocean, Theme)
    assert (ocean.primary, ocean.background, ocean.dark) == ("#1E88E5", "#0D1B2A", True)
    assert ocean.variables["felt"] == "#123456"
    assert ocean.variables["suit-hearts"] == "ansi_bright_red"
    assert ocean.variables["card-playable-text-style"] == "bold reverse"
    assert ocean.variables["footer-key-foreground"] == "#FFB300"
    assert set(APP_VARIABLES) <= set(ocean.variables)  # the rest derived from its colours
    assert loaded.sources["ocean"] == tmp_path / "ocean.toml"
    assert loaded.user_theme_names() == ["ocean"]


def test_the_example_in_the_docs_loads_and_reads_well(tmp_path: Path) -> None:
    """docs/themes.md's short example, copied as it stands, is a theme with no problem and no
    colour that reads poorly (its primary once made the key bar's keys 3.6:1, which
    ``dealmein themes`` warned of)."""
    import re

    from themes.contrast import contrast_warnings

    docs = (Path(__file__).parents[2] / "docs" / "themes.md").read_text(encoding="utf-8")
    example = re.search(r"A short example:\n\n```toml\n(.*?)```", docs, re.S)
    assert example is not None
    _write(tmp_path, {"example.toml": example.group(1)})
    loaded = load_themes(tmp_path)
    assert loaded.problems == [] and loaded.user_theme_names() == ["ocean"]
    assert contrast_warnings(loaded.themes["ocean"]) == []


@pytest.mark.parametrize("filename", sorted(BROKEN))
def test_broken_file_is_reported_by_name_and_skipped(tmp_path: Path, filename: str) -> None:
    _write(tmp_path, {"ocean.toml": GOOD, filename: BROKEN[filename]})
    loaded = load_themes(tmp_path)
    assert "ocean" in loaded.themes
    assert len(loaded.problems) == 1
    problem = loaded.problems[0]
    assert problem.path == tmp_path / filename
    assert filename in str(problem)
    assert len(loaded.themes) == len(SHIPPED_ORDER) + 1


def test_problem_messages_say_what_is_wrong(tmp_path: Path) -> None:
    _write(tmp_path, BROKEN)
    messages = {p.path.name: p.message for p in load_themes(tmp_path).problems}
    assert set(messages) == set(BROKEN)
    assert "#12345G" in messages["bad-colour.toml"]
    assert "unknown key 'sparkle'" in messages["unknown-key.toml"]
    assert "not valid TOML" in messages["not-toml.toml"]
    assert "suit-stars" in messages["unknown-table-key.toml"]
    assert "shiny" in messages["bad-style.toml"]
    assert "missing key 'primary'" in messages["no-primary.toml"]
    wrong = messages["wrong-types.toml"]
    assert "primary" in wrong and "dark" in wrong and "text_alpha" in wrong  # every fault, one report
    assert "name" in messages["bad-name.toml"]
    assert "[table]" in messages["table-in-variables.toml"]
    assert "border" in messages["bad-variable.toml"]
    assert messages["bad-colour.toml"].endswith("'#12345G' is not a colour (a name, #RRGGBB, rgb(...) or hsl(...))")
    assert "color" not in " ".join(messages.values())  # one spelling: Textual's own words are not passed on


def test_a_misspelt_name_is_refused_with_the_one_it_is_like(tmp_path: Path) -> None:
    """A ``[variables]`` name no Textual rule reads did nothing and was taken without a word (a
    misspelt ``footer-key-foregroud``); it is refused as an unknown top-level key is, each with
    the name it is like; a bad theme name is quoted."""
    _write(tmp_path, {"typos.toml": 'name = "Ocean Blue"\nprimary = "#1E88E5"\ncolour = "#ffffff"\n'
                                     '[variables]\nfooter-key-foregroud = "#ffffff"\nnot-a-textual-var = "#ffffff"\n'})
    [problem] = load_themes(tmp_path).problems
    assert "[variables] key 'footer-key-foregroud' is no variable of Textual's (is it 'footer-key-foreground'?)" \
        in problem.message
    assert "[variables] key 'not-a-textual-var' is no variable of Textual's" in problem.message
    assert "unknown key 'colour' (is it 'color'?)" not in problem.message  # one spelling, the docs'
    assert "unknown key 'colour'" in problem.message
    assert "name 'Ocean Blue' must be 1-40 characters" in problem.message


def test_a_bad_variable_is_reported_beside_the_files_other_faults(tmp_path: Path) -> None:
    """docs/themes.md ("with everything wrong with it"): a bad [variables] colour is named in
    the one report with a bad primary and a table colour put under [variables], not only once
    those are mended."""
    _write(tmp_path, {"many.toml": 'name = "many"\nprimary = "nocolour"\n[variables]\nfelt = "#000000"\n'
                                    'footer-key-foreground = "notacolour"\n'})
    [problem] = load_themes(tmp_path).problems
    assert "primary: 'nocolour' is not a colour" in problem.message
    assert "[variables] key 'felt' belongs in [table]" in problem.message
    assert "variables.footer-key-foreground: 'notacolour' is not a colour" in problem.message
    assert str(problem).startswith(f"theme file {tmp_path / 'many.toml'}: ")  # its whole path


def test_a_colour_out_of_its_range_is_refused_not_taken_as_another(tmp_path: Path) -> None:
    """docs/themes.md (Colours): Textual reads rgb(300,0,0) as red and an alpha of 5 as 1; a
    slip of the finger was taken for another colour without a word. Each part out of its range
    is named; colours in range, with spaces and fractions, load."""
    _write(tmp_path, {"range.toml": 'name = "range"\nprimary = "rgb(300,0,0)"\nsecondary = "hsl(40,200%,50%)"\n'
                                    'accent = "rgba(1,2,3,5)"\n[table]\nfelt = "rgb(0,-1,0)"\n',
                      "fine.toml": 'name = "fine"\nprimary = "rgb( 10 , 20.5 , 255 )"\nsecondary = "hsl(400,20%,100%)"\n'
                                   'accent = "rgba(1,2,3,0.5)"\n'})
    loaded = load_themes(tmp_path)
    [problem] = loaded.problems
    assert "primary: 'rgb(300,0,0)' is not a colour: 300 is not from 0 to 255" in problem.message
    assert "secondary: 'hsl(40,200%,50%)' is not a colour: 200% is not from 0% to 100%" in problem.message
    assert "accent: 'rgba(1,2,3,5)' is not a colour: 5 is not from 0 to 1" in problem.message
    assert "table.felt: 'rgb(0,-1,0)' is not a colour: -1 is not from 0 to 255" in problem.message
    assert problem.message.count("is not a colour") == 4
    assert "fine" in loaded.themes and "range" not in loaded.themes


def test_a_very_long_bad_value_or_key_is_quoted_cut_short(tmp_path: Path) -> None:
    """A 20,000-character bad value, or key, was printed whole by ``dealmein themes``: the
    problem quotes its start, cut, and still says what is wrong."""
    long, longish = "x" * 20_000, "x" * 5_000  # (a file holds 64 KiB at most)
    _write(tmp_path, {"long.toml": f'name = "long"\nprimary = "{long}"\n"{longish}" = 1\n'
                                   f'[variables]\nborder = "{longish}"\n[table]\nfelt = "{longish}"\n'})
    [problem] = load_themes(tmp_path).problems
    assert len(problem.message) < 1_000, len(problem.message)
    cut = repr("x" * 57 + "...")
    assert f"primary: {cut} is not a colour" in problem.message
    assert f"unknown key {cut}" in problem.message
    assert f"variables.border: {cut} is not a colour" in problem.message
    assert f"table.felt: {cut} is not a colour" in problem.message


def test_a_theme_file_that_starts_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    """docs/themes.md: Windows Notepad writes UTF-8 with a byte-order mark, which read as "not
    valid TOML (Invalid statement (at line 1, column 1))", with no hint of why."""
    (tmp_path / "ocean.toml").write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    loaded = load_themes(tmp_path)
    assert loaded.problems == [] and loaded.user_theme_names() == ["ocean"]


def test_unreadable_and_binary_files_are_problems_not_crashes(tmp_path: Path) -> None:
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe\x00name")
    (tmp_path / "folder.toml").mkdir()  # a directory named like a theme is ignored
    (tmp_path / "huge.toml").write_text("# " + "x" * 70_000 + '\nname = "huge"\nprimary = "red"\n')
    loaded = load_themes(tmp_path)
    assert sorted(p.path.name for p in loaded.problems) == ["binary.toml", "huge.toml"]
    assert len(loaded.themes) == len(SHIPPED_ORDER)


def test_duplicate_user_names_keep_the_first_and_user_may_replace_a_shipped_theme(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "a.toml": 'name = "twin"\nprimary = "red"\n',
            "b.toml": 'name = "twin"\nprimary = "blue"\n',
            "casino.toml": 'name = "casino"\nprimary = "#AA0000"\n',
        },
    )
    loaded = load_themes(tmp_path)
    assert loaded.themes["twin"].primary == "red"
    assert [p.path.name for p in loaded.problems] == ["b.toml"]
    assert "twin" in loaded.problems[0].message
    assert loaded.themes["casino"].primary == "#AA0000"
    assert loaded.sources["casino"] == tmp_path / "casino.toml"


def test_missing_user_dir_is_not_a_problem(tmp_path: Path) -> None:
    loaded = load_themes(tmp_path / "nowhere")
    assert loaded.problems == [] and list(loaded.themes) == list(SHIPPED_ORDER)


def test_user_dir_comes_from_the_environment_or_platformdirs(tmp_path: Path) -> None:
    _write(tmp_path, {"ocean.toml": GOOD})
    environ = {THEMES_DIR_ENV: str(tmp_path)}
    assert user_themes_dir(environ) == tmp_path
    assert "ocean" in load_themes(environ=environ).themes
    assert user_themes_dir({}) == platformdirs.user_data_path("dealmein") / "themes"
    # the app's data folder moved (DEALMEIN_DATA_DIR, as the README says) moves its themes folder too
    assert user_themes_dir({"DEALMEIN_DATA_DIR": str(tmp_path / "data")}) == tmp_path / "data" / "themes"
    assert user_themes_dir({"DEALMEIN_DATA_DIR": str(tmp_path / "data"), **environ}) == tmp_path
    from net.environ import DATA_DIR_ENV
    from themes import loader

    assert loader.DATA_DIR_ENV == DATA_DIR_ENV  # one name for the one folder


def test_load_theme_file_returns_a_problem_for_a_missing_file(tmp_path: Path) -> None:
    result = load_theme_file(tmp_path / "gone.toml")
    assert isinstance(result, ThemeProblem) and "gone.toml" in str(result)


def test_ansi_user_theme_gets_the_variables_textual_needs(tmp_path: Path) -> None:
    _write(tmp_path, {"mine.toml": 'name = "mine"\nprimary = "ansi_cyan"\nansi = true\ndark = false\n'})
    theme = load_themes(tmp_path).themes["mine"]
    assert theme.variables["ansi-background"] == "ansi_white"
    assert theme.variables["felt"] == "ansi_default"


def test_user_theme_named_picks_the_theme_load_themes_would(tmp_path: Path) -> None:
    """What the app starts in: the user's theme of that name, read without the others."""
    _write(
        tmp_path,
        {
            "a-broken.toml": 'name = "casino"\nprimary = "not a colour"\n',
            "b-mycasino.toml": 'name = "casino"\nprimary = "#FF00FF"\nbackground = "#400040"\n',
            "c-again.toml": 'name = "casino"\nprimary = "#00FF00"\n',
            "d-other.toml": 'name = "other"\nprimary = "#123456"\n',
            "e-not-toml.toml": "name = = 1",
        },
    )
    found = user_theme_named("casino", tmp_path)
    assert found is not None and found.background == "#400040"
    assert found == load_themes(tmp_path).themes["casino"]
    assert user_theme_named("paper", tmp_path) is None
    assert user_theme_named("casino", tmp_path / "nowhere") is None


def test_dealmein_themes_lists_every_bad_file_with_everything_wrong(tmp_path: Path, monkeypatch, capsys) -> None:
    """docs/themes.md: the app's Themes notice says what fits the screen and points here, to
    ``dealmein themes``, for every bad file by its whole path with everything wrong with it."""
    from tui.cli import main

    _write(tmp_path, {"ocean.toml": GOOD, **BROKEN})
    monkeypatch.setenv(THEMES_DIR_ENV, str(tmp_path))
    assert main(["themes"]) == 1
    out = capsys.readouterr().out
    assert f"Your theme folder: {tmp_path}\n" in out and f"ocean: {tmp_path / 'ocean.toml'}\n" in out
    for problem in load_themes(tmp_path).problems:
        assert f"\n{problem.path}:\n" in out
        for error in problem.each:
            assert f"\n  {error}\n" in out
    wrong = next(p for p in load_themes(tmp_path).problems if p.path.name == "wrong-types.toml")
    assert len(wrong.each) == 3  # each thing wrong on its own line, not one line of them all
    (tmp_path / "fine").mkdir()  # no files: said so, not nothing printed
    monkeypatch.setenv(THEMES_DIR_ENV, str(tmp_path / "fine"))
    assert main(["themes"]) == 0
    assert capsys.readouterr().out == f"Your theme folder: {tmp_path / 'fine'}\nNo theme files in it.\n"
    # a file where the folder should be: said so (it read as a folder not made yet), status 1
    monkeypatch.setenv(THEMES_DIR_ENV, str(tmp_path / "ocean.toml"))
    assert main(["themes"]) == 1
    assert capsys.readouterr().out == f"Your theme folder: {tmp_path / 'ocean.toml'} is not a folder: no theme is read from it.\n"
    # a data folder that is a file: the theme folder in it can never be made, not "none yet"
    monkeypatch.delenv(THEMES_DIR_ENV)
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "ocean.toml"))
    assert main(["themes"]) == 1
    assert capsys.readouterr().out == (f"Your theme folder: {tmp_path / 'ocean.toml' / 'themes'} cannot be a folder "
                                       f"({tmp_path / 'ocean.toml'} is a file): no theme is read from it.\n")
    # one not made yet, in a folder that is there or can be: none yet
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "new" / "data"))
    assert main(["themes"]) == 0
    assert capsys.readouterr().out.startswith(f"Your theme folder: {tmp_path / 'new' / 'data' / 'themes'} (there is none yet)\n")


def test_theme_files_in_the_platforms_folder_are_named_while_the_data_folder_moves_them(
        tmp_path: Path, monkeypatch, capsys) -> None:
    """With DEALMEIN_DATA_DIR set, the themes folder is the data folder's (earlier versions read
    the platform's all the same): files left in the platform's are not read, and ``dealmein
    themes`` said "No theme files in it." as if they were gone. It names them and where they go."""
    from themes.loader import unread_themes_dir
    from tui.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    platform = tmp_path / "xdg" / "dealmein" / "themes"
    assert platformdirs.user_data_path("dealmein") / "themes" == platform
    platform.mkdir(parents=True)
    _write(platform, {"ocean.toml": GOOD})
    monkeypatch.delenv(THEMES_DIR_ENV)
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path / "data"))
    assert unread_themes_dir() == platform
    assert main(["themes"]) == 0
    assert capsys.readouterr().out == (
        f"Your theme folder: {tmp_path / 'data' / 'themes'} (there is none yet)\n"
        f"The theme files in {platform} are not read while DEALMEIN_DATA_DIR is set: move them into "
        f"{tmp_path / 'data' / 'themes'} to use them.\nNo theme files in it.\n")
    # the folder read: the platform's (no DEALMEIN_DATA_DIR), or one named for themes alone
    assert unread_themes_dir({}) is None
    assert unread_themes_dir({THEMES_DIR_ENV: str(tmp_path / "t"), "DEALMEIN_DATA_DIR": str(tmp_path / "data")}) is None
    assert unread_themes_dir({"DEALMEIN_DATA_DIR": str(tmp_path / "xdg" / "dealmein")}) is None  # the same folder
    (tmp_path / "link").symlink_to(tmp_path / "xdg" / "dealmein")
    assert unread_themes_dir({"DEALMEIN_DATA_DIR": str(tmp_path / "link")}) is None  # by a link
    monkeypatch.chdir(tmp_path / "xdg")
    assert unread_themes_dir({"DEALMEIN_DATA_DIR": "dealmein"}) is None  # by a relative path
    (platform / "ocean.toml").unlink()  # nothing left there: nothing said
    assert unread_themes_dir() is None
    assert main(["themes"]) == 0 and "not read" not in capsys.readouterr().out


def test_dealmein_themes_warns_of_colours_that_read_poorly(tmp_path: Path, monkeypatch, capsys) -> None:
    """A theme whose hearts are the colour of its card face loads and is offered, and nothing on
    screen says why its hearts look blank: ``dealmein themes`` says which colours read below the
    shipped themes' bars (docs/themes.md), and the theme is still used (status 0)."""
    from themes.contrast import contrast_warnings
    from tui.cli import main

    _write(tmp_path, {"blank.toml": 'name = "blank"\nprimary = "#1E88E5"\n[table]\ncard-face = "#ffffff"\n'
                                    'suit-hearts = "#ffffff"\nfelt = "#808080"\nfelt-text = "#8a8a8a"\n',
                      "ocean.toml": GOOD})
    monkeypatch.setenv(THEMES_DIR_ENV, str(tmp_path))
    assert main(["themes"]) == 0
    out = capsys.readouterr().out
    assert f"blank: {tmp_path / 'blank.toml'}\n  used, but some of its colours read poorly:\n" in out
    assert "    suit-hearts on card-face: 1.0:1 (text wants 4.5:1)\n" in out
    assert "    felt-text on felt: 1.1:1 (text wants 4.5:1)\n" in out
    assert "suit-spades" not in out  # derived for it: readable
    ocean = out.split(f"ocean: {tmp_path / 'ocean.toml'}\n", 1)[1]
    assert not ocean.startswith("  used, but")  # its colours are its own and read well (hearts ANSI: the terminal's)
    assert out.endswith("Every theme file in it can be used.\n")
    for name, theme in load_shipped_themes().themes.items():  # the shipped themes keep every bar
        assert contrast_warnings(theme) == [], name


def test_the_colours_textual_makes_of_primary_are_checked_too() -> None:
    """Only ``name`` and ``primary`` are required, and the screens' titles and the key bar's keys
    are written in ``primary``: a dark ``primary`` on a dark theme left every title at 1.5:1,
    and ``dealmein themes`` said nothing. A ``text-muted`` a theme sets itself is checked too."""
    from textual.theme import Theme

    from themes.contrast import contrast_warnings

    assert contrast_warnings(Theme(name="darkprimary", primary="#123456", dark=True)) == [
        "primary on background: 1.5:1 (text wants 4.5:1)",
        "footer-key-foreground on footer-background: 1.2:1 (text wants 4.5:1)"]
    assert contrast_warnings(Theme(name="fine", primary="#FFB000", dark=True)) == []
    muted = Theme(name="muted", primary="#FFB000", dark=True, background="#0A3320",
                  variables={"text-muted": "#0A3321"})
    assert contrast_warnings(muted) == ["text-muted on background: 1.0:1 (text wants 4.5:1)"]
