"""Help (F1) lists the keys that work on the screen it is opened over, as things stand: a solo
table has no stepping away (its A only says so), a match in play no rematch (R says why), a
finished match no cards to choose or play, a solo lobby no readiness, seats, chat or invites.
Opened away from a table, it says where such keys answer."""
from __future__ import annotations

from typing import Any

from core import new_match
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.picker import TableChoice
from tui.screens.table import TableScreen

from .helpers import current, make_app, notices, play_with_keys, show_link, wait_for
from .matchlink import MatchLink

REMATCH_LATER = "No rematch during a match: once it is over, its results offer one."


async def _help(app: Any, pilot: Any) -> dict[str, dict[str, str]]:
    """F1 pressed: Help's sections, each as key -> what it does; Help closed again."""
    await pilot.press("f1")
    shown = await wait_for(pilot, lambda: current(app, HelpScreen))
    sections = {title: dict(rows) for title, rows in shown.sections.items()}
    await pilot.press("escape")
    await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))
    return sections


async def _table(app: Any, pilot: Any, solo: bool, match: Any) -> tuple[TableScreen, MatchLink]:
    link = MatchLink(match, 0)
    link.solo = solo  # type: ignore[attr-defined]
    return await show_link(app, pilot, link), link


def _finished() -> Any:
    """A Ninety-Nine match of one chip each (rules 7: chips 1..99) played to its end (1.3)."""
    match = new_match("ninety-nine", 2, options={"chips": 1}, seed=3)
    for _ in range(200):
        if match.is_over:
            break
        match.apply(match.legal_actions()[0])
    assert match.is_over
    return match


async def test_a_solo_table_in_play_lists_no_step_away_and_no_rematch() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await _table(app, pilot, True, new_match("ninety-nine", 3, preset="manual-draw", seed=4))
        sections = await _help(app, pilot)
        keys = sections["At the table"]
        # a choice here is an ace's or a ten's value: no suit is named, so no suit key is listed
        assert "1 .. 9" in sections["A choice at the table"]
        assert not any(does.startswith("Name ") for does in sections["A choice at the table"].values())
        assert "A" not in keys and "R" not in keys, keys  # A: "No stepping away at a solo table"
        assert keys["H"] == "Hint" and keys["Enter"] == "Play"
        assert keys["Space"] == "Draw your card after a play, before the next seat plays"  # ninety-nine 5.1
        assert keys["Esc"] == "Leave the match" and "1 .. 9, 0" in keys and "Mouse" in keys
        app.clear_notifications()
        await pilot.press("r")  # once silent
        await wait_for(pilot, lambda: REMATCH_LATER in notices(app))
        assert link.sent == [] and app.screen is screen


async def test_a_table_with_others_in_play_lists_step_away_and_no_rematch() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, link = await _table(app, pilot, False, new_match("crazy-eights", 3, seed=4))
        keys = (await _help(app, pilot))["At the table"]
        assert keys["A"].startswith("Step away from the match") and keys["/"] == "Chat"
        assert "R" not in keys and "H" not in keys
        app.clear_notifications()
        await pilot.press("r")
        await wait_for(pilot, lambda: REMATCH_LATER in notices(app))
        assert link.sent == []


async def test_a_finished_match_lists_rematch_and_no_keys_of_play() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for solo in (True, False):
            await _table(app, pilot, solo, _finished())
            keys = (await _help(app, pilot))["At the table"]
            assert keys["R"] == "Rematch"  # the host's (MatchLink's) words, as the results' button
            for gone in ("Enter", "Space", "H", "A", "1 .. 9, 0", "Mouse", "←"):
                assert gone not in keys, (gone, keys)
            assert keys["Esc"] == "Back to the home screen"  # no lobby behind this link
            assert keys["C"] == "Total" and keys["S"] == "Scores"
            app.pop_screen()
            await pilot.pause()


async def test_away_from_a_table_help_says_where_such_keys_answer() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        keys = (await _help(app, pilot))["At the table"]
        assert keys["R"] == "Rematch (once a match is over)"
        assert keys["A"].startswith("At a table with players, step away from the match")
        assert keys["H"] == "Hint (at a solo table)" and keys["Enter"] == "Play"
        assert keys["Space"] == "Draw (Crazy Eights; in Ninety-Nine's manual draw, your card after a play)"


