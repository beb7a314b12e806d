"""V on a solo match's results steps through the match just played, every hand face up, from
the table's own match log; Escape comes back to the results; and so it does on the results
"See the results" shows again once the app is opened anew. Played for real: a solo table
(a private host on 127.0.0.1 in the app's process), the keys, the log the table wrote."""
from __future__ import annotations

from typing import Any

from net.matchlog import replay
from tui.screens.help import HelpScreen
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen

from .helpers import current, first_saved, key_bar, make_app, play_with_keys, wait_for


async def dealt(app: Any, pilot: Any, preset: str) -> Any:
    """A solo Ninety-Eight table of two (a normal bot) of ``preset``, dealt: its session."""
    from tui.screens.picker import TableChoice

    await app.start_table(TableChoice(game="ninety-eight", preset=preset, options={}, seats=2, bots={1: "normal"}),
                          solo=True)
    session = app.session
    await wait_for(pilot, lambda: session.view is not None)
    return session


async def test_v_on_a_solo_matchs_results_replays_it_and_escape_comes_back() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await dealt(app, pilot, "single-hand")
        await play_with_keys(app, pilot, timeout=90)
        results = await wait_for(pilot, lambda: current(app, ResultsScreen))
        assert results.match_over
        log = session.table.log_path
        assert results.replay_log() == log and log.is_file()
        assert "Replay" in key_bar(results)
        await wait_for(pilot, results.keys_act)
        await pilot.press("v")
        shown = await wait_for(pilot, lambda: current(app, ReplayScreen))
        assert shown.in_app and shown.path == log
        # F1 over it: the replay's keys first, then the other screens' (the app runs on behind it)
        await pilot.press("f1")
        help_ = await wait_for(pilot, lambda: current(app, HelpScreen))
        assert list(help_.sections)[0].startswith("Replay") and "At the table" in help_.sections
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is shown)
        # the table's log reproduces the match it played, move by move, to its end
        expected = replay(log, keep_history=True)
        assert shown.result.ok and expected.ok and shown.steps > 1
        assert shown.result.match is not None and shown.result.match.is_over
        assert sorted(shown.result.match.winners) == sorted(session.view["winners"])
        # the player's seat named as the table named it: "You", not the name they played under
        seat = session.view["seat"]
        assert shown.names[seat] == "You" and app.player_name not in shown.names
        await pilot.press("end")
        await pilot.pause()
        text = "\n".join(str(w.render()) for w in shown.query("Static"))
        assert "You " in text and f"{app.player_name} " not in text.replace("You ", ""), text
        assert "You plays" not in text and "You draws" not in text  # the verb as the table's log has it
        await pilot.pause()
        assert shown.index == shown.steps - 1
        await pilot.press("escape")  # back to the results, the app still running
        await wait_for(pilot, lambda: app.screen is results)
        assert app.is_running and app.session is session
    # later, "See the results" on the home screen shows them again, and V replays the same log
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        entry = await first_saved(again, pilot)
        assert str(entry.label).startswith("See the results:")
        entry.press()
        kept = await wait_for(pilot, lambda: current(again, ResultsScreen))
        assert kept.match_over and kept.replay_log() == log
        await wait_for(pilot, kept.keys_act)
        await pilot.press("v")
        shown = await wait_for(pilot, lambda: current(again, ReplayScreen))
        assert shown.path == log and shown.result.ok


async def test_no_replay_before_the_match_is_over() -> None:
    """A hand's results (the match plays on) offer no replay: the hands still in play stay hidden."""
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await dealt(app, pilot, "standard")
        hand = ResultsScreen(session, session.view, ["You", "Normal bot"], [], match_over=False)
        await app.push_screen(hand)
        await wait_for(pilot, lambda: current(app, ResultsScreen))
        await wait_for(pilot, hand.keys_act)
        assert hand.replay_log() is None and "Replay" not in key_bar(hand)
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is hand
