"""The rules screen (F2) at a table, at 80x24: "At this table" comes first and says what each
option in force means, leaves out what the table's other options switch off, and the rules'
tables read whole."""
from __future__ import annotations

import re
from typing import Any

from textual.widgets import Markdown, Tabs
from textual.widgets._markdown import MarkdownTableCellContents

from tui.screens.rules import RulesScreen

from .helpers import current, make_app, open_table, wait_for


def shown(app: Any) -> list[str]:
    """The lines the terminal shows, as plain text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def open_rules(app: Any, pilot: Any, game: str, seats: int, preset: str,
                     options: dict[str, Any] | None = None) -> RulesScreen:
    """A real table of ``game`` under ``preset``, then F2, as a player at it would; the rules
    screen is returned once its page is laid out."""
    await open_table(app, pilot, game, seats, seat=0, seed=3, preset=preset, options=options)
    # what the picker (solo) or the lobby (network) records for the table in force
    app.rules_game = game
    app.rules_table = {"game": game, "preset": preset, "options": dict(options or {}), "seats": seats}
    await pilot.press("f2")
    screen = await wait_for(pilot, lambda: current(app, RulesScreen))
    await wait_for(pilot, lambda: screen.query("MarkdownH2") and screen.query_one("MarkdownH1").region.height)
    await pilot.pause()
    return screen


def at_this_table(screen: RulesScreen) -> list[str]:
    """The lines of the page's "At this table" section, up to the next heading."""
    lines = screen.query_one("#rules", Markdown).source.splitlines()
    start = lines.index("## At this table")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return [line for line in lines[start + 1:end] if line.strip()]


def option_line(section: list[str], name: str) -> str:
    found = [line for line in section if line.startswith(f"- `{name}`")]
    assert len(found) == 1, (name, section)
    return found[0]


async def test_default_values_say_what_they_mean() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-eight", 4, "standard")
        section = at_this_table(screen)
        assert section[0].startswith("Preset **standard**")
        fours = option_line(section, "fours")
        assert fours == "- `fours` = add: a 4 adds 4"
        assert option_line(section, "threes") == "- `threes` = add: a 3 adds 3"
        assert option_line(section, "jacks") == "- `jacks` = add: a J adds 10"
        teams = option_line(section, "teams")
        assert teams.startswith("- `teams` = off") and "partners" not in teams and "pairs" not in teams
        for name in ("fours", "threes", "jacks"):
            line = option_line(section, name)
            assert "reverse" not in line and "skip" not in line and "adds 0" not in line, line
        # penalties scoring: lives count, the stakes' chips, ante and hands do not
        assert option_line(section, "lives") == "- `lives` = 3: penalties that put a seat out of the match"
        assert not any(line.startswith(("- `chips`", "- `ante`", "- `hands`")) for line in section), section


async def test_changed_values_say_what_they_mean() -> None:
    """A value the preset gives is marked ``(preset)``, one the table set over it ``(changed)``."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-eight", 4, "ninety-nine", {"teams": "pairs"})
        section = at_this_table(screen)
        assert option_line(section, "fours") == "- `fours` = reverse (preset): a 4 adds 0 and reverses the direction"
        assert option_line(section, "threes") == \
            "- `threes` = skip (preset): a 3 adds 0 and the next seat misses its turn"
        assert option_line(section, "jacks") == "- `jacks` = add: a J adds 10"
        assert option_line(section, "teams") == \
            "- `teams` = pairs (changed): partners sit opposite and share their lives"
        assert option_line(section, "limit") == "- `limit` = 99 (preset): the limit; a King sets the total to it"


async def test_stakes_show_the_stakes_and_not_the_lives() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-eight", 3, "stakes")
        section = at_this_table(screen)
        scoring = option_line(section, "scoring")
        assert scoring.startswith("- `scoring` = stakes (preset): ") and "lives" not in scoring
        assert option_line(section, "chips") == "- `chips` = 10: chips each seat starts with"
        assert option_line(section, "ante") == "- `ante` = 1: chips each seat antes before a hand"
        assert not any(line.startswith("- `lives`") for line in section), section


async def test_teams_under_stakes_share_chips_not_lives() -> None:
    """ninety-eight 7.2: with stakes, partners share chips; there are no lives."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-eight", 4, "stakes", {"teams": "pairs"})
        section = at_this_table(screen)
        assert option_line(section, "teams") == \
            "- `teams` = pairs (changed): partners sit opposite and share their chips"


