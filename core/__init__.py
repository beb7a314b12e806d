"""Deal Me In's pure game engine: no I/O, no clock, no global random state.

The surface is ``../shared/rules/engine-contract.md``: ``GAMES``, ``new_match``, ``Match``,
``IllegalAction``, ``Action`` and ``Event``. Added to it here: ``GAMES[g].teams(players, preset,
options)``, the partnerships a table will play in before its match is dealt (what
``view["teams"]`` gives once it is), for a lobby to show.
"""
from .actions import Action
from .errors import IllegalAction
from .events import Event
from .match import Match
from .registry import GAMES, new_match

__all__ = ["GAMES", "new_match", "Match", "IllegalAction", "Action", "Event"]
