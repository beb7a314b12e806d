"""The keys a theme file may hold, and the checks that turn a parsed TOML table into a `Theme`.

A theme file has the fields of Textual's `Theme` at the top level, an optional `[variables]`
table of extra Textual CSS variables, and an optional `[table]` table of the app's own
variables (felt, card face and back, suit colours...). Every key is named in docs/themes.md.
"""
from __future__ import annotations

import difflib
import re
from functools import cache
from typing import Any, Iterable, Mapping

from textual.color import Color, ColorParseError
from textual.css.constants import VALID_STYLE_FLAGS
from textual.theme import Theme

from themes.variables import (
    APP_COLOUR_VARIABLES,
    APP_STYLE_VARIABLES,
    APP_VARIABLES,
    ansi_textual_variables,
    app_variables,
)

#: Textual `Theme` fields that hold a colour.
THEME_COLOUR_KEYS: tuple[str, ...] = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
    "warning",
    "error",
    "success",
)
#: Top-level keys that are not colours.
THEME_FLAG_KEYS: tuple[str, ...] = ("dark", "ansi")
THEME_NUMBER_KEYS: tuple[str, ...] = ("luminosity_spread", "text_alpha")
SECTION_KEYS: tuple[str, ...] = ("variables", "table")
TOP_LEVEL_KEYS: frozenset[str] = frozenset(
    ("name", *THEME_COLOUR_KEYS, *THEME_FLAG_KEYS, *THEME_NUMBER_KEYS, *SECTION_KEYS)
)
#: What a user file must give; everything else has a default.
REQUIRED_KEYS: tuple[str, ...] = ("name", "primary")
#: What a shipped file must give: every Textual colour, `dark`, and every app variable.
COMPLETE_KEYS: tuple[str, ...] = ("name", *THEME_COLOUR_KEYS, "dark")

NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
VARIABLE_NAME_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,63}$")


