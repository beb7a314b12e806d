"""The line above the hand (tui/hintline.py) and the turn clock as the app counts it
(tui/shownclock.py), read from views of real matches."""
from __future__ import annotations

import pytest

from core import new_match
from tui.hintline import announces, hint_text, move_keys
from tui.shownclock import ShownClock

from tests.bots.helpers import positions

NAMES = ["Ana", "Bob", "Cy", "Di"]
LABELS = {"enter": "Enter", "space": "Space", "l": "L", "p": "P"}


def keys(binding: str, default: str) -> str:
    """The keymap's defaults, named as a hint names them."""
    return LABELS[default]


def test_a_playable_card_names_enter_and_the_turns_other_moves_cut_to_the_width() -> None:
    view = new_match("crazy-eights", 4, seed=3).view(1)
    assert view["top"] == "3H" and "KH" in view["hand"] and "draw" in view["legal"]
    assert move_keys(view, keys) == ["Space draws"]
    line = lambda width: hint_text(view, "KH", view["hand"], NAMES, "ascii", keys, lambda: width).plain  # noqa: E731
    assert line(80) == "Enter plays KH · Space draws"
    assert line(14) == "Enter plays KH"  # the shortest form that still says what Enter does


def test_a_card_that_cannot_be_played_says_why_and_which_can() -> None:
    """crazy-eights 3.2: a card follows by suit or rank, or is wild."""
    view = new_match("crazy-eights", 4, seed=3).view(1)
    hint = hint_text(view, "6S", view["hand"], NAMES, "ascii", keys, lambda: 80)
    assert hint.plain == "6S matches neither H hearts nor a 3; 8S and KH can be played. Space draws."
    assert hint.style == "italic"


def test_the_play_that_leaves_one_card_offers_last_card() -> None:
    """crazy-eights 4.1: "last card!" is said with the play that leaves one card, from a hand of two."""
    view = new_match("crazy-eights", 4, seed=3).view(1)
    two = {**view, "hand": ["KH", "6S"]}
    assert announces(two) and not announces(view)
    assert hint_text(two, "KH", two["hand"], NAMES, "ascii", keys, lambda: 120).plain == \
        'Enter plays KH · L plays it with "last card!" (else a penalty) · Space draws'
    assert "L plays" not in hint_text(view, "KH", view["hand"], NAMES, "ascii", keys, lambda: 120).plain
    # narrower (a 60-column table, the board's line ahead of it), the warning is the part kept
    # longest: Enter alone costs a penalty (4.2), where "Space draws" costs nothing
    line = lambda width: hint_text(two, "KH", two["hand"], NAMES, "ascii", keys, lambda: width).plain  # noqa: E731
    assert line(45) == 'Enter plays KH · L plays it with "last card!"'
    assert line(36) == 'Enter plays KH · L with "last card!"'
    assert line(20) == "Enter plays KH"


def test_a_watcher_and_a_finished_match_have_no_card_to_hint() -> None:
    m = new_match("ninety-eight", 4, seed=3)
    assert hint_text(m.view(None), None, [], NAMES, "ascii", keys, lambda: 80).plain == "You are watching this match."
    over = {**m.view(1), "is_over": True}
    assert hint_text(over, "6S", over["hand"], NAMES, "ascii", keys, lambda: 80).plain == "The match is over."


def test_the_shown_clock_counts_a_turn_from_its_view_and_rings_once_a_turn() -> None:
    view = new_match("ninety-eight", 4, seed=3).view(0)
    lobby = {"turn_time": 30, "seats": [{"name": n, "connected": True} for n in NAMES]}
    clock = ShownClock()
    assert clock.left(view, {**lobby, "turn_time": None}) is None and not clock.running
    assert clock.left(view, lobby) == 30 and clock.running
    assert clock.first_warning() and not clock.first_warning()  # once a turn
    clock.restart()  # back after a drop, the host saying nothing of what is left: a full clock, no second bell
    assert clock.left(view, lobby) == 30 and not clock.first_warning()
    bot_turn = {**lobby, "seats": [*lobby["seats"][:1], {"name": "Normal bot", "bot": "normal", "connected": True},
                                   *lobby["seats"][2:]]}
    assert view["current_seat"] == 1 and clock.left(view, bot_turn) is None and not clock.running
    assert clock.left({**view, "version": 1}, lobby) == 30 and clock.first_warning()  # a new turn rings again


