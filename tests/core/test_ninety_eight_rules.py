"""Scenario tests for every numbered rule of shared/rules/ninety-eight.md and the common rules
of shared/rules/README.md that Ninety-Eight uses. Positions come from stacked decks."""
from __future__ import annotations

import random
from typing import Any

import pytest

from core import GAMES, IllegalAction, Match, new_match
from core.cards import CARD_STR, full_deck
from core.events import Event
from tests.core.stacked import canonical, codes, patched, stacked_deck, state, table

G = "ninety-eight"
INFO = GAMES[G]


def nd(players: int, dealt: dict[int, list[str]], stock: list[str] | tuple[str, ...] = (), dealer: int = 0,
       preset: str = "standard", **options: Any) -> Match:
    return table(G, players, dealt, stock, dealer, preset, **options)


def played_total(events: list[Event]) -> int:
    """The total announced by the play among ``events`` (4.2)."""
    (total,) = [e.data["total"] for e in events if e.kind == "play"]
    return total


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def legal(m: Match, seat: int | None = None) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


def play_out(m: Match, seed: int = 0, bound: int = 5000) -> list[Event]:
    """Random legal actions until the match ends; fails past ``bound`` actions."""
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(bound):
        if m.is_over:
            return events
        events += m.apply(rng.choice(m.legal_actions()))
    raise AssertionError(f"no end within {bound} actions")


def stuck_at_18(players: int, first: int, **options: Any) -> tuple[Match, int, list[Event]]:
    """Limit 20 (unless given): ``first`` plays 9, the next plays 9 (18), and the seat after
    that holds only cards worth 5 or more: it has no legal play.
    Returns (match, stuck seat, the events of the second play)."""
    options.setdefault("limit", 20)
    second = (first + 1) % players
    stuck = (first + 2) % players
    dealer = (first - 1) % players
    hands = {first: ["9S"], second: ["9H"], stuck: ["5C", "6C", "7C", "8C"]}
    if stuck == first:  # two seats: the first player comes round again with what it drew
        hands = {first: ["9S", "5C", "6C", "8C"], second: ["9H"]}
        m = nd(players, hands, stock=["7C"], dealer=dealer, **options)
    else:
        m = nd(players, hands, dealer=dealer, **options)
    assert m.current_seat == first
    m.apply("9S")
    return m, stuck, m.apply("9H")


# ---------------------------------------------------------------- 1. players and deck
@pytest.mark.parametrize("players", range(2, 9))
def test_1_1_two_to_eight_players(players: int) -> None:
    """ninety-eight 1.1"""
    m = new_match(G, players, seed=3)
    assert m.players == players and INFO.min_players == 2 and INFO.max_players == 8


@pytest.mark.parametrize("players", [0, 1, 9, 12])
def test_1_1_other_table_sizes_refused(players: int) -> None:
    """ninety-eight 1.1"""
    with pytest.raises(ValueError, match="players"):
        new_match(G, players, seed=3)


