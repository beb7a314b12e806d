"""LAN discovery across real processes: real zeroconf on 127.0.0.1 only, hosts run as
separate processes (tests/net/discovery_host.py) and are always reaped."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import signal
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from zeroconf import ServiceInfo, current_time_millis

from net.discovery import HOST_TTL, OTHER_TTL, Advertiser, FoundTable, TableBrowser, protocol_probe, read_advert
from net.discovery_cli import describe
from net.discovery_txt import (
    NAME_MAX,
    PROTOCOL_VERSION,
    SERVICE_TYPE,
    TXT_BYTES_MAX,
    VALUE_BYTES_MAX,
    TableAdvert,
    TxtError,
    encode,
)

HOST_SCRIPT = Path(__file__).with_name("discovery_host.py")
LOOPBACK = ["127.0.0.1"]
pytestmark = pytest.mark.timeout(40)


class Host:
    """One discovery_host.py process, driven over its stdin and stdout."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    async def read(self, timeout: float = 10.0) -> dict:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        assert line, "the host process ended early"
        return json.loads(line)

    async def send(self, **cmd: object) -> dict:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd).encode() + b"\n")
        await self.proc.stdin.drain()
        return await self.read()

    async def close(self) -> int:
        """Ask the host to withdraw its advert and exit (end of input)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return await asyncio.wait_for(self.proc.wait(), 10)


@pytest.fixture
async def spawn() -> AsyncIterator[Callable[..., Awaitable[tuple[Host, dict]]]]:
    procs: list[asyncio.subprocess.Process] = []

    async def start(*args: str) -> tuple[Host, dict]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(HOST_SCRIPT), *args, "--lifetime", "35",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        procs.append(proc)
        host = Host(proc)
        return host, await host.read(15)

    yield start
    for proc in procs:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()


@pytest.fixture
async def browser() -> AsyncIterator[TableBrowser]:
    async with TableBrowser(interfaces=LOOPBACK) as b:
        yield b


async def until(browser: TableBrowser, done: Callable[[], bool], timeout: float) -> float:
    """Waits for `done()` to hold; returns the seconds it took."""
    began = time.monotonic()
    while not done():
        assert time.monotonic() - began < timeout, f"not done after {timeout} s: {list(browser.tables.values())}"
        await asyncio.sleep(0.05)
    return time.monotonic() - began


def unique(prefix: str) -> str:
    """A table name no other test run on this machine uses."""
    return f"{prefix} {uuid.uuid4().hex[:6]}"


async def test_table_appears_updates_and_leaves_on_ctrl_c(spawn, browser: TableBrowser) -> None:
    name = unique("Ana's table")
    host, ready = await spawn("--name", name, "--taken", "1")
    service = ready["service"]
    assert service == f"{name}.{SERVICE_TYPE}"
    seen: list[tuple[str, int, bool | None]] = []

    async def record() -> None:
        async for event in browser.events():
            if event.table.service == service:
                seen.append((event.kind, event.table.advert.seats_taken, event.table.reachable))

    recorder = asyncio.create_task(record())

    await until(browser, lambda: browser.tables.get(service, None) is not None
                and browser.tables[service].reachable is True, 8)
    table = browser.tables[service]
    assert (table.name, table.port, table.compatible) == (name, ready["port"], True)
    assert table.advert is not None
    assert (table.advert.seats_taken, table.advert.seats_total, table.advert.status) == (1, 4, "lobby")
    assert table.addresses == ("127.0.0.1",) and table.address == "127.0.0.1" and table.joinable

    assert await host.send(cmd="update", taken=2) == {"event": "updated"}
    await until(browser, lambda: browser.tables[service].advert.seats_taken == 2, 5)
    assert await host.send(cmd="update", taken=4, status="playing") == {"event": "updated"}
    await until(browser, lambda: browser.tables[service].advert.status == "playing", 5)
    assert browser.tables[service].advert.seats_taken == 4 and not browser.tables[service].joinable

    host.proc.send_signal(signal.SIGINT)  # Ctrl+C: the advert is withdrawn with a goodbye
    assert await host.read() == {"event": "interrupted"}
    assert await asyncio.wait_for(host.proc.wait(), 10) == 0
    took = await until(browser, lambda: service not in browser.tables, 5)
    assert took < 5
    await browser.close()
    await asyncio.wait_for(recorder, 5)
    assert seen[0] == ("added", 1, None) and ("updated", 1, True) in seen and ("updated", 2, True) in seen
    assert seen[-1] == ("removed", 4, True) and [kind for kind, _, _ in seen].count("removed") == 1


async def test_two_hosts_with_one_name_get_distinct_services(spawn, browser: TableBrowser) -> None:
    name = unique("Same")
    first, ready1 = await spawn("--name", name)
    second, ready2 = await spawn("--name", name)
    assert ready1["service"] == f"{name}.{SERVICE_TYPE}"
    assert ready2["service"] == f"{name}-2.{SERVICE_TYPE}"

    both = (ready1["service"], ready2["service"])
    await until(browser, lambda: all(browser.tables.get(s) and browser.tables[s].reachable for s in both), 8)
    assert [browser.tables[s].name for s in both] == [name, name]
    assert [browser.tables[s].port for s in both] == [ready1["port"], ready2["port"]]

    # a goodbye withdraws a table at once; on a loaded machine its packets can come a few seconds late
    assert await second.close() == 0
    await until(browser, lambda: ready2["service"] not in browser.tables, 10)
    assert ready1["service"] in browser.tables
    assert await first.close() == 0
    await until(browser, lambda: ready1["service"] not in browser.tables, 10)


async def test_killed_host_is_unreachable_within_5_s_while_its_records_linger(spawn, browser: TableBrowser) -> None:
    name = unique("Doomed")
    host, ready = await spawn("--name", name)
    service = ready["service"]
    await until(browser, lambda: browser.tables.get(service) is not None and browser.tables[service].reachable, 8)

    host.proc.kill()  # SIGKILL: no goodbye is sent
    await host.proc.wait()
    took = await until(browser, lambda: browser.tables[service].reachable is False, 5)
    assert took < 5
    print(f"SIGKILL to unreachable: {took:.2f} s")
    table = browser.tables[service]
    assert not table.joinable

    # The records themselves stay in every browser's cache until their TTL runs out.
    assert browser.zeroconf is not None
    cache = browser.zeroconf.zeroconf.cache
    now = current_time_millis()
    ptr = cache.current_entry_with_name_and_alias(SERVICE_TYPE, service)
    assert ptr is not None
    srv = [r for r in cache.entries_with_name(service) if r.type == 33]  # SRV
    assert srv
    print(f"records left after the kill: PTR {ptr.get_remaining_ttl(now):.0f} s, SRV {srv[0].get_remaining_ttl(now):.0f} s")
    assert OTHER_TTL - 30 < ptr.get_remaining_ttl(now) <= OTHER_TTL
    assert HOST_TTL - 30 < srv[0].get_remaining_ttl(now) <= HOST_TTL


async def test_a_killed_host_stays_unreachable_when_another_table_takes_its_port(spawn, browser: TableBrowser) -> None:
    """A table killed without a goodbye, and another started on its port since: the dead
    table's entry read as alive again (the probe found a Deal Me In host there), with its old
    name, game and seats, and joining it went into the other table. The probe asks for the
    advert's host: the entry stays "not answering" while the new table is listed beside it."""
    gone, ready = await spawn("--name", unique("Gone"), "--id", "a" * 16)
    service = ready["service"]
    await until(browser, lambda: browser.tables.get(service) is not None and browser.tables[service].reachable, 8)
    gone.proc.kill()
    await gone.proc.wait()
    await until(browser, lambda: browser.tables[service].reachable is False, 5)
    _, other = await spawn("--name", unique("Newcomer"), "--id", "b" * 16, "--port", str(ready["port"]))
    assert other["port"] == ready["port"]
    await until(browser, lambda: browser.tables.get(other["service"]) is not None
                and browser.tables[other["service"]].reachable is True, 8)
    await browser.probe_all()  # a round of probes with the new host answering at the dead one's port
    assert browser.tables[service].reachable is False and not browser.tables[service].joinable


