"""The key bar: drawn in a screen's first frame, rebuilt only when the keys it shows change."""
from __future__ import annotations

from typing import Any

from textual._compositor import LayoutUpdate
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tui.screens.home import HomeScreen
from tui.widgets.keyfooter import KeyFooter

from .helpers import key_bar, make_app, open_table, wait_for


def _rows(update: LayoutUpdate) -> list[str]:
    return ["".join(segment.text for segment in strip) for strip in update.strips]


def whole_frames(app: App[Any], kind: type[Screen[Any]]) -> list[list[str]]:
    """The rows of each whole frame ``app`` draws of a ``kind`` screen from now on."""
    frames: list[list[str]] = []
    display = app._display

    def record(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if isinstance(screen, kind) and isinstance(renderable, LayoutUpdate):
            frames.append(_rows(renderable))

    app._display = record  # type: ignore[method-assign]
    return frames


async def test_home_first_frame_shows_its_keys() -> None:
    """The first frame of home already has the key row (Textual's Footer left it empty)."""
    app = make_app()
    frames = whole_frames(app, HomeScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(frames))
        first = frames[0]
        assert any("Play solo (against bots)" in row for row in first)
        assert "p Play solo" in first[-1] and "q Quit" in first[-1]


async def test_focus_moves_keep_the_same_keys() -> None:
    """Moving focus reports the bindings again; unchanged keys are not rebuilt."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and bool(app.screen.query(FooterKey)))
        before = list(app.screen.query(FooterKey))
        for _ in range(3):
            await pilot.press("down")
            await pilot.pause()
        assert app.focused is not None and app.focused.id != "solo"
        assert list(app.screen.query(FooterKey)) == before


class Toggle(Screen[None]):
    BINDINGS = [Binding("x", "shout", "Shout"), Binding("t", "toggle", "Toggle")]
    allowed = True

    def compose(self) -> ComposeResult:
        yield Button("one")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.allowed if action == "shout" else True

    def action_toggle(self) -> None:
        self.allowed = not self.allowed
        self.refresh_bindings()

    def action_shout(self) -> None:
        pass


class ToggleApp(App[None]):
    palette_on = True

    def on_mount(self) -> None:
        self.push_screen(Toggle())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_palette":
            return True if self.palette_on else None  # None: shown, but disabled
        return True


async def test_keys_follow_a_change_of_bindings() -> None:
    """A key that goes away (or comes back) is taken off (or put back on) the bar."""
    app = ToggleApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await wait_for(pilot, lambda: "Shout" in key_bar(app.screen))
        await pilot.press("t")
        await wait_for(pilot, lambda: "Shout" not in key_bar(app.screen))
        assert "Toggle" in key_bar(app.screen)
        await pilot.press("t")
        await wait_for(pilot, lambda: "Shout" in key_bar(app.screen))


async def test_palette_key_follows_its_state() -> None:
    """The palette key is drawn though its binding is not marked to be shown; when the palette
    is disabled (or enabled again) the key is redrawn dimmed (or plain)."""
    app = ToggleApp()

    def palette_disabled() -> bool | None:
        keys = list(app.screen.query(".-command-palette"))
        return keys[0].has_class("-disabled") if keys else None

    async with app.run_test(size=(60, 10)) as pilot:
        await wait_for(pilot, lambda: palette_disabled() is False)
        app.palette_on = False
        app.refresh_bindings()
        await wait_for(pilot, lambda: palette_disabled() is True)
        app.palette_on = True
        app.refresh_bindings()
        await wait_for(pilot, lambda: palette_disabled() is False)


async def test_table_keys_follow_the_focus() -> None:
    """At the table the hand's Play key is on the bar while the hand has focus, and leaves it
    while the chat line has it (focus moves that change the keys do rebuild the bar)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(app, pilot, "crazy-eights", 4, 0)
        await wait_for(pilot, lambda: "Play" in key_bar(app.screen))
        await pilot.press("slash")
        await wait_for(pilot, lambda: "Play" not in key_bar(app.screen))
        assert app.focused is not None and app.focused.id == "chat"
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Play" in key_bar(app.screen))


async def test_a_tables_first_frame_has_the_hands_play_key() -> None:
    """The bar is built before the screen's auto focus reaches the hand and before the hand's
    cards are drawn: the table's first frame still has "⏎ Play" (the hand's key), and the bar
    is not rebuilt once they are."""
    from tui.screens.table import TableScreen

    app = make_app()
    frames = whole_frames(app, TableScreen)
    async with app.run_test(size=(100, 30)) as pilot:
        table, _link = await open_table(app, pilot, "ninety-eight", 3, 0, seed=1)
        await wait_for(pilot, lambda: bool(frames))
        assert "⏎ Play" in frames[0][-1] and "Leave" in frames[0][-1]
        keys = list(table.query(FooterKey))
        await pilot.pause(0.2)
        assert app.focused is table.query_one("#hand") and list(table.query(FooterKey)) == keys


async def test_a_narrow_terminal_keeps_every_key_in_sight() -> None:
    """Too narrow for every key: the keys close up, then the palette's key goes (Ctrl+P still
    opens it), so Leave and Help on the right are not the ones cut off; wider again, both return."""
    from core import new_match

    from .helpers import show_match

    app = make_app()
    async with app.run_test(size=(100, 18)) as pilot:
        await show_match(app, pilot, new_match("crazy-eights", 4, seed=1))

        async def bar(width: int) -> tuple[str, KeyFooter]:
            await pilot.resize_terminal(width, 18)
            footer = app.screen.query_one(KeyFooter)
            await wait_for(pilot, lambda: footer.size.width == width and footer.is_attached)
            await pilot.pause()
            await pilot.pause()
            return [strip.text for strip in app.screen._compositor.render_strips()][-1], footer

        row, footer = await bar(100)
        assert not footer.compact and "esc Leave  f1 Help" in row and "^p palette" in row
        row, footer = await bar(75)  # 73 to 79 columns: Crazy Eights' "l Play+last card!" closed up
        assert footer.compact and "esc Leave f1 Help" in row and "^p palette" in row
        row, footer = await bar(60)
        assert footer.compact and row.rstrip().endswith("esc Leave f1 Help") and "palette" not in row
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CommandPalette")
        await pilot.press("escape")
        row, footer = await bar(100)
        assert not footer.compact and "esc Leave  f1 Help" in row and "^p palette" in row


async def test_rebuilding_the_bar_leaves_no_old_keys_alive() -> None:
    """A long session rebuilds the table's bar many times (Crazy Eights' Pass comes and goes):
    each rebuild's keys must go with it. Bound to the bar's compact style, every old key stayed
    alive on the bar's watchers, about 9 MB a match over a long session."""
    import gc

    from core import new_match

    from .helpers import show_match

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, _ = await show_match(app, pilot, new_match("crazy-eights", 4, seed=1))
        footer = screen.query_one(KeyFooter)
        for _ in range(30):
            await footer.recompose()
        await pilot.pause()
        gc.collect()
        shown = {id(k) for s in app.screen_stack for k in s.query(FooterKey)}
        stale = [o for o in gc.get_objects() if isinstance(o, FooterKey) and id(o) not in shown]
        assert len(stale) < len(shown), len(stale)  # not 30 rebuilds' worth


async def test_a_key_only_dimmed_is_changed_in_place() -> None:
    """Draw lit and dimmed from one turn to the next changes that key, not the whole bar."""
    from core import new_match

    from .helpers import show_match

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await show_match(app, pilot, new_match("crazy-eights", 3, seed=2))
        footer = screen.query_one(KeyFooter)
        draw = next(k for k in footer.query(FooterKey) if k.action == "draw")
        assert not draw.has_class("-disabled")  # our turn: Draw is lit
        link.match.apply(link.match.legal_actions()[0])  # we move; another seat is to play
        screen.show(link.view(), [])
        await wait_for(pilot, lambda: draw.has_class("-disabled"))
        assert draw.is_attached and next(k for k in footer.query(FooterKey) if k.action == "draw") is draw


async def test_home_names_the_rules_once_and_keeps_help_in_sight() -> None:
    """Home's R and the app's F2 both open the rules: the bar names them once, as "r Rules",
    and takes the room of one (at 90 columns every key fits spaced out, with the palette's);
    "f1 Help" stays in sight at 70 columns; F2 still opens the rules."""
    from tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(120, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and bool(key_bar(app.screen)))
        assert key_bar(app.screen).count("Rules") == 1
        row = [strip.text for strip in app.screen._compositor.render_strips()][-1]
        assert "r Rules" in row and "f2" not in row and "f1 Help" in row
        for width in (90, 70):
            await pilot.resize_terminal(width, 24)
            await wait_for(pilot, lambda: app.screen.query_one(KeyFooter).size.width == width)
            await pilot.pause()
            await pilot.pause()
            row = [strip.text for strip in app.screen._compositor.render_strips()][-1]
            if width == 90:
                assert not app.screen.query_one(KeyFooter).compact and "q Quit  f1 Help" in row and "^p palette" in row
            else:
                assert row.rstrip().endswith("q Quit f1 Help")
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
