"""A whole number from outside the program (a restored save, a frame, a view, an option typed
in): Python counts ``True`` as 1, and a field that should hold a count or a seat must not take
one for the other."""
from __future__ import annotations

from typing import Any, TypeGuard


def whole_number(value: Any) -> TypeGuard[int]:
    """An int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
