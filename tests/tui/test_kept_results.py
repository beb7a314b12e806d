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
