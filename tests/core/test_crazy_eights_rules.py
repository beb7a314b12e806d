"""Crazy Eights, rule by rule: ../shared/rules/crazy-eights.md, each test naming its section.

Scenarios start from stacked decks (``deck=`` and ``dealer=``); positions no deal reaches (an
empty stock, a count other than 8, a debt) are set up by moving cards in a snapshot, so every
card still exists exactly once.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from core import GAMES, IllegalAction, Match, new_match
from core.cards import CARD_STR, full_deck
from core.events import Event
from tests.core.stacked import canonical, codes, stacked_deck, state

GAME = "crazy-eights"
INFO = GAMES[GAME]


def deal(players: int, hands: dict[int, list[str]], stock: list[str] | tuple[str, ...] = (),
         dealer: int = 0, preset: str = "standard", seed: int = 1, **options: Any) -> Match:
    """A match dealt from a stacked deck: ``stock[0]`` is the starter, ``stock[1]`` the first draw."""
    resolved = INFO.resolve(players, preset, options)
    if resolved["countdown"]:
        size = 8
    elif resolved["hand_size"] == "auto":
        size = 7 if players == 2 else 5
    else:
        size = int(resolved["hand_size"])
    m0 = new_match(GAME, players, preset=preset, options=options or None, seed=seed, dealer=dealer)
    deck = stacked_deck(players, hands, stock, dealer, size, m0.decks(), bool(resolved["jokers"]))
    m = new_match(GAME, players, preset=preset, options=options or None, seed=seed, dealer=dealer, deck=deck)
    for seat, cards in hands.items():
        assert m.hand(seat)[:len(cards)] == [canonical(c) for c in cards]
    if stock:
        assert m.top == canonical(stock[0])
    return m


def rig(m: Match, hands: dict[int, list[str]], top: str | None = None, stock: list[str] | tuple[str, ...] = (),
        empty_stock: bool = False, **changes: Any) -> Match:
    """``m`` with every seat's hand replaced (all seats named), the pile's top card, the top of the
    stock; the other cards make the rest of the stock, or lie under the top when ``empty_stock``."""
    data = state(m)
    assert sorted(hands) == list(range(m.players)), "name every seat's hand"
    pool = Counter(full_deck(m.decks(), bool(m.options["jokers"])))
    top_code = codes([top])[0] if top else data["pile"][-1]
    pool[top_code] -= 1
    new_hands = [codes(hands[s]) for s in range(m.players)]
    named_stock = codes(list(stock))
    for c in [c for h in new_hands for c in h] + named_stock:
        pool[c] -= 1
    assert min(pool.values()) >= 0, "a card is named more often than the decks hold it"
    rest = sorted(pool.elements())
    data["hands"] = new_hands
    data["cleared"], data["aside"] = [], []
    if empty_stock:
        data["pile"] = rest + [top_code]
        data["stock"] = named_stock[::-1]
    else:
        data["pile"] = [top_code]
        data["stock"] = rest + named_stock[::-1]
    if top:
        data["follow"] = "SHDC".index(canonical(top)[1]) if top != "JK" else -1
        data["top_rank"] = "A23456789TJQK".index(canonical(top)[0]) if top != "JK" else -1
    for key, value in changes.items():
        assert key in data, key
        data[key] = value
    return Match.restore(json.dumps(data).encode())


def legal(m: Match, seat: int | None = None) -> list[str]:
    return [str(a) for a in m.legal_actions(seat)]


def plays(m: Match) -> set[str]:
    """The legal plays, without the announced forms and without draw or pass."""
    return {s for s in legal(m) if s not in ("draw", "pass") and not s.endswith("!")}


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, events)
    return found[0]


def cards_conserved(m: Match) -> None:
    everything = sorted(c for h in m.hands for c in h) + m.stock + m.pile + m.cleared + m.aside
    assert sorted(everything) == sorted(m.full_deck())


# ---------------------------------------------------------------- 1. players and deck
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_1_1_two_to_eight_players(players: int) -> None:
    m = new_match(GAME, players, seed=3)
    assert m.players == players and m.current_seat is not None


@pytest.mark.parametrize("players", [1, 9])
def test_1_1_other_seat_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        new_match(GAME, players, seed=3)


@pytest.mark.parametrize("players,cards", [(2, 52), (5, 52), (6, 104), (8, 104)])
def test_1_2_one_deck_up_to_five_two_from_six(players: int, cards: int) -> None:
    m = new_match(GAME, players, seed=3)
    assert len(m.full_deck()) == cards
    assert sum(len(m.hand(s)) for s in range(players)) + m.stock_count + 1 == cards
    cards_conserved(m)


def test_1_2_decks_option_overrides_auto() -> None:
    assert len(new_match(GAME, 4, options={"decks": 2}, seed=1).full_deck()) == 104
    assert len(new_match(GAME, 6, options={"decks": 1}, seed=1).full_deck()) == 52


def test_1_2_jokers_add_two_per_deck() -> None:
    one = new_match(GAME, 4, preset="jokers", seed=1)
    two = new_match(GAME, 6, preset="jokers", seed=1)
    assert Counter(CARD_STR[c] for c in one.full_deck())["JK"] == 2 and len(one.full_deck()) == 54
    assert Counter(CARD_STR[c] for c in two.full_deck())["JK"] == 4 and len(two.full_deck()) == 108
    assert "JK" not in {CARD_STR[c] for c in new_match(GAME, 4, seed=1).full_deck()}


def test_1_2_a_joker_is_wild_like_an_eight() -> None:
    m = deal(4, {1: ["JK", "3C", "4C", "5C", "6C"]}, stock=["9D"], jokers=True)
    assert plays(m) == {"JK=S", "JK=H", "JK=D", "JK=C"}
    m.apply("JK=C")
    assert m.suit == "C" and m.top == "JK"


def test_1_2_jokers_score_50() -> None:
    m = deal(2, {1: ["5H"]}, stock=["9H"], hand_size=1, jokers=True)
    m = rig(m, {0: ["JK", "2S"], 1: ["5H"]}, top="9H")
    events = m.apply("5H")
    assert find(events, "hand_over").data["points"] == [52, 0]


@pytest.mark.parametrize("players,size", [(2, 7), (3, 5), (4, 5), (8, 5)])
def test_1_3_hand_size_auto(players: int, size: int) -> None:
    m = new_match(GAME, players, seed=5)
    assert [len(m.hand(s)) for s in range(players)] == [size] * players


def test_1_3_hand_size_option() -> None:
    m = new_match(GAME, 2, options={"hand_size": 3}, seed=5)
    assert [len(m.hand(s)) for s in range(2)] == [3, 3]


def test_not_enough_cards_is_refused() -> None:
    """Rules README: a deal plus the starter that needs more cards than the decks hold."""
    with pytest.raises(ValueError, match="not enough cards"):
        new_match(GAME, 6, options={"hand_size": 10, "decks": 1}, seed=1)
    with pytest.raises(ValueError, match="not enough cards"):
        new_match(GAME, 7, preset="countdown", options={"decks": 1}, seed=1)
    new_match(GAME, 5, options={"hand_size": 10}, seed=1)  # 51 cards: fits one deck


@pytest.mark.parametrize("players, options, needed", [
    (6, {"hand_size": 10, "decks": 1}, 61), (8, {"hand_size": 10, "decks": 1}, 81),
    (7, {"countdown": True, "decks": 1}, 57)])
def test_not_enough_cards_is_said_as_the_options_are_resolved(players: int, options: dict[str, Any],
                                                               needed: int) -> None:
    """Rules README (not enough cards), 1.3, 2.1 and 6.1: the check a picker, a command line and
    a lobby make of the options (``GameInfo.resolve``) refuses a deal the decks cannot make,
    naming the decks, before any table is set up for it; jokers count among the cards held."""
    with pytest.raises(ValueError) as refused:
        GAMES[GAME].resolve(players, None, options)
    assert str(refused.value) == f"option 'decks': not enough cards: the deal needs {needed}, 1 deck holds 52"
    GAMES[GAME].resolve(players, None, {**options, "decks": 2})  # two decks hold any deal allowed
    GAMES[GAME].resolve(5, None, {"hand_size": 10, "decks": 1})  # 51: fits
    with pytest.raises(ValueError, match="the deal needs 61, 1 deck holds 54"):
        GAMES[GAME].resolve(6, None, {"hand_size": 10, "decks": 1, "jokers": True})  # 54 held
    GAMES[GAME].resolve(5, None, {"hand_size": 10, "decks": 1, "jokers": True})


# ---------------------------------------------------------------- 2. setup
def test_2_1_starter_is_the_next_stock_card_after_the_deal() -> None:
    m = deal(4, {1: ["2C", "3C", "4C", "5C", "6C"]}, stock=["7D", "KS"])
    assert m.top == "7D" and m.suit == "D"
    assert m.view(0)["pile"] == ["7D"]
    assert m.stock_count == 52 - 4 * 5 - 1
    events = m.apply("draw")
    assert find(events, "draw").secret == {"cards": ["KS"]}


def test_2_1_the_deck_order_deals_round_the_table_from_the_dealers_left() -> None:
    deck = [CARD_STR[c] for c in range(52)]
    m = new_match(GAME, 3, seed=1, dealer=1, deck=deck)
    assert m.hand(2) == deck[0:15:3] and m.hand(0) == deck[1:15:3] and m.hand(1) == deck[2:15:3]
    assert m.top == deck[15]


def test_2_1_cut_for_the_first_dealer_without_dealer() -> None:
    m = new_match(GAME, 4, seed=11)
    assert m.cut and m.start_events[0].kind == "cut"
    again = new_match(GAME, 4, seed=11)
    assert (again.dealer, again.hand(0)) == (m.dealer, m.hand(0))


def test_2_2_starter_eight_is_not_wild() -> None:
    m = deal(4, {1: ["5H", "3C", "8D", "KS", "9C"]}, stock=["8H"])
    assert m.suit == "H"
    assert plays(m) == {"5H", "8D=S", "8D=H", "8D=D", "8D=C"}


def test_2_2_starter_eight_asks_for_its_suit_where_eights_are_ordinary() -> None:
    """2.2 with 6.1: the first player on an eight starter must match its suit or play a wild
    card. In countdown a seat whose count is not 8 holds ordinary eights: an eight of another
    suit is neither, so it does not follow the starter by rank. Hands after the first are dealt
    from the match's own shuffle, so seeds are tried until such a deal comes (bounded)."""
    found = 0
    for seed in range(300):
        m = new_match(GAME, 2, preset="countdown", seed=seed, dealer=1)
        m = rig(m, {0: ["5S"], 1: ["KD", "QD", "JD", "9D", "4D", "3D", "2D"]}, top="5H",
                counts=[7, 7], current=0)
        events = m.apply("5S")  # out: seat 0 goes down to 6, and the next hand is dealt
        assert kinds(events)[-1] == "starter" and m.status(0)["count"] == 6
        seat = m.current_seat
        top, wild = m.top, m.view(seat)["wild"]
        off_suit_eights = [c for c in m.hand(seat) if c[0] == "8" and c[1] != top[1]]
        if top[0] != "8" or not off_suit_eights:
            continue
        found += 1
        assert "8" not in wild and m.view(seat)["top_wild"]
        for play in plays(m):
            card = play.split("=")[0]
            assert card[1] == top[1] or card[0] in wild or card == "JK", (seed, top, play)
        with pytest.raises(IllegalAction):
            m.apply(off_suit_eights[0])
        if found == 3:
            break
    assert found == 3, "fewer than three eight starters with an off-suit eight in 300 deals"


