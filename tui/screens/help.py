"""Every key, read from the bindings themselves so the list cannot drift from the code."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from rich.table import Table
from rich.text import Text
from textual import getters
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

from core import GAMES

from ..eventtext import announcement, deal_word
from ..helphere import TableHere, results_keys_here, screen_below, table_here, table_keys_here, working
from ..keymap import current_keys, key_label
from ..plays import GAME_KEYS, offered, own_status
from ..widgets.hand import HandView
from ..widgets.keyfooter import KeyFooter

if TYPE_CHECKING:
    from ..app import DealMeInApp


def key_rows(bindings: list[Binding], extra: Sequence[tuple[str, str]] = (),
             keymap: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(key, what it does) for every binding with a description, with the keys ``keymap``
    moved it to, then ``extra``; a binding's tooltip is the whole of what its short name on the
    key bar says. Bindings that share an id (F1 and ? for Help) share a row once moved, since
    they answer to the same keys."""
    rows: dict[str, tuple[str, str]] = {}
    for b in bindings:
        keys = current_keys(b, keymap or {})
        if b.description and keys not in rows:
            rows[keys] = (key_label(keys), b.tooltip or b.description)
    return list(rows.values()) + list(extra)


def key_table(title: str, rows: list[tuple[str, str]]) -> Table:
    # as wide as its title at least: a short table would wrap the title onto two lines
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2),
                  min_width=len(title))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, text in rows:
        table.add_row(Text(key), Text(text))
    return table


#: what a table key does in the words of each game, where its binding's one word does not fit
#: them all (Crazy Eights has no total: C says the suit to follow), and (``None``) in general,
#: for Help away from a table
GAME_WORDS: dict[str, dict[str | None, str]] = {
    "table.say_total": {"crazy-eights": "Suit to follow", None: "Total (in Crazy Eights: the suit to follow)"},
    # ninety-nine 5.1, crazy-eights 3.1
    "table.draw": {"ninety-nine": "Draw your card after a play, before the next seat plays",
                   "crazy-eights": "Draw a card from the stock",
                   None: "Draw (Crazy Eights; in Ninety-Nine's manual draw, your card after a play)"},
}


def in_game_words(binding: Binding, game: str | None) -> Binding:
    """``binding`` described as the game ``game`` has it (``None``: any game)."""
    words = GAME_WORDS.get(binding.id or "", {})
    said = words.get(game) if game is not None else words.get(None)
    return replace(binding, description=said) if said else binding


def table_below(app: App[Any]) -> tuple[dict[str, Any] | None, bool | None]:
    """The view of the table a screen was opened over (under a hand's results or Settings
    too), so that its keys are named as that game has them, and whether it is a solo table
    (None, None: not opened over a table)."""
    from .table import TableScreen

    screen = screen_below(app, TableScreen)
    return (screen.view, screen.solo) if isinstance(screen, TableScreen) else (None, None)


def announced(view: dict[str, Any]) -> str:
    """The last-card announcement at the table of ``view``: in Countdown it tells the seat's
    count (crazy-eights 6.4), "N" where the seat has none (a watcher)."""
    if not (view.get("options") or {}).get("countdown"):
        return announcement()
    return announcement(own_status(view).get("count", "N"))


def _of(cls: type[DOMNode], again: bool = False) -> list[Binding]:
    """A class's keys; a screen's leave out the app's keys it binds again (Q) unless ``again``:
    "Everywhere" lists those already."""
    return [b for b in cls.BINDINGS if isinstance(b, Binding) and (again or not (b.id or "").startswith("app."))]


#: the section of each screen's own keys, by the screen's class name: the start of its title (a
#: hand's results: its end, "Hand over / match over" or "Round over / match over")
HERE = {"TableScreen": "At the table", "ChoiceScreen": "A choice at the table", "ResultsScreen": " over / match over",
        "LobbyScreen": "Lobby", "HomeScreen": "Home", "PickerScreen": "Picking a game", "RulesScreen": "Rules",
        "RecordScreen": "Your record", "KeysScreen": "Keys", "SettingsScreen": "Settings",
        "ReplayScreen": "Replay", "JoinScreen": "Join a table", "JoiningScreen": "Join a table"}


def here_first(sections: dict[str, list[tuple[str, str]]], screen: object) -> dict[str, list[tuple[str, str]]]:
    """The sections with the keys of ``screen``, the one Help was opened over, first: what F1
    is pressed for is at the top, every other screen's keys after it."""
    start = HERE.get(type(screen).__name__)
    mine = [t for t in sections if start is not None and (t.startswith(start) or t.endswith(start))]
    return {**{t: sections[t] for t in mine}, **{t: rows for t, rows in sections.items() if t not in mine}}


class HelpScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    # on the bar: the app's other screens of reading and looking, for a player with a mouse at
    # a table whose bar has no room for them (F2, F3, F4 work on every screen)
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                Binding("f2", "app.rules", "Rules", id="app.rules"),
                Binding("f3", "app.next_theme", "Theme", id="app.theme"),
                Binding("f4", "app.next_card_style", "Card style", id="app.card_style"),
                Binding("f1", "app.help", "Help", show=False, id="app.help")]  # here already

    def opened_from(self) -> Screen | None:
        """The screen the help was opened over."""
        below = [s for s in self.app.screen_stack if s is not self]
        return below[-1] if below else None

    def compose(self) -> ComposeResult:
        from ..app import DealMeInApp
        from .lobby import LobbyScreen
        from .replay import ReplayScreen
        from .results import ResultsScreen

        guest = bool(getattr(self.app, "guest", False))  # over SSH: this table only
        # words that find its commands (it searches their names: "new game" finds nothing)
        palette = "theme, card style, rules" if guest else "solo, host, join, record, theme, card style, rules"
        keymap: dict[str, str] = getattr(self.app, "keymap", {})
        everywhere = key_rows(_of(DealMeInApp, again=True), [("Ctrl+P", f"Command palette: {palette}")], keymap)
        table_view, solo = table_below(self.app)
        below = self.opened_from()
        if isinstance(below, ReplayScreen) and not below.in_app:
            # ``dealmein replay FILE --show``: its own keys; there is no other screen to go to
            self.sections = {"Replay": key_rows(_of(ReplayScreen), [("↑, ↓, Mouse", "Scroll a step taller than the screen")], keymap),
                             "Everywhere": everywhere}
        else:
            # the keys of the screens under Help as they stand: what works there now
            sections = self._table_sections(everywhere, table_view, guest, keymap, solo, table_here(self.app),
                                            screen_below(self.app, LobbyScreen), screen_below(self.app, ResultsScreen))
            self.sections = here_first(sections, self.opened_from())
        game = (table_view or {}).get("game")
        with VerticalScroll(id="help"):
            yield Static(f"Keys · {GAMES[game].name}" if isinstance(game, str) and game in GAMES else "Keys",
                         classes="title")
            if table_view is None and not guest and not isinstance(below, ReplayScreen):
                yield Static(self._start_here(), id="start-here")
            for title, rows in self.sections.items():
                yield Static(key_table(title, rows))
        yield KeyFooter()

    def _start_here(self) -> Text:
        """A first game in three steps, for a player new to the room (its keys as moved)."""
        key = self.app.keys_for
        return Text.assemble(
            ("New here? ", "bold"),
            f"Choose Play solo ({key('home.solo', 'p')}) and a game: the picker says what each game and "
            f"variant is, and {key('picker.start', 'ctrl+s')} deals. At the table the line above your hand "
            f"says what {key('hand.play', 'enter')} does with the card you chose, {key('table.hint', 'h')} "
            f"suggests a play, and {key('app.rules', 'f2')} gives the game's rules.\n")

    @staticmethod
    def _table_sections(everywhere: list[tuple[str, str]], view: dict[str, Any] | None = None,
                        guest: bool = False, keymap: dict[str, str] | None = None,
                        solo: bool | None = None, here: TableHere | None = None,
                        lobby: DOMNode | None = None,
                        results: DOMNode | None = None) -> dict[str, list[tuple[str, str]]]:
        """Every screen's keys, by section; those of a table, a lobby or a hand's results under
        Help (``here``, ``lobby``, ``results``) as they work there now."""
        from .choice import ChoiceScreen
        from .home import HomeScreen
        from .join import JoinScreen
        from .joining import JoiningScreen
        from .keys import KeysScreen
        from .lobby import LobbyScreen
        from .picker import PickerScreen
        from .record import RecordScreen
        from .replay import ReplayScreen
        from .results import ResultsScreen
        from .rules import RulesScreen
        from .settings import SettingsScreen
        from .table import TableScreen

        if guest and solo is None:  # an SSH guest's table is never a solo one: no Hint there
            solo = False
        hand = [b for b in _of(HandView) if not b.key.isdigit()]
        named = (view or {}).get("game")
        game = named if isinstance(named, str) else None  # None: no table, every game
        # a key whose name on the bar is short (L's "Play+last card!") says the whole in Help
        table = [in_game_words(replace(b, description=b.tooltip, tooltip="") if b.tooltip else b, game)
                 for b in _of(TableScreen)]
        if view is not None:  # only the keys this game has (as its key bar shows them)
            has = offered(view)
            table = [b for b in table if b.action not in GAME_KEYS or GAME_KEYS[b.action] in has]
            said = f'"{announced(view)}"'  # L's words as this table says them (Countdown's count)
            table = [replace(b, description=b.description.replace('"last card!"', said))
                     if b.action == "last_card" else b for b in table]
        # Hint answers at a solo table, Chat at any other (over a table: only the one it has;
        # from elsewhere: both, saying where each answers)
        table = [b for b in table if not (solo is True and b.action == "focus_chat" or solo is False and b.action == "hint")]
        if solo is None:
            where = {"hint": "Hint (at a solo table)", "focus_chat": "Chat (at a table with players)",
                     "step_away": "At a table with players, step away from the match: a bot plays your seat "
                                  "until you press it again"}
            table = [replace(b, description=where[b.action]) if b.action in where else
                     replace(b, description=f"{b.description} (once a match is over)")
                     if b.action.startswith("rematch") else b for b in table]
        playing = here is None or here.playing  # a seat in a match in play: its cards to choose
        watching = here is not None and here.view.get("seat") is None  # no seat: no hand, no choices
        at_table = key_rows(table_keys_here(table, hand, here) if here is not None else [*table, *hand],
                            keymap=keymap, extra=[
            *([("1 .. 9, 0", "Choose a card by its number"),
               ("Mouse", "Click a card to choose it, click again to play it"
                         + ("; click the stock to draw" if view is None or "draw" in offered(view) else ""))]
              if playing else []),
            ("Tab", "Move between the hand and the log (arrows scroll it); Esc comes back to the hand" if solo else
                    "Move between the log (arrows scroll it) and the chat line; Esc comes back to the table"
                    if watching else
                    "Move between the hand, the log (arrows scroll it) and the chat line; Esc comes back to the hand"),
            *([] if solo else [("Enter in the chat line", "Send the line and stay for the next; on an empty line, back to "
                                                          + ("the table" if watching else "the hand"))])])
        results_keys = working(results, _of(ResultsScreen)) if results is not None else \
            results_keys_here(_of(ResultsScreen), here) if here is not None else _of(ResultsScreen)
        if guest:  # a replay reads a match log of this machine's data folder, the host's
            results_keys = [b for b in results_keys if b.action != "replay"]
        lobby_keys = _of(LobbyScreen) if lobby is None else working(lobby, _of(LobbyScreen))
        return {
            "Everywhere": everywhere,
            "At the table": at_table,
            # an ace's or a ten's value, a suit to name (not for a watcher, who makes no play)
            # (a wild card's suit keys only in Crazy Eights, the one game that names a suit)
            **({} if watching else {"A choice at the table": key_rows(
                [b for b in _of(ChoiceScreen) if game in (None, "crazy-eights") or not b.action.startswith("suit(")],
                keymap=keymap, extra=[("1 .. 9", "Choose the answer of that number"),
                                      ("←, →, Enter", "Move between the answers and choose one")])}),
            # Ninety-Nine plays rounds, the others hands
            (f"{deal_word(game).capitalize()} over / match over" if game else
             "Hand or round over / match over"): key_rows(results_keys, keymap=keymap),
            "Lobby": key_rows(lobby_keys, keymap=keymap, extra=[
                ("Enter in the chat line", "Send the line and stay for the next; on an empty line, back to the seats"),
                ("Esc in the chat line", "Back to the seats (what you typed stays)")]
                if any(b.action == "focus_chat" for b in lobby_keys) else []),
            "Home": key_rows([b for b in _of(HomeScreen) if HomeScreen.offers(b.action, guest)], keymap=keymap),
            **({} if guest else {"Join a table": key_rows(_of(JoinScreen), keymap=keymap, extra=[
                ("Tab, Shift+Tab", "Move between the tables on your network, those you joined lately, the address, "
                                   "the password and Connect"),
                ("↑, ↓, Enter", "Choose a table in a list and join it (one that cannot be joined says why)"),
                ("Enter in the address", "Join the table at that address (host or host:port)"),
                ("→ in the address", "Take the address a table you joined lately suggests"),
                *[(f"{key_label(current_keys(b, keymap or {}))} while joining", "Stop joining: the Join screen stays")
                  for b in _of(JoiningScreen) if b.action == "stop"]])}),
            **({} if guest else {"Picking a game (Play solo, Host, Game in the lobby)": key_rows(
                [replace(b, description="Start (hosting: Open table; the lobby's Game: Apply)")
                 if b.id == "picker.start" else b for b in _of(PickerScreen)], keymap=keymap, extra=[
                    ("Tab, Shift+Tab", "Move between the games, the variants, the seats and the options"),
                    ("↑, ↓, Enter", "Choose in a list, open a choice of values")])}),
            f"Rules ({key_label((keymap or {}).get('app.rules', 'f2'))})": key_rows(
                [b for b in _of(RulesScreen) if b.action != "game(-1)"], keymap=keymap,
                extra=[("←, →", "The other games' rules")]),
            **({} if guest else {"Your record": key_rows(_of(RecordScreen), keymap=keymap)}),
            "Settings": key_rows(_of(SettingsScreen), keymap=keymap, extra=[
                ("Tab, Shift+Tab", "Move between the settings")]),
            "Keys (Settings, Move keys)": key_rows(_of(KeysScreen), keymap=keymap, extra=[
                ("Enter, then a key", "Move the highlighted key there (Esc keeps it)"),
                ("That key again", "Swap the two, where the key belonged to one other")]),
            **({} if guest else {f"Replay ({key_label((keymap or {}).get('results.replay', 'v'))} on a match's "
                                 "results, dealmein replay FILE --show)": key_rows(
                _of(ReplayScreen), keymap=keymap, extra=[("↑, ↓, Mouse", "Scroll a step taller than the screen")])}),
        }
