"""A host that sends a table this app cannot show: the player is told why and is back at the
home screen, the app still running, instead of the app failing half-way through a frame."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets._toast import Toast

from core import new_match
from tui.screens.home import HomeScreen

from ..net.table_helpers import host_sending
from .helpers import make_app, said_from_now, wait_for


async def test_a_view_with_a_card_that_is_not_a_card_sends_the_player_home() -> None:
    good = new_match("crazy-eights", 2, seed=4).view(0)
    bad = {**good, "version": good["version"] + 1, "top": "1X"}
    srv, port, hung_up = await host_sending([{"type": "view", "view": good, "events": []},
                                             {"type": "view", "view": bad, "events": []}])
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            given = said_from_now(app)  # every notice, kept after it times out
            app.join_address(f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: any("cannot show" in n for n in given))
            # home comes first; the table is left by a worker just after (``back_home``)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            said = next(n for n in given if "cannot show" in n)
            assert "top: expected a card" in said
            assert app.is_running
    finally:
        srv.close()
        await srv.wait_closed()


MARKUP = "[/x] [@click=app.quit]quit[/] [bold]loud"
"""Words that, read as markup, would end the app when drawn ("[/x]" closes nothing) or run an
action when clicked."""


async def shown_as_written(app: Any, pilot: Any) -> None:
    """A notice carrying ``MARKUP`` is drawn with the words as written, and the app runs on."""
    toast = await wait_for(pilot, lambda: next(
        (t for t in app.screen.query(Toast) if MARKUP in t.render().plain), None))
    await pilot.pause(0.2)  # drawn
    body = toast.render()
    assert not [s for s in body.spans if s.start >= body.plain.index(MARKUP)], "no style from the words"
    assert app.is_running


async def test_markup_in_a_hosts_words_is_shown_as_written() -> None:
    """Chat and seats are drawn as Text; a host's error reaches the player as a notice, which
    Textual would read as markup."""
    srv, port, hung_up = await host_sending([{"type": "error", "code": "not_playing", "message": MARKUP}])
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await shown_as_written(app, pilot)
    finally:
        srv.close()
        await srv.wait_closed()


async def test_markup_in_the_settings_file_is_shown_as_written(tmp_path: Path) -> None:
    """A settings value the app cannot use is named in a notice at start."""
    path = tmp_path / "settings.toml"
    path.write_text(f'theme = "{MARKUP}"\n', encoding="utf-8")
    app = make_app(config_path=path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await shown_as_written(app, pilot)


ESCAPES = "note \x1b]52;c;ZWNobyBwd25lZA==\x1b\\ \x1b]0;PWNED\x07 \x1b[2J \x1b[31mred"
"""A clipboard write (OSC 52), a window title, a cleared screen and a colour, as a hostile host
might put them in its words."""


async def test_escape_sequences_in_a_hosts_words_never_reach_the_terminal() -> None:
    """A host's error reaches the player as a notice, as its goodbye and a refusal do, all
    through the app's one ``notify`` (docs/security.md: no terminal escapes reach a player's
    screen): the words are shown, the sequences are not written."""
    srv, port, hung_up = await host_sending([{"type": "error", "code": "illegal", "message": ESCAPES}])
    app = make_app()
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            toast = await wait_for(pilot, lambda: next(
                (t for t in app.screen.query(Toast) if "Note" in t.render().plain), None))
            await pilot.pause(0.2)  # drawn
            assert "red" in toast.render().plain and "\x1b" not in toast.render().plain
            written = app.screen._compositor.render_update(full=True).render_segments(app.console)
            for sequence in ("\x1b]52", "\x1b]0;", "\x1b[2J", "PWNED\x07"):
                assert sequence not in written
            assert app.is_running
    finally:
        srv.close()
        await srv.wait_closed()


async def test_a_join_ended_by_a_table_it_cannot_show_is_said_once_and_truly() -> None:
    """The host's first view cannot be shown: the join fails for that reason, said once ("Could
    not join ...: the host sent a table this app cannot show"); a second notice blamed "the
    table closed as the last one was left", with one connection and the host still up."""
    good = new_match("ninety-eight", 2, seed=4).view(0)
    bad = {**good, "hand": ["ZZ"] + good["hand"][1:]}
    # with the welcome, so that it is read before the join is through
    srv, port, hung_up = await host_sending([{"type": "view", "view": bad, "events": []}], pause=0)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            given = said_from_now(app)
            app.join_address(f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: any("cannot show" in n for n in given))
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
            await pilot.pause(0.3)
            assert [n for n in given if "cannot show" in n or "Could not join" in n or "Left the table" in n] == [
                f"Could not join 127.0.0.1:{port}: the host sent a table this app cannot show "
                "(hand[0]: expected a card)"], given
    finally:
        srv.close()
        await srv.wait_closed()
