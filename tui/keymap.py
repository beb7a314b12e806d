"""Keys the player may move: the ``[keymap]`` of ``settings.toml``, checked before Textual sees it.

Each key the player may move has a binding id (``table.draw``, ``lobby.ready``...). An entry
that names no such id, is not a key, is a key most terminals cannot send, would take a key that
something else on the same screen already answers to (another key, or a widget that can have
the focus there), or would give Start, which answers even while typing, a key that types, is
left out and named in the settings notice, so a keymap can never leave a screen with two
meanings for one key or none for an action.

A letter is the letter as typed: ``d`` and ``D`` both mean the D key; Shift+D is ``shift+d``,
which Textual sees as ``D`` (what a terminal sends for it).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from textual.binding import Binding
from textual.keys import Keys, _character_to_key, key_to_character
from textual.widget import Widget

from .settingsedit import toml_string

#: keys no keymap may take, and what they do on every screen, before any key the keymap moves:
#: Textual's own quit (Ctrl+Q), the app's (Ctrl+C), the command palette and moving the focus
RESERVED = {"ctrl+c": "quits", "ctrl+q": "quits", "ctrl+p": "opens the command palette",
            "tab": "moves the focus", "shift+tab": "moves the focus back"}
MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
_NAMED = {k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")}
_NAMED |= {_character_to_key(chr(c)) for c in range(33, 127)}
_NAMED.discard("comma")  # the separator of a key list
#: keys that type a character into a text field (a letter, a digit, a sign, Space)
_TYPED = {_character_to_key(chr(c)) for c in range(32, 127)}
#: keys that send a sequence of their own, alone or with Shift, Ctrl or both, in most terminals
_MOVING = {"up", "down", "left", "right", "home", "end", "pageup", "pagedown", "insert", "delete"}
_FKEYS = {f"f{n}" for n in range(1, 13)}
#: Ctrl and a letter: every one but those a terminal sends as another key (Backspace, Tab, Enter)
_CTRL = {chr(c) for c in range(ord("a"), ord("z") + 1)} - {"h", "i", "m"}
_PLAIN = _MOVING | {f"f{n}" for n in range(1, 25)} | {"escape", "enter", "tab", "backspace", "space"}

#: how Help and the hints write a key
NAMES = {"space": "Space", "enter": "Enter", "escape": "Esc", "left": "←", "right": "→", "up": "↑",
         "down": "↓", "home": "Home", "end": "End", "pagedown": "PgDn", "pageup": "PgUp", "tab": "Tab",
         "backspace": "Backspace", "delete": "Del", "insert": "Ins"}


#: the names Help and the key bar write keys by, read back as the keys they name: a keymap
#: copied from Help ("PgDn", "Del", "Esc") means what Help means
WRITTEN_NAMES = {"pgdn": "pagedown", "pgup": "pageup", "del": "delete", "esc": "escape", "ins": "insert",
                 "return": "enter"}

#: Ctrl+Space as written and as Textual names what terminals send for it (NUL, read as Ctrl+@):
#: not a key a keymap can take
CTRL_SPACE = ("ctrl+space", "ctrl+at", "ctrl+@")

#: a key that types a mark, by the mark, as the key bar shows it ("grave_accent" is "`", "plus" "+")
MARKS = {_character_to_key(chr(c)): chr(c) for c in range(33, 127) if not chr(c).isalnum()}


def key_label(keys: str) -> str:
    """``ctrl+s,f5`` as ``Ctrl+S, F5``: one key or a list, as Help and the hints show it."""
    return ", ".join(_one(k.strip()) for k in keys.split(","))


def _one(key: str) -> str:
    if key in CTRL_SPACE:
        return "Ctrl+Space"
    *mods, base = key.split("+")
    if len(base) == 1 and base.isupper():  # Textual's spelling of Shift and a letter
        mods, base = [*mods, "shift"], base.lower()
    return "+".join([*(m.capitalize() for m in mods), _base_shown(base)])


def _base_shown(base: str) -> str:
    """A key without its modifiers as it is written: a letter in capitals (where its capital is
    one letter: ß stays ß, not SS), a sign beyond ASCII by the sign (``pound_sign`` is £)."""
    if base in NAMES or base in MARKS:
        return NAMES.get(base) or MARKS[base]
    if len(base) == 1:
        return base.upper() if len(base.upper()) == 1 else base
    if base[:1] == "f" and base[1:].isdigit():
        return base.upper()
    return sign_of(base) or base.replace("_", " ")


def sign_of(key: str) -> str | None:
    """The sign beyond ASCII a key types, where Textual names it in words (``pound_sign`` is
    £); None for any other key."""
    sign = key_to_character(key) if "+" not in key and len(key) > 1 else None
    return sign if sign is not None and len(sign) == 1 and not sign.isascii() and sign.isprintable() else None


def normal_key(text: str) -> str | None:
    """One key in Textual's spelling (``?`` -> ``question_mark``, ``Ctrl+S`` -> ``ctrl+s``,
    ``D`` -> ``d``, ``shift+d`` -> ``D``, modifiers in Textual's order), or None when it is not a key."""
    text = text.strip()
    if not text:
        return None
    *mods, base = text.split("+") if len(text) > 1 else [text]
    mods = sorted(m.strip().lower() for m in mods)
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        return None
    if len(base) == 1:
        if not base.isprintable() or base.isspace() or base == ",":
            return None
        base = _character_to_key(base) if not base.isalnum() else base.lower()
        if mods == ["shift"] and base.isalpha():  # a terminal sends Shift+D as "D"
            return base.upper()
    else:
        base = base.strip().lower()
        base = WRITTEN_NAMES.get(base, base)
        if base not in _NAMED:
            return None
    return "+".join([*mods, base])