async def test_frozen_host_is_unreachable_within_5_s_and_back_when_it_thaws(spawn, browser: TableBrowser) -> None:
    """SIGSTOP: the kernel still accepts connections but the host never sends its challenge, so
    the probe runs into its timeout (a host gone from the LAN behaves the same)."""
    host, ready = await spawn("--name", unique("Frozen"))
    service = ready["service"]
    await until(browser, lambda: browser.tables.get(service) is not None and browser.tables[service].reachable, 8)
    host.proc.send_signal(signal.SIGSTOP)
    try:
        took = await until(browser, lambda: browser.tables[service].reachable is False, 5)
        print(f"SIGSTOP to unreachable: {took:.2f} s")
    finally:
        host.proc.send_signal(signal.SIGCONT)
    await until(browser, lambda: browser.tables[service].reachable is True, 5)
    assert await host.close() == 0


async def test_ipv4_and_ipv6_addresses_are_resolved_and_probed(spawn, browser: TableBrowser) -> None:
    name = unique("Dual")
    host, ready = await spawn("--name", name, "--address", "::1", "--address", "127.0.0.1")
    service = ready["service"]
    await until(browser, lambda: browser.tables.get(service) is not None and browser.tables[service].reachable, 8)
    table = browser.tables[service]
    assert table.addresses == ("127.0.0.1", "::1")  # IPv4 first, whatever order they were advertised in
    assert await protocol_probe(["::1"], table.port, 1.0) == "::1"
    assert await host.close() == 0


