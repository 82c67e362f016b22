"""Workers: where a room's computation runs, so that the event loop only moves messages.

The rules' ``apply`` (which may solve chains at the end of a game) and a
bot's ``choose`` or ``offer`` (which may search words, or values) are pure
computations of unknown length in pure Python. They hold the interpreter's
lock (the GIL) while they run, so a thread would not free the loop: every time
the loop lets go of the GIL (each poll of its sockets) it waits for its turn
again. They run in a pool of worker processes instead: the call and its
arguments (the game, a state, a bot and its view; a few kB) are pickled to a
worker and the answer back. A bot comes back as the worker left it (its memory
and its random generator moved on), and the room keeps that copy.

    workers = Workers()
    state, events = await workers.apply(game, state, seat, action)
    action, bot = await workers.choose(bot, view)

A room's own order stays serialised by its lock; rooms do not wait for each
other, nor for a worker busy with another room's long step (there are several).
``Workers("inline")`` runs the calls on the loop (as before; the tests of the
rules' order use it), ``Workers("thread")`` in threads (measured in
bench/server.py: it does not keep the loop free).

The worker processes are forked by a process of their own (multiprocessing's
*forkserver*), which first loads the lexicon (:mod:`igroteka.server.preload`):
the workers share its pages instead of each loading a copy. The server itself
never forks, though it runs threads. A call's game and bot travel pickled, by the
module that defines their class, so a game a test or a benchmark registers is
known to the workers if its module can be imported (the main script's too).
``start`` has them made in a thread of its own (the first takes as long as the
lexicon's loading, a second or two); a call made meanwhile (the first rooms asked
for after a restart are replayed at once) runs in a thread beside the loop instead
of waiting for them. ``renew`` has them made again by a new forkserver, once a
language whose index was built after the start is ready, so that they share it too.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import contextlib
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

from igroteka.engine import Agent, Event, Game, GameRecord, Match, RecordError
from igroteka.engine.match import replay_steps
from igroteka.server.builders import hush_interrupts

__all__ = ["Kind", "Workers"]

Kind = Literal["process", "thread", "inline"]
APPLY_IN_WORKERS = False
"""Whether the rules' ``apply`` goes to the workers too (see the module's docstring)."""
NICENESS = 10
"""How much lower a worker process's priority is than the server's (``nice``)."""
T = TypeVar("T")


def _apply(game: Game[Any, Any], state: Any, seat: int, action: Any) -> tuple[Any, Any]:
    return game.apply(state, seat, action)


def _check(game: Game[Any, Any], state: Any, seat: int, action: Any) -> None:
    game.check(state, seat, action)


def _choose(bot: Agent[Any], view: dict[str, Any]) -> tuple[Any, Agent[Any]]:
    return bot.choose(view), bot


def _offer(bot: Agent[Any], view: dict[str, Any]) -> tuple[Any, Agent[Any]]:
    return bot.offer(view), bot


Played = list[tuple[int, int, tuple[Event, ...]]]
"""The events of each step of a log: (seq after it, the seat that acted, its events)."""


def _replay(
    game: Game[Any, Any], record: GameRecord, versions: Mapping[str, Any]
) -> tuple[Match[Any, Any] | None, int | None, Played]:
    """The match a stored log makes, how far it replays (None: all of it; a match of None:
    its options cannot start a game now), and the events of each step (the move log's)."""
    steps = replay_steps(game, record, versions)
    played: Played = []
    try:
        match, _ = next(steps)
    except RecordError:
        return None, 0, played
    try:
        for _, events in steps:
            played.append((len(match.log), match.log[-1].seat, events))
    except RecordError:
        return match, len(match.log), played
    return match, None, played


def _steps(
    game: Game[Any, Any], record: GameRecord, versions: Mapping[str, Any]
) -> list[tuple[Any, tuple[Event, ...]]]:
    return [(m.state, events) for m, events in replay_steps(game, record, versions)]


def _ready() -> int:
    return os.getpid()


def _worker_start(server: int) -> None:
    """A worker yields the CPU to the server's loop (which only moves messages), and ends
    when the server has gone, however it went (killed, it cannot shut its pool down): its
    parent, the forkserver, ends with the server."""
    os.nice(NICENESS)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent and _alive(server):
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="igroteka-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but another user's: not ours any more
        return False
    return True


PRELOAD = ["__main__", "igroteka.server.preload"]
"""What the forkserver imports before it forks a worker: the main script (whose games a
benchmark registers), and the lexicon."""


def _context() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _new_parent() -> Any:
    """A new forkserver for the worker processes made from now on (multiprocessing's is one
    per process: its module's instance and the functions bound to it are replaced), and the
    one before, which serves the workers it made until they end (its ``_stop`` then reaps
    it); None when multiprocessing is not as this knows it (nothing is changed)."""
    from multiprocessing import forkserver

    old = getattr(forkserver, "_forkserver", None)
    if not hasattr(old, "_stop") or not hasattr(forkserver, "ForkServer"):
        return None
    new = forkserver.ForkServer()
    new.set_forkserver_preload(PRELOAD)
    forkserver._forkserver = new
    forkserver.ensure_running = new.ensure_running
    forkserver.get_inherited_fds = new.get_inherited_fds
    forkserver.connect_to_new_process = new.connect_to_new_process
    forkserver.set_forkserver_preload = new.set_forkserver_preload
    return old


class Workers:
    """A pool for the computations of every room (``kind``: where they run)."""

    def __init__(
        self, kind: Kind = "process", processes: int | None = None, apply: bool | None = None
    ) -> None:
        self.kind = kind
        self.applies = APPLY_IN_WORKERS if apply is None else apply
        """Whether :meth:`apply` runs in the workers (else on the caller's thread)."""
        self.processes = processes or max(2, min(4, os.cpu_count() or 2))
        self._pool: concurrent.futures.Executor | None = None
        self._closed = False
        self._started: concurrent.futures.Future[None] | None = None
        """Done once the worker processes are made (:meth:`start`)."""
        self._meanwhile: concurrent.futures.ThreadPoolExecutor | None = None
        """The threads of the calls made before the worker processes are."""
        self._renewing: concurrent.futures.Executor | None = None
        """The pool being made by :meth:`renew`, until it takes the calls."""
        self._lock = threading.Lock()

    def _executor(self) -> concurrent.futures.Executor:
        with self._lock:
            return self._made()

    def _made(self) -> concurrent.futures.Executor:
        if self._closed:
            raise RuntimeError("the workers are closed")
        if self._pool is None:
            if self.kind == "process":
                self._pool = self._processes()
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    self.processes, thread_name_prefix="igroteka-worker"
                )
        return self._pool

    def _processes(self) -> concurrent.futures.ProcessPoolExecutor:
        return concurrent.futures.ProcessPoolExecutor(
            self.processes,
            mp_context=_context(),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )

    def start(self) -> None:
        """Have the worker processes made now, in a thread (the forkserver loads the lexicon
        first: seconds), so that the first call does not wait for all of it."""
        if self.kind != "process" or self._started is not None:
            return
        started: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._started = started

        def make() -> None:
            hush_interrupts()  # the forkserver is started from here: quiet on Ctrl+C
            try:
                pool = self._executor()
                waited = [pool.submit(_ready) for _ in range(self.processes)]
                concurrent.futures.wait(waited)
            except (RuntimeError, EOFError, OSError):  # closed meanwhile (the calls are
                pass  # refused as closed), or its parent ended (a SIGTERM to the group): a
                # call that finds the pool broken makes another, and says so
            finally:  # a call that fails to reach a worker says why itself
                started.set_result(None)

        threading.Thread(target=make, name="igroteka-workers", daemon=True).start()

    def renew(self) -> None:
        """Have new worker processes made, by a new parent that loads what is built now (a
        language whose index was built after the start: the workers share it instead of each
        loading a copy when its first bot asks), in a thread. Calls go to the old workers
        until the new are ready; the old then end once their calls are done. Nothing is done
        when the workers are no processes, or multiprocessing is not as this knows it."""
        if self.kind != "process" or self._closed:
            return
        threading.Thread(target=self._renew, name="igroteka-renew", daemon=True).start()

    def _renew(self) -> None:
        hush_interrupts()
        with self._lock:
            if self._closed or self._renewing is not None:
                return
            old_parent = _new_parent()
            if old_parent is None:
                return
            pool: concurrent.futures.Executor = self._processes()
            self._renewing = pool  # closed by close() too: the server may end meanwhile
        with contextlib.suppress(RuntimeError, EOFError, OSError):  # the server is ending
            concurrent.futures.wait([pool.submit(_ready) for _ in range(self.processes)])
        with self._lock:
            self._renewing = None
            old: concurrent.futures.Executor | None = pool
            if not self._closed:
                old, self._pool = self._pool, pool
        if old is not None:
            old.shutdown(wait=True, cancel_futures=self._closed)
        old_parent._stop()  # its workers have ended: so does it (reaped here)

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        if self.kind == "inline":
            return call(*args)
        loop = asyncio.get_running_loop()
        if self._closed:
            raise asyncio.CancelledError()  # the server is ending: so is this
        if self._started is not None and not self._started.done():
            return await loop.run_in_executor(self._threads(), call, *args)
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, call, *args)
        except concurrent.futures.process.BrokenProcessPool:
            if self._closed:
                raise asyncio.CancelledError() from None  # the server is ending: so is this
            self._replace(pool)
            return await loop.run_in_executor(self._executor(), call, *args)  # pure: again

    def _threads(self) -> concurrent.futures.Executor:
        """The threads that run the calls made before the worker processes are ready."""
        with self._lock:
            if self._closed:
                raise asyncio.CancelledError()
            if self._meanwhile is None:
                self._meanwhile = concurrent.futures.ThreadPoolExecutor(
                    2, thread_name_prefix="igroteka-meanwhile"
                )
            return self._meanwhile

    def _replace(self, broken: concurrent.futures.Executor) -> None:
        """A worker died (killed, out of memory): its pool takes no more calls. A new pool is
        made, once for all the calls the dead one failed, and said on the console."""
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            print(
                "igroteka: a worker process died; new ones are started, and what it was "
                "computing is computed again",
                file=sys.stderr,
                flush=True,
            )

    async def apply(
        self, game: Game[Any, Any], state: Any, seat: int, action: Any
    ) -> tuple[Any, tuple[Event, ...]]:
        """The rules' ``apply``: the next state and the events, or IllegalAction."""
        if not self.applies:
            return game.apply(state, seat, action)
        return await self._run(_apply, game, state, seat, action)

    async def check(self, game: Game[Any, Any], state: Any, seat: int, action: Any) -> None:
        """The rules' ``check``: None, or IllegalAction; where ``apply`` runs."""
        if not self.applies:
            game.check(state, seat, action)
            return
        await self._run(_check, game, state, seat, action)

    async def choose(self, bot: Agent[Any], view: dict[str, Any]) -> tuple[Any, Agent[Any]]:
        """A bot's action, and the bot as it is after choosing."""
        return await self._run(_choose, bot, view)

    async def offer(self, bot: Agent[Any], view: dict[str, Any]) -> tuple[Any, Agent[Any]]:
        """A bot's answer to an offer (an action or None), and the bot after answering."""
        return await self._run(_offer, bot, view)

    async def replay(
        self, game: Game[Any, Any], record: GameRecord, versions: Mapping[str, Any]
    ) -> tuple[Match[Any, Any] | None, int | None, Played]:
        """A match rebuilt from a stored log, how far it replays (None: to its end), and the
        events of each step."""
        return await self._run(_replay, game, record, versions)

    async def steps(
        self, game: Game[Any, Any], record: GameRecord, versions: Mapping[str, Any]
    ) -> list[tuple[Any, tuple[Event, ...]]]:
        """Every state of a record and the events of the step to it (a replay viewer's)."""
        return await self._run(_steps, game, record, versions)

    def close(self, wait: bool = False) -> None:
        """Take no more calls; ``wait``: until the workers have ended (a server's end, so that
        their queues' semaphores are let go, not left to the resource tracker to clean up and
        warn of)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
            threads, self._meanwhile = self._meanwhile, None
            renewing, self._renewing = self._renewing, None
        if threads is not None:
            threads.shutdown(wait=False, cancel_futures=True)
        for ending in (pool, renewing):
            if ending is not None:
                ending.shutdown(wait=wait, cancel_futures=True)
