"""The pieces the hard bot's search is built from: the cheap copy of a sample, the Ninety-Eight
judgement at the first elimination and the Crazy Eights value of a hand's scores."""
from __future__ import annotations

import random
from typing import Any

import pytest

from core import GAMES, Match
from core.actions import DRAW, Action
from core.bots.crazy_eights import _scores_value
from core.bots.ninety_eight import HAND_CHANCE, hand_chance
from core.bots.ninety_eight import STRATEGY as NINETY_EIGHT
from core.games.ninety_nine import total_after as after
from core.bots.ninety_nine import _ROLLOUT_NOW, _ROLLOUT_SAFETY, STATIC, _next_seat, score_play
from core.bots.ninety_nine import STRATEGY as NINETY_NINE
from core.bots.search import race, search
from core.cards import CARD_STR, JACK, RANK
from core.sampling import determinize, search_clone

from .helpers import many_positions


@pytest.mark.parametrize("game", list(GAMES))
def test_search_clone_is_an_independent_equal_copy(game: str) -> None:
    """The copy shows every seat the same view and the same legal actions, and playing on it
    leaves the sample untouched; the same seed replays the same shuffles."""
    rng = random.Random(4)
    for m, seat in many_positions(game, "standard", 4, 15, seed=6):
        d = determinize(m.view(seat), rng)
        before = [d.view(s) for s in range(d.players)]
        c = search_clone(d, 11)
        assert [c.view(s) for s in range(c.players)] == before
        assert [str(a) for a in c.legal_actions(seat)] == [str(a) for a in d.legal_actions(seat)]
        runs = []
        for _ in range(2):
            c = search_clone(d, 11)
            moves = []
            for _ in range(40):
                cur = c.current
                if cur is None or c.is_over:
                    break
                a = c.legal_actions(cur)[0]
                moves.append(str(a))
                c.apply(a, cur)
            runs.append((moves, [c.view(s) for s in range(c.players)]))
        assert runs[0] == runs[1]
        assert [d.view(s) for s in range(d.players)] == before


def test_scores_value_follows_crazy_eights_5_3() -> None:
    """crazy-eights 5.3: the lowest score wins, so a lower score is worth more, and once a seat
    reaches the target the value is the match result itself."""
    assert _scores_value([10, 30, 30, 30], 0, 100) > _scores_value([20, 30, 30, 30], 0, 100) > 0.5
    assert _scores_value([40, 30, 30, 30], 0, 100) < 0.5
    assert _scores_value([90, 100, 95, 99], 0, 100) == 1.0
    assert _scores_value([96, 100, 95, 99], 0, 100) == 0.0
    assert _scores_value([95, 100, 95, 99], 0, 100) == 0.5



@pytest.mark.parametrize("preset,seats", [("standard", 4), ("standard", 3), ("teams", 4), ("teams", 6)])
def test_ninety_eight_search_judges_at_the_first_elimination(preset: str, seats: int) -> None:
    """ninety-eight 5.1-5.3: an elimination starts the total again from 0 and the hand goes on
    among the sides left. The search judges a line there: 0 if my side (my team, 7.2) is the
    one out, else my side's chance of winning the rest of the hand from the sides left and
    the escapes (Kings and tens, 2 and 4.4) it holds then (1 when only mine is left: the hand
    is won); nothing before it."""
    rng = random.Random(9)
    judged = 0
    for m, seat in many_positions("ninety-eight", preset, seats, 60, seed=3):
        view = m.view(seat)
        mine = next((set(g) for g in view["teams"] or [] if seat in g), {seat})
        sides = len({m.unit_of[s] for s in range(m.players) if m.in_hand[s]})  # type: ignore[attr-defined]
        c = search_clone(m, 5)
        ctx: dict = {"match": c}
        for _ in range(400):
            cur = c.current
            if cur is None or c.is_over:
                break
            events = c.apply(rng.choice(c.legal_actions(cur)), cur)
            value = NINETY_EIGHT.watch(events, seat, view, ctx)
            out = [e.seat for e in events if e.kind == "eliminated"]
            if not out:
                assert value is None
                continue
            if mine & set(out):
                assert value == 0.0
            elif sides - 1 <= 1:
                assert value == 1.0
            else:
                escapes = [CARD_STR[x][0] for s in mine if c.in_hand[s] for x in c.hands[s]]
                n = sum(1 for r in escapes if r in "KT")
                assert value == hand_chance(sides - 1, n)
            judged += 1
            break
    assert judged >= 50


def test_ninety_eight_hand_chance_rises_with_escapes() -> None:
    """ninety-eight 4.4 and rules 8: a King or a ten is the way out near the limit, so a side
    holding more of them is likelier to win the rest of the hand, with any number of sides
    left; with more sides each has less."""
    for sides in range(2, 8):
        row = [hand_chance(sides, e) for e in range(4)]
        assert row[0] < row[1] < row[2] == row[3]
        assert all(0.0 < x < 1.0 for x in row)
    for e in range(3):
        assert hand_chance(2, e) > hand_chance(3, e) > hand_chance(4, e) > hand_chance(7, e)
    assert sorted(HAND_CHANCE) == [2, 3]


