"""Ninety-Nine, section by section (``shared/rules/ninety-nine.md``), with stacked decks."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from core import GAMES, IllegalAction, Match, new_match
from core.cards import CARD_STR, RANKS, SUITS
from core.events import Event

GAME = "ninety-nine"
ONE_DECK = [r + s for s in SUITS for r in RANKS]


def stacked(players: int, plays: list[tuple[int, str]], dealer: int, *,
            hands: dict[int, list[str]] | None = None, no_draw: tuple[int, ...] = (),
            decks: int = 1) -> list[str]:
    """A full deck that deals and feeds ``plays`` (seat, action) in that order.

    Each seat's first three cards are its hand (``hands`` adds cards held but not played,
    the rest is padded with unused cards); the draw after play ``i`` (unless ``i`` is in
    ``no_draw``) brings that seat's next card to play, or an unused card.
    """
    played: dict[int, list[str]] = {s: [] for s in range(players)}
    for seat, action in plays:
        played[seat].append(action[:2])
    pool = Counter(ONE_DECK * decks)
    pool.subtract(c for cards in played.values() for c in cards)
    pool.subtract(c for cards in (hands or {}).values() for c in cards)
    assert all(v >= 0 for v in pool.values()), "a card is used more often than the decks hold"
    spare: list[str] = []
    for c in ONE_DECK * decks:
        if pool[c] > 0:
            pool[c] -= 1
            spare.append(c)

    def filler() -> str:
        return spare.pop()

    hand = {s: (played[s] + (hands or {}).get(s, []))[:3] for s in range(players)}
    rest = {s: (played[s] + (hands or {}).get(s, []))[3:] for s in range(players)}
    for s in range(players):
        while len(hand[s]) < 3:
            hand[s].append(filler())
    stock: list[str] = []
    for i, (seat, _) in enumerate(plays):
        if i not in no_draw:
            stock.append(rest[seat].pop(0) if rest[seat] else filler())
    order = []
    for k in range(3):
        for i in range(1, players + 1):
            order.append(hand[(dealer + i) % players][k])
    return order + stock + spare[::-1]


def start(players: int, plays: list[tuple[int, str]] = (), dealer: int | None = None,
          preset: str = "standard", **options: Any) -> Match:
    """A match stacked for ``plays``; the dealer is the last seat, so seat 0 plays first."""
    dealer = players - 1 if dealer is None else dealer
    hands = options.pop("hands", None)
    no_draw = options.pop("no_draw", ())
    decks = 2 if players >= 6 or options.get("decks") == 2 else 1
    deck = stacked(players, list(plays), dealer, hands=hands, no_draw=no_draw, decks=decks)
    return new_match(GAME, players, preset, options, seed=11, deck=deck, dealer=dealer)


def run(m: Match, plays: list[tuple[int, str]]) -> list[Event]:
    """Apply the plays, each by its seat, which must be the seat to act."""
    events: list[Event] = []
    for seat, action in plays:
        assert m.current_seat == seat, (action, m.current_seat, seat)
        events += m.apply(action, seat=seat)
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def chip_events(events: list[Event]) -> list[tuple[int | None, int, int]]:
    return [(e.seat, e.data["delta"], e.data["left"]) for e in events if e.kind == "chips"]


def totals(m: Match, plays: list[tuple[int, str]]) -> list[int]:
    out = []
    for seat, action in plays:
        assert m.current_seat == seat
        m.apply(action, seat=seat)
        out.append(m.total)
    return out


def at(total: int, card: str, players: int = 2, **options: Any) -> Match:
    """Position set-up: seat 0 to play ``card`` on ``total`` (the total is set directly, the
    one state a stacked deck cannot reach in one play)."""
    m = start(players, [(0, card)], **options)
    m.total = total
    return m


# ---------------------------------------------------------------- 1. players, deck, chips
@pytest.mark.parametrize("players", [1, 9])
def test_1_1_two_to_eight_players(players: int) -> None:
    """ninety-nine 1.1: 2 to 8 players, others refused."""
    with pytest.raises(ValueError, match="players"):
        new_match(GAME, players, seed=1)

@pytest.mark.parametrize("players", range(2, 9))
def test_1_1_two_to_eight_players_are_dealt(players: int) -> None:
    """ninety-nine 1.1: every table of 2 to 8 seats is dealt (3.1: 3 cards each), from one
    52-card deck up to 5 seats and from two decks (every card twice) with 6 or more."""
    info = GAMES[GAME]
    assert (info.min_players, info.max_players) == (2, 8)
    m = new_match(GAME, players, seed=1)
    decks = 2 if players >= 6 else 1
    assert m.players == players and m.current_seat is not None and not m.is_over
    assert [len(m.hand(s)) for s in range(players)] == [3] * players
    assert len(m.full_deck()) == 52 * decks and m.stock_count == 52 * decks - 3 * players
    held = [c for s in range(players) for c in m.hand(s)] + [CARD_STR[c] for c in m.stock]
    assert Counter(held) == Counter(ONE_DECK * decks)
    assert [m.status(s)["chips"] for s in range(players)] == [9] * players


@pytest.mark.parametrize("players,decks,cards", [
    (2, "auto", 52), (5, "auto", 52), (6, "auto", 104), (8, "auto", 104), (8, 1, 52), (2, 2, 104)])
def test_1_1_decks(players: int, decks: Any, cards: int) -> None:
    """ninety-nine 1.1: one deck up to 5 players, two with 6 or more (option decks)."""
    m = new_match(GAME, players, options={"decks": decks}, seed=3)
    held = [c for s in range(players) for c in m.hand(s)] + [CARD_STR[c] for c in m.stock]
    assert Counter(held) == Counter(ONE_DECK * (cards // 52))


def test_1_1_two_decks_one_action_per_card() -> None:
    """ninety-nine 1.1: with two decks both copies of a card are one action."""
    m = start(6, [(0, "KS")], hands={0: ["KS", "5H"]})
    assert sorted(m.hand(0)) == ["5H", "KS", "KS"]
    assert sorted(map(str, m.legal_actions())) == ["5H", "KS"]
    m.apply("KS")
    assert m.hand(0).count("KS") == 1 and m.total == 10


def test_1_2_chips_option() -> None:
    """ninety-nine 1.2 / 7: every seat starts with ``chips`` (9) chips, 1..99."""
    m = new_match(GAME, 4, seed=1)
    assert [m.status(s)["chips"] for s in range(4)] == [9] * 4
    assert new_match(GAME, 3, options={"chips": 99}, seed=1).status(2)["chips"] == 99
    assert new_match(GAME, 3, options={"chips": 1}, seed=1).view(0)["chips"] == [1, 1, 1]
    for bad in (0, 100, "nine", True):
        with pytest.raises(ValueError, match="chips"):
            new_match(GAME, 3, options={"chips": bad}, seed=1)


def test_1_2_out_at_once_mid_round_hand_set_aside() -> None:
    """ninety-nine 1.2 / 4.1: a seat at 0 chips is out at once, mid-round, its hand set aside;
    the round goes on without it."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "5S"),  # 10 20 30 35: seat 0 passes 33
             (1, "9S"), (2, "9H"), (1, "9D")]
    # 8C comes with seat 0's first draw; out, seat 0 does not draw after its 5S
    m = start(3, plays, chips=1, hands={0: ["7C", "8C"]}, no_draw=(3,))
    run(m, plays[:3])
    events = m.apply("5S")
    version = m.view(0)["version"]  # the match's version after the move
    assert kinds(events) == ["play", "passing", "chips", "out"]  # and no draw once out
    assert chip_events(events) == [(0, -1, 0)]
    # out_at: the version after the move that put it out (its place among those out, told to an
    # app come in later)
    assert m.status(0) == {"in_hand": False, "out": True, "out_at": version, "chips": 0}
    assert "out_at" not in m.status(1)
    assert m.hand(0) == [] and sorted(_aside(m)) == ["7C", "8C"]
    assert m.current_seat == 1 and m.total == 35 and m.hand_number == 1 and not m.is_over
    assert m.legal_actions(0) == [] and m.view(0)["hand"] == []
    run(m, plays[4:])  # seat 0 is skipped from now on
    assert m.current_seat == 2