@pytest.mark.parametrize("players,decks,cards", [
    (2, "auto", 52), (5, "auto", 52), (6, "auto", 104), (8, "auto", 104),
    (6, 1, 52), (4, 2, 104), (8, "2", 104),
])
def test_1_2_decks(players: int, decks: Any, cards: int) -> None:
    """ninety-eight 1.2: one deck up to 5 players, two from 6 (option decks, default auto)."""
    m = new_match(G, players, options={"decks": decks}, seed=5)
    assert len(m.full_deck()) == cards
    held = sum(len(m.hand(s)) for s in range(players))
    assert held + m.stock_count == cards
    every = sorted(c for s in range(players) for c in m.hand(s))
    assert all(every.count(c) <= cards // 52 for c in every)


def test_1_2_no_jokers() -> None:
    """ninety-eight 1.2: no jokers."""
    m = new_match(G, 6, seed=5)
    assert 52 not in m.full_deck()
    with pytest.raises(ValueError):
        new_match(G, 4, deck=[CARD_STR[c] for c in full_deck(1)] + ["JK", "JK"], dealer=0)


def test_1_2_hand_size_three_for_large_tables() -> None:
    """ninety-eight 1.2: hand_size 3 is the other remedy."""
    m = new_match(G, 8, options={"hand_size": 3, "decks": 1}, seed=5)
    assert all(len(m.hand(s)) == 3 for s in range(8))
    assert m.stock_count == 52 - 24


# ---------------------------------------------------------------- 2. card values
@pytest.mark.parametrize("card,value", [
    ("2S", 2), ("3S", 3), ("4S", 4), ("5S", 5), ("6S", 6), ("7S", 7), ("8S", 8), ("9S", 9), ("JS", 10), ("QS", 10),
])
def test_2_fixed_values_add(card: str, value: int) -> None:
    """ninety-eight 2 (table): 2-9 add face value, J and Q add 10."""
    m = nd(2, {1: ["9H"], 0: [card]})
    m.apply("9H")
    ev = m.apply(card)
    assert m.total == 9 + value
    assert [e.data["total"] for e in ev if e.kind == "play"] == [9 + value]
    assert legal(m, None) and m.current_seat == 1


def test_2_ace_is_one_or_eleven() -> None:
    """ninety-eight 2 (table): an ace is +1 or +11, the player's choice."""
    m = nd(2, {1: ["9H"], 0: ["AS", "AD"]})
    m.apply("9H")
    assert {"AS+1", "AS+11", "AD+1", "AD+11"} <= legal(m)
    m.apply("AS+11")
    assert m.total == 20
    m2 = nd(2, {1: ["9H"], 0: ["AS"]})
    m2.apply("9H")
    m2.apply("AS+1")
    assert m2.total == 10


def test_2_ten_is_plus_or_minus_ten() -> None:
    """ninety-eight 2 (table): a ten is +10 or -10."""
    m = nd(2, {1: ["QH"], 0: ["TS"]})
    m.apply("QH")
    assert {"TS+10", "TS-10"} <= legal(m)
    m.apply("TS+10")
    assert m.total == 20
    m = nd(2, {1: ["QH"], 0: ["TS"]})
    m.apply("QH")
    m.apply("10s-10")
    assert m.total == 0


@pytest.mark.parametrize("before", [["9H"], ["9H", "8S"], ["KH"]])
def test_2_king_sets_the_limit(before: list[str]) -> None:
    """ninety-eight 2 (table): a King sets the total to 98 whatever it was."""
    seats = [1, 0, 1]
    hands: dict[int, list[str]] = {0: [], 1: []}
    for i, c in enumerate(before):
        hands[seats[i]].append(c)
    hands[seats[len(before)]].append("KS")
    m = nd(2, hands)
    for c in before:
        m.apply(c)
    assert played_total(m.apply("KS")) == 98


@pytest.mark.parametrize("start", [0, 5, 9])
def test_2_1_total_never_below_zero(start: int) -> None:
    """ninety-eight 2.1 Decision: -10 from under 10 leaves 0."""
    hands: dict[int, list[str]] = {1: [f"{start}H"] if start else [], 0: ["TS"]}
    if start:
        m = nd(2, hands)
        m.apply(f"{start}H")
        m.apply("TS-10")
    else:
        m = nd(2, {1: ["TS"]})
        assert "TS-10" in legal(m)
        m.apply("TS-10")
    assert m.total == 0


def test_2_2_limit_option_and_king() -> None:
    """ninety-eight 2.2: the limit is option limit; a King always sets the total to it."""
    m = nd(2, {1: ["KS"], 0: ["9H", "TH"]}, limit=50)
    assert m.options["limit"] == 50
    m.apply("KS")
    assert m.total == 50
    assert legal(m) == {"TH-10"}  # 9H and TH+10 would go over


# ---------------------------------------------------------------- 3. setup
def test_3_1_cut_then_deal_hand_size() -> None:
    """ninety-eight 3.1: cut for the first dealer, deal hand_size (4) cards to each seat."""
    m = new_match(G, 5, seed=11)
    assert m.cut and m.cut[-1][m.dealer] is not None
    assert "cut" in kinds(m.start_events) and "deal" in kinds(m.start_events)
    assert all(len(m.hand(s)) == 4 for s in range(5))
    m3 = new_match(G, 5, options={"hand_size": 3}, seed=11)
    assert all(len(m3.hand(s)) == 3 for s in range(5))


@pytest.mark.parametrize("dealer", [0, 2, 3])
def test_3_2_total_zero_and_seat_after_dealer_first(dealer: int) -> None:
    """ninety-eight 3.2: the total starts at 0; the seat after the dealer plays first."""
    m = new_match(G, 4, seed=2, dealer=dealer)
    assert m.total == 0 and m.top is None
    assert m.current_seat == (dealer + 1) % 4
    assert m.legal_actions((dealer + 2) % 4) == []


# ---------------------------------------------------------------- 4. a turn
def test_4_1_plays_over_the_limit_are_not_offered() -> None:
    """ninety-eight 4.1: a legal play keeps the total at or under the limit."""
    m3 = nd(3, {1: ["9S"], 2: ["9H"], 0: ["2D", "3D", "AD", "TD"]}, limit=20)
    m3.apply("9S")
    m3.apply("9H")  # 18
    assert legal(m3) == {"2D", "AD+1", "TD-10"}
    with pytest.raises(IllegalAction):
        m3.apply("3D")
    with pytest.raises(IllegalAction):
        m3.apply("AD+11")
    with pytest.raises(IllegalAction):
        m3.apply("TD+10")


def test_4_2_must_play_then_draw_back_to_hand_size() -> None:
    """ninety-eight 4.2: a player with a legal play must play one (no draw, no pass), then
    draws the top card of the stock automatically."""
    m = nd(3, {1: ["5S"]}, stock=["QD", "JD"])
    assert "draw" not in legal(m) and "pass" not in legal(m)
    for bad in ("draw", "pass"):
        with pytest.raises(IllegalAction):
            m.apply(bad)
    before = m.stock_count
    ev = m.apply("5S")
    assert kinds(ev)[:2] == ["play", "draw"]
    assert "QD" in m.hand(1) and len(m.hand(1)) == 4
    assert m.stock_count == before - 1
    draw = next(e for e in ev if e.kind == "draw")
    assert draw.for_seat(1)["cards"] == ["QD"] and "cards" not in draw.for_seat(2)
    assert m.top == "5S" and m.total == 5


def test_4_2_reshuffle_keeps_the_top_card() -> None:
    """ninety-eight 4.2 and README reshuffle: an empty stock is rebuilt from the pile except its top card."""
    m = new_match(G, 7, options={"hand_size": 7, "decks": 1}, seed=4, dealer=0)
    assert m.stock_count == 3
    played: list[str] = []
    for _ in range(3):
        a = m.legal_actions()[0]
        played.append(canonical(str(a)[:2]))
        m.apply(a)
    assert m.stock_count == 0
    seat = m.current_seat
    assert seat is not None
    a = m.legal_actions()[0]
    ev = m.apply(a)
    top = canonical(str(a)[:2])
    assert "reshuffle" in kinds(ev)
    assert next(e for e in ev if e.kind == "reshuffle").data["stock"] == 3
    assert m.top == top and state(m)["pile"] == codes([top])
    drawn = next(e for e in ev if e.kind == "draw").for_seat(seat)["cards"]
    assert sorted(drawn + [CARD_STR[c] for c in state(m)["stock"]]) == sorted(played)


def test_4_2_nothing_to_draw_leaves_the_hand_short() -> None:
    """ninety-eight 4.2 and README reshuffle: if nothing at all can be drawn the hand stays short.
    No real deal reaches this (at least 3 cards always circulate), so the stock is set aside."""
    m = new_match(G, 7, options={"hand_size": 7, "decks": 1}, seed=4, dealer=0)
    s = state(m)
    m = patched(m, aside=s["aside"] + s["stock"], stock=[])
    a = m.legal_actions()[0]
    ev = m.apply(a)
    assert "draw" not in kinds(ev) and "reshuffle" not in kinds(ev)
    assert len(m.hand(1)) == 6
    m.apply(m.legal_actions()[0])  # now the pile holds two cards: the bottom one is drawn
    assert len(m.hand(2)) == 7 and canonical(str(a)[:2]) in m.hand(2)


def test_4_3_no_legal_play_eliminates_at_once() -> None:
    """ninety-eight 4.3: no legal play at the start of the turn eliminates, with no action, announced;
    the hand is set aside until the next deal."""
    m, stuck, _ = stuck_at_18(3, first=1)
    assert stuck == 0
    # seat 0 was eliminated inside the previous apply: it never had to act
    st = state(m)
    assert m.current_seat == 1
    assert m.status(0)["in_hand"] is False and m.hand(0) == []
    assert sorted(st["aside"]) == sorted(codes(["5C", "6C", "7C", "8C"]))
    assert m.view(1)["hand_counts"][0] == 0
    assert m.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        m.apply("5C", seat=0)


def test_4_3_no_cards_is_no_legal_play() -> None:
    """ninety-eight 4.3: having no cards counts as having no legal play. No real deal leaves a
    hand empty, so the position is set up from a snapshot."""
    m = nd(3, {1: ["9S"]})
    s = state(m)
    m = patched(m, hands=[s["hands"][0], s["hands"][1], []], aside=s["aside"] + s["hands"][2])
    ev = m.apply("9S")
    assert [e.seat for e in ev if e.kind == "eliminated"] == [2]
    assert m.current_seat == 0 and m.status(2)["penalties"] == 1


def test_4_3_elimination_is_announced() -> None:
    """ninety-eight 4.3: the elimination is an event for everyone."""
    m = nd(3, {1: ["9S"], 2: ["9H"], 0: ["5C", "6C", "7C", "8C"]}, limit=20)
    m.apply("9S")
    ev = m.apply("9H")
    elim = [e for e in ev if e.kind == "eliminated"]
    assert [e.seat for e in elim] == [0]
    assert elim[0].for_seat(2)["total"] == 18


def test_4_4_at_98_only_ten_down_or_king() -> None:
    """ninety-eight 4.4: at exactly 98 only a T as -10 or a K is legal; an ace goes over."""
    m = nd(2, {1: ["KH", "KC"], 0: ["TS", "KS", "AS", "2C"]})
    m.apply("KH")
    assert m.total == 98
    assert legal(m) == {"TS-10", "KS"}
    for bad in ("AS+1", "AS+11", "AS", "2C", "TS+10"):
        with pytest.raises(IllegalAction):
            m.apply(bad)
    m.apply("KS")
    assert m.total == 98 and m.current_seat == 1  # stays at 98 and passes the problem on
    assert legal(m) == {"KC"}
    m2 = nd(2, {1: ["KH"], 0: ["TS"]})
    m2.apply("KH")
    m2.apply("TS-10")
    assert m2.total == 88


# ---------------------------------------------------------------- 5. after an elimination
def test_5_1_total_resets_and_pile_is_cleared_into_the_next_reshuffle() -> None:
    """ninety-eight 5.1 Decision: total back to 0, the pile set aside face down, joining the next reshuffle."""
    hands = {1: ["9S"], 2: ["5S"], 3: ["4S"], 4: ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]}
    m = nd(7, hands, dealer=0, limit=20, hand_size=7, decks=1)
    assert m.stock_count == 3
    m.apply("9S")
    m.apply("5S")
    ev = m.apply("4S")  # 18: seat 4 holds nothing of 2 or less
    assert "eliminated" in kinds(ev) and m.status(4)["in_hand"] is False
    assert m.total == 0 and m.top is None and m.view(5)["pile"] == []
    assert sorted(state(m)["cleared"]) == sorted(codes(["9S", "5S", "4S"]))
    assert m.stock_count == 0
    assert m.current_seat == 5
    a = m.legal_actions()[0]
    ev = m.apply(a)
    assert next(e for e in ev if e.kind == "reshuffle").data["stock"] == 3
    drawn = next(e for e in ev if e.kind == "draw").for_seat(5)["cards"]
    assert drawn[0] in {"9S", "5S", "4S"}
    assert state(m)["cleared"] == [] and m.stock_count == 2
    assert not set(state(m)["stock"]) & set(codes(hands[4]))  # the set-aside hand stays out


