"""What a finished match's results box showed, kept beside its save (``tui.saves``): read back
as written; another match's, or a file whose parts are not what they should be, is not trusted."""
from __future__ import annotations

import json
from pathlib import Path

from tui.saves import KeptResults, keep_results, kept_results, results_path


def test_the_box_is_read_back_as_kept(tmp_path: Path) -> None:
    save = tmp_path / "solo.save"
    kept = KeptResults([23, 0], [0, 5], True, ["You", "Bo"], [10, 0])
    assert keep_results(save, "m1", kept) is None
    assert kept_results(save, "m1") == (kept, None)
    assert kept_results(save, "another match") == (None, None)


def test_garbled_parts_are_left_out_or_named(tmp_path: Path) -> None:
    save = tmp_path / "solo.save"
    kept = KeptResults([23, 0], [0, 5], True, ["You", "Bo"], [10, 0])
    assert keep_results(save, "m1", kept) is None
    path = results_path(save)
    body = json.loads(path.read_text())
    for penalties in ("10", [True, 0], [1.5]):  # crazy-eights 4.2's penalties: whole numbers only
        path.write_text(json.dumps({**body, "penalties": penalties}))
        assert kept_results(save, "m1") == (kept._replace(penalties=None), None), penalties
    path.write_text(json.dumps({**body, "names": [""]}))
    assert kept_results(save, "m1") == (kept._replace(names=None), None)
    path.write_text(json.dumps({**body, "totals": "0 5"}))
    got, problem = kept_results(save, "m1")
    assert got is None and problem is not None and problem.startswith("solo.results: not a match's results")


def test_countdowns_counts_are_kept_and_an_older_file_without_them_still_reads(tmp_path: Path) -> None:
    """crazy-eights 6.2-6.3: each seat's count before and after the last hand, kept with the
    rest; a file from before they were kept (no ``counts``) reads as it did, without them."""
    save = tmp_path / "solo.save"
    kept = KeptResults(None, [0], True, ["You", "Bo"], None, ([2, 5], [1, 5]))
    assert keep_results(save, "m1", kept) is None
    assert kept_results(save, "m1") == (kept, None)
    path = results_path(save)
    body = json.loads(path.read_text())
    assert body["version"] == 1 and body["counts"] == {"before": [2, 5], "after": [1, 5]}
    older = {k: v for k, v in body.items() if k != "counts"}
    path.write_text(json.dumps(older))
    assert kept_results(save, "m1") == (kept._replace(counts=None), None)
    # another game's box keeps none, and writes none
    assert keep_results(save, "m2", kept._replace(counts=None)) is None
    assert "counts" not in json.loads(path.read_text())


def test_counts_that_are_not_countdowns_are_left_out(tmp_path: Path) -> None:
    """A count is a whole number from 1 to 8 (crazy-eights 6.1), one per seat before and after:
    anything else is left out and the rest of the box read as kept."""
    save = tmp_path / "solo.save"
    kept = KeptResults(None, [0], True, ["You", "Bo"], None, ([2, 5], [1, 5]))
    assert keep_results(save, "m1", kept) is None
    path = results_path(save)
    body = json.loads(path.read_text())
    garbled: list[object] = [
        [[2, 5], [1, 5]], {"before": [2, 5]}, {"before": [2, 5], "after": [1]},
        {"before": [2, 5, 3], "after": [1, 5, 3]},  # three seats, two named
        {"before": [9, 5], "after": [8, 5]}, {"before": [1, 0], "after": [1, 0]},
        {"before": [True, 5], "after": [1, 5]}, {"before": [], "after": []}, "2 5"]
    for counts in garbled:
        path.write_text(json.dumps({**body, "counts": counts}))
        assert kept_results(save, "m1") == (kept._replace(counts=None), None), counts
