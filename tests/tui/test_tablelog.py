"""The table log's last entry written again in place: wrapped entries, a full log that trims
its oldest lines, and entries written before the log knew its size."""
from __future__ import annotations

import html
import re

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.tablelog import TableLog


class LogApp(App[None]):
    def __init__(self, early: list[str] = ()) -> None:
        super().__init__()
        self.early = list(early)

    def compose(self) -> ComposeResult:
        log = TableLog(wrap=True, max_lines=50, min_width=10)
        for line in self.early:  # before the log is sized: the writes are deferred
            log.add(Text(line))
        yield log


def on_screen(app: App[None]) -> str:
    """The screen's text as a screenshot shows it (what was painted, not the log's model)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def shown(log: TableLog) -> list[str]:
    return [line.text.rstrip() for line in log.lines]


async def test_last_entry_replaced_in_place_wrapped_and_trimmed() -> None:
    app = LogApp()
    async with app.run_test(size=(30, 20)) as pilot:
        log = app.query_one(TableLog)
        entries = [Text(f"entry {i}") for i in range(60)]  # more than max_lines: the oldest go
        for e in entries:
            log.add(e)
        await pilot.pause()
        assert len(log.lines) == 50 and shown(log)[-1] == "entry 59"
        long = Text("a line long enough to wrap over two or three rows of this narrow log")
        entries[-1] = long
        log.replace_last(long, entries)
        k = log._last_strips  # the rows the long entry took
        assert k >= 2 and len(log.lines) == 50
        assert " ".join(shown(log)[-k:]).split() == long.plain.split()
        assert shown(log)[-k - 1] == "entry 58"
        short = Text("short again")
        entries[-1] = short
        log.replace_last(short, entries)
        assert shown(log)[-2:] == ["entry 58", "short again"] and len(log.lines) == 50 - k + 1
        await pilot.pause()


async def test_entries_written_before_sizing_are_replaced_by_a_rewrite() -> None:
    app = LogApp(["one", "two", "three"])
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        log = app.query_one(TableLog)
        assert shown(log) == ["one", "two", "three"]
        entries = [Text("one"), Text("two"), Text("three, four")]
        log.replace_last(entries[-1], entries)
        assert shown(log) == ["one", "two", "three, four"]
        log.add(Text("five"))
        log.replace_last(Text("five, six"), [*entries, Text("five, six")])
        assert shown(log) == ["one", "two", "three, four", "five, six"]


async def test_a_replaced_entry_is_repainted() -> None:
    """The screen shows the new last entry, not only the log's lines (same row count)."""
    app = LogApp()
    async with app.run_test(size=(30, 10)) as pilot:
        log = app.query_one(TableLog)
        entries = [Text("first"), Text("draws 1 card")]
        for e in entries:
            log.add(e)
        await pilot.pause()
        assert "draws 1 card" in on_screen(app)
        entries[-1] = Text("draws 2 cards")
        log.replace_last(entries[-1], entries)
        await pilot.pause()
        assert "draws 2 cards" in on_screen(app) and "draws 1 card" not in on_screen(app)