def test_5_2_next_active_seat_opens_direction_unchanged() -> None:
    """ninety-eight 5.2: the next active seat after the eliminated one, in the current direction, opens."""
    hands = {1: ["4S"], 0: ["9S"], 3: ["9H"], 2: ["5C", "6C", "7C", "8C"]}
    m = nd(4, hands, dealer=0, preset="reverse-fours", limit=20)
    m.apply("4S")
    assert m.direction == -1 and m.current_seat == 0
    m.apply("9S")
    ev = m.apply("9H")  # 18, seat 2 is stuck
    assert [e.seat for e in ev if e.kind == "eliminated"] == [2]
    assert m.direction == -1
    assert m.current_seat == 1  # the next after seat 2 going counter-clockwise
    assert m.total == 0 and m.top is None
    # the opener may play any card onto the empty pile
    assert len(m.legal_actions()) >= len(set(m.hand(1)))


def test_5_3_hand_ends_with_one_seat_left() -> None:
    """ninety-eight 5.3: the last seat in the hand wins it."""
    m, stuck, ev = stuck_at_18(2, first=1)
    assert stuck == 1
    # seat 1 was eliminated, seat 0 won hand 1, and hand 2 was dealt
    over = [e for e in ev if e.kind == "hand_over"]
    assert len(over) == 1 and over[0].data == {"winners": [0], "hand": 1}
    assert kinds(ev).index("eliminated") < kinds(ev).index("hand_over") < kinds(ev).index("deal")
    assert m.hand_number == 2


def test_5_3_hand_over_event_names_the_winner() -> None:
    """ninety-eight 5.3"""
    m = nd(3, {1: ["9S"], 2: ["9H"], 0: ["5C", "6C", "7C", "8C"]}, limit=20)
    m.apply("9S")
    m.apply("9H")
    events = play_out(m, seed=1)
    over = [e for e in events if e.kind == "hand_over"]
    assert len(over) >= 1 and over[0].data["hand"] == 1
    assert over[0].data["winners"][0] in (1, 2)


def _two_eliminations_dealt(**options: Any) -> Match:
    """Limit 20, three seats, dealer 0, dealt for ``_two_eliminations``."""
    hands = {1: ["9S", "9D", "5C", "6C"], 2: ["9H", "9C"], 0: ["5H", "6H", "7H", "8H"]}
    return nd(3, hands, stock=["7C", "KD", "8C"], dealer=0, limit=20, **options)


def _two_eliminations(m: Match | None = None, **options: Any) -> tuple[Match, list[Event]]:
    """Seat 1 plays 9S, seat 2 9H (18): seat 0 (5H 6H 7H 8H) is eliminated; seat 1 opens again
    with 9D, seat 2 plays 9C (18): seat 1 (5C 6C and the 7C, 8C it drew) is eliminated and
    seat 2 wins the hand. Returns the match and the events of the last play."""
    m = m or _two_eliminations_dealt(**options)
    m.apply("9S")
    ev = m.apply("9H")
    assert [e.seat for e in ev if e.kind == "eliminated"] == [0]
    assert m.current_seat == 1 and m.total == 0
    m.apply("9D")
    assert sorted(m.hand(1)) == ["5C", "6C", "7C", "8C"]
    return m, m.apply("9C")


