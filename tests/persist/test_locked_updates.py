"""The app's small files that it reads, changes and writes back (your record, recent tables,
the picker's choices, kept seats) hold a lock across the three steps: two apps changing one
at once each keep the other's change. Real processes, real files."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from net.paths import data_dir
from tui import lastpick, recent, record, seatkeys
from tui.record import Played

#: a child process that takes FILE's lock, says so, waits, then writes CONTENT over FILE
HOLDER = """
import sys, time
from pathlib import Path
from net.paths import atomic_write, locked
path = Path(sys.argv[1])
with locked(path):
    print("held", flush=True)
    time.sleep(0.5)
    atomic_write(path, sys.argv[2].encode())
"""

RECORDED = Played("crazy-eights", "standard", True, ("easy",), "2026-11-29")
MINE = Played("ninety-eight", "standard", False, ("hard",), "2026-11-30")


def _record(path: Path) -> tuple[str, Callable[[], Any], Callable[[], list[str]]]:
    theirs = json.dumps({"version": record.VERSION, "matches": [RECORDED.to_json()]})
    return theirs, lambda: record.add(MINE, path), lambda: [m.game for m in record.load(path)[0]]


def _recent(path: Path) -> tuple[str, Callable[[], Any], Callable[[], list[str]]]:
    entry = recent.Recent("10.0.0.9:7098", "Bea's table", "ninety-eight", "2026-11-29")
    theirs = json.dumps({"version": recent.VERSION, "tables": [entry.to_json()]})
    return (theirs, lambda: recent.note("10.0.0.7:7098", "Al's table", "crazy-eights", path),
            lambda: sorted(t.address for t in recent.load(path)[0]))


def _picks(path: Path) -> tuple[str, Callable[[], Any], Callable[[], list[str]]]:
    theirs = json.dumps({"version": lastpick.VERSION,
                         "host": {"crazy-eights": lastpick.Pick("standard", seats=3).to_json()}})
    return (theirs, lambda: lastpick.remember("solo", "ninety-eight", lastpick.Pick("standard", seats=2), path),
            lambda: sorted(f"{m}:{g}" for m, games in lastpick.load(path)[0].items() for g in games))


def _seats(path: Path) -> tuple[str, Callable[[], Any], Callable[[], list[str]]]:
    theirs = json.dumps([{"address": "10.0.0.9:7098", "table": "t1", "token": "a" * 22, "time": time.time()}])
    return (theirs, lambda: seatkeys.remember("10.0.0.7:7098", "t2", "b" * 22, path),
            lambda: sorted(e["address"] for e in seatkeys._load(path)))


CASES = {"record": (_record, ["ninety-eight", "crazy-eights"]),
         "recent": (_recent, ["10.0.0.7:7098", "10.0.0.9:7098"]),
         "picker": (_picks, ["host:crazy-eights", "solo:ninety-eight"]),
         "seats": (_seats, ["10.0.0.7:7098", "10.0.0.9:7098"])}


@pytest.mark.parametrize("kind", list(CASES))
def test_a_change_made_while_another_app_holds_the_file_keeps_that_apps_change(kind: str, tmp_path: Path) -> None:
    make, expected = CASES[kind]
    path = tmp_path / f"{kind}.json"
    theirs, change, entries = make(path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), theirs], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        change()  # waits for the other app's write, then adds to it
        assert holder.wait(timeout=20) == 0
    finally:
        holder.kill()
        holder.wait()
    assert sorted(entries()) == sorted(expected)


RACER = """
from tui.record import add, Played
for i in range({n}):
    _, problem = add(Played("ninety-eight", "standard", i % 2 == 0, ("easy",), "2026-11-29"))
    assert problem is None, problem
"""


def test_two_apps_recording_matches_at_once_lose_none() -> None:
    n = 60
    racers = [subprocess.Popen([sys.executable, "-c", RACER.format(n=n)]) for _ in range(2)]
    try:
        assert [p.wait(timeout=100) for p in racers] == [0, 0]
    finally:
        for p in racers:
            p.kill()
            p.wait()
    matches, problem = record.load(data_dir() / "record.json")
    assert problem is None and len(matches) == 2 * n


def test_a_folder_where_no_lock_can_be_made_is_a_problem_said_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the data folder should be")
    matches, problem = record.add(MINE, tmp_path / "data" / "record.json")
    assert matches == [] and problem is not None and problem.startswith("record.json: could not be ")
