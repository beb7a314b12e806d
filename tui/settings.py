"""The player's settings: a small flat TOML file under the user's config directory.

A missing file means defaults; a broken one also means defaults, with one problem reported so
that the app can say so once. Writes are atomic (a temporary file, then ``os.replace``), so a
crash never leaves half a file behind. The app writes a change into the file as it is then
(``change_settings``), so two apps open at once keep each other's changes, and a file edited by
hand keeps its comments and layout (``tui.settingsedit``).
"""
from __future__ import annotations

import difflib
import getpass
import os
import re
import tomllib
import unicodedata
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date, time
from pathlib import Path
from typing import Any

import platformdirs

from net.environ import CONFIG_DIR_ENV
from net.paths import TooLarge, atomic_write, locked, read_file
from net.protocol import NAME_LEN, clean_name
from net.seatnames import bot_like, bot_name_refused
from themes.tomlproblem import toml_problem

from .handorder import HAND_ORDERS
from .plain import counted
from .settingsedit import edited, flat_keymap, toml_string

CARD_STYLES = ("two-colour", "four-colour", "ascii")
FILE_NAME = "settings.toml"


def config_dir() -> Path:
    """``DEALMEIN_CONFIG_DIR`` when set (tests, portable installs), else the platform's place."""
    override = os.environ.get(CONFIG_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir("dealmein"))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:  # no user database entry (containers): any name will do
        name = ""
    return (name or "Player")[:NAME_LEN]


@dataclass
class Settings:
    name: str = ""
    theme: str = "casino"
    card_style: str = "two-colour"
    animation: bool = True
    #: the terminal's bell when your turn comes at a table with other players, when ten
    #: seconds are left on your turn clock, and when a player sits down at the table you host
    bell: bool = True
    bot_pause: float = 0.6
    default_game: str = "ninety-eight"
    hand_order: str = "dealt"
    #: binding id -> keys (``"table.draw" = "d"``); the app checks them against its screens
    keymap: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name:
            self.name = _default_name()


def _check(key: str, value: Any) -> Any:
    """The value if it suits ``key``; ``ValueError`` naming the key otherwise."""
    if key == "name":
        if not isinstance(value, str) or not value.strip():
            raise ValueError("name: expected a name")
        if len(value.strip()) > NAME_LEN:
            raise ValueError(f"name: at most {NAME_LEN} characters")
        if any(unicodedata.category(ch) == "Cc" for ch in value):  # (a newline, an escape: no name's)
            raise ValueError("name: expected a name without control characters")
        # as the tables take it: a joiner within an emoji ("👨‍👩‍👧") or a mark of writing direction
        # goes, as typed in Settings or given to --name, where the file's was refused
        name = clean_name(value, NAME_LEN)
        if not name:
            raise ValueError("name: expected a name that shows a letter")
        if bot_like(name):
            raise ValueError(f"name: {bot_name_refused(name)}")
        return name
    if key in ("theme", "default_game"):
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            raise ValueError(f"{key}: expected a short text")
        return value.strip()
    if key == "card_style":
        if value not in CARD_STYLES:
            raise ValueError(f"card_style: expected one of {', '.join(CARD_STYLES)}{_not(value)}")
        return value
    if key == "hand_order":
        if value not in HAND_ORDERS:
            raise ValueError(f"hand_order: expected one of {', '.join(HAND_ORDERS)}{_not(value)}")
        return value
    if key in ("animation", "bell"):
        if not isinstance(value, bool):
            raise ValueError(f"{key}: expected true or false{_not(value)}")
        return value
    if key == "keymap":
        if not isinstance(value, dict):
            raise ValueError('keymap: expected a [keymap] table of keys, such as "table.draw" = "d"')
        value = flat_keymap(value)
        usable = {k: v for k, v in value.items() if _usable_keys(k, v)}
        if len(usable) < len(value):  # the others stand: one bad line costs only itself
            bad = ", ".join(toml_string(k) for k in value if k not in usable)
            raise PartlyUsable(usable, f'keymap: {bad}: expected keys as text of at most 60 characters, '
                                       'such as "table.draw" = "d"')
        return usable
    if key == "bot_pause":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10:
            raise ValueError(f"bot_pause: expected seconds from 0 to 10{_not(value)}")
        return float(value)
    raise ValueError(f"{key}: not a setting")


