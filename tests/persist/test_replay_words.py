"""What ``dealmein replay`` says of a log, in the words the rest of the app uses: seats
numbered from 1 and named as the log names them, the file named once, and a log that ends
before its match does said to be one. The real ``dealmein`` command on real logs."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from core import new_match

from ..runs import run_to_end
from .test_matchlog import play_logged, tamper

NAMES = ["Ana", "Normal bot", "Normal bot", "Cy"]


def first_turn_of(path: Path, seat: int) -> int:
    """The index of the first action line by ``seat`` after the log's first action."""
    lines = path.read_text().splitlines()
    return next(i for i, raw in enumerate(lines[2:], start=2) if json.loads(raw).get("seat") == seat)


async def test_a_refused_move_names_its_seat_from_1_and_by_its_name(tmp_path: Path) -> None:
    """The log's seat 1 is the second seat: the line said "by seat 1 refused: ... for seat 1 now"
    of the player everything else calls seat 2 (the winners' "Ana (seat 1)" is the log's 0)."""
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    line = first_turn_of(path, 3)  # Cy's move, made instead by the first Normal bot, out of turn
    tamper(path, line, lambda r: r.update(action="KS", seat=1))
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1 and out == "", (out, err)
    said = err.strip()
    assert said.startswith(f"{path}: does not reproduce: line {line + 1}: action 'KS' by Normal bot (seat 2) "
                           "refused: "), said
    # the engine's own words number it as the line does
    assert re.search(r"(seat 2 has nothing to do now|KS is not legal for seat 2 now)$", said), said
    assert "seat 1" not in said


async def test_a_move_by_no_seat_of_the_table_says_the_log_numbers_from_0(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    tamper(path, 3, lambda r: r.update(seat=4))
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1
    assert err == (f"{path}: does not reproduce: line 4: action {json.loads(path.read_text().splitlines()[3])['action']!r}"
                   ' is by no seat of this table (its "seat" is 4; a log of 4 seats numbers them 0 to 3)\n')


async def test_an_empty_file_is_named_once(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    code, out, err = await run_to_end("replay", str(path))
    assert (code, out) == (1, "")
    assert err == f"dealmein replay: {path} is not a match log this app can read: it is empty\n"


async def test_a_log_that_ends_before_its_match_says_so(tmp_path: Path) -> None:
    """A table closed, or crashed, mid-match leaves its log without an end: the moves it has
    reproduce (status 0, nothing in it is wrong), and the line says the match goes on past it
    rather than "winners: none yet"."""
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:21]) + "\n")  # the header and 20 moves
    code, out, err = await run_to_end("replay", str(path))
    assert code == 0, err
    assert out == (f"{path}: 20 actions; the log reproduces the match as far as it goes: the log ends before the "
                   "match does (the match was still in play when the log was last written)\n")
    assert "winners" not in out


async def test_a_log_whose_last_line_was_cut_off_as_it_was_written_reproduces_as_far_as_it_goes(
        tmp_path: Path) -> None:
    """A crash as a line is written leaves the start of it and no more (no line end): that is
    where the log ends, not a log that does not reproduce (status 1, "not JSON"), whether the
    line cut off was a move or the match's end; a whole line that is not JSON still is one."""
    path = tmp_path / "log.jsonl"
    names = ["Ana", "Bo", "Cy", "Di"]
    winners = play_logged(path, "ninety-eight", seed=5, names=names)
    lines = path.read_text().splitlines()
    torn = "its last line was cut off as it was written, and is left out"
    path.write_text("\n".join(lines[:21]) + "\n" + lines[21][:25])  # 20 moves, and a 21st begun
    code, out, err = await run_to_end("replay", str(path))
    assert code == 0, err
    assert out == (f"{path}: 20 actions; the log reproduces the match as far as it goes: the log ends before the "
                   f"match does (the match was still in play when the log was last written); {torn}\n")
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:-20])  # the end record begun
    code, out, err = await run_to_end("replay", str(path))
    named = " and ".join(f"{names[w]} (seat {w + 1})" for w in winners)
    assert code == 0 and out.endswith(f"the log reproduces the match (winners: {named}); {torn}\n"), (out, err)
    path.write_text("\n".join(lines[:21]) + "\n" + lines[21][:25] + "\n")  # a whole line, not JSON
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1 and err == f"{path}: does not reproduce: line 22 is not JSON at column 26\n", (out, err)


async def test_a_log_whose_match_ended_names_its_winners_as_before(tmp_path: Path) -> None:
    """Only a log that ends before its match does is said to: the whole match's log, and one
    that lost only its last line (the match over by its moves), name the winners."""
    path = tmp_path / "log.jsonl"
    names = ["Ana", "Bo", "Cy", "Di"]
    winners = play_logged(path, "ninety-eight", seed=5, names=names)
    named = " and ".join(f"{names[w]} (seat {w + 1})" for w in winners)
    code, out, _ = await run_to_end("replay", str(path))
    assert code == 0 and out.endswith(f"the log reproduces the match (winners: {named})\n"), out
    path.write_text("\n".join(path.read_text().splitlines()[:-1]) + "\n")  # no end line
    code, out, _ = await run_to_end("replay", str(path))
    assert code == 0 and out.endswith(f"the log reproduces the match (winners: {named})\n"), out


