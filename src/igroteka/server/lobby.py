"""The lobby of a room: its seats, who holds each, and the tokens that hold them.

A person takes an open seat and gets a token; the server keeps only the
token's SHA-256 digest, and a connection or a request acts for a seat only
with its token. Seats change until the game starts; after that they are held.

Whoever makes a room gets its creator token (kept as a digest too, in the
room's settings): only it seats bots, changes the options and starts the
game, and it frees a seat whose person has gone. A seated person may leave
their own seat. A room stored before creator tokens has no creator digest:
any seated person acts as its creator, as everyone could before.

>>> from igroteka.store import Room, Store
>>> store = Store("sqlite://")
>>> room = Room("r1", "pile", {}, seed=1, players=2, created=0.0, seats=[Seat(0), Seat(1)])
>>> store.create_room(room)
>>> lobby = Lobby(room, store, bot_levels=("easy",))
>>> token = lobby.take_seat(0, "Ann")
>>> lobby.seat_of(token), lobby.seat_of(None)
(0, None)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from igroteka.engine import OptionsError
from igroteka.engine.bot import check_level
from igroteka.engine.characters import code_of, hidden
from igroteka.i18n import Text
from igroteka.server.errors import RoomError
from igroteka.server.people import BOT_AVATAR, avatar_for, checked_avatar
from igroteka.store import Room as StoredRoom
from igroteka.store import Seat, Store

__all__ = ["AVATARS_KEY", "CREATOR", "Lobby", "checked_name", "digest", "reserved"]

NAME_LENGTH = 32
"""The longest name a player may take (characters)."""
CREATOR = "creator"
"""The key of the creator token's digest in a stored room's settings."""
AVATARS_KEY = "avatars"
"""The key in a stored room's settings of the avatars people chose, by seat (as text)."""


def checked_name(name: str) -> str:
    """A player's name as others see it (runs of spaces made one), or RoomError: empty
    (``no-name``), longer than :data:`NAME_LENGTH`, or holding a control character or an
    invisible one that changes how text around it reads (U+202E turns it backwards), all
    ``bad-name``.

    >>> checked_name("  Ann   Lee ")
    'Ann Lee'
    >>> checked_name("Ann\\u202egnaG")
    Traceback (most recent call last):
    ...
    igroteka.server.errors.RoomError: a name cannot hold the invisible character U+202E
    """
    char = hidden(name)
    if char is not None:
        raise RoomError(
            Text("a name cannot hold the invisible character {code}", code=code_of(char)),
            "bad-name",
        )
    name = " ".join(name.split())
    if not name:
        raise RoomError(Text("a player needs a name"), "no-name")
    if len(name) > NAME_LENGTH:
        raise RoomError(
            Text("a name is at most {count} {count:character|characters}", count=NAME_LENGTH),
            "bad-name",
        )
    return name