def test_2_2_joker_starter_any_card() -> None:
    m = deal(4, {1: ["5H", "3C", "8D", "KS", "9C"]}, stock=["JK"], jokers=True)
    assert m.top == "JK" and m.suit is None
    assert plays(m) == {"5H", "3C", "KS", "9C", "8D=S", "8D=H", "8D=D", "8D=C"}
    m.apply("3C")
    assert m.suit == "C"


def test_2_3_seat_after_the_dealer_plays_first() -> None:
    assert deal(4, {}, stock=["7D"], dealer=2).current_seat == 3
    assert deal(4, {}, stock=["7D"], dealer=3).current_seat == 0


# ---------------------------------------------------------------- 3. a turn
def test_3_1_play_one_card_and_the_turn_passes() -> None:
    m = deal(4, {1: ["7S", "2C", "3C", "4C", "5C"]}, stock=["7D"])
    events = m.apply("7S")
    assert kinds(events) == ["play"] and events[0].seat == 1 and events[0].data["card"] == "7S"
    assert m.top == "7S" and m.suit == "S" and m.current_seat == 2
    assert "7S" not in m.hand(1)


def test_3_2_match_rank_or_suit() -> None:
    m = deal(4, {1: ["7S", "2D", "KD", "3C", "QH"]}, stock=["7D"])
    assert plays(m) == {"7S", "2D", "KD"}
    assert "draw" in legal(m) and "pass" not in legal(m)
    with pytest.raises(IllegalAction):
        m.apply("3C")
    with pytest.raises(IllegalAction):
        m.apply("9S")  # not in the hand


