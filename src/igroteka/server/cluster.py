"""Several server processes over one Redis: who plays each room, and how they talk.

``igroteka serve --redis URL --db postgresql://…`` runs any number of processes
behind any proxy. Each room is played by one process at a time, the one that
holds its **lease**: a Redis lock (redis-py's :class:`~redis.asyncio.lock.Lock`,
whose token is the process's id) that expires after :data:`LEASE` seconds unless
renewed, and each process renews its own every third of that. A process that
dies stops renewing; once its leases lapse, the next request for one of its
rooms (or the next sweep, :meth:`Rooms.adopt`) takes the room over and rebuilds
it from the store, where every acknowledged action is.

A request that lands on a process that does not hold its room is carried to the
one that does (:mod:`~igroteka.server.tunnel`): every process listens on a
channel of its own (Redis pub/sub, ``igroteka:to:<id>``) and publishes, in
order, through one writer. Each process also says it is alive
(``igroteka:alive:<id>``, with the same expiry), so that a tunnel whose other
end has gone is closed.

A Redis that goes away is said once on the console, and ``/healthz`` answers 503
until it is back; rooms already here play on (their actions are in the store),
rooms not held here are refused (``no-redis``) meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.lock import Lock
from redis.exceptions import LockError, RedisError

from igroteka.i18n import Text
from igroteka.server.errors import Moved, RoomError

__all__ = ["LEASE", "Cluster", "NoRedis"]

LEASE = 5.0
"""Seconds a room's lease lasts unless renewed (renewed every third of that)."""
PREFIX = "igroteka"
CONNECTIONS = 32
"""Connections to Redis a process opens at most; a question asked when all are busy waits for
one (1,000 rooms joined at once do not open 1,000)."""
NO_REDIS = Text("the server has lost its link to the other servers (Redis): try again soon")


class NoRedis(RoomError):
    """Redis does not answer: nothing that needs it can be done now (503)."""

    def __init__(self) -> None:
        super().__init__(NO_REDIS, "no-redis")


def _say(text: str) -> None:
    print(f"igroteka: {text}", file=sys.stderr, flush=True)


