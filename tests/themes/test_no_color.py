"""NO_COLOR (no-color.org): present and non-empty turns colour off and forces monochrome."""
from __future__ import annotations

import pytest

from themes.no_color import MONOCHROME_THEME, colour_disabled, theme_for_environment


@pytest.mark.parametrize(
    ("environ", "off"),
    [({}, False), ({"NO_COLOR": ""}, False), ({"NO_COLOR": "1"}, True), ({"NO_COLOR": "0"}, True), ({"TERM": "dumb"}, False)],
)
def test_colour_disabled_follows_no_color_org(environ: dict[str, str], off: bool) -> None:
    assert colour_disabled(environ) is off
    assert theme_for_environment("paper", environ) == (MONOCHROME_THEME if off else "paper")


def test_process_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "yes")
    assert colour_disabled() and theme_for_environment("casino") == "monochrome"
    monkeypatch.delenv("NO_COLOR")
    assert not colour_disabled() and theme_for_environment("casino") == "casino"
