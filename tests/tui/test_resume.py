"""Resume from the home screen (issue: Nothing lost, "Autosave and resume"): a table the app
hosted is saved as it goes; a fresh app offers it on the home screen, first and under Enter,
and brings it back with the same hands and totals."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from core import GAMES

from textual.widgets import Button

from net.savefile import read_save, save_path
from tui.screens.home import HomeScreen
from tui.screens.results import ResultsScreen
from tui.screens.table import TableScreen
from tui.saves import solo_save_path

from .helpers import first_saved, log_entries, make_app, start_solo, wait_for


async def test_solo_table_is_saved_and_resumed_from_home():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        await wait_for(pilot, lambda: session.view["current_seat"] == session.seat)
        view = session.view
        await wait_for(pilot, lambda: read_save(solo_save_path()).state is not None
                       and read_save(solo_save_path()).state["actions"] == session.table.actions)
        hand, total = view["hand"], view["total"]
        app.back_home()  # the home screen now offers the table it just left
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
        await wait_for(pilot, lambda: app.session is None)
    assert solo_save_path().is_file()

    fresh = make_app()
    async with fresh.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, HomeScreen)
        resume = fresh.screen.query_one("#resume-0", Button)
        assert str(resume.label) == f"Resume {GAMES[view['game']].name} (solo)"
        assert fresh.screen.focused is resume  # a match left to resume is what Enter plays on
        # and it is the one entry lit: no other looks chosen (Play solo was lit by its variant)
        lit = [b.id for b in fresh.screen.query("#menu Button").results(Button)
               if b.styles.background == resume.styles.background]
        assert lit == ["resume-0"]
        await pilot.press("down")
        await pilot.pause()
        lit = [b.id for b in fresh.screen.query("#menu Button").results(Button)
               if b.styles.background == fresh.screen.focused.styles.background]
        assert lit == ["solo"]
        await pilot.press("up")
        await pilot.press("enter")
        await wait_for(pilot, lambda: fresh.session is not None and fresh.session.view is not None)
        again = fresh.session.view
        # the match in play is on top, its lobby beneath
        await wait_for(pilot, lambda: isinstance(fresh.screen, TableScreen))
        assert [type(s).__name__ for s in fresh.screen_stack[1:]] == ["HomeScreen", "LobbyScreen", "TableScreen"]
        assert again["hand"] == hand and again["total"] == total
        assert fresh.session.seat == 0
        table = fresh.screen
        # the log draws its lines once it has a size: on a busy machine, a frame or more later
        log = await wait_for(pilot, lambda: [line.text for line in table.query_one("#log").lines])
        # not an empty log: the hand so far, read back from the match log from its cut or deal
        assert log[0].startswith("The cut for the first deal") or log[0].endswith(f"deals hand {again['hand_number']}")
        await fresh.leave_table()


async def home_without_resume(app: Any, pilot: Any) -> list[str]:
    """Home as the app opens, offering no Resume: the notices it gives."""
    await pilot.pause()
    assert not app.screen.query(".resume")
    return [n.message for n in app._notifications]


async def test_a_corrupt_save_is_reported_moved_aside_and_not_offered(tmp_path):
    path = solo_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00garbage")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        notes = await home_without_resume(app, pilot)
        assert any("solo.save" in m and "moved aside" in m for m in notes), notes
    assert not path.exists()
    assert list(path.parent.glob("solo.save.corrupt-*"))


async def test_a_save_that_cannot_be_read_is_said_and_left_where_it_is() -> None:
    """A folder where the solo save should be (as a save whose permissions shut the app out):
    home names it and what to do, offers no Resume, and leaves it as it is."""
    path = solo_save_path()
    path.mkdir(parents=True)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        notes = await home_without_resume(app, pilot)
        assert any(m.startswith("solo.save could not be read (Is a directory); it is left as it is: mend it "
                                "(its permissions, say) or move it away, and try again") for m in notes), notes
    assert path.is_dir() and not list(path.parent.glob("solo.save.corrupt-*"))
    path.rmdir()


async def test_a_solo_save_a_newer_version_wrote_is_said_left_and_not_written_over() -> None:
    """A solo save of a newer Deal Me In's format: home says whose it is and offers no Resume,
    and a new solo match is not saved over it (it was moved aside as corrupt)."""
    import msgpack

    path = solo_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = msgpack.packb({"format": 2, "saved": 1796629063.5, "state": {"status": "playing"}})
    path.write_bytes(newer)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        notes = await home_without_resume(app, pilot)
        assert any(m.startswith("solo.save was saved by a newer Deal Me In (save format 2; this one reads format 1); "
                                "it is left as it is, for that version to resume") for m in notes), notes
        from tui.screens.picker import TableChoice

        await app.start_table(TableChoice(game="ninety-eight", preset="standard", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        session = app.session
        await wait_for(pilot, lambda: session is not None and session.view is not None)
        notes = [n.message for n in app._notifications]
        assert any(m.startswith("solo.save was saved by a newer Deal Me In") and "this solo match is not kept" in m
                   for m in notes), notes
        await app.leave_table()
    assert path.read_bytes() == newer and not list(path.parent.glob("solo.save.corrupt-*"))


async def test_leaving_a_solo_match_puts_enter_on_resume():
    """Home after leaving a solo match offers Resume first and Enter plays on (it used to stay
    on Play solo, where Enter asked whether to replace the saved match)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("escape", "y")  # leave, once asked
        home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume")
                              and app.screen)
        await wait_for(pilot, lambda: app.session is None)
        assert home.focused is home.query_one("#resume-0", Button)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.session is not None)
        await app.leave_table()