async def test_blank_lines_after_the_last_record_are_nothing_one_between_records_is_said(tmp_path: Path) -> None:
    """A log saved again from an editor may end in blank lines: the log reproduces as it did,
    and a last line that is not JSON before them is a whole line, not one cut off as it was
    written; a blank line between two records is still said, by its number."""
    path = tmp_path / "log.jsonl"
    names = ["Ana", "Bo", "Cy", "Di"]
    play_logged(path, "ninety-eight", seed=5, names=names)
    code, whole, _ = await run_to_end("replay", str(path))
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines) + "\n\n  \n\n")
    code, out, err = await run_to_end("replay", str(path))
    assert (code, out, err) == (0, whole, "")
    path.write_text("\n".join(lines[:21]) + "\n" + lines[21][:25] + "\n\n")  # not JSON, then a blank line
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1 and err == f"{path}: does not reproduce: line 22 is not JSON at column 26\n", (out, err)
    path.write_text("\n".join([*lines[:21], "", *lines[21:]]) + "\n")
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1 and err == f"{path}: does not reproduce: line 22 is empty\n", (out, err)


def test_the_engine_numbers_the_seat_it_refuses_from_1() -> None:
    """A player's refused move reaches them in the engine's words too."""
    m = new_match("ninety-eight", 3, seed=2)
    other = (m.current_seat + 1) % 3
    try:
        m.apply(str(m.legal_actions()[0]), other)
    except ValueError as e:
        said = str(e)
    else:
        raise AssertionError("a move out of turn was taken")
    assert said in (f"seat {other + 1} has nothing to do now", f"{m.legal_actions()[0]} is not legal for seat {other + 1} now")


async def test_a_names_list_not_one_a_seat_names_no_seat(tmp_path: Path) -> None:
    """An edited log's names list one short shifted every name after the gap onto the wrong
    seat ("winners: Normal bot 2 (seat 3)" of the first Normal bot's): no name is trusted then,
    in the terminal and the replay screen alike."""
    from tui.screens.replay import seat_names

    path = tmp_path / "log.jsonl"
    names = ["Ana", "Bo", "Cy", "Di"]
    winners = play_logged(path, "ninety-eight", seed=5, names=names)
    tamper(path, 0, lambda r: r.update(names=["Ana", "Cy", "Di"]))
    code, out, _ = await run_to_end("replay", str(path))
    named = " and ".join(f"seat {w + 1}" for w in winners)
    assert code == 0 and out.endswith(f"the log reproduces the match (winners: {named})\n"), out
    header = json.loads(path.read_text().splitlines()[0])
    assert seat_names(header, 4) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert seat_names(dict(header, names=names), 4) == names


async def test_winners_the_replay_does_not_give_are_named_as_the_log_that_reproduces_names_them(
        tmp_path: Path) -> None:
    """The match's end with another winner: the line gave the log's list as it stands ("winners
    [1] but the replay gives [0]"), seats from 0, where a log that reproduces says "winners:
    Ana (seat 1)"; now both sides are seats from 1, by name. A list that names no seat of the
    table is quoted as the log has it, said to number from 0."""
    path = tmp_path / "log.jsonl"
    winners = play_logged(path, "ninety-eight", seed=5, names=NAMES)
    other = next(seat for seat in range(4) if seat not in winners)
    end = len(path.read_text().splitlines())
    tamper(path, -1, lambda r: r.update(winners=[other]))
    named = ["Ana (seat 1)", "Normal bot (seat 2)", "Normal bot 2 (seat 3)", "Cy (seat 4)"]
    code, out, err = await run_to_end("replay", str(path))
    assert (code, out) == (1, "")
    assert err == (f"{path}: does not reproduce: line {end}: the log gives the winners as {named[other]}, "
                   f"but the replay gives {' and '.join(named[w] for w in winners)}\n")
    tamper(path, -1, lambda r: r.update(winners=[4]))
    code, out, err = await run_to_end("replay", str(path))
    assert code == 1 and err.startswith(f"{path}: does not reproduce: line {end}: its \"winners\" is [4], not seats "
                                        "of this table (a log of 4 seats numbers them 0 to 3); the replay gives "), err


async def test_a_header_whose_dealer_is_no_seat_says_the_log_numbers_from_0(tmp_path: Path) -> None:
    """The engine's "dealer must be a seat from 0 to 3, got 4" read as a fifth seat of four to
    people who number seats from 1: said as a move by no seat is."""
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    tamper(path, 0, lambda r: r.update(dealer=4))
    code, out, err = await run_to_end("replay", str(path))
    assert (code, out) == (1, "")
    assert err == (f"dealmein replay: {path} is not a match log this app can read: its header's \"dealer\" is 4, "
                   "no seat of this table (a log of 4 seats numbers them 0 to 3)\n")


