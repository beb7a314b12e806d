"""``dealmein host --headless`` flags that cannot go together are refused before anything starts
(one line on standard error, status 2, nothing saved), rather than left unused without a word:
a resume of a saved table given the flags that shape a table (its save has them all), and a
takeover wait that does not end within the grace. The real ``dealmein`` command, on 127.0.0.1."""
from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

import pytest

from net.paths import data_dir
from net.savefile import save_path
from tui.cmdline import build_parser, check_table

from ..persist.test_kill9 import free_port
from ..runs import run_to_end
from .test_net_host_cli import run_dealmein

HOST = ("host", "--headless", "--bind", "127.0.0.1", "--no-mdns")

RESUMED = ("--resume brings the saved table back as it was, with the name, game, variant, options, seats, bots, "
           "password, turn clock and seed of its save")


def nothing_saved() -> None:
    saves = data_dir() / "saves"
    assert not saves.exists() or not any(saves.iterdir())


async def saved_table(port: int) -> None:
    """A table hosted on ``port`` and stopped with Ctrl+C: its save, for a resume."""
    proc, lines = await run_dealmein(*HOST, "--port", str(port), "--bot-delay", "0")
    try:
        assert lines and lines[-1].startswith("Press Ctrl+C"), lines
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = await asyncio.wait_for(proc.communicate(), 15)
    assert proc.returncode == 0, err.decode()
    assert save_path(port).exists()


async def test_a_resume_of_a_saved_table_refuses_the_flags_that_shape_a_table(tmp_path: Path) -> None:
    """``--resume --game ninety-nine`` printed "Hosting ... ninety-eight": the saved table came
    back, the flag unused. Where the port has a save, each such flag is refused, named as typed
    (``--password-file`` for a password read from a file; a seed given before the command too)."""
    port = free_port()
    await saved_table(port)
    saved = save_path(port).read_bytes()
    secret = tmp_path / "pw"
    secret.write_text("swordfish\n")
    here = (*HOST, "--port", str(port), "--resume")
    for words, named in (
            ((*here, "--game", "ninety-nine"), "argument --game"),
            ((*here, "--preset", "countdown", "--seats", "3"), "arguments --preset, --seats"),
            ((*here, "--option", "limit=50", "--bots", "2", "--bot-level", "hard"),
             "arguments --option, --bots, --bot-level"),
            ((*here, "--name", "Night table", "--turn-time", "30"), "arguments --name, --turn-time"),
            ((*here, "--password", "pw"), "argument --password"),
            ((*here, "--password-file", str(secret)), "argument --password-file"),
            (("--seed", "7", *here), "argument --seed")):
        code, out, err = await run_to_end(*words)
        assert (code, out) == (2, ""), err
        them = "it" if named.startswith("argument ") else "them"
        assert err == (f"dealmein host: error: {named}: {RESUMED}: leave {them} out, or host a new table without "
                       "--resume\n")
    assert save_path(port).read_bytes() == saved  # the save as it was


async def test_a_resume_where_there_is_no_save_starts_the_table_its_flags_shape() -> None:
    """One command starts a table or brings it back after a crash: with no save on the port,
    the flags shape the new table."""
    port = free_port()
    proc, lines = await run_dealmein(*HOST, "--port", str(port), "--resume", "--game", "ninety-nine",
                                     "--name", "Night table", "--bot-delay", "0")
    try:
        assert f"No saved table for port {port}: starting a new table." in lines
        assert any(line.startswith('Hosting "Night table": Ninety-Nine (standard)') for line in lines), lines
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = await asyncio.wait_for(proc.communicate(), 15)
    assert proc.returncode == 0, err.decode()


async def test_a_resume_with_what_a_save_does_not_keep_still_runs() -> None:
    """The flags a resume command gives (where it listens, SSH, the timings) are not refused."""
    port = free_port()
    proc, lines = await run_dealmein(*HOST, "--port", str(port), "--resume", "--grace", "60", "--takeover", "20",
                                     "--bot-delay", "0")
    try:
        assert f"No saved table for port {port}: starting a new table." in lines
        assert lines[-1].startswith("Press Ctrl+C"), lines
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = await asyncio.wait_for(proc.communicate(), 15)
    assert proc.returncode == 0, err.decode()
    assert save_path(port).exists()


@pytest.mark.parametrize("given, says", [
    (["--takeover", "500"], "argument --takeover: 500 s is not shorter than the 120 s --grace (its default): "),
    (["--takeover", "60", "--grace", "60"], "argument --takeover: 60 s is not shorter than the 60 s --grace: "),
    (["--grace", "20"], "argument --grace: 20 s is not longer than the 30 s --takeover (its default): "),
])
async def test_a_takeover_that_does_not_end_within_the_grace_is_refused(given: list[str], says: str) -> None:
    """docs/guide.md: the takeover is well within the grace, so that a bot stands in while the
    seat is still held. Once the grace is over a bot keeps the seat for the rest of the match,
    so a takeover as long or longer never came, the table waiting on the dropped player's turn
    for the whole grace."""
    code, out, err = await run_to_end(*HOST, "--port", str(free_port()), *given)
    assert (code, out) == (2, ""), err
    assert err.startswith(f"dealmein host: error: {says}a bot stands in for a dropped player only while their seat "
                          "is held, so the takeover has to come first; give a "), err
    assert err.count("\n") == 1
    assert re.search(r"give a (--takeover under \d+ s, or a longer --grace|--grace over \d+ s, or a shorter "
                     r"--takeover)\n$", err), err
    nothing_saved()


@pytest.mark.parametrize("given", [["--takeover", "119"], ["--grace", "31"], ["--grace", "0"],
                                   ["--grace", "0", "--takeover", "5"]])
def test_a_takeover_within_the_grace_or_no_grace_at_all_is_taken(given: list[str]) -> None:
    """Just within the grace is the host's choice; ``--grace 0`` holds no seat at all, so no
    takeover is waited for and none can come too late."""
    parser = build_parser()
    args = parser.parse_args([*HOST, *given])
    check_table(parser, args)  # raises SystemExit (status 2) where it refuses
