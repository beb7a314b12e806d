"""Joining a table: a wait shown if it is slow, a password asked for, a failure said where the player is."""
from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

from .unexpected import note_unexpected

if TYPE_CHECKING:
    from .app import DealMeInApp

#: seconds a join may take before the app says it is still trying (a LAN host answers sooner)
JOINING_AFTER = 0.3


class TableJoin:
    """The app's joins: one under way at a time, in its ``session`` workers. The table the
    player is at stays theirs until the new one takes them, so a join that fails leaves them
    where they were."""

    def __init__(self, app: DealMeInApp) -> None:
        self.app = app
        #: the join under way, whose wait a timer shows if it takes long
        self.task: asyncio.Task[Any] | None = None

    async def join(self, address: str, password: str | None = None, table: str | None = None,
                   host_key: str | None = None, watch: bool = False) -> None:
        from .session import AtTableAlready, TableSession

        app = self.app
        here = app.session  # left only once the new table takes the player (``TableSession.join``)
        task = asyncio.current_task()
        self.task = task
        waiting = app.set_timer(JOINING_AFTER, lambda: self._show_wait(address, task))
        try:
            session = await TableSession.join(app, address, password=password, table=table, host_key=host_key,
                                              watch=watch)
        except asyncio.CancelledError:
            stopped = self._stopped()  # Escape on the wait; otherwise the app is closing
            self.end_wait()
            if stopped:
                self.failed(here, f"Stopped joining {address}.", "information")
            raise
        except AtTableAlready as e:  # said as it is, no "Could not join": nothing went wrong
            self.end_wait()
            self.failed(here, str(e), "information")
            return
        except Exception as e:
            self.end_wait()
            note_unexpected(e, f"joining {address}")
            if getattr(e, "code", None) == "bad_password" and len(app.screen_stack) > 1:  # not an SSH guest's start
                self.failed(here, fault="password")
                self.ask_password(address, password is not None, table, host_key, watch=watch)
                return
            said = str(e)
            self.failed(here, f"Could not join: {said}" if address in said
                        else f"Could not join {address}: {said}", fault="address")
            return
        finally:
            waiting.stop()
            if self.task is task:
                self.task = None
        # the join showed its lobby (``TableSession.show_lobby``), which put the wait away
        await app.hand_over(session)

    def ask_password(self, address: str, wrong: bool = False, table: str | None = None,
                     host_key: str | None = None, watch: bool = False) -> None:
        """The table wants a password (or another one): ask for it, and join with it."""
        from .screens.password import PasswordScreen

        app = self.app

        def answered(password: str | None) -> None:
            if password:
                app.table_work(partial(app.join_table, address, password, table=table, host_key=host_key,
                                       watch=watch))

        app.push_screen(PasswordScreen(address, wrong, self._name_at(address)), answered)

    def _name_at(self, address: str) -> str:
        """The name of the table at ``address`` as the LAN list or the tables joined lately give
        it, cleaned; "" where neither knows it (an address typed, an SSH guest's table)."""
        from net.addresses import same_place

        from .plain import clean
        from .screens.join import JoinScreen, answers_at

        here = same_place(address)
        for screen in self.app.screen_stack:
            if isinstance(screen, JoinScreen):
                for found in screen.found.values():
                    if here in answers_at(found):
                        return clean(found.name, 40)
        if self.app.remember_seats:
            from .recent import load

            for table in load()[0]:
                if same_place(table.address) == here:
                    return clean(table.name, 40)
        return ""

    def _show_wait(self, address: str, task: asyncio.Task[Any] | None) -> None:
        from .screens.joining import JoiningScreen

        if task is not None and self.task is task and self.app.is_running:  # still under way
            self.app.push_screen(JoiningScreen(address, task))

    def _stopped(self) -> bool:
        from .screens.joining import JoiningScreen

        return any(isinstance(s, JoiningScreen) and s.stopped for s in self.app.screen_stack)

    def end_wait(self) -> None:
        """A join's wait is over: its screen goes before the table's first screen comes (or,
        under a screen opened over it meanwhile, as soon as it shows again)."""
        from .screens.joining import JoiningScreen

        for screen in list(self.app.screen_stack):
            if isinstance(screen, JoiningScreen):
                screen.withdraw()

    def failed(self, here: Any, said: str = "", severity: str = "error",
               fault: Literal["address", "password"] | None = None) -> None:
        """Said (when there is something to say). The player stays at the table they were at,
        ``here``; if that table is gone meanwhile (closed, or left for a join to its own
        address), home, not a lobby that no longer answers. An SSH guest, whose start has no
        screen, goes home too. A Join screen still open says it under its fields (a notice
        covered them) and focuses the ``fault``; elsewhere a notice says it."""
        from .screens.join import JoinScreen

        app = self.app
        if here is not None and app.session is not here:
            app.back_home()
        elif len(app.screen_stack) == 1:  # an SSH session has no screen yet: home, with the error
            from .screens.home import HomeScreen

            app.push_screen(HomeScreen())
        join = next((s for s in reversed(app.screen_stack) if isinstance(s, JoinScreen)), None)
        if join is not None:
            join.join_failed(fault, said, severity)
        elif said:
            app.notify(said, severity=severity, timeout=8)
