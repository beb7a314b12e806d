"""The engine contract (shared/rules/engine-contract.md) for every game in ``core.GAMES``:
the names and their meanings, the game descriptions, and bad input that changes nothing."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core import GAMES, Action, Event, IllegalAction, Match, new_match
from core.cards import CARD_STR
from core.match import BASE_ADDED

GAME_IDS = list(GAMES)
STATUS_KEYS = {"in_hand", "out", "penalties", "lives", "chips", "score", "count"}


def started(game: str, players: int | None = None, seed: int = 3, moves: int = 5) -> Match:
    """A match a few random actions in."""
    m = new_match(game, players or max(GAMES[game].min_players, 3), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over:
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


def plain(value: Any) -> bool:
    if value is None or isinstance(value, (str, int, bool)):
        return True
    if isinstance(value, list):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


# ------------------------------------------------------------------ names and meanings
def test_front_door_names() -> None:
    """engine contract: GAMES, new_match, IllegalAction (a ValueError), Match, Action, Event."""
    for name in ("GAMES", "new_match", "IllegalAction", "Match", "Action", "Event"):
        assert hasattr(core, name)
    assert issubclass(IllegalAction, ValueError)
    assert {"ninety-eight", "ninety-nine", "crazy-eights"} >= set(GAMES) and "ninety-eight" in GAMES


@pytest.mark.parametrize("game", GAME_IDS)
def test_reading_a_match(game: str) -> None:
    """engine contract, Reading a match: every name exists with its meaning."""
    m = started(game)
    n = m.players
    assert m.game == game and isinstance(m.options, dict)
    assert m.options == GAMES[game].resolve(n, "standard")
    cur = m.current_seat
    assert cur is not None and 0 <= cur < n and not m.is_over
    assert m.legal_actions() == m.legal_actions(cur) and m.legal_actions()
    assert all(isinstance(a, Action) for a in m.legal_actions())
    for s in range(n):
        assert all(c in CARD_STR for c in m.hand(s))
        st_ = m.status(s)
        assert {"in_hand", "out"} <= set(st_) <= STATUS_KEYS
    if game in ("ninety-eight", "ninety-nine"):
        assert isinstance(m.total, int)
    else:
        assert m.total is None
    if game == "crazy-eights":
        assert m.suit is None or m.suit in "SHDC"
    else:
        assert m.suit is None
    assert m.top is None or m.top in CARD_STR
    assert m.direction in (1, -1)
    assert 0 <= m.dealer < n and m.hand_number >= 1
    assert isinstance(m.stock_count, int) and m.stock_count >= 0
    assert m.winners == []
    for seat in [None, *range(n)]:
        v = m.view(seat)
        assert plain(v) and json.loads(json.dumps(v)) == v
        assert v["seat"] == seat and v["current_seat"] == cur
        assert v["hand"] == (m.hand(seat) if seat is not None else [])
        assert v["hand_counts"] == [len(m.hand(s)) for s in range(n)]
        assert v["stock_count"] == m.stock_count and v["top"] == m.top
        assert all(r is None or r in "A23456789TJQK" for row in v["cut"] for r in row)
    data = m.snapshot()
    assert isinstance(data, bytes) and data == m.snapshot()
    r = Match.restore(data)
    assert type(r) is type(m) and r.view(cur) == m.view(cur)


@pytest.mark.parametrize("game", GAME_IDS)
def test_acting_returns_events_and_ends(game: str) -> None:
    """engine contract, Acting: apply takes an action or its string and returns events; after
    apply the current seat has a choice; at the end current_seat is None and winners are set."""
    m = new_match(game, GAMES[game].min_players, seed=9)
    rng = random.Random(9)
    for i in range(20000):
        if m.is_over:
            break
        a = rng.choice(m.legal_actions())
        events = m.apply(str(a) if i % 2 else a)
        assert isinstance(events, list) and events and all(isinstance(e, Event) for e in events)
        for e in events:
            assert plain(e.for_seat(None)) and plain(e.to_dict())
        assert m.is_over or m.legal_actions()
    assert m.is_over and m.current_seat is None and m.winners
    assert all(0 <= s < m.players for s in m.winners)
    assert "match_over" in [e.kind for e in events]


# ------------------------------------------------------------------ game descriptions
def _resolves(info: Any, players: int, preset: str) -> bool:
    try:
        info.resolve(players, preset)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("game", GAME_IDS)
def test_game_info(game: str) -> None:
    """engine contract GAMES[...]: display name, seat range, presets with one-line
    descriptions, options with type, allowed values, default and description."""
    info = GAMES[game]
    assert info.id == game and info.name and info.summary
    assert 2 <= info.min_players <= info.max_players <= 8
    assert "standard" in info.presets
    for name, p in info.presets.items():
        assert p.name == name and p.description and "\n" not in p.description
        assert set(p.options) <= set(info.options)
        assert any(_resolves(info, n, name) for n in range(info.min_players, info.max_players + 1))
    for name, o in info.options.items():
        assert o.name == name and o.description and "\n" not in o.description
        assert o.kind in ("int", "choice", "bool")
        assert o.coerce(o.default) == o.default
        d = o.to_dict()
        assert d["name"] == name and d["kind"] == o.kind and d["default"] == o.default and d["description"]
        if o.kind == "choice":
            assert d["choices"] and o.default in d["choices"]
        if o.kind == "int":
            assert d["min"] <= d["max"]
            assert o.default in d["specials"] or d["min"] <= o.default <= d["max"]
    d = info.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["name"] == info.name and d["min_players"] == info.min_players and d["max_players"] == info.max_players
    assert [p["name"] for p in d["presets"]] == list(info.presets)
    assert all(p["description"] for p in d["presets"])


# ------------------------------------------------------------------ bad input to a match
@pytest.mark.parametrize("game", GAME_IDS)
def test_malformed_strings_raise_and_change_nothing(game: str) -> None:
    """engine contract: a malformed string raises IllegalAction and leaves the match unchanged."""
    m = started(game)
    data = m.snapshot()
    legal = {str(a) for a in m.legal_actions()}

    @settings(max_examples=150, database=None)
    @given(text=st.one_of(st.text(max_size=20), st.from_regex(r"(JK|10|[A2-9TJQKX])[SHDCX]?([+-]\d{1,4})?(=[SHDCX])?!?", fullmatch=True)))
    def run(text: str) -> None:
        r = Match.restore(data)
        before = r.snapshot()
        try:
            r.apply(text)
        except IllegalAction:
            assert r.snapshot() == before
            return
        except Exception as e:  # pragma: no cover - reported as a failure
            raise AssertionError(f"{text!r} raised {type(e).__name__}, not IllegalAction") from e
        a = Action.parse(text)  # accepted: a legal action, or a card whose only legal value was left out
        same_card = [b for b in m.legal_actions() if (b.card, b.suit, b.announce) == (a.card, a.suit, a.announce)]
        assert str(a) in legal or (a.value is None and len(same_card) == 1)

    run()


@pytest.mark.parametrize("game", GAME_IDS)
def test_illegal_well_formed_actions_raise_and_change_nothing(game: str) -> None:
    """engine contract: a well-formed action that is not legal now raises IllegalAction."""
    m = started(game)
    data = m.snapshot()
    legal = {str(a) for a in m.legal_actions()}
    tried = 0
    candidates = [*CARD_STR, "draw", "pass", "AS+5", "TH+3", "8C=H", "5H!", "KS+1"]
    for text in candidates:
        if text in legal:
            continue
        try:
            m.apply(text)
        except IllegalAction:
            tried += 1
            assert m.snapshot() == data
            continue
        # accepted: it must be an abbreviation of exactly one legal action (an ace with one value)
        m = Match.restore(data)
    assert tried > len(CARD_STR) // 2


@pytest.mark.parametrize("game", GAME_IDS)
def test_wrong_seat_and_bad_seat(game: str) -> None:
    """engine contract: an action for a seat that may not take it raises IllegalAction."""
    m = started(game)
    data = m.snapshot()
    cur = m.current_seat
    assert cur is not None
    for s in range(m.players):
        if s == cur:
            continue
        theirs = {str(a) for a in m.legal_actions(s)}
        for a in m.legal_actions():
            if str(a) not in theirs:
                with pytest.raises(IllegalAction):
                    m.apply(a, seat=s)
                assert m.snapshot() == data
    for bad in (-1, m.players, "0", True, 1.0):
        with pytest.raises(IllegalAction):
            m.apply(m.legal_actions()[0], seat=bad)  # type: ignore[arg-type]
        assert m.snapshot() == data
    with pytest.raises(IllegalAction):
        m.legal_actions(m.players)
    with pytest.raises(IllegalAction):
        m.apply(12345)  # type: ignore[arg-type]
    assert m.snapshot() == data


@pytest.mark.parametrize("game", GAME_IDS)
def test_actions_after_the_match_is_over(game: str) -> None:
    """engine contract: after the end every action raises IllegalAction and changes nothing."""
    m = new_match(game, GAMES[game].min_players, seed=4)
    rng = random.Random(4)
    seen: list[Action] = []
    for _ in range(20000):
        if m.is_over:
            break
        a = rng.choice(m.legal_actions())
        seen.append(a)
        m.apply(a)
    assert m.is_over
    data = m.snapshot()
    for a in seen[-10:] + ["draw", "pass"]:
        for seat in (None, 0):
            with pytest.raises(IllegalAction):
                m.apply(a, seat=seat)
    assert m.snapshot() == data and m.legal_actions() == []


# ------------------------------------------------------------------ bad input to new_match
@pytest.mark.parametrize("game", GAME_IDS)
def test_bad_creation_names_the_culprit(game: str) -> None:
    """engine contract, Creating a match: ValueError naming the unknown game, preset, option,
    the value out of range, the players, the dealer, the deck or the seed."""
    info = GAMES[game]
    n = info.min_players if info.min_players >= 3 else 4
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": info.max_players + 1}, "players"),
        ({"players": info.min_players - 1}, "players"),
        ({"players": "4"}, "players"),
        ({"preset": "no-such-preset"}, "no-such-preset"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"options": ["limit"]}, "options"),
        ({"dealer": n}, "dealer"),
        ({"dealer": -1}, "dealer"),
        ({"dealer": "0"}, "dealer"),
        ({"deck": ["AS"] * 52}, "deck"),
        ({"deck": ["XX"]}, "deck"),
        ({"deck": "AS 2S"}, "deck"),
        ({"seed": "seven"}, "seed"),
    ]
    for name, o in info.options.items():
        if o.kind == "int":
            cases.append(({"options": {name: o.max + 1}}, name))  # type: ignore[operator]
        elif o.kind == "choice":
            cases.append(({"options": {name: "no-such-choice"}}, name))
        else:
            cases.append(({"options": {name: "maybe"}}, name))
    for kwargs, culprit in cases:
        args = {"players": n, "seed": 1, **kwargs}
        with pytest.raises(ValueError, match=culprit):
            new_match(game, **args)
    with pytest.raises(ValueError, match="no-such-game"):
        new_match("no-such-game", 4)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_huge_bad_value_is_named_cut_short(game: str) -> None:
    """engine contract, Creating a match: the ValueError names the culprit, but repeats at most
    a few dozen characters of a bad value: a host sends the reason back over a frame of bounded
    size, and a 250 KB reason broke that frame (and logged a traceback as long)."""
    info = GAMES[game]
    n = info.min_players if info.min_players >= 3 else 4
    huge = "\x07" * 100_000
    cases: list[dict[str, Any]] = [{"preset": huge}, {"options": {huge: 1}}, {"players": [huge]},
                                   {"dealer": huge}, {"seed": huge}]
    cases += [{"options": {name: [huge] * 4}} for name in info.options]
    for kwargs in cases:
        with pytest.raises(ValueError) as raised:
            new_match(game, **{"players": n, "seed": 1, **kwargs})
        said = str(raised.value)
        assert len(said) < 300 and "\\x07\\x07" in said and said.count("\\x07") <= 10, (kwargs, said[:300])
    with pytest.raises(ValueError) as raised:
        new_match(huge, 4)
    assert len(str(raised.value)) < 300


@pytest.mark.parametrize("game", GAME_IDS)
def test_deck_must_be_a_permutation(game: str) -> None:
    """engine contract deck: a permutation of the full deck(s), or ValueError."""
    m = new_match(game, 4, seed=1)
    full = [CARD_STR[c] for c in m.full_deck()]
    random.Random(2).shuffle(full)
    ok = new_match(game, 4, deck=full, dealer=0, seed=1)
    assert ok.hand(1)[0] == full[0]
    for bad in (full[:-1], full + [full[0]], full[:-1] + [full[0]]):
        with pytest.raises(ValueError, match="deck"):
            new_match(game, 4, deck=bad, dealer=0, seed=1)


# ------------------------------------------------------------------ notation
def test_notation_examples() -> None:
    """engine contract notation table: every form parses and prints canonically."""
    for text in ("7D", "AS+1", "AS+11", "TH+10", "TH-10", "8C=H", "JK=S", "5H!", "8C=H!", "draw", "pass"):
        assert str(Action.parse(text)) == text
        assert str(Action.parse(text.lower())) == text
        assert Action.parse(f"  {text} ") == Action.parse(text)
    assert Action.parse("10h+10") == Action.parse("TH+10")
    assert Action.parse("10H-10") == Action.parse("th-10")
    assert str(Action.parse("10s")) == "TS"
    assert Action.parse("DRAW") == Action.parse("draw")


@pytest.mark.parametrize("text", ["", "7", "7X", "1S", "11S", "JKS", "AS+", "8C=", "8C=X", "Q", "drawn", "7D!!",
                                  "AS++1", "10", "7D 8D", "pas", "AS+1111"])
def test_notation_malformed(text: str) -> None:
    """engine contract notation: a malformed string is IllegalAction (a ValueError)."""
    with pytest.raises(IllegalAction):
        Action.parse(text)


@pytest.mark.parametrize("game", GAME_IDS)
def test_notation_round_trips_every_legal_action(game: str) -> None:
    """engine contract notation: str is canonical; parse(str(a)) == a, also lower-case and with 10
    for T, for every action legal_actions returns across presets and table sizes."""
    info = GAMES[game]
    seen: set[Action] = set()
    for i, preset in enumerate(info.presets):
        for players in (info.min_players, 4, info.max_players):
            try:
                info.resolve(players, preset)
            except ValueError:
                continue
            m = new_match(game, players, preset=preset, seed=i * 10 + players)
            rng = random.Random(i)
            for _ in range(3000):
                if m.is_over:
                    break
                for s in range(players):
                    seen.update(m.legal_actions(s))
                seat = m.current_seat
                m.apply(rng.choice(m.legal_actions()))
                assert seat is not None
    assert seen
    for a in seen:
        text = str(a)
        assert Action.parse(text) == a
        assert Action.parse(text.lower()) == a
        assert Action.parse(text.replace("T", "10", 1) if text.startswith("T") else text) == a
        assert text == text.strip() and (text in ("draw", "pass") or text == text.upper())


@pytest.mark.parametrize("game", GAME_IDS)
def test_restore_refuses_a_damaged_snapshot_with_a_value_error(game: str) -> None:
    """engine contract, snapshot / restore: bytes that are not a whole snapshot are refused with
    a ValueError that names what is wrong (a missing field, a garbled random state)."""
    m = new_match(game, GAMES[game].min_players, seed=3)
    state = json.loads(m.snapshot())
    added = {**BASE_ADDED, **type(m).STATE_ADDED}  # fields newer than the first snapshots: older ones lack them
    for field in [k for k in state if k != "game" and k not in added]:
        damaged = dict(state)
        del damaged[field]
        with pytest.raises(ValueError, match="not a match snapshot"):
            Match.restore(json.dumps(damaged).encode())
    for field in added:  # an older snapshot restores, the field at its start value
        older = {k: v for k, v in state.items() if k != field}
        assert Match.restore(json.dumps(older).encode()).view(0) == m.view(0)
    for rng in ([1, [0] * 3, None], "garbled", [3, 4], [3, [2**70] * 625, None], {"keyed": "00"}):
        with pytest.raises(ValueError, match="not a match snapshot"):
            Match.restore(json.dumps({**state, "rng": rng}).encode())
    assert Match.restore(m.snapshot()).view(0) == m.view(0)  # the whole one still restores


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_seed_is_a_fresh_unpredictable_one(game: str) -> None:
    """engine-contract, Creating a match: ``seed=None`` means a fresh unpredictable seed. Five
    matches made without one make five different deals (every seat's hand; two alike by chance
    is far less likely than one in a billion), where one seed deals the same every time."""

    def deal(m: Match) -> tuple:
        return tuple(tuple(m.view(seat)["hand"]) for seat in range(4))

    assert len({deal(new_match(game, 4, seed=None)) for _ in range(5)}) == 5
    assert len({deal(new_match(game, 4, seed=11)) for _ in range(5)}) == 1
