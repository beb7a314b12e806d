"""A host that sends a table this app cannot show: the player is told why and is back at the
home screen, the app still running, instead of the app failing half-way through a frame."""
from __future__ import annotations

from core import new_match
from tui.screens.home import HomeScreen

from ..net.table_helpers import host_sending
from .helpers import make_app, notices, wait_for


async def test_a_view_with_a_card_that_is_not_a_card_sends_the_player_home() -> None:
    good = new_match("crazy-eights", 2, seed=4).view(0)
    bad = {**good, "version": good["version"] + 1, "top": "1X"}
    srv, port, hung_up = await host_sending([{"type": "view", "view": good, "events": []},
                                             {"type": "view", "view": bad, "events": []}])
    app = make_app()
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            app.join_address(f"127.0.0.1:{port}")
            await wait_for(pilot, lambda: any("cannot show" in n for n in notices(app)))
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            said = next(n for n in notices(app) if "cannot show" in n)
            assert "top: expected a card" in said
            assert app.session is None and app.is_running
    finally:
        srv.close()
        await srv.wait_closed()
