"""Chaos soak of the table host on 127.0.0.1 (``python bench/soak.py --tables 200 --minutes 5``).

N tables of 4 playing clients each, for a set time, with chaos: connections dropped at random
(``--drops`` per cent of the clients per minute; each reconnects by itself with its token), a
few clients sending garbage, players who step away for a few seconds (``--aways``: a bot plays
their seat meanwhile) and, at tables with a turn clock (``--turn-time``), players who stop
moving for a while (``--sleeps``: the clock's bot finishes their turns, and after two of them
their clock is the short one). Every table autosaves and logs its matches (in a temporary data
folder), as a real host does. Hosts rematch when a match ends; at the end no new match starts
and the last ones are played out.

Prints matches started and finished, actions applied, reconnects, errors, the host's unhandled
exceptions, and its memory (RSS) and open file descriptors at the start, after warm-up and at the
end. Targets: every match finishes, zero unhandled exceptions, memory and descriptors within 10%
of their after-warm-up figures. The host runs in this process and the clients in a child
process (the same script with ``--worker``), so that each gets a core.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HOST = "127.0.0.1"


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


class Unhandled(logging.Handler):
    """Counts errors the host logged: with a traceback (unhandled) or without."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.unhandled: list[str] = []
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        (self.unhandled if record.exc_info else self.errors).append(record.getMessage()[:200])


