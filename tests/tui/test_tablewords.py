"""The table's words for a view (tui/tablewords.py), read from views of real matches."""
from __future__ import annotations

from core import new_match
from tui.tablewords import follow_text, hand_words, scores_words, top_parts, total_words, turn_words, why_no_hint

NAMES = ["Ana", "Bob", "Cy", "Di"]


def _top_line(view: dict, names: list[str], style: str) -> str:
    """The line above the seats in all its words, without the turn clock."""
    return top_parts(view, names, style).words()


def test_the_top_line_names_the_game_the_hand_the_direction_and_whose_turn() -> None:
    view = new_match("ninety-eight", 4, seed=3).view(0)
    assert view["current_seat"] == 1
    assert _top_line(view, NAMES, "two-colour") == " Ninety-Eight · hand 1 · clockwise ↻ · Bob's turn"
    assert _top_line(view, NAMES, "ascii") == " Ninety-Eight · hand 1 · clockwise · Bob's turn"
    assert _top_line(new_match("ninety-eight", 4, seed=3).view(1), NAMES, "ascii").endswith("· your turn")


def test_a_match_for_stakes_counts_its_hands_against_how_many_it_has() -> None:
    """ninety-eight 6.3: a stakes match ends after ``hands`` hands, so the top line says of how many."""
    view = new_match("ninety-eight", 4, "stakes", seed=3).view(0)
    assert " · hand 1 of 10 · " in _top_line(view, NAMES, "ascii")


def test_the_line_under_the_board_follows_the_suit_and_wraps_whole_parts() -> None:
    view = new_match("crazy-eights", 4, seed=3).view(0)
    assert view["suit"] == "H" and view["dealer"] == 0
    line = follow_text(view, "ascii").plain
    assert line.startswith("follow ") and line.endswith("· you: 0 pts · you deal")
    wrapped = follow_text(view, "ascii", width=20, rows=3).plain.split("\n")
    assert len(wrapped) == 3 and all(len(row) <= 20 for row in wrapped)
    assert wrapped[1:] == ["you: 0 pts", "you deal"]
    # two rows: the last goes on with what is left, cut short at the width
    assert follow_text(view, "ascii", width=20, rows=2).plain.split("\n")[1] == "you: 0 pts · you de…"
    # once the match is over no one deals again: the line does not say "you deal"
    assert "deal" not in follow_text({**view, "is_over": True}, "ascii").plain


def test_the_line_under_the_board_says_what_is_wild_where_eights_alone_are_not_the_rule() -> None:
    """crazy-eights 6.1: in Countdown the wild rank is the seat's count, eights at 8 too (for the
    others eights are ordinary); with jokers (2.2) they are named; a plain table's eights go unsaid."""
    countdown = new_match("crazy-eights", 3, "countdown", seed=3).view(0)
    assert countdown["wild"] == ["8"]
    assert "wild 8s · " in follow_text(countdown, "ascii").plain
    assert "wild" not in follow_text(new_match("crazy-eights", 3, seed=3).view(0), "ascii").plain
    jokers = new_match("crazy-eights", 3, "jokers", seed=3).view(0)
    assert "wild 8s, jokers" in follow_text(jokers, "ascii").plain


def test_the_answers_to_c_s_and_t() -> None:
    """ninety-eight 7.2: partners share their lives, so S names the pairs; ninety-nine 3.3: C
    names the next mark."""
    view = new_match("ninety-eight", 4, "teams", seed=3).view(0)
    assert total_words(view, "ascii") == "The total is 0 (limit 98)"
    # each pair's lives, not each seat's (a player who reads only words counted 12 lives)
    assert scores_words(view, NAMES) == ("Scores: Ana: 3 lives (team); Bob: 3 lives (team); Cy: 3 lives (team); "
                                         "Di: 3 lives (team). Partners: Ana and Cy; Bob and Di")
    # a name that ends in a number stays apart from the count after it
    chips = new_match("ninety-nine", 2, seed=3).view(0)
    assert scores_words(chips, ["You", "Normal bot 2"]) == "Scores: You: 9 chips; Normal bot 2: 9 chips"
    # ninety-nine 3.3: C says the next mark, as the board does under the total
    assert total_words(chips, "ascii") == "The total is 0 (next mark 33)"
    assert [total_words({**chips, "total": t}, "ascii") for t in (33, 65, 66, 98)] == [
        "The total is 33 (next mark 66)", "The total is 65 (next mark 66)", "The total is 66 (next mark 99)",
        "The total is 98 (next mark 99)"]
    # and who plays after, in the direction of play, for a player who reads no seat boxes or arrow
    assert turn_words(view, NAMES) == "It is Bob's turn; then Cy, then Di, then you (clockwise)"
    backwards = {**view, "direction": -1}
    assert turn_words(backwards, NAMES) == "It is Bob's turn; then you, then Di, then Cy (anticlockwise)"
    out_of_hand = {**view, "status": [*view["status"][:2], {**view["status"][2], "in_hand": False}, view["status"][3]]}
    assert turn_words(out_of_hand, NAMES) == "It is Bob's turn; then Di, then you (clockwise)"
    eights = new_match("crazy-eights", 4, seed=3).view(1)
    assert total_words(eights, "ascii").startswith("Follow ") and ", on " in total_words(eights, "ascii")
    assert turn_words(eights, NAMES) == "It is your turn; then Cy, then Di, then Ana (clockwise)"
    # crazy-eights 6.2 and 7.4: what is wild, where it is not the eights alone, as the board says it
    assert "wild" not in total_words(eights, "ascii")
    jokers = new_match("crazy-eights", 3, "jokers", seed=3).view(0)
    assert total_words(jokers, "ascii") == "Follow S spades, on AS; wild 8s, jokers"
    countdown = new_match("crazy-eights", 3, "countdown", seed=3).view(0)
    assert f"; wild {countdown['wild'][0]}s" in total_words(countdown, "ascii"), total_words(countdown, "ascii")


