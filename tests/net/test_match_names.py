"""Each match at a table has its own name in the lobby (protocol, `lobby`'s `match`), so that an
app tells apart two matches that ended alike and counts each in its record once; a save from
before matches had names loads without one."""
from __future__ import annotations

from typing import Any

from net.lobbycheck import lobby_problem
from net.server import Server, TableConfig
from net.tablestate import restore_table, table_state

from .table_helpers import FAST, bots_table, join, wait_until


async def test_every_match_is_named_afresh_and_its_players_read_the_name() -> None:
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="Named", seats=2, preset="single-hand", seed=4))
        for seat in range(2):
            table.add_bot(seat, "easy")
        host = await join(srv, "Al", table=table.id, host_key=table.host_key)  # watching: the lobby all the same
        assert host.seat is None and "match" not in table.lobby()  # no match yet: no name
        names: list[str] = []
        for _ in range(3):
            await (host.rematch() if names else host.start())
            await wait_until(lambda: table.match_id is not None and table.match_id not in names, what="a match")
            name = table.match_id
            assert name is not None and len(name) == 16 and int(name, 16) >= 0
            await wait_until(lambda: table.status == "finished", what="the bots to finish it")
            await wait_until(lambda: (host.lobby or {}).get("match") == name and host.lobby["status"] == "finished",
                             what="the name in the finished match's lobby")
            names.append(name)
        assert len(set(names)) == 3
        await host.close()
    finally:
        await srv.close()


async def test_a_save_without_a_match_name_loads_and_the_lobby_names_none() -> None:
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    table = bots_table(srv, TableConfig(name="Old", seats=2, seed=2))
    state = table_state(table)
    assert state["match_id"] == table.match_id
    del state["match_id"]  # a save of an older version
    back = restore_table(srv, state)
    assert back.match_id is None and "match" not in back.lobby()


def test_a_lobby_whose_match_name_is_not_a_text_is_refused() -> None:
    assert lobby_problem({"match": "0123456789abcdef"}) is None
    assert lobby_problem({"match": 7}) == "match: expected a text"


async def test_a_fixed_seed_deals_on_after_a_resume_not_the_first_match_again() -> None:
    """``--seed``: every match of the table from a repeatable sequence; a table resumed from its
    save deals the match that comes next in it (it dealt the first match again)."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]

    def table() -> Any:
        return bots_table(srv, TableConfig(name="Seeded", seats=2, game="crazy-eights", seed=1), dealt=False)

    straight, resumed = table(), table()
    seeds = []
    for _ in range(3):
        straight._start_match()
        seeds.append(straight.match_seed)
    resumed._start_match()
    for _ in range(2):
        resumed = restore_table(srv, table_state(resumed))
        resumed._start_match()
    assert len(set(seeds)) == 3 and resumed.match_seed == seeds[2]
    assert resumed.match.snapshot() == straight.match.snapshot()  # type: ignore[union-attr]
