"""Load the shipped themes and the user's own theme files; a bad file is reported, never raised.

User themes live in `<the app's data folder>/themes/*.toml`; `DEALMEIN_THEMES_DIR`
points elsewhere (tests, portable installs). A user theme with a shipped theme's name replaces it.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import platformdirs
from textual.theme import Theme

from themes.schema import Invalid, theme_from_table
from themes.tomlproblem import toml_problem

APP_NAME = "dealmein"
THEMES_DIR_ENV = "DEALMEIN_THEMES_DIR"
#: the app's data folder moved (``net.environ``'s name for it; themes are data, and import no ``net``)
DATA_DIR_ENV = "DEALMEIN_DATA_DIR"
SHIPPED_DIR = Path(__file__).resolve().parent
#: Order the shipped themes are offered in (default first); any other shipped file follows.
SHIPPED_ORDER: tuple[str, ...] = ("casino", "midnight", "paper", "high-contrast", "monochrome", "terminal")
#: Largest theme file read; anything bigger is not a theme.
MAX_FILE_BYTES = 64 * 1024


@dataclass(frozen=True)
class ThemeProblem:
    """One bad theme file and everything wrong with it, to show the user once."""

    path: Path
    message: str
    #: each thing wrong, apart (``message`` has them all): a notice too small for every one
    #: names the first and counts the rest
    errors: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"theme file {self.path}: {self.message}"  # the whole path, as a settings file's

    @property
    def each(self) -> tuple[str, ...]:
        """Everything wrong with the file, one by one (a file that cannot be read has one)."""
        return self.errors or (self.message,)


@dataclass
class LoadedThemes:
    """What a load found: themes by name (shipped first), where each came from, and bad files."""

    themes: dict[str, Theme] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    problems: list[ThemeProblem] = field(default_factory=list)

    def user_theme_names(self) -> list[str]:
        return [name for name, path in self.sources.items() if path.parent != SHIPPED_DIR]


def user_themes_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the user's theme files go: `$DEALMEIN_THEMES_DIR`, else the `themes` folder of the
    app's data folder (`$DEALMEIN_DATA_DIR`, as ``net.paths.data_dir`` reads it, else the
    platform's)."""
    env = os.environ if environ is None else environ
    override = env.get(THEMES_DIR_ENV, "")
    if override:
        return Path(override).expanduser()
    data = env.get(DATA_DIR_ENV, "")
    return (Path(data) if data else platformdirs.user_data_path(APP_NAME)) / "themes"


def unread_themes_dir(environ: Mapping[str, str] | None = None) -> Path | None:
    """The platform's theme folder where it holds theme files this app does not read: while
    `$DEALMEIN_DATA_DIR` moves the themes folder with it (earlier versions read the platform's
    all the same). Named, so that themes left there are not gone without a word; None where
    there is no such folder, or it is the one read."""
    env = os.environ if environ is None else environ
    if env.get(THEMES_DIR_ENV, "") or not env.get(DATA_DIR_ENV, ""):
        return None
    platform = platformdirs.user_data_path(APP_NAME) / "themes"
    try:  # the folder read, reached by a relative path or a link, is not another
        same = platform.resolve() == user_themes_dir(env).resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links
        same = False
    if same or not _theme_files(platform):
        return None
    return platform


def unread_themes_said(unread: Path, folder: Path) -> str:
    """What ``dealmein themes`` and the app's Themes notice say of ``unread_themes_dir``."""
    return (f"The theme files in {unread} are not read while {DATA_DIR_ENV} is set: move them into "
            f"{folder} to use them.")


def folder_problem(folder: Path) -> str | None:
    """What is wrong with the user's theme folder itself, where something else stands in its
    place (``DEALMEIN_THEMES_DIR`` naming a file), or in the place of a folder it is in (a data
    folder that is a file), where it can never be made: none of its themes is read; None if nothing."""
    for place in (folder, *folder.parents):
        if place.exists():
            if place.is_dir():
                return None
            if place == folder:
                return f"{folder} is not a folder: no theme is read from it."
            return f"{folder} cannot be a folder ({place} is a file): no theme is read from it."
    return None


