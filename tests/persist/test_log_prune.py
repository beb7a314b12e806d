"""Old match logs go as new ones come (guide, "Replays"): a table left dealing to bots wrote
some 14 MB of logs a day, kept for ever. The newest stay, and any a save still names."""
from __future__ import annotations

from pathlib import Path

import pytest

from net import logprune
from net.logprune import prune_logs
from net.savefile import save_path, write_save
from net.server import Server, TableConfig

from ..net.table_helpers import FAST, bots_table


def old_log(folder: Path, day: int, table: str = "0a1b2c3d") -> Path:
    """A log named as a table names one, ``day`` days into November."""
    path = folder / f"202611{day:02d}-200000-ninety-eight-{table}-{day:016x}.jsonl"
    path.write_text('{"format": 1}\n')
    return path


def test_the_oldest_logs_beyond_the_newest_kept_go_and_nothing_else(tmp_path: Path) -> None:
    logs = [old_log(tmp_path, day) for day in range(1, 7)]
    others = [tmp_path / "notes.txt", tmp_path / "20261101-200000-mine.jsonl"]
    for other in others:
        other.write_text("the player's own")
    (tmp_path / "20261101-200000-ninety-eight-0a1b2c3d-00000000000000aa.jsonl").mkdir()
    linked = tmp_path / "20261101-200000-ninety-eight-0a1b2c3d-00000000000000bb.jsonl"
    linked.symlink_to(others[0])
    assert prune_logs(tmp_path, keep=6) == []
    assert prune_logs(tmp_path, keep=4) == logs[:2]
    assert sorted(tmp_path.iterdir()) == sorted([*logs[2:], *others, linked,
                                                 tmp_path / "20261101-200000-ninety-eight-0a1b2c3d-00000000000000aa.jsonl"])


def test_a_log_a_save_names_stays_whatever_its_age(tmp_path: Path) -> None:
    """A saved table's log is its match to resume, or its results to replay (V): a hosted
    table's, the solo match's, and a table kept aside as ``.previous``."""
    logs = [old_log(tmp_path, day) for day in range(1, 8)]
    save = save_path(7098)
    save.parent.mkdir(parents=True, exist_ok=True)
    write_save(save, {"log_path": str(logs[0]), "status": "finished"})
    write_save(save.parent / "solo.save", {"log_path": str(logs[1]), "status": "finished"})
    write_save(save.parent / "table-7097.save.previous", {"log_path": str(logs[2]), "status": "playing"})
    (save.parent / "table-7099.save").write_bytes(b"not a save")  # names none, and is left as it is
    assert prune_logs(tmp_path, keep=2) == logs[3:5]
    assert sorted(tmp_path.iterdir()) == [*logs[:3], *logs[5:]]
    assert (save.parent / "table-7099.save").read_bytes() == b"not a save"


async def test_a_table_dealing_a_match_removes_the_oldest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logprune, "KEEP", 3)
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    srv.logs_dir = tmp_path
    logs = [old_log(tmp_path, day) for day in range(1, 5)]
    table = bots_table(srv, TableConfig(game="ninety-nine", seats=3))
    assert table.log_path is not None and table.log_path.exists()
    assert sorted(tmp_path.iterdir()) == sorted([*logs[2:], table.log_path])
