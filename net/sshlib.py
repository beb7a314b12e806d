"""asyncssh, imported with its own ``cryptography`` deprecation warnings silenced.

Newer ``cryptography`` releases deprecate DSA, and asyncssh, which still supports DSA keys,
touches those names as it loads: each touch prints a ``CryptographyDeprecationWarning`` on
standard error, a dozen lines before a host's one-line errors and its log. They are
about asyncssh's use of the library, nothing a player can act on, so only warnings of that kind
raised from asyncssh's own modules are ignored; every other warning is left as it was. Import
asyncssh from here, never directly, so that the filter is in place before it loads.
"""
from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")

import asyncssh  # noqa: E402  (after the filter, which must be in place as it loads)

__all__ = ["asyncssh"]
