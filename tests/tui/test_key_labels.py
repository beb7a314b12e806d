"""The key bar names what each key does where the focus is and as things stand: Esc is Leave
only where it leaves (from the table's log or chat line it goes back to the hand, from the
lobby's chat line back to the seats), R in the lobby reads as the Ready button does, and a
question's Esc is named as its own cancel button."""
from __future__ import annotations

from textual.widgets import Button, Input
from textual.widgets._footer import FooterKey

from core import new_match
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen
from tui.settings import Settings, save_settings
from tui.widgets.hand import HandView
from tui.widgets.tablelog import TableLog

from .helpers import current, join_lobby, key_bar, make_app, open_table, show_link, someone_elses_table, start_solo, wait_for
from .matchlink import MatchLink


def _esc(screen) -> list[str]:
    """What the key bar says Esc does (as many names as Esc has there: one)."""
    return [str(k.description) for k in screen.query(FooterKey) if k.key == "escape"]


async def test_the_tables_esc_reads_back_to_hand_from_the_log_and_the_chat_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 2, seat=1, seed=3)
        assert isinstance(screen.focused, HandView)
        await wait_for(pilot, lambda: _esc(screen) == ["Leave"])
        log = screen.query_one(TableLog)
        assert log.styles.border_left[0] == "vkey"  # a thin rule beside the board
        rule = log.styles.border_left[1]
        await pilot.press("tab")  # the log with the focus: its left edge says so, not a tint alone
        await wait_for(pilot, lambda: screen.focused is log and log.styles.border_left[0] == "thick")
        assert log.styles.border_left[1] != rule
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(screen.focused, HandView) and log.styles.border_left[0] == "vkey")
        for into, widget in (("tab", TableLog), ("slash", Input)):  # the log (Tab), the chat line (/)
            await pilot.press(into)
            await wait_for(pilot, lambda: isinstance(screen.focused, widget) and _esc(screen) == ["Back to hand"])
            assert "Leave" not in key_bar(screen)
            await pilot.press("escape")  # says what it does: back to the hand, nothing asked
            await wait_for(pilot, lambda: isinstance(screen.focused, HandView) and _esc(screen) == ["Leave"])
            assert app.screen is screen
        await pilot.press("escape")  # from the hand it leaves, asking first: the question's Esc stays
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        await wait_for(pilot, lambda: _esc(ask) == ["Stay"])
        assert [str(b.label) for b in ask.query(Button)] == ["Stay", "Leave"]


async def test_a_watchers_esc_from_the_chat_line_reads_back_to_table() -> None:
    """A watcher holds no hand ("(no cards)"): Esc from the chat line reads as going back to
    the table, not to a hand."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = MatchLink(new_match("crazy-eights", 3, seed=4), None)  # type: ignore[arg-type]
        link.is_host = False
        screen = await show_link(app, pilot, link, first_plays=False)
        await pilot.press("slash")
        await wait_for(pilot, lambda: isinstance(screen.focused, Input) and _esc(screen) == ["Back to table"])
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(screen.focused, Input))


async def test_leave_from_the_palette_leaves_with_the_focus_in_the_chat_line() -> None:
    """The palette's "Leave the table" is Escape from the hand: with the focus left in the chat
    line it leaves (asking first), not only back to the hand."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_table(app, pilot, "crazy-eights", 2, seat=1, seed=3)
        await pilot.press("slash")
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        app._leave_from_palette()
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert ask.question == "Leave this match?"


async def test_the_lobbys_ready_and_esc_read_as_they_act(tmp_path) -> None:
    """A guest's R reads "Ready", then "Not ready" once ready, as its button does (also moved by
    the keymap); Esc in the chat line reads "Back to seats", and Leave again on the seats."""
    from net.server import TableConfig

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"lobby.ready": "e"}), path)
    for config_path, key in ((None, "r"), (path, "e")):
        async with someone_elses_table(TableConfig(name="t", game="ninety-eight", seats=4, seed=1)) as (srv, table, ana):
            app = make_app(config_path=config_path) if config_path else make_app()
            async with app.run_test(size=(100, 30)) as pilot:
                lobby = await join_lobby(app, pilot, srv.port, "#ready")
                ready = lobby.query_one("#ready", Button)

                def bar_says(word: str) -> bool:
                    bar = key_bar(lobby)
                    return str(ready.label) == word and word in bar and ({"Ready", "Not ready"} - {word}).isdisjoint(bar)

                await wait_for(pilot, lambda: bar_says("Ready"))
                await pilot.press(key)
                await wait_for(pilot, lambda: table.seats[1].ready and bar_says("Not ready"))
                assert [k.key for k in lobby.query(FooterKey) if k.description == "Not ready"] == [key]
                await pilot.press(key)
                await wait_for(pilot, lambda: not table.seats[1].ready and bar_says("Ready"))
                # Esc: Leave on the seats, Back to seats from the chat line
                assert _esc(lobby) == ["Leave"]
                await pilot.press("slash")
                await wait_for(pilot, lambda: isinstance(lobby.focused, Input) and _esc(lobby) == ["Back to seats"])
                await pilot.press("escape")
                await wait_for(pilot, lambda: lobby.focused is lobby.query_one("#seats") and _esc(lobby) == ["Leave"])
                assert app.screen is lobby
                await app.leave_table()


