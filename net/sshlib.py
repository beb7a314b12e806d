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

import unicodedata  # noqa: E402

import asyncssh  # noqa: E402  (after the filter, which must be in place as it loads)
from asyncssh import connection as _connection  # noqa: E402


def login_name(s: str) -> str:
    """A login name as it was typed, its accents composed. asyncssh runs every login name
    through SASLprep, a profile of Unicode 3.2 for passwords: it refused emoji ("Unassigned
    character: '\\360\\237\\203\\217'") and a name of both writing directions ("محمد Ali") with
    a disconnect the guest could make nothing of, and it folded a full-width "ＡＢＣ" into "ABC",
    a name a player joining by address keeps. A login name here is a player's name: the SSH
    door cleans it as the table does (``net.ssh_server.player_name``)."""
    return unicodedata.normalize("NFC", s)


# asyncssh's connections read login names through this name (one for the server's, two for a
# client's own); passwords keep SASLprep, in its own module
_connection.saslprep = login_name

__all__ = ["asyncssh", "login_name"]
