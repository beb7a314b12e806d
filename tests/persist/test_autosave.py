"""Autosave ordering and server-made match logs (issue: Nothing lost, "Autosave and resume",
"Match logs and replay"), against a live server on 127.0.0.1."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core import GAMES, Match
from core.keyed_random import KeyedRandom
from net.client import TableClient
from net.matchlog import replay, state_digest
from net.savefile import read_save, write_save
from net.server import Server, TableConfig
from net.tableconfig import SSHDoor

from ..net.table_helpers import FAST, RandomPlayer, bots_table, seated_table, wait_until


def saved_version(path: Path) -> int | None:
    state = read_save(path).state
    assert state is not None
    snap = state["match"]
    return None if snap is None else Match.restore(snap).version


async def test_no_view_reaches_a_client_before_its_state_is_saved(tmp_path: Path) -> None:
    """Save before telling: whenever a client holds a view, the save on disk is at least as new."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    path = tmp_path / "t.save"
    seen: list[tuple[int, int | None]] = []

    def on_update(u: dict[str, Any]) -> None:
        if u["type"] == "view":  # read the disk the moment the view arrives
            seen.append((u["view"]["version"], saved_version(path)))
            v = u["view"]
            if v["legal"] and not v["is_over"]:
                c.act_nowait(v["legal"][0], v["version"])

    try:
        table = srv.create_table(TableConfig(name="saved", seats=3, seed=4), save_path=path)
        c = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id,
                                      host_key=table.host_key, on_update=on_update)
        await c.add_bot(1, "easy")
        await c.add_bot(2, "easy")
        await wait_until(lambda: all(s["ready"] for s in table.lobby()["seats"][1:]), what="bots")
        await c.start()
        await wait_until(lambda: table.status == "finished", 60, "the match to finish")
        await wait_until(lambda: bool(seen) and seen[-1][0] == table.match.version, what="the last view")  # type: ignore[union-attr]
        assert len(seen) > 20
        for version, on_disk in seen:
            assert on_disk is not None and on_disk >= version
        await table.flush()
        assert table.saver is not None and table.saver.failures == 0
        state = read_save(path).state
        assert state is not None and state["status"] == "finished"
        assert state["seats"][0]["token"] == c.token and state["host_key"] == table.host_key
        await c.close()
    finally:
        await srv.close()


async def test_restored_table_takes_its_players_back_by_token(tmp_path: Path) -> None:
    """In process: a saved table restored into a new server seats the same token in the same
    seat with the same hand; a stranger's token gets no seat during the match."""
    path = tmp_path / "t.save"
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table, clients = await seated_table(srv, TableConfig(name="Back", seats=3, seed=9), 2, {2: "easy"})
    await clients[0].start()
    await wait_until(lambda: all(c.view for c in clients), what="views")
    srv.autosave(table, path)
    await table.flush()
    tokens = [c.token for c in clients]
    hand = clients[1].view["hand"]  # type: ignore[index]
    for c in clients:
        c.reconnect = False
    await srv.close()
    for c in clients:
        await c.close()

    srv2 = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    state = read_save(path).state
    assert state is not None
    t2 = srv2.restore_table(state, path)
    await srv2.start()
    t2.resume()
    try:
        assert t2.id == table.id and t2.config.name == "Back"
        assert t2.seats[0].away and t2.seats[1].away
        back = await TableClient.connect("127.0.0.1", srv2.port, name="P1", table=t2.id, token=tokens[1])
        assert back.seat == 1
        await wait_until(lambda: back.view is not None, what="view")
        assert back.view["hand"] == hand  # type: ignore[index]
        stranger = await TableClient.connect("127.0.0.1", srv2.port, name="X", table=t2.id, token="forged")
        assert stranger.seat is None
        await back.close()
        await stranger.close()
    finally:
        await srv2.close()


