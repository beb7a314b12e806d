"""A table link over a real engine match, for driving the table screen without a network:
actions from the screen are applied to the match and the other seats play their first legal
action, the way a host would answer."""
from __future__ import annotations

from typing import Any

from core import Match, new_match


class MatchLink:
    is_host = True

    def __init__(self, match: Match, seat: int = 0, names: list[str] | None = None) -> None:
        self.match = match
        self.seat = seat
        self._names = names or [f"P{i}" for i in range(match.players)]
        self.sent: list[str] = []
        self.chats: list[str] = []
        self.screen: Any = None

    @classmethod
    def new(cls, game: str, players: int, seat: int = 0, **kw: Any) -> "MatchLink":
        return cls(new_match(game, players, **kw), seat)

    @property
    def names(self) -> list[str]:
        return self._names

    def view(self) -> dict[str, Any]:
        return self.match.view(self.seat)

    def others_play(self) -> list[dict[str, Any]]:
        """The other seats act (first legal action) until it is this seat's turn or the end."""
        events: list[dict[str, Any]] = []
        for _ in range(500):
            cur = self.match.current_seat
            if cur is None or cur == self.seat:
                break
            for e in self.match.apply(self.match.legal_actions(cur)[0]):
                events.append(e.for_seat(self.seat))
        return events

    async def act(self, action: str) -> None:
        self.sent.append(action)
        events = [e.for_seat(self.seat) for e in self.match.apply(action, self.seat)]
        events += self.others_play()
        if self.screen is not None:
            self.screen.show(self.view(), events)

    async def chat(self, text: str) -> None:
        self.chats.append(text)
        if self.screen is not None:
            self.screen.add_chat(self._names[self.seat], text)

    async def rematch(self) -> None:
        pass


class StepLink(MatchLink):
    """A link that applies this seat's action and nothing more: the test moves the others one
    play at a time, to stop where it wants (a chance to draw, a key bar at one moment)."""

    async def act(self, action: str) -> None:
        self.sent.append(action)
        self.show(self.match.apply(action, self.seat))

    def step(self) -> None:
        """The seat whose turn it is plays its first legal action."""
        cur = self.match.current_seat
        self.show(self.match.apply(self.match.legal_actions(cur)[0], cur))

    def show(self, events: list[Any]) -> None:
        self.screen.show(self.view(), [e.for_seat(self.seat) for e in events])
