"""The table screen over views of real matches with stacked decks: dimmed illegal cards with
their reason, the choice prompt only when both values are legal, and the C/S/T/Space/L keys."""
from __future__ import annotations

from typing import Any

import pytest

from rich.cells import cell_len
from textual.widgets import Label
from textual.widgets._footer import FooterKey

from core import new_match
from tui.cardface import card_label
from tui.screens.choice import ChoiceScreen
from tui.tablewords import hand_words
from tui.widgets.board import STOCK_X
from tui.widgets.hand import HandView
from tui.widgets.topbar import TopBar

from .helpers import current, make_app, notices, open_table, show_match, stacked, wait_for

# Dealer 0 at four seats: seat 1 gets deck[0], seat 2 deck[1], seat 3 deck[2], seat 0 deck[3], ...
TIGHT = dict(preset="standard", options={"limit": 20}, dealer=0,
             deck=stacked(["KS", "5H", "2C", "3C", "4C", "AS", "6C", "7C", "8C", "TD", "9C", "JC",
                           "QC", "KH", "QD", "JD"]))


async def test_illegal_cards_dimmed_with_reason() -> None:
    """ninety-eight 4.1: at the limit a 5 and an ace go over; they are dimmed and explain why."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        assert screen.view["total"] == 20
        hand = screen.query_one(HandView)
        assert hand.cards == ["5H", "AS", "TD", "KH"]
        assert hand.dimmed == {0, 1}
        await pilot.press("1")
        hint = str(screen.query_one("#hint").render())
        assert "5♥" in hint and "over 20" in hint
        await pilot.press("2")
        assert "to 21 even as 1, over 20" in str(screen.query_one("#hint").render())
        await pilot.press("enter")  # an illegal card is not sent
        await pilot.pause()
        assert link.sent == []
        await pilot.press("4")
        assert "Enter plays K♥" in str(screen.query_one("#hint").render())


async def test_ten_with_one_legal_value_plays_without_prompt() -> None:
    """ninety-eight 2: a ten at the limit can only go down: no prompt, TD-10 is sent."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert link.sent == ["TD-10"]


async def test_ace_with_two_legal_values_asks() -> None:
    """ninety-eight 2: at 0 an ace may be 1 or 11: the prompt offers both."""
    app = make_app()
    deck = stacked(["AS", "2C", "3C", "4C", "TD", "6C", "7C", "8C"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=1, deck=deck, dealer=0)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.actions == ["AS+1", "AS+11"]
        assert app.screen.question.endswith(f"The total is {screen.view['total']}.")  # what 1 or 11 adds to
        total = screen.view["total"]
        labels = [str(b.label) for b in app.screen.query("#options Button")]
        assert labels == [f"1 +1 (to {total + 1})", f"2 +11 (to {total + 11})"]  # where each takes it
        assert "S H D C" not in [str(k.key_display) for k in app.screen.query(FooterKey)]  # no suit to name
        await pilot.press("s")  # nor does S name one
        await pilot.pause()
        assert link.sent == [] and isinstance(app.screen, ChoiceScreen)
        await pilot.press("2")
        await pilot.pause()
        assert link.sent == ["AS+11"]
        assert not isinstance(app.screen, ChoiceScreen)


async def test_prompt_escape_sends_nothing() -> None:
    app = make_app()
    deck = stacked(["TD", "2C", "3C", "4C", "AS", "6C", "7C", "8C"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=1, deck=deck, dealer=0)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.actions == ["TD+10", "TD-10"]
        assert screen.view["total"] == 0  # 2.1: the total never goes below 0, and the button says so
        assert [str(b.label) for b in app.screen.query("#options Button")] == ["1 +10 (to 10)", "2 -10 (to 0)"]
        await pilot.press("escape")
        await pilot.pause()
        assert link.sent == []


async def at_an_eight(app: Any, pilot: Any) -> tuple[Any, Any]:
    """A two-seat Crazy Eights table, its seat 1 to play 8♣ first in hand on Q♥ (crazy-eights
    3.3); the screen and its link. Dealer 0: seat 1 gets deck[0], deck[2], ...; hand size 7."""
    deck = stacked(["8C", "2D", "KH", "3D", "4S", "4D", "5S", "5D", "6S", "6D", "7S", "7D", "9S", "9D", "QH"])
    return await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0, options={"last_card": "off"})


async def test_wild_eight_asks_for_a_suit() -> None:
    """crazy-eights 3.3: an eight names a suit, asked in the prompt."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await at_an_eight(app, pilot)
        hand = screen.query_one(HandView)
        assert hand.cards[0] == "8C"
        assert screen.view["top"] == "QH"
        assert 0 not in hand.dimmed and 1 not in hand.dimmed  # 8C wild, KH matches
        assert 2 in hand.dimmed  # 4S matches neither
        await pilot.press("3")
        assert "matches neither" in str(screen.query_one("#hint").render())
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.actions == ["8C=S", "8C=H", "8C=D", "8C=C"]
        assert app.screen.question == "8♣ is wild: name the suit to follow."
        # under the suits, what the hand keeps of each, in the buttons' order (3.3: naming one held)
        kept = app.screen.query_one("#outcomes", Label)
        assert str(kept.render()) == "Your hand keeps ♠ 5 · ♥ 1 · ♦ 0 · ♣ 0."
        await pilot.press("2")
        await pilot.pause()
        assert link.sent[0] == "8C=H"


async def test_a_suit_is_named_by_its_letter_too() -> None:
    """S, H, D or C names the suit, as card players name it (only 1 to 4 did)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        _screen, link = await at_an_eight(app, pilot)
        await pilot.press("1", "enter")
        question = await wait_for(pilot, lambda: current(app, ChoiceScreen))
        await pilot.pause()
        # the key bar says so (a player read of the letters only in the guide)
        assert "S H D C" in [str(k.key_display) for k in question.query(FooterKey)], \
            [(k.key_display, k.description) for k in question.query(FooterKey)]
        await pilot.press("d")
        await wait_for(pilot, lambda: link.sent)
        assert link.sent == ["8C=D"]


async def test_wild_eight_played_with_l_asks_for_a_suit_saying_last_card() -> None:
    """crazy-eights 4.1: L on a wild 8 from a hand of two asks the suit, and the question says
    the play goes with "last card!" (it read as Enter's did: nothing said the announcement was
    coming, and a player unsure of it might cancel and play with Enter, a penalty, 4.2), whole
    on screen at 60 columns too, where it wraps. Enter's question says nothing of it."""
    # hand size 2 at two seats, dealer 0: seat 1 holds 8C 9S and plays first; KH starts
    deck = stacked(["8C", "2C", "9S", "3C", "KH"])
    question = '8♣ is wild: name the suit to follow (you say "last card!").'
    for size in ((80, 24), (60, 18)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                            options={"hand_size": 2})
            assert screen.query_one(HandView).cards[0] == "8C"
            await pilot.press("1", "l")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.question == question
            await pilot.pause()
            shown = " ".join(" ".join(strip.text.replace("█", " ").split())
                             for strip in app.screen._compositor.render_strips())
            assert question in shown, shown
            await pilot.press("escape", "enter")  # Enter: the same card, without the announcement
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.question == "8♣ is wild: name the suit to follow."
            await pilot.press("escape", "l", "2")
            await pilot.pause()
            assert link.sent == ["8C=H!"]


async def test_space_draws_and_l_announces() -> None:
    """crazy-eights 3.4 and 4.1: Space draws; L plays with "last card!"."""
    app = make_app()
    # hand size 2 at two seats: seat 1 gets deck[0], deck[2]; the starter is deck[4]
    deck = stacked(["5H", "2C", "9S", "3C", "KH"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 2})
        assert screen.query_one(HandView).cards == ["5H", "9S"]
        await pilot.press("space")
        await pilot.pause()
        assert link.sent == ["draw"]
        assert len(screen.query_one(HandView).cards) == 3
        # back to seat 1 after seat 0 moved; play down to... use a fresh table for L
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 2})
        await pilot.press("1")
        await pilot.pause()
        assert "(else a penalty)" in str(screen.query_one("#hint").render())  # 4.4: said before
        lkey = next(k for k in screen.query(FooterKey) if k.action == "last_card")
        assert not lkey.has_class("-disabled")  # lit: this play leaves one card
        await pilot.press("l")
        await pilot.pause()
        assert link.sent == ["5H!"]
        log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert "last card!" in log


