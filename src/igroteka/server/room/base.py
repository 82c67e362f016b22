"""What every part of a room shares: its state, what anyone may know of it, its seats' names.

:class:`BaseRoom` is the bottom layer of :class:`~igroteka.server.room.LiveRoom`: the
stored room, its lobby, its connections, and once started its authority and its pacing.
The parts above it (timing, presence, seating, restore) add what a room does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from igroteka.engine import Outcome
from igroteka.engine.narration import bot_name
from igroteka.games import Entry
from igroteka.server.authority import Authority, Connection
from igroteka.server.chronicle import Chronicle
from igroteka.server.committer import Committer
from igroteka.server.lobby import Lobby
from igroteka.server.pacing import Pacing, Settings
from igroteka.server.people import AVATARS, REACTIONS, MoveCodes, Reactions
from igroteka.server.workers import Workers
from igroteka.store import Room as StoredRoom
from igroteka.store import Seat, Store

__all__ = ["CHOSEN", "CHOSEN_SEED", "NEXT", "PRIVATE", "REMATCH_OF", "BaseRoom"]

CHOSEN_SEED = "chosen_seed"
"""The key in a stored room's settings of a room made with a chosen seed (then true)."""
PRIVATE = "private"
"""The key in a stored room's settings of a room reachable only by its link (then true)."""
NEXT = "next"
"""The key in a stored room's settings of the id of its rematch, once one is made."""
REMATCH_OF = "rematch_of"
"""The key in a stored room's settings of the room whose rematch it is."""
CHOSEN = "chosen"
"""The key in a stored room's settings of its options as they were asked for, without a typed
deck (the room's page shows them in words: the game's own form of them may differ)."""


class BaseRoom:
    """A room's state: its lobby, and once started its authority and its pacing."""

    def __init__(
        self,
        stored: StoredRoom,
        store: Store,
        settings: Settings,
        found: Entry,
        workers: Workers,
        committer: Committer,
    ) -> None:
        self.stored = stored
        self.store = store
        self.settings = settings
        self.workers = workers
        self.committer = committer
        self.entry = found
        self.lobby = Lobby(stored, store, found.bot_levels)
        self.connections: set[Connection] = set()
        self.authority: Authority | None = None
        self.pacing: Pacing | None = None
        self.chronicle = Chronicle(found.declaration.narrator)
        """The move log: the game's events with who acted, and the room's own lines."""
        self.stopped: Outcome | None = None
        """Set when the game was stopped before its first state (its options are refused now)."""
        self.reactions = Reactions(settings.limits.reaction_every)
        self.moves = MoveCodes(settings.limits.move_code_lasts)
        self.active = time.monotonic()
        """When someone last came, went or acted here (or a bot did), for the room's expiry."""
        self._seq_seen = 0
        self.on_conflict: Callable[[str], None] = lambda room_id: None
        """Called when the store holds an action of this room's log that this process did not
        write: another process plays the room now."""

    @property
    def id(self) -> str:
        return self.stored.id

    def outcome(self) -> Outcome | None:
        if self.authority is not None:
            return self.authority.outcome()
        return self.stopped

    def public(self) -> dict[str, Any]:
        """What anyone may know of the room."""
        outcome = self.outcome()
        return {
            "id": self.id,
            "game": self.stored.game,
            "options": self.entry.declaration.public_options(self.stored.options),
            "players": self.stored.players,
            "seats": self.lobby.public(),
            "started": self.stored.started,
            "seq": self.authority.seq if self.authority else 0,
            "finished": outcome is not None,
            "stopped": outcome is not None and "stopped" in outcome.details,
            "bot_levels": list(self.entry.bot_levels),
            "turn_timer": self.stored.settings.get("turn_timer"),
            "away": self.settings.away,
            "chosen_seed": bool(self.stored.settings.get(CHOSEN_SEED)),
            "seated_creators": not self.lobby.has_creator(),
            "private": bool(self.stored.settings.get(PRIVATE)),
            "next": self.stored.settings.get(NEXT),
            "rematch_of": self.stored.settings.get(REMATCH_OF),
            "chosen": self.stored.settings.get(CHOSEN, {}),
            "avatars": list(AVATARS),
            "reactions": list(REACTIONS),
        }

    def names(self) -> list[str]:
        """Every seat's name as sentences say it: a person's own, a bot's by its level."""
        return [self._name(seat) for seat in self.stored.seats]

    @staticmethod
    def _name(seat: Seat) -> str:
        return bot_name(seat.level) if seat.kind == "bot" else seat.name

    def _seq(self) -> int:
        return self.authority.seq if self.authority is not None else 0