def test_the_shown_clock_counts_off_the_round_trip_to_the_host() -> None:
    """A guest 1.5 s each way from the host read "3 s" while the host's clock had 1 s left for
    the move still to travel: a move made with time showing was refused. The round trip comes
    off the player's own turn, half of it off another's (only its view was on the way)."""
    lobby = {"turn_time": 15, "seats": [{"name": n, "connected": True} for n in NAMES]}
    view = new_match("ninety-eight", 4, seed=3).view(1)
    assert view["current_seat"] == 1  # this seat's own turn
    assert ShownClock().left(view, lobby, lag=3.0) == 12
    assert ShownClock().left(view, lobby) == 15
    others = new_match("ninety-eight", 4, seed=3).view(0)  # seat 1's turn, seen from seat 0
    assert ShownClock().left(others, lobby, lag=3.0) == 14  # ceil(15 - 1.5)
    assert ShownClock().left(view, {**lobby, "turn_time": 2}, lag=3.0) == 0  # never below nothing
    # the wait for an away player's turn: its lobby took half the round trip to come
    away = [dict(s) for s in lobby["seats"]]
    away[1].update(connected=False, takeover=20)
    assert ShownClock().wait_left(view, {**lobby, "seats": away}, lag=3.0) == 19
    assert ShownClock().wait_left(view, {**lobby, "seats": away}) == 20


def test_the_shown_clock_stops_while_a_bot_moves_for_the_player() -> None:
    """docs/guide.md (turn clock, stepping away): the host runs no clock while a bot finishes
    the turn of a player out of time, nor for a player who stepped away; nor does the app."""
    view = new_match("ninety-eight", 4, seed=3).view(0)
    lobby = {"turn_time": 30, "seats": [{"name": n, "connected": True} for n in NAMES]}
    clock = ShownClock()
    clock.bot_moving(view, lobby)  # the bot drew for them, and goes on
    assert clock.left(view, lobby) is None and not clock.running
    after = {**view, "version": view["version"] + 1}  # their own move, or the next turn
    assert clock.left(after, lobby) == 30
    current = view["current_seat"]
    away = [dict(s) for s in lobby["seats"]]
    away[current]["stepped_away"] = True
    assert clock.left(after, {**lobby, "seats": away}) is None


@pytest.mark.parametrize("mark", ["stepped_away", "standin"])
def test_a_player_back_in_the_middle_of_a_bots_turn_for_them_has_the_clock_shown(mark: str) -> None:
    """The bot standing in for a player away drew for them; the player came back with the turn
    still theirs: the host's clock runs for the rest of it (docs/protocol.md, "Turn clock"), and
    ran out a minute later, but no app showed it (the bot's move had hidden it for the turn)."""
    view = new_match("crazy-eights", 4, seed=3).view(0)
    lobby = {"turn_time": 60, "seats": [{"name": n, "connected": True} for n in NAMES]}
    current = view["current_seat"]
    away = [dict(s) for s in lobby["seats"]]
    away[current][mark] = True
    clock = ShownClock()
    clock.bot_moving(view, {**lobby, "seats": away})
    assert clock.left(view, {**lobby, "seats": away}) is None
    assert clock.left(view, lobby) == 60 and clock.running  # back: their turn, on the clock
    clock.bot_moving(view, lobby)  # the clock's own bot finishing a turn: still none while it does
    assert clock.left(view, lobby) is None


