"""Errors of the engine contract."""


class IllegalAction(ValueError):
    """An action that is malformed or not legal for that seat now; the match is unchanged."""


#: the most of a bad value an error message repeats: it comes back to whoever sent it, over a
#: network frame of bounded size too, and a page of it would name nothing better
QUOTED_LEN = 40


def quoted(value: object, limit: int = QUOTED_LEN) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with "…"."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
