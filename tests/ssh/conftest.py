"""An SSH table server on 127.0.0.1 with a small terminal program as its child."""
from __future__ import annotations

import sys
from pathlib import Path

import asyncssh
import pytest

from net.ssh_server import SSHConfig, SSHTableServer

ECHO_CHILD = str(Path(__file__).with_name("echo_child.py"))


@pytest.fixture(scope="session")
def host_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
async def echo_server(host_key):
    servers: list[SSHTableServer] = []

    async def start(**overrides) -> SSHTableServer:
        cfg = SSHConfig(host="127.0.0.1", port=0, **{"auth": "password", "password": "sesame", **overrides})
        server = SSHTableServer(cfg, command=lambda name: [sys.executable, ECHO_CHILD, name],
                                host_key=host_key)
        await server.start()
        servers.append(server)
        return server

    yield start
    for s in servers:
        await s.close()


def connect(server: SSHTableServer, username: str = "ana", password: str | None = "sesame", **kw):
    return asyncssh.connect("127.0.0.1", server.port, username=username, password=password,
                            known_hosts=None, client_keys=None, agent_path=None, **kw)
