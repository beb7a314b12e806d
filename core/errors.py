"""Errors of the engine contract."""


class IllegalAction(ValueError):
    """An action that is malformed or not legal for that seat now; the match is unchanged."""
