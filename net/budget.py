"""Token buckets by key (an address): what one address may do however many connections it
holds, where the per-connection rate limit (``Connection._allow``) cannot see it.

At most ``keys`` are remembered (the one used longest ago is forgotten first: a fresh budget),
so a flood of addresses costs bounded memory.
"""
from __future__ import annotations

import time

KEYS = 4096


class Budget:
    """``rate`` a second for each key, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float, keys: int = KEYS) -> None:
        self.rate, self.burst, self.keys = rate, burst, keys
        self._left: dict[str, tuple[float, float]] = {}  # key: (tokens, when counted)

    def take(self, key: str) -> bool:
        """Spend one token of ``key``'s; False (nothing spent) when it has none left."""
        now = time.monotonic()
        got = self._left.pop(key, None)  # put back last: the dict stays oldest first
        if got is None:
            if len(self._left) >= self.keys:
                del self._left[next(iter(self._left))]
            tokens = float(self.burst)
        else:
            tokens = min(float(self.burst), got[0] + (now - got[1]) * self.rate)
        ok = tokens >= 1.0
        self._left[key] = (tokens - 1.0 if ok else tokens, now)
        return ok
