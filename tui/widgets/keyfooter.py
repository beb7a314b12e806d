"""The key bar at the foot of every screen.

Textual's ``Footer`` draws nothing until the screen first reports its bindings, then builds its
keys one refresh later, so every screen's first frame had an empty footer and a second layout
pass to fill it; and it rebuilds all its keys whenever the bindings are reported again, even
when nothing it shows has changed (every focus move does that). Each of its keys was also styled
twice more as it mounted (compact on, then off from the footer). ``KeyFooter`` shows the keys in
the screen's first frame, styled once, and rebuilds only when what it shows changes.

A terminal too narrow for every key draws them closer together, then leaves out the palette's
key (Ctrl+P still opens it; Help lists it), so that the keys on the right (Leave, Help) are not
the ones cut off.
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


class KeyFooter(Footer):
    """A ``Footer`` that is drawn with the screen and rebuilt only when its keys change."""

    _shown: Hashable | None = None

    def __init__(self, *, show_command_palette: bool = True, **kw: object) -> None:
        super().__init__(show_command_palette=show_command_palette, **kw)  # type: ignore[arg-type]
        self._wants_palette = show_command_palette

    def _fit(self, width: int) -> tuple[bool, bool]:
        """(compact, palette) for ``width`` cells: the roomiest style in which every key fits."""
        words = [cell_len(self.app.get_key_display(binding)) + cell_len(binding.description)
                 for _key, (_node, binding, _enabled, _tip) in self.screen.active_bindings.items()
                 if binding.show]
        wide, close = sum(w + 3 for w in words), sum(w + 2 for w in words)
        palette = 13 if self._wants_palette and self.app.ENABLE_COMMAND_PALETTE else 0
        if wide + palette <= width:
            return False, bool(palette)
        return True, bool(palette) and close + palette <= width

    def _width(self) -> int:
        return self.size.width or self.app.size.width  # docked across the screen: its width before layout

    def _apply_fit(self) -> None:
        compact, palette = self._fit(self._width())
        self.set_reactive(Footer.compact, compact)
        self.set_class(compact, "-compact", update=False)
        self.set_reactive(Footer.show_command_palette, palette)

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and self._fit(event.size.width) != (self.compact, self.show_command_palette):
            self.call_after_refresh(self._recompose_if_changed)

    def _keys(self) -> Hashable:
        """Everything the footer's keys are drawn from: the shown bindings, and the command
        palette's, which the footer draws though it is not marked to be shown."""
        palette = self.app.COMMAND_PALETTE_BINDING
        bindings = tuple(
            (key, binding.action, binding.description, binding.key_display, binding.tooltip,
             binding.group, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )
        return bindings, self.show_command_palette, self.compact

    def compose(self) -> ComposeResult:
        self._bindings_ready = True
        self._apply_fit()
        self._shown = self._keys()
        widgets = list(super().compose())
        keys = [w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        rank = self._declared_order()
        keys.sort(key=lambda w: rank.get(w.action, len(rank)))  # stable: the rest keep their places
        ordered = iter(keys)
        for widget in widgets:
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget = next(ordered)
                widget.set_reactive(FooterKey.compact, self.compact)  # as the footer it binds to
            yield widget

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
        if self._keys() != self._shown:
            await self.recompose()