def test_3_3_a_wild_card_names_any_suit_including_its_own() -> None:
    m = deal(4, {1: ["8C", "2H", "3H", "4H", "5H"], 2: ["9C", "6S", "KS", "QS", "JS"]}, stock=["7D"])
    assert {"8C=S", "8C=H", "8C=D", "8C=C"} <= plays(m)
    with pytest.raises(IllegalAction, match="name a suit"):
        m.apply("8C")
    events = m.apply("8C=C")
    assert find(events, "suit").data == {"suit": "C"}
    assert m.suit == "C" and m.top == "8C"
    assert plays(m) == {"9C"}


def test_3_3_named_suit_is_followed_not_the_cards_own() -> None:
    m = deal(4, {1: ["8C", "2H", "3H", "4H", "5H"], 2: ["9C", "6H", "KS", "QS", "JS"]}, stock=["7D"])
    m.apply("8C=H")
    assert m.suit == "H" and plays(m) == {"6H"}


def test_3_2_3_3_the_view_shows_how_each_seats_latest_play_set_the_suit() -> None:
    """3.2, 3.3: every play is made in front of the table, so the view says, per seat, how its
    latest play of the hand set the suit to follow: the same suit again, another suit by
    matching the rank, or a suit named with a wild card (``leads``)."""
    m = deal(4, {1: ["7S", "5C", "3D", "4D", "6D"], 2: ["9S", "KD", "QD", "JD", "TD"],
                 3: ["8C", "2C", "3C", "4C", "6C"], 0: ["5H", "KC", "QC", "JC", "TC"]}, stock=["7D"])
    assert m.view(0)["leads"] == [None] * 4
    m.apply("7S")  # on the starter 7D: spades by the rank
    m.apply("9S")
    m.apply("8C=H")
    m.apply("5H")
    seen = {"suit": "S", "how": "changed"}, {"suit": "S", "how": "followed"}, {"suit": "H", "how": "named"}
    assert m.view(2)["leads"] == [{"suit": "H", "how": "followed"}, *seen]
    m.apply("5C")  # the latest play replaces the one before
    assert m.view(None)["leads"][1] == {"suit": "C", "how": "changed"}


def test_3_3_leads_start_again_with_each_hand() -> None:
    m = new_match(GAME, 3, seed=2, dealer=0)
    m = rig(m, {0: ["3D", "2S"], 1: ["4D", "7D"], 2: ["9H", "KD"]}, top="4C", current=1)
    m.apply("4D!")
    m.apply("KD!")
    m.apply("3D!")
    assert m.view(None)["leads"] == [{"suit": "D", "how": "followed"}, {"suit": "D", "how": "changed"},
                                     {"suit": "D", "how": "followed"}]
    m.apply("7D")  # seat 1 goes out (5.1): the next hand starts with no plays seen
    assert m.hand_number == 2
    assert m.view(None)["leads"] == [None] * 3


def test_3_3_a_wilds_own_rank_does_not_match() -> None:
    """An eight played wild by a seat on count 8 does not let a seat on count 7 play its eight."""
    m = new_match(GAME, 3, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["2S", "3S"], 1: ["8C", "4D"], 2: ["8S", "8H", "KD"]}, top="4C", counts=[8, 8, 7], current=1)
    m.apply("8C=H")
    assert m.suit == "H" and plays(m) == {"8H"}


def test_3_4_draw_even_when_able_to_play_and_the_turn_goes_on() -> None:
    m = deal(4, {1: ["7S", "2C", "3C", "4C", "5C"]}, stock=["7D", "9D"])
    events = m.apply("draw")
    draw = find(events, "draw")
    assert draw.seat == 1 and draw.data == {"count": 1} and draw.secret == {"cards": ["9D"]}
    assert "cards" not in draw.for_seat(2) and draw.for_seat(1)["cards"] == ["9D"]
    assert m.current_seat == 1 and "9D" in m.hand(1)
    assert plays(m) == {"7S", "9D"} and "draw" in legal(m) and "pass" not in legal(m)


def test_3_4_unlimited_draws_by_default() -> None:
    m = deal(4, {1: ["2C", "3C", "4C", "5C", "6C"]}, stock=["7D"])
    for _ in range(20):
        m.apply("draw")
    assert m.current_seat == 1 and len(m.hand(1)) == 25 and "pass" not in legal(m)


def test_3_4_max_draws_then_pass_becomes_legal() -> None:
    m = deal(4, {1: ["2C", "3C", "4C", "5C", "6C"]}, stock=["7D", "KS", "QS"], max_draws=2)
    with pytest.raises(IllegalAction):
        m.apply("pass")
    m.apply("draw")
    assert "pass" not in legal(m)
    m.apply("draw")
    assert legal(m) == ["pass"]
    events = m.apply("pass")
    assert kinds(events) == ["pass"] and m.current_seat == 2
    assert "draw" in legal(m)  # the count is per turn


def test_3_4_draw_one_preset_plays_the_drawn_card_or_passes() -> None:
    m = deal(4, {1: ["2C", "3C", "4C", "5C", "6C"]}, stock=["7D", "9D"], preset="draw-one")
    m.apply("draw")
    assert set(legal(m)) - {"9D!"} == {"9D", "pass"}


def test_3_4_pass_when_nothing_can_be_drawn() -> None:
    m = deal(4, {1: ["2C"]}, stock=["7D"], reshuffle=False)
    m = rig(m, {0: ["KH", "QH"], 1: ["7S", "2C"], 2: ["3C", "4C"], 3: ["5C", "6C"]}, top="7D", empty_stock=True)
    assert m.stock_count == 0
    assert set(legal(m)) == {"7S", "7S!", "pass"}
    m.apply("pass")
    assert m.current_seat == 2


def test_3_5_empty_stock_is_rebuilt_from_the_pile_but_its_top() -> None:
    m = deal(4, {}, stock=["7D"])
    m = rig(m, {0: ["KH"], 1: ["2C", "3C"], 2: ["4C"], 3: ["5C"]}, top="7D", empty_stock=True)
    under = len(m.view(0)["pile"]) - 1
    assert m.stock_count == 0 and "draw" in legal(m)
    events = m.apply("draw")
    assert kinds(events) == ["reshuffle", "draw"]
    assert m.view(0)["pile"] == ["7D"] and m.stock_count == under - 1
    cards_conserved(m)


def test_3_5_reshuffle_off() -> None:
    m = deal(4, {}, stock=["7D"], reshuffle=False)
    m = rig(m, {0: ["KH"], 1: ["2C", "3C"], 2: ["4C"], 3: ["5C"]}, top="7D", empty_stock=True)
    assert legal(m) == ["pass"]
    with pytest.raises(IllegalAction):
        m.apply("draw")
    assert m.view(0)["can_draw"] is False


