"""``core.whole.whole_number``: the one test of "an int, not a bool" that the engine, the host
and the app apply to numbers read from outside."""
from __future__ import annotations

import pytest

from core import IllegalAction, new_match
from core.whole import whole_number


@pytest.mark.parametrize("value", [0, 1, -3, 10 ** 20])
def test_ints_are_whole(value: object) -> None:
    assert whole_number(value)


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, [1]])
def test_bools_and_others_are_not(value: object) -> None:
    assert not whole_number(value)


def test_a_seat_of_true_is_refused_by_the_engine() -> None:
    """A bool where the engine asks for a seat is refused as a seat it does not have is."""
    m = new_match("ninety-eight", 4, seed=1)
    with pytest.raises(IllegalAction, match="no seat True"):
        m.view(True)
    assert m.view(1)["seat"] == 1
