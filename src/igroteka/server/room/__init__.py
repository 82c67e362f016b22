"""A room in memory: one game, its seats and its connections, put together from its parts.

:class:`LiveRoom` is made of layers, each in its module and each built on those below it
(the way python-chess builds ``Board`` on ``BaseBoard``):

- :mod:`~igroteka.server.room.base`: the state every part shares, what anyone may know;
- :mod:`~igroteka.server.room.timing`: the game put on with its pacing (bots, stand-ins,
  timed steps), woken and stopped, and how long the room has been idle;
- :mod:`~igroteka.server.room.presence`: the people: who is here, what each connection is
  told, reactions, a seat moved to another device;
- :mod:`~igroteka.server.room.seating`: the lobby: seats, options, the start, a rematch's
  seats taken;
- :mod:`~igroteka.server.room.restore`: a stored room's game rebuilt by replaying its log,
  or "stopped by an update".

They stand on the server's lower parts: :mod:`~igroteka.server.lobby` (who holds each
seat), :mod:`~igroteka.server.authority` (the one path of every action: apply → store →
tell), :mod:`~igroteka.server.pacing` and :mod:`~igroteka.server.people`. A room knows no
game's rules: it speaks the kernel's protocol through the registry.
"""

from __future__ import annotations

from typing import Any

from igroteka.engine import GameRecord
from igroteka.i18n import Text
from igroteka.server.errors import RoomError
from igroteka.server.room.restore import Restore
from igroteka.server.room.seating import Seating

__all__ = ["LiveRoom"]


class LiveRoom(Seating, Restore):
    """A room in memory: its lobby, and once started its authority and its pacing; what a
    person asks of its game."""

    async def act(self, seat: int, data: Any, seq: Any, action_id: Any = None) -> dict[str, Any]:
        """A person's action for their seat: the ack; RoomError (nothing changed) when refused."""
        if self.authority is None:
            if self.stopped is not None:
                raise RoomError(self.stopped.reason, "over")
            raise RoomError(Text("the game has not started yet"), "not-started")
        ack = await self.authority.act(seat, data, seq, action_id)
        self.wake()
        return ack

    async def check(self, seat: int, data: Any, check_id: Any) -> dict[str, Any]:
        """A person's question: would this action be accepted now? The ``checked`` answer."""
        if self.authority is None:
            if self.stopped is not None:
                raise RoomError(self.stopped.reason, "over")
            raise RoomError(Text("the game has not started yet"), "not-started")
        return await self.authority.check(seat, data, check_id)

    def record(self) -> GameRecord:
        """The finished game's record (of a stopped game: as far as it replays)."""
        if self.authority is None:
            raise RoomError(Text("the game has not started yet"), "not-started")
        if self.authority.outcome() is None:
            raise RoomError(Text("the record is given once the game is over"), "not-over")
        return self.authority.match.record()

    async def replay_step(self, step: int, lang: str) -> dict[str, Any]:
        if self.authority is None:
            raise RoomError(Text("a game can be replayed once it is over"), "not-over")
        return await self.authority.replay_step(step, lang)