@pytest.mark.parametrize("reshuffle", [True, False])
def test_3_5_forced_draws_reshuffle_only_when_on(reshuffle: bool) -> None:
    """A draw-two debt (7.1) or penalty (4.2) on an empty stock: rebuilt, or the hand stays short."""
    m = deal(3, {}, stock=["7D"], preset="specials", reshuffle=reshuffle)
    m = rig(m, {0: ["KH"], 1: ["2D", "3C"], 2: ["4C", "JS"]}, top="7D", empty_stock=True)
    m.apply("2D!")
    events = m.apply("draw")  # seat 2 takes the debt
    assert m.current_seat == 0
    if reshuffle:
        assert kinds(events)[:2] == ["reshuffle", "draw"] and len(m.hand(2)) == 4
    else:
        assert "draw" not in kinds(events) and len(m.hand(2)) == 2
        assert find(events, "debt_paid").data == {"debt": 2, "drawn": 0}
    cards_conserved(m)


def _blocked(players: int = 3, **options: Any) -> Match:
    m = deal(players, {}, stock=["7D"], reshuffle=False, **options)
    hands = {0: ["KH", "2S"], 1: ["2C", "3C"], 2: ["4C", "JS"], 3: ["5C"]}
    return rig(m, {s: hands[s] for s in range(players)}, top="7D", empty_stock=True)


def test_3_6_blocked_hand_ends_when_every_seat_passed_in_a_row() -> None:
    m = _blocked(3)
    assert m.current_seat == 1
    assert kinds(m.apply("pass")) == ["pass"]
    assert kinds(m.apply("pass")) == ["pass"]
    events = m.apply("pass")
    over = find(events, "hand_over")
    assert over.data["blocked"] is True and over.data["winners"] == []
    # everyone scores their own hand: KH 2S = 12, 2C 3C = 5, 4C JS = 14
    assert over.data["points"] == [12, 5, 14] and over.data["scores"] == [12, 5, 14]
    assert [m.status(s)["score"] for s in range(3)] == [12, 5, 14]
    assert m.hand_number == 2 and m.dealer == 1
    cards_conserved(m)


