"""Wrong passwords counted per address, so that guessing one stops after a few tries: the
table's own front door and the SSH one both count them here.

A password's proof costs the host one HMAC, so a peer could try thousands a second. After
``most`` wrong proofs from one address within ``window`` seconds, that address is refused
(``locked``) until its oldest failure is ``window`` seconds old. Other addresses are not
affected, and at most ``addresses`` are remembered (the oldest go first), so a flood of
addresses costs bounded memory.
"""
from __future__ import annotations

import time
from collections import deque

#: wrong passwords one address may send within WINDOW seconds
MOST = 8
WINDOW = 60.0
ADDRESSES = 4096


class Lockout:
    def __init__(self, most: int = MOST, window: float = WINDOW, addresses: int = ADDRESSES) -> None:
        self.most, self.window, self.addresses = most, window, addresses
        self._failures: dict[str, deque[float]] = {}

    def locked(self, address: str) -> bool:
        q = self._failures.get(address)
        if q is None:
            return False
        cutoff = time.monotonic() - self.window
        while q and q[0] < cutoff:
            q.popleft()
        if not q:
            del self._failures[address]
            return False
        return len(q) >= self.most

    def locked_for(self, address: str) -> float:
        """Seconds until ``address`` may try again: when its oldest failure counted leaves the
        window (0 where it is not locked)."""
        if not self.locked(address):
            return 0.0
        return max(0.0, self._failures[address][0] + self.window - time.monotonic())

    def failed(self, address: str) -> None:
        q = self._failures.get(address)
        if q is None:
            if len(self._failures) >= self.addresses:
                del self._failures[next(iter(self._failures))]  # the address remembered longest
            q = self._failures[address] = deque(maxlen=self.most)
        q.append(time.monotonic())
