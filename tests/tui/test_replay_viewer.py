"""The replay viewer (``dealmein replay FILE --show``) as a player sees it in an 80x24 terminal:
the verdict and the step always in sight, a failed replay's reason in full, the rules of the
logged game on F2, the players' names, the table's card and suit labels, and the replay's own
keys on F1."""
from __future__ import annotations

import argparse
import json
import random

import pytest
from pathlib import Path

from core import new_match
from net.matchlog import MatchLog
from tui.cardface import card_label, suit_label
from tui.screens.help import HelpScreen
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen

from .helpers import make_app

#: a file name as long as the host's logs have (about 61 characters)
LONG_NAME = "dealmein-crazy-eights-2025-03-14T21-07-55-seed-8812734-a1b2.jsonl"


def write_log(path: Path, game: str = "crazy-eights", seed: int = 4, actions: int = 12,
              names: list[str] | None = None, preset: str = "standard",
              options: dict | None = None, players: int = 3) -> list[tuple[int, str]]:
    """A real match's log (at most ``actions`` of it); returns the (seat, action) pairs it holds."""
    m = new_match(game, players, preset, options or {}, seed=seed)
    log = MatchLog(path, app_version="t", game=game, players=players, preset=preset, options=m.options,
                   seed=seed, names=names)
    rng = random.Random(seed)
    done = []
    for _ in range(actions):
        if m.is_over:
            break
        legal = [str(a) for a in m.legal_actions()]
        plays = [a for a in legal if a not in ("draw", "pass")]
        # as players do: a card where one fits, a draw (a search of the stock) where none does
        seat, action = m.current_seat, rng.choice(plays or legal)
        m.apply(action, seat)
        log.action(seat, action, m)
        done.append((seat, action))
    log.close()
    return done


def step_showing(screen: ReplayScreen, action: int) -> int:
    """The replay's step that shows the log's ``action``-th action (0: the deal)."""
    return next(i for i, step in enumerate(screen.shown) if step.first <= action <= step.last)


