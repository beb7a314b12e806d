"""This machine's addresses: the ones a table advertises and the ones its players are told.

Only ``ifaddr`` (no zeroconf), so a host that does not advertise can still say where it is."""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence

import ifaddr

#: the port a table listens on unless told otherwise, and a join goes to when none is typed
DEFAULT_PORT = 7098
#: the port a table's SSH door takes where none is given (the app's SSH switch)
SSH_PORT = 2222

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


def wildcard(bind: str | None) -> bool:
    """A bind to every address of this machine (IPv4, IPv6, or unsaid), not one address."""
    return bind in ("0.0.0.0", "::", "")


def reach_hosts(bind: str, most: int = 3) -> list[str]:
    """Where players on other machines reach a server bound to ``bind``: this machine's own
    addresses for a wildcard bind (``0.0.0.0`` means nothing to a player elsewhere), else the
    address bound."""
    return local_addresses(None, bind)[:most] if wildcard(bind) else [bind]


def host_port(host: str, port: int) -> str:
    """``HOST:PORT`` as ``dealmein join`` takes it, an IPv6 address in brackets (``[::1]:7098``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def address_key(host: str, port: int) -> str:
    """One spelling of a place, for the seats and recent tables an app keeps by address:
    ``LOCALHOST.``, ``localhost`` and ``127.0.0.1`` are one table, as are the ways of writing
    one IPv6 address (and an IPv4 address written as IPv6). Names other than ``localhost`` are
    not looked up: a host name and its address stay two places."""
    bare, zone, scope = host.strip().partition("%")  # an interface's name keeps its case
    name = bare.rstrip(".").lower()
    if name == "localhost":
        name = "127.0.0.1"
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return host_port(name + zone + scope, port)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return host_port(f"{ip}{zone}{scope}" if ip.version == 6 else str(ip), port)


def join_addresses(bind: str, port: int) -> list[str]:
    """``reach_hosts`` as ``dealmein join`` takes them."""
    return [host_port(h, port) for h in reach_hosts(bind)]


HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")


def split_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST[:PORT]`` (``[v6]:PORT`` or a bare IPv6 address too) as host and port, or
    ``ValueError`` saying what is wrong with it: the one check for ``dealmein join`` and the
    Join screen alike, so that neither takes an address the other refuses. The words name the
    part that is wrong (the whole address is in the box, or on the command line, already)."""
    value = text.strip()
    if not value:
        raise ValueError("Type a table's address (HOST or HOST:PORT).")
    if "://" in value:
        raise ValueError(f"type the address without {value.split('://')[0] + '://'!r}: HOST or HOST:PORT")
    if value.startswith("["):
        host, close, rest = value[1:].partition("]")
        if not close:
            raise ValueError(f"{value!r} has no ']' after its IPv6 address: [IPv6]:PORT")
        if rest and not rest.startswith(":"):
            raise ValueError(f"{rest!r} after ']' is not :PORT: [IPv6]:PORT")
        port, v6 = rest[1:] if rest else None, True
    elif value.count(":") == 1:
        (host, port), v6 = value.split(":"), False
    elif value.count(":") > 1 and not looks_v6(value):
        raise ValueError(f"{value!r} has more than one ':': HOST:PORT has one ([IPv6]:PORT for IPv6)")
    else:
        host, port, v6 = value, None, value.count(":") > 1
    if not host:
        raise ValueError(f"{value!r} has no host name or IP address before its port: HOST:PORT")
    if port is not None and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ValueError(f"{port!r} is not a port number (1-65535)" if port else "no port after ':' (1-65535)")
    if v6:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host!r} is not an IPv6 address") from None
    else:
        labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
        if all(label.isdigit() for label in labels):  # dotted numbers: an IPv4 address or nothing
            try:
                ipaddress.IPv4Address(host)
            except ValueError:
                raise ValueError(f"{host!r} is not an IPv4 address") from None
        elif len(host) > 253 or not all(HOST_LABEL.fullmatch(label) for label in labels):
            spaced = " (a host name has no spaces)" if any(c.isspace() for c in host) else ""
            raise ValueError(f"{host!r} is not a host name or IP address{spaced}")
    return host, int(port) if port else default_port


def looks_v6(value: str) -> bool:
    """Meant as a bare IPv6 address: ``::`` or all seven colons, and no dot before the first
    colon (``127.0.0.1:5:6`` is an IPv4 address with a port too many, not bad IPv6)."""
    return ("::" in value or value.count(":") >= 7) and "." not in value.split(":")[0]


def same_place(address: str) -> str:
    """``HOST:PORT`` as ``address_key`` spells its place (as it was, when it is not one)."""
    try:
        return address_key(*split_address(address))
    except ValueError:
        return address