async def test_a_table_restored_in_its_lobby_asks_its_players_to_say_ready_again(tmp_path: Path) -> None:
    """A player away from the lobby is not ready (as when a player drops there): after the host
    restarts, the seat of a player who had said ready waits for them to say it again, so a table
    that starts on ready does not start the moment they are back; bots stay ready."""
    path = tmp_path / "t.save"
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    table, clients = await seated_table(srv, TableConfig(name="Lobby", seats=3, seed=9), 2, {2: "easy"})
    srv.autosave(table, path)
    await table.flush()
    token = clients[1].token
    for c in clients:
        c.reconnect = False
    await srv.close()
    for c in clients:
        await c.close()
    state = read_save(path).state
    assert state is not None and state["status"] == "lobby"
    assert [s["ready"] for s in state["seats"]] == [False, True, True]

    srv2 = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    t2 = srv2.restore_table(state, path)
    await srv2.start()
    t2.resume()
    try:
        assert [s["ready"] for s in t2.lobby()["seats"]] == [False, False, True]
        back = await TableClient.connect("127.0.0.1", srv2.port, name="P1", table=t2.id, token=token)
        assert back.seat == 1
        await wait_until(lambda: back.lobby is not None, what="the lobby")
        assert t2.lobby()["seats"][1]["ready"] is False
        await back.ready(True)
        await wait_until(lambda: t2.lobby()["seats"][1]["ready"] is True, what="ready again")
        await back.close()
    finally:
        await srv2.close()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_server_match_log_replays_the_match(game: str) -> None:
    """Every match the server hosts gets a seed and a log; the log replays it exactly, and a
    log with one action changed does not."""
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table, clients = await seated_table(srv, TableConfig(name="logged", game=game, seats=4), 2,
                                            {2: "easy", 3: "normal"})
        players = [RandomPlayer(c, seed=i) for i, c in enumerate(clients)]
        await clients[0].start()
        await wait_until(lambda: table.status == "finished", 90, "the match to finish")
        for p in players:
            await p.stop()
        m = table.match
        assert m is not None and table.match_seed is not None and table.log_path is not None
        result = replay(table.log_path)
        assert result.ok, result.error
        assert result.actions == table.actions
        assert result.match is not None and state_digest(result.match) == state_digest(m)
        assert result.match.winners == m.winners
        assert table.log_path.stat().st_mode & 0o777 == 0o600  # it reveals every hand
        header = json.loads(table.log_path.read_text().splitlines()[0])
        assert header["seed"] == table.match_seed and header["game"] == game
        # rules README, "Shuffling": a networked match deals from a fresh 256-bit secret seed
        # with the keyed generator; the log's name holds only the seed's last 64 bits
        assert table.match_seed.bit_length() == 256 and isinstance(m._rng, KeyedRandom)
        assert table.log_path.stem.endswith(f"-{table.match_seed & (1 << 64) - 1:016x}")
        assert header["names"] == ["P0", "P1", "Easy bot", "Normal bot"]

        lines = table.log_path.read_text().splitlines()
        rec = json.loads(lines[5])
        rec["seat"] = (rec["seat"] + 1) % 4  # the same move by another seat
        lines[5] = json.dumps(rec)
        table.log_path.write_text("\n".join(lines) + "\n")
        bad = replay(table.log_path)
        assert not bad.ok and bad.line == 6
        for c in clients:
            await c.close()
    finally:
        await srv.close()