def _aside(m: Match) -> list[str]:
    return [CARD_STR[c] for c in m.aside]


def test_1_3_last_seat_with_chips_wins() -> None:
    """ninety-nine 1.3 / 4.2: landing takes the others' last chips: the match ends at once."""
    plays = [(0, "KS"), (1, "KH"), (2, "3D"), (0, "QS")]  # 10 20 23 33
    m = start(3, plays, chips=1)
    events = run(m, plays)
    assert kinds(events)[-7:] == ["play", "landing", "chips", "out", "chips", "out", "match_over"]
    assert chip_events(events) == [(1, -1, 0), (2, -1, 0)]
    assert m.is_over and m.winners == [0] and m.current_seat is None
    assert m.legal_actions() == [] and m.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        m.apply("9S", seat=0)


# ---------------------------------------------------------------- 2. card values
@pytest.mark.parametrize("o,action,t", [
    (0, "AS+1", 1), (0, "AS+11", 11), (40, "AS+11", 51),
    (0, "2S", 0), (8, "2S", 16), (48, "2S", 96), (49, "2S", 98), (50, "2S", 25), (51, "2S", 102),
    (52, "2S", 26), (98, "2S", 49), (23, "2S", 46),
    (5, "3S", 8), (5, "5S", 10), (5, "6S", 11), (5, "7S", 12), (5, "8S", 13), (5, "4S", 9),
    (40, "9S", 40), (0, "9S", 0),
    (40, "TS+10", 50), (40, "TS-10", 30), (10, "TS-10", 0), (3, "TS-10", 0), (0, "TS-10", 0),
    (40, "JS", 50), (40, "QS", 50), (40, "KS", 50),
])
def test_2_card_values(o: int, action: str, t: int) -> None:
    """ninety-nine 2 and 2.1: each card's effect on the total; never below 0."""
    m = at(o, action, chips=99)
    events = m.apply(action)
    assert events[0].kind == "play" and events[0].data["total"] == t
    assert m.total == (t if t < 99 else 0)  # 3.4: over 99 ends the round


