"""Ninety-Nine's 2 (rules section 2: it halves an even total above 49, else doubles it) is told
in the log as what it did, "plays 2♣ (halves): 29": the play event carries the total after only,
and 34 can come from 17 doubled or from 68 halved."""
from __future__ import annotations

from pathlib import Path

from core import new_match
from core.cards import CARD_STR
from tui.eventtext import describe, two_effect, with_total_before
from tui.screens.replay import ReplayScreen

from .helpers import log_entries, make_app, show_link
from .matchlink import MatchLink
from .test_replay_viewer import replay_app, write_log

NAMES = ["You", "Bob"]


def two(total: int, seat: int = 1, card: str = "2C") -> dict[str, object]:
    return {"kind": "play", "seat": seat, "card": card, "action": card, "total": total}


def test_the_same_total_reads_as_doubled_or_halved_by_where_it_came_from() -> None:
    """Section 2: 17 doubles to 34; 68 (even, above 49) halves to 34."""
    assert describe(with_total_before(two(34), 17), NAMES, game="ninety-nine") == "Bob plays 2♣ (doubles): 34"
    assert describe(with_total_before(two(34), 68), NAMES, game="ninety-nine") == "Bob plays 2♣ (halves): 34"


def test_the_edges_of_the_halving_rule() -> None:
    """Section 2: 50 is even and above 49 (halves); 51 is odd and 48 not above 49 (double);
    0 doubled is 0; section 3.3's example, 53 doubled to 106, keeps its total over 99."""
    assert two_effect({**two(25), "from": 50}, "ninety-nine") == "halves"
    assert two_effect({**two(102), "from": 51}, "ninety-nine") == "doubles"
    assert two_effect({**two(96), "from": 48}, "ninety-nine") == "doubles"
    assert two_effect({**two(0), "from": 0}, "ninety-nine") == "doubles"
    assert describe(with_total_before(two(106, seat=0), 53), NAMES, game="ninety-nine") == "You play 2♣ (doubles): 106"


def test_nothing_is_said_where_the_total_before_is_unknown_or_disagrees() -> None:
    """No word rather than a wrong one: a total before that does not lead to the total after
    (a stale one) says nothing, nor does a 2 in another game or any other card."""
    assert describe(two(34), NAMES, game="ninety-nine") == "Bob plays 2♣: 34"
    assert two_effect({**two(34), "from": 20}, "ninety-nine") == ""
    assert two_effect({**two(0), "from": 106}, "ninety-nine") == ""
    assert two_effect({**two(34), "from": 17}, "ninety-eight") == ""
    assert two_effect({**two(34, card="9C"), "from": 34}, "ninety-nine") == ""
    assert with_total_before({"kind": "draw", "seat": 1, "count": 1}, 17) == {"kind": "draw", "seat": 1, "count": 1}


def deck(first: list[str]) -> list[str]:
    """``first`` on top, then the rest of the 52 cards."""
    return [*first, *(c for c in CARD_STR[:52] if c not in first)]


async def test_the_table_log_says_what_each_2_did() -> None:
    """A round played on the table screen: Bob's three 2s double 7 to 14, double 24 to 48 and
    halve 58 to 29 (section 2), and the log says so of each."""
    # the seat after the dealer (1) plays first: Ana 7♣ K♠ Q♥, Bob 2♣ 2♦ 2♥; the stock refills
    # Ana with 3♣ and 4♦, Bob with 2♠
    cards = deck(["7C", "2C", "KS", "2D", "QH", "2H", "3C", "2S", "4D", "5D"])
    link = MatchLink(new_match("ninety-nine", 2, deck=cards, dealer=1, seed=1), 0, ["Ana", "Bob"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_link(app, pilot, link)
        for card in ("7C", "KS", "QH"):
            await link.act(card)
            await pilot.pause()
        plays = [line for line in log_entries(screen) if " plays " in line]
        assert plays[:6] == ["Ana plays 7♣: 7", "Bob plays 2♣ (doubles): 14", "Ana plays K♠: 24",
                             "Bob plays 2♦ (doubles): 48", "Ana plays Q♥: 58", "Bob plays 2♥ (halves): 29"], plays
        await app.action_quit()


async def test_the_replay_says_what_each_2_did(tmp_path: Path) -> None:
    """A Ninety-Nine match's log replayed: each step where a 2 is played after another card of
    its round says "(doubles)" or "(halves)" as section 2 has it for the total before."""
    path = tmp_path / "match.jsonl"
    write_log(path, game="ninety-nine", seed=3, actions=150)
    app = replay_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        checked = 0
        for i in range(1, screen.steps):
            before, step = screen.shown[i - 1], screen.shown[i]
            plays = [e for e in step.events if e.get("kind") == "play"]
            if len(plays) != 1 or not str(plays[0]["card"]).startswith("2") \
                    or any(e.get("kind") == "deal" for e in step.events) or before.position.view["total"] in (None, 0):
                continue
            o = before.position.view["total"]
            if o > 99:  # the round before ended there: the 2 starts the next
                continue
            word = "halves" if o % 2 == 0 and o > 49 else "doubles"
            screen.action_go(i)
            await pilot.pause()
            text = str(screen.query_one("#replay-events").render())
            assert f"({word}): {plays[0]['total']}" in text, (o, text)
            checked += 1
        assert checked >= 2, "the log holds too few 2s played mid-round"
        await app.action_quit()
