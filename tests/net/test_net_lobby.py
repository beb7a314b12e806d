"""The lobby over real sockets: seats, ready flags, every host control, chat and listeners."""
from __future__ import annotations

import asyncio
from typing import Any

from net.server import Server, TableConfig

from .table_helpers import RandomPlayer, join, next_update, wait_until


def seats(c: Any) -> list[dict[str, Any]]:
    return c.lobby["seats"]


async def test_seats_ready_and_stand(server: Server) -> None:
    table = server.create_table(TableConfig(name="Ana's table", seats=3))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    assert (host.seat, host.is_host, bo.seat, bo.is_host) == (0, True, 1, False)
    await wait_until(lambda: seats(host)[1]["name"] == "Bo", what="Bo in the lobby")
    lob = host.lobby
    assert lob["name"] == "Ana's table" and lob["game"] == "ninety-eight" and lob["status"] == "lobby"
    assert seats(host)[0]["host"] and not seats(host)[1]["host"]
    await bo.sit(0)  # taken
    err = await next_update(bo, "error")
    assert err["code"] == "taken"
    await bo.sit(2)
    await wait_until(lambda: bo.seat == 2 and seats(host)[2]["name"] == "Bo" and seats(host)[1]["name"] is None,
                     what="Bo moved to seat 2")
    await bo.ready(True)
    await wait_until(lambda: seats(host)[2]["ready"], what="ready flag")
    await bo.stand()
    await wait_until(lambda: bo.seat is None and seats(host)[2]["name"] is None
                     and host.lobby["spectators"] == 1, what="Bo standing")
    assert host.lobby["watchers"] == ["Bo"]  # named, for the lobby's "Watching: Bo"
    await host.close()
    await bo.close()


async def test_host_controls_refused_to_others(server: Server) -> None:
    table = server.create_table(TableConfig(seats=2))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    for call in (bo.configure(game="ninety-nine"), bo.add_bot(1, "easy"), bo.remove_bot(1),
                 bo.kick(0), bo.start(), bo.rematch()):
        await call
        err = await next_update(bo, "error")
        assert err["code"] == "not_host"
    assert table.status == "lobby" and table.config.game == "ninety-eight"
    assert [s.bot for s in table.seats] == [None, None]
    await host.close()
    await bo.close()


