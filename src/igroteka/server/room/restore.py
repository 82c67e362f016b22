"""A stored room brought back: its game rebuilt by replaying its log, or "stopped by an
update" when the log no longer replays.

A room keeps the versions it was started with. When the rules or the dictionary changed
under it so that its log no longer replays, the game is kept as far as it replays and is
over (:func:`stopped`), never set aside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from igroteka.engine import GameRecord, LoggedAction, Outcome
from igroteka.games import versions
from igroteka.i18n import Text
from igroteka.server.room.timing import STARTED, Timing
from igroteka.store import Room as StoredRoom

__all__ = ["Restore", "stopped", "stored_record"]


def stopped(played_with: Mapping[str, Any], now: Mapping[str, Any], replayed: int) -> Outcome:
    """The outcome of a game whose stored log no longer replays after ``replayed`` actions.

    It has no scores and no winners: the kernel knows a game's scores only once
    the game has ended, and the last view shows the table as it stood.
    """
    if dict(played_with) != dict(now):
        reason = Text("this game was stopped by an update")
    else:  # the same versions: the stored log itself was changed
        reason = Text("this game was stopped: its stored log no longer replays")
    details = {"stopped": {"after": replayed, "played_with": dict(played_with), "now": dict(now)}}
    return Outcome((), frozenset(), details, reason)


def stored_record(stored: StoredRoom) -> GameRecord:
    """A stored room's game as a record: as it was started, and its log."""
    return GameRecord(
        stored.game,
        stored.options,
        stored.seed,
        tuple(seat.name for seat in stored.seats),
        tuple(LoggedAction(seat, action) for seat, action in stored.actions),
        stored.settings.get("versions", {}),
    )


class Restore(Timing):
    """A room loaded from the store: its game as its log leaves it."""

    async def restore(self) -> None:
        """Rebuild the game from the stored log, in a worker (the replay may be long: a game's
        last action may set off a long search), bots' memories included.

        A log that no longer replays is kept as far as it does, and the game is
        over: stopped by an update (see :func:`stopped`). States before the last are
        not kept: an action chosen on a view from before the rebuild is stale.
        """
        stored = self.stored
        if not stored.started:
            return
        played_with, now, record = self._stored_record()
        match, replayed, played = await self.workers.replay(self.entry.game, record, now)
        if match is None:  # its options cannot start a game now
            self.stopped = stopped(played_with, now, 0)
            return
        authority = self._play(match)
        assert self.pacing is not None
        self.chronicle.room(0, STARTED)
        for seq, by, events in played:
            self.pacing.observe(events)
            self.chronicle.game(seq, by, events)
        if replayed is not None:
            authority.stopped = stopped(played_with, now, replayed)
        stored.actions = []  # the match's log holds them from now on

    def _stored_record(self) -> tuple[dict[str, Any], dict[str, Any], GameRecord]:
        """What the room was started with, what it would be played with now, and its log."""
        stored = self.stored
        return stored.settings.get("versions", {}), versions(stored.game), stored_record(stored)
