"""Shared helpers for the app tests: stacked decks, a table screen over a real match, and
bounded waits."""
from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable, TypeVar

from textual.app import App
from textual.screen import Screen

from core import new_match
from core.cards import CARD_STR
from tui.app import DealMeInApp
from tui.screens.table import RESUME_GUARD, TURN_GUARD, TableScreen

from .matchlink import MatchLink

ScreenT = TypeVar("ScreenT", bound=Screen[Any])


def stacked(first: list[str], jokers: bool = False) -> list[str]:
    """A full deck whose first cards are ``first`` (top first), the rest in a fixed order."""
    rest = [c for c in CARD_STR[:52] if c not in first]
    return first + rest + (["JK", "JK"] if jokers else [])


def app_on_terminal(monkeypatch: Any, tmp_path: Path, theme: str, term: str) -> DealMeInApp:
    """An app in ``theme`` on a terminal Rich reads from ``term`` alone (no ``COLORTERM``, no
    ``NO_COLOR``): ``xterm`` draws 16 colours, ``xterm-256color`` 256."""
    monkeypatch.setenv("TERM", term)
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    settings = tmp_path / "settings.toml"
    settings.write_text(f'theme = "{theme}"\n')
    return make_app(config_path=settings)


def make_app(**kw: Any) -> DealMeInApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("turn_guard", 0)  # keys at once, as the bots move at once (its own tests give it)
    kw.setdefault("home_guard", 0)  # home's keys at once after a table closed (its own test gives it)
    kw.setdefault("mdns", False)
    return DealMeInApp(**kw)


async def open_table(app: DealMeInApp, pilot: Any, game: str, players: int, seat: int,
                     first_plays: bool = True, **kw: Any) -> tuple[TableScreen, MatchLink]:
    """A table screen showing ``seat``'s view of a real match; the seats before it play first."""
    return await show_match(app, pilot, new_match(game, players, **kw), seat, first_plays)


async def show_match(app: DealMeInApp, pilot: Any, match: Any, seat: int = 0,
                     first_plays: bool = False) -> tuple[TableScreen, MatchLink]:
    """A table screen showing ``seat``'s view of ``match`` as it stands (a position a test
    has played to), through a ``MatchLink``."""
    link = MatchLink(match, seat)
    return await show_link(app, pilot, link, first_plays), link


async def show_link(app: DealMeInApp, pilot: Any, link: MatchLink, first_plays: bool = True) -> TableScreen:
    """A table screen on ``link`` (which a test may have given a lobby or ``solo``), pushed and
    drawn; the seats before the link's play first."""
    events = link.others_play() if first_plays else []
    screen = TableScreen(link, app.card_style, app.palette)
    link.screen = screen
    screen.show(link.view(), events)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def log_entries(screen: Any) -> list[str]:
    """The lines of a table screen's log, each whole (as written, not as wrapped)."""
    return [entry.plain for entry in screen.query_one("#log").entries]


def current(app: App[Any], kind: type[ScreenT]) -> ScreenT | None:
    """The app's screen if it is a ``kind``, composed: a screen pushed is the app's screen a
    moment before its contents are there, and a test looking one up then would fail by chance."""
    screen = app.screen
    return screen if isinstance(screen, kind) and screen.is_mounted else None


async def wait_for(pilot: Any, check: Callable[[], Any], timeout: float = 20.0, step: float = 0.01) -> Any:
    """Poll ``check`` until it gives something truthy, at most ``timeout`` seconds. A widget
    ``check`` looks up that is not there yet (``NoMatches``: a screen just pushed is composed a
    moment later) counts as not yet, and is named if the time runs out."""
    from textual.css.query import NoMatches

    deadline = time.monotonic() + timeout
    missing: NoMatches | None = None
    while time.monotonic() < deadline:
        try:
            result = check()
        except NoMatches as e:
            missing, result = e, None
        if result:
            return result
        await pilot.pause(step)
    last = f" (last look: {missing})" if missing is not None else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {check}{last}; {showing(pilot.app)}")


async def open_settings(app: DealMeInApp, pilot: Any) -> Any:
    """Settings opened from home with S, as a player does; the screen."""
    from tui.screens.settings import SettingsScreen

    await pilot.press("s")
    return await wait_for(pilot, lambda: current(app, SettingsScreen))


async def choice_shown(app: DealMeInApp, pilot: Any, screen: Any, width: int) -> tuple[str, str]:
    """``screen`` (a ``ChoiceScreen``) pushed and drawn: the text under its choices, and all the
    text on screen; its box must lie within the ``width`` columns of the terminal."""
    from textual.widgets import Label

    await app.push_screen(screen)
    under = await wait_for(pilot, lambda: screen.query_one("#outcomes", Label))
    await pilot.pause()
    box = screen.query_one("#choice").region
    assert box.x >= 0 and box.right <= width
    return str(under.render()), " ".join(strip.text.strip(" █") for strip in screen._compositor.render_strips())