async def test_a_questions_esc_is_named_as_its_cancel_button() -> None:
    """"Start a new solo match?" answers "Keep it" or "New match": its Esc reads "Keep it", as
    the button it stands for, and keeps the saved match."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.query(HandView))
        await pilot.pause()  # the table drawn before it is left
        await app.leave_table()
        app.back_home()
        await wait_for(pilot, lambda: app.session is None and isinstance(app.screen, HomeScreen))
        await pilot.press("p")
        ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
        assert ask.question == "Start a new solo match?"
        await wait_for(pilot, lambda: _esc(ask) == ["Keep it"])
        assert [str(b.label) for b in ask.query(Button)] == ["Keep it", "New match"]
        assert "Stay" not in key_bar(ask)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
    # each question its own: one asked with the default answer still reads "Stay"
    assert ConfirmScreen("q", "", yes="Go")._bindings.key_to_bindings["escape"][0].description == "Stay"


async def test_help_says_the_last_card_announcement_as_the_table_says_it() -> None:
    """crazy-eights 6.4: in Countdown the announcement tells the count ("last card, on 8!"):
    Help over such a table says L plays with those words, and "last card!" at any other."""
    from tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for preset, said in (("countdown", "last card, on 8!"), ("standard", "last card!")):
            screen, _ = await open_table(app, pilot, "crazy-eights", 2, seat=1, preset=preset, seed=3)
            await pilot.press("f1")
            helped = await wait_for(pilot, lambda: current(app, HelpScreen))
            assert dict(helped.sections["At the table"])["L"] == \
                f'Play the selected card saying "{said}" (only the play that leaves you one card)', preset
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            app.pop_screen()
            await pilot.pause()


async def test_l_is_lit_only_where_it_plays_the_selected_card_now() -> None:
    """crazy-eights 4.1: L plays the selected card saying "last card!" from a hand of two. The
    key bar lights it only where pressing it plays now: on this seat's turn, on a card that can
    be played. While another seat plays, or on a card that cannot be played, it is dimmed (and
    pressed, says why)."""
    from core import new_match

    from .helpers import said_from_now, show_match, stacked

    def lit(screen: TableScreen) -> bool:
        return not next(k for k in screen.query(FooterKey) if k.action == "last_card").has_class("-disabled")

    # hand size 2 at two seats, dealer 0: seat 1 holds 5H 9S and plays first, seat 0 holds 2C 3C; KH starts
    deck = stacked(["5H", "2C", "9S", "3C", "KH"])
    app = make_app()
    heard = said_from_now(app)
    async with app.run_test(size=(80, 24)) as pilot:
        match = new_match("crazy-eights", 2, deck=deck, dealer=0, options={"hand_size": 2})
        screen, link = await show_match(app, pilot, match, seat=0)  # seat 1's turn: seat 0 waits
        assert screen.query_one(HandView).cards == ["2C", "3C"] and screen.view["current_seat"] == 1
        await pilot.pause()
        assert "Play+last card!" in key_bar(screen) and not lit(screen)
        app.pop_screen()
        await pilot.pause()

        screen, link = await show_match(app, pilot, new_match("crazy-eights", 2, deck=deck, dealer=0,
                                                               options={"hand_size": 2}), seat=1)
        assert screen.query_one(HandView).cards == ["5H", "9S"]
        await pilot.press("2")  # 9♠ matches neither ♥ nor a K
        await wait_for(pilot, lambda: not lit(screen))
        await pilot.press("l")
        await wait_for(pilot, lambda: heard)
        assert link.sent == [] and heard[-1].startswith("9♠ matches neither")
        await pilot.press("1")  # 5♥ follows hearts
        await wait_for(pilot, lambda: lit(screen))
        await pilot.press("l")
        await wait_for(pilot, lambda: link.sent)
        assert link.sent == ["5H!"]
