"""Bots and Ninety-Nine's manual draw on a real server (ninety-nine 5.1, 5.2; issue: bots,
"Bots also make the manual-draw draw"): normal bots draw after nearly every play, easy bots
forget now and then. The draw must come before the next seat's play, which ends the chance."""
from __future__ import annotations

import asyncio
import json

import pytest

from net.paths import data_dir
from net.server import Server, TableConfig


async def draw_ratio(level: str, seed: int) -> tuple[int, int]:
    srv = Server(host="127.0.0.1", port=0, bot_delay=0.0)
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name=f"{level}-{seed}", game="ninety-nine", preset="manual-draw",
                                             seats=4, seed=seed))
        for seat in range(4):
            table.add_bot(seat, level)
        table._start_match()
        for _ in range(1200):
            await asyncio.sleep(0.025)
            if table.match.is_over:
                break
        assert table.match.is_over
        path = table.log_path
    finally:
        await srv.close()
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    actions = [r["action"] for r in records if "action" in r]
    return sum(a != "draw" for a in actions), sum(a == "draw" for a in actions)


@pytest.mark.parametrize("seed", [1, 2])
async def test_normal_bots_draw_and_easy_bots_sometimes_forget(seed):
    plays, draws = await draw_ratio("normal", seed)
    assert draws >= 0.85 * plays, (plays, draws)  # only a round's last play leaves no chance
    easy_plays, easy_draws = await draw_ratio("easy", seed)
    assert 0 < easy_draws <= (draws / plays - 0.05) * easy_plays, (easy_plays, easy_draws)
    assert (data_dir() / "logs").is_dir()
