"""The whole app over SSH (issue: SSH, "Tests"): a real asyncssh client with a pty talks to the
app running in a child process, joined to a real table server on 127.0.0.1. The screen is
decoded with pyte and read once it is quiet."""
from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import asyncssh
import pyte
import pytest

from net.client import TableClient
from net.paths import data_dir
from net.server import Server, TableConfig
from net.ssh_host import make_ssh_server
from net.ssh_server import SSHConfig

from .test_ssh_bridge import wait_gone

pytestmark = pytest.mark.timeout(180)


class Terminal:
    """One SSH session's screen, as a person would see it."""

    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess,
                 cols: int, rows: int) -> None:
        self.conn, self.proc = conn, proc
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def cells(self) -> list[tuple]:
        return [(c.data, c.fg, c.bg, c.reverse, c.bold) for row in range(self.screen.lines)
                for c in (self.screen.buffer[row][col] for col in range(self.screen.columns))]

    async def pump(self, seconds: float) -> bool:
        """Read for up to ``seconds``; True if anything arrived."""
        got = False
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                data = await asyncio.wait_for(self.proc.stdout.read(65536), left)
            except asyncio.TimeoutError:
                break
            if not data:
                break
            self.stream.feed(data)
            got = True
        return got

    async def quiet(self, settle: float = 0.4, timeout: float = 20.0) -> str:
        """Wait until the screen stops changing."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not await self.pump(settle):
                return self.text()
        return self.text()

    async def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{self.text()}")
            await self.pump(0.2)
        return await self.quiet()

    def press(self, keys: str | bytes) -> None:
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)


@pytest.fixture
async def hosted(tmp_path):
    """A table server with a table of four and an SSH front door with open login."""
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await server.start()
    table = server.create_table(TableConfig(name="Lounge", seats=4, seed=3))
    ssh = make_ssh_server(SSHConfig(host="127.0.0.1", port=0, auth="open", host_key_path=tmp_path / "key"),
                          f"127.0.0.1:{server.port}", None)
    await ssh.start()
    terminals: list[Terminal] = []

    async def open_terminal(name: str, cols: int = 80, rows: int = 24) -> Terminal:
        conn = await asyncssh.connect("127.0.0.1", ssh.port, username=name, password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None)
        term = Terminal(conn, proc, cols, rows)
        terminals.append(term)
        return term

    yield server, table, ssh, open_terminal
    for term in terminals:
        term.conn.close()
    await ssh.close()
    await server.close()


async def wait_until(pred, timeout: float = 20.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def test_lobby_renders_with_the_players_name(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    screen = await term.wait_for("ana (you)")
    assert "Lounge" in screen
    assert table.seats[0].name == "ana"


async def test_a_card_is_played_over_ssh_against_bots(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    await term.wait_for("ana (you)")
    for seat in (1, 2, 3):
        table.add_bot(seat, "easy")
    term.press("r")  # ready
    await wait_until(lambda: table.seats[0].ready, what="ana ready")
    host = await TableClient.connect("127.0.0.1", server.port, name="host", host_key=table.host_key,
                                     spectator=True, timeout=5.0)
    try:
        await host.start()
        await wait_until(lambda: table.match is not None and table.match.current_seat == 0, what="ana's turn")
        await term.quiet()
        before = term.cells()
        term.press(b"\x1b[C")  # right arrow: the selection moves
        await term.quiet()
        assert term.cells() != before, "the right arrow changed nothing on screen"
        hand = table.match.hand(0)
        version = table.match.version
        # play: pick the first card; answer a value prompt (ace or ten) with its first choice
        term.press("1")
        await term.quiet()
        term.press("\r")
        await term.quiet()
        if table.match.version == version:
            term.press("\r")
            await term.quiet()
        log = next((data_dir() / "logs").glob("*.jsonl"))
        records = [json.loads(line) for line in log.read_text().splitlines()[1:]]
        mine = [r for r in records if r.get("seat") == 0 and "action" in r]
        assert mine, "no action of ana's reached the match log"
        assert mine[0]["action"][:2] in {c[:2] for c in hand}
    finally:
        await host.close()


async def test_resize_relays_out_the_screen(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana", 80, 24)
    await term.wait_for("ana (you)")
    footer_before = term.screen.display[23]
    assert footer_before.strip()
    term.screen.resize(30, 100)
    term.proc.change_terminal_size(100, 30)
    await term.pump(0.5)
    await term.quiet()
    assert term.screen.display[29].strip(), "the footer did not move to the new last line"
    assert len(term.screen.display[29].rstrip()) > 80 or term.screen.display[29] != footer_before


async def test_quitting_ends_the_session_with_status_0_and_no_child(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    await term.wait_for("ana (you)")
    (session,) = ssh.registry.sessions
    pid = session.child.pid
    term.press("\x03")  # Ctrl+C quits the app
    await asyncio.wait_for(term.proc.wait_closed(), 15)
    assert term.proc.exit_status == 0
    assert await wait_gone(pid, 2.0)
    await wait_until(lambda: not ssh.registry.sessions, 5.0, "the session to be forgotten")


async def test_dropped_connection_ends_the_app(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    await term.wait_for("ana (you)")
    (session,) = ssh.registry.sessions
    pid = session.child.pid
    term.conn._transport.abort()
    assert await wait_gone(pid, 2.0), "the app outlived its SSH connection by 2 s"


async def test_two_sessions_are_isolated(hosted):
    server, table, ssh, open_terminal = hosted
    ana = await open_terminal("ana")
    await ana.wait_for("ana (you)")
    bob = await open_terminal("bob")
    await bob.wait_for("bob (you)")
    await ana.wait_for("bob")
    assert "ana (you)" not in bob.text() and "bob (you)" not in ana.text()
    assert {table.seats[0].name, table.seats[1].name} == {"ana", "bob"}
    pids = {s.child.pid for s in ssh.registry.sessions}
    assert len(pids) == 2


def proc_stat(pid: int) -> list[str]:
    """Fields of /proc/PID/stat after the command name: state, ppid, pgrp, session, tty_nr..."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


