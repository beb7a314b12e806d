"""The key bar at the foot of every screen.

Textual's ``Footer`` draws nothing until the screen first reports its bindings, then builds its
keys one refresh later, so every screen's first frame had an empty footer and a second layout
pass to fill it; and it rebuilds all its keys whenever the bindings are reported again, even
when nothing it shows has changed (every focus move does that). Each of its keys was also styled
twice more as it mounted (compact on, then off from the footer). ``KeyFooter`` shows the keys in
the screen's first frame, styled once, and rebuilds only when what it shows changes.

A terminal too narrow for every key draws them closer together, then leaves out the palette's
key (Ctrl+P still opens it; Help lists it), then names keys shorter (``BAR_SHORT``: a screen's
shorter words, by binding id: "Solo" for "Play solo"), then leaves out the screen's lesser keys
(``BAR_SPARE``: their binding ids, first to go first; the keys still work, and Help lists them),
so that the keys on the right (Leave, Help) are not the ones cut off. A screen may name a key
as things stand (``bar_now``: Away reads Back while the player is away).

The bar is built as the screen's widgets mount, before the screen's auto focus picks a widget:
it gives that focus itself first, so that the first frame shows the focused widget's keys.
"""
from __future__ import annotations

from typing import Hashable

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class BarKey(FooterKey):
    """A key on the bar. Its compact style is set by the bar as it is built, not bound to the
    bar's (Textual's binding adds a watcher to the bar per key, kept after the key is gone: a
    rebuild at every turn piled them up over a long session)."""

    def enable(self, enabled: bool) -> None:
        """Dimmed or not, in place: what a click reads (``FooterKey`` keeps it so) and the style."""
        self._disabled = not enabled
        self.set_class(not enabled, "-disabled")


