"""The sentence that says why a card cannot be played, on real Crazy Eights views."""
from __future__ import annotations

from core import new_match
from tui.cardface import card_label, suit_label
from tui.plays import playable, why_not


def test_a_turn_with_only_a_draw_says_what_the_card_fails_to_match() -> None:
    """crazy-eights 3.2, 3.4: with nothing to play, the turn is a draw; a card still says what
    it fails to match, not only that the turn can only draw."""
    for seed in range(300):  # bounded: a deal whose first player has no card to play
        m = new_match("crazy-eights", 3, seed=seed)
        seat = m.current_seat
        view = m.view(seat)
        if view["legal"] == ["draw"]:
            break
    else:
        raise AssertionError("no deal in 300 opened with a forced draw")
    card = view["hand"][0]
    assert not playable(view, card)
    text = why_not(view, card, ["A", "B", "C"])
    # 3.2: what it fails to match, as on a turn where other cards can be played (the line
    # above the hand adds the key that draws)
    assert text.startswith(f"{card_label(card)} ") and ("matches neither" in text or "does not match" in text), text
    assert suit_label(view["suit"]) in text


def _turn_view(**kw) -> dict:
    view = {"seat": 0, "current_seat": 0, "legal": ["draw"], "hand": ["7C"], "suit": "S", "top": "8S", "wild": ["8"]}
    view.update(kw)
    return view


def test_a_debt_is_named_before_the_only_way_out() -> None:
    """crazy-eights 7 (specials): facing a 2, a card that is no 2 does not answer the debt."""
    text = why_not(_turn_view(debt=2), "7C", ["A", "B"])
    assert "2-card penalty" in text and "play a 2 or draw" in text


def test_one_thing_to_match_reads_as_one() -> None:
    """crazy-eights 3.3: on a wild card, only the named suit follows."""
    text = why_not(_turn_view(legal=["draw", "KS"]), "7C", ["A", "B"])
    assert text == "7♣ does not match ♠ spades."


def test_a_manual_draw_chance_says_how_long_it_lasts() -> None:
    """ninety-nine 5.1: the chance to draw ends as soon as the next seat plays."""
    view = {"seat": 0, "current_seat": 1, "legal": ["draw"], "hand": ["7C"], "total": 40, "limit": None}
    assert why_not(view, "7C", ["You", "Bob"]) == "Your chance to draw lasts until Bob plays."


def test_a_card_another_seat_played_as_its_wild_asks_only_for_the_suit() -> None:
    """crazy-eights 6.5 (countdown): each seat's wild rank is its own. A card played as one seat's
    wild names the suit to follow; its rank is not there to match for the next seat, so the
    reason never says a card of that very rank "matches neither"."""
    import random

    found = 0
    for seed in range(300):  # bounded: real countdown matches until three such positions
        rng = random.Random(seed)
        m = new_match("crazy-eights", 2, "countdown", {}, seed=seed)
        for _ in range(4000):
            if m.is_over or found >= 3:
                break
            view = m.view(m.current_seat)
            top = view["top"]
            if view["top_wild"] and top != "JK" and top[1] == view["suit"] and top[0] not in view["wild"]:
                for card in view["hand"]:
                    if card[0] == top[0] and not playable(view, card):
                        text = why_not(view, card, ["You", "Bob"], "ascii")
                        assert text == f"{card_label(card, 'ascii')} does not match {suit_label(view['suit'], 'ascii')}.", text
                        found += 1
                        break
            plays = [a for a in m.legal_actions() if str(a) not in ("draw", "pass")]
            m.apply(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(m.legal_actions()))
        if found >= 3:
            break
    assert found >= 3


