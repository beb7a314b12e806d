"""The table log reads as English for the player too: "You play", not "You plays"."""
from tui.eventtext import describe

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
