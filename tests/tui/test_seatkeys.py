"""The seats an app left at other hosts' tables (``tui.seatkeys``): kept privately, bounded,
claimed once, held while the app that sits there runs, and a damaged file never stops a join."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time

from tui.seatkeys import KEEP, MAX_AGE_DAYS, Kept, claim, held_elsewhere, hold, left_at, problem, release, remember


def test_claim_gives_the_token_once_and_matches_the_table(tmp_path) -> None:
    path = tmp_path / "seats.json"
    remember("10.0.0.5:7777", "t1", "tok-1", path)
    remember("10.0.0.5:7777", "t2", "tok-2", path)
    remember("10.0.0.6:7777", "t1", "tok-3", path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert claim("10.0.0.5:7777", "t1", path) == Kept("t1", "tok-1")
    assert claim("10.0.0.5:7777", "t1", path) is None  # claimed: gone
    assert claim("10.0.0.5:7777", None, path) == Kept("t2", "tok-2")  # by address alone: the newest there
    assert claim("10.0.0.9:7777", None, path) is None
    assert [e["token"] for e in json.loads(path.read_text())] == ["tok-3"]


def test_a_host_key_is_kept_with_its_seat_and_a_bad_one_is_not_believed(tmp_path) -> None:
    """The table's host key, where the app ran another host's lobby with it, goes with the seat
    (held or left) and comes back with it; a seat kept by an app before keys were kept has none;
    an entry whose key is not text is not a seat kept."""
    path = tmp_path / "seats.json"
    remember("h:1", "t", "tok", path, host_key="KEY")
    hold("h:2", "u", "tok-2", path, host_key="KEY-2")
    remember("h:3", "v", "tok-3", path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # as private as the tokens
    assert claim("h:1", None, path) == Kept("t", "tok", "KEY")
    assert claim("h:2", "u", path) == Kept("u", "tok-2", "KEY-2")
    assert claim("h:3", "v", path) == Kept("v", "tok-3", None)
    entries = [{"address": "h:4", "table": "w", "token": "tok-4", "time": time.time(), "host_key": 5}]
    path.write_text(json.dumps(entries))
    assert claim("h:4", None, path) is None


def test_the_same_table_keeps_only_its_latest_token(tmp_path) -> None:
    path = tmp_path / "seats.json"
    remember("h:1", "t", "old", path)
    remember("h:1", "t", "new", path)
    assert claim("h:1", "t", path) == Kept("t", "new")
    assert claim("h:1", "t", path) is None


def test_bounded_and_old_seats_are_forgotten(tmp_path) -> None:
    path = tmp_path / "seats.json"
    for i in range(KEEP + 10):
        remember(f"h:{i}", "t", f"tok-{i}", path)
    entries = json.loads(path.read_text())
    assert len(entries) == KEEP and entries[0]["token"] == f"tok-{KEEP + 9}"
    assert claim("h:0", "t", path) is None  # the oldest went first
    entries[0]["time"] = time.time() - (MAX_AGE_DAYS + 1) * 86400
    path.write_text(json.dumps(entries))
    assert claim(f"h:{KEEP + 9}", "t", path) is None  # too old


def test_a_file_that_is_not_a_list_of_seats_is_named_and_left_as_it_is(tmp_path) -> None:
    """It may hold seats kept at other tables: nothing is claimed from it or written over it, and
    ``problem`` names it for the app to say once."""
    path = tmp_path / "seats.json"
    for junk, why in ((b"\x00\xff not json", "not a list of seats ('utf-8' codec can't decode"),
                      (b'{"address": "h:1"}', "not a list of seats;"),
                      (b'[{"address": "10.0.0.5:7098", "table": "abcd", "token": "IMPORTANT", "ti', "not a list of seats ("),
                      (b"[" * 100_000 + b"]" * 100_000, "not a list of seats (nested too deep)")):
        path.write_bytes(junk)
        assert claim("h:1", None, path) is None
        remember("h:1", "t", "tok", path)
        hold("h:1", "t", "tok", path)
        release("h:1", "t", "tok", path)
        assert path.read_bytes() == junk and not left_at("h:1", path)
        said = problem(path)
        assert said is not None and said.startswith(f"seats.json: {why}") and said.endswith(
            "it is left as it is, and seats you leave at tables are not kept in it (nor found in it when you "
            "join) until it is mended or removed")
    # a list whose entries are not seats: those are dropped, the file is used
    path.write_bytes(b'[1, "x", {"address": 5, "token": "t"}]')
    assert problem(path) is None and claim("h:1", None, path) is None
    remember("h:1", "t", "tok", path)
    assert claim("h:1", "t", path) == Kept("t", "tok")
    path.unlink()
    assert problem(path) is None


def test_an_unwritable_place_loses_the_memory_not_the_join(tmp_path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    path = blocker / "seats.json"
    remember("h:1", "t", "tok", path)  # logged, no exception
    assert claim("h:1", "t", path) is None


def _other_process() -> subprocess.Popen[bytes]:
    """A process that is not this one, alive until killed (at most 60 s)."""
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])


def test_a_seat_held_by_a_running_app_is_claimed_only_once_that_app_has_gone(tmp_path) -> None:
    """An app keeps the seat it sits in as it sits down (``hold``), for a crash; another app
    joining the same address meanwhile must not take that seat from it."""
    path = tmp_path / "seats.json"
    other = _other_process()
    try:
        remember("h:1", "t", "tok", path)
        entries = json.loads(path.read_text())
        entries[0]["holder"] = other.pid
        path.write_text(json.dumps(entries))
        assert claim("h:1", "t", path) is None  # that app still sits there
        assert claim("h:1", None, path) is None
        assert not left_at("h:1", path)  # nor is the seat listed as this player's to take back
        # the join says whose it is: a watch, not a silent one
        assert held_elsewhere("h:1", "t", path) == other.pid and held_elsewhere("h:1", None, path) == other.pid
        assert held_elsewhere("h:1", "u", path) is None and held_elsewhere("h:2", None, path) is None
    finally:
        other.kill()
        other.wait(10)
    assert left_at("h:1", path) and not left_at("h:2", path)  # the Join screen says so
    assert held_elsewhere("h:1", "t", path) is None
    assert claim("h:1", "t", path) == Kept("t", "tok")  # it ended without closing: the seat is free to take
    assert not left_at("h:1", path)


def test_hold_marks_this_process_and_release_forgets_only_its_own(tmp_path) -> None:
    path = tmp_path / "seats.json"
    hold("h:1", "t", "tok", path)
    assert [(e["token"], e["holder"]) for e in json.loads(path.read_text())] == [("tok", os.getpid())]
    release("h:1", "t", "other-token", path)  # not that seat: kept
    assert len(json.loads(path.read_text())) == 1
    release("h:1", "t", "tok", path)
    assert json.loads(path.read_text()) == []
    remember("h:1", "t", "tok", path)  # left cleanly: no longer held, so not released either
    release("h:1", "t", "tok", path)
    assert claim("h:1", "t", path) == Kept("t", "tok")
    hold("h:1", "t", "tok", path)
    assert claim("h:1", "t", path) == Kept("t", "tok")  # this process's own seat: an earlier session of it


def test_a_damaged_holder_counts_as_a_damaged_entry(tmp_path) -> None:
    path = tmp_path / "seats.json"
    for holder in ("1234", -5, 0, True, 1.5):
        path.write_text(json.dumps([{"address": "h:1", "table": "t", "token": "tok", "time": time.time(),
                                     "holder": holder}]))
        assert claim("h:1", "t", path) is None


def test_a_second_app_at_the_same_table_keeps_its_seat_beside_the_first(tmp_path) -> None:
    """Two apps of one user at one table (two terminals): each keeps its own seat, and the
    one still running keeps its seat when the other one's is written."""
    path = tmp_path / "seats.json"
    other = _other_process()
    try:
        remember("h:1", "t", "first", path)
        entries = json.loads(path.read_text())
        entries[0]["holder"] = other.pid  # the first app, still running
        path.write_text(json.dumps(entries))
        hold("h:1", "t", "second", path)
        assert sorted(e["token"] for e in json.loads(path.read_text())) == ["first", "second"]
        assert claim("h:1", "t", path) == Kept("t", "second")  # this app's own, not the running one's
        assert claim("h:1", "t", path) is None
    finally:
        other.kill()
        other.wait(10)
    assert claim("h:1", "t", path) == Kept("t", "first")