async def test_l_plays_only_the_card_that_leaves_one_and_says_why_otherwise() -> None:
    """crazy-eights 4.1, 4.2 and 4.4: L is a play, named so on the key bar ("Play+last card!").
    From a hand of five it would be a wrong announcement, a penalty at once: it plays nothing,
    says why in the warning line, and stays dimmed on the bar until two cards are left (Draw's
    way); Enter still plays the card, without the announcement."""
    from .helpers import key_bar, said_from_now

    app = make_app()
    # hand size 5 at two seats: seat 1 gets deck[0], deck[2], ..., deck[8]; the starter is deck[10]
    deck = stacked(["5H", "2C", "9S", "3C", "7C", "4C", "4D", "6C", "QS", "TC", "KH"])
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 5})
        assert screen.query_one(HandView).cards == ["5H", "9S", "7C", "4D", "QS"] and screen.view["top"] == "KH"
        await pilot.press("1")
        await pilot.pause()
        assert "Play+last card!" in key_bar(screen) and "Last card!" not in key_bar(screen)
        lkey = next(k for k in screen.query(FooterKey) if k.action == "last_card")
        assert lkey.has_class("-disabled")  # dimmed: it plays nothing from five cards
        assert "last card" not in str(screen.query_one("#hint").render())  # said only when it applies
        await pilot.press("l")
        await wait_for(pilot, lambda: heard)
        assert link.sent == []  # no play, no penalty
        assert heard == ['L says "last card!" with the play that leaves you one card: you hold 5.']
        await pilot.press("enter")  # Enter plays as before: the card, unannounced
        await pilot.pause()
        assert link.sent == ["5H"]


async def test_l_on_the_last_card_plays_nothing_and_enter_goes_out() -> None:
    """crazy-eights 4.4: announcing on the play that empties the hand is wrong; L says so and
    Enter plays it out."""
    from .helpers import said_from_now

    app = make_app()
    deck = stacked(["5H", "2C", "KH"])  # hand size 1: seat 1 holds 5H, the starter is KH
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 1})
        assert screen.query_one(HandView).cards == ["5H"]
        await pilot.press("l")
        await wait_for(pilot, lambda: heard)
        assert link.sent == []
        assert heard == ['L says "last card!" with the play that leaves you one card: '
                         "your last card goes out (Enter plays it)."]
        await pilot.press("enter")
        await pilot.pause()
        assert link.sent == ["5H"]


async def test_l_on_a_last_card_that_cannot_be_played_does_not_say_enter_plays_it() -> None:
    """crazy-eights 4.4 with a last card that follows neither the suit nor the rank: L says the
    card goes out when it can be played, not that Enter plays it (Enter cannot)."""
    from .helpers import said_from_now

    app = make_app()
    deck = stacked(["5C", "2D", "KH"])  # hand size 1: seat 1 holds 5C, the starter is KH
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 1})
        assert screen.query_one(HandView).cards == ["5C"] and "5C" not in screen.view["legal"]
        await pilot.press("l")
        await wait_for(pilot, lambda: heard)
        assert link.sent == []
        assert heard == ['L says "last card!" with the play that leaves you one card: '
                         "your last card goes out, when it can be played."]


async def test_l_in_countdown_says_the_count_and_names_a_moved_key(tmp_path) -> None:
    """crazy-eights 6.4: in Countdown the announcement tells the count ("last card, on 8!"); the
    warning names L's key as the keymap has moved it."""
    from tui.settings import Settings, save_settings

    from .helpers import said_from_now

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.last_card": "k"}), path)
    app = make_app(config_path=path)
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, preset="countdown", seed=3)
        held = len(screen.view["hand"])
        assert held == 8
        await pilot.press("k")
        await wait_for(pilot, lambda: heard)
        assert link.sent == []
        assert heard == ['K says "last card, on 8!" with the play that leaves you one card: you hold 8.']