async def test_countdown_has_no_points() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "crazy-eights", 3, "countdown")
        section = at_this_table(screen)
        text = "\n".join(section)
        # rules 6.2 and 6.4: no points, so no target, and forgetting "last card!" draws two
        assert "`target`" not in text and "points" not in text.replace("last_card` = points", ""), section
        last = option_line(section, "last_card")
        assert "draw2" in last and "two cards" in last and "10 points" not in last, last
        # the count, not hand_size, sets how many cards are dealt (6.1)
        assert "`hand_size`" not in text
        assert option_line(section, "countdown").startswith("- `countdown` = on (preset): ")


async def test_standard_crazy_eights_keeps_points() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "crazy-eights", 3, "standard")
        section = at_this_table(screen)
        assert option_line(section, "target").startswith("- `target` = 100: ")
        last = option_line(section, "last_card")
        assert last == '- `last_card` = points: forgetting "last card!", or saying it wrongly, costs 10 points', last
        # off values do not borrow the on value's description
        jokers = option_line(section, "jokers")
        assert jokers.startswith("- `jokers` = off") and "wild like eights" not in jokers
        specials = option_line(section, "specials")
        assert specials.startswith("- `specials` = off") and "draw two" not in specials
        countdown = option_line(section, "countdown")
        assert countdown.startswith("- `countdown` = off") and "counts down" not in countdown


async def test_ninety_nine_manual_draw_default() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-nine", 3, "standard")
        section = at_this_table(screen)
        draw = option_line(section, "draw")
        assert draw.startswith("- `draw` = auto") and "manual" not in draw and "your job" not in draw


async def test_at_this_table_comes_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-eight", 4, "reverse-fours")
        source = screen.query_one("#rules", Markdown).source
        assert source.startswith("# Ninety-Eight\n")
        headings = [line for line in source.splitlines() if line.startswith("## ")]
        assert headings[0] == "## At this table", headings
        assert source.index("## At this table") < source.index("## What you hold")
        # on the first screen, unscrolled: the heading, the preset and the first options
        lines = shown(app)
        assert any("At this table" in line for line in lines), lines
        assert any("Preset reverse-fours" in line for line in lines), lines
        assert any("fours = reverse (preset)" in line for line in lines), lines
        assert not any("What you hold" in line for line in lines), lines


async def first_column_reads_whole(app: Any, pilot: Any, screen: RulesScreen) -> list[str]:
    """Every card cell (a table's first column, such as "3, 5, 6, 7, 8") shows whole on one
    screen line once scrolled to; returns the texts checked."""
    checked = []
    cells = [c for c in screen.query(MarkdownTableCellContents) if str(c.name or "").endswith(".1")]
    assert cells
    for cell in cells:
        text = str(cell.render()).strip()
        screen.query_one("#scroll").scroll_to_widget(cell, animate=False, top=True)
        await pilot.pause()
        lines = shown(app)
        assert any(f"\u2502 {text} " in line for line in lines), \
            (text, cell.region, [line for line in lines if "\u2502" in line])
        checked.append(text)
    return checked


async def test_card_tables_read_whole_at_80_columns() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "ninety-nine", 3, "standard")
        checked = await first_column_reads_whole(app, pilot, screen)
        assert "3, 5, 6, 7, 8" in checked and "Q, K" in checked
        # the other game's page, from its tab, reads whole too
        screen.query_one("#games", Tabs).active = "rules-ninety-eight"
        await wait_for(pilot, lambda: screen.query_one("#rules", Markdown).source.startswith("# Ninety-Eight"))
        await wait_for(pilot, lambda: any(str(c.render()).strip() == "2 to 9"
                                          for c in screen.query(MarkdownTableCellContents)))
        await pilot.pause()
        checked = await first_column_reads_whole(app, pilot, screen)
        assert "2 to 9" in checked and "J, Q" in checked


