"""The people of a room: who is here, what each connection is told, their reactions, and a
seat moved to another device.

A connection is admitted within the room's limits and welcomed with its seat's whole view;
the others are told only who is here now. The avatars, the reactions' rate and the one-time
codes that move a seat are :mod:`~igroteka.server.people`'s; this part tells the room.
"""

from __future__ import annotations

from typing import Any

from igroteka.engine import codec
from igroteka.i18n import Text, translate
from igroteka.server.authority import Connection, outcome_json
from igroteka.server.chronicle import log_json
from igroteka.server.errors import RoomError, TooMany, refused_for
from igroteka.server.limits import MINUTE
from igroteka.server.room.timing import Timing

__all__ = ["Presence"]


class Presence(Timing):
    """A room's connections: who comes and goes, what each is told, and what people send
    each other beside the game."""

    # -- who is here

    def admit(self, seat: int | None) -> None:
        """Refuse a connection the room has no room for (TooMany): it holds at most
        ``connections_per_room`` at once, ``spectators_per_room`` of them spectators."""
        limits = self.settings.limits
        if len(self.connections) >= limits.connections_per_room:
            raise TooMany(
                Text(
                    "this room is full: at most {count} connections at once",
                    count=limits.connections_per_room,
                ),
                "room-full",
                MINUTE,
            )
        watching = sum(1 for c in self.connections if c.seat is None)
        if seat is None and watching >= limits.spectators_per_room:
            raise TooMany(
                Text(
                    "this room has as many spectators as it takes ({count}): try again later",
                    count=limits.spectators_per_room,
                ),
                "too-many-spectators",
                MINUTE,
            )

    def connect(self, connection: Connection) -> None:
        """A connection comes: it is welcomed with the whole view; the others are told only
        who is here now (a ``room`` message without a view: theirs has not changed)."""
        self.connections.add(connection)
        self.touch()
        back = None
        if connection.seat is not None:
            self.lobby.arrive(connection.seat)
            if self.pacing is not None and self.pacing.arrived(connection.seat):
                back = Text("{name} is back", name=self.names()[connection.seat])
                self.chronicle.room(self._seq(), back)
        connection.send(codec.message(self.welcome(connection)))
        if connection.seat is not None:
            self._presence_changed(connection, back)

    def disconnect(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.touch()
        seat = connection.seat
        if seat is not None:
            if self.lobby.leave(seat) and self.pacing is not None:
                self.pacing.gone(seat)
            self._presence_changed(None)

    # -- what each connection is told

    def welcome(self, connection: Connection) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "welcome",
            "room": self.public(),
            "seat": connection.seat,
            "log": log_json(self.chronicle.recent(connection.seat), connection.lang),
        }
        return {**message, **self._told(connection)}

    def retold(self, connection: Connection) -> dict[str, Any]:
        """What a connection that changed its language is told again in it: a ``room`` message
        with the view, the banner and the log's last lines (``history``, in place of those it
        holds)."""
        recent = log_json(self.chronicle.recent(connection.seat), connection.lang)
        return {"type": "room", "room": self.public(), **self._told(connection), "history": recent}

    def _told(self, connection: Connection) -> dict[str, Any]:
        if self.authority is not None:
            return self.authority.told(connection.seat, connection.lang)
        if self.stopped is None:
            return {"seq": 0, "context": None, "view": None, "banner": None}
        nothing: dict[str, Any] = {"seq": 0, "actors": [], "awaited": [], "phase": "over"}
        outcome = outcome_json(self.stopped, connection.lang)
        return {
            "seq": 0,
            "context": {**nothing, "outcome": outcome, "deadline": None},
            "view": None,
            "banner": None,
        }

    def _presence_changed(self, came: Connection | None, line: Text | None = None) -> None:
        """Tell the other connections who is here: the room's seats, one encoding for all (per
        language, with a ``line`` of the log: a player is back)."""
        room = self.public()
        texts: dict[str, str] = {}
        for connection in self.connections:
            if connection is not came:
                lang = connection.lang
                if lang not in texts:
                    message: dict[str, Any] = {"type": "room", "room": room}
                    if line is not None:
                        message["log"] = [{"seq": self._seq(), "text": translate(line, lang)}]
                    texts[lang] = codec.message(message)
                connection.send(texts[lang])

    def seats_changed(self, line: Text | None = None) -> None:
        """Tell every connection of the room's seats (and the first view, once started), and
        the room's ``line`` of the log (kept in the chronicle): one encoding per seat and
        language."""
        self.touch()
        room = self.public()
        seq = self._seq()
        if line is not None:
            self.chronicle.room(seq, line)
        texts: dict[tuple[int | None, str], str] = {}
        for connection in self.connections:
            seat, lang = connection.seat, connection.lang
            if (seat, lang) not in texts:
                message: dict[str, Any] = {"type": "room", "room": room}
                if self.authority is not None:
                    message.update(self.authority.told(seat, lang))
                if line is not None:
                    message["log"] = [{"seq": seq, "text": translate(line, lang)}]
                texts[seat, lang] = codec.message(message)
            connection.send(texts[seat, lang])

    # -- beside the game

    def react(self, seat: int | None, emoji: object) -> None:
        """A seated player's reaction, told to everyone in the room (refused: RoomError)."""
        if seat is None:
            raise RoomError(Text("a spectator cannot react: take a seat to play"), "spectator")
        allowed = self.reactions.check(seat, emoji)
        text = codec.message({"type": "reaction", "seat": seat, "emoji": allowed})
        for connection in self.connections:
            connection.send(text)

    def move_code(self, number: int, token: str) -> str:
        """A one-time code that moves a person's seat to another device, for its holder."""
        if (
            self.lobby.seat_of(token or None) != number
            or self.stored.seats[number].kind != "person"
        ):
            raise RoomError(Text("only the seat's player can move it"), "bad-token")
        return self.moves.issue(number)

    def claim(self, number: int, code: object) -> str:
        """The seat moves to the device that brings its code: a fresh token; the connections of
        the token before are told (``bad-token``) and watch from now on."""
        if not 0 <= number < self.stored.players:
            raise RoomError(
                Text("there is no seat {number} in this room", number=number + 1), "no-seat"
            )
        self.moves.use(number, code)
        token = self.lobby.give_new_token(number)
        self._seat_moved(number)
        return token

    def _seat_moved(self, number: int) -> None:
        reason = Text("this seat moved to another device")
        for connection in self.connections:
            if connection.seat == number:
                connection.seat = None
                connection.send(
                    {"type": "error", **refused_for("bad-token", reason, connection.lang)}
                )
        if self.lobby.present.pop(number, 0) and self.pacing is not None:
            self.pacing.gone(number)
        self.seats_changed()