def test_3_6_blocked_with_reshuffle_on_when_every_card_is_held() -> None:
    """Nothing to reshuffle (the pile is its top card alone): passes are legal and count."""
    m = deal(2, {}, stock=["7D"])
    rest = [CARD_STR[c] for c in range(52) if CARD_STR[c] != "7D"]
    m = rig(m, {0: rest[:25], 1: rest[25:]}, top="7D", empty_stock=True)
    assert m.stock_count == 0 and m.view(0)["pile"] == ["7D"]
    assert "pass" in legal(m) and "draw" not in legal(m) and plays(m)  # may pass though it could play
    m.apply("pass")
    events = m.apply("pass")
    over = find(events, "hand_over")
    value = {**{r: int(r) for r in "234567"}, "8": 50, "9": 9, "A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
    assert over.data["blocked"] and over.data["points"] == [
        sum(value[c[0]] for c in hand) for hand in (rest[:25], rest[25:])]


def test_3_6_a_play_resets_the_count() -> None:
    m = _blocked(3)
    m = rig(m, {0: ["KH", "2S"], 1: ["2H", "3H"], 2: ["4S", "JS", "7C"]}, top="7D", empty_stock=True)
    m.apply("pass")  # seat 1: one pass
    m.apply("7C")  # seat 2 plays: the count starts again
    m.apply("pass")  # seat 0
    events = m.apply("pass")  # seat 1: three passes, but not in a row
    assert "hand_over" not in kinds(events) and m.view(0)["blocked_passes"] == 2
    events = m.apply("pass")  # seat 2
    assert find(events, "hand_over").data["blocked"] is True


def test_3_6_pass_while_cards_could_be_drawn_does_not_count() -> None:
    m = deal(2, {1: ["2C", "3C", "4C", "5C", "6C", "9C", "TC"], 0: ["2H", "3H", "4H", "5H", "6H", "9H", "TH"]},
             stock=["7D"], max_draws=1)
    for _ in range(4):  # both seats draw (the stock lasts) and pass: the hand goes on
        m.apply("draw")
        m.apply("pass")
    assert m.hand_number == 1 and m.view(0)["blocked_passes"] == 0


def test_3_6_pass_counts_only_while_blocked() -> None:
    m = deal(2, {}, stock=["7D"], max_draws=1, reshuffle=False)
    m = rig(m, {0: ["KH", "2S"], 1: ["2C", "3C"]}, top="7D", stock=["QS"], empty_stock=True)
    m.apply("draw")  # seat 1 takes the last card
    m.apply("pass")  # ... and passes: drawing was possible when its turn began, but not now
    assert m.view(0)["blocked_passes"] == 1
    events = m.apply("pass")  # seat 0
    assert find(events, "hand_over").data["blocked"] is True


# ---------------------------------------------------------------- 4. last card
def _two_left() -> Match:
    m = deal(4, {1: ["7S", "2C"], 2: ["9S", "KS"]}, stock=["7D"], hand_size=2)
    return m


def test_4_1_plays_are_listed_with_and_without_the_announcement() -> None:
    m = _two_left()
    assert set(legal(m)) == {"7S", "7S!", "draw"}
    m = deal(4, {1: ["8S", "2C"]}, stock=["7D"], hand_size=2)
    assert set(legal(m)) == {f"8S={s}{b}" for s in "SHDC" for b in ("", "!")} | {"draw"}


def test_4_1_announcing_the_last_card_costs_nothing() -> None:
    m = _two_left()
    events = m.apply("7S!")
    assert kinds(events) == ["play", "last_card"] and m.status(1)["score"] == 0


def test_4_2_points_penalty_for_not_announcing() -> None:
    m = _two_left()
    events = m.apply("7S")
    penalty = find(events, "penalty")
    assert penalty.seat == 1 and penalty.data["points"] == 10
    assert m.status(1)["score"] == 10 and len(m.hand(1)) == 1


def test_4_2_points_penalty_for_a_wrong_announcement() -> None:
    m = deal(4, {1: ["7S", "2C", "3C", "4C", "5C"]}, stock=["7D"])
    events = m.apply("7S!")
    assert find(events, "penalty").data["reason"] == "wrong announcement"
    assert m.status(1)["score"] == 10


@pytest.mark.parametrize("size", [3, 5])
def test_4_2_draw2_penalty_for_a_wrong_announcement(size: int) -> None:
    """4.2 under draw2: announcing on a play that keeps 2 or more cards draws two cards at once
    and costs no points; the turn then passes."""
    held = ["7S", "2C", "3C", "4C", "5C"][:size]
    m = deal(4, {1: held}, stock=["7D", "KH", "QH"], hand_size=size, last_card="draw2")
    events = m.apply("7S!")
    penalty = find(events, "penalty")
    assert penalty.seat == 1 and penalty.data == {"reason": "wrong announcement", "draw": 2}
    assert "last_card" not in kinds(events)
    assert find(events, "draw").secret == {"cards": ["KH", "QH"]}
    assert sorted(m.hand(1)) == sorted(held[1:] + ["KH", "QH"]) and len(m.hand(1)) == size + 1
    assert m.status(1)["score"] == 0 and m.current_seat == 2
    cards_conserved(m)


def test_4_2_with_5_3_a_penalty_that_reaches_the_target_waits_for_the_hands_end() -> None:
    """4.2 with 5.3: a penalty that takes a seat to ``target`` mid-hand ends nothing then; the
    hand is played out, and the match ends with it, the lowest score winning."""
    m = deal(4, {1: ["7S", "2C"], 2: ["9S", "KS"], 3: ["7H", "5H"], 0: ["7C", "3D"]}, stock=["7D"], hand_size=2,
             target=10)
    events = m.apply("7S")  # not announced: 10 points, the target
    assert find(events, "penalty").data["points"] == 10 and m.status(1)["score"] == 10
    assert not m.is_over and m.current_seat == 2 and "hand_over" not in kinds(events)
    m.apply("9S!")
    events = m.apply("draw")  # seat 3 has no 9 or spade: it draws
    for _ in range(500):  # played out: each seat makes its first legal move
        if m.is_over:
            break
        events = m.apply(legal(m)[0])
    over = find(events, "match_over")
    assert m.hand_number == 1  # no second hand was dealt
    scores = [m.status(seat)["score"] for seat in range(4)]
    assert max(scores) >= 10 and over.data["winners"] == [s for s in range(4) if scores[s] == min(scores)]


def test_4_2_draw2_penalty() -> None:
    m = deal(4, {1: ["7S", "2C"]}, stock=["7D", "KH", "QH"], hand_size=2, last_card="draw2")
    events = m.apply("7S")
    assert find(events, "penalty").data["draw"] == 2
    assert find(events, "draw").secret == {"cards": ["KH", "QH"]}
    assert sorted(m.hand(1)) == ["2C", "KH", "QH"] and m.status(1)["score"] == 0
    assert m.current_seat == 2


def test_4_2_off_means_no_announcement_at_all() -> None:
    m = deal(4, {1: ["7S", "2C"]}, stock=["7D"], hand_size=2, last_card="off")
    assert set(legal(m)) == {"7S", "draw"}
    with pytest.raises(IllegalAction):
        m.apply("7S!")
    events = m.apply("7S")
    assert kinds(events) == ["play"] and m.status(1)["score"] == 0


def test_4_3_the_check_is_automatic() -> None:
    """The penalty lands in the same apply, with no claim by anyone."""
    m = _two_left()
    assert "penalty" in kinds(m.apply("7S"))


def _going_out(**options: Any) -> Match:
    m = deal(2, {}, stock=["7D"], hand_size=1, **options)
    return rig(m, {0: ["KH", "2S"], 1: ["7S"]}, top="7D")


def test_4_4_going_out_with_announcement_costs_points() -> None:
    m = _going_out()
    events = m.apply("7S!")
    assert find(events, "penalty").data["reason"] == "announced going out"
    over = find(events, "hand_over")
    assert over.data["winners"] == [1] and over.data["scores"] == [12, 10]


def test_4_4_going_out_with_announcement_costs_nothing_under_draw2() -> None:
    m = _going_out(last_card="draw2")
    events = m.apply("7S!")
    assert "penalty" not in kinds(events)
    assert find(events, "hand_over").data["scores"] == [12, 0]


def test_4_4_under_draw2_the_announced_going_out_draws_nothing_and_goes_out() -> None:
    """4.4 under draw2, three seats: announcing on the play that empties the hand draws no
    card, the seat goes out with nothing in hand (0 points), the others score their cards."""
    m = deal(3, {}, stock=["7D"], hand_size=1, last_card="draw2")
    m = rig(m, {0: ["KH", "2S"], 1: ["7S"], 2: ["AS", "3D"]}, top="7D", stock=["QH", "JH"])
    events = m.apply("7S!")
    assert kinds(events)[:2] == ["play", "hand_over"]
    assert "penalty" not in kinds(events) and "draw" not in kinds(events)
    over = find(events, "hand_over")
    assert over.data["winners"] == [1] and over.data["points"] == [12, 0, 4]
    assert over.data["scores"] == [12, 0, 4] and m.hand_number == 2 and m.dealer == 1


def test_4_4_going_out_without_announcement_is_right() -> None:
    events = _going_out().apply("7S")
    assert "penalty" not in kinds(events) and find(events, "hand_over").data["winners"] == [1]


# ---------------------------------------------------------------- 5. scoring
def test_5_1_going_out_ends_the_hand_at_once() -> None:
    m = _going_out()
    events = m.apply("7S")
    assert kinds(events)[:2] == ["play", "hand_over"]
    assert m.hand_number == 2 and kinds(events)[2] == "deal"


def test_5_2_card_points() -> None:
    m = deal(3, {}, stock=["7D"], hand_size=1)
    m = rig(m, {0: ["8S", "KH", "QH", "JH", "TH"], 1: ["7S"], 2: ["AS", "2S", "5D", "9C"]}, top="7D")
    events = m.apply("7S")
    assert find(events, "hand_over").data["points"] == [90, 0, 17]
    assert [m.status(s)["score"] for s in range(3)] == [90, 0, 17]


def test_5_2_the_hands_counted_are_shown_with_the_end_of_the_hand() -> None:
    """5.2: the other players score the cards left in hand; the hand's end tells every seat
    (and a watcher) which cards those were, so that each can count them: the winner's list is
    empty, and each seat's cards make its points."""
    m = deal(3, {}, stock=["7D"], hand_size=1)
    m = rig(m, {0: ["8S", "KH", "QH", "JH", "TH"], 1: ["7S"], 2: ["AS", "2S", "5D", "9C"]}, top="7D")
    over = find(m.apply("7S"), "hand_over")
    assert over.data["held"] == [["8S", "KH", "QH", "JH", "TH"], [], ["AS", "2S", "5D", "9C"]]
    assert over.data["points"] == [90, 0, 17]
    for seat in (0, 1, 2, None):
        assert over.for_seat(seat)["held"] == over.data["held"]  # public: every seat sees them


def test_5_2_countdown_shows_the_hands_left_too() -> None:
    """6.2: in Countdown the cards score nothing, but the hand's end still shows them."""
    m = new_match("crazy-eights", 3, preset="countdown", seed=4)
    for _ in range(2000):  # bounded: the first hand's end, each seat playing a card where it can
        legal = [str(a) for a in m.legal_actions()]
        last = len(m.hand(m.current_seat)) == 2  # 4.1: "last card!" with the play that leaves one
        events = m.apply(next((a for a in legal if a not in ("draw", "pass") and a.endswith("!") is last), legal[0]))
        over = next((e for e in events if e.kind == "hand_over"), None)
        if over is not None:
            break
    else:
        raise AssertionError("no hand ended")
    winner = over.data["winners"][0]
    left = over.data["held"]
    assert left[winner] == [] and all(left[s] for s in range(3) if s != winner)
    assert "points" not in over.data


def test_5_3_match_ends_at_target_lowest_wins() -> None:
    m = deal(3, {}, stock=["7D"], hand_size=1, target=50)
    m = rig(m, {0: ["8S"], 1: ["7S"], 2: ["AS", "2S"]}, top="7D", scores=[0, 20, 0])
    events = m.apply("7S")
    assert kinds(events)[-1] == "match_over"
    assert m.is_over and m.current_seat is None and m.legal_actions() == []
    assert [m.status(s)["score"] for s in range(3)] == [50, 20, 3]
    assert m.winners == [2]
    with pytest.raises(IllegalAction):
        m.apply("draw")


def test_5_3_ties_share_the_win() -> None:
    m = deal(3, {}, stock=["7D"], hand_size=1, target=50)
    m = rig(m, {0: ["8S"], 1: ["7S"], 2: ["AS", "2S"]}, top="7D", scores=[0, 3, 0])
    m.apply("7S")
    assert m.winners == [1, 2]


def test_5_3_below_target_the_deal_passes_clockwise() -> None:
    m = _going_out()
    assert m.dealer == 0
    m.apply("7S")
    assert m.dealer == 1 and m.hand_number == 2 and m.current_seat == 0
    assert m.direction == 1 and [len(m.hand(s)) for s in range(2)] == [1, 1]
    cards_conserved(m)


def test_5_3_after_a_reverse_the_next_hand_starts_clockwise() -> None:
    """Rules README (every hand starts clockwise) and 5.3 (the deal passes clockwise), with
    specials: seat 1 plays an A (7.3: the direction turns counter-clockwise, seat 0 next) and
    seat 0 goes out while play runs counter-clockwise. The next hand is dealt by seat 1 and
    starts clockwise: seat 2 plays first."""
    m = _specials({0: ["KC"], 1: ["AC", "9H"], 2: ["3D", "4D"], 3: ["KH", "QH"]}, top="7C")
    m.apply("AC!")
    assert m.direction == -1 and m.current_seat == 0
    events = m.apply("KC")
    assert find(events, "hand_over").data["winners"] == [0]
    assert find(events, "deal").seat == 1
    assert m.hand_number == 2 and m.dealer == 1
    assert m.direction == 1 and m.current_seat == 2
    assert [len(m.hand(s)) for s in range(4)] == [5, 5, 5, 5]
    cards_conserved(m)


# ---------------------------------------------------------------- 6. countdown
def test_6_1_countdown_deals_eight_and_eights_are_wild() -> None:
    m = deal(3, {1: ["8C", "2H", "3H", "4H", "5H", "6H", "9S", "TS"]}, stock=["7D"], preset="countdown")
    assert [len(m.hand(s)) for s in range(3)] == [8, 8, 8]
    assert m.status(1)["count"] == 8 and m.status(1)["score"] == 0
    assert {"8C=S", "8C=H", "8C=D", "8C=C"} <= plays(m)


def test_6_1_the_count_rank_is_wild_for_that_seat_only() -> None:
    m = new_match(GAME, 3, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["5S", "2C"], 1: ["5C", "8C", "KD"], 2: ["2H"]}, top="4H", counts=[8, 5, 8], current=1)
    assert plays(m) == {"5C=S", "5C=H", "5C=D", "5C=C"}  # 8C is ordinary for a seat on 5
    m = rig(m, {0: ["5S", "2C"], 1: ["5C", "8C", "KD"], 2: ["2H"]}, top="4H", counts=[8, 5, 8], current=0)
    assert plays(m) == set()  # 5S is ordinary for a seat on 8