async def test_a_countdown_table_reads_the_rules_of_countdown() -> None:
    """crazy-eights 6.1-6.3: at a countdown table the page says that each player is dealt as
    many cards as their count, that the wild card is the count's rank, and that there are no
    points (it said "Five cards each" and "Eights are wild" as at any other table)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rules(app, pilot, "crazy-eights", 3, "countdown")
        page = " ".join(screen.query_one("#rules", Markdown).source.split())
        assert "Five cards each" not in page and "Eights are wild." not in page
        assert "another eight" not in page and "reaches 100 points" not in page
        assert "## The deal Each player is dealt as many cards as their count" in page
        assert "wild card is the rank of their count" in page and "no points" in page
        # 6.4: with no points kept, a wrong or forgotten "last card!" costs two cards
        assert "ten penalty points" not in page and "you draw two cards" in page


def test_each_sentence_a_variant_changes_is_on_its_page() -> None:
    """The sentences ``variant_sentences`` says instead are the pages' own, word for word (a page
    reworded would otherwise keep its usual game's sentence at the table); a table of the usual
    game reads the page as it is, and a changed hand size says how many cards."""
    from core import GAMES
    from tui.screens.rules import RULES_DIR, rules_markdown, variant_sentences, with_keys

    tables = [("crazy-eights", "countdown", {}), ("crazy-eights", "standard", {"hand_size": 6}),
              ("crazy-eights", "countdown", {"jokers": True}), ("crazy-eights", "standard", {"last_card": "off"}),
              # 3.3: jokers in play are wild like eights ("Your turn" spoke of eights alone)
              ("crazy-eights", "jokers", {}),
              ("crazy-eights", "standard", {"last_card": "draw2"}), ("crazy-eights", "standard", {"target": 50}),
              ("ninety-eight", "five-card", {}), ("ninety-eight", "standard", {"hand_size": 3}),
              # 6.3: the ante and the hands of stakes as the table sets them
              ("ninety-eight", "stakes", {"ante": 2, "hands": 4}), ("ninety-eight", "stakes", {"ante": 0, "hands": 1}),
              ("ninety-eight", "stakes", {"chips": 5}), ("ninety-eight", "stakes", {"chips": 1}),
              # 7: a 4, a 3 or a J that adds nothing, in the card table; 7.2: teams under stakes, single
              ("ninety-eight", "ninety-nine", {}), ("ninety-eight", "jumping-jacks", {}),
              ("ninety-eight", "teams", {"scoring": "stakes"}), ("ninety-eight", "teams", {"scoring": "single"})]
    for game, preset, options in tables:
        seats = 4 if preset == "teams" else 3  # partners need an even table of four or more
        resolved = GAMES[game].resolve(seats, preset, options)
        said = variant_sentences(game, resolved)
        page = " ".join(with_keys((RULES_DIR / f"{game}.md").read_text(encoding="utf-8")).split())
        at_table = " ".join(rules_markdown(game, {"game": game, "preset": preset, "options": options,
                                                  "seats": seats}).split())
        assert said, (game, preset, options)
        for sentence, instead in said.items():
            assert sentence in page and sentence not in at_table and " ".join(instead.split()) in at_table, sentence
    stakes = " ".join(rules_markdown("ninety-eight", {"game": "ninety-eight", "preset": "stakes",
                                                      "options": {"ante": 0, "hands": 2}, "seats": 3}).split())
    assert "no one antes, so there is no pot;" in stakes and "or after two hands;" in stakes
    assert "then wins (a tie shares the win)." in stakes and "everyone antes" not in stakes
    assert "everyone starts with ten chips," in stakes  # 6.3: the chips a seat starts with, said
    assert "everyone starts with five chips," in " ".join(rules_markdown("ninety-eight", {
        "game": "ninety-eight", "preset": "stakes", "options": {"chips": 5}, "seats": 3}).split())
    # 7.2: with partners, the chips are the team's, as the table holds them
    teams = " ".join(rules_markdown("ninety-eight", {"game": "ninety-eight", "preset": "teams", "options": {
        "scoring": "stakes", "chips": 5}, "seats": 4}).split())
    assert "each team starts with five chips," in teams and "everyone starts with" not in teams
    assert "each team starts with ten chips," in " ".join(rules_markdown("ninety-eight", {
        "game": "ninety-eight", "preset": "teams", "options": {"scoring": "stakes"}, "seats": 4}).split())
    assert "Six cards each." in " ".join(rules_markdown("crazy-eights", {
        "game": "crazy-eights", "preset": "standard", "options": {"hand_size": 6}, "seats": 3}).split())
    for game in GAMES:  # from the first heading on, the page as written
        usual = rules_markdown(game, {"game": game, "preset": "standard", "options": {}, "seats": 3})
        assert variant_sentences(game, GAMES[game].resolve(3, "standard", {})) == {}
        assert usual.endswith(with_keys((RULES_DIR / f"{game}.md").read_text(encoding="utf-8")).split("\n## ", 1)[1])


async def test_the_rules_name_the_keys_as_the_keymap_has_them(tmp_path: Any) -> None:
    """Draw moved to D (and the rest left where they ship): the rules pages say D where they
    told of Space, as the key bar and the hints do; the keys not moved read as they ship."""
    from tui.settings import Settings, save_settings

    path = tmp_path / "settings.toml"
    save_settings(Settings(keymap={"table.draw": "d", "table.say_total": "f6"}), path)
    for config_path, draw, total in ((None, "Space", "C"), (path, "D", "F6")):
        app = make_app(config_path=config_path) if config_path else make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            app.rules_game = "crazy-eights"
            await pilot.press("f2")
            screen = await wait_for(pilot, lambda: current(app, RulesScreen))
            page = await wait_for(pilot, lambda: screen.query("#rules") and screen.query_one("#rules", Markdown))
            assert f"- **draw** a card ({draw})." in page.source and "**L** (\"Play+last" in page.source
            assert "[[" not in page.source and "instead of Enter." in page.source
            screen.query_one("#games", Tabs).active = "rules-ninety-nine"
            await wait_for(pilot, lambda: f"**{draw}** draws (manual draw only), **{total}** says the total, **S** the chips"
                           in page.source)
            assert f"press **{draw}** after playing" in page.source and "[[" not in page.source


async def test_the_arrows_switch_games_from_the_page() -> None:
    """The page has the focus as Rules opens; Right and Left step through the games' tabs (round
    the ends), and the key bar names them."""
    from .helpers import key_bar

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_rules()
        screen = await wait_for(pilot, lambda: current(app, RulesScreen))
        await pilot.pause()
        assert screen.focused is screen.query_one("#scroll") and screen.game == "ninety-eight"
        assert "Previous game" in key_bar(screen) and "Next game" in key_bar(screen)
        assert "Rules" not in key_bar(screen)  # F2 on the rules themselves: nothing to open
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.game == "ninety-nine")
        assert "Ninety-Nine" in screen.query_one("#rules", Markdown).source.splitlines()[0]
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.game == "crazy-eights")
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.game == "ninety-eight")
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.game == "crazy-eights")
        # a click on the bar steps the way its key says ("← →" as one key stepped left only)
        from textual.widgets._footer import FooterKey

        bar = {k.description: k for k in screen.query(FooterKey)}
        await pilot.click(bar["Next game"])
        await wait_for(pilot, lambda: screen.game == "ninety-eight")
        await pilot.click(bar["Previous game"])
        await wait_for(pilot, lambda: screen.game == "crazy-eights")


async def test_another_game_s_page_opens_at_its_top() -> None:
    """Read down one page, the next game's opened where the last was left (its card table and
    first sections scrolled past); it opens at its title."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_rules()
        screen = await wait_for(pilot, lambda: current(app, RulesScreen))
        await pilot.pause()
        scroll = screen.query_one("#scroll")
        for game in ("ninety-nine", "crazy-eights"):
            await pilot.press("end")
            await wait_for(pilot, lambda: scroll.scroll_y > 20)
            await pilot.press("right")
            await wait_for(pilot, lambda: screen.game == game)
            await pilot.pause()
            assert scroll.scroll_y == 0
            await wait_for(pilot, lambda: any(screen.query_one("#rules", Markdown).source.splitlines()[0][2:] in line
                                              for line in shown(app)))