def pressed_key(key: str) -> str | None:
    """A key press as Textual names it, in the keymap's spelling: ``D`` is Shift+D here, where
    ``normal_key`` reads a written ``D`` as the D key."""
    return key if len(key) == 1 and key.isupper() else normal_key(key)


def written(keys: str) -> str:
    """Keys in Textual's spelling as ``settings.toml`` writes them (``D`` -> ``shift+d``), so
    that ``normal_key`` reads them back as they were."""
    return ",".join(f"shift+{k.lower()}" if len(k) == 1 and k.isupper() else k for k in keys.split(","))


#: Ctrl with a letter that terminals send as another key: the app sees that key, never this one
SENT_AS = {"ctrl+h": "Backspace", "ctrl+i": "Tab", "ctrl+m": "Enter"}


def sendable(key: str) -> bool:
    """Whether most terminals send ``key`` (Textual's spelling). A few (kitty's keyboard
    protocol) also send Ctrl+1 or Super+D, but a keymap with one of those would leave the action
    with no key in every other terminal."""
    *mods, base = key.split("+")
    if not mods:
        return typed(key) or base in _PLAIN
    if mods == ["shift"]:
        return base in _MOVING or base == "tab"
    if mods == ["ctrl"]:
        return base in _CTRL or base in _MOVING or base in _FKEYS
    if mods == ["ctrl", "shift"]:
        return base in _MOVING
    if mods == ["alt"]:  # Esc and the key: Textual reads a letter or digit so, not a sign
        return len(base) == 1 and base.isalnum()
    return mods == ["alt", "shift"] and len(base) == 1 and base.isalpha()


def typed(key: str) -> bool:
    """Whether ``key`` types a character into a text field (a letter, a sign, Space, ``£``)."""
    if "+" in key:
        return False
    if len(key) == 1 or key in _TYPED:
        return True
    try:  # a sign beyond ASCII, which Textual names as Unicode does (pound_sign)
        return unicodedata.lookup(key.replace("_", " ").upper()).isprintable()
    except KeyError:
        return False