async def test_update_bursts_collapse_to_the_latest_and_bad_adverts_change_nothing(browser: TableBrowser) -> None:
    advert = TableAdvert(name=unique("Burst"), game="ninety-nine", preset="standard", seats_taken=0, seats_total=4)
    with pytest.raises(TxtError, match="status"):
        await Advertiser(9, interfaces=LOOPBACK).start(dataclasses.replace(advert, status="paused"))
    async with Advertiser(9, interfaces=LOOPBACK) as advertiser:
        advertiser.update_soon(dataclasses.replace(advert, seats_taken=3))  # before the name is settled
        service = await advertiser.start(advert)
        await until(browser, lambda: browser.tables.get(service) is not None
                    and browser.tables[service].advert.seats_taken == 3, 5)
        for taken in (1, 2, 3, 4):  # as a server listener would, from synchronous code
            advertiser.update_soon(dataclasses.replace(advert, seats_taken=taken, status="playing"))
        await until(browser, lambda: browser.tables.get(service) is not None
                    and browser.tables[service].advert.seats_taken == 4, 5)
        assert browser.tables[service].advert.status == "playing"
        advertiser.update_soon(dataclasses.replace(advert, seats_taken=5))  # more than 4 seats: refused
        await asyncio.sleep(0.5)
        assert advertiser.advert is not None and advertiser.advert.seats_taken == 4
        assert browser.tables[service].advert.seats_taken == 4
    await until(browser, lambda: service not in browser.tables, 5)


def txt(*entries: bytes) -> str:
    """A raw TXT record (length-prefixed strings), as hex for the host's --raw option."""
    return b"".join(bytes([len(e)]) + e for e in entries).hex()


def good(**over: bytes) -> list[bytes]:
    fields = {b"pv": str(PROTOCOL_VERSION).encode(), b"av": b"0.1.0", b"n": b"Fine", b"g": b"ninety-eight",
              b"p": b"standard", b"s": b"1/4", b"st": b"lobby", b"pw": b"0"}
    fields.update({k.encode(): v for k, v in over.items()})
    return [k + b"=" + v for k, v in fields.items() if v is not None]


