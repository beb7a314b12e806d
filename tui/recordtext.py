"""Your record as text: the lines and tables the Record screen and ``dealmein record`` show."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from core import GAMES

from .plain import clean
from .record import Played, Tally, by_bot_level, by_company, by_player, by_variant, tally

if TYPE_CHECKING:
    from rich.console import Console

EMPTY = ("No matches yet. Every match you finish in a seat is counted here: solo against bots and "
         "at tables with other players.")


def game_name(game: str) -> str:
    info = GAMES.get(game)
    return info.name if info is not None else clean(game, 40)


def percent(t: Tally) -> str:
    return f"{round(100 * t.rate)}%" if t.played else ""


def record_line(matches: list[Played], game: str) -> str:
    """The results screen's line for the game just played: "Your record at Ninety-Eight: 5
    won of 12 (42%), won the last 2"."""
    t = tally(m for m in matches if m.game == game)
    if not t.played:
        return ""
    line = f"Your record at {game_name(game)}: {t.won} won of {t.played} ({percent(t)})"
    if t.streak >= 2:
        line += f", won the last {t.streak}"
    return line


def overview(matches: list[Played]) -> str:
    """All matches, with the streak and best run across every game (the games table gives
    each game's), then against bots and with players, a line each."""
    def part(label: str, t: Tally) -> str:
        return f"{label}: {t.played} played, {t.won} won ({percent(t)})"

    bots, people = by_company(matches)
    everything = tally(matches)
    runs = f", streak {everything.streak_text()}, best run {everything.best}" if everything.played else ""
    lines = [part("All", everything) + runs]
    if bots.played:
        lines.append(part("Against bots", bots))
    if people.played:
        lines.append(part("With players", people))
    return "\n".join(lines)


#: the columns of the games table a narrow screen leaves out, first to last: the counts stay
GAMES_SPARE = ("last", "streak", "best run")
#: the cells a variant's name keeps in a narrow games table, wrapped over lines past them
#: ("reverse-fours (own options)" reads "reverse-fours (own" over "options)", both indented)
NAME_ROOM = 20


def _games_tiers() -> list[tuple[list[str], bool]]:
    """(columns, compact) from the roomiest: the last day goes first; then, one blank between
    columns, "best run" read "best" and a long variant wrapped, the streak and the best run
    stay; only where even that does not fit do they go, the streak first."""
    everything = ["played", "won", "win %", "streak", "best run", "last"]
    tiers = [(everything, False), (everything[:-1], False)]
    kept = everything[:-1]
    for spare in (None, *GAMES_SPARE[1:]):
        kept = [c for c in kept if c != spare]
        tiers.append((kept, True))
    return tiers


def games_table(matches: list[Played], width: int | None = None) -> Table:
    """A row per game, its variants under it; in ``width`` cells, as many of its columns as fit
    whole (``_games_tiers``) before a count or a game's name is cut."""
    rows: list[tuple[Text, Tally, str]] = []
    for game, (whole, variants) in by_variant(matches).items():
        rows.append((Text(game_name(game), style="bold"), whole, ""))
        rows += [(Text(clean(variant, 40)), t, "dim") for variant, t in variants.items()]
    table = Table()
    for columns, compact in _games_tiers():
        table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False,
                      collapse_padding=compact, pad_edge=not compact)
        # a long variant ("manual-draw (own options)") wraps in its column: the counts stay whole
        table.add_column("game")
        for head in columns:
            shown = "best" if compact and head == "best run" else head
            table.add_column(shown, justify="left" if head in ("streak", "last") else "right", no_wrap=True,
                             min_width=len(shown))
        for name, t, style in rows:
            cells = {"played": str(t.played), "won": str(t.won), "win %": percent(t), "streak": t.streak_text(),
                     "best run": str(t.best), "last": t.last}
            # a variant stands two cells in under its game, its name's every line if it wraps
            table.add_row(Padding(name, (0, 0, 0, 2)) if style else name, *(cells[head] for head in columns),
                          style=style)
        if width is None or _natural_width(table) - (_wrapped_off(rows) if compact else 0) <= width:
            break
    return table


def _wrapped_off(rows: list[tuple[Text, Tally, str]]) -> int:
    """The cells a compact games table saves by wrapping its variants' names at ``NAME_ROOM``
    (a game's own name is never wrapped)."""
    longest = max(t.cell_len + (2 if style else 0) for t, _tally, style in rows)
    games = max((t.cell_len for t, _tally, style in rows if not style), default=0)
    return max(0, longest - max(NAME_ROOM, games))