# ---------------------------------------------------------------------------- the host
async def host(args: argparse.Namespace) -> int:
    from net.matchlog import replay
    from net.server import Server, TableConfig

    watcher = Unhandled()
    logging.getLogger("dealmein.net").addHandler(watcher)
    logging.getLogger("dealmein.net").setLevel(logging.ERROR)  # the garbage's warnings are expected
    loop = asyncio.get_running_loop()
    loop_errors: list[str] = []
    loop.set_exception_handler(lambda _l, ctx: loop_errors.append(str(ctx.get("message"))))

    data = Path(os.environ["DEALMEIN_DATA_DIR"])
    server = Server(HOST, 0, bot_delay=0, grace=60.0, takeover=5.0, rate=500, burst=500,
                    max_connections=args.tables * 4 + args.garbage * 4 + 50)
    await server.start()
    tables = [server.create_table(TableConfig(name=f"soak {i}", seats=4, turn_time=args.turn_time),
                                  save_path=None if args.no_autosave else data / "saves" / f"t{i}.save")
              for i in range(args.tables)]
    started: dict[str, int] = {t.id: 0 for t in tables}
    finished: dict[str, int] = {t.id: 0 for t in tables}
    seen: dict[str, Any] = {}

    def on_change(t: Any) -> None:  # counts each match once as it starts and as it ends
        m = t.match
        if m is not None and seen.get(t.id) is not m:
            seen[t.id] = m
            started[t.id] += 1
        if t.status == "finished" and seen.get(t.id + "/done") is not m:
            seen[t.id + "/done"] = m
            finished[t.id] += 1
    server.add_listener(on_change)

    spec = Path(tempfile.mkstemp(suffix=".json")[1])
    spec.write_text(json.dumps({"port": server.port, "tables": [[t.id, t.host_key] for t in tables],
                                "seconds": args.minutes * 60, "drops": args.drops,
                                "garbage": args.garbage, "think": args.think / 1000, "aways": args.aways,
                                "sleeps": args.sleeps, "turn_time": args.turn_time}))
    proc = subprocess.Popen([sys.executable, __file__, "--worker", str(spec)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    figures: dict[str, tuple[int, int]] = {}
    t0 = time.monotonic()
    try:
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        ready = json.loads(line)
        figures["start"] = (rss_bytes(), open_fds())
        warm = min(max(20.0, args.minutes * 60 / 5), args.minutes * 60 / 2)
        await asyncio.sleep(warm)
        figures["warm"] = (rss_bytes(), open_fds())
        await asyncio.to_thread(proc.stdout.readline)  # time is up: still in full play
        figures["end"] = (rss_bytes(), open_fds())
        await asyncio.to_thread(proc.stdout.readline)  # played out, every client still connected
        for t in tables:
            await t.flush()
        figures["idle"] = (rss_bytes(), open_fds())
        proc.stdin.write("close\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        result = json.loads(await asyncio.to_thread(proc.stdout.readline))
    finally:
        proc.wait(120)
        spec.unlink()
    elapsed = time.monotonic() - t0
    actions = sum(t.actions for t in tables)
    unfinished = [t.id for t in tables if t.status == "playing"]
    n_started, n_finished = sum(started.values()), sum(finished.values())
    logs = sorted((data / "logs").glob("*.jsonl"))
    sample = random.Random(1).sample(logs, min(len(logs), 40))
    bad_logs = [p.name for p in sample if not replay(p).ok]
    # the moves a bot made for a player, away or out of time (each logged with ``"bot": true``)
    for_players = sum(p.read_text(encoding="utf-8").count('"bot":true') for p in logs)
    save_failures = sum(t.saver.failures for t in tables if t.saver is not None)
    saves = sum(t.saver.saves for t in tables if t.saver is not None)
    await server.close()

    print(f"soak: {args.tables} tables x 4 clients for {args.minutes:g} min ({elapsed:.0f} s with the play-out),"
          f" drops {args.drops:g}%/min, {args.garbage} garbage clients, clients think {args.think:g} ms,"
          f" step away {args.aways:g}%/min, sleep {args.sleeps:g}%/min, turn clock {args.turn_time} s"
          f" (connect {ready['connect_s']:.1f} s)")
    print(f"matches started {n_started}, finished {n_finished}, still in play at the end {len(unfinished)}")
    print(f"actions applied {actions} ({actions / elapsed:.0f}/s), autosaves {saves} (failed {save_failures}),"
          f" match logs {len(logs)} ({len(sample) - len(bad_logs)}/{len(sample)} sampled replay exactly)")
    print(f"stepped away {result['aways']}, slept {result['sleeps']}, moves a bot made for a player {for_players};"
          f" drops {result['drops']}, reconnects"
          f" {result['reconnects']}, clients that gave up"
          f" {result['gave_up']}, garbage sessions {result['garbage_sessions']}"
          f" ({result['garbage_closed']} closed by the host)")
    print(f"client errors {result['errors']} {result['error_codes']}; host: {len(watcher.unhandled)} unhandled"
          f" exceptions, {len(watcher.errors) + len(loop_errors)} other errors"
          + (f" e.g. {(watcher.unhandled + watcher.errors + loop_errors)[0]!r}" if watcher.unhandled or watcher.errors or loop_errors else ""))
    for name in ("start", "warm", "end", "idle"):
        rss, fds = figures[name]
        print(f"host {name:>5}{' (played out, still connected)' if name == 'idle' else ''}: RSS {rss / 2**20:.1f} MiB, open descriptors {fds}")
    rss_growth = figures["end"][0] / figures["warm"][0] - 1
    fd_growth = figures["end"][1] / figures["warm"][1] - 1
    print(f"end vs after warm-up (both in full play): RSS {rss_growth * 100:+.1f}%,"
          f" descriptors {fd_growth * 100:+.1f}% (target within 10%)")
    ok = (not unfinished and n_started == n_finished and not watcher.unhandled and not loop_errors
          and abs(rss_growth) <= 0.10 and abs(fd_growth) <= 0.10 and not bad_logs)
    print("targets:", "all met" if ok else "NOT all met")
    return 0 if ok else 1


# ---------------------------------------------------------------------------- the clients
async def worker(spec_path: str) -> None:
    from net.client import TableClient
    from net.protocol import PROTOCOL_VERSION, encode

    spec = json.loads(Path(spec_path).read_text())
    loop = asyncio.get_running_loop()
    rng = random.Random(7)
    think = spec["think"]
    counts = {"drops": 0, "reconnects": 0, "gave_up": 0, "errors": 0, "garbage_sessions": 0,
              "garbage_closed": 0, "aways": 0, "sleeps": 0}
    codes: dict[str, int] = {}
    clients: list[TableClient] = []
    state = {"rematch": True}
    #: until when each client makes no move of its own (stepped away, or asleep at the keyboard)
    idle_until: dict[int, float] = {}

    def act(i: int, v: dict[str, Any]) -> None:
        c = clients[i]
        if c.view is v and c.connected and idle_until.get(i, 0.0) <= loop.time():
            try:
                c.act_nowait(rng.choice(v["legal"]), v["version"])
            except ConnectionError:
                pass

    def handler(i: int) -> Any:
        def on_update(u: dict[str, Any]) -> None:
            kind = u["type"]
            if kind == "connection":
                if u["state"] == "connected":
                    counts["reconnects"] += 1
                elif u["state"] == "closed" and u["reason"] != "closed by you":
                    counts["gave_up"] += 1
            elif kind == "error" and u["code"] not in ("stale", "not_playing", "not_finished"):
                counts["errors"] += 1
                codes[u["code"]] = codes.get(u["code"], 0) + 1
            elif kind == "view" and i < len(clients):
                v = u["view"]
                if v["legal"] and not v["is_over"]:
                    loop.call_later(think * rng.uniform(0.5, 1.5), act, i, v)
        return on_update

    t0 = time.perf_counter()
    for tid, key in spec["tables"]:
        for s in range(4):
            clients.append(await TableClient.connect(HOST, spec["port"], name=f"s{s}", table=tid,
                                                     host_key=key if s == 0 else None, timeout=30.0,
                                                     reconnect_for=300.0, on_update=handler(len(clients))))
            if s:
                await clients[-1].ready(True)
    print(json.dumps({"connect_s": time.perf_counter() - t0}), flush=True)
    await asyncio.sleep(0.5)
    hosts = clients[::4]
    for c in hosts:
        await c.start()

    async def rematches() -> None:
        while True:
            await asyncio.sleep(0.5)
            for c in hosts:
                if state["rematch"] and c.connected and c.view and c.view["is_over"] \
                        and c.lobby and c.lobby["status"] == "finished":
                    try:
                        await c.rematch()
                    except ConnectionError:
                        pass

    def wake(i: int) -> None:
        """Back at the keyboard: move if it is their turn (no new view may come to say so)."""
        idle_until.pop(i, None)
        v = clients[i].view
        if v is not None and v["legal"] and not v["is_over"]:
            loop.call_later(think, act, i, v)

    async def step_away(i: int, seconds: float) -> None:
        """A bot plays the seat for ``seconds``, then the player says they are back."""
        c = clients[i]
        idle_until[i] = loop.time() + seconds
        try:
            await c.away(True)
            await asyncio.sleep(seconds)
            if c.connected:
                await c.away(False)
        except ConnectionError:
            pass
        wake(i)

    async def chaos() -> None:
        per_tick = spec["drops"] / 100 / 60  # each client, each second
        away_tick = spec["aways"] / 100 / 60
        sleep_tick = spec["sleeps"] / 100 / 60 if spec["turn_time"] else 0.0  # no clock: they would hold it up
        asleep: dict[int, float] = {}
        while True:
            await asyncio.sleep(1.0)
            now = loop.time()
            for i in [i for i, until in asleep.items() if until <= now]:
                del asleep[i]
                wake(i)
            for i, c in enumerate(clients):
                if c.connected and rng.random() < per_tick:
                    counts["drops"] += 1
                    c.drop_connection()
                playing = c.connected and c.view is not None and not c.view["is_over"] and idle_until.get(i, 0.0) <= now
                if playing and rng.random() < away_tick:
                    counts["aways"] += 1
                    side.add(loop.create_task(step_away(i, rng.uniform(2.0, 10.0))))
                elif playing and rng.random() < sleep_tick:  # the turn clock moves for them meanwhile
                    counts["sleeps"] += 1
                    idle_until[i] = asleep[i] = now + rng.uniform(5.0, 30.0)
            side.difference_update([t for t in side if t.done()])

    async def garbage(n: int) -> None:
        g = random.Random(n)
        while True:
            await asyncio.sleep(g.uniform(0.2, 1.0))
            try:
                reader, writer = await asyncio.open_connection(HOST, spec["port"])
            except OSError:
                continue
            counts["garbage_sessions"] += 1
            kind = g.randrange(4)
            if kind == 0:
                junk = g.randbytes(g.randrange(1, 400))
            elif kind == 1:
                junk = b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1"  # a frame of bytes msgpack never uses
            elif kind == 2:
                junk = encode({"type": "act", "action": "draw", "version": 0})  # no hello first
            else:
                junk = encode({"type": "hello", "version": PROTOCOL_VERSION, "app": "x", "name": "g",
                               "table": g.choice(spec["tables"])[0], "spectator": True}) \
                    + encode({"type": "kick", "seat": "zero"})
            writer.write(junk)
            try:
                while await asyncio.wait_for(reader.read(65536), 3.0):
                    pass
                counts["garbage_closed"] += 1
            except (asyncio.TimeoutError, OSError):
                pass
            writer.close()

    side: set[asyncio.Task[None]] = set()
    tasks = [loop.create_task(rematches()), loop.create_task(chaos())]
    tasks += [loop.create_task(garbage(n)) for n in range(spec["garbage"])]
    await asyncio.sleep(spec["seconds"])
    print(json.dumps({"time_up": True}), flush=True)
    state["rematch"] = False
    for t in tasks:
        t.cancel()
    for t in side:  # those away are back for the play-out, and nobody sleeps through it
        t.cancel()
    for i in list(idle_until):
        wake(i)
    for c in clients:
        if c.connected and c.lobby and c.seat is not None \
                and (c.lobby["seats"][c.seat] or {}).get("stepped_away") and c.view and not c.view["is_over"]:
            try:
                await c.away(False)
            except ConnectionError:
                pass
    # play-out: the matches in play finish (dropped clients come back or a bot takes over)
    end = time.monotonic() + 180
    while time.monotonic() < end and not all(c.view is None or c.view["is_over"] for c in hosts):
        await asyncio.sleep(0.5)
    await asyncio.sleep(1.0)
    print(json.dumps({"played": True}), flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # the host has taken its figures
    for c in clients:
        await c.close()
    result = dict(counts, error_codes=codes)
    print(json.dumps(result), flush=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--drops", type=float, default=3.0, help="per cent of the clients dropped per minute")
    p.add_argument("--garbage", type=int, default=4, help="clients that keep sending garbage")
    p.add_argument("--think", type=float, default=60.0, help="clients' mean pause before acting, in ms")
    p.add_argument("--aways", type=float, default=3.0, help="per cent of the players who step away per minute")
    p.add_argument("--sleeps", type=float, default=3.0,
                   help="per cent of the players who stop moving for a while per minute (with --turn-time)")
    p.add_argument("--turn-time", type=int, default=2, help="the tables' turn clock, in seconds (0: none)")
    p.add_argument("--no-autosave", action="store_true", help="tables do not autosave")
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        asyncio.run(worker(args.worker))
        return 0
    from net.protocol import MAX_FRAME  # noqa: F401  (fail early if the project is not importable)
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = args.tables * 8 + 1000
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard == resource.RLIM_INFINITY else min(want, hard), hard))
    tmp = Path(tempfile.mkdtemp(prefix="dealmein-soak-"))
    os.environ["DEALMEIN_DATA_DIR"] = str(tmp)  # saves and logs go to a folder removed at the end
    try:
        return asyncio.run(host(args))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
