"""The table log reads as English for the player too: "You play", not "You plays"."""
import random
import re
from pathlib import Path

import core
from core import GAMES, new_match
from tui.eventtext import QUIET, describe, seat_name, told

NAMES = ["You", "Bob"]


def test_second_person_for_the_player():
    assert describe({"kind": "deal", "seat": 0, "hand": 1}, NAMES) == "You deal hand 1"
    assert describe({"kind": "play", "seat": 0, "card": "KS", "action": "KS", "total": 98}, NAMES) == "You play K♠: 98"
    assert describe({"kind": "draw", "seat": 0, "count": 2}, NAMES) == "You draw 2 cards"
    assert describe({"kind": "eliminated", "seat": 0, "total": 98}, NAMES) == \
        "You cannot play at 98 and are out of the hand"


def test_third_person_for_everyone_else():
    assert describe({"kind": "play", "seat": 1, "card": "KS", "action": "KS", "total": 98}, NAMES) == "Bob plays K♠: 98"
    assert describe({"kind": "eliminated", "seat": 1, "total": 98}, NAMES) == \
        "Bob cannot play at 98 and is out of the hand"


def test_the_verb_agrees_with_you_as_the_sole_winner():
    """Review: "Match over: You wins!" and "Hand 3 over: You wins"."""
    assert describe({"kind": "match_over", "seat": None, "winners": [0]}, NAMES) == "Match over: You win!"
    assert describe({"kind": "hand_over", "seat": 0, "winners": [0], "hand": 3}, NAMES) == "Hand 3 over: You win"
    assert describe({"kind": "hand_over", "seat": 1, "winners": [1], "hand": 3}, NAMES) == "Hand 3 over: Bob wins"
    assert describe({"kind": "match_over", "seat": None, "winners": [0, 1]}, NAMES) == "Match over: You and Bob win!"


def test_nobody_wins_in_the_singular():
    assert describe({"kind": "match_over", "seat": None, "winners": []}, NAMES) == "Match over: nobody wins!"


def test_a_verb_before_punctuation_agrees_too():
    """Review: "You reverses: play goes anticlockwise"."""
    assert describe({"kind": "reverse", "seat": 0, "direction": -1}, NAMES) == \
        "You reverse: play goes anticlockwise"
    assert describe({"kind": "reverse", "seat": 1, "direction": -1}, NAMES) == \
        "Bob reverses: play goes anticlockwise"


def test_a_reverse_between_two_players_says_the_turns_go_on_as_before():
    """ninety-nine 2, ninety-eight 7.1: with two seats a reverse changes nothing in the turns;
    "play goes anticlockwise" alone read as if it did."""
    assert describe({"kind": "reverse", "seat": 0, "direction": -1, "same_next": True}, NAMES) == \
        "You reverse: play goes anticlockwise, and with two players the turns go on as before"


def test_you_in_a_list_of_names_is_left_alone():
    """"You and Chris share" is already plural: neither word is a verb to rewrite."""
    names = ["You", "Chris"]
    assert describe({"kind": "pot", "seat": None, "pot": 8, "to": [0, 1]}, names) == \
        "You and Chris share the pot of 8"
    assert describe({"kind": "pot", "seat": None, "pot": 8, "to": [0]}, names) == "You take the pot of 8"
    # no ante, no pot (ninety-eight 6.3): "takes the pot of 0" said nothing worth a line
    assert describe({"kind": "pot", "seat": None, "pot": 0, "to": [0]}, names) is None


def test_landing_on_99_is_a_sentence():
    """Review: "Normal bot: 99" (ninety-nine 3.3: 99 wins the round, the others pay 2 chips)."""
    assert describe({"kind": "99", "seat": 1}, NAMES) == "Bob lands on 99: everyone else loses 2 chips"
    assert describe({"kind": "99", "seat": 0}, NAMES) == "You land on 99: everyone else loses 2 chips"
    # 4.1: a seat pays what it has; the line said 2 chips of every seat, then "Cy loses 1 chip (0 left)"
    short = [{"kind": "99", "seat": 1}, {"kind": "chips", "seat": 0, "delta": -2, "left": 5},
             {"kind": "chips", "seat": 2, "delta": -1, "left": 0}, {"kind": "round_over", "seat": 1}]  # (seat 2: unnamed)
    assert [describe(e, NAMES) for e in told(short)][:3] == [
        "Bob lands on 99: everyone else loses 2 chips (or all they have)", "You lose 2 chips (5 left)",
        "Seat 3 loses 1 chip (0 left)"]
    whole = [short[0], short[1], {**short[2], "delta": -2, "left": 1}]
    assert describe(told(whole)[0], NAMES) == "Bob lands on 99: everyone else loses 2 chips"


