"""The ``dealmein`` command (``main``), which answers Ctrl+C at every moment before a command
takes it in hand: one line and status 130, never a traceback. The command line itself (parser,
checks, commands) is ``tui.cmdline``, loaded here once Ctrl+C is held: this module is small, so
that the moment before that (Python reading it) is short."""
from __future__ import annotations

import sys

# the signal module's C part, loaded with Python: ``signal`` itself takes a moment to load
import _signal  # type: ignore[import-not-found]

#: a Ctrl+C that came while this module loaded, before ``main`` could answer it: ``main``
#: answers it as soon as it starts, as it answers one a moment later
_interrupted_loading = False


def _note_interrupt(signum: int, frame: FrameType | None) -> None:
    global _interrupted_loading
    _interrupted_loading = True


def _hold_interrupts() -> Any:
    """Ctrl+C is noted, not raised, while this module loads (before ``main`` runs, where a
    KeyboardInterrupt would end the program with a traceback); the handler it replaces, to put
    back once loaded. ``False``: not the main thread, where nothing can be replaced."""
    try:
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


def main(argv: list[str] | None = None) -> int:
    """Run the command; its exit status. Ctrl+C at any moment before a command takes it in
    hand (while the code loads, the command line is read, the settings load, the app starts)
    stops it with one line and status 130. ``argv`` None: the process's own command line
    (``dealmein``, ``python -m tui``), which only ends once this returns: Ctrl+C is ignored from
    then on, since everything has been said and it would only cut the interpreter's own
    clean-up short with a traceback."""
    global _interrupted_loading
    try:
        if _interrupted_loading:
            _interrupted_loading = False
            raise KeyboardInterrupt
        code = run_command(argv)
    except KeyboardInterrupt:
        with interrupts_held():
            print(stopped_line(argv), file=sys.stderr, flush=True)
        code = 130
    except BrokenPipeError:  # ``dealmein games | head -1``: the reader had all it wanted
        from net.announce import silence

        silence(sys.stdout)
        code = 1
    if argv is None:
        ignore_interrupts()
    return code


if _BEFORE_LOADING is not False:  # loaded: Ctrl+C is answered as before (``main`` answers one held)
    _signal.signal(_signal.SIGINT, _signal.default_int_handler if _BEFORE_LOADING is None else _BEFORE_LOADING)

if __name__ == "__main__":
    sys.exit(main())
