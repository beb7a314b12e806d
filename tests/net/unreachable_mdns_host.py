"""``dealmein ARGS`` as a process of its own, whose mDNS sockets are told, once its advert is
up, that the network cannot be reached: what zeroconf meets on a machine without IPv6 (its
``::1`` socket: "[Errno 101] Network is unreachable"), which a test on the loopback cannot
bring about. zeroconf's own listener takes the error, as it does from the socket, and logs
it its own way."""
from __future__ import annotations

import errno
import sys
from typing import Any

from net.discovery import Advertiser
from tui.cli import main

started = Advertiser.start


async def start_then_unreachable(self: Advertiser, advert: Any) -> str:
    name = await started(self, advert)
    assert self._zc is not None
    for listener in self._zc.zeroconf.engine.protocols:
        try:  # raised, so that it carries its traceback, as the event loop's transport gives it
            raise OSError(errno.ENETUNREACH, "Network is unreachable")
        except OSError as e:
            listener.error_received(e)
    return name


Advertiser.start = start_then_unreachable  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main())
