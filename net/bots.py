"""How the host asks a bot for a move, off the event loop."""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

log = logging.getLogger("dealmein.net")

LEVELS = ("easy", "normal", "hard")


def _choose(level: str, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    try:
        from core.bots import choose
    except ImportError as e:
        if e.name != "core.bots":  # a fault inside core.bots is not "missing"
            raise
        # FALLBACK while core.bots does not exist yet: a uniformly random legal move.
        return rng.choice(legal)
    return choose(level, view, legal, rng)


async def choose_async(level: str, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The bot's move, computed in a worker thread (a hard bot may think for a while).

    A bot that fails or answers with something not in ``legal`` is a bug: it is logged and the
    first legal move is played so that the table never stalls.
    """
    try:
        action = await asyncio.to_thread(_choose, level, view, legal, rng)
    except Exception:
        log.exception("bot %s failed; playing the first legal move", level)
        return legal[0]
    if action not in legal:
        log.error("bot %s chose %r, not a legal move; playing the first legal move", level, action)
        return legal[0]
    return action