def test_passing_a_mark_leaves_its_cost_to_the_chips_line():
    """ninety-nine 3.3: passing 66 costs a chip, which the chips line after it says; "passes 66
    and pays a chip" then "loses 1 chip" read as two chips."""
    lines = [describe(e, NAMES) for e in ({"kind": "passing", "seat": 1, "mark": 66},
                                          {"kind": "chips", "seat": 1, "delta": -1, "left": 8})]
    assert lines == ["Bob passes 66", "Bob loses 1 chip (8 left)"]
    assert describe({"kind": "passing", "seat": 0, "mark": 33}, NAMES) == "You pass 33"


def test_a_penalty_says_the_life_it_costs_and_what_is_left():
    """ninety-eight 6.1: a penalty is a life: "loses a life (2 left)", "(none left)" at the last."""
    assert describe({"kind": "penalty", "seat": 1, "lives": 0}, NAMES) == "Bob loses a life (none left)"
    assert describe({"kind": "penalty", "seat": 1, "lives": 1}, NAMES) == "Bob loses a life (1 left)"
    assert describe({"kind": "penalty", "seat": 0, "lives": 2}, NAMES) == "You lose a life (2 left)"


def test_a_move_a_bot_made_for_you_reads_as_the_bots():
    """docs/protocol.md (``earlier``'s ``bot``): the hand so far marks this player's moves a bot
    made for them ``for_you``; the log says the bot made them."""
    assert describe({"kind": "play", "seat": 0, "card": "JH", "action": "JH", "total": 30, "for_you": True},
                    NAMES) == "A bot for you plays J♥: 30"
    assert describe({"kind": "draw", "seat": 0, "count": 1, "for_you": True}, NAMES) == "A bot for you draws 1 card"
    assert describe({"kind": "play", "seat": 1, "card": "JH", "action": "JH", "total": 30}, NAMES) == "Bob plays J♥: 30"


def test_a_move_a_bot_made_for_another_player_says_so_once():
    """docs/protocol.md (``view``'s ``bot``): another seat's move a bot made for its player
    reads "(bot)" (the guide's "Bo (bot)"), once, whether the seat reads "(away)" or "(idle)"
    now or not yet: the turn clock's bot's moves for Bob read one way, not "Bob (bot) plays"
    before his seat was marked idle and "Bob (idle) plays" after."""
    play = {"kind": "play", "seat": 1, "card": "JH", "action": "JH", "total": 30, "by_bot": True}
    for shown in ("Bob", "Bob (away)", "Bob (idle)", "Bob (bot)"):
        assert describe(play, ["You", shown]) == "Bob (bot) plays J♥: 30"


def test_last_card_is_said_once():
    """Review: every "last card!" was logged twice, by the play and by the last_card event."""
    events = [{"kind": "play", "seat": 1, "card": "5H", "action": "5H!", "left": 1},
              {"kind": "last_card", "seat": 1}]
    lines = [describe(e, NAMES) for e in events]
    assert sum("last card" in (line or "") for line in lines) == 1
    assert lines == ["Bob plays 5♥", 'Bob: "last card!"']


def test_a_wrong_announcement_still_shows_on_the_play():
    """No last_card event follows an announcement that leaves more than one card (4.2): the
    play keeps it, so the penalty after it makes sense."""
    line = describe({"kind": "play", "seat": 1, "card": "5H", "action": "5H!", "left": 3}, NAMES)
    assert line == 'Bob plays 5♥ ("last card!")'


def test_countdown_announcement_tells_the_count():
    """crazy-eights 6.4: "last card, on 5!"."""
    assert describe({"kind": "last_card", "seat": 1, "count": 5}, NAMES) == 'Bob: "last card, on 5!"'


def test_round_over_says_what_happened():
    """Review: "Round 2 over at 99 (99)" (ninety-nine 3.3, 3.4, 5.3)."""
    assert describe({"kind": "round_over", "seat": 1, "round": 2, "reason": "99", "total": 99}, NAMES) == \
        "Round 2 over: Bob wins on 99"
    assert describe({"kind": "round_over", "seat": 0, "round": 2, "reason": "99", "total": 99}, NAMES) == \
        "Round 2 over: You win on 99"
    assert describe({"kind": "round_over", "seat": None, "round": 2, "reason": "over", "total": 104}, NAMES) == \
        "Round 2 over: the total went past 99 to 104"
    assert describe({"kind": "round_over", "seat": None, "round": 2, "reason": "no_cards", "total": 40}, NAMES) == \
        "Round 2 over: a player had no card to play"