def check_keymap(wanted: dict[str, str], screens: dict[str, list[Binding]],
                 widgets: dict[str, list[type[Widget]]] | None = None) -> tuple[dict[str, str], list[str]]:
    """The entries of ``wanted`` that can be used, in Textual's spelling, and what was wrong
    with the others. ``screens`` lists, per screen, every binding live there (the app's too);
    ``widgets`` the kinds of widget that can have the focus there, whose own keys come first."""
    known = {b.id for bindings in screens.values() for b in bindings if b.id}
    before_focus = {b.id for bindings in screens.values() for b in bindings if b.id and b.priority}
    problems: list[str] = []
    usable: dict[str, str] = {}
    for binding_id, text in wanted.items():
        if binding_id not in known:
            problems.append(f"keymap: {toml_string(binding_id)} is not the id of a key (the README lists them)")
            continue
        keys = [normal_key(k) for k in str(text).split(",")]
        if None in keys:
            comma = " (a comma separates keys: the comma key cannot be taken)" if "," in str(text) else ""
            problems.append(f"keymap: {binding_id} = {toml_string(str(text))} is not a key{comma}")
            continue
        problem = _refused(binding_id, [k for k in keys if k is not None], binding_id in before_focus)
        if problem is None:
            usable[binding_id] = ",".join(dict.fromkeys(k for k in keys if k is not None))  # repeats once
        else:
            problems.append(problem)
    for binding_id, joined in list(usable.items()):
        problem = _taken_first(binding_id, joined, screens, widgets or {})
        if problem is not None:
            del usable[binding_id]
            problems.append(problem)
    for _ in range(len(usable) + 1):  # each pass drops at least one clashing entry
        clash = _first_clash(usable, screens)
        if clash is None:
            break
        screen, key, moved, other = clash
        del usable[moved]
        problems.append(f"keymap: {moved} = {key_label(key)} clashes with {other} on the {screen} screen")
    return usable, problems


def problems_of(problems: list[str], ids: Iterable[str]) -> list[str]:
    """Of ``check_keymap``'s problems, in order, those of the entries of ``ids`` (each names its
    entry's id first)."""
    heads = tuple(f"keymap: {binding_id} " for binding_id in ids)
    return [p for p in problems if p.startswith(heads)]


def _refused(binding_id: str, keys: list[str], priority: bool) -> str | None:
    """Why ``binding_id`` can take none of ``keys`` anywhere, whatever else is moved."""
    for key in keys:
        if key in CTRL_SPACE:
            return (f"keymap: {binding_id} cannot take Ctrl+Space, which terminals send in ways of their own "
                    "(as Ctrl+@, or not at all)")
        if key in RESERVED:
            return f"keymap: {binding_id} cannot take {key_label(key)}, which {RESERVED[key]}"
        if key in SENT_AS:
            return f"keymap: {binding_id} = {key_label(key)} is a key terminals send as {SENT_AS[key]}"
        if not sendable(key):
            return f"keymap: {binding_id} = {key_label(key)} is a key most terminals cannot send"
        if priority and typed(key):
            return (f"keymap: {binding_id} cannot take {key_label(key)}: it answers even while you type "
                    "in a text field, so it needs a key that types nothing (Ctrl+S, F5...)")
    return None


def _taken_first(binding_id: str, keys: str, screens: dict[str, list[Binding]],
                 widgets: dict[str, list[type[Widget]]]) -> str | None:
    """Why ``binding_id`` cannot take ``keys``: a widget that can have the focus where it
    answers takes one of them first (a key that answers before the widgets, one of its keys
    from it). A text field is left out for the others: while typing, every key is its own."""
    for screen, bindings in screens.items():
        mine = [b for b in bindings if b.id == binding_id]
        if not mine:
            continue
        inner, others = _focusable(bindings, widgets.get(screen, []))
        if binding_id in inner:  # a key of a widget itself answers only while it has the focus
            continue
        priority = any(b.priority for b in mine)
        for widget in others:
            if _is_text(widget) and not priority:
                continue
            taken = _widget_keys(widget)
            for key in keys.split(","):
                if key in taken:
                    return (f"keymap: {binding_id} = {key_label(key)} clashes with {_widget_name(widget)} "
                            f"on the {screen} screen, which answers {key_label(key)} while it has the focus")
    return None


def _focusable(bindings: list[Binding], widgets: list[type[Widget]]) -> tuple[set[str], list[type[Widget]]]:
    """The ids of keys that belong to a widget listed with the screen's own (the hand, whose keys
    the clash check reads, keymap and all), and the other widgets, whose keys are fixed."""
    inner: set[str] = set()
    others: list[type[Widget]] = []
    for widget in widgets:
        own = [b for b in widget.BINDINGS if isinstance(b, Binding)]
        if own and all(b in bindings for b in own):
            inner |= {b.id for b in own if b.id}
        else:
            others.append(widget)
    return inner, others


def _widget_keys(widget: type[Widget]) -> set[str]:
    """Every key ``widget`` answers to, its inherited bindings too (as Textual merges them)."""
    return set(widget._merge_bindings().key_to_bindings)


