"""Draw pressed while the key bar shows it dimmed says why, at the moment it is pressed:
ninety-nine 5.1 (the chance to draw after a play ends when the next seat plays) and a Crazy
Eights seat waiting for its turn. The refused key sends nothing and leaves the match as it was."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from core import new_match
from tui.drawchance import DrawChance, why_no_draw, why_no_pass

from .helpers import log_entries, make_app, notices, show_link, wait_for
from .matchlink import StepLink


def _manual_link() -> StepLink:
    """Ninety-Nine, manual draw, three seats: seed 0 lets seat 0 play, draw, and play again with
    no chip lost on the way (asserted where it matters)."""
    link = StepLink(new_match("ninety-nine", 3, preset="manual-draw", seed=0), seat=0, names=["Ana", "Bo", "Cy"])
    for _ in range(3):
        if link.match.current_seat == 0:
            break
        cur = link.match.current_seat
        link.match.apply(link.match.legal_actions(cur)[0], cur)
    assert link.match.current_seat == 0
    return link


async def _space(pilot: Any) -> None:
    await pilot.press("space")
    await pilot.pause()


MISSED = "You did not draw in time: you play on with a card fewer until the round ends."


def test_a_draw_kept_for_after_the_play_is_not_promised_where_the_play_leaves_none() -> None:
    """ninety-nine 5.1: Space before the card keeps the draw for after it; 3.4 and 4.1: a card
    that ends the round (to 99 or over) or takes this seat's last chip leaves no draw, and the
    words said it would come all the same (at 95 with K♠ Q♠ J♠, every play goes over 99)."""
    from tui.drawchance import DRAW_AFTER_PLAY, DRAW_UNLESS, NO_DRAW_AFTER, draw_kept

    view = {**new_match("ninety-nine", 3, preset="manual-draw", seed=0).view(0), "current_seat": 0}
    at = lambda total, hand, chips=3: draw_kept({  # noqa: E731
        **view, "total": total, "hand": hand, "legal": [*hand, "draw"],
        "status": [{**st, "chips": chips if i == 0 else 3} for i, st in enumerate(view["status"])]})
    assert at(10, ["5S", "9C"]) == DRAW_AFTER_PLAY
    assert at(95, ["KS", "QS", "JS"]) == NO_DRAW_AFTER  # 3.4: each goes over 99
    assert at(89, ["KS", "9C"]) == DRAW_UNLESS  # K to 99 ends the round; 9 adds nothing
    assert at(30, ["7S", "9C"], chips=1) == DRAW_UNLESS  # 7 passes 33: the last chip (4.1)
    assert at(30, ["7S", "5S"], chips=1) == NO_DRAW_AFTER


async def test_space_says_why_there_is_no_draw_at_each_moment_of_the_chance() -> None:
    """ninety-nine 5.1 / 5.2: before playing, Space says to play first, and draws once the play is
    in; after a play it draws;
    pressed again it says the draw is taken; after the next seat plays it says the chance
    ended and who ended it. A refused Space sends nothing and the match is unchanged. The log
    says so once when a chance goes by untaken, not when the draw was taken."""
    app = make_app()
    link = _manual_link()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)

        def missed() -> int:
            return [entry.plain for entry in screen._log.entries].count(MISSED)
        before = link.match.snapshot()
        await _space(pilot)
        assert notices(app)[-1] == "Your draw is kept: you draw as soon as you play a card."
        assert link.sent == [] and link.match.snapshot() == before

        # the Space is kept for the play: the draw goes as soon as the play is in
        await link.act(link.match.legal_actions(0)[0])
        await wait_for(pilot, lambda: link.sent[-1:] == ["draw"])
        # "Your draw is kept" is past once the play is in: it no longer stands over the draw
        await wait_for(pilot, lambda: "Your draw is kept: you draw as soon as you play a card." not in notices(app),
                       timeout=1.0)
        await _space(pilot)
        assert notices(app)[-1] == "You have drawn already: you may draw again after your next card."
        assert link.sent.count("draw") == 1

        for _ in range(3):
            if link.match.current_seat == 0:
                break
            link.step()
        assert missed() == 0  # the draw was taken
        await link.act(link.match.legal_actions(0)[0])
        assert screen.view["drawer"] == 0
        next_seat = link.match.current_seat
        link.step()  # the next seat plays: the chance Ana's card opened is gone
        await pilot.pause()
        assert screen.view["current_seat"] not in (0, next_seat) and screen.view["drawer"] != 0
        assert missed() == 1
        before = link.match.snapshot()
        await _space(pilot)
        assert notices(app)[-1] == f"Too late to draw: your chance ended when {link.names[next_seat]} played."
        assert link.sent.count("draw") == 1 and link.match.snapshot() == before
        link.step()
        await pilot.pause()
        assert missed() == 1  # said once


async def test_space_out_of_turn_in_crazy_eights_names_whose_turn_it_is() -> None:
    """crazy-eights 3.4: a seat draws on its own turn; Space out of turn names the seat whose
    turn it is and sends nothing."""
    app = make_app()
    link = StepLink(new_match("crazy-eights", 3, seed=4), seat=2, names=["Ana", "Bo", "Cy"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        current = screen.view["current_seat"]
        assert current != 2
        await _space(pilot)
        assert notices(app)[-1] == f"You cannot draw now: it is {['Ana', 'Bo', 'Cy'][current]}'s turn."
        assert link.sent == []


def test_the_chance_follows_the_seat_s_own_plays_and_draws() -> None:
    """ninety-nine 5.1: a play of its own opens the chance, its draw takes it, another seat's
    play ends it, and a new round starts with none."""
    chance = DrawChance()
    chance.see({"kind": "play", "seat": 1}, 0)
    assert chance.state == "none"
    chance.see({"kind": "play", "seat": 0}, 0)
    assert chance.state == "open"
    chance.see({"kind": "draw", "seat": 0}, 0)
    assert chance.state == "drawn"
    chance.see({"kind": "play", "seat": 1}, 0)
    assert chance.state == "drawn"  # taken, not missed
    chance.see({"kind": "play", "seat": 0}, 0)
    chance.see({"kind": "play", "seat": 2}, 0)
    assert (chance.state, chance.ended_by) == ("ended", 2)
    chance.see({"kind": "deal", "seat": 1}, 0)
    assert (chance.state, chance.ended_by) == ("none", None)


def test_each_reason_in_words() -> None:
    """The sentence for each state of the chance, and for a seat out of the match or watching."""
    names = ["Ana", "Bo", "Cy"]
    view = {"game": "ninety-nine", "seat": 0, "current_seat": 1, "legal": [], "status": [{}, {}, {}]}
    assert why_no_draw(view, names, DrawChance()) == "You may draw after each card you play, until the next seat plays."
    assert why_no_draw(view, names, DrawChance("open")) == "There is no card left to draw."
    assert why_no_draw(view, names, DrawChance("ended", 2)) == "Too late to draw: your chance ended when Cy played."
    assert why_no_draw({**view, "status": [{"out": True}, {}, {}]}, names, DrawChance()) == "You are out of this match."
    assert why_no_draw({**view, "seat": None}, names, DrawChance()) == "You are watching."
    assert why_no_draw({**view, "is_over": True}, names, DrawChance()) == "The match is over."


async def _draw_one_turn(app: Any, pilot: Any) -> tuple[Any, StepLink]:
    """Crazy Eights ``draw-one`` (max_draws 1), three seats, seat 0's turn, nothing drawn yet."""
    link = StepLink(new_match("crazy-eights", 3, preset="draw-one", seed=4), seat=0, names=["Ana", "Bo", "Cy"])
    for _ in range(6):
        if link.match.current_seat == 0:
            break
        cur = link.match.current_seat
        link.match.apply(link.match.legal_actions(cur)[0], cur)
    assert link.match.current_seat == 0
    screen = await show_link(app, pilot, link, first_plays=False)
    view = screen.view
    assert view["draws"] == 0 and view["can_draw"] and "pass" not in view["legal"]
    return screen, link


