"""The app's theme: the first one shown, the rest loaded after, previews, and the choice it saves."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Sequence

from textual.app import App
from textual.geometry import Size
from textual.theme import Theme

from .notices import fitted
from .plain import counted
from .theming import DEFAULT_THEME, shipped_themes

if TYPE_CHECKING:
    from themes.loader import ThemeProblem

    from .app import DealMeInApp

#: where everything wrong with each bad theme file can be read, said when a notice leaves some out
SEE_EVERYTHING = 'Run "dealmein themes" to see everything wrong.'


def theme_notice(lead: Sequence[str], problems: Sequence[ThemeProblem], size: Size) -> str:
    """The Themes notice: ``lead``'s lines, then the bad files, as much as fits a screen of
    ``size`` (a taller notice runs off the top, and the files it names first are never seen).
    As many files as fit, each by its whole path (docs/themes.md promises it) with its first
    problem, or with how many it has where that names more files; how many files are left
    out; and, if anything is, where to read it all (``dealmein themes``)."""
    if not problems:
        return "\n".join(lead)
    head = [*lead, "This theme file is left out:" if len(problems) == 1 else "These theme files are left out:"]

    def entry(problem: ThemeProblem, first: bool) -> str:
        more = len(problem.each) - 1
        if not first:
            return f"{problem.path}: {counted(more + 1, 'problem')}"
        return f"{problem.path}: {problem.each[0]}" + (f" (and {counted(more, 'more problem')})" if more else "")

    def wordings() -> Iterator[str]:
        for shown in range(len(problems), 0, -1):
            for first in (True, False):
                entries = [entry(problem, first) for problem in problems[:shown]]
                left = len(problems) - shown
                whole = first and not left and all(len(problem.each) == 1 for problem in problems)
                tail = ([f"and {counted(left, 'more file')}."] if left else []) + ([] if whole else [SEE_EVERYTHING])
                yield "\n".join([*head, *entries, *tail])

    return fitted(wordings(), size)


class ThemeChoice:
    """Which theme the app shows and which it keeps in settings.toml: a theme shown while a list
    previews, or standing in for a missing one, is not the player's choice and is never saved."""

    def __init__(self, app: DealMeInApp) -> None:
        self.app = app
        #: the theme files that could not be used, said once they are loaded
        self.problems: list[ThemeProblem] = []
        #: the theme to go back to while a theme list previews (None: not previewing)
        self.preview_from: str | None = None
        #: shown for a saved theme that is missing: not saved
        self.stand_in: str | None = None

    def wanted(self) -> str:
        """The saved choice, or monochrome while ``NO_COLOR`` is set (not saved)."""
        from themes.no_color import theme_for_environment

        app = self.app
        return theme_for_environment(app.settings.theme, {"NO_COLOR": "1"} if app.no_colour else {})

    @property
    def kept(self) -> str:
        """The theme the player chose, which Settings shows and F3 steps on from: the one shown,
        but under ``NO_COLOR`` (which shows monochrome) the saved one, where it is there."""
        app = self.app
        if app.no_colour and app.settings.theme in app.available_themes:
            return app.settings.theme
        return app.theme

    def start_with(self, theme: Theme) -> None:
        """Make ``theme`` the theme before the stylesheet is first parsed. Setting ``app.theme``
        would have Textual parse every rule again at start (its theme watcher refreshes the CSS);
        before anything is parsed or shown, the variables and the theme's class are all there is
        to change, as long as it is as dark (or light) as Textual's default and as it takes its
        colours (a theme of the terminal's own ANSI colours switches Textual's conversion of them
        to exact colours off, which only its theme watcher does)."""
        app = self.app
        app.register_theme(theme)
        before = app.current_theme
        if theme.dark != before.dark or theme.ansi != before.ansi:
            app.theme = theme.name
            return
        app.set_reactive(App.theme, theme.name)
        app.set_class(False, f"-theme-{before.name}", update=False)
        app.set_class(True, f"-theme-{theme.name}", update=False)
        app.stylesheet.set_variables(app.get_css_variables())

    def load(self) -> None:
        """Register every shipped and user theme, and say once which theme files are bad."""
        app = self.app
        themes, self.problems = shipped_themes(app.guest)
        for theme in themes:
            if theme.name != app.theme:
                app.register_theme(theme)
            elif theme != app.current_theme:  # the one in use, replaced by a user file: shown now
                app.register_theme(theme)
                app.mutate_reactive(App.theme)
        wanted = self.wanted()
        said: list[str] = []
        from themes.loader import folder_problem, unread_themes_dir, unread_themes_said, user_themes_dir

        folder = user_themes_dir()
        problem = None if app.guest else folder_problem(folder)
        if problem:
            said.append(f"Your theme folder {problem}")
        if wanted not in app.available_themes:
            # a theme no longer there (a user theme file gone or broken): shown, not saved, so
            # that the choice comes back once the file is mended
            missing = wanted
            wanted = DEFAULT_THEME if DEFAULT_THEME in app.available_themes else "textual-dark"
            self.stand_in = wanted
            said.insert(0, f"The theme {missing!r} is not available: showing {wanted} (your choice is kept).")
            unread = None if app.guest else unread_themes_dir()
            if unread is not None:  # where it may be, in a folder this app does not read
                said.insert(1, unread_themes_said(unread, folder))
        if wanted != app.theme:
            app.theme = wanted
        if said or self.problems:  # one notice: a stack of them ran off the screen
            # (after the settings file's, if any: ``tui.startnotices``; a path is shown as it is, brackets and all)
            app.start_notices.say(theme_notice(said, self.problems, app.size), title="Themes", timeout=10,
                                  markup=False)

    def changed(self, theme: Any) -> None:
        """The theme shown changed (F3, a list, a setting): saved if it is a choice. Textual
        tells of a change a moment after it is made: news of a theme no longer shown is stale (a
        later change has its own), as when a user theme replaced the one shown at start just
        before a stand-in for a missing choice took its place."""
        app = self.app
        if self.preview_from is not None or theme.name != app.theme:  # browsing: show it, save nothing yet
            app.refresh_cards()
            return
        if theme.name == self.stand_in:  # standing in for a missing theme: not a choice
            app.refresh_cards()
            return
        self.stand_in = None
        if app.settings.theme != theme.name and theme.name != self.wanted():
            app.settings.theme = theme.name
            app.save_settings("theme")
        app.refresh_cards()

    def choose(self, name: str) -> None:
        """Keep ``name`` as the theme and save it (the palette's and Settings' choice)."""
        app = self.app
        self.preview_from = None
        if name not in app.available_themes:
            return
        if app.theme != name and not app.no_colour:  # under NO_COLOR it is kept for later, not shown
            app.theme = name
        if app.settings.theme != name:
            app.settings.theme = name
            app.save_settings("theme")
        app.refresh_cards()

    # a theme list (the palette's, or Settings') shows each theme as it is highlighted and saves
    # only the one chosen; closed without a choice, the theme from before comes back
    def begin_preview(self) -> None:
        if self.preview_from is None:
            self.preview_from = self.app.theme

    def preview(self, name: str) -> None:
        app = self.app
        if app.no_colour:  # the terminal shows no colour: nothing to preview
            return
        if self.preview_from is not None and name in app.available_themes and name != app.theme:
            app.theme = name

    def end_preview(self, chosen: str | None) -> None:
        """``chosen`` is kept and saved; ``None``, or the theme the preview began on, brings that
        one back and saves nothing (it may stand in for a missing theme, or be NO_COLOR's)."""
        original = self.preview_from
        if chosen is not None and chosen != (self.kept if self.app.no_colour else original):
            self.choose(chosen)
            return
        self.preview_from = None
        if original is not None and self.app.theme != original:
            self.app.theme = original

    def palette_closed(self, chose: bool) -> None:
        """The palette's theme list closed: a choice is already kept (its provider chose it)."""
        if chose:
            self.preview_from = None
        else:
            self.end_preview(None)