async def test_configure_bots_kick_start_and_rematch(server: Server) -> None:
    changes: list[str] = []
    server.add_listener(lambda t: changes.append(t.status))
    # a fixed table seed fixes the deals: two random players can drag an unlucky Crazy Eights
    # deal out to a thousand moves, too long for a bounded wait on a busy machine
    table = server.create_table(TableConfig(seats=4, seed=4))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    cy = await join(server, "Cy")

    # choose game, preset, options and seat count; a bad option is refused and changes nothing
    await host.configure(game="ninety-nine", preset="standard", options={"chips": 200})
    err = await next_update(host, "error")
    assert err["code"] == "bad_config" and "chips" in err["message"]
    assert table.config.game == "ninety-eight"
    # a value near a whole frame is named cut short: repeated in full, the refusal outgrew its
    # frame, and the host ended the connection with an internal error instead
    await host.configure(game="ninety-nine", options={"chips": ["\x07" * 15000] * 4})
    err = await next_update(host, "error")
    assert err["code"] == "bad_config" and "chips" in err["message"] and len(err["message"]) < 300, err
    assert table.config.game == "ninety-eight"
    await host.configure(game="ninety-nine", preset="quick", seats=3)
    await wait_until(lambda: host.lobby["game"] == "ninety-nine" and len(seats(host)) == 3,
                     what="configured lobby")
    assert host.lobby["preset"] == "quick"
    await host.configure(options={"chips": 2})
    await wait_until(lambda: host.lobby["options"] == {"chips": 2}, what="options")
    assert host.lobby["game"] == "ninety-nine" and host.lobby["preset"] == "quick"
    # a value sent is checked, never taken for one left out: no seats, no game, no preset
    for bad in ({"seats": 0}, {"game": ""}, {"preset": ""}):
        await host.configure(**bad)  # type: ignore[arg-type]
        err = await next_update(host, "error")
        assert err["code"] == "bad_config", (bad, err)
    assert (table.config.game, table.config.preset, len(table.seats)) == ("ninety-nine", "quick", 3)
    # a table its decks could not deal (rules README, not enough cards: 7 cards to each of 8
    # seats from one deck) is refused as it is set up, not found out at the deal
    await host.configure(game="ninety-eight", seats=8, options={"hand_size": 7, "decks": 1})
    err = await next_update(host, "error")
    assert err["code"] == "bad_config" and "not enough cards: the deal needs 56" in err["message"], err
    assert (table.config.game, table.config.preset, len(table.seats)) == ("ninety-nine", "quick", 3)

    # kick Cy; her app is told and closed, her seat frees
    await host.kick(2)
    closed = await next_update(cy, "connection", pred=lambda u: u["state"] == "closed")
    assert "removed" in closed["reason"]
    await wait_until(lambda: seats(host)[2]["name"] is None, what="seat 2 freed")
    assert seats(host)[2]["sent_away"] == "Cy"  # the others are told she was sent away

    # bots: add, refuse a bad level and an occupied seat, remove, add again
    await host.add_bot(2, "genius")
    assert (await next_update(host, "error"))["code"] == "bad_level"
    await host.add_bot(1, "easy")
    assert (await next_update(host, "error"))["code"] == "taken"
    await host.add_bot(2, "hard")
    await wait_until(lambda: seats(host)[2]["bot"] == "hard", what="hard bot")
    assert seats(host)[2]["sent_away"] is None
    await host.remove_bot(2)
    await wait_until(lambda: seats(host)[2]["bot"] is None, what="bot removed")
    assert seats(host)[2]["sent_away"] is None  # the seat filled since: no longer hers
    await host.start()
    assert (await next_update(host, "error"))["code"] == "not_ready"  # seat 2 is empty
    await host.add_bot(2, "normal")
    await host.start()
    assert (await next_update(host, "error"))["code"] == "not_ready"  # Bo is not ready
    assert table.status == "lobby"
    await bo.ready(True)
    await wait_until(lambda: seats(host)[1]["ready"], what="Bo ready")
    players = [RandomPlayer(host, 1), RandomPlayer(bo, 2)]
    await host.start()
    await asyncio.wait_for(asyncio.gather(*(p.finished.wait() for p in players)), 20)
    assert table.status == "finished"
    first = table.match
    assert first is not None and first.options["chips"] == 2

    # a rematch plays again with the same seats and options
    await host.rematch()
    await wait_until(lambda: table.match is not first, what="rematch")
    # (the players' ``finished`` may still be set from the first match: wait on the table)
    await wait_until(lambda: table.status == "finished", 20, "second match over")
    assert table.match.options["chips"] == 2  # type: ignore[union-attr]

    # after a match the host may set up another game: back to the lobby, ready flags cleared
    await host.configure(game="crazy-eights")
    await wait_until(lambda: host.lobby["status"] == "lobby" and host.lobby["game"] == "crazy-eights",
                     what="back in the lobby")
    assert not seats(host)[1]["ready"] and seats(host)[2]["ready"], "players re-ready, bots stay ready"
    await host.start()
    await wait_until(lambda: [e["code"] for e in players[0].errors] == ["not_ready"], what="not_ready")
    await bo.ready(True)
    await wait_until(lambda: seats(host)[1]["ready"], what="Bo ready again")
    second = table.match
    await host.start()
    await wait_until(lambda: table.match is not second, what="crazy eights started")
    assert table.match.game == "crazy-eights"  # type: ignore[union-attr]
    await wait_until(lambda: table.status == "finished", 20, "crazy eights over")
    await wait_until(lambda: all(p.views and p.views[-1]["game"] == "crazy-eights" and p.views[-1]["is_over"]
                                 for p in players), what="both players shown the end")
    assert [p.errors for p in players] == [[{"type": "error", "code": "not_ready",
                                             "message": players[0].errors[0]["message"]}], []]
    assert changes.count("playing") >= 3 and changes[-1] == "finished"
    for p in players:
        await p.stop()
    await host.close()
    await bo.close()


async def test_lobby_controls_are_refused_during_a_match(server: Server) -> None:
    table = server.create_table(TableConfig(seats=2))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    await bo.ready(True)
    await wait_until(lambda: table.seats[1].ready, what="ready")
    await host.start()
    await wait_until(lambda: host.view is not None, what="match started")
    before = table.match.snapshot()  # type: ignore[union-attr]
    for call in (host.configure(game="ninety-nine"), host.add_bot(1, "easy"), host.remove_bot(1),
                 host.sit(1), host.stand(), host.start(), host.rematch()):
        await call
    errs = [await next_update(host, "error") for _ in range(7)]
    assert [e["code"] for e in errs] == ["not_lobby"] * 6 + ["not_finished"]
    assert table.status == "playing" and table.match.snapshot() == before  # type: ignore[union-attr]
    assert table.config.game == "ninety-eight" and host.seat == 0
    await host.close()
    await bo.close()