async def test_a_table_hosted_on_another_port_is_offered_and_comes_back_on_that_port():
    """The app's usual port taken (a second table on this machine), a hosted table listens on a
    free one and saves under it: home offers that save too, naming its port, and resumes it on
    that port, where its players' apps come back. It used to be saved and never offered."""
    import socket

    from tui.saves import HOSTED_SHOWN, saved_tables

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    usual = holder.getsockname()[1]
    try:
        app = make_app(bind="127.0.0.1", port=usual)
        async with app.run_test(size=(100, 30)) as pilot:
            from .helpers import host_two_seats

            await host_two_seats(app, pilot)
            port = app.session.server.port
            assert port != usual
            app.back_home()
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume"))
            await wait_for(pilot, lambda: app.session is None)
            button = app.screen.query_one("#resume-0", Button)
            # by its name too: a club's tables on four ports read apart by name
            assert str(button.label) == f"Resume {app.player_name}'s table, Ninety-Eight (hosted, lobby, port {port})"
            app.screen.set_focus(button)
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.session is not None and app.session.lobby is not None)
            assert app.session.server.port == port
            await app.leave_table()
    finally:
        holder.close()
    # however many pile up, home offers a few, the newest first, so its menu stays in sight
    import os

    from net.savefile import save_path, write_save

    state = read_save(save_path(port)).state
    for extra in range(HOSTED_SHOWN + 2):
        write_save(save_path(40000 + extra), state)
        os.utime(save_path(40000 + extra), (1_000_000 + extra, 1_000_000 + extra))  # later ports, newer saves
    found, problems = saved_tables(usual)
    assert not problems and len(found) == HOSTED_SHOWN
    newest = [port] + [40000 + HOSTED_SHOWN + 1 - i for i in range(HOSTED_SHOWN - 1)]  # the table above is newest
    assert [table.path.name for table in found] == [f"table-{n}.save" for n in newest]


