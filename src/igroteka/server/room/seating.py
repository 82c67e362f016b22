"""A room before its game: its seats, its options, its start, and the lobby's list of it.

Who holds each seat, by which token, is :class:`~igroteka.server.lobby.Lobby`'s; this part
tells the room of every change. A rematch is made by :meth:`Rooms.rematch
<igroteka.server.rooms.Rooms.rematch>`; its people take their seats here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from igroteka.engine import Match
from igroteka.games import Entry, versions
from igroteka.i18n import Text
from igroteka.server.errors import RoomError
from igroteka.server.room.base import CHOSEN, PRIVATE
from igroteka.server.room.presence import Presence
from igroteka.server.room.timing import STARTED
from igroteka.store import Room as StoredRoom

__all__ = ["Seating", "chosen_options", "is_open", "listing"]


def chosen_options(found: Entry, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as asked for that the room's page shows: the declared ones of a plain
    value, never a text (a typed deck may be long, and is not a setting to read)."""
    shown = {o.key for o in found.declaration.options if o.kind != "text"}
    return {
        key: value
        for key, value in options.items()
        if key in shown and isinstance(value, str | int | float | bool)
    }


def is_open(stored: StoredRoom) -> bool:
    """Whether the lobby lists a room: not private, not started, a seat open."""
    return (
        not stored.settings.get(PRIVATE)
        and not stored.started
        and not stored.closed
        and any(seat.kind == "open" for seat in stored.seats)
    )


def listing(stored: StoredRoom, now: float) -> dict[str, Any]:
    """A room as the lobby's list of open rooms shows it: no name, no token."""
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "taken": sum(1 for seat in stored.seats if seat.kind != "open"),
        "age": max(0, round(now - stored.created)),
        "turn_timer": stored.settings.get("turn_timer"),
        "invite": f"/r/{stored.id}",
    }


class Seating(Presence):
    """A room's seats and options until its game starts, and the start."""

    def is_open(self) -> bool:
        """Whether the lobby lists the room: not private, not started, a seat open."""
        return self.stopped is None and is_open(self.stored)

    def seat_of(self, token: str | None) -> int | None:
        return self.lobby.seat_of(token)

    # -- seats

    def take_seat(self, number: int, name: str, avatar: str = "") -> str:
        token = self.lobby.take_seat(number, name, avatar)
        self.moves.forget(number)
        self.seats_changed(self._took(number))
        return token

    def set_bot(self, number: int, level: str, token: str | None) -> None:
        self.lobby.set_bot(number, level, token)
        self.moves.forget(number)
        self.seats_changed(self._took(number))

    def _took(self, number: int) -> Text:
        seat = self.stored.seats[number]
        return Text("{name} took seat {number}", name=self._name(seat), number=number + 1)

    def free_seat(self, number: int, token: str | None) -> None:
        """A seat is open again (see :meth:`Lobby.free`); a connection that held it watches now,
        so that it can never act for whoever takes the seat next."""
        self.lobby.free(number, token)
        self.moves.forget(number)
        for connection in self.connections:
            if connection.seat == number:
                connection.seat = None
        self.seats_changed()

    def claim_rematch(self, number: int, old_token: str) -> str:
        """A person of the game before takes their seat of this rematch (see Lobby)."""
        token = self.lobby.claim_rematch(number, old_token)
        self.seats_changed(self._took(number))
        return token

    # -- options and the start

    def check_options(self, token: str | None) -> None:
        """Refuse a change of the options unless the creator asks it before the start."""
        if self.stored.started:
            raise RoomError(Text("the game has started: its options stay"), "started")
        self.lobby.check_creator(token, Text("only the room's creator can change the options"))

    def set_options(
        self, token: str | None, parsed: dict[str, Any], asked: Mapping[str, Any]
    ) -> None:
        """The creator's new options (checked by :func:`checked_options`), stored and told;
        ``asked``: as the creator's form sent them (:func:`chosen_options`)."""
        self.check_options(token)
        self.store.set_options(self.id, parsed)
        self.stored.options = parsed
        self.stored.settings[CHOSEN] = chosen_options(self.entry, asked)
        self.store.set_settings(self.id, self.stored.settings)
        self.seats_changed()

    def start(self, token: str | None) -> None:
        """Start the game: every seat must be held, and the starter must be the creator."""
        self.lobby.check_start(token)
        names = [seat.name for seat in self.stored.seats]
        played_with = versions(self.stored.game)
        match = Match.start(
            self.entry.game, names, self.stored.options, self.stored.seed, played_with
        )
        self.lobby.started(played_with)
        self._play(match)
        self.seats_changed(STARTED)
        self.wake()