def test_2_ace_and_ten_offer_both_values_always() -> None:
    """ninety-nine 2 / 2.2: an ace is +1 or +11, a ten +10 or -10, both listed even when they
    cost chips; a card given without its value is refused with the choice named."""
    m = at(95, "AS", hands={0: ["TS", "KS"]})
    assert sorted(map(str, m.legal_actions())) == ["AS+1", "AS+11", "KS", "TS+10", "TS-10"]
    with pytest.raises(IllegalAction, match=r"AS\+1 or AS\+11"):
        m.apply("AS")
    assert m.total == 95 and m.version == 0


def test_2_2_every_card_always_playable() -> None:
    """ninety-nine 2.2: at 95 every card, even one that goes over 99, is legal."""
    m = at(95, "KS", hands={0: ["QS", "JS"]})
    assert sorted(map(str, m.legal_actions())) == ["JS", "KS", "QS"]
    events = m.apply("QS")
    assert "over" in kinds(events) and m.hand_number == 2


def test_2_four_reverses() -> None:
    """ninety-nine 2: a 4 adds 4 and reverses the direction of play."""
    m = start(4, [(0, "4S"), (3, "4H"), (0, "KS")])
    events = run(m, [(0, "4S")])
    assert m.direction == -1 and m.current_seat == 3 and m.total == 4
    assert [e.data for e in events if e.kind == "reverse"] == [{"direction": -1, "same_next": False}]
    run(m, [(3, "4H")])
    assert m.direction == 1 and m.current_seat == 0 and m.total == 8
    run(m, [(0, "KS")])
    assert m.current_seat == 1


def test_2_four_with_two_seats_no_effect_on_turns() -> None:
    """ninety-nine 2: with two seats a 4 does not change whose turn it is."""
    m = start(2, [(0, "4S"), (1, "4H"), (0, "KS"), (1, "KH")])
    events = run(m, [(0, "4S")])
    # the event says so, for the log to tell the player the turns go on as they were
    assert [e.data for e in events if e.kind == "reverse"] == [{"direction": -1, "same_next": True}]
    run(m, [(1, "4H"), (0, "KS"), (1, "KH")])
    assert m.current_seat == 0 and m.total == 28


def test_2_jack_skips_next_seat() -> None:
    """ninety-nine 2: a J adds 10 and the next seat misses its turn."""
    m = start(4, [(0, "JS")])
    events = m.apply("JS")
    assert m.total == 10 and m.current_seat == 2
    assert [e.seat for e in events if e.kind == "skip"] == [1]


def test_2_jack_after_reverse_skips_the_other_way() -> None:
    """ninety-nine 2: the skip follows the current direction."""
    m = start(4, [(0, "4S"), (3, "JS")])
    run(m, [(0, "4S"), (3, "JS")])
    assert m.current_seat == 1 and m.total == 14


def test_2_jack_two_seats_plays_again() -> None:
    """ninety-nine 2: with two seats a J lets the player play again."""
    m = start(2, [(0, "JS"), (0, "KS"), (1, "KH")])
    run(m, [(0, "JS"), (0, "KS"), (1, "KH")])
    assert m.total == 30 and m.current_seat == 0


# ---------------------------------------------------------------- 3. a round
def test_3_1_deal() -> None:
    """ninety-nine 3.1: 3 cards each from the seat after the dealer, total 0, that seat first."""
    deck = ONE_DECK[::-1]
    m = new_match(GAME, 4, deck=deck, dealer=1, seed=2)
    assert m.hand(2) == [deck[0], deck[4], deck[8]]
    assert m.hand(1) == [deck[3], deck[7], deck[11]]
    assert m.total == 0 and m.direction == 1 and m.current_seat == 2 and m.hand_number == 1
    assert m.stock_count == 52 - 12 and m.top is None
    assert m.legal_actions(1) == [] and m.legal_actions(3) == []


def test_3_1_cut_chooses_the_first_dealer() -> None:
    """ninety-nine 3.1 / README: without ``dealer`` the cut chooses, and play starts after."""
    m = new_match(GAME, 5, seed=9)
    assert m.current_seat == (m.dealer + 1) % 5 and m.cut


def test_3_2_play_then_draw_automatically() -> None:
    """ninety-nine 3.2: the new total is announced, then the player draws one card."""
    m = start(3, [(0, "7S")], hands={0: ["KD", "QD"]})
    stock = m.view(None)["stock_count"]
    events = m.apply("7S")
    assert kinds(events) == ["play", "draw"]
    assert events[0].data == {"card": "7S", "action": "7S", "total": 7}
    assert len(m.hand(0)) == 3 and m.stock_count == stock - 1
    assert events[1].for_seat(1) == {"kind": "draw", "seat": 0, "count": 1}
    assert events[1].for_seat(0)["cards"] == [m.hand(0)[-1]] and m.hand(0)[:2] == ["KD", "QD"]
    assert m.legal_actions(0) == []  # auto draw: no draw action


ROUTE_53 = [(0, "KS"), (1, "KH"), (0, "KD"), (1, "3S"), (0, "KC"), (1, "QS")]  # 10 20 30 33 43 53