def _emitted_kinds() -> set[str]:
    """Every kind the engine's source emits: ``Event("kind", ...)`` in core and its games."""
    root = Path(core.__file__).parent
    kinds: set[str] = set()
    for path in [*root.glob("*.py"), *(root / "games").glob("*.py")]:
        kinds |= set(re.findall(r'Event\("([^"]+)"', path.read_text()))
    return kinds


def _walk(game: str, preset: str, seed: int) -> list[dict]:
    """The events of one seeded match of random legal moves, seat 0's view: random play
    reaches what careful bots avoid (wrong announcements, forgotten draws)."""
    m = new_match(game, 4, preset=preset, seed=seed)
    rng = random.Random(seed)
    events = list(m.start_events)
    for _ in range(3000):
        if m.is_over:
            break
        seats = [s for s in range(m.players) if m.legal_actions(s)]
        seat = m.current_seat if m.current_seat in seats and rng.random() < 0.7 else rng.choice(seats)
        events += m.apply(rng.choice(m.legal_actions(seat)), seat)
    return [e.for_seat(0) for e in events]


def test_every_event_kind_reads_as_a_sentence():
    """Review: "Normal bot: 99", the raw kind of an event without a sentence of its own."""
    names = ["You", "Bob", "Cy", "Dee"]
    seen: set[str] = set()
    for game, info in GAMES.items():
        for preset in info.presets:
            for seed in range(2):
                for event in _walk(game, preset, seed):
                    kind = str(event["kind"])
                    seen.add(kind)
                    line = describe(event, names)
                    if kind in QUIET:
                        assert line is None
                        continue
                    assert line, event
                    raw = f"{seat_name(names, event.get('seat'))}: {kind.replace('_', ' ')}"
                    assert not line.startswith(raw), f"{game}/{preset}: no sentence for {event}"
                    assert not re.search(r"\bYou (is|has|was|\w*[^s\W]s)\b", line), line
    assert _emitted_kinds() <= seen, "kinds the walk never reached"


def test_ninety_nine_deals_rounds():
    """ninety-nine 3.4: the game plays rounds; the others play hands."""
    deal = {"kind": "deal", "seat": 1, "hand": 3}
    assert describe(deal, ["You", "Bob"], game="ninety-nine") == "Bob deals round 3"
    assert describe(deal, ["You", "Bob"], game="crazy-eights") == "Bob deals hand 3"


def test_a_partner_put_out_with_the_seat_that_could_not_play():
    """ninety-eight 7.2: partners go out of the hand together; only one of them could not play."""
    names = ["You", "Bob", "Cy", "Dee"]
    first = {"kind": "eliminated", "seat": 0, "total": 98}
    partner = {"kind": "eliminated", "seat": 2, "total": 98}
    assert describe(first, names) == "You cannot play at 98 and are out of the hand"
    assert describe(partner, names, before=first) == "Cy goes out of the hand with you"
    assert describe(first, names, before=partner) == "You go out of the hand with Cy"


def test_a_penalty_draw_and_a_paid_debt_do_not_read_as_more_cards():
    """crazy-eights 4.4 and 7: the draw line that follows names the cards; these lines only say why."""
    names = ["You", "Bob"]
    assert describe({"kind": "penalty", "seat": 1, "reason": "no announcement", "draw": 2}, names) \
        == 'Bob must draw 2 cards for not saying "last card!"'
    assert describe({"kind": "penalty", "seat": 0, "reason": "wrong announcement", "points": 10}, names) \
        == 'You take a 10-point penalty for saying "last card!" wrongly'
    assert describe({"kind": "debt_paid", "seat": 1, "debt": 4, "drawn": 4}, names) == "Bob has paid the 4 cards owed"


def test_a_round_that_ended_on_a_seat_names_it():
    """ninety-nine 3.4 and 5.3: the round ends on the seat that went over 99 or held no card."""
    from tui.eventtext import with_causes

    names = ["You", "Bob"]
    over = with_causes([{"kind": "over", "seat": 1, "total": 104},
                        {"kind": "round_over", "seat": None, "round": 2, "reason": "over", "total": 104}])
    assert describe(over[-1], names) == "Round 2 over: Bob took the total past 99 to 104"
    empty = with_causes([{"kind": "no_cards", "seat": 0},
                         {"kind": "round_over", "seat": None, "round": 3, "reason": "no_cards", "total": 40}])
    assert describe(empty[-1], names) == "Round 3 over: You had no card to play"