async def test_chat_is_cleaned_and_names_are_cut(server: Server) -> None:
    server.create_table(TableConfig(seats=2))
    long_name = "\x1b[31mEve\x07" + "x" * 40
    eve = await join(server, long_name)
    bob = await join(server, "Bob")
    await eve.chat("hi \x1b[2J\x1b]0;pwned\x07there\u202e" + "!" * 400)
    msg = await next_update(bob, "chat", pred=lambda u: not u.get("system"))  # not the table's own lines
    assert msg["seat"] == 0
    assert msg["name"] == ("[31mEve" + "x" * 40)[:24] and len(msg["name"]) == 24
    assert "\x1b" not in msg["text"] and "\x07" not in msg["text"] and "\u202e" not in msg["text"]
    assert msg["text"].startswith("hi [2J]0;pwnedthere") and len(msg["text"]) == 300
    await eve.chat("\x1b\x07  ")
    assert (await next_update(eve, "error"))["code"] == "bad_chat"
    await eve.close()
    await bob.close()


async def test_a_name_that_shows_nothing_sits_as_player(server: Server) -> None:
    """A name of blank letters or lone marks would give a seat no one can read: it sits as
    "Player", and a table named so is named as a table with no name is."""
    table = server.create_table(TableConfig(seats=2, name="\u3164\u2800"))
    blank = await join(server, "\u3164\u3164\u0301")
    bob = await join(server, "Bob")
    await wait_until(lambda: [s["name"] for s in seats(bob)] == ["Player", "Bob"], what="both seated")
    assert table.config.name == "Deal Me In table" and bob.lobby["name"] == "Deal Me In table"
    await blank.close()
    await bob.close()


async def test_one_connection_per_seat(server: Server) -> None:
    """A second connection with the same token takes the seat; the first is closed."""
    server.create_table(TableConfig(seats=2))
    first = await join(server, "Ana", reconnect=False)
    second = await join(server, "Ana again", token=first.token)
    assert second.seat == first.seat == 0
    closed = await next_update(first, "connection", pred=lambda u: u["state"] == "closed")
    assert "newer connection" in closed["reason"]
    await wait_until(lambda: len(server.connections) == 1, what="old connection gone")
    await second.close()


async def test_a_seat_added_after_a_match_rejoins_without_the_old_match_failing(server: Server) -> None:
    """After a match, the host adds seats; a player in a new seat who reconnects with its
    token gets its seat back and the lobby the new setup put the table back in (no view of the
    match before, which had no such seat), instead of an error that closed the connection
    (found by the protocol fuzzer)."""
    table = server.create_table(TableConfig(name="Ana's table", seats=2))
    host = await join(server, "Ana", host_key=table.host_key)
    await host.add_bot(1, "easy")
    player = RandomPlayer(host, 5)
    await host.start()
    await asyncio.wait_for(player.finished.wait(), 20)
    await wait_until(lambda: table.status == "finished", what="the match over")
    await player.stop()
    await host.configure(seats=3)
    await wait_until(lambda: host.lobby["status"] == "lobby" and len(seats(host)) == 3, what="three seats")
    cy = await join(server, "Cy", table=table.id)
    assert cy.seat == 2
    token = cy.token
    await cy.close()
    back = await join(server, "Cy", table=table.id, token=token)
    try:
        assert back.seat == 2
        await wait_until(lambda: back.lobby is not None, what="the lobby")
        assert back.lobby["status"] == "lobby"  # type: ignore[index]
        await back.chat("still here")  # the connection stays open
        assert back.view is None  # the lobby alone: no view of the match before the new setup
        await next_update(host, "chat", pred=lambda u: u.get("text") == "still here")
    finally:
        await back.close()
        await host.close()