def test_3_3_sheet_example_53_doubles_to_106() -> None:
    """ninety-nine 3.3 (sheet example): at 53 a 2 doubles to 106: passes 66 (1) and goes
    over 99 (2): 3 chips, and the round ends."""
    plays = ROUTE_53 + [(0, "2S")]
    m = start(2, plays)
    assert totals(m, ROUTE_53) == [10, 20, 30, 33, 43, 53]
    assert m.status(0)["chips"] == 8  # seat 1 landed on 33; seat 0's 43 started on the mark
    events = m.apply("2S")
    assert kinds(events)[:6] == ["play", "passing", "chips", "over", "chips", "round_over"]
    assert events[0].data["total"] == 106
    assert events[1].data == {"mark": 66} and events[3].data == {"total": 106}
    assert chip_events(events) == [(0, -1, 7), (0, -2, 5)]
    assert [m.status(s)["chips"] for s in (0, 1)] == [5, 9]
    assert events[5].data == {"round": 1, "reason": "over", "total": 106}
    assert m.hand_number == 2 and m.total == 0


def test_3_3_sheet_example_29_plus_7() -> None:
    """ninety-nine 3.3 (sheet example): at 29 a 7 makes 36: passes 33, 1 chip."""
    plays = [(0, "KS"), (1, "KH"), (0, "6S"), (1, "3S"), (0, "7S")]  # 10 20 26 29 36
    m = start(2, plays)
    events = run(m, plays)
    assert m.total == 36
    assert [e.data for e in events if e.kind == "passing"] == [{"mark": 33}]
    assert chip_events(events) == [(0, -1, 8)]
    assert m.hand_number == 1 and m.current_seat == 1


def test_3_3_coming_down_costs_nothing() -> None:
    """ninety-nine 3.3 Decision (sheet examples): at 56 a 2 halves to 28, and at 76 a 10
    played as -10 comes back onto 66: nobody loses a chip."""
    plays = ROUTE_53 + [(0, "3D"), (1, "2S")]  # 56, then halved to 28
    m = start(2, plays)
    run(m, ROUTE_53)
    events = run(m, plays[len(ROUTE_53):])
    assert m.total == 28 and chip_events(events) == []

    plays = ROUTE_53 + [(0, "QD"), (1, "3H"), (0, "QC"), (1, "TS-10")]  # 63 66 76 66
    m = start(2, plays)
    run(m, ROUTE_53)
    assert totals(m, plays[6:8]) == [63, 66]
    assert [m.status(s)["chips"] for s in (0, 1)] == [7, 9]  # landed twice by seat 1
    events = run(m, plays[8:])
    assert m.total == 66 and chip_events(events) == [] and "landing" not in kinds(events)


@pytest.mark.parametrize("o,action,mine,others,ends", [
    (23, "KS", 0, -1, False),     # lands on 33
    (22, "AS+11", 0, -1, False),  # lands on 33
    (60, "6S", 0, -1, False),     # lands on 66
    (33, "2S", 0, -1, False),     # 33 doubles onto 66: lands, and does not pass 33
    (33, "9S", 0, 0, False),      # stays on 33: no landing (o < t fails)
    (43, "TS-10", 0, 0, False),   # down onto 33
    (66, "2S", 0, 0, False),      # halves onto 33
    (30, "5S", -1, 0, False),     # passes 33
    (33, "KS", 0, 0, False),      # starts on the mark: does not pass it
    (66, "AS+11", 0, 0, False),   # starts on the mark
    (32, "2S", -1, 0, False),     # 64: passes 33
    (29, "2S", -1, 0, False),     # 58
    (48, "2S", -1, 0, False),     # 96: passes 66
    (65, "AS+11", -1, 0, False),  # 76
    (89, "KS", 0, -2, True),      # 99
    (98, "AS+1", 0, -2, True),    # 99
    (88, "AS+11", 0, -2, True),   # 99
    (90, "KS", -2, 0, True),      # 100: over
    (97, "2S", -2, 0, True),      # 194: over (97 is odd)
    (53, "2S", -3, 0, True),      # 106: passes 66 and goes over (the sheet's example)
    (65, "2S", -3, 0, True),      # 130: passes 66 and goes over
    (31, "2S", -1, 0, False),     # 62: passes 33
    (16, "2S", 0, 0, False),      # 32
    (17, "2S", -1, 0, False),     # 34
    (32, "AS+1", 0, -1, False),   # lands on 33
    (95, "TS-10", 0, 0, False),   # 85: down across 66 costs nothing
])
def test_3_3_landing_passing_99_over(o: int, action: str, mine: int, others: int, ends: bool) -> None:
    """ninety-nine 3.3: landing, passing (o < M < t), 99 and over 99, costs added up."""
    m = at(o, action, players=3)
    m.apply(action)
    assert [m.status(s)["chips"] - 9 for s in range(3)] == [mine, others, others]
    assert (m.hand_number == 2) is ends


def test_2_and_3_3_the_rule_functions_count_as_the_engine_plays() -> None:
    """ninety-nine 2, 2.1 and 3.3: ``total_after`` and ``chips``, which the bots and the table's
    words count with, give what the engine does for every total and every way to play a card."""
    from core.games.ninety_nine import chips, total_after

    for o in range(99):
        for action in ("AS+1", "AS+11", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS+10", "TS-10",
                       "JS", "QS", "KS"):
            m = at(o, action, players=3)
            m.apply(action)
            t = total_after(o, RANKS.index(action[0]), int(action[2:]) if len(action) > 2 else None)
            # (at 99 or over the round ends, 3.4: a new one starts from 0)
            assert m.total == t if m.hand_number == 1 else t >= 99, (o, action)
            mine, others = chips(o, t)
            assert [m.status(s)["chips"] - 9 for s in range(3)] == [-mine, -others, -others], (o, action)


