"""The rules of a game, from the player-facing Markdown in ``tui/rules``; at a table, the
variant in force comes first ("At this table"), each option with what its value means."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Mount
from textual.screen import Screen
from textual.widgets import Markdown, Tab, Tabs

from core import GAMES
from core.options import deck_count, value_text

from ..keymap import key_label
from ..plain import counted
from ..widgets.keyfooter import KeyFooter
from . import popped

if TYPE_CHECKING:
    from ..app import DealMeInApp

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


#: What a value means where core's description of the option speaks of another value (a
#: ``value: ...`` description, or a bool's description of ``on``) or lists every value at once.
#: Keyed by game and option; values as the options resolve them (``True``/``False`` for bools).
VALUE_MEANINGS: dict[tuple[str, str], dict[Any, str]] = {
    ("ninety-eight", "fours"): {"add": "a 4 adds 4"},
    ("ninety-eight", "threes"): {"add": "a 3 adds 3"},
    ("ninety-eight", "jacks"): {"add": "a J adds 10"},
    ("ninety-eight", "teams"): {"off": "everyone plays for themselves"},
    ("ninety-eight", "scoring"): {"penalties": "going out of a hand costs a life",
                                  "single": "one hand decides the match",
                                  "stakes": "everyone antes each hand; its winner collects a chip from each player out"},
    ("ninety-nine", "draw"): {"auto": "you draw after each play automatically"},
    ("crazy-eights", "reshuffle"): {False: "an empty stock stays empty"},
    ("crazy-eights", "last_card"): {"points": 'forgetting "last card!", or saying it wrongly, costs 10 points',
                                    "draw2": 'forgetting "last card!", or saying it wrongly, costs two cards',
                                    "off": 'no need to say "last card!"'},
    ("crazy-eights", "jokers"): {False: "no jokers"},
    ("crazy-eights", "countdown"): {False: "eights are wild for everyone"},
    ("crazy-eights", "specials"): {False: "2, Q and A are ordinary cards"},
}


def _meaning(info: Any, option: Any, value: Any) -> str | None:
    """What ``value`` of ``option`` does, or None when nothing says so for this value."""
    known = VALUE_MEANINGS.get((info.id, option.name), {})
    if value in known:
        return known[value]
    text = option.description
    if option.kind == "bool":
        return text if value is True else None
    head, sep, rest = text.partition(": ")
    if option.kind == "choice":
        if sep and head in option.choices:  # it describes that value only
            return rest if value == head else None
        return text  # about the option as a whole
    if sep and any(head == value for _, value in option.only_when):
        return rest  # "stakes: chips each seat starts with" is shown only under stakes
    if sep and value not in option.specials and any(word in rest for word in option.specials):
        return head  # "cards dealt: auto is ..." says nothing of a number's "auto"
    return text


def _option_line(info: Any, name: str, value: Any, resolved: dict[str, Any], seats: int,
                 changed: bool = False) -> str:
    """One option in force: its value, marked ``(changed)`` where the table set it over its
    preset (``changed``) or ``(preset)`` where the preset differs from the usual game there."""
    option = info.options[name]
    mark = " (changed)" if changed else "" if value == option.default else " (preset)"
    if name == "decks" and value == "auto":
        count = deck_count(seats, value)
        return f"- `{name}` = auto{mark}: {counted(count, 'deck')} at {seats} seats (two with 6 or more)"
    if name == "decks":
        return f"- `{name}` = {value}{mark}: " + ("one deck" if value == 1 else "two decks shuffled together")
    if info.id == "crazy-eights" and name == "last_card" and value == "points" and resolved.get("countdown"):
        # rules 6.4: countdown keeps no points, so the points penalty is drawing two
        return f"- `{name}` = points{mark}, as draw2 in Countdown: {VALUE_MEANINGS[(info.id, name)]['draw2']}"
    meaning = _meaning(info, option, value)
    if info.id == "ninety-eight" and name == "teams" and meaning and resolved.get("scoring") == "stakes":
        meaning = meaning.replace("their lives", "their chips")  # rules 7.2: with stakes, chips belong to the team
    if info.id == "ninety-eight" and name == "teams" and meaning and resolved.get("scoring") == "single":
        meaning = meaning.replace(" and share their lives", "")  # one hand, no lives to share
    if info.id == "ninety-eight" and name == "scoring" and value == "stakes" and resolved.get("ante") == 0:
        meaning = "a hand's winner collects a chip from each player out (no ante)"  # 6.3 with ante 0
    return f"- `{name}` = {value_text(value)}{mark}" + (f": {meaning}" if meaning else "")


def _in_force(info: Any, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The table's seats and its options as the engine resolves them (none when it cannot)."""
    try:
        seats = int(table.get("seats") or info.min_players)
        return seats, info.resolve(seats, str(table.get("preset") or "standard"), table.get("options") or {})
    except (ValueError, TypeError):
        return 0, {}