async def test_hostile_and_malformed_adverts(spawn, browser: TableBrowser) -> None:
    prefix = unique("Raw").replace(" ", "_")
    records = {
        "markup": txt(*good(n=b"[bold]Big[/bold] [link=x]y")),
        "escapes": txt(*good(n="\x1b[31mRed\x1b[0m\x07 \u202eevil\x9b".encode())),
        "future": txt(*good(pv=b"2", n=b"Next year", g=b"Nine Hundred!")),
        "long_value": txt(*good(n=b"x" * (VALUE_BYTES_MAX + 1))),
        "long_name": txt(*good(n=b"y" * (NAME_MAX + 1))),
        "long_record": txt(*good(), *[b"k%d=" % i + b"z" * 60 for i in range(7)]),
        "bad_seats": txt(*good(s=b"5/4")),
        "bad_status": txt(*good(st=b"<script>")),
        "bad_version": txt(*good(pv=b"one")),
        "not_utf8": txt(*good(n=b"\xff\xfe")),
        "missing": txt(b"pv=1", b"n=Half"),
    }
    assert len(bytes.fromhex(records["long_record"])) > TXT_BYTES_MAX
    args = [a for raw in records.values() for a in ("--raw", raw)]
    host, ready = await spawn("--name", prefix, *args)
    services = dict(zip(records, ready["services"]))
    await until(browser, lambda: all(s in browser.tables or s in browser.rejected for s in services.values()), 10)
    await browser.probe_all()

    markup: FoundTable = browser.tables[services["markup"]]
    assert markup.name == "[bold]Big[/bold] [link=x]y" and markup.compatible and markup.reachable
    escapes = browser.tables[services["escapes"]]
    assert escapes.name == "[31mRed[0m evil" and escapes.compatible
    future = browser.tables[services["future"]]
    assert not future.compatible and "protocol version 2" in future.problem and not future.joinable
    assert future.name == "Next year" and future.advert is None  # its game id breaks our schema: still listed

    for bad in ("long_value", "long_name", "long_record", "bad_seats", "bad_status", "bad_version",
                "not_utf8", "missing"):
        assert services[bad] not in browser.tables, bad
    rejected = {k: browser.rejected[s] for k, s in services.items() if s in browser.rejected}
    assert "more than" in rejected["long_value"] and "more than" in rejected["long_name"]
    assert f"more than {TXT_BYTES_MAX}" in rejected["long_record"]
    assert "not UTF-8" in rejected["not_utf8"] and "missing key" in rejected["missing"]
    assert "status" in rejected["bad_status"] and "seats taken" in rejected["bad_seats"]
    assert await host.close() == 0


async def test_a_flood_of_adverts_is_capped(spawn) -> None:
    prefix = unique("Flood").replace(" ", "_")
    host, ready = await spawn("--name", prefix, *[a for _ in range(3) for a in ("--raw", txt(*good()))])
    async with TableBrowser(interfaces=LOOPBACK, max_tables=2) as browser:
        mine = set(ready["services"])
        # each of the three either listed or refused; with other tables on the LAN taking the
        # two places, the refusals kept (at most two, bounded too) may not name every one
        await until(browser, lambda: len(browser.tables) == 2 and bool(mine & set(browser.rejected)) and (
            len(mine & (set(browser.tables) | set(browser.rejected))) == 3 or len(browser.rejected) == 2), 8)
        assert len(browser.tables) == 2
        dropped = mine & set(browser.rejected)  # one, or more if other tables are on this LAN
        assert dropped and all(browser.rejected[s] == "more than 2 tables on the LAN" for s in dropped)
    assert await host.close() == 0


async def test_tables_command_json_finds_another_process(spawn) -> None:
    name = unique("Listed")
    host, ready = await spawn("--name", name, "--taken", "2")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "tables", "--json", "--wait", "2.5", "--interface", "127.0.0.1",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 0, err.decode()
    tables = {t["service"]: t for t in json.loads(out)}
    mine = tables[ready["service"]]
    assert mine["name"] == name and mine["port"] == ready["port"]
    assert (mine["seats_taken"], mine["seats_total"], mine["status"]) == (2, 4, "lobby")
    assert mine["reachable"] is True and mine["joinable"] is True and mine["address"] == "127.0.0.1"
    assert mine["protocol"] == PROTOCOL_VERSION and mine["password"] is False
    assert await host.close() == 0