def test_3_3_order_and_one_by_one() -> None:
    """ninety-nine 3.3 / 4.1: passing then over, chips one by one: with 2 chips the player
    loses 1 for passing 66, its last one (of the 2 due) for going over, and is out."""
    plays = [(1, "KS"), (2, "KH"), (0, "KD"), (1, "3S"), (2, "KC"), (0, "QS"), (1, "2S")]
    m = start(3, plays, dealer=0, chips=2)
    run(m, plays[:-1])  # 10 20 30 33 43 53: seat 1 lands on 33, seats 2 and 0 lose 1
    assert [m.status(s)["chips"] for s in range(3)] == [1, 2, 1]
    events = m.apply("2S")
    assert kinds(events)[:7] == ["play", "passing", "chips", "over", "chips", "out", "round_over"]
    assert chip_events(events) == [(1, -1, 1), (1, -1, 0)]
    assert m.out == [False, True, False] and not m.is_over and m.hand_number == 2


def test_4_2_match_ends_at_once_mid_play() -> None:
    """ninety-nine 4.2: the seat's last chip goes on passing 66; one seat is left with chips,
    so the match ends there, before the over-99 step."""
    plays = ROUTE_53 + [(0, "2S")]
    m = start(2, plays, chips=2)
    run(m, ROUTE_53)  # seat 1 landed on 33: seat 0 has 1 chip left
    assert m.status(0)["chips"] == 1
    events = m.apply("2S")
    assert kinds(events) == ["play", "passing", "chips", "out", "match_over"]
    assert chip_events(events) == [(0, -1, 0)]
    assert m.is_over and m.winners == [1] and m.status(1)["chips"] == 2


def test_3_4_round_ends_at_99_everything_gathered() -> None:
    """ninety-nine 3.4: 99 wins the round (others lose 2); the cards are gathered and
    reshuffled, the deal passes clockwise, 3 each, total 0, direction clockwise again."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "3S"),   # 10 20 30 33: 1 and 2 lose 1
             (1, "KC"), (2, "QS"), (0, "4S"),               # 43 53 57, reversed
             (2, "QH"), (1, "QD"), (0, "9S"),               # 67 (passes 66) 77 77
             (2, "QC"), (1, "8S"), (0, "4H"),               # 87 95 99
             ]
    m = start(3, plays)
    events = run(m, plays)
    assert [e.kind for e in events if e.kind in ("landing", "passing", "99", "over")] == [
        "landing", "passing", "99"]
    assert [m.status(s)["chips"] for s in range(3)] == [9, 6, 5]
    over = next(e for e in events if e.kind == "round_over")
    assert over.seat == 0 and over.data == {"round": 1, "reason": "99", "total": 99}
    assert m.hand_number == 2 and m.total == 0 and m.direction == 1
    assert m.dealer == 0 and m.current_seat == 1  # deal passed from seat 2 to seat 0
    assert [len(m.hand(s)) for s in range(3)] == [3, 3, 3]
    assert m.top is None and m.stock_count == 52 - 9 and m.aside == []
    assert sorted(m.stock + [c for h in m.hands for c in h]) == list(range(52))
    final = max(i for i, e in enumerate(events) if e.kind == "play")
    last = kinds(events[final:])
    assert last[:5] == ["play", "99", "chips", "chips", "round_over"]  # no draw at 99
    assert last[5:] == ["deal", "hand", "hand", "hand"]


def test_3_4_deal_passes_to_next_seat_in_match() -> None:
    """ninety-nine 3.4 / 4.1: a seat knocked out by its own over-99 play is passed over by
    the deal; the round ends and the match goes on between the others."""
    plays = [(1, "KS"), (2, "KH"), (0, "KD"), (1, "3S"), (2, "KC"), (0, "QS"), (1, "2S")]
    m = start(3, plays, dealer=0, chips=3)
    events = run(m, plays)  # 10 20 30 33 43 53 106
    assert chip_events(events)[-2:] == [(1, -1, 2), (1, -2, 0)]
    assert m.out == [False, True, False] and not m.is_over
    assert m.dealer == 2 and m.current_seat == 0 and m.hand_number == 2
    assert [len(m.hand(s)) for s in range(3)] == [3, 0, 3] and m.stock_count == 52 - 6
    assert m.legal_actions(1) == [] and m.status(1) == {"in_hand": False, "out": True, "out_at": 7, "chips": 0}


# ---------------------------------------------------------------- 4. out of chips
def test_4_1_next_seat_out_play_passes_on() -> None:
    """ninety-nine 4.1: the seat whose turn came next goes out: play passes on."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "9S"), (1, "5S"),  # 10 20 30 30 35: 1 passes
             (2, "TS-10"), (0, "TH-10"), (1, "8S"), (2, "9H"), (0, "KC")]  # 25 15 23 23 33
    m = start(3, plays, chips=2)
    events = run(m, plays)
    assert chip_events(events)[-2:] == [(1, -1, 0), (2, -1, 1)]
    assert m.out == [False, True, False] and m.current_seat == 2
    assert m.hand(1) == [] and m.hand_number == 1 and m.total == 33