def table_lines(game: str, table: dict[str, Any]) -> list[str]:
    """The "At this table" section: the preset, then each option in force that does something
    under the others, with what its value means."""
    info = GAMES[game]
    preset = str(table.get("preset") or "standard")
    lines = ["## At this table", ""]
    seats, resolved = _in_force(info, table)
    # what the table set over its preset, by value (a log's header gives every option, most as
    # the preset has them); a value that does nothing under the others is said to do nothing
    usual = _in_force(info, dict(table, options={}))[1] if preset in info.presets else {}
    changed = [name for name, value in resolved.items() if name in usual and usual[name] != value]
    if preset in info.presets:
        doing = [f"`{name}`" for name in changed if info.applies(name, resolved)]
        idle = [f"`{name}`" for name in changed if not info.applies(name, resolved)]
        said = f" Changed from it at this table: {', '.join(doing)}." if doing else ""
        if idle:
            said += f" Set at this table, with no effect under the rest: {', '.join(idle)}."
        lines += [f"Preset **{preset}**: {info.presets[preset].description}.{said}", ""]
    lines += [_option_line(info, name, value, resolved, seats, name in changed) for name, value in resolved.items()
              if info.applies(name, resolved)]
    return lines


_COUNTS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")


def _cards(count: int) -> str:
    """``Five cards``, ``One card``."""
    return f"{_COUNTS[count] if 0 <= count < len(_COUNTS) else count} card{'' if count == 1 else 's'}"


#: sentences of the rules pages that Countdown (crazy-eights 6) makes untrue
#: the Last card! section's penalty, as a table with the usual options has it (4.2)
_PAY = ("Forget, or say it when it is not true, and you pay: ten penalty points (or two cards "
        "drawn, or nothing at all, depending on the table).")

#: the Drawing section's reshuffle, as a table with the usual options has it (3.5)
_RESHUFFLE = "When the stock runs out, the pile (all but its top card) is shuffled into a new stock."

#: how the usual game's page says an eight is played (rules 3.3)
_EIGHT_PLAYED = ("play an **eight** on anything and **name a suit**: the next player must follow that suit "
                 "(or play another eight), or")
_COUNTDOWN = {
    "Eights are wild.":
        "In Countdown each player's wild card is the rank of their count: eights at 8, sevens at "
        "7, down to aces at 1. For everyone else that rank is an ordinary card.",
    "Five cards each (seven when only two play).":
        "Each player is dealt as many cards as their count: eight to start, one fewer each time "
        "they go out.",
    _EIGHT_PLAYED:
        "play your **wild card** (the rank of your count) on anything and **name a suit**: the "
        "next player must follow that suit (or play their own wild card), or",
    "Everyone else scores the cards they still hold: an eight or a joker 50, a picture card or a "
    "10 ten points, an ace 1, other cards their number. The match ends after the hand in which "
    "someone reaches 100 points, and the lowest score wins (a tie shares the win).":
        "In Countdown there are no points: the player out lowers their count by one, and the "
        "first to go out on a count of 1 wins the match.",
    "the hand ends where it stands, and everyone scores the cards they still hold.":
        "the hand ends where it stands, and every count stays as it was.",
}


#: ninety-eight 7: what a 4, a 3 and a J do when they add nothing, as the card table says it
_NE_SPECIAL = {("fours", "reverse"): ("4", "adds nothing and turns the direction round"),
               ("threes", "skip"): ("3", "adds nothing; the next player misses a turn"),
               ("jacks", "skip"): ("J", "adds nothing; the next player misses a turn")}


def _ninety_eight_cards(resolved: dict[str, Any]) -> dict[str, str]:
    """The card table's rows and the sentence on a total at the limit, as a 4, a 3 or a J that
    adds nothing (ninety-eight 7) makes them at this table."""
    special = {rank: does for (option, value), (rank, does) in _NE_SPECIAL.items() if resolved.get(option) == value}
    if not special:
        return {}
    said: dict[str, str] = {}
    plain = [str(n) for n in range(2, 10) if str(n) not in special]
    runs: list[list[str]] = []
    for n in plain:  # "2, 5 to 9": consecutive numbers as a run
        if runs and int(runs[-1][-1]) + 1 == int(n):
            runs[-1].append(n)
        else:
            runs.append([n])
    ranks = ", ".join(r[0] if len(r) == 1 else f"{r[0]}, {r[1]}" if len(r) == 2 else f"{r[0]} to {r[-1]}" for r in runs)
    if "3" in special or "4" in special:
        rows = [f"| {ranks} | goes up by the card's number |"]
        rows += [f"| {rank} | {special[rank]} |" for rank in ("3", "4") if rank in special]
        said["| 2 to 9 | goes up by the card's number |"] = "\n".join(rows)
    if "J" in special:
        said["| J, Q | goes up by 10 |"] = f"| Q | goes up by 10 |\n| J | {special['J']} |"
    cards = [f"a {rank}" for rank in ("4", "3", "J") if rank in special]
    saved = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " or " + cards[-1]
    said["(and, in the variants where a 4, a 3 or a J adds nothing, that card)."] = f"(and, at this table, {saved})."
    return said


