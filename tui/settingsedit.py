"""A change written into the settings file's own text, so that a file edited by hand keeps its
comments, order and layout when the app changes one setting.

Only what can be placed for certain is edited: a top-level key on a line of its own, and the
lines of a ``[keymap]`` table (an id written with its quotes or without). The result is read
back and compared with what the change should give; anything else (a key inside a multi-line
value, a keymap written inline) gives None, and the caller writes the whole file afresh instead.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from typing import Any

#: a table's header line, ``[name]`` or ``[[name]]``
_HEADER = re.compile(r"\s*\[")
_KEYMAP_HEADER = re.compile(r"\s*\[\s*keymap\s*\]\s*(#.*)?")
#: an id written without its quotes, as a dotted key of two bare words (``table.draw``)
_BARE_DOTTED = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")


def edited(text: str, data: dict[str, Any], changes: dict[str, Any],
           line_of: Callable[[str, Any], str]) -> str | None:
    """``text`` (a file that read as ``data``) with ``changes`` written into it, every other
    line as it was; None where that cannot be done for certain. ``line_of`` writes a
    ``key = value`` line as the rest of the settings file does."""
    lines = text.splitlines()
    expected = dict(data)
    for key, value in changes.items():
        if key == "keymap":
            placed = _keymap_lines(lines, data, value, line_of)
        else:
            placed = _top_line(lines, key, line_of(key, value))
        if placed is None:
            return None
        lines = placed
        expected[key] = dict(value) if key == "keymap" else tomllib.loads(line_of("v", value))["v"]
    newline = "\r\n" if "\r\n" in text else "\n"  # a file written on Windows keeps its line ends
    out = newline.join(lines) + newline
    try:
        got = tomllib.loads(out)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    return out if _no_empty_keymap(got) == _no_empty_keymap(expected) else None


def flat_keymap(keymap: Any) -> Any:
    """A ``[keymap]`` as ids and keys: an id written without its quotes (``table.draw = "d"``)
    reads in TOML as a table ``table`` holding ``draw``, and is taken as ``"table.draw"``, each
    id of such a table on its own (one whose keys are not text is refused alone, its
    neighbours kept). What is not a table is as it was; so is one where that would give an id
    twice."""
    if not isinstance(keymap, dict):
        return keymap
    flat: dict[str, Any] = {}
    for key, value in keymap.items():
        inner = value.items() if isinstance(value, dict) else [(None, value)]
        for name, keys in inner:
            binding_id = key if name is None else f"{key}.{name}"
            if binding_id in flat:
                return keymap
            flat[binding_id] = keys
    return flat


def _no_empty_keymap(data: dict[str, Any]) -> dict[str, Any]:
    """An empty ``[keymap]`` and none at all mean the same; ids written with or without their
    quotes too (``flat_keymap``)."""
    return {k: flat_keymap(v) if k == "keymap" else v for k, v in data.items() if not (k == "keymap" and v == {})}


def _line_key(line: str, dotted: bool = False) -> str | None:
    """The key a line sets, where the line is a whole ``key = value`` on its own. ``dotted``: a
    keymap id written without its quotes (``table.draw = "d"``) is one, ``"table.draw"``
    (``flat_keymap``); elsewhere a dotted key or an inline table is not placed."""
    try:
        got = tomllib.loads(line)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    if len(got) != 1:
        return None
    key = next(iter(got))
    inner = got[key]
    if not isinstance(inner, dict):
        return key
    if dotted and _written_bare(line) and len(inner) == 1 and all(isinstance(v, str) for v in inner.values()):
        return f"{key}.{next(iter(inner))}"
    return None


def _with_comment(old: str, new: str) -> str:
    """``new`` with the comment that ended ``old`` (``theme = "paper"  # mine``), if it had one."""
    for i, ch in enumerate(old):
        if ch != "#":
            continue
        try:
            tomllib.loads(old[:i])
        except tomllib.TOMLDecodeError:
            continue  # a # inside a string
        return f"{new}  {old[i:].strip()}"
    return new


def _top_line(lines: list[str], key: str, line: str) -> list[str] | None:
    """The lines with ``key``'s line above the first table replaced by ``line`` (or ``line``
    added after the last top-level key, when the file has none for it)."""
    end = next((i for i, x in enumerate(lines) if _HEADER.match(x)), len(lines))
    at = [i for i in range(end) if _line_key(lines[i]) == key]
    if len(at) > 1:
        return None
    out = list(lines)
    if at:
        out[at[0]] = _with_comment(lines[at[0]], line)
        return out
    last = max((i for i in range(end) if lines[i].strip() and not lines[i].lstrip().startswith("#")),
               default=None)
    if last is None and end < len(lines):  # no key yet: above the first table, a blank line between
        if end and not lines[end - 1].strip():
            out.insert(end - 1, line)
        else:
            out[end:end] = [line, ""]
    elif last is None:
        out.append(line)
    else:
        out.insert(last + 1, line)
    return out


def _keymap_lines(lines: list[str], data: dict[str, Any], keymap: dict[str, str],
                  line_of: Callable[[str, Any], str]) -> list[str] | None:
    """The lines with the ``[keymap]`` table's bindings made ``keymap``: a binding kept is
    rewritten where it stood, one dropped is taken out, a new one goes after the table's last
    binding; comments stay."""
    heads = [i for i, x in enumerate(lines) if _KEYMAP_HEADER.fullmatch(x)]
    if len(heads) > 1 or ("keymap" in data and not heads):
        return None  # written inline or as dotted keys: not placed here
    if not heads:
        if not keymap:
            return list(lines)
        body = [line_of(k, v) for k, v in keymap.items()]
        return list(lines) + ([""] if lines and lines[-1].strip() else []) + ["[keymap]"] + body
    start = heads[0] + 1
    end = next((i for i in range(start, len(lines)) if _HEADER.match(lines[i])), len(lines))
    out = lines[:start]
    seen: set[str] = set()
    bare: list[bool] = []  # each binding's id written without its quotes, or not
    last = start - 1
    for x in lines[start:end]:
        stripped = x.strip()
        if not stripped or stripped.startswith("#"):
            out.append(x)
            continue
        key = _line_key(x, dotted=True)
        if key is None or key in seen:
            return None
        seen.add(key)
        bare.append(_written_bare(x))
        if key in keymap:  # written bare, it stays bare; indented, indented
            line = _bare(key, line_of(key, keymap[key])) if bare[-1] else line_of(key, keymap[key])
            out.append(x[:len(x) - len(x.lstrip())] + _with_comment(x.lstrip(), line))
            last = len(out) - 1
    # new bindings as the table writes its ids: bare where every one there is
    new = [_bare(k, line_of(k, v)) if bare and all(bare) and _BARE_DOTTED.fullmatch(k) else line_of(k, v)
           for k, v in keymap.items() if k not in seen]
    out[last + 1:last + 1] = new
    if not any(x.strip() for x in out[start:]):  # emptied, nothing of the player's left in it
        out = out[:start - 1]
        while out and not out[-1].strip():
            out.pop()
        if out and end < len(lines):
            out.append("")  # the blank line before the table that follows
    return out + lines[end:]


def _written_bare(line: str) -> bool:
    """``line`` sets an id written without its quotes (``table.draw = "d"``)."""
    return _BARE_DOTTED.fullmatch(line.split("=", 1)[0].strip()) is not None


def _bare(key: str, line: str) -> str:
    """``line`` (``"table.draw" = "d"``) with its id written without quotes."""
    return key + line[line.index(" = "):]


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped, the rest as is."""
    out = []
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