async def test_tables_command_lines_up_its_columns_whatever_the_names(spawn) -> None:
    """A name of 40 characters (the most an advert holds) and one of wide characters (CJK, an
    emoji: two terminal cells each) leave every column starting at the same cell on every line,
    the heading's included: a name over 24 cells pushed the columns after it out of line."""
    from rich.cells import cell_len

    long, wide = unique("A table whose name fills its room"), unique("麻雀の卓🎲")
    assert len(long) == NAME_MAX and cell_len(wide) > len(wide)
    ports = {}
    for name in (long, wide):
        host, ready = await spawn("--name", name)
        ports[name] = ready["port"]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "tables", "--wait", "2.5", "--interface", "127.0.0.1",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 0, err.decode()
    lines = out.decode().splitlines()
    heading = next(line for line in lines if line.startswith("TABLE "))

    def starts(line: str, words: tuple[str, ...], at: int = 0) -> list[int]:
        """The cell where each word begins, looked for in turn from ``at``; the cell after the
        seats' last, as that column is aligned right."""
        cells = []
        for word in words:
            at = line.index(word, at)
            cells.append(cell_len(line[:at]) + (len(word) if word in ("SEATS", "1/4") else 0))
            at += len(word)
        return cells

    columns = starts(heading, ("GAME", "PRESET", "SEATS", "STATUS", "ADDRESS"))
    for name, port in ports.items():
        row = next(line for line in lines if line.startswith(name + " "))
        words = ("ninety-eight", "standard", "1/4", "lobby", f"127.0.0.1:{port}")
        assert starts(row, words, len(name)) == columns, f"\n{heading}\n{row}"


async def test_tables_command_refuses_with_no_mdns() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "--no-mdns", "tables", "--json",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 2 and out == b"" and b"--no-mdns" in err


def test_a_table_bound_to_ipv4_advertises_only_ipv4_addresses() -> None:
    """A table on 0.0.0.0 listens on IPv4 only: its advert leaves out the machine's IPv6
    addresses, where a joiner would find nothing listening; one on :: (or an address of each
    family given) keeps both."""
    from net.addresses import local_addresses, reachable

    mixed = ["192.168.1.5", "10.0.0.2", "fd00::2", "fe80::1%eth0"]
    assert reachable(mixed, "0.0.0.0") == ["192.168.1.5", "10.0.0.2"]
    assert reachable(mixed, "::") == mixed and reachable(mixed, None) == mixed
    everything = local_addresses(None)
    ipv4 = local_addresses(None, "0.0.0.0")
    assert ipv4 == [a for a in everything if ":" not in a] or ipv4 == ["127.0.0.1"]
    assert all(":" not in a for a in ipv4)
    assert local_addresses(["127.0.0.1"], "0.0.0.0") == ["127.0.0.1"]


def test_players_are_told_addresses_they_can_type() -> None:
    """A host bound to every interface tells its players this machine's own addresses (never
    0.0.0.0, which means nothing on another machine), as ``dealmein join`` takes them; one bound
    to an address tells that address."""
    from net.addresses import join_addresses, local_addresses, reach_hosts

    wild = join_addresses("0.0.0.0", 7301)
    assert wild == [f"{a}:7301" for a in local_addresses(None, "0.0.0.0")[:3]]
    assert wild and not any(a.startswith("0.0.0.0") for a in wild)
    assert join_addresses("127.0.0.1", 7301) == ["127.0.0.1:7301"]
    assert join_addresses("::1", 7301) == ["[::1]:7301"]
    assert reach_hosts("192.168.1.5") == ["192.168.1.5"]
    assert all(h not in ("0.0.0.0", "::") for h in reach_hosts("::"))


def test_unspecified_and_multicast_addresses_are_never_offered() -> None:
    advert = TableAdvert(name="Odd", game="ninety-eight", preset="standard", seats_taken=0, seats_total=4)
    info = ServiceInfo(SERVICE_TYPE, f"Odd.{SERVICE_TYPE}", port=7098, properties=encode(advert),
                       parsed_addresses=["::1", "0.0.0.0", "224.0.0.251", "255.255.255.255", "::", "127.0.0.1"])
    table = read_advert(info.name, info)
    assert table.addresses == ("127.0.0.1", "::1") and table.advert == advert and table.compatible


def test_tables_are_described_for_people_with_what_stops_a_join() -> None:
    advert = TableAdvert(name="Ana's [bold]table", game="ninety-eight", preset="standard", seats_taken=1,
                         seats_total=4, password=True, ssh_port=2222, options=(("limit", "50"), ("lives", "5")),
                         turn_time=60)
    table = FoundTable("x._dealmein._tcp.local.", advert.name, advert, True, "", ("127.0.0.1", "::1"), 7098,
                       reachable=False)
    line = describe(table)
    assert line.startswith("Ana's [bold]table ") and "1/4" in line and "127.0.0.1:7098" in line
    assert line.endswith("(password, ssh 2222, limit=50 lives=5, turn clock 60 s, not answering)")
    assert table.to_json()["options"] == {"limit": "50", "lives": "5"}
    odd = FoundTable("y._dealmein._tcp.local.", "Next", None, False, "protocol version 2", ("::1",), 7, True, "::1")
    assert describe(odd).endswith(" [::1]:7  (protocol version 2)")