def variant_sentences(game: str, resolved: dict[str, Any]) -> dict[str, str]:
    """The sentences of ``game``'s rules page that speak of its usual game and are untrue under
    the options in force, each with what it says at that table instead: how many cards a
    player holds, and what Countdown changes."""
    if game == "crazy-eights":
        said: dict[str, str] = {}
        penalty = resolved.get("last_card")
        if penalty == "off":
            said[_PAY] = "At this table nothing is paid for forgetting it."
        elif penalty == "draw2" or resolved.get("countdown"):  # 6.4: Countdown keeps no points
            said[_PAY] = "Forget, or say it when it is not true, and you draw two cards."
        if resolved.get("countdown"):
            said.update(_COUNTDOWN)
            if resolved.get("jokers"):
                said["Eights are wild."] = _COUNTDOWN["Eights are wild."] + " Jokers are wild for everyone."
            return said
        if resolved.get("jokers"):  # 3.3: wild cards are eights, and jokers when in play
            said["Eights are wild."] = "Eights and jokers are wild."
            said[_EIGHT_PLAYED] = ("play an **eight** or a **joker** on anything and **name a suit**: the next player "
                                   "must follow that suit (or play another wild card), or")
        size = resolved.get("hand_size")
        if isinstance(size, int):
            said["Five cards each (seven when only two play)."] = f"{_cards(size)} each."
        if resolved.get("reshuffle") is False:  # 3.5
            said[_RESHUFFLE] = ("At this table the pile is not shuffled into a new stock: once the stock "
                                "runs out, nothing is left to draw.")
        draws = resolved.get("max_draws")
        if isinstance(draws, int):  # 3.4
            said[", and keep drawing."] = (", one card a turn." if draws == 1
                                           else f", and keep drawing, up to {_cards(draws).lower()} a turn.")
        target = resolved.get("target")
        if isinstance(target, int) and target != 100:
            said["someone reaches 100 points"] = f"someone reaches {target} points"
        return said
    if game == "ninety-eight":
        said = _ninety_eight_cards(resolved)
        scoring = resolved.get("scoring")
        if scoring == "stakes":  # 7.2: chips belong to the team
            said["partners sit opposite and share their lives;"] = "partners sit opposite and share their chips;"
        elif scoring == "single":
            said["partners sit opposite and share their lives;"] = "partners sit opposite;"
        size = resolved.get("hand_size")
        if isinstance(size, int) and size != 4:
            said["Four cards."] = f"{_cards(size)}."
        lives = resolved.get("lives")
        if isinstance(lives, int) and lives != 3:
            said["(three)"] = f"({_number(lives)})"
        ante, hands, chips = resolved.get("ante"), resolved.get("hands"), resolved.get("chips")
        teams = resolved.get("teams") == "pairs"  # 7.2: the chips are the team's
        if isinstance(chips, int) and (chips != 10 or teams and scoring == "stakes"):  # 6.3
            who = "each team" if teams else "everyone"
            said["everyone starts with ten chips,"] = \
                f"{who} starts with one chip," if chips == 1 else f"{who} starts with {_number(chips)} chips,"
        if isinstance(ante, int) and ante != 1:  # 6.3
            said["and antes a chip into the pot each hand;"] = (
                "and no one antes, so there is no pot;" if ante == 0 else
                f"and antes {_number(ante)} chips into the pot each hand;")
            if ante == 0:
                said["the richest player then takes the pot (a tie splits it, any chip left over going to the first "
                     "of them after the dealer)."] = \
                    "the richest player then wins (a tie shares the win)."
        if isinstance(hands, int) and hands != 10:
            said["or after ten hands;"] = "or after one hand;" if hands == 1 else f"or after {_number(hands)} hands;"
        return said
    if game == "ninety-nine":
        chips = resolved.get("chips")
        if isinstance(chips, int) and chips != 9:
            return {"You start with nine.": f"You start with {_number(chips)}."}
    return {}