def test_6_1_count_one_makes_aces_wild_and_deals_one_card() -> None:
    m = new_match(GAME, 2, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["2C"], 1: ["AC", "KD"]}, top="4H", counts=[8, 1], current=1)
    assert plays(m) == {"AC=S", "AC=H", "AC=D", "AC=C"}
    m = rig(m, {0: ["9C"], 1: ["5H"]}, top="4H", counts=[8, 2], current=1)
    events = m.apply("5H")  # out on count 2: down to 1
    assert find(events, "hand_over").data["counts"] == [8, 1]
    assert m.status(1)["count"] == 1 and [len(m.hand(s)) for s in range(2)] == [8, 1]


def test_6_2_going_out_lowers_the_count_and_keeps_no_points() -> None:
    m = new_match(GAME, 3, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["KS", "QS"], 1: ["4C"], 2: ["8H", "KH"]}, top="4H", current=1)
    events = m.apply("4C")
    over = find(events, "hand_over")
    assert over.data["counts"] == [8, 7, 8] and "points" not in over.data
    assert [m.status(s) for s in range(3)] == [
        {"in_hand": True, "out": False, "score": 0, "count": c} for c in (8, 7, 8)]
    assert [len(m.hand(s)) for s in range(3)] == [8, 7, 8] and m.dealer == 1


def test_6_2_3_6_a_blocked_countdown_hand_scores_nothing_and_keeps_the_counts() -> None:
    """6.2 with the 3.6 Decision: in countdown, when nothing can be drawn and every seat passes
    in a row, the hand ends with nobody out: no points are scored, no count changes, and the
    deal passes on, each seat dealt as many cards as its (unchanged) count."""
    m = deal(3, {}, stock=["7D"], preset="countdown", reshuffle=False)
    m = rig(m, {0: ["KH", "2S"], 1: ["2C", "3C"], 2: ["4C", "JS"]}, top="7D", empty_stock=True,
            counts=[8, 5, 3])
    assert m.current_seat == 1 and m.stock_count == 0
    assert legal(m) == ["pass"]  # nothing matches 7D, no seat holds its wild rank
    m.apply("pass")
    assert legal(m) == ["pass"]
    m.apply("pass")
    assert legal(m) == ["pass"]
    events = m.apply("pass")
    over = find(events, "hand_over")
    assert over.data["blocked"] is True and over.data["winners"] == []
    assert over.data["counts"] == [8, 5, 3] and "points" not in over.data
    assert [m.status(s)["count"] for s in range(3)] == [8, 5, 3]
    assert [m.status(s)["score"] for s in range(3)] == [0, 0, 0]
    assert not m.is_over and m.hand_number == 2 and m.dealer == 1 and m.current_seat == 2
    assert [len(m.hand(s)) for s in range(3)] == [8, 5, 3]
    cards_conserved(m)


