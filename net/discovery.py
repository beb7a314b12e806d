"""LAN discovery over mDNS / DNS-SD: a hosted table advertises itself, every app browses.

`Advertiser` registers, updates and withdraws one table's ``_dealmein._tcp.local.`` service.
`TableBrowser` yields the tables found, with their addresses, whether they speak our protocol
and whether they still answer: a host that died without a goodbye leaves records that other
machines keep until their TTL runs out, so every listed table is probed every few seconds.
Everything read from the network is checked by `net.discovery_txt` and is plain text only.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import ipaddress
import logging
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from zeroconf import DNSQuestionType, InterfaceChoice, IPVersion, ServiceInfo, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net import protocol
from net.addresses import Interfaces, local_addresses, wildcard
from net.discovery_txt import (
    KEY_NAME,
    PROTOCOL_VERSION,
    SERVICE_TYPE,
    TableAdvert,
    TxtError,
    decode,
    encode,
    plain_text,
    protocol_of,
    read_properties,
)

log = logging.getLogger(__name__)

HOST_TTL = 120
"""Seconds a browser keeps our SRV and address records without hearing from us (RFC 6762)."""
OTHER_TTL = 1125
"""Seconds for PTR and TXT: python-zeroconf browsers raise any PTR TTL below 1125 s to 1125 s,
so a shorter one buys nothing; it is still well under the 4500 s default, so a ghost left by a
killed host leaves other browsers' lists in under 19 minutes rather than 75."""
LABEL_BYTES = 56
"""Longest instance label we pick: DNS allows 63 bytes, the rest is room for a "-2" suffix."""
SETTLE = 0.5
"""Seconds spent listening for instance names already on the LAN before probing ours."""
MAX_TABLES = 256
"""Most tables a browser lists (and most malformed adverts it remembers): a flood of adverts
costs bounded memory and probing."""
PROBE_INTERVAL = 2.0
PROBE_TIMEOUT = 1.5
"""Interval plus timeout stays under 5 s: a silent table is marked unreachable within that."""

Probe = Callable[[Sequence[str], int, float, str], Awaitable[str | None]]
"""Checks that a table answers: (addresses, port, timeout, host_id) -> the address that answered
as that host (any, for an advert that names none), or None."""


def open_zeroconf(interfaces: Interfaces) -> AsyncZeroconf:
    """A zeroconf instance bound to the given interfaces (IPv4 and IPv6 when all of them)."""
    if interfaces:
        return AsyncZeroconf(interfaces=list(interfaces))
    try:
        return AsyncZeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.All)
    except OSError as e:  # no usable IPv6 multicast on this machine
        log.info("mDNS over IPv6 unavailable (%s); using IPv4 only", e)
        return AsyncZeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)


def bound_advert(bind: str, interfaces: Interfaces = None) -> tuple[Interfaces, list[str] | None]:
    """Where a table bound to ``bind`` is advertised, and the addresses it gives (None: found from
    the interfaces): a table bound to one address gives that one only, since this machine's others
    would send joiners where nothing listens, on that interface unless ``interfaces`` are given;
    a wildcard bind uses ``interfaces`` (None: every one)."""
    if wildcard(bind):
        return interfaces, None
    return interfaces or [bind], [bind]


def instance_label(name: str) -> str:
    """The DNS-SD instance label for a table name: plain text, no dots, at most `LABEL_BYTES`."""
    label = plain_text(name).replace(".", "_") or "table"
    while len(label.encode("utf-8")) > LABEL_BYTES:
        label = label[:-1]
    return label.rstrip() or "table"


def _host_label() -> str:
    """A host name of our own for the SRV target, so that one app's goodbye never removes
    another app's address records (two apps on one machine would otherwise share them)."""
    base = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in socket.gethostname())
    return f"{base.strip('-')[:30] or 'dealmein'}-{secrets.token_hex(3)}.local."


