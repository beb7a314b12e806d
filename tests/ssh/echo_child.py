"""A tiny terminal program for the SSH bridge tests: it reports what a real app would see.

It prints its name, TERM, the window size, whether stdin is its controlling tty and a few
environment variables; reports each resize; echoes keys as hex; exits 0 on ``q``, 3 on ``x``;
``s`` makes it start a grandchild that sleeps in its process group.
"""
import os
import signal
import subprocess
import sys
import termios


def size() -> str:
    cols, rows = os.get_terminal_size(0)
    return f"{cols}x{rows}"


def say(text: str) -> None:
    os.write(1, (text + "\r\n").encode())


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "?"
    ctty = os.tcgetpgrp(0) == os.getpgrp()
    echo = bool(termios.tcgetattr(0)[3] & termios.ECHO)
    say(f"hello {name} term={os.environ.get('TERM')} size={size()} ctty={ctty} echo={echo}")
    say("env " + " ".join(f"{k}={os.environ.get(k, '-')}" for k in ("COLUMNS", "LINES", "PYTHONPATH", "LD_PRELOAD", "COLORTERM", "LANG")))
    signal.signal(signal.SIGWINCH, lambda *_: say(f"resized {size()}"))
    while True:
        try:
            data = os.read(0, 1024)
        except InterruptedError:
            continue
        if not data:
            return
        say("keys " + data.hex())
        if b"s" in data:
            p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
            say(f"grandchild {p.pid}")
        if b"q" in data:
            sys.exit(0)
        if b"x" in data:
            sys.exit(3)


main()