async def first_saved(app: DealMeInApp, pilot: Any) -> Any:
    """The home screen's first saved table (its Resume or See the results button), once shown."""
    from textual.widgets import Button

    from tui.screens.home import HomeScreen

    home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.query(".resume")
                          and app.screen)
    return next(iter(home.query(".resume").results(Button)))


def notices(app: Any) -> list[str]:
    """The notifications the app holds now (shown or about to be)."""
    return [n.message for n in app._notifications]


def drawn_notice(app: Any, title: str) -> tuple[bool, str]:
    """The notice titled ``title`` as drawn: whether it lies whole within the screen, and the
    text of its rows run together (a path too long for a row is folded onto the next)."""
    from textual.widgets._toast import Toast

    toast = next(t for t in app.screen.query(Toast) if t._notification.title == title)
    box, inside = toast.region, toast.content_region
    within = box.y >= 0 and box.bottom <= app.size.height and box.x >= 0 and box.right <= app.size.width
    rows = app.screen._compositor.render_strips()
    text = "".join(rows[y].crop(inside.x, inside.right).text.rstrip()
                   for y in range(max(0, inside.y), min(len(rows), inside.bottom)))
    return within, text


def key_bar(screen: Any) -> list[str]:
    """What the key bar at the foot of ``screen`` names, left to right (the palette key, which
    has no name, left out)."""
    from textual.widgets._footer import FooterKey

    return [str(k.description) for k in screen.query(FooterKey) if k.description]


def said_from_now(app: Any) -> list[str]:
    """Every notification the app gives from now on, kept after it times out (``notices`` reads
    only those still held: a busy machine's test may outlast a notice)."""
    said: list[str] = []
    notify = app.notify

    def keep(message: Any, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)

    app.notify = keep
    return said


def showing(app: DealMeInApp) -> str:
    """What the app shows, for a failed wait's message: the screens, the focus, the notices."""
    session = app.session
    return (f"screens {[type(x).__name__ for x in app.screen_stack]}, focus {app.focused!r}, "
            f"session {session is not None}, workers {[str(w) for w in app.workers]}, notices {notices(app)}")


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def play_with_keys(app: DealMeInApp, pilot: Any, timeout: float = 60.0,
                         stop: Callable[[], bool] | None = None) -> int:
    """Play our seat with the keyboard only until the match-over screen shows (or ``stop``):
    the first playable card by its number key and Enter, the first value in a prompt, else
    Space to draw or P to pass; Enter dismisses hand-over screens. Returns the turns the keys
    took (plays, draws and passes: a short match may end before a card could be played)."""
    from tui.screens.choice import ChoiceScreen
    from tui.screens.results import ResultsScreen
    from tui.widgets.hand import HandView

    deadline = time.monotonic() + timeout
    turns = 0
    while time.monotonic() < deadline:
        if stop is not None and stop():
            return turns
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            if screen.match_over and screen.keys_act():  # the results take the test's next key
                return turns
            if not screen.match_over:
                await pilot.press("enter")
        elif isinstance(screen, ChoiceScreen):
            await pilot.press("1")
        elif isinstance(screen, TableScreen):
            view = screen.view or {}
            guard = getattr(app, "turn_guard", None)
            if time.monotonic() - screen._resumed < RESUME_GUARD:
                pass  # just uncovered: the table takes no Enter yet (a double Enter's second)
            elif time.monotonic() - screen._turn_came < (TURN_GUARD if guard is None else guard):
                pass  # the turn has only just come: a move key waits (an app made without ``make_app``)
            elif not screen.query(HandView):
                pass  # pushed, not composed yet: a busy machine can be a frame or more behind
            elif view.get("current_seat") == view.get("seat") and not view.get("is_over") and view.get("legal"):
                hand = screen.query_one(HandView)
                free = [i for i in range(min(len(hand.cards), 10)) if i not in hand.dimmed]
                version = view.get("version")
                keys = (("1234567890"[free[0]], "enter") if free else ("space",) if "draw" in view["legal"]
                        else ("p",) if "pass" in view["legal"] else ())
                if keys:
                    await pilot.press(*keys)
                    turns += 1
                # wait for the host's answer before deciding again
                end = time.monotonic() + 5
                while time.monotonic() < end and isinstance(app.screen, TableScreen) and \
                        (screen.view or {}).get("version") == version:
                    await pilot.pause(0.005)
                continue
        await pilot.pause(0.01)
    raise AssertionError("the match did not finish in time")


