"""Match logs: one JSON line per event of a match, enough to replay it and check it.

The first line holds the app version, game, seat count, options and seed; then one line per
action with its seat and time, and a digest of the match state after it, so a replay finds the
first divergence and a tampered log cannot pass. The log lives on the host only: with the seed
it reveals every hand.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TypeGuard

from core import GAMES, IllegalAction, Match, new_match
from core.errors import quoted
from core.events import Event
from core.keyed_random import KEYED_FROM
from core.whole import whole_number

from .handsofar import HandSoFar
from .jsonwhere import json_where
from .protocol import clean_text
from .seatnames import numbered, seats_named

log = logging.getLogger("dealmein.net")

#: a log's format: 2 for a seed of 2**64 or more, which deals with the keyed generator
#: (``core.keyed_random``), so that an app from before it says it cannot read the log instead
#: of finding the match different from it; 1 for a smaller seed, which any app replays
FORMAT = 2
FORMATS = (1, 2)

#: what a log ``ReplayResult.cut_short`` means, for people (``dealmein replay`` and its ``--show``)
CUT_SHORT = "the log ends before the match does (the match was still in play when the log was last written)"
#: the most of a log ``replay`` reads: a match writes some tens of kilobytes
MOST_BYTES = 64 * 1024 * 1024
#: a line after the header that is not one of the log's two kinds of line
NEITHER = "neither a move nor the match's end"
#: what a log ``ReplayResult.torn`` means: a crash as a line was written leaves it half there
TORN = "its last line was cut off as it was written, and is left out"


def state_digest(match: Match) -> str:
    """A short digest of the match's whole state."""
    return hashlib.sha256(match.snapshot()).hexdigest()[:16]


class MatchLog:
    """Appends a match's header and actions to a JSON-lines file as they happen."""

    def __init__(self, path: Path, *, app_version: str, game: str, players: int, preset: str,
                 options: dict[str, Any], seed: int, dealer: int | None = None,
                 deck: list[str] | None = None, names: list[str] | None = None) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = open(path, "a", encoding="utf-8")
        try:
            self._header(app_version, game, players, preset, options, seed, dealer, deck, names)
        except OSError:  # not left open behind the error (its close may fail as the write did)
            try:
                self._file.close()
            except OSError:
                pass
            raise

    def _header(self, app_version: str, game: str, players: int, preset: str, options: dict[str, Any], seed: int,
                dealer: int | None, deck: list[str] | None, names: list[str] | None) -> None:
        self._write({"format": FORMAT if isinstance(seed, int) and seed >= KEYED_FROM else 1, "app_version": app_version, "game": game, "players": players,
                     "preset": preset, "options": options, "seed": seed, "dealer": dealer,
                     "deck": deck, "names": names or [], "started": time.time()})

    @classmethod
    def reopen(cls, path: Path) -> "MatchLog":
        """Append to an existing log (a resumed table's match): no second header."""
        log = cls.__new__(cls)
        log.path = path
        log._file = open(path, "a", encoding="utf-8")
        return log

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n")
        self._file.flush()

    def action(self, seat: int, action: str, match: Match, snapshot: bytes | None = None,
               for_player: bool = False) -> None:
        """``snapshot``: ``match.snapshot()`` when the caller has it already (saves making it
        twice); ``for_player``: a bot made the move for the player in ``seat`` (``"bot": true``)."""
        digest = hashlib.sha256(snapshot).hexdigest()[:16] if snapshot is not None else state_digest(match)
        self._write({"seat": seat, "action": action, "t": round(time.time(), 3), "state": digest,
                     **({"bot": True} if for_player else {})})

    def syncer(self) -> Callable[[], None]:
        """What puts the records written so far on disk, for the save's thread to call before
        the save: a save says where the log ends, and one on disk before the log would leave it
        pointing past the log's end after a power cut (the match then goes unlogged from there).
        It holds a copy of the file's descriptor, the log free to close meanwhile."""
        fd = os.dup(self._file.fileno())
        path = self.path

        def sync() -> None:
            try:
                os.fsync(fd)
            except OSError as e:  # the log's own writes say when its disk fails; the save goes on
                log.warning("match log %s not synced: %s", path, e)
            finally:
                os.close(fd)
        return sync

    def finish(self, match: Match) -> None:
        self._write({"winners": list(match.winners), "state": state_digest(match)})

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


@dataclass
class Step:
    """One position of a replay: the match after ``action`` by ``seat`` and what it caused;
    ``bot``: a bot made the move for the player in that seat (away, or out of time)."""

    match: Match
    seat: int | None = None
    action: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    bot: bool = False