#: how a reason names a kind of widget, by the first of its classes listed
WIDGET_NAMES = {"Input": "a text field", "SelectOverlay": "a drop-down", "Select": "a drop-down",
                "OptionList": "a list", "Button": "a button", "Switch": "a switch", "Tabs": "the tabs",
                "RichLog": "the log", "ScrollableContainer": "a scrolling pane"}


def _widget_name(widget: type[Widget]) -> str:
    return next((WIDGET_NAMES[c.__name__] for c in widget.__mro__ if c.__name__ in WIDGET_NAMES), "a widget")


def _is_text(widget: type[Widget]) -> bool:
    from textual.widgets import Input

    return issubclass(widget, Input)


def _first_clash(keymap: dict[str, str], screens: dict[str, list[Binding]]) -> tuple[str, str, str, str] | None:
    """(screen, key, the moved id, what else answers that key) for a key with two meanings."""
    for screen, bindings in screens.items():
        owner: dict[str, tuple[str, bool]] = {}  # key -> (who answers it, moved by the keymap)
        for b in bindings:
            moved = b.id in keymap if b.id else False
            keys = [k.strip() for k in current_keys(b, keymap).split(",")]
            who = b.id or b.action
            for key in keys:
                if key in owner and owner[key][0] != who:
                    first, first_moved = owner[key]
                    if moved:
                        return screen, key, who, _called(first, bindings, keymap, key)
                    if first_moved:
                        return screen, key, first, _called(who, bindings, keymap, key)
                owner.setdefault(key, (who, moved))
    return None


#: what the screens' bindings without a description (kept off the key bar and Help) do, in the
#: words a refused move names them by: their actions ("step(1)") mean nothing to a player
UNNAMED = {"step(-1)": "Up the menu", "step(1)": "Down the menu", "app.focus_previous": "The button before",
           "app.focus_next": "The button after", "scroll_box(-1)": "Scroll up", "scroll_box(1)": "Scroll down",
           "scroll_box(-10)": "Page up", "scroll_box(10)": "Page down", "game(1)": "Game",
           **{f"pick({i})": f"Choice {i + 1}" for i in range(9)},
           **{f"suit({letter!r})": f"Name {name}" for letter, name in
              (("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs"))},
           "which_key": "Which key does what"}


#: keys whose key bar word stands for more than the key (Suit, for the four suit keys): named
#: as Help names them, beside the others of their kind, where keys are listed by what they do
LIST_WORDS = {"choice.spades": "Name spades"}


def described(binding: Binding) -> str:
    """What ``binding`` does, for people: its description, else ``UNNAMED``'s words."""
    return binding.description or UNNAMED.get(binding.action, binding.action)


def _called(who: str, bindings: list[Binding], keymap: dict[str, str], key: str = "") -> str:
    """What answers ``key``, and on which keys it is now (moved by the keymap, or as shipped):
    of two bindings of one action (Home and 1 both go to the first card), the one on that key."""
    mine = [b for b in bindings if who in (b.id, b.action)]
    on_key = [b for b in mine if key in [k.strip() for k in current_keys(b, keymap).split(",")]]
    for b in on_key or mine:
        return f"{described(b)} ({key_label(current_keys(b, keymap))})"
    return who


def current_keys(binding: Binding, keymap: dict[str, Any]) -> str:
    """The keys a binding answers to under ``keymap``."""
    return str(keymap.get(binding.id, binding.key)) if binding.id else binding.key


def moved_text(keymap: dict[str, str], screens: dict[str, list[Binding]], file: bool = True) -> str:
    """The keys a keymap moved, as the Settings screen lists them ("Draw: D · Play: Ctrl+E,
    X"), or how keys are moved when none are (``file``: by the settings file too, which an SSH
    guest cannot reach)."""
    if not keymap:
        by = "Move keys (below), or a [keymap] table in the file," if file else "Move keys (below)"
        return f"none, every key is where it ships. {by} moves them (F1 lists every key)."
    names: dict[str, str] = {}
    for bindings in screens.values():  # a key of several readings (Ready, Not ready) by its first
        for b in bindings:
            if b.id and b.description:
                names.setdefault(b.id, LIST_WORDS.get(b.id, b.description))
    return " · ".join(f"{names.get(i, i)}: {key_label(keys)}" for i, keys in sorted(keymap.items()))
