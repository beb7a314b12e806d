"""A stand-in table host for the discovery tests, run as its own process and driven over stdin.

It listens on 127.0.0.1 (and on ::1 when that is one of its ``--address``), answering each
connection with the protocol's opening challenge as a real host does, and advertises over
loopback multicast only. It prints one JSON line per event:
``{"event": "ready", "service": ..., "port": ...}`` once advertised, ``{"event": "updated"}``
after each update. Commands, one JSON object per line on stdin:
``{"cmd": "update", "taken": 2, "status": "lobby"}`` and ``{"cmd": "close"}``. It also closes
on end of input, on SIGINT (as Ctrl+C would) and after `--lifetime` seconds, so it never
outlives a test.

With ``--raw HEX`` it skips the advert checks and registers that raw TXT record instead (a
hostile or foreign host); several ``--raw`` give several services from one process.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys
import threading

from zeroconf import IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from net import protocol
from net.discovery import Advertiser
from net.discovery_txt import SERVICE_TYPE, TableAdvert


def say(**event: object) -> None:
    print(json.dumps(event), flush=True)


#: the host id its challenges and advert say (``--id``; none by default, as an older host)
HOST_ID = ""


async def serve_challenge(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    challenge = {"type": "challenge", "version": protocol.PROTOCOL_VERSION, "nonce": os.urandom(protocol.NONCE_LEN)}
    if HOST_ID:
        challenge["host"] = HOST_ID
    writer.write(protocol.encode(challenge))
    try:
        await writer.drain()
        await asyncio.wait_for(reader.read(1024), 2.0)
    except (OSError, TimeoutError):
        pass
    finally:
        writer.close()


async def commands() -> asyncio.Queue[dict | None]:
    """Lines of stdin as commands; None at end of input."""
    queue: asyncio.Queue[dict | None] = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def pump() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(queue.put_nowait, json.loads(line))
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=pump, daemon=True).start()
    return queue


async def advertise(args: argparse.Namespace, port: int, queue: asyncio.Queue[dict | None]) -> None:
    advert = TableAdvert(name=args.name, game="ninety-eight", preset="standard", seats_taken=args.taken,
                         seats_total=4, app_version="0.1.0", host_id=HOST_ID)
    async with Advertiser(port, interfaces=["127.0.0.1"], addresses=args.address or None) as advertiser:
        service = await advertiser.start(advert)
        say(event="ready", service=service, port=port)
        while (cmd := await queue.get()) is not None and cmd["cmd"] != "close":
            if cmd["cmd"] == "update":
                advert = TableAdvert(**{**advert.__dict__, "seats_taken": cmd.get("taken", advert.seats_taken),
                                        "status": cmd.get("status", advert.status)})
                await advertiser.update(advert)
                say(event="updated")
    say(event="closed")


async def advertise_raw(args: argparse.Namespace, port: int, queue: asyncio.Queue[dict | None]) -> None:
    zc = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    infos = [ServiceInfo(SERVICE_TYPE, f"{args.name}-{i}.{SERVICE_TYPE}", port=port, properties=bytes.fromhex(raw),
                         server=f"raw-{os.getpid()}-{i}.local.", parsed_addresses=["127.0.0.1"])
             for i, raw in enumerate(args.raw)]
    try:
        sending = [await zc.async_register_service(info, cooperating_responders=True) for info in infos]
        await asyncio.gather(*sending)
        say(event="ready", services=[info.name for info in infos], port=port)
        while (cmd := await queue.get()) is not None and cmd["cmd"] != "close":
            pass
    finally:
        await zc.async_close()
    say(event="closed")


async def main(args: argparse.Namespace) -> None:
    global HOST_ID
    HOST_ID = args.id
    server = await asyncio.start_server(serve_challenge, "127.0.0.1", args.port, family=socket.AF_INET,
                                        reuse_address=True)
    port = server.sockets[0].getsockname()[1]
    servers = [server]
    if "::1" in args.address:
        servers.append(await asyncio.start_server(serve_challenge, "::1", port, family=socket.AF_INET6))
    queue = await commands()
    run = advertise_raw if args.raw else advertise
    try:
        await asyncio.wait_for(run(args, port, queue), args.lifetime)
    finally:
        for listening in servers:
            listening.close()
            await listening.wait_closed()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", required=True)
    parser.add_argument("--taken", type=int, default=1)
    parser.add_argument("--raw", action="append", default=[])
    parser.add_argument("--address", action="append", default=[], help="addresses to advertise")
    parser.add_argument("--lifetime", type=float, default=60.0)
    parser.add_argument("--port", type=int, default=0, help="the port to listen on (0: any free one)")
    parser.add_argument("--id", default="", help="the host id its challenges and advert say")
    # Ctrl+C as in a terminal, even when the suite runs from a background job, whose children
    # start with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        asyncio.run(main(parser.parse_args()))
    except KeyboardInterrupt:
        say(event="interrupted")
    os._exit(0)  # the stdin reader thread may still be blocked on a read
