"""Restoring a snapshot read from a file: a state that does not hold together is refused with a
``ValueError`` naming what is wrong, and every state a match really reaches still restores
(engine contract, snapshot / restore; standards: bad input from a file changes nothing)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from core import GAMES, Match, new_match

GAME_IDS = list(GAMES)
#: moves a playout may take in these tests, so that every loop ends
MOVE_BOUND = 3000
#: what a damaged field is replaced with: wrong types, wrong shapes, numbers out of range
JUNK: list[Any] = [None, -1, -3, 0, 1, 7, 99, 150, 10**9, 3.5, True, "x", [], {}, [[]], [None], [-5],
                   [99999], [0, 0, 0, 0], [1, 2, 3, 4], [True, False, True, True], [9, 9, 9, -1],
                   [["AS"]], [[1000]]]


def _new(game: str, players: int, preset: str, seed: int) -> Match | None:
    """A new match, or None where the preset does not take that many seats (pairs)."""
    try:
        return new_match(game, players, preset=preset, seed=seed)
    except ValueError:
        return None


def _random_position(game: str, rng: random.Random) -> Match:
    info = GAMES[game]
    m = None
    while m is None:
        m = _new(game, rng.randint(info.min_players, min(info.max_players, 6)), rng.choice(list(info.presets)),
                 rng.getrandbits(32))
    for _ in range(rng.randrange(0, 60)):
        seat = m.current_seat
        if seat is None or m.is_over:
            break
        m.apply(rng.choice(m.legal_actions(seat)), seat)
    return m


def _play_on(m: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        for s in range(m.players):
            m.view(s)
        seat = m.current_seat
        if seat is None or m.is_over:
            return
        m.apply(rng.choice(m.legal_actions(seat)), seat)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_state_a_match_reaches_restores(game: str) -> None:
    """engine contract, snapshot / restore: the checks refuse nothing real. Every preset, the
    smallest and largest tables: a snapshot every few moves up to the end of the match, the
    finished match included, restores and plays on as the original does."""
    info = GAMES[game]
    rng = random.Random(11)
    restored = 0
    for preset in info.presets:
        for players in sorted({info.min_players, 4, info.max_players}):
            m = _new(game, players, preset, rng.getrandbits(32))  # type: ignore[assignment]
            if m is None:
                continue
            for step in range(MOVE_BOUND):
                if step % 7 == 0 or m.is_over:
                    copy = Match.restore(m.snapshot())
                    assert copy.view(None) == m.view(None)
                    restored += 1
                seat = m.current_seat
                if seat is None or m.is_over:
                    break
                m.apply(rng.choice(m.legal_actions(seat)), seat)
            assert m.is_over or step == MOVE_BOUND - 1
    assert restored > 20


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_damaged_field_is_refused_or_harmless(game: str) -> None:
    """Standards (bad input from a file): one field of a real snapshot replaced with junk is
    either refused with a ValueError, or makes a match whose every view and every legal move
    work for 100 moves: nothing the restore lets through can break play later."""
    rng = random.Random(5)
    refused = accepted = 0
    for _ in range(300):
        state = json.loads(_random_position(game, rng).snapshot())
        field = rng.choice([k for k in state if k != "game"])
        state[field] = rng.choice(JUNK)
        try:
            m = Match.restore(json.dumps(state).encode())
        except ValueError as e:
            assert str(e).startswith("not a match snapshot")
            refused += 1
            continue
        _play_on(m, rng, 100)
        accepted += 1
    assert refused > 150 and accepted > 10  # both paths taken


@pytest.mark.parametrize("game", GAME_IDS)
def test_refusals_name_the_fault(game: str) -> None:
    """A card twice, a count given as true, another game's options, a seat out of range: each
    refused with its own reason."""
    m = new_match(game, 4, seed=3)
    state = json.loads(m.snapshot())
    twice = {**state, "hands": [state["hands"][0] + state["hands"][1][:1], *state["hands"][1:]]}
    cases = {
        "no more and no fewer": twice,
        "hand_number must be a whole number": {**state, "hand_number": True},
        "has no such option": {**state, "options": {**state["options"], "no such option": 1}},
        "dealer must be a whole number from 0 to 3": {**state, "dealer": 4},
        "in_hand must be 4": {**state, "in_hand": [True] * 3},
    }
    for words, damaged in cases.items():
        with pytest.raises(ValueError, match=words):
            Match.restore(json.dumps(damaged).encode())


def test_ninety_nine_plays_are_checked_and_older_saves_lack_them() -> None:
    """ninety-nine 3.2: the plays a view shows come from the snapshot, so each must be a card, a
    value the card allows and a total before 99; a snapshot from before the field restores
    with none seen."""
    m = new_match("ninety-nine", 4, seed=3)
    for _ in range(3):
        s = m.current_seat
        m.apply(m.legal_actions(s)[0], s)
    state = json.loads(m.snapshot())
    assert sum(len(p) for p in state["plays"]) == 3
    played = next(p[0] for p in state["plays"] if p)
    cases = {
        "plays must be a list of 4": [[]] * 3,
        "each of plays must be a list": [None] + [[]] * 3,
        "each play of plays must be": [[[1, None]]] + [[]] * 3,
        "the card of a play": [[[52, None, 0]]] + [[]] * 3,
        "the value of a play": [[[played[0], 7, 0]]] + [[]] * 3,
        "one its card allows": [[[0, 10, 0]]] + [[]] * 3,  # the ace of spades as a ten
        "the total before a play": [[[played[0], None, 99]]] + [[]] * 3,
    }
    for words, junk in cases.items():
        with pytest.raises(ValueError, match=words):
            Match.restore(json.dumps({**state, "plays": junk}).encode())
    older = {k: v for k, v in state.items() if k != "plays"}
    assert Match.restore(json.dumps(older).encode()).view(0)["plays"] == [[]] * 4
    assert Match.restore(m.snapshot()).view(0)["plays"] == m.view(0)["plays"]


def test_a_snapshot_cut_short_is_said_in_words_with_where() -> None:
    """A snapshot cut short (a save damaged on disk): Python's JSON words ("Unterminated string
    starting at: line 1 column 389 (char 388)") reached the player; it is said as cut short or
    changed, with where, and so is one whose bytes are not text."""
    from core import Match, new_match

    data = new_match("ninety-eight", 3, seed=4).snapshot()
    for damaged, where in ((data[:389], "character"), (data[:40] + b"\xff" + data[41:], "byte 40")):
        try:
            Match.restore(damaged)
        except ValueError as e:
            said = str(e)
        else:
            raise AssertionError("restored")
        assert said.startswith("not a match snapshot: its text is cut short or changed (at ") and where in said, said
        assert "Unterminated" not in said and "line 1" not in said and "codec" not in said
