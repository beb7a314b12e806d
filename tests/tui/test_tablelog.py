"""The table log's last entry written again in place: wrapped entries, a full log that trims
its oldest lines, and entries written before the log knew its size; and every entry wrapped
again when the terminal's width changes, the newest in sight."""
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
        log.replace_last(long)
        k = log._last_strips  # the rows the long entry took
        assert k >= 2 and len(log.lines) == 50
        assert " ".join(shown(log)[-k:]).split() == long.plain.split()
        assert shown(log)[-k - 1] == "entry 58"
        short = Text("short again")
        entries[-1] = short
        log.replace_last(short)
        assert shown(log)[-2:] == ["entry 58", "short again"] and len(log.lines) == 50 - k + 1
        await pilot.pause()


async def test_entries_written_before_sizing_are_replaced_by_a_rewrite() -> None:
    app = LogApp(["one", "two", "three"])
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        log = app.query_one(TableLog)
        assert shown(log) == ["one", "two", "three"]
        log.replace_last(Text("three, four"))
        assert shown(log) == ["one", "two", "three, four"]
        log.add(Text("five"))
        log.replace_last(Text("five, six"))
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
        log.replace_last(Text("draws 2 cards"))
        await pilot.pause()
        assert "draws 2 cards" in on_screen(app) and "draws 1 card" not in on_screen(app)


async def test_a_narrower_terminal_wraps_every_entry_again_and_keeps_the_newest_in_sight() -> None:
    """Entries written at 60 columns are wrapped again at 24 rather than cut, and after the
    terminal grows shorter the last entry is still on screen; wider again, they unwrap."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(TableLog)
        words = [f"Normal bot {i} plays a card and the total is {i}" for i in range(8)]
        for line in words:
            log.add(Text(line))
        await pilot.pause()
        assert shown(log) == words  # one row each at 60 columns
        await pilot.resize_terminal(24, 6)
        await pilot.pause()
        assert len(log.lines) > len(words)
        assert all(len(row) <= 24 for row in shown(log))
        assert " ".join(shown(log)).split() == " ".join(words).split()  # nothing cut
        assert "bot 7 plays" in on_screen(app)  # the newest entry shows, not the oldest
        assert "bot 0 plays" not in on_screen(app)
        log.replace_last(Text("the last entry, written again"))
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert shown(log) == [*words[:-1], "the last entry, written again"]


async def test_the_lobby_chat_wraps_again_in_a_narrower_terminal() -> None:
    """The lobby's chat is the same log: lines written at 120 columns fit its panel at 80."""
    from tui.screens.lobby import LobbyScreen

    from .helpers import make_app
    from .test_snapshots import RecordedLobby

    class Chatty(RecordedLobby):
        chat_log = [("Bea", "evening all, who is dealing tonight and what are we playing first?"),
                    ("Ana", "Ninety-Eight with reverse fours, then Crazy Eights with jokers if there is time")]

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = LobbyScreen(Chatty())
        await app.push_screen(lobby)
        await pilot.pause()
        log = lobby.query_one("#chat-log")
        words = " ".join(f"{name}: {text}" for name, text in Chatty.chat_log).split()
        wide = len(log.lines)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert len(log.lines) > wide and max(strip.cell_length for strip in log.lines) <= width
        assert " ".join(shown(log)).split() == words


async def test_an_entry_replaced_before_the_log_is_shown_is_shown_replaced() -> None:
    """The table screen writes its log from the first view on, before the log is mounted: a
    run of draws merged then shows as its one line, not as the line it replaced as well."""

    class EarlyApp(App[None]):
        def compose(self) -> ComposeResult:
            log = TableLog(wrap=True, max_lines=50, min_width=10)
            log.add(Text("Ana deals"))
            log.add(Text("Bo draws 1 card"))
            log.replace_last(Text("Bo draws 2 cards"))
            yield log

    app = EarlyApp()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        log = app.query_one(TableLog)
        assert shown(log) == ["Ana deals", "Bo draws 2 cards"]
        assert [e.plain for e in log.entries] == ["Ana deals", "Bo draws 2 cards"]