def test_the_page_gives_the_tables_numbers_where_it_speaks_of_the_usual_game() -> None:
    """ninety-nine 1.2 (``chips``), ninety-eight's limit and lives: the page said "You start
    with nine" at a table of three chips, and 98 at a table whose limit is 100."""
    from tui.screens.rules import rules_markdown

    def body(game: str, preset: str, options: dict[str, Any] | None = None) -> str:
        page = rules_markdown(game, {"game": game, "preset": preset, "options": options or {}, "seats": 3})
        sections = page.split("\n## ")
        assert sections[1].startswith("At this table")
        return " ".join(" ".join(sections[2:]).split())  # the rules, after the options in force

    assert "You start with three." in body("ninety-nine", "quick") and "nine." not in body("ninety-nine", "quick")
    assert "You start with nine." in body("ninety-nine", "standard")
    assert "You start with 20." in body("ninety-nine", "standard", {"chips": 20})
    hundred = body("ninety-eight", "standard", {"limit": 100, "lives": 5})
    assert "Keep it at 100 or below." in hundred and "jumps straight to 100" in hundred
    assert not re.search(r"\b98\b", hundred) and "(five)" in hundred and "(three)" not in hundred
    usual = body("ninety-eight", "standard")
    assert "Keep it at 98 or below." in usual and "(three)" in usual
    # crazy-eights 3.4 and 3.5: a draw limit, and a stock that is not rebuilt
    once = body("crazy-eights", "draw-one", {"reshuffle": False})
    assert "You may draw even when you could play, one card a turn." in once
    assert "shuffled into a new stock." not in once and "once the stock runs out, nothing is left to draw" in once
    assert "and keep drawing, up to three cards a turn." in body("crazy-eights", "standard", {"max_draws": 3})
    # ninety-eight 7: the card table says what a 4, a 3 or a J that adds nothing does
    nn = body("ninety-eight", "ninety-nine")
    assert "| 2, 5 to 9 | goes up by the card's number |" in nn and "| 3 | adds nothing; the next player misses a turn |" in nn
    assert "| 4 | adds nothing and turns the direction round |" in nn and "(and, at this table, a 4 or a 3)." in nn
    jacks = body("ninety-eight", "jumping-jacks")
    assert "| Q | goes up by 10 |" in jacks and "| J | adds nothing; the next player misses a turn |" in jacks
    assert "J, Q" not in jacks and "| 2 to 9 | goes up by the card's number |" in jacks
    assert "| 2, 3, 5 to 9 |" in body("ninety-eight", "reverse-fours")
    assert "| J, Q | goes up by 10 |" in body("ninety-eight", "standard")
    usual = body("crazy-eights", "standard")
    assert "and keep drawing." in usual and "(all but its top card) is shuffled into a new stock." in usual
    # 5.3: the match ends after the hand that reaches the target; 3.6: a blocked hand scores;
    # 7.1 and 7.4: facing a 2, a 2 or the cards; the starter has no effect
    assert "The match ends after the hand in which someone reaches 100 points" in usual
    assert "the hand ends where it stands, and everyone scores the cards they still hold." in usual
    assert "after the hand in which someone reaches 50 points" in body("crazy-eights", "standard", {"target": 50})
    specials = body("crazy-eights", "specials")
    assert "facing a 2, a player may only play a 2 or take the cards" in specials
    assert "The card turned up to start the pile has no special effect." in specials
    assert "every count stays as it was." in body("crazy-eights", "countdown")


