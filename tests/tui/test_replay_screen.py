"""``dealmein replay FILE --show`` (issue: Nothing lost, "Match logs and replay"): the app steps
through a logged match with every hand face up."""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from core import new_match
from net.matchlog import MatchLog
from tui.cardface import card_label
from tui.screens.replay import ReplayScreen

from .helpers import make_app, wait_for


def write_log(path: Path, game: str = "ninety-eight", seed: int = 4, actions: int = 12) -> list:
    m = new_match(game, 3, seed=seed)
    log = MatchLog(path, app_version="t", game=game, players=3, preset="standard", options=m.options, seed=seed)
    rng = random.Random(seed)
    hands = [[m.hand(s) for s in range(3)]]
    for _ in range(actions):
        seat, action = m.current_seat, str(rng.choice(m.legal_actions()))
        m.apply(action, seat)
        log.action(seat, action, m)
        hands.append([m.hand(s) for s in range(3)])
    log.close()
    return hands


def tamper(path: Path) -> None:
    """The log at ``path`` with its sixth line's state digest changed: it no longer reproduces."""
    lines = path.read_text().splitlines()
    record = json.loads(lines[5])
    record["state"] = "0" * 16
    lines[5] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")


def screen_text(app) -> str:
    screen = app.screen
    return "\n".join(str(w.render()) for w in screen.query("Static"))


async def test_replay_steps_with_every_hand_face_up(tmp_path):
    path = tmp_path / "match.jsonl"
    hands = write_log(path)
    args = argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True)
    app = make_app(args=args)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert "step 0 of 12" in screen_text(app)
        for _ in range(3):
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "step 3 of 12" in text and "reproduces its match" in text
        step = app.screen.result.history[3]
        assert [step.match.hand(s) for s in range(3)] == hands[3]
        for seat_hand in hands[3]:  # every seat's cards are on screen, face up, in order
            assert seat_hand and " ".join(card_label(c) for c in seat_hand) in text
        await pilot.press("end")
        await pilot.pause()
        assert "step 12 of 12" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert "step 11 of 12" in screen_text(app)


async def test_a_step_past_either_end_says_where_the_replay_is(tmp_path):
    """Left at the deal, or Right at the match's end, moved nowhere and said nothing; at the
    end of a log that stops before its match does, Right says the log ends there."""
    from tests.persist.test_matchlog import play_logged

    from .helpers import notices

    path = tmp_path / "match.jsonl"
    write_log(path)  # twelve moves of a match that goes on
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("left")
        await wait_for(pilot, lambda: "This is the first step: the deal." in notices(app))
        assert "step 0 of 12" in screen_text(app)
        await pilot.press("end", "right")
        await wait_for(pilot, lambda: "This is the last step: the log ends here, before the match does."
                       in notices(app))
        assert "step 12 of 12" in screen_text(app)
    whole = tmp_path / "whole.jsonl"
    play_logged(whole, "ninety-eight", seed=5)
    app = make_app(args=argparse.Namespace(command="replay", file=str(whole), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("end", "right")
        await wait_for(pilot, lambda: "This is the last step: the match's end." in notices(app))


async def test_a_step_past_either_end_again_does_not_stack_its_notice(tmp_path):
    """Right pressed again and again at the match's end (Left at the deal) shows its notice once
    while it is up (each press stacked another, until they covered half the screen); once it
    has gone, the key says it again."""
    from tests.persist.test_matchlog import play_logged

    from .helpers import notices

    path = tmp_path / "whole.jsonl"
    play_logged(path, "ninety-eight", seed=5)
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    last, first = "This is the last step: the match's end.", "This is the first step: the deal."
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("end", "right", "right", "right", "pagedown")
        await wait_for(pilot, lambda: last in notices(app))
        await pilot.pause()
        assert notices(app).count(last) == 1, notices(app)
        await pilot.press("home", "left", "left", "pageup")
        await wait_for(pilot, lambda: first in notices(app))
        await pilot.pause()
        assert notices(app).count(first) == 1, notices(app)
        await wait_for(pilot, lambda: first not in notices(app), timeout=10)  # gone: the next press tells it again
        await pilot.press("left")
        await wait_for(pilot, lambda: first in notices(app))
        assert notices(app).count(first) == 1


async def test_replay_of_a_tampered_log_says_so(tmp_path):
    path = tmp_path / "match.jsonl"
    write_log(path)
    tamper(path)
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "does not reproduce" in text and "line 6: the match state differs from the log" in text


async def test_replay_of_a_file_that_is_not_a_match_log_says_so(tmp_path):
    """Nothing to step through: the verdict is that the file is not a log, with its first
    line's fault, not that a match failed to reproduce."""
    path = tmp_path / "notes.jsonl"
    path.write_text("just some notes\n")
    args = argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True)
    app = make_app(args=args)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert "not a match log this app can read" in text and "header" in text and "not JSON" in text
        assert "does not reproduce" not in text
        await app.action_quit()


async def test_replay_redraws_in_a_card_style_switched_while_it_shows(tmp_path):
    """F4 switches the card style everywhere: the replay's cards follow at once."""
    path = tmp_path / "match.jsonl"
    hands = write_log(path)
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        start = app.card_style
        for _ in range(5):  # round the styles to the ascii one
            if app.card_style == "ascii":
                break
            await pilot.press("f4")
            await pilot.pause()
        assert app.card_style == "ascii" and start != "ascii"
        text = screen_text(app)
        assert " ".join(card_label(c, "ascii") for c in hands[0][0]) in text
        assert not any(glyph in text.split("step")[1] for glyph in "\u2660\u2665\u2666\u2663")


async def test_the_verdict_is_in_the_themes_colours(tmp_path):
    """The verdict is drawn in the theme's success or error colour, in every shipped theme: the
    ANSI theme's ``ansi_green`` as the terminal's own green (given to Rich as it was, it stopped
    the viewer)."""
    from textual.color import Color

    from themes.loader import load_shipped_themes

    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    write_log(good)
    write_log(bad)
    tamper(bad)
    names = list(load_shipped_themes().themes)
    assert "terminal" in names and "casino" in names
    for path, verdict in ((good, "reproduces its match as far as it goes"), (bad, "does not reproduce")):
        app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: set(names) <= set(app.available_themes))
            seen = set()
            for name in names:
                app.theme = name
                await pilot.press("right")
                await pilot.pause()
                assert isinstance(app.screen, ReplayScreen)
                head = app.screen.query_one("#replay-head").content
                span = next(sp for sp in head.spans if head.plain[sp.start:sp.end] == verdict)
                style = str(span.style).removeprefix("bold ")
                theme = app.current_theme.success if path is good else app.current_theme.error
                if name == "terminal":
                    assert style == ("green" if path is good else "red"), style
                else:
                    assert Color.parse(style) == Color.parse(theme), (name, style, theme)
                seen.add(style)
            assert len(seen) > 2
