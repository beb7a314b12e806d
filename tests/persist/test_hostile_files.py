"""Files the app reads, made hostile: brackets nested past the parsers' depth, a log or save of
the wrong shape, a theme variable Textual's stylesheet cannot take, a save naming another file
as its match log, control sequences in a record's names, a settings file that cannot be read.
Each is a problem named with the file, never a traceback, and the file (or another) is left as
it was."""
from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import Match, new_match
from net.matchlog import replay
from net.paths import data_dir
from net.savefile import save_path, write_save
from net.server import Server, TableConfig
from net.tablestate import restore_saved, table_state
from themes.loader import load_themes
from tui import jsonfile
from tui.record import Played
from tui.saves import saved_tables, solo_save_path
from tui.settings import Unread, load_settings

DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = 'name = "me"\na = ' + "[" * 3000 + "]" * 3000 + "\n"


def test_deep_settings_are_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(DEEP_TOML)
    settings, problem = load_settings(path)
    assert isinstance(problem, Unread) and "nested too deep" in problem and str(path) in problem
    assert settings.name  # the defaults


def test_deep_theme_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "deep.toml").write_text('primary = "red"\n' + DEEP_TOML)
    loaded = load_themes(tmp_path)
    assert [p.path.name for p in loaded.problems] == ["deep.toml"]
    assert "nested too deep" in loaded.problems[0].message