async def test_c_s_t_say_total_scores_turn() -> None:
    """ninety-nine 6: C says the total, S the chips, T whose turn it is; Y the cards held, this
    seat's as its hand shows them."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.press("c", "s", "t", "y")
        await pilot.pause()
        assert screen.said[0] == "The total is 20 (limit 20)"
        assert screen.said[1].startswith("Scores: P0: 3 lives; P1: 3 lives")
        assert screen.said[2] == "It is your turn; then P3, then P0, then P1 (clockwise)"
        shown = screen.query_one(HandView).cards
        assert screen.said[3] == hand_words(screen.view, shown, list(screen.names), "two-colour")
        assert screen.said[3].startswith(f"Your {len(shown)} cards: {card_label(shown[0], 'two-colour')}, ")
        assert screen.said[3].endswith("; P3: 4 cards") and "P2:" not in screen.said[3]
        await pilot.press("2")  # choose the dimmed ace
        await pilot.press("4", "enter")  # K: the total stays 20, play moves on
        await pilot.pause()
        assert link.sent == ["KH"]
        await pilot.press("t")
        assert screen.said[-1].startswith(("It is your turn;", "It is P"))


async def test_player_text_is_never_markup() -> None:
    """Names and chat from the network show literally: no markup, no control characters."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        link._names[1] = "[bold red]Evil[/]\x1b[2J"
        screen.show(link.view(), [{"kind": "play", "seat": 1, "card": "KS", "action": "KS", "total": 20}])
        screen.add_chat("[i]x[/i]", "hello [link=http://x]y[/link]\x07")
        await pilot.pause()
        lines = [line.text for line in screen.query_one("#log").lines]
        assert any("[bold red]Evil[/]" in t and "\x1b" not in t for t in lines)
        assert any("[i]x[/i]: hello [link=http://x]y[/link]" in t for t in lines)


async def test_mouse_selects_then_plays() -> None:
    """A click chooses a card; a second click on it plays it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        hand = screen.query_one(HandView)
        await pilot.click(HandView, offset=(1 + 3 * 6 + 2, 3))  # the fourth card, K♥
        await pilot.pause()
        assert hand.selected == "KH" and link.sent == []
        await pilot.click(HandView, offset=(1 + 3 * 6 + 2, 3))
        await pilot.pause()
        assert link.sent == ["KH"]


async def test_a_double_click_on_the_selected_card_plays_it_once() -> None:
    """A double-click on the selected card plays it, and only it: with a host that answers at
    once, the second click landed on the card that took its place and played that too (one the
    player never chose); with one that answers later, it sent the same move again, which the
    host refused as stale. Either way the second click now only chooses."""
    from .matchlink import MatchLink

    class Later(MatchLink):
        """A host whose answer has not come yet."""

        async def act(self, action: str) -> None:
            self.sent.append(action)

    for link_kind in (MatchLink, Later):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            match = new_match("ninety-eight", 4, **TIGHT)  # type: ignore[arg-type]
            link = link_kind(match, 2)
            from .helpers import show_link

            screen = await show_link(app, pilot, link)
            hand = screen.query_one(HandView)
            hand.cursor = 3  # K♥, chosen
            await pilot.click(HandView, offset=(1 + 3 * 6 + 2, 3), times=2)
            await pilot.pause()
            assert link.sent == ["KH"], (link_kind.__name__, link.sent)
            if link_kind is MatchLink:  # what slid into its place is chosen, a third click plays it
                chosen = hand.selected
                assert chosen is not None and chosen != "KH"
                await pilot.click(HandView, offset=(1 + 3 * 6 + 2, 3))
                await pilot.pause()
                assert link.sent[1:] and link.sent[1].startswith(chosen), link.sent


async def test_a_move_lost_with_the_connection_is_told_once_back() -> None:
    """A move sent as the connection stalled and dropped never reached the table: back, the
    player read their turn as if nothing had been sent. The view it answered, come again after
    the reconnect, says so in the log, and the move may be made again; a newer view says
    nothing (the move was made, by them or for them)."""
    from .helpers import log_entries, show_link
    from .matchlink import MatchLink

    class Lost(MatchLink):
        async def act(self, action: str) -> None:
            self.sent.append(action)

    lost = "Your move did not reach the table before the connection dropped: it is still your turn."
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = Lost(new_match("ninety-eight", 4, **TIGHT), 2)  # type: ignore[arg-type]
        screen = await show_link(app, pilot, link)
        await pilot.press("enter")
        await pilot.pause()
        assert len(link.sent) == 1
        screen.connection(False)
        screen.connection(True)
        screen.show(link.view(), [])  # the view it answered, sent again on the reconnect
        await pilot.pause()
        assert log_entries(screen).count(lost) == 1
        await pilot.press("enter")  # may be made again
        await pilot.pause()
        assert len(link.sent) == 2
        screen.connection(False)
        screen.connection(True)
        screen.show(screen.view, [])  # the lobby that comes back first redraws the view held
        await pilot.pause()
        assert log_entries(screen).count(lost) == 1  # not said of a view the host has not sent again
        link.match.apply(link.sent[-1], 2)  # it was made before the drop: a newer view
        screen.show(link.view(), [])
        await pilot.pause()
        assert log_entries(screen).count(lost) == 1


async def test_keys_faster_than_a_question_opens_ask_it_once() -> None:
    """Enter six times in one burst on a wild eight stacked six copies of "name the suit", each
    Escape closing one, the table beneath standing still till the last: one question at a time."""
    from tui.screens.choice import ChoiceScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=0, seed=0, dealer=1)
        hand = screen.query_one(HandView)
        eights = [i for i, card in enumerate(hand.cards) if card.startswith("8") and i not in hand.dimmed]
        assert eights, hand.cards  # 8♦, playable as wild (crazy-eights 3.2)
        hand.cursor = eights[0]
        for _ in range(6):  # as keys queued before the first question is up would
            screen._play_card(announce=False)
        await pilot.pause()
        assert sum(isinstance(s, ChoiceScreen) for s in app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and link.sent == []


async def test_a_click_finds_the_card_drawn_under_it_edge_to_edge() -> None:
    """A card's whole drawn width takes its click, its right edge too, and the column between
    two cards takes none: a click mapped from the hand's padded edge was one column out."""
    from tui.cardface import SMALL

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        hand = screen.query_one(HandView)
        pad, step = hand.content_region.x - hand.region.x, SMALL.width + 1
        hand.cursor = 3  # a click on the selected card would play it
        await pilot.click(HandView, offset=(pad + 2 * step + 2, 3))
        assert hand.cursor == 2
        await pilot.click(HandView, offset=(pad + SMALL.width, 3))  # between the first two cards
        await pilot.pause()
        assert hand.cursor == 2 and link.sent == []
        await pilot.click(HandView, offset=(pad + SMALL.width - 1, 3))  # the first card's right edge
        assert hand.cursor == 0
        await pilot.click(HandView, offset=(pad + step, 3))  # the second card's left edge
        assert hand.cursor == 1 and link.sent == []


async def test_a_click_on_the_stock_draws_where_the_game_has_draws() -> None:
    """crazy-eights 3.1 / 3.4: a click on the stock draws, as Space does; a click on the pile
    does nothing; out of turn it says so and sends nothing. Ninety-Eight draws for the player
    after each play (4.2): there a click on the stock says and sends nothing."""
    stock = (STOCK_X + 2, 2)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        assert "draw" in screen.view["legal"]
        await pilot.click("#cards", offset=(2, 2))  # the pile
        await pilot.pause()
        assert link.sent == []
        await pilot.click("#cards", offset=stock)
        await pilot.pause()
        assert link.sent == ["draw"]
        if "draw" in screen.view["legal"]:  # a double-click on the stock draws once
            await pilot.click("#cards", offset=stock, times=2)
            await pilot.pause()
            assert link.sent == ["draw", "draw"], link.sent
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 3, seat=2, seed=4, first_plays=False)
        assert screen.view["current_seat"] != 2
        await pilot.click("#cards", offset=stock)
        await pilot.pause()
        assert link.sent == [] and any(n.startswith("You cannot draw now: it is ") for n in notices(app))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.click("#cards", offset=stock)
        await pilot.pause()
        assert link.sent == [] and notices(app) == []


