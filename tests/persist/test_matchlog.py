"""Match logs and replay (issue: Nothing lost, "Match logs and replay")."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core import GAMES, new_match
from net.matchlog import MatchLog, replay, state_digest
from net.paths import atomic_write


def play_logged(path: Path, game: str, seed: int, players: int = 4, names: list[str] | None = None) -> list[int]:
    preset = "standard"
    m = new_match(game, players, preset, seed=seed)
    log = MatchLog(path, app_version="test", game=game, players=players, preset=preset,
                   options=m.options, seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(20000):
        if m.is_over:
            break
        seat = m.current_seat
        action = str(rng.choice(m.legal_actions()))
        m.apply(action, seat)
        log.action(seat, action, m)
    assert m.is_over
    log.finish(m)
    log.close()
    return m.winners


@pytest.mark.parametrize("game", sorted(GAMES))
def test_logged_match_replays_exactly(tmp_path, game):
    path = tmp_path / f"{game}.jsonl"
    winners = play_logged(path, game, seed=11)
    result = replay(path)
    assert result.ok, result.error
    assert result.match is not None and result.match.is_over
    assert result.match.winners == winners
    lines = path.read_text().splitlines()
    assert result.actions == len(lines) - 2
    header = json.loads(lines[0])
    assert header["game"] == game and header["seed"] == 11


def tamper(path: Path, line: int, change) -> None:
    lines = path.read_text().splitlines()
    record = json.loads(lines[line])
    change(record)
    lines[line] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")


def test_tampered_action_is_detected(tmp_path):
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5)
    lines = path.read_text().splitlines()
    # find an action line and swap its action for another legal-looking one of the same seat
    m = new_match("ninety-eight", 4, seed=5)
    for i, raw in enumerate(lines[1:], start=1):
        rec = json.loads(raw)
        if "action" not in rec:
            break
        alternatives = [str(a) for a in m.legal_actions() if str(a) != rec["action"]]
        if alternatives:
            tamper(path, i, lambda r: r.update(action=alternatives[0]))
            break
        m.apply(rec["action"], rec["seat"])
    result = replay(path)
    assert not result.ok
    assert result.line == i + 1  # lines are numbered from 1
    assert "differs" in result.error or "refused" in result.error


def test_tampered_winners_and_seed_are_detected(tmp_path):
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=6)
    tamper(path, -1, lambda r: r.update(winners=[9]))
    assert not replay(path).ok
    path2 = tmp_path / "log2.jsonl"
    play_logged(path2, "ninety-eight", seed=6)
    tamper(path2, 0, lambda r: r.update(seed=7))
    result = replay(path2)
    assert not result.ok and result.line is not None and result.line >= 2


def test_garbled_log_is_a_clear_error(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("not json\n")
    result = replay(path)
    assert not result.ok and result.line == 1 and "header" in result.error
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert not replay(empty).ok
    assert not replay(tmp_path / "missing.jsonl").ok


def test_replay_command_exit_status(tmp_path):
    good = tmp_path / "good.jsonl"
    winners = play_logged(good, "ninety-eight", seed=3, names=["Ana", "", "Bo", "Cy"])
    run = subprocess.run([sys.executable, "-m", "tui", "replay", str(good)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "reproduces" in run.stdout
    named = {0: "Ana (seat 1)", 1: "seat 2", 2: "Bo (seat 3)", 3: "Cy (seat 4)"}  # as the host's log names them
    assert f"(winners: {' and '.join(named[w] for w in winners)})" in run.stdout, run.stdout
    tamper(good, 3, lambda r: r.update(state="0" * 16))
    run = subprocess.run([sys.executable, "-m", "tui", "replay", str(good)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "line 4" in run.stdout + run.stderr


def test_digest_tracks_state():
    m = new_match("ninety-eight", 3, seed=1)
    before = state_digest(m)
    assert state_digest(m) == before
    m.apply(m.legal_actions()[0])
    assert state_digest(m) != before


def test_atomic_write_replaces_whole_file(tmp_path):
    target = tmp_path / "sub" / "save.bin"
    atomic_write(target, b"one")
    atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    assert [p.name for p in target.parent.iterdir()] == ["save.bin"]  # no temporary left behind


def test_a_log_of_a_keyed_seed_says_its_format(tmp_path):
    """A log whose seed deals with the keyed generator (2**64 and up) is format 2, so that an
    app from before that generator says it cannot read it rather than that the match differs
    from it; a smaller seed's log stays format 1, which every app replays. Both replay here; a
    format this app does not know is refused by name."""
    from core.keyed_random import fresh_seed

    for seed, form in ((fresh_seed(), 2), (11, 1)):
        path = tmp_path / f"{form}.jsonl"
        winners = play_logged(path, "crazy-eights", seed=seed)
        assert json.loads(path.read_text().splitlines()[0])["format"] == form
        result = replay(path)
        assert result.ok and result.match is not None and result.match.winners == winners
    tamper(path, 0, lambda r: r.update(format=3))
    bad = replay(path)
    assert not bad.ok and "log format 3 is not one this app reads" in str(bad.error)


def test_replay_names_a_repeated_name_as_the_app_and_the_hosts_log_do():
    """Three bots of one level are "Normal bot", "Normal bot 2" and "Normal bot 3" at the table
    and in the host's log; the replay's line names the winner the same way."""
    from tui.cmdline import winners_text

    names = ["Ana", "Normal bot", "Normal bot", "Normal bot"]
    assert winners_text([2], names) == "Normal bot 2 (seat 3)"
    assert winners_text([1, 3], names) == "Normal bot (seat 2) and Normal bot 3 (seat 4)"
    assert winners_text([0], ["Ana", ""]) == "Ana (seat 1)"
    assert winners_text([], names) == "none yet"


def test_a_file_that_is_not_a_match_log_is_told_in_words_not_in_a_parsers_message(tmp_path):
    """``dealmein replay`` on the wrong file says what is wrong with it, not Python's reason."""
    cases = {"not json\n": "not JSON", "[1, 2]\n": "not a record of fields",
             '{"entries": []}\n': "names no log format", '{"format": 99}\n': "format 99 is not one this app reads",
             '{"format": 2, "game": "ninety-eight"}\n': "has no 'players'",
             '{"format": 2, "game": "poker", "players": 4, "options": {}, "seed": 1}\n': "not a table this app can deal"}
    for i, (text, words) in enumerate(cases.items()):
        path = tmp_path / f"wrong{i}.jsonl"
        path.write_text(text)
        result = replay(path)
        assert not result.ok and result.line == 1 and "header" in result.error and words in result.error, result.error
        assert "Expecting" not in result.error and "None" not in result.error


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hand_so_far_read_back_is_the_current_hand_as_each_seat_saw_it(tmp_path, game):
    """What a table resumed in mid-hand reads back from its log (``hand_so_far``) and sends a
    connection that comes in (``HandSoFar.told``): the events since the latest deal, each as
    ``Event.for_seat`` gives that seat (the other hands' cards hidden as they were), the same
    as the seat was sent as the match went."""
    from net.matchlog import hand_so_far

    def told_since_deal(path: Any, seat: int | None, actions: int | None = None) -> list[dict[str, Any]] | None:
        hand = hand_so_far(path, actions)
        return None if hand is None else [e for move in hand.told(seat) for e in move["events"]]

    path = tmp_path / f"{game}.jsonl"
    m = new_match(game, 3, "standard", seed=7)
    log = MatchLog(path, app_version="test", game=game, players=3, preset="standard", options=m.options, seed=7)
    rng = random.Random(7)
    sent = {seat: [e.for_seat(seat) for e in m.start_events] for seat in (0, 1, None)}
    for _ in range(400):  # bounded: stop mid-match, in a later hand than the first where there is one
        if m.is_over:
            break
        seat = m.current_seat
        action = str(rng.choice(m.legal_actions()))
        events = m.apply(action, seat)
        log.action(seat, action, m)
        for who in sent:
            if any(e.kind == "deal" for e in events):
                sent[who] = []
            sent[who] += [e.for_seat(who) for e in events]
    log.close()
    for who, expected in sent.items():
        told = told_since_deal(path, who)
        # from the latest deal on (a deal within the last action's events starts it afresh)
        start = max((i for i, e in enumerate(expected) if e.get("kind") == "deal"), default=0)
        assert told is not None and told[-len(expected[start:]):] == expected[start:], (who, told[:3])
        # from the move that dealt it (how the hand before ended with it) or the first cut
        hand = hand_so_far(path)
        assert hand is not None and any(e.kind in ("cut", "deal") for e in hand._moves[0][1])
    mine, theirs = told_since_deal(path, 0), told_since_deal(path, 1)
    assert mine is not None and theirs is not None
    assert any(a != b for a, b in zip(mine, theirs)) or not any(e.get("cards") for e in mine)
    # as far as a view's version: the moves the log holds beyond it are left to come as events
    upto = told_since_deal(path, 0, m.version - 1)
    assert upto is not None and upto == mine[:len(upto)] and len(upto) < len(mine)
    (tmp_path / "broken.jsonl").write_text(path.read_text().replace('"action"', '"acton"', 1))
    assert told_since_deal(tmp_path / "broken.jsonl", 0) is None