def test_with_nothing_to_hint_the_hint_says_why() -> None:
    view = new_match("ninety-nine", 4, seed=3).view(0)
    assert view["current_seat"] != 0
    assert why_no_hint(view) == "Nothing to do yet: it is not your turn"
    assert why_no_hint({**view, "is_over": True}) == "Nothing to do: the match is over"


def test_a_marked_seats_turn_keeps_its_mark_after_the_turn() -> None:
    """The seat list marks a seat a bot plays for its player, or whose player is away; a
    sentence about its turn reads "Cy's turn (away)", not "Cy (away)'s turn"."""
    from tui.seatmarks import turn_of
    from tui.seatnames import seat_names

    lobby = {"seats": [{"name": "Ana", "connected": True}, {"name": "Cy", "connected": False},
                       {"name": "Bo", "bot": "normal", "connected": True}]}
    names = seat_names(lobby)
    assert names == ["Ana", "Cy (away)", "Bo (bot)"]
    assert [turn_of(n) for n in names] == ["Ana's turn", "Cy's turn (away)", "Bo's turn (bot)"]
    view = new_match("ninety-eight", 3, seed=3).view(0)
    view["current_seat"] = 1
    assert _top_line(view, names, "ascii").endswith("· Cy's turn (away)")
    assert turn_words(view, names) == "It is Cy's turn (away); then Bo (bot), then you (clockwise)"
    # docs/protocol.md, "Turn clock": a player still here whose turns the clock has been making
    lobby["seats"][1] = {"name": "Cy", "connected": True, "idle": True}
    names = seat_names(lobby)
    assert names[1] == "Cy (idle)" and turn_of(names[1]) == "Cy's turn (idle)"
    assert turn_words(view, names) == "It is Cy's turn (idle); then Bo (bot), then you (clockwise)"
    lobby["seats"][1]["idle"] = False
    assert seat_names(lobby)[1] == "Cy"


def test_y_says_the_hand_in_its_order_and_how_many_cards_each_other_seat_holds() -> None:
    """For a player who reads the screen as text: the cards as the hand shows them, in the card
    style's words, and each other seat's count (the seat boxes' "5 cards"); a watcher holds none."""
    view = new_match("crazy-eights", 4, seed=3).view(0)
    shown = list(reversed(view["hand"]))  # the order the hand is drawn in, whatever it is
    assert hand_words(view, shown, NAMES, "two-colour") == \
        "Your 5 cards: J♣, A♥, 5♠, K♠, 5♦. Bob: 5 cards; Cy: 5 cards; Di: 5 cards"
    assert hand_words(view, shown, NAMES, "ascii").startswith("Your 5 cards: JC, AH, 5S, KS, 5D. ")
    watcher = new_match("crazy-eights", 4, seed=3).view(None)
    assert hand_words(watcher, [], NAMES, "ascii") == \
        "You watch: you hold no cards. Ana: 5 cards; Bob: 5 cards; Cy: 5 cards; Di: 5 cards"


def test_y_says_a_seat_out_of_the_match_is_out() -> None:
    """ninety-nine 4.1: a seat out of chips holds no cards and is out, not "0 cards"."""
    view = new_match("ninety-nine", 3, seed=3).view(0)
    view["status"][2] = {**view["status"][2], "out": True, "in_hand": False, "chips": 0}
    view["hand_counts"] = [3, 3, 0]
    assert hand_words(view, view["hand"], NAMES, "ascii").endswith(". Bob: 3 cards; Cy: out")
    # ninety-eight 4.3: out of the hand only, as S says it (Y said "out" of both)
    hand = new_match("ninety-eight", 3, seed=3).view(0)
    hand["status"][2] = {**hand["status"][2], "in_hand": False}
    hand["hand_counts"] = [4, 4, 0]
    assert hand_words(hand, hand["hand"], NAMES, "ascii").endswith(". Bob: 4 cards; Cy: out of this hand")


def test_every_part_of_the_line_under_the_board_is_of_a_kind_named() -> None:
    """The 60x18 table keeps the kinds named in ``PART_KINDS`` less the seat's own apart: a part
    of a kind not named there would be shown in neither place. Random positions of every game
    and the presets whose parts differ (bounded: 300 moves each)."""
    import random

    from tui.tablewords import OWN_PARTS, PART_KINDS, follow_parts

    seen: set[str] = set()
    for game, preset in (("crazy-eights", "countdown"), ("crazy-eights", "specials"), ("crazy-eights", "jokers"),
                         ("ninety-eight", "stakes"), ("ninety-nine", "standard")):
        match, rng = new_match(game, 4, preset=preset, seed=1), random.Random(1)
        for _ in range(300):
            if match.is_over:
                break
            for seat in range(4):
                seen |= {kind for kind, _ in follow_parts(match.view(seat), "two-colour")}
            match.apply(rng.choice(match.legal_actions()))
    assert seen == PART_KINDS and OWN_PARTS < PART_KINDS