def _natural_width(table: Table) -> int:
    """The cells ``table`` takes with room for all of it."""
    from rich.console import Console
    from rich.measure import Measurement

    console = Console(width=1000)
    return Measurement.get(console, console.options, table).maximum


def bots_table(matches: list[Played]) -> Table | None:
    """Matches against bots only, by the strongest level at the table; None with none."""
    levels = by_bot_level(matches)
    if not levels:
        return None
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("against bots only, by the strongest")  # a narrow screen wraps it, not cuts
    for head in ("played", "won", "win %"):
        table.add_column(head, justify="right", no_wrap=True, min_width=len(head))
    for level, t in levels.items():
        table.add_row(level, str(t.played), str(t.won), percent(t))
    return table


#: the players the record screen lists by name, most played with first
PLAYERS_SHOWN = 12


def players_table(matches: list[Played], width: int | None = None) -> Table | None:
    """The players you have played with, by name: matches together and who won them; None with
    none. In ``width`` cells where it does not fit as it is: one blank between columns, and the
    names wrapped (folded, for a name longer than its column) rather than cut."""
    players = by_player(matches)
    if not players:
        return None
    for compact in (False, True):
        table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False,
                      collapse_padding=compact, pad_edge=not compact)
        table.add_column("with players, by name", overflow="fold" if compact else "ellipsis", no_wrap=not compact)
        for head in ("played" if compact else "together", "you won", "they won"):
            table.add_column(head, justify="right", no_wrap=True, min_width=len(head))
        for name, t in list(players.items())[:PLAYERS_SHOWN]:
            table.add_row(Text(name), str(t.played), str(t.you_won), str(t.they_won))
        if len(players) > PLAYERS_SHOWN:
            table.add_row(Text(f"and {len(players) - PLAYERS_SHOWN} more", style="dim"), "", "", "")
        if width is None or _natural_width(table) <= width:
            break
    return table


def tally_json(t: Tally) -> dict[str, Any]:
    return {"played": t.played, "won": t.won, "streak": t.streak, "best_run": t.best, "last": t.last}


def record_json(matches: list[Played]) -> dict[str, Any]:
    """What ``dealmein record --json`` prints: the same figures as the screen."""
    bots, people = by_company(matches)
    return {
        **tally_json(tally(matches)),
        "against_bots": tally_json(bots),
        "with_players": tally_json(people),
        "games": [{"game": game, "name": game_name(game), **tally_json(whole),
                   "variants": [{"variant": v, **tally_json(t)} for v, t in variants.items()]}
                  for game, (whole, variants) in by_variant(matches).items()],
        "bots": [{"level": level, **tally_json(t)} for level, t in by_bot_level(matches).items()],
        "players": [{"name": name, "played": t.played, "you_won": t.you_won, "they_won": t.they_won}
                    for name, t in by_player(matches).items()],
    }


def print_record(as_json: bool) -> int:
    """``dealmein record``: the record on standard output; a file it cannot read is one line on
    standard error and exit status 1, and the file is left as it is."""
    import json
    import sys

    from rich.console import Console

    from .record import load, record_path

    path = record_path()
    matches, problem = load(path)
    if problem:
        print(f"dealmein record: {problem} ({path})", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(dict(record_json(matches), file=str(path)), indent=1))
        return 0
    console = Console(highlight=False, soft_wrap=False)
    if not matches:
        print(EMPTY)
        return 0
    print(overview(matches), end="\n\n")
    # as the screen does: columns left out before a game's name or a count wraps (a terminal's
    # width, or COLUMNS, or 80 where the output is not a terminal)
    print_trimmed(console, games_table(matches, console.width))
    for extra in (bots_table(matches), players_table(matches, console.width)):
        if extra is not None:
            print()
            print_trimmed(console, extra)
    return 0


def print_trimmed(console: Console, table: Table) -> None:
    """``table`` line by line without the blanks Rich pads each line with to the table's width
    (the "last" column's "2026-11-29" left "last       " on its heading line): a line pasted
    or compared as text has no trailing spaces."""
    for line in console.render_lines(table, pad=False):
        text = Text(no_wrap=True)
        for segment in line:
            text.append(segment.text, segment.style)
        text.rstrip()
        console.print(text)