def shown(app) -> list[str]:
    """The lines the terminal shows, as plain text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def replay_app(path: Path):
    return make_app(args=argparse.Namespace(command="replay", file=str(path), show=True, no_mdns=True))


async def test_the_verdict_and_the_step_show_at_80_columns_with_a_long_file_name(tmp_path):
    path = tmp_path / LONG_NAME
    write_log(path)
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        for _ in range(3):
            await pilot.press("right")
        await pilot.pause()
        head = shown(app)[0]
        assert "reproduces its match" in head and f"step 3 of {app.screen.steps - 1}" in head
        assert "dealmein-crazy" in head and "…" in head  # the name, cut short with an ellipsis
        assert str(tmp_path) not in head


def tamper(path: Path, line: int, **changes) -> None:
    lines = path.read_text().splitlines()
    record = json.loads(lines[line - 1])
    record.update(changes)
    lines[line - 1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")


async def test_a_failed_replays_reason_shows_in_full_at_80_columns(tmp_path):
    path = tmp_path / LONG_NAME
    write_log(path)
    tamper(path, 6, action="QS", seat=2)  # a card the seat does not hold, out of turn
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        error = screen.result.error
        # the log's seat 2 is the third seat, as everything a player reads numbers it
        assert error.startswith("line 6: action 'QS' by seat 3 refused: ")
        lines = shown(app)
        assert "does not reproduce" in lines[0] and f"step 0 of {screen.steps - 1}" in lines[0]
        # the whole reason is on screen, wrapped over as many lines as it needs
        words = " ".join(" ".join(lines).split())
        assert error in words
        await pilot.press("end")  # and it stays in sight at every step
        await pilot.pause()
        lines = shown(app)
        assert f"step {screen.steps - 1} of {screen.steps - 1}" in lines[0]
        assert error in " ".join(" ".join(lines).split())


async def test_f2_opens_the_rules_of_the_logged_game_and_table(tmp_path):
    path = tmp_path / "match.jsonl"
    write_log(path, options={"last_card": "off"})
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("f2")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game == "crazy-eights"
        assert rules.table["game"] == "crazy-eights" and rules.table["seats"] == 3
        assert rules.table["preset"] == "standard" and rules.table["options"]["last_card"] == "off"


async def test_the_players_names_from_the_log_are_used_as_plain_text(tmp_path):
    path = tmp_path / "match.jsonl"
    names = ["Ana", "[b]Bea[/b]", "Cy\x1b[31m"]
    done = write_log(path, names=names)
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        text = "\n".join(shown(app))
        assert "Seat " not in text
        assert "Ana" in text and "[b]Bea[/b]" in text and "Cy[31m" in text and "\x1b" not in text
        seat = done[0][0]
        assert f"{['Ana', '[b]Bea[/b]', 'Cy[31m'][seat]}: " in text  # who made the step's move


def _first(done: list[tuple[int, str]], want) -> int:
    return next(i for i, (_, action) in enumerate(done) if want(action)) + 1


async def test_cards_and_suits_read_as_the_table_writes_them(tmp_path):
    path = tmp_path / "match.jsonl"
    done = write_log(path, seed=3, names=["Ana", "Bea", "Cy"])
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.card_style != "ascii"
        step = _first(done, lambda a: len(a) == 2)  # a plain card played
        await pilot.press(*["right"] * step_showing(screen, step))
        await pilot.pause()
        text = "\n".join(shown(app))
        m = screen.result.history[step].match
        seat, action = done[step - 1]
        assert f"{['Ana', 'Bea', 'Cy'][seat]}: {card_label(action)}" in text
        assert f"suit to follow {suit_label(m.suit)}" in text
        for _ in range(5):  # round the card styles to the ascii one: letters
            if app.card_style == "ascii":
                break
            await pilot.press("f4")
            await pilot.pause()
        text = "\n".join(shown(app))
        assert f"{['Ana', 'Bea', 'Cy'][seat]}: {card_label(action, 'ascii')}" in text
        assert f"suit to follow {suit_label(m.suit, 'ascii')}" in text
        assert not any(glyph in text for glyph in "\u2660\u2665\u2666\u2663")


async def test_a_wild_eights_named_suit_reads_as_a_suit(tmp_path):
    path = tmp_path / "match.jsonl"
    done = write_log(path, names=["Ana", "Bea", "Cy"])
    step = _first(done, lambda a: "=" in a)
    seat, action = done[step - 1]
    card, suit = action.rstrip("!").split("=")
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * step_showing(app.screen, step))
        await pilot.pause()
        text = "\n".join(shown(app))
        assert f"{['Ana', 'Bea', 'Cy'][seat]}: {card_label(card)}, naming {suit_label(suit)}" in text
        assert action not in text


async def test_the_step_keys_work_when_a_step_is_taller_than_the_screen(tmp_path):
    """Eight seats at the end of a match fill more than 80x24: the scrolling hands, which
    have the focus, must not take Home, End, the page keys or the side arrows."""
    path = tmp_path / "match.jsonl"
    done = write_log(path, game="ninety-eight", seed=5, actions=1000, players=8,
                     names=[f"P{i}" for i in range(8)])
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        # a step a move, and one for each deal after the first (a hand ended by a move shows as it ended)
        deals = sum(e["kind"] == "deal" for step in screen.result.history[1:] for e in step.events)
        assert deals and screen.steps == len(done) + deals + 1
        last = screen.steps - 1
        await pilot.press("end")
        await pilot.pause()
        assert f"step {last} of {last}" in shown(app)[0]
        assert screen.query_one("#replay-body").max_scroll_y > 0  # this step is taller
        await pilot.press("left")
        await pilot.pause()
        assert f"step {last - 1} of {last}" in shown(app)[0]
        await pilot.press("end", "pageup")
        await pilot.pause()
        assert f"step {last - 10} of {last}" in shown(app)[0]
        await pilot.press("end", "home")
        await pilot.pause()
        assert f"step 0 of {last}" in shown(app)[0]
        footer = shown(app)[-1]
        assert "Next" in footer and "Back" in footer and "Rules" in footer  # the key bar fits


async def test_f1_from_the_replay_lists_the_replays_keys(tmp_path):
    path = tmp_path / "match.jsonl"
    write_log(path)
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert list(app.screen.sections)[0] == "Replay"
        assert "At the table" not in app.screen.sections
        text = "\n".join(shown(app))
        assert "Replay" in text and "Next" in text and "10 steps back" in text
        assert "PgDn" in text and "Home" in text
        assert "last card!" not in text  # the table's keys are not the replay's
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)



@pytest.mark.parametrize("game,preset,players,kinds,told", [
    # ninety-eight 7.2: partners go out of the hand together, as the table's log says
    ("ninety-eight", "teams", 4, ("eliminated", "eliminated"), "goes out of the hand with"),
    # ninety-nine 3.4: the round ends on the seat that went over 99, named
    ("ninety-nine", "standard", 3, ("over", "round_over"), "took the total past 99"),
])
async def test_a_steps_events_read_as_the_tables_log_reads_them(tmp_path, game, preset, players, kinds, told):
    path = tmp_path / "match.jsonl"
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    write_log(path, game=game, seed=1, actions=400, names=names, preset=preset, players=players)
    app = replay_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        def holds(events: list[dict]) -> bool:  # ``kinds`` in this order, others between
            rest = iter(e.get("kind") for e in events)
            return all(kind in rest for kind in kinds)

        steps = [i for i in range(1, len(screen.result.history)) if holds(screen.result.history[i].events)]
        assert steps, f"no step of {kinds} in this log"
        screen.action_go(step_showing(screen, steps[0]))
        await pilot.pause()
        text = str(screen.query_one("#replay-events").render())
        assert told in text, text
        assert "cannot play at 98 and is out of the hand\n  Cat cannot" not in text


async def test_a_debt_taken_reads_as_one_line_as_at_the_table(tmp_path):
    """crazy-eights 7.1: a seat that takes a 2's cards draws them and pays the debt in one
    action; the step says it in the table log's one line ("takes the 2 cards owed: ...", the
    cards face up), not a draw line with a paid line under it."""
    path = tmp_path / "match.jsonl"
    write_log(path, seed=2, actions=600, names=["Ann", "Bob", "Cat"], preset="specials")
    app = replay_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        steps = [i for i in range(1, screen.steps)
                 if any(e.get("kind") == "debt_paid" and e.get("drawn") == e.get("debt") == 2
                        for e in screen.result.history[i].events)]
        assert steps, "no debt of 2 taken in this log"
        step = screen.result.history[steps[0]]
        drawn = next(e for e in step.events if e.get("kind") == "draw")
        name = ["Ann", "Bob", "Cat"][drawn["seat"]]
        screen.action_go(step_showing(screen, steps[0]))
        await pilot.pause()
        text = str(screen.query_one("#replay-events").render())
        cards = ", ".join(card_label(c, "two-colour") for c in drawn["cards"])
        assert f"{name} takes the 2 cards owed: {cards}" in text, text
        assert "has paid" not in text and f"{name} draws" not in text, text


async def test_countdown_steps_show_the_count_and_no_unused_score(tmp_path):
    """crazy-eights 6.2: Countdown keeps no points; its seats show their count, as the table does."""
    path = tmp_path / "match.jsonl"
    write_log(path, seed=1, actions=6, preset="countdown", players=2, names=["Ann", "Bob"])
    app = replay_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        hands = str(app.screen.query_one("#replay-hands").render())
        assert "count 8" in hands and "score" not in hands, hands


async def test_a_seat_out_of_the_hand_reads_apart_from_its_standing(tmp_path):
    """ninety-eight 5.1 and 6.2: a seat out of the hand shows its standing, then that it is out,
    apart ("penalties 1, lives 2 · out of this hand", not run together)."""
    path = tmp_path / "match.jsonl"
    write_log(path, game="ninety-eight", seed=3, actions=400, players=3, names=["Ann", "Bob", "Cy"])
    app = replay_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):  # bounded: to the first step where a seat is out of the hand or match
            hands = str(app.screen.query_one("#replay-hands").render())
            if " · out of" in hands:
                break
            await pilot.press("right")
            await pilot.pause()
        assert " · out of" in hands, hands
        assert "lives" in hands and not any(f"{n} out of" in hands for n in range(10)), hands


async def test_a_seats_hand_standing_and_state_are_joined_alike(tmp_path):
    """A seat's row keeps its hand, its standing and its state apart by the one separator:
    "(no cards) · penalties 3, lives 0 · out of the match", not the hand and the standing
    run together by spaces ("(no cards)   penalties 3")."""
    path = tmp_path / "match.jsonl"
    write_log(path, game="ninety-eight", seed=3, actions=400, players=3, names=["Ann", "Bob", "Cy"])
    app = replay_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")  # the match over: two seats out, the winner still holding cards
        await pilot.pause()
        hands = str(app.screen.query_one("#replay-hands").render()).splitlines()
        rows = [line[2:] for line in hands if line[2:].startswith(("Ann ", "Bob ", "Cy "))]
        assert rows[0] == "Ann  (no cards) · penalties 3, lives 0 · out of the match", hands
        assert rows[2] == "Cy   (no cards) · penalties 3, lives 0 · out of the match", hands
        assert rows[1].startswith("Bob  ") and rows[1].endswith(" · penalties 2, lives 1"), hands
        assert "   " not in rows[1], hands  # the cards, then the standing: no gap of spaces
        # the last step says what decided the match, as the table's log does under "Match over"
        events = str(app.screen.query_one("#replay-events").render()).splitlines()
        over = [i for i, line in enumerate(events) if line.strip().startswith("Match over:")]
        assert over and events[over[-1] + 1].strip() == "Bob is the last player with lives left.", events


async def test_a_teams_match_names_the_partners(tmp_path):
    """ninety-eight 7.2: a replayed match for teams says who partners whom, as the table did;
    a match without teams says nothing of partners."""
    path = tmp_path / "pairs.jsonl"
    write_log(path, game="ninety-eight", preset="teams", players=4, names=["Ana", "Bea", "Cy", "Dee"])
    alone = tmp_path / "alone.jsonl"
    write_log(alone, game="ninety-eight", players=4, names=["Ana", "Bea", "Cy", "Dee"])
    for log, partners in ((path, ["Partners: Ana and Cy; Bea and Dee"]), (alone, [])):
        app = replay_app(log)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            assert [line.strip() for line in shown(app) if "Partners" in line] == partners


async def test_a_log_that_ends_before_its_match_says_so_and_where(tmp_path):
    """A log cut off in play (a table closed or stopped mid-match) reproduces as far as it goes:
    the head says so, a note above the hands says why there is no end to step to (not as an
    error), and the last step's key says the log ends there."""
    from tests.tui.helpers import notices, wait_for

    path = tmp_path / "cut.jsonl"
    write_log(path, actions=12)  # twelve moves of a match that goes on
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.result.ok and screen.result.cut_short
        assert "reproduces its match as far as it goes" in shown(app)[0]
        note = screen.query_one("#replay-problem")
        assert note.display and note.has_class("-note")
        assert "The log ends before the match does" in " ".join(" ".join(shown(app)).split())
        await pilot.press("end", "right")
        await wait_for(pilot, lambda: "This is the last step: the log ends here, before the match does."
                       in notices(app))


