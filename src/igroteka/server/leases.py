"""Leases: which server process plays a room now.

A room is played by one process at a time: its game's order of actions, its
bots and its timers live there. One server alone holds every room
(:class:`Alone`); servers that share a store through Redis hold a room by a
lease that expires unless renewed (:class:`igroteka.server.cluster.RedisLeases`),
so that when a process dies another takes its rooms over.

    leases = Alone()
    assert await leases.take("room") is None     # None: this process holds it now
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = ["Alone", "Leases"]


class Leases(Protocol):
    """Who holds each room: this process, or another (by its id)."""

    me: str
    """This process's id."""
    keeps: Callable[[str], bool]
    """Whether this process still needs a room it holds (set by the rooms): a lease taken for
    a request that loaded nothing is let go."""

    async def take(self, room_id: str) -> str | None:
        """Hold the room, unless another process holds it: None once this process holds
        it (it did already, or it does now), else the id of the process that does."""

    async def release(self, room_id: str) -> None:
        """Let the room go (it left this process's memory)."""

    def on_lost(self, lost: Callable[[str], None]) -> None:
        """Call ``lost(room_id)`` when a room's lease could not be kept (it lapsed: another
        process may hold it now)."""


class Alone:
    """One server process alone on its store: every room is its own."""

    me = "alone"

    def __init__(self) -> None:
        self.keeps: Callable[[str], bool] = lambda room_id: True

    async def take(self, room_id: str) -> str | None:
        return None

    async def release(self, room_id: str) -> None:
        return None

    def on_lost(self, lost: Callable[[str], None]) -> None:
        return None
