"""SSH figures: time from connect to the first rendered frame, and memory per session.

Hosts a table on 127.0.0.1 with an SSH front door (open login), then connects real asyncssh
clients with a pty. A frame counts as rendered when the decoded screen shows the table's name
and then stays unchanged for a moment. Memory is the proportional set size (PSS) of each
session's child process tree, read from /proc/<pid>/smaps_rollup.

    python bench/ssh.py [--runs 10] [--sessions 1 5 10]

Baseline in the same run: the same child started directly on a local pty (no SSH), so the
ratio shows what SSH adds.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

# this folder holds bench/net.py: put the project first so that ``net`` is the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.server import Server, TableConfig  # noqa: E402
from net.ssh_host import make_ssh_server  # noqa: E402
from net.ssh_pty import PtyChild, child_environment  # noqa: E402
from net.ssh_server import SSHConfig, SSHTableServer  # noqa: E402

TABLE = "Bench Table"


class Screen:
    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


async def first_frame_ssh(port: int, name: str, marker: str, timeout: float = 30.0) -> tuple[float, asyncssh.SSHClientConnection, asyncssh.SSHClientProcess]:
    start = time.perf_counter()
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=None, known_hosts=None,
                                  client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    screen = Screen()
    seen_at = await _wait_frame(lambda: proc.stdout.read(65536), screen, marker, timeout)
    return seen_at - start, conn, proc


async def _wait_frame(read, screen: Screen, marker: str, timeout: float) -> float:
    deadline = time.perf_counter() + timeout
    seen_at = None
    while time.perf_counter() < deadline:
        try:
            data = await asyncio.wait_for(read(), 0.2)
        except asyncio.TimeoutError:
            if seen_at is not None:
                return seen_at
            continue
        if not data:
            break
        screen.feed(data)
        if seen_at is None and marker in screen.text():
            seen_at = time.perf_counter()
    if seen_at is None:
        raise RuntimeError(f"no frame showing {marker!r} within {timeout} s:\n{screen.text()}")
    return seen_at


async def first_frame_local(argv: list[str], env: dict[str, str], marker: str) -> float:
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    start = time.perf_counter()
    child = PtyChild(argv, env, 80, 24, on_output=queue.put_nowait, on_exit=lambda code: queue.put_nowait(b""))
    await child.start()
    seen = await _wait_frame(queue.get, Screen(), marker, 30.0)
    await child.terminate(0.5)
    return seen - start


def memory_kib(pid: int) -> dict[str, int]:
    """Memory of a process and all its descendants, from smaps_rollup: ``Pss``, and the resident
    pages split into ``private`` (this tree's alone) and ``shared`` (with the zygote, other
    sessions or other processes: PSS counts a share of each)."""
    total = {"Pss": 0, "private": 0, "shared": 0}
    pids = [pid]
    while pids:
        p = pids.pop()
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                key, _, rest = line.partition(":")
                if key == "Pss":
                    total["Pss"] += int(rest.split()[0])
                elif key in ("Private_Clean", "Private_Dirty"):
                    total["private"] += int(rest.split()[0])
                elif key in ("Shared_Clean", "Shared_Dirty"):
                    total["shared"] += int(rest.split()[0])
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
            pids += [int(c) for c in children]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--sessions", type=int, nargs="+", default=[1, 5, 10])
    args = ap.parse_args()
    # the sessions' files (the host key, each guest's settings) in a folder of the run's own,
    # removed at its end, where the caller gave none (each of them was left in $TMPDIR)
    with tempfile.TemporaryDirectory(prefix="dealmein-bench-") as folder:
        for name in ("DEALMEIN_DATA_DIR", "DEALMEIN_CONFIG_DIR"):
            if name not in os.environ:
                made = Path(folder) / name.split("_")[1].lower()
                made.mkdir()
                os.environ[name] = str(made)
        await run(args)


async def run(args: argparse.Namespace) -> None:
    server = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await server.start()
    server.create_table(TableConfig(name=TABLE, seats=8))
    local_ms = None
    try:
        for zygote in (False, True):
            ssh = make_ssh_server(SSHConfig(host="127.0.0.1", port=0, auth="open", max_sessions=32,
                                            max_per_address=32, zygote=zygote,
                                            host_key_path=Path(os.environ["DEALMEIN_DATA_DIR"]) / "key"),
                                  f"127.0.0.1:{server.port}", None)
            await ssh.start()
            try:
                if local_ms is None:  # baseline: the same app on a local pty, no SSH, no zygote
                    env = child_environment("xterm-256color", {}, ssh.extra_env("local"))
                    runs = [await first_frame_local(ssh.command("local"), env, TABLE) for _ in range(max(3, args.runs // 2))]
                    local_ms = statistics.median(runs) * 1000
                    print(f"baseline, the app started on a local pty without SSH: median {local_ms:.0f} ms")
                print(f"--- SSH sessions {'forked from the pre-imported zygote' if zygote else 'each started from scratch'}")
                await measure(ssh, args, local_ms)
            finally:
                await ssh.close()
    finally:
        await server.close()


async def measure(ssh: SSHTableServer, args: argparse.Namespace, local_ms: float) -> None:
    times = []
    for i in range(args.runs):
        t, conn, proc = await first_frame_ssh(ssh.port, f"p{i}", TABLE)
        times.append(t * 1000)
        proc.close()
        conn.close()
        await conn.wait_closed()
    med = statistics.median(times)
    print(f"connect to first frame: median {med:.0f} ms over {args.runs} (min {min(times):.0f}, "
          f"max {max(times):.0f}); ratio to the local baseline {med / local_ms:.2f}; target < 600 ms")
    for n in args.sessions:
        opened = [await first_frame_ssh(ssh.port, f"m{n}-{i}", TABLE) for i in range(n)]
        await asyncio.sleep(1.0)
        mem = [memory_kib(s.child.pid) for s in ssh.registry.sessions if s.child and s.child.pid]
        pss = [m["Pss"] for m in mem]
        print(f"{n:>3} concurrent sessions: PSS per session median {statistics.median(pss) / 1024:.1f} MiB "
              f"(max {max(pss) / 1024:.1f}); target < 30 MiB; resident: private "
              f"{statistics.median(m['private'] for m in mem) / 1024:.1f} MiB, shared "
              f"{statistics.median(m['shared'] for m in mem) / 1024:.1f} MiB")
        for _, conn, proc in opened:
            proc.close()
            conn.close()
        await asyncio.sleep(0.5)


if __name__ == "__main__":
    asyncio.run(main())