def _not(value: Any) -> str:
    """", not 'fourcolour'": the value as the file gives it, after what was expected, where it is
    short enough to say (a long one is named by its key alone)."""
    try:
        written = _toml_value(value)
    except RecursionError:
        return ""
    return f", not {written}" if len(written) <= 24 else ""


def _usable_keys(binding_id: Any, keys: Any) -> bool:
    """A ``[keymap]`` entry the app can read: keys as text, of a length a person writes."""
    return isinstance(binding_id, str) and isinstance(keys, str) and len(keys) <= 60


def _with_unusable(keymap: dict[str, str], data: dict[str, Any]) -> dict[str, Any]:
    """``keymap`` as it is to be written, with the file's entries the app could not use (a
    number, a list, a long text) where it moves no key of theirs: mistakes are named and stay,
    never written over."""
    in_file = flat_keymap(data.get("keymap"))
    if not isinstance(in_file, dict):
        return keymap
    kept = {k: v for k, v in in_file.items() if not _usable_keys(k, v) and k not in keymap}
    return {**kept, **keymap}


class PartlyUsable(ValueError):
    """A setting of which some can be used (``value``): the rest is said, and kept in the file."""

    def __init__(self, value: Any, message: str) -> None:
        super().__init__(message)
        self.value = value


class Unread(str):
    """A problem with the whole settings file: it was not read, so the app does not write over
    it either (what it held would be lost) until it is mended or removed. ``why``: the problem
    in a few words ("is not valid TOML"), for a line that says the file is not written."""

    why: str

    def __new__(cls, text: str, why: str = "could not be read") -> Unread:
        made = super().__new__(cls, text)
        made.why = why
        return made


#: what follows from a value the file gives that cannot be used, and from a [keymap] entry (the
#: action keeps its shipped key: "stay as they were" read as if the entry's key were kept)
DEFAULTS_USED, KEYS_STAY = "using the defaults for those", "those actions keep the keys they ship with"


class BadValues(str):
    """Values of a file that was read that cannot be used (their defaults stand in), said whole;
    ``each``: what is wrong, by key, for a notice with no room to say it all."""

    each: dict[str, str]

    def __new__(cls, text: str, each: dict[str, str]) -> BadValues:
        made = super().__new__(cls, text)
        made.each = each
        return made


#: a settings file is a few lines; one far larger is not read
MOST_BYTES = 256 * 1024
_KNOWN = {f.name for f in fields(Settings)}
#: a key TOML reads without quotes
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: what an SSH guest's app is told of its settings file instead of its path: the file is in the
#: host's data folder, which is the host's business, and only the host can mend it
GUEST_FILE = "Your settings file on this host"
#: the settings an SSH guest neither sees nor uses, so a bad one is not said to it: it plays
#: under its login name, hosts no table and opens no picker
GUEST_UNUSED = frozenset({"name", "bot_pause", "default_game"})


def file_named(path: Path, guest: bool = False) -> str:
    """The settings file as a notice names it: its path, or to an SSH guest ``GUEST_FILE``."""
    return GUEST_FILE if guest else str(path)


def _kept(guest: bool) -> str:
    """What follows from a file that was not read, and who can mend it."""
    if guest:
        return "using the defaults; changes you make here are not kept until the host mends or removes it"
    return "using the defaults; changes you make here are not saved over it until it is mended or removed"


def load_settings(path: Path | None = None, guest: bool = False) -> tuple[Settings, str | None]:
    """The settings and, when the file was unreadable (``Unread``) or had bad values, what was
    wrong (for an SSH guest, ``guest``: in words that name none of the host's folders, and
    nothing of settings it does not use)."""
    path = path or settings_path()
    data, unread = _read(path, guest)
    if unread is not None:
        return Settings(), unread
    return _settings_from(data, path, guest)


def _read(path: Path, guest: bool = False) -> tuple[dict[str, Any], Unread | None]:
    """The file's keys ({} when there is none), or why it could not be read."""
    _, data, unread = _read_text(path, guest)
    return data, unread