def test_the_line_on_a_card_that_cannot_be_played_always_says_others_can() -> None:
    """crazy-eights 3.2: on a card that cannot be played, the line above the hand says which
    cards can, shorter where their list does not fit, and never leaves them out for the key
    that draws (a line "matches neither ♠ spades nor a J. Space draws." read as "you must
    draw"). The keys go next, the reason last, and the line keeps to its width; where no card
    can be played, the key that draws stays longest (3.4: the turn is a draw)."""
    from rich.cells import cell_len

    from tui.plays import unplayable_line

    why, cards, keys = "7♦ matches neither ♠ spades nor a J.", ["5♠", "K♠", "7♠", "2♠"], ["Space draws"]
    assert unplayable_line("7♦", why, cards, keys, 100) == \
        "7♦ matches neither ♠ spades nor a J; 5♠, K♠, 7♠ and 2♠ can be played. Space draws."
    assert unplayable_line("7♦", why, cards, keys, 76) == \
        "7♦ matches neither ♠ spades nor a J; 5♠ K♠ 7♠ 2♠ can be played. Space draws."
    assert unplayable_line("7♦", why, cards, keys, 60) == "7♦ matches neither ♠ spades nor a J; 4 others can be played."
    six = [*cards, "9♠", "10♠"]
    assert unplayable_line("7♦", why, six, keys, 82) == \
        "7♦ matches neither ♠ spades nor a J; 5♠ K♠ and 4 more can be played. Space draws."
    assert unplayable_line("7♦", why, six, keys, 77) == \
        "7♦ matches neither ♠ spades nor a J; 6 others can be played. Space draws."
    assert unplayable_line("7♦", why, cards[:1], keys, 50) == "7♦ matches neither ♠ spades nor a J; 5♠ playable."
    for n in range(1, 7):
        for width in range(cell_len("7♦ cannot be played; 6 others can."), 120):
            line = unplayable_line("7♦", why, six[:n], keys, width)
            said = any(words in line for words in ("can be played.", "playable.", " can."))
            assert cell_len(line) <= width and said, (n, width, line)
            assert not line.endswith("…")
    assert unplayable_line("7♦", why, six, keys, 50) == "7♦ cannot be played; 6 others can. Space draws."
    assert unplayable_line("7♦", why, six, keys, 40) == "7♦ cannot be played; 6 others can."
    # nothing else to play: the reason and the key, as before
    assert unplayable_line("7♦", why, [], keys, 80) == "7♦ matches neither ♠ spades nor a J. Space draws."
    # narrower, the key that makes the turn stays and the reason gives way (a 60-column
    # terminal leaves the line about 28 cells beside the suit to follow)
    assert unplayable_line("7♦", why, [], keys, 40) == "7♦ cannot be played. Space draws."
    assert unplayable_line("7♦", why, [], keys, 28) == "No card plays. Space draws."
    assert unplayable_line("7♦", why, [], [], 28) == "7♦ cannot be played."


async def test_enter_on_a_card_that_cannot_be_played_says_what_can() -> None:
    """crazy-eights 3.2 and 3.4: Enter on a card that cannot be played plays nothing and warns
    why, with what to do instead: the cards that can be played, or, where none can, that the
    turn is a draw and the key that draws. The warning's notice is narrower than the line above
    the hand whose wording it shares, so it wraps, and shows the whole warning at 80 columns."""
    from textual.widgets._toast import Toast

    from .helpers import make_app, open_table, said_from_now, stacked, wait_for

    # hand size 5 at two seats, dealer 0: seat 1 gets deck[0], deck[2], ..., deck[8]; KH starts
    some = stacked(["5H", "2C", "9S", "3C", "7C", "4C", "4D", "6C", "QS", "TC", "KH"])
    none = stacked(["9S", "2C", "7C", "3C", "4D", "4C", "QS", "6C", "3S", "TC", "KH"])
    for deck, card, said in (
            (some, "2", "9♠ matches neither ♥ hearts nor a K; 5♥ can be played. Space draws."),
            (none, "1", "9♠ matches neither ♥ hearts nor a K. Space draws.")):
        app = make_app()
        heard = said_from_now(app)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                            options={"hand_size": 5})
            await pilot.press(card, "enter")
            await wait_for(pilot, lambda: heard)
            assert link.sent == [] and heard == [said]
            toast = await wait_for(pilot, lambda: next((t for t in screen.query(Toast) if t.region), None))
            await pilot.pause()
            box = toast.content_region
            rows = [strip.text[box.x:box.right].strip() for strip in screen._compositor.render_strips()[box.y:box.bottom]]
            assert len(rows) > 1 and " ".join(row for row in rows if row) == said  # wrapped, not cut


def test_an_ace_over_the_limit_says_where_even_its_1_takes_the_total() -> None:
    """ninety-eight 2: an ace adds 1 or 11; at 98 even its 1 goes over ("from 98 past 98" read
    oddly), as a 5 says where it takes the total."""
    view = {"seat": 0, "current_seat": 0, "legal": ["KS"], "hand": ["AH", "5C", "KS"], "total": 98, "limit": 98}
    assert why_not(view, "AH", ["You", "Bob"]) == "A♥ would take the total from 98 to 99 even as 1, over 98."
    assert why_not(view, "5C", ["You", "Bob"]) == "5♣ would take the total from 98 to 103, over 98."
