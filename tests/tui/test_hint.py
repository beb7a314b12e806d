"""H at the table: at a solo table, the ``normal`` bot's choice for your cards, that card
selected and said; at a table with other players, no hint."""
from __future__ import annotations

import random

from core import new_match
from core.bots import advise, choose
from tui.cardface import card_label
from tui.plays import parse_play
from tui.screens.picker import PickerScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import HandView

from .helpers import current, key_bar, make_app, notices, show_link, wait_for
from .matchlink import MatchLink


async def open_table(app, pilot, solo: bool, game: str, seed: int) -> tuple[TableScreen, MatchLink]:
    link = MatchLink(new_match(game, 3, seed=seed), 0)
    link.solo = solo  # type: ignore[attr-defined]
    return await show_link(app, pilot, link), link


async def test_a_hint_selects_the_normal_bots_card_and_enter_plays_it() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for game, seed in (("ninety-eight", 4), ("ninety-nine", 5), ("crazy-eights", 6)):
            screen, link = await open_table(app, pilot, True, game, seed)
            view = link.view()
            wanted = advise(view, view["legal"])
            await pilot.press("h")
            await pilot.pause()
            assert screen.said[-1].startswith("Hint: "), screen.said
            play = parse_play(wanted)
            if play is not None:
                assert screen.query_one(HandView).selected == play[0]
                if len([a for a in view["legal"] if (parse_play(a) or ("",))[0] == play[0]]) == 1:
                    await pilot.press("enter")
                    await pilot.pause()
                    assert link.sent[-1] == wanted
            app.pop_screen()
            await pilot.pause()


