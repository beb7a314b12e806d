"""`NO_COLOR` (https://no-color.org): when set to a non-empty value, the table uses no colour.

The environment is passed in, so an SSH session is judged by the client's `NO_COLOR`, not
the host's. With colour off the app forces the monochrome theme, whose distinctions are
carried by text style; Textual itself also strips colour when `NO_COLOR` is in the app's
own environment.
"""
from __future__ import annotations

import os
from typing import Mapping

MONOCHROME_THEME = "monochrome"


def colour_disabled(environ: Mapping[str, str] | None = None) -> bool:
    """True when `NO_COLOR` is present and not empty, as no-color.org specifies."""
    env = os.environ if environ is None else environ
    return bool(env.get("NO_COLOR", ""))


def theme_for_environment(chosen: str, environ: Mapping[str, str] | None = None) -> str:
    """The theme to show: the player's choice, or monochrome when `NO_COLOR` turns colour off."""
    return MONOCHROME_THEME if colour_disabled(environ) else chosen
