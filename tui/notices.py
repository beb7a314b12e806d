"""Which of a screen's notices (Textual's toasts) show, kept from code after each layout.

Textual restyles ``:last-child`` when a notice comes but not when one goes, and stacks notices
as high as they reach: a screen that shows only its newest notice marks it here (the newest
still held, once a newer one goes), and a stack is kept to the rows it is given, the oldest
notices hidden first, the newest always shown (cut to those rows if it alone is longer). A log
under the notices makes room for them (``clear_of_notices``), so that the lines it gains while
a notice stands do not come in behind it."""
from __future__ import annotations

import time
from typing import Any, Collection, Iterable

from textual.app import App
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Spacing, Size
from textual.notifications import Notification
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._toast import Toast, ToastHolder, ToastRack

#: Textual's notices stand in a rack that keeps two columns for its scrollbar and a row off
#: the foot of the screen; a notice is 60 cells wide, or half the rack if less, and its text
#: has a border and a cell of padding beside it, a row of padding above and below, and a row
#: over it (``Toast``, ``ToastRack``)
NOTICE_WIDTH, RACK_GUTTER, NOTICE_SIDES, NOTICE_ROWS_AROUND = 60, 2, 3, 4
#: the class of the newest notice still held (a screen that shows one notice shows this one)
NEWEST = "-newest"
#: the class of an older notice with no room left for it whole above the newer ones
OVER = "-over"
#: the title of the notice that the terminal is smaller than the screens are made for
TOO_SMALL_TITLE = "Terminal too small"


def again(shown_at: dict[str, float], text: str, seconds: float) -> bool:
    """Whether ``text`` was shown less than ``seconds`` ago (its notice, shown for ``seconds``,
    still up), so that a key pressed again does not stack the same notice; if not, it is noted
    as shown now. ``shown_at``: the screen's own record of what it showed when."""
    now = time.monotonic()
    last = shown_at.get(text)
    if last is not None and now - last < seconds:
        return True
    shown_at[text] = now
    return False


