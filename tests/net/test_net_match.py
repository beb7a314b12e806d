"""Whole matches over real sockets: every registered game to its end, and the leak test."""
from __future__ import annotations

import asyncio
import random
import re
import struct
from typing import Any

import pytest

from core import GAMES
from net.protocol import PROTOCOL_VERSION, decode_body, encode
from net.server import Server, TableConfig

from .table_helpers import RandomPlayer, join, seated_table, wait_until

#: every game's standard preset, plus Ninety-Nine's manual draw where seats other than the
#: current one act (the draw after playing)
CASES = [(g, "standard") for g in sorted(GAMES)]
if "ninety-nine" in GAMES and "manual-draw" in GAMES["ninety-nine"].presets:
    CASES.append(("ninety-nine", "manual-draw"))


@pytest.mark.parametrize("game,preset", CASES)
async def test_full_match_four_clients_and_bots(server: Server, game: str, preset: str) -> None:
    """Four real clients and two bots play a whole match; a spectator watches it."""
    table, clients = await seated_table(
        server, TableConfig(name="t", game=game, preset=preset, seats=6, seed=11),
        humans=4, bots={4: "easy", 5: "normal"})
    watcher = await join(server, "Watcher", table=table.id, spectator=True)
    assert watcher.seat is None
    players = [RandomPlayer(c, seed=i) for i, c in enumerate(clients)]
    seen: list[dict[str, Any]] = []

    async def watch() -> None:
        async for u in watcher.updates():
            if u["type"] == "view":
                seen.append(u)

    watching = asyncio.get_running_loop().create_task(watch())
    await clients[0].start()
    await asyncio.wait_for(asyncio.gather(*(p.finished.wait() for p in players)), 60)
    m = table.match
    assert m is not None and m.is_over
    await wait_until(lambda: bool(seen) and seen[-1]["view"]["is_over"], what="spectator's last view")
    for p, c in zip(players, clients):
        assert p.errors == []
        final = c.view
        assert final is not None and final["is_over"]
        assert final["version"] == m.version
        assert final["winners"] == m.winners
        assert final["seat"] == c.seat
    assert table.actions == m.version > 0
    assert clients[0].lobby is not None and clients[0].lobby["status"] == "finished"
    # the spectator saw public views only: no hand, no legal actions, no hidden event cards
    assert all(u["view"]["hand"] == [] and u["view"]["legal"] == [] and u["view"]["seat"] is None
               for u in seen)
    assert all("cards" not in e for u in seen for e in u["events"] if e["kind"] in ("hand", "draw"))
    watching.cancel()
    for p in players:
        await p.stop()
    for c in clients + [watcher]:
        await c.close()


class RawSeat:
    """A seat played over a bare socket, keeping every frame exactly as it arrived."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.frames: list[bytes] = []

    async def read(self) -> dict[str, Any]:
        (size,) = struct.unpack(">I", await self.reader.readexactly(4))
        body = await self.reader.readexactly(size)
        self.frames.append(body)
        return decode_body(body)

    def send(self, msg: dict[str, Any]) -> None:
        self.writer.write(encode(msg))


CARD = re.compile(rb"\xa2([2-9TJQKA][SHDC]|JK)")


def cards_in(frame: bytes) -> set[str]:
    """Every two-letter card string anywhere in a raw msgpack frame."""
    return {m.group(1).decode() for m in CARD.finditer(frame)}


async def raw_join(srv: Server, hello: dict[str, Any]) -> RawSeat:
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    raw = RawSeat(r, w)
    assert (await raw.read())["type"] == "challenge"
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "app": "test", **hello})
    return raw


@pytest.mark.parametrize("deltas", [False, True], ids=["views", "deltas"])
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_no_other_hand_ever_reaches_seat_zero(server: Server, game: str, deltas: bool) -> None:
    """Every raw frame sent to seat 0 over a whole match is scanned for cards another seat held
    at that version. A card may appear only if the public (a spectator's frame of the same
    version) shows it too: a card played and then, in the same action, dealt again. The public
    views themselves never show a card a seat held both before and after the action. Seat 0
    takes whole views, or (``deltas``) the changes to its last view after the first."""
    table = server.create_table(TableConfig(name="leak", game=game, seats=4, seed=5))
    raw = await raw_join(server, {"name": "Zero", "table": table.id, "host_key": table.host_key,
                                  "deltas": deltas})
    spec = await raw_join(server, {"name": "Eye", "table": table.id, "spectator": True})
    others = [await join(server, f"P{i}", table=table.id) for i in (1, 2, 3)]
    players = [RandomPlayer(c, seed=i) for i, c in enumerate(others)]
    for c in others:
        await c.ready(True)
    await wait_until(lambda: all(s["ready"] for s in table.lobby()["seats"][1:]), what="ready")

    async def frames_until_over(seat: RawSeat, play: bool) -> dict[int, bytes]:
        rng = random.Random(0)
        out: dict[int, bytes] = {}
        v: dict[str, Any] | None = None
        for _ in range(100_000):  # a match of bots ends long before
            msg = await asyncio.wait_for(seat.read(), 10)
            if msg["type"] == "welcome" and play:
                assert msg["seat"] == 0
            if msg["type"] == "delta":
                assert v is not None, "changes only ever follow a whole view"
                v = {**v, **msg["changes"]}
            elif msg["type"] == "view":
                v = msg["view"]
            else:
                continue
            out[v["version"]] = seat.frames[-1]
            if v["is_over"]:
                return out
            if play and v["legal"]:
                seat.send({"type": "act", "action": rng.choice(v["legal"]), "version": v["version"]})
        raise AssertionError("the match did not end")

    raw.send({"type": "start"})
    mine, public = await asyncio.gather(frames_until_over(raw, True), frames_until_over(spec, False))
    await asyncio.wait_for(asyncio.gather(*(p.finished.wait() for p in players)), 10)
    final = table.match.version  # type: ignore[union-attr]
    assert sorted(mine) == sorted(public) == list(range(final + 1)), "one view per version"
    hands: dict[int, dict[int, set[str]]] = {}  # seat -> version -> cards held
    for seat, p in zip((1, 2, 3), players):
        hands[seat] = {v["version"]: set(v["hand"]) for v in p.views}
        assert sorted(hands[seat]) == list(range(final + 1)), "every seat saw every version"
    leaked: list[tuple[int, str]] = []
    for version in range(final + 1):
        held = set().union(*(hands[s][version] for s in hands))
        leaked += [(version, c) for c in cards_in(mine[version]) & held - cards_in(public[version])]
        if version:
            kept = set().union(*(hands[s][version] & hands[s][version - 1] for s in hands))
            public_view = encode(decode_body(public[version])["view"])
            leaked += [(version, c) for c in cards_in(public_view) & kept]
    assert leaked == []
    for frame in public.values():
        assert all("cards" not in e for e in decode_body(frame)["events"]
                   if e["kind"] in ("hand", "draw")), "a spectator saw dealt or drawn cards"
    assert any(cards_in(f) for f in mine.values()), "the scan does find seat 0's own cards"
    kinds = [decode_body(f)["type"] for f in mine.values()]
    assert kinds[1:] == ["delta" if deltas else "view"] * (len(kinds) - 1), "as seat 0 asked"
    for p in players:
        await p.stop()
    raw.writer.close()
    spec.writer.close()
    for c in others:
        await c.close()