def test_a_move_a_bot_made_for_its_player_is_marked_in_the_log_and_read_back_so(tmp_path):
    """docs/protocol.md (match logs): an action a bot made for its player (a stand-in, the turn
    clock) is logged with ``"bot": true``; the hand so far a resumed table reads back from the
    log marks it as the table did, and the log still replays."""
    from net.matchlog import hand_so_far

    path = tmp_path / "bot.jsonl"
    m = new_match("crazy-eights", 2, "standard", seed=3)
    log = MatchLog(path, app_version="test", game="crazy-eights", players=2, preset="standard",
                   options=m.options, seed=3)
    by_bot: list[int] = []
    for n in range(6):  # bounded: a few moves of the first hand, every other one a bot's for seat 1
        seat = m.current_seat
        action = str(m.legal_actions()[0])
        m.apply(action, seat)
        bot = seat == 1
        log.action(seat, action, m, for_player=bot)
        if bot:
            by_bot.append(m.version)
    log.close()
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert [line.get("bot", False) for line in lines] == [line["seat"] == 1 for line in lines]
    assert replay(path).ok
    hand = hand_so_far(path)
    assert hand is not None
    marked = [move["version"] for move in hand.told(0) if move.get("bot")]
    assert by_bot and len(marked) == len(by_bot)