def fitted(wordings: Iterable[str], size: Size) -> str:
    """The first of ``wordings`` (the fullest first) that a titled notice shows whole on a
    screen of ``size``: a taller one runs off the screen's top, and its first lines, which name
    what it is about, are never seen. None fits: the last, the shortest there is."""
    width = max(1, min(NOTICE_WIDTH, (size.width - RACK_GUTTER) // 2) - NOTICE_SIDES)
    rows = max(1, size.height - NOTICE_ROWS_AROUND - 1)  # the title takes a row
    text = ""
    for text in wordings:
        if len(Content(text).wrap(width)) <= rows:
            return text
    return text


#: seconds a notice taken down is remembered, for one raised before and still on its way
TAKEN_DOWN_FOR = 5.0


def take_down(app: App[Any], messages: set[str], title: str = "") -> None:
    """Take down the notices ``app`` holds titled ``title`` (none: untitled) whose text is one
    of ``messages`` (as the app shows them): Textual has no public way to take one notice down.
    One raised a moment ago is still on its way (Textual posts it): the app's ``taken_down``
    keeps it from showing when it comes (``was_taken_down``)."""
    now = time.time()
    taken = getattr(app, "taken_down", None)
    if isinstance(taken, dict):
        for old in [key for key, at in taken.items() if now - at > TAKEN_DOWN_FOR]:
            del taken[old]
        taken.update({(title, message): now for message in messages})
    gone = [n for n in app._notifications if (n.title or "") == title and n.message in messages]
    for notification in gone:
        app._unnotify(notification, refresh=notification is gone[-1])
    held = getattr(app, "held_notices", None)  # waiting behind a question (``tui.heldnotices``)
    if held is not None:
        held.drop(messages, title)


def was_taken_down(app: App[Any], notification: Notification) -> bool:
    """``notification`` was raised before ``take_down`` took its words down, and reached the
    app only after (a key burst: a warning, then the key that made it past)."""
    at = getattr(app, "taken_down", {}).get((notification.title or "", notification.message))
    return at is not None and notification.raised_at <= at


def _toast(holder: Widget) -> Toast | None:
    """The notice a holder holds (Textual removes a stale notice but may leave its holder)."""
    return next((child for child in holder.children if isinstance(child, Toast)), None)


#: the class of a screen under one that shows the notices itself (``app.tcss`` hides its own)
COVERED = "-notices-covered"


def cover_beneath(app: App[Any], top: Screen[Any]) -> None:
    """Hide the notices of the screens under ``top`` where ``top`` shows them itself: Textual
    draws each notice on every screen, and a copy beneath, laid out for that screen's rows (or
    taken down while it was covered), stood apart from the one on top, in scraps past the edge of
    a box over it. A screen that shows its notices on the one beneath (``notices_beneath``, a
    play's question) keeps them there."""
    covered = not getattr(top, "notices_beneath", False)
    for screen in app.screen_stack:
        screen.set_class(covered and screen is not top, COVERED)


def prune_holders(rack: ToastRack, going: Collection[Notification] = ()) -> None:
    """Remove the holders in ``rack`` whose notice is gone, or is one of ``going`` (taken down
    now): Textual, taking a notice down while another screen is on top (a question holding the
    notices, ``tui.heldnotices``), removes the notice but leaves its holder, and they pile up,
    one a notice (a table's, marked newest, hid the notice that was)."""
    for holder in list(rack.children):
        if not (isinstance(holder, ToastHolder) and holder.is_mounted):
            continue
        toast = _toast(holder)
        if toast is None or toast._notification in going:
            holder.remove()


def _rows(toast: Toast, width: int) -> int:
    """The rows a notice takes in the stack with ``width`` cells for its text (every notice
    is as wide as the others), worked out from its text: one out of sight was not laid out
    at the screen's present size."""
    styles = toast.styles
    text = toast.get_content_height(Size(0, 0), Size(0, 0), width)
    return text + styles.gutter.height + styles.margin.top + styles.margin.bottom


def _mark(holder: Widget, newest: bool, over: bool) -> bool:
    """Give a holder its two classes; whether either changed."""
    before = holder.has_class(NEWEST), holder.has_class(OVER)
    holder.set_class(newest, NEWEST).set_class(over, OVER)
    return before != (newest, over)


def _cap(toast: Toast, rows: int) -> bool:
    """Cut the newest notice to ``rows`` inline; whether that changed (a rule set again to the
    same would lay the screen out again, and again)."""
    now = toast.styles.inline.max_height
    if (None if now is None else now.cells) == rows:
        return False
    toast.styles.max_height = rows
    return True


def keep_notices(screen: Screen[Any], top: int, one: bool) -> Notification | None:
    """Keep ``screen``'s notices between row ``top`` and the rack's bottom margin: only the
    newest if ``one``, else the newest and as many older ones whole as fit above it. A change
    lays the notices out again, and that layout calls this again, with nothing to change. The
    newest notice when it is cut short, too long for the rows there are (None if it is whole):
    the screen can give it whole elsewhere."""
    try:
        rack = screen.get_child_by_type(ToastRack)
    except NoMatches:
        return None  # notices are off
    rows = max(1, screen.size.height - rack.styles.margin.bottom - top)
    rack.styles.max_height = rows  # the hard limit: the seats stay clear even for a frame
    # the notices held, oldest first; a holder still mounting has no notice in it yet, and a
    # layout may not come once it has (it may be out of sight): it counts, as the newest if so
    prune_holders(rack)
    held = [(holder, _toast(holder)) for holder in rack.children if isinstance(holder, ToastHolder)]
    held = [(holder, toast) for holder, toast in held if toast is not None or not holder.is_mounted]
    if not held:
        return None
    newest, toast = held[-1]
    cut: Notification | None = None
    changed = _mark(newest, True, False)
    # the cells a notice's text has, from one laid out at this size (drawn now)
    width = next((toast.content_size.width for _, toast in reversed(held) if toast and toast.region), 0)
    left = rows  # the rows not yet taken, from the foot up
    if toast is not None:
        margin = toast.styles.margin  # cut to the rows there are, not pushed up out of them
        changed |= _cap(toast, max(1, rows - margin.top - margin.bottom))
        needs = _rows(toast, width)
        if width and needs > rows:
            cut = toast._notification
        left -= min(rows, needs)
    for holder, toast in reversed(held[:-1]):
        over = holder.has_class(OVER)  # kept while not laid out yet: the next layout comes to it
        if one:
            over = False  # out of sight anyway: only the newest shows
        elif width and toast is not None:
            taken = _rows(toast, width)
            left = left - taken if taken <= left else -1  # no room whole: none older either
            over = left < 0
        changed |= _mark(holder, False, over)
    if changed:  # a holder shown or hidden by class alone may wait for another layout
        rack.refresh(layout=True)
    return cut


def clear_of_notices(screen: Screen[Any], log: Widget) -> None:
    """Keep the foot of ``log`` (a log that follows its newest line) out from under the notices
    shown over it: its bottom margin takes the rows they cover, none once they are gone; a log
    that was at its end stays there. The notices stand where the rack puts them whatever the
    log's size, so the layout this asks for changes nothing more."""
    region, margin = log.region, log.styles.margin
    if not region:
        return
    foot = region.bottom + margin.bottom  # where the log ends with no room made
    tops = [toast.region.y for toast in screen.query(Toast)
            if toast.display and toast.region and toast.region.x < region.right and toast.region.right > region.x
            and toast.region.bottom > region.y and toast.region.y < foot]
    room = max(0, foot - min(tops)) if tops else 0
    room = min(room, max(0, foot - region.y - 1))  # one row of the log is left, however tall they stand
    if room == margin.bottom:
        return
    at_end = log.scroll_offset.y >= log.max_scroll_y
    log.styles.margin = Spacing(margin.top, margin.right, room, margin.left)
    if at_end:
        log.call_after_refresh(log.scroll_end, animate=False)
