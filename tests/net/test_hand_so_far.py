"""docs/protocol.md, ``view`` ``earlier``: a connection that comes in mid-hand is sent the hand
so far, move by move, each event as its own seat was told it (``net.handsofar``). A player
back from a dropped connection reads the moves the stand-in bot made in their seat, their own
drawn cards among them; a watcher reads the public record only. Real sockets on 127.0.0.1."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from core.events import Event
from net.handsofar import EARLIER_MOST, HandSoFar
from net.savefile import read_save
from net.server import Server, TableConfig

from .table_helpers import RandomPlayer, ana_and_bo_dealt, join, moves_by, play_first_until, wait_until


async def _view_frame(c: Any) -> dict[str, Any]:
    async def first() -> dict[str, Any]:
        async for u in c.updates():
            if u["type"] == "view":
                return u
        raise AssertionError("no view")
    return await asyncio.wait_for(first(), 5)


async def test_a_player_back_from_a_drop_reads_what_was_played_for_them() -> None:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.0, grace=60.0, takeover=0.2,  # type: ignore[arg-type]
                 handshake_timeout=1.0, frame_timeout=1.0)
    await srv.start()
    try:
        table, ana, bo = await ana_and_bo_dealt(srv, TableConfig(name="t", game="crazy-eights", seats=2, seed=3))
        left_at = table.match.version
        token = bo.token
        bo.drop_connection()
        await wait_until(lambda: table.seats[1].conn is None, what="Bo away")
        # Ana plays her turns until the stand-in has moved for Bo twice
        await play_first_until(table, ana, 0, lambda: moves_by(table, 1, left_at) >= 2 and table.match.current_seat == 0)
        assert moves_by(table, 1, left_at) >= 2 and not table.match.is_over
        back = await join(srv, "Bo", table=table.id, token=token, reconnect=False)
        cy = await join(srv, "Cy", table=table.id, spectator=True, reconnect=False)
        try:
            frame, watched = await _view_frame(back), await _view_frame(cy)
            earlier = frame["earlier"]
            versions = [move["version"] for move in earlier]
            assert versions == sorted(versions) and versions[-1] == frame["view"]["version"]
            assert any(e["kind"] in ("cut", "deal") for e in earlier[0]["events"])  # the whole hand
            hand = table.hand.events()
            # each event as Bo's seat was told it: his own draws with their cards, no one else's
            assert [e for move in earlier for e in move["events"]] == [e.for_seat(1) for e in hand]
            assert [e for move in watched["earlier"] for e in move["events"]] == [e.for_seat(None) for e in hand]
            mine = [e for move in earlier if move["version"] > left_at for e in move["events"] if e["seat"] == 1]
            assert len([e for e in mine if e["kind"] in ("play", "draw", "pass")]) >= 2
            # the stand-in's moves are marked as a bot's made for Bo; Ana's and the deal's are not
            for move in earlier:
                movers = {e["seat"] for e in move["events"] if e["kind"] in ("play", "draw", "pass")}
                assert move.get("bot", False) is (move["version"] > left_at and movers == {1}), move
            secret = [e for e in hand if e.secret]
            assert {0, 1} <= {e.seat for e in secret}  # both hands dealt, and cards drawn, in secret
            # moves the watcher may not see stay hidden: an event's secret reaches only its seat
            for e in secret:
                if e.seat == 1:
                    assert e.for_seat(1) in [x for move in earlier for x in move["events"]]
                assert e.for_seat(None) in [x for move in watched["earlier"] for x in move["events"]]
                assert not set(e.secret or {}) & set(e.for_seat(None))
        finally:
            for c in (ana, back, cy):
                await c.close()
    finally:
        await srv.close()


def test_the_hand_so_far_starts_at_each_deal_and_stays_bounded() -> None:
    hand = HandSoFar()
    hand.add(0, [Event("cut", 0), Event("deal", 0)])
    hand.add(1, [Event("play", 1, {"card": "5H"})])
    assert [e.kind for e in hand.events()] == ["cut", "deal", "play"]  # the first deal keeps its cut
    hand.add(2, [Event("play", 0, {"card": "9H"}), Event("hand_over", 0), Event("deal", 1)])
    # the hand before it is over: from the move that ended it and dealt this one
    assert [e.kind for e in hand.events()] == ["play", "hand_over", "deal"]
    assert [m["version"] for m in hand.told(None)] == [2]
    for version in range(3, 3 + EARLIER_MOST + 50):
        hand.add(version, [Event("draw", 0, {"count": 1}, {"cards": ["2C"]})])
    assert len(hand.events()) <= EARLIER_MOST
    told = hand.told(1)
    assert told[-1]["version"] == 2 + EARLIER_MOST + 50 and "cards" not in told[-1]["events"][0]
    assert "cards" in hand.told(0)[-1]["events"][0]
    hand.clear()
    hand.add(0, [Event("cut", 0), Event("deal", 0)])
    assert [e.kind for e in hand.events()] == ["cut", "deal"]
    # a move a bot made for a player is marked, as told to every seat, until the next deal
    hand.add(1, [Event("play", 1, {"card": "5H"})], for_player=True)
    hand.add(2, [Event("play", 0, {"card": "9H"})])
    assert [m.get("bot") for m in hand.told(0)] == [None, True, None]
    assert [m.get("bot") for m in hand.told(None)] == [None, True, None]
    hand.add(3, [Event("hand_over", 0), Event("deal", 1)])
    assert [m.get("bot") for m in hand.told(1)] == [None]


async def test_a_finished_match_sends_its_last_hand_saved_or_not(tmp_path: Path) -> None:
    """A connection to a finished match (a player back in a new app, a solo match's results
    opened again) is sent its last hand, from its deal to the move that ended the match; a
    table restored from its save sends the same, read back from the match log."""
    path = tmp_path / "t.save"
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.0, handshake_timeout=1.0,  # type: ignore[arg-type]
                 frame_timeout=1.0)
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="t", preset="single-hand", seats=2, seed=5), save_path=path)
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, reconnect=False)
        await ana.add_bot(1, "easy")
        await wait_until(lambda: table.seats[1].ready, what="the bot")
        player = RandomPlayer(ana, seed=1)
        await ana.start()
        await wait_until(lambda: table.status == "finished", 30, "the match to end")
        await player.stop()
        await table.flush()
        token, last = ana.token, [e.for_seat(0) for e in table.hand.events()]
        ana.drop_connection()  # the app gone without a goodbye: the seat stays Ana's
        await wait_until(lambda: table.seats[0].conn is None, what="Ana away")
        await ana.close()
        assert last[-1]["kind"] == "match_over" and any(e["kind"] in ("cut", "deal") for e in last)
        back = await join(srv, "Ana", table=table.id, token=token, reconnect=False)
        try:
            frame = await _view_frame(back)
            assert frame["view"]["is_over"] and frame["events"] == []
            assert [e for move in frame["earlier"] for e in move["events"]] == last
        finally:
            await back.close()
    finally:
        await srv.close()

    state = read_save(path).state
    assert state is not None and state["status"] == "finished"
    srv2 = Server(host="127.0.0.1", port=0, bot_delay=0.0, handshake_timeout=1.0,  # type: ignore[arg-type]
                  frame_timeout=1.0)
    t2 = srv2.restore_table(state, path)
    await srv2.start()
    t2.resume()
    try:
        again = await join(srv2, "Ana", table=t2.id, token=token, reconnect=False)
        try:
            frame = await _view_frame(again)
            assert [e for move in frame["earlier"] for e in move["events"]] == last
        finally:
            await again.close()
    finally:
        await srv2.close()