@dataclass
class ReplayResult:
    """What a replay found: ``ok``, or the first divergence with its line number."""

    ok: bool
    actions: int = 0
    match: Match | None = None
    error: str | None = None
    line: int | None = None
    history: list[Step] = field(default_factory=list)
    #: the seats' names as the header gives them ("" for one it does not name)
    names: list[str] = field(default_factory=list)
    #: the file ends in the start of a line and no more (``TORN``): what went before it counts
    torn: bool = False

    @property
    def cut_short(self) -> bool:
        """It reproduces its match as far as it goes, but ends before the match does: the match
        was still in play when the log was last written (a table closed or crashed mid-match,
        and not resumed since). Nothing in it is wrong: it only cannot say who won."""
        return self.ok and self.match is not None and not self.match.is_over

    @property
    def note(self) -> str:
        """Where a log that reproduces stops short, for people (``CUT_SHORT``, ``TORN``, both
        or neither): nothing in it is wrong."""
        return "; ".join([*([CUT_SHORT] if self.cut_short else []), *([TORN] if self.torn else [])])


def replay(path: Path, keep_history: bool = False,
           on_events: Callable[[list[Event], bool], None] | None = None) -> ReplayResult:
    """Play a log's actions through the engine and check every recorded digest; ``on_events``
    is given what the deal and each action caused, as they come, and whether a bot made that
    move for its player (the action's ``bot``)."""
    try:  # each line is JSON, decoded as it is read: one that is not UTF-8 is not JSON either
        with open(path, "rb") as f:  # a pipe too (``replay <(zcat log.gz)``), read as far as the bound
            data = f.read(MOST_BYTES + 1)
    except OSError as e:
        return ReplayResult(False, error=f"cannot read {path}: {e.strerror or e}")
    if len(data) > MOST_BYTES:  # /dev/zero given by mistake read until memory ran out
        return ReplayResult(False, error=f"cannot read {path}: it holds more than {MOST_BYTES // 2**20} MB, "
                                         "more than any match log")
    lines = data.splitlines()
    if not lines:  # the caller names the file: said as the header's problems are
        return ReplayResult(False, error="it is empty", line=1)
    try:
        header = json.loads(lines[0])
    except ValueError:
        return ReplayResult(False, error="its first line is not a match log's header (not JSON)", line=1)
    except RecursionError:
        return ReplayResult(False, error="its first line is not a match log's header (nested too deep)", line=1)
    if not isinstance(header, dict):
        return ReplayResult(False, error="its first line is not a match log's header (not a record of fields)", line=1)
    if "format" not in header:
        return ReplayResult(False, error="its first line is not a match log's header (it names no log format)", line=1)
    if header["format"] not in FORMATS:
        return ReplayResult(False, error=f"its header's log format {quoted(header['format'])} is not one this app reads "
                                         f"({', '.join(map(str, FORMATS))})", line=1)
    wrong_dealer = _no_dealer(header)
    if wrong_dealer:
        return ReplayResult(False, error=wrong_dealer, line=1)
    wrong = _undealt(header)
    if wrong:
        return ReplayResult(False, error=f"its header is not a table this app can deal: {wrong}", line=1)
    try:
        match = new_match(header["game"], header["players"], header.get("preset") or "standard",
                          header["options"], seed=header["seed"], deck=header.get("deck"),
                          dealer=header.get("dealer"))
    except KeyError as e:
        return ReplayResult(False, error=f"its header has no {e.args[0]!r}", line=1)
    except (ValueError, TypeError) as e:
        return ReplayResult(False, error=f"its header is not a table this app can deal: {e}", line=1)
    given = header.get("names")
    # one name a seat, or none trusted: a list of another length (an edited log) would name a
    # seat by another's name
    names = [n if isinstance(n, str) else "" for n in given] \
        if isinstance(given, list) and len(given) == match.players else []
    result = ReplayResult(True, match=match, names=(names + [""] * match.players)[:match.players])
    if keep_history:
        result.history.append(Step(match.clone(), events=[e.to_dict() for e in match.start_events]))
    if on_events is not None:
        on_events(list(match.start_events), False)
    # blank lines after the last record (an editor's, saving the log) hold nothing; one between
    # records is said
    ends_blank = len(lines) > 1 and not lines[-1].strip()
    while len(lines) > 1 and not lines[-1].strip():
        lines.pop()
    for number, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            return _diverged(result, number, f"line {number} is empty")
        try:
            record = json.loads(raw)
        except ValueError as e:
            if number == len(lines) and not data.endswith(b"\n") and not ends_blank:  # a write not finished
                result.torn = True
                return result
            return _diverged(result, number, f"line {number} is {json_where(e)}")
        except RecursionError:
            return _diverged(result, number, f"line {number} is not JSON this app reads (nested too deep)")
        if not isinstance(record, dict):
            return _diverged(result, number, f"line {number} is {NEITHER}: it is not a record of fields")
        if "action" in record:
            seat = record.get("seat")
            if not _is_seat(seat, match.players):
                return _diverged(result, number, f"line {number}: {_no_seat(record, match.players)}")
            if not isinstance(record["action"], str):  # the engine's "an action is a string, not int"
                return _diverged(result, number, f"line {number}: action {json.dumps(record['action'])[:40]} by "
                                                 f"{seats_text([seat], result.names)} is not a move written as text")
            try:
                events = match.apply(record["action"], seat)
            except (IllegalAction, KeyError, TypeError) as e:
                return _diverged(result, number, f"line {number}: action {quoted(record['action'])} by "
                                                 f"{seats_text([seat], result.names)} refused: {e}")
            result.actions += 1
            if on_events is not None:
                on_events(events, record.get("bot") is True)
            if keep_history:
                result.history.append(Step(match.clone(), record["seat"], record["action"],
                                           [e.to_dict() for e in events], record.get("bot") is True))
        elif "winners" in record:
            if record["winners"] != list(match.winners):
                return _diverged(result, number, f"line {number}: {_other_winners(record['winners'], match, result.names)}")
        else:
            return _diverged(result, number, f'line {number} is {NEITHER}: it has no "action"')
        if record.get("state") != state_digest(match):
            return _diverged(result, number, f"line {number}: the match state differs from the log")
    return result


