"""Notices wait while a yes-or-no question is on top (a screen with ``holds_notices``): they
stand where the question is read (at 80x24 two of them hid half of one), and a question is
answered in moments. Those up when it opens and those said while it is up show once it goes,
each for its whole time and in the order they came, rather than run out unseen behind it; one
taken down meanwhile (``tui.notices.take_down``) stays down."""
from __future__ import annotations

from typing import Any

from textual.app import App
from textual.css.query import NoMatches
from textual.notifications import Notification
from textual.screen import Screen
from textual.widgets._toast import ToastRack

from .notices import prune_holders


def holds(screen: Screen[Any] | None) -> bool:
    """Whether notices wait while ``screen`` is on top."""
    return bool(getattr(screen, "holds_notices", False))


class HeldNotices:
    """An app's notices held back while a question is on top: the app asks ``keep`` as each
    notice arrives (its ``Notify``, handled after ``notify`` returns: the screen on top then is
    the one it would stand over), and ``screen_changed`` follows the screen on top."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self.waiting: list[Notification] = []

    def _on_top(self) -> Screen[Any] | None:
        try:
            return self._app.screen
        except Exception:  # no screen yet, or none left as the app closes
            return None

    def keep(self, notice: Notification) -> bool:
        """Hold ``notice`` back if a question is on top; whether it was."""
        if not holds(self._on_top()):
            return False
        self.waiting.append(notice)
        return True

    def screen_changed(self, screen: Screen[Any]) -> None:
        """A screen came on top (pushed, uncovered or switched to): a question takes the notices
        up now down, to wait with it; any other screen shows those waiting."""
        if holds(screen):
            self._hold()
            return
        try:  # the holders its notices left while it was covered
            prune_holders(screen.get_child_by_type(ToastRack))
        except NoMatches:
            pass
        if self.waiting:
            waiting, self.waiting = self.waiting, []
            for notice in waiting:
                self._app.notify(notice.message, title=notice.title, severity=notice.severity,
                                 timeout=notice.timeout)

    def _hold(self) -> None:
        app = self._app
        held = list(app._notifications)
        if not held:
            return
        for notification in held:
            self.waiting.append(notification)
            app._unnotify(notification, refresh=False)
        for screen in app.screen_stack:  # those under a question see through its backdrop
            try:
                rack = screen.get_child_by_type(ToastRack)
            except NoMatches:
                continue
            # each held notice goes with its holder (Textual's own taking down, ``show``, leaves
            # the holder behind)
            prune_holders(rack, held)
            app.call_later(rack.show, app._notifications)

    def drop(self, messages: set[str], title: str) -> None:
        """Forget the waiting notices titled ``title`` whose text is one of ``messages``: they
        were taken down while they waited."""
        self.waiting = [n for n in self.waiting if not (n.title == title and n.message in messages)]
