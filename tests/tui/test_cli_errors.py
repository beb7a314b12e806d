"""Command line mistakes are refused in one line with exit status 2 before anything starts: no
traceback, no banner, no full-screen app (review: bad ports crashed with OverflowError, a bad
interface with ValueError, negative seconds were taken, and ``join host:abc`` or ``replay
missing --show`` opened the app). Each case runs the real ``dealmein`` command line."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from net.savefile import save_path
from tests.net.table_helpers import free_port


def dealmein(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """``dealmein ARGS`` with no terminal; the private config/data folders come by environment.
    A run that gets as far as opening the app is refused there for want of a terminal (status
    1, not these errors' 2: ``test_no_terminal.py``); the timeout bounds it all the same."""
    try:
        return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"dealmein {' '.join(args)} did not fail at once (the app opened?): "
                             f"{(e.stderr or b'')[-300:]!r}") from None


def one_line_error(run: subprocess.CompletedProcess[str], prefix: str, *words: str) -> str:
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert run.stdout == "", run.stdout  # no banner, no app
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    line = lines[0]
    assert line.startswith(f"{prefix}: error: "), line
    assert "Traceback" not in line
    for word in words:
        assert word in line, line
    return line


@pytest.mark.parametrize("args, words", [
    (["--port", "99999"], ["--port", "99999", "0-65535"]),
    (["--port", "-1"], ["--port", "-1"]),
    (["--port", "http"], ["--port", "'http'"]),
    (["--port", "0", "--ssh", "99999"], ["--ssh", "99999"]),
    (["--port", "0", "--ssh", "-5"], ["--ssh", "-5"]),
    (["--grace", "-1"], ["--grace", "-1"]),
    # a seat held past a day: a lobby no app would show, each join sent home (past 1.8e19, a traceback)
    (["--grace", "1e7"], ["--grace", "'1e7' must be 0 or more and at most 86400 seconds"]),
    (["--takeover", "86401"], ["--takeover", "at most 86400"]),
    (["--bot-delay", "11"], ["--bot-delay", "'11' must be 0 or more and at most 10 seconds"]),
    (["--bot-delay", "-0.5"], ["--bot-delay"]),
    (["--takeover", "nan"], ["--takeover"]),
    (["--ssh-idle", "-3"], ["--ssh-idle"]),
    (["--ssh-idle", "0"], ["--ssh-idle", "more than 0"]),
    (["--ssh-idle", "1e308"], ["--ssh-idle", "at most 86400"]),
    (["--seats", "abc"], ["--seats", "'abc' is not a whole number"]),
    (["--turn-time", "0.5"], ["--turn-time", "'0.5' is not a whole number"]),
    (["--bots", "two"], ["--bots", "'two' is not a whole number"]),
    (["--ssh-max-sessions", "0"], ["--ssh-max-sessions"]),
    (["--bind", "999.1.1.1"], ["--bind", "999.1.1.1"]),
    (["--option", "limit"], ["--option", "'limit' is not NAME=VALUE"]),
    (["--option", "limit=5"], ["argument --option: option 'limit'", "5 is out of range"]),
    (["--option", "colour=red"], ["option 'colour'", "no such option"]),
    (["--game", "crazy-eights", "--option", "countdown=maybe"], ["option 'countdown'", "on or off"]),
    (["--preset", "nope"], ["argument --preset: preset 'nope'"]),
    (["--seats", "12"], ["argument --seats: Ninety-Eight takes 2 to 8 seats, not 12"]),
    (["--preset", "teams", "--seats", "3"], ["error: option 'teams'", "even"]),  # the preset's, not an --option
    # rules README (not enough cards): a table that could never be dealt is not set up and saved
    (["--game", "crazy-eights", "--seats", "8", "--option", "hand_size=10", "--option", "decks=1"],
     ["argument --option: option 'decks': not enough cards: the deal needs 81, 1 deck holds 52"]),
    (["--seed", "1" * 101], ["--seed", "at most 100 digits"]),  # what a save holds, so it resumes
    (["--seed", "twelve"], ["--seed", "'twelve' is not a whole number"]),
    (["--port", "0", "--ssh", "0", "--ssh-auth", "keys"], ["--ssh-keys"]),
    (["--port", "0", "--ssh", "0", "--ssh-auth", "keys", "--ssh-keys", "no-such-file"],
     ["--ssh-keys", "no-such-file"]),
    (["--port", "0", "--bot-level", "hard"], ["--bot-level", "only with --bots N"]),
    # SSH's own flags without --ssh, which alone opens it: refused, not ignored
    (["--port", "0", "--ssh-auth", "open"], ["--ssh-auth", "only with --ssh PORT"]),
    (["--port", "0", "--ssh-max-sessions", "4"], ["--ssh-max-sessions", "only with --ssh PORT"]),
    (["--port", "0", "--ssh-idle", "60"], ["--ssh-idle", "only with --ssh PORT"]),
    (["--port", "0", "--ssh-keys", __file__], ["--ssh-keys", "only with --ssh PORT"]),
    # a keys file that password or open logins would never read
    (["--port", "0", "--ssh", "0", "--ssh-keys", __file__], ["--ssh-keys", "only with --ssh-auth keys", "table's is password"]),
    (["--port", "0", "--ssh", "0", "--ssh-auth", "open", "--ssh-keys", __file__],
     ["--ssh-keys", "only with --ssh-auth keys", "table's is open"]),
])
def test_bad_host_options_are_one_line_errors(args: list[str], words: list[str]) -> None:
    one_line_error(dealmein("host", "--headless", "--no-mdns", "--bind", "127.0.0.1", *args),
                   "dealmein host", *words)


