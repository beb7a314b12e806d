"""``GAMES`` and ``new_match``: the front door of the engine contract."""
from __future__ import annotations

from typing import Any

from .errors import quoted
from .games import ALL
from .match import Match
from .options import GameInfo
from .whole import whole_number

GAMES: dict[str, GameInfo] = {info.id: info for info in ALL}


def new_match(game: str, players: int, preset: str | None = "standard",
              options: dict[str, Any] | None = None, seed: int | None = None,
              deck: list[str] | None = None, dealer: int | None = None) -> Match:
    """Start a match; ``ValueError`` names the unknown game, preset or option, or the bad value."""
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise ValueError(f"game {quoted(game)}: the games are {', '.join(GAMES)}")
    if options is not None and not isinstance(options, dict):
        raise ValueError("options must be a dict of option names to values")
    resolved = info.resolve(players, preset, options)
    if seed is not None and not whole_number(seed):
        raise ValueError(f"seed must be an integer or None, got {quoted(seed)}")
    return info.factory(players, resolved, seed=seed, deck=deck, dealer=dealer)