def digest(token: str) -> str:
    """What the server keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def reserved(token_digest: str) -> str:
    """What a rematch's seat keeps of the token of its seat in the game before: a digest of
    that digest, which no token holds (the old token acts nowhere in the new room) until its
    person claims the seat with it and gets a fresh token."""
    return digest("rematch:" + token_digest)


class Lobby:
    """The seats of one stored room, and who is connected to each of them."""

    def __init__(self, stored: StoredRoom, store: Store, bot_levels: tuple[str, ...]) -> None:
        self.stored = stored
        self.store = store
        self.bot_levels = bot_levels
        self.present: dict[int, int] = {}
        """How many connections each seat has now."""
        self.moved: set[str] = set()
        """The digests of tokens whose seat moved to another device (since the server started)."""

    @property
    def seats(self) -> list[Seat]:
        return self.stored.seats

    def people(self) -> list[int]:
        """The seats held by people."""
        return [seat.seat for seat in self.seats if seat.kind == "person"]

    def is_here(self, seat: int) -> bool:
        """Whether a seat's player is connected (a bot always is)."""
        return self.seats[seat].kind != "person" or self.present.get(seat, 0) > 0

    def avatar(self, seat: Seat) -> str:
        """A seat's avatar: its person's choice (or the seat's default), a bot's, none if open."""
        if seat.kind == "bot":
            return BOT_AVATAR
        if seat.kind == "open":
            return ""
        chosen = self.stored.settings.get(AVATARS_KEY, {}).get(str(seat.seat), "")
        return avatar_for(seat.seat, chosen if isinstance(chosen, str) else "")

    def public(self) -> list[dict[str, Any]]:
        """The seats as anyone may see them: no token, not even its digest."""
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
                "avatar": self.avatar(s),
                "present": self.is_here(s.seat),
            }
            for s in self.seats
        ]

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or None (a spectator); a wrong token is refused."""
        if not token:
            return None
        held = self._held_by(token)
        if held is not None:
            return held
        if digest(token) in self.moved:
            raise RoomError(Text("this seat moved to another device"), "bad-token")
        raise RoomError(Text("this token holds no seat in this room"), "bad-token")

    def _held_by(self, token: str) -> int | None:
        """The seat a token holds, or None: never a refusal."""
        wanted = digest(token)
        for seat in self.seats:
            if seat.kind == "person" and secrets.compare_digest(seat.token_digest, wanted):
                return seat.seat
        return None

    def has_creator(self) -> bool:
        """Whether the room keeps a creator token's digest (made since there are creators)."""
        return isinstance(self.stored.settings.get(CREATOR), str)

    def is_creator(self, token: str | None) -> bool:
        """Whether a token is the room's creator token (in a room stored before creator
        tokens: any seated person's)."""
        if not token:
            return False
        if not self.has_creator():
            return self._held_by(token) is not None
        return secrets.compare_digest(self.stored.settings[CREATOR], digest(token))

    def check_creator(self, token: str | None, reason: Text) -> None:
        """Refuse (``not-creator``, with ``reason``) unless the token is the creator's."""
        if not self.is_creator(token):
            raise RoomError(reason, "not-creator")

    # -- who is connected

    def arrive(self, seat: int) -> None:
        self.present[seat] = self.present.get(seat, 0) + 1

    def leave(self, seat: int) -> bool:
        """A connection of a seat has gone: True when the seat has none left."""
        self.present[seat] = max(0, self.present.get(seat, 1) - 1)
        return self.present[seat] == 0

    # -- before the game

    def _open_seat(self, number: int) -> Seat:
        if self.stored.started:
            raise RoomError(Text("the game has started: seats are taken"), "started")
        if not 0 <= number < self.stored.players:
            raise RoomError(
                Text("there is no seat {number} in this room", number=number + 1), "no-seat"
            )
        return self.seats[number]

    def take_seat(self, number: int, name: str, avatar: str = "") -> str:
        """A person takes an open seat, with an avatar (one of ``AVATARS``; "": the seat's
        default): the token that will hold it."""
        seat = self._open_seat(number)
        if seat.kind != "open":
            raise RoomError(Text("seat {number} is taken", number=number + 1), "taken")
        name = checked_name(name)
        chosen = checked_avatar(avatar)
        token = secrets.token_urlsafe(24)
        self._set_avatar(number, chosen)
        self._seat(Seat(number, "person", name, "", digest(token)))
        return token

    def _set_avatar(self, number: int, chosen: str) -> None:
        """Keep (or with "", forget) the avatar a seat's person chose, in the room's settings."""
        avatars = dict(self.stored.settings.get(AVATARS_KEY, {}))
        if avatars.get(str(number), "") == chosen:
            return
        if chosen:
            avatars[str(number)] = chosen
        else:
            avatars.pop(str(number), None)
        self.stored.settings[AVATARS_KEY] = avatars
        self.store.set_settings(self.stored.id, self.stored.settings)

    def give_new_token(self, number: int) -> str:
        """The seat's person holds it from now on with a fresh token (moved to another device,
        or claimed in a rematch); the token before holds it no more."""
        seat = self.seats[number]
        token = secrets.token_urlsafe(24)
        if seat.token_digest:
            self.moved.add(seat.token_digest)
        self._seat(Seat(number, "person", seat.name, "", digest(token)))
        return token

    def claim_rematch(self, number: int, old_token: str) -> str:
        """A person of the game before claims their seat of this rematch with their token of
        then: a fresh token (once: the seat's reservation is spent by it)."""
        if not 0 <= number < self.stored.players:
            raise RoomError(
                Text("there is no seat {number} in this room", number=number + 1), "no-seat"
            )
        seat = self.seats[number]
        wanted = reserved(digest(old_token))
        if seat.kind != "person" or not secrets.compare_digest(seat.token_digest, wanted):
            raise RoomError(
                Text("this token held no seat {number} in the game before", number=number + 1),
                "bad-token",
            )
        token = secrets.token_urlsafe(24)
        self._seat(Seat(number, "person", seat.name, "", digest(token)))
        return token

    def set_bot(self, number: int, level: str, token: str | None) -> None:
        """An open seat (or another bot's) is given to a bot of a level, by the creator."""
        seat = self._open_seat(number)
        self.check_creator(token, Text("only the room's creator can seat bots"))
        if seat.kind == "person":
            raise RoomError(
                Text("seat {number} is held by {name}", number=number + 1, name=seat.name),
                "taken",
            )
        try:
            check_level(level, self.bot_levels)
        except OptionsError as error:
            raise RoomError(error.reason, "level") from None
        self._seat(Seat(number, "bot", f"bot:{level}", level, ""))

    def free(self, number: int, token: str | None) -> None:
        """A seat is open again: its person leaves it (their token), or the creator frees it
        (a bot's, or a person's who has no connection now)."""
        seat = self._open_seat(number)
        if seat.kind == "open":
            raise RoomError(Text("seat {number} is open already", number=number + 1), "not-held")
        own = bool(token) and seat.kind == "person" and self._held_by(str(token)) == number
        if not own:
            self.check_creator(
                token, Text("only the seat's player or the room's creator can free a seat")
            )
            if seat.kind == "person" and self.is_here(number):
                raise RoomError(
                    Text(
                        "{name} is here: only they can leave seat {number}",
                        name=seat.name,
                        number=number + 1,
                    ),
                    "present",
                )
        self.present.pop(number, None)
        self._set_avatar(number, "")
        self._seat(Seat(number))

    def _seat(self, changed: Seat) -> None:
        self.store.set_seat(self.stored.id, changed)
        self.seats[changed.seat] = changed

    def check_start(self, token: str | None) -> None:
        """Refuse to start unless every seat is held and the starter is the room's creator."""
        if self.stored.started:
            raise RoomError(Text("the game has started already"), "started")
        self.check_creator(token, Text("only the room's creator can start the game"))
        empty = [s.seat + 1 for s in self.seats if s.kind == "open"]
        if empty:
            listed = ", ".join(map(str, empty))
            raise RoomError(
                Text(
                    "{count:seat|seats} {listed} {count:is|are} still open: a person or a bot",
                    count=len(empty),
                    listed=listed,
                ),
                "open-seats",
            )

    def started(self, versions: Mapping[str, Any]) -> None:
        """The game has started, played with ``versions``: stored, seats held from now on."""
        self.stored.settings["versions"] = dict(versions)
        self.store.start_room(self.stored.id, self.stored.settings)
        self.stored.started = True
