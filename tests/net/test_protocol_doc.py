"""docs/protocol.md's "Views and events" stays complete and true: an outside developer writes a
client from that page alone, so every key a view holds and every event a connection is sent
must be named there, and nothing named there may be missing from the wire.

Seeded random matches of every game and preset are played through the engine, every seat's view
and a watcher's built as the host builds them (``Match.views``) and every event as each of them
is told it (``Event.for_seat``). The test asserts that:
- each top-level view key is in backticks in the first column of the right table: "Every game's
  view" for the keys every game's views have, else the game's own table (its id in the heading);
- the keys of the maps inside a view (``status``, ``leads``, ``plays``; not ``options``, whose
  names are the games' options) are in backticks in that key's row, in either of those tables;
- the keys whose value differs between one seat's view and another's (a watcher's too) are just
  those whose row says "(own)": what the page says of hidden information holds;
- each event kind has a row in the "Events" table, naming every field of that kind in backticks;
- and the reverse: every key in the view tables is one that game's views have, and every kind in
  the events table is one some match gave.
"""
from __future__ import annotations

import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from core import GAMES, new_match

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SECTION = "## Views and events"
COMMON = "Every game's view"
EVENTS = "Events"
SEEDS = (0, 1, 2)
#: seat counts tried in turn for each seed, the first the preset allows
PLAYERS = ((2, 4), (4, 2), (7, 6, 4))
MOST_MOVES = 3000
#: maps inside a view whose keys are the engine's own (``options`` holds the games' options)
NESTED_SKIPPED = {"options"}


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION + "\n")
    end = text.find("\n## ", start + len(SECTION))
    return text[start:] if end < 0 else text[start:end]


def _tables() -> dict[str, list[list[str]]]:
    """Each ``###`` heading of the section with its table's rows (cells), header row left out."""
    tables: dict[str, list[list[str]]] = {}
    heading = ""
    header_seen = False
    for line in _section().splitlines():
        if line.startswith("### "):
            heading, header_seen = line[4:].strip(), False
            continue
        if not line.startswith("|") or not heading:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(set(c) <= set("- :") for c in cells):
            continue  # the separator row
        if not header_seen:
            header_seen = True  # the header row
            continue
        tables.setdefault(heading, []).append(cells)
    return tables


