"""A room's lease in Redis: held while renewed, however many rooms come and go meanwhile."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from typing import Any

from redis.exceptions import RedisError

from igroteka.server.cluster import Cluster


def room_ids(count: int) -> list[str]:
    return [secrets.token_urlsafe(9) for _ in range(count)]


def test_rooms_taken_while_the_leases_are_renewed_are_all_kept(redis_url: str) -> None:
    """Rule: a process keeps every room it holds for as long as it runs; rooms that join
    during a renewal wait for the next one (once, the renewal ended there, and every lease
    lapsed a few seconds later)."""

    async def scenario() -> tuple[list[str], list[str | None], bool, str]:
        lost: list[str] = []
        cluster = Cluster(redis_url, lease=0.6)
        cluster.on_lost(lost.append)
        await cluster.start()
        ids = room_ids(400)
        try:
            for start in range(0, len(ids), 10):  # 10 rooms every 20 ms, for 0.8 s
                await asyncio.gather(*(cluster.take(room) for room in ids[start : start + 10]))
                await asyncio.sleep(0.02)
            await asyncio.sleep(2.0)  # many renewals later (one every 0.2 s)
            holders = [await cluster.redis.get(cluster._lease_key(room)) for room in ids]
            renewing = not any(task.done() for task in cluster._tasks)
            return lost, [h and h.decode() for h in holders], renewing, cluster.me
        finally:
            await cluster.close()

    lost, holders, renewing, me = asyncio.run(scenario())
    assert lost == []
    assert renewing, "the renewal stopped"
    assert holders == [me] * 400


def test_a_lease_that_another_process_took_is_said_lost_at_the_next_renewal(
    redis_url: str,
) -> None:
    """Rule: one process at a time plays a room; the one whose lease lapsed drops it."""

    async def scenario() -> tuple[list[str], str | None, str | None, str]:
        lost: list[str] = []
        first, second = Cluster(redis_url, lease=0.6), Cluster(redis_url, lease=0.6)
        first.keeps = lambda room: True
        first.on_lost(lost.append)
        await first.start()
        await second.start()
        room, other = room_ids(2)
        try:
            assert await first.take(room) is None and await first.take(other) is None
            await first.redis.delete(first._lease_key(room))  # as if it had lapsed
            taken = await second.take(room)
            await asyncio.sleep(0.5)  # two renewals of the first
            held = await second.take(other)
            return lost, taken, held, room
        finally:
            await first.close()
            await second.close()

    lost, taken, held_by, room = asyncio.run(scenario())
    assert taken is None, "the second process could not take the lapsed room"
    assert lost == [room]
    assert held_by is not None, "the first process let go of a room it still holds"


def test_a_process_that_leaves_ends_its_renewals_even_if_a_cancel_comes_back_as_an_error(
    redis_url: str,
) -> None:
    """Rule: a process that leaves stops renewing its leases. redis-py may turn a cancellation
    that meets a command under way into a RedisError, which the renewals take for Redis
    failing (once, leaving waited for ever while the renewals went on)."""

    async def scenario() -> tuple[float, bool]:
        cluster = Cluster(redis_url, lease=0.6)

        async def eats_the_cancel(held: list[Any]) -> list[Any]:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                raise RedisError("Connection reset by peer") from None  # as redis-py may
            return []

        cluster._reacquired = eats_the_cancel  # type: ignore[method-assign]
        await cluster.start()
        await asyncio.sleep(0.4)  # a renewal is under way
        began = time.monotonic()
        await cluster.close()
        return time.monotonic() - began, all(task.done() for task in cluster._tasks)

    found: list[tuple[float, bool]] = []
    leaving = threading.Thread(target=lambda: found.append(asyncio.run(scenario())), daemon=True)
    leaving.start()
    leaving.join(30)  # a close that waits for ever must fail the test, not hang it
    assert found, "the process never finished leaving"
    took, ended = found[0]
    assert ended and took < 2.0
