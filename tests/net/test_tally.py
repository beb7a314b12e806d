"""Matches won at a table (the lobby's seats' ``wins``): counted for each winner as a match
ends, kept across rematches, a change of variant and in the save, and started again when
someone else sits down or the host changes the game."""
from __future__ import annotations

from net.server import Server, TableConfig
from net.tablestate import restore_table, table_state

from .table_helpers import RandomPlayer, seated_table, wait_until


async def test_wins_are_counted_kept_and_cleared(server: Server) -> None:
    table, (ana, bo) = await seated_table(server, TableConfig(name="Tally", seats=3, seed=11, preset="single-hand"),
                                          2, {2: "easy"})
    players = [RandomPlayer(c, i) for i, c in enumerate((ana, bo))]
    try:
        assert [s["wins"] for s in table.lobby()["seats"]] == [0, 0, 0]
        counted = [0, 0, 0]
        for match in range(3):
            if match:
                await ana.rematch()
                await wait_until(lambda: table.status == "playing", what="the rematch")
            else:
                await ana.start()
            await wait_until(lambda: table.status == "finished", timeout=30, what=f"match {match + 1}")
            for w in table.match.winners:
                counted[w] += 1
            assert [s["wins"] for s in table.lobby()["seats"]] == counted
            await wait_until(lambda: [s["wins"] for s in ana.lobby["seats"]] == counted, what="the players told")
        assert sum(counted) >= 3
        assert [s.wins for s in restore_table(server, table_state(table)).seats] == counted
        old = table_state(table)
        for seat in old["seats"]:
            del seat["wins"]  # a save from before the tally: none counted
        assert [s.wins for s in restore_table(server, old).seats] == [0, 0, 0]
        await ana.remove_bot(2)  # someone else sits there next: from nothing
        await wait_until(lambda: table.lobby()["seats"][2]["bot"] is None, what="the bot gone")
        await ana.add_bot(2, "normal")
        await wait_until(lambda: table.lobby()["seats"][2]["bot"] == "normal", what="a new bot")
        assert [s["wins"] for s in table.lobby()["seats"]] == [*counted[:2], 0]
        await ana.configure(preset="standard")  # another variant of the same game: still counted
        await wait_until(lambda: ana.lobby["preset"] == "standard", what="the variant changed")
        assert [s["wins"] for s in ana.lobby["seats"]] == [*counted[:2], 0]
        await ana.configure(game="crazy-eights")  # matches won at another game: no score at this one
        await wait_until(lambda: ana.lobby["game"] == "crazy-eights", what="the game changed")
        assert [s["wins"] for s in ana.lobby["seats"]] == [0, 0, 0]
        assert [s.wins for s in restore_table(server, table_state(table)).seats] == [0, 0, 0]
    finally:
        for p in players:
            await p.stop()
        for c in (ana, bo):
            await c.close()
