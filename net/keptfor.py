"""How long a gone player's seat is kept, in words: said by the app and by the SSH front door
that ends an idle guest's session."""
from __future__ import annotations


def kept_for(grace: float | None) -> str:
    """How long a gone player's seat is kept: "for 2 minutes" from ``grace`` seconds, "for a
    while" where it is not known (a host of an older version)."""
    if grace is None:
        return "for a while"
    period = f"{grace / 60:g} minute{'s' if grace != 60 else ''}" if grace >= 60 and grace % 60 == 0 \
        else f"{grace:g} second{'s' if grace != 1 else ''}"
    return f"for {period}"


def keeps_no_seat(grace: float | None) -> bool:
    """The host keeps no seat for a player who leaves (``--grace 0``): a bot keeps it for the
    rest of the match at once, and logging in or joining again only watches."""
    return grace is not None and grace <= 0