def test_6_3_out_on_count_one_wins_the_match() -> None:
    m = new_match(GAME, 3, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["KS", "QS"], 1: ["4C"], 2: ["8H"]}, top="4H", counts=[2, 1, 5], current=1)
    events = m.apply("4C")
    assert kinds(events)[-2:] == ["hand_over", "match_over"]
    assert m.is_over and m.winners == [1]


def test_6_4_last_card_points_acts_as_draw2_and_tells_the_count() -> None:
    m = new_match(GAME, 3, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["KS"], 1: ["4C", "9S"], 2: ["8H"]}, top="4H", stock=["TD", "JD"], counts=[8, 5, 8], current=1)
    assert m.options["last_card"] == "points"
    events = m.apply("4C")
    assert find(events, "penalty").data["draw"] == 2 and m.status(1)["score"] == 0
    assert sorted(m.hand(1)) == ["9S", "JD", "TD"]
    m = rig(m, {0: ["KS"], 1: ["4C", "9S"], 2: ["8H"]}, top="4H", counts=[8, 5, 8], current=1)
    events = m.apply("4C!")
    assert find(events, "last_card").data == {"count": 5}


def test_6_4_countdown_going_out_announced_costs_nothing() -> None:
    m = new_match(GAME, 2, preset="countdown", seed=2, dealer=0)
    m = rig(m, {0: ["KS"], 1: ["4C"]}, top="4H", counts=[8, 3], current=1)
    events = m.apply("4C!")
    assert "penalty" not in kinds(events) and m.status(1)["count"] == 2


def test_6_5_more_than_five_seats_use_two_decks() -> None:
    m = new_match(GAME, 6, preset="countdown", seed=4)
    assert len(m.full_deck()) == 104 and [len(m.hand(s)) for s in range(6)] == [8] * 6


def test_6_5_decks_one_with_six_seats_fits_the_deal() -> None:
    """6.5 and 1.2: two decks are the `auto` choice from 6 seats; `decks: 1` overrides it, and
    with 6 seats the countdown deal (6 x 8 + the starter = 49) fits in 52 cards."""
    m = new_match(GAME, 6, preset="countdown", options={"decks": 1}, seed=4)
    assert len(m.full_deck()) == 52 and m.decks() == 1
    assert [len(m.hand(s)) for s in range(6)] == [8] * 6 and m.stock_count == 52 - 49
    assert all(n == 1 for n in Counter(c for s in range(6) for c in m.hand(s)).values())
    cards_conserved(m)


@pytest.mark.parametrize("players", [7, 8])
def test_6_5_decks_one_refused_where_the_countdown_deal_does_not_fit(players: int) -> None:
    """6.5 and rules README (not enough cards): with 7 or 8 seats, 8 cards each and the starter
    need more than one deck (57 or 65): `decks: 1` is refused; `auto` (two decks) deals."""
    with pytest.raises(ValueError, match="not enough cards"):
        new_match(GAME, players, preset="countdown", options={"decks": 1}, seed=4)
    m = new_match(GAME, players, preset="countdown", seed=4)
    assert len(m.full_deck()) == 104 and m.stock_count == 104 - 8 * players - 1
    assert [len(m.hand(s)) for s in range(players)] == [8] * players


def test_6_6_jokers_are_wild_for_every_seat() -> None:
    m = new_match(GAME, 2, preset="countdown", options={"jokers": True}, seed=2, dealer=0)
    m = rig(m, {0: ["KS", "QS"], 1: ["JK", "8C", "KD"]}, top="4H", counts=[8, 3], current=1)
    assert plays(m) == {f"JK={s}" for s in "SHDC"}


# ---------------------------------------------------------------- 7. special cards
def _specials(hands: dict[int, list[str]], top: str = "5C", players: int = 4, **changes: Any) -> Match:
    m = new_match(GAME, players, preset="specials", seed=2, dealer=0)
    changes.setdefault("current", 1)
    return rig(m, hands, top=top, **changes)


def test_7_1_a_two_makes_the_next_seat_draw_two_and_miss_its_turn() -> None:
    m = _specials({0: ["KS"], 1: ["2C", "9H"], 2: ["3D", "4D", "5S"], 3: ["KH", "QH"]})
    events = m.apply("2C")
    debt = find(events, "debt")
    assert debt.seat == 2 and debt.data == {"debt": 2}
    assert m.current_seat == 2 and legal(m) == ["draw"]  # 3D, 4D, 5S do not answer
    events = m.apply("draw")
    assert find(events, "draw").data["count"] == 2 and len(m.hand(2)) == 5
    assert m.current_seat == 3 and m.view(3)["debt"] == 0
    assert plays(m) == set() and "draw" in legal(m)  # seat 3 plays on the 2C normally


def test_7_1_twos_stack_and_the_sum_passes_on() -> None:
    m = _specials({0: ["KS", "7S"], 1: ["2C", "9H"], 2: ["2H", "4C", "5S"], 3: ["2D", "QH"]})
    m.apply("2C")
    assert set(legal(m)) == {"2H", "2H!", "draw"}  # any suit of 2; 4C matches the suit but may not be played
    events = m.apply("2H")
    assert find(events, "debt").data == {"debt": 4} and m.current_seat == 3
    events = m.apply("2D")
    assert find(events, "debt").data == {"debt": 6} and m.current_seat == 0
    assert legal(m) == ["draw"]
    m.apply("draw")
    assert len(m.hand(0)) == 8 and m.current_seat == 1


def test_7_1_with_3_6_a_debt_with_nothing_to_draw_draws_none_and_ends_the_turn() -> None:
    """7.1 with 3.6: a debt the stock cannot pay (nothing to draw, reshuffle off) is still
    answered by ``draw``, which draws no card and ends the turn; it is no pass of a blocked
    hand, so the hand does not end for it."""
    m = new_match(GAME, 3, preset="specials", options={"reshuffle": False}, seed=2, dealer=0)
    m = rig(m, {0: ["KS"], 1: ["2C", "9H"], 2: ["3D", "4D"]}, top="5C", empty_stock=True, current=1)
    m.apply("2C")
    assert m.current_seat == 2 and legal(m) == ["draw"]
    events = m.apply("draw")
    assert find(events, "debt_paid").data["drawn"] == 0 and sorted(m.hand(2)) == ["3D", "4D"]
    assert m.current_seat == 0 and m.view(0)["debt"] == 0 and not m.is_over
    assert "hand_over" not in kinds(events)