def test_race_drops_only_candidates_clearly_behind() -> None:
    """The leader and the rule-based choice always stay; a candidate the leader beats on every
    deal goes; one that is level on average (noisy pairs) stays."""
    rng = random.Random(3)
    lead = [0.6 + rng.uniform(-0.2, 0.2) for _ in range(40)]
    behind = [v - 0.3 for v in lead]                                  # beaten on every deal
    level = [v + rng.choice((-0.25, 0.25)) for v in lead]             # as good on average, noisy
    prior = [v - 0.3 for v in lead]                                   # behind too, but kept
    values = [prior, lead, behind, level]
    assert race(values, [0, 1, 2, 3], keep=0, z=2.5) == [0, 1, 3]
    # equal values: nothing is behind
    assert race([lead, list(lead), list(lead)], [0, 1, 2], keep=0, z=2.5) == [0, 1, 2]
    # dropped candidates stay dropped: only the active ones are compared
    assert race(values, [0, 1, 3], keep=0, z=2.5) == [0, 1, 3]


def test_ninety_nine_search_drops_losing_plays_and_keeps_its_choice() -> None:
    """ninety-nine 3.3: where one play reaches 99 (the others lose 2 chips) and another goes
    over (2 chips of mine), the race stops searching the losing play early, so the search
    costs fewer rollouts than every candidate on every deal, and it still plays for 99."""
    iterations = 80
    found = 0
    for m, seat in many_positions("ninety-nine", "standard", 4, 3000, seed=12):
        if seat != m.current_seat or m.legal_actions(seat) == [] or found >= 5:
            continue
        legal = m.legal_actions(seat)
        o = m.total  # type: ignore[attr-defined]
        ends = [after(o, RANK[a.card], a.value) for a in legal]
        if 99 not in ends or not any(t > 99 for t in ends) or any(a.kind == DRAW for a in legal):
            continue
        view = m.view(seat)
        counting = _CountingNinetyNine()
        pick = search(counting, view, legal, random.Random(found), iterations=iterations)
        assert ends[pick] == 99
        assert counting.rollouts < len(NINETY_NINE.candidates(view, legal)) * iterations
        found += 1
    assert found == 5


class _CountingNinetyNine(type(NINETY_NINE)):  # type: ignore[misc]
    """The real strategy, counting the rollouts it is asked to judge."""

    rollouts = 0

    def watch(self, events: list[Any], seat: int, view: dict[str, Any], ctx: dict[str, Any]) -> float | None:
        if "counted" not in ctx:
            ctx["counted"] = True
            self.rollouts += 1
        return super().watch(events, seat, view, ctx)


def test_ninety_nine_rollout_scores_match_the_rule_based_scoring() -> None:
    """The rollout keeps the parts of its scores in tables: over many positions it picks
    exactly what scoring every play afresh picks, with the same random draws, and the tables
    stay small."""
    checked = 0
    for m, seat in many_positions("ninety-nine", "standard", 4, 400, seed=8):
        legal = m.legal_actions(seat)
        if len(legal) < 2 or any(a.kind == DRAW for a in legal):
            continue
        got = NINETY_NINE.rollout(m, seat, legal, random.Random(checked))
        want = _score_afresh(m, seat, legal, random.Random(checked))
        assert got == want, (m.total, [str(a) for a in legal])  # type: ignore[attr-defined]
        checked += 1
    assert checked > 200
    assert len(_ROLLOUT_NOW) <= 99 * 15 * 4 * 3 and len(_ROLLOUT_SAFETY) <= 99 * 92


def _score_afresh(m: Match, seat: int, legal: list[Action], rng: random.Random) -> Action:
    o = m.total  # type: ignore[attr-defined]
    hand = [RANK[c] for c in m.hands[seat]]
    best, best_score = legal[0], -99.0
    for a in legal:
        rank = RANK[a.card]
        d = -m.direction if rank == 3 else m.direction
        nxt = _next_seat(m, seat, d)
        if rank == JACK:
            nxt = _next_seat(m, nxt, d)
        kept = list(hand)
        kept.remove(rank)
        k = 0 if nxt == seat else len(m.hands[nxt]) or 1
        sc = score_play(o, rank, a.value, kept, k, m.chips[seat], STATIC) + rng.random() * 0.05  # type: ignore[attr-defined]
        if sc > best_score:
            best, best_score = a, sc
    return best



def test_crazy_eights_search_stops_at_its_deal_cap_under_a_budget() -> None:
    """With time to spare the Crazy Eights search samples ``max_deals`` deals and no more (more
    deals were measured to play worse), and so chooses what a search of exactly that many
    deals chooses from the same random state."""
    from core.bots.crazy_eights import STRATEGY as CRAZY_EIGHTS

    cap = CRAZY_EIGHTS.max_deals
    found = 0
    for m, seat in many_positions("crazy-eights", "standard", 4, 400, seed=21):
        if seat != m.current_seat or found >= 3:
            continue
        legal = m.legal_actions(seat)
        view = m.view(seat)
        if len(CRAZY_EIGHTS.candidates(view, legal)) < 2:
            continue
        count = [0]

        def deal(v: dict[str, Any], r: random.Random) -> Match:
            count[0] += 1
            return determinize(v, r)

        pick = search(CRAZY_EIGHTS, view, legal, random.Random(found), budget=20.0, deal=deal)
        assert count[0] == cap
        assert pick == search(CRAZY_EIGHTS, view, legal, random.Random(found), iterations=cap, deal=determinize)
        found += 1
    assert found == 3