async def open_snapshot_table(pilot: Any) -> None:
    """The table of the snapshot tests: Ninety-Eight, seed 7, seat 0 after the others played,
    with the second card selected."""
    app = pilot.app
    await show_link(app, pilot, MatchLink(new_match("ninety-eight", 4, seed=7), 0, ["Ana", "Bea", "Cy", "Dee"]))
    await pilot.press("2")


async def host_two_seats(app: DealMeInApp, pilot: Any) -> Any:
    """The app hosts a Ninety-Eight table of two seats, its own and one open, from the home
    screen as a player would (H, seats 4 to 2, Ctrl+S); returns the lobby screen."""
    from textual.widgets import Select

    from tui.screens.lobby import LobbyScreen
    from tui.screens.picker import PickerScreen

    await pilot.press("h")
    picker = await wait_for(pilot, lambda: current(app, PickerScreen))
    picker.query_one("#seats", Select).focus()
    await pilot.press("enter", "up", "up", "enter")
    await pilot.pause()
    assert picker.seats == 2
    await pilot.press("ctrl+s")
    return await wait_for(pilot, lambda: current(app, LobbyScreen))


async def start_solo(app: DealMeInApp, pilot: Any) -> Any:
    """A solo Ninety-Eight table of three (two easy bots) started in ``app``, its first view
    shown and its autosave written; the session."""
    from net.savefile import read_save
    from tui.saves import solo_save_path
    from tui.screens.picker import TableChoice

    choice = TableChoice(game="ninety-eight", preset="standard", options={}, seats=3,
                         bots={1: "easy", 2: "easy"})
    await app.start_table(choice, solo=True)
    session = app.session
    await wait_for(pilot, lambda: session.view is not None and read_save(solo_save_path()).state is not None)
    return session


async def seated_and_dealt(app: DealMeInApp, pilot: Any, port: int, table: Any, host: Any) -> TableScreen:
    """This app joins the table on ``port`` at 127.0.0.1 into seat 1, says it is ready, and
    ``host`` (a client holding the host key, in seat 0) deals: the app's table screen."""
    app.join_address(f"127.0.0.1:{port}")
    await wait_for(pilot, lambda: app.session is not None and app.session.seat == 1)
    await app.session.client.ready(True)
    await wait_for(pilot, lambda: table.seats[1].ready)
    await host.start()
    return await wait_for(pilot, lambda: current(app, TableScreen))


def user_themes(tmp_path: Path, monkeypatch: Any, files: dict[str, str]) -> Path:
    """A folder of the player's own theme files (name: text) where the app looks for them."""
    themes = tmp_path / "themes"
    themes.mkdir()
    for name, text in files.items():
        (themes / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("DEALMEIN_THEMES_DIR", str(themes))
    return themes


@asynccontextmanager
async def someone_elses_table(config: Any, ana_reads: bool = False, **server: Any) -> AsyncIterator[tuple[Any, Any, Any]]:
    """A real host on 127.0.0.1 (the net tests' short times, ``server`` overriding them) with
    one table of ``config``, whose host-key holder Ana sits in seat 0: a table run by another
    player, for the app to join (``ana_reads``: her client says in its ``hello`` that it tells
    when she has read a hand's results, so the bots wait for her). (server, table, Ana's
    client); all closed at the end."""
    from net.server import Server
    from tests.net.table_helpers import FAST, join

    srv = Server(host="127.0.0.1", port=0, **{**FAST, **server})  # type: ignore[arg-type]
    await srv.start()
    try:
        table = srv.create_table(config)
        ana = await join(srv, "Ana", table=table.id, host_key=table.host_key, hand_break=ana_reads)
        try:
            yield srv, table, ana
        finally:
            await ana.close()
    finally:
        await srv.close()


@asynccontextmanager
async def locked_host() -> AsyncIterator[tuple[Any, DealMeInApp, Any]]:
    """A real host on 127.0.0.1 with one two-seat table, "Locked", whose password is "sesame",
    and an app running beside it (80x24) that has not joined: (the host, the app, its pilot);
    the host closed at the end."""
    from net.server import Server, TableConfig

    srv = Server(host="127.0.0.1", port=0, bot_delay=0, start_delay=0)
    await srv.start()
    try:
        srv.create_table(TableConfig(name="Locked", game="ninety-eight", seats=2, password="sesame"))
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            yield srv, app, pilot
    finally:
        await srv.close()


async def join_lobby(app: DealMeInApp, pilot: Any, port: int, part: str = "#seats") -> Any:
    """The app joins the table at 127.0.0.1:``port`` as a player would by its address: its
    lobby screen, once ``part`` of it is there."""
    from tui.screens.lobby import LobbyScreen

    app.join_address(f"127.0.0.1:{port}")
    return await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.query(part) and app.screen)
