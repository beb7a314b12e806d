"""A TOML file's mistake in words, for the settings file and the theme files: tomllib's own,
but where a key or a table is given twice, which it tells as "Cannot overwrite a value"."""
from __future__ import annotations

import re
import tomllib

_TWICE = re.compile(r"Cannot (?:overwrite a value|declare \(.*?\) twice|mutate immutable namespace \(.*?\))"
                    r"(?= \(at line|$)")


def toml_problem(error: tomllib.TOMLDecodeError) -> str:
    """``error`` as a person reads it: "a key or table is given twice (at line 2, column 6)"."""
    return _TWICE.sub("a key or table is given twice", str(error), count=1)
