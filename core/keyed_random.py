"""The random source a match shuffles and cuts with.

The rules (README, "Shuffling") ask a networked game to shuffle from a cryptographically strong
source, and a seed to replay a match exactly. ``KeyedRandom`` gives both: its output is BLAKE2b,
keyed with a secret drawn from the seed, over a block counter, so it is deterministic from the
seed and no run of cards seen tells the rest. A fresh match draws a 256-bit seed for it.

Seeds below ``KEYED_FROM`` (2**64) keep Python's Mersenne Twister, seeded as before: every test,
benchmark figure and match log made with such a seed deals the same cards as it always did.
"""
from __future__ import annotations

import hashlib
import random
import re
import secrets
from typing import Any

from .whole import whole_number

#: seeds from here up shuffle with ``KeyedRandom``; below it with the Mersenne Twister
KEYED_FROM = 1 << 64
#: decimal digits of the longest seed the app takes (``--seed``) and a table's save holds (a
#: fresh seed has 78)
SEED_DIGITS = 100
#: bits of a fresh seed (the top one always set, so that it is at least ``KEYED_FROM``)
FRESH_BITS = 256
_BLOCK = 64  # bytes of one BLAKE2b output
_PERSON = b"dealmein-deal"
_HEX_KEY = re.compile(r"[0-9a-f]{64}")
_HEX_REST = re.compile(r"(?:[0-9a-f]{2}){0,%d}" % _BLOCK)


class KeyedRandom(random.Random):
    """``random.Random`` drawing its bits from BLAKE2b in counter mode: ``shuffle``, ``choice``
    and ``randrange`` work as usual (they go through ``getrandbits``)."""

    _key: bytes
    _block: int
    _rest: bytes

    def __init__(self, seed: int) -> None:
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Key the generator from ``a`` (a fresh secret seed for None, as ``random.Random``
        seeds itself from the system)."""
        if a is None:
            a = fresh_seed()
        if not whole_number(a) or a < 0:
            raise ValueError(f"a keyed seed must be a whole number of 0 or more, got {a!r}")
        raw = a.to_bytes(max(1, (a.bit_length() + 7) // 8), "big")
        self._key = hashlib.blake2b(raw, digest_size=32, person=_PERSON).digest()
        self._block = 0
        self._rest = b""

    def _take(self, n: int) -> bytes:
        rest = self._rest
        while len(rest) < n:
            rest += hashlib.blake2b(self._block.to_bytes(8, "big"), key=self._key, digest_size=_BLOCK).digest()
            self._block += 1
        self._rest = rest[n:]
        return rest[:n]

    def getrandbits(self, k: int, /) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._take(n), "big") >> (8 * n - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def randbytes(self, n: int) -> bytes:
        if n < 0:
            raise ValueError("number of bytes must be non-negative")
        return self._take(n)

    def getstate(self) -> Any:
        return {"keyed": self._key.hex(), "block": self._block, "rest": self._rest.hex(), "gauss": self.gauss_next}

    def setstate(self, state: Any) -> None:
        """A state from ``getstate``, checked: it may come from a file."""
        if not isinstance(state, dict) or set(state) != {"keyed", "block", "rest", "gauss"}:
            raise ValueError("a keyed random state holds keyed, block, rest and gauss")
        key, block, rest, gauss = state["keyed"], state["block"], state["rest"], state["gauss"]
        if not (isinstance(key, str) and _HEX_KEY.fullmatch(key) and isinstance(rest, str)
                and _HEX_REST.fullmatch(rest)):
            raise ValueError("a keyed random state has a 32-byte key and at most one block left, in hex")
        if not whole_number(block) or not 0 <= block < 1 << 64:
            raise ValueError(f"a keyed random state's block must be a whole number of 0 or more, got {block!r}")
        if gauss is not None and not isinstance(gauss, float):
            raise ValueError(f"a keyed random state's gauss must be a number or null, got {gauss!r}")
        self._key = bytes.fromhex(key)
        self._block = block
        self._rest = bytes.fromhex(rest)
        self.gauss_next = gauss

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy`` and ``pickle`` rebuild it from its state (``random.Random``'s way calls the
        class with no seed)."""
        return random_from_state, (self.getstate(),)


def seed_from_text(text: str) -> int:
    """A seed written in decimal digits (``--seed``, a save), at most ``SEED_DIGITS`` of them;
    ``ValueError`` saying what is wrong otherwise."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{text!r} is not a whole number")
    if len(digits) > SEED_DIGITS:
        raise ValueError(f"a seed has at most {SEED_DIGITS} digits")
    return int(text)


def fresh_seed() -> int:
    """A seed nobody can guess, for a match dealt with no seed given: ``KeyedRandom``'s."""
    return secrets.randbits(FRESH_BITS - 1) | 1 << (FRESH_BITS - 1)


def match_random(seed: int | None) -> random.Random:
    """The generator a match with this seed shuffles with (a fresh secret seed for None)."""
    if seed is None:
        seed = fresh_seed()
    return KeyedRandom(seed) if seed >= KEYED_FROM else random.Random(seed)


def copy_random(rng: random.Random) -> random.Random:
    """An independent generator in the same state, of the same kind."""
    twin = KeyedRandom.__new__(KeyedRandom) if isinstance(rng, KeyedRandom) else random.Random()
    twin.setstate(rng.getstate())
    return twin


def random_state(rng: random.Random) -> Any:
    """The generator's state as plain JSON values: a list for the Mersenne Twister, a dict for
    ``KeyedRandom``."""
    if isinstance(rng, KeyedRandom):
        return rng.getstate()
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def random_from_state(state: Any) -> random.Random:
    """The generator ``random_state`` wrote down; ``ValueError`` or ``TypeError`` for anything
    else."""
    if isinstance(state, dict):
        keyed = KeyedRandom.__new__(KeyedRandom)
        keyed.setstate(state)
        return keyed
    version, internal, gauss = state
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng
