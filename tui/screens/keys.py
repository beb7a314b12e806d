"""Keys: every key the player may move, where it is now, and a way to move it without editing
``settings.toml`` by hand. A key is moved only where it clashes with nothing (``DealMeInApp.move_key``,
the same check the file's ``[keymap]`` gets), and the move is saved to that file (an SSH guest's,
which the host keeps for the guest's login name, though the guest never sees it). Where the new
key belongs to one other key there, pressing it again swaps the two: one step, where moving
each by itself would clash."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..keymap import LIST_WORDS, key_label, pressed_key
from ..settings import GUEST_FILE, Unread
from ..widgets.keyfooter import KeyFooter
from ..widgets.wholelist import WholeOptionList
from . import popped
from .help import in_game_words, table_below

#: where each id's key answers, by the id's first part
WHERE = {"app": "Everywhere", "hand": "Table", "table": "Table", "lobby": "Lobby", "home": "Home",
         "picker": "Picker", "results": "Results", "replay": "Replay", "record": "Record",
         "keys": "Keys"}


@dataclass(frozen=True)
class Movable:
    """One key the player may move: its binding id, what it does and where, the keys it ships with."""
    id: str
    does: str
    where: str
    shipped: str


@dataclass(frozen=True)
class Swap:
    """Offered after a move clashed with one other key: ``moving`` takes ``key`` from ``other``,
    which takes the keys ``moving`` had in its place."""
    moving: Movable
    other: Movable
    key: str
    moves: dict[str, str | None]


#: what a table key does away from a table, where its binding's one word does not fit every
#: game (``help.GAME_WORDS`` names it at a table); short, for the list's column
AWAY_WORDS = {"table.say_total": "Total / suit to follow"}
#: keys named by their one word in the list at any table (Help says what they do in its game)
SHORT = frozenset({"table.draw"})


def movable_keys(game: str | None = None) -> list[Movable]:
    """Every binding id of every screen once, in the order Help reads them (app-wide first),
    each named as the game ``game`` has it (``None``: opened away from a table, any game)."""
    from ..screenkeys import screen_bindings

    shipped: dict[str, list[str]] = {}
    does: dict[str, str] = {}
    for bindings in screen_bindings().values():
        for b in bindings:
            if not b.id:
                continue
            keys = shipped.setdefault(b.id, [])
            for key in b.key.split(","):
                if key.strip() not in keys:
                    keys.append(key.strip())
            if b.description:
                said = LIST_WORDS.get(b.id) or (b.description if b.id in SHORT else
                                                AWAY_WORDS.get(b.id) if game is None else None)
                does.setdefault(b.id, said or in_game_words(b, game).description)
    out = [Movable(i, does.get(i, i), WHERE.get(i.split(".")[0], i.split(".")[0].capitalize()), ",".join(k))
           for i, k in shipped.items()]
    order = list(WHERE.values())
    return sorted(out, key=lambda m: (order.index(m.where) if m.where in order else len(order), m.does))


def plain_problem(problem: str, moving: Movable, keys: list[Movable]) -> str:
    """A refused move told in the list's words: the keymap's own problem names binding ids as
    settings.toml has them ("keymap: table.draw = P clashes with Pass (P) on the table
    screen"), which mean nothing here; this says "P is already Pass on the table screen", the
    key named by what it does, whichever of the two the check named first."""
    does = {key.id: key.does for key in keys}
    text = problem.removeprefix("keymap: ")
    if m := re.fullmatch(r"(\S+) = (.+?) clashes with (.+) on the (\w+) screen, which answers .+ while it has the focus", text):
        return f"{m[2]} is taken by {m[3]} on the {m[4]} screen, which answers it while it has the focus"
    if m := re.fullmatch(r"(\S+) = (.+?) clashes with (.+?) \(.+\) on the (\w+) screen", text):
        holder = m[3] if m[1] == moving.id else does.get(m[1], m[1])
        return f"{m[2]} is already {holder} on the {m[4]} screen"
    if m := re.fullmatch(r"(\S+) = (.+?) is a key most terminals cannot send", text):
        return f"{m[2]} is a key most terminals cannot send"
    if m := re.fullmatch(r"(\S+) = (.+?) is a key terminals send as (.+)", text):
        return f"{m[2]} is a key terminals send as {m[3]}"
    if m := re.fullmatch(r"(\S+) cannot take (.+)", text, re.DOTALL):
        return f"{does.get(m[1], m[1])} cannot take {m[2]}"
    return text


def unused_entries(app: Any) -> dict[str, tuple[str, str]]:
    """The settings file's ``[keymap]`` entries for keys listed here that are not used, by binding
    id: the keys as the file writes them, and why not (a key the file moved before a newer
    version shipped another key there: the notice at the start said so once, and the list showed
    the key where it ships with no word of the file's)."""
    from ..keymap import normal_key, problems_of
    from ..screenkeys import checked_keymap

    wanted: dict[str, Any] = getattr(app.settings, "keymap", {}) or {}
    usable, problems = checked_keymap(wanted)
    out = {}
    for binding_id, text in wanted.items():
        problem = next(iter(problems_of(problems, [binding_id])), None)
        if binding_id in usable or problem is None:
            continue
        keys = [k.strip() for k in str(text).split(",")]
        out[binding_id] = (", ".join(key_label(n) if (n := normal_key(k)) else k for k in keys), problem)
    return out


def kept_words(app: Any) -> str:
    """Where a move is kept, truly for this app: a local player's settings file by name; for an
    SSH guest, who has no file of their own to open, the host keeps it for their login name;
    either way, while that file cannot be read, nowhere (the app said so once already)."""
    guest = bool(getattr(app, "guest", False))
    path: Path = app.config_path
    if isinstance(app.settings_problem, Unread):
        named = GUEST_FILE.lower() if guest else path.name
        return f"Moves work at once but are not kept: {named} could not be read."
    if guest:
        return ("This table's host keeps each move at once for the name you logged in with: yours "
                "again whenever you log in with it.")
    return f"Each move is saved in {path.name} at once."


class KeyCatcher(Static, can_focus=True):
    """Takes the next key pressed, whatever it is (Esc gives up), so that no binding runs on it."""

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Every key is this one's while it has the focus: so Textual leaves out the bindings
        that would answer first (Ctrl+Q's quit, Ctrl+P's palette), and the key can be refused."""
        return True

    def on_blur(self) -> None:
        screen = self.screen
        if isinstance(screen, KeysScreen) and screen.moving is not None:
            screen.caught("escape")  # the focus went elsewhere (a click): the move is given up

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        screen = self.screen
        if isinstance(screen, KeysScreen):
            screen.caught(event.key)


class KeysScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("backspace", "put_back", "Put back", id="keys.put_back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[Movable] = []  # read as the screen mounts: the table below names C
        self.moving: Movable | None = None  # the key waiting for its new place
        self.swap: Swap | None = None  # offered after a clash, taken by the same key again

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-screen"):
            yield Static("Keys", classes="title")
            yield Static(self._how(), id="keys-how")
            # the key being moved stays in sight as the question under the list takes rows from
            # it (at 60x18 it went out of sight as Enter was pressed on it)
            yield WholeOptionList(id="keys-list")
            yield KeyCatcher("", id="keys-catch")
            yield Static("", id="keys-said")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one("#keys-catch").display = False
        view, _solo = table_below(self.app)
        game = (view or {}).get("game")
        self.keys = movable_keys(game if isinstance(game, str) else None)
        unused = self._fill()
        self.query_one("#keys-list", OptionList).focus()
        if unused:
            told = [f"{key.does} {unused[key.id][0]} ({plain_problem(unused[key.id][1], key, self.keys)})"
                    for key in self.keys if key.id in unused]
            self._say(f"Not used from your settings: {'; '.join(told)}. Enter on a key moves it, or swaps "
                      "it with the key holding the one it wants.", problem=True)

    def _how(self) -> Text:
        """How keys move here, naming Put back's key as it is now (it moves here too)."""
        put_back = self.app.keys_for("keys.put_back", "backspace")  # type: ignore[attr-defined]
        return Text(f"Enter on a key, then press where it goes; {put_back} puts it back where it "
                    f"ships. {kept_words(self.app)}", style="dim")

    def _now(self, key: Movable) -> str:
        return self.app.keymap.get(key.id, key.shipped)  # type: ignore[attr-defined]

    def _fill(self) -> dict[str, tuple[str, str]]:
        """The list as the keys are now; the file's entries not used (``unused_entries``), marked."""
        listed = self.query_one("#keys-list", OptionList)
        at = listed.highlighted
        listed.clear_options()
        does = max([18, *(cell_len(key.does) for key in self.keys)]) + 2  # the column of what each does
        unused = unused_entries(self.app)
        for key in self.keys:
            now = self._now(key)
            line = Text(f"{key.where:<11}{key.does:<{does}}", no_wrap=True, overflow="ellipsis")
            line.append(f"{key_label(now):<14}", style="bold")
            if now != key.shipped:
                line.append(f"ships as {key_label(key.shipped)}", style="italic")
            elif key.id in unused:  # the file's key for it, refused (said under the list)
                shown, why = unused[key.id]
                line.append(f"your {shown}: {'taken' if 'clashes with' in why else 'not used'}", style="italic")
            listed.add_option(Option(line, id=key.id))
        listed.highlighted = at if at is not None else 0
        self.query_one("#keys-how", Static).update(self._how())
        return unused

    def _say(self, text: str, problem: bool = False) -> None:
        said = self.query_one("#keys-said", Static)
        said.set_class(problem, "error")
        said.update(Text(text))

    @on(OptionList.OptionSelected, "#keys-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        moving = next(k for k in self.keys if k.id == event.option.id)
        self._catch(moving, f"Press the new key for {moving.does} ({moving.where}); "
                            f"Esc keeps {key_label(self._now(moving))}.")
        self._say("")

    def _catch(self, moving: Movable, prompt: str) -> None:
        self.moving = moving
        catcher = self.query_one("#keys-catch", KeyCatcher)
        catcher.update(Text(prompt, style="bold"))
        catcher.display = True
        catcher.focus()

    def caught(self, key: str) -> None:
        """The key pressed after Enter: the new place of the key being moved (or, the same key
        again after a clash, the swap offered)."""
        moving, self.moving = self.moving, None
        swap, self.swap = self.swap, None
        new = pressed_key(key)
        if moving is None or key == "escape":
            pass
        elif new is None:
            self._say("The comma cannot be taken: in the settings file a comma separates a key list." if key == "comma"
                      else f"{key_label(key)} is not a key a keymap can take.", problem=True)
        elif swap is not None and new == swap.key:
            self._swap(swap)
        else:
            self._move(moving, None if new == moving.shipped else new, pressed=True)
        if self.moving is None:  # not waiting again, for the swap offered
            self.query_one("#keys-catch", KeyCatcher).display = False
            self.query_one("#keys-list", OptionList).focus()

    def action_put_back(self) -> None:
        listed = self.query_one("#keys-list", OptionList)
        if listed.highlighted is None:
            return
        key = self.keys[listed.highlighted]
        if self._now(key) == key.shipped and key.id not in unused_entries(self.app):
            self._say(f"{key.does} is where it ships: {key_label(key.shipped)}.")
            return
        self._move(key, None)  # (an entry of the file's not used goes from it too)

    def _freed(self, before: dict[str, str], moved: set[str]) -> str:
        """The keys that moved with a move without being moved: a settings file's entry not used
        while its key was another's, used once that key is free (" · Hint: X, your settings'
        key for it, free now"); "" where none did."""
        now = self.app.keymap  # type: ignore[attr-defined]
        freed = [k for k in self.keys if k.id not in moved and before.get(k.id) != now.get(k.id)]
        return "".join(f" · {k.does}: {key_label(self._now(k))}, your settings' key for it, free now" for k in freed)

    def _move(self, key: Movable, keys: str | None, pressed: bool = False) -> None:
        before = dict(self.app.keymap)  # type: ignore[attr-defined]
        problem = self.app.move_key(key.id, keys)  # type: ignore[attr-defined]
        if problem is not None:
            self._say(f"Not moved: {plain_problem(problem, key, self.keys)}.", problem=True)
            swap = self._swap_for(key, keys or key.shipped)
            if swap is not None:
                self.swap = swap
                again = " again" if pressed else ""
                self._catch(key, f"Press {key_label(swap.key)}{again} to swap {key.does} and "
                                 f"{swap.other.does} ({swap.other.where}); Esc keeps both.")
            return
        self._say(f"{key.does}: {key_label(self._now(key))}{self._freed(before, {key.id})}.")
        self._fill()

    def _swap_for(self, moving: Movable, key: str) -> Swap | None:
        """The swap that gives ``moving`` (one key) the one ``key`` it was refused, where exactly
        one other key holds it and the two can trade places with nothing else clashing."""
        mine = self._now(moving)
        if "," in key or "," in mine:
            return None
        offers = []
        for other in self.keys:
            now = self._now(other).split(",")
            if other.id == moving.id or key not in now:
                continue
            traded = ",".join(dict.fromkeys(mine if held == key else held for held in now))
            moves = {moving.id: None if key == moving.shipped else key,
                     other.id: None if traded == other.shipped else traded}
            if self.app.move_keys(moves, dry_run=True) is None:  # type: ignore[attr-defined]
                offers.append(Swap(moving, other, key, moves))
        return offers[0] if len(offers) == 1 else None

    def _swap(self, swap: Swap) -> None:
        before = dict(self.app.keymap)  # type: ignore[attr-defined]
        problem = self.app.move_keys(swap.moves)  # type: ignore[attr-defined]
        if problem is not None:  # the keys changed since the offer
            self._say(f"Not swapped: {plain_problem(problem, swap.moving, self.keys)}.", problem=True)
            return
        self._say(f"Swapped: {swap.moving.does}: {key_label(self._now(swap.moving))} · "
                  f"{swap.other.does}: {key_label(self._now(swap.other))}"
                  f"{self._freed(before, set(swap.moves))}.")
        self._fill()
