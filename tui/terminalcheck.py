"""Whether a terminal can show the app at all: one that says it draws nothing (``TERM=dumb``,
an editor's shell) or a locale whose output is not UTF-8 would get the whole screen as escape
codes or as ``\\u2660`` for every suit and box line, with no word of why."""
from __future__ import annotations

import codecs
from collections.abc import Mapping
from typing import TextIO

DUMB = ("dealmein: the app draws a whole screen, and this terminal says it cannot (TERM=dumb, as in an "
        "editor's shell): run it in a terminal window, or set TERM to the terminal you have, e.g. "
        "TERM=xterm-256color dealmein (over ssh: TERM=xterm-256color ssh ...).")
NOT_UTF8 = ("dealmein: the app draws its cards and boxes in Unicode, and this terminal's locale writes "
            "{encoding}, not UTF-8: run it with a UTF-8 locale, e.g. {fix} dealmein (in a terminal "
            "that shows UTF-8).")
#: what sets the locale's encoding, the first one set winning (POSIX): the one to change
LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")


def cannot_draw(environ: Mapping[str, str], screen: TextIO | None) -> str | None:
    """Why the terminal of ``environ`` cannot show the app, drawn on ``screen`` (Textual draws
    on standard error), or None where it can."""
    if environ.get("TERM", "").strip().lower() == "dumb":
        return DUMB
    encoding = getattr(screen, "encoding", None)
    if not encoding:
        return None
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        name = encoding
    if name == "utf-8":
        return None
    if environ.get("PYTHONIOENCODING"):  # it rules Python's output whatever the locale says
        return NOT_UTF8.format(encoding=name, fix="PYTHONIOENCODING=utf-8")
    # LANG=C.UTF-8 would change nothing under an LC_ALL that says otherwise
    variable = next((v for v in LOCALE_VARIABLES if environ.get(v)), "LANG")
    return NOT_UTF8.format(encoding=name, fix=f"{variable}=C.UTF-8")
