"""The ``dealmein`` command line: its parser, its checks and what each command runs (``tui.cli``
runs it). Textual is imported only by the commands that open the app, and the engine and network
code only by the commands (and options) that use them, so that the app opens as soon as it would
without the command line."""
from __future__ import annotations

import argparse
import contextlib
import functools
import math
import signal
import sys
import unicodedata
from typing import Any, Callable, Iterable, Iterator, NoReturn

from .headlessflags import HELD_MOST


class Parser(argparse.ArgumentParser):
    """Command line mistakes are one line on standard error and exit status 2, before anything
    starts (``--help`` shows the usage)."""

    #: help texts made only as the help is shown (by the argument's ``dest``)
    late_help: dict[str, Callable[[], str]] = {}

    def format_help(self) -> str:
        for action in self._actions:
            if action.dest in self.late_help:
                action.help = self.late_help[action.dest]()
        return super().format_help()

    def error(self, message: str) -> "NoReturn":
        self.exit(2, f"{self.prog}: error: {message}\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        """As argparse's, but a write that fails is raised, to be told (``tui.cli``): argparse
        passes it over, and ``--help >/dev/full`` said nothing, status 0."""
        stream = file or sys.stderr
        if message and stream is not None:  # (no stream at all: nowhere to say it)
            stream.write(message)

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:  # type: ignore[override]
        """As argparse's, but a word no command takes is named by that command ("dealmein solo:
        error: ..."), as its other mistakes are, not by the top level."""
        parsed, extra = self.parse_known_args(args, namespace)
        commands = getattr(self, "commands", {})
        if extra:
            commands.get(getattr(parsed, "command", None), self).error(f"unrecognized arguments: {' '.join(extra)}")
        if hasattr(parsed, "seed_after"):  # ``--seed`` after the command: one seed, wherever it is given
            after = parsed.seed_after
            del parsed.seed_after
            before = getattr(parsed, "seed", None)
            if before is not None and before != after:
                commands.get(parsed.command, self).error(
                    f"argument --seed: given twice, {before} before the command and {after} after it: give one")
            parsed.seed = after
        if (getattr(parsed, "no_mdns", False) or getattr(parsed, "host_no_mdns", False)) and any(
                getattr(parsed, dest, None) for dest in ("lan_interface", "host_lan_interface", "interface")):
            # the interface says where to look and advertise; --no-mdns does neither anywhere
            own = any(getattr(parsed, dest, None) for dest in ("host_no_mdns", "host_lan_interface", "interface"))
            (commands.get(parsed.command, self) if own else self).error(
                "argument --interface: not with --no-mdns, which keeps tables off every interface's lists")
        return parsed


def port_number(low: int) -> Callable[[str], int]:
    """An ``argparse`` type: a port number from ``low`` (0: any free port) to 65535."""

    def check(text: str) -> int:
        try:
            port = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a port number ({low}-65535)") from None
        if not low <= port <= 65535:
            raise argparse.ArgumentTypeError(f"{text!r} is not a port number ({low}-65535)")
        return port

    check.__name__ = "port"
    return check


def seconds(positive: bool = False, most: float | None = None) -> Callable[[str], float]:
    """An ``argparse`` type: a finite number of seconds, at least 0 (or more than 0), and at
    most ``most`` where given."""

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds")
        least = "more than 0" if positive else "0 or more"
        if value < 0 or (positive and value == 0) or (most is not None and value > most):
            upto = f" and at most {most:g}" if most is not None else ""
            raise argparse.ArgumentTypeError(f"{text!r} must be {least}{upto} seconds")
        return value

    check.__name__ = "seconds"
    return check


def whole_number(text: str) -> int:
    """An ``argparse`` type: a whole number, said as such where it is not one (argparse's own
    words were "invalid int value: 'abc'")."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def ip_address(text: str) -> str:
    """An ``argparse`` type: an IPv4 or IPv6 address, written the usual way."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an IPv4 or IPv6 address") from None


