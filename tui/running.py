"""Running the app from the command line: Ctrl+C and SIGTERM while it runs, and its last words."""
from __future__ import annotations

import argparse
import asyncio
import errno
import os
import signal
import sys
import threading
import time
from functools import partial
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # loaded by ``run_app`` itself: ``tui.app`` imports this module
    from .app import DealMeInApp
    from .session import TableSession


def run_app(args: argparse.Namespace, on_sigterm: str = "quit", interrupted: Callable[[], bool] | None = None) -> int:
    """Run the app; its exit code. SIGTERM while it runs: ``quit`` (the ``dealmein`` command's
    app) quits as Q does without asking, the table left, the solo match's last save written and
    said; ``exit`` (an SSH session's app, which the server may end while its player still
    watches) asks the app to exit. Either way it puts the terminal back as a player's own quit
    does. Before the loop runs, SIGTERM keeps its default (the terminal is not touched yet).

    SIGHUP (its terminal closed) quits the ``dealmein`` command's app the same way: a host who
    closed the window ended the process at once, and its SSH guests' sessions with it, their
    terminals left on the app's screen with the mouse captured, and no word to its players.
    An SSH session's app keeps the default: its connection is gone, and its seat is held.

    ``interrupted`` says whether a Ctrl+C came before the app had the terminal: one Python
    dropped on its way (``tui.cli``) stops it as one raised does, before it starts or, landing
    as it starts, once it has the terminal (where Ctrl+C is a key), with a KeyboardInterrupt.
    A terminal that cannot show the app (``tui.terminalcheck``) is told why, status 1."""
    from .terminalcheck import cannot_draw

    unable = cannot_draw(os.environ, sys.__stderr__)
    if unable is not None:
        print(unable, file=sys.stderr)
        return 1
    from .app import DealMeInApp

    app = DealMeInApp(args)
    app.interrupted_at_start = interrupted
    before = _answer_interrupts(app)
    try:
        if interrupted is not None and interrupted():
            raise KeyboardInterrupt
        quit = partial(_quit_within, app, app.quit_at_signal if on_sigterm == "quit" else app.exit)
        if on_sigterm == "quit" and signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:  # (not under nohup)
            code = _run(app, quit, on_hangup=partial(_hung_up, app))
        else:
            code = _run(app, quit)
        if app.stopped_at_start:
            raise KeyboardInterrupt
        return code
    finally:  # as it found it
        if before is not None:
            signal.signal(signal.SIGINT, before)