def test_the_preset_line_names_what_the_table_changed_from_it() -> None:
    """A preset's own words ("98, four cards, three lives") with the limit and the hand size
    changed: the line names what changed, so it does not read as the table's numbers; a table
    of the preset as it is says nothing more."""
    from tui.screens.rules import rules_markdown

    def preset_line(options: dict[str, Any]) -> str:
        page = rules_markdown("ninety-eight", {"game": "ninety-eight", "preset": "standard", "options": options,
                                               "seats": 3})
        return next(line for line in page.splitlines() if line.startswith("Preset "))

    assert preset_line({"limit": 50, "hand_size": 5}).endswith(" Changed from it at this table: `limit`, `hand_size`.")
    assert "Changed" not in preset_line({})
    assert "Changed" not in preset_line({"limit": 98, "hand_size": 4})  # given, but as the preset has them


def test_a_table_of_a_preset_with_every_option_given_names_only_what_differs() -> None:
    """A match log's header gives every option in force: the rules page of its replay names as
    changed only what differs from the preset, marks the preset's own values ``(preset)``, and
    says where a value set does nothing under the rest (crazy-eights 6.1: Countdown deals by
    the count, whatever ``hand_size`` says)."""
    from core import GAMES
    from tui.screens.rules import table_lines

    every = GAMES["ninety-eight"].resolve(4, "fast", {"threes": "skip"})
    lines = table_lines("ninety-eight", {"game": "ninety-eight", "preset": "fast", "options": every, "seats": 4})
    head = next(line for line in lines if line.startswith("Preset "))
    assert head.endswith(" Changed from it at this table: `threes`."), head
    assert "- `threes` = skip (changed): a 3 adds 0 and the next seat misses its turn" in lines
    assert any(line.startswith("- `limit` = 50 (preset): ") for line in lines), lines
    assert any(line.startswith("- `fours` = add: ") for line in lines), lines
    lines = table_lines("crazy-eights", {"game": "crazy-eights", "preset": "countdown", "options": {"hand_size": 3},
                                         "seats": 3})
    head = next(line for line in lines if line.startswith("Preset "))
    assert head.endswith(" Set at this table, with no effect under the rest: `hand_size`."), head
    assert "Changed from it" not in head and not any("`hand_size` =" in line for line in lines)


