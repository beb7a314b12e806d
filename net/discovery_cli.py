"""``dealmein tables``: browse the LAN for a while, probe what was found, print it."""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable

from rich.cells import cell_len

from net.addresses import host_port
from net.discovery import FoundTable, TableBrowser, browse_problem

#: how often the browse asks whether a Ctrl+C came that Python could not raise (``interrupted``)
INTERRUPT_POLL = 0.05


async def find_tables(wait: float, interfaces: list[str] | None,
                      interrupted: Callable[[], bool] | None = None) -> tuple[list[FoundTable], dict[str, str]]:
    """Tables seen within `wait` seconds, each freshly probed, plus the adverts ignored and why.
    ``interrupted`` says whether Ctrl+C came where Python could not raise it (``tui.cli``): the
    browse stops as at any Ctrl+C, not after its full wait."""
    async with TableBrowser(interfaces=interfaces) as browser:
        end = time.monotonic() + wait
        while (left := end - time.monotonic()) > 0:
            if interrupted is not None and interrupted():
                raise KeyboardInterrupt
            await asyncio.sleep(min(left, INTERRUPT_POLL) if interrupted is not None else left)
        await browser.probe_all()
        if interrupted is not None and interrupted():
            raise KeyboardInterrupt
        tables = sorted(browser.tables.values(), key=lambda t: (not t.compatible, t.name.casefold(), t.service))
        return tables, dict(browser.rejected)


#: the columns before the address: heading, least width in cells, aligned right, blanks after
COLUMNS = (("TABLE", 24, False, 1), ("GAME", 14, False, 1), ("PRESET", 10, False, 1), ("SEATS", 5, True, 2),
           ("STATUS", 8, False, 1))
HEADINGS = [heading for heading, *_ in COLUMNS]


def cells(table: FoundTable) -> tuple[list[str], str]:
    """The table's cells of ``COLUMNS``, and what follows them: its address and notes. Every
    text field was cleaned by the TXT checks, so printing it cannot drive the terminal."""
    a = table.advert
    address = table.address or (table.addresses[0] if table.addresses else "?")
    where = host_port(address, table.port)
    if a is None:
        return [table.name, "?", "?", "?", "?"], f"{where}  ({table.problem})"
    notes = []
    if a.password:
        notes.append("password")
    if a.ssh_port:
        notes.append(f"ssh {a.ssh_port}")
    if a.options:
        notes.append(" ".join(f"{k}={v}" for k, v in a.options))
    if a.turn_time:
        notes.append(f"turn clock {a.turn_time} s")
    if not table.compatible:
        notes.append(table.problem)
    if table.reachable is False:
        notes.append("not answering")
    extra = f"  ({', '.join(notes)})" if notes else ""
    bots = f" ({a.bots} bot{'s' if a.bots != 1 else ''})" if a.bots else ""
    return [table.name, a.game, a.preset, f"{a.seats_taken}/{a.seats_total}{bots}", a.status], f"{where}{extra}"


def widths(rows: list[list[str]]) -> list[int]:
    """Each column as wide as its widest cell, at least as wide as it always was: a name over
    24 cells (40 characters fit the advert, a CJK one takes two cells each) pushed every
    column after it out of line. Measured in terminal cells, not characters."""
    return [max([least, *(cell_len(row[i]) for row in rows)]) for i, (_, least, _, _) in enumerate(COLUMNS)]


def row_line(row: list[str], rest: str, sizes: list[int]) -> str:
    """One line of the printed table: ``row`` padded to ``sizes`` cells, then ``rest``."""
    line = ""
    for text, size, (_, _, right, gap) in zip(row, sizes, COLUMNS):
        pad = " " * (size - cell_len(text))
        line += (pad + text if right else text + pad) + " " * gap
    return line + rest


def describe(table: FoundTable, sizes: list[int] | None = None) -> str:
    """One line for people; ``sizes`` are the columns' widths (``widths``) of the table the
    line is printed in, for its columns to line up with the other lines'."""
    row, rest = cells(table)
    return row_line(row, rest, sizes or widths([row]))


def run_tables(args: argparse.Namespace, interrupted: Callable[[], bool] | None = None) -> int:
    """Browse, then print the tables. Ctrl+C stops it with the command line's one line and
    status 130 (``tui.cli.main``), as at any moment of its start."""
    if getattr(args, "no_mdns", False):
        print("dealmein tables: LAN discovery is off (--no-mdns)", file=sys.stderr)
        return 2
    wait = float(args.wait)  # more than 0 and at most ``TABLES_WAIT_MOST`` (tui/cmdline.py checks it)
    # its own --interface, else the one given before the command (``dealmein --interface X tables``)
    interfaces = list(getattr(args, "interface", None) or getattr(args, "lan_interface", None) or []) or None
    try:
        tables, rejected = asyncio.run(find_tables(wait, interfaces, interrupted))
    except OSError as e:
        print(f"dealmein tables: cannot browse the LAN: {browse_problem(e, interfaces)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([t.to_json() for t in tables], indent=2))
        return 0
    if not tables:
        print("No tables found on the LAN.")
    else:
        sizes = widths([cells(table)[0] for table in tables])
        print(row_line(HEADINGS, "ADDRESS", sizes))
        for table in tables:
            print(describe(table, sizes))
    if rejected:
        print(f"({len(rejected)} malformed advert{'s' if len(rejected) > 1 else ''} ignored)")
    return 0
