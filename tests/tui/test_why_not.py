"""The sentence that says why a card cannot be played, on real Crazy Eights views."""
from __future__ import annotations

from core import new_match
from tui.plays import playable, why_not


def test_a_turn_with_only_a_draw_says_which_key_draws() -> None:
    """crazy-eights 3.4: with nothing to play, the turn is a draw."""
    for seed in range(300):  # bounded: a deal whose first player has no card to play
        m = new_match("crazy-eights", 3, seed=seed)
        seat = m.current_seat
        view = m.view(seat)
        if view["legal"] == ["draw"]:
            break
    else:
        raise AssertionError("no deal in 300 opened with a forced draw")
    card = view["hand"][0]
    assert not playable(view, card)
    text = why_not(view, card, ["A", "B", "C"])
    assert text.endswith("you can only draw (Space).")
