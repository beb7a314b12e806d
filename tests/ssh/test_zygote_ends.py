"""The SSH app zygote, a real process, when the server it serves goes while a session starts
(a headless host closing its table as a guest logs in): it ends by itself, status 0, with no
traceback on the host's terminal, which its standard error is."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from net.ssh_pty import child_environment
from net.ssh_zygote import ZYGOTE_FLAGS

pytestmark = pytest.mark.timeout(120)


def test_the_zygote_ends_quietly_when_the_server_goes_as_it_forks_a_session(tmp_path: Path) -> None:
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    env = child_environment(None, {"HOME": str(tmp_path)})
    zygote = subprocess.Popen([sys.executable, *ZYGOTE_FLAGS, "-m", "net.ssh_zygote", str(theirs.fileno())],
                              pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, cwd=tmp_path, env=env, start_new_session=True)
    theirs.close()
    master, slave = os.openpty()
    try:
        # a session asked for, and the server gone at once: the zygote, still loading the app,
        # reads the request, forks, and finds no one to tell the child's pid to
        request = {"id": 1, "argv": ["--version"], "env": {**env, "TERM": "xterm-256color"}}
        socket.send_fds(mine, [json.dumps(request).encode()], [slave])
        mine.close()
        _, err = zygote.communicate(timeout=90)
    finally:
        os.close(slave)
        os.close(master)
        if zygote.poll() is None:
            zygote.kill()
            zygote.wait()
    assert zygote.returncode == 0, err.decode()
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