async def test_a_log_cut_off_mid_line_is_shown_as_far_as_it_goes(tmp_path):
    """A crash as a line was written leaves its start alone: the replay shows the moves before
    it, and its note says the last line was left out (it opened on "does not reproduce")."""
    path = tmp_path / "torn.jsonl"
    write_log(path, actions=12)
    whole = path.read_text()
    path.write_text(whole + whole.splitlines()[-1][:30])  # a 13th line begun
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.result.ok and screen.result.torn
        assert "reproduces its match as far as it goes" in shown(app)[0]
        words = " ".join(" ".join(shown(app)).split())
        assert "its last line was cut off as it was written, and is left out." in words
        assert screen.result.actions == len(whole.splitlines()) - 1  # every whole move the log has


async def test_a_wrapped_line_hangs_under_its_own_text(tmp_path):
    """At 60 columns the cut's line wraps: it went on two cells left of where it began (the
    event lines stand two cells in, their wrapped part did not), and a seat's long hand went on
    under the seat's marker. Each line's wrapped part now starts where its own text does: an
    event's under the event, a hand's under the hand's first card."""
    path = tmp_path / "match.jsonl"
    write_log(path, seed=5, actions=400, players=2, names=["Bartholomew Long", "Easy bot"])
    app = replay_app(path)
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = shown(app)
        cut = next(i for i, line in enumerate(lines) if "The cut for the first deal" in line)
        text = lines[cut].index("The cut")
        rest = lines[cut + 1]
        assert rest[:text].strip() == "" and rest[text] != " " and "Easy bot" in lines[cut] + rest, lines
        # a step where a seat holds a hand too long for one line (it searched the stock)
        at = next(i for i, step in enumerate(screen.shown)
                  if max(len(step.match.hand(seat)) for seat in range(2)) >= 14)
        screen.action_go(at)
        await pilot.pause()
        lines = shown(app)
        seat = max(range(2), key=lambda s: len(screen.shown[at].match.hand(s)))
        name = ["Bartholomew Long", "Easy bot"][seat]
        row = next(i for i, line in enumerate(lines) if line.lstrip(" ▶").startswith(name + " "))
        first = card_label(screen.shown[at].match.hand(seat)[0])
        cards = lines[row].index(first, lines[row].index(name) + len(name))
        assert lines[row + 1][:cards].strip() == "" and lines[row + 1][cards] != " ", lines[row:row + 2]


