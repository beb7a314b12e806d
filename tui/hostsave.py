"""The save of the table this app hosts: the solo save claimed, a failure told, a finished match's box kept."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.whole import whole_number

from .eventtext import counts_of
from .saves import KeptResults, claim_solo_save, keep_results, kept_results, release_solo_save

if TYPE_CHECKING:
    from .app import DealMeInApp

#: why a solo table is not saved: one solo save, and another app uses it
ANOTHER_WINDOW = "Another Deal Me In window holds the solo save"


def has_save(table: Any) -> bool:
    """``table`` (this app's, or None) has a save to resume it from: the latest save did not fail."""
    saver = table.saver if table is not None else None
    return saver is not None and saver.problem is None


def match_kept_as(table: Any, view: dict[str, Any] | None, lobby: dict[str, Any] | None) -> tuple[Path, str] | None:
    """Where the finished match's results are kept, and under what (``tui.saves``): beside
    this app's own table's save, for the seat it played; None for another host's table, a
    table not saved, or a match not played from a seat."""
    saver = table.saver if table is not None else None
    seat = (view or {}).get("seat")
    if saver is None or view is None or not whole_number(seat):
        return None
    from .record import match_identity

    return saver.path, match_identity(view, lobby, seat)


class HostSave:
    """This app's hold on its table's save; problems are said once a run (``warn_once``)."""

    def __init__(self, app: "DealMeInApp") -> None:
        self.app = app
        #: this solo table holds the solo save (``tui.saves.claim_solo_save``)
        self.solo = False
        #: why a new solo table does not hold it although no other window does: the solo save
        #: is there but cannot be read (its permissions), and is left as it is, not written over
        self.unread: str | None = None

    def claim_solo(self, new: bool = False) -> bool:
        """Take the solo save for this table; for a ``new`` match, not while the one saved
        there cannot be read (it would be written over unseen)."""
        self.solo = claim_solo_save()
        if self.solo and new:
            from net.savefile import read_save

            from .saves import solo_save_path

            loaded = read_save(solo_save_path(), keep=True)  # (none there: not unreadable)
            if loaded.unreadable:
                self.unread = loaded.problem
                self.release_solo()
        return self.solo

    def not_kept(self) -> str:
        """Why this solo table is not saved, in a sentence to go on with."""
        return self.unread or ANOTHER_WINDOW

    def release_solo(self) -> None:
        if self.solo:
            self.solo = False
            release_solo_save()

    def watch(self, table: Any) -> None:
        """Hear from this app's table's autosave when saving fails, and when a match log cannot
        be written."""
        if table is not None and table.saver is not None and self._not_saved not in table.saver.on_problem:
            table.saver.on_problem.append(self._not_saved)
            table.saver.on_saved_again.append(self._saved_again)
        if table is not None and self._log_not_written not in table.on_log_problem:
            table.on_log_problem.append(self._log_not_written)

    def _log_not_written(self, problem: str) -> None:
        """A match log could not be written: said once a run (the host's log only said it)."""
        self.app.warn_once("Match log", f"{problem[0].upper()}{problem[1:]}. Play goes on, but this match "
                                        f"cannot be replayed ({self.app.keys_for('results.replay', 'v')}, "
                                        "dealmein replay).")

    def _not_saved(self, problem: str) -> None:
        """Saving this table failed (a full or read-only data folder): play goes on, and the
        player is told once a run that it cannot be resumed, rather than finding no Resume later."""
        self.app.warn_once("Saving", f"{problem}. Play goes on, but this table cannot be resumed later.")

    def _saved_again(self) -> None:
        """A save was written after failing: what the player was told no longer holds (and a
        later failure is told again)."""
        if self.app.unwarn("Saving"):
            self.app.notify("This table is saved again: it can be resumed later.", title="Saving", timeout=6)

    def keep_results(self, table: Any, view: dict[str, Any] | None, lobby: dict[str, Any] | None,
                     event: dict[str, Any], screen: Any) -> None:
        """The match just ended here: what its results box (on the table ``screen``) shows
        beyond the view (the last hand's points left in hand, its running total, Countdown's
        counts before and after it) is kept beside the table's save, so that resuming the
        finished match shows the same box even where its match log (from which the host sends
        the last hand again) cannot be read; a file that cannot be written is said once."""
        kept_as = match_kept_as(table, view, lobby)
        if kept_as is None:
            return
        points, penalties = event.get("points"), event.get("penalties")
        before, after = counts_of(event.get("counts_before")), counts_of(event.get("counts"))
        kept = KeptResults(points if isinstance(points, list) else None, list(screen.hand_totals), screen.hand_whole,
                           screen.names, penalties if isinstance(penalties, list) else None,
                           (before, after) if before is not None and after is not None else None)
        problem = keep_results(*kept_as, kept)
        if problem and self.app.warned("Saving"):  # no resume to show them: that notice says so
            return
        if problem:  # the match is saved all the same: a resume shows what its view holds
            self.app.warn_once("Match results", f"{problem}. Resumed, this match will show the last hand's "
                                                "points left in hand and running total only as its match log "
                                                "gives them back.")

    def kept_results(self, table: Any, view: dict[str, Any] | None,
                     lobby: dict[str, Any] | None) -> KeptResults | None:
        """What the results box showed when the match this app's table resumed with ended; a
        file that cannot be read is said once and left as it is."""
        kept_as = match_kept_as(table, view, lobby)
        if kept_as is None:
            return None
        kept, problem = kept_results(*kept_as)
        if problem:
            self.app.warn_once("Match results", f"{problem}. These results show the last hand's points "
                                                "left in hand and running total only as its match log "
                                                "gives them back.")
        return kept
