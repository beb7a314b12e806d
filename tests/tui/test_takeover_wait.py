"""While the table waits for a dropped player's turn, the others' top line says how long until a
bot plays for them, counting down (the lobby's ``takeover``, docs/protocol.md), and says nothing
of it once the player is back or the bot has taken over."""
from __future__ import annotations

import asyncio
import re
from typing import Any

from core import new_match
from net.client import TableClient
from net.server import Server, TableConfig
from tests.net.table_helpers import FAST, join
from tui.screens.table import TableScreen

from .helpers import make_app, seated_and_dealt, show_link, wait_for
from .matchlink import MatchLink

#: the takeover wait of the host: long enough to see the count go down, short enough to end
TAKEOVER = 4.0
WAIT = re.compile(r"Ana's turn \(away\) · a bot plays for them in (\d+) s")


def top(screen: TableScreen) -> str:
    return str(screen.query_one("#topbar").render())


def shown(screen: TableScreen) -> int | None:
    """The seconds the top line says the table still waits for Ana; None if it says no wait."""
    found = WAIT.search(top(screen))
    return int(found.group(1)) if found else None


async def test_the_wait_for_a_dropped_player_counts_down_and_goes() -> None:
    # the stand-in pauses 2 s before its move (``bot_delay``): the wait is seen to go as the bot
    # takes over, before the turn moves on
    srv = Server(host="127.0.0.1", port=0,  # type: ignore[arg-type]
                 **{**FAST, "takeover": TAKEOVER, "grace": 30.0, "bot_delay": 2.0})
    await srv.start()
    table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=8, options={"lives": 9}))
    ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
    back: TableClient | None = None
    app = make_app()
    app.settings.name = "Bo"
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await seated_and_dealt(app, pilot, srv.port, table, ana)
            m = table.match
            for _ in range(10):  # bounded: Bo (this app) plays until it is Ana's turn
                if m.current_seat == 0:
                    break
                v = m.version
                await wait_for(pilot, lambda: screen.view and screen.view["version"] == v)
                await app.session.client.act(screen.view["legal"][0], v)
                await wait_for(pilot, lambda: m.version > v)
            await wait_for(pilot, lambda: m.current_seat == 0 and screen.view["current_seat"] == 0)
            assert "a bot plays" not in top(screen)  # Ana is here: nothing is waited for
            version, token = m.version, ana.token

            ana.drop_connection()
            first = await wait_for(pilot, lambda: shown(screen), timeout=5)
            assert first <= TAKEOVER, top(screen)
            # counted down by the app itself, once a second
            await wait_for(pilot, lambda: (shown(screen) or TAKEOVER) < first, timeout=3)
            # Ana is back before the bot plays: the wait goes
            back = await join(srv, "Ana", table=table.id, token=token, reconnect=False)
            await wait_for(pilot, lambda: "(away)" not in top(screen) and shown(screen) is None, timeout=5)
            assert "a bot plays" not in top(screen) and m.version == version

            # she drops again, and this time the bot takes over: the wait counts down, then goes
            back.drop_connection()
            await wait_for(pilot, lambda: shown(screen), timeout=5)
            await wait_for(pilot, lambda: table.seats[0].standin and "a bot plays" not in top(screen),
                           timeout=TAKEOVER + 3)
            assert m.version == version and "Ana's turn (away)" in top(screen), top(screen)
            await wait_for(pilot, lambda: m.version > version, timeout=5)
            await asyncio.sleep(1.2)  # a tick later the line still says no wait
            assert "a bot plays" not in top(screen), top(screen)
            await app.leave_table()
    finally:
        await ana.close()
        if back is not None:
            await back.close()
        await srv.close()


class AwayLink(MatchLink):
    """A table link whose lobby says that Ana, the seat to move (not this app's), is away, the
    table waiting ``takeover`` seconds for her, as a host's lobby does."""

    def __init__(self, takeover: Any) -> None:
        match = new_match("crazy-eights", 2, seed=3)
        away = match.current_seat
        names = ["Bo", "Bo"]
        names[away] = "Ana (away)"
        super().__init__(match, seat=1 - away, names=names)
        self.lobby = {"game": "crazy-eights", "preset": "standard", "seats": [
            {"seat": i, "name": name.removesuffix(" (away)"), "bot": None, "connected": i != away,
             "takeover": takeover if i == away else None} for i, name in enumerate(names)]}


async def test_a_narrow_line_says_the_wait_in_fewer_words() -> None:
    """At 80 columns the long wording does not fit after the turn: a shorter one does, and the
    seconds stay (from a minute up, as the turn clock reads them)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        link = AwayLink(75.0)
        screen = await show_link(app, pilot, link, first_plays=False)
        assert screen.view["current_seat"] != screen.view["seat"]
        line = top(screen)
        assert "Ana's turn (away) · " in line and "a bot plays for them" not in line, line
        assert re.search(r"· (a )?bot( plays)? in 1:1[45]$", line.rstrip()), line
        # a takeover that is no number (a broken host) shows nothing
        link.lobby = {**link.lobby, "seats": [{**s, "takeover": "soon" if s["takeover"] else None}
                                              for s in link.lobby["seats"]]}
        screen.show(screen.view, [])
        await pilot.pause()
        assert " bot " not in top(screen), top(screen)