def test_a_takeover_as_long_as_the_longest_grace_offers_no_longer_grace() -> None:
    """A grace of a day is the most: "or a longer --grace" offered what would be refused."""
    line = one_line_error(dealmein("host", "--headless", "--no-mdns", "--grace", "86400", "--takeover", "86400"),
                          "dealmein host", "--takeover")
    assert line.endswith("the takeover has to come first; give a --takeover under 86400 s"), line


@pytest.mark.parametrize("args, words", [
    (["--preset", "nope"], ["preset 'nope'"]),
    (["--game", "crazy-eights", "--seats", "9"], ["argument --seats: Crazy Eights takes 2 to 8 seats, not 9"]),
    (["--option", "limit=5"], ["option 'limit'", "5 is out of range"]),
    (["--bot-level", "wizard"], ["--bot-level", "'wizard'"]),
    (["--game", "chess"], ["--game", "'chess'"]),
    (["--bots", "2"], ["unrecognized arguments: --bots 2"]),  # a host flag: named by solo, not the top level
    (["--game", "crazy-eights", "--seats", "7", "--preset", "countdown", "--option", "decks=1"],
     ["option 'decks': not enough cards: the deal needs 57"]),
])
def test_bad_solo_options_are_one_line_errors(args: list[str], words: list[str]) -> None:
    one_line_error(dealmein("solo", *args), "dealmein solo", *words)


@pytest.mark.parametrize("args, words", [
    (["--ssh-auth", "open"], ["--ssh-auth", "--headless", "table's password"]),
    (["--ssh-idle", "60"], ["--ssh-idle", "--headless", "1800 s"]),
    (["--resume"], ["--resume", "--headless", "home screen"]),
    (["--grace", "5"], ["--grace", "--headless"]),
    (["--bot-delay", "0"], ["--bot-delay", "--headless", "Settings"]),
])
def test_headless_flags_without_headless_are_refused_not_ignored(args: list[str], words: list[str]) -> None:
    """docs/guide.md: the other --ssh-... flags, --resume, --grace, --takeover and --bot-delay apply
    with --headless; the app used to open without a word and leave them unused."""
    one_line_error(dealmein("host", "--no-mdns", "--bind", "127.0.0.1", *args), "dealmein host", *words)


def test_bad_host_options_write_no_save() -> None:
    port = free_port()
    one_line_error(dealmein("host", "--headless", "--no-mdns", "--port", str(port), "--grace", "-1"),
                   "dealmein host", "--grace")
    assert not save_path(port).parent.exists() or not list(save_path(port).parent.iterdir())


@pytest.mark.parametrize("command", [["host", "--no-mdns", "--bind", "127.0.0.1", "--port", "0"],
                                     ["join", "127.0.0.1:9"]])
def test_a_bots_name_as_the_players_is_a_one_line_error_and_opens_no_table(command: list[str]) -> None:
    """The tables refuse it (the app's own join to the table it had opened, and saved), so the
    command line does, before anything opens; a headless table may bear such a name."""
    one_line_error(dealmein(*command, "--name", "Hard  Bot"), f"dealmein {command[0]}", "argument --name",
                   "'Hard Bot' reads as a bot's name, which the tables keep for their bots: choose another name")
    assert not save_path(7098).parent.exists() or not list(save_path(7098).parent.iterdir())