def hand_so_far(path: Path, actions: int | None = None) -> HandSoFar | None:
    """The hand in play in the match a log holds, from its latest deal (the cut for the first
    deal with it), as far as ``actions`` actions; None where the log does not reproduce it."""
    hand = HandSoFar()
    seen = -1  # actions whose events came (the deal's come first, as none)

    def keep(events: list[Event], for_player: bool) -> None:
        nonlocal seen
        seen += 1
        if actions is None or seen <= actions:
            hand.add(seen, events, for_player)

    return hand if replay(path, on_events=keep).ok else None


def _is_seat(seat: object, players: int) -> TypeGuard[int]:
    return whole_number(seat) and 0 <= seat < players


def _from_0(players: int) -> str:
    """How the log numbers its seats, said beside a number of its own that names none of them."""
    return f"a log of {players} seats numbers them 0 to {players - 1}"


def _no_seat(record: dict[str, Any], players: int) -> str:
    """An action whose ``seat`` is none of the table's. The log numbers seats from 0, people from
    1: the log's own number is given as the log has it, and said to be the log's."""
    given = f'its "seat" is {json.dumps(record["seat"])[:40]}' if "seat" in record else 'it has no "seat"'
    return f"action {quoted(record['action'])} is by no seat of this table ({given}; {_from_0(players)})"


def _undealt(header: dict[str, Any]) -> str | None:
    """What keeps the header's own fields from being a table, in plain words, before the engine
    words it for programmers ("seed must be an integer or None, got 'abc'"); None where the
    engine is to judge the rest (a seat count or an option the game does not take)."""
    game, players = header.get("game", next(iter(GAMES))), header.get("players", 0)  # (one missing: said after)
    if not (isinstance(game, str) and game in GAMES):
        return f"the game {json.dumps(game)[:40]} is not one this app has ({', '.join(GAMES)})"
    if not whole_number(players):
        return f"the seat count is not a whole number ({json.dumps(players)[:40]})"
    if "options" in header and not isinstance(header["options"], dict):
        return "the options are not a record of fields"
    if "seed" in header and not whole_number(header["seed"]):
        return f"the seed is not a whole number ({json.dumps(header['seed'])[:40]})"
    return None


def _no_dealer(header: dict[str, Any]) -> str | None:
    """A header's dealer that is none of its table's seats, said as ``_no_seat`` says a move's
    (the engine's "dealer must be a seat from 0 to 3, got 9" numbered seats from 0 unsaid)."""
    dealer, players = header.get("dealer"), header.get("players")
    if dealer is None or not whole_number(players) or players < 1 or _is_seat(dealer, players):
        return None
    return f'its header\'s "dealer" is {json.dumps(dealer)[:40]}, no seat of this table ({_from_0(players)})'


def _other_winners(logged: object, match: Match, names: list[str]) -> str:
    """The match's end as the log gives it against the replay's, its seats numbered from 1 and
    named, as the line of a log that reproduces names them: the log's own list numbers them
    from 0, and "winners [1]" read as the seat everything else calls seat 2."""
    replayed = f"the replay gives {seats_text(match.winners, names)}" if match.is_over \
        else "in the replay the match is not over"
    if not (isinstance(logged, list) and all(_is_seat(seat, match.players) for seat in logged)):
        return (f'its "winners" is {json.dumps(logged)[:40]}, not seats of this table '
                f"({_from_0(match.players)}); {replayed}")
    if match.is_over and sorted(logged) == match.winners:
        return f"the log gives the winners in another order than the replay ({seats_text(match.winners, names)})"
    given = f"the winners as {seats_text(logged, names)}" if logged else "no winners"
    return f"the log gives {given}, but {replayed}"


def seats_text(seats: list[int], names: list[str]) -> str:
    """Seats as people read them, numbered from 1, each with its name where the log gives one,
    a repeated name numbered on ("Ana (seat 1) and Normal bot 2 (seat 3)"), as the host's log
    names them; "" for none."""
    return seats_named(seats, numbered([clean_text(name, 24).strip() for name in names]))


def _diverged(result: ReplayResult, line: int, error: str) -> ReplayResult:
    """``error`` names its line itself, once: "line 2 is empty", "line 4: the match state ..."."""
    result.ok = False
    result.line = line
    result.error = error
    return result
