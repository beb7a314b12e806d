"""Text from players and the network, made safe to show: no control characters or escape
sequences survive, and callers wrap the result in ``Text``/``Content`` so no markup is read."""
from __future__ import annotations

from net.protocol import clean_text


def clean(value: object, limit: int = 200) -> str:
    """No control, format or escape characters, blanks folded, at most ``limit`` characters:
    the same rule the host applies to names and chat, applied again to anything shown."""
    return clean_text(value if isinstance(value, str) else str(value), limit).strip()
