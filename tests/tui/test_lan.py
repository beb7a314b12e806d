"""Two app instances in one test: one hosts a table on 127.0.0.1, the other joins it by
address; they chat in the lobby, the host starts, both play with the keyboard to the end."""
from __future__ import annotations

import re

from textual.widgets import Select

from core import GAMES
from tui.record import load as load_record
from tui.screens.confirm import ConfirmScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import PickerScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen

from .helpers import make_app, play_with_keys, wait_for


async def test_host_and_join_over_loopback() -> None:
    host = make_app(bind="127.0.0.1", port=0)
    guest = make_app()
    host.settings.name = "Ana"
    guest.settings.name = "[b]Bob[/b]"
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        # the host opens a two-seat single-hand table with the second seat open
        await hp.press("h")
        picker = await wait_for(hp, lambda: isinstance(host.screen, PickerScreen) and host.screen)
        presets = list(GAMES["ninety-eight"].presets)
        await hp.press("enter", *["down"] * presets.index("single-hand"))
        picker.query_one("#seats", Select).focus()
        await hp.press("enter", "up", "up", "enter")
        await hp.pause()
        assert picker.seats == 2 and picker.choice().bots == {}
        await hp.press("ctrl+s")
        lobby = await wait_for(hp, lambda: isinstance(host.screen, LobbyScreen) and host.screen)
        session = host.session
        assert session.server.host == "127.0.0.1"
        port = session.server.port
        told = re.search(r"Players join at (\S+)", str(lobby.query_one("#lobby-info").render()))
        assert told is not None and told.group(1) == f"127.0.0.1:{port}"

        # the guest types the address the host's lobby tells on the Join screen
        await gp.press("j")
        await wait_for(gp, lambda: isinstance(guest.screen, JoinScreen))
        await gp.press(*told.group(1), "enter")
        glob = await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen) and guest.screen)
        await wait_for(hp, lambda: session.lobby and session.lobby["seats"][1]["name"] == "[b]Bob[/b]")
        assert not guest.session.is_host and guest.session.seat == 1
        seats_text = str(lobby.query_one("#seats").get_option_at_index(1).prompt)
        assert "[b]Bob[/b]" in seats_text  # shown literally, never as markup

        # chat in the lobby reaches the host
        await gp.press("slash", *"hi Ana", "enter", "escape")  # the chat line keeps the focus until Esc
        await wait_for(hp, lambda: any("hi Ana" in line.text for line in lobby.query_one("#chat-log").lines))

        # the guest says ready, the host starts
        ready = glob.query_one("#ready")
        assert str(ready.label) == "Ready"
        await gp.press("r")
        await wait_for(hp, lambda: session.lobby["seats"][1]["ready"])
        await wait_for(gp, lambda: str(ready.label) == "Not ready")  # the button now takes it back
        await hp.press("ctrl+s")
        htable = await wait_for(hp, lambda: isinstance(host.screen, TableScreen) and host.screen)
        gtable = await wait_for(gp, lambda: isinstance(guest.screen, TableScreen) and guest.screen)
        assert htable.view["seat"] == 0 and gtable.view["seat"] == 1
        assert "hand" in gtable.view and gtable.view["hand"] != htable.view["hand"]
        # what was said in the lobby opens both logs, after a line that says where it was said
        for table in (htable, gtable):
            lines = [line.text for line in table.query_one("#log").lines]
            said = lines.index("Said in the lobby:")
            assert "hi Ana" in lines[said + 1] and "Bob" in lines[said + 1]

        # both play with the keyboard, taking turns, to the end of the match
        for _ in range(200):
            done = [isinstance(a.screen, ResultsScreen) and a.screen.match_over for a in (host, guest)]
            if all(done):
                break
            await play_with_keys(host, hp, timeout=5, stop=lambda: (host.session.view or {}).get("current_seat") != 0)
            await play_with_keys(guest, gp, timeout=5, stop=lambda: (guest.session.view or {}).get("current_seat") != 1)
        assert isinstance(host.screen, ResultsScreen) and host.screen.match_over
        assert isinstance(guest.screen, ResultsScreen) and guest.screen.match_over
        assert htable.view["winners"] == gtable.view["winners"]
        # each app counted the match in its record (the two share the test's data folder),
        # naming the other player; one of them won it
        matches, problem = load_record()
        assert problem is None and len(matches) == 2
        assert sorted(m.players[0][0] for m in matches) == ["Ana", "[b]Bob[/b]"]
        assert all(m.opponents == ("player",) and m.players[0][1] != m.won for m in matches)
        assert sorted(m.won for m in matches) == [False, True]

        # the host quits: the table is withdrawn and the guest is told
        server = session.server
        # (app-wide keys in a test with two apps reach the app entered last, so quit directly;
        # q itself is pressed in the solo test)
        await host.action_quit()  # a guest still sits at the table: the host is asked first
        ask = await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen) and host.screen)
        assert server._server is not None
        ask.action_answer(True)
        await wait_for(hp, lambda: server._server is None)
        await wait_for(gp, lambda: guest.session is None)
