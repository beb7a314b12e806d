"""What the hands that ended while the player was away did to their own standing: the host
sends only the hand in play, so a life, chips or points lost in a hand that ended meanwhile
were in no line of the log, only in the seat's box, changed without a word."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .widgets.seats import status_text, statuses


def own_standing_since(before: dict[str, Any] | None, view: dict[str, Any]) -> str:
    """"You: 2 lives (3 lives when you went)." where the player's seat's standing in ``view``
    is not what it was in ``before`` (the view held as the connection went); "" where it is the
    same, for a watcher, or for another match."""
    seat = view.get("seat")
    if not isinstance(before, dict) or not whole_number(seat):
        return ""
    if before.get("seat") != seat or before.get("game") != view.get("game"):
        return ""
    then, now = statuses(before), statuses(view)
    if not 0 <= seat < min(len(then), len(now)):
        return ""
    # (whether the player is in the hand in play is no standing: it is told by the new hand)
    was, is_ = ({k: v for k, v in s[seat].items() if k != "in_hand"} for s in (then, now))
    if was == is_ or not status_text(was) or not status_text(is_):
        return ""
    return f"You: {status_text(is_)} ({status_text(was)} when you went)."
