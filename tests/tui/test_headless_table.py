"""At a table whose host does not play (``dealmein host --headless``), the lobby says that the
match starts once everyone is ready, the table's own chat lines read as the table's, and at the
end of a match R says ready for the rematch, which then starts by itself."""
from __future__ import annotations

from net.client import TableClient
from net.server import Server, TableConfig
from tui.eventtext import chat_text
from tui.screens.lobby import LobbyScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import current, make_app, play_with_keys, wait_for


def test_the_tables_own_lines_are_dimmed_and_players_lines_are_not() -> None:
    said = chat_text("Table", "Everyone is ready: the match starts.", system=True)
    spoof = chat_text("Table", "Everyone is ready: the match starts.")
    assert said.plain == spoof.plain  # same words: only the style tells them apart
    assert any("dim" in str(span.style) for span in said.spans)
    assert not any("dim" in str(span.style) for span in spoof.spans)


async def test_ready_starts_the_match_and_r_readies_the_rematch() -> None:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    table = srv.create_table(TableConfig(name="Headless", game="ninety-eight", preset="single-hand", seats=2, seed=11))
    owner = await TableClient.connect("127.0.0.1", srv.port, name="Owner", table=table.id, host_key=table.host_key,
                                      spectator=True, reconnect=False)
    app = make_app()
    try:
        await owner.add_bot(1, "normal")
        async with app.run_test(size=(80, 24)) as pilot:
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None
                           and app.session.seat == 0 and app.screen.query("#lobby-info"))
            lobby = app.screen
            await wait_for(pilot, lambda: "starts by itself" in str(lobby.query_one("#lobby-info").render()))
            chat = lambda: [line.text for line in lobby.query_one("#chat-log").lines]  # noqa: E731
            await wait_for(pilot, lambda: "Table: The match starts by itself" in " ".join(line.strip() for line in chat()))
            await pilot.press("r")  # ready: with the bot, every seat is, and the match starts
            screen = await wait_for(pilot, lambda: current(app, TableScreen))
            # the lobby's chat wraps the table's lines inside its panel
            width = lobby.query_one("#chat-log").scrollable_content_region.width
            assert max(strip.cell_length for strip in lobby.query_one("#chat-log").lines) <= width
            await play_with_keys(app, pilot, timeout=90)
            results = await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over
                                     and app.screen)
            await wait_for(pilot, lambda: results.query("#rematch"))
            assert "Ready" in str(results.query_one("#rematch").label)
            await pilot.press("r")  # from the results: ready for the rematch, which then starts
            await wait_for(pilot, lambda: screen.view is not None and not screen.view["is_over"])
            await play_with_keys(app, pilot, timeout=90)
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over
                                  and app.screen.keys_act())
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            keys = screen.active_bindings
            assert "r" in keys  # not the host, but the rematch waits for this player
            assert "space" not in keys and "enter" not in keys  # nothing to play at a finished match
            await pilot.press("r")
            await wait_for(pilot, lambda: screen.view is not None and not screen.view["is_over"])
            # once this match is over too, a player who comes back lands in the lobby, not on the
            # finished table
            await play_with_keys(app, pilot, timeout=90)
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.match_over)
            app.back_home()
            await wait_for(pilot, lambda: app.session is None)
            app.join_address(f"127.0.0.1:{srv.port}")
            await wait_for(pilot, lambda: app.session is not None and app.session.view is not None
                           and isinstance(app.screen, LobbyScreen))
            await pilot.pause(0.2)
            assert app.session.view["is_over"] and app.session.seat == 0
            assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
            await app.leave_table()
    finally:
        await owner.close()
        await srv.close()
