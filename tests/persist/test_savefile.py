"""Autosave files (issue: Nothing lost, "Autosave and resume"): atomic, and a corrupt save is
reported by name and moved aside, never discarded and never a crash."""
from __future__ import annotations

import msgpack

from net.savefile import read_save, save_path, write_save


def test_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALMEIN_DATA_DIR", str(tmp_path))
    path = save_path(7098)
    assert str(path).startswith(str(tmp_path))
    state = {"name": "Ana's table", "snapshot": b"\x00\x01bytes", "tokens": {"0": "abc"}}
    write_save(path, state)
    loaded = read_save(path)
    assert loaded.problem is None
    assert loaded.state == state


def test_missing_save_is_a_problem_not_a_crash(tmp_path):
    result = read_save(tmp_path / "nothing.save")
    assert result.state is None and "no saved table" in result.problem


def test_corrupt_save_is_reported_and_moved_aside(tmp_path):
    whole = msgpack.packb({"format": 1, "state": {"table": "t"}})
    # damaged (0, 3 to 5): msgpack's own words, "Unpack failed: incomplete input" for a save cut
    # short and "code must be 0~127" for an ext type no save has, were said for the last two
    for i, garbage in enumerate([b"\xc1\xc1garbage", msgpack.packb([1, 2, 3]),
                                 msgpack.packb({"format": 99, "state": {}}), b"", whole[:-3], b"\xd4\x80\x00"]):
        path = tmp_path / f"table-{i}.save"
        path.write_bytes(garbage)
        result = read_save(path)
        assert result.state is None
        assert path.name in result.problem
        # said in words, not msgpack's ("unpack(b) received extra data.")
        assert ("damaged: its bytes are not a whole save" in result.problem) is (i in (0, 3, 4, 5)), result.problem
        assert "unpack" not in result.problem.lower() and "code must" not in result.problem
        assert "not a Deal Me In save" in result.problem or i in (0, 3, 4, 5)
        assert not path.exists()
        assert result.moved_to is not None and result.moved_to.read_bytes() == garbage


def test_a_save_that_cannot_be_read_at_all_is_left_where_it_is(tmp_path):
    """Its permissions, or a folder in its place: nothing says the save is damaged, so it is not
    moved aside as one (mended, it resumes as it was); the problem says what to do."""
    path = tmp_path / "table-7098.save"
    path.mkdir()
    result = read_save(path)
    assert result.state is None and result.unreadable and result.moved_to is None
    assert result.problem == ("table-7098.save could not be read (Is a directory); it is left as it is: "
                              "mend it (its permissions, say) or move it away, and try again")
    assert path.is_dir() and not list(tmp_path.glob("*.corrupt-*"))


def test_a_save_a_newer_version_wrote_is_said_so_and_left_where_it_is(tmp_path):
    """A save of a format after this version's (a newer Deal Me In, then this one run again):
    it was called "not a Deal Me In save" and moved aside as corrupt, where the newer version
    could no longer find it. It is said to be a newer version's and left as it is, unmoved."""
    path = tmp_path / "table-7098.save"
    whole = msgpack.packb({"format": 2, "saved": 1796629063.5, "state": {"table": "t", "later": [1, 2]}})
    path.write_bytes(whole)
    result = read_save(path)
    assert result.state is None and result.unreadable and result.moved_to is None
    assert result.problem == ("table-7098.save was saved by a newer Deal Me In (save format 2; this one reads "
                              "format 1); it is left as it is, for that version to resume (or move it away to "
                              "start afresh here)")
    assert path.read_bytes() == whole and not list(tmp_path.glob("*.corrupt-*"))


def test_a_file_in_the_way_of_the_saves_folder_is_the_one_named(tmp_path):
    """The system names the folder it was making ("saves"); the file in the way is further up
    the path: that one is named."""
    from net.autosave import _why

    blocker = tmp_path / "dealmein"
    blocker.write_text("a file where the data folder should be")
    try:
        write_save(blocker / "saves" / "solo.save", {"x": 1})
    except OSError as e:
        why = _why(e)
    else:
        raise AssertionError("written under a file")
    assert why == f"{blocker} is a file where a folder should be"


def test_a_save_with_bytes_after_its_end_is_said_damaged_in_words(tmp_path):
    """A save written over by something longer (msgpack reads one value, then "unpack(b)
    received extra data."): the problem says it is damaged, in words."""
    path = tmp_path / "table-7305.save"
    path.write_bytes(msgpack.packb({"format": 1}) + b"more")
    result = read_save(path)
    assert result.problem is not None and result.problem.startswith(
        "table-7305.save could not be read (damaged: its bytes are not a whole save); moved aside to "), result.problem
