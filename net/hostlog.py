"""The headless host's running log, on its terminal: one line a record from the libraries it
uses. zeroconf logs a socket it cannot send on (a machine without IPv6: "Network is
unreachable") as a warning with the exception's whole traceback, which reads to the person
running the table as a crash; it is one line here, named by its library, with what went wrong.
The app's own records, and asyncio's (a task of this app that failed), keep their traceback:
those are faults of this program, to report."""
from __future__ import annotations

import logging
from typing import TextIO

#: the loggers whose records keep their traceback: this app's own, and asyncio's
OWN = ("dealmein", "asyncio")

FORMAT = "%(asctime)s %(levelname)s %(message)s"


def own(name: str) -> bool:
    return name.split(".", 1)[0] in OWN


class TerminalFormatter(logging.Formatter):
    """``FORMAT``, a library's record made one line: "WARNING zeroconf: Error with socket 9
    (...): [Errno 101] Network is unreachable"."""

    def format(self, record: logging.LogRecord) -> str:
        if own(record.name):
            return super().format(record)
        message = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and str(error) and str(error) not in message:
            message = f"{message}: {error}"
        # a copy, so that another handler of the record still has its traceback
        line = logging.makeLogRecord({**record.__dict__, "msg": f"{record.name}: {' '.join(message.split())}",
                                      "args": None, "exc_info": None, "exc_text": None, "stack_info": None})
        return super().format(line)


def log_to_terminal(stream: TextIO) -> None:
    """The host's log to ``stream``: its own lines from INFO on (who comes and goes), the SSH
    library's from WARNING (its eight lines per login, key exchange, auth and channel, only bury
    them). As ``logging.basicConfig``, nothing changes where the log already goes somewhere."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(TerminalFormatter(FORMAT))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