def test_the_option_lines_say_what_one_or_two_decks_and_stakes_mean() -> None:
    """rules README (decks), ninety-eight 6.3 (stakes): "decks shuffled together" read oddly
    for one deck, and the stakes line did not say what a hand's winner collects."""
    from tui.screens.rules import table_lines

    def lines(game: str, preset: str, options: dict[str, Any]) -> list[str]:
        return table_lines(game, {"game": game, "preset": preset, "options": options, "seats": 4})

    assert "- `decks` = 1 (changed): one deck" in lines("ninety-nine", "standard", {"decks": 1})
    assert "- `decks` = 2 (changed): two decks shuffled together" in lines("ninety-nine", "standard", {"decks": 2})
    assert "- `scoring` = stakes (changed): everyone antes each hand; its winner collects a chip from each " \
           "player out" in lines("ninety-eight", "standard", {"scoring": "stakes"})
    # ninety-nine 5.1: the draw lasts until the next player plays; Space draws only then
    from tui.screens.rules import rules_markdown

    page = " ".join(rules_markdown("ninety-nine").split())
    assert "You can still draw until the next player plays a card" in page and "draws (manual draw only)" in page


def test_the_pages_say_what_the_rules_decide_of_ties_starters_and_variants() -> None:
    """crazy-eights 2.2 (a joker starter: any card), 4.2 (the penalty may be off), 5.3 (ties
    share the win), 7.4 (a wild special card does both); ninety-nine 7 (``quick``: three
    chips). At tables of those options the page still says what the table does instead."""
    from tui.screens.rules import rules_markdown

    def page(game: str, table: dict[str, Any] | None = None) -> str:
        return " ".join(rules_markdown(game, table).split())

    ce = page("crazy-eights")
    assert "A joker turned up can be answered with any card." in ce
    assert "(or two cards drawn, or nothing at all, depending on the table)" in ce
    assert "and the lowest score wins (a tie shares the win)." in ce
    assert "a card that is both your wild card and a special card does both" in ce
    assert "starts everyone on three chips instead of nine" in page("ninety-nine")
    off = page("crazy-eights", {"game": "crazy-eights", "preset": "standard", "options": {"last_card": "off"},
                                "seats": 3})
    assert "At this table nothing is paid for forgetting it." in off and "or nothing at all" not in off
    countdown = page("crazy-eights", {"game": "crazy-eights", "preset": "countdown", "options": {}, "seats": 3})
    assert "first to go out on a count of 1 wins the match" in countdown and "a tie shares" not in countdown


async def test_rules_from_home_after_the_picker_or_a_replay_speak_of_no_table(tmp_path: Any) -> None:
    """The picker's choice and a replay's log are the table Rules (F2) speak of while they are
    up; once they are gone, Rules from home is the game's page with no "At this table" (it kept
    the last choice the picker showed, of a table never opened)."""
    from tui.screens.home import HomeScreen
    from tui.screens.picker import PickerScreen
    from tui.screens.replay import ReplayScreen

    from .test_replay_screen import write_log

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("p")
        await wait_for(pilot, lambda: current(app, PickerScreen))
        await pilot.press("f2")
        rules = await wait_for(pilot, lambda: current(app, RulesScreen))
        assert rules.table is not None  # the picker's choice, while it is up
        await pilot.press("escape")
        await wait_for(pilot, lambda: current(app, PickerScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f2")
        rules = await wait_for(pilot, lambda: current(app, RulesScreen))
        assert rules.table is None
        await pilot.press("escape")
        write_log(tmp_path / "match.jsonl")
        app.push_screen(ReplayScreen(tmp_path / "match.jsonl", in_app=True))
        await wait_for(pilot, lambda: current(app, ReplayScreen))
        assert app.rules_table is not None and app.rules_table["game"] == "ninety-eight"
        app.pop_screen()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert app.rules_table is None