async def test_sessions_fork_from_the_zygote_as_session_leaders_on_their_pty(hosted):
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    await term.wait_for("ana (you)")
    assert ssh.zygote is not None and ssh.zygote.alive
    (session,) = ssh.registry.sessions
    state, ppid, pgrp, sid, tty_nr = proc_stat(session.child.pid)[:5]
    assert int(ppid) == ssh.zygote.proc.pid  # forked by the zygote, not spawned afresh
    assert int(sid) == int(pgrp) == session.child.pid  # a session leader in its own group
    assert int(tty_nr) != 0  # with a controlling terminal: the pty


async def test_a_guest_whose_connection_dropped_gets_their_seat_back_by_logging_in_again(hosted):
    """A dropped SSH connection ends the app without a goodbye, so the table holds the seat; the
    same login name from the same address brings the same seat back, mid-match too, with the
    same hand, while another name gets a seat of its own."""
    server, table, ssh, open_terminal = hosted
    ana = await open_terminal("ana")
    await ana.wait_for("ana (you)")
    bob = await open_terminal("bob")
    await bob.wait_for("bob (you)")
    await wait_until(lambda: table.seats[1].name == "bob", what="bob seated")
    ana_token, bob_token = table.seats[0].token, table.seats[1].token
    assert ana_token and bob_token and ana_token != bob_token
    for seat in (2, 3):
        table.add_bot(seat, "easy")
    for term, seat in ((ana, 0), (bob, 1)):
        term.press("r")
        await wait_until(lambda: table.seats[seat].ready, what="ready")
    host = await TableClient.connect("127.0.0.1", server.port, name="host", host_key=table.host_key,
                                     spectator=True, timeout=5.0)
    try:
        await host.start()
        await wait_until(lambda: table.match is not None, what="the match")
        await ana.quiet()
        ana.conn._transport.abort()  # the network goes: no goodbye
        await wait_until(lambda: table.seats[0].conn is None, what="ana away")
        assert table.seats[0].away and table.seats[0].token == ana_token and table.seats[0].bot is None
        again = await open_terminal("ana")
        screen = await again.wait_for("deals hand 1")  # seated, mid-match, not watching
        await wait_until(lambda: table.seats[0].conn is not None, what="ana back")
        assert table.seats[0].name == "ana" and table.seats[0].token == ana_token
        assert [s.name for s in table.seats[:2]] == ["ana", "bob"] and table.seats[1].token == bob_token
        assert "you: 3 lives" in screen and "watching" not in screen.lower()
    finally:
        await host.close()


async def test_a_guest_who_leaves_the_table_is_offered_only_the_way_back(hosted):
    """Over SSH the app is the host's own program on the host's files: leaving the table shows a
    home screen with the way back to it, and no solo play, hosting, joining or saved tables."""
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("ana")
    await term.wait_for("ana (you)")
    term.press("\x1b")  # Esc: leave the lobby
    screen = await term.wait_for("Back to the table")
    assert "Play solo" not in screen and "Host a table" not in screen and "Join a table" not in screen
    await wait_until(lambda: table.seats[0].conn is None, what="ana gone from the table")
    term.press("b")
    await term.wait_for("ana (you)")
    await wait_until(lambda: table.seats[0].conn is not None and table.seats[0].name == "ana", what="ana back")


