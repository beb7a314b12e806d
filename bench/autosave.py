"""What autosave and match logs cost the host, in one run (``python bench/autosave.py``).

The load of ``bench/net.py`` (N tables of 4 bot clients on 127.0.0.1, the clients in a child
process) three times: plain (the baseline), with match logs, and with match logs and autosave
(the host's real setting). For each: actions per second, host CPU per action, action-to-own-view
latency (p50, p99; autosave holds a view back until its save is on disk), saves written per
action (saves coalesce under load) and the ratios to the baseline. Also the cost of one save
alone: the snapshot in the event loop and the write + fsync + rename in a thread.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net.server import Server, TableConfig  # noqa: E402

_spec = importlib.util.spec_from_file_location("bench_net", ROOT / "bench" / "net.py")
assert _spec is not None and _spec.loader is not None
netbench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(netbench)  # its load worker drives the clients


async def load(tables: int, seconds: float, think: float, logs: bool, autosave: bool,
               folder: Path) -> dict[str, float]:
    server = Server("127.0.0.1", 0, bot_delay=0, max_connections=tables * 4 + 10, rate=1000, burst=1000,
                    match_logs=logs)
    server.logs_dir = folder / "logs" if logs else None
    await server.start()
    made = [server.create_table(TableConfig(name=f"t{i}", seats=4),
                                save_path=folder / "saves" / f"t{i}.save" if autosave else None)
            for i in range(tables)]
    spec_file = Path(tempfile.mkstemp(suffix=".json")[1])
    spec_file.write_text(json.dumps([[t.id, t.host_key] for t in made]))
    gc.collect()
    proc = netbench.spawn("load", port=server.port, tables=str(spec_file), think=think)
    try:
        await netbench.read_line(proc, 120)
        netbench.tell(proc, "go")
        await asyncio.sleep(2.0)  # warm-up
        saves0 = sum(t.saver.saves for t in made if t.saver)
        a0, t0, c0 = sum(t.actions for t in made), time.perf_counter(), time.process_time()
        netbench.tell(proc, "mark")
        await asyncio.sleep(seconds)
        a1, t1, c1 = sum(t.actions for t in made), time.perf_counter(), time.process_time()
        saves1 = sum(t.saver.saves for t in made if t.saver)
        netbench.tell(proc, "stop")
        result = await netbench.read_line(proc, 60)
    finally:
        proc.wait(30)
        spec_file.unlink()
        await server.close()
    n = max(a1 - a0, 1)
    result.update(actions_per_s=(a1 - a0) / (t1 - t0), host_cpu_us=(c1 - c0) / n * 1e6,
                  saves_per_action=(saves1 - saves0) / n,
                  failures=sum(t.saver.failures for t in made if t.saver))
    return result


def one_save(folder: Path, n: int = 200) -> tuple[float, float]:
    """Microseconds for the snapshot (in the loop) and milliseconds for the atomic write."""
    from core import new_match
    from net.savefile import write_save

    m = new_match("ninety-eight", 4, seed=1)
    t = time.perf_counter()
    for _ in range(n):
        snap = m.snapshot()
    snap_us = (time.perf_counter() - t) / n * 1e6
    t = time.perf_counter()
    for _ in range(n):
        write_save(folder / "one.save", {"match": snap})
    return snap_us, (time.perf_counter() - t) / n * 1e3


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="dealmein-autosave-"))
    try:
        snap_us, write_ms = one_save(folder)
        print(f"one save: snapshot {snap_us:.0f} us in the event loop; write + fsync + rename"
              f" {write_ms:.2f} ms in a save thread")
        rows: list[tuple[str, dict[str, float]]] = []
        for name, logs, autosave in (("plain", False, False), ("match logs", True, False),
                                     ("logs + autosave", True, True)):
            rows.append((name, await load(args.tables, args.seconds, args.think / 1000, logs, autosave, folder)))
        base = rows[0][1]
        print(f"{args.tables} tables x 4 bot clients, bots think {args.think:g} ms (+-50%), {args.seconds:g} s each:")
        for name, r in rows:
            print(f"  {name:>16}: {r['actions_per_s']:6.0f} actions/s ({r['actions_per_s'] / base['actions_per_s']:.2f}x),"
                  f" host CPU {r['host_cpu_us']:5.0f} us/action ({r['host_cpu_us'] / base['host_cpu_us']:.2f}x),"
                  f" action to own view p50 {r['p50_ms']:.2f} ms p99 {r['p99_ms']:.2f} ms,"
                  f" {r['saves_per_action']:.2f} saves/action, {r['failures']:.0f} failed saves,"
                  f" {r['client_errors']:.0f} client errors")
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=8.0)
    p.add_argument("--think", type=float, default=40.0, help="bot clients' mean pause, in ms")
    return asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