async def test_probe_needs_the_protocol_challenge() -> None:
    """A real table server answers the probe; an open port that says nothing, or a closed one, does not."""
    from net.server import Server

    server = Server(host="127.0.0.1", port=0)
    await server.start()
    # the mute port keeps what it accepts, to close it at the end: from Python 3.12 a server's
    # wait_closed waits for its connections
    held: list[asyncio.StreamWriter] = []
    mute = await asyncio.start_server(lambda r, w: held.append(w), "127.0.0.1", 0)
    mute_port = mute.sockets[0].getsockname()[1]
    try:
        assert await protocol_probe(["127.0.0.1"], server.port, 1.0) == "127.0.0.1"
        # as the host its advert names, and not as another
        assert await protocol_probe(["127.0.0.1"], server.port, 1.0, server.host_id) == "127.0.0.1"
        assert await protocol_probe(["127.0.0.1"], server.port, 0.5, "0" * 16) is None
        began = time.monotonic()
        assert await protocol_probe(["127.0.0.1"], mute_port, 0.5) is None
        assert time.monotonic() - began < 1.0
    finally:
        await server.close()
        mute.close()
        for w in held:
            w.close()
        await asyncio.wait_for(mute.wait_closed(), 5)
    assert await protocol_probe(["127.0.0.1"], server.port, 0.5) is None



def test_an_interface_address_this_machine_does_not_have_is_named() -> None:
    """``--interface`` given an address of no interface here: the system says "No such device"
    (errno ENODEV); the line says what is wrong with the address given. (No socket is opened
    here: the tests address 127.0.0.1 only.)"""
    import errno

    from net.discovery import browse_problem

    nodev = OSError(errno.ENODEV, "No such device")
    assert browse_problem(nodev, ["10.0.0.9"]) == "10.0.0.9 is not an address of this machine's interfaces (--interface)"
    assert browse_problem(nodev, None) == "No such device"
    assert browse_problem(OSError(errno.EPERM, "Operation not permitted"), ["10.0.0.9"]) == "Operation not permitted"


async def test_the_interface_given_before_the_command_is_where_a_host_advertises_and_tables_looks(tmp_path) -> None:
    """``dealmein --interface ADDRESS``: the app browsed and advertised on every interface,
    with no way to keep to one (a machine with a VPN). A headless host bound to every address
    advertises on that interface alone, giving its address, and ``tables`` looks there."""
    import os

    from tui.app import DealMeInApp
    from tui.cmdline import build_parser

    args = build_parser().parse_args(["--interface", "127.0.0.1"])
    assert DealMeInApp(args).lan_interfaces == ["127.0.0.1"]
    name = unique("Held to loopback")
    env = {**os.environ, "DEALMEIN_DATA_DIR": str(tmp_path / "data"), "DEALMEIN_CONFIG_DIR": str(tmp_path / "config")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "--interface", "127.0.0.1", "host", "--headless", "--port", "0",
        "--bind", "0.0.0.0", "--name", name, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=env, cwd=Path(__file__).parents[2])
    try:
        async with TableBrowser(interfaces=LOOPBACK) as browser:
            mine = lambda: [t for t in browser.tables.values() if t.name == name]  # noqa: E731
            await until(browser, lambda: bool(mine()) and mine()[0].reachable is True, 15)
            assert mine()[0].addresses == ("127.0.0.1",)
        listed = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "--interface", "127.0.0.1", "tables", "--json", "--wait", "1.5",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env, cwd=Path(__file__).parents[2])
        out, err = await asyncio.wait_for(listed.communicate(), 20)
        assert listed.returncode == 0, err
        assert any(t["name"] == name and t["address"] == "127.0.0.1" for t in json.loads(out)), out
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
                await proc.wait()