def _ticked(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def _rows_by_key(rows: list[list[str]]) -> dict[str, str]:
    """Each row's key (the one name in backticks in its first cell) with the row's whole text."""
    out: dict[str, str] = {}
    for cells in rows:
        names = _ticked(cells[0])
        assert len(names) == 1, f"a row of docs/protocol.md's {SECTION!r} names no one key: {cells[0]!r}"
        out[names[0]] = out.get(names[0], "") + " | ".join(cells)
    return out


def _game_table(tables: dict[str, list[list[str]]], game: str) -> dict[str, str]:
    found = [rows for heading, rows in tables.items() if f"`{game}`" in heading]
    assert len(found) == 1, f"docs/protocol.md has no one table for {game}'s view (a heading naming `{game}`)"
    return _rows_by_key(found[0])


def _maps_in(value: Any) -> list[dict[str, Any]]:
    """The maps in ``value``: itself, or within its lists (``status``: a list of maps;
    ``plays``: a list of lists of maps)."""
    if isinstance(value, dict):
        return [value]
    if isinstance(value, list):
        return [m for item in value for m in _maps_in(item)]
    return []


class Seen:
    """What the matches showed, by game: view keys, nested keys, seat-dependent keys, events."""

    def __init__(self) -> None:
        self.keys: dict[str, set[str]] = defaultdict(set)
        self.nested: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.own: set[str] = set()
        self.events: dict[str, set[str]] = defaultdict(set)

    def views(self, game: str, views: dict[int | None, dict[str, Any]]) -> None:
        watcher = views[None]
        for seat, view in views.items():
            self.keys[game].update(view)
            for key, value in view.items():
                if key not in NESTED_SKIPPED:
                    for m in _maps_in(value):
                        self.nested[game][key].update(m)
                if seat is not None and value != watcher[key]:
                    self.own.add(key)

    def told(self, events: list[Any], seats: list[int | None]) -> None:
        for e in events:
            for seat in seats:
                told = e.for_seat(seat)
                self.events[told["kind"]].update(k for k in told if k not in ("kind", "seat"))


def _players(info: Any, preset: str, seed: int) -> int:
    for n in PLAYERS[seed % len(PLAYERS)]:
        try:
            info.resolve(n, preset)
        except ValueError:
            continue
        return n
    raise AssertionError(f"{info.id} {preset}: none of {PLAYERS[seed % len(PLAYERS)]} seats will do")


def _play_all() -> Seen:
    seen = Seen()
    for game, info in GAMES.items():
        for preset in info.presets:
            for seed in SEEDS:
                n = _players(info, preset, seed)
                m = new_match(game, n, preset, seed=seed)
                rng = random.Random(seed)
                seats: list[int | None] = [None, *range(n)]
                events = list(m.start_events)
                for _ in range(MOST_MOVES):
                    seen.views(game, m.views(seats))
                    seen.told(events, seats)
                    if m.is_over:
                        break
                    # any seat with something to do, as the host lets it (a Ninety-Nine manual draw)
                    seat = rng.choice([s for s in range(n) if m.legal_actions(s)])
                    events = m.apply(str(rng.choice(m.legal_actions(seat))), seat)
    return seen


_SEEN: Seen | None = None


def seen() -> Seen:
    global _SEEN
    if _SEEN is None:
        _SEEN = _play_all()
    return _SEEN


def test_every_view_key_is_documented_in_its_table() -> None:
    tables = _tables()
    common = _rows_by_key(tables[COMMON])
    s = seen()
    shared = set.intersection(*(s.keys[g] for g in GAMES))
    missing = []
    for game in GAMES:
        own_table = _game_table(tables, game)
        for key in sorted(s.keys[game]):
            where, table = (COMMON, common) if key in shared else (game, own_table)
            if key not in table:
                missing.append(f"{key!r} ({game}) in the table {where!r}")
            nested = s.nested[game].get(key, set())
            rows = common.get(key, "") + own_table.get(key, "")
            missing += [f"{key}'s {sub!r} ({game}) in the row of {key!r}"
                        for sub in sorted(nested) if sub not in _ticked(rows)]
    assert not missing, "docs/protocol.md, Views and events, does not name: " + "; ".join(missing)


def test_the_view_tables_name_only_keys_views_have() -> None:
    tables = _tables()
    s = seen()
    shared = set.intersection(*(s.keys[g] for g in GAMES))
    extra = [f"{key!r} in {COMMON!r}" for key in _rows_by_key(tables[COMMON]) if key not in shared]
    for game in GAMES:
        extra += [f"{key!r} in the {game} table" for key in _game_table(tables, game) if key not in s.keys[game]]
    assert not extra, "docs/protocol.md, Views and events, names keys no view has: " + "; ".join(extra)


def test_the_keys_marked_own_are_those_that_differ_by_seat() -> None:
    tables = _tables()
    views = [_rows_by_key(tables[COMMON]), *(_game_table(tables, game) for game in GAMES)]
    marked = {key for rows in views for key, text in rows.items() if "(own)" in text}
    assert marked == seen().own, (f"keys that differ between seats' views: {sorted(seen().own)}; "
                                  f"marked (own) in docs/protocol.md: {sorted(marked)}")


def test_every_event_kind_and_field_is_documented() -> None:
    rows = _rows_by_key(_tables()[EVENTS])
    missing = []
    for kind, fields in sorted(seen().events.items()):
        if kind not in rows:
            missing.append(f"the kind {kind!r}")
            continue
        named = _ticked(rows[kind])
        missing += [f"{kind}'s field {f!r}" for f in sorted(fields) if f not in named]
    assert not missing, "docs/protocol.md's Events table does not name: " + "; ".join(missing)
    extra = sorted(set(rows) - set(seen().events))
    assert not extra, f"docs/protocol.md's Events table names kinds no match gave: {extra}"
