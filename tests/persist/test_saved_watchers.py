"""A table's save names who watched, so that the host's app resuming it waits for them as the
other apps do: an older save without them still loads, and one whose list is garbled is refused
with the field named, the save and the host left as they were."""
from __future__ import annotations

from typing import Any

import pytest

from net.savefile import save_path, write_save
from net.server import Server, TableConfig
from net.watchers import WATCHERS_LISTED
from net.tablestate import restore_saved, restore_table, table_state
from tests.net.table_helpers import FAST, join, wait_until


async def _state_with_watchers(*names: str) -> dict[str, Any]:
    """The save of a real table with Ana seated and ``names`` watching over 127.0.0.1."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    clients = []
    try:
        table = srv.create_table(TableConfig(name="T", seats=2))
        clients.append(await join(srv, "Ana", table=table.id, host_key=table.host_key))
        for name in names:
            clients.append(await join(srv, name, table=table.id, spectator=True))
        await wait_until(lambda: len(table.watching()) == len(names), what="the watchers")
        return table_state(table)
    finally:
        for c in clients:
            await c.close()
        await srv.close()


async def test_the_save_names_the_watchers_and_a_restored_table_knows_them() -> None:
    state = await _state_with_watchers("Cy", "Bo")
    assert state["watchers"] == ["Bo", "Cy"]
    table = restore_table(Server(host="127.0.0.1", port=0), state)
    assert table.watchers_saved == ["Bo", "Cy"]
    assert table.watching() == []  # nobody is connected to a table just restored


async def test_an_older_save_without_watchers_still_loads() -> None:
    state = await _state_with_watchers("Cy")
    del state["watchers"]
    table = restore_table(Server(host="127.0.0.1", port=0), state)
    assert table.watchers_saved == [] and [s.name for s in table.seats] == ["Ana", None]


async def test_saved_watchers_names_are_cleaned_as_a_connections_name_is() -> None:
    state = await _state_with_watchers("Cy")
    state["watchers"] = ["C\x1b[2Jy", "\u200b"]
    table = restore_table(Server(host="127.0.0.1", port=0), state)
    assert table.watchers_saved == ["C[2Jy", "Player"]


@pytest.mark.parametrize("garbled, says", [
    ("Cy", "'watchers' has the wrong type (str)"),
    ({"Cy": 1}, "'watchers' has the wrong type (dict)"),
    (["Cy", 3], "'watchers' holds a int, not a name"),
    (["Cy", None], "'watchers' holds a NoneType, not a name"),
    ([f"W{i}" for i in range(WATCHERS_LISTED + 1)], f"{WATCHERS_LISTED + 1} watchers, at most {WATCHERS_LISTED}"),
], ids=["text", "map", "number", "nil", "too-many"])
async def test_a_garbled_watchers_list_is_refused_and_nothing_changes(garbled: Any, says: str) -> None:
    state = await _state_with_watchers("Cy")
    state["watchers"] = garbled
    srv = Server(host="127.0.0.1", port=0)
    with pytest.raises(ValueError, match="watchers"):
        srv.restore_table(state)
    assert srv.tables == {}
    path = save_path(47011)
    write_save(path, state)
    before = path.read_bytes()
    table, problem = restore_saved(srv, path, keep=True)
    assert table is None and problem is not None and says in problem, problem
    assert problem.startswith("table-47011.save cannot be restored")
    assert srv.tables == {} and path.read_bytes() == before
