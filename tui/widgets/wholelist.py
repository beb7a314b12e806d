"""An option list whose options take several rows (a variant's name over its words) that
scrolls by whole options: Textual scrolls just far enough to show the highlighted one, so the
list could start halfway through the option above it, its words without their name; and that
keeps its highlighted option in sight as it grows shorter."""
from __future__ import annotations

from textual.widgets import OptionList


class WholeOptionList(OptionList):
    """``OptionList`` whose top row is always the first row of an option, the highlighted one
    still wholly in sight (where it fits at all), also as the list loses rows to what shows
    under it (a question, a line said)."""

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_to_highlight)

    def scroll_to_highlight(self, top: bool = False) -> None:
        super().scroll_to_highlight(top)
        self._align()

    def _align(self) -> None:
        index = self.highlighted
        if index is None or not self.is_mounted:
            return
        # Textual's own line map (kept for its paging too): without it, Textual's scrolling stands
        starts_by_index: dict[int, int] = getattr(self, "_index_to_line", {})
        heights: dict[int, int] = getattr(self, "_heights", {})
        if index not in starts_by_index or index not in heights:
            return
        starts = sorted(set(starts_by_index.values()))
        y, rows = round(self.scroll_y), self.scrollable_content_region.height
        if y in starts or rows <= 0:
            return
        first, last = starts_by_index[index], starts_by_index[index] + heights[index]
        below = [s for s in starts if s > y]
        above = [s for s in starts if s < y]
        if below and below[0] <= first and below[0] <= self.max_scroll_y:
            to = below[0]  # the option cut at the top goes out of sight
        elif above and last <= above[-1] + rows:
            to = above[-1]  # or comes wholly into it, the highlighted one staying in sight
        else:
            return
        self.scroll_to(y=to, animate=False, force=True, immediate=True)
