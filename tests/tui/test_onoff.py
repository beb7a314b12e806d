"""Switches say "on" or "off" in words beside their knob, in the picker and in Settings: the
knob alone says nothing on a monochrome screen or to a screen reader."""
from __future__ import annotations

from typing import Any

from textual.widget import Widget

from tui.screens.picker import PickerScreen
from tui.widgets.onoff import OnOffSwitch

from .helpers import make_app, open_settings, wait_for


def _shown(app: Any, widget: Widget) -> str:
    """The text the screen shows where ``widget`` is."""
    region = widget.content_region
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    return " ".join(row[region.x:region.right].strip() for row in rows[region.y:region.bottom])


async def test_the_pickers_switches_say_on_or_off() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("h")  # host: the picker has its SSH switch
        picker = await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#ssh")
                                and app.screen)
        ssh = picker.query_one("#ssh", OnOffSwitch)
        await pilot.pause()
        assert _shown(app, ssh) == "off"
        ssh.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: ssh.value and _shown(app, ssh) == "on")


async def test_settings_switches_say_on_or_off() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        settings = await open_settings(app, pilot)
        bell = settings.query_one("#bell", OnOffSwitch)
        await pilot.pause()
        before = bell.value
        assert _shown(app, bell) == ("on" if before else "off")
        bell.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: bell.value != before and _shown(app, bell) == ("off" if before else "on"))