async def test_pass_and_draw_left_off_the_key_bar_say_why_in_crazy_eights() -> None:
    """crazy-eights 3.4: Pass is legal only once nothing more may be drawn this turn; with
    ``max_draws`` 1, Draw only until the one card is drawn. The bar leaves out the key that
    cannot be used, and that key, pressed, says why and sends nothing."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await _draw_one_turn(app, pilot)
        await pilot.press("p")
        await pilot.pause()
        # no card can be played here: drawing is the one thing to do, and the reason says only that
        assert not any(a != "draw" for a in screen.view["legal"])
        assert notices(app)[-1] == "You may pass once you have drawn 1 card this turn: draw (Space)."
        assert link.sent == []
        await _space(pilot)
        assert link.sent == ["draw"] and screen.view["draws"] == 1
        assert screen.view["current_seat"] == 0  # a draw leaves the turn on: play or pass
        await _space(pilot)
        playable = any(a not in ("draw", "pass") for a in screen.view["legal"])  # the card drawn
        assert notices(app)[-1] == ("You have drawn 1 card this turn, as many as this table allows: "
                                    f"{'play a card or ' if playable else ''}pass (P).")
        assert link.sent == ["draw"]
        await pilot.press("p")
        await pilot.pause()
        assert link.sent == ["draw", "pass"]


async def test_the_reasons_name_the_keys_as_moved(tmp_path: Path) -> None:
    """Draw moved to D and Pass to K: the reasons name those keys, and the keys left off the
    bar still answer to them (Space, no longer Draw's, does nothing)."""
    from tui.settings import Settings, save_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d", "table.pass": "k"}), path)
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, link = await _draw_one_turn(app, pilot)
        await pilot.press("k")
        await pilot.pause()
        assert notices(app)[-1] == "You may pass once you have drawn 1 card this turn: draw (D)."
        await _space(pilot)
        assert link.sent == []
        await pilot.press("d")
        await pilot.pause()
        assert link.sent == ["draw"] and screen.view["current_seat"] == 0
        await pilot.press("d")
        await pilot.pause()
        assert notices(app)[-1].endswith("pass (K).")


def test_why_no_pass_says_what_comes_first() -> None:
    """crazy-eights 3.4 (pass only once nothing more may be drawn) and 7.1 (a seat facing a 2's
    debt plays a 2 or takes the cards)."""
    names = ["Ana", "Bo", "Cy"]
    view = {"game": "crazy-eights", "seat": 0, "current_seat": 0, "status": [{}, {}, {}], "debt": 0,
            "max_draws": "unlimited", "draws": 3, "can_draw": True, "legal": ["draw", "7C"]}
    assert why_no_pass(view, names) == ("You may pass only once there is nothing left to draw: "
                                        "play a card or draw (Space).")
    # with no card to play, the reason names only the draw
    assert why_no_pass({**view, "legal": ["draw"]}, names) == ("You may pass only once there is nothing "
                                                                "left to draw: draw (Space).")
    assert why_no_pass({**view, "debt": 4}, names) == "You owe 4 cards for the 2s played: play a 2 or take them (Space)."
    assert why_no_pass({**view, "max_draws": 3, "draws": 1}, names) == (
        "You may pass once you have drawn 3 cards this turn: play a card or draw (Space).")
    assert why_no_pass({**view, "current_seat": 2}, names) == "You cannot pass now: it is Cy's turn."
    assert why_no_pass({**view, "seat": None}, names) == "You are watching."
    assert why_no_draw({**view, "can_draw": False}, names, DrawChance()) == (
        "There is no card left to draw: play a card or pass (P).")
    assert why_no_draw({**view, "can_draw": False, "legal": ["pass"]}, names, DrawChance()) == (
        "There is no card left to draw: pass (P).")


async def test_a_missed_draw_is_said_after_what_the_card_that_ended_it_did() -> None:
    """ninety-nine 5.2 with 3.x's 4 (play reverses): the next seat ends the chance with a 4, and
    the log reads that play, its reverse right under the card (as every 4's does), then the
    chance gone, not the chance gone between the card and what it did."""
    app = make_app()
    link = StepLink(new_match("ninety-nine", 3, preset="manual-draw", seed=9), seat=0, names=["Ana", "Bo", "Cy"])
    assert link.match.current_seat == 0
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_link(app, pilot, link, first_plays=False)
        await link.act("5C")  # and Space left alone
        await pilot.pause()
        assert screen.view["drawer"] == 0
        link.show(link.match.apply("4H", 1))
        await pilot.pause()
        log = log_entries(screen)
        at = next(i for i, line in enumerate(log) if line.startswith("Bo plays 4♥"))
        assert "reverse" in log[at + 1] and log[at + 2] == MISSED, log[at - 1:]
        assert log.count(MISSED) == 1
