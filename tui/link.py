"""What a table screen needs from whatever connects it to a table: the player's seat, the seat
names, and ways to act and chat. ``session.TableSession`` provides it over ``net.client``."""
from __future__ import annotations

from typing import Protocol


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
