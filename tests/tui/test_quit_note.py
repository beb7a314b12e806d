"""Q leaves a saved solo match without a question (nothing is lost); the terminal the app gives
back says where the match is kept and how to play on."""
from __future__ import annotations

from typing import Any

from tui.running import said_on_exit

from .helpers import make_app, start_solo, wait_for


async def test_quitting_a_saved_solo_match_says_how_to_play_on(capsys: Any) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_solo(app, pilot)
        assert session.saved and not session.view["is_over"]
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.exit_note == "Your Ninety-Eight match is saved: run dealmein and choose Resume to play on."
    assert said_on_exit(app, app.return_code) == 0
    assert capsys.readouterr().out == app.exit_note + "\n"


async def test_quitting_from_home_says_nothing(capsys: Any) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.exit_note == ""
    assert said_on_exit(app, app.return_code) == 0
    assert capsys.readouterr().out == ""


async def test_an_app_stopped_by_an_error_exits_with_status_1(capsys: Any) -> None:
    """A fault the app stops on (its traceback printed) is a failure to the shell, not status 0."""
    from tui.app import DealMeInApp

    class Faulty(DealMeInApp):
        def on_ready(self) -> None:
            raise RuntimeError("a fault while running")

    app = Faulty(bot_delay=0, mdns=False)
    result = await app.run_async(headless=True, size=(80, 24))
    assert app.return_code == 1
    assert said_on_exit(app, result) == 1
    app2 = make_app()
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await wait_for(pilot, lambda: app2.return_code is not None)
    assert said_on_exit(app2, app2.return_value) == 0


async def test_quitting_a_hosted_match_in_play_says_it_is_saved_and_how_to_open_it_again(capsys: Any) -> None:
    """The table this app hosts closes with it; its save keeps the match and the seats: the
    question says how it comes back, and so does the terminal the app gives back."""
    from net.client import TableClient
    from tui.screens.confirm import ConfirmScreen

    from .helpers import current, host_two_seats

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await host_two_seats(app, pilot)
        session = app.session
        bob = await TableClient.connect("127.0.0.1", session.server.port, name="Bob")
        try:
            await bob.ready(True)
            await wait_for(pilot, lambda: (session.lobby or {}).get("seats", [{}, {}])[1].get("ready") is True)
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: session.view is not None and not session.view.get("is_over"))
            await wait_for(pilot, lambda: session.saved)
            await pilot.press("q")
            ask = await wait_for(pilot, lambda: current(app, ConfirmScreen))
            assert "until you open it again (Resume on the home screen" in str(ask.query_one("#confirm-detail").render())
            await pilot.press("y")
            await wait_for(pilot, lambda: app.return_code is not None)
        finally:
            await bob.close()
    assert app.exit_note == ("The Ninety-Eight match at your table is saved: run dealmein and choose Resume to "
                             "open it again for its players.")
