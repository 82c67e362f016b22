"""Group commits: the actions of many rooms stored in one transaction, each announced after.

Committing one action is most of what an action costs the server (a transaction
and its write to the log). Rooms hand their accepted actions to the one
:class:`Committer` and wait; while a commit is under way the next actions
queue up, and the next commit stores them all at once. A room hears that its
action is stored only when the transaction that holds it has committed, so the
rule of the room stands: nothing is announced before it is stored.

    committer = Committer(store)
    await committer.append(Appended(room_id, number, seat, action))  # stored now, or raises

The commits run in a thread of their own (SQLite and the database drivers let
go of the interpreter while they write), except for an in-memory SQLite, whose
one connection the rest of the server uses too: its commits run on the loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib

from igroteka.store import Appended, Store

__all__ = ["Committer"]


class Committer:
    """Commits the actions of many rooms together, in order of arrival.

    ``most`` bounds a transaction: a longer queue is committed in several.
    ``window``: how long the first action of a group waits for others (seconds).
    A commit costs about 110 µs of CPU alone, 12 µs an action in groups of ten;
    at 200 rooms actions come every 4 ms, so without a wait a group is one action.
    """

    def __init__(self, store: Store, most: int = 512, window: float = 0.005) -> None:
        self.store = store
        self.most = most
        self.window = window
        self._waiting: list[tuple[Appended, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self._thread: concurrent.futures.ThreadPoolExecutor | None = None
        if not store.shared_connection:
            self._thread = concurrent.futures.ThreadPoolExecutor(1, "igroteka-store")
        self.commits = 0
        """How many transactions have been committed (a group counts once)."""

    async def append(self, action: Appended) -> None:
        """Store one action of a room's log; return once it is committed.

        Raises :class:`igroteka.store.StoreError` (an :class:`ActionConflict`
        when its number is stored already) when it is not: nothing was written.
        Cancelling the caller does not take the action back: it may be stored.
        """
        await asyncio.shield(self.submit(action))

    def submit(self, action: Appended) -> asyncio.Future[None]:
        """Hand one action of a room's log to be stored: a future that is done once it is
        committed, or that holds the :class:`igroteka.store.StoreError` it met (then nothing
        was written). Its callbacks run as the commit ends (the room's own: see
        ``Authority.commit``)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((action, future))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._run())
        return future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        if self.window:
            await asyncio.sleep(self.window)  # let the other rooms' actions join this group
        while self._waiting:
            batch, self._waiting = self._waiting[: self.most], self._waiting[self.most :]
            actions = [action for action, _ in batch]
            try:
                if self._thread is None:
                    answers = self.store.append_actions(actions)
                else:
                    answers = await loop.run_in_executor(
                        self._thread, self.store.append_actions, actions
                    )
            except Exception as error:  # a bug below: every waiter hears of it
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            self.commits += 1
            for (_, future), answer in zip(batch, answers, strict=True):
                if future.done():
                    continue
                if answer is None:
                    future.set_result(None)
                else:
                    future.set_exception(answer)

    async def close(self) -> None:
        """Commit what is waiting, then let the thread go."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None
