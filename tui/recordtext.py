"""Your record as text: the lines and tables the Record screen and ``dealmein record`` show."""
from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from core import GAMES

from .plain import clean
from .record import Played, Tally, by_bot_level, by_company, by_player, by_variant, tally

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
    """All matches, then against bots and with players, a line each."""
    def part(label: str, t: Tally) -> str:
        return f"{label}: {t.played} played, {t.won} won ({percent(t)})"

    bots, people = by_company(matches)
    lines = [part("All", tally(matches))]
    if bots.played:
        lines.append(part("Against bots", bots))
    if people.played:
        lines.append(part("With players", people))
    return "\n".join(lines)


def games_table(matches: list[Played]) -> Table:
    """A row per game, its variants under it."""
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("game", no_wrap=True, overflow="ellipsis")
    for head in ("played", "won", "win %"):
        table.add_column(head, justify="right", no_wrap=True)
    table.add_column("streak", no_wrap=True)
    table.add_column("best run", justify="right", no_wrap=True)
    table.add_column("last", no_wrap=True)
    for game, (whole, variants) in by_variant(matches).items():
        table.add_row(Text(game_name(game), style="bold"), str(whole.played), str(whole.won), percent(whole),
                      whole.streak_text(), str(whole.best), whole.last)
        for variant, t in variants.items():
            table.add_row(Text("  " + clean(variant, 40)), str(t.played), str(t.won), percent(t),
                          t.streak_text(), str(t.best), t.last, style="dim")
    return table


def bots_table(matches: list[Played]) -> Table | None:
    """Matches against bots only, by the strongest level at the table; None with none."""
    levels = by_bot_level(matches)
    if not levels:
        return None
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("against bots only, by the strongest", no_wrap=True)
    for head in ("played", "won", "win %"):
        table.add_column(head, justify="right", no_wrap=True)
    for level, t in levels.items():
        table.add_row(level, str(t.played), str(t.won), percent(t))
    return table


#: the players the record screen lists by name, most played with first
PLAYERS_SHOWN = 12


def players_table(matches: list[Played]) -> Table | None:
    """The players you have played with, by name: matches together and who won them; None with
    none."""
    players = by_player(matches)
    if not players:
        return None
    table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
    table.add_column("with players, by name", no_wrap=True, overflow="ellipsis")
    for head in ("together", "you won", "they won"):
        table.add_column(head, justify="right", no_wrap=True)
    for name, t in list(players.items())[:PLAYERS_SHOWN]:
        table.add_row(Text(name), str(t.played), str(t.you_won), str(t.they_won))
    if len(players) > PLAYERS_SHOWN:
        table.add_row(Text(f"and {len(players) - PLAYERS_SHOWN} more", style="dim"), "", "", "")
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
    console.print(games_table(matches))
    for extra in (bots_table(matches), players_table(matches)):
        if extra is not None:
            print()
            console.print(extra)
    return 0
