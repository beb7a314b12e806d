"""The table's log: a ``RichLog`` whose last entry can be written again in place, so that a
line that grows (a seat's run of draws) does not cost a rewrite of the whole log.

It trims the strips of the last entry from ``RichLog.lines`` and drops the rendered-line cache
(``_line_cache``, read with ``_start_line``: Textual 8 internals, which the pin in
``pyproject.toml`` holds and ``tests/tui/test_tablelog.py`` and ``test_terminal_log.py`` check)."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class TableLog(RichLog):
    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._last_strips = 0  # strips the last entry took; 0 while unknown (written before sizing)

    def add(self, text: Text) -> None:
        before, start = len(self.lines), self._start_line
        self.write(text)
        self._last_strips = len(self.lines) - before + (self._start_line - start)

    def replace_last(self, text: Text, entries: list[Text]) -> None:
        """Write ``text`` in place of the last entry; ``entries`` (every entry, ``text`` last)
        is written again instead when the last entry's strips are not known."""
        n = self._last_strips
        if 0 < n <= len(self.lines):
            del self.lines[-n:]
            self._line_cache.clear()
            self.add(text)
            self.refresh()  # the rows are as many as before: nothing else marks them for repainting
            return
        self.clear()
        for entry in entries:
            self.add(entry)
