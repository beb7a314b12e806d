"""The wait for a table's watchers to come back after a drop or a resume, so their return is not told as news."""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

#: seconds a table resumed from its save waits for its watchers once its players are back:
#: their apps retry as the players' do, 5 s apart at most, and a try may take a few seconds
WATCHERS_BACK_WITHIN = 10.0
#: a timer set for the end of a wait fires this much later, so that it never finds it not over
TIMER_SLACK = 0.05


def playing(seat: dict[str, Any]) -> bool:
    """A player (not a bot) is connected in this lobby's seat."""
    return bool(seat.get("name")) and not seat.get("bot") and seat.get("connected") is True


class WatcherWait:
    """The watchers named as this app's connection dropped (or its table was resumed) who are
    not back yet, and until when they are waited for. ``set_timer`` asks for a call, so many
    seconds on, to whoever ends the wait (``timed_out`` then says whether it is over)."""

    def __init__(self, set_timer: Callable[[float], object]) -> None:
        self._set_timer = set_timer
        self.away: Counter[str] = Counter()
        self.until = 0.0
        #: the table came back from its save meanwhile (``over``); and its players are back
        #: since, the watchers' lag (``WATCHERS_BACK_WITHIN``) counted from then
        self.resumed = False
        self.players_back = False
        #: the table's chat numbering as its latest welcome told it, and as it was when this
        #: app's connection dropped: a table resumed from its save numbers its chat afresh
        self.chat_epoch: Any = None
        self.epoch_at_drop: Any = None
        #: the other players connected in their seats as this app's connection dropped (or held
        #: for them by the save this app resumes), (seat, name): when the wait for the watchers
        #: ends once they are all back in them (``over``)
        self.players: list[tuple[int, str]] = []

    def welcome(self, epoch: Any) -> None:
        """A welcome gives the table's chat numbering: another one than at the drop means the
        table came back from its save."""
        self.chat_epoch = epoch
        if self.away and self.chat_epoch != self.epoch_at_drop:
            self.resumed = True

    def after_drop(self, lobby: dict[str, Any], own_seat: int | None, reconnect_for: float) -> None:
        """This app's connection dropped: the watchers at the table then are waited for while
        its app tries to come back. A host that stopped dead and was resumed brings everyone
        back one by one, and a watcher missing from the first lobbies is on the way back, not
        gone (their apps try as long as this one does). When the wait ends, see ``over``;
        a watcher still missing then has gone, and is said to."""
        players = [(i, str(seat["name"])) for i, seat in enumerate(lobby.get("seats") or [])
                   if i != own_seat and playing(seat)]
        self.start(lobby.get("watchers") or [], players, reconnect_for)
        self.epoch_at_drop = self.chat_epoch

    def after_resume(self, table: Any, seconds: float) -> None:
        """This app resumes its table from the save: the watchers the save names come back as
        the players do, and are waited for as the other apps at the table wait for them
        (``after_drop``), not greeted as newcomers. The players waited for are those whose
        seats the save holds for them, the host's own aside."""
        players = [(s.index, s.name) for s in table.seats
                   if s.name and s.bot is None and s.token is not None and s.token != table.host_token]
        self.start(table.watchers_saved, players, seconds, resumed=True)

    def start(self, watchers: list[Any], players: list[tuple[int, str]], seconds: float,
              resumed: bool = False) -> None:
        """Wait for ``watchers`` and ``players`` (seat, name) to be back, ``seconds`` at most;
        ``resumed``: the table is known to come back from its save."""
        self.away = Counter(watchers)
        self.players = players
        self.until = time.monotonic() + seconds
        self.resumed, self.players_back = resumed, False
        if self.away:
            self._set_timer(seconds + TIMER_SLACK)

    def timed_out(self) -> bool:
        """Watchers are still waited for, and their time is up (a later drop waits afresh)."""
        return bool(self.away) and time.monotonic() >= self.until

    def over(self, lobby: dict[str, Any]) -> bool:
        """Whether the watchers held since the drop are waited for no more (``start``). If
        the table ran on meanwhile (its welcome gives the chat numbering it had: the drop was
        this app's own), once every other player seated then is back in their seat: the table
        is as it was. If it came back from its save, the watchers' apps come back as the
        players' do, a try or two behind: ``WATCHERS_BACK_WITHIN`` once the players are back.
        And at the latest when this app would give up. The players back after a resume, a
        timer is set for the lag's end: no lobby may come then."""
        now = time.monotonic()
        if not self.away or now >= self.until:
            return True
        seats = lobby.get("seats") or []
        back = all(i < len(seats) and playing(seats[i]) and str(seats[i]["name"]) == name
                   for i, name in self.players)
        if not self.resumed:
            return back and bool(self.players)
        if back and not self.players_back:
            self.players_back = True
            if now + WATCHERS_BACK_WITHIN < self.until:
                self.until = now + WATCHERS_BACK_WITHIN
                self._set_timer(WATCHERS_BACK_WITHIN + TIMER_SLACK)
        return False

    def through_returns(self, before: list[Any], after: list[Any], over: bool,
                        known: bool = True) -> tuple[list[Any], list[Any]]:
        """The watchers before and after a lobby, those waited for since this app's connection
        dropped counted in both: one not back yet has not stopped watching, and one who comes
        back has not started (they were watching all along); nothing is said of them. Those
        back are waited for no more, nor anyone once the wait is ``over``: those still missing
        then have stopped watching (said, if the lobby names all its watchers: ``known``)."""
        away = self.away
        if not away:
            return before, after
        was, now = Counter(before), Counter(after)
        before = before + list((away - was).elements())
        after = after + list((away - now).elements()) if not over or not known else after
        if over:
            away.clear()
        else:
            away -= now
        return before, after