@pytest.mark.parametrize("args, words", [
    (["--interface", "999.1.1.1"], ["--interface", "999.1.1.1"]),
    (["--interface", "127.0.0.1", "--interface", "eth0"], ["--interface", "eth0"]),
    (["--wait", "-1"], ["--wait"]),
    (["--wait", "601"], ["argument --wait", "'601' must be more than 0 and at most 600 seconds"]),
])
def test_bad_tables_options_are_one_line_errors(args: list[str], words: list[str]) -> None:
    one_line_error(dealmein("tables", *args), "dealmein tables", *words)


@pytest.mark.parametrize("address, words", [
    ("127.0.0.1:99999", ["'99999' is not a port number (1-65535)"]),
    ("host:abc", ["'abc' is not a port number"]),
    ("127.0.0.1:0", ["'0' is not a port number"]),
    (":7098", ["':7098' has no host name or IP address"]),
    ("999.1.1.1", ["'999.1.1.1' is not an IPv4 address"]),
    ("[::1", ["'[::1' has no ']'"]),
    ("[nope]:7098", ["'nope' is not an IPv6 address"]),
    ("bad host:7098", ["'bad host' is not a host name", "no spaces"]),
    ("127.0.0.1:5:6", ["'127.0.0.1:5:6' has more than one ':'", "[IPv6]:PORT"]),  # not "not an IPv6 address"
    ("", ["Type a table's address (HOST or HOST:PORT)."]),
])
def test_a_malformed_join_address_fails_before_the_app(address: str, words: list[str]) -> None:
    """The part that is wrong, named once (the whole address was repeated before each part)."""
    one_line_error(dealmein("join", address), "dealmein join", *words)


@pytest.mark.parametrize("command, flag, what", [
    (["host", "--headless", "--no-mdns", "--bind", "127.0.0.1", "--port", "0"], "--password-file", "password"),
    (["join", "127.0.0.1:7098"], "--password-file", "password"),
    (["join", "127.0.0.1:7098"], "--host-key-file", "host key"),
], ids=["host-password", "join-password", "join-host-key"])
@pytest.mark.parametrize("content, words", [
    (None, ["cannot read", "No such file"]),
    (b"", ["holds no {what} on its first line"]),
    (b"\nswordfish\n", ["holds no {what} on its first line"]),
    (b"\xff\xfe", ["is not UTF-8 text"]),
    (b"x" * 5000, ["too long for a {what}"]),
], ids=["missing", "empty", "blank-first-line", "not-utf8", "one-long-line"])
def test_a_secret_file_that_gives_no_secret_is_a_one_line_error(tmp_path: Path, command: list[str], flag: str,
                                                                what: str, content: bytes | None,
                                                                words: list[str]) -> None:
    """A password or host key kept off the command line (where every user's process list shows
    it) comes from a file's first line; a file that gives none is refused before anything starts."""
    path = tmp_path / "secret"
    if content is not None:
        path.write_bytes(content)
    one_line_error(dealmein(*command, flag, str(path)), f"dealmein {command[0]}", flag,
                   *(w.format(what=what) for w in words))


@pytest.mark.parametrize("command, flag, what", [
    (["host", "--headless", "--no-mdns", "--bind", "127.0.0.1", "--port", "0"], "--password", "password"),
    (["join", "127.0.0.1:7098"], "--password", "password"),
    (["join", "127.0.0.1:7098"], "--host-key", "host key"),
], ids=["host-password", "join-password", "join-host-key"])
@pytest.mark.parametrize("value, words", [
    ("", ["the {what} given is empty"]),
    ("  ", ["the {what} given is only spaces"]),
    ("x" * 5000, ["the {what} given is too long: at most 4095 bytes"]),
    ("a\x1b[31mred\a", ["the {what} given holds a control character"]),
], ids=["empty", "spaces", "long", "control"])
def test_a_secret_that_cannot_be_typed_is_a_one_line_error(command: list[str], flag: str, what: str,
                                                          value: str, words: list[str]) -> None:
    """``--password ''`` (a script's unset variable) served a table open to anyone without a
    word, where the file form refuses an empty first line; a long one or one with control
    characters was taken and printed raw in the banner."""
    one_line_error(dealmein(*command, flag, value), f"dealmein {command[0]}", flag,
                   *(w.format(what=what) for w in words))