async def test_a_hint_from_the_log_takes_enter_back_to_the_hand() -> None:
    """The hint says Enter plays its card; with the log focused (Tab), Enter did nothing there.
    The hint brings the focus back to the hand, so Enter plays the card."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, True, "ninety-eight", 4)
        view = link.view()
        wanted = advise(view, view["legal"])
        screen.query_one("#log").focus()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert screen.focused is screen.query_one(HandView)
        await pilot.press("enter")
        await pilot.pause()
        assert link.sent == [wanted]


async def test_no_hint_at_a_table_with_other_players_and_no_chat_line_at_a_solo_one() -> None:
    """The key bar offers Hint at a solo table and Chat at any other: each only where it
    answers (a bot's advice at a table of players would not be yours; at a solo table there
    is no one to talk to, and the log takes the chat's line)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, False, "ninety-eight", 4)
        selected = screen.query_one(HandView).selected
        said = list(screen.said)
        await pilot.press("h")
        await pilot.pause()
        assert screen.said == said  # nothing hinted
        assert screen.query_one(HandView).selected == selected and link.sent == []
        assert "Hint" not in key_bar(screen) and "Chat" in key_bar(screen)
        assert screen.query_one("#chat").display
        app.pop_screen()
        await pilot.pause()

        screen, link = await open_table(app, pilot, True, "ninety-eight", 4)
        await wait_for(pilot, lambda: "Hint" in key_bar(screen))
        assert "Chat" not in key_bar(screen) and not screen.query_one("#chat").display
        await pilot.press("slash")  # no chat line to go to
        await pilot.pause()
        assert isinstance(screen.focused, HandView)


async def test_a_hint_at_a_real_solo_table() -> None:
    app = make_app(seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+s")
        table = await wait_for(pilot, lambda: current(app, TableScreen))
        await wait_for(pilot, lambda: table.view and table.view["current_seat"] == 0, timeout=20)
        await pilot.press("h")
        await pilot.pause()
        assert table.said[-1].startswith("Hint: play "), table.said


async def test_help_lists_hint_at_a_solo_table_and_chat_at_any_other() -> None:
    from tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")  # from home: both, each saying where it answers
        keys = dict((await wait_for(pilot, lambda: current(app, HelpScreen))).sections["At the table"])
        assert keys["H"] == "Hint (at a solo table)" and keys["/"] == "Chat (at a table with players)"
        assert "chat line" in keys["Tab"]
        await pilot.press("escape")
        for solo in (True, False):
            await open_table(app, pilot, solo, "ninety-eight", 4)
            await pilot.press("f1")
            help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
            keys = dict(help_screen.sections["At the table"])
            assert ("H" in keys, "/" in keys) == (solo, not solo), keys
            assert ("chat line" in keys["Tab"]) is not solo
            assert ("Enter in the chat line" in keys) is not solo  # it stays for the next line
            assert keys.get("H", "Hint") == "Hint" and keys.get("/", "Chat") == "Chat"
            await pilot.press("escape")
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()


async def test_a_hint_to_draw_names_the_key_that_draws() -> None:
    """crazy-eights 3.1: where the ``normal`` bot would draw (here no card in hand can be
    played), the hint says so, names the key (Space, or the key the keymap moved Draw to) and
    why; nothing is sent by the hint itself."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, True, "crazy-eights", 4)
        view = link.view()
        assert advise(view, view["legal"]) == "draw"
        await pilot.press("h")
        await pilot.pause()
        assert not any(parse_play(a) for a in view["legal"]), view["legal"]
        assert screen.said[-1] == "Hint: draw (Space): no card you hold can be played" and link.sent == []
        await pilot.press("space")
        await pilot.pause()
        assert link.sent == ["draw"]


async def test_a_hint_to_say_last_card_names_l() -> None:
    """crazy-eights 4.1: the hinted play is the one said with "last card!", which Enter would
    make without it (a penalty): the hint names L, and L makes it."""
    from .helpers import show_match

    m = new_match("crazy-eights", 3, seed=1)
    rng = random.Random(1)
    for _ in range(500):  # three normal bots' match, to a turn where the seat holds two cards and plays
        view = m.view(m.current_seat)
        legal = [str(a) for a in m.legal_actions()]
        if m.current_seat == 0 and len(view["hand"]) == 2 and \
                advise(view, legal).endswith("!"):
            break
        m.apply(choose("normal", view, legal, rng), m.current_seat)
    view = m.view(0)
    wanted = advise(view, view["legal"])
    assert wanted.endswith("!") and len(view["hand"]) == 2, (wanted, view["hand"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await show_match(app, pilot, m, 0)
        link.solo = True  # type: ignore[attr-defined]
        await pilot.press("h")
        await pilot.pause()
        card = card_label(wanted[:2])
        assert screen.said[-1].startswith(f'Hint: play {card} ("last card!") (L): '), screen.said[-1]
        await pilot.press("l")
        await pilot.pause()
        assert link.sent == [wanted]


async def test_no_hint_says_why_when_the_seat_is_out_of_the_hand_or_the_match() -> None:
    """ninety-eight 4.3: a seat that cannot play is out of the hand until the next deal; H then
    says so, not that it is someone else's turn."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for seed in range(200):  # bounded: a deal where seat 0 goes out and the others play on
            match = new_match("ninety-eight", 3, seed=seed)
            for _ in range(300):
                if match.is_over or not match.view(0)["status"][0]["in_hand"]:
                    break
                match.apply(match.legal_actions()[0])
            if not match.is_over and not match.view(0)["status"][0]["in_hand"] and match.current_seat != 0:
                break
        else:
            raise AssertionError("no deal put seat 0 out of a hand the others play on")
        link = MatchLink(match, 0)
        link.solo = True  # type: ignore[attr-defined]
        screen = await show_link(app, pilot, link, first_plays=False)
        lines = len(screen.said)
        await pilot.press("h")
        why = "Nothing to do until the next hand: you are out of this one"
        await wait_for(pilot, lambda: why in notices(app))
        # why the key did nothing is a notice, as for any key that does nothing: not a line of
        # the log, which keeps the plays and the answers to C, S, T and the hints themselves
        assert len(screen.said) == lines
        assert why not in "".join(strip.text for strip in screen.query_one("#log").lines)


async def test_the_suit_question_opens_on_the_suit_the_hint_named() -> None:
    """Crazy Eights (seed 121): the hint plays 8♦ naming diamonds; Enter asks which suit to name,
    and the question opens on diamonds, so H, Enter, Enter plays what the hint said (it opened on
    spades, and Enter named spades)."""
    from tui.screens.choice import ChoiceScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, True, "crazy-eights", 121)
        view = link.view()
        wanted = advise(view, view["legal"])
        assert wanted == "8D=D"
        await pilot.press("h")
        await pilot.pause()
        assert screen.said[-1].startswith("Hint: play 8♦, naming ♦ diamonds"), screen.said
        await pilot.press("enter")
        ask = await wait_for(pilot, lambda: current(app, ChoiceScreen))
        assert ask.focused is not None and ask.focused.id == f"opt{ask.actions.index(wanted)}"
        # what Enter gives, in words (the highlight alone showed it), following the highlight
        picks = ask.query_one("#enter-picks")
        first = ask.actions.index(wanted) + 1
        assert str(picks.render()) == f"Enter picks {first}: ♦ diamonds"
        await pilot.press("right")
        await wait_for(pilot, lambda: str(picks.render()) != f"Enter picks {first}: ♦ diamonds")
        assert str(picks.render()).startswith(f"Enter picks {first % 4 + 1}: ")
        await pilot.press("left")
        await wait_for(pilot, lambda: str(picks.render()) == f"Enter picks {first}: ♦ diamonds")
        await pilot.press("enter")
        await wait_for(pilot, lambda: link.sent == [wanted])


async def test_without_a_hint_the_suit_question_opens_on_the_suit_kept_most() -> None:
    """The same position without H: nothing was named, so the question opens on the suit the
    hand keeps most of once 8♦ is played (counted here from the hand, wild cards apart), not on
    spades, the first."""
    from tui.screens.choice import ChoiceScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await open_table(app, pilot, True, "crazy-eights", 121)
        hand = screen.query_one(HandView)
        kept = [c for c in hand.cards if c != "8D" and c[0] != "8"]
        most = max("SHDC", key=lambda s: (sum(c[1] == s for c in kept), -"SHDC".index(s)))
        assert most != "S"  # the position shows the change: spades is not the suit kept most
        hand.action_go(hand.cards.index("8D"))
        await pilot.press("enter")
        ask = await wait_for(pilot, lambda: current(app, ChoiceScreen))
        assert ask.focused is not None and ask.focused.id == f"opt{ask.actions.index('8D=' + most)}"
        await pilot.press("enter")
        await wait_for(pilot, lambda: link.sent == ["8D=" + most])


async def test_a_hint_says_why_in_the_log_and_in_the_card_style() -> None:
    """The hint gives the reason ``core.bots.why`` finds, named as the table names the seats:
    Ninety-Eight seed 7 plays a King that leaves the next seat few safe cards at 98 (9 in 10 of
    the unseen cards are not: only the tens and Kings are); Crazy
    Eights seed 9 plays the suit held most of. Switched to ascii cards, the line reads again."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for game, seed, said in (("ninety-eight", 7, "Hint: play K♥: at 98, 9 in 10 of the cards you cannot see would take {1} over the limit"),
                                 ("crazy-eights", 9, "Hint: play K♥: ♥ hearts is the suit you hold most of")):
            screen, link = await open_table(app, pilot, True, game, seed)
            await pilot.press("h")
            await pilot.pause()
            assert screen.said[-1] == said.format(*screen.names), screen.said
            app.pop_screen()
            await pilot.pause()
        screen, link = await open_table(app, pilot, True, "crazy-eights", 9)
        await pilot.press("h")
        await pilot.pause()
        log = screen.query_one("#log")
        assert any("♥ hearts is the suit you hold most of" in line.text for line in log.lines)
        app.set_card_style("ascii")
        await wait_for(pilot, lambda: any("H hearts is the suit you hold most of" in line.text and "KH" in line.text
                                          for line in log.lines))


def test_each_kind_of_reason_is_said_in_words() -> None:
    """``tui.hintwhy``: the words for every kind of reason ``core.bots.why`` gives, with the
    seats as the table names them, in the two-colour card style; an unknown kind says nothing."""
    from core.bots.why import Why
    from tui.hintwhy import why_words

    names = ["You", "Bo", "Cy"]
    said = {
        Why("only_match", card="KH"): "K♥ is the only card you hold that can be played",
        Why("no_match"): "no card you hold can be played",
        Why("no_two", total=4): "you hold no 2 to pass the penalty on, so you take the 4 cards",
        Why("nothing_to_draw"): "no card you hold can be played, and nothing is left to draw",
        Why("drew_enough", count=1): "no card you hold can be played, and you have drawn one card, all a turn allows",
        Why("drew_enough", count=3): "no card you hold can be played, and you have drawn 3 cards, all a turn allows",
        Why("only_play", total=98): "it is the only play that keeps the total within 98",
        Why("only_play", total=98, count=1): "it is the only play that keeps the total within 98",
        Why("only_play", total=98, count=3): "no other kind of card keeps the total within 98",
        Why("shed_wild", seat=1, card="8C"): "Bo holds one card, and 8♣ left in your hand would cost you 50 points "
                                             "if they go out",
        Why("wild_longest", suit="S", count=1): "nothing else matches, and ♠ spades is the suit you hold most of",
        Why("wild_longest", suit="S", count=2): "nothing else matches, and ♠ spades is one of the suits you hold "
                                                "most of",
        Why("special_draw", seat=2, card="2H", count=1, total=4): "Cy holds one card, and 2♥ makes them draw 4 cards "
                                                                  "unless they answer with a 2",
        Why("special_skip", seat=1, card="QD", count=2): "Bo holds 2 cards, and Q♦ makes them miss a turn",
        Why("special_reverse", seat=1, card="AS", count=2): "Bo holds 2 cards, and A♠ turns play away from them",
        Why("next_lacks", seat=1, suit="C"): "Bo drew on ♣ clubs, so they may hold none",
        Why("wild_next_lacks", seat=1, suit="C"): "nothing else matches, and Bo drew on ♣ clubs, so they may hold none",
        Why("wild_last", suit="D"): "nothing else matches, and ♦ diamonds is the suit of the one other card you hold",
        Why("nn_fewest", total=71, count=1): "every play costs you chips, and none fewer than this one (1 chip)",
        Why("nn_same", total=92, count=0): "every card you can play does the same here, taking the total to 92",
        Why("nn_same", total=37, count=1): "every card you can play does the same here, taking the total to 37 and "
                                           "costing you 1 chip",
        Why("nn_same", total=158, count=2): "every card you can play does the same here, taking the total over 99 "
                                            "(to 158): it costs you 2 chips",
        Why("longer", suit="S"): "♠ spades is the suit you hold most of among the cards that can be played",
        Why("wild_out", card="8S"): "8♠ is your last card: it goes out, whatever suit it names",
        Why("wild_held", suit="D", count=2): "nothing else matches, and you hold a card of ♦ diamonds; you hold no suit twice",
        Why("wild_held", suit="D", count=1): "nothing else matches, and ♦ diamonds is the one suit you hold besides wild cards",
        Why("heavier", card="JS", total=10): "J♠ would cost you 10 points if kept, more than another card that "
                                             "leaves you as many of its suit",
        Why("heavier", card="TC", total=10, also="QC"): "10♣ would cost you 10 points if kept, more than another "
                                                        "card that leaves you as many of its suit (Q♣, as heavy, "
                                                        "would do as well)",
        Why("shed_points", seat=2, card="KD", count=2, total=10): "Cy holds 2 cards, and K♦ left in your hand would "
                                                                  "cost you 10 points if they go out",
        Why("keeps_wild", card="8D"): "it keeps your 8♦ for when nothing else matches",
        Why("ce_alike", total=10, count=2): "each card you can play leaves you as many of its suit and would cost "
                                            "as many points kept: any would do",
        Why("ce_alike", count=3): "each card you can play leaves you as many of its suit: any of them would do",
        Why("longest", suit="H", count=1): "♥ hearts is the suit you hold most of",
        Why("squeeze", seat=1, total=98, count=8): "at 98, 8 in 10 of the cards you cannot see would take Bo over "
                                                   "the limit",
        Why("value_total", seat=1, total=99, count=89): "at 99, fewer of the cards you cannot see are safe for Bo than "
                                                        "at 89",
        Why("keeps_escape", card="TS"): "it keeps your 10♠, which can be played at any total",
        Why("keeps_ace", card="AC", total=50): "it keeps your A♣, which can add just 1 as the total nears 50",
        Why("tightest", seat=2, total=96, count=6): "at 96, 6 in 10 of the cards you cannot see would take Cy over "
                                                    "the limit, more than at any other total you could make",
        Why("keeps_low", card="3S", total=98): "it adds the most while the total is low, and your 3♠ stays for "
                                               "near 98",
        Why("ace_low", total=98): "an ace as 1 leaves more room under 98",
        Why("ne_room", total=98): "more of the cards it leaves you can still be played as the total nears 98 than "
                                  "another play would leave you",
        Why("shed_high"): "a high card goes while the total is low",
        Why("keeps_lowest", card="2S", total=50): "it keeps your 2♠, the card you can play that adds least, for "
                                                   "near 50",
        Why("passes_on", seat=1, card="3S", total=99): "it passes the turn to Bo at 99, where your 3♠ would bring "
                                                        "it straight back to you",
        Why("ne_same", total=99, count=99): "every card you can play leaves the total at 99, and whoever plays "
                                            "next holds as many cards: any would do",
        Why("ne_same", total=60, count=50): "every card you can play takes the total to 60, and whoever plays "
                                            "next holds as many cards: any would do",
        Why("adds_least", total=98): "it adds least, leaving the most room under 98 for when your turn comes "
                                     "round again",
        Why("nn_lands", total=66, count=1): "it lands on 66: the others lose 1 chip each",
        Why("nn_lands", total=99, count=2): "it makes 99: you win the round, and the others lose 2 chips each "
                                            "(or all they have)",
        Why("nn_clear", total=30, count=30): "it leaves the total at 30 and costs you nothing, where a play to any "
                                             "other total would cost you chips",
        Why("nn_clear", total=40, count=30): "it takes the total to 40 and costs you nothing, where a play to any "
                                             "other total would cost you chips",
        Why("nn_least", total=68, count=1): "every play costs you chips, and this one fewest (1 chip)",
        Why("nn_least", total=101, count=2): "every play costs you chips, and this one fewest (2 chips)",
        Why("nn_next", seat=1, total=30, count=23): "at 30 fewer of the cards you cannot see would let Bo land on "
                                                    "33, 66 or 99 than at 23",
        # another total as good on this count (an ace as 1 where the hint plays it as 11)
        Why("nn_next", seat=1, total=31, count=23, also="21"): "at 31 (as at 21) fewer of the cards you cannot see "
                                                               "would let Bo land on 33, 66 or 99 than at 23",
        # the play to 93 would pass the turn to another seat (this one's 4 turns play round)
        Why("nn_next", seat=1, total=87, count=93, other=2): "at 87 fewer of the cards you cannot see would let Bo "
                                                             "land on 33, 66 or 99 than would let Cy at 93",
        Why("nn_costly", seat=1, total=93, count=5): "at 93, Bo would lose chips with 5 in 10 of the cards you "
                                                     "cannot see, however played",
        Why("nn_room", total=57): "the cards it leaves you can still be played without cost at more of the totals "
                                  "just above 57 than another play would leave you",
        Why("nn_total", total=92, count=0): "every card you can play takes the total to 92 and costs you nothing",
        Why("nn_total", total=70, count=1): "every card you can play takes the total to 70 and costs you 1 chip: "
                                            "none is cheaper",
        Why("nn_calm", total=10, count=0): "no play costs you a chip, and after none of them can whoever plays next "
                                           "land on 33, 66 or 99",
        Why("nn_calm", total=44, count=1): "it costs you nothing, and after no play that costs nothing can whoever "
                                           "plays next land on 33, 66 or 99",
        Why("nn_alike", total=101, count=2): "every play costs you 2 chips: none is cheaper",
        Why("nn_alike", total=40, count=1): "every play costs you 1 chip: none is cheaper",
        Why("nn_keeps", card="9S", total=20): "it keeps your 9♠, which adds nothing, for when a mark is near",
        Why("nn_keeps", card="TD", total=40): "it keeps your 10♦, which can take 10 off, for when a mark is near",
        Why("nn_keeps", card="4C", total=12): "it keeps your 4♣, which adds just 4, for when a mark is near",
        Why("nn_keeps", card="AH", total=12): "it keeps your A♥, which can add just 1, for when a mark is near",
        Why("nn_keeps", card="2C", total=40): "it keeps your 2♣, which halves an even total over 49, for when a mark "
                                              "is near",
    }
    for why, words in said.items():
        assert why_words(why, names, "two-colour") == words, why
    assert why_words(Why("unknown"), names, "two-colour") == "" and why_words(None, names, "two-colour") == ""
    assert why_words(Why("longest", suit="H", count=1), names, "ascii") == "H hearts is the suit you hold most of"