async def test_help_over_settings_lists_the_settings_keys_first() -> None:
    """F1 lists the keys of the screen it is pressed on first: Settings had no section of its
    own, and Help opened there with the home screen's."""
    from tui.screens.settings import SettingsScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(SettingsScreen())
        await wait_for(pilot, lambda: current(app, SettingsScreen))
        sections = await _help(app, pilot)
        assert list(sections)[0] == "Settings" and sections["Settings"]["Esc"] == "Back"
        assert "Home" in sections  # the other screens after it


async def test_a_solo_lobby_lists_only_its_own_keys() -> None:
    """Ready, Take seat, Chat and Invite are a table with others' (they only say so at a solo
    one): Help over the solo table, over its finished match's results and over its lobby
    leaves them out, and the chat line's keys with them."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.start_table(TableChoice(game="ninety-eight", preset="single-hand", options={}, seats=3,
                                          bots={1: "easy", 2: "easy"}), solo=True)
        await wait_for(pilot, lambda: current(app, TableScreen))
        sections = await _help(app, pilot)
        assert list(sections["Lobby"]) == ["B", "X", "G", "Ctrl+S", "Esc"], sections["Lobby"]
        assert "A" not in sections["At the table"] and "R" not in sections["At the table"]
        await play_with_keys(app, pilot, timeout=90)
        results = (await _help(app, pilot))["Hand over / match over"]
        assert results["R"] == "Rematch" and results["B"] == "Back to lobby"
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        sections = await _help(app, pilot)
        assert list(sections)[0] == "Lobby"
        assert list(sections["Lobby"]) == ["B", "X", "G", "Ctrl+S", "Esc"], sections["Lobby"]
        # nor is the chat panel, with no chat line, a Tab stop (its focus hard to see)
        lobby = app.screen
        stops = []
        for _ in range(8):
            await pilot.press("tab")
            stops.append(lobby.focused.id if lobby.focused is not None else None)
        assert "chat-log" not in stops and "seats" in stops, stops
        await app.leave_table()


async def _keys_say(app: Any, pilot: Any, screen: TableScreen, link: MatchLink, keys: dict[str, str]) -> None:
    """Each key pressed says its words, sends nothing and leaves the table up; the table closed after."""
    for key, why in keys.items():
        app.clear_notifications()
        await pilot.press(key)
        await wait_for(pilot, lambda: why in notices(app))
    assert link.sent == [] and app.screen is screen
    app.pop_screen()
    await pilot.pause()


async def test_a_players_keys_say_why_they_do_nothing_once_the_match_is_over() -> None:
    """Help leaves them out once the match is over, and a key pressed anyway is told (it was
    silent): H, Enter and the number keys at a solo table, A and Space at one with others, /
    (Chat) and A (Step away) at a solo one, which never has them. (The same words again while
    they show are not stacked: one key per sentence and table.)"""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for solo, keys in ((True, {"h": "Nothing to do: the match is over.",
                                   "slash": "No chat at a solo table: only bots sit at it.",
                                   # a solo table never has it: not "nothing to step away from"
                                   "a": "No stepping away at a solo table: its bots wait for you, and Q saves the match."}),
                           (True, {"enter": "Nothing to do: the match is over."}),  # the hand's keys too
                           (True, {"3": "Nothing to do: the match is over."}),
                           (False, {"a": "Nothing to step away from: the match is over.",
                                    "space": "Nothing to do: the match is over."})):
            screen, link = await _table(app, pilot, solo, _finished())
            await _keys_say(app, pilot, screen, link, keys)


async def test_a_watchers_keys_of_play_say_why_they_do_nothing() -> None:
    """A watcher (no seat) holds no cards and no seat: Enter, P, the number keys and A say so, R
    during the match says when a rematch comes and after it that rematches are the players'."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for match, keys in (
                (new_match("crazy-eights", 3, seed=4),
                 {"enter": "You are watching: no cards are yours to play.",
                  "a": "You are watching: no seat is yours, so there is nothing to step away from.",
                  "r": REMATCH_LATER}),
                (_finished(), {"r": "You are watching: a rematch is for the players. To play the next match, "
                                    "take a free seat in the lobby.",
                               "space": "Nothing to do: the match is over."}),
                (new_match("crazy-eights", 3, seed=4), {"p": "You are watching: no cards are yours to play."}),
                (new_match("crazy-eights", 3, seed=4), {"1": "You are watching: no cards are yours to play."})):
            link = MatchLink(match, None)  # type: ignore[arg-type]
            link.is_host = False  # a guest watching (the host's R starts a rematch, seated or not)
            screen = await show_link(app, pilot, link, first_plays=False)
            await _keys_say(app, pilot, screen, link, keys)


