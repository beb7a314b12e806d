"""How the host asks a bot for a move, off the event loop."""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from core.bots import LEVELS, choose, takes_chance

__all__ = ["LEVELS", "choose_async", "takes_chance"]

log = logging.getLogger("dealmein.net")




async def choose_async(level: str, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The bot's move, computed in a worker thread (a hard bot may think for a while).

    A bot that fails or answers with something not in ``legal`` is a bug: it is logged and the
    first legal move is played so that the table never stalls.
    """
    try:
        action = await asyncio.to_thread(choose, level, view, legal, rng)
    except Exception:
        log.exception("bot %s failed; playing the first legal move", level)
        return legal[0]
    if action not in legal:
        log.error("bot %s chose %r, not a legal move; playing the first legal move", level, action)
        return legal[0]
    return action