def test_4_1_jack_skip_counts_seats_still_in_match() -> None:
    """ninety-nine 4.1 (reading in the module docstring): a Jack that knocks out the next
    seat skips the next seat still in the match; with two left, the player plays again."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "9S"), (1, "5S"),
             (2, "TS-10"), (0, "TH-10"), (1, "8S"), (2, "9H"), (0, "JC")]
    m = start(3, plays, chips=2)
    events = run(m, plays)
    assert m.out == [False, True, False] and m.total == 33
    assert [e.seat for e in events if e.kind == "skip"] == [2] and m.current_seat == 0


def test_4_2_match_ends_at_99() -> None:
    """ninety-nine 4.2: 99 takes the last seat's last chips: the match is over at once."""
    plays = ROUTE_53 + [(0, "9S"), (1, "QD"), (0, "3H"), (1, "QH"), (0, "9H"),  # 53 63 66 76 76
                        (1, "QC"), (0, "9D"), (1, "3D"), (0, "9C"), (1, "TS+10")]  # 86 86 89 89 99
    m = start(2, plays, chips=2)
    run(m, plays[:-1])
    assert [m.status(s)["chips"] for s in (0, 1)] == [1, 1]
    events = m.apply("TS+10")
    assert kinds(events) == ["play", "99", "chips", "out", "match_over"]
    assert chip_events(events) == [(0, -1, 0)]
    assert m.is_over and m.winners == [1] and m.current_seat is None


# ---------------------------------------------------------------- 5. manual draw
def test_5_1_manual_draw_open_until_next_play() -> None:
    """ninety-nine 5.1: after playing, that seat may draw; the current seat plays; the
    chance ends when the next seat plays a card."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD")]
    m = start(3, plays, preset="manual-draw")
    assert m.options["draw"] == "manual"
    m.apply("KS")
    assert len(m.hand(0)) == 2 and m.current_seat == 1
    assert [str(a) for a in m.legal_actions(0)] == ["draw"]
    assert "draw" not in map(str, m.legal_actions()) and m.legal_actions(2) == []
    assert m.view(0)["legal"] == ["draw"] and m.view(None)["drawer"] == 0
    with pytest.raises(IllegalAction):
        m.apply("draw")  # the current seat has no chance to draw
    events = m.apply("draw", seat=0)
    assert kinds(events) == ["draw"] and len(m.hand(0)) == 3 and m.current_seat == 1
    assert m.legal_actions(0) == [] and m.view(None)["drawer"] is None
    with pytest.raises(IllegalAction):
        m.apply("draw", seat=0)  # one card per play
    m.apply("KH")
    assert [str(a) for a in m.legal_actions(1)] == ["draw"]


def test_5_2_forgotten_draw_is_lost() -> None:
    """ninety-nine 5.2: a seat that did not draw before the next play plays on short; the
    next round deals 3 again."""
    plays = [(0, "KS"), (1, "KH"), (0, "2S"), (1, "AH+11"), (0, "2D")]  # 10 20 40 51 102
    m = start(2, plays, preset="manual-draw", no_draw=(0,))
    m.apply("KS")
    m.apply("KH")  # seat 0 forgot
    assert m.legal_actions(0) != [] and "draw" not in map(str, m.legal_actions(0))
    with pytest.raises(IllegalAction):
        m.apply("draw", seat=0)
    assert len(m.hand(0)) == 2
    m.apply("draw", seat=1)
    assert len(m.hand(1)) == 3
    run(m, plays[2:4])
    assert len(m.hand(0)) == 1
    m.apply("2D")  # over 99: the round ends
    assert m.hand_number == 2 and [len(m.hand(s)) for s in (0, 1)] == [3, 3]


def test_5_3_no_card_when_turn_comes() -> None:
    """ninety-nine 5.3: a seat whose turn comes with no card ends the round and loses 3."""
    plays = [(0, "KS"), (1, "KH"), (0, "9S"), (1, "9H"), (0, "9D"), (1, "9C")]  # 10 20 20 20 20 20
    m = start(2, plays, preset="manual-draw", no_draw=tuple(range(6)))
    run(m, plays[:-1])
    events = m.apply("9C")  # seat 1's last card; seat 0 holds none when its turn comes
    assert kinds(events)[:4] == ["play", "no_cards", "chips", "round_over"]
    assert events[1].seat == 0 and chip_events(events) == [(0, -3, 6)]
    over = next(e for e in events if e.kind == "round_over")
    assert over.data == {"round": 1, "reason": "no_cards", "total": 20}
    assert m.hand_number == 2 and [len(m.hand(s)) for s in (0, 1)] == [3, 3]
    assert m.dealer == 0 and m.current_seat == 1 and m.legal_actions(1) != []


def test_5_3_can_knock_a_seat_out() -> None:
    """ninety-nine 5.3 / 4.2: losing 3 chips with fewer left puts the seat out."""
    plays = [(0, "KS"), (1, "KH"), (0, "9S"), (1, "9H"), (0, "9D"), (1, "9C")]
    m = start(2, plays, preset="manual-draw", chips=2, no_draw=tuple(range(6)))
    events = run(m, plays)
    assert chip_events(events) == [(0, -2, 0)]
    assert kinds(events)[-4:] == ["no_cards", "chips", "out", "match_over"]
    assert m.is_over and m.winners == [1]


def test_5_decision_jack_two_seats_draw_stays_open() -> None:
    """ninety-nine 5.1 Decision (module docstring): with two seats a Jack's player plays
    again and may still draw first; playing first forfeits that draw."""
    plays = [(0, "JS"), (0, "KS"), (1, "KH")]
    m = start(2, plays, preset="manual-draw")
    m.apply("JS")
    assert m.current_seat == 0
    legal = [str(a) for a in m.legal_actions(0)]
    assert "draw" in legal and "KS" in legal and m.legal_actions(1) == []
    m.apply("draw")
    assert len(m.hand(0)) == 3 and "draw" not in map(str, m.legal_actions(0))
    m.apply("KS")
    assert m.current_seat == 1 and [str(a) for a in m.legal_actions(0)] == ["draw"]


def test_5_decision_jack_as_last_card_then_draw() -> None:
    """ninety-nine 5.3 Decision: a player who played its last card, a Jack, with two seats
    may still draw: draw is its only action and the round goes on."""
    plays = [(0, "KS"), (1, "KH"), (0, "9S"), (1, "9H"), (0, "JS"), (0, "QS")]
    m = start(2, plays, preset="manual-draw", no_draw=(0, 1, 2, 3),
              hands={1: ["2D"]})
    run(m, plays[:5])  # 10 20 20 20 30, seat 0's hand is empty
    assert m.hand(0) == [] and m.current_seat == 0 and m.hand_number == 1
    assert [str(a) for a in m.legal_actions()] == ["draw"]
    m.apply("draw")
    assert m.hand(0) == ["QS"]
    m.apply("QS")
    assert m.total == 40 and m.current_seat == 1


def test_5_no_draw_chance_after_round_end_or_out() -> None:
    """ninety-nine 5.1: no chance to draw when the play ended the round or put its player out."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "5S")]  # seat 0 passes 33 with its last chip
    m = start(3, plays, preset="manual-draw", chips=1, no_draw=(0, 1, 2))
    run(m, plays[:3])
    assert [str(a) for a in m.legal_actions(2)] == ["draw"]
    m.apply("5S")  # also ends seat 2's chance, though seat 0 gets none
    assert m.out[0] and m.legal_actions(0) == [] and m.view(None)["drawer"] is None
    assert m.legal_actions(2) == [] and m.current_seat == 1

    m = start(2, ROUTE_53 + [(0, "2S")], preset="manual-draw")
    for seat, action in ROUTE_53:
        run(m, [(seat, action)])
        m.apply("draw", seat=seat)
    m.apply("2S")  # over 99: the round ends
    assert m.hand_number == 2 and m.view(None)["drawer"] is None
    assert m.legal_actions(0) == [] and m.current_seat == 1