def test_7_1_with_5_1_a_last_two_answering_a_debt_goes_out() -> None:
    """7.1 with 5.1: a seat that answers a debt with its last card, a 2, goes out at once: the
    hand ends there, and the debt (now 4) is no one's to draw."""
    m = _specials({0: ["KS"], 1: ["2C", "9H"], 2: ["2H"], 3: ["KH", "QH"]})
    m.apply("2C")
    events = m.apply("2H")
    assert "debt" not in kinds(events)
    over = find(events, "hand_over")
    assert over.data["winners"] == [2] and over.data["points"][3] == 20  # KH, QH: nothing drawn for the debt
    assert m.hand_number == 2 and m.view(3)["debt"] == 0


def test_7_1_pass_is_not_an_answer_to_a_debt() -> None:
    m = _specials({0: ["KS"], 1: ["2C", "9H"], 2: ["3D", "4D"], 3: ["KH"]})
    m.apply("2C")
    with pytest.raises(IllegalAction):
        m.apply("pass")


def test_7_2_a_queen_skips_the_next_seat() -> None:
    m = _specials({0: ["KS"], 1: ["QC", "9H"], 2: ["3D"], 3: ["KH"]})
    events = m.apply("QC")
    assert find(events, "skip").seat == 2 and m.current_seat == 3


def test_7_2_with_two_seats_the_player_plays_again() -> None:
    m = _specials({0: ["KS"], 1: ["QC", "9C", "TD"]}, players=2)
    m.apply("QC")
    assert m.current_seat == 1 and plays(m) == {"9C"}


def test_7_3_an_ace_reverses_the_direction() -> None:
    m = _specials({0: ["KS"], 1: ["AC", "9H"], 2: ["3D"], 3: ["KH"]})
    events = m.apply("AC")
    assert find(events, "reverse").data == {"direction": -1}
    assert m.direction == -1 and m.current_seat == 0


def test_7_3_with_two_seats_an_ace_acts_as_a_queen() -> None:
    m = _specials({0: ["KS"], 1: ["AC", "9C", "TD"]}, players=2)
    events = m.apply("AC")
    assert "skip" in kinds(events) and m.direction == 1 and m.current_seat == 1


def test_7_1_the_debt_after_a_reverse_goes_the_new_way() -> None:
    m = _specials({0: ["KS"], 1: ["2C", "9H"], 2: ["3D"], 3: ["KH"]}, direction=-1)
    events = m.apply("2C")
    assert find(events, "debt").seat == 0 and m.current_seat == 0


@pytest.mark.parametrize("starter", ["2C", "QC", "AC"])
def test_7_4_a_starter_has_no_special_effect(starter: str) -> None:
    m = deal(4, {1: ["5C", "3H", "4H", "6H", "7H"]}, stock=[starter], dealer=0, preset="specials")
    assert m.current_seat == 1 and m.direction == 1 and m.view(1)["debt"] == 0
    assert "5C" in plays(m)


def test_7_4_a_wild_two_in_countdown_is_both() -> None:
    m = new_match(GAME, 3, preset="countdown", options={"specials": True}, seed=2, dealer=0)
    m = rig(m, {0: ["KS"], 1: ["2C", "9D"], 2: ["2H", "7D"]}, top="4H", counts=[8, 2, 2], current=1)
    assert plays(m) == {f"2C={s}" for s in "SHDC"}
    events = m.apply("2C=D")
    assert find(events, "debt").data == {"debt": 2} and m.suit == "D"
    # a wild 2 answering a debt also names a suit
    assert set(legal(m)) == {f"2H={s}{b}" for s in "SHDC" for b in ("", "!")} | {"draw"}
    m.apply("2H=S!")
    assert m.suit == "S" and m.current_seat == 0 and m.view(0)["debt"] == 4


# ---------------------------------------------------------------- 8. options and presets
def test_8_options_table() -> None:
    opts = INFO.options
    assert {k: o.default for k, o in opts.items()} == {
        "hand_size": "auto", "max_draws": "unlimited", "reshuffle": True, "last_card": "points",
        "target": 100, "jokers": False, "countdown": False, "specials": False, "decks": "auto"}
    assert (opts["hand_size"].min, opts["hand_size"].max) == (1, 10)
    assert (opts["max_draws"].min, opts["max_draws"].max) == (1, 10)
    assert (opts["target"].min, opts["target"].max) == (10, 1000)
    assert opts["last_card"].choices == ("points", "draw2", "off")
    for bad in ({"hand_size": 11}, {"max_draws": 0}, {"target": 5}, {"last_card": "loud"}, {"colour": 1}):
        with pytest.raises(ValueError):
            new_match(GAME, 4, options=bad, seed=1)


def test_8_presets() -> None:
    assert list(INFO.presets) == ["standard", "draw-one", "countdown", "specials", "jokers"]
    assert all(p.description and "\n" not in p.description for p in INFO.presets.values())
    resolve = INFO.resolve
    assert resolve(4, "draw-one")["max_draws"] == 1
    assert resolve(4, "countdown")["countdown"] is True
    assert resolve(4, "specials")["specials"] is True
    assert resolve(4, "jokers")["jokers"] is True
    assert resolve(4, "standard") == {k: o.default for k, o in INFO.options.items()}


# ---------------------------------------------------------------- contract details
def test_suit_and_status_and_view() -> None:
    m = deal(4, {1: ["7S", "2C", "3C", "4C", "5C"], 2: ["9D", "KD", "QD", "JD", "TD"]}, stock=["7D"])
    assert m.suit == "D" and m.status(0) == {"in_hand": True, "out": False, "score": 0}
    v = m.view(2)
    assert v["hand"] == ["9D", "KD", "QD", "JD", "TD"] and v["suit"] == "D" and v["legal"] == []
    assert v["wild"] == ["8"] and "7S" not in json.dumps(v)
    assert m.view(None)["hand"] == []


def test_snapshot_restores_play_exactly() -> None:
    rng = random.Random(8)
    m = new_match(GAME, 4, preset="specials", options={"jokers": True, "max_draws": 3}, seed=8)
    for _ in range(40):
        m.apply(rng.choice(m.legal_actions()))
    copy = Match.restore(m.snapshot())
    twin = m.clone()
    assert copy.snapshot() == m.snapshot()
    for _ in range(200):
        if m.is_over:
            break
        a = rng.choice(m.legal_actions())
        assert copy.legal_actions() == twin.legal_actions() == m.legal_actions()
        ev = [e.to_dict() for e in m.apply(a)]
        assert [e.to_dict() for e in copy.apply(str(a))] == ev == [e.to_dict() for e in twin.apply(a)]


def test_illegal_actions_change_nothing() -> None:
    m = deal(4, {1: ["7S", "2C", "3C", "4C", "5C"]}, stock=["7D"])
    before = m.snapshot()
    for bad in ("3C", "pass", "7S=H", "XX", "8C=H", "", "7S!!"):
        with pytest.raises(IllegalAction):
            m.apply(bad)
    with pytest.raises(IllegalAction):
        m.apply("draw", seat=2)
    assert m.snapshot() == before
