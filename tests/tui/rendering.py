"""What the app sends to the terminal, as Rich segments, for tests that check rendered colours."""
from __future__ import annotations

import io

from rich.console import Console
from rich.segment import Segment

from tui.app import DealMeInApp


def rendered_segments(app: DealMeInApp) -> list[Segment]:
    """The segments of the whole screen as the terminal would get them."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return list(console._record_buffer)