def _number(count: int) -> str:
    """``three``, or the figure past ten."""
    return _COUNTS[count].lower() if 0 < count < len(_COUNTS) else str(count)


#: the number Ninety-Eight's page gives its limit as (rules 1, option ``limit``)
_LIMIT = re.compile(r"\b98\b")


def _put(text: str, sentence: str, instead: str) -> str:
    """``text`` with ``sentence`` (wrapped onto lines anywhere) said ``instead``."""
    pattern = r"\s+".join(re.escape(word) for word in sentence.split())
    return re.sub(pattern, lambda _: instead, text, count=1)


#: a key named in a rules page: ``[[binding id|key it ships on]]``
KEY_MARK = re.compile(r"\[\[([\w.]+)\|([^\]|]+)\]\]")


def with_keys(text: str, keys_for: Callable[[str, str], str] | None = None) -> str:
    """``text`` with each key it names as the keymap has it now (``App.keys_for``), so that a
    key moved on the Keys screen is the one the page tells of; without one, the shipped key."""
    return KEY_MARK.sub(lambda m: keys_for(m[1], m[2]) if keys_for else key_label(m[2]), text)


def rules_markdown(game: str, table: dict[str, Any] | None = None,
                   keys_for: Callable[[str, str], str] | None = None) -> str:
    """The game's rules page, its keys as ``keys_for`` names them (``with_keys``); when a table
    of this game is known, its preset and options come first, under the page's title, and the
    rules follow, saying what its variant changes where they speak of the usual game
    (``variant_sentences``)."""
    try:
        text = with_keys((RULES_DIR / f"{game}.md").read_text(encoding="utf-8"), keys_for)
    except OSError:
        text = f"# {game}\n\nNo rules page for this game."
    if not (table and table.get("game") == game and game in GAMES):
        return text
    title, _, body = text.partition("\n")
    if not title.startswith("# "):
        title, body = f"# {GAMES[game].name}", text
    body = body.lstrip("\n")
    resolved = _in_force(GAMES[game], table)[1]
    for sentence, instead in variant_sentences(game, resolved).items():
        body = _put(body, sentence, instead)
    limit = resolved.get("limit")
    if game == "ninety-eight" and isinstance(limit, int) and limit != 98:  # every total it speaks of
        body = _LIMIT.sub(str(limit), body)
    if body and not body.startswith("## "):
        body = "## The game\n\n" + body  # the page's opening lines, under a heading of their own
    return "\n".join([title, "", *table_lines(game, table), "", body])


class GameTabs(Tabs):
    """The games' tabs. Textual's tabs check their active tab when they mount; on a screen
    popped before that, the tabs are gone and the check would crash the app."""

    def _on_mount(self, event: Mount) -> None:
        if popped(self.screen):
            event.prevent_default()


class RulesScreen(Screen[None]):
    if TYPE_CHECKING:
        app = getters.app(DealMeInApp)

    CSS_PATH = Path(__file__).with_suffix(".tcss")
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        # the games' tabs, from the page too (its own Left and Right would scroll sideways,
        # where nothing is): the arrows a player tries first, named on the key bar
        # two keys on the bar, not one "← →": a click on one key steps one way only
        Binding("left", "game(-1)", "Previous game", key_display="←", priority=True),
        Binding("right", "game(1)", "Next game", key_display="→", priority=True),
        Binding("f2", "app.rules", "Rules", show=False, id="app.rules"),  # here already
    ]

    def action_game(self, step: int) -> None:
        """The game before or after this one, round the tabs."""
        games = list(GAMES)
        self.query_one(GameTabs).active = f"rules-{games[(games.index(self.game) + step) % len(games)]}"

    def __init__(self, game: str = "ninety-eight", table: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = game if game in GAMES else next(iter(GAMES))
        self.table = table

    def compose(self) -> ComposeResult:
        yield GameTabs(*[Tab(info.name, id=f"rules-{gid}") for gid, info in GAMES.items()],
                       active=f"rules-{self.game}", id="games")
        with VerticalScroll(id="scroll"):
            yield Markdown(rules_markdown(self.game, self.table, self.app.keys_for), id="rules")
        yield KeyFooter()

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one("#scroll").focus()

    @on(Tabs.TabActivated)
    def _switch(self, event: Tabs.TabActivated) -> None:
        game = (event.tab.id or "")[len("rules-"):]
        if game and game != self.game:
            self.game = game
            self.query_one("#rules", Markdown).update(rules_markdown(game, self.table, self.app.keys_for))
            # another game's page from its top, not at the place the last one was read to
            self.query_one("#scroll", VerticalScroll).scroll_home(animate=False)
