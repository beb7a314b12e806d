"""What a headless host's terminal shows, in words for the person running the table: the game
by its name, an address it cannot listen on said plainly, the seats held as it closes counted
right, and no library traceback in its running log. Real host processes on 127.0.0.1, or the
host's own code in this process."""
from __future__ import annotations

import asyncio
import errno
import io
import logging
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

from net.client import TableClient
from net.host_cli import closing_text, listen_problem
from net.hostlog import FORMAT, TerminalFormatter
from net.savefile import save_path
from net.server import Server, TableConfig
from tui.cmdline import build_parser

from ..persist.test_kill9 import free_port
from .table_helpers import wait_until
from .test_net_host_cli import ROOT, start_host


async def test_the_banner_names_the_game_as_the_app_does() -> None:
    """It said "crazy-eights (draw-one)", the game's id; the app's lobby says "Crazy Eights"."""
    proc, lines = await start_host("--name", "Night table", "--game", "crazy-eights", "--preset", "draw-one")
    try:
        assert 'Hosting "Night table": Crazy Eights (draw-one), 4 seats, 0 bots' in lines, lines
    finally:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.communicate(), 15)


async def test_a_table_dealt_from_a_seed_says_so_and_who_may_know_its_hands() -> None:
    """docs/guide.md (``--seed``): anyone who knows the seed can work out the hands; the banner
    said nothing of it. A table dealt at random says nothing."""
    for given, said in ((("--seed", "7"), "Dealt from seed 7 (--seed 7): anyone who knows it can work out the hands"),
                        ((), None)):
        proc, lines = await start_host(*given)
        try:
            assert lines[-1].startswith("Press Ctrl+C"), lines
            dealt = [line for line in lines if line.startswith("Dealt from seed")]
            assert dealt == ([said] if said else []), lines
        finally:
            proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(proc.communicate(), 15)


#: what the event loop raises for an address no interface of the machine has (``--bind
#: 10.99.99.99``): the system's errno, with words of its own around the system's
NOT_HERE = "no network interface of this machine has that address (--bind picks one that does, or leave it out)"


def test_a_port_that_cannot_be_listened_on_is_said_in_words_not_the_socket_librarys() -> None:
    raw = "error while attempting to bind on address ('10.99.99.99', 47201): cannot assign requested address"
    assert listen_problem(OSError(errno.EADDRNOTAVAIL, raw), "--port") == NOT_HERE
    assert listen_problem(OSError(errno.EADDRNOTAVAIL, raw), "--port", resume=True) == NOT_HERE
    assert listen_problem(OSError(errno.EACCES, "error while attempting to bind ...: permission denied"),
                          "--port") == ("this user may not listen on that port (ports below 1024 need the "
                                        "administrator's rights): --port N picks another, --port 0 any free one")
    other = listen_problem(OSError(errno.ENOBUFS, "error while attempting to bind ...: no buffer space"), "--port")
    assert other == os.strerror(errno.ENOBUFS) and "[Errno" not in other


