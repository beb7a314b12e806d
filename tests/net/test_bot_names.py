"""A player cannot take a name the host gives its bots ("Normal bot 2", in any case): the one
who did passed for a bot, the bot itself was numbered past them ("Normal bot 2 2"), and a
narrow screen, which shortens the bots' names to "Bot 2", named the person "Bot 2". The host
refuses such a hello in words (an SSH login of such a name hears it from the guest's app)."""
from __future__ import annotations

import pytest

from core.bots.base import LEVELS
from net.client import ConnectError
from net.seatnames import BOT_LEVELS, bot_like
from net.server import Server, TableConfig
from net.ssh_server import player_name

from .table_helpers import FAST, join, wait_until


@pytest.mark.parametrize("name, like", [
    ("Normal bot", True), ("Normal bot 2", True), ("normal  BOT 12", True), ("Hard bot", True), ("easy bot 3", True),
    ("\uff2eormal bot", True), ("Normal bot \uff12", True),  # full-width letters and digits
    ("Normal bots", False), ("Normal bot Ana", False), ("Bot 2", False), ("Normal", False), ("Robot", False),
    ("Hard bot2", False), ("Ana", False),
])
def test_a_name_reads_as_a_bots_in_any_case_and_spacing(name: str, like: bool) -> None:
    assert bot_like(name) is like


def test_the_levels_named_are_the_engines() -> None:
    """Named apart from the engine, which reading a settings file must not load."""
    from tui.cmdline import BOT_LEVELS as COMMAND_LINE_LEVELS

    assert BOT_LEVELS == LEVELS and tuple(COMMAND_LINE_LEVELS) == LEVELS


async def test_the_host_refuses_a_bots_name_and_its_bots_keep_theirs() -> None:
    srv = Server(host="127.0.0.1", port=0, **FAST)  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(TableConfig(name="T", seats=4))
        table.add_bot(2, "normal")
        table.add_bot(3, "normal")
        for name in ("Normal bot 2", "NORMAL BOT", "Hard bot 7", " easy\tbot "):
            with pytest.raises(ConnectError) as refused:
                await join(srv, name, table=table.id)
            assert refused.value.code == "bad_name"
            shown = " ".join(name.split())
            assert refused.value.message == (f"{shown!r} reads as a bot's name, which the tables keep for their "
                                             "bots: choose another name")
        assert [s.name for s in table.seats] == [None, None, "Normal bot", "Normal bot 2"]
        ana = await join(srv, "Normal bots", table=table.id)  # a name that only starts alike is a name
        await wait_until(lambda: ana.lobby is not None and any(s["name"] == "Normal bots" for s in ana.lobby["seats"]),
                         what="the player seated")
        assert [s["name"] for s in ana.lobby["seats"]] == ["Normal bots", None, "Normal bot", "Normal bot 2"]
        await ana.close()
    finally:
        await srv.close()


def test_an_ssh_login_of_a_bots_name_keeps_it_for_the_table_to_refuse() -> None:
    """Not "guest": two such logins from one address shared that seat, each told the other,
    "someone logged in as guest", had taken it; the table's refusal says why."""
    assert player_name("Normal bot") == "Normal bot" and player_name("normalbot") == "normalbot"
