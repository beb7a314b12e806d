"""TUI speed: process start to first frame, and the table's re-render after an update.

1. First frame: ``dealmein``'s app started headless in a fresh process, timed from the spawn
   until the first frame that shows the home screen whole (its menu and, on the bottom row,
   its keys) is handed to the driver; the median of ``--runs`` starts. A frame without the
   keys does not count. The baseline is the same measure for a bare Textual app showing one
   line, so the ratio is what the app adds to Textual's own start.
2. Re-render: a table screen fed new views of a real match (one play each); the time from
   handing it the view to the next frame written by the (headless) driver, layout and paint
   done, median over ``--updates`` updates. The baseline is a one-line ``Static`` update in
   the same app, timed the same way.

Targets: first frame under 0.5 s; an update rendered in under 30 ms.

    python bench/tui.py [--runs 10] [--updates 40]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD_APP = """
import sys
from textual._compositor import LayoutUpdate
from tui.app import DealMeInApp
class Bench(DealMeInApp):
    _marked = False
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if self._marked or not isinstance(renderable, LayoutUpdate) or type(screen).__name__ != "HomeScreen":
            return
        rows = ["".join(segment.text for segment in strip) for strip in renderable.strips]
        if any("Play solo" in row for row in rows) and rows[-1].strip():  # the menu and the key row
            self._marked = True
            print("FRAME", flush=True)
            self.exit(0)
    def on_mount(self):  # runs after DealMeInApp.on_mount (Textual calls each class's handler)
        self.set_timer(20, lambda: self.exit(1))
Bench(mdns=False).run(headless=True, size=(80, 24))
"""

CHILD_BASELINE = """
from textual.app import App
from textual.widgets import Static
class Bench(App):
    def compose(self):
        yield Static("hello")
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None:
            print("FRAME", flush=True)
            self.exit(0)
    def on_mount(self):
        self.set_timer(20, lambda: self.exit(1))
Bench().run(headless=True, size=(80, 24))
"""


def first_frame(script: Path, env: dict[str, str]) -> float:
    """Seconds from spawning the process to its first painted frame."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=ROOT, env=env)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if line.startswith("FRAME"):
                elapsed = time.perf_counter() - t0
                break
        else:
            raise RuntimeError("the child exited without a frame")
    finally:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return elapsed


async def rerender(updates: int) -> tuple[float, float]:
    """Median seconds for the table screen to show a new view, and for a one-line update."""
    from textual.widgets import Static

    from core import new_match
    from tests.tui.matchlink import MatchLink
    from tui.app import DealMeInApp
    from tui.screens.table import TableScreen

    app = DealMeInApp(mdns=False, bot_delay=0)
    table_times: list[float] = []
    static_times: list[float] = []
    frames: list[float] = []
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        frames.append(time.perf_counter())

    app._display = timed_display  # type: ignore[method-assign]

    async def next_frame(after: float) -> float:
        for _ in range(10_000):
            if frames and frames[-1] >= after:
                return frames[-1] - after
            await asyncio.sleep(0.0005)
        raise RuntimeError("no frame")

    async with app.run_test(size=(120, 40)) as pilot:
        link = MatchLink(new_match("crazy-eights", 4, seed=11), 0, ["Ana", "Bea", "Cy", "Dee"])
        screen = TableScreen(link, app.card_style, app.palette)
        screen.show(link.view(), [])
        await app.push_screen(screen)
        await pilot.pause()
        match = link.match
        for _ in range(updates):
            if match.is_over:
                link = MatchLink(new_match("crazy-eights", 4, seed=len(table_times)), 0, link.names)
                screen.link = link
                match = link.match
            seat = match.current_seat
            events = [e.for_seat(0) for e in match.apply(match.legal_actions(seat)[0], seat)]
            view = match.view(0)
            await pilot.pause()
            t0 = time.perf_counter()
            screen.show(view, events)
            table_times.append(await next_frame(t0))
        line = screen.query_one("#hint", Static)  # a one-row Static on the same screen: the baseline
        for i in range(updates):
            await pilot.pause()
            t0 = time.perf_counter()
            line.update(f"update {i}")
            static_times.append(await next_frame(t0))
    return statistics.median(table_times), statistics.median(static_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--updates", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, DEALMEIN_CONFIG_DIR=f"{home}/config", DEALMEIN_DATA_DIR=f"{home}/data",
                   DEALMEIN_THEMES_DIR=f"{home}/themes", PYTHONPATH=str(ROOT))
        app_script, base_script = Path(home, "app_frame.py"), Path(home, "bare_frame.py")
        app_script.write_text(CHILD_APP)
        base_script.write_text(CHILD_BASELINE)
        # taken in turns, so that a change in the machine's load falls on both alike
        app_times: list[float] = []
        base_times: list[float] = []
        for _ in range(args.runs):
            app_times.append(first_frame(app_script, env))
            base_times.append(first_frame(base_script, env))
        os.environ.update(DEALMEIN_CONFIG_DIR=env["DEALMEIN_CONFIG_DIR"], DEALMEIN_DATA_DIR=env["DEALMEIN_DATA_DIR"],
                          DEALMEIN_THEMES_DIR=env["DEALMEIN_THEMES_DIR"])
        table, static = asyncio.run(rerender(args.updates))
    app_ff, base_ff = statistics.median(app_times), statistics.median(base_times)
    print(f"first frame, median of {args.runs}: {app_ff * 1000:.0f} ms "
          f"(bare Textual app {base_ff * 1000:.0f} ms, ratio {app_ff / base_ff:.2f}; target < 500 ms)")
    print(f"  the app's own start: {(app_ff - base_ff) * 1000:+.0f} ms over bare Textual; spread of the runs: "
          f"app {min(app_times) * 1000:.0f}-{max(app_times) * 1000:.0f} ms, "
          f"bare {min(base_times) * 1000:.0f}-{max(base_times) * 1000:.0f} ms")
    print(f"table re-render after an update, median of {args.updates}: {table * 1000:.1f} ms "
          f"(one-line update {static * 1000:.1f} ms, ratio {table / static:.2f}; target < 30 ms)")


if __name__ == "__main__":
    main()
