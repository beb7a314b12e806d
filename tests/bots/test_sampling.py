"""``core.sampling.determinize``: a full match built from one seat's view and a random deal of
the cards that seat cannot see."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from core import new_match
from core.cards import CARD_STR, parse_card
from core.sampling import VOIDS, determinize, unseen_cards

from .helpers import many_positions, tables

TABLES = [t for t in tables() if t[2] in (2, 4, 6)]


@pytest.mark.parametrize("game,preset,seats", TABLES)
def test_sample_shows_the_same_view(game: str, preset: str, seats: int) -> None:
    """The seat cannot tell the sample from the real match: same view (legal actions
    included), same hand sizes, and every card of the game dealt exactly once."""
    rng = random.Random(7)
    for m, seat in many_positions(game, preset, seats, 40, seed=2):
        view = m.view(seat)
        d = determinize(view, rng)
        assert d.view(seat) == view
        assert [len(h) for h in d.hands] == view["hand_counts"]
        every = [c for h in d.hands for c in h] + d.stock + d.pile + d.cleared + d.aside
        assert Counter(every) == Counter(m.full_deck())
        assert [str(a) for a in d.legal_actions(seat)] == [str(a) for a in m.legal_actions(seat)]


def test_sample_keeps_own_hand_and_varies_the_rest() -> None:
    m = new_match("crazy-eights", 4, seed=3)
    seat = m.current_seat
    view = m.view(seat)
    rng = random.Random(1)
    others = set()
    for _ in range(20):
        d = determinize(view, rng)
        assert d.hand(seat) == view["hand"]
        others.add(tuple(d.hand((seat + 1) % 4)))
    assert len(others) > 15  # the hidden hands really are resampled


def test_unseen_is_deck_minus_hand_and_pile() -> None:
    m = new_match("ninety-eight", 3, seed=4)
    for _ in range(5):
        m.apply(m.legal_actions()[0])
    view = m.view(m.current_seat)
    got = unseen_cards(view)
    mine = {parse_card(c) for c in view["hand"]} | {parse_card(c) for c in view["pile"]}
    assert len(got) == 52 - len(mine)
    assert not mine & set(got)


def test_sample_plays_on_like_a_match() -> None:
    """A sample is a working match: it can be played to the end."""
    rng = random.Random(9)
    for game in ("ninety-eight", "ninety-nine", "crazy-eights"):
        m = new_match(game, 3, seed=5)
        d = determinize(m.view(m.current_seat), rng)
        steps = 0
        while not d.is_over and steps < 20000:
            d.apply(rng.choice(d.legal_actions()))
            steps += 1
        assert d.is_over


def test_spectator_view_is_refused() -> None:
    m = new_match("ninety-eight", 3, seed=1)
    with pytest.raises(ValueError):
        determinize(m.view(None), random.Random(0))


def test_voids_bias_the_deal() -> None:
    """crazy-eights 3.3, 3.4: a seat shown as having drawn on a suit gets cards of that suit,
    and wild cards, far less often: holding either, it could have played instead."""
    m = new_match("crazy-eights", 3, seed=8)
    seat = m.current_seat
    view = m.view(seat)
    other = (seat + 1) % 3
    view["drew_on"] = [[] for _ in range(3)]
    view["drew_on"][other] = ["H"]
    rng = random.Random(2)
    hearts_biased = hearts_plain = eights_biased = eights_plain = 0
    plain = m.view(seat)
    for _ in range(400):
        biased_hand = determinize(view, rng).hand(other)
        plain_hand = determinize(plain, rng).hand(other)
        hearts_biased += sum(c.endswith("H") for c in biased_hand)
        hearts_plain += sum(c.endswith("H") for c in plain_hand)
        eights_biased += sum(c.startswith("8") for c in biased_hand)
        eights_plain += sum(c.startswith("8") for c in plain_hand)
    assert hearts_biased < hearts_plain / 2
    assert eights_biased < eights_plain / 2


def test_countdown_voids_follow_the_seats_wild_rank() -> None:
    """crazy-eights 6.1: in Countdown a seat's wild rank is its count, so that is the rank a
    seat that drew is taken to lack, not the eights."""
    m = new_match("crazy-eights", 3, preset="countdown", seed=8)
    seat = m.current_seat
    view = m.view(seat)
    other = (seat + 1) % 3
    view["drew_on"] = [[] for _ in range(3)]
    view["drew_on"][other] = ["H"]
    view["status"][other]["count"] = 5
    lacks = VOIDS["crazy-eights"](view)
    assert {CARD_STR[c] for c in lacks[other] if not CARD_STR[c].endswith("H")} == {"5S", "5D", "5C"}
    assert lacks[seat] == set()
