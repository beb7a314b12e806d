"""The app's screens, one module each with its stylesheet beside it."""

from typing import Any, TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")

#: columns from which the table and its lobby are laid out wide (``-wide``)
WIDE = 110


def popped(screen: Screen) -> bool:
    """A screen popped before it finished mounting (a player who leaves the moment a table
    opens) still gets its Mount event, with its children already pruned: its set-up must be
    skipped, not crash the app on a missing widget. So does a screen still mounting when the
    app closes (a quit, a test's end, an SSH player dropping as a table opens): Textual prunes
    every screen on the stack then, and empties the stack only once they are gone, so such a
    screen is still on it; the app no longer runs by then. And so does one still mounting when
    the app is asked to exit (an SSH session's app at SIGTERM, as the host's closing table
    opens home): the app runs on a moment, but Textual mounts nothing more (the screen is no
    longer attached), so widgets its own widgets hold never come."""
    app = screen.app
    return not app.is_running or not screen.is_attached or screen not in app.screen_stack


class RulesFor:
    """The table Rules (F2) speak of while a screen that is no table is up (the picker's
    choice, a replay's log): put back as it was once that screen goes, so that Rules from home
    afterwards is the game's page, not "At this table" of a table there is not."""

    def __init__(self) -> None:
        self._before: dict[str, Any] | None = None
        self._mine: dict[str, Any] | None = None

    def set(self, app: Any, table: dict[str, Any]) -> None:
        if self._mine is None:
            self._before = app.rules_table
        app.rules_table = self._mine = table

    def done(self, app: Any) -> None:
        """The screen went: the table before it, unless another has been set since (a table
        the picker opened)."""
        if self._mine is not None and app.rules_table is self._mine:
            app.rules_table = self._before


class Question(ModalScreen[ResultT]):
    """A question over another screen. Textual leaves the app's own keys out of a modal
    screen's bindings, so Help (F1), the Rules (F2), the theme (F3) and the card style (F4) are
    bound here again, under the app's ids, where a keymap that moves them moves these too (F3
    and F4 did nothing over a match's results or a question)."""

    BINDINGS = [
        Binding("f1", "app.help", "Help", show=False, id="app.help"),
        Binding("f2", "app.rules", "Rules", show=False, id="app.rules"),
        Binding("f3", "app.next_theme", "Theme", show=False, id="app.theme"),
        Binding("f4", "app.next_card_style", "Card style", show=False, id="app.card_style"),
    ]


class Withdrawable(Question[ResultT]):
    """A question that can lose its point while it is up (the join a wait is for ends, the
    position a choice asks about goes): ``withdraw`` closes it with no answer, at once if it
    is on top, else as soon as it is again. On top, not merely showing behind a screen over
    it (which ``is_current`` counts): dismissing pops whichever screen is on top."""

    #: its point has gone: it closes, with no answer, as soon as it is on top
    withdrawn = False

    def withdraw(self) -> None:
        self.withdrawn = True
        if self.app.screen is self:
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        if self.withdrawn and self.app.screen is self:
            self.dismiss(None)