class Invalid(ValueError):
    """Everything wrong with one theme table, so a file is reported once with all its faults."""

    def __init__(self, errors: tuple[str, ...]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


#: the most of a file's value or key an error repeats: a 20,000-character value is not printed whole
SHOWN_MOST = 60


def _shown(value: str) -> str:
    """``value`` quoted for an error, cut to ``SHOWN_MOST`` characters."""
    return repr(value if len(value) <= SHOWN_MOST else value[:SHOWN_MOST - 3] + "...")


#: a colour function's parts, once Textual has read it as one: rgb(R,G,B[,A]) or hsl(H,S%,L%[,A])
COLOUR_FUNCTION = re.compile(r"^\s*(rgba?|hsla?)\((.*)\)\s*$")


def _out_of_range(value: str) -> str | None:
    """What of a colour function is out of its range: Textual reads ``rgb(300,0,0)`` as
    ``rgb(255,0,0)``, so a slip of the finger would be taken for another colour without a word."""
    match = COLOUR_FUNCTION.match(value)
    if match is None:
        return None
    parts = [p.strip() for p in match.group(2).split(",")]
    ranges = [(0, 255, "")] * 3 if match.group(1).startswith("rgb") else [(None, None, ""), (0, 100, "%"), (0, 100, "%")]
    for part, (low, high, unit) in zip(parts, [*ranges, (0, 1, "")]):
        number = float(part.removesuffix("%"))
        if low is not None and high is not None and not low <= number <= high:
            return f"{part} is not from {low}{unit} to {high}{unit}"
    return None


def _check_colour(where: str, value: Any, errors: list[str]) -> None:
    if not isinstance(value, str):
        errors.append(f"{where} must be a colour string, not {type(value).__name__}")
        return
    try:
        Color.parse(value)
    except ColorParseError:
        errors.append(f"{where}: {_shown(value)} is not a colour (a name, #RRGGBB, rgb(...) or hsl(...))")
        return
    problem = _out_of_range(value)
    if problem:
        errors.append(f"{where}: {_shown(value)} is not a colour: {problem}")


def _check_text_style(where: str, value: Any, errors: list[str]) -> None:
    if not isinstance(value, str) or not value.split():
        errors.append(f"{where} must be a text style such as \"bold\" or \"dim underline\"")
        return
    bad = [word for word in value.split() if word not in VALID_STYLE_FLAGS]
    if bad:
        allowed = ", ".join(sorted(VALID_STYLE_FLAGS))
        errors.append(f"{where}: unknown text style {_shown(' '.join(bad))} (use: {allowed})")


def _check_table(data: Mapping[str, Any], complete: bool, errors: list[str]) -> dict[str, str]:
    table = data.get("table", {})
    if not isinstance(table, dict):
        errors.append("[table] must be a table")
        return {}
    for key in sorted(set(table) - set(APP_VARIABLES)):
        errors.append(f"unknown key {_shown(key)} in [table]")
    for key in APP_COLOUR_VARIABLES:
        if key in table:
            _check_colour(f"table.{key}", table[key], errors)
    for key in APP_STYLE_VARIABLES:
        if key in table:
            _check_text_style(f"table.{key}", table[key], errors)
    if complete:
        for key in APP_VARIABLES:
            if key not in table:
                errors.append(f"missing key {_shown(key)} in [table]")
    return {key: value for key, value in table.items() if key in APP_VARIABLES and isinstance(value, str)}


def _check_variables(data: Mapping[str, Any], errors: list[str]) -> dict[str, str]:
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        errors.append("[variables] must be a table")
        return {}
    good: dict[str, str] = {}
    for key, value in variables.items():
        if key in APP_VARIABLES:
            errors.append(f"[variables] key {_shown(key)} belongs in [table]")
        elif not VARIABLE_NAME_PATTERN.match(key):
            errors.append(f"[variables] key {_shown(key)} is not a CSS variable name")
        elif key not in _textual_variables():  # no rule reads it: a misspelt name did nothing, unsaid
            errors.append(f"[variables] key {_shown(key)} is no variable of Textual's{_did_you_mean(key, _textual_variables())}")
        elif not isinstance(value, str) or not value.strip():
            errors.append(f"[variables] value of {_shown(key)} must be a non-empty string")
        else:
            problem = _variable_problem(key, value)
            if problem:
                errors.append(problem)
            else:
                good[key] = value
    return good


@cache
def _textual_variables() -> dict[str, str]:
    """Textual's own variables and their values for a theme of its own: which of them are
    colours does not depend on the theme, so a file's overrides are checked against these
    along with everything else wrong with it."""
    return Theme(name="reference", primary="#0178D4").to_color_system().generate()


def _did_you_mean(key: str, known: Iterable[str]) -> str:
    """" (is it 'footer-key-foreground'?)" for the known name nearest a misspelt ``key``."""
    close = difflib.get_close_matches(key, list(known), n=1)
    return f" (is it {close[0]!r}?)" if close else ""


def _variable_problem(key: str, value: str) -> str | None:
    """What is wrong with ``value`` for Textual's variable ``key``, or None."""
    textual = _textual_variables()[key]
    if _looks_like_colour(textual):
        return None if _is_css_colour(value) else f"variables.{key}: {_shown(value)} is not a colour (Textual's value is a colour)"
    problem = _declaration_problem(_property_of(key), value)
    return f"variables.{key}: {_shown(value)} is not a {_property_of(key)} value ({problem})" if problem else None


def theme_from_table(data: Mapping[str, Any], complete: bool = False) -> Theme:
    """Check a parsed theme file and build its `Theme`, app variables filled; `Invalid` if bad.

    `complete` asks for every key (the shipped themes), so none of them leans on a default.
    """
    errors: list[str] = []
    for key in sorted(set(data) - TOP_LEVEL_KEYS):
        errors.append(f"unknown key {_shown(key)}{_did_you_mean(key, TOP_LEVEL_KEYS)}")
    for key in REQUIRED_KEYS:
        if key not in data:
            errors.append(f"missing key {_shown(key)}")
    if complete:
        for key in COMPLETE_KEYS:
            if key not in data and key not in REQUIRED_KEYS:
                errors.append(f"missing key {_shown(key)}")
    name = data.get("name")
    if "name" in data and not (isinstance(name, str) and NAME_PATTERN.match(name)):
        shown = _shown(name) if isinstance(name, str) else "the one given"
        errors.append(f"name {shown} must be 1-40 characters of a-z, 0-9 and '-', starting with a letter or digit")
    for key in THEME_COLOUR_KEYS:
        if key in data:
            _check_colour(key, data[key], errors)
    for key in THEME_FLAG_KEYS:
        if key in data and not isinstance(data[key], bool):
            errors.append(f"{key} must be true or false")
    for key in THEME_NUMBER_KEYS:
        value = data.get(key, 0.5)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            errors.append(f"{key} must be a number from 0 to 1")
    variables = _check_variables(data, errors)
    table = _check_table(data, complete, errors)
    if errors:
        raise Invalid(tuple(errors))

    fields: dict[str, Any] = {key: data[key] for key in (*THEME_COLOUR_KEYS, *THEME_FLAG_KEYS) if key in data}
    fields.update({key: float(data[key]) for key in THEME_NUMBER_KEYS if key in data})
    if fields.get("ansi", False):
        variables = {**ansi_textual_variables(bool(fields.get("dark", True))), **variables}
    base = Theme(name=str(name), variables=dict(variables), **fields)
    try:
        base.to_color_system().generate()
    except Exception as exc:  # a colour system Textual cannot build is a bad file, not a crash
        raise Invalid((f"Textual cannot build this theme: {exc}",)) from exc
    # derived from the table's own values too, so a suit left out reads on the theme's own card face
    derived = app_variables(Theme(name=base.name, variables={**variables, **table}, **fields))
    return Theme(
        name=base.name,
        variables={**derived, **variables, **table},
        **fields,
    )


def _looks_like_colour(value: str) -> bool:
    """True when Textual's own value for a variable is a plain colour, so an override must be one too."""
    try:
        Color.parse(value)
    except ColorParseError:
        return False
    return True


def _property_of(variable: str) -> str:
    """The CSS property Textual's own rules put ``variable`` in (``$link-style`` in
    ``text-style``, ``$link-background`` in ``background``, the rest in ``color``)."""
    if variable.endswith("-style") or variable.endswith("-style-hover"):
        return "text-style"
    return "background" if "background" in variable else "color"


def _declaration_problem(prop: str, value: str) -> str | None:
    """Why ``prop: value`` is not a declaration Textual's stylesheet takes, or ``None``: a
    theme variable that breaks every rule using it would stop the app at its next screen."""
    from textual.css.stylesheet import Stylesheet

    if any(c in value for c in ";{}"):
        return "it may not hold ; { or }"
    sheet = Stylesheet()
    try:
        sheet.add_source(f"Screen {{ {prop}: {value}; }}", read_from=("theme", ""))
        sheet.parse()
    except Exception:  # StylesheetParseError or TokenError: either says the value is bad
        return "Textual's stylesheet does not take it"
    return None


def _is_css_colour(value: str) -> bool:
    """A CSS colour value as Textual takes it: a colour or `auto`, optionally followed by `NN%`."""
    words = value.split()
    if not 1 <= len(words) <= 2 or (len(words) == 2 and not re.fullmatch(r"\d{1,3}(\.\d+)?%", words[1])):
        return False
    return words[0] == "auto" or _looks_like_colour(words[0])