async def test_a_hand_resumed_midway_is_read_back_from_the_match_log():
    """The app's own table brought back from its save in mid-hand: the log shows the hand from
    its deal as the player's seat was told it (read back from the match log, the other hands
    hidden as they were), not "earlier plays are not shown", and the hand-over box's running
    total is the whole hand's, from 0 at its deal; the next hand reads the same."""
    from .helpers import play_with_keys

    app = make_app(seed=4)  # a deal whose first hand runs on after the stop below
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        await play_with_keys(app, pilot, stop=lambda: session.view is not None and session.view["total"] > 0
                             and read_save(solo_save_path()).state["actions"] == session.table.actions)
        seen = log_entries(app.screen)
        hand = list(session.view["hand"])
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)

    fresh = make_app()
    async with fresh.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(fresh.screen, HomeScreen) and fresh.screen.query(".resume"))
        await pilot.press("enter")
        table = await wait_for(pilot, lambda: isinstance(fresh.screen, TableScreen) and fresh.screen.totals
                               and fresh.screen)
        told = log_entries(table)
        assert told[0] == seen[0] and told[0].startswith("The cut for the first deal")  # as first shown
        assert told == seen[:len(told)] and len(told) >= len(seen) - 1, (told, seen)
        assert not any("earlier plays are not shown" in line for line in told)
        assert table.view["hand"] == hand
        assert table.totals[0] == 0  # the chart starts at the deal
        labels: list[str] = []
        for _ in range(2):  # the resumed hand, then one seen from its deal (three lives: no match ends in one)
            await play_with_keys(fresh, pilot, stop=lambda: isinstance(fresh.screen, ResultsScreen))
            results = fresh.screen
            await wait_for(pilot, lambda: results.query("#results-buttons"))  # pushed, then composed
            labels.append(" ".join(str(results.query_one("#spark-label").render()).split()))  # on one row or two
            await wait_for(pilot, results.keys_act)
            await pilot.press("enter")
            await wait_for(pilot, lambda: fresh.screen is not results)
        assert all(label.startswith("running total over the hand: 0 ") for label in labels), labels
        await fresh.leave_table()


async def test_each_resume_label_is_on_screen_whole_at_80_columns():
    """Two tables hosted on other ports read apart at 80x24: each Resume button shows its whole
    label, port and state included (the menu cut them at "(hosted, lobby,")."""
    from net.savefile import save_path, write_save

    from .rendering import rendered_segments

    write_save(save_path(45649), {"config": {"game": "ninety-nine", "name": "Friday Night Cards at the Club"},
                                  "status": "lobby"})
    write_save(save_path(45650), {"config": {"game": "ninety-eight"}, "status": "finished"})
    app = make_app(port=7098)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and len(app.screen.query(".resume")) == 2)
        await pilot.pause()
        lines = "".join(s.text for s in rendered_segments(app)).splitlines()
        for label in ("Resume Friday Night Cards…, Ninety-Nine (hosted, lobby, port 45649)",
                      "Resume Ninety-Eight (hosted, finished, port 45650)"):
            assert any(label in line for line in lines), label


def _results_box(results: ResultsScreen) -> tuple[str, list[int], bool, str]:
    """What a match's results box shows of the match: its standings as drawn (name, standing,
    points left in hand where the game has them) and its running total over the last hand."""
    rows = [strip.text for strip in results._compositor.render_strips()]
    box = results.query_one("#standings").region
    standings = "\n".join(row[box.x:box.right].rstrip() for row in rows[box.y:box.bottom])
    spark = results.query("#spark-label")
    return standings, list(results.totals), results.whole, " ".join(str(spark.first().render()).split()) if spark else ""


