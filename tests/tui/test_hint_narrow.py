"""At 60x18 the line above the hand keeps what the card does: where it takes the total and what it
does to the turn, in fewer words, before the line under the board's lesser parts. It said only
"Enter plays J♦", the rest of the row given to "you: 3 lives · you deal" (docs/guide.md: the
chips are said in fewer words, then left out before the totals; nothing said the turn's went)."""
from __future__ import annotations

from typing import Any

from tui.screens.table import TableScreen

from .helpers import make_app, open_table


def _hint(screen: TableScreen) -> str:
    return str(screen.query_one("#hint").render())


async def test_a_skip_between_two_keeps_its_total_and_its_effect_at_60_columns() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-eight", 2, 0, preset="jumping-jacks", seed=8)
        assert screen.has_class("-tiny") and screen.view["hand"][0] == "JD"
        await pilot.press("1")
        await pilot.pause()
        line = _hint(screen)
        assert "Enter plays J♦: stays 0, you play again" in line, line
        assert "you: 3 lives" in line, line  # the line under the board leads it still
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Enter plays J♦: the total stays 0, and you play again" in _hint(screen), _hint(screen)


async def test_a_reverse_keeps_its_effect_in_fewer_words(monkeypatch: Any) -> None:
    from core import new_match

    seed = next(s for s in range(1, 200) if (v := new_match("ninety-nine", 3, seed=s).view(0))["current_seat"] == 0
                and any(c[0] == "4" for c in v["hand"]))
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        screen, _link = await open_table(app, pilot, "ninety-nine", 3, 0, seed=seed, first_plays=False)
        index = next(i for i, c in enumerate(screen.view["hand"]) if c[0] == "4")
        await pilot.press(str(index + 1))
        await pilot.pause()
        line = _hint(screen)
        assert "reverses play" in line or "play turns the other way" in line, line
