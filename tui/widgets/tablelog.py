"""The log of the table screen and of the lobby's chat: a ``RichLog`` whose last entry can be
written again in place, so that a line that grows (a seat's run of draws) does not cost a
rewrite of the whole log, and whose entries are wrapped again when its width changes, so that a
narrower terminal does not cut the lines written before it.

It trims the strips of the last entry from ``RichLog.lines`` and drops the rendered-line cache
(``_line_cache``, read with ``_start_line``), and before its size is known it replaces the
writes waiting for it (``_deferred_renders``, ``_size_known``): Textual 8 internals, which the
pin in ``pyproject.toml`` holds and ``tests/tui/test_tablelog.py`` and ``test_terminal_log.py``
check."""
from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog


#: lines the lobby's chat keeps: its widget, and the session's ``chat_log`` it is drawn from
CHAT_LINES = 300


#: an entry drawn again in another card style (the style's name in, the entry out)
Redraw = Callable[[str], Text]


class TableLog(RichLog):
    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._last_strips = 0  # strips the last entry took; 0 while unknown (written before sizing)
        self._entries: list[Text] = []  # what the log holds, oldest first: written again at a new width
        #: beside each entry, how to draw it in another card style (None: it names no card)
        self._redraws: list[Redraw | None] = []
        self._width = 0  # the width the strips were wrapped at; 0 before the first sizing

    def add(self, text: Text, redraw: Redraw | None = None) -> None:
        self._entries.append(text)
        self._redraws.append(redraw)
        if self.max_lines:
            del self._entries[:-self.max_lines]  # an entry takes one strip or more: these are enough
            del self._redraws[:-self.max_lines]
        self._write(text)

    def restyle(self, style: str) -> None:
        """Every entry that names cards drawn again in card style ``style``: switched to ascii
        because the terminal draws suit symbols badly, the lines before it read as the new ones."""
        changed = False
        for i, redraw in enumerate(self._redraws):
            if redraw is not None:
                text = redraw(style)
                changed = changed or text != self._entries[i]
                self._entries[i] = text
        if changed:
            self._rewrite()

    def _write(self, text: Text) -> None:
        before, start = len(self.lines), self._start_line
        self.write(text)
        self._last_strips = len(self.lines) - before + (self._start_line - start)

    def replace_last(self, text: Text, redraw: Redraw | None = None) -> None:
        """Write ``text`` in place of the last entry (every entry is written again when the
        last one's strips are not known)."""
        if not self._entries:
            self.add(text, redraw)
            return
        self._entries[-1] = text
        self._redraws[-1] = redraw
        n = self._last_strips
        if 0 < n <= len(self.lines):
            del self.lines[-n:]
            self._line_cache.clear()
            self._write(text)
            self.refresh()  # the rows are as many as before: nothing else marks them for repainting
            return
        self._rewrite()

    @property
    def entries(self) -> list[Text]:
        """The log's entries, oldest first (written or still waiting for the log's size)."""
        return list(self._entries)

    def _rewrite(self) -> None:
        if self._size_known:
            self.clear()
        else:  # not yet sized (nor perhaps mounted): only the waiting writes are replaced
            self._deferred_renders.clear()
        for entry in self._entries:
            self._write(entry)

    def on_resize(self, event: Resize) -> None:
        """Wrap every entry again at a new width, and keep the newest lines in sight when the
        height changes (the log follows its end as it is written)."""
        super().on_resize(event)  # the first sizing writes what came before it
        width = self.scrollable_content_region.width
        if self._width and width and width != self._width and self._entries:
            self._rewrite()
        if width:  # the width its lines were wrapped at: none while hidden (a terminal too small)
            self._width = width
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
