"""A table's results put up over it: at once, or held while a question covers it, and withdrawn once past."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import TableSession

#: a hand's or match's results as they came: (kind, event, view at the hand's end)
Results = tuple[str | None, dict[str, Any] | None, dict[str, Any] | None]


def table_screen(link: Any) -> Any:
    """The table screen of ``link``'s table in its app's stack, or None."""
    from .screens.table import TableScreen

    for screen in link.app.screen_stack:
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

    def show(self, kind: str | None, event: dict[str, Any] | None = None,
             view: dict[str, Any] | None = None) -> None:
        """Put up the results of a hand (``kind``) just over, or hold them."""
        from .screens.confirm import ConfirmScreen
        from .screens.results import ResultsScreen

        link, app = self.link, self.link.app
        table = table_screen(link)
        if table is None or link.view is None:
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
        app.push_screen(ResultsScreen(link, view or link.view, table.names, list(table.hand_totals),
                                      match_over=over, style=app.card_style, event=event,
                                      whole=table.hand_whole))

    def show_held(self) -> None:
        """The table is uncovered: the results that came while a question was up show now;
        not if the answer has covered it again meanwhile (the join screen, asked "Join another
        table?"), where the next uncovering shows them, nor once the table is being left."""
        link, app = self.link, self.link.app
        if self.held is None or link.left or app.session is not link or app.screen is not table_screen(link):
            return
        held, self.held = self.held, None
        self.show(*held)

    def withdraw_match(self) -> None:
        """A new match is in play: the last one's results, still up, have had their time."""
        from .screens.results import ResultsScreen

        link, app = self.link, self.link.app
        dropped = self.held is not None and self.held[0] == "match_over"
        if dropped:
            self.held = None  # not yet shown, and already past
        stale = [s for s in app.screen_stack
                 if isinstance(s, ResultsScreen) and s.link is link and s.match_over and not s.withdrawn]
        for screen in stale:
            screen.withdraw()
        if stale or dropped:
            app.notify("A new match has started.", title="Table")