def test_a_log_the_disk_will_not_take_leaves_no_empty_file_and_is_told(tmp_path):
    """A full disk (here the file size limit, which fails every write as a full disk does, in a
    process of its own): each match left an empty log behind, which ``dealmein replay`` later
    called "empty", and nothing told the host's player. No file stays, and the table's
    ``failed`` is told why."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(f"""
        import resource, signal
        from pathlib import Path
        from core import new_match
        from net.tableconfig import TableConfig
        from net.tablelog import open_log
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        told = []
        got = open_log(Path({str(tmp_path / "logs")!r}), "t1", TableConfig(seats=2), new_match("ninety-eight", 2, seed=1),
                       1, ["Ana", "Bo"], told.append)
        print(got == (None, None), told)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("True ['the match log ") and "could not be written (File too large)" in done.stdout
    assert list((tmp_path / "logs").iterdir()) == []


def test_a_log_the_disk_stops_taking_mid_match_costs_the_log_not_the_match(tmp_path):
    """docs/guide.md: a failing disk costs the log, never the match being played. The disk
    fills mid-match (the file size limit, in a process of its own, fails the log's next write as
    a full disk does, and its close fails the same way): the table froze on the next move, the
    move applied but no view sent, the host's app never told. Play goes on to the match's end,
    and the host's app is told once why the log stopped."""
    import os
    import subprocess
    import sys
    import textwrap

    root = Path(__file__).resolve().parents[2]
    script = textwrap.dedent("""
        import asyncio, resource, signal
        from net.server import Server, TableConfig
        from tests.net.table_helpers import RandomPlayer, join, wait_until

        async def main():
            srv = Server(host="127.0.0.1", port=0, bot_delay=0.0)
            await srv.start()
            try:
                table = srv.create_table(TableConfig(game="ninety-eight", seats=2, seed=5))
                told = []
                table.on_log_problem.append(told.append)
                ana = await join(srv, "Ana", table=table.id, host_key=table.host_key)
                await ana.add_bot(1, "easy")
                await ana.start()
                await wait_until(lambda: table.status == "playing" and table.log is not None, what="the match")
                size = table.log_path.stat().st_size
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails
                resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))
                player = RandomPlayer(ana, seed=2)
                await wait_until(lambda: table.status == "finished", timeout=60, what="the match's end")
                await player.stop()
                print(table.log is None, told, player.errors, table.log_path.stat().st_size == size)
                await ana.close()
            finally:
                await srv.close()

        asyncio.run(main())
    """)
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=root, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout.strip()
    assert out.startswith("True ['the match log ") and out.endswith("could not be written (File too large)'] [] True"), out