async def test_what_is_wild_and_what_a_joker_starter_allows_are_said() -> None:
    """crazy-eights 7 (jokers): jokers are wild beside the eights, and a joker turned up as the
    starter lets any card follow."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=30, preset="jokers",
                                     first_plays=False)
        assert screen.view["top"] == "JK" and not screen.view.get("suit")
        assert "wild 8s, jokers" in str(screen.query_one("#follow").render())
        await pilot.press("c")
        await pilot.pause()
        assert screen.said[-1].startswith("Any card may follow the")


async def test_stakes_count_the_hands_and_scores_tell_partners_and_the_pot() -> None:
    """ninety-eight 6 (stakes: the match ends after `hands` hands) and 7.2 (teams: partners)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7, preset="stakes")
        assert " hand 1 of 10 " in str(screen.query_one("#topbar").render())
        await pilot.press("s")
        await pilot.pause()
        assert f"Pot {screen.view['pot']}" in screen.said[-1]
        app.pop_screen()
        teams, _ = await open_table(app, pilot, "ninety-eight", 4, seat=0, seed=7, preset="teams")
        await pilot.press("s")
        await pilot.pause()
        assert "Partners: P0 and P2; P1 and P3" in teams.said[-1]


async def test_countdown_shows_counts_not_points() -> None:
    """crazy-eights 6.2: Countdown keeps no points; each seat's count is what matters."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 3, seat=0, seed=1, preset="countdown")
        assert "pts" not in str(screen.query_one("#follow").render())
        assert "count 8" in str(screen.query_one("#follow").render())
        await pilot.press("s")
        await pilot.pause()
        assert "pts" not in screen.said[-1] and "count 8" in screen.said[-1]


async def test_a_drawn_card_that_can_be_played_is_selected() -> None:
    """crazy-eights 3.4: after a draw the turn goes on; a drawn card that can be played is
    selected when the selected one cannot be, so Enter plays it. A drawn card that cannot be
    played leaves the selection where it was, and the hint names what can be played."""
    app = make_app()
    # hand size 2 at two seats: seat 1 gets deck[0], deck[2]; the starter is deck[4], then the stock
    deck = stacked(["5S", "2C", "9S", "3C", "KH", "3D", "QH"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 2})
        hand = screen.query_one(HandView)
        assert hand.cards == ["5S", "9S"] and hand.dimmed == {0, 1}
        await pilot.press("2", "space")
        await pilot.pause()
        assert sorted(hand.cards) == ["3D", "5S", "9S"] and hand.selected == "9S"  # 3D cannot follow K♥
        await pilot.press("space")
        await pilot.pause()
        assert "QH" in hand.cards and hand.selected == "QH"
        assert "Enter plays Q♥" in str(screen.query_one("#hint").render())
        await pilot.press(str(hand.cards.index("5S") + 1))
        hint = str(screen.query_one("#hint").render())
        assert "matches neither" in hint and "Q♥ can be played" in hint
        await pilot.press(str(hand.cards.index("QH") + 1), "enter")
        await pilot.pause()
        assert link.sent == ["draw", "draw", "QH"]


async def test_a_run_of_draws_takes_one_line() -> None:
    """crazy-eights 3.4: a seat may draw again and again in one turn; the log says the run in
    one line that grows (the cards themselves for the seat's own draws), and a new line starts
    once anything else happens."""
    app = make_app()
    deck = stacked(["5S", "2C", "9S", "3C", "KH", "3D", "4D", "QH"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 2})

        def log() -> list[str]:
            return [str(line.text).rstrip() for line in screen.query_one("#log").lines]

        start = len(log())
        for _ in range(3):
            await pilot.press("space")
            await pilot.pause()
        assert log()[start:] == ["P1 draws 3♦, 4♦, Q♥"]
        await pilot.press(str(screen.query_one(HandView).cards.index("QH") + 1), "enter")
        await pilot.pause()
        lines = log()[start:]
        assert lines[:2] == ["P1 draws 3♦, 4♦, Q♥", "P1 plays Q♥"] and len(lines) >= 3
        # the other seat's draws (cards it cannot show) read as a count
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1}])
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1}])
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1}])
        await pilot.pause()
        assert log()[-1] == "P0 draws 3 cards" and "P0 draws 1 card" not in log()
        screen.add_chat("P0", "hm")
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1}])
        await pilot.pause()
        assert log()[-3:] == ["P0 draws 3 cards", "P0: hm", "P0 draws 1 card"]
        # a penalty's draw keeps its own line under the penalty
        screen.show(link.view(), [{"kind": "penalty", "seat": 0, "draw": 2, "reason": "no last card"},
                                  {"kind": "draw", "seat": 0, "count": 2}])
        await pilot.pause()
        assert log()[-2:] == ["P0 must draw 2 cards for no last card", "P0 draws 2 cards"]


async def test_a_run_of_draws_a_bot_made_for_you_says_so() -> None:
    """docs/protocol.md (``view``'s ``bot``): the turn clock's bot drawing for you, card after
    card, reads as the bot's in one line, and not as a draw of your own; a draw of your own
    before it keeps its line, and so does another seat's draw that a bot made for its player."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, options={"hand_size": 2})

        def log() -> list[str]:
            return [str(line.text).rstrip() for line in screen.query_one("#log").lines]

        start = len(log())
        screen.show(link.view(), [{"kind": "draw", "seat": 1, "count": 1, "cards": ["9H"]}])
        for card in ("KH", "8S"):
            screen.show(link.view(), [{"kind": "draw", "seat": 1, "count": 1, "cards": [card], "for_you": True}])
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1, "by_bot": True}])
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1, "by_bot": True}])
        await pilot.pause()
        assert log()[start:] == ["P1 draws 9♥", "A bot for you draws K♥, 8♠", "P0 (bot) draws 2 cards"], log()