def bind_address(text: str) -> str:
    """``--bind``: an IP address to listen on, or ``localhost``."""
    if text.strip().lower() == "localhost":
        return "localhost"
    try:
        return ip_address(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an IPv4 or IPv6 address (or localhost)") from None


def table_address(text: str) -> str:
    """``join``'s ``HOST[:PORT]``, refused before the app opens as the Join screen refuses it
    (``net.addresses.split_address`` checks both). Returned as given."""
    from net.addresses import split_address

    try:
        split_address(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def readable_file(text: str) -> str:
    """A file that can be opened for reading (what it holds is checked by whoever reads it)."""
    try:
        with open(text, "rb"):
            pass
    except OSError as e:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {e.strerror or e}") from None
    return text


#: bytes of a secret's file read at most: the secret is its first line
SECRET_FILE_BYTES = 4096

#: the longest ``dealmein tables --wait``: a browse is a look round, not a watch
TABLES_WAIT_MOST = 600.0
#: the longest ``--bot-delay``, as Settings' bots' pause
BOT_DELAY_MOST = 10.0


def secret_text(what: str, where: str = "") -> Callable[[str], str]:
    """An ``argparse`` type: a ``what`` (a password, a host key) that can be typed and printed:
    not empty (an empty password would serve a table open to anyone, as a script's unset
    variable gives it), no control characters (the host's banner prints it), and no longer than
    a file's first line may be. ``where``: the file it came from, for the message."""

    def check(text: str) -> str:
        given = f"the {what} in {where}" if where else f"the {what} given"
        if not text.strip():
            raise argparse.ArgumentTypeError(
                f"{given} is {'empty' if not text else 'only spaces'}: give one{'' if where else ', or leave the flag out'}")
        if len(text.encode("utf-8", "surrogateescape")) >= SECRET_FILE_BYTES:
            raise argparse.ArgumentTypeError(f"{given} is too long: at most {SECRET_FILE_BYTES - 1} bytes")
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
            raise argparse.ArgumentTypeError(f"{given} holds a control character, which cannot be typed at a join")
        return text

    check.__name__ = what
    return check


def secret_file(what: str) -> Callable[[str], str]:
    """The ``what`` (a password, a host key) on the first line of a file, its line ending left
    off: a secret given as a flag shows in every user's process list. Not standard input: the
    app reads its keys there."""

    def read(text: str) -> str:
        try:
            with open(text, "rb") as f:
                raw = f.read(SECRET_FILE_BYTES)
        except OSError as e:
            raise argparse.ArgumentTypeError(f"cannot read {text}: {e.strerror or e}") from None
        line, newline, _ = raw.partition(b"\n")
        if not newline and len(raw) == SECRET_FILE_BYTES:
            raise argparse.ArgumentTypeError(f"the first line of {text} is too long for a {what}")
        try:
            secret = line.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError:
            raise argparse.ArgumentTypeError(f"{text} is not UTF-8 text") from None
        if not secret:
            raise argparse.ArgumentTypeError(f"{text} holds no {what} on its first line")
        return secret_text(what, text)(secret)

    return read


def secret_flags(parser: argparse.ArgumentParser, flag: str, what: str, help: str,
                 action: type[argparse.Action] | str = "store", metavar: str | None = None) -> None:
    """``flag`` and ``flag``-file, one or the other, both into the flag's field: the ``what``
    given on the command line, or read from a file's first line, off it."""
    group = parser.add_mutually_exclusive_group()
    dest = flag.removeprefix("--").replace("-", "_")
    group.add_argument(flag, type=secret_text(what), default=None, action=action, metavar=metavar,
                       help=f"{help}; any user of this machine can read a command line: {flag}-file keeps it off")
    group.add_argument(f"{flag}-file", type=secret_file(what), dest=dest, default=None, action=action,
                       metavar="FILE", help=f"read the {what} from the first line of FILE")


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


def option_setting(text: str) -> tuple[str, str]:
    """``limit=50`` as ("limit", "50"); the engine checks the name and the value with the game."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE (for example limit=50)")
    return name.strip(), value.strip()


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


def seed(text: str) -> int:
    """An ``argparse`` type: a whole number of at most ``SEED_DIGITS`` digits (what a table's
    save holds, so that a table dealt from it resumes)."""
    from core.keyed_random import seed_from_text

    try:
        return seed_from_text(text.strip())
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def seed_help(dealt: str = "your solo matches and the tables you host") -> str:
    """``--seed``'s help, naming what this command deals."""
    return (f"deal {dealt} from this seed: the same seed, game and seats give the same cards, "
            "for practice or a bug report (anyone who knows it can work out the hands)")


BOT_LEVELS = ["easy", "normal", "hard"]


class Given(argparse.Action):
    """Stores the value, as argparse's own action does, and notes the flag as given (``given``):
    a picker the command line fills in takes only what was typed, and its last choices for the rest."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if self.nargs == 0:
            values = self.const
        if isinstance(self.default, list):  # repeatable: each one is added
            values = [*(getattr(namespace, self.dest, None) or []), values]
        setattr(namespace, self.dest, values)
        namespace.given = {*getattr(namespace, "given", set()), self.dest}
        if option_string is not None:  # which of a dest's flags it was (--password or --password-file)
            namespace.typed = {*getattr(namespace, "typed", set()), option_string}


def given(args: argparse.Namespace) -> set[str]:
    """The table flags typed on the command line (``Given``)."""
    return set(getattr(args, "given", set()))


def typed(args: argparse.Namespace) -> set[str]:
    """The ``Given`` flags typed, as flags (``--password-file``): ``given`` has their dests."""
    return set(getattr(args, "typed", set()))


def given_flags(args: argparse.Namespace, flags: Iterable[str]) -> list[str]:
    """Those of ``flags`` (``--ssh-auth``...) that the command line gave."""
    said = given(args)
    return [flag for flag in flags if flag.lstrip("-").replace("-", "_") in said]


def table_arguments(parser: argparse.ArgumentParser, dealt: str) -> None:
    """The game, variant, options, seats and seed of a table this app deals (``host``, ``solo``);
    ``dealt``: what the seed deals, for its help."""
    game = parser.add_argument("--game", default="ninety-eight", action=Given,
                               help="the game (`dealmein games` lists them; default: ninety-eight)")
    game.choices = GameIds()  # set after add_argument, which would list the choices (and import the engine)
    parser.add_argument("--preset", default="standard", action=Given, help="the game's preset (default: standard)")
    parser.add_argument("--option", type=option_setting, action=Given, default=[], metavar="NAME=VALUE",
                        help="set one of the game's options over the preset (repeatable; "
                             "`dealmein games` lists them), e.g. --option limit=50")
    parser.add_argument("--seats", type=whole_number, default=4, action=Given, metavar="N",
                        help="seats at the table (default: 4)")
    # SUPPRESS: a subcommand's default would overwrite a --seed given before the subcommand
    parser.add_argument("--seed", type=seed, dest="seed_after", default=argparse.SUPPRESS, metavar="N",
                        help=seed_help(dealt))


def seed_taken_to_refuse(parser: argparse.ArgumentParser) -> None:
    """``--seed`` after a command that deals no table, read (not listed in its help) so that
    ``run_command`` refuses it in the words it refuses one given before the command: unknown
    to the command, the word after it would be read as the command's own ("argument file:
    cannot read 4"), or be left over ("unrecognized arguments")."""
    parser.add_argument("--seed", type=seed, dest="seed_after", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def replay_file_help() -> str:
    """Names the folder the match logs are in: found as the help is shown, since parsing a
    command line imports no part of ``net``."""
    from net.paths import logs_dir

    return f"a match log: the tables you host keep one per match in {logs_dir()}"


def command(sub: Any, name: str, summary: str, more: str = "") -> argparse.ArgumentParser:
    """A command's parser: ``summary`` in the list of commands, and, a sentence, at the head of
    its own ``--help`` with ``more``."""
    description = f"{summary[0].upper()}{summary[1:]}." + (f" {more}" if more else "")
    parser: argparse.ArgumentParser = sub.add_parser(name, help=summary, description=description)
    return parser


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """Built once per process (parsing never changes it): an SSH session forked from the app
    zygote reuses the zygote's instead of building its own."""
    p = Parser(prog="dealmein", description="Deal Me In: a terminal card room.")
    p.add_argument("--version", action=VersionAction)
    p.add_argument("--no-mdns", action="store_true", help="do not browse or advertise tables on the LAN")
    # (a dest of its own: ``tables --interface``'s default would write over it)
    p.add_argument("--interface", type=ip_address, action="append", default=None, metavar="ADDRESS",
                   dest="lan_interface", help="browse and advertise tables only on the interface with this "
                                              "address (repeatable; default: all), say on a machine with a VPN")
    p.add_argument("--seed", type=seed, default=None, metavar="N", help=seed_help())
    sub = p.add_subparsers(dest="command")
    p.commands = sub.choices  # type: ignore[attr-defined]  # each command's parser, for its own errors

    games = command(sub, "games", "list the games, their seat counts, presets and options")

    host = command(sub, "host", "host a table for players on the LAN",
                   "In the app its picker opens filled in from the flags given (the rest from your last choices "
                   "for that game), then its lobby on the table; with --headless it is served without the app, "
                   "the defaults below standing for what is not given, and the flags that say (--headless) "
                   "shape that table only.")
    host.add_argument("--name", default=None,
                      help="your player name in the app (the table is NAME's table); with --headless, the "
                           "table's name (default: Deal Me In table)")
    host.add_argument("--port", type=port_number(0), default=7098, action=Given,
                      help="port to listen on (0: any free port; default 7098)")
    host.add_argument("--bind", type=bind_address, default="0.0.0.0", metavar="ADDRESS", action=Given,
                      help="IP address to listen on (default: 0.0.0.0, every interface; 127.0.0.1 keeps the "
                           "table to this machine; with --resume, the saved table's own)")
    table_arguments(host, "this table's matches")
    host.add_argument("--bots", type=whole_number, default=0, action=Given, metavar="N",
                      help="seats to fill with bots (default: 0)")
    host.add_argument("--bot-level", default="normal", choices=BOT_LEVELS, action=Given,
                      help="the level of those bots (default: normal)")
    secret_flags(host, "--password", "password", "a password players must give to join", Given)
    host.add_argument("--headless", action="store_true", help="serve the table without opening the app")
    host.add_argument("--resume", action=Given, nargs=0, const=True, default=False,
                      help="bring back the table autosaved on --port as it was saved, so without the flags "
                           "that shape a table; with no save there, a new table from them (--headless)")
    host.add_argument("--ssh", type=port_number(0), default=None, metavar="PORT", action=Given,
                      help="also serve the app over SSH on this port (e.g. 2222; 0: any free port); in the app, "
                           "the picker's SSH switch starts on, and serves there (without --ssh, the picker offers 2222)")
    host.add_argument("--ssh-auth", default="password", choices=["password", "open", "keys"], action=Given,
                      help="password: the table password (made up if not given); open: anyone (trusted LANs "
                           "only); keys: an authorized_keys file (--headless)")
    host.add_argument("--ssh-keys", type=readable_file, default=None, metavar="FILE", action=Given,
                      help="authorized_keys file for --ssh-auth keys (--headless)")
    host.add_argument("--ssh-max-sessions", type=positive_int, default=16, action=Given, metavar="N",
                      help="SSH sessions at once (default: 16) (--headless)")
    host.add_argument("--ssh-idle", type=seconds(positive=True, most=HELD_MOST), default=1800.0, action=Given, metavar="S",
                      help="seconds before an idle SSH session is dropped (default: 1800) (--headless)")
    host.add_argument("--no-mdns", action="store_true", dest="host_no_mdns",
                      help="do not advertise the table on the LAN (players join by its address)")
    host.add_argument("--interface", type=ip_address, action="append", default=None, metavar="ADDRESS",
                      dest="host_lan_interface", help="advertise the table only on the interface with this "
                                                      "address (repeatable; default: all), as dealmein --interface")
    host.add_argument("--grace", type=seconds(most=HELD_MOST), default=120.0, action=Given, metavar="S",
                      help="seconds a dropped player's seat is held, at most a day (default: 120) (--headless)")
    host.add_argument("--takeover", type=seconds(most=HELD_MOST), default=30.0, action=Given, metavar="S",
                      help="seconds the table waits for an away player before a bot plays for them, shorter "
                           "than --grace (default: 30) (--headless)")
    host.add_argument("--bot-delay", type=seconds(most=BOT_DELAY_MOST), default=0.6, action=Given, metavar="S",
                      help=f"seconds a bot pauses before it plays, at most {BOT_DELAY_MOST:g} (default: 0.6) "
                           "(--headless)")
    host.add_argument("--turn-time", type=whole_number, default=0, metavar="S", action=Given,
                      help="seconds a player has for each move before a bot finishes the turn for them (1-3600; "
                           "default 0: no clock)")

    solo = command(sub, "solo", "play solo against bots: the picker opens filled in",
                   "Ctrl+S there deals. The flags given set the picker; what is not given (a preset, options, "
                   "seats, bots) starts from your last choices for that game, the defaults below only the first "
                   "time. With a solo match saved in play, it asks first: keep that match (Resume on the "
                   "home screen plays it on) or start a new one, which replaces it once dealt.")
    table_arguments(solo, "the solo match")
    solo.add_argument("--bot-level", default="normal", choices=BOT_LEVELS, action=Given,
                      help="the bots in the other seats (default: normal)")

    join = command(sub, "join", "join a table at HOST[:PORT]", "The address is the one the table's lobby shows "
                   "(\"Players join at ...\"); the port is 7098 if not given.")
    join.add_argument("address", type=table_address, help="HOST[:PORT] ([IPv6]:PORT for IPv6)")
    join.add_argument("--name", default=None, help="your player name")
    secret_flags(join, "--password", "password",
                 "the table's password (asked for if it has one and this is not given)")
    secret_flags(join, "--host-key", "host key", "the host key a headless host printed: run its lobby",
                 metavar="KEY")
    join.add_argument("--watch", action="store_true",
                      help="come in watching, taking no seat while one is open (T in the lobby sits down)")

    tables = command(sub, "tables", "list the tables found on the LAN")
    tables.add_argument("--json", action="store_true",
                        help="print the tables found as JSON (a list, one object per table) for scripts")
    tables.add_argument("--wait", type=seconds(positive=True, most=TABLES_WAIT_MOST), default=2.0, metavar="S",
                        help=f"seconds to browse, at most {TABLES_WAIT_MOST:g} (default: 2)")
    tables.add_argument("--interface", type=ip_address, action="append", default=None, metavar="ADDRESS",
                        help="browse on the interface with this address (repeatable; default: all)")
    record = command(sub, "record", "your record: matches played and won per game and variant")
    record.add_argument("--json", action="store_true",
                        help="print the record as JSON, with the file it is kept in, for scripts")
    themes = command(sub, "themes", "check your own theme files: the themes they give, and everything wrong with "
                                    "each file left out", "The app's Themes notice says what fits the screen; this "
                                    "says it all, with status 1 if a file is left out.")
    replay = command(sub, "replay", "replay a match log and check that it reproduces the match")
    replay.add_argument("file", type=readable_file, help="a match log")
    replay.late_help = {"file": replay_file_help}  # type: ignore[attr-defined]  # its help, once asked for
    replay.add_argument("--show", action="store_true", help="step through the match with every hand face up")
    for deals_nothing in (games, join, tables, record, themes, replay):
        seed_taken_to_refuse(deals_nothing)
    return p


def print_games() -> None:
    from core import GAMES
    from core.options import value_text

    for info in GAMES.values():
        print(f"{info.name} ({info.id}), {info.min_players}-{info.max_players} seats: {info.summary}")
        for preset in info.presets.values():  # what it sets, as --option would: the defaults below do the rest
            sets = " ".join(f"{name}={value_text(value)}" for name, value in preset.options.items())
            print(f"  preset {preset.name}: {preset.description}" + (f" [{sets}]" if sets else ""))
        for option in info.options.values():
            print(f"  option {option.name}={value_text(option.default)} ({option.describe_range()}): {option.description}")


def print_themes() -> int:
    """``themes``: the whole of what the app's Themes notice can only start on a small screen
    (each bad theme file with everything wrong with it); status 1 if a file is left out."""
    from themes.loader import folder_problem, load_themes, unread_themes_dir, unread_themes_said, user_themes_dir

    folder = user_themes_dir()
    unread = unread_themes_dir()
    unusable = folder_problem(folder)
    if unusable:
        print(f"Your theme folder: {unusable}")
        return 1
    loaded = load_themes(folder)
    print(f"Your theme folder: {folder}" + ("" if folder.is_dir() else " (there is none yet)"))
    if unread is not None:
        print(unread_themes_said(unread, folder))
    from themes.contrast import contrast_warnings

    yours = [(name, loaded.sources[name]) for name in loaded.user_theme_names()]
    for name, path in yours:
        print(f"{name}: {path}")
        faint = contrast_warnings(loaded.themes[name])
        if faint:  # used all the same: only the player can say it is what they meant
            print("  used, but some of its colours read poorly:")
            for warning in faint:
                print(f"    {warning}")
    if not loaded.problems:
        print("Every theme file in it can be used." if yours else "No theme files in it.")
        return 0
    print("This theme file is left out:" if len(loaded.problems) == 1 else
          f"These {len(loaded.problems)} theme files are left out:")
    for problem in loaded.problems:
        print(f"{problem.path}:")
        for error in problem.each:
            print(f"  {error}")
    return 1


def winners_text(winners: list[int], names: list[str]) -> str:
    """Winners as the host's log and the app name them: "Ana (seat 1) and seat 3"; a repeated
    name numbered ("Normal bot 2 (seat 3)"); "none yet"."""
    from net.matchlog import seats_text

    return seats_text(winners, names) or "none yet"


def run_replay(file: str, show: bool = False) -> int | None:
    """``replay``: whether the log reproduces its match. With ``show`` (the app steps through
    it), only a file with nothing to step through is told here, with its status; None: the app
    shows it (a log that stops reproducing is shown up to where it stops)."""
    from pathlib import Path

    from net.matchlog import replay

    result = replay(Path(file))
    if result.ok:
        if show and not result.actions:  # the deal and no move made: no step to take
            print(f"dealmein replay: {file} has no moves to step through (a match that ended "
                  "before its first move, or a log cut short)", file=sys.stderr)
            return 1
        if show:
            return None
        assert result.match is not None
        moves = "1 action" if result.actions == 1 else f"{result.actions} actions"
        if result.cut_short:  # a match still in play as it was last written: nothing wrong, status 0
            print(f"{file}: {moves}; the log reproduces the match as far as it goes: {result.note}")
            return 0
        torn = f"; {result.note}" if result.note else ""  # (a crash as it was written: nothing wrong either)
        print(f"{file}: {moves}; the log reproduces the match "
              f"(winners: {winners_text(result.match.winners, result.names)}){torn}")
        return 0
    if result.line is None:  # the file itself could not be read: nothing was replayed
        print(f"dealmein replay: {result.error}", file=sys.stderr)
        return 1
    if result.line == 1:  # its header: not a match log (or one of a format this app does not know)
        print(f"dealmein replay: {file} is not a match log this app can read: {result.error}", file=sys.stderr)
        return 1
    if show:
        return None
    print(f"{file}: does not reproduce: {result.error}", file=sys.stderr)
    return 1


#: ``host`` flags the app does not take, and where the app has each instead
HEADLESS_ONLY = {
    "--resume": "the home screen offers the saved tables",
    "--ssh-auth": "SSH players log in with the table's password, or one made up",
    "--ssh-keys": "SSH players log in with the table's password, or one made up",
    "--ssh-max-sessions": "an SSH door takes 16 sessions at once",
    "--ssh-idle": "an idle SSH session is dropped after 1800 s",
    "--grace": "a dropped player's seat is held 120 s",
    "--takeover": "an away player's turn is waited for 30 s",
    "--bot-delay": "the bots' pause is in Settings",
}


#: commands that open no app and deal no table: a seed given them would be ignored
DEALS_NOTHING = ("games", "record", "tables", "themes")

#: a headless host's flags that shape its SSH door, which only ``--ssh`` opens
SSH_SHAPING = ("--ssh-auth", "--ssh-keys", "--ssh-max-sessions", "--ssh-idle")

#: said by a headless host that Ctrl+C stopped before its table opened
HOST_STOPPED_EARLY = "dealmein host: stopped before the table opened."


def check_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What ``host`` or ``solo`` options say together, checked before anything starts."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog} {args.command}: error: {message}\n")

    from .headlessflags import resume_problem, takeover_problem

    if args.command == "host" and args.headless and args.resume and args.port:  # first: the save has the rest
        from net.savefile import save_path

        problem = resume_problem(args, given(args), typed(args))
        if problem is not None and save_path(args.port).exists():  # (none: they shape the new table)
            error(problem)
    if args.command == "host" and not 0 <= args.bots <= max(args.seats, 0):
        error(f"argument --bots: must be from 0 to the {args.seats} seats")
    if args.command == "host" and args.bots == 0 and "bot_level" in given(args):  # no bots to set it for
        error("argument --bot-level: applies only with --bots N (the seats it fills with bots)")
    from core import GAMES

    try:  # the game's own checks: its preset, its seats and each --option, with the others
        GAMES[args.game].resolve(args.seats, args.preset, dict(args.option))
    except ValueError as e:  # named by the flag that gave what is wrong, as argparse names its own
        said = str(e)
        given_options = {f"option {name!r}" for name in dict(args.option)}  # not one the preset set
        flag = next((f for word, f in (("players", "--seats"), ("preset", "--preset"), *(
                     (o, "--option") for o in given_options)) if said.startswith(word)), None)
        error(f"argument {flag}: {said.removeprefix('players: ')}" if flag else said)
    if args.command == "solo":
        return
    if not args.headless:  # the app has its own way to each, and would leave the flag unused
        for flag in given_flags(args, HEADLESS_ONLY):
            error(f"argument {flag}: applies only with --headless (in the app, {HEADLESS_ONLY[flag]})")
    else:
        if args.ssh is None:  # each shapes the SSH door, which is shut without --ssh: not ignored
            for flag in given_flags(args, SSH_SHAPING):
                error(f"argument {flag}: applies only with --ssh PORT (without it there is no SSH)")
        problem = takeover_problem(args.grace, args.takeover, given(args))
        if problem is not None:
            error(problem)
    from net.tableconfig import turn_time_problem

    problem = turn_time_problem(args.turn_time)
    if problem is not None:
        error(f"argument --turn-time: {problem}")
    if args.ssh is not None and args.ssh_auth == "keys" and not args.ssh_keys:
        error("argument --ssh-auth: keys needs --ssh-keys FILE (an authorized_keys file)")
    if args.ssh is not None and args.ssh_keys and args.ssh_auth != "keys":  # read by nothing else
        error(f"argument --ssh-keys: applies only with --ssh-auth keys (this table's is {args.ssh_auth})")


def run_command(argv: list[str] | None) -> int:
    """Read the command line (``sys.argv`` for None) and run its command; its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "host" and args.headless:
        return headless_host(parser, args)
    if args.command in ("host", "solo"):
        check_table(parser, args)
    if args.command in ("host", "join") and getattr(args, "name", None):
        check_player_name(parser, args)
    if getattr(args, "seed", None) is not None and (args.command in DEALS_NOTHING
                                                    or args.command == "replay" and not args.show):
        parser.exit(2, f"{parser.prog} {args.command}: error: argument --seed: this command deals no "
                       "table (it is for the app, solo and host)\n")
    if getattr(args, "seed", None) is not None and args.command == "join":
        parser.exit(2, f"{parser.prog} join: error: argument --seed: this command deals no table: the table "
                       "you join is dealt by its host (--seed is for the app, solo and host)\n")
    if args.command == "games":
        print_games()
        return 0
    if args.command == "themes":
        return print_themes()
    if args.command == "record":
        from .recordtext import print_record

        return print_record(args.json)
    if args.command == "replay":
        status = run_replay(args.file, args.show)
        if status is not None:
            return status
    from tui.commands import run

    return run(args)


def check_player_name(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--name`` as a player's (not a headless table's): one the tables refuse, a bot's, is
    said here in one line, before a table opens to refuse it (``net.seatnames.bot_like``)."""
    from net.protocol import NAME_LEN, clean_name
    from net.seatnames import bot_like, bot_name_refused

    name = clean_name(args.name, NAME_LEN)
    if name and bot_like(name):
        parser.exit(2, f"{parser.prog} {args.command}: error: argument --name: {bot_name_refused(name)}\n")


def headless_host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``host --headless``. Ctrl+C while its code loads, before the host takes Ctrl+C in hand,
    stops it as one a moment later would (``net.host_cli.STOPPED_EARLY``): ``tui.cli.main``
    says ``HOST_STOPPED_EARLY``, with status 130."""
    check_table(parser, args)
    from tui.commands import run

    return run(args)


def stopped_line(argv: list[str] | None) -> str:
    """What Ctrl+C before a command has started says: a headless host's own line (the same at
    every moment of its start), else ``STOPPED``. Read from the words given, as the command
    line may not be parsed yet."""
    words = sys.argv[1:] if argv is None else argv
    return HOST_STOPPED_EARLY if "host" in words and "--headless" in words else STOPPED


#: said by any other command that Ctrl+C stopped before it took Ctrl+C in hand
STOPPED = "dealmein: stopped."


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl+C is ignored inside (what must be said whole), and answered as before after (in
    the main thread only, where Python takes signals; elsewhere nothing changes)."""
    before = ignore_interrupts()
    try:
        yield
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def ignore_interrupts() -> Any:
    """Ignore Ctrl+C from now on; the handler it replaces (None outside the main thread)."""
    try:
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        return None