def test_5_3_hand_over_event_names_the_known_winner() -> None:
    """ninety-eight 5.3: with seats 0 then 1 eliminated, seat 2 is the last in the hand and the
    hand_over event names it (and only it)."""
    m, ev = _two_eliminations()
    assert [e.seat for e in ev if e.kind == "eliminated"] == [1]
    over = [e for e in ev if e.kind == "hand_over"]
    assert len(over) == 1 and over[0].seat == 2 and over[0].data == {"winners": [2], "hand": 1}
    assert [m.status(s)["penalties"] for s in range(3)] == [1, 1, 0]
    assert m.hand_number == 2 and not m.is_over


# ---------------------------------------------------------------- 6. scoring
def test_6_1_single_hand() -> None:
    """ninety-eight 6.1: scoring single: the hand's winner wins the match."""
    m = nd(3, {1: ["9S"], 2: ["9H"], 0: ["5C", "6C", "7C", "8C"]}, limit=20, scoring="single")
    m.apply("9S")
    m.apply("9H")
    assert not m.is_over
    events = play_out(m, seed=2)
    hand_over = [e for e in events if e.kind == "hand_over"]
    assert len(hand_over) == 1 and m.hand_number == 1
    assert m.is_over and m.current_seat is None and m.winners == hand_over[0].data["winners"]
    assert 0 not in m.winners and m.legal_actions() == [] and m.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        m.apply(m.hand(m.winners[0])[0])


def test_6_1_single_hand_preset() -> None:
    """ninety-eight 6.1 and 7 preset single-hand"""
    m = new_match(G, 4, preset="single-hand", seed=8)
    events = play_out(m, seed=8)
    assert kinds(events).count("hand_over") == 1 and len(m.winners) == 1


def test_6_2_penalty_per_elimination_and_new_hand() -> None:
    """ninety-eight 6.2: an elimination costs one penalty; new hands are dealt, the deal passing clockwise."""
    m = nd(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, stock=["7C"], dealer=0, limit=20)
    m.apply("9S")
    ev = m.apply("9H")
    pen = [e for e in ev if e.kind == "penalty"]
    assert [e.seat for e in pen] == [1] and pen[0].data == {"penalties": 1, "lives": 2}
    assert m.status(1)["penalties"] == 1 and m.status(1)["lives"] == 2
    assert m.status(0)["penalties"] == 0 and m.status(0)["lives"] == 3
    assert kinds(ev).index("hand_over") < kinds(ev).index("deal")
    assert m.hand_number == 2 and m.dealer == 1 and m.current_seat == 0
    assert all(len(m.hand(s)) == 4 for s in (0, 1)) and m.total == 0 and m.top is None
    assert not m.is_over


def test_6_2_out_after_lives_penalties() -> None:
    """ninety-eight 6.2: lives penalties put a seat out; the last seat in the match wins."""
    m = nd(3, {1: ["9S"], 2: ["9H"], 0: ["5C", "6C", "7C", "8C"]}, limit=20, lives=1)
    m.apply("9S")
    ev = m.apply("9H")
    assert [e.seat for e in ev if e.kind == "out"] == [0]
    assert m.status(0)["out"] is True and m.status(0)["lives"] == 0
    rng = random.Random(3)
    for _ in range(1000):
        if m.is_over:
            break
        assert m.current_seat != 0 and m.legal_actions(0) == []
        m.apply(rng.choice(m.legal_actions()))
    assert m.is_over and len(m.winners) == 1 and 0 not in m.winners
    assert [s for s in range(3) if not m.status(s)["out"]] == m.winners


def test_common_a_new_hand_starts_clockwise_after_a_reverse() -> None:
    """Rules README (every hand starts with the direction clockwise) and 6.2 (the deal passes
    clockwise): reverse-fours, limit 20, three seats, dealer 0. Seat 1 plays 9D, seat 2 plays
    4S (reverse: seat 1 next), seat 1 plays 9S (18): seat 0 (5H 6H 7H 8H) is eliminated; seat 2
    opens with 9H, seat 1 plays 9C (18): seat 2 (5C 6C and the 7C, 8C it drew) is eliminated
    while play still goes counter-clockwise. The next hand is dealt by seat 1 and starts
    clockwise: seat 2 plays first, then seat 0."""
    hands = {1: ["9D", "9S", "9C"], 2: ["4S", "9H", "5C", "6C"], 0: ["5H", "6H", "7H", "8H"]}
    m = nd(3, hands, stock=["KD", "7C", "QD", "8C"], dealer=0, preset="reverse-fours", limit=20)
    m.apply("9D")
    m.apply("4S")
    assert m.direction == -1 and m.current_seat == 1
    ev = m.apply("9S")
    assert [e.seat for e in ev if e.kind == "eliminated"] == [0]
    assert m.direction == -1 and m.current_seat == 2
    m.apply("9H")
    assert m.current_seat == 1 and sorted(m.hand(2)) == ["5C", "6C", "7C", "8C"]
    ev = m.apply("9C")
    assert [e.seat for e in ev if e.kind == "eliminated"] == [2]
    assert next(e for e in ev if e.kind == "hand_over").data["winners"] == [1]
    assert m.hand_number == 2 and m.dealer == 1
    assert m.direction == 1 and m.current_seat == 2
    play = next(a for a in m.legal_actions() if str(a)[0] not in "4K")  # not a reverse, not the limit
    m.apply(play)
    assert m.direction == 1 and m.current_seat == 0


@pytest.mark.parametrize("seed", range(6))
def test_6_2_deal_passes_clockwise_skipping_seats_out(seed: int) -> None:
    """ninety-eight 6.2 and README dealing: later deals pass to the next seat clockwise still in the match."""
    m = new_match(G, 5, options={"lives": 2 + seed % 2, "limit": 30}, seed=seed)
    dealer = m.dealer
    out: set[int] = set()
    rng = random.Random(seed)
    deals = 0
    for _ in range(20000):
        if m.is_over:
            break
        for e in m.apply(rng.choice(m.legal_actions())):
            if e.kind == "out":
                out.add(e.seat)  # type: ignore[arg-type]
            elif e.kind == "deal":
                expected = next((dealer + k) % 5 for k in range(1, 6) if (dealer + k) % 5 not in out)
                assert e.seat == expected
                dealer = expected
                deals += 1
                assert m.current_seat is None or m.current_seat not in out
    assert m.is_over and deals >= 1


