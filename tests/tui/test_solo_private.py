"""A solo table is the player's alone (guide, "Play"): another user of the machine who finds its
port cannot watch it or chat into it. The real app, its real server on 127.0.0.1."""
from __future__ import annotations

import pytest

from net.client import ConnectError, TableClient

from .helpers import make_app, start_solo


async def test_no_one_else_can_join_or_watch_a_solo_table() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        port = session.server.port
        for spectator in (True, False):
            with pytest.raises(ConnectError, match="this is a solo table"):
                await TableClient.connect("127.0.0.1", port, name="Spy", spectator=spectator, timeout=5.0,
                                          reconnect=False)
        assert session.lobby is not None and session.lobby["spectators"] == 0
        await app.leave_table()
