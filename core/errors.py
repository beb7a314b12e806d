"""Errors of the engine contract."""


class IllegalAction(ValueError):
    """An action that is malformed or not legal for that seat now; the match is unchanged."""


#: the most of a bad value an error message repeats: it comes back to whoever sent it, over a
#: network frame of bounded size too, and a page of it would name nothing better
QUOTED_LEN = 40


def quoted(value: object, limit: int = QUOTED_LEN) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters (``shortened``)."""
    return shortened(repr(value), limit)


def shortened(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, "…" the last where it is cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
