"""Join aimed at a port where no table answers: a real SSH server (a table's SSH port typed into
Join), a server that greets in another protocol, and one that says nothing. Each is refused
at once (or at the handshake's deadline) in words a player can act on, never as a frame
length; a host that is a table but sends a lobby this app cannot show is still said so."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncssh
import pytest

from net.client import ConnectError, TableClient

from .table_helpers import host_sending


@asynccontextmanager
async def greeting_server(greeting: bytes) -> AsyncIterator[int]:
    """A TCP server on 127.0.0.1 that sends ``greeting`` to whoever connects, then waits."""
    async def greet(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if greeting:
            writer.write(greeting)
        try:
            await asyncio.wait_for(reader.read(), 10)  # until the client hangs up
        except asyncio.TimeoutError:
            pass
        writer.close()

    srv = await asyncio.start_server(greet, "127.0.0.1", 0)
    try:
        yield srv.sockets[0].getsockname()[1]
    finally:
        srv.close()
        await srv.wait_closed()


async def refusal(port: int, timeout: float = 5.0) -> tuple[ConnectError, float]:
    start = time.monotonic()
    with pytest.raises(ConnectError) as got:
        await TableClient.connect("127.0.0.1", port, "Ana", reconnect=False, timeout=timeout)
    return got.value, time.monotonic() - start


async def test_a_tables_ssh_port_typed_into_join_is_named_as_one_with_the_ssh_command() -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    ssh = await asyncssh.listen("127.0.0.1", 0, server_host_keys=[key])
    try:
        port = ssh.sockets[0].getsockname()[1]
        e, took = await refusal(port)
    finally:
        ssh.close()
        await ssh.wait_closed()
    assert e.code == "not_a_table" and took < 3.0
    assert e.message == (f"127.0.0.1:{port} is an SSH port, not a table's: join at the address the host gives "
                         f"for the app, or log in with ssh -p {port} NAME@127.0.0.1")


@pytest.mark.parametrize("greeting", [b"220 mail.example ESMTP ready\r\n", b"\x00\x00\x00\x03abc"])
async def test_a_port_that_speaks_another_protocol_is_not_a_table(greeting: bytes) -> None:
    """A greeting whose first bytes declare a frame too large, or a small frame that is no
    message of this protocol."""
    async with greeting_server(greeting) as port:
        e, took = await refusal(port)
    assert e.code == "not_a_table" and took < 3.0
    assert e.message == f"what answers at 127.0.0.1:{port} is not a Deal Me In table: is that the table's port?"
    assert "frame" not in e.message


async def test_a_port_that_says_nothing_is_given_up_on_at_the_deadline_saying_why_it_may_be() -> None:
    async with greeting_server(b"") as port:
        e, took = await refusal(port, timeout=0.5)
    assert e.code == "timeout" and 0.4 < took < 3.0
    # (a table on a link slow enough is one too: the words name both, not only the wrong port)
    assert e.message == ("the host did not answer the handshake within 0.5 s "
                         "(the link is that slow, or the port is not a Deal Me In table's)")


async def test_a_table_whose_lobby_this_app_cannot_show_is_still_said_so() -> None:
    """Not every bad message in the handshake means no table: a lobby that fails its check
    keeps its own reason."""
    srv, port, _ = await host_sending([], lobby={"seats": "not a list"})
    try:
        e, _took = await refusal(port)
    finally:
        srv.close()
        await srv.wait_closed()
    assert e.code == "bad_lobby" and "lobby this app cannot show" in e.message
