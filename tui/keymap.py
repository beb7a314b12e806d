"""Keys the player may move: the ``[keymap]`` of ``settings.toml``, checked before Textual sees it.

Each key the player may move has a binding id (``table.draw``, ``lobby.ready``...). An entry
that names no such id, is not a key, or would take a key that something else on the same screen
already answers to is left out and named in the settings notice, so a keymap can never leave a
screen with two meanings for one key or none for an action.
"""
from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.keys import Keys, _character_to_key

#: keys no keymap may take: quitting for sure, the command palette and moving the focus
RESERVED = {"ctrl+c", "ctrl+p", "tab", "shift+tab"}
MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
_NAMED = {k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")}
_NAMED |= {_character_to_key(chr(c)) for c in range(33, 127)}
_NAMED.discard("comma")  # the separator of a key list

#: how Help and the hints write a key
NAMES = {"space": "Space", "enter": "Enter", "escape": "Esc", "slash": "/", "left": "←",
         "right": "→", "up": "↑", "down": "↓", "home": "Home", "end": "End", "question_mark": "?",
         "pagedown": "PgDn", "pageup": "PgUp", "tab": "Tab", "backspace": "Backspace",
         "delete": "Del", "insert": "Ins"}


def key_label(keys: str) -> str:
    """``ctrl+s,f5`` as ``Ctrl+S, F5``: one key or a list, as Help and the hints show it."""
    return ", ".join(_one(k.strip()) for k in keys.split(","))


def _one(key: str) -> str:
    *mods, base = key.split("+")
    shown = NAMES.get(base) or (base.upper() if len(base) == 1 or base[:1] == "f" and base[1:].isdigit()
                                 else base.replace("_", " "))
    return "+".join([*(m.capitalize() for m in mods), shown])


def normal_key(text: str) -> str | None:
    """One key in Textual's spelling (``?`` -> ``question_mark``, ``Ctrl+S`` -> ``ctrl+s``), or
    None when it is not a key a terminal can send."""
    text = text.strip()
    if not text:
        return None
    *mods, base = text.split("+") if len(text) > 1 else [text]
    mods = [m.strip().lower() for m in mods]
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        return None
    if len(base) == 1:
        if not base.isprintable() or base.isspace() or base == ",":
            return None
        base = _character_to_key(base) if not base.isalnum() else base
        if mods:
            base = base.lower()
    else:
        base = base.strip().lower()
        if base not in _NAMED:
            return None
    return "+".join([*mods, base])


def check_keymap(wanted: dict[str, str], screens: dict[str, list[Binding]]) -> tuple[dict[str, str], list[str]]:
    """The entries of ``wanted`` that can be used, in Textual's spelling, and what was wrong
    with the others. ``screens`` lists, per screen, every binding live there (the app's too)."""
    known = {b.id for bindings in screens.values() for b in bindings if b.id}
    problems: list[str] = []
    usable: dict[str, str] = {}
    for binding_id, text in wanted.items():
        if binding_id not in known:
            problems.append(f"keymap: no key is called {binding_id!r}")
            continue
        keys = [normal_key(k) for k in str(text).split(",")]
        if None in keys:
            problems.append(f"keymap: {binding_id} = {text!r} is not a key")
            continue
        taken = [k for k in keys if k in RESERVED]
        if taken:
            problems.append(f"keymap: {binding_id} cannot take {key_label(taken[0])}")
            continue
        usable[binding_id] = ",".join(dict.fromkeys(k for k in keys if k is not None))  # repeats once
    for _ in range(len(usable) + 1):  # each pass drops at least one clashing entry
        clash = _first_clash(usable, screens)
        if clash is None:
            break
        screen, key, moved, other = clash
        del usable[moved]
        problems.append(f"keymap: {moved} = {key_label(key)} clashes with {other} on the {screen} screen")
    return usable, problems


def _first_clash(keymap: dict[str, str], screens: dict[str, list[Binding]]) -> tuple[str, str, str, str] | None:
    """(screen, key, the moved id, what else answers that key) for a key with two meanings."""
    for screen, bindings in screens.items():
        owner: dict[str, tuple[str, bool]] = {}  # key -> (who answers it, moved by the keymap)
        for b in bindings:
            moved = b.id in keymap if b.id else False
            keys = keymap[b.id].split(",") if moved and b.id else [k.strip() for k in b.key.split(",")]
            who = b.id or b.action
            for key in keys:
                if key in owner and owner[key][0] != who:
                    first, first_moved = owner[key]
                    if moved:
                        return screen, key, who, _called(first, bindings)
                    if first_moved:
                        return screen, key, first, _called(who, bindings)
                owner.setdefault(key, (who, moved))
    return None


def _called(who: str, bindings: list[Binding]) -> str:
    for b in bindings:
        if who in (b.id, b.action):
            return f"{b.description or b.action} ({key_label(b.key)})"
    return who


def current_keys(binding: Binding, keymap: dict[str, Any]) -> str:
    """The keys a binding answers to under ``keymap``."""
    return str(keymap.get(binding.id, binding.key)) if binding.id else binding.key


def moved_text(keymap: dict[str, str], screens: dict[str, list[Binding]]) -> str:
    """The keys a keymap moved, as the Settings screen lists them ("Draw: D · Play: Ctrl+E,
    X"), or how keys are moved when none are."""
    if not keymap:
        return "As shipped. Move keys (below), or a [keymap] table in the file, moves them (F1 lists every key)."
    names = {b.id: b.description for bindings in screens.values() for b in bindings if b.id and b.description}
    return " · ".join(f"{names.get(i, i)}: {key_label(keys)}" for i, keys in sorted(keymap.items()))