def test_6_3_stakes_ante_and_collect() -> None:
    """ninety-eight 6.3: every seat antes before each hand; the winner collects one chip from each eliminated seat."""
    m = nd(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, stock=["7C"], dealer=0, limit=20, scoring="stakes")
    assert [m.status(s)["chips"] for s in (0, 1)] == [9, 9] and m.view(0)["pot"] == 2
    assert kinds(m.start_events).count("ante") == 2
    m.apply("9S")
    ev = m.apply("9H")
    pay = [e for e in ev if e.kind == "chips"]
    assert len(pay) == 1 and pay[0].seat == 1 and pay[0].data["to"] == 0 and pay[0].data["chips"] == 1
    # then the next hand's ante: 10 - 1 and 8 - 1
    assert [m.status(s)["chips"] for s in (0, 1)] == [9, 7] and m.view(1)["pot"] == 4
    assert m.hand_number == 2


def test_6_3_ante_option() -> None:
    """ninety-eight 6.3 and 7 options chips and ante"""
    m = new_match(G, 3, options={"scoring": "stakes", "chips": 20, "ante": 3}, seed=1)
    assert [m.status(s)["chips"] for s in range(3)] == [17, 17, 17] and m.view(0)["pot"] == 9
    m0 = new_match(G, 3, options={"scoring": "stakes", "ante": 0}, seed=1)
    assert [m0.status(s)["chips"] for s in range(3)] == [10, 10, 10] and m0.view(0)["pot"] == 0


def test_6_3_an_ante_above_a_seats_chips_takes_what_it_has_and_the_seat_plays() -> None:
    """ninety-eight 6.3: an ante of 5 from seats holding 2 chips takes the 2 (a seat pays what
    it has), and each seat, its last chip anted, still plays the hand."""
    m = new_match(G, 3, options={"scoring": "stakes", "chips": 2, "ante": 5}, seed=1)
    assert [m.status(s)["chips"] for s in range(3)] == [0, 0, 0] and m.view(0)["pot"] == 6
    assert all(m.status(s)["in_hand"] for s in range(3)) and m.legal_actions(m.current_seat)


def test_6_3_match_ends_when_one_seat_has_chips() -> None:
    """ninety-eight 6.3: a seat with no chips after the hand is out; one seat with chips wins and takes the pot."""
    m = nd(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, stock=["7C"], dealer=0, limit=20,
           scoring="stakes", chips=2)
    assert [m.status(s)["chips"] for s in (0, 1)] == [1, 1]
    m.apply("9S")
    m.apply("9H")
    assert m.is_over and m.winners == [0]
    assert m.status(1)["out"] is True
    assert m.status(0)["chips"] == 4 and m.view(0)["pot"] == 0


def test_6_3_last_chip_still_plays_and_ties_split_the_pot() -> None:
    """ninety-eight 6.3: anteing the last chip still plays the hand; nobody with chips: all tie."""
    m = nd(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, stock=["7C"], dealer=0, limit=20,
           scoring="stakes", chips=1)
    assert [m.status(s)["chips"] for s in (0, 1)] == [0, 0]
    assert m.status(1)["in_hand"] and m.current_seat == 1
    m.apply("9S")
    m.apply("9H")
    assert m.is_over and m.winners == [0, 1]
    assert [m.status(s)["chips"] for s in (0, 1)] == [1, 1]


def test_6_3_ends_after_hands() -> None:
    """ninety-eight 6.3: the match ends after `hands` hands; most chips wins and takes the pot."""
    m = nd(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, stock=["7C"], dealer=0, limit=20,
           scoring="stakes", hands=1)
    m.apply("9S")
    ev = m.apply("9H")
    assert m.is_over and m.winners == [0] and m.hand_number == 1
    assert m.status(0)["chips"] == 10 + 2 and m.status(1)["chips"] == 8
    assert next(e for e in ev if e.kind == "pot").data == {"pot": 2, "to": [0]}


@pytest.mark.parametrize("dealer,leftover_to", [(0, 1), (1, 0)])
def test_6_3_tie_decision_leftover_to_first_tied_seat_after_dealer(dealer: int, leftover_to: int) -> None:
    """ninety-eight 6.3 Decision: a tie splits the pot; leftover chips stay with the first tied seat after the dealer."""
    first = (dealer + 1) % 2
    other = dealer
    m = nd(2, {first: ["9S", "5C", "6C", "8C"], other: ["9H"]}, stock=["7C"], dealer=dealer, limit=20,
           scoring="stakes", hands=1)
    chips = [0, 0]
    chips[other], chips[first] = 3, 5  # the winner (other) will collect one chip: 4 and 4
    m = patched(m, chips=chips, pot=3)
    m.apply("9S")
    m.apply("9H")
    assert m.is_over and m.winners == [0, 1]
    got = [m.status(s)["chips"] for s in (0, 1)]
    assert got[leftover_to] == 4 + 2 and got[1 - leftover_to] == 4 + 1


def test_6_3_a_seat_already_out_does_not_share_a_tie() -> None:
    """ninety-eight 6.3: when every seat of the last hand ends with no chips, they tie; a seat
    that left the match earlier is not among the winners."""
    hands = {1: ["9S", "5C", "6C", "8C"], 0: ["9H"], 2: ["2D"]}
    m = nd(3, hands, stock=["7C"], dealer=0, limit=20, scoring="stakes")
    s = state(m)
    seat2 = s["hands"][2]
    m = patched(m, out=[False, False, True], in_hand=[True, True, False], chips=[0, 0, 0], pot=5,
                hands=[s["hands"][0], s["hands"][1], []], aside=s["aside"] + seat2)
    m.apply("9S")
    assert m.current_seat == 0
    m.apply("9H")
    assert m.is_over and m.winners == [0, 1]
    assert [m.status(s)["chips"] for s in range(3)] == [2, 3, 0]


def test_6_3_winner_collects_from_every_seat_eliminated_in_the_hand() -> None:
    """ninety-eight 6.3: two seats eliminated in one hand each pay the winner one chip; the
    chips and the pot add up to what the seats started with."""
    m, ev = _two_eliminations(scoring="stakes")
    pay = [(e.seat, e.data["to"], e.data["chips"], e.data["left"]) for e in ev if e.kind == "chips"]
    assert pay == [(0, 2, 1, 8), (1, 2, 1, 8)]
    # 10 each, ante 1 (pot 3); after the hand 8, 8, 11; then the next hand's ante: 7, 7, 10, pot 6
    assert [m.status(s)["chips"] for s in range(3)] == [7, 7, 10] and m.view(0)["pot"] == 6
    assert sum(m.status(s)["chips"] for s in range(3)) + m.view(0)["pot"] == 30
    assert m.hand_number == 2 and not any(m.status(s)["out"] for s in range(3))


