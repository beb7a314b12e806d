"""What a finished match's results box showed, kept beside its save (``tui.saves``): read back
as written, and a part of the file that is not what it should be is left out, not trusted
(the cards left in hand are drawn as cards, crazy-eights 5.2)."""
from __future__ import annotations

import json
from pathlib import Path

from tui.saves import KeptResults, keep_results, kept_results, results_path


def test_the_box_is_read_back_as_kept(tmp_path: Path) -> None:
    save = tmp_path / "solo.save"
    kept = KeptResults([23, 0], [0, 5], True, ["You", "Bo"], [10, 0], [["KH", "8S", "3D"], []])
    assert keep_results(save, "m1", kept) is None
    assert kept_results(save, "m1") == (kept, None)
    assert kept_results(save, "another match") == (None, None)


def test_garbled_cards_left_in_hand_are_left_out(tmp_path: Path) -> None:
    save = tmp_path / "solo.save"
    kept = KeptResults([23, 0], [0, 5], True, ["You", "Bo"], None, [["KH"], []])
    assert keep_results(save, "m1", kept) is None
    path = results_path(save)
    for garbled in ([["ZZ"], []], "KH", [["KH"], 7], [[1]]):
        body = json.loads(path.read_text())
        body["held"] = garbled
        path.write_text(json.dumps(body))
        got, problem = kept_results(save, "m1")
        assert problem is None and got == kept._replace(held=None), garbled
    body.pop("held")  # a file from before the cards were kept
    path.write_text(json.dumps(body))
    assert kept_results(save, "m1") == (kept._replace(held=None), None)