def test_a_ninety_nine_card_says_what_it_costs_or_wins_before_it_is_played() -> None:
    """ninety-nine 3.3: the line above the hand says what a card of one value does to the chips
    (it said only "Enter plays J♦" at 65, where the J passed 66 and cost a chip); a card that
    does nothing to them says only where it takes the total, and one of two values both totals,
    with what each costs where it costs something (tests/tui/test_two_value_chips.py)."""
    view = {**new_match("ninety-nine", 3, seed=4).view(0), "total": 60, "current_seat": 0}
    view["hand"], view["legal"] = ["JD", "9C", "AS"], ["JD", "9C", "AS+1", "AS+11"]
    line = lambda card, width=80: hint_text(view, card, view["hand"], NAMES, "ascii", keys,  # noqa: E731
                                            lambda: width).plain
    # 2: a J also skips the next seat (said where the line has room, after the chips)
    assert line("JD", 120) == "Enter plays JD to 70 (passes 66: you lose 1 chip), and Bob misses a turn"
    assert line("JD", 72) == "Enter plays JD to 70 (passes 66: you lose 1 chip), and Bob misses a turn"
    assert line("JD", 71) == "Enter plays JD to 70 (passes 66: you lose 1 chip)"  # the chips kept before the turn
    assert line("9C") == "Enter plays 9C: the total stays 60"  # 2: a 9 adds nothing
    assert line("AS") == "Enter plays AS to 71 (passes 66: you lose 1 chip) or 61"  # 2: its two values, the one that costs first
    assert line("JD", 20) == "Enter plays JD to 70"  # too narrow for the outcome: where it goes, still
    assert line("JD", 17) == "Enter plays JD"  # and narrower: what Enter does
    view["total"] = 56
    assert line("JD", 120) == "Enter plays JD to 66 (lands on 66: the others lose 1 chip each), and Bob misses a turn"


def test_a_ninety_eight_card_says_where_it_takes_the_total() -> None:
    """ninety-eight 2 and its options: the line above the hand says the total a card makes: a
    King the limit, a 3 that skips or a 4 that reverses nothing, a ten that can only go down its
    -10; an ace or a ten with two values, both (Enter asks which)."""
    m = new_match("ninety-eight", 3, "standard", options={"limit": 50, "threes": "skip", "fours": "reverse"}, seed=4)
    view = {**m.view(0), "total": 45, "current_seat": 0}
    view["hand"], view["legal"] = ["KS", "3C", "4D", "TH", "5S", "AS"], ["KS", "3C", "4D", "TH-10", "5S", "AS+1"]
    line = lambda card: hint_text(view, card, view["hand"], NAMES, "ascii", keys, lambda: 80).plain  # noqa: E731
    assert line("KS") == "Enter plays KS to 50"
    assert line("3C") == "Enter plays 3C: the total stays 45, and Bob misses a turn"  # 7: skip, naming the seat
    assert line("4D") == "Enter plays 4D: the total stays 45, and play turns the other way, to Cy"  # 7: reverse
    assert line("TH") == "Enter plays 10H to 35"
    assert line("5S") == "Enter plays 5S to 50"
    assert line("AS") == "Enter plays AS to 46"  # only its 1 fits: one value, so said here
    view["legal"] = ["KS", "3C", "4D", "TH+10", "TH-10", "5S", "AS+1", "AS+11"]
    view["total"] = 20
    assert line("TH") == "Enter plays 10H to 30 or 10" and line("AS") == "Enter plays AS to 21 or 31"
    view["total"] = 5
    assert line("TH") == "Enter plays 10H to 15 or 0"  # 2.1: never below 0


def test_crazy_eights_has_no_total_to_say_and_a_wild_card_names_a_suit() -> None:
    """crazy-eights 3.3: Enter on an eight asks which suit it names, and the line says so."""
    view = new_match("crazy-eights", 4, seed=3).view(1)
    line = lambda card: hint_text(view, card, view["hand"], NAMES, "ascii", keys, lambda: 80).plain  # noqa: E731
    assert line("KH") == "Enter plays KH · Space draws"
    assert line("8S") == "Enter plays 8S, naming a suit · Space draws"


