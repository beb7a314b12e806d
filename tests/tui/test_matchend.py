"""Why a match ended, as the results box and the log say it under "Match over" (each case
cites the rule that ends the match)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from textual.widgets import Label

from core import new_match
from tui.matchend import why_over
from tui.screens.results import ResultsScreen

from .helpers import make_app
from .matchlink import MatchLink

NAMES = ["You", "Bo", "Cy", "Di"]


def ended(game: str, status: list[dict[str, Any]], winners: list[int], **fields: Any) -> dict[str, Any]:
    return {"game": game, "is_over": True, "status": status, "winners": winners, **fields}


def test_ninety_eight_penalties_name_the_last_player_with_lives() -> None:
    """ninety-eight 6.2 (and 7.2: a team's lives are shared)."""
    lives = [{"lives": 0}, {"lives": 2}, {"lives": 0}, {"lives": 0}]
    assert why_over(ended("ninety-eight", lives, [1], scoring="penalties"), NAMES) == \
        "Bo is the last player with lives left."
    assert why_over(ended("ninety-eight", lives, [0], scoring="penalties"), NAMES) == \
        "You are the last player with lives left."
    assert why_over(ended("ninety-eight", lives, [1, 3], scoring="penalties", teams=[[0, 2], [1, 3]]),
                    NAMES) == "Bo and Di are the last team with lives left."


def test_ninety_eight_single_hand() -> None:
    """ninety-eight 6.1: the match is one hand."""
    status = [{}, {}, {}, {}]
    assert why_over(ended("ninety-eight", status, [2], scoring="single"), NAMES) == \
        "The match is a single hand: its winner wins the match."


def test_ninety_eight_stakes_end_on_chips_or_on_hands() -> None:
    """ninety-eight 6.3: one seat with chips, or after `hands` hands the most chips (a tie
    splits the pot); 7.2: a team's chips are the team's. The counts are as the pot left them,
    so none is quoted; with no ante there is no pot to take."""
    stakes = {"scoring": "stakes", "hands": 10, "ante": 1}
    last = [{"chips": 0}, {"chips": 40}, {"chips": 0}, {"chips": 0}]
    assert why_over(ended("ninety-eight", last, [1], scoring="stakes", hand_number=7, options=stakes), NAMES) == \
        "Bo is the last player with chips left, and takes the pot."
    assert why_over(ended("ninety-eight", last, [1], scoring="stakes", hand_number=7,
                          options={**stakes, "ante": 0}), NAMES) == "Bo is the last player with chips left."
    most = [{"chips": 8}, {"chips": 3}, {"chips": 22}, {"chips": 7}]
    assert why_over(ended("ninety-eight", most, [2], scoring="stakes", hand_number=10, options=stakes), NAMES) == \
        "After 10 hands, Cy has the most chips and takes the pot."
    tie = [{"chips": 14}, {"chips": 14}, {"chips": 6}, {"chips": 6}]
    assert why_over(ended("ninety-eight", tie, [0, 1], scoring="stakes", hand_number=2,
                          options={**stakes, "hands": 2}), NAMES) == \
        "After 2 hands, you and Bo are level on chips and split the pot."
    three = [{"chips": 9}, {"chips": 9}, {"chips": 9}, {"chips": 3}]  # three or more: "You, Bo and Cy"
    assert why_over(ended("ninety-eight", three, [0, 1, 2], scoring="stakes", hand_number=2,
                          options={**stakes, "hands": 2}), NAMES) == \
        "After 2 hands, you, Bo and Cy are level on chips and split the pot."
    one = [{"chips": 16}, {"chips": 3}, {"chips": 2}, {"chips": 1}]
    assert why_over(ended("ninety-eight", one, [0], scoring="stakes", hand_number=1,
                          options={**stakes, "hands": 1}), NAMES) == \
        "After 1 hand, you have the most chips and take the pot."
    team = [{"chips": 16}, {"chips": 4}, {"chips": 16}, {"chips": 4}]
    assert why_over(ended("ninety-eight", team, [0, 2], scoring="stakes", hand_number=3,
                          teams=[[0, 2], [1, 3]], options={**stakes, "hands": 3}), NAMES) == \
        "After 3 hands, you and Cy have the most chips and take the pot."
    alone = [{"chips": 0}, {"chips": 30}, {"chips": 0}, {"chips": 30}]
    assert why_over(ended("ninety-eight", alone, [1, 3], scoring="stakes", hand_number=4,
                          teams=[[0, 2], [1, 3]], options=stakes), NAMES) == \
        "Bo and Di are the last team with chips left, and take the pot."
    # every seat out of chips in one hand: a tie between all, who share what the pot held
    shared = [{"chips": 1}, {"chips": 1}, {"chips": 1}, {"chips": 1}]
    assert why_over(ended("ninety-eight", shared, [0, 1, 2, 3], scoring="stakes", hand_number=1,
                          options=stakes), NAMES) == \
        "You, Bo, Cy and Di tie with no chips left after hand 1, and split the pot."


def test_ninety_nine_names_the_last_player_with_chips() -> None:
    """ninety-nine 1.3, 4.2."""
    status = [{"chips": 0}, {"chips": 0}, {"chips": 0}, {"chips": 5}]
    assert why_over(ended("ninety-nine", status, [3]), NAMES) == "Di is the last player with chips left."


def test_crazy_eights_names_who_reached_the_target() -> None:
    """crazy-eights 5.3: the match ends after the hand in which a seat reaches the target; the
    lowest score wins, ties sharing the win."""
    one = [{"score": 25}, {"score": 0}, {"score": 7}, {"score": 12}]
    assert why_over(ended("crazy-eights", one, [1], target=20, options={}), NAMES) == \
        "You reached 25 points (the target is 20): the lowest score wins."
    two = [{"score": 104}, {"score": 40}, {"score": 100}, {"score": 40}]
    assert why_over(ended("crazy-eights", two, [1, 3], target=100, options={}), NAMES) == \
        "You and Cy reached the target of 100 points: the lowest scores tie and share the win."


def test_crazy_eights_countdown() -> None:
    """crazy-eights 6.3: the first seat out on a count of 1 wins."""
    status = [{"score": 0, "count": 3}, {"score": 0, "count": 1}, {"score": 0, "count": 5}, {"score": 0, "count": 2}]
    assert why_over(ended("crazy-eights", status, [1], target=100, options={"countdown": True}), NAMES) == \
        "Bo went out on a count of 1."


def test_nothing_is_said_of_a_match_in_play_or_a_view_it_cannot_read() -> None:
    status = [{"lives": 1}, {"lives": 2}]
    assert why_over({"game": "ninety-eight", "is_over": False, "status": status, "winners": []}, NAMES) == ""
    assert why_over({"game": "ninety-eight", "is_over": True, "status": "x", "winners": [1]}, NAMES) == ""
    assert why_over({"game": "chess", "is_over": True, "status": status, "winners": [1]}, NAMES) == ""
    assert why_over({"game": "ninety-nine", "is_over": True, "status": status, "winners": ["1"]}, NAMES) == ""
    assert why_over({"game": "crazy-eights", "is_over": True, "status": status, "winners": [1],
                     "target": "many"}, NAMES) == ""


@pytest.mark.parametrize("game, preset", [
    ("ninety-eight", "standard"), ("ninety-eight", "teams"), ("ninety-eight", "stakes"),
    ("ninety-eight", "single-hand"), ("ninety-nine", "standard"), ("crazy-eights", "standard"),
    ("crazy-eights", "countdown"), ("crazy-eights", "specials"),
])
def test_every_finished_match_is_explained(game: str, preset: str) -> None:
    """Played to the end by the engine, every preset's last view gets a sentence naming a winner
    (or, for a single hand, saying so)."""
    for seed in range(5):
        m = new_match(game, 4, preset=preset, seed=seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            if m.is_over:
                break
            legal = m.legal_actions()
            # plays before draws, and "last card!" when due (crazy-eights 4.1): a random drawer,
            # or one penalised two cards a time (6.4), may take very long to go out
            due = len(m.hand(m.current_seat)) == 2
            plays = [a for a in legal if a.kind == "play" and getattr(a, "announce", False) == due]
            m.apply(rng.choice(plays or legal))
        assert m.is_over
        why = why_over(m.view(0), NAMES)
        assert why.endswith(".")
        if preset != "single-hand":
            assert any(NAMES[s] in why or s == 0 and "you" in why.lower() for s in m.winners) or "reached" in why


async def test_the_results_box_says_why_under_its_title() -> None:
    link = MatchLink(new_match("ninety-nine", 2, seed=3), 0, names=NAMES[:2])
    view = {**link.view(), "is_over": True, "winners": [1], "status": [{"chips": 0}, {"chips": 4}]}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ResultsScreen(link, view, NAMES[:2], [0], match_over=True,
                                             event={"kind": "match_over", "winners": [1]}))
        await pilot.pause()
        screen = app.screen
        assert str(screen.query_one("#results-title", Label).content) == "Match over: Bo wins!"
        why = screen.query_one("#results-why", Label)
        assert str(why.content) == "Bo is the last player with chips left."
        assert why.region.y == screen.query_one("#results-title", Label).region.y + 1
        app.pop_screen()
        await pilot.pause()
        # a hand's results have no such line
        await app.push_screen(ResultsScreen(link, link.view(), NAMES[:2], [0], match_over=False,
                                             event={"kind": "round_over", "round": 1, "reason": "99", "seat": 0}))
        await pilot.pause()
        assert not app.screen.query("#results-why")
