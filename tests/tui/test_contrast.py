"""Every word the app draws reads at WCAG's 4.5:1 against what is behind it, in every shipped
theme with colours of its own (``terminal`` leaves them to the terminal): the home screen, the
picker, Join, Settings, Rules, Keys, a lobby, the table, Help over it and a match's results, as
Textual draws them for a truecolor terminal, its quieter text included (a field's placeholder,
a tab not chosen, the table's words in the ``dim`` style, a card's number in the highlight).
Lines, boxes, card backs and the big digits of the total are drawings, not words: left out."""
from __future__ import annotations

import random
from typing import Any

import pytest
from textual.color import Color

from core import new_match
from themes.variables import TEXT_CONTRAST, contrast_ratio
from tui.screens.lobby import LobbyScreen
from tui.screens.results import ResultsScreen

from .helpers import make_app, open_snapshot_table, wait_for
from .matchlink import MatchLink
from .test_snapshots import RecordedLobby

THEMES = ["casino", "midnight", "paper", "high-contrast", "monochrome"]
#: box drawing, blocks and shades: the cards' outlines and backs, borders, the total's big digits
DRAWING = {chr(c) for c in range(0x2500, 0x25A0)}


def low_contrast(app: Any, where: str) -> list[tuple[str, float, str, str, str]]:
    """Each run of text on the screen as drawn that reads below 4.5:1: (where, ratio, text,
    ink, ground). Of a dialog, only its own words: the screen beneath it is shaded over, there
    to be seen, not read."""
    theme = app.current_theme
    ink0, ground0 = Color.parse(theme.foreground), Color.parse(theme.background)
    screen = app.screen
    own = [w.region for w in screen.query("*") if w.region]
    low = []
    for y, strip in enumerate(screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            text, at = segment.text.strip(), x
            x += segment.cell_length
            if not text or all(c in DRAWING for c in text):
                continue
            if not any(region.contains(at + segment.text.index(text[0]), y) for region in own):
                continue
            style = segment.style
            ink = Color.from_rich_color(style.color) if style and style.color and style.color.triplet else ink0
            ground = Color.from_rich_color(style.bgcolor) if style and style.bgcolor and style.bgcolor.triplet \
                else ground0
            if style and style.reverse:
                ink, ground = ground, ink
            assert not (style and style.dim), "dim reaches the terminal: its contrast is the terminal's"
            ratio = contrast_ratio(ink, ground)
            if ratio < TEXT_CONTRAST:
                low.append((where, round(ratio, 2), text[:30], ink.hex, ground.hex))
    return low


def finished(seed: int) -> MatchLink:
    """A Ninety-Eight match of four played to its end by random legal moves."""
    m, rng = new_match("ninety-eight", 4, seed=seed), random.Random(seed)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return MatchLink(m, 0, ["Ana", "Bea", "Cy", "Dee"])


@pytest.mark.parametrize("theme", THEMES)
async def test_every_word_reads_at_4_5_to_1(theme: str, tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.setenv("TERM", "xterm-256color")
    settings = tmp_path / "settings.toml"
    settings.write_text(f'theme = "{theme}"\nname = "Ana"\n')
    app = make_app(config_path=settings)
    low: list[tuple[str, float, str, str, str]] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == theme and app.console.color_system == "truecolor"
        low += low_contrast(app, "home")
        for key, where in (("p", "picker"), ("j", "join"), ("y", "record"), ("s", "settings"), ("r", "rules")):
            home = app.screen
            await pilot.press(key)
            await wait_for(pilot, lambda: app.screen is not home)
            await pilot.pause()
            low += low_contrast(app, where)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is home)
        # the picker whole, down to the options the variant leaves idle (drawn quieter)
        await pilot.resize_terminal(100, 60)
        home = app.screen
        await pilot.press("p")
        await wait_for(pilot, lambda: app.screen is not home and app.screen.query(".option.idle"))
        await pilot.pause()
        low += low_contrast(app, "picker, its idle options")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is home)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        app.action_keys()
        await pilot.pause()
        low += low_contrast(app, "keys")
        app.pop_screen()
        await app.push_screen(LobbyScreen(RecordedLobby()))
        await pilot.pause()
        low += low_contrast(app, "lobby")
        app.pop_screen()
        await open_snapshot_table(pilot)
        await pilot.pause()
        low += low_contrast(app, "table")
        await pilot.press("f1")
        await pilot.pause()
        low += low_contrast(app, "help")
        await pilot.press("escape")
        link = finished(7)
        view = link.view()
        await app.push_screen(ResultsScreen(link, view, link.names, [0, 0, 0, 0], match_over=True,
                                            event={"kind": "match_over", "winners": view["winners"]}))
        await pilot.pause()
        low += low_contrast(app, "results")
    assert not low, low