def _read_text(path: Path, guest: bool = False) -> tuple[str, dict[str, Any], Unread | None]:
    """The file's text ("" when there is none) and keys, or why it could not be read."""
    name, kept = file_named(path, guest), _kept(guest)
    try:
        raw = read_file(path, MOST_BYTES)
    except TooLarge:
        return "", {}, Unread(f"{name} is larger than {MOST_BYTES // 1024} KiB; {kept}",
                              f"is larger than {MOST_BYTES // 1024} KiB")
    except FileNotFoundError:
        return "", {}, None
    except OSError as e:
        return "", {}, Unread(f"{name} could not be read ({e.strerror}); {kept}",
                              f"could not be read ({e.strerror})")
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark some editors write
    except UnicodeDecodeError:
        return "", {}, Unread(f"{name} is not UTF-8 text; {kept}", "is not UTF-8 text")
    try:
        return text, tomllib.loads(text), None
    except tomllib.TOMLDecodeError as e:
        return "", {}, Unread(f"{name} is not valid TOML ({toml_problem(e)}); {kept}", "is not valid TOML")
    except RecursionError:
        return "", {}, Unread(f"{name} is not valid TOML (nested too deep); {kept}", "is not valid TOML")


def _settings_from(data: dict[str, Any], path: Path, guest: bool = False) -> tuple[Settings, str | None]:
    settings, problems = _values(data)
    each = {key: str(e) for key, e in problems.items() if not (guest and key in GUEST_UNUSED)}
    if each:
        # a [keymap] line alone says what every other [keymap] mistake says of itself
        follows = KEYS_STAY if set(each) == {"keymap"} else DEFAULTS_USED
        return settings, BadValues(f"{file_named(path, guest)}: {'; '.join(each.values())}; {follows}", each)
    return settings, None


def notice_wordings(named: str, problem: str | None, keymap_problems: list[str], keymap_ids: list[str],
                    guest: bool = False) -> list[str]:
    """The ways the settings notice can say what is wrong with the file named ``named``, the
    fullest first, for a screen too small for them all (the notice would run off its top, the
    file's path first): ``problem`` as ``load_settings`` gave it, and the ``[keymap]`` entries
    not used (``keymap_ids``) with why (``keymap_problems``). Every way names the file and says
    what follows; the shorter ones name it once, then the mistakes by key, then count them."""
    if isinstance(problem, Unread):  # one problem: what is wrong with the file loses its detail
        return [problem, f"{named} {problem.why}; {_kept(guest)}"]
    whole = ([problem] if problem else []) + \
        ([f"{named}: {'; '.join(keymap_problems)}; {KEYS_STAY}"] if keymap_problems else [])
    wordings = ["\n".join(whole)] if whole else []
    values = problem.each if isinstance(problem, BadValues) else {}
    if not (values or keymap_problems) or (problem and not values):
        return wordings
    value_parts = ["; ".join(values.values()), f"{', '.join(values)}: not usable",
                   f"{counted(len(values), 'value')} not usable"]
    key_parts = ["; ".join(keymap_problems),
                 f"keymap: {', '.join(keymap_ids)}: not usable" if keymap_ids else "; ".join(keymap_problems),
                 f"{counted(len(keymap_ids) or len(keymap_problems), 'keymap entry', 'keymap entries')} not usable"]
    # whole, then by key, then counted; the [keymap] entries, whose reasons run longest, first
    for v, k in ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)):
        lines = [f"{named}:"]
        if values:
            lines.append(f"{value_parts[v]}; {KEYS_STAY if set(values) == {'keymap'} else DEFAULTS_USED}")
        if keymap_problems:
            lines.append(f"{key_parts[k]}; {KEYS_STAY}")
        if "\n".join(lines) not in wordings:
            wordings.append("\n".join(lines))
    return wordings


def _values(data: dict[str, Any]) -> tuple[Settings, dict[str, ValueError]]:
    """The settings the file's keys give, and what is wrong with each key it has whose value
    cannot be used (the default stands in for it)."""
    settings = Settings()
    problems: dict[str, ValueError] = {}
    for key, value in data.items():
        if key not in _KNOWN:
            # a newer version's key: keep quiet, it does no harm; but one spelt all but as a
            # setting is (most likely) that setting mistyped, and it would do nothing unsaid
            near = difflib.get_close_matches(key, _KNOWN, n=1, cutoff=0.8)
            if near:
                problems[key] = ValueError(f"{_toml_key(key)[:40]}: no such setting (is it {near[0]}?)")
            continue
        try:
            setattr(settings, key, _check(key, value))
        except PartlyUsable as e:
            setattr(settings, key, e.value)
            problems[key] = e
        except ValueError as e:
            problems[key] = e
    return settings, problems