def test_a_secret_files_line_is_held_to_what_the_flag_is(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_bytes(b"a\x00b\n")
    one_line_error(dealmein("join", "127.0.0.1:7098", "--password-file", str(path)), "dealmein join",
                   "--password-file", f"the password in {path} holds a control character")


def test_a_secret_and_its_file_are_one_or_the_other(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_text("swordfish\n")
    for command in (["host", "--headless", "--no-mdns", "--port", "0"], ["join", "127.0.0.1:7098"]):
        one_line_error(dealmein(*command, "--password", "pw", "--password-file", str(path)),
                       f"dealmein {command[0]}", "--password-file", "not allowed with argument --password")
    one_line_error(dealmein("join", "127.0.0.1:7098", "--host-key", "k", "--host-key-file", str(path)),
                   "dealmein join", "--host-key-file", "not allowed with argument --host-key")


def test_replay_of_a_missing_file_fails_before_the_app(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    for extra in (["--show"], []):
        line = one_line_error(dealmein("replay", str(missing), *extra), "dealmein replay",
                              f"cannot read {missing}", "No such file")
        assert "reproduce" not in line
    one_line_error(dealmein("replay", str(tmp_path), "--show"), "dealmein replay", "cannot read")


def test_a_log_that_is_not_text_is_not_a_match_log_rather_than_not_reproducing(tmp_path: Path) -> None:
    garbled = tmp_path / "garbled.jsonl"
    garbled.write_bytes(b"\xff\xfe\x00not utf-8")
    for extra in ([], ["--show"]):
        run = dealmein("replay", str(garbled), *extra)
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr == (f"dealmein replay: {garbled} is not a match log this app can read: its first line "
                              "is not a match log's header (not JSON)\n")
        assert len(run.stderr.splitlines()) == 1


@pytest.mark.parametrize("first, says", [("garbage", "not JSON"), ("[1, 2]", "not a record of fields"),
                                         ('{"format": 99}', "log format 99 is not one this app reads")],
                         ids=["not-json", "not-a-record", "unknown-format"])
def test_a_file_that_is_not_a_match_log_says_so_rather_than_not_reproducing(tmp_path: Path, first: str,
                                                                           says: str) -> None:
    """Nothing was replayed: the file is named as not a log, with what is wrong in its first line."""
    other = tmp_path / "notes.jsonl"
    other.write_text(first + "\n")
    for extra in ([], ["--show"]):  # with nothing to step through, --show says so before the app starts
        run = dealmein("replay", str(other), *extra)
        assert run.returncode == 1 and run.stdout == "" and len(run.stderr.splitlines()) == 1
        assert run.stderr.startswith(f"dealmein replay: {other} is not a match log this app can read: ")
        assert says in run.stderr and "reproduce" not in run.stderr


def test_games_lists_every_preset_and_option_a_host_can_set() -> None:
    """``dealmein games`` is where ``--preset`` and ``--option NAME=VALUE`` are looked up."""
    from core import GAMES
    from core.options import value_text

    run = dealmein("games")
    assert run.returncode == 0 and run.stderr == ""
    for info in GAMES.values():
        assert f"{info.name} ({info.id}), {info.min_players}-{info.max_players} seats" in run.stdout
        for preset in info.presets.values():  # with the values it sets (the lobby sends only the host's own)
            line = next(line for line in run.stdout.splitlines() if line.startswith(f"  preset {preset.name}: "))
            for name, value in preset.options.items():
                assert f"{name}={value_text(value)}" in line, line
        assert "  preset fast: limit 50: a one-minute filler [limit=50]" in run.stdout.splitlines()
        for option in info.options.values():
            assert f"  option {option.name}=" in run.stdout and f"({option.describe_range()})" in run.stdout


@pytest.mark.parametrize("args", [["games"], ["--version"], ["record", "--json"], ["themes"], ["--help"],
                                  ["host", "--help"]])
def test_output_that_cannot_be_written_is_one_line(args: list[str]) -> None:
    """``dealmein games > /dev/full`` (a full disk): status 1 and one line, where it was a
    traceback."""
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "tui", *args], stdout=full, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, text=True, timeout=30)
    assert run.returncode == 1, run.stderr
    assert run.stderr.splitlines() == ["dealmein: could not write: No space left on device"], run.stderr


@pytest.mark.parametrize("args", [["games"], ["--help"], ["tables", "--wait", "0.2", "--interface", "127.0.0.1", "--json"]])
def test_output_to_a_reader_that_has_gone_ends_quietly(args: list[str]) -> None:
    """``dealmein games | head -1``: a closed pipe ends the command with status 1 and no
    traceback (the reader has what it wanted)."""
    import os

    read, write = os.pipe()
    os.close(read)  # gone before the first line is written
    try:
        run = subprocess.run([sys.executable, "-m", "tui", *args], stdout=write, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, text=True, timeout=30)
    finally:
        os.close(write)
    assert run.returncode in (0, 1), run.stderr  # --help's own exit is 0 whatever became of its text
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr


def test_every_argument_says_what_it_is_for_and_replay_names_where_the_logs_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No flag or argument in ``--help`` is left bare; ``replay``'s file is looked for in the
    folder the tables hosted here write their match logs to, which its help names."""
    import argparse

    from net.environ import DATA_DIR_ENV
    from net.server import Server
    from tui.cli import build_parser

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    monkeypatch.setenv("COLUMNS", "1000")  # the path on one line, unbroken at its hyphens
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in [("dealmein", parser), *commands.choices.items()]:
        for action in sub._actions:
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"{name} {action.dest}"
    logs = Server(port=0).logs_dir
    assert logs is not None and logs.parent == tmp_path
    assert str(logs) in commands.choices["replay"].format_help()


def test_each_commands_seed_help_names_what_it_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """``solo --seed`` spoke of "the tables you host": each command's names what it deals."""
    import argparse

    from tui.cli import build_parser

    monkeypatch.setenv("COLUMNS", "1000")  # each help on one line
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    said = {name: next(a.help for a in sub._actions if "--seed" in a.option_strings)
            for name, sub in [("dealmein", parser), ("host", commands.choices["host"]),
                              ("solo", commands.choices["solo"])]}
    assert said["solo"].startswith("deal the solo match from this seed") and "host" not in said["solo"]
    assert said["host"].startswith("deal this table's matches from this seed")
    assert said["dealmein"].startswith("deal your solo matches and the tables you host from this seed")


def test_every_flags_value_is_named_for_what_it_takes() -> None:
    """``--help`` names a flag's value N, S, ADDRESS, FILE, KEY... as the README does, not by
    its parser field (SSH_MAX_SESSIONS, BOT_DELAY)."""
    import argparse

    from tui.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in [("dealmein", parser), *commands.choices.items()]:
        for flag, value in re.findall(r"(--[a-z-]+) ([A-Z_]+)\b", sub.format_help()):
            assert "_" not in value, f"{name} {flag} {value}"


@pytest.mark.parametrize("args", [["games"], ["record"], ["tables", "--interface", "127.0.0.1"], ["replay", __file__]])
def test_a_seed_given_to_a_command_that_deals_nothing_is_refused_not_ignored(args: list[str]) -> None:
    """``--seed`` deals the tables this app hosts: a command that opens no app and deals no
    table says so rather than run as if it had not been given."""
    one_line_error(dealmein("--seed", "7", *args), f"dealmein {args[0]}", "--seed", "deals no table")


@pytest.mark.parametrize("args", [["games", "--seed", "3"], ["record", "--seed", "3"], ["themes", "--seed", "3"],
                                  ["tables", "--seed", "3", "--interface", "127.0.0.1"],
                                  ["replay", "--seed", "4", __file__], ["replay", __file__, "--seed", "4"]])
def test_a_seed_after_a_command_that_deals_nothing_is_refused_as_one_before_it(args: list[str]) -> None:
    """After the command, ``--seed`` was unknown to it: ``replay --seed 4 FILE`` read 4 as the
    file ("cannot read 4") and ``games --seed 3`` left it over ("unrecognized arguments"). It is
    refused in the words it is before the command."""
    run = dealmein(*args)
    at = args.index("--seed")
    assert run.stderr == dealmein(*args[at:at + 2], *args[:at], *args[at + 2:]).stderr  # --seed N first
    one_line_error(run, f"dealmein {args[0]}", "argument --seed: this command deals no table")


@pytest.mark.parametrize("args", [["--seed", "3", "join", "127.0.0.1:47310"], ["join", "--seed", "3", "127.0.0.1:47310"],
                                  ["join", "127.0.0.1:47310", "--seed", "3"]])
def test_a_seed_given_to_join_is_refused_the_table_is_dealt_by_its_host(args: list[str]) -> None:
    """The app opened on the table joined, dealt by its host whatever ``--seed`` said."""
    one_line_error(dealmein(*args), "dealmein join", "argument --seed: this command deals no table: the table you "
                                                     "join is dealt by its host")


def test_replay_show_of_a_log_with_no_moves_says_so_before_the_app(tmp_path: Path) -> None:
    """docs/guide.md: a file with nothing to step through is told in one line, status 1, and the app
    does not start; a log of the deal and no move is one (it opened the app on "step 0 of 0").
    Without --show it still reproduces (0 actions), status 0."""
    from core import new_match
    from net.matchlog import MatchLog

    path = tmp_path / "dealt.jsonl"
    m = new_match("ninety-eight", 3, seed=4)
    MatchLog(path, app_version="t", game="ninety-eight", players=3, preset="standard", options=m.options,
             seed=4).close()
    run = dealmein("replay", str(path), "--show")
    assert run.returncode == 1 and run.stdout == "" and len(run.stderr.splitlines()) == 1, run
    assert run.stderr.startswith(f"dealmein replay: {path} has no moves to step through")
    checked = dealmein("replay", str(path))
    assert checked.returncode == 0 and "0 actions; the log reproduces the match" in checked.stdout
    one = tmp_path / "one.jsonl"  # one move: "1 action", not "1 actions"
    log = MatchLog(one, app_version="t", game="ninety-eight", players=3, preset="standard", options=m.options,
                   seed=4)
    seat, action = m.current_seat, str(m.legal_actions()[0])
    m.apply(action, seat)
    log.action(seat, action, m)
    log.close()
    checked = dealmein("replay", str(one))
    assert checked.returncode == 0 and f"{one}: 1 action; the log reproduces the match" in checked.stdout, checked


@pytest.mark.parametrize("args", [["--seed", "5", "host", "--seed", "6", "--headless"],
                                  ["--seed", "5", "solo", "--seed", "6"]])
def test_two_seeds_are_refused_rather_than_the_later_taken(args: list[str]) -> None:
    """``--seed 5 host --seed 6`` dealt from 6 without a word: one seed, given once (the same
    one twice is no mistake)."""
    from tui.cmdline import build_parser

    one_line_error(dealmein(*args), f"dealmein {args[2]}", "argument --seed: given twice, 5 before the command "
                                                           "and 6 after it: give one")
    parsed = build_parser().parse_args(["--seed", "5", args[2], "--seed", "5"])
    assert parsed.seed == 5 and not hasattr(parsed, "seed_after")
    assert build_parser().parse_args([args[2], "--seed", "6"]).seed == 6
    assert build_parser().parse_args(["--seed", "6", args[2]]).seed == 6


@pytest.mark.parametrize("argv, prefix", [(["--no-mdns", "--interface", "127.0.0.1"], "dealmein"),
                                          (["--interface", "127.0.0.1", "--no-mdns", "solo"], "dealmein"),
                                          (["host", "--headless", "--no-mdns", "--interface", "127.0.0.1"],
                                           "dealmein host"),
                                          (["--interface", "127.0.0.1", "host", "--no-mdns"], "dealmein host"),
                                          (["--no-mdns", "tables", "--interface", "127.0.0.1"], "dealmein tables")])
def test_an_interface_with_no_mdns_is_refused(argv: list[str], prefix: str, capsys) -> None:
    """``--interface`` says where tables are looked for and advertised, ``--no-mdns`` that they
    are nowhere: given both, the interface was ignored without a word. Refused, by the command
    whose flag it is."""
    from tui.cmdline import build_parser

    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (f"{prefix}: error: argument --interface: not with --no-mdns, which keeps tables off "
                       "every interface's lists"), err
    assert build_parser().parse_args([a for a in argv if a != "--no-mdns"])  # either alone is taken


def test_an_interface_with_no_mdns_is_refused_in_one_line() -> None:
    """The real command line: one line, status 2, nothing started."""
    one_line_error(dealmein("host", "--headless", "--no-mdns", "--interface", "127.0.0.1"), "dealmein host",
                   "argument --interface: not with --no-mdns")
