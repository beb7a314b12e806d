"""The ``dealmein`` command (``main``), which answers Ctrl+C at every moment before a command
takes it in hand: one line and status 130, never a traceback. The command line itself (parser,
checks, commands) is ``tui.cmdline``, loaded here once Ctrl+C is held: this module is small, so
that the moment before that (Python reading it) is short."""
from __future__ import annotations

import contextlib
import errno
import sys

# the signal module's C part, loaded with Python: ``signal`` itself takes a moment to load
import _signal  # type: ignore[import-not-found]

#: a Ctrl+C has come since this module began to load: noted only while it loads (``main``
#: answers it as soon as it starts), then, in the process's own command line, raised as a
#: KeyboardInterrupt as well. Python drops a KeyboardInterrupt raised where it cannot be (a
#: weakref callback, as each import's module lock has, or a finaliser): a command asks
#: ``interrupted`` as it takes Ctrl+C in hand, so that one dropped still stops it
_interrupted = False


def _note_interrupt(signum: int, frame: FrameType | None) -> None:
    global _interrupted
    _interrupted = True


def _interrupt(signum: int, frame: FrameType | None) -> None:
    _note_interrupt(signum, frame)
    raise KeyboardInterrupt


def interrupted() -> bool:
    """A Ctrl+C has come since the program started (one Python dropped on its way included)."""
    return _interrupted


def _hold_interrupts() -> Any:
    """Ctrl+C is noted, not raised, while this module loads (before ``main`` runs, where a
    KeyboardInterrupt would end the program with a traceback); the handler it replaces, to put
    back once loaded. ``False``: not the main thread, where nothing can be replaced, or Ctrl+C
    ignored (a job started in the background), which it stays."""
    try:
        if _signal.getsignal(_signal.SIGINT) == _signal.SIG_IGN:
            return False
        return _signal.signal(_signal.SIGINT, _note_interrupt)
    except ValueError:
        return False


_BEFORE_LOADING = _hold_interrupts()

# the rest loads with Ctrl+C held
from types import FrameType  # noqa: E402
from typing import Any  # noqa: E402

from .cmdline import (HOST_STOPPED_EARLY, build_parser, given, ignore_interrupts, interrupts_held,  # noqa: E402
                      run_command, seconds, stopped_line, table_address)

#: what the app and the tests import from here: the command line, from ``tui.cmdline``
__all__ = ["HOST_STOPPED_EARLY", "build_parser", "given", "main", "seconds", "table_address"]


#: why a write to an open stream fails (an error opening a file names the file, and is said
#: where it is opened)
WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT})


def main(argv: list[str] | None = None) -> int:
    """Run the command; its exit status. Ctrl+C at any moment before a command takes it in
    hand (while the code loads, the command line is read, the settings load, the app starts)
    stops it with one line and status 130. ``argv`` None: the process's own command line
    (``dealmein``, ``python -m tui``), which only ends once this returns: Ctrl+C is ignored from
    then on, since everything has been said and it would only cut the interpreter's own
    clean-up short with a traceback."""
    global _interrupted
    if argv is not None:  # run inside another program (an SSH session, a test): not its Ctrl+C
        _interrupted = False
    try:
        if argv is None:
            _take_interrupts()
        if _interrupted:
            raise KeyboardInterrupt
        try:
            code = run_command(argv)
        except SystemExit:  # argparse's help, said before it exits: written out here, or told
            _flush_output()
            raise
        _flush_output()  # what is still held: a write that fails is told (``--help >/dev/full``)
    except KeyboardInterrupt:
        with interrupts_held():
            print(stopped_line(argv), file=sys.stderr, flush=True)
        code = 130
    except BrokenPipeError:  # ``dealmein games | head -1``: the reader had all it wanted
        from net.announce import silence

        silence(sys.stdout)
        code = 1
    except OSError as e:  # a write that failed (a full disk, ``>/dev/full``): one line
        if e.errno not in WRITE_FAILURES or e.filename is not None:
            raise
        from net.announce import silence

        silence(sys.stdout)
        with contextlib.suppress(OSError):
            print(f"dealmein: could not write: {e.strerror or e}", file=sys.stderr, flush=True)
        code = 1
    if argv is None:
        ignore_interrupts()
        _forget_unhandled_interrupt()
    return code


def _flush_output() -> None:
    """Write out what standard output still holds; a failure to is raised (an ``OSError``), a
    stream already closed (``>&-``) is let be."""
    with contextlib.suppress(ValueError, AttributeError):
        sys.stdout.flush()


def _take_interrupts() -> None:
    """The process's own command line, where Ctrl+C has Python's own answer: it raises a
    KeyboardInterrupt as that does, and is noted as well (``interrupted``); one that Python
    drops is not printed as an exception ignored."""
    try:
        if _signal.getsignal(_signal.SIGINT) is not _signal.default_int_handler:
            return  # ignored, or another program's
        _signal.signal(_signal.SIGINT, _interrupt)
    except ValueError:  # not the main thread
        return
    before = sys.unraisablehook

    def quiet_dropped(unraisable: Any) -> None:
        if not issubclass(unraisable.exc_type, KeyboardInterrupt):
            before(unraisable)

    sys.unraisablehook = quiet_dropped


def _forget_unhandled_interrupt() -> None:
    """CPython marks a KeyboardInterrupt raised inside source text it runs (an ``exec``, as
    dataclasses build their methods) as never handled, even once ``main`` has answered it, and
    ends a program run as ``python -m`` by SIGINT as it exits, whatever status it returned:
    the next such text to run clears the mark."""
    exec("")


if _BEFORE_LOADING is not False:  # loaded: Ctrl+C is answered as before (``main`` answers one held)
    _signal.signal(_signal.SIGINT, _signal.default_int_handler if _BEFORE_LOADING is None else _BEFORE_LOADING)

if __name__ == "__main__":
    sys.exit(main())