# ---------------------------------------------------------------- 7. options, views, state
def test_7_options_and_presets() -> None:
    """ninety-nine 7: options chips, draw, decks; presets standard, manual-draw, quick."""
    info = GAMES[GAME]
    assert set(info.options) == {"chips", "draw", "decks"}
    assert set(info.presets) == {"standard", "manual-draw", "quick"}
    assert all(p.description for p in info.presets.values())
    assert info.resolve(4) == {"chips": 9, "draw": "auto", "decks": "auto"}
    assert info.resolve(4, "manual-draw")["draw"] == "manual"
    assert info.resolve(4, "quick")["chips"] == 3
    assert new_match(GAME, 3, "quick", seed=1).status(0)["chips"] == 3
    for bad in ({"draw": "sometimes"}, {"decks": 3}, {"limit": 99}):
        with pytest.raises(ValueError):
            info.resolve(4, options=bad)


def test_views_hide_other_hands() -> None:
    """README hidden information: a seat's view holds its own hand and everyone's chips."""
    m = start(3, [(0, "KS")], hands={1: ["AH", "2H"]})
    v = m.view(1)
    assert sorted(v["hand"]) == sorted(m.hand(1)) and "AH" in v["hand"]
    text = repr(m.view(0)) + repr(m.view(None))
    assert "'AH'" not in text
    assert v["chips"] == [9, 9, 9] and v["total"] == 0 and v["marks"] == [33, 66, 99]
    assert v["legal"] == [] and m.view(0)["legal"]


def test_snapshot_keeps_the_draw_chance() -> None:
    """Snapshots restore the total, chips and an open chance to draw, and future shuffles."""
    plays = [(0, "KS"), (1, "KH"), (2, "KD"), (0, "3S")]
    m = start(3, plays, preset="manual-draw")
    run(m, plays)
    assert m.view(None)["drawer"] == 0 and m.snapshot() == m.snapshot()
    r = Match.restore(m.snapshot())
    c = m.clone()
    for x in (r, c):
        assert x.total == 33 and [x.status(s)["chips"] for s in range(3)] == [9, 8, 8]
        assert [str(a) for a in x.legal_actions(0)] == ["draw"]
        x.apply("draw", seat=0)
    assert m.legal_actions(0) and len(m.hand(0)) == 1  # the original is untouched
    a, b = m.clone(), Match.restore(m.snapshot())
    for x in (a, b):
        for _ in range(2000):
            if x.is_over:
                break
            x.apply(x.legal_actions()[-1])
        assert x.is_over
    assert a.view(None) == b.view(None) and a.winners and a.version > m.version


