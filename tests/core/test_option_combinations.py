"""The properties of ``test_properties`` under any mix of options, not only the presets: each
option left out or given a value from its range (its ends and the words it takes, such as
``auto``, more often than the middle), over random table sizes. A mix the game refuses is a
``ValueError`` that names an option or the seats; every other mix plays keeping the invariants,
with views that hide the other hands and a snapshot that restores to the same match.

The presets' matches always end (``test_properties``); a mix need not, since the rules let a
hand go round for ever where few cards are left to draw: Ninety-Eight to 999 at seven seats of
seven cards, two seats left trading Kings and tens while three cards go round (a **Decision**
the rules do not have yet, as for Crazy Eights' endless circles). So a mix is played for at most
``ACTIONS`` actions, and most of them must end within that."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core import GAMES, Match, new_match
from core.options import Option

from .test_properties import MATCH_SEEDS, NO_SHRINK, SEEDS, check_view, play

#: random matches per game, each of its own mix of options
MATCHES = 180
#: every this many actions, every seat's view is checked and the match restored from its snapshot
CHECK_EVERY = 40
#: actions a mix is played for at the most (the presets' longest random matches take some 15,000)
ACTIONS = 20_000


def values(option: Option) -> st.SearchStrategy[Any]:
    """A value of ``option``'s domain, its ends and words weighted up."""
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    assert option.min is not None and option.max is not None
    ends = st.sampled_from([option.min, option.max, *option.specials])
    near = st.integers(option.min, min(option.max, option.min + 12))
    return st.one_of(ends, near, st.integers(option.min, option.max))


def mixes(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Any subset of the game's options, each with a value of its own."""
    options = GAMES[game].options
    chosen = {name: st.one_of(st.none(), values(o)) for name, o in options.items()}
    return st.fixed_dictionaries(chosen).map(lambda d: {k: v for k, v in d.items() if v is not None})


@pytest.mark.parametrize("game", list(GAMES))
def test_any_mix_of_options_plays_to_its_end(game: str) -> None:
    """Engine contract: ``new_match`` takes any options within their ranges or refuses the mix
    with a reason; a match it takes keeps every invariant, shows no seat another's hand, and
    restores from its snapshot to the same match, views included; most end within ``ACTIONS``."""
    info = GAMES[game]
    sizes = list(range(max(2, info.min_players), min(8, info.max_players) + 1))
    played: list[bool] = []  # per mix played: it ended

    @settings(max_examples=MATCHES, database=None, phases=NO_SHRINK, report_multiple_bugs=False, deadline=None)
    @given(options=mixes(game), players=st.sampled_from(sizes), seed=MATCH_SEEDS, play_seed=SEEDS)
    def run(options: dict[str, Any], players: int, seed: int, play_seed: int) -> None:
        try:
            m = new_match(game, players, options=options, seed=seed)
        except ValueError as e:  # a mix the game refuses says what is wrong with it
            said = str(e).lower()
            assert any(name in said for name in options) or "seat" in said or "player" in said, said
            assume(False)
            return
        count = 0

        def each(seat: int, action: Any, events: Any) -> None:
            nonlocal count
            count += 1
            if count % CHECK_EVERY == 0 or m.is_over:
                for s in [None, *range(players)]:
                    check_view(m, s)
                twin = Match.restore(m.snapshot())
                assert [twin.view(s) for s in range(players)] == [m.view(s) for s in range(players)]

        play(m, random.Random(play_seed), each, ACTIONS, invariants=True)
        played.append(m.is_over)

    run()
    assert len(played) >= MATCHES // 2, f"only {len(played)} of {MATCHES} mixes could be played"
    assert sum(played) >= 0.9 * len(played), f"{len(played) - sum(played)} of {len(played)} mixes did not end"
