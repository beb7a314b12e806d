"""Ninety-Nine 5.1: a manual draw's chance ends when the next seat plays. A bot that plays next
waits, even at bot pause 0, until the player has drawn or ``off_turn_window`` has passed, so
that the chance is a real one; it plays as soon as the player has drawn."""
from __future__ import annotations

import asyncio
import time

from net.client import TableClient
from net.server import Server, TableConfig
from net.table import Table

from .table_helpers import join, wait_until


async def _my_turn(client, table) -> None:
    # the view this client acts on is the match as it is (the bot's own draw comes after its play)
    await wait_until(lambda: client.view is not None and client.view.get("current_seat") == 0
                     and client.view["version"] == table.match.version
                     and any(a != "draw" for a in client.view.get("legal") or []), 10, "my turn")


async def against_a_bot(server: Server) -> tuple[Table, TableClient]:
    """Ana (holding the host key) and a normal bot at a two-seat manual-draw table, dealt."""
    table = server.create_table(TableConfig(name="t", game="ninety-nine", preset="manual-draw", seats=2, seed=3))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    table.add_bot(1, "normal")
    await ana.start()
    await wait_until(lambda: table.status == "playing", 5, "the match")
    return table, ana


async def test_a_bot_waits_for_the_players_manual_draw(server: Server) -> None:
    table, ana = await against_a_bot(server)
    try:
        for attempt in range(2):  # first draw at once, then let the chance pass
            # windows long enough that a busy machine's late look still falls inside them
            window = server.off_turn_window = 3.0 if attempt == 0 else 2.0
            await _my_turn(ana, table)
            plays = [a for a in ana.view["legal"] if a != "draw"]
            before = table.match.version
            sent = time.monotonic()  # the window opens once the host has my play: after this
            await ana.act(plays[0])
            await wait_until(lambda: table.match.version > before, 5, "my play")
            await asyncio.sleep(0.3)
            assert table.match.current_seat == 1 and "draw" in [str(a) for a in table.match.legal_actions(0)]
            if attempt == 0:
                hand = len(table.match.hands[0])
                await ana.act("draw")
                await wait_until(lambda: len(table.match.hands[0]) == hand + 1, 5, "my draw")
                # drawn: the bot plays now, not at the window's end (which is no sooner than this)
                await wait_until(lambda: table.match.current_seat != 1 or table.match.is_over, window, "the bot")
                assert time.monotonic() - sent < window
            else:
                await wait_until(lambda: table.match.current_seat != 1 or table.match.is_over, window + 3, "the bot")
                assert time.monotonic() - sent >= window  # the chance lasted the window
                assert "draw" not in [str(a) for a in table.match.legal_actions(0)]  # and ended with the play
    finally:
        await ana.close()


async def test_a_bot_takes_its_own_manual_draw_at_once_and_still_waits_for_the_players(server: Server) -> None:
    """With a bot pause, a bot's own draw (5.1) comes straight after its play, so that a player
    who plays quickly does not end it; the bot's next play still waits for the player's draw."""
    server.bot_delay = 0.4
    server.off_turn_window = 1.2
    table, ana = await against_a_bot(server)
    try:
        measured = 0
        for _ in range(12):  # bounded: enough turns to see three where the bot plays next
            await _my_turn(ana, table)
            hand, deal = len(table.match.hands[1]), table.match.hand_number
            plays = [a for a in ana.view["legal"] if a != "draw"]
            before = table.match.version
            sent = time.monotonic()  # the window opens once the host has my play: after this
            await ana.act(plays[0])
            await wait_until(lambda: table.match.version > before, 5, "my play")
            if table.match.current_seat != 1 or table.match.hand_number != deal:
                continue  # a round that ended, or a skip: not a case of the bot playing next
            # the bot waits for my draw chance (the window), then plays and draws at once
            await wait_until(lambda: table.match.current_seat != 1 or table.match.is_over, 5, "the bot")
            assert time.monotonic() - sent >= 1.2
            if table.match.is_over:
                break
            if table.match.hand_number == deal:
                await wait_until(lambda: len(table.match.hands[1]) == hand, 1.0, "the bot's own draw")
            measured += 1
            if measured == 3:
                break
        assert measured >= 2
    finally:
        await ana.close()
