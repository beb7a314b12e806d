"""Ninety-Eight's single-hand scoring as the table tells it (rules 6.1: the match is one hand;
its winner wins): a seat out of that hand is out of the match, not waiting for a next deal;
with teams (7.2) its partner goes out with it. Read from views of real matches played to
those points."""
from __future__ import annotations

import random
from typing import Any

from core import new_match
from tui.hintline import hint_text
from tui.plays import own_status
from tui.tablewords import scores_words
from tui.widgets.seats import status_text, statuses

NAMES = ["Ana", "Bob", "Cy", "Di"]


def keys(binding: str, default: str) -> str:
    return default


def play_on(match: Any, rng: random.Random, done: Any) -> bool:
    """Play ``match`` on at random until ``done(match)`` (True), or to its end without (False)."""
    for _ in range(2000):  # bounded: a single hand ends long before
        if done(match):
            return True
        if match.is_over:
            return False
        match.apply(rng.choice(match.legal_actions()))
    return False


def played_until(preset: str, seed: int, done: Any, players: int = 4, options: dict[str, Any] | None = None) -> Any:
    """A match of ``preset`` played at random from ``seed`` until ``done(match)``, or ``None``."""
    match = new_match("ninety-eight", players, preset, options=options, seed=seed)
    return match if play_on(match, random.Random(seed), done) else None


def out_of_hand(match: Any) -> list[int]:
    return [seat for seat in range(match.players) if match.view(seat)["status"][seat].get("in_hand") is False]


def test_a_seat_out_of_the_single_hand_is_out_of_the_match() -> None:
    match = next(m for seed in range(50)
                 if (m := played_until("single-hand", seed, lambda m: out_of_hand(m) and not m.is_over)))
    gone = out_of_hand(match)[0]
    view = match.view(gone)
    assert own_status(view)["out"] is True
    assert status_text(statuses(view)[gone]) == "out"
    hint = hint_text(view, None, [], NAMES, "ascii", keys, lambda: 100).plain
    assert hint == "You are out of this match: watching the others play it out."
    assert f"{NAMES[gone]}: out" in scores_words(match.view(None), NAMES)
    # under penalties the same elimination only sits the seat out until the next deal
    penalties = next(m for seed in range(50)
                     if (m := played_until("standard", seed, lambda m: out_of_hand(m))))
    seat = out_of_hand(penalties)[0]
    assert not own_status(penalties.view(seat)).get("out")
    assert status_text(statuses(penalties.view(seat))[seat]) == "2 lives, out of this hand"


def test_with_teams_a_pair_out_of_the_single_hand_is_out_of_the_match() -> None:
    """7.2: partners leave a hand together, so under single-hand scoring both are out of the
    match at once (six seats: three pairs, one goes first), and the results keep the winning
    pair in."""
    options = {"scoring": "single", "teams": "pairs"}
    match = next(m for seed in range(50)
                 if (m := played_until("teams", seed, lambda m: out_of_hand(m) and not m.is_over, 6, options)))
    gone = out_of_hand(match)
    assert len(gone) == 2 and gone[1] - gone[0] == 3  # partners sit opposite
    shown = statuses(match.view(None))
    assert [bool(shown[seat].get("out")) for seat in range(6)] == [seat in gone for seat in range(6)]
    assert own_status(match.view(gone[0]))["out"] is True
    assert play_on(match, random.Random(7), lambda m: m.is_over)
    view = match.view(None)
    shown = statuses(view)
    assert len(view["winners"]) == 2
    assert {seat for seat in range(6) if not shown[seat].get("out")} == set(view["winners"])
