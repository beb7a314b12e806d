"""Text from players and the network, made safe to show and cut to fit: no control characters
or escape sequences survive, callers wrap the result in ``Text``/``Content`` so no markup is
read, and a name too long for its room ends in an ellipsis."""
from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len
from rich.text import Text

from net.protocol import FLAG_LETTERS, clean_text

_NUMBERED = re.compile(r"\s(\d+)$")
#: what ``printable`` drops: control characters (escapes), format characters (bidi overrides),
#: surrogates and unassigned code points; private-use glyphs (icon fonts) are kept
_CONTROL = {"Cc", "Cf", "Cs", "Cn"}
#: kept all the same: lines, tabs (as a blank), the joiner inside emoji sequences
_SHOWN = {"\n", "\t", "\u200d"}


def printable(text: str) -> str:
    """``text`` without control, format or escape characters, its lines kept: a notice may
    carry what a host sent (an error, a goodbye), and an escape sequence in it would reach the
    terminal as it is drawn (a clipboard write, a new window title)."""
    return "".join(" " if ch == "\t" else ch for ch in text
                   if ch in _SHOWN or unicodedata.category(ch) not in _CONTROL)


def clean(value: object, limit: int = 200) -> str:
    """No control, format or escape characters, blanks folded, at most ``limit`` characters:
    the same rule the host applies to names and chat, applied again to anything shown."""
    return clean_text(value if isinstance(value, str) else str(value), limit).strip()


def counted(n: object, one: str, many: str | None = None) -> str:
    """``n`` and the word for that many ("1 card", "3 cards", "2 lives"): ``many`` where the
    word does not just take an s."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal cells, cut short with an ellipsis after a whole
    character, never within a flag (no blank left before the ellipsis). A number that ends it stays ("Nor…5"), so
    that seven bots of one level still read apart in narrow boxes."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:max(width, 0)]
    tail = ""
    numbered = _NUMBERED.search(text)
    if numbered and width >= len(numbered.group(1)) + 3:
        tail = numbered.group(1)
        text = text[:numbered.start()]
    short = Text(text)
    short.truncate(width - 1 - len(tail))
    kept = short.plain.rstrip()
    if (len(kept) - len(kept.rstrip(FLAG_LETTERS))) % 2 and text[len(kept):len(kept) + 1] in FLAG_LETTERS:
        kept = kept[:-1].rstrip()  # a flag's first letter, its second cut off: half a flag reads as a letter
    return kept + "…" + tail
