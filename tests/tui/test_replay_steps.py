"""The replay's steps (``dealmein replay FILE --show``): a seat's run of draws in one turn
(crazy-eights 3.4, the turn goes on after a draw) is one step, told in one line, as the table's
log tells it; every other action stays a step of its own."""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import new_match
from net.matchlog import MatchLog, replay
from tui.cardface import card_label
from tui.eventtext import ENDINGS, joined_draws
from tui.replaysteps import Position, hand_end, position, shown_steps
from tui.screens.replay import ReplayScreen

from .helpers import make_app

NAMES = ["Ann", "Bob", "Cat"]


def play_log(path: Path, game: str, seed: int, preset: str = "standard", actions: int = 3000,
             players: int = 3, by_bot: Callable[[int, int], bool] = lambda seat, n: False) -> None:
    """A real match's log, its seats playing a card where one fits (a random one) and drawing
    where none does, as players do; Ninety-Nine's seats take their manual draw (rules 5).
    ``by_bot(seat, n)``: the seat's ``n``th action is logged as a bot's for its player."""
    m = new_match(game, players, preset, {}, seed=seed)
    log = MatchLog(path, app_version="t", game=game, players=players, preset=preset, options=m.options,
                   seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    made = [0] * players
    for _ in range(actions):
        if m.is_over:
            break
        seat = next((s for s in range(players) if s != m.current_seat and "draw" in map(str, m.legal_actions(s))),
                    m.current_seat)
        legal = [str(a) for a in m.legal_actions(seat)]
        plays = [a for a in legal if a not in ("draw", "pass")]
        action = "draw" if seat != m.current_seat else rng.choice(plays or legal)
        m.apply(action, seat)
        log.action(seat, action, m, for_player=by_bot(seat, made[seat]))
        made[seat] += 1
    log.close()


def runs(history) -> list[tuple[int, int]]:
    """(first, length) of each run of two or more draws in a row by one seat in one turn."""
    found, i = [], 1
    while i < len(history):
        j = i
        while (j + 1 < len(history) and history[j].action == history[j + 1].action == "draw"
               and history[j].seat == history[j + 1].seat and history[j].match.current_seat == history[j].seat
               and history[j].match.hand_number == history[j + 1].match.hand_number):
            j += 1
        if j > i:
            found.append((i, j - i + 1))
        i = j + 1
    return found


def test_a_seats_draws_in_one_turn_are_one_step_and_one_line(tmp_path):
    """crazy-eights 3.4: after drawing the turn goes on; each search of the stock is one step,
    the match as the last draw left it, its cards told in one draw of them all."""
    path = tmp_path / "match.jsonl"
    play_log(path, "crazy-eights", seed=11)
    result = replay(path, keep_history=True)
    assert result.ok, result.error
    history = result.history
    found = runs(history)
    assert any(length >= 3 for _, length in found), "no search of the stock in this log"
    shown = shown_steps(history)
    deals = [s for s in shown[1:] if not s.actions]  # the deals after the first, each a step
    assert deals and all(s.events[0]["kind"] == "deal" for s in deals)
    assert len(shown) == len(history) - sum(length - 1 for _, length in found) + len(deals)
    # every logged action is in exactly one step, in order
    assert [i for step in shown if step.actions or step.first == 0
            for i in range(step.first, step.last + 1)] == list(range(len(history)))
    for first, length in found:
        step = next(s for s in shown if s.first == first)
        assert step.actions == ["draw"] * length and step.seat == history[first].seat
        assert step.match is history[first + length - 1].match
        drawn = [c for h in history[first:first + length] for e in h.events if e["kind"] == "draw"
                 for c in e["cards"]]
        draws = [e for e in step.events if e["kind"] == "draw"]
        if not any(e["kind"] == "reshuffle" for h in history[first:first + length] for e in h.events):
            assert draws == [{**draws[0], "count": length, "cards": drawn}]
        assert [c for e in draws for c in e["cards"]] == drawn
    singles = [s for s in shown if len(s.actions) == 1]
    assert singles and all(s.match is history[s.first].match and s.events == history[s.first].events
                           for s in singles if s.actions != ["draw"] and s.ended is None)


def test_a_debt_taken_ends_the_turn_and_its_step(tmp_path):
    """crazy-eights 7.1: taking a 2's cards ends the turn, so it never joins the draws after it
    (a two-seat table: the same seat may be the next to draw)."""
    path = tmp_path / "match.jsonl"
    play_log(path, "crazy-eights", seed=5, preset="specials", players=2)
    history = replay(path, keep_history=True).history
    debts = [i for i, h in enumerate(history) if any(e["kind"] == "debt_paid" for e in h.events)]
    assert debts, "no debt taken in this log"
    shown = shown_steps(history)
    for i in debts:
        step = next(s for s in shown if s.first <= i <= s.last)
        assert step.last == i  # the debt's draw is the last of its step
        assert sum(e["kind"] == "debt_paid" for e in step.events) == 1


def test_ninety_nines_manual_draw_is_a_step_of_its_own(tmp_path):
    """ninety-nine 5.1: the manual draw comes after the seat's play, its turn over; it is never
    joined to another."""
    path = tmp_path / "match.jsonl"
    play_log(path, "ninety-nine", seed=3, preset="manual-draw", actions=400)
    history = replay(path, keep_history=True).history
    assert sum(h.action == "draw" for h in history) > 20
    shown = shown_steps(history)
    moves = [s for s in shown[1:] if s.actions]  # the rest are the deals after the first
    assert len(moves) == len(history) - 1 and all(len(s.actions) == 1 for s in moves)


def test_draws_told_apart_stay_apart():
    """A reshuffle between two draws (rules README: the pile becomes the stock) is told between
    them; a draw whose cards are not shown does not join one whose cards are; other seats'
    draws stay theirs."""
    a = {"kind": "draw", "seat": 1, "count": 1, "cards": ["9H"]}
    b = {"kind": "draw", "seat": 1, "count": 1, "cards": ["2C"]}
    shuffle = {"kind": "reshuffle", "seat": None, "stock": 30}
    hidden = {"kind": "draw", "seat": 1, "count": 2}
    other = {"kind": "draw", "seat": 2, "count": 1, "cards": ["KS"]}
    assert joined_draws([a, b]) == [{"kind": "draw", "seat": 1, "count": 2, "cards": ["9H", "2C"]}]
    assert joined_draws([a, shuffle, b]) == [a, shuffle, b]
    assert joined_draws([a, hidden, b]) == [a, hidden, b]
    assert joined_draws([hidden, hidden]) == [{"kind": "draw", "seat": 1, "count": 4}]
    assert joined_draws([a, other]) == [a, other]
    # a draw a bot made for the player and one of their own (docs/protocol.md, ``bot``)
    for mark in ("for_you", "by_bot"):
        bots = {**b, mark: True}
        assert joined_draws([a, bots]) == [a, bots] and joined_draws([bots, a]) == [bots, a]
        assert joined_draws([bots, bots]) == [{**bots, "count": 2, "cards": ["2C", "2C"]}]
    assert a == {"kind": "draw", "seat": 1, "count": 1, "cards": ["9H"]}  # given events unchanged


async def test_the_replay_steps_over_a_search_of_the_stock_at_once(tmp_path):
    """One Right goes from the draw before a search of the stock to the play after it; the step
    says how many draws it holds and names every card drawn in one line."""
    path = tmp_path / "match.jsonl"
    play_log(path, "crazy-eights", seed=11)
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        history = screen.result.history
        first, length = next((f, n) for f, n in runs(history) if n >= 3)
        step = next(i for i, s in enumerate(screen.shown) if s.first == first)
        screen.action_go(step)
        await pilot.pause()
        who = NAMES[history[first].seat]
        events = str(screen.query_one("#replay-events").render())
        cards = [c for h in history[first:first + length] for e in h.events if e["kind"] == "draw"
                 for c in e["cards"]]
        assert f"{who}: draw, {length} times" in events, events
        assert f"{who} draws {', '.join(card_label(c) for c in cards)}" in events, events
        hands = str(screen.query_one("#replay-hands").render())
        assert " ".join(card_label(c) for c in history[first + length - 1].match.hand(history[first].seat)) in hands
        await pilot.press("right")
        await pilot.pause()
        assert screen.shown[screen.index].first == first + length  # the move after the search
        await pilot.press("left")
        await pilot.pause()
        assert screen.index == step and f"step {step} of {screen.steps - 1}" in str(screen.query_one("#replay-head").render())


async def test_a_move_a_bot_made_for_a_player_reads_as_the_bots(tmp_path):
    """A match log marks a move a bot made for a player, away or out of time (``"bot": true``):
    the replay's step says so ("Bob (bot): ...", "Bob (bot) plays ..."), as the table's log
    did, and a run of draws keeps the bot's apart from the player's own."""
    path = tmp_path / "match.jsonl"
    play_log(path, "crazy-eights", seed=11, by_bot=lambda seat, n: seat == 1 and n % 2 == 1)
    history = replay(path, keep_history=True).history
    assert any(h.bot for h in history) and not all(h.bot for h in history[1:] if h.seat == 1)
    shown = shown_steps(history)
    for step in shown:
        assert all(h.bot == step.bot for h in history[step.first:step.last + 1])
    app = make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        at = next(i for i, s in enumerate(screen.shown)
                  if s.bot and s.actions[0] not in ("draw", "pass") and i > 0)
        screen.action_go(at)
        await pilot.pause()
        events = str(screen.query_one("#replay-events").render())
        assert "Bob (bot): " in events and "Bob (bot) plays" in events, events
        mine = next(i for i, s in enumerate(screen.shown) if s.seat == 1 and not s.bot and s.actions[0] != "draw")
        screen.action_go(mine)
        await pilot.pause()
        events = str(screen.query_one("#replay-events").render())
        assert "Bob: " in events and "(bot)" not in events, events


#: a table of each game and of the variants that move cards or standings their own way, and a
#: seed whose log holds a hand ended in mid-match (a Countdown match of these players goes on
#: past 1500 moves: its log stops in the second hand)
TABLES = [("ninety-eight", "standard", 3, 2), ("ninety-eight", "teams", 4, 2), ("ninety-eight", "stakes", 3, 2),
          ("ninety-nine", "standard", 3, 2), ("ninety-nine", "manual-draw", 3, 2), ("crazy-eights", "standard", 3, 2),
          ("crazy-eights", "specials", 2, 2), ("crazy-eights", "countdown", 3, 1), ("crazy-eights", "jokers", 3, 2)]


def _seen(at: Position) -> tuple[Any, ...]:
    """What a step shows of a position, but whose turn it is (no one's once a hand is over)."""
    v = at.view
    return (v["hand_number"], v["dealer"], v["total"], v["top"], v["suit"], v["stock_count"],
            [dict(s) for s in v["status"]], at.hands, v["is_over"], v["winners"])


@pytest.mark.parametrize("game,preset,players,seed", TABLES)
def test_a_moves_cards_are_followed_as_the_engine_moves_them(tmp_path, game, preset, players, seed):
    """A hand's end is shown from the position before its last move and that move's events
    (``hand_end``): for every move that ends nothing, the same reading of its events gives the
    engine's own position after it, card for card, so the hand's end reads as the engine had it."""
    path = tmp_path / "match.jsonl"
    play_log(path, game, seed=seed, preset=preset, players=players, actions=1500)
    history = replay(path, keep_history=True).history
    moves = [i for i in range(1, len(history)) if not any(e["kind"] in ENDINGS for e in history[i].events)]
    assert len(moves) > 20
    for i in moves:
        got = hand_end(history[i - 1].match, history[i].events, history[i].match, [])
        assert _seen(got) == _seen(position(history[i].match)), (i, history[i].action, history[i].events)
        assert got.view["current_seat"] is None


@pytest.mark.parametrize("game,preset,players,seed", TABLES)
def test_a_move_that_ends_a_hand_shows_that_hand_and_the_next_deal_is_a_step(tmp_path, game, preset, players, seed):
    """The step of a hand's last move showed the next deal (its hand number, new hands, total
    0), and the match's last move an empty table ("total 0   top -"): the engine deals the next
    hand, or sets the pile aside, in the same move. It shows the hand as the move ended it, its
    card on top and its total, and the deal after it is a step of its own, with no move."""
    path = tmp_path / "match.jsonl"
    play_log(path, game, seed=seed, preset=preset, players=players, actions=1500)
    history = replay(path, keep_history=True).history
    shown = shown_steps(history)
    ends = [i for i, s in enumerate(shown) if any(e["kind"] in ENDINGS for e in s.events)]
    assert any(shown[i + 1:] for i in ends), "no hand ended in mid-match in this log"
    for i in ends:
        step, before = shown[i], history[shown[i].first - 1].match
        at = step.position.view
        plays = [e for e in history[step.last].events if e["kind"] == "play"]
        assert at["hand_number"] == before.hand_number and at["current_seat"] is None
        if plays:
            assert at["top"] == plays[-1]["card"] and at["total"] == plays[-1].get("total")
        assert not any(e["kind"] in ("deal", "hand", "starter", "ante") for e in step.events)
        if i + 1 < len(shown):  # the next deal: the match after the move, no move of its own
            deal = shown[i + 1]
            assert not deal.actions and deal.events[0]["kind"] in ("deal", "ante") and deal.match is step.match
            assert deal.position.view["hand_number"] == before.hand_number + 1
            assert deal.position.hands == [step.match.hand(s) for s in range(players)]
        else:
            assert step.match.is_over and at["is_over"]
