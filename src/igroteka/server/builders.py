"""The word indexes of the lexicon, each prepared in a process of its own.

Building a language's index (:func:`igroteka.lexicon.index.prepare`) is minutes of pure
Python: in a thread of the server it would hold the interpreter's lock (the GIL) and the
event loop would wait for it. So each language is built in a child process (started
fresh, *spawn*: the server runs threads, and a fork would copy their locks), at a lower
priority than the server, while a thread of the server waits for it and relays what it
says through a pipe: how far it is, then done, or the one sentence of why it cannot be
(:class:`~igroteka.lexicon.index.PrepareError`).

    indexes = LexiconIndexes()
    indexes.prepare("ru", print)  # in a thread: 0.0, 0.01, …, 1.0

A builder ends with the server however it ends: :meth:`LexiconIndexes.stop` ends it with
SIGTERM (it lets its half-written files go and ends without a word), it ignores the Ctrl+C
its terminal sends every process (the server ends it; blocked from its start, so that even
one that comes while it is still importing says nothing), and it ends by itself when the
server has gone. The lexicon writes each file whole or not at all, and an index counts as
built only with all its files, so a builder stopped halfway leaves the next start building
again.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from igroteka.i18n import Text

__all__ = ["NICENESS", "LexiconIndexes", "Stopped", "hush_interrupts"]

NICENESS = 10
"""How much lower a builder's priority is than the server's (``nice``)."""
EVERY = 0.2
"""Seconds between two progress messages of a builder (it is told more often)."""
ENDING = 5.0
"""Seconds a stopped builder has to end before it is killed."""


class Stopped(Exception):
    """The preparation was stopped: the server is ending."""


class LexiconIndexes:
    """The lexicon's word indexes (in ``$IGROTEKA_CACHE``), each built in a process.

    ``before``: a function of no arguments a builder calls first, importable by its module
    (a test's tiny dictionary); none by default."""

    def __init__(self, before: Callable[[], object] | None = None) -> None:
        self.before = before
        self._running: set[BaseProcess] = set()
        self._stopped = False
        self._lock = threading.Lock()

    def is_built(self, lang: str) -> bool:
        from igroteka.lexicon.index import is_built

        return is_built(lang)

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
        """Have ``lang``'s index built (slow: call it in a thread), ``progress`` told how far
        it is; PrepareError when it cannot be, :class:`Stopped` when :meth:`stop` ended it."""
        from igroteka.lexicon.index import PrepareError

        context = multiprocessing.get_context("spawn")
        receiving, sending = context.Pipe(duplex=False)
        builder = context.Process(
            target=_build,
            args=(lang, sending, os.getpid(), self.before),
            name=f"igroteka-build-{lang}",
            daemon=True,
        )
        with self._lock:
            if self._stopped:
                raise Stopped()
            hush_interrupts()
            builder.start()  # with Ctrl+C blocked from its first instruction (see _build)
            self._running.add(builder)
        sending.close()  # the builder's end: once it has gone, reading it ends
        said: tuple[str, Any] | None = None
        try:
            said = _relay(receiving, progress)
        finally:
            receiving.close()
            builder.join(ENDING)
            with self._lock:
                self._running.discard(builder)
        if self._stopped:
            raise Stopped()
        if said is not None and said[0] == "failed":
            raise PrepareError(said[1])
        if said is None:
            raise PrepareError(
                Text(
                    "the dictionary's builder ended before it was done (exit code {code})",
                    code=builder.exitcode,
                )
            )

    def warm(self, lang: str) -> None:
        """Load in this process what the rules ask of ``lang`` first (the index, the word
        judge and its lists), so that the first word judged on the event loop is quick."""
        from igroteka.lexicon import analyses, check, version
        from igroteka.lexicon.family import interjection, unfit
        from igroteka.lexicon.index import index
        from igroteka.lexicon.rules import famous_surnames
        from igroteka.lexicon.style import slang

        version()
        index(lang)
        famous_surnames(lang)
        for word in ("слово", "ой"):
            for rule in ("nouns", "any"):
                check(word, lang, rule)
            unfit(word, lang)
            interjection(word, lang)
            slang(word, lang)
            analyses(word, lang)

    def stop(self) -> None:
        """End every builder (the server is ending); the threads waiting for them return."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for builder in running:
            if builder.is_alive():
                builder.terminate()
        deadline = time.monotonic() + ENDING
        for builder in running:
            builder.join(max(0.0, deadline - time.monotonic()))
            if builder.is_alive():
                builder.kill()


def _relay(receiving: Connection, progress: Callable[[float], object]) -> tuple[str, Any] | None:
    """Tell ``progress`` what a builder says until it says it is done or failed (that last
    word), or ends without one (None)."""
    while True:
        try:
            kind, value = receiving.recv()
        except (EOFError, OSError):
            return None
        if kind == "progress":
            progress(value)
        else:
            return kind, value


def _build(
    lang: str, sending: Connection, server: int, before: Callable[[], object] | None
) -> None:
    """A builder process: the index of ``lang`` prepared, every step said to the server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl+C: the server ends it
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # one that came is let go
    signal.signal(signal.SIGTERM, _end)  # files written halfway are let go as it ends
    os.nice(NICENESS)
    _watch(server)
    from igroteka.lexicon.index import PrepareError, prepare

    if before is not None:
        before()
    last = [-1.0, 0.0]

    def told(done: float) -> None:
        now = time.monotonic()
        if done >= 1.0 or (done != last[0] and now - last[1] >= EVERY):
            last[0], last[1] = done, now
            sending.send(("progress", done))

    try:
        prepare(lang, told)
    except PrepareError as error:
        sending.send(("failed", error.reason))
    else:
        sending.send(("done", None))
    finally:
        sending.close()


def hush_interrupts() -> None:
    """Block Ctrl+C (SIGINT) in this thread, so that a process it starts begins with it
    blocked (a child inherits its starter's mask), and a Ctrl+C while that process is still
    importing does not end it with a traceback (a builder; the workers' forkserver, which
    then ignores it). Only the main thread handles it in Python, so blocking it in another
    changes nothing there."""
    if threading.current_thread() is not threading.main_thread():
        resource_tracker.ensure_running()  # (its start unblocks SIGINT in the thread again)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _end(*_: object) -> None:
    raise SystemExit(0)


def _watch(server: int) -> None:
    """End this builder when the server has gone, however it went (killed, it cannot stop
    it): its parent is then another process."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(0.5)
        sys.stdout.flush()
        os._exit(0)

    threading.Thread(target=watch, name="igroteka-watch", daemon=True).start()
