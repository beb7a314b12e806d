"""This machine's addresses: the ones a table advertises and the ones its players are told.

Only ``ifaddr`` (no zeroconf), so a host that does not advertise can still say where it is."""
from __future__ import annotations

import ipaddress
from collections.abc import Sequence

import ifaddr

Interfaces = Sequence[str] | None
"""Addresses of the interfaces to use (e.g. ``["127.0.0.1"]``); None means all of them."""


def reachable(addresses: Sequence[str], bind: str | None) -> list[str]:
    """The addresses a table bound to ``bind`` answers on: a table on ``0.0.0.0`` listens on IPv4
    only, so advertising this machine's IPv6 addresses would send joiners where nothing listens
    (``::`` and ``None``: both families)."""
    if bind in ("0.0.0.0", ""):
        return [a for a in addresses if ipaddress.ip_address(a.split("%")[0]).version == 4]
    return list(addresses)


def local_addresses(interfaces: Interfaces, bind: str | None = None) -> list[str]:
    """Addresses to put in our address records: the chosen interfaces, or every non-loopback
    IPv4 and routable IPv6 address of this machine that a table bound to ``bind`` answers on
    (loopback only if there is nothing else)."""
    chosen = [a for a in interfaces or () if isinstance(a, str)]
    if chosen:
        return chosen
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            address = ipaddress.ip_address(text)
            if address.is_loopback or address.is_link_local or address.is_multicast:
                continue
            found.append(str(address))
    found.sort(key=lambda a: ipaddress.ip_address(a).version)
    return reachable(found, bind) or ["127.0.0.1"]


def reach_hosts(bind: str, most: int = 3) -> list[str]:
    """Where players on other machines reach a server bound to ``bind``: this machine's own
    addresses for a wildcard bind (``0.0.0.0`` means nothing to a player elsewhere), else the
    address bound."""
    return local_addresses(None, bind)[:most] if bind in ("0.0.0.0", "::", "") else [bind]


def host_port(host: str, port: int) -> str:
    """``HOST:PORT`` as ``dealmein join`` takes it, an IPv6 address in brackets (``[::1]:7098``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def join_addresses(bind: str, port: int) -> list[str]:
    """``reach_hosts`` as ``dealmein join`` takes them."""
    return [host_port(h, port) for h in reach_hosts(bind)]