def _tamper(state: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    import copy

    bad = copy.deepcopy(state)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return bad


async def test_a_save_holding_nonsense_is_refused_with_the_field_named() -> None:
    from net.tablestate import restore_table, table_state

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    table = bots_table(srv, TableConfig(name="T", seats=3, seed=2))
    table.keep_ssh(SSHDoor(7022, "open"), None)  # served over SSH, by anyone's login
    state = table_state(table)
    good = restore_table(srv, state)
    assert good.match is not None and good.match.snapshot() == table.match.snapshot()  # type: ignore[union-attr]
    assert good.config.ssh_door == SSHDoor(7022, "open", None)
    snap = json.loads(state["match"])
    snap["hands"][0] = ["not a card"]
    cases = {
        "seats": (["config", "seats"], "3"),
        "game": (["config", "game"], "chess"),
        "unknown bot level": (["seats", 1, "bot"], "godlike"),
        "unknown status": (["status"], "exploded"),
        "2 seats saved": (["seats"], state["seats"][:2]),
        "snapshot": (["match"], b"{}"),
        "must be lists of cards": (["match"], json.dumps(snap).encode()),
        "'token' has the wrong type": (["seats", 0, "token"], 7),
        "'wins' has the wrong type": (["seats", 0, "wins"], "3"),
        "-2 wins": (["seats", 0, "wins"], -2),
        "'stepped_away' has the wrong type": (["seats", 0, "stepped_away"], 1),
        "'missed' has the wrong type": (["seats", 0, "missed"], False),
        "-1 turns missed": (["seats", 0, "missed"], -1),
        "turn clock": (["config", "turn_time"], 99999),
        "'turn_time' has the wrong type": (["config", "turn_time"], True),
        "'match_seed' is not a whole number": (["match_seed"], "12x"),
        "'match_id' has the wrong type": (["match_id"], 7),
        "'match_id' is not a match's name": (["match_id"], "\x1b[2J" * 4),
        "'seed' is not a whole number": (["config", "seed"], "9" * 101),
        "'ssh_door' has the wrong type": (["config", "ssh_door"], 7022),
        "ssh_door: 'port' has the wrong type": (["config", "ssh_door", "port"], True),
        "ssh_door: port 70000": (["config", "ssh_door", "port"], 70000),
        "ssh_door: unknown login 'rsh'": (["config", "ssh_door", "auth"], "rsh"),
        "keys login without its authorized_keys file": (["config", "ssh_door", "auth"], "keys"),
        "ssh_door: missing 'keys'": (["config", "ssh_door"], {"port": 7022, "auth": "open"}),
    }
    for words, (path, value) in cases.items():
        with pytest.raises(ValueError, match=words):
            restore_table(srv, _tamper(state, path, value))


async def test_a_fresh_match_seed_and_a_large_table_seed_survive_the_save_file(tmp_path: Path) -> None:
    """A fresh match seed (256 bits, rules README "Shuffling") and a table seed as large as
    ``--seed`` takes are past msgpack's integers: the save written to disk and read back keeps
    both, and the match goes on dealing from the same generator."""
    from net.tablestate import restore_table, table_state

    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    fresh = bots_table(srv, TableConfig(name="Fresh", seats=3))
    large = bots_table(srv, TableConfig(name="Large", seats=3, seed=10**40))
    for table in (fresh, large):
        path = tmp_path / f"{table.config.name}.save"
        write_save(path, table_state(table))
        loaded = read_save(path)
        assert loaded.problem is None and loaded.state is not None
        back = restore_table(srv, loaded.state)
        assert back.match_seed == table.match_seed and back.config.seed == table.config.seed
        # the match's name in the lobby too, so that an app counts it in its record once
        assert back.match_id == table.match_id and back.lobby()["match"] == table.lobby()["match"]
        assert back.match is not None and back.match.snapshot() == table.match.snapshot()  # type: ignore[union-attr]
    assert fresh.match_seed is not None and fresh.match_seed.bit_length() == 256
    assert large.config.seed == 10**40


async def test_a_table_that_cannot_be_saved_tells_its_guests_once_and_plays_on(tmp_path: Path) -> None:
    """Saves fail (a file where the saves folder should be): each guest is told once, by the
    table, that the match could not be brought back; the host, who hears it from its own app or
    terminal with the reason, is not sent the line; the match still starts and is played. Once
    a save is written again the guests are told that too, once; and failing again, again."""
    from net.table import NOT_SAVED, SAVED_AGAIN

    blocked = tmp_path / "saves"
    blocked.write_text("a file where the saves folder should be")
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    said: dict[str, list[str]] = {"Ana": [], "Bo": []}

    def hears(name: str) -> Any:
        def on_update(u: dict[str, Any]) -> None:
            if u["type"] == "chat" and u.get("system"):
                said[name].append(u["text"])
        return on_update

    try:
        table = srv.create_table(TableConfig(name="unsaved", seats=3, seed=4), save_path=blocked / "t.save")
        ana = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id,
                                        host_key=table.host_key, on_update=hears("Ana"))
        bo = await TableClient.connect("127.0.0.1", srv.port, name="Bo", table=table.id, on_update=hears("Bo"))
        await wait_until(lambda: NOT_SAVED in said["Bo"], what="the guest told")
        await ana.add_bot(2, "easy")
        await bo.ready(True)
        await wait_until(lambda: all(s["ready"] for s in table.lobby()["seats"][1:]), what="ready")
        await ana.start()
        await wait_until(lambda: table.status == "playing" and bo.view is not None, what="the deal")
        assert table.saver is not None and table.saver.failures >= 2 and table.saver.saves == 0
        assert said["Bo"].count(NOT_SAVED) == 1 and NOT_SAVED not in said["Ana"]

        async def a_move() -> None:
            for client, seat in ((ana, 0), (bo, 1)):
                if table.match is not None and table.match.current_seat == seat:
                    await client.act(client.view["legal"][0])
                    return

        blocked.unlink()  # room again: the next change is saved
        saves = table.saver.saves
        await wait_until(lambda: bool(table.match) and table.match.current_seat in (0, 1), what="a player's turn")
        await a_move()
        await wait_until(lambda: SAVED_AGAIN in said["Bo"], what="the guest told it is saved again")
        assert table.saver.saves > saves and table.saver.problem is None
        assert said["Bo"].count(SAVED_AGAIN) == 1 and SAVED_AGAIN not in said["Ana"]

        for leftover in blocked.iterdir():
            leftover.unlink()
        blocked.rmdir()
        blocked.write_text("in the way again")
        failures = table.saver.failures
        await wait_until(lambda: table.match.current_seat in (0, 1), what="a player's turn")
        await a_move()
        await wait_until(lambda: said["Bo"].count(NOT_SAVED) == 2, what="the guest told again")
        assert table.saver.failures > failures and said["Bo"].count(SAVED_AGAIN) == 1
        assert NOT_SAVED not in said["Ana"] and SAVED_AGAIN not in said["Ana"]
        await ana.close()
        await bo.close()
    finally:
        await srv.close()