def test_6_3_a_seat_that_cannot_pay_pays_what_it_has() -> None:
    """ninety-eight 6.3: seat 0 anted its last chip, still plays, is eliminated and pays
    nothing (it has nothing); seat 1, also eliminated, pays its one chip. Seat 0 then has no
    chips and is out; nobody's chips go below 0 and no chip is made or lost."""
    m = patched(_two_eliminations_dealt(scoring="stakes"), chips=[0, 5, 5], pot=3)
    assert m.status(0)["in_hand"] and m.current_seat == 1
    m, ev = _two_eliminations(m)
    pay = [(e.seat, e.data["to"], e.data["chips"]) for e in ev if e.kind == "chips"]
    assert pay == [(1, 2, 1)]
    assert [e.seat for e in ev if e.kind == "out"] == [0]
    assert m.status(0)["out"] is True and m.status(0)["chips"] == 0
    # after the hand 0, 4, 6; the next hand's ante from seats 1 and 2 only: 0, 3, 5, pot 5
    assert [m.status(s)["chips"] for s in range(3)] == [0, 3, 5] and m.view(0)["pot"] == 5
    assert sum(m.status(s)["chips"] for s in range(3)) + m.view(0)["pot"] == 13
    assert not m.is_over and m.hand_number == 2 and m.current_seat != 0


# ---------------------------------------------------------------- 7. variants
PRESETS = {
    "standard": {},
    "ninety-nine": {"limit": 99, "fours": "reverse", "threes": "skip"},
    "teams": {"teams": "pairs"},
    "reverse-fours": {"fours": "reverse"},
    "jumping-jacks": {"jacks": "skip"},
    "fast": {"limit": 50},
    "five-card": {"hand_size": 5},
    "single-hand": {"scoring": "single"},
    "stakes": {"scoring": "stakes"},
}
DEFAULTS = {"limit": 98, "hand_size": 4, "fours": "add", "threes": "add", "jacks": "add", "teams": "off",
            "scoring": "penalties", "lives": 3, "chips": 10, "ante": 1, "hands": 10, "decks": "auto"}


def test_7_option_table() -> None:
    """ninety-eight 7: every option with its default, first in the table."""
    assert {k: o.default for k, o in INFO.options.items()} == DEFAULTS


@pytest.mark.parametrize("name,good,bad", [
    ("limit", [20, 999, "150"], [19, 1000, "x", True]),
    ("hand_size", [3, 7], [2, 8]),
    ("fours", ["add", "reverse", "REVERSE"], ["skip", 4]),
    ("threes", ["add", "skip"], ["reverse"]),
    ("jacks", ["add", "skip"], ["reverse"]),
    ("teams", ["off", "pairs"], ["trios"]),
    ("scoring", ["penalties", "single", "stakes"], ["points"]),
    ("lives", [1, 99], [0, 100]),
    ("chips", [1, 999], [0, 1000]),
    ("ante", [0, 99], [-1, 100]),
    ("hands", [1, 999], [0, 1000]),
    ("decks", ["auto", 1, 2], [0, 3, "three"]),
])
def test_7_option_values(name: str, good: list[Any], bad: list[Any]) -> None:
    """ninety-eight 7: each option's allowed values; anything else is a ValueError naming it."""
    for v in good:
        assert INFO.resolve(4, None, {name: v})[name] == INFO.options[name].coerce(v)
    for v in bad:
        with pytest.raises(ValueError, match=name):
            new_match(G, 4, options={name: v}, seed=1)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_7_presets(preset: str) -> None:
    """ninety-eight 7 presets: each differs from standard by exactly what the rules page lists, and plays to an end."""
    assert set(INFO.presets) == set(PRESETS)
    assert INFO.resolve(4, preset) == {**DEFAULTS, **PRESETS[preset]}
    assert INFO.presets[preset].description
    m = new_match(G, 4, preset=preset, seed=21)
    play_out(m, seed=21)
    assert m.is_over and m.winners


def test_7_preset_ninety_nine_king_sets_99() -> None:
    """ninety-eight 7 preset ninety-nine (Kings set 99 by 2.2)"""
    m = nd(3, {1: ["KS", "KH"], 2: ["4S"], 0: ["3S"]}, preset="ninety-nine")
    m.apply("KS")
    assert m.total == 99
    m.apply("4S")
    assert m.total == 99 and m.direction == -1 and m.current_seat == 1


def test_7_preset_options_combine_with_overrides() -> None:
    """ninety-eight 7: options override the preset."""
    m = new_match(G, 4, preset="fast", options={"limit": 60}, seed=1)
    assert m.options["limit"] == 60


@pytest.mark.parametrize("fours", ["add", "reverse"])
def test_7_fours(fours: str) -> None:
    """ninety-eight 7 fours: reverse: a 4 adds 0 and reverses the direction."""
    m = nd(4, {1: ["9S"], 2: ["4S"]}, fours=fours)
    m.apply("9S")
    ev = m.apply("4S")
    if fours == "reverse":
        assert m.total == 9 and m.direction == -1 and m.current_seat == 1 and "reverse" in kinds(ev)
        m.apply(m.legal_actions()[0])
        assert m.current_seat == 0
    else:
        assert m.total == 13 and m.direction == 1 and m.current_seat == 3 and "reverse" not in kinds(ev)


@pytest.mark.parametrize("option,card", [("threes", "3S"), ("jacks", "JS")])
@pytest.mark.parametrize("mode", ["add", "skip"])
def test_7_threes_and_jacks(option: str, card: str, mode: str) -> None:
    """ninety-eight 7 threes / jacks: skip: the card adds 0 and the next seat misses its turn."""
    m = nd(4, {1: ["9S"], 2: [card]}, **{option: mode})
    m.apply("9S")
    ev = m.apply(card)
    if mode == "skip":
        assert m.total == 9 and m.current_seat == 0
        assert [e.seat for e in ev if e.kind == "skip"] == [3]
    else:
        assert m.total == 9 + (3 if card[0] == "3" else 10) and m.current_seat == 3 and "skip" not in kinds(ev)


