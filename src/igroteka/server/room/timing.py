"""A room's pace: the game put on with the pacing that listens to it, woken and stopped; and
how long the room has been idle.

The bots, the stand-ins and the timed steps themselves are
:class:`~igroteka.server.pacing.Pacing`'s. This part starts them with the game, lets them
think again when someone acts, comes or goes, and stops them when the room leaves memory;
its idle time is what the room's expiry reads (:class:`~igroteka.server.limits.Expiry`).
"""

from __future__ import annotations

import time
from typing import Any

from igroteka.engine import Match
from igroteka.i18n import Text
from igroteka.server.authority import Authority
from igroteka.server.pacing import Pacing
from igroteka.server.room.base import BaseRoom

__all__ = ["STARTED", "Timing"]

STARTED = Text("The game started")
"""The room's line of the log when its game starts (and when it is restored)."""


class Timing(BaseRoom):
    """A room's game on the move: its authority and pacing, and the room's idle time."""

    def _play(self, match: Match[Any, Any]) -> Authority:
        """The game is on: its authority, and the pacing that listens to it."""
        self.chronicle.names = self.names()
        authority = Authority(
            self.id,
            match,
            self.store,
            self.connections,
            self.workers,
            self.committer,
            self.chronicle,
        )
        authority.conflicted = lambda: self.on_conflict(self.id)
        absent = [seat for seat in self.lobby.people() if not self.lobby.is_here(seat)]
        timer = self.stored.settings.get("turn_timer")
        self.pacing = Pacing(
            authority,
            self.entry,
            self.stored.seats,
            self.stored.seed,
            self.settings,
            float(timer) if timer else None,
            absent,
        )
        authority.listener = self.pacing
        self.authority = authority
        return authority

    def touch(self, now: float | None = None) -> None:
        """Someone is here or did something: the room's idle time starts again."""
        self.active = time.monotonic() if now is None else now

    def idle(self, now: float) -> float:
        """How long nobody has been here and nothing has been played (seconds)."""
        seq = self.authority.seq if self.authority is not None else 0
        if self.connections or seq != self._seq_seen:
            self._seq_seen = seq
            self.touch(now)
        return now - self.active

    def wake(self) -> None:
        """Let the room's bots and timed steps think again (someone acted, came or went)."""
        if self.pacing is not None and self.outcome() is None:
            self.pacing.wake()

    async def close(self) -> None:
        if self.pacing is not None:
            await self.pacing.close()