class Advertiser:
    """One table's advert. `start` picks a free instance name (zeroconf renames ours "Name-2",
    "Name-3"... when another host already uses it), `update` republishes the TXT record, `close`
    sends the goodbye. Use it as an async context manager so Ctrl+C withdraws it too."""

    def __init__(self, port: int, *, interfaces: Interfaces = None, addresses: Sequence[str] | None = None,
                 bind: str | None = None, host_ttl: int = HOST_TTL, other_ttl: int = OTHER_TTL,
                 settle: float = SETTLE) -> None:
        self.port = port
        self.interfaces = list(interfaces) if interfaces else None
        self.addresses = list(addresses) if addresses else local_addresses(self.interfaces, bind)
        self.host_ttl = host_ttl
        self.other_ttl = other_ttl
        self.settle = settle
        self.advert: TableAdvert | None = None
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None
        self._pending: TableAdvert | None = None
        self._updater: asyncio.Task[None] | None = None

    @property
    def name(self) -> str | None:
        """The registered service name (unique on the LAN), once `start` has returned."""
        return self._info.name if self._info else None

    @property
    def instance(self) -> str | None:
        return self._info.name[: -len(SERVICE_TYPE) - 1] if self._info else None

    def _service(self, name: str, advert: TableAdvert, server: str) -> ServiceInfo:
        return ServiceInfo(SERVICE_TYPE, name, port=self.port, properties=encode(advert), server=server,
                           parsed_addresses=self.addresses, host_ttl=self.host_ttl, other_ttl=self.other_ttl)

    async def start(self, advert: TableAdvert) -> str:
        """Register the table; returns the service name it got. Raises TxtError for a bad advert."""
        if self._info is not None:
            raise RuntimeError("already advertising")
        encode(advert)  # refuse a bad advert before touching the network
        self._zc = open_zeroconf(self.interfaces)
        # Names are checked against the cache only, so fill it first: a browser asking with
        # multicast (QM) questions gets multicast answers, which every local socket receives.
        watcher = AsyncServiceBrowser(self._zc.zeroconf, [SERVICE_TYPE], handlers=[_ignore],
                                      question_type=DNSQuestionType.QM)
        try:
            await asyncio.sleep(self.settle)
            info = self._service(f"{instance_label(advert.name)}.{SERVICE_TYPE}", advert, _host_label())
            await (await self._zc.async_register_service(info, allow_name_change=True))
        except BaseException:
            await watcher.async_cancel()
            await self._zc.async_close()
            self._zc = None
            raise
        await watcher.async_cancel()
        self._info = info
        self.advert = advert
        log.debug("advertising %s on port %d", info.name, self.port)  # a host says so itself
        if self._pending is not None:  # changes that came while the name was being probed
            self.update_soon(self._pending)
        return info.name

    async def update(self, advert: TableAdvert) -> None:
        """Republish the advert (seats, game, status...). The service name does not change."""
        if self._zc is None or self._info is None:
            raise RuntimeError("not advertising")
        info = self._service(self._info.name, advert, self._info.server or _host_label())
        await (await self._zc.async_update_service(info))
        self._info = info
        self.advert = advert

    def keep_current(self, advert: TableAdvert) -> None:
        """``advert`` if it is not the one out: the table changed while the first went out
        (bots seated as it opened), before any listener could say so."""
        if advert != self.advert:
            self.update_soon(advert)

    def update_soon(self, advert: TableAdvert) -> None:
        """Republish from synchronous code (a server listener): bursts of changes collapse into
        the latest advert, sent after the one in flight. A bad advert is logged and skipped."""
        self._pending = advert
        if self._updater is None or self._updater.done():
            self._updater = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        while self._pending is not None and self._info is not None:
            advert, self._pending = self._pending, None
            try:
                await self.update(advert)
            except TxtError as e:
                log.warning("advert not updated: %s", e)

    async def close(self) -> None:
        """Withdraw the advert with a goodbye and release the sockets; safe to call twice."""
        if self._updater is not None:
            self._updater.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._updater
            self._updater = None
        zc, info = self._zc, self._info
        self._zc = self._info = None
        if zc is None:
            return
        try:
            if info is not None:
                await (await zc.async_unregister_service(info))
        finally:
            await zc.async_close()

    async def __aenter__(self) -> Advertiser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


def _ignore(**_: Any) -> None:
    """A browser handler for a browser kept only to fill the cache."""


@dataclass(frozen=True)
class FoundTable:
    """A table seen on the LAN. `name` is cleaned plain text: show it as text, never as markup."""

    service: str
    """The unique service name, ``<instance>._dealmein._tcp.local.``."""
    name: str
    advert: TableAdvert | None
    """None only for an incompatible table whose TXT this version cannot read."""
    compatible: bool
    problem: str
    """Why the table cannot be joined from here ("" when it can)."""
    addresses: tuple[str, ...]
    port: int
    reachable: bool | None = None
    """None until probed; False when the last probe got no answer."""
    address: str | None = None
    """The address that answered the last probe (the one to join)."""

    @property
    def instance(self) -> str:
        return self.service[: -len(SERVICE_TYPE) - 1]

    @property
    def joinable(self) -> bool:
        return self.reachable is True and self.advert is not None and self.compatible and self.advert.joinable

    def to_json(self) -> dict[str, Any]:
        a = self.advert
        return {
            "service": self.service, "instance": self.instance, "name": self.name,
            "compatible": self.compatible, "problem": self.problem,
            "reachable": self.reachable, "joinable": self.joinable,
            "address": self.address, "addresses": list(self.addresses), "port": self.port,
            "protocol": a.protocol if a else None, "app_version": a.app_version if a else None,
            "game": a.game if a else None, "preset": a.preset if a else None,
            "seats_taken": a.seats_taken if a else None, "seats_total": a.seats_total if a else None,
            "status": a.status if a else None, "password": a.password if a else None,
            "ssh_port": a.ssh_port if a else None, "options": dict(a.options) if a else None,
            "turn_time": a.turn_time if a else None, "bots": a.bots if a else None,
        }