async def test_a_headless_hosts_host_key_player_is_told_as_the_guests_are(tmp_path: Path) -> None:
    """A headless host gives its host key to a player, who runs the lobby from an app of its
    own: that player is told the table cannot be saved (as it comes) and is saved again, as the
    guests are; only the app that runs the server keeps to its own words."""
    from net.table import NOT_SAVED, SAVED_AGAIN

    blocked = tmp_path / "saves"
    blocked.write_text("a file where the saves folder should be")
    srv = Server(host="127.0.0.1", port=0, host_in_app=False, **FAST)  # type: ignore[arg-type]
    await srv.start()
    said: list[str] = []

    def on_update(u: dict[str, Any]) -> None:
        if u["type"] == "chat" and u.get("system"):
            said.append(u["text"])

    try:
        table = srv.create_table(TableConfig(name="unsaved", seats=3, seed=4), save_path=blocked / "t.save")
        ana = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id,
                                        host_key=table.host_key, on_update=on_update)
        await wait_until(lambda: NOT_SAVED in said, what="the host-key player told as it came")
        assert table.saver is not None and table.saver.problem is not None
        blocked.unlink()  # room again: the next change is saved
        await ana.add_bot(2, "easy")
        await wait_until(lambda: SAVED_AGAIN in said, what="the host-key player told it is saved again")
        assert said.count(NOT_SAVED) == 1 and said.count(SAVED_AGAIN) == 1
        await ana.close()
    finally:
        await srv.close()


async def test_the_match_log_is_on_disk_before_a_save_that_says_where_it_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save in play holds the log's length, and a resumed table cuts the log back to it; a
    save on disk before the log's records would, after a power cut, point past the log's end,
    and the rest of the match would go unlogged. Every save of a match in play is written
    after an fsync of the log that reached the length it holds."""
    real_fsync = os.fsync
    synced: list[tuple[str, int | None]] = []  # ("log", its size) or ("save", its log_offset), in order

    def fsync(fd: int) -> None:
        target = os.readlink(f"/proc/self/fd/{fd}")
        real_fsync(fd)
        if target.endswith(".jsonl"):
            synced.append(("log", os.fstat(fd).st_size))
        elif ".t.save." in target:  # the save, before its rename
            with open(target, "rb") as f:
                saved = msgpack.unpackb(f.read(), raw=False)["state"]
            if saved["status"] == "playing":
                synced.append(("save", saved["log_offset"]))

    monkeypatch.setattr(os, "fsync", fsync)
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="logged", seats=3, seed=4), save_path=tmp_path / "t.save")
        c = await TableClient.connect("127.0.0.1", srv.port, name="Ana", table=table.id, host_key=table.host_key)
        player = RandomPlayer(c, seed=1)
        await c.add_bot(1, "easy")
        await c.add_bot(2, "easy")
        await wait_until(lambda: all(s["ready"] for s in table.lobby()["seats"][1:]), what="bots")
        await c.start()
        await wait_until(lambda: table.status == "finished", 60, "the match to finish")
        await player.stop()
        await table.flush()
        saves = [i for i, (kind, _) in enumerate(synced) if kind == "save"]
        assert len(saves) > 10, synced
        for i in saves:
            offset = synced[i][1]
            assert offset is not None and any(kind == "log" and size is not None and size >= offset
                                              for kind, size in synced[:i]), (i, synced[:i + 1])
        await c.close()
    finally:
        await srv.close()