def _toml_value(value: Any) -> str:
    """Any value TOML reads back (a newer version's key is written back as it was read)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)  # inf and nan too: TOML's own words
    if isinstance(value, (date, time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(_toml_line(k, v) for k, v in value.items()) + "}"
    return toml_string(str(value))


def _toml_line(key: str, value: Any) -> str:
    """``key = value``, as the file writes each of its keys."""
    return f"{_toml_key(key)} = {_toml_value(value)}"


def _toml_key(key: str) -> str:
    """A key as a person writes it: bare where TOML lets it be (``colour_blind``), else quoted
    (``"table.draw"``, whose dot would otherwise make a table of it)."""
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def dumps(settings: Settings, other: dict[str, Any] | None = None, kept: dict[str, Any] | None = None) -> str:
    """The file for ``settings``, with ``other`` keys (a newer version's) after them; ``kept``:
    keys of this version whose values in the file were not usable, written back as they were
    (a change of another key does not put the defaults used meanwhile in their place)."""
    lines = ["# Deal Me In settings"]
    values = asdict(settings)
    keymap = values.pop("keymap")
    kept = kept or {}
    if "keymap" in kept:  # as it was, inline: it may not be a table at all
        keymap = {}
    values.update(kept)
    lines += [_toml_line(key, value) for key, value in values.items()]
    lines += [_toml_line(key, value) for key, value in (other or {}).items()]
    if keymap:  # a table comes after the plain keys
        lines += ["", "[keymap]"] + [_toml_line(k, v) for k, v in keymap.items()]
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: readers see the old file or the new one, never a torn one."""
    atomic_write(path or settings_path(), dumps(settings).encode("utf-8"))


class Rewritten(str):
    """A change that could not be placed in the file's own lines: the file was written afresh,
    and the file as it was, comments and all, is kept beside it (the text is that copy's path)."""


#: what the copy of a file written afresh is called: the file's name and this
KEPT_SUFFIX = ".bak"


def change_settings(changes: dict[str, Any], path: Path | None = None,
                    in_use: Settings | None = None) -> Unread | Rewritten | None:
    """Write ``changes`` into the file as it is now, not this app's copy from its start: another
    app open at once may have changed other keys since. The lock beside it (``net.paths.locked``)
    keeps two such writes from interleaving. When the file cannot be read now, nothing is
    written (``Unread``). When a change cannot be placed in the file's own lines, the file is
    written afresh and the one it was kept beside it first (``Rewritten``: a person's comments
    and layout are not lost without a word). ``in_use``: the settings the app runs on, written
    whole where the file has gone or been emptied meanwhile (not the defaults: the app would
    start next time on other settings than it showed)."""
    path = path or settings_path()
    with locked(path):
        before, data, unread = _read_text(path)
        if unread is not None:
            return unread
        if "keymap" in changes:
            changes = {**changes, "keymap": _with_unusable(changes["keymap"], data)}
        # a file with something in it keeps its own lines, comments and order; a new one
        # (or one that cannot be edited so for certain) is written whole, every setting listed
        text = edited(before, data, changes, _toml_line) if before.strip() else None
        rewritten: Rewritten | None = None
        if text is None and before.strip():
            copy = path.with_name(path.name + KEPT_SUFFIX)
            atomic_write(copy, before.encode("utf-8"))
            rewritten = Rewritten(str(copy))
        if text is None:
            current, unusable = _values(data)
            if not before.strip() and in_use is not None:
                current = replace(in_use)
            for key, value in changes.items():
                setattr(current, key, value)
            other = {k: v for k, v in data.items() if k not in _KNOWN}
            kept = {k: data[k] for k in unusable if k not in changes and k in _KNOWN}
            try:
                text = dumps(current, other, kept)
            except RecursionError:  # nested as deep as the reader bears: not kept, as before
                text = dumps(current)
        atomic_write(path, text.encode("utf-8"))
        return rewritten
