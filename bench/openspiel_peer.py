"""OpenSpiel's ``crazy_eights`` as a speed peer: the same random-playout loop driven from Python.

``bench/engine.py`` loads ``run_openspiel`` from here. OpenSpiel plays one hand per game, deals
through chance nodes and names a wild suit as a separate action; the parameters below are the
closest it has to our ``standard`` preset. Install it with ``pip install -e '.[bench]'``.

    python bench/openspiel_peer.py [--players 4] [--seconds 2]
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

#: games are cut off by OpenSpiel after this many turns; high enough that hands end by going out
MAX_TURNS = 10_000
#: OpenSpiel caps draws per turn; ours are unlimited in ``standard``: a cap no turn reaches
MAX_DRAW_CARDS = 52


def params_for(players: int) -> dict[str, Any]:
    """OpenSpiel parameters closest to our ``standard`` preset at ``players`` seats."""
    return {
        "players": players,
        "max_draw_cards": MAX_DRAW_CARDS,
        "max_turns": MAX_TURNS,
        "use_special_cards": False,
        "reshuffle": True,
    }


def run_openspiel(players: int, seconds: float, seed: int = 0) -> dict[str, Any] | None:
    """Random legal playouts for about ``seconds``; ``None`` when ``pyspiel`` is not importable.

    ``actions_per_s`` counts player decisions (plays, draws, passes and suit nominations, as
    ``state.apply_action`` on a player node); the dealing and drawing done through chance nodes
    is sampled and timed too, and counted apart in ``chance_per_s``.
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    params = params_for(players)
    game = pyspiel.load_game("crazy_eights", params)
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices
    games = actions = chance = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "actions_per_s": actions / elapsed,
        "chance_per_s": chance / elapsed,
        "games_per_s": games / elapsed,
        "games": games,
        "params": params,
        "version": getattr(pyspiel, "__version__", None),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4, help="seats, 2 to 8 (default 4)")
    p.add_argument("--seconds", type=float, default=2.0, help="seconds to play (default 2)")
    args = p.parse_args(argv)
    if not 2 <= args.players <= 8 or args.seconds <= 0:
        p.error("--players must be 2 to 8 and --seconds positive")
    r = run_openspiel(args.players, args.seconds)
    if r is None:
        print("pyspiel is not importable: pip install -e '.[bench]'")
        return 1
    print(f"OpenSpiel crazy_eights, {args.players} players: {r['actions_per_s']:,.0f} player actions/s, "
          f"{r['chance_per_s']:,.0f} chance actions/s, {r['games_per_s']:,.1f} games/s ({r['params']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