def _answer_interrupts(app: DealMeInApp) -> Any:
    """Ctrl+C (SIGINT) while ``app`` runs: answered as it was (a KeyboardInterrupt; the
    process's end where SIGINT had its default, as in an SSH session's app) until the app starts
    to leave (asked to exit, or closing after an error), then ignored, so that one typed as the
    terminal is given back cannot break into its tables' closing or its event loop's end (each
    task's traceback printed). Here rather than asyncio's runner, which puts its own handler back
    only as the loop closes. The handler replaced, to put back; None if none is (not the main
    thread, or Ctrl+C ignored already or not Python's to answer)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    before = signal.getsignal(signal.SIGINT)
    if before is None or before is signal.SIG_IGN:
        return None

    def answer(signum: int, frame: FrameType | None) -> None:
        if getattr(app, "_exit", False) or getattr(app, "_closing", False):
            return
        if callable(before):
            before(signum, frame)
        else:  # the default: the process ends of it, as ever
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    signal.signal(signal.SIGINT, answer)
    return before


#: seconds a kill (SIGTERM) gives the app to leave its tables and give the terminal back: past
#: them something holds it up (an app that went on drawing a flood of resizes ignored a kill),
#: and it ends there, the terminal put back as far as it can be
QUIT_GRACE = 20.0


def _quit_within(app: DealMeInApp, quit: Callable[[], object]) -> None:
    """SIGTERM: ``quit``, and should the app still run ``QUIT_GRACE`` seconds on, it ends then
    (a thread's deadline: the app's own loop may be what holds it up)."""
    timer = threading.Timer(QUIT_GRACE, _give_up, args=(app,))
    timer.daemon = True
    timer.start()
    quit()


def _give_up(app: DealMeInApp) -> None:
    """The app did not close in time after a kill: the terminal put back and the process ended,
    status 1, with a line that says so."""
    from net.ssh_pty import TERMINAL_RESET  # (what the SSH door sends for an app it had to kill)

    driver = getattr(app, "_driver", None)
    attrs, fileno = getattr(driver, "attrs_before", None), getattr(driver, "fileno", None)
    try:
        if attrs is not None and isinstance(fileno, int):
            import termios

            termios.tcsetattr(fileno, termios.TCSANOW, attrs)
        os.write(sys.__stdout__.fileno() if sys.__stdout__ else 1, TERMINAL_RESET)
    except (OSError, ValueError):
        pass
    try:
        os.write(2, f"dealmein: it did not close within {QUIT_GRACE:g} s of being stopped, and was ended\n".encode())
    except OSError:
        pass
    os._exit(1)


#: seconds a hung-up app has to leave its tables before it ends regardless: its screen's writes
#: may have met the closed terminal, and Textual's writer, stopped by that, can hold up the app
HANGUP_GRACE = 15.0


def terminal_gone() -> bool:
    """The terminal this process writes to has hung up (its window closed): it answers EIO."""
    import termios

    try:
        termios.tcgetattr(2)
    except termios.error as e:
        return bool(e.args) and e.args[0] == errno.EIO
    except OSError as e:
        return e.errno == errno.EIO
    return False


#: how long a hung-up app whose terminal was still there watches for it to go (a terminal may
#: send SIGHUP before it closes), a look every ``GONE_LOOK`` seconds
GONE_WATCH, GONE_LOOK = 30.0, 0.25


def _hung_up(app: DealMeInApp) -> None:
    """SIGHUP: the terminal is gone, or going (a terminal may send it before it closes). The
    app leaves its tables as at SIGTERM and ends. Once the terminal is gone what it still writes
    goes nowhere (not to a closed terminal, which stops Textual's writer and holds the app up),
    it ends without giving the terminal back, and after ``HANGUP_GRACE`` whatever holds it up.
    While the terminal is there (``kill -HUP``) the quit is SIGTERM's, with no deadline."""
    if terminal_gone():
        _without_terminal(app)
        app.quit_at_hangup()
        return

    def watch() -> None:
        for _ in range(int(GONE_WATCH / GONE_LOOK)):
            time.sleep(GONE_LOOK)
            if terminal_gone():
                _without_terminal(app)
                return

    threading.Thread(target=watch, name="hung-up-watch", daemon=True).start()
    app.quit_at_signal()  # (which ends at once should the terminal be gone by its end)


def _without_terminal(app: DealMeInApp) -> None:
    """The terminal is gone: the app's output goes nowhere, Textual's writer queue is drained
    and its input thread stopped, and the process ends after ``HANGUP_GRACE`` at the latest."""
    timer = threading.Timer(HANGUP_GRACE, os._exit, args=(0,))
    timer.daemon = True
    timer.start()
    try:
        nowhere = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            os.dup2(nowhere, fd)
        os.close(nowhere)
    except OSError:
        pass
    driver = getattr(app, "_driver", None)
    # Textual 8's driver: its writer thread (a queue of 30 writes) may have met the closed
    # terminal first and ended, when the app's next frames would block the loop: its queue is
    # emptied here in any case (its writes go nowhere now); and its input thread, reading a
    # hung-up terminal that is always ready with nothing, is stopped
    queue = getattr(getattr(driver, "_writer_thread", None), "_queue", None)
    if queue is not None:
        threading.Thread(target=_drain, args=(queue,), name="hung-up-output", daemon=True).start()
    stop_input = getattr(driver, "exit_event", None)
    if stop_input is not None:
        stop_input.set()


def _drain(queue: Any) -> None:
    """Take what is put on ``queue`` and drop it, for as long as the process runs."""
    while True:
        queue.get()


def _run(app: DealMeInApp, on_sigterm: Callable[[], object],
         on_hangup: Callable[[], object] | None = None) -> int:
    """``run_app``'s run, SIGTERM answered by ``on_sigterm`` and SIGHUP by ``on_hangup``
    (None: its default)."""
    handlers = {signal.SIGTERM: on_sigterm, **({signal.SIGHUP: on_hangup} if on_hangup else {})}

    async def run() -> object:
        loop = asyncio.get_running_loop()
        # (a handler of the loop's own: the signal wakes the loop at once, whichever thread
        # the kernel hands it to; a plain ``signal.signal`` handler would wait for the main
        # thread to wake up for some other reason)
        for sig, handler in handlers.items():
            loop.add_signal_handler(sig, handler)
        try:
            return await app.run_async()
        finally:
            for sig in handlers:
                loop.remove_signal_handler(sig)

    return said_on_exit(app, asyncio.run(run()))


def said_on_exit(app: DealMeInApp, result: object) -> int:
    """The app's exit code, once its ``exit_note`` is on the terminal it gave back (whole:
    Ctrl+C meanwhile is ignored): the one it returned, else Textual's, 1 after an error it
    stopped on (its traceback already printed), so that a script sees the failure."""
    from core.whole import whole_number

    from .cmdline import interrupts_held

    if app.exit_note:
        with interrupts_held():
            print(app.exit_note, flush=True)
    if whole_number(result):
        return result
    code = app.return_code
    return code if isinstance(code, int) else 0


def saved_match_note(session: TableSession | None, hosted: bool = False) -> str:
    """What became of the solo match in play that quitting left, said once its table has closed
    (its last save written, failed or given up on): where it is kept and how to play on, or that
    its last moves, or all of it, could not be kept; of a match in play at a table this app
    hosted (``hosted``), that it is saved and how to open it again. "" for anything else (a finished match, a
    table that is not saved, another host's table)."""
    from core import GAMES

    hosted = hosted and session is not None and not session.solo  # (its server is closed by now)
    saver = session.table.saver if session is not None and (session.solo or hosted) \
        and session.table is not None else None
    view = session.view if session is not None else None
    if saver is None or view is None or view.get("is_over"):
        return ""
    info = GAMES.get(str(view.get("game")))
    game = f"Your {info.name if info is not None else 'solo'} match"
    if hosted:  # its players' apps wait for it to come back, their seats held
        if saver.problem is None and not saver.pending:
            name = f"{info.name} " if info is not None else ""
            return f"The {name}match at your table is saved: run dealmein and choose Resume to open it again for its players."
        return ""
    if saver.problem is None and not saver.pending:  # the last state is on disk
        return f"{game} is saved: run dealmein and choose Resume to play on."
    why = saver.problem or "its last save did not finish in time"
    if not saver.kept:
        return f"{game} could not be saved ({why}): it cannot be resumed."
    when = "from where it was resumed" if saver.saved_at is None else \
        f"from its save of {time.strftime('%H:%M:%S', time.localtime(saver.saved_at))}"
    return f"{game}'s last moves could not be saved ({why}): run dealmein and choose Resume to play on {when}."