async def test_seats_taken_away_say_what_became_of_their_players(server: Server) -> None:
    """Protocol, ``configure``: fewer seats than players leaves the players in the seats that go
    watching (or, away, with no seat); the table says so to everyone, since a seat list that
    changes length tells no one who stood up."""
    table = server.create_table(TableConfig(name="Ana's table", seats=4))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    await bo.sit(2)
    await wait_until(lambda: bo.seat == 2, what="Bo in seat 3")
    cy = await join(server, "Cy", table=table.id, reconnect=False)
    assert cy.seat == 1
    await cy.sit(3)
    await wait_until(lambda: cy.seat == 3, what="Cy in seat 4")
    cy.drop_connection()  # no goodbye: away, the lobby keeps the seat for the token
    await wait_until(lambda: table.seats[3].token is not None and table.seats[3].conn is None, what="Cy away")
    await host.configure(seats=2)
    line = await next_update(bo, "chat", pred=lambda u: "seats now" in u.get("text", ""))
    assert line["system"] is True
    assert line["text"] == ("The table has 2 seats now: Bo (seat 3) watches now; "
                            "Cy (seat 4), who is away, has no seat now.")
    await wait_until(lambda: bo.seat is None and len(seats(bo)) == 2, what="Bo watching")
    await next_update(bo, "lobby", pred=lambda u: len(u["lobby"]["seats"]) == 2)
    await host.configure(seats=3)  # more seats take no one away: nothing said
    await host.chat("after")
    got: list[dict[str, Any]] = []

    async def until_after() -> None:
        async for u in bo.updates():
            got.append(u)
            if u["type"] == "chat" and u["text"] == "after":
                return

    await asyncio.wait_for(until_after(), 5)
    assert [u["text"] for u in got if u["type"] == "chat"] == ["after"], "no line about seats came between"
    lobbies = [u["lobby"] for u in got if u["type"] == "lobby"]
    assert lobbies and len(lobbies[-1]["seats"]) == 3 and lobbies[-1]["seats"][2]["name"] is None
    assert bo.seat is None
    for c in (bo, cy, host):
        await c.close()


async def test_a_new_setup_of_another_size_says_who_is_no_longer_ready(server: Server) -> None:
    """Protocol, ``configure``: a new setup clears every player's ready. The apps say so from
    two lobbies of one shape; where the seats change in number (or a match's end is left) the
    table says it, "you" to the player it is about."""
    table = server.create_table(TableConfig(name="Ana's table", seats=4))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo", table=table.id)
    cy = await join(server, "Cy", table=table.id)
    assert (bo.seat, cy.seat) == (1, 2)
    await bo.ready(True)
    await cy.ready(True)
    await wait_until(lambda: table.seats[1].ready and table.seats[2].ready, what="Bo and Cy ready")
    await host.configure(seats=3)
    to_bo = await next_update(bo, "chat", pred=lambda u: "seats now" in u.get("text", ""))
    to_cy = await next_update(cy, "chat", pred=lambda u: "seats now" in u.get("text", ""))
    to_host = await next_update(host, "chat", pred=lambda u: "seats now" in u.get("text", ""))
    assert to_bo["text"] == "The table has 3 seats now: Cy is no longer ready; you are no longer ready."
    assert to_cy["text"] == "The table has 3 seats now: Bo is no longer ready; you are no longer ready."
    assert to_host["text"] == "The table has 3 seats now: Bo and Cy are no longer ready."
    assert not table.seats[1].ready and not table.seats[2].ready
    for c in (bo, cy, host):
        await c.close()


async def test_a_bot_keeps_its_name_when_another_is_taken_away(server: Server) -> None:
    """The host names each bot apart as it sits ("Normal bot", "Normal bot 2"): taking the first
    away leaves the second its name (and its wins by it), where the apps numbered them afresh
    and "Normal bot 2" became "Normal bot"; the next bot takes the free name."""
    table = server.create_table(TableConfig(name="t", seats=4))
    ana = await join(server, "Ana", table=table.id, host_key=table.host_key)
    try:
        for seat in (1, 2, 3):
            await ana.add_bot(seat, "normal")
        await wait_until(lambda: [s["name"] for s in seats(ana)][1:] == ["Normal bot", "Normal bot 2", "Normal bot 3"])
        await ana.remove_bot(1)
        await wait_until(lambda: [s["name"] for s in seats(ana)][1:] == [None, "Normal bot 2", "Normal bot 3"])
        await ana.add_bot(1, "easy")
        await ana.add_bot(1, "normal")  # B again on a bot's seat: a level up, named afresh
        await wait_until(lambda: [s["name"] for s in seats(ana)][1:] == ["Normal bot", "Normal bot 2", "Normal bot 3"])
    finally:
        await ana.close()


