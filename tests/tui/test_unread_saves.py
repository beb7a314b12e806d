"""A save the app cannot read is named and "left as it is": a new table started from the app
does not write over it. A new solo match is then not kept (and says so); a table hosted on its
port keeps it beside as ``.previous``. Here the unreadable save is a link to a folder, which
reading fails on for any user (the tests may run as root, which file permissions do not stop);
it stands for one whose permissions keep this user out."""
from __future__ import annotations

import os
from pathlib import Path

from net.savefile import read_save, save_path, saves_dir
from tests.net.table_helpers import free_port
from tui.saves import solo_save_path
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.picker import TableChoice

from .helpers import current, make_app, said_from_now, wait_for


def unreadable(path: Path, tmp_path: Path) -> Path:
    """``path`` made a save that cannot be read: a link to a folder holding a file."""
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "kept").write_text("a save this user may not read")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, path)
    assert read_save(path, keep=True).unreadable
    return target


CHOICE = TableChoice(game="ninety-eight", preset="standard", options={}, seats=3, bots={1: "easy", 2: "easy"})


async def test_a_new_solo_match_leaves_an_unreadable_solo_save_as_it_is(tmp_path: Path) -> None:
    target = unreadable(solo_save_path(), tmp_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = said_from_now(app)
        await app.start_table(CHOICE, solo=True)
        await wait_for(pilot, lambda: app.session is not None and app.session.view is not None)
        assert said[0].startswith("solo.save could not be read (") and said[0].endswith(
            "it is left as it is: mend it (its permissions, say) or move it away, and try again: this solo match is not "
            "kept, and leaving or quitting ends it."), said
        session = app.session
        await wait_for(pilot, lambda: session.view["current_seat"] == session.seat and session.view["legal"])
        version = session.view["version"]
        await session.act(session.view["legal"][0])
        await wait_for(pilot, lambda: session.view["version"] > version)
        assert solo_save_path().is_symlink() and (target / "kept").read_text() == "a save this user may not read"
        await pilot.press("escape")
        confirm = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert confirm.detail.startswith("solo.save could not be read (") and confirm.detail.endswith(
            ": leaving ends this match.")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
    assert solo_save_path().is_symlink()
    assert [n for n in os.listdir(saves_dir()) if not n.endswith(".lock")] == ["solo.save"]  # no other save


async def test_a_table_hosted_on_a_port_with_an_unreadable_save_keeps_it_beside(tmp_path: Path) -> None:
    port = free_port()
    target = unreadable(save_path(port), tmp_path)
    app = make_app(port=port, bind="127.0.0.1")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = said_from_now(app)
        await app.start_table(CHOICE, solo=False)
        await wait_for(pilot, lambda: app.session is not None and app.session.lobby is not None)
        previous = save_path(port).with_name(save_path(port).name + ".previous")
        assert f"table-{port}.save could not be read, so it is kept as {previous}: this table is saved in its " \
               "place." in said, said
        assert previous.is_symlink() and os.readlink(previous) == str(target)
        await wait_for(pilot, lambda: read_save(save_path(port), keep=True).state is not None)
        await app.leave_table()


