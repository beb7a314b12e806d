"""Options in words: the lobby's line of options set over the preset (only those that change
the game), and the reasons the picker gives for an option that does nothing."""
from __future__ import annotations

from core import GAMES
from core.options import value_text
from tui.optiontext import idle_reason, options_line, problem_text

from .helpers import current, make_app, wait_for


def _lobby(game: str, preset: str, options: object, seats: int = 4) -> dict:
    return {"game": game, "preset": preset, "options": options, "seats": [{}] * seats}


def test_the_lobby_names_the_options_set_over_the_preset() -> None:
    """ninety-eight 6.2: lives count only under penalties, so a single-hand table does not list them."""
    assert options_line(_lobby("ninety-eight", "standard", {"limit": 50, "lives": 5})) == "Options: limit 50, lives 5"
    assert options_line(_lobby("ninety-eight", "single-hand", {"lives": 5})) is None
    assert options_line(_lobby("crazy-eights", "countdown", {"jokers": True, "target": 50})) == "Options: jokers on"
    assert options_line(_lobby("ninety-eight", "standard", {})) is None
    for broken in (_lobby("snap", "standard", {"x": 1}), _lobby("ninety-eight", "standard", {"limit": "lots"}),
                   _lobby("ninety-eight", "standard", ["limit"]), _lobby("ninety-eight", "nope", {"limit": 50}),
                   _lobby(["ninety-eight"], "standard", {"limit": 50})):  # type: ignore[arg-type]
        assert options_line(broken) is None  # a view from a newer or odd host: no line, no crash


def test_option_words() -> None:
    ne = GAMES["ninety-eight"]
    assert idle_reason(ne.options["lives"], ne.resolve(4, "stakes")) == "no effect: only with scoring penalties"
    ce = GAMES["crazy-eights"]
    assert idle_reason(ce.options["target"], ce.resolve(4, "countdown")) == "no effect with countdown on"
    assert problem_text("option 'hand_size': expected auto or 1..10, got 'x'") == "hand size: auto or 1..10, not x"
    assert (value_text(True), value_text(False), value_text(7)) == ("on", "off", "7")


async def test_a_guest_sees_the_options_in_the_lobby() -> None:
    """``dealmein host --option limit=50`` reaches the table, and its lobby says so."""
    from tui.cli import build_parser
    from tui.screens.lobby import LobbyScreen
    from tui.screens.picker import PickerScreen

    args = build_parser().parse_args(["host", "--option", "limit=50", "--bind", "127.0.0.1", "--port", "0"])
    app = make_app(args=args, bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.query("#bots Select"))
        await pilot.press("ctrl+s")
        lobby = await wait_for(pilot, lambda: current(app, LobbyScreen))
        await wait_for(pilot, lambda: "Options: limit 50" in str(lobby.query_one("#lobby-info").render()))
        assert app.session.lobby["options"] == {"limit": 50}
        await app.action_quit()