def test_one_place_however_its_address_is_written(tmp_path) -> None:
    """A seat kept at ``localhost`` is claimed at ``127.0.0.1`` (and the other ways round): one
    table, one seat, whatever spelling the player typed each time."""
    path = tmp_path / "seats.json"
    remember("localhost:7777", "t1", "tok-1", path)
    remember("[::ffff:10.0.0.5]:7777", "t2", "tok-2", path)
    remember("[0:0::1]:7777", "t3", "tok-3", path)
    assert claim("127.0.0.1:7777", None, path) == Kept("t1", "tok-1")
    assert claim("10.0.0.5:7777", None, path) == Kept("t2", "tok-2")
    assert claim("[::1]:7777", None, path) == Kept("t3", "tok-3")
    path.write_text(json.dumps([{"address": "LOCALHOST.:7777", "table": "t4", "token": "tok-4",
                                 "time": time.time()}]))  # as an older app kept it
    assert claim("127.0.0.1:7777", "t4", path) == Kept("t4", "tok-4")
    assert claim("127.0.0.1:7778", None, path) is None
    remember("127.0.0.1:7777", "t5", "tok-5", path)  # and the other way round
    assert claim("localhost:7777", None, path) == Kept("t5", "tok-5")


def test_seats_kept_at_a_bare_ipv6_address_by_an_older_app_are_found(tmp_path) -> None:
    """Apps before one spelling per place kept ``HOST:PORT`` with an IPv6 host bare
    (``::1:7098``): the port is the part after the last colon, not a piece of the address."""
    path = tmp_path / "seats.json"
    now = time.time()
    path.write_text(json.dumps([
        {"address": "::1:9000", "table": "t1", "token": "tok-1", "time": now},
        {"address": "fe80::1%eth0:7098", "table": "t2", "token": "tok-2", "time": now},
        {"address": "2001:db8:0:0:0:0:0:1:7098", "table": "t3", "token": "tok-3", "time": now},
    ]))
    assert claim("[::1]:7098", None, path) is None  # another port
    assert claim("[::1]:9000", None, path) == Kept("t1", "tok-1")
    assert claim("[fe80::1%eth0]:7098", None, path) == Kept("t2", "tok-2")
    assert claim("[2001:db8::1]:7098", None, path) == Kept("t3", "tok-3")