@dataclass(frozen=True)
class TableEvent:
    kind: Literal["added", "updated", "removed"]
    table: FoundTable


async def protocol_probe(addresses: Sequence[str], port: int, timeout: float, host_id: str = "") -> str | None:
    """A table answers when its port sends the protocol's opening challenge (every address is
    tried at once; the first to answer wins). Proves a live Deal Me In host, not just an open
    port; with ``host_id`` (its advert's), that host: another one answering at the port (the
    table's host killed, and another table started there since) is no answer."""
    async def ask(address: str) -> str:
        reader, writer = await asyncio.open_connection(address, port)
        try:
            frames = protocol.FrameReader()
            while True:
                data = await reader.read(4096)
                if not data:
                    raise ConnectionError("closed before the challenge")
                for body in frames.feed(data):
                    msg = protocol.decode_body(body)
                    if not isinstance(msg, dict) or msg.get("type") != "challenge":
                        raise ConnectionError("the first frame is not a challenge")
                    if host_id and msg.get("host") != host_id:
                        raise ConnectionError("another host answers at this port")
                    return address
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    if not addresses:
        return None
    tasks = [asyncio.create_task(ask(a)) for a in addresses]
    try:
        for next_done in asyncio.as_completed(tasks, timeout=timeout):
            with contextlib.suppress(OSError, protocol.ProtocolError):
                return await next_done
    except TimeoutError:
        pass
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return None


