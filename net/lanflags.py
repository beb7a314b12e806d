"""What the command line says about the LAN, asked by the headless host and the app alike.
Nothing but the standard library: the app asks as it starts."""
from __future__ import annotations

import argparse


def advertised(args: argparse.Namespace | None) -> bool:
    """Whether tables are advertised (and, in the app, looked for) on the LAN: not with
    ``--no-mdns``, given to ``dealmein`` or to ``dealmein host``."""
    return not (getattr(args, "no_mdns", False) or getattr(args, "host_no_mdns", False))


def lan_interfaces(args: argparse.Namespace | None) -> list[str] | None:
    """The interfaces (by address) tables are advertised and looked for on: ``--interface``,
    given to ``dealmein`` or to ``dealmein host``; None for every one."""
    given = [*(getattr(args, "lan_interface", None) or []), *(getattr(args, "host_lan_interface", None) or [])]
    return list(dict.fromkeys(str(a) for a in given)) or None