@pytest.mark.parametrize("game, preset, options", [
    ("crazy-eights", "standard", {"target": 10, "last_card": "off"}),  # points left in hand (5.2)
    ("crazy-eights", "standard", {"target": 10, "hand_size": 3}),  # and penalties (4.2: Enter never announces)
    ("ninety-eight", "single-hand", {}),  # the running total over the last hand
])
async def test_a_finished_solo_match_resumed_shows_the_results_it_ended_with(game, preset, options) -> None:
    """"See the results" on home shows the box the match ended with: the points each seat was
    left holding and the last hand's running total come with the events that ended it, which
    the host sends again with the last hand, read back from the match log; they are kept beside
    the save as well. With neither, the results still show, without them."""
    from tui.saves import results_path
    from tui.screens.picker import TableChoice

    from .helpers import play_with_keys

    app = make_app(seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game=game, preset=preset, options=options, seats=2, bots={1: "easy"}),
                              solo=True)
        await play_with_keys(app, pilot, timeout=90)
        ended = _results_box(app.screen)
        await wait_for(pilot, lambda: read_save(solo_save_path()).state["status"] == "finished")
    standings, totals, _whole, _line = ended
    assert ("points in hand" in standings) == (game == "crazy-eights")
    assert ("penalties" in standings) == ("hand_size" in options)
    assert (len(totals) > 1) == (game == "ninety-eight")

    async def see_the_results(logged: bool = True) -> tuple[str, list[int], bool, str]:
        again = make_app()
        async with again.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
            assert str(again.screen.query_one("#resume-0", Button).label).startswith("See the results:")
            await pilot.press("up", "enter")  # Enter alone starts a new game: the results are above it
            results = await wait_for(pilot, lambda: isinstance(again.screen, ResultsScreen) and again.screen)
            await pilot.pause()
            box = _results_box(results)
            # the table's log beneath holds the last hand, read back from the match log, and
            # the match's end once
            table = next(s for s in again.screen_stack if isinstance(s, TableScreen))
            log = log_entries(table)
            assert sum(line.startswith("Match over:") for line in log) == 1, log
            ending = log.index(next(line for line in log if line.startswith("Match over:")))
            assert any(line.startswith("Hand ") and " over" in line for line in log[:ending]) == logged, log
            assert any(" deal" in line for line in log[:ending]) == logged, log
            await again.leave_table()
        return box

    assert await see_the_results() == ended
    results_path(solo_save_path()).unlink()  # as a save made before the results were kept
    # the host reads the last hand back from the match log: the box is whole all the same
    assert await see_the_results() == ended
    Path(read_save(solo_save_path()).state["log_path"]).unlink()  # and the log gone as well
    standings, totals, _whole, _line = await see_the_results(logged=False)
    assert "points in hand" not in standings and totals == []
    rows = lambda text: [" ".join(row.split()) for row in text.splitlines() if row.strip()]  # noqa: E731
    assert len(rows(standings)) == len(rows(ended[0]))  # each seat, its standing and the winner's mark
    assert all(row.startswith(bare) for row, bare in zip(rows(ended[0]), rows(standings)))