def test_a_card_says_what_it_does_to_the_turn() -> None:
    """What a card does to who plays next, before it is played: Ninety-Nine's J skips and 4
    reverses (2); between two seats a skip gives the player another turn and a reverse does
    nothing (ninety-eight 7.1, ninety-nine 2); Crazy Eights' specials (7.1-7.3): a 2's cards
    to draw, growing with the debt it answers, a Q's skip, an A's reverse, which acts as a Q
    between two (7.3); without specials, or a joker, nothing."""
    from tui.playeffect import turn_effect

    nn = new_match("ninety-nine", 3, seed=4).view(0)
    assert turn_effect(nn, "JD") == "the next player misses a turn"
    assert turn_effect(nn, "4S") == "play turns the other way"
    assert turn_effect(nn, "5S") == "" and turn_effect(nn, "draw") == ""
    two = new_match("ninety-nine", 2, seed=4).view(0)
    assert turn_effect(two, "JD") == "you play again" and turn_effect(two, "4S") == ""
    out = {**nn, "status": [dict(s) for s in nn["status"]]}
    out["status"][2]["in_hand"] = False  # one of three out of the round: two left
    assert turn_effect(out, "JD") == "you play again"
    ne = new_match("ninety-eight", 4, seed=4).view(0)
    assert [turn_effect(ne, c) for c in ("3C", "4D", "JD")] == ["", "", ""]  # standard: they add
    ce = new_match("crazy-eights", 4, "specials", seed=4).view(0)
    assert turn_effect(ce, "2C") == "the next player draws 2 or plays a 2"
    assert turn_effect({**ce, "debt": 4}, "2H") == "the next player draws 6 or plays a 2"
    assert turn_effect(ce, "QS") == "the next player misses a turn"
    assert turn_effect(ce, "AS") == "play turns the other way"
    assert turn_effect(ce, "JK") == "" and turn_effect(ce, "KS") == ""
    # named (where it is this seat's turn): seat 0 to play at three seats, clockwise
    names = ["You", "Bo", "Cy"]
    assert turn_effect(nn, "JD", names) == "Bo misses a turn"
    assert turn_effect(nn, "JD", names, short=True) == "skips Bo"
    assert turn_effect(nn, "4S", names) == "play turns the other way, to Cy"
    assert turn_effect(nn, "4S", names, short=True) == "reverses play, to Cy"
    assert turn_effect({**nn, "direction": -1}, "JD", names) == "Cy misses a turn"
    assert turn_effect(out, "JD", names) == "you play again"
    # not this seat's turn: the view does not say who is after it
    assert turn_effect({**nn, "current_seat": 1}, "JD", names) == "the next player misses a turn"
    ce_mine = {**ce, "current_seat": 0}
    assert turn_effect(ce_mine, "2C", ["You", "Bo", "Cy", "Di"]) == "Bo draws 2 or plays a 2"
    ce2 = new_match("crazy-eights", 2, "specials", seed=4).view(0)
    assert turn_effect(ce2, "AS") == "you play again" and turn_effect(ce2, "QS") == "you play again"
    plain = new_match("crazy-eights", 4, seed=4).view(0)
    assert turn_effect(plain, "2C") == turn_effect(plain, "QS") == turn_effect(plain, "AS") == ""


def test_an_effect_that_does_not_fit_with_its_seat_named_is_said_without_it() -> None:
    """A long name ("Normal bot 3") made the effect's words too long, and the line left the
    effect out where its words without the name fitted, as they did before seats were named:
    each length with the seat named, then without, before a shorter one."""
    view = {**new_match("ninety-nine", 4, seed=4).view(0), "total": 29, "current_seat": 0}
    view["hand"], view["legal"] = ["4S", "9C", "5D"], ["4S", "9C", "5D"]
    long = ["You", "Normal bot", "Normal bot 2", "Normal bot 3"]
    line = lambda width: hint_text(view, "4S", view["hand"], long, "ascii", keys, lambda: width).plain  # noqa: E731
    named = "Enter plays 4S to 33 (lands on 33: the others lose 1 chip each), and play turns the other way, to Normal bot 3"
    assert line(120) == named
    assert line(len(named) - 1) == "Enter plays 4S to 33 (lands on 33: the others lose 1 chip each), and play turns the other way"
    assert line(40) == "Enter plays 4S to 33 (others lose 1)"  # the chips kept before the turn, as ever
    view["total"] = 20  # to 24: no chips
    assert line(50) == "Enter plays 4S to 24, and play turns the other way"
    assert line(49) == "Enter plays 4S to 24, reverses play"  # (", to Normal bot 3" does not fit)
    view["hand"], view["legal"] = ["JS", "9C", "5D"], ["JS", "9C", "5D"]
    assert hint_text(view, "JS", view["hand"], long, "ascii", keys, lambda: 60).plain == \
        "Enter plays JS to 30, and Normal bot misses a turn"
    assert hint_text(view, "JS", view["hand"], long, "ascii", keys, lambda: 45).plain == \
        "Enter plays JS to 30, skips Normal bot"


