"""Chat lines a drop could lose (``net.chatcarry``): a line sent in the seconds before either end
notices that the connection is dead went nowhere and was never said again, without a word; one
typed once the app knew was held and sent. Each goes once the app is back, in the order typed,
and a line the table did get is not said twice."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from net.chatcarry import HELD_CHAT, ChatCarry
from net.client import TableClient
from net.server import Server, TableConfig
from tests.net.links import Link
from tests.net.table_helpers import collect, join, wait_until


def chat_lines(got: list[dict[str, Any]]) -> list[str]:
    """What the players said, as Ana heard it (the table's own lines left out)."""
    return [u["text"] for u in got if u["type"] == "chat" and not u.get("system")]


@asynccontextmanager
async def _table_with_link(server: Server, **client: Any) -> AsyncIterator[tuple[TableClient, Link, list[dict[str, Any]]]]:
    """Ana at a table directly; Bo through a ``Link``, with a one-second heartbeat (a dead link
    is noticed after three seconds of silence): (Bo, the link, what Ana heard); all closed after."""
    table = server.create_table(TableConfig(name="t", game="ninety-eight", seats=2, seed=1))
    link = Link(server.port)
    await link.start()
    ana = await join(server, "Ana", table=table.id)
    bo = await TableClient.connect("127.0.0.1", link.listening, name="Bo", table=table.id, heartbeat=1,
                                   reconnect_for=20.0, timeout=5.0, **client)
    heard: list[dict[str, Any]] = []
    listening = asyncio.ensure_future(collect(ana, heard))
    try:
        yield bo, link, heard
    finally:
        listening.cancel()
        await bo.close()
        await ana.close()
        await link.close()


async def _settle(bo: TableClient, heard: list[dict[str, Any]], want: list[str]) -> None:
    await wait_until(lambda: [t for t in chat_lines(heard) if t in want] == want and not bo.held_chat
                     and bo._barrier is None, 20.0, f"{want} said at the table")
    await asyncio.sleep(0.3)  # (a line said twice would come now)


async def test_a_line_sent_into_a_dead_link_goes_once_the_app_is_back(server: Server) -> None:
    async with _table_with_link(server) as (bo, link, heard):
        await bo.chat("before")
        await wait_until(lambda: "before" in chat_lines(heard), 5.0, "the first line")
        link.fail("up", "down")  # dead: neither end knows yet
        link.refusing = True
        await bo.chat("into the void")
        await wait_until(lambda: not bo.connected, 10.0, "the drop noticed")
        with pytest.raises(ConnectionError):
            await bo.chat("typed once it knew")
        bo.hold_chat("typed once it knew")  # as the app holds it
        assert bo.held_chat == ("into the void", "typed once it knew")
        link.refusing = False
        await _settle(bo, heard, ["before", "into the void", "typed once it knew"])
        assert chat_lines(heard).count("into the void") == 1 and chat_lines(heard).count("before") == 1


async def test_a_line_the_table_got_is_not_said_again_when_only_its_echo_was_lost(server: Server) -> None:
    """The line reached the table, which said it to everyone; the way back to Bo failed before
    Bo heard it. Back at the table, the lines it kept (``earlier``) hold it: it is not sent again."""
    async with _table_with_link(server) as (bo, link, heard):
        link.fail("down")
        link.refusing = True
        await bo.chat("heard by all but me")
        await wait_until(lambda: "heard by all but me" in chat_lines(heard), 5.0, "the line at the table")
        await wait_until(lambda: not bo.connected, 10.0, "the drop noticed")
        assert bo.held_chat == ("heard by all but me",)  # in doubt: Bo cannot know which way it failed
        link.refusing = False
        await wait_until(lambda: bo.connected and bo._barrier is None, 20.0, "back")
        assert not bo.held_chat
        await asyncio.sleep(0.5)
        assert chat_lines(heard).count("heard by all but me") == 1


async def test_a_watchers_line_lost_on_the_way_goes_once_back(server: Server) -> None:
    """A watcher's lines are not kept by the table, so one in doubt is sent again."""
    async with _table_with_link(server, spectator=True) as (bo, link, heard):
        assert bo.seat is None
        await bo.chat("watching")
        await wait_until(lambda: "watching" in chat_lines(heard), 5.0, "the watcher's first line")
        link.fail("up", "down")
        await bo.chat("still watching")
        await wait_until(lambda: not bo.connected, 10.0, "the drop noticed")
        await _settle(bo, heard, ["watching", "still watching"])
        assert chat_lines(heard).count("still watching") == 1


async def test_a_line_said_back_is_no_longer_in_doubt(server: Server) -> None:
    """On a link that works, every line is said back and none is carried over a later drop."""
    async with _table_with_link(server) as (bo, link, heard):
        for n in range(3):
            await bo.chat(f"line {n}")
        await wait_until(lambda: chat_lines(heard)[-1:] == ["line 2"], 5.0, "the lines")
        await wait_until(lambda: not bo._carry._unechoed, 5.0, "said back to Bo")
        bo.drop_connection()
        await wait_until(lambda: not bo.connected, 5.0, "the drop")
        assert bo.held_chat == ()
        await wait_until(lambda: bo.connected, 20.0, "back")
        await asyncio.sleep(0.5)
        assert chat_lines(heard) == ["line 0", "line 1", "line 2"]


def test_the_lines_in_doubt_that_the_table_kept_are_the_first_of_them() -> None:
    """TCP delivers in order, so of the lines in doubt the table got a first few: the last of this
    player's lines that it says back. Those are left out; the rest, then the held ones, go."""
    carry = ChatCarry()
    for text in ("a", "b", "c"):
        carry.sent(text)
    carry.dropped()
    carry.hold("d")
    for text in ("older", "a", "b"):  # the table kept a and b
        carry.said_back(text)
    assert carry.release() == ["c", "d"]
    assert not carry.pending


def test_a_line_said_earlier_with_the_same_words_is_not_taken_for_one_in_doubt() -> None:
    carry = ChatCarry()
    carry.sent("ok")
    carry.said_back("ok")  # said back on the live connection
    carry.sent("ok")
    carry.dropped()
    carry.said_back("hello")  # the table's kept lines end with another: the second "ok" never came
    assert carry.release() == ["ok"]


def test_refused_lines_are_not_carried_and_at_most_held_chat_are() -> None:
    carry = ChatCarry()
    carry.sent("too fast")
    carry.refused()
    carry.dropped()
    assert not carry.pending
    for n in range(HELD_CHAT + 5):
        carry.hold(str(n))
    assert carry.waiting == tuple(str(n) for n in range(5, HELD_CHAT + 5))