#: Shipped theme files already read, by path and `complete`, with the (mtime, size) they had:
#: each is read once per process, and an SSH session forked from the app zygote reuses its reads.
_shipped_reads: dict[tuple[Path, bool], tuple[tuple[int, int], Theme | ThemeProblem]] = {}


def load_theme_file(path: Path, complete: bool = False) -> Theme | ThemeProblem:
    """One theme file as a `Theme`, or the problem that keeps it out."""
    if path.parent != SHIPPED_DIR:
        return _read_theme_file(path, complete)
    try:
        stat = path.stat()
    except OSError:
        return _read_theme_file(path, complete)
    stamp = (stat.st_mtime_ns, stat.st_size)
    earlier = _shipped_reads.get((path, complete))
    if earlier is not None and earlier[0] == stamp:
        return earlier[1]
    result = _read_theme_file(path, complete)
    _shipped_reads[(path, complete)] = (stamp, result)
    return result


def _read_theme_file(path: Path, complete: bool) -> Theme | ThemeProblem:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return ThemeProblem(path, f"larger than {MAX_FILE_BYTES // 1024} KiB")
        # (``utf-8-sig``: the byte-order mark some Windows editors write was "not valid TOML")
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError:
        return ThemeProblem(path, "not UTF-8 text")
    except tomllib.TOMLDecodeError as exc:
        return ThemeProblem(path, f"not valid TOML ({toml_problem(exc)})")
    except RecursionError:
        return ThemeProblem(path, "not valid TOML (nested too deep)")
    except OSError as exc:
        return ThemeProblem(path, f"cannot be read ({exc.strerror or exc})")
    try:
        return theme_from_table(data, complete=complete)
    except Invalid as exc:
        return ThemeProblem(path, str(exc), exc.errors)


def _theme_files(directory: Path) -> list[Path]:
    try:
        return sorted(p for p in directory.glob("*.toml") if p.is_file())
    except OSError:
        return []


def load_shipped_themes() -> LoadedThemes:
    """The themes that ship with the app, each required to give every key."""
    loaded = LoadedThemes()
    rank = {name: i for i, name in enumerate(SHIPPED_ORDER)}
    files = sorted(_theme_files(SHIPPED_DIR), key=lambda p: (rank.get(p.stem, len(rank)), p.name))
    for path in files:
        _add(loaded, path, load_theme_file(path, complete=True), replace=False)
    return loaded


def load_themes(user_dir: Path | None = None, environ: Mapping[str, str] | None = None) -> LoadedThemes:
    """Shipped themes, then the user's; `user_dir` defaults to `user_themes_dir(environ)`.

    A missing user directory is not a problem. Each bad file yields one `ThemeProblem`.
    """
    loaded = load_shipped_themes()
    directory = user_themes_dir(environ) if user_dir is None else user_dir
    for path in _theme_files(directory):
        _add(loaded, path, load_theme_file(path), replace=True)
    return loaded


def user_theme_named(name: str, user_dir: Path | None = None,
                     environ: Mapping[str, str] | None = None) -> Theme | None:
    """The user's theme called `name`, as `load_themes` would pick it (the first good file of
    that name), or `None`. Only the files that say that name are checked in full, so the app
    can start in the user's own version of its theme without loading every theme first."""
    directory = user_themes_dir(environ) if user_dir is None else user_dir
    for path in _theme_files(directory):
        if _declared_name(path) != name:
            continue
        result = load_theme_file(path)
        if isinstance(result, Theme):
            return result
    return None


def _declared_name(path: Path) -> str | None:
    """The `name` a theme file gives, read without checking the rest; `None` if unreadable."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None
        name = tomllib.loads(path.read_text(encoding="utf-8-sig")).get("name")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    return name if isinstance(name, str) else None


def _add(loaded: LoadedThemes, path: Path, result: Theme | ThemeProblem, replace: bool) -> None:
    if isinstance(result, ThemeProblem):
        loaded.problems.append(result)
        return
    earlier = loaded.sources.get(result.name)
    if earlier is not None and (not replace or earlier.parent == path.parent):
        loaded.problems.append(ThemeProblem(path, f"theme name {result.name!r} is already used by {earlier.name}"))
        return
    loaded.themes[result.name] = result
    loaded.sources[result.name] = path
