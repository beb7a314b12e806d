"""A link to the host that stalls or trickles: the view an app shows falls behind the table, a
minute on a link that trickled, with nothing said. The top line says "slow link" while the
round trip, or a ping still unanswered, takes ``SLOW_LINK`` or more (a real host and a proxy on
127.0.0.1 that holds back what the host sends)."""
from __future__ import annotations

from net.server import TableConfig
from tests.net.links import Link
from tui.screens.table import TableScreen
from tui.session import SLOW_LINK
from tui.widgets.topbar import TopBar, TopLine, fit

from .helpers import current, join_lobby, make_app, someone_elses_table, wait_for


def test_the_top_line_keeps_the_slow_link_as_it_narrows() -> None:
    line = TopLine(game="Ninety-Eight", deal="hand 2", direction="clockwise", turn="Ana's turn", clock=23, slow=True)
    assert fit(line, 80).plain.endswith("Ana's turn · 23 s · slow link")
    assert fit(line, 30).plain.endswith("23 s · slow link")
    assert "slow link" not in fit(TopLine(turn="Ana's turn", clock=23), 80).plain
    # while the connection is down the line says that, not how slow it was
    assert "slow link" not in fit(TopLine(turn="Ana's turn", offline=True, slow=True), 80).plain


async def test_the_top_line_says_slow_link_while_the_host_is_not_heard_in_time() -> None:
    app = make_app()
    async with someone_elses_table(TableConfig(name="Ana's table", game="ninety-eight", seats=2, seed=3)) as (
            srv, table, ana):
        link = Link(srv.port)
        await link.start()
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                app.settings.name = "Bo"
                await join_lobby(app, pilot, link.listening)
                await wait_for(pilot, lambda: app.session.seat == 1)
                await pilot.press("r")
                await wait_for(pilot, lambda: table.seats[1].ready)
                await ana.start()
                screen = await wait_for(pilot, lambda: current(app, TableScreen))
                bar = screen.query_one(TopBar)
                client = app.session.client
                assert not bar.line.slow
                await client.ping()  # a quick round trip first
                link.stall("down")  # what the host sends is held back
                client._send_ping()  # as the heartbeat does when nothing else went
                await wait_for(pilot, lambda: bar.line.slow, timeout=SLOW_LINK + 3)
                assert "slow link" in fit(bar.line, 100).plain
                assert client.unanswered_for() >= SLOW_LINK
                await pilot.press("t")  # whose turn, in words: the slow link too, as the top line says it
                await wait_for(pilot, lambda: screen.said and screen.said[-1].endswith(
                    " (a slow link: the table may be further on)"))
                link.flow()
                await wait_for(pilot, lambda: client.unanswered_for() == 0)
                assert client.last_rtt is not None and client.last_rtt >= SLOW_LINK  # the round trip that ping took
                await pilot.pause(1.2)  # a tick of the clock: the line stays as it was, the last answer slow
                assert bar.line.slow  # (the mean with the quick one before would have cleared it)
                await client.ping()  # a quick round trip again: the link is no longer said to be slow
                await wait_for(pilot, lambda: not bar.line.slow, timeout=3)
                await app.leave_table()
        finally:
            await link.close()
