"""A proxy on 127.0.0.1 between a client and a table, whose connections can fail the way real
links do without a word: for the tests of what a client does on a link that is dead, or slow."""
from __future__ import annotations

import asyncio


class Link:
    """A proxy on 127.0.0.1 whose live connections can go dead one way or both (the bytes taken
    and never passed on, the sockets left open, as a link that fails silently does) or stall
    (what they carry held back until they flow again); the connections made after go through.
    ``delay`` holds every chunk that long each way, as a slow link does."""

    def __init__(self, port: int, delay: float = 0.0) -> None:
        self.port = port
        self.delay = delay  # seconds each chunk is held, each way (a slow link)
        self._writers: dict[int, dict[str, asyncio.StreamWriter]] = {}
        #: bytes held back, by connection and way, while the link stalls (``stall``)
        self._held: dict[tuple[int, str], list[bytes]] = {}
        self._pipes: list[tuple[set[str], asyncio.Task[None]]] = []
        self._server: asyncio.Server | None = None
        self.listening = 0
        self.refusing = False  # new connections are closed at once (the host cannot be reached)

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.listening = self._server.sockets[0].getsockname()[1]

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
        cut: set[str] = set()  # this connection's own: a later one starts whole
        self._pipes.append((cut, asyncio.ensure_future(self._pipe(reader, up_writer, cut, "up"))))
        self._pipes.append((cut, asyncio.ensure_future(self._pipe(up_reader, writer, cut, "down"))))
        self._writers[id(cut)] = {"up": up_writer, "down": writer}

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, cut: set[str], way: str) -> None:
        try:
            for _ in range(100_000):  # bounded: a test's frames end well within
                chunk = await reader.read(65536)
                if not chunk:
                    break
                if self.delay:
                    await asyncio.sleep(self.delay)
                if f"stall {way}" in cut:
                    self._held.setdefault((id(cut), way), []).append(chunk)
                elif way not in cut:
                    writer.write(chunk)
                    await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    def fail(self, *ways: str) -> None:
        """The connections open now carry nothing more in ``ways`` ("up": to the host, "down":
        to the app): the bytes are lost."""
        for cut, _task in self._pipes:
            cut.update(ways)

    def stall(self, *ways: str) -> None:
        """The connections open now hold what they carry in ``ways`` until ``flow``."""
        for cut, _task in self._pipes:
            cut.update(f"stall {way}" for way in ways)

    def flow(self) -> None:
        """What the stalled connections held goes on, and they carry on."""
        for cut, _task in self._pipes:
            for way in ("up", "down"):
                cut.discard(f"stall {way}")
                for chunk in self._held.pop((id(cut), way), []):
                    self._writers[id(cut)][way].write(chunk)

    async def close(self) -> None:
        for _cut, task in self._pipes:
            task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