async def test_a_player_keeps_their_wins_when_moving_watching_or_unseated_by_a_smaller_table(server: Server) -> None:
    """docs/protocol.md, a seat's ``wins``: the matches a player won at this table go with them
    to another seat, back from watching, and back from a smaller table's lost seat; a change of
    game starts them from 0 (they were lost at each of these, and the lobby said "Bo: 0")."""
    table = server.create_table(TableConfig(name="t", seats=4))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    try:
        assert bo.seat == 1
        table.seats[1].wins = 2  # as two matches won there
        await bo.sit(3)
        await wait_until(lambda: seats(host)[3]["name"] == "Bo", what="Bo moved")
        assert seats(host)[3]["wins"] == 2 and seats(host)[1]["wins"] == 0
        await bo.stand()
        await wait_until(lambda: bo.seat is None and seats(host)[3]["name"] is None, what="Bo watching")
        await bo.sit(2)
        await wait_until(lambda: seats(host)[2]["name"] == "Bo", what="Bo back in a seat")
        assert seats(host)[2]["wins"] == 2
        await host.configure(seats=2)  # his seat goes: he watches
        await wait_until(lambda: len(seats(host)) == 2 and bo.seat is None, what="the smaller table")
        await host.configure(seats=4)
        await wait_until(lambda: len(seats(host)) == 4, what="four seats again")
        await bo.sit(2)
        await wait_until(lambda: seats(host)[2]["name"] == "Bo", what="Bo seated again")
        assert seats(host)[2]["wins"] == 2
        await bo.stand()
        await wait_until(lambda: bo.seat is None, what="Bo watching")
        await host.configure(game="crazy-eights")  # another game: no score at this one
        await wait_until(lambda: host.lobby["game"] == "crazy-eights", what="the new game")
        await bo.sit(1)
        await wait_until(lambda: seats(host)[1]["name"] == "Bo", what="Bo at the new game")
        assert seats(host)[1]["wins"] == 0
    finally:
        await host.close()
        await bo.close()


async def test_an_error_message_is_cut_to_fit_its_frame(server: Server) -> None:
    """Whatever a refusal's reason repeats of what the peer sent, the error frame carries at most
    ``ERROR_LEN`` characters of it, so the frame is always sent (one past ``MAX_FRAME`` could not
    be: the host logged a traceback and the peer lost the reason with its connection)."""
    from net.server import ERROR_LEN

    table = server.create_table(TableConfig(seats=2))
    bo = await join(server, "Bo")
    conn = next(c for c in server.connections if c.table is table)
    conn.error("bad_config", "option 'x': got " + "\x07" * 70_000)
    err = await next_update(bo, "error")
    assert err["code"] == "bad_config" and len(err["message"]) == ERROR_LEN and err["message"].endswith("…")
    await bo.sit(1)  # the connection goes on
    await wait_until(lambda: table.seats[1].name == "Bo", what="Bo seated")
    await bo.close()


async def test_a_ready_that_answers_an_earlier_setup_is_refused(server: Server) -> None:
    """docs/protocol.md (``ready``'s ``setup``): the host set the table up anew (Crazy Eights
    specials) while Bo's app, on a slow link, still showed the setup before; his R came after,
    and he was ready for a setup he never saw. A ready naming an earlier setup is refused as
    ``stale_setup`` and changes nothing; one naming the setup now, or none (an older app), is
    taken, as is a "not ready" whatever it names."""
    table = server.create_table(TableConfig(seats=2, game="crazy-eights"))
    host = await join(server, "Ana", host_key=table.host_key)
    bo = await join(server, "Bo")
    seen = bo.lobby["setup"]
    assert seen == table.setup == 0
    await host.configure(preset="specials")
    await wait_until(lambda: bo.lobby["setup"] == 1 and bo.lobby["preset"] == "specials", what="the new setup")
    await bo.ready(True, setup=seen)
    err = await next_update(bo, "error")
    assert err["code"] == "stale_setup" and "set the table up anew" in err["message"]
    await asyncio.sleep(0.1)
    assert not table.seats[1].ready and bo.connected
    await bo.ready(True, setup=bo.lobby["setup"])
    await wait_until(lambda: table.seats[1].ready, what="ready for the setup seen")
    await bo.ready(False, setup=seen)  # taking a ready back is never stale
    await wait_until(lambda: not table.seats[1].ready, what="not ready")
    await bo.ready(True)  # an app that names no setup (an older one): taken as before
    await wait_until(lambda: table.seats[1].ready, what="ready with no setup named")
    await host.close()
    await bo.close()