def test_7_jumping_jacks_queen_still_ten() -> None:
    """ninety-eight 7 preset jumping-jacks: only the J changes."""
    m = nd(3, {1: ["QS"], 2: ["JS"]}, preset="jumping-jacks")
    m.apply("QS")
    m.apply("JS")
    assert m.total == 10 and m.current_seat == 1


def test_7_hand_size_option_refills() -> None:
    """ninety-eight 7 hand_size: every seat holds hand_size cards and refills to it."""
    m = new_match(G, 2, preset="five-card", seed=6)
    assert all(len(m.hand(s)) == 5 for s in range(2))
    seat = m.current_seat
    assert seat is not None
    m.apply(m.legal_actions()[0])
    assert len(m.hand(seat)) == 5


def test_7_lives_option() -> None:
    """ninety-eight 7 lives"""
    m = nd(3, {1: ["9S"], 2: ["9H"], 0: ["5C", "6C", "7C", "8C"]}, limit=20, lives=2)
    m.apply("9S")
    m.apply("9H")
    assert m.status(0) == {"in_hand": False, "out": False, "penalties": 1, "lives": 1}


def test_7_1_two_seats_reverse_changes_nothing() -> None:
    """ninety-eight 7.1: with two seats in the hand a reverse does not change who plays next."""
    m = nd(2, {1: ["4S"], 0: ["5S"]}, preset="reverse-fours")
    events = m.apply("4S")
    assert m.current_seat == 0 and m.direction == -1
    assert [e.data for e in events if e.kind == "reverse"] == [{"direction": -1, "same_next": True}]
    m.apply("5S")
    assert m.current_seat == 1


@pytest.mark.parametrize("option,card", [("threes", "3S"), ("jacks", "JS")])
def test_7_1_two_seats_skip_plays_again(option: str, card: str) -> None:
    """ninety-eight 7.1: with two seats in the hand a skip means the player plays again."""
    m = nd(2, {1: [card, "5S"]}, **{option: "skip"})
    m.apply(card)
    assert m.current_seat == 1
    m.apply("5S")
    assert m.current_seat == 0


