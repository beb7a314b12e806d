"""What a table screen needs from whatever connects it to a table: the player's seat, the seat
names, and ways to act and chat. ``session.TableSession`` provides it over ``net.client``."""
from __future__ import annotations

from typing import Any, Protocol

from core.whole import whole_number

from .seatnames import listed_seat


class TableLink(Protocol):
    @property
    def seat(self) -> int | None: ...

    @property
    def is_host(self) -> bool: ...

    @property
    def names(self) -> list[str]: ...

    async def act(self, action: str) -> None: ...

    async def chat(self, text: str) -> None: ...

    async def rematch(self) -> None: ...  # the host starts it; a guest's ready says ready or asks the host

    async def step_away(self, away: bool) -> None: ...  # a bot plays the seat meanwhile (``away``)


#: what R reads at the end of a match (``rematch_words``): the screens' key bars hold one
#: binding per wording and show the one that applies
REMATCH_WORDS = ("Rematch", "Ready for a rematch", "Ask for a rematch", "Rematch asked")


def rematch_words(link: Any) -> str | None:
    """What R does for ``link`` at the end of a match, as the results' button reads: the host's
    rematch, a player's ready at a table that starts on ready, a guest's ask of the host whose
    rematch it is (once asked, that it has been: R says so again); None where it does nothing
    (a watcher)."""
    if getattr(link, "is_host", False):
        return REMATCH_WORDS[0]
    if getattr(link, "rematch_by_ready", False):
        return REMATCH_WORDS[1]
    if getattr(link, "asks_rematch", False):
        return REMATCH_WORDS[3 if _own_seat_ready(link) else 2]
    return None


def _own_seat_ready(link: Any) -> bool:
    """The link's seat is ready in its latest lobby: after a match, its rematch asked for."""
    return bool((listed_seat(getattr(link, "lobby", None), getattr(link, "seat", None)) or {}).get("ready"))


def setup_of(lobby: dict[str, Any] | None) -> int | None:
    """The host's setup of the table as ``lobby`` gives it, which a ready names (a host that has
    set the table up anew since refuses it); None from a host that sends none."""
    setup = (lobby or {}).get("setup")
    return setup if whole_number(setup) else None