class KeyFooter(Footer):
    """A ``Footer`` that is drawn with the screen and rebuilt only when its keys change; a key
    only dimmed or lit again is changed in place."""

    DEFAULT_CSS = """
    /* no gap after the last key: keys that end in the bar's last cell fit (``_fit`` counts none) */
    KeyFooter.-compact BarKey.-last { margin-right: 0; }
    """

    _shown: Hashable | None = None
    _lit: Hashable | None = None
    _short = False  # the screen's shorter words for its keys, for want of room
    _spared: tuple[str, ...] = ()  # the screen's lesser keys left out, for want of room

    def __init__(self, *, show_command_palette: bool = True, **kw: object) -> None:
        super().__init__(show_command_palette=show_command_palette, **kw)  # type: ignore[arg-type]
        self._wants_palette = show_command_palette

    def _fit(self, width: int) -> tuple[bool, bool, bool, tuple[str, ...]]:
        """(compact, palette, short, spared) for ``width`` cells: the roomiest style in which
        every key fits, then the screen's shorter words, and the lesser keys left out where
        even those do not. A compact key takes a cell after it, but for the last."""
        bindings = [binding for binding, _enabled, _tip in self._one_per_action(()).values()]

        def words(short: bool) -> list[tuple[str | None, int]]:
            return [(b.id, cell_len(self.app.get_key_display(b)) + cell_len(self._words(b, short))) for b in bindings]

        full = words(False)
        wide, close = sum(w + 3 for _id, w in full), sum(w + 2 for _id, w in full) - 1
        palette = 13 if self._wants_palette and self.app.ENABLE_COMMAND_PALETTE else 0
        if wide + palette <= width:
            return False, bool(palette), False, ()
        if close <= width:
            return True, bool(palette) and close + 1 + palette <= width, False, ()
        short = words(True)
        close = sum(w + 2 for _id, w in short) - 1
        spared: tuple[str, ...] = ()
        for spare in getattr(self.screen, "BAR_SPARE", ()):
            if close <= width:
                break
            for key_id, w in short:
                if key_id == spare:
                    close -= w + 2
                    spared += (spare,)
        return True, False, True, spared

    def _now(self, binding: Binding) -> str | None:
        """What the screen says a key does as things stand (``bar_now``, asked by the binding's
        id, else by its action: Away reads Back while away), if it says."""
        now = getattr(self.screen, "bar_now", None)
        return now(binding.id or binding.action) if callable(now) else None

    def _words(self, binding: Binding, short: bool | None = None) -> str:
        """What the bar says a key does: the screen's words for it now (``bar_now``), else its
        shorter words (``BAR_SHORT``) where room is short (``short``, else as the bar is now),
        else the binding's own."""
        now = self._now(binding)
        if now:
            return now
        if not (self._short if short is None else short):
            return binding.description
        return getattr(self.screen, "BAR_SHORT", {}).get(binding.id, binding.description)

    def _width(self) -> int:
        return self.size.width or self.app.size.width  # docked across the screen: its width before layout

    def _apply_fit(self) -> None:
        compact, palette, self._short, self._spared = self._fit(self._width())
        self.set_reactive(Footer.compact, compact)
        self.set_class(compact, "-compact", update=False)
        self.set_reactive(Footer.show_command_palette, palette)

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and self._fit(event.size.width) != (self.compact, self.show_command_palette,
                                                                    self._short, self._spared):
            self.call_after_refresh(self._recompose_if_changed)

    def _entries(self) -> list[tuple[str, Binding, bool, str]]:
        """(key, binding, enabled, tooltip) of what the bar draws: the shown bindings, and the
        command palette's, which it draws though it is not marked to be shown."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return [(key, binding, enabled, tooltip)
                for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
                if binding.show or key == palette]

    def _keys(self) -> tuple[Hashable, Hashable]:
        """What the keys are drawn from, and which of them are lit: a change in the first
        rebuilds the bar, one in the second only dims or lights keys."""
        entries = self._entries()
        layout = tuple((key, b.action, self._now(b) or b.description, b.key_display, b.tooltip, b.group, tip)
                       for key, b, _on, tip in entries)
        return ((layout, self.show_command_palette, self.compact, self._short, self._spared),
                tuple(on for _k, _b, on, _t in entries))

    def _key(self, binding: Binding, enabled: bool, tooltip: str, classes: str = "") -> BarKey:
        key = BarKey(binding.key, self.app.get_key_display(binding), self._words(binding), binding.action,
                     disabled=not enabled, tooltip=tooltip, classes=classes)
        if not classes:  # the palette's key keeps FooterKey's own compact style, as in Footer
            key.set_reactive(FooterKey.compact, self.compact)  # styled once, as the bar is
            key.set_class(self.compact, "-compact")  # what FooterKey's own watcher would do
        return key

    def _focus_first(self) -> None:
        """Give the focus now to the widget the screen's own ``AUTO_FOCUS`` names, which Textual
        focuses only once all its widgets are mounted: the bar is built before that, and would
        otherwise first show the keys of nothing focused (a table's "Play" a frame late)."""
        screen, app = self.screen, self.app
        wanted = screen.AUTO_FOCUS  # a screen's own: the app's ("*") may find a widget not yet mounted
        if screen.focused is not None or not wanted or not app.app_focus:
            return
        for widget in screen.query(wanted):
            if widget.focusable:
                screen.set_focus(widget)
                return

    def compose(self) -> ComposeResult:
        self._bindings_ready = True
        self._focus_first()
        self._apply_fit()
        self._shown, self._lit = self._keys()
        active = self.screen.active_bindings
        rank = self._declared_order()
        keys = [self._key(binding, enabled, tooltip) for binding, enabled, tooltip in
                sorted(self._one_per_action().values(), key=lambda e: rank.get(e[0].action, len(rank)))]
        if keys:
            keys[-1].add_class("-last")
        yield from keys
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, enabled, _tip = palette
            yield self._key(binding, enabled, binding.tooltip or binding.description, "-command-palette")

    def _one_per_action(self, spared: tuple[str, ...] | None = None) -> dict[str, tuple[Binding, bool, str]]:
        """(binding, enabled, tooltip) of the first shown key of each action: two keys for one
        action (R and F2 for the rules) are drawn as one, as ``Footer`` draws them, and take
        the room of one. The lesser keys left out (``spared``, else the bar's own) are not."""
        spared = self._spared if spared is None else spared
        first: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.id not in spared:
                first.setdefault(binding.action, (binding, enabled, tooltip))
        return first

    def _declared_order(self) -> dict[str, int]:
        """Each action's place in the bindings as declared, focused widget first, as Textual
        orders them: a key moved by the keymap comes last in Textual's list, not in its place."""
        screen = self.screen
        chain = list(screen.focused.ancestors_with_self) if screen.focused else [screen, self.app]
        rank: dict[str, int] = {}
        for node in chain:
            for binding in getattr(type(node), "BINDINGS", []):
                if isinstance(binding, Binding):
                    rank.setdefault(binding.action, len(rank))
        return rank

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.app.screen_stack or not self.is_attached:  # the app is closing: its screens are gone
            return
        self._apply_fit()
        shown, lit = self._keys()
        if shown != self._shown:
            await self.recompose()
        elif lit != self._lit:
            self._lit = lit
            enabled = {b.action: on for _k, b, on, _t in self._entries()}
            for key in self.query(BarKey):
                key.enable(enabled.get(key.action, True))
