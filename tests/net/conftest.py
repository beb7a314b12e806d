"""The table server tests' fixtures."""
from __future__ import annotations

from typing import AsyncIterator

import pytest

from net.server import Server

from .table_helpers import FAST


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    """A table server on 127.0.0.1, any free port, with the tiny times of ``FAST``."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        yield srv
    finally:
        await srv.close()