async def test_the_step_of_a_hands_last_move_shows_that_hand_and_the_deal_after_it_comes_next(tmp_path):
    """V on a solo match's results, then → to the end: the last step, "You play A♣ as +1: 98",
    read "total 0   stock 25   top -" (the engine sets the pile aside as the hand ends, 5.1),
    and a hand's last move in mid-match showed the next deal. Each shows the position its move
    made, and the next hand's deal is the step after it."""
    path = tmp_path / "match.jsonl"
    done = write_log(path, game="ninety-eight", seed=3, actions=1000, players=2, names=["Ann", "Bob"])
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.result.match.is_over and len(done) == len(screen.result.history) - 1

        def last_play(step: int) -> dict:
            return [e for e in screen.result.history[step].events if e["kind"] == "play"][-1]

        await pilot.press("end")
        await pilot.pause()
        play = last_play(-1)
        title = shown(app)[2]
        assert f"total {play['total']}   " in title and title.rstrip().endswith(f"top {card_label(play['card'])}"), title
        assert "Match over:" in "\n".join(shown(app))
        # a hand that ended in mid-match: its last move's step shows hand 1, the next step deals hand 2
        end = next(i for i, step in enumerate(screen.shown) if any(e["kind"] == "hand_over" for e in step.events))
        screen.action_go(end)
        await pilot.pause()
        play, lines = last_play(screen.shown[end].first), shown(app)
        assert ", hand 1, " in lines[2] and f"total {play['total']}" in lines[2], lines
        assert lines[2].rstrip().endswith(f"top {card_label(play['card'])}") and "▶" not in "\n".join(lines), lines
        await pilot.press("right")
        await pilot.pause()
        lines = shown(app)
        assert ", hand 2, " in lines[2] and "total 0" in lines[2] and "deals hand 2" in "\n".join(lines), lines
        hands = str(screen.query_one("#replay-hands").render())
        for seat, name in enumerate(["Ann", "Bob"]):
            assert " ".join(card_label(c) for c in screen.shown[end + 1].match.hand(seat)) in hands