async def test_an_address_no_interface_has_is_one_line_in_words(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The host's own ``serve``, its socket refused by the system as one bound to an address of
    no interface here is (tests address 127.0.0.1 only: the refusal is the system's errno, the
    rest of the way, the event loop's words included, is real). It said "[Errno 99] error while
    attempting to bind on address ...: cannot assign requested address"."""
    from net.host_cli import serve

    port = free_port()
    bind = socket.socket.bind

    def not_here(self: socket.socket, address: Any) -> None:
        if isinstance(address, tuple) and address[1] == port:
            raise OSError(errno.EADDRNOTAVAIL, os.strerror(errno.EADDRNOTAVAIL))
        bind(self, address)

    monkeypatch.setattr(socket.socket, "bind", not_here)
    args = build_parser().parse_args(["host", "--headless", "--bind", "127.0.0.1", "--no-mdns", "--port", str(port)])
    out = io.StringIO()
    code = await asyncio.wait_for(serve(args, out, asyncio.Event()), 30)
    assert code == 1
    assert capsys.readouterr().err == f"dealmein host: cannot listen on 127.0.0.1:{port}: {NOT_HERE}\n"
    assert "Hosting" not in out.getvalue() and not save_path(port).exists()


async def test_closing_counts_the_seats_held_for_players_who_dropped() -> None:
    """"2 had dropped, seat held (Ana in seat 1, Bo in seat 2)": one seat held each, so seats."""
    srv = Server(host="127.0.0.1", port=0, host_in_app=False)
    await srv.start()
    clients: list[TableClient] = []
    try:
        table = srv.create_table(TableConfig(name="t", game="ninety-eight", seats=3))
        for name in ("Ana", "Bo", "Cy"):
            clients.append(await TableClient.connect("127.0.0.1", srv.port, name=name, reconnect=False, timeout=5.0))
        for c in clients[1:]:
            c.drop_connection()  # no goodbye: each seat is held for its player
        await wait_until(lambda: sum(s.away for s in table.seats) == 2, what="Bo's and Cy's seats held")
        assert closing_text(table, "Ctrl+C") == ("Closing the table (Ctrl+C): 3 players were seated; disconnecting 1 "
                                                 "(Ana in seat 1); 2 had dropped, seats held (Bo in seat 2, Cy in "
                                                 "seat 3).")
        clients[0].drop_connection()
        await wait_until(lambda: sum(s.away for s in table.seats) == 3, what="Ana's seat held too")
        assert closing_text(table).endswith("3 had dropped, seats held (Ana in seat 1, Bo in seat 2, Cy in seat 3).")
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_a_library_warning_on_the_hosts_terminal_is_one_line_without_its_traceback() -> None:
    """zeroconf on a machine without IPv6 could not send on its ``::1`` socket and logged it with
    the whole traceback, on the terminal of a table that was fine. A real host advertising on the
    loopback, its mDNS sockets told the network is unreachable as the system tells it
    (``unreachable_mdns_host``): one line each, naming the library and what went wrong."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.net.unreachable_mdns_host", "host", "--headless", "--bind", "127.0.0.1",
        "--port", "0", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            line = await asyncio.wait_for(proc.stdout.readline(), 20)
            assert line, lines
            lines.append(line.decode().strip())
        assert any(line.startswith("Advertised on the LAN as ") for line in lines), lines
    finally:
        proc.send_signal(signal.SIGINT)
        _, raw = await asyncio.wait_for(proc.communicate(), 15)
    err = raw.decode()
    assert proc.returncode == 0, err
    warned = [line for line in err.splitlines() if "zeroconf" in line]
    assert warned, err
    for line in warned:
        assert " WARNING zeroconf: Error with socket " in line and line.endswith(
            "): [Errno 101] Network is unreachable"), line
    assert "Traceback" not in err and 'File "' not in err, err


def test_the_apps_own_faults_keep_their_traceback() -> None:
    """Only a library's records are made one line: an exception in the host's own code (or a task
    of it that failed, asyncio's) is a fault to report, traceback and all."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(TerminalFormatter(FORMAT))
    for name in ("dealmein.net", "asyncio", "zeroconf"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        try:
            try:
                raise OSError(errno.ENETUNREACH, "Network is unreachable")
            except OSError:
                logger.error("went wrong in %s", name, exc_info=True)
        finally:
            logger.removeHandler(handler)
    said = stream.getvalue()
    assert said.count("Traceback") == 2, said
    assert said.splitlines()[-1].endswith(" ERROR zeroconf: went wrong in zeroconf: [Errno 101] Network is unreachable")
    assert Path(__file__).name in said  # where the app's own came from


async def test_where_a_table_stands_is_said_in_its_games_words() -> None:
    """ninety-nine 3.4: Ninety-Nine plays rounds, as its table says; the resumed banner said
    "match in play, hand 2" of one."""
    from net.host_cli import where_text
    from net.server import Server, TableConfig

    from .table_helpers import FAST, ana_and_bo_dealt

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        for game, said in (("ninety-nine", "match in play, round 1"), ("ninety-eight", "match in play, hand 1")):
            table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name=game, game=game, seats=2, seed=1))
            assert where_text(table) == said
            await ana.close()
            await bo.close()
    finally:
        await srv.close()
