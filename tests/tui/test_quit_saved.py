"""What quitting a solo match says on the terminal is what became of its last save, known only
once the table has closed: a save still being written as the player quits may land or not, and
the note says which. Saves fail for real: a file where the saves folder should be, or a lease
held on the save's temporary file (opening it to write waits until the lease is let go, as a
hung disk would)."""
from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from net.savefile import read_save
from tui.running import said_on_exit
from tui.saves import solo_save_path
from tui.screens.confirm import ConfirmScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, start_solo, wait_for
from .test_not_saved import SOLO, _no_saves_folder


@contextmanager
def save_held() -> Iterator[Any]:
    """The next solo save waits to open its temporary file until ``let_go`` is called (or the
    block ends)."""
    temp = solo_save_path().with_name(f".{solo_save_path().name}.{os.getpid()}.tmp")
    temp.write_bytes(b"")
    quiet = signal.signal(signal.SIGIO, signal.SIG_IGN)  # the lease's holder is told of each open
    lease = os.open(temp, os.O_RDONLY)
    held = [True]

    def let_go() -> None:
        if held[0]:
            held[0] = False
            fcntl.fcntl(lease, fcntl.F_SETLEASE, fcntl.F_UNLCK)

    try:
        fcntl.fcntl(lease, fcntl.F_SETLEASE, fcntl.F_RDLCK)
        yield let_go
    finally:
        let_go()
        os.close(lease)
        signal.signal(signal.SIGIO, quiet)


async def _my_turn(session: Any, pilot: Any) -> None:
    """This seat's turn, every save so far written (or failed): what the table sends is held
    until its save is done, so a save held before then would hold the turn back too."""
    saver = session.table.saver
    await wait_for(pilot, lambda: session.view and session.view["current_seat"] == session.seat and not saver.pending)


async def _move_held(session: Any, pilot: Any) -> None:
    """Play a card (under ``save_held``): its save, and the bots' moves after it, wait."""
    await session.act(session.view["legal"][0])
    await wait_for(pilot, lambda: session.table.saver.pending)


async def test_a_save_still_held_when_the_player_quits_is_not_called_saved(capsys: Any) -> None:
    """Saved when Q is pressed (so no question), but the move just played is still being saved:
    the table waits for it, gives up, and the note says the last moves were not kept and which
    save Resume plays on from; that save is left as it was."""
    app = make_app(seed=5)  # a first hand that outlasts the move here
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        saver = session.table.saver
        session.server.save_wait = 0.5
        await _my_turn(session, pilot)
        with save_held():
            await _move_held(session, pilot)
            before = solo_save_path().read_bytes()
            assert session.saved and session.quit_note() == ""  # nothing asks: it seems saved
            await pilot.press("q")
            await wait_for(pilot, lambda: app.return_code is not None)
        saved_at = time.strftime("%H:%M:%S", time.localtime(saver.saved_at))
        await asyncio.wait_for(saver.flush(), 10)  # the held save, let go, goes on but does not land
    assert app.exit_note == ("Your Ninety-Eight match's last moves could not be saved (its last save did not "
                             f"finish in time): run dealmein and choose Resume to play on from its save of {saved_at}.")
    assert solo_save_path().read_bytes() == before
    assert said_on_exit(app, app.return_code) == 0
    assert capsys.readouterr().out == app.exit_note + "\n"


async def test_a_save_that_lands_as_the_player_quits_is_said(capsys: Any) -> None:
    """Saving failed (no saves folder), so quitting asks first; the folder is back and the
    move just played is being saved as the player says yes: it lands while the table closes,
    and the note says the match is saved after all."""
    blocked = _no_saves_folder()
    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(SOLO, solo=True)
        session = app.session
        saver = session.table.saver
        await _my_turn(session, pilot)
        assert saver.problem  # and nothing changes until this seat plays
        blocked.unlink()
        blocked.mkdir()
        with save_held() as let_go:
            await _move_held(session, pilot)
            await pilot.press("q")
            question = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert question.detail == "It could not be saved: leaving ends it."
            asyncio.get_running_loop().call_later(0.3, let_go)  # as the table closes
            await pilot.press("y")
            await wait_for(pilot, lambda: app.return_code is not None)
    assert saver.problem is None and not saver.pending
    assert read_save(solo_save_path()).state is not None
    assert app.exit_note == "Your Ninety-Eight match is saved: run dealmein and choose Resume to play on."
    assert said_on_exit(app, app.return_code) == 0
    assert capsys.readouterr().out == app.exit_note + "\n"


async def test_quitting_a_match_that_could_not_be_saved_says_so(capsys: Any) -> None:
    """No saves folder: quitting asks first, and once the table has closed (its last save
    failing too) the terminal says the match could not be saved and why, not nothing."""
    blocked = _no_saves_folder()
    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(SOLO, solo=True)
        saver = app.session.table.saver
        await wait_for(pilot, lambda: saver.problem and current(app, TableScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.exit_note == (f"Your Ninety-Eight match could not be saved (solo.save could not be written ({blocked} "
                             "is a file where a folder should be)): it cannot be resumed.")
    assert not Path(blocked).is_dir()
    assert said_on_exit(app, app.return_code) == 0
    assert capsys.readouterr().out == app.exit_note + "\n"