def test_another_player_called_you_never_reads_as_the_player_here():
    """A player may call themself "You" or "you two": their lines stay in the third person,
    quoted, while the player at this terminal keeps "You play"."""
    from tui.eventtext import other_name

    assert other_name("You") == "“You”"
    assert other_name("you two") == "“you two”"
    assert other_name("Yours") == "Yours" and other_name("Bob") == "Bob"
    names = ["You", other_name("You")]
    assert describe({"kind": "play", "seat": 1, "card": "KS", "action": "KS", "total": 98}, names) == \
        "“You” plays K♠: 98"
    assert describe({"kind": "play", "seat": 0, "card": "KS", "action": "KS", "total": 98}, names) == \
        "You play K♠: 98"


def test_the_table_and_the_replay_quote_another_player_called_you():
    from tests.tui.helpers import make_app
    from tui.screens.replay import seat_names
    from tui.session import TableSession

    session = TableSession(make_app(), solo=False)
    session.lobby = {"seats": [{"seat": 0, "name": "Ana", "bot": None, "connected": True},
                               {"seat": 1, "name": "You", "bot": None, "connected": True}]}
    assert session.names[1] == "“You”"
    assert seat_names({"names": ["Ana", "you"]}, 2) == ["Ana", "“you”"]


def test_a_hands_results_show_the_chips_it_left_before_the_next_ante():
    """ninety-eight 6.3 (stakes) and 7.2 (teams share their chips): the next hand is dealt, antes
    and all, by the action that ends a hand; the hand's results take the antes back. Checked
    against each seat's chips before that action and the payments the hand's end made."""
    from tui.eventtext import at_hand_end

    hands = 0
    for seed in range(40):
        teams = seed % 2 == 1
        m = new_match("ninety-eight", 4 if teams else 3, preset="teams" if teams else "stakes",
                      options={"scoring": "stakes"} if teams else {}, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if m.is_over:
                break
            before = [s.get("chips") for s in m.view(0)["status"]]
            seat = m.current_seat
            events = [e.for_seat(0) for e in m.apply(str(rng.choice(m.legal_actions(seat))), seat)]
            kinds = [e["kind"] for e in events]
            if "hand_over" not in kinds or "match_over" in kinds:
                continue
            view = m.view(0)
            expected = list(before)
            groups = view["teams"] or [[s] for s in range(m.players)]
            for e in (e for e in events if e["kind"] == "chips"):
                for group in groups:  # a payment moves chips between the groups that share them
                    change = e["chips"] * ((e["to"] in group) - (e["seat"] in group))
                    for s in group:
                        expected[s] += change
            at_end = at_hand_end(view, events[kinds.index("hand_over") + 1:])
            assert [s["chips"] for s in at_end["status"]] == expected, (seed, events)
            assert any(s["chips"] != a["chips"] for s, a in zip(view["status"], at_end["status"]))  # the ante was taken
            hands += 1
    assert hands > 100


def test_the_cut_for_the_first_dealer_is_told():
    """Rules README: the first dealer is cut for, and the cut is shown to everyone; a tie cuts
    again among the tied seats only."""
    m = new_match("ninety-eight", 4, seed=8)
    cuts = [e.for_seat(0) for e in m.start_events if e.kind == "cut"]
    assert len(cuts) == 2  # this deal ties for the highest cut
    names = ["You", "Bob", "Cy", "Dan"]
    first = describe(cuts[0], names)
    again = describe(cuts[1], names, before=cuts[0])
    assert first == "The cut for the first deal (the highest card deals, aces high): 5 to you, 9 to Bob, Q to Cy, Q to Dan"
    assert again == "Cut again: J to Cy, 2 to Dan" and m.dealer == 2
    assert describe({"kind": "cut", "seat": None, "ranks": ["T", "A"]}, ["Ann", "Bob"]) == \
        "The cut for the first deal (the highest card deals, aces high): 10 to Ann, A to Bob"


def test_the_player_here_reads_as_you_in_the_middle_of_a_line_too():
    """Not "pays 1 chip to You" nor "Bob and You win": the player is "you" after a verb and
    comes first among several subjects."""
    names = ["Bob", "You", "Cy"]
    assert describe({"kind": "chips", "seat": 0, "to": 1, "chips": 1, "left": 8}, names) == \
        "Bob pays 1 chip to you (8 left)"  # ninety-eight 6.3, with what the payer has left
    assert describe({"kind": "chips", "seat": 1, "to": 0, "chips": 1, "left": 0}, names) == \
        "You pay 1 chip to Bob (0 left)"
    assert describe({"kind": "hand_over", "seat": 0, "winners": [0, 1], "hand": 2}, names) == \
        "Hand 2 over: You and Bob win"
    assert describe({"kind": "match_over", "seat": None, "winners": [2, 0, 1]}, names) == \
        "Match over: You, Cy and Bob win!"
    assert describe({"kind": "pot", "seat": None, "to": [0, 1], "pot": 28}, names) == \
        "You and Bob share the pot of 28"


def test_what_partners_share_is_told_of_the_team():
    """ninety-eight 7.2 (teams share their lives and chips): the engine tells a team's chips and
    antes of its first seat, and a life of the seat that went out, and the log read "Ana pays 1
    chip to you" where Cy, her partner, went out, and "Cy loses a life" of the team's life."""
    names, teams = ["You", "Bo", "Cy", "Normal bot"], [[0, 2], [1, 3]]
    events = [{"kind": "ante", "seat": 1, "chips": 1, "pot": 2},
              {"kind": "chips", "seat": 0, "to": 1, "chips": 1, "left": 3},
              {"kind": "chips", "seat": 1, "to": 0, "chips": 1, "left": 3},
              {"kind": "penalty", "seat": 2, "lives": 1, "penalties": 2},
              # the pot goes to the team (told of its first seat), or is shared by two teams
              {"kind": "pot", "to": [1], "pot": 6}, {"kind": "pot", "to": [0, 1], "pot": 6}]
    assert [describe(e, names, game="ninety-eight") for e in told(events, teams)] == [
        "Bo and Normal bot ante 1 chip (pot 2)", "You and Cy pay 1 chip to Bo and Normal bot (3 left)",
        "Bo and Normal bot pay 1 chip to you and Cy (3 left)", "You and Cy lose a life (1 left)",
        "Bo and Normal bot take the pot of 6", "You, Bo, Cy and Normal bot share the pot of 6"]
    assert [describe(e, names, game="ninety-eight") for e in told(events)] == [  # no teams: each seat its own
        "Bo antes 1 chip (pot 2)", "You pay 1 chip to Bo (3 left)", "Bo pays 1 chip to you (3 left)",
        "Cy loses a life (1 left)", "Bo takes the pot of 6", "You and Bo share the pot of 6"]


def test_a_debt_the_stock_cannot_pay_says_so():
    """crazy-eights 7.1 with 3.5 off (no reshuffle): the debt is drawn as far as the stock goes."""
    names = ["You", "Bob"]
    assert describe({"kind": "debt_paid", "seat": 0, "debt": 2, "drawn": 1}, names) == \
        "You take 1 of the 2 cards owed: the stock has no more"
    assert describe({"kind": "debt_paid", "seat": 1, "debt": 4, "drawn": 0}, names) == \
        "Bob takes none of the 4 cards owed: the stock has no more"
    assert describe({"kind": "debt_paid", "seat": 1, "debt": 2, "drawn": 2}, names) == \
        "Bob has paid the 2 cards owed"
    # the table's one line for the draw and the debt together (its draw with what was owed)
    assert describe({"kind": "draw", "seat": 0, "count": 2, "cards": ["7D", "4S"], "owed": 2}, names) == \
        "You take the 2 cards owed: 7♦, 4♠"
    assert describe({"kind": "draw", "seat": 1, "count": 4, "owed": 4}, names) == "Bob takes the 4 cards owed"
    assert describe({"kind": "draw", "seat": 0, "count": 1, "cards": ["7D"], "owed": 2}, names) == \
        "You take 1 of the 2 cards owed (7♦): the stock has no more"


def test_a_cut_to_numbered_bots_reads_apart_from_their_names():
    """Bots are named "Normal bot", "Normal bot 2"...: the rank comes first, so a bot's cut
    never reads as part of its name."""
    names = ["You", "Normal bot", "Normal bot 2"]
    assert describe({"kind": "cut", "seat": None, "ranks": ["Q", "3", "2"]}, names) == \
        "The cut for the first deal (the highest card deals, aces high): Q to you, 3 to Normal bot, 2 to Normal bot 2"


def test_a_bots_move_for_a_player_is_marked_in_each_of_its_lines() -> None:
    """A bot that plays for a player (they left, or are away) is "(bot)" on the play, on the
    turn of direction the card made (ninety-nine 2: a 4 reverses) and on the draw after it, not
    on two of its three lines."""
    from tui.eventtext import bot_marked

    events = bot_marked([{"kind": "play", "seat": 1, "card": "4H", "action": "4H", "total": 28},
                         {"kind": "reverse", "seat": 1, "direction": 1},
                         {"kind": "draw", "seat": 1, "count": 1}], seat=0)
    lines = [describe(e, ["You", "Cy"], game="ninety-nine") for e in events]
    assert lines == ["Cy (bot) plays 4♥: 28", "Cy (bot) reverses: play goes clockwise", "Cy (bot) draws 1 card"]


def test_a_crazy_eights_hand_end_shows_the_cards_each_seat_is_left_with() -> None:
    """crazy-eights 5.2: the others score the cards left in hand. The log names them under the
    hand's end, seat by seat with their points (the player's own as "your"); in Countdown,
    where they score nothing, the cards alone; a long hand in part; a host's card this app
    cannot read leaves that seat out rather than breaking the log."""
    from tui.eventtext import LEFT_SHOWN, left_in_hands

    names = ["You", "Bo", "Cy", "Di"]
    over = {"kind": "hand_over", "seat": 1, "winners": [1], "points": [12, 0, 60, 3],
            "held": [["KH", "2H"], [], ["8S", "TD"], ["3C"]]}
    assert left_in_hands(over, names) == ["Left in your hand: K♥, 2♥ (12 points)",
                                          "Left in Cy's hand: 8♠, 10♦ (60 points)",
                                          "Left in Di's hand: 3♣ (3 points)"]
    assert left_in_hands(over, names, "ascii")[1] == "Left in Cy's hand: 8S, 10D (60 points)"
    countdown = {**over, "points": None, "counts": [8, 7, 8, 8]}
    assert left_in_hands(countdown, names)[0] == "Left in your hand: K♥, 2♥"
    many = {**over, "held": [["2H"] * (LEFT_SHOWN + 3), [], [], []]}
    assert left_in_hands(many, names)[0].endswith("2♥ and 3 more (12 points)")
    garbled = {**over, "held": [["ZZ"], [], ["JK"], "not a list"]}
    assert left_in_hands(garbled, names) == ["Left in Cy's hand: Joker (60 points)"]
    assert left_in_hands({"kind": "round_over", "held": over["held"]}, names) == []


async def test_the_log_lists_the_hands_left_under_the_hands_end_and_redraws_them_in_another_style() -> None:
    from textual.widgets import RichLog

    from tui.eventtext import left_in_hands
    from tui.screens.table import TableScreen

    from .helpers import make_app, show_match, wait_for

    match = new_match("crazy-eights", 3, seed=7)
    over: list = []
    for _ in range(3000):  # bounded: to the first hand's end
        legal = [str(a) for a in match.legal_actions()]
        last = len(match.hand(match.current_seat)) == 2
        events = match.apply(next((a for a in legal if a not in ("draw", "pass") and a.endswith("!") is last), legal[0]))
        if any(e.kind == "hand_over" for e in events):
            over = [e.for_seat(0) for e in events]
            break
    assert over
    ended = next(e for e in over if e["kind"] == "hand_over")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, _link = await show_match(app, pilot, match)
        assert isinstance(screen, TableScreen)
        screen.show(match.view(0), over)
        log = screen.query_one("#log", RichLog)
        await wait_for(pilot, lambda: any("Left in" in line.text for line in log.lines))
        joined = " ".join(line.text.strip() for line in log.lines)  # long lines wrap
        expected = left_in_hands(ended, screen.log_names)
        losers = [s for s in range(3) if ended["held"][s]]
        assert len(expected) == len(losers) >= 1
        at = joined.index("Hand 1 over")
        for line, seat in zip(expected, losers):
            assert f"({ended['points'][seat]} point" in line and line in joined[at:], (line, joined)
        await pilot.press("f4", "f4")  # two-colour, four-colour, ascii: the log's cards too
        await wait_for(pilot, lambda: screen.card_style == "ascii")
        await pilot.pause()
        joined = " ".join(line.text.strip() for line in log.lines)
        assert all(line in joined for line in left_in_hands(ended, screen.log_names, "ascii")), joined
        assert not any(ch in joined[joined.index("Left in"):] for ch in "♠♥♦♣"), joined
