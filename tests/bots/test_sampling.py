"""``core.sampling.determinize``: a full match built from one seat's view and a random deal of
the cards that seat cannot see."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from core import Match, new_match
from core.cards import CARD_STR, RANK, parse_card
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


def test_leads_lean_the_deal_toward_the_suit_a_seat_set() -> None:
    """crazy-eights 3.2, 3.3 (the view's ``leads``): a seat that named a suit, or changed to it
    by rank, is dealt more of that suit than the unseen cards' share (``normal`` names its
    longest suit and changes into long ones); a seat that followed the suit, fewer of it."""
    m = new_match("crazy-eights", 4, seed=8)
    seat = m.current_seat
    plain = m.view(seat)
    named, changed, followed = ((seat + k) % 4 for k in (1, 2, 3))
    view = m.view(seat)
    view["leads"] = [None] * 4
    view["leads"][named] = {"suit": "H", "how": "named"}
    view["leads"][changed] = {"suit": "S", "how": "changed"}
    view["leads"][followed] = {"suit": "C", "how": "followed"}
    rng = random.Random(4)
    held: Counter[tuple[str, int]] = Counter()
    for _ in range(400):
        for which, v in (("leaned", view), ("plain", plain)):
            d = determinize(v, rng)
            for other, suit in ((named, "H"), (changed, "S"), (followed, "C")):
                held[which, other] += sum(c.endswith(suit) and c[0] != "8" for c in d.hand(other))
    assert held["leaned", named] > 1.6 * held["plain", named]
    assert held["leaned", changed] > 1.3 * held["plain", changed]
    assert held["leaned", followed] < 0.9 * held["plain", followed]


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


def ninety_nine_positions(seeds: range, moves: int, rng: random.Random) -> Iterator[tuple[Match, int, dict]]:
    """Every third position of Ninety-Nine matches of four ``normal`` bots: the match, the seat
    to play and its view (the match plays on once the caller is done with it)."""
    from core.bots import choose

    for game_seed in seeds:
        m = new_match("ninety-nine", 4, seed=game_seed)
        for move in range(moves):
            if m.is_over:
                break
            seat = m.current_seat
            view = m.view(seat)
            if move % 3 == 0:
                yield m, seat, view
            m.apply(choose("normal", view, [str(a) for a in m.legal_actions(seat)], rng), seat)


def shared_ranks(dealt: list[int], real: list[int]) -> int:
    return sum((Counter(RANK[c] for c in dealt) & Counter(RANK[c] for c in real)).values())


def test_ninety_nine_deals_lean_toward_what_the_plays_seen_say() -> None:
    """A seat's plays say something of the cards it kept (the rule-based player plays a 9 early
    only with nothing better to play, 2), and the cards kept at one play are still held at the
    next: the hard bot's deals, which lean toward hands that fit the plays seen, hold more of
    the other seats' real ranks than even deals do, and show the seat the same view."""
    from core.bots.ninety_nine import STRATEGY

    rng = random.Random(7)
    fitted = even = samples = 0
    for m, seat, view in ninety_nine_positions(range(12), 90, rng):
        fits = STRATEGY.fits(view)
        assert determinize(view, rng, fits).view(seat) == view
        for other in range(4):
            if other == seat or not view["plays"][other] or not m.hands[other]:
                continue
            for _ in range(8):
                fitted += shared_ranks(determinize(view, rng, fits).hands[other], m.hands[other])
                even += shared_ranks(determinize(view, rng).hands[other], m.hands[other])
                samples += 1
    assert samples > 3000
    assert fitted / samples > 1.06 * even / samples, (fitted / samples, even / samples)


class OnlyKings:
    """A fit that rules out every hand but two Kings (rank 12), nearly."""

    kinds = RANK

    def __init__(self) -> None:
        self.tables: dict = {}

    def __call__(self, kinds: tuple[int, ...]) -> float:
        return 1.0 if kinds == (12, 12) else 1e-9


def test_a_fitted_hand_comes_from_the_posterior_and_only_from_cards_left() -> None:
    """The posterior over kinds decides the hand; a draw needing cards another seat took is
    drawn again, and with none to be had the hand is a random one from what is left."""
    from core.sampling import _fitted_hand

    rng = random.Random(3)
    pool = [parse_card(c) for c in ("KS", "KH", "2C", "3D", "4S", "5H", "6C", "7D")]
    base = tuple(sorted(Counter(RANK[c] for c in pool).items()))
    fit = OnlyKings()
    for _ in range(20):
        rng.shuffle(pool)
        hand, rest = _fitted_hand(list(pool), 2, fit, base, rng)
        assert sorted(CARD_STR[c] for c in hand) == ["KH", "KS"]
        assert sorted(hand + rest) == sorted(pool)
    assert len(fit.tables) == 1  # built once for this pool and size
    left = [c for c in pool if CARD_STR[c] != "KH"]  # another seat took a King
    hand, rest = _fitted_hand(left, 2, fit, base, rng)
    assert len(hand) == 2 and sorted(hand + rest) == sorted(left)


def test_ninety_nine_chain_fit_sums_over_every_card_that_may_have_been_drawn() -> None:
    """The chain's likelihood, worked out by its memo of kept ranks, equals the sum over every
    history: at each play one card of the hand played from was the one drawn before it, the
    others were kept from the play before (each history equally likely a priori)."""
    import itertools

    from core.bots.ninety_nine import ChainFit, _chance

    def brute(chain: tuple, hand: tuple) -> float:
        total = 0.0
        paths = 0
        for drawn in itertools.product(range(3), repeat=len(chain)):
            kept = list(hand[:drawn[0]] + hand[drawn[0] + 1:])  # the hand now, less the last draw
            p = 1.0
            for j in range(len(chain) - 1, -1, -1):
                rank, value, o = chain[j]
                p *= _chance(rank, value, o, 9, tuple(sorted(kept)))
                if j:
                    held = sorted(kept + [rank])
                    i = drawn[len(chain) - j]
                    kept = held[:i] + held[i + 1:]
            total += p
            paths += 1
        return total / paths

    rng = random.Random(5)
    for _ in range(60):
        o = rng.randrange(0, 60)
        chain = []
        for _ in range(rng.randrange(1, 4)):
            rank = rng.randrange(13)
            value = {0: rng.choice([1, 11]), 9: rng.choice([10, -10])}.get(rank)
            chain.append((rank, value, o))
            o = min(98, o + rng.randrange(0, 12))
        hand = tuple(sorted(rng.randrange(13) for _ in range(3)))
        fit = ChainFit(tuple(chain), 9)
        assert abs(fit(hand) - brute(tuple(chain), hand)) < 1e-12


def test_ninety_nine_reading_the_whole_chain_beats_the_latest_play(monkeypatch) -> None:
    """The cards kept at one play are still held at the next: deals that read a seat's last
    four plays hold more of its real ranks than deals that read its latest play only."""
    from core.bots import ninety_nine as nn

    def overlap(chain: int) -> float:
        monkeypatch.setattr(nn, "CHAIN", chain)
        nn._chain_fit.cache_clear()
        rng = random.Random(11)
        got = samples = 0
        for m, seat, view in ninety_nine_positions(range(100, 108), 120, rng):
            fits = nn.STRATEGY.fits(view)
            for other in range(4):
                if other == seat or len(view["plays"][other]) < 2 or not m.hands[other]:
                    continue
                for _ in range(8):
                    got += shared_ranks(determinize(view, rng, fits).hands[other], m.hands[other])
                    samples += 1
        assert samples > 1500
        return got / samples

    latest, chain = overlap(1), overlap(4)
    assert chain > 1.04 * latest, (chain, latest)