async def test_a_line_that_is_no_move_is_told_in_words_not_the_parsers(tmp_path: Path) -> None:
    """Each line that is not a move says so once, in words for people: Python's own ("not JSON:
    Expecting value: line 1 column 1 (char 0)", a second line number; "unknown record"; "seed must
    be an integer or None, got 'abc'") is for programmers."""
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    lines = path.read_text().splitlines()
    move = json.loads(lines[2])
    cases = {
        "": "line 3 is empty",
        "   ": "line 3 is empty",
        '{"seat": 1 "action": "KC"}': "line 3 is not JSON at column 12",  # the comma missed out
        json.dumps({k: v for k, v in move.items() if k != "action"}):
            'line 3 is neither a move nor the match\'s end: it has no "action"',
        "[1, 2]": "line 3 is neither a move nor the match's end: it is not a record of fields",
        json.dumps({**move, "action": 5}): "line 3: action 5 by Normal bot (seat 2) is not a move written as text",
    }
    for i, (line, says) in enumerate(cases.items()):
        log = tmp_path / f"log{i}.jsonl"
        log.write_text("\n".join([*lines[:2], line, *lines[3:]]) + "\n")
        code, out, err = await run_to_end("replay", str(log))
        assert (code, out, err) == (1, "", f"{log}: does not reproduce: {says}\n"), (line, err)
    # a move's action, however long, is named cut short (it was printed whole: 50 MB of it)
    for record in ({**move, "action": "A" * 100_000}, {**move, "seat": 9, "action": "A" * 100_000}):
        log = tmp_path / "long.jsonl"
        log.write_text("\n".join([*lines[:2], json.dumps(record), *lines[3:]]) + "\n")
        code, out, err = await run_to_end("replay", str(log))
        assert (code, out) == (1, "") and err.startswith(f"{log}: does not reproduce: line 3: action 'AAAA"), err[:200]
        assert len(err) < len(str(log)) + 300 and "…" in err, err[:400]
    log = tmp_path / "utf.jsonl"
    log.write_bytes("\n".join(lines[:2]).encode() + b'\n{"seat": 1, "action": "K\xff"}\n')
    code, out, err = await run_to_end("replay", str(log))
    assert (code, err) == (1, f"{log}: does not reproduce: line 3 is not UTF-8 text\n")


async def test_a_header_field_of_the_wrong_kind_is_told_in_words_not_the_engines(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    header = json.loads(path.read_text().splitlines()[0])
    cases = {"seed": ("abc", 'the seed is not a whole number ("abc")'),
             "players": ("4", 'the seat count is not a whole number ("4")'),
             "game": ("poker", 'the game "poker" is not one this app has (ninety-eight, ninety-nine, crazy-eights)'),
             "options": ([], "the options are not a record of fields")}
    for field, (value, says) in cases.items():
        tamper(path, 0, lambda r: r.update({**header, field: value}))
        code, out, err = await run_to_end("replay", str(path))
        assert (code, out) == (1, "")
        assert err == (f"dealmein replay: {path} is not a match log this app can read: its header is not a table "
                       f"this app can deal: {says}\n"), err


async def test_a_device_given_as_the_log_is_refused_and_a_pipe_is_read(tmp_path: Path) -> None:
    """``dealmein replay`` read its file whole, with no bound: /dev/zero given by mistake read
    until memory ran out. A pipe, as ``replay <(zcat log.gz)`` gives, is still read."""
    import asyncio
    import shlex
    import sys

    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    code, out, err = await run_to_end("replay", str(zero), timeout=30)
    assert (code, out) == (1, ""), (code, out, err)
    assert err.strip() == f"dealmein replay: cannot read {zero}: it holds more than 64 MB, more than any match log"
    log = tmp_path / "log.jsonl"
    play_logged(log, "ninety-eight", seed=5, names=NAMES)
    command = f"exec {shlex.quote(sys.executable)} -m tui replay <(cat {shlex.quote(str(log))})"
    proc = await asyncio.create_subprocess_exec("bash", "-c", command, stdin=asyncio.subprocess.DEVNULL,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                                                cwd=Path(__file__).parents[2])
    try:
        got, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    said = got.decode()
    assert proc.returncode == 0 and said.startswith("/dev/fd/") and "the log reproduces the match" in said, (said, err)

def test_a_log_larger_than_the_bound_is_refused_unread(tmp_path: Path, monkeypatch: Any) -> None:
    """The bound is the file's, not a read of everything there and a late complaint."""
    from net import matchlog

    path = tmp_path / "log.jsonl"
    play_logged(path, "ninety-eight", seed=5, names=NAMES)
    assert matchlog.replay(path).ok
    monkeypatch.setattr(matchlog, "MOST_BYTES", path.stat().st_size - 1)
    result = matchlog.replay(path)
    assert not result.ok and result.line is None and "holds more than" in (result.error or "")