def test_illegal_input_changes_nothing() -> None:
    """Engine contract: a card not held, a play out of turn or garbage raise IllegalAction."""
    m = start(3, [(0, "KS")])
    before = m.snapshot()
    for seat, action in ((0, m.hand(1)[0]), (1, "KS"), (0, "zz"), (0, "draw"), (7, "KS"), (0, "KS+1")):
        with pytest.raises(IllegalAction):
            m.apply(action, seat=seat)
    assert m.snapshot() == before


def test_3_2_each_seats_plays_of_the_round_are_public() -> None:
    """ninety-nine 3.2: a play and its new total are announced, so every view shows each seat's
    plays of the round in order (card, chosen value, total before it); a new round clears them."""
    plays = [(0, "KS"), (1, "TH-10"), (2, "AD+11"), (0, "3S")]  # 10, 0, 11, 14
    m = start(3, plays)
    run(m, plays[:3])
    seen = [[{"card": "KS", "value": None, "from": 0}], [{"card": "TH", "value": -10, "from": 10}],
            [{"card": "AD", "value": 11, "from": 0}]]
    assert m.view(None)["plays"] == seen
    assert m.view(1)["plays"] == seen
    run(m, plays[3:])
    assert m.view(2)["plays"][0] == [{"card": "KS", "value": None, "from": 0},
                                     {"card": "3S", "value": None, "from": 11}]
    assert Match.restore(m.snapshot()).view(1) == m.view(1)
    m2 = start(3, [(0, "KS"), (1, "KH"), (2, "KD"), (0, "3S"), (1, "KC"), (2, "QS"), (0, "4S"),
                   (2, "QH"), (1, "QD"), (0, "9S"), (2, "QC"), (1, "8S"), (0, "4H")])
    run(m2, [(0, "KS"), (1, "KH"), (2, "KD"), (0, "3S"), (1, "KC"), (2, "QS"), (0, "4S"),
             (2, "QH"), (1, "QD"), (0, "9S"), (2, "QC"), (1, "8S"), (0, "4H")])
    assert m2.hand_number == 2 and m2.view(0)["plays"] == [[], [], []]  # 3.4: a new round


def test_3_2_a_reshuffle_takes_its_cards_plays_out_of_the_view() -> None:
    """ninety-nine 3.2 with the stock rebuilt from the pile (rules README, engine contract:
    the view shows the current pile, not earlier ones): the plays of the cards reshuffled are
    no longer shown, and a card reshuffled, drawn and played again shows only its new play
    (6♣ came back as seat 5's play from 49 when seat 6 played it at 72)."""
    deck = ["2H", "5C", "9D", "9C", "6S", "3D", "KC", "4D", "JH", "JS", "4H", "QH", "8H", "6C", "2C", "7H",
            "QS", "KD", "TS", "AD", "TC", "9H", "7C", "JD", "7S", "9S", "AS", "JC", "3H", "AC", "2S", "6H",
            "8S", "8D", "KH", "4S", "2D", "TD", "5H", "QC", "4C", "QD", "TH", "8C", "KS", "3C", "3S", "7D",
            "5D", "5S", "AH", "6D"]
    acts = [(0, "2H"), (1, "JS"), (3, "AD+11"), (4, "TC-10"), (5, "9H"), (6, "7C"), (7, "4D"), (6, "AC+11"),
            (5, "3H"), (4, "6S"), (3, "AS+1"), (2, "4H"), (3, "QH"), (4, "8H"), (5, "3D"), (6, "6H"), (7, "2S"),
            (0, "7S"), (1, "5C"), (2, "TS+10"), (3, "9C"), (4, "TD-10"), (5, "6C"), (6, "QC"), (7, "7H"),
            (0, "QD"), (1, "9S"), (2, "8C"), (3, "2D")]
    m = new_match("ninety-nine", 8, "standard", {"decks": 1, "chips": 99}, seed=5161, deck=deck, dealer=7)
    for seat, action in acts[:-1]:
        m.apply(action, seat=seat)
    assert {"card": "6C", "value": None, "from": 49} in m.view(0)["plays"][5]
    events = m.apply(acts[-1][1], seat=acts[-1][0])
    assert any(e.kind == "reshuffle" for e in events) and m.view(None)["pile"] == ["2D"]
    plays = m.view(0)["plays"]
    assert [p for seat, p in enumerate(plays) if seat != 3] == [[]] * 7
    assert plays[3] == [{"card": "2D", "value": None, "from": m.view(0)["plays"][3][0]["from"]}]
    for seat, action in ((4, "8D"), (5, "8S"), (6, "7D"), (7, "4C"), (6, "6C")):
        m.apply(action, seat=seat)
    plays = m.view(2)["plays"]
    assert plays[5] == [{"card": "8S", "value": None, "from": 53}]
    assert plays[6] == [{"card": "7D", "value": None, "from": 61}, {"card": "6C", "value": None, "from": 72}]
    assert sum(len(p) for p in plays) == len(m.view(2)["pile"])  # one play for each card on the pile
    assert Match.restore(m.snapshot()).view(2) == m.view(2)