def test_7_1_two_seats_left_in_a_larger_hand() -> None:
    """ninety-eight 7.1: it is the seats in the hand that count, not the table."""
    m, stuck, _ = stuck_at_18(3, first=1, threes="skip")
    assert stuck == 0 and m.current_seat == 1
    # seat 1 opens; with seats 1 and 2 left, a 3 lets seat 1 play again
    hand = m.hand(1)
    threes = [c for c in hand if c[0] == "3"]
    if not threes:
        pytest.fail(f"stacked deck should give seat 1 a three, got {hand}")
    m.apply(threes[0])
    assert m.current_seat == 1


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_7_2_teams_need_even_seats_at_least_four(players: int) -> None:
    """ninety-eight 7.2"""
    with pytest.raises(ValueError, match="teams"):
        new_match(G, players, preset="teams", seed=1)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_7_2_partners_sit_opposite(players: int) -> None:
    """ninety-eight 7.2: partners are seat i and i + n/2."""
    m = new_match(G, players, preset="teams", seed=1)
    half = players // 2
    assert sorted(m.view(0)["teams"]) == [[i, i + half] for i in range(half)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_7_2_the_partners_are_known_before_the_deal(players: int) -> None:
    """ninety-eight 7.2: ``GAMES[g].teams`` gives the partnerships a lobby shows before any
    match is dealt, the same as the match's ``view["teams"]`` once it is; None without teams,
    and the same refusal as ``new_match`` where teams cannot be."""
    half = players // 2
    assert INFO.teams(players) is None and INFO.teams(players, "stakes") is None
    if players % 2 or players < 4:
        with pytest.raises(ValueError, match="teams"):
            INFO.teams(players, "teams")
        return
    assert INFO.teams(players, "teams") == [[i, i + half] for i in range(half)]
    assert INFO.teams(players, "standard", {"teams": "pairs"}) == new_match(G, players, preset="teams", seed=1).view(2)["teams"]
    assert INFO.teams(players, "teams", {"teams": "off"}) is None


def test_7_2_partner_eliminated_together_one_penalty() -> None:
    """ninety-eight 7.2: when one partner is eliminated the other goes too; the team takes one
    penalty. The seat that could not play is told first, its partner after it (the log names
    them in that order)."""
    hands = {1: ["9S"], 2: ["9H"], 3: ["5C", "6C", "7C", "8C"]}
    m = nd(6, hands, preset="teams", limit=20, decks=1)
    m.apply("9S")
    held = m.hand(0) + m.hand(3)
    ev = m.apply("9H")  # 18: seat 3 is stuck, and its partner seat 0 goes with it
    assert [e.seat for e in ev if e.kind == "eliminated"] == [3, 0]
    # their hands are set aside in seat order, whoever is told first: the state (and so every
    # later shuffle) is what match logs made before recorded
    assert [CARD_STR[c] for c in state(m)["aside"][-len(held):]] == held
    assert [e.kind for e in ev].count("penalty") == 1
    assert m.status(0)["penalties"] == m.status(3)["penalties"] == 1
    assert m.status(0)["lives"] == m.status(3)["lives"] == 2
    assert m.hand(0) == [] and m.hand(3) == []
    assert m.current_seat == 4  # the next active after seat 3
    assert m.status(1)["penalties"] == 0


def test_7_2_team_with_partner_eliminated_hand_goes_to_other_team() -> None:
    """ninety-eight 7.2 (4 seats): seat 3 stuck takes seat 1 with it; team 0+2 wins the hand and, with one life, the match."""
    hands = {1: ["9S"], 2: ["9H"], 3: ["5C", "6C", "7C", "8C"]}
    m = nd(4, hands, preset="teams", limit=20, lives=1)
    m.apply("9S")
    ev = m.apply("9H")
    assert sorted(e.seat for e in ev if e.kind == "eliminated") == [1, 3]
    assert next(e for e in ev if e.kind == "hand_over").data["winners"] == [0, 2]
    assert m.is_over and m.winners == [0, 2]


def test_7_2_teams_stakes() -> None:
    """ninety-eight 7.2: with stakes a team antes once, pays one chip when eliminated, collects one per team."""
    hands = {1: ["9S"], 2: ["9H"], 3: ["5C", "6C", "7C", "8C"]}
    m = nd(4, hands, preset="teams", limit=20, scoring="stakes")
    assert m.view(0)["pot"] == 2
    assert [m.status(s)["chips"] for s in range(4)] == [9, 9, 9, 9]
    m.apply("9S")
    m.apply("9H")
    # team 1+3 paid one chip to team 0+2, then both anted again
    assert [m.status(s)["chips"] for s in range(4)] == [9, 7, 9, 7]
    assert m.view(0)["pot"] == 4 and m.hand_number == 2


def test_7_2_teams_play_to_the_end() -> None:
    """ninety-eight 7.2: partners are in and out of the match together."""
    for seed in range(4):
        m = new_match(G, 6, preset="teams", seed=seed)
        rng = random.Random(seed)
        for _ in range(20000):
            if m.is_over:
                break
            m.apply(rng.choice(m.legal_actions()))
            for s in range(3):
                assert m.status(s) == {**m.status(s + 3), "in_hand": m.status(s)["in_hand"]}
                assert m.status(s)["in_hand"] == m.status(s + 3)["in_hand"]
        assert m.is_over and len(m.winners) == 2 and m.winners[1] - m.winners[0] == 3


# ---------------------------------------------------------------- README common rules
def test_common_cut_highest_rank_deals_ace_high() -> None:
    """README first dealer: every seat is shown one card; the highest rank (ace high) deals."""
    order = "23456789TJQKA"
    for seed in range(40):
        m = new_match(G, 4, seed=seed)
        last = m.cut[-1]
        contenders = [s for s in range(4) if last[s] is not None]
        best = max(contenders, key=lambda s: order.index("A23456789TJQK"[last[s]]))  # type: ignore[index]
        assert m.dealer == best
        ranks = [r for r in m.view(0)["cut"][-1] if r is not None]
        assert all(r in "A23456789TJQK" for r in ranks)


def test_common_cut_ties_cut_again_among_themselves() -> None:
    """README first dealer: seats that tie for highest cut again among themselves."""
    found = 0
    for seed in range(300):
        m = new_match(G, 8, seed=seed)
        if len(m.cut) < 2:
            continue
        found += 1
        for prev, row in zip(m.cut, m.cut[1:]):
            ace_high = {s: (r - 1) % 13 for s, r in enumerate(prev) if r is not None}
            top = max(ace_high.values())
            tied = sorted(s for s, v in ace_high.items() if v == top)
            assert len(tied) > 1
            assert sorted(s for s, r in enumerate(row) if r is not None) == tied
        last = {s: (r - 1) % 13 for s, r in enumerate(m.cut[-1]) if r is not None}
        assert list(last.values()).count(max(last.values())) == 1
        assert m.dealer == max(last, key=lambda s: last[s])
        cut_events = [e for e in m.start_events if e.kind == "cut"]
        assert len(cut_events) == len(m.cut)
    assert found >= 5


def test_common_no_cut_when_dealer_given() -> None:
    """README / engine contract: dealer given means no cut."""
    m = new_match(G, 4, seed=1, dealer=2)
    assert m.cut == [] and m.dealer == 2 and "cut" not in kinds(m.start_events)


@pytest.mark.parametrize("players,dealer", [(2, 0), (2, 1), (4, 2), (5, 4), (8, 7)])
def test_common_deal_one_at_a_time_from_seat_after_dealer(players: int, dealer: int) -> None:
    """README dealing: one card at a time, from the seat after the dealer, clockwise; the rest is the stock."""
    deck = [CARD_STR[c] for c in full_deck(2 if players >= 6 else 1)]
    random.Random(players * 10 + dealer).shuffle(deck)
    m = new_match(G, players, deck=deck, dealer=dealer, seed=1)
    for i in range(4 * players):
        seat = (dealer + 1 + i) % players
        assert m.hand(seat)[i // players] == deck[i]
    stock = [CARD_STR[c] for c in reversed(state(m)["stock"])]  # top first
    assert stock == deck[4 * players:]
    assert m.current_seat == (dealer + 1) % players  # README first player


def test_common_later_deals_shuffle_from_the_seed() -> None:
    """engine contract deck: only the first deal follows the given deck; later ones shuffle from the seed."""
    deck = [CARD_STR[c] for c in full_deck(1)]
    hands2 = []
    for seed in (1, 2, 1):
        m = new_match(G, 2, options={"limit": 20}, deck=stacked_deck(2, {1: ["9S", "5C", "6C", "8C"], 0: ["9H"]}, ["7C"]),
                      dealer=0, seed=seed)
        m.apply("9S")
        m.apply("9H")
        assert m.hand_number == 2
        hands2.append((m.hand(0), m.hand(1)))
    assert hands2[0] != hands2[1] and hands2[0] == hands2[2]
    assert hands2[0] != (deck[0:8:2], deck[1:8:2])


def test_common_not_enough_cards_boundary() -> None:
    """README not enough cards: 7 x 7 from one deck fits, 8 x 7 does not; two decks fit 8 x 7."""
    assert new_match(G, 7, options={"hand_size": 7, "decks": 1}, seed=1).stock_count == 3
    with pytest.raises(ValueError, match="not enough cards"):
        new_match(G, 8, options={"hand_size": 7, "decks": 1}, seed=1)
    assert new_match(G, 8, options={"hand_size": 7}, seed=1).stock_count == 104 - 56
    # said as the options are resolved (a picker, a command line, a lobby), the decks named
    with pytest.raises(ValueError) as refused:
        GAMES[G].resolve(8, None, {"hand_size": 7, "decks": 1})
    assert str(refused.value) == "option 'decks': not enough cards: the deal needs 56, 1 deck holds 52"
    GAMES[G].resolve(7, None, {"hand_size": 7, "decks": 1})


def test_common_seeded_determinism() -> None:
    """README shuffling: the same seed, options and actions replay identically."""
    def run(seed: int) -> tuple[bytes, list[dict[str, Any]]]:
        m = new_match(G, 4, preset="ninety-nine", seed=seed)
        rng = random.Random(99)
        log: list[dict[str, Any]] = [e.to_dict() for e in m.start_events]
        for _ in range(3000):
            if m.is_over:
                break
            log += [e.to_dict() for e in m.apply(rng.choice(m.legal_actions()))]
        return m.snapshot(), log

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_common_hidden_information_in_events() -> None:
    """README hidden information: dealt and drawn cards reach only their owner."""
    m = new_match(G, 3, seed=1, dealer=0)
    for e in m.start_events:
        if e.kind == "hand":
            assert "cards" in e.for_seat(e.seat) and "cards" not in e.for_seat((e.seat + 1) % 3)
            assert "cards" not in e.for_seat(None)