async def test_a_watchers_help_lists_no_keys_of_a_hand_or_of_a_players_results() -> None:
    """A watcher holds no hand: Y (the cards held) and O (their order) are not listed, nor, for
    the results to come, R (a rematch is the players') or V (a replay is of a solo match); a
    player at the same table gets Y and O, and a solo player V."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        link = MatchLink(new_match("crazy-eights", 3, seed=4), None)  # type: ignore[arg-type]
        link.is_host = False
        await show_link(app, pilot, link, first_plays=False)
        sections = await _help(app, pilot)
        assert "Y" not in sections["At the table"] and "O" not in sections["At the table"]
        assert "A choice at the table" not in sections  # a watcher makes no play to be asked about
        assert "hand" not in sections["At the table"]["Tab"] and "hand" not in sections["At the table"]["Enter in the chat line"]
        results = next(rows for title, rows in sections.items() if "match over" in title)
        assert "R" not in results and "V" not in results, results
        app.pop_screen()
        await pilot.pause()
        await _table(app, pilot, True, new_match("crazy-eights", 3, seed=4))
        sections = await _help(app, pilot)
        assert sections["At the table"]["Y"] == "Cards held" and sections["At the table"]["O"] == "Hand order"
        assert "A choice at the table" in sections
        results = next(rows for title, rows in sections.items() if "match over" in title)
        assert results["V"] == "Replay" and results["R"] == "Rematch"


async def test_the_palette_words_help_gives_each_find_a_command() -> None:
    """Help names what Ctrl+P's palette finds; the palette searches its commands' names, so each
    word Help gives must be in one ("new game" found nothing)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        line = (await _help(app, pilot))["Everywhere"]["Ctrl+P"]
        assert line.startswith("Command palette: ")
        words = line.removeprefix("Command palette: ").split(", ")
        names = [command.title.lower() for command in app.get_system_commands(app.screen)]
        assert len(words) >= 5
        for word in words:
            assert any(word in name for name in names), (word, names)


async def test_an_ssh_guests_help_offers_no_hint_and_no_replay(monkeypatch: Any) -> None:
    """An SSH guest plays at the host's table only, never solo, and has no match logs of its own:
    Help from its home or lobby listed "H Hint (at a solo table)" and V Replay among a hand's
    results keys, which do nothing for it."""
    monkeypatch.setenv("DEALMEIN_SSH_SESSION", "1")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        sections = await _help(app, pilot)
        assert "H" not in sections["At the table"] and sections["At the table"]["/"].startswith("Chat")
        results = next(rows for title, rows in sections.items() if title.endswith("match over"))
        assert "V" not in results and "Replay" not in results.values()


async def test_help_on_the_join_screen_lists_its_keys_first() -> None:
    """F1 on Join a table showed no section of its own (its keys were nowhere in Help)."""
    from tui.screens.join import JoinScreen

    app = make_app(mdns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        await wait_for(pilot, lambda: current(app, JoinScreen))
        sections = await _help(app, pilot)
        assert list(sections)[0] == "Join a table", list(sections)
        join = sections["Join a table"]
        assert join["Esc"] == "Back" and join["↑, ↓, Enter"].startswith("Choose a table in a list and join it")
        assert "Tab, Shift+Tab" in join and "Enter in the address" in join
        assert join["Esc while joining"] == "Stop joining: the Join screen stays"


async def test_help_puts_the_rules_theme_and_card_style_in_reach_of_a_click() -> None:
    """At a table with others on 80 columns the bar has no room for the palette's key, and F2,
    F3 and F4 were on no bar: a player with a mouse could not reach the rules, the theme or
    the card style. F1 is always on the bar, and Help's own bar offers all three."""
    from textual.widgets._footer import FooterKey

    from tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(app, pilot, False, new_match("crazy-eights", 3, seed=4))
        await pilot.press("f1")
        help_screen = await wait_for(pilot, lambda: current(app, HelpScreen))
        keys = {k.description: k for k in help_screen.query(FooterKey)}
        assert {"Back", "Rules", "Theme", "Card style"} <= set(keys) and "Help" not in keys, list(keys)
        style = app.card_style
        await pilot.click(keys["Card style"])
        await wait_for(pilot, lambda: app.card_style != style)
        theme = app.theme
        await pilot.click(keys["Theme"])
        await wait_for(pilot, lambda: app.theme != theme)
        await pilot.click(keys["Rules"])
        await wait_for(pilot, lambda: current(app, RulesScreen))
        assert not any(isinstance(s, HelpScreen) for s in app.screen_stack)  # in Help's place