@pytest.mark.parametrize("name", ["record.json", "recent.json", "picker.json"])
def test_deep_json_files_are_unreadable_and_left_as_they_are(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(DEEP_JSON)
    with pytest.raises(jsonfile.Unreadable, match=f"{name}: .*nested too deep"):
        jsonfile.read(path, 1024 * 1024, 1, "a file of this app")
    assert path.read_text() == DEEP_JSON


@pytest.mark.parametrize("first, says", [
    ("[1, 2]", "its first line is not a match log's header (not a record of fields)"), ("5", "its first line is not a match log's header (not a record of fields)"),
    ('"x"', "its first line is not a match log's header (not a record of fields)"), ("null", "its first line is not a match log's header (not a record of fields)"),
    (DEEP_JSON, "its first line is not a match log's header (nested too deep)"),
], ids=["list", "number", "text", "null", "deep"])
def test_a_log_whose_header_is_not_a_record_does_not_replay(tmp_path: Path, first: str, says: str) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text(first + "\n")
    result = replay(path)
    assert not result.ok and result.line == 1 and result.error == says


def test_a_deep_line_after_a_good_header_diverges_at_that_line(tmp_path: Path) -> None:
    from net.matchlog import MatchLog

    path = tmp_path / "match.jsonl"
    m = new_match("ninety-eight", 2, seed=4)
    MatchLog(path, app_version="t", game="ninety-eight", players=2, preset="standard",
             options=dict(m.options), seed=4, names=["A", "B"])
    with path.open("a") as f:
        f.write(DEEP_JSON + "\n")
    result = replay(path)
    assert not result.ok and result.line == 2 and "nested too deep" in (result.error or "")


def test_a_deep_snapshot_is_not_a_match() -> None:
    with pytest.raises(ValueError, match="nested too deep"):
        Match.restore(DEEP_JSON.encode())


async def _saved_state() -> dict:
    """A table of three bots a match into play, as its save holds it (its log in the logs folder)."""
    srv = Server(host="127.0.0.1", port=0)
    table = srv.create_table(TableConfig(name="T", seats=3, seed=2))
    for seat in range(3):
        table.add_bot(seat, "easy")
    table._start_match()
    state = table_state(table)
    table.close()
    return state


async def test_a_save_with_a_deep_snapshot_is_a_problem_named_with_the_file() -> None:
    state = await _saved_state()
    state["match"] = DEEP_JSON.encode()
    path = save_path(47001)
    write_save(path, state)
    srv = Server(host="127.0.0.1", port=0)
    table, problem = restore_saved(srv, path, keep=True)
    assert table is None and problem is not None
    assert problem.startswith("table-47001.save cannot be restored") and "nested too deep" in problem


async def test_a_save_naming_another_file_as_its_log_leaves_that_file_alone(tmp_path: Path) -> None:
    """The log is continued only when it lies in this host's logs folder: a save edited to name
    any other file does not cut that file back nor write on it."""
    victim = tmp_path / "precious.txt"
    victim.write_text("precious data\n" * 100)
    before = victim.read_bytes()
    state = await _saved_state()
    state["log_path"], state["log_offset"] = str(victim), 0
    path = save_path(47002)
    write_save(path, state)
    srv = Server(host="127.0.0.1", port=0)
    await srv.start()
    try:
        table, problem = restore_saved(srv, path, keep=True)
        assert problem is None and table is not None and table.status == "playing"
        assert table.log is None and table.log_path is None
        table.resume()
        await asyncio.sleep(0.3)  # the bots play on
        table.close()
    finally:
        await srv.close()
    assert victim.read_bytes() == before


async def test_a_save_whose_log_is_in_the_logs_folder_goes_on_writing_it() -> None:
    """The other side of the rule above: the host's own log is continued as before."""
    state = await _saved_state()
    assert state["log_path"] and Path(state["log_path"]).parent == data_dir() / "logs"
    path = save_path(47003)
    write_save(path, state)
    again = Server(host="127.0.0.1", port=0)
    restored, problem = restore_saved(again, path, keep=True)
    assert problem is None and restored is not None and restored.log is not None
    restored.close()


async def test_a_save_from_a_data_folder_moved_whole_goes_on_writing_its_log_where_it_is_now(tmp_path: Path) -> None:
    """A data folder copied to another home (or DEALMEIN_DATA_DIR set to where it went): its
    saves name their logs where they were. The log of that name in this host's logs folder is
    continued, and no old log goes while a save names it so (it was dropped at the first open,
    and the results' Replay with it); the file at the old path is left alone."""
    from net.logprune import named_by_saves

    state = await _saved_state()
    here = Path(state["log_path"])
    old = tmp_path / "old-home" / "logs" / here.name
    old.parent.mkdir(parents=True)
    old.write_bytes(here.read_bytes())  # the folder as it was, still there
    before = old.read_bytes()
    state["log_path"] = str(old)
    path = save_path(47005)
    write_save(path, state)
    again = Server(host="127.0.0.1", port=0)
    restored, problem = restore_saved(again, path, keep=True)
    assert problem is None and restored is not None
    assert restored.log is not None and restored.log_path == here
    restored.close()
    assert old.read_bytes() == before
    assert here.resolve() in named_by_saves(here.parent) and here.resolve() not in named_by_saves()
    # a name with no log of it in this host's folder: nothing continued, as for any other file
    state["log_path"] = str(tmp_path / "old-home" / "logs" / "20261101-200000-ninety-eight-0a1b2c3d-00000000000000aa.jsonl")
    write_save(path, state)
    restored, problem = restore_saved(Server(host="127.0.0.1", port=0), path, keep=True)
    assert problem is None and restored is not None and restored.log is None and restored.log_path is None
    restored.close()


@pytest.mark.parametrize("config", [[1, 2], "abc", 7])
def test_a_solo_save_whose_setup_is_not_a_table_is_still_offered(config: object) -> None:
    """Home lists it (resuming it then says what is wrong), instead of failing to open."""
    write_save(solo_save_path(), {"config": config, "status": "\x1b[2J"})
    found, problems = saved_tables(47004)
    assert problems == [] and [(table.label, table.solo) for table in found] == [("Resume ? (solo, ?)", True)]


def test_a_user_theme_variable_textual_cannot_take_is_refused(tmp_path: Path) -> None:
    bad = {"block-cursor-text-style": "garbage", "link-style": "blink; }", "markdown-h1-text-style": "zzz",
           "text": "nonsense 87%", "link-background": "$$$"}
    for i, (key, value) in enumerate(bad.items()):
        (tmp_path / f"mine{i}.toml").write_text(f'name = "mine{i}"\nprimary = "#ff0000"\n[variables]\n'
                                                f'{key} = {json.dumps(value)}\n')
    (tmp_path / "good.toml").write_text('name = "good"\nprimary = "#ff0000"\n[variables]\n'
                                        'link-style = "bold underline"\ntext = "auto 80%"\n')
    loaded = load_themes(tmp_path)
    assert sorted(p.path.name for p in loaded.problems) == sorted(f"mine{i}.toml" for i in range(len(bad)))
    assert all(key in p.message for p, key in zip(sorted(loaded.problems, key=lambda p: p.path.name), bad))
    assert "good" in loaded.themes


async def test_a_theme_that_loads_can_be_shown(tmp_path: Path, monkeypatch) -> None:
    """A theme with text-style and colour variables of its own is used for every screen (the
    refused ones above used to load and then stop the app at its next screen)."""
    from tests.tui.helpers import make_app

    themes = tmp_path / "themes"
    themes.mkdir()
    (themes / "good.toml").write_text('name = "good"\nprimary = "#ff0000"\n[variables]\n'
                                      'link-style = "bold underline"\nblock-cursor-text-style = "bold"\n')
    monkeypatch.setenv("DEALMEIN_THEMES_DIR", str(themes))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "good"
        await pilot.press("r")  # Rules: a screen built under the theme
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


def test_names_in_the_record_are_shown_as_text() -> None:
    played = Played.from_json({"game": "ninety-eight", "preset": "standard", "won": True,
                               "opponents": ["normal"], "day": "2026-12-01",
                               "players": [["\x1b]52;c;aGk=\x07\x1b[2J", True], ["Bo", False]]})
    names = [name for name, _won in played.players]
    assert names[1] == "Bo" and "\x1b" not in names[0] and "\x07" not in names[0]


async def test_a_settings_file_that_cannot_be_read_is_not_written_over(tmp_path: Path) -> None:
    """The app says what is wrong, uses the defaults, and a setting changed in the run is used
    but not saved over the file: what it held is there to mend."""
    from tests.tui.helpers import make_app

    path = tmp_path / "settings.toml"
    text = 'name = "Ana"\ncard_style = "four-colour"\n[keymap]\n"table.draw" = "d"\nthis is not toml\n'
    path.write_text(text)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("not valid TOML" in n.message for n in app._notifications)
        app.update_settings(card_style="ascii")
        await pilot.pause()
        assert app.settings.card_style == "ascii"  # used in this run
        assert any("not saved over it" in n.message for n in app._notifications)
    assert path.read_text() == text


def test_the_replay_viewer_reads_a_deep_header_as_none(tmp_path: Path) -> None:
    from tui.screens.replay import log_header

    path = tmp_path / "match.jsonl"
    path.write_text(DEEP_JSON + "\n")
    assert log_header(path) == {}


def _within(seconds: float, read: Callable[[], Any]) -> Any:
    """``read()`` in a thread, its result once it returns within ``seconds``: a reader held up
    fails the test instead of the run."""
    import threading

    got: list[Any] = []
    reader = threading.Thread(target=lambda: got.append(read()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert got, f"still reading after {seconds} s"
    return got[0]


ODD = ["fifo", "dev-zero"]


def _odd(path: Path, kind: str) -> None:
    """A FIFO, or a link to /dev/zero, where the file should be."""
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


@pytest.mark.parametrize("kind", ODD)
def test_a_settings_file_that_is_no_file_is_said_and_left(tmp_path: Path, kind: str) -> None:
    """settings.toml as a FIFO held the app on a blank screen for good, and as a link to
    /dev/zero it read until memory ran out: each is a file that cannot be read, and stays."""
    path = tmp_path / "settings.toml"
    _odd(path, kind)
    settings, problem = _within(5, lambda: load_settings(path))
    assert isinstance(problem, Unread) and "not a regular file" in problem and settings.name
    from tui.settings import change_settings

    assert isinstance(_within(5, lambda: change_settings({"bell": False}, path)), Unread)
    assert path.is_symlink() if kind == "dev-zero" else path.is_fifo()


@pytest.mark.parametrize("kind", ODD)
def test_a_record_or_save_that_is_no_file_is_said_and_left(tmp_path: Path, kind: str) -> None:
    record_file, save = tmp_path / "record.json", tmp_path / "table-7098.save"
    _odd(record_file, kind)
    _odd(save, kind)
    from tui.record import add, load

    matches, problem = _within(5, lambda: load(record_file))
    assert matches == [] and problem is not None and "not a regular file" in problem
    assert _within(5, lambda: add(Played("ninety-eight", "standard", True, ("normal",), "2026-12-06"),
                                  record_file))[1] == problem
    from net.savefile import read_save

    loaded = _within(5, lambda: read_save(save))
    assert loaded.state is None and loaded.unreadable and "not a regular file" in (loaded.problem or "")
    assert save.is_symlink() if kind == "dev-zero" else save.is_fifo()
