"""Where a file stops being JSON, in words for people: the parser's own ("Expecting ','
delimiter: line 1 column 5 (char 4)") counts lines and characters of its own, which read as
the file's, and names the grammar rather than the place."""
from __future__ import annotations

import json


def json_where(error: ValueError, line: bool = False) -> str:
    """What ``error`` (from ``json.loads``) says of the text: "not JSON at column 5", with
    ``line`` "not JSON at line 2, column 14" (a whole file; a log's line has its number said
    already), "not UTF-8 text"."""
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON at line {error.lineno}, column {error.colno}" if line else f"not JSON at column {error.colno}"
    return "not JSON"
