"""Text from players and the network, made safe to show: no control characters or escape
sequences survive, and callers wrap the result in ``Text``/``Content`` so no markup is read."""
from __future__ import annotations

from rich.text import Text


def clean(value: object, limit: int = 200) -> str:
    """Printable characters only, at most ``limit`` of them."""
    text = value if isinstance(value, str) else str(value)
    return "".join(ch if ch.isprintable() else " " for ch in text[:limit]).strip()


def plain(value: object, style: str = "", limit: int = 200) -> Text:
    return Text(clean(value, limit), style=style)