async def test_the_same_answer_again_does_not_stack() -> None:
    """ninety-nine 6: C, S and T answer in the log and a notification; pressing the same key
    again while the answer still shows adds no second line or notification, another key does."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.press("s", "s", "s", "c")
        await pilot.pause()
        lines = [str(line.text).rstrip() for line in screen.query_one("#log").lines]
        assert sum(1 for t in lines if t.startswith("Scores:")) == 1
        assert sum(1 for t in lines if t.startswith("The total is")) == 1
        shown = notices(app)
        assert sum(1 for t in shown if t.startswith("Scores:")) == 1 and any(t.startswith("The total is") for t in shown)
        assert len(screen.said) == 4  # each key was answered


async def test_a_choice_closes_when_the_position_it_was_asked_of_has_gone() -> None:
    """ninety-eight 2: the ace's 1-or-11 prompt is up when a move is made for the seat (the turn
    clock's bot): it closes unanswered and sends nothing, rather than play into the new total. A
    view of the same position leaves it up; one that comes while a screen is over the prompt
    closes it once that screen goes."""
    from tui.screens.help import HelpScreen

    deck = stacked(["AS", "2C", "3C", "4C", "TD", "6C", "7C", "8C"])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for over_it in (False, True):
            screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=1, deck=deck, dealer=0)
            await pilot.press("1", "enter")
            prompt = await wait_for(pilot, lambda: current(app, ChoiceScreen))
            screen.show(link.view(), [])  # the same position again: the question stands
            await pilot.pause()
            assert app.screen is prompt
            if over_it:
                await app.push_screen(HelpScreen())
                await pilot.pause()
            events = [e.for_seat(1) for e in link.match.apply("TD+10", 1)]  # played for the seat
            events += link.others_play()
            screen.show(link.view(), events)
            await pilot.pause()
            if over_it:
                assert isinstance(app.screen, HelpScreen) and prompt in app.screen_stack
                app.pop_screen()
                await pilot.pause()
            await wait_for(pilot, lambda: app.screen is screen)
            assert link.sent == []
            app.pop_screen()
            await pilot.pause()


async def test_a_double_enter_that_closes_the_results_plays_no_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Enter closes a hand's results; a second one straight after would play the
    selected card of the new hand before it was seen: it plays nothing. Enter a moment later
    plays as usual. (The wait is widened while the two Enters go in: a busy machine can take
    longer than it between two keys the test sends, where a player's two come together.)"""
    import asyncio

    import tui.screens.table as table_module
    from tui.screens.results import ResultsScreen
    from tui.screens.table import RESUME_GUARD

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.press("4")  # K♥ selected: a card Enter would play
        results = ResultsScreen(link, link.view(), screen.names, [0, 5], False)
        await app.push_screen(results)
        await wait_for(pilot, results.keys_act)  # read: Enter now closes them
        monkeypatch.setattr(table_module, "RESUME_GUARD", 60.0)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.screen is screen and link.sent == []
        monkeypatch.setattr(table_module, "RESUME_GUARD", RESUME_GUARD)
        await asyncio.sleep(RESUME_GUARD)
        await pilot.press("enter")
        await pilot.pause()
        assert link.sent == ["KH"]