async def test_results_that_cannot_be_kept_or_read_are_said_once_and_the_file_left() -> None:
    """The last hand's running total is kept beside the save as the match ends: a place it
    cannot be written, and then a garbled file where it should be, are each named once, and the
    garbled file is left as it is (the results show what the view holds, and the last hand as
    the host reads it back from the match log)."""
    from tui.saves import results_path
    from tui.screens.picker import TableChoice

    from .helpers import play_with_keys, said_from_now

    unkept = "the last hand's points left in hand and running total only as its match log gives them back."
    path = results_path(solo_save_path())
    path.mkdir(parents=True)  # a folder where the file should be
    app = make_app(seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        given = said_from_now(app)
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=2,
                                          bots={1: "easy"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        ended_totals = list(app.screen.totals)
        await wait_for(pilot, lambda: read_save(solo_save_path()).state["status"] == "finished")
        assert [n for n in given if "solo.results" in n] == [
            f"solo.results: could not be written (Is a directory). Resumed, this match will show {unkept}"]
    path.rmdir()
    path.write_bytes(b'{"version": 1, "match"')
    again = make_app()
    async with again.run_test(size=(100, 30)) as pilot:
        given = said_from_now(again)
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
        await pilot.press("up", "enter")  # See the results, above Play solo
        results = await wait_for(pilot, lambda: isinstance(again.screen, ResultsScreen) and again.screen)
        await pilot.pause()
        assert len(ended_totals) > 1 and results.totals == ended_totals  # from the match log
        said = [n for n in given if "solo.results" in n]
        assert len(said) == 1 and said[0].startswith("solo.results: not a match's results (")
        assert said[0].endswith(f"; it is left as it is. These results show {unkept}")
        await again.leave_table()
    assert path.read_bytes() == b'{"version": 1, "match"'


async def test_a_save_that_cannot_be_restored_leaves_home_without_its_resume_entry(tmp_path):
    """A save that reads but cannot be restored (its match snapshot is damaged) is moved aside
    when Resume tries it: home says why and its Resume entry goes with it (it stayed, and a
    second press said there was no saved table)."""
    from net.savefile import write_save

    write_save(solo_save_path(), {"config": {"game": "ninety-eight", "seats": 2}, "status": "playing",
                                  "match": b"not a snapshot"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        entry = await first_saved(app, pilot)
        assert str(entry.label).startswith("Resume Ninety-Eight")
        entry.press()
        await wait_for(pilot, lambda: any(n.message.startswith("Could not resume the table") for n in app._notifications))
        await wait_for(pilot, lambda: not app.screen.query(".resume"))
        assert isinstance(app.screen, HomeScreen) and app.focused is not None
    assert list(solo_save_path().parent.glob("solo.save.corrupt-*"))


async def test_a_hosted_table_resumes_on_the_address_it_listened_on() -> None:
    """A table hosted on 127.0.0.1 and resumed from an app started without that ``--bind``
    listens on 127.0.0.1 again (it used to take the app's address: every interface, by
    default), as its save says."""
    from .helpers import host_two_seats

    app = make_app(bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await host_two_seats(app, pilot)
        port = app.session.server.port
        await app.leave_table()
    assert read_save(save_path(port)).state["bind"] == "127.0.0.1"
    again = make_app(bind="127.0.0.2", port=0)  # another address, of the loopback too
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
        button = next(b for b in again.screen.query(Button) if f"port {port}" in str(b.label))
        again.screen.set_focus(button)
        await pilot.press("enter")
        await wait_for(pilot, lambda: again.session is not None and again.session.lobby is not None)
        assert (again.session.server.host, again.session.server.port) == ("127.0.0.1", port)
        await again.leave_table()


async def test_see_the_results_names_the_seats_as_the_results_did() -> None:
    """A bot taken away in the lobby after the match renumbers the others ("Easy bot 2" becomes
    "Easy bot") and leaves its seat open: See the results still names the seats as the match's
    results did (the names are kept beside the save with them)."""
    from tui.screens.lobby import LobbyScreen
    from tui.screens.picker import TableChoice

    from .helpers import play_with_keys

    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        await play_with_keys(app, pilot, timeout=90)
        ended = _results_box(app.screen)[0]
        assert "Easy bot 2" in ended
        await pilot.press("b")  # back to the lobby, where the first bot is taken away
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await app.session.call("remove_bot", 1)
        await wait_for(pilot, lambda: not app.session.lobby["seats"][1].get("name"))
        await wait_for(pilot, lambda: read_save(solo_save_path()).state["seats"][1]["bot"] is None)
        await app.leave_table()
    again = make_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen) and again.screen.query(".resume"))
        await pilot.press("up", "enter")  # See the results, above Play solo
        results = await wait_for(pilot, lambda: isinstance(again.screen, ResultsScreen) and again.screen)
        await pilot.pause()
        assert _results_box(results)[0] == ended
        await again.leave_table()


async def test_a_match_log_that_cannot_be_continued_is_said_on_resume():
    """The solo match's log damaged (cut short) while the app was away: the match comes back
    from its save, and the player is told, naming the log, that the rest of the match is not
    logged; it went unlogged without a word."""
    from .helpers import said_from_now

    app = make_app(seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_solo(app, pilot)
        await wait_for(pilot, lambda: session.view["current_seat"] == session.seat
                       and read_save(solo_save_path()).state["actions"] == session.table.actions)
        log_path = session.table.log_path
        app.back_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.session is None)
    assert log_path is not None and read_save(solo_save_path()).state["log_offset"] > 10
    log_path.write_bytes(b"\x00garbage")

    fresh = make_app()
    async with fresh.run_test(size=(100, 30), notifications=True) as pilot:
        said = said_from_now(fresh)
        await wait_for(pilot, lambda: isinstance(fresh.screen, HomeScreen) and fresh.screen.query(".resume"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(fresh.screen, TableScreen))
        assert f"The match log {log_path} cannot be continued (it is shorter than the saved table expects: cut or changed since): " \
               "the rest of this match is not logged, and its replay ends where the log does." in said, said
        assert log_path.read_bytes() == b"\x00garbage"  # left as it was
        await fresh.leave_table()
