"""Autosave for one table: save after every change, and hold back what the table sends until
the save that holds it is on disk.

Why hold frames back: a player who has seen a move must find it again after a crash. So the
order is change, save, then tell. Saves run in threads of their own (an fsync costs milliseconds;
the event loop keeps serving other tables meanwhile) and coalesce: changes made while a save is
being written go out together in the next one, so a busy table writes at most one save at a
time and never falls behind.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol

from .savefile import write_save

log = logging.getLogger("dealmein.net")

class GivenUp(Exception):
    """The save was given up on before it was renamed into place: it was not written."""


class _Landing:
    """Whether a save being written may still be renamed into place. Once its host has given
    up waiting and said the table's last state was not saved, it may not: that stays true."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._given_up = False
        self._landing = False

    def give_up(self) -> bool:
        """Stop the save from landing; ``False`` when it is too late (its rename has begun)."""
        with self._lock:
            if not self._landing:
                self._given_up = True
            return self._given_up

    def land(self) -> None:
        """Run by the write just before its rename: ``GivenUp`` once the host gave up on it."""
        with self._lock:
            if self._given_up:
                raise GivenUp("the host gave up waiting for this save")
            self._landing = True


async def _in_thread(write: Callable[[], None]) -> None:
    """Run ``write`` in a thread of its own, a daemon one: the event loop serves other tables
    meanwhile, saves never wait behind bots thinking in the default pool, and a save that hangs
    (a disk gone away) and was given up on does not keep the host from exiting."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def settle(error: BaseException | None) -> None:
        if done.done():
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)

    def run() -> None:
        error: BaseException | None = None
        try:
            write()
        except BaseException as e:  # handed to the waiting task, which says what it was
            error = e
        try:
            loop.call_soon_threadsafe(settle, error)
        except RuntimeError:
            pass  # the loop has closed: nobody waits for this save any more

    threading.Thread(target=run, name="dealmein-save", daemon=True).start()
    await done


class _Sink(Protocol):
    def send_frame(self, frame: bytes) -> None: ...


@dataclass(frozen=True)
class SaveOutcome:
    """How a table's saving stood once it closed: all that its host may say of the save."""

    path: Path
    #: why the table's last state is not on disk; ``None``: it is, at ``path``
    problem: str | None
    #: ``path`` holds a whole save of the table all the same: an earlier one written meanwhile, or
    #: the one the table was resumed from (a failed save never spoils the one before it)
    kept: bool
    #: when the newest save at ``path`` was written (``time.time()``); ``None`` for a table
    #: resumed and not saved since
    saved_at: float | None


class Autosaver:
    """Writes ``capture()`` to ``path`` after changes; ``send`` keeps frames in order behind it."""

    def __init__(self, path: Path, capture: Callable[[], dict[str, Any]], kept: bool = False,
                 first: Callable[[], Callable[[], None] | None] | None = None) -> None:
        self.path = path
        #: taken with each capture, what the save's thread runs before writing it (the match
        #: log put on disk, which the save says the length of)
        self._first = first
        #: ``path`` holds a whole save of this table (``kept``: the one it was restored from)
        self.kept = kept
        self.saved_at: float | None = None
        self._capture = capture
        self._dirty = False
        self._held: list[tuple[_Sink, bytes]] | None = None
        self._task: asyncio.Task[None] | None = None
        #: the save being written, if one is
        self._landing: _Landing | None = None
        self.saves = 0
        self.failures = 0
        #: why the latest save failed ("solo.save could not be written (No space left on
        #: device)"); None once one is written
        self.problem: str | None = None
        #: each told the problem when saving starts to fail (after a save that worked, or the
        #: first): the table tells its guests, the app its own player
        self.on_problem: list[Callable[[str], None]] = []
        #: each told when a save is written again after failing, so that what they were told
        #: above is taken back
        self.on_saved_again: list[Callable[[], None]] = []

    def changed(self) -> None:
        """The state changed: a save follows, and frames are held until it is written."""
        self._dirty = True
        if self._held is None:
            self._held = []
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    def send(self, peer: _Sink, frame: bytes) -> None:
        if self._held is not None:
            self._held.append((peer, frame))
        else:
            peer.send_frame(frame)

    @property
    def pending(self) -> bool:
        return self._held is not None

    async def _run(self) -> None:
        while self._dirty:
            self._dirty = False
            frames, self._held = self._held or [], []
            try:
                state = self._capture()  # in the loop: the state and the frames belong together
                first = self._first() if self._first is not None else None
                landing = self._landing = _Landing()
                await _in_thread(lambda: _write(self.path, state, landing.land, first))
                self.saves += 1
                failed, self.problem = self.problem, None
                self.kept, self.saved_at = True, time.time()
                if failed is not None:
                    log.info("autosave to %s works again", self.path)
                    _tell(self.on_saved_again)
            except GivenUp:  # the table closed without it: its frames hold what nobody may see
                return
            except Exception as e:  # a full disk must not stop the game: tell the log, play on
                self.failures += 1
                if self.failures == 1 or self.failures % 1000 == 0:
                    log.error("autosave to %s failed (%d so far): %s", self.path, self.failures, e)
                told, self.problem = self.problem, \
                    f"{self.path.name} could not be written ({_why(e)})"
                if told is None:
                    _tell(self.on_problem, self.problem)
            for peer, frame in frames:
                peer.send_frame(frame)
        rest, self._held = self._held or [], None
        for peer, frame in rest:
            peer.send_frame(frame)

    async def flush(self) -> None:
        """Wait until the latest change is saved and every held frame sent."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})  # not cancelled with it if the task is

    async def finish(self, timeout: float) -> SaveOutcome:
        """Wait up to ``timeout`` seconds for the latest change to be saved, and say how that
        went. A save still being written then is not one, and is stopped from being renamed
        into place later (the temporary file is removed when the write gets that far), so that
        what the host says of the file stays true; one whose rename has begun is waited for."""
        try:
            await asyncio.wait_for(self.flush(), timeout)
        except asyncio.TimeoutError:
            landing = self._landing
            if landing is not None and not landing.give_up():
                try:
                    await asyncio.wait_for(self.flush(), timeout)
                except asyncio.TimeoutError:
                    pass
                else:
                    return SaveOutcome(self.path, self.problem, self.kept, self.saved_at)
            log.error("the last autosave to %s did not finish in time", self.path)
            return SaveOutcome(self.path, f"the save to {self.path.name} did not finish within {timeout:g} s",
                               self.kept, self.saved_at)
        return SaveOutcome(self.path, self.problem, self.kept, self.saved_at)


def _write(path: Path, state: dict[str, Any], land: Callable[[], None], first: Callable[[], None] | None) -> None:
    if first is not None:
        first()
    write_save(path, state, land)


def _tell(listeners: list[Callable[..., None]], *what: str) -> None:
    """Each listener in turn: one that fails is logged, and the others are still told."""
    for tell in list(listeners):
        try:
            tell(*what)
        except Exception:  # telling must not stop the saves, nor hold the frames
            log.exception("telling of how an autosave went")


def _why(e: Exception) -> str:
    """Why a save failed, in words a player can act on: a file where a folder of the save's
    path should be reads "File exists" or "Not a directory" from the system, which says
    neither where nor what to do."""
    if isinstance(e, (FileExistsError, NotADirectoryError)) and e.filename:
        # the system names the path it was making: the file in the way may be further up it
        path = Path(e.filename)
        blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), path)
        return f"{blocker} is a file where a folder should be"
    return str(getattr(e, "strerror", None) or e)