async def test_enter_straight_after_escape_closed_the_results_plays_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Escape closed the hand's results, so the Enter that follows at once is meant for the
    table, not the second of a double Enter: it plays the selected card (it was lost without a
    word for the guard's 0.4 s)."""
    import tui.screens.table as table_module
    from tui.screens.results import ResultsScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        await pilot.press("4")
        results = ResultsScreen(link, link.view(), screen.names, [0, 5], False)
        await app.push_screen(results)
        await wait_for(pilot, results.keys_act)
        monkeypatch.setattr(table_module, "RESUME_GUARD", 60.0)  # however slow the two keys go in
        await pilot.press("escape", "enter")
        await wait_for(pilot, lambda: link.sent == ["KH"])
        assert app.screen is screen


async def test_keys_typed_for_the_table_do_not_close_results_that_just_came_up() -> None:
    """A hand's results come up by themselves, often right on the player's own last card: an
    Enter or Escape typed for the table just then (or an arrow or Tab to a button, then Enter)
    leaves them up, unread they would be gone; at a match's end R and Rematch wait too. Once
    ``RESULTS_GRACE`` has gone by, the keys act. (The screens whose keys are ignored wait an
    hour here, so that no slow machine presses after the wait.)"""
    import asyncio
    import time

    from tui.screens.results import ResultsScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        asked: list[int] = []
        link.rematch = lambda: asked.append(1) or asyncio.sleep(0)
        for over, keys in ((False, ("enter", "escape", "right", "enter", "left", "enter", "tab", "enter")),
                           (True, ("r", "b", "enter", "right", "enter", "tab", "enter", "escape"))):
            results = ResultsScreen(link, link.view(), screen.names, [0, 5], over)
            results.keys_from = time.monotonic() + 3600
            await app.push_screen(results)
            await pilot.press(*keys)
            await pilot.pause()
            assert app.screen is results and asked == [], (over, keys)
            results.dismiss(None)
            await wait_for(pilot, lambda: app.screen is screen)
        # with the real wait: once it has gone by, the keys act
        over_now = ResultsScreen(link, link.view(), screen.names, [0, 5], True)
        await app.push_screen(over_now)
        await wait_for(pilot, over_now.keys_act)
        await pilot.press("r")
        await wait_for(pilot, lambda: asked == [1] and app.screen is screen)


async def test_enter_on_a_matchs_results_starts_no_rematch_and_says_which_key_does() -> None:
    """Two fast players' Enter, pressed to play on, went through a match's results into a
    rematch (its Rematch had the focus): no choice has the focus there, and Enter says which key
    does what; an arrow reaches a button, which Enter then presses."""
    import asyncio

    from textual.widgets import Label

    from tui.screens.results import ResultsScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 4, seat=2, **TIGHT)
        asked: list[int] = []
        link.rematch = lambda: asked.append(1) or asyncio.sleep(0)
        link.solo = True
        results = ResultsScreen(link, link.view(), screen.names, [0, 5], True)
        await app.push_screen(results)
        await wait_for(pilot, results.keys_act)
        assert results.focused is None
        await pilot.press("enter")
        said = results.query_one("#which-key", Label)
        await wait_for(pilot, lambda: said.display)
        assert str(said.render()).startswith("R: Rematch · B: Back to lobby · Esc: Continue"), str(said.render())
        # whole in the box, over as many rows as it takes (it was cut at the box's edge)
        assert "then Enter)" in str(said.render()) and said.region.height >= 1
        rows = [strip.text for strip in results._compositor.render_strips()]
        assert any("then Enter)" in row for row in rows), rows
        assert app.screen is results and asked == []
        await pilot.press("left")
        await wait_for(pilot, lambda: results.focused is not None)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen)


async def _on_a_card_that_cannot_be_played(app, pilot):
    """A Crazy Eights table (crazy-eights 3.3) at the turn of the seat shown, a card it cannot
    play selected; the screen."""
    from tui.plays import playable

    from .helpers import show_match

    match = new_match("crazy-eights", 2, seed=1)
    seat = match.current_seat
    view = match.view(seat)
    bad = next(i for i, c in enumerate(view["hand"]) if not playable(view, c))
    screen, _ = await show_match(app, pilot, match, seat=seat)
    screen.query_one(HandView).action_go(bad)
    await pilot.pause()
    return screen


async def test_the_hint_line_always_says_which_cards_can_be_played() -> None:
    """crazy-eights 3.3: a card that cannot be played says why, which cards can, and the key
    that draws, on its one row; where the cards do not fit, they are said shorter (and the key
    goes before they do): without them the line read as if the turn could only draw."""
    app = make_app()
    async with app.run_test(size=(120, 24)) as pilot:
        screen = await _on_a_card_that_cannot_be_played(app, pilot)
        hint = lambda: str(screen.query_one("#hint").render())  # noqa: E731
        await wait_for(pilot, lambda: "can be played. Space draws." in hint())
        seen = {hint()}
        for width in (80, 70, 60):
            await pilot.resize_terminal(width, 24)
            await wait_for(pilot, lambda: hint() not in seen)
            seen.add(hint())
            assert any(words in hint() for words in ("can be played.", "playable.", " can.")), (width, hint())
            assert len(hint()) <= width - 2 and not hint().endswith("…")
        await pilot.resize_terminal(120, 24)
        await wait_for(pilot, lambda: "can be played. Space draws." in hint())


async def test_below_twenty_rows_the_boards_line_leads_the_hint() -> None:
    """crazy-eights 3.3: the suit to follow (and your points) must be on the screen; at 60x18
    the line under the board has no row left, so the suit leads the hint line (your points
    stand beside the pile), and at 24 rows it is back under the board."""
    from .helpers import show_match

    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        match = new_match("crazy-eights", 3, seed=2)
        for _ in range(8):
            match.apply(match.legal_actions()[0])
        screen, _ = await show_match(app, pilot, match)
        await pilot.pause()
        rows = lambda: [strip.text for strip in screen._compositor.render_strips()]  # noqa: E731
        hint = screen.query_one("#hint")
        await wait_for(pilot, lambda: rows()[hint.region.y].strip().startswith("follow "))
        assert " │ " in rows()[hint.region.y] and not screen.query_one("#follow").display
        mine = screen.query_one("#mine")
        assert "you: 0 pts" in rows()[mine.region.y]
        await pilot.resize_terminal(60, 24)
        await wait_for(pilot, lambda: not rows()[hint.region.y].strip().startswith("follow "))
        line = screen.query_one("#follow")
        assert line.display and rows()[line.region.y].strip().startswith("follow ")


async def test_the_line_under_the_board_wraps_between_its_parts_and_shows_them_all() -> None:
    """crazy-eights 3.2, 3.3, 5.2 and 7 (jokers): the suit to follow, what is wild and this
    seat's points are all on the screen under the board; past its 30 cells the line goes on
    below, a part never split (the points were cut off at the edge)."""
    from .helpers import show_match

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        match = new_match("crazy-eights", 3, preset="jokers", seed=2)
        for _ in range(30):
            if match.view(0).get("suit"):
                break
            match.apply(match.legal_actions()[0])
        assert match.view(0).get("suit")
        screen, _ = await show_match(app, pilot, match)
        await pilot.pause()
        line = screen.query_one("#follow")
        text = str(line.render())
        assert "wild 8s, jokers" in text and "you: 0 pts" in text
        assert len(text.splitlines()) == 2 and all(cell_len(row) <= 30 for row in text.splitlines())
        rows = [strip.text for strip in screen._compositor.render_strips()]
        shown = " ".join(rows[y][line.region.x:line.region.right].strip()
                         for y in range(line.region.y, line.region.bottom))
        assert "follow " in shown and "wild 8s, jokers" in shown and "you: 0 pts" in shown
        # at 20 rows one row is left under the board: the parts share it, cut short, none lost
        # to a second row that is not there
        await pilot.resize_terminal(80, 20)
        await pilot.pause()
        await pilot.pause()
        text = str(line.render())
        assert len(text.splitlines()) == 1 and text.startswith("follow ") and "wild 8s, jo" in text, text
        assert line.region.height == 1 and cell_len(text) <= 30
        await pilot.resize_terminal(80, 24)  # and back: two rows again, the whole line shown
        await pilot.pause()
        await pilot.pause()
        assert len(str(line.render()).splitlines()) == 2 and line.region.height == 2