class Cluster:
    """This process among the others: its leases on rooms, its channel, the others' liveness.

    ``handle(message)`` is called for every message sent to this process (a dict).
    """

    def __init__(self, url: str, lease: float = LEASE, say: Callable[[str], None] = _say) -> None:
        self.url = url
        self.lease = lease
        self.say = say
        self.me = secrets.token_hex(8)
        """This process's id: the token of its leases, the name of its channel."""
        self.redis = self._client(CONNECTIONS)
        self._renewer = self._client(1)
        """The connection of the leases' renewals and the liveness alone: however busy the
        others are (a wave of joins), a lease is renewed in time."""
        self.held: dict[str, Lock] = {}
        self.handle: Callable[[dict[str, Any]], Awaitable[None] | None] = lambda message: None
        self.answers = True
        """Whether Redis answered the last time it was asked."""
        self._lost: list[Callable[[str], None]] = []
        self._out: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        """Set by :meth:`close`: each task's loop ends at its next turn."""
        self._taking: dict[str, asyncio.Task[str | None]] = {}
        self._taken: dict[str, float] = {}
        self._seen: dict[str, tuple[float, Any]] = {}
        self.keeps: Callable[[str], bool] = lambda room_id: True
        """Whether this process still needs a room it holds (it is in memory, or loading): a
        lease taken for a request that loaded nothing is let go at the next renewal."""

    def _client(self, connections: int) -> aioredis.Redis:
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=connections, timeout=self.lease / 2,
            socket_timeout=self.lease / 2, socket_connect_timeout=2,
        )  # fmt: skip
        return aioredis.Redis.from_pool(pool)  # the pool closed with it

    # -- its life

    async def start(self) -> None:
        """Join the others: Redis must answer (else RedisError), then this process's channel
        is listened to, its leases renewed and its liveness said, for as long as it runs."""
        await self.redis.ping()
        await self._alive()
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel(self.me))
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(pubsub)),
            loop.create_task(self._write()),
            loop.create_task(self._renew()),
        ]

    async def close(self) -> None:
        """Leave: the tasks end, the leases and the liveness are let go.

        A task is cancelled, and also told to end at its next turn (``_closing``): redis-py
        may turn a cancellation that meets a command under way into a RedisError, which the
        task's loop takes for Redis failing and goes on (once, ``close`` waited for it for
        ever). It is waited for at most two leases' time."""
        self._closing = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2 * self.lease)
        with contextlib.suppress(RedisError):
            for lock in list(self.held.values()):
                with contextlib.suppress(LockError):
                    await lock.release()
            await self.redis.delete(self._alive_key(self.me))
        self.held.clear()
        await self.redis.aclose()
        await self._renewer.aclose()

    @staticmethod
    def channel(process: str) -> str:
        return f"{PREFIX}:to:{process}"

    @staticmethod
    def _alive_key(process: str) -> str:
        return f"{PREFIX}:alive:{process}"

    @staticmethod
    def _lease_key(room_id: str) -> str:
        return f"{PREFIX}:room:{room_id}"

    # -- leases (server/leases.py's protocol)

    async def take(self, room_id: str) -> str | None:
        """Hold the room unless another process does: None once this one holds it, else the
        holder's id. NoRedis when Redis does not answer."""
        if room_id in self.held:
            return None
        task = self._taking.get(room_id)
        if task is None:  # one attempt at a time per room, shared by whoever asks meanwhile
            task = asyncio.get_running_loop().create_task(self._take(room_id))
            self._taking[room_id] = task
            task.add_done_callback(lambda _: self._taking.pop(room_id, None))
        return await asyncio.shield(task)

    async def _take(self, room_id: str) -> str | None:
        lock = Lock(self.redis, self._lease_key(room_id), timeout=self.lease, thread_local=False)
        for _ in range(3):  # the holder's lease may lapse between the two questions
            try:
                if await lock.acquire(blocking=False, token=self.me):
                    self.held[room_id] = lock
                    self._taken[room_id] = time.monotonic()
                    return None
                holder = await self.redis.get(self._lease_key(room_id))
            except RedisError:
                self._failed()
                raise NoRedis() from None
            if holder is not None:
                return str(holder.decode() if isinstance(holder, bytes) else holder)
        raise Moved()  # changing hands three times over: the client tries again in a moment

    async def release(self, room_id: str) -> None:
        self._taken.pop(room_id, None)
        lock = self.held.pop(room_id, None)
        if lock is not None:
            with contextlib.suppress(LockError, RedisError):
                await lock.release()

    def on_lost(self, lost: Callable[[str], None]) -> None:
        self._lost.append(lost)

    async def holder(self, room_id: str) -> str | None:
        """Which process holds the room now (None: none), as Redis said it within the last
        second; NoRedis when Redis does not answer."""
        value = await self._asked(self._lease_key(room_id), self.redis.get)
        return None if value is None else (value.decode() if isinstance(value, bytes) else value)

    async def alive(self, process: str) -> bool:
        """Whether a process has said it is alive within the lease's time (as :meth:`holder`,
        within the last second)."""
        return bool(await self._asked(self._alive_key(process), self.redis.exists))

    async def _asked(self, key: str, ask: Callable[[str], Awaitable[Any]]) -> Any:
        """Redis's answer for a key, asked at most once a second however many ask."""
        now = time.monotonic()
        seen = self._seen.get(key)
        if seen is not None and now - seen[0] < 1.0:
            return seen[1]
        try:
            value = await ask(key)
        except RedisError:
            self._failed()
            raise NoRedis() from None
        if len(self._seen) > 10_000:
            self._seen.clear()
        self._seen[key] = (now, value)
        return value

    # -- messages

    def send(self, process: str, message: dict[str, Any]) -> None:
        """Send a message to a process: in order, after those sent before it (one writer)."""
        self._out.put_nowait((self.channel(process), json.dumps(message).encode()))

    async def _write(self) -> None:
        while not self._closing:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 256:
                batch.append(self._out.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except RedisError:  # lost: a tunnel's other end notices and closes it
                self._failed()

    async def _listen(self, pubsub: Any) -> None:
        while not self._closing:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except RedisError:
                self._failed()
                await asyncio.sleep(0.5)
                with contextlib.suppress(RedisError):
                    await pubsub.subscribe(self.channel(self.me))
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                handled = self.handle(json.loads(message["data"]))
                if handled is not None:
                    await handled
            except Exception as error:  # one bad message must not end this process's channel
                self.say(f"a message from another server was not understood: {error!r}")

    # -- renewal

    async def _renew(self) -> None:
        while not self._closing:
            await asyncio.sleep(self.lease / 3)
            now = time.monotonic()
            for room_id in [r for r in self.held if not self.keeps(r)]:
                if now - self._taken.get(room_id, 0.0) > self.lease:
                    await self.release(room_id)
            held = list(self.held.items())  # rooms taken meanwhile wait for the next round
            try:
                results = await self._reacquired(held)
            except RedisError:
                self._failed()
                continue
            if not self.answers:
                self.answers = True
                self.say(f"Redis at {self.url} answers again")
            for (room_id, lock), renewed in zip(held, results, strict=True):
                if isinstance(renewed, RedisError):
                    self._failed()
                elif not renewed and self.held.get(room_id) is lock:  # lapsed: another may
                    self.held.pop(room_id, None)  # hold it now
                    self._taken.pop(room_id, None)
                    for lost in self._lost:
                        lost(room_id)

    async def _reacquired(self, held: list[tuple[str, Lock]]) -> list[Any]:
        """The liveness said, and each lease renewed for another :attr:`lease` if this
        process still holds it (the library's own script, :meth:`Lock.reacquire`'s): one
        pipeline, one round trip however many rooms. True for each renewed, false for each
        lapsed."""
        async with self._renewer.pipeline(transaction=False) as pipe:  # its connection let
            pipe.set(self._alive_key(self.me), str(time.time()), px=int(self.lease * 1000))
            for _, lock in held:  # go however it ends: the renewals have that one alone
                script = lock.lua_reacquire
                assert script is not None  # registered when the first Lock was made
                await script(
                    keys=[lock.name], args=[lock.local.token, int(self.lease * 1000)], client=pipe
                )
            said, *renewed = await pipe.execute(raise_on_error=False)
        if isinstance(said, Exception):
            raise said
        return renewed

    async def _alive(self) -> None:
        alive = self._alive_key(self.me)
        await self._renewer.set(alive, str(time.time()), px=int(self.lease * 1000))

    def _failed(self) -> None:
        if self.answers:
            self.answers = False
            self.say(
                f"Redis at {self.url} does not answer: /healthz says 503 until it is back; "
                "the rooms played here go on"
            )