class TableBrowser:
    """Browses the LAN for tables and keeps `tables` current; `events()` yields every change.

    Malformed adverts are left out (their reasons are kept in `rejected`); adverts of another
    protocol version are listed as incompatible. Every listed table is probed each
    `probe_interval` seconds while the browser runs."""

    def __init__(self, *, interfaces: Interfaces = None, probe: Probe = protocol_probe,
                 probe_interval: float = PROBE_INTERVAL, probe_timeout: float = PROBE_TIMEOUT,
                 resolve_timeout: float = 3.0, max_tables: int = MAX_TABLES) -> None:
        self.interfaces = list(interfaces) if interfaces else None
        self.probe = probe
        self.probe_interval = probe_interval
        self.probe_timeout = probe_timeout
        self.resolve_timeout = resolve_timeout
        self.max_tables = max_tables
        self.tables: dict[str, FoundTable] = {}
        self.rejected: dict[str, str] = {}
        self._events: asyncio.Queue[TableEvent | None] = asyncio.Queue()
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._prober: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def zeroconf(self) -> AsyncZeroconf | None:
        return self._zc

    async def start(self) -> None:
        self._zc = open_zeroconf(self.interfaces)
        # QM questions: answers come by multicast, which reaches every app on this machine too.
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change],
                                            question_type=DNSQuestionType.QM)
        self._prober = asyncio.get_running_loop().create_task(self._probe_forever())

    async def close(self) -> None:
        """Stop browsing and probing and release the sockets; `events()` then ends."""
        if self._closed:
            return
        self._closed = True
        tasks = [t for t in (self._prober, *self._resolving.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._resolving.clear()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
        self._events.put_nowait(None)

    async def __aenter__(self) -> TableBrowser:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def events(self) -> AsyncIterator[TableEvent]:
        """Every added, updated and removed table, in order, until the browser closes."""
        while (event := await self._events.get()) is not None:
            yield event
        self._events.put_nowait(None)  # for any other reader

    def _emit(self, kind: Literal["added", "updated", "removed"], table: FoundTable) -> None:
        self._events.put_nowait(TableEvent(kind, table))

    def _on_change(self, zeroconf: object, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if self._closed or not name.lower().endswith(SERVICE_TYPE):
            return
        old = self._resolving.pop(name, None)
        if old is not None:
            old.cancel()
        if state_change is ServiceStateChange.Removed:
            self._forget(name)
            return
        task = asyncio.get_running_loop().create_task(self._resolve(name))
        self._resolving[name] = task
        task.add_done_callback(lambda t: self._resolving.pop(name, None) if self._resolving.get(name) is t else None)

    def _forget(self, name: str, reason: str | None = None) -> None:
        self.rejected.pop(name, None)
        if reason is not None and len(self.rejected) < self.max_tables:
            self.rejected[name] = reason
            log.info("ignoring the advert %r: %s", name, reason)
        table = self.tables.pop(name, None)
        if table is not None:
            self._emit("removed", table)

    async def _resolve(self, name: str) -> None:
        assert self._zc is not None
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._zc.zeroconf, int(self.resolve_timeout * 1000),
                                        question_type=DNSQuestionType.QM):
            log.debug("could not resolve %s", name)
            return
        try:
            found = read_advert(name, info)
        except TxtError as e:
            self._forget(name, str(e))
            return
        old = self.tables.get(name)
        if old is None and len(self.tables) >= self.max_tables:
            self._forget(name, f"more than {self.max_tables} tables on the LAN")
            return
        self.rejected.pop(name, None)
        if old is not None:
            found = dataclasses.replace(found, reachable=old.reachable, address=old.address)
            if found == old:
                return
        self.tables[name] = found
        self._emit("updated" if old else "added", found)
        if old is None or _where(old) != _where(found):
            await self._probe_one(name)

    async def _probe_one(self, name: str) -> None:
        table = self.tables.get(name)
        if table is None:
            return
        address = await self.probe(table.addresses, table.port, self.probe_timeout, _host_id(table))
        current = self.tables.get(name)
        if current is None or _where(current) != _where(table):
            return  # removed, moved or served by another host while we waited
        reachable = address is not None
        if current.reachable != reachable or (reachable and current.address != address):
            changed = dataclasses.replace(current, reachable=reachable, address=address or current.address)
            self.tables[name] = changed
            self._emit("updated", changed)

    async def probe_all(self) -> None:
        """Probe every listed table now."""
        await asyncio.gather(*(self._probe_one(name) for name in list(self.tables)))

    async def _probe_forever(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await self.probe_all()
            await asyncio.sleep(max(0.0, self.probe_interval - (loop.time() - began)))


def _host_id(table: FoundTable) -> str:
    return table.advert.host_id if table.advert is not None else ""


def _where(table: FoundTable) -> tuple[tuple[str, ...], int, str]:
    """What a probe of ``table`` asks for: its addresses, its port and its host."""
    return table.addresses, table.port, _host_id(table)


def browse_problem(e: OSError, interfaces: Sequence[str] | None) -> str:
    """Why browsing or advertising failed, in words about what was given: the system says "No
    such device" of an ``--interface`` address no interface here has."""
    if e.errno == errno.ENODEV and interfaces:
        return f"{' or '.join(interfaces)} is not an address of this machine's interfaces (--interface)"
    return e.strerror or str(e)


def _joinable_address(address: str) -> bool:
    """Unspecified (0.0.0.0 would mean this machine), multicast and broadcast addresses are
    never probed nor offered for joining."""
    ip = ipaddress.ip_address(address.split("%")[0])
    return not (ip.is_unspecified or ip.is_multicast or ip == ipaddress.ip_address("255.255.255.255"))


def read_advert(service: str, info: ServiceInfo) -> FoundTable:
    """A resolved service as a table, or TxtError when its TXT record is malformed. A table of
    another protocol version is kept, as incompatible, with whatever name it gives."""
    props = read_properties(info.properties, len(info.text or b""))
    version = protocol_of(props)
    addresses = tuple(sorted((a for a in info.parsed_scoped_addresses(IPVersion.All) if _joinable_address(a)),
                             key=lambda a: ipaddress.ip_address(a.split("%")[0]).version))
    instance = plain_text(service[: -len(SERVICE_TYPE) - 1])
    if version != PROTOCOL_VERSION:
        try:
            advert: TableAdvert | None = decode(props)
        except TxtError:
            advert = None
        name = (advert.name if advert else plain_text(props.get(KEY_NAME, ""))) or instance
        problem = f"protocol version {version}; this app speaks version {PROTOCOL_VERSION}"
        return FoundTable(service, name, advert, False, problem, addresses, info.port or 0)
    advert = decode(props)
    if not info.port:
        raise TxtError("no port in the SRV record")
    return FoundTable(service, advert.name, advert, True, "", addresses, info.port)
