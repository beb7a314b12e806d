"""Who came and who went between two lobbies of one table, as lines for its log: the seat list
shows where everyone is now, these lines say what changed while you looked elsewhere."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

from .leavewords import keeps_no_seat, kept_for
from .plain import clean
from .seatnames import is_standin, lobby_names, watcher_names


class Change(NamedTuple):
    """One coming or going: ``kind`` is sits, moves, leaves, away, back, bot (a bot took the
    seat of a player who did not come back), stands (left a seat to watch), watches, unwatches,
    ready (said they are ready, or no longer), asks or unasks (a rematch, after a match whose
    host starts the next); ``text`` says it."""
    kind: str
    text: str
    #: whom a watcher's line is of, as the lobby lists them (a name, not numbered): one app
    #: tells a watcher's going only where it told their coming (``tui.comingstold``)
    who: str = ""


def _human(seat: dict[str, Any]) -> str | None:
    """The name of the player holding a seat; None for an open seat or a bot's (a bot that took
    a player's seat keeps that player's name, which is how its taking over is told)."""
    name = seat.get("name")
    return clean(str(name), 24) if name and not seat.get("bot") else None


def _names(watchers: Iterable[Any]) -> Counter[str]:
    return Counter(clean(str(w), 24) for w in watchers if w)


def _as_shown(which: Counter[str], watchers: Iterable[Any], seats: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The watchers counted in ``which`` as the lobby's line names them (``watcher_names``):
    "Ana 2" where Ana sits, each after its name. Of several watchers under one name, the latest
    are the ones meant."""
    names = [w for w in watchers if w]
    forms: dict[str, list[str]] = {}
    for raw, shown in zip((clean(str(w), 24) for w in names), watcher_names(names, seats)):
        forms.setdefault(raw, []).append(shown)
    return sorted(((shown, name) for name, n in (+which).items() for shown in forms.get(name, [])[-n:]))


def comings_and_goings(before: list[dict[str, Any]], after: list[dict[str, Any]],
                       own_seats: set[int | None],
                       watchers: tuple[Iterable[Any], Iterable[Any]] = ((), ()),
                       grace: float | None = None, readiness: str = "") -> list[Change]:
    """One line per player who sat down, moved, left, dropped or came back, or whose seat a
    bot took when they did not come back, each named as the seat list names them (two players
    called Ana read "Ana" and "Ana 2"), and per watcher who came or went (``watchers``: the
    lobby's names before and after, the app's own left out by the caller), named as the lobby's
    line names them (a watcher called Ana where Ana sits reads "Ana 2"). The app's own seats,
    before and after, say nothing (it knows), nor do bots the host seats (the host did that),
    nor a table whose seats were added or taken away (a new game: the seat list says it all).
    ``grace`` is how long the host keeps an away seat (the lobby's, in seconds; None: not told).
    ``readiness``: "ready" where the start waits for the players to be ready, and a player who
    says so is told ("Bob is ready."; the seat list's "ready" beside a name shows it only to one
    who looks); "rematch" after a match whose host starts the next, where a guest's ready asks
    for one (the table tells the first ask; a request taken back, and asked again, are told here:
    ``asks`` lines for the caller to keep to those after an ``unasks``)."""
    if not before or len(before) != len(after):
        return []
    watched, watching = list(watchers[0]), list(watchers[1])
    was_watching, now_watching = _names(watched), _names(watching)
    started, stopped = now_watching - was_watching, was_watching - now_watching
    shown_before, shown_after = lobby_names(before), lobby_names(after)
    gone: dict[str, list[int]] = {}
    came: list[tuple[str, int]] = []
    lines: list[Change] = []
    for i, (old, new) in enumerate(zip(before, after)):
        if i in own_seats:
            continue
        was, now = _human(old), _human(new)
        if was is not None and was == now:
            if old.get("connected") and new.get("connected") is False and new.get("standin") is True:
                # said goodbye in a match in play: a bot plays at once (a dropped player is waited for)
                kept = " for the rest of it" if keeps_no_seat(grace) else \
                    f", which is kept {kept_for(grace)} should they come back"
                lines.append(Change("away", f"{shown_after[i]} leaves the match: a bot plays their seat{kept}."))
            elif old.get("connected") and new.get("connected") is False:
                lines.append(Change("away", f"{shown_after[i]} is gone: a bot plays their seat for the rest of the match."
                                    if keeps_no_seat(grace) else
                                    f"{shown_after[i]} is away: their seat is kept {kept_for(grace)}."))
            elif old.get("connected") is False and new.get("connected"):
                lines.append(Change("back", f"{shown_after[i]} is back."))
            if readiness and not new.get("host") and new.get("connected") and bool(old.get("ready")) != bool(new.get("ready")):
                if readiness == "rematch":
                    lines.append(Change("asks", f"{shown_after[i]} asks for a rematch again.", was) if new.get("ready")
                                 else Change("unasks", f"{shown_after[i]} no longer asks for a rematch.", was))
                else:
                    lines.append(Change("ready", f"{shown_after[i]} is ready." if new.get("ready")
                                        else f"{shown_after[i]} is no longer ready."))
            continue
        if was is not None:
            if new.get("bot") and clean(str(new.get("name") or ""), 24) == was:
                # from an away seat the grace ran out; from a seat still connected, the host kicked,
                # or at a table that keeps no seat (``--grace 0``) its player left or dropped
                why = "did not come back" if old.get("connected") is False else \
                    "is gone" if keeps_no_seat(grace) else "was sent away by the host"
                lines.append(Change("bot", f"{shown_before[i]} {why}: a bot plays their seat for the rest of the match."))
            else:
                gone.setdefault(was, []).append(i)
        if now is not None:
            came.append((now, i))
    for name, i in came:
        if gone.get(name):
            gone[name].pop(0)
            lines.append(Change("moves", f"{shown_after[i]} moves to seat {i + 1}."))
        else:
            stopped[name] -= 1  # a watcher who sits down stops watching: the one line says both
            lines.append(Change("sits", f"{shown_after[i]} sits down in seat {i + 1}.", name))
    for name, seats in gone.items():
        for i in seats:
            if started[name] > 0:
                started[name] -= 1
                lines.append(Change("stands", f"{shown_before[i]} gets up to watch.", name))
            elif clean(str(after[i].get("sent_away") or ""), 24) == name:
                lines.append(Change("leaves", f"{shown_before[i]} was sent away by the host."))
            else:
                lines.append(Change("leaves", f"{shown_before[i]} leaves the table."))
    # a player whose seat a bot took for the rest of the match, back to watch it
    taken_over = {clean(str(s.get("name")), 24) for s in after if is_standin(s)}
    lines.extend(Change("watches", f"{shown} is back, watching: a bot plays their seat." if name in taken_over
                        else f"{shown} starts watching.", name) for shown, name in _as_shown(started, watching, after))
    lines.extend(Change("unwatches", f"{shown} stops watching.", name) for shown, name in _as_shown(stopped, watched, before))
    return lines