async def test_enter_again_on_a_card_that_cannot_be_played_warns_once_while_it_shows() -> None:
    """crazy-eights 3.3: the reason a card cannot be played is one notice, not a pile of the
    same one over the log for each Enter."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _on_a_card_that_cannot_be_played(app, pilot)
        await pilot.press("enter", "enter", "enter", "enter")
        await pilot.pause()
        warned = [n for n in notices(app) if "matches neither" in n or "does not match" in n]
        assert len(warned) == 1, notices(app)


async def test_a_resize_that_lands_after_the_table_was_left_changes_nothing() -> None:
    """A resize's redraw of the hint comes after the next refresh: a table left in between (the
    player leaving the moment it opened) has no hand left to read, and must not crash the app."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 2, seat=0)
        app.pop_screen()
        await pilot.pause()
        screen._resized()  # what the resize had asked for after the refresh
        await pilot.pause()
        assert app.return_code is None and app.is_running


async def test_the_counts_under_the_board_start_under_their_own_cards() -> None:
    """The line under the pile and the stock: "pile N" starts under the pile's left edge and
    "stock N" under the stock's, at both card sizes; a pile count too long for its column keeps a
    space before the stock's."""
    from textual.widgets import Static

    from tui.cardface import LARGE, SMALL
    from tui.widgets.board import GAP, board_caption

    for size in (SMALL, LARGE):
        line = board_caption(7, 31, size.width)
        assert line.index("pile 7") == 0 and line.index("stock 31") == size.width + GAP
    assert board_caption(104, 0, SMALL.width) == "pile 104 stock 0"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 3, seat=1, seed=4)
        rows = str(screen.query_one("#cards", Static).render()).splitlines()
        assert rows[0].index("┌", 1) == STOCK_X == rows[-1].index("stock")


async def test_a_debt_taken_takes_one_line() -> None:
    """crazy-eights 7.1: a seat facing a 2 that takes the cards owed reads as one line saying
    so (the cards themselves for the seat's own), not a draw line with a paid line under it; a
    take split by a reshuffle keeps its lines, and so does one the stock cut short (3.5)."""
    app = make_app()
    # dealer 1 at two seats: seat 0 gets 2C and 9S, seat 1 5H and KD; the starter 3C; then 7D, 4S
    deck = stacked(["2C", "5H", "9S", "KD", "3C", "7D", "4S"])
    async with app.run_test(size=(120, 40)) as pilot:  # a log wide enough for each line whole
        match = new_match("crazy-eights", 2, preset="specials", deck=deck, dealer=1, options={"hand_size": 2})
        played = [e.for_seat(1) for e in match.apply("2C", 0)]
        screen, link = await show_match(app, pilot, match, seat=1)
        screen.show(link.view(), played)
        assert link.view()["legal"] == ["draw"]

        def log() -> list[str]:
            return [str(line.text).rstrip() for line in screen.query_one("#log").lines]

        start = len(log())
        for event in match.apply("draw", 1):
            screen.show(link.view(), [event.for_seat(1)])
        await pilot.pause()
        assert log()[start:start + 1] == ["P1 takes the 2 cards owed: 7♦, 4♠"]
        assert not any("draws" in line or "paid" in line for line in log()[start:])
        # another seat's take: its cards unseen
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 4},
                                  {"kind": "debt_paid", "seat": 0, "debt": 4, "drawn": 4}])
        await pilot.pause()
        assert log()[-1] == "P0 takes the 4 cards owed"
        # split by a reshuffle: each step keeps its line
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1},
                                  {"kind": "reshuffle", "stock": 20},
                                  {"kind": "draw", "seat": 0, "count": 1},
                                  {"kind": "debt_paid", "seat": 0, "debt": 2, "drawn": 2}])
        await pilot.pause()
        assert log()[-4:] == ["P0 draws 1 card", "The pile is shuffled into a new stock of 20",
                              "P0 draws 1 card", "P0 has paid the 2 cards owed"]
        # the stock ran out with nothing to reshuffle
        screen.show(link.view(), [{"kind": "draw", "seat": 0, "count": 1},
                                  {"kind": "debt_paid", "seat": 0, "debt": 2, "drawn": 1}])
        await pilot.pause()
        assert log()[-2:] == ["P0 has paid the 2 cards owed", "P0 takes 1 of the 2 cards owed: the stock has no more"]


@pytest.mark.parametrize("game, options, keys", [
    ("ninety-eight", {}, {"space": "There is no drawing to do in Ninety-Eight: each card you play is replaced "
                                   "from the stock by itself.",
                          "p": "There is no passing in Ninety-Eight: play a card.",
                          "l": 'There is no "last card!" to say in Ninety-Eight: only Crazy Eights asks for it.',
                          "h": "No hints at a table with other players: a bot's advice would not be yours."}),
    ("ninety-nine", {}, {"p": "There is no passing in Ninety-Nine: play a card (every card can be played).",
                         "space": "There is no drawing to do in Ninety-Nine: each card you play is replaced from "
                                  "the stock by itself."}),
    ("crazy-eights", {"last_card": "off"}, {"l": 'This table does not ask for "last card!": play your cards '
                                                 "with Enter."}),
])
async def test_a_key_of_another_games_table_says_why_it_does_nothing(game: str, options: dict,
                                                                     keys: dict[str, str]) -> None:
    """README (keys): a key the key bar leaves out because this game or company has no such move
    (Draw, Pass and Play+last card! in Ninety-Eight, Hint at a table with others) says so, and
    plays nothing (it was silent)."""
    from .helpers import said_from_now

    app = make_app()
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, game, 3, seat=1, options=options)
        await wait_for(pilot, lambda: screen.view["current_seat"] == 1)
        for key, why in keys.items():
            await pilot.press(key)
            await wait_for(pilot, lambda: why in heard)
        assert link.sent == []