def test_the_seat_a_card_falls_to_is_found_once_the_seats_it_puts_out_are_passed_over() -> None:
    """ninety-nine 4.1: a seat that loses its last chip is out at once, and the seat a J skips
    or a 4 turns play to is found after the chips of that play are lost (it named a seat the
    landing put out); 3.4 and 4.2: a card that ends the round or the match says nothing of a
    turn; crazy-eights 5.1: nor does the last card of a hand, a special or not."""
    from tui.playeffect import turn_effect

    names = ["You", "Bo", "Cy", "Di"]

    def at(total: int, chips: list[int], seats: int = 4, game: str = "ninety-nine") -> dict:
        view = new_match(game, seats, seed=4).view(0)
        status = [{**st, "chips": n} for st, n in zip(view["status"], chips)]
        return {**view, "total": total, "current_seat": 0, "status": status}

    # J to 33 lands: the others lose 1 chip; Bo, with 1, is out, and Cy misses the turn
    assert turn_effect(at(23, [3, 1, 2, 2]), "JS", names) == "Cy misses a turn"
    assert turn_effect(at(23, [3, 2, 2, 2]), "JS", names) == "Bo misses a turn"  # nobody out
    # 4 to 33: Di, whom play would turn to, is out: Cy is next
    assert turn_effect(at(29, [3, 2, 2, 1]), "4S", names) == "play turns the other way, to Cy"
    # three seats, one put out: two left, and a J gives the player another turn; a 4 nothing
    assert turn_effect(at(23, [3, 1, 2], 3), "JS", names) == "you play again"
    assert turn_effect(at(29, [3, 1, 2], 3), "4S", names) == ""
    # to 99, or over it: the round ends; a landing that leaves one seat with chips: the match
    assert turn_effect(at(89, [3, 2, 2, 2]), "JS", names) == turn_effect(at(95, [3, 2, 2, 2]), "JS", names) == ""
    assert turn_effect(at(23, [3, 1, 1, 1]), "JS", names) == ""
    # this seat's own last chip (passing 33 costs 1): its turn is its last
    assert turn_effect(at(30, [1, 2, 2, 2]), "JS", names) == ""
    ce = {**new_match("crazy-eights", 4, "specials", seed=4).view(0), "current_seat": 0}
    assert turn_effect({**ce, "hand": ["QS"]}, "QS", names) == turn_effect({**ce, "hand": ["2S"]}, "2S", names) == ""
    assert turn_effect({**ce, "hand": ["QS", "3D"]}, "QS", names) == "Bo misses a turn"


