"""A table's results put up over it: at once, or held while a question covers it, and withdrawn
once past; for a seat out of the match, the hands after it went out are told in the log only.
The host is told once a hand's results have been read (``TableSession.seen``): its bots wait
for that before they play the next hand (``tui.handbreak``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.whole import whole_number

from .eventtext import ENDINGS, deal_word
from .plays import own_status

if TYPE_CHECKING:
    from textual.app import App

    from .screens.table import TableScreen
    from .session import TableSession

#: a hand's or match's results as they came: (kind, event, view at the hand's end)
Results = tuple[str | None, dict[str, Any] | None, dict[str, Any] | None]

class OutSince:
    """The hand (or round) in which this app's seat went out of the match: the results of the
    hands after it are no news for that seat; those of the hand it went out in are, whether it
    went out in its play (Ninety-Nine 4.1, Ninety-Eight 4.3) or as it was settled (stakes, 6.3)."""

    def __init__(self) -> None:
        self.hand: int | None = None  # None: in the match, as far as this app knows

    def read(self, before: dict[str, Any] | None, view: dict[str, Any], events: list[dict[str, Any]]) -> list[bool]:
        """For each of ``events`` (that led from ``before`` to ``view``): whether it ends a hand
        that this seat was out of the match all through."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            self.hand = None  # a watcher follows every seat's results
            return [False] * len(events)
        deals = [e for e in events if e.get("kind") == "deal"]
        hand = _count(view.get("hand_number")) - len(deals)  # the hand in play as these events began
        if before is None or before.get("seat") != seat or before.get("is_over") \
                or _count(before.get("hand_number")) > hand:
            # a new match, or this app new to it: a seat out already as it came in (joined, or
            # back after a drop) counts as out since before the hand in play
            came_out = own_status(view).get("out") and not any(
                e.get("kind") == "out" and e.get("seat") == seat for e in events)
            self.hand = hand - 1 if came_out else None
        flags: list[bool] = []
        for e in events:
            kind = e.get("kind")
            if kind == "deal":
                hand = _count(e.get("hand"), hand + 1)
            elif kind == "out" and e.get("seat") == seat and self.hand is None:
                self.hand = hand
            ended = _count(e.get("hand") or e.get("round"), hand)
            flags.append(kind in ENDINGS and kind != "match_over" and self.hand is not None and self.hand < ended)
            if kind == "match_over":
                self.hand = None  # a rematch starts every seat in again
        return flags


def _count(value: Any, default: int = 0) -> int:
    return value if whole_number(value) else default


def table_screen(link: TableSession, app: App[Any] | None = None) -> TableScreen | None:
    """The table screen of ``link``'s table in its app's stack (``app``, or the link's own),
    or None."""
    from .screens.table import TableScreen

    for screen in (app or link.app).screen_stack:
        if isinstance(screen, TableScreen) and screen.link is link:
            return screen
    return None


class HeldResults:
    """The results screens of one table (``link``), and the results held back from showing."""

    def __init__(self, link: "TableSession") -> None:
        self.link = link
        #: a hand's or match's results that came while another screen was over the table (a
        #: question, Help): shown once the table is uncovered (``show_held``)
        self.held: Results | None = None
        #: the log has said that, the seat out of the match, its hands' results are told there
        self.out_told = False
        #: when this app's seat went out of the match (``OutSince``)
        self.out_since = OutSince()

    def show(self, kind: str | None, event: dict[str, Any] | None = None,
             view: dict[str, Any] | None = None, out: bool = False, match: int | None = None) -> None:
        """Put up the results of a hand (``kind``) just over, or hold them; for a seat ``out``
        of the match all through that hand (``OutSince``), the log's line on it is enough, and
        the match's own results still show at its end. ``match``: which of the table's matches
        (``TableSession.matches``) they are of, none put up once another has been dealt."""
        from .screens.confirm import ConfirmScreen
        from .screens.results import ResultsScreen

        link, app = self.link, self.link.app
        table = table_screen(link)
        if table is None or link.view is None:
            self._read(kind, view)  # no box to read
            return
        if match is not None and match != link.matches:
            # another match was dealt before this box could go up (its view came with the
            # end's, a host that deals the rematch at once): over the new match it would be
            # past at once, and offer a rematch of a match in play; the log says how it ended
            self._read(kind, view)
            return
        if kind == "match_over":
            self.out_told = False  # a rematch starts every seat in again
        elif out:
            if not self.out_told and not link.view.get("is_over"):  # over: its results come next
                self.out_told = True
                word = deal_word(link.view.get("game"))
                table.log_line(f"You are out of the match: each {word}'s results are told here "
                               "until it ends.", style="dim")
            self._read(kind, view)  # told in the log: nothing for the bots to wait for
            return
        top = app.screen
        if kind == "match_over" and isinstance(top, ConfirmScreen) and top.purpose == "leave":
            # what "Leave this match?" said of leaving no longer holds; the question stays (a
            # key pressed for it must not land on the results), and says so
            top.restate("The match is over.")
        if top is not table and not (isinstance(top, ResultsScreen) and top.link is link):
            # the player is answering a question ("Leave this match?": its answer must not go to
            # a screen the player has not read) or is elsewhere (Help, the join screen): the
            # results show once the table is back on top
            self.held = (kind, event, view)
            return
        if isinstance(top, ResultsScreen):
            top.dismiss(None)
        over = kind == "match_over" or bool(link.view.get("is_over"))
        if kind != "match_over" and over:
            return  # the match_over event brings its own screen
        table.drop_passing_notices()  # about the table a moment ago: not over its results
        shown = view or link.view
        app.push_screen(ResultsScreen(link, shown, table.log_names, list(table.hand_totals),
                                      match_over=over, style=app.card_style, event=event,
                                      whole=table.hand_whole),
                        callback=lambda _closed: self._read(kind, shown))

    def _read(self, kind: str | None, view: dict[str, Any] | None) -> None:
        """A hand's results have been read (their box closed, or none shown): the host's bots
        need wait no longer for this player. Its ``view`` came with them, the next hand dealt
        (``hand_number``); a match's end has no next hand to hold."""
        if kind != "match_over":
            self.link.seen((view or self.link.view or {}).get("hand_number"))

    def show_held(self) -> None:
        """The table is uncovered: the results that came while a question was up show now;
        not if the answer has covered it again meanwhile (the join screen, asked "Join another
        table?"), where the next uncovering shows them, nor once the table is being left."""
        link, app = self.link, self.link.app
        if self.held is None or link.left or app.session is not link or app.screen is not table_screen(link):
            return
        held, self.held = self.held, None
        self.show(*held)

    def withdraw_match(self, told: bool = True) -> None:
        """A new match is in play (or, ``told`` False, the host has set up another table, which
        the lobby's chat says): the last one's results, still up, have had their time."""
        from .screens.results import ResultsScreen

        link, app = self.link, self.link.app
        dropped = self.held is not None and self.held[0] == "match_over"
        if dropped:
            self.held = None  # not yet shown, and already past
        stale = [s for s in app.screen_stack
                 if isinstance(s, ResultsScreen) and s.link is link and s.match_over and not s.withdrawn]
        for screen in stale:
            screen.withdraw()
        if (stale or dropped) and told:
            app.notify("A new match has started.", title="Table")