async def test_a_wild_last_card_goes_out_without_asking_for_a_suit() -> None:
    """crazy-eights 5.1: playing the last card ends the hand at once, so no one follows the suit
    a wild eight would name: Enter plays it out without the question (it asked for a suit)."""
    app = make_app()
    deck = stacked(["8D", "2C", "KH"])  # hand size 1: seat 1 holds 8D, the starter is KH
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 2, seat=1, deck=deck, dealer=0,
                                        options={"hand_size": 1, "last_card": "off"})
        assert screen.query_one(HandView).cards == ["8D"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: link.sent)
        assert link.sent[0].startswith("8D=") and not isinstance(app.screen, ChoiceScreen)


async def test_a_ninety_nine_table_names_the_next_mark_under_its_total() -> None:
    """ninety-nine 3.3: under the total, where Ninety-Eight names its limit, the mark the total
    goes up to next (33, then 66, then 99), whole at 80x24 and at 60x18."""
    for size in ((80, 24), (60, 18)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            screen, link = await open_table(app, pilot, "ninety-nine", 3, seat=0, first_plays=False)
            limit = screen.query_one("#limit")
            assert str(limit.render()) == "total\nnext mark 33", str(limit.render())
            assert limit.region.width >= len("next mark 33")
            screen.show({**screen.view, "total": 40}, [])
            await pilot.pause()
            assert str(limit.render()) == "total\nnext mark 66"
            screen.show({**screen.view, "total": 66}, [])
            await pilot.pause()
            assert str(limit.render()) == "total\nnext mark 99"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await open_table(app, pilot, "ninety-eight", 3, seat=0, first_plays=False)
        assert str(screen.query_one("#limit").render()) == "total\nlimit 98"


async def test_a_view_that_comes_as_the_app_closes_is_not_drawn() -> None:
    """A host's view can reach the app while it closes (a quit in a match in play, the bots
    still playing): the session's reader, in the app's context, hands it to the table, whose
    widgets are already gone. It must not try to draw it (it failed on the missing top bar, and
    the view update was logged as an error)."""
    from textual._context import active_app

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, link = await open_table(app, pilot, "crazy-eights", 4, 0, seed=5)
        assert screen.query(TopBar)
    assert not app.is_running and not screen.query(TopBar)
    m = link.match  # the host plays on: a move, told with its events, as the app closes
    events = [e.to_dict() for e in m.apply(m.legal_actions(0)[0], 0)]
    view = link.view()
    token = active_app.set(app)  # as in the app's own tasks, where the session's reader runs
    try:
        screen.show(view, events)
        screen.restyle("four-colour", screen.palette)
        screen.reorder("rank")
    finally:
        active_app.reset(token)
    assert screen.view is view and screen.hand_order == "rank"  # kept, for nothing to draw


@pytest.mark.parametrize("reshuffle", ["on", "off"])
async def test_an_empty_stock_that_a_draw_rebuilds_from_the_pile_is_marked(reshuffle: str) -> None:
    """crazy-eights 3.5: with the stock empty, a draw shuffles the pile (but its top card) into
    a new stock. The empty outline said nothing could be drawn while the line said "Space
    draws": it is marked ↻ where a draw can still be made, and left plain where it cannot."""
    match = new_match("crazy-eights", 2, seed=3, options={"reshuffle": reshuffle})
    for _ in range(400):  # bounded: draw (or play) until the stock is empty with cards on the pile
        view = match.view(match.current_seat)
        if view["stock_count"] == 0 and len(view["pile"]) > 1:
            break
        legal = [str(a) for a in match.legal_actions()]
        match.apply("draw" if "draw" in legal and view["stock_count"] else next(
            (a for a in legal if a not in ("draw", "pass") and not a.endswith("!")), legal[0]))
    view = match.view(0)
    assert view["stock_count"] == 0 and len(view["pile"]) > 1 and view["can_draw"] is (reshuffle == "on")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await show_match(app, pilot, match)
        await pilot.pause()
        board = str(screen.query_one("#cards").render())
        assert "stock 0" in board and ("↻" in board) is (reshuffle == "on"), board


def test_the_least_costly_value_of_a_ninety_nine_card() -> None:
    """ninety-nine 3.3: at 90 a ten's +10 goes over 99 (2 chips), its -10 costs nothing; at 23
    its +10 lands on 33 (the others lose a chip); at 30 an ace's 11 passes 33 and its 1 does not."""
    from tui.playoutcome import least_costly

    assert least_costly(90, ["TC+10", "TC-10"]) == 1
    assert least_costly(23, ["TC+10", "TC-10"]) == 0
    assert least_costly(30, ["AS+11", "AS+1"]) == 1
    assert least_costly(10, ["AS+1", "AS+11"]) == 0  # alike: the first


async def test_a_ninety_nine_question_opens_on_the_value_that_costs_least() -> None:
    """At 98 with a ten: Enter on the question took its first answer, +10, over 99 for 2 chips;
    it opens on -10, which costs nothing."""
    import random

    match = new_match("ninety-nine", 3, seed=4)
    rng = random.Random(4)
    for _ in range(8):  # to a position found once: seat 0 to play at 98, holding tens
        seat = match.current_seat
        match.apply(rng.choice(match.view(seat)["legal"]), seat)
    view = match.view(0)
    assert match.current_seat == 0 and view["total"] == 98 and "TD" in view["hand"], view
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await show_match(app, pilot, match, 0)
        hand = screen.query_one(HandView)
        hand.cursor = view["hand"].index("TD")
        await pilot.pause()
        await pilot.press("enter")
        prompt = await wait_for(pilot, lambda: current(app, ChoiceScreen))
        assert prompt.actions == ["TD+10", "TD-10"] and prompt.focused is not None
        assert prompt.focused.id == "opt1"
        await pilot.press("enter")
        await wait_for(pilot, lambda: link.sent)
        assert link.sent == ["TD-10"]