async def test_a_name_that_looks_like_an_option_reaches_the_table(hosted):
    """A login name starting with "-" (OpenSSH refuses one, other clients send it) is the
    player's name, not an option of the app's command line."""
    server, table, ssh, open_terminal = hosted
    term = await open_terminal("-x")
    await term.wait_for("-x (you)")
    assert table.seats[0].name == "-x"


def _words(screen: str) -> str:
    """The screen's words in one line, whatever box they are wrapped in."""
    return " ".join(re.sub(r"[^\w:()'.,-]+", " ", screen).split())


async def test_a_login_name_that_shows_nothing_is_guest_wherever_the_guest_sees_its_name(hosted):
    """A login name of blank letters alone (a Hangul filler) sat at the table as "Player", while
    the guest's own Settings showed a blank name, and its leave and quit questions said to log in
    again as that blank. The SSH door names it "guest": the table, Settings and both questions
    say so, and logging in again as guest, from the same address, does sit it back down."""
    server, table, ssh, open_terminal = hosted
    server.start_delay = 0.1
    server.bot_delay = 0.3  # the match, a bot playing the guest's seat once it is gone, still on when it is back
    term = await open_terminal("\u3164", 100, 40)
    await term.wait_for("guest (you)")
    assert table.seats[0].name == "guest"
    term.press("\x1b")  # Esc: leave the lobby, home
    await term.wait_for("Back to the table")
    term.press("s")
    screen = await term.wait_for("Kept by this table's host")
    name_row = next(row for row in screen.splitlines() if "Your name" in row)
    assert _words(name_row) == "Your name guest", screen
    assert "Kept by this table's host for guest:" in _words(screen), screen
    term.press("\x1b")
    await term.wait_for("Back to the table")
    term.press("b")
    await term.wait_for("guest (you)")
    for seat in (1, 2, 3):
        table.add_bot(seat, "easy")
    term.press("r")  # ready: with the bots, the match starts by itself
    await wait_until(lambda: table.match is not None, what="the match")
    await term.wait_for("hand 1")
    term.press("\x1b")
    said = _words(await term.wait_for("Leave this match?"))
    assert "logging in again as guest from the same address" in said, said
    term.press("n")  # Stay
    deadline = time.monotonic() + 10
    while "Leave this match?" in term.text():
        assert time.monotonic() < deadline, term.text()
        await term.pump(0.2)
    term.press("q")
    said = _words(await term.wait_for("Quit Deal Me In?"))
    assert "log in again as guest from the same address" in said, said
    term.press("y")
    await wait_until(lambda: table.seats[0].conn is None, what="the guest gone")
    again = await open_terminal("guest", 100, 40)
    await again.wait_for("deals hand 1")  # back in its seat, mid-match, not watching
    assert table.seats[0].name == "guest" and table.seats[0].conn is not None


async def test_the_door_runs_the_apps_own_code_whatever_folder_the_host_started_in(tmp_path, monkeypatch):
    """The SSH door's app process was started with ``-m``, which puts the folder the host was
    started in first on its module path: a ``net.py`` (or a ``core`` package) there ran in its
    place, as the host's user, at every guest's login (from a shared folder, anyone's code),
    and turned every guest away. The door runs the app's own code, and nothing from there."""
    from net.server import Server, TableConfig
    from net.ssh_host import make_ssh_server
    from net.ssh_server import SSHConfig

    folder = tmp_path / "shared"
    folder.mkdir()
    marker = tmp_path / "ran"
    planted = f"open({str(marker)!r}, 'w').write('planted code ran')\n"
    (folder / "net.py").write_text(planted)
    (folder / "core").mkdir()
    (folder / "core" / "__init__.py").write_text(planted)
    monkeypatch.chdir(folder)
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await server.start()
    server.create_table(TableConfig(name="Lounge", seats=4, seed=3))
    ssh = make_ssh_server(SSHConfig(host="127.0.0.1", port=0, auth="open", host_key_path=tmp_path / "key"),
                          f"127.0.0.1:{server.port}", None)
    await ssh.start()
    try:
        conn = await asyncssh.connect("127.0.0.1", ssh.port, username="ana", password=None, known_hosts=None,
                                      client_keys=None, agent_path=None)
        try:
            proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            term = Terminal(conn, proc, 80, 24)
            await term.wait_for("ana (you)")
        finally:
            conn.close()
        assert not marker.exists()
    finally:
        await ssh.close()
        await server.close()
