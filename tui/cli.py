"""The ``dealmein`` command line. Textual is imported only by the commands that open the app, and
the engine and network code only by the commands (and options) that use them, so that the app
opens as soon as it would without the command line."""
from __future__ import annotations

import argparse
import functools
import sys
from typing import Any, Iterator


class VersionAction(argparse.Action):
    """``--version``: the version is read from the package metadata only when it is asked for."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str = "show program's version number and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from net.client import app_version

        print(f"{parser.prog} {app_version()}")
        parser.exit()


class GameIds:
    """The game ids as ``--game`` choices, taken from the engine's registry when a value is checked
    or the help is shown, not when the parser is built."""

    def _ids(self) -> list[str]:
        from core import GAMES

        return sorted(GAMES)

    def __contains__(self, game: object) -> bool:
        return game in self._ids()

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())


SEED_HELP = ("deal the tables you host from this seed: the same seed, game and seats give the "
             "same cards, for practice or a bug report (anyone who knows it can work out the hands)")


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """Built once per process (parsing never changes it): an SSH session forked from the app
    zygote reuses the zygote's instead of building its own."""
    p = argparse.ArgumentParser(prog="dealmein", description="Deal Me In: a terminal card room.")
    p.add_argument("--version", action=VersionAction)
    p.add_argument("--no-mdns", action="store_true", help="do not browse or advertise tables on the LAN")
    p.add_argument("--seed", type=int, default=None, metavar="N", help=SEED_HELP)
    sub = p.add_subparsers(dest="command")

    sub.add_parser("games", help="list the games, their presets and options")

    host = sub.add_parser("host", help="host a table for players on the LAN")
    host.add_argument("--name", default=None, help="table name (default: your name's table)")
    host.add_argument("--port", type=int, default=7098)
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    game = host.add_argument("--game", default="ninety-eight")
    game.choices = GameIds()  # set after add_argument, which would list the choices (and import the engine)
    host.add_argument("--preset", default="standard")
    host.add_argument("--seats", type=int, default=4, help="seats at the table")
    host.add_argument("--bots", type=int, default=0, help="seats to fill with bots")
    host.add_argument("--bot-level", default="normal", choices=["easy", "normal", "hard"])
    host.add_argument("--password", default=None)
    # SUPPRESS: a subcommand's default would overwrite a --seed given before the subcommand
    host.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="N", help=SEED_HELP)
    host.add_argument("--headless", action="store_true", help="serve the table without opening the app")
    host.add_argument("--resume", action="store_true",
                      help="bring back the table autosaved on --port (a new table if there is none)")
    host.add_argument("--ssh", type=int, default=None, metavar="PORT",
                      help="also serve the app over SSH on this port (e.g. 2222)")
    host.add_argument("--ssh-auth", default="password", choices=["password", "open", "keys"],
                      help="password: the table password (made up if not given); open: anyone (trusted LANs "
                           "only); keys: an authorized_keys file")
    host.add_argument("--ssh-keys", default=None, metavar="FILE", help="authorized_keys file for --ssh-auth keys")
    host.add_argument("--ssh-max-sessions", type=int, default=16)
    host.add_argument("--ssh-idle", type=float, default=1800.0, help="seconds before an idle SSH session is dropped")
    host.add_argument("--no-mdns", action="store_true", dest="host_no_mdns")
    host.add_argument("--grace", type=float, default=120.0, help="seconds a dropped player's seat is held")
    host.add_argument("--takeover", type=float, default=120.0,
                      help="seconds the table waits for an away player before a bot plays for them")
    host.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot pauses before it plays")

    join = sub.add_parser("join", help="join a table at HOST[:PORT]")
    join.add_argument("address")
    join.add_argument("--name", default=None, help="your player name")
    join.add_argument("--password", default=None)
    join.add_argument("--host-key", default=None, help="the host key a headless host printed: run its lobby")

    tables = sub.add_parser("tables", help="list the tables found on the LAN")
    tables.add_argument("--json", action="store_true")
    tables.add_argument("--wait", type=float, default=2.0, help="seconds to browse")
    tables.add_argument("--interface", action="append", default=None, metavar="ADDRESS",
                        help="browse on the interface with this address (repeatable; default: all)")
    replay = sub.add_parser("replay", help="replay a match log and check that it reproduces the match")
    replay.add_argument("file")
    replay.add_argument("--show", action="store_true", help="step through the match with every hand face up")
    return p


def print_games() -> None:
    from core import GAMES

    for info in GAMES.values():
        print(f"{info.name} ({info.id}), {info.min_players}-{info.max_players} seats: {info.summary}")
        for preset in info.presets.values():
            print(f"  preset {preset.name}: {preset.description}")


def run_replay(file: str) -> int:
    from pathlib import Path

    from net.matchlog import replay

    result = replay(Path(file))
    if result.ok:
        assert result.match is not None
        print(f"{file}: {result.actions} actions; the log reproduces the match "
              f"(winners: {', '.join(map(str, result.match.winners)) or 'none yet'})")
        return 0
    print(f"{file}: does not reproduce: {result.error}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "games":
        print_games()
        return 0
    if args.command == "replay" and not args.show:
        return run_replay(args.file)
    from tui.commands import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