def test_the_turn_effect_said_is_what_the_engine_does() -> None:
    """Over seeded random matches of every game (Ninety-Eight with its skips and reverse on,
    Crazy Eights with specials), each legal play of one value: where the line says the next
    player misses a turn, the engine skips a seat; where it says "you play again", the player is
    next; where it says play turns, the direction flips; the seat each names is the one the
    engine skips or turns play to; and where it says nothing, neither
    happens (a reverse between two seats, which turns nothing round, aside; a 2's draw is
    checked by the debt it leaves)."""
    from collections import Counter

    from tui.playeffect import turn_effect

    said: Counter[str] = Counter()
    for seed in range(30):
        game = ("ninety-eight", "ninety-nine", "crazy-eights")[seed % 3]
        options = {"threes": "skip", "fours": "reverse", "jacks": "skip"} if game == "ninety-eight" else {}
        preset = "specials" if game == "crazy-eights" else "standard"
        for m, seat in positions(game, preset, 2 + seed % 4, seed, 300, options):
            view = m.view(seat)
            names = [f"Seat{n}" for n in range(len(view["status"]))]
            for action in map(str, m.legal_actions(seat)):
                if action in ("draw", "pass") or action.endswith("!"):
                    continue
                trial = m.clone()
                before = trial.direction
                events = trial.apply(action, seat)
                effect = turn_effect(view, action)
                named = turn_effect(view, action, names)
                if game != "ninety-eight" and (trial.is_over or any(
                        e.kind in ("hand_over", "round_over", "match_over") or e.kind == "out" and e.seat == seat
                        for e in events)):
                    # a hand, round or match over, or this seat out: the card says nothing of a turn
                    assert effect == named == "", (game, action, effect, named)
                    said["ends"] += 1
                    continue
                if any(e.kind in ("hand_over", "round_over", "match_over", "eliminated", "reset") for e in events) \
                        or trial.is_over:
                    continue  # ninety-eight: a seat the cards it holds put out, which no view shows
                said[effect.split(" draws ")[0]] += 1
                skipped = any(e.kind == "skip" for e in events)
                if effect == "you play again":
                    assert trial.current_seat == seat, (game, action)
                elif effect == "the next player misses a turn":
                    assert skipped, (game, action, [e.kind for e in events])
                    missed = next(e.seat for e in events if e.kind == "skip")
                    assert named == f"{names[missed]} misses a turn", (game, action, named)
                elif effect == "play turns the other way":
                    assert trial.direction == -before, (game, action)
                    assert named == f"{effect}, to {names[trial.current_seat]}", (game, action, named)
                elif effect.startswith("the next player draws"):
                    assert trial.debt == (view.get("debt") or 0) + 2
                    assert named.startswith(f"{names[trial.current_seat]} draws "), (game, action, named)
                else:  # between two seats a reverse turns nothing round (ninety-eight 7.1, ninety-nine 2)
                    two = sum(1 for st in view["status"] if st.get("in_hand", True) and not st.get("out")) == 2
                    assert not skipped and (trial.direction == before or two), (game, action, [e.kind for e in events])
    kinds = ("", "you play again", "the next player misses a turn", "play turns the other way", "the next player",
             "ends")
    assert all(said[kind] >= 20 for kind in kinds), said

def test_a_short_clock_rings_no_ten_second_bell_on_top_of_the_turns_own() -> None:
    """README (``bell``): the bell rings as the player's turn comes and, on a clock long enough
    for it to say something new, with ten seconds left; on the 10 s short clock of a player out
    of time turn after turn, or a table's 10 s clock, only the first (the two came together)."""
    from tui.shownclock import BELL_APART, BELL_AT

    view = new_match("ninety-eight", 4, seed=3).view(0)
    seats = [{"name": n, "connected": True} for n in NAMES]
    for limit, rings in ((10, False), (BELL_AT + BELL_APART - 1, False), (BELL_AT + BELL_APART, True), (30, True)):
        clock = ShownClock()
        assert clock.left(view, {"turn_time": limit, "seats": seats}) == limit
        assert clock.first_warning() is rings, limit
    clock = ShownClock()
    clock.told(view, 6.0)  # came in mid-turn with 6 s left: the turn's bell has just rung
    assert clock.left(view, {"turn_time": 30, "seats": seats}) == 6 and not clock.first_warning()


def test_a_hand_with_no_cards_says_so_in_sentences() -> None:
    """Ninety-Nine with manual draw: a turn with no cards in hand read "No cards. Space draws",
    where every other line of the kind ends with a full stop."""
    view = {**new_match("ninety-nine", 3, seed=4).view(0), "current_seat": 0}
    line = lambda moves: hint_text({**view, "hand": [], "legal": moves}, None, [], NAMES, "ascii", keys,  # noqa: E731
                                   lambda: 80).plain
    assert line(["draw"]) == "No cards. Space draws."
    assert line([]) == "No cards."
