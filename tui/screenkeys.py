"""Every screen's keys and the widgets that can hold its focus, and a keymap checked against them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.widget import Widget


def screen_bindings() -> dict[str, list[Binding]]:
    """Every screen's own keys with the app's (and the hand's, at the table): what a key moved
    by the keymap must not clash with."""
    from .app import DealMeInApp
    from .screens.choice import ChoiceScreen
    from .screens.help import HelpScreen
    from .screens.home import HomeScreen
    from .screens.join import JoinScreen
    from .screens.keys import KeysScreen
    from .screens.lobby import LobbyScreen
    from .screens.picker import PickerScreen
    from .screens.record import RecordScreen
    from .screens.replay import ReplayScreen
    from .screens.results import ResultsScreen
    from .screens.rules import RulesScreen
    from .screens.settings import SettingsScreen
    from .screens.table import TableScreen
    from .widgets.hand import HandView

    def of(*classes: type[DOMNode]) -> list[Binding]:
        return [b for cls in classes for b in cls.BINDINGS if isinstance(b, Binding)]

    everywhere = of(DealMeInApp)
    return {"home": of(HomeScreen) + everywhere, "picker": of(PickerScreen) + everywhere,
            "lobby": of(LobbyScreen) + everywhere, "table": of(TableScreen, HandView) + everywhere,
            "results": of(ResultsScreen) + everywhere, "replay": of(ReplayScreen) + everywhere,
            "help": of(HelpScreen) + everywhere, "rules": of(RulesScreen) + everywhere,
            "settings": of(SettingsScreen) + everywhere, "join": of(JoinScreen) + everywhere,
            "record": of(RecordScreen) + everywhere, "keys": of(KeysScreen) + everywhere,
            "choice": of(ChoiceScreen) + everywhere}


def screen_widgets() -> dict[str, list[type[Widget]]]:
    """The kinds of widget that can have the focus on each screen of ``screen_bindings``: a
    key they answer to reaches them before the screen's own (Enter on a list or a button), so a
    key moved by the keymap must not take it."""
    from textual.containers import ScrollableContainer
    from textual.widgets import Button, Input, OptionList, Select, Switch

    from .screens.keys import KeyCatcher
    from .screens.replay import StepBody
    from .screens.rules import GameTabs
    from .widgets.hand import HandView
    from .widgets.tablelog import TableLog

    return {"home": [Button], "picker": [OptionList, Select, Input, Switch, Button, ScrollableContainer],
            "lobby": [OptionList, Button, TableLog, Input], "table": [HandView, TableLog, Input],
            "results": [Button], "replay": [StepBody], "help": [ScrollableContainer],
            "rules": [GameTabs, ScrollableContainer], "settings": [ScrollableContainer, Input, Select, Switch, Button],
            "join": [OptionList, Input, Button], "record": [ScrollableContainer], "keys": [OptionList, KeyCatcher],
            "choice": [Button]}


def checked_keymap(keymap: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The part of ``keymap`` the app's screens can use, and what is wrong with the rest."""
    from .keymap import check_keymap

    return check_keymap(keymap, screen_bindings(), screen_widgets())


def moved_keymap(kept: dict[str, str], moves: dict[str, str | None]) -> tuple[dict[str, str], dict[str, str]] | str:
    """``kept`` (settings.toml's keymap) with ``moves`` made (None: a key back to where it
    ships), and the part of it usable; or why the moves cannot be made. No key moved before may
    stop working for them: a move that would push one out is refused, not made."""
    from .keymap import check_keymap, problems_of, written

    screens, widgets = screen_bindings(), screen_widgets()
    before, old_problems = check_keymap(kept, screens, widgets)
    wanted = {k: v for k, v in kept.items() if k not in moves}
    wanted.update({k: written(v) for k, v in moves.items() if v is not None})
    usable, problems = check_keymap(wanted, screens, widgets)
    lost = any(v is not None and k not in usable for k, v in moves.items()) \
        or any(k not in usable for k in before if k not in moves)
    if lost:
        # what the moves brought, else what is wrong with a key moved (the file's own entry for
        # it may have been refused alike), not another entry of the file's refused all along
        new = [p for p in problems if p not in old_problems] or problems_of(problems, moves) or problems
        return new[0].removeprefix("keymap: ")
    return wanted, usable
